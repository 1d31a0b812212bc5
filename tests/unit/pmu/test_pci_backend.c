/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * PCI configuration and MMIO behind the backend (pmu/backend.h, regkey.h,
 * pmon_registry.h): absent functions reported, writes refused outside the
 * identified PMON boxes and never reaching the backend, 64-bit counters read
 * hi-lo-hi, dry-run records and ownership restore by register key.
 * The backend here is a few config dwords and one MMIO page held by the test.
 */
#include "testutil.h"
#include "cfg_fake.h"
#include "pmu/dryrun.h"
#include "pmu/ownership.h"
#include "pmu/regkey.h"

struct fake {
	struct cfg_fake cfg;
	unsigned pci_writes, mmio_writes;
	uint32_t tear_add;      /* added to the low dword at 0xA0 after each read of it */
	uint64_t mmio[8];       /* at MMIO_BASE */
};

#define MMIO_BASE 0xFE800000ull

static uint32_t *slot(struct fake *f, struct pmu_pci_addr a)
{
	return cfg_slot(&f->cfg, a);
}

static void put(struct fake *f, struct pmu_pci_addr a, uint32_t v)
{
	cfg_put(&f->cfg, a, v);
}

/* A function is present when its id dword is stored; absent ones read all-ones. */
static pmu_status f_read(void *ctx, unsigned cpu, struct pmu_pci_addr a, uint32_t *val)
{
	struct fake *f = ctx;
	(void)cpu;
	uint32_t *p = slot(f, a);
	*val = cfg_get(&f->cfg, a);
	if (p && a.off == 0xA0 && f->tear_add) {
		uint64_t c = ((uint64_t)*slot(f, (struct pmu_pci_addr){ a.seg, a.bus, a.dev, a.fn, 0xA4 })
			      << 32 | *p) + f->tear_add;
		*p = (uint32_t)c;
		put(f, (struct pmu_pci_addr){ a.seg, a.bus, a.dev, a.fn, 0xA4 }, (uint32_t)(c >> 32));
	}
	return PMU_OK;
}

static pmu_status f_write(void *ctx, unsigned cpu, struct pmu_pci_addr a, uint32_t val)
{
	struct fake *f = ctx;
	(void)cpu;
	f->pci_writes++;
	put(f, a, val);
	return PMU_OK;
}

static pmu_status f_mmio_read(void *ctx, unsigned cpu, uint64_t addr, unsigned bytes, uint64_t *val)
{
	struct fake *f = ctx;
	(void)cpu;
	assert_int_equal(bytes, 8);
	*val = f->mmio[(addr - MMIO_BASE) / 8];
	return PMU_OK;
}

static pmu_status f_mmio_write(void *ctx, unsigned cpu, uint64_t addr, unsigned bytes, uint64_t val)
{
	struct fake *f = ctx;
	(void)cpu;
	(void)bytes;
	f->mmio_writes++;
	f->mmio[(addr - MMIO_BASE) / 8] = val;
	return PMU_OK;
}

static const struct pmu_backend_ops fake_ops = {
	.rdmsr = cfg_no_msr, .pci_read = f_read, .pci_write = f_write,
	.mmio_read = f_mmio_read, .mmio_write = f_mmio_write,
};

static const struct pmu_pci_addr IMC0 = { 0, 0x7f, 16, 4, 0 };

static struct pmu_pci_addr at(struct pmu_pci_addr fn, uint16_t off)
{
	fn.off = off;
	return fn;
}

struct rig {
	struct fake f;
	struct pmon_registry reg;
	struct pmu_backend b;
};

static void rig_init(struct rig *r)
{
	memset(r, 0, sizeof(*r));
	put(&r->f, IMC0, 0x3CB08086u);
	put(&r->f, at(IMC0, 0xD8), 0x11);
	r->b = (struct pmu_backend){ .ops = &fake_ops, .ctx = &r->f, .name = "fake" };
}

static void absent_is_reported(void **state)
{
	(void)state;
	struct rig r;
	uint32_t v;
	rig_init(&r);
	assert_int_equal(pmu_pci_read(&r.b, 0, at(IMC0, 0xD8), &v), PMU_OK);
	assert_int_equal(v, 0x11);
	struct pmu_pci_addr hidden = { 0, 0x7f, 16, 5, 0xD8 };
	assert_int_equal(pmu_pci_read(&r.b, 0, hidden, &v), PMU_ERR_ABSENT);
	assert_int_equal(v, 0xFFFFFFFFu);
	/* A present function's register may hold all-ones: that is a value, not absence. */
	put(&r.f, at(IMC0, 0xDC), 0xFFFFFFFFu);
	assert_int_equal(pmu_pci_read(&r.b, 0, at(IMC0, 0xDC), &v), PMU_OK);
	assert_int_equal(pmu_pci_read(&r.b, 0, at(IMC0, 0xDA), &v), PMU_ERR_INVALID);
	struct pmu_backend none = { .ops = &(const struct pmu_backend_ops){ .rdmsr = cfg_no_msr },
				    .name = "x" };
	assert_int_equal(pmu_pci_read(&none, 0, at(IMC0, 0), &v), PMU_ERR_UNSUPPORTED);
}

static void writes_only_to_identified_boxes(void **state)
{
	(void)state;
	struct rig r;
	rig_init(&r);
	/* No registry: every write refused, none reaches the backend. */
	assert_int_equal(pmu_pci_write(&r.b, 0, at(IMC0, 0xD8), 1), PMU_ERR_REFUSED);
	assert_int_equal(pmu_mmio_write(&r.b, 0, MMIO_BASE, 8, 1), PMU_ERR_REFUSED);
	r.b.pmon = &r.reg;
	assert_int_equal(pmon_add_pci(&r.reg, at(IMC0, 0xA0), 0x100, "uncore_imc_0", 0), PMU_OK);
	assert_int_equal(pmu_pci_write(&r.b, 0, at(IMC0, 0xD8), 0x400304), PMU_OK);
	assert_int_equal(pmu_pci_write(&r.b, 0, at(IMC0, 0x9C), 1), PMU_ERR_REFUSED);
	assert_int_equal(pmu_pci_write(&r.b, 0, at(IMC0, 0x04), 1), PMU_ERR_REFUSED);
	struct pmu_pci_addr other = { 0, 0x7f, 16, 5, 0xD8 };
	assert_int_equal(pmu_pci_write(&r.b, 0, other, 1), PMU_ERR_REFUSED);
	assert_int_equal(pmu_mmio_write(&r.b, 0, MMIO_BASE, 8, 1), PMU_ERR_REFUSED);
	unsigned s = 99;
	assert_int_equal(pmon_add_mmio(&r.reg, MMIO_BASE, 0x40, "uncore_imc_free", 0, &s), PMU_OK);
	assert_int_equal(s, 1);
	assert_int_equal(pmu_mmio_write(&r.b, 0, MMIO_BASE + 8, 8, 7), PMU_OK);
	assert_int_equal(pmu_mmio_write(&r.b, 0, MMIO_BASE + 0x40, 4, 7), PMU_ERR_REFUSED);
	assert_int_equal(pmu_mmio_write(&r.b, 0, MMIO_BASE + 0x3C, 8, 7), PMU_ERR_INVALID);
	assert_int_equal(r.f.pci_writes, 1);
	assert_int_equal(r.f.mmio_writes, 1);
	uint64_t v;
	assert_int_equal(pmu_reg_read(&r.b, 0, regkey_mmio(s, 8) | REGKEY_WIDE, &v), PMU_OK);
	assert_int_equal(v, 7);
}

static void counter_read_hi_lo_hi(void **state)
{
	(void)state;
	struct rig r;
	uint64_t v;
	rig_init(&r);
	put(&r.f, at(IMC0, 0xA0), 0xFFFFFFF0u);
	put(&r.f, at(IMC0, 0xA4), 0x12);
	uint32_t key = regkey_pci(at(IMC0, 0xA0)) | REGKEY_WIDE;
	assert_int_equal(pmu_reg_read(&r.b, 0, key, &v), PMU_OK);
	assert_int_equal(v, 0x12FFFFFFF0ull);
	/* The counter moves by 0x20 at each read of its low dword: it carries between the reads. */
	r.f.tear_add = 0x20;
	assert_int_equal(pmu_reg_read(&r.b, 0, key, &v), PMU_OK);
	/*
	 * hi 0x12, lo 0xFFFFFFF0 (the counter then 0x13:0x10), hi 0x13: the high dword moved,
	 * so lo is read again, 0x10. Low then high alone would give 0x13FFFFFFF0, 4 Gi too many.
	 */
	assert_int_equal(v, 0x1300000010ull);
}

static void names_of_keys(void **state)
{
	(void)state;
	char buf[64];
	struct strbuf sb;
	struct pmon_registry reg = { 0 };
	sb_init(&sb, buf, sizeof(buf));
	regkey_put(&sb, NULL, regkey_pci(at(IMC0, 0xD8)));
	assert_string_equal(buf, "pci 0000:7f:10.4+0xd8");
	sb_init(&sb, buf, sizeof(buf));
	regkey_put(&sb, NULL, 0x38D);
	assert_string_equal(buf, "0x38d");
	assert_int_equal(pmon_add_mmio(&reg, 0xFE822000ull, 0x4000, "x", 0, NULL), PMU_OK);
	sb_init(&sb, buf, sizeof(buf));
	regkey_put(&sb, &reg, regkey_mmio(0, 0x840));
	assert_string_equal(buf, "mmio 0xfe822840");
	assert_true(regkey_is_msr(0xC0010200u) && regkey_is_msr(0x40000000u));
	assert_int_equal(regkey_pci((struct pmu_pci_addr){ 2, 0, 0, 0, 0 }), 0);
}

static void dry_run_and_restore(void **state)
{
	(void)state;
	struct rig r;
	struct dryrun d;
	struct dryrun_cpu c;
	struct dryrun_write w[8];
	struct pmu_backend dry;
	uint64_t v;
	rig_init(&r);
	r.b.pmon = &r.reg;
	assert_int_equal(pmon_add_pci(&r.reg, at(IMC0, 0xA0), 0x100, "uncore_imc_0", 0), PMU_OK);
	dryrun_cpu_init(&c, w, 8);
	dryrun_init(&d, &r.b, &c, 1, &dry);
	uint32_t ctl = regkey_pci(at(IMC0, 0xD8));
	assert_int_equal(pmu_reg_write(&dry, 0, ctl, 0x400304), PMU_OK);
	assert_int_equal(pmu_reg_read(&dry, 0, ctl, &v), PMU_OK);
	assert_int_equal(v, 0x400304);
	assert_int_equal(pmu_reg_write(&dry, 0, regkey_pci(at(IMC0, 0x40)), 1), PMU_ERR_REFUSED);
	assert_int_equal(r.f.pci_writes, 0);
	assert_int_equal(c.n, 1);
	assert_int_equal(c.w[0].msr, ctl);
	assert_int_equal(c.w[0].was, 0x11);

	/* Ownership: a PCI register restored by key through the backend. */
	struct own_reg own[2];
	unsigned n = 0;
	struct own_reg *o = own_add(own, &n, 2, ctl, OWN_PACKAGE, 0x11);
	assert_non_null(o);
	assert_int_equal(pmu_reg_write(&r.b, 0, ctl, 0x400304), PMU_OK);
	o->written = true;
	assert_int_equal(own_restore(own, n, &r.b, 0, NULL), PMU_OK);
	assert_int_equal(*slot(&r.f, at(IMC0, 0xD8)), 0x11);
	assert_int_equal(pmu_reg_write(&r.b, 0, ctl, 1ull << 32), PMU_ERR_RANGE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(absent_is_reported),
		cmocka_unit_test(writes_only_to_identified_boxes),
		cmocka_unit_test(counter_read_hi_lo_hi),
		cmocka_unit_test(names_of_keys),
		cmocka_unit_test(dry_run_and_restore),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
