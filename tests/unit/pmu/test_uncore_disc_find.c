/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Finding the discovery table through the backend (lib/pmu/uncore_disc_find.c) on a
 * small fake platform held by the test: config dwords of a few functions and an MMIO
 * window holding the model's Sapphire Rapids table (lib/model/model_discovery.c). The
 * capability layout is PCI Express Base 4.0 section 7.6 and 7.9.6 worked out by hand;
 * the DVSEC and BAR facts are Linux uncore_discovery.h's.
 */
#include "testutil.h"
#include "cfg_fake.h"
#include "model/model_discovery.h"
#include "pmu/uncore_disc_find.h"

#define BAR_AT 0x2000000000ull     /* above 4 GiB: a 64-bit BAR */
#define BAR32_AT 0xFE000000ull

struct fake {
	struct cfg_fake cfg;
	unsigned writes, mmio_reads;
	uint64_t base;
	uint8_t mem[4096];
};

static void put(struct fake *f, struct pmu_pci_addr fn, uint16_t off, uint32_t v)
{
	fn.off = off;
	cfg_put(&f->cfg, fn, v);
}

static pmu_status f_read(void *ctx, unsigned cpu, struct pmu_pci_addr a, uint32_t *val)
{
	struct fake *f = ctx;
	(void)cpu;
	*val = cfg_get(&f->cfg, a);
	return PMU_OK;
}

static pmu_status f_write(void *ctx, unsigned cpu, struct pmu_pci_addr a, uint32_t val)
{
	struct fake *f = ctx;
	(void)cpu, (void)a, (void)val;
	f->writes++;
	return PMU_OK;
}

static pmu_status f_mmio_read(void *ctx, unsigned cpu, uint64_t addr, unsigned bytes, uint64_t *val)
{
	struct fake *f = ctx;
	(void)cpu;
	f->mmio_reads++;
	*val = ~0ull;
	if (addr < f->base || addr + bytes > f->base + sizeof(f->mem))
		return PMU_OK;
	*val = 0;
	for (unsigned i = bytes; i--;)
		*val = *val << 8 | f->mem[addr - f->base + i];
	return PMU_OK;
}

static pmu_status f_mmio_write(void *ctx, unsigned cpu, uint64_t addr, unsigned bytes, uint64_t val)
{
	struct fake *f = ctx;
	(void)cpu, (void)addr, (void)bytes, (void)val;
	f->writes++;
	return PMU_OK;
}

static const struct pmu_backend_ops fake_ops = {
	.rdmsr = cfg_no_msr, .pci_read = f_read, .pci_write = f_write,
	.mmio_read = f_mmio_read, .mmio_write = f_mmio_write,
};

static struct fake f;
static struct disc_found found[2];
static struct disc_find out = { .cap = 2, .t = found };
static struct pmu_backend b = { .ops = &fake_ops, .ctx = &f, .name = "fake" };

static const struct pmu_pci_addr HOST = { 0, 0, 0, 0, 0 };
static const struct pmu_pci_addr DISC = { 0, 0x7e, 0, 1, 0 };
static const struct pmu_pci_addr OTHER = { 0, 0x10, 2, 0, 0 };

/* A function with a 64-bit memory BAR 0 and, at 0x100, an AER header, then the PMON DVSEC. */
static void platform(uint16_t device, uint32_t bir_dword)
{
	memset(&f, 0, sizeof(f));
	f.base = BAR_AT;
	size_t len = model_disc_table(&model_disc_spr, MDD_NONE, f.mem, sizeof(f.mem));
	assert_true(len > 0);
	put(&f, HOST, 0, 0x8086 | 0x1234u << 16);
	put(&f, OTHER, 0, 0x10DE | 0x1111u << 16);   /* not Intel: never walked */
	put(&f, DISC, 0, 0x8086u | (uint32_t)device << 16);
	put(&f, DISC, 0x10, (uint32_t)BAR_AT | 4);   /* memory, 64-bit */
	put(&f, DISC, 0x14, (uint32_t)(BAR_AT >> 32));
	put(&f, DISC, 0x100, 0x0001 | 1u << 16 | 0x140u << 20);   /* AER, next 0x140 */
	put(&f, DISC, 0x140, 0x0023 | 1u << 16);                    /* DVSEC, last */
	put(&f, DISC, 0x148, DISC_DVSEC_PMON);
	put(&f, DISC, 0x14C, bir_dword);
}

static void test_found_by_device(void **state)
{
	(void)state;
	platform(0x09A7, 0);
	assert_int_equal(disc_find(&b, 0, 0x09A7, &out), PMU_OK);
	assert_true(out.by_device);
	assert_int_equal(out.functions, 3);
	assert_int_equal(out.n, 1);
	assert_int_equal(out.t[0].st, PMU_OK);
	assert_int_equal(out.t[0].dvsec, 0x140);
	assert_int_equal(out.t[0].bar, BAR_AT);
	assert_int_equal(out.t[0].len, (1 + 26) * 32);
	assert_memory_equal(out.t[0].bytes, f.mem, out.t[0].len);
	assert_int_equal(f.writes, 0);   /* the BAR is never sized */
}

/* No 0x09A7: every Intel function's capabilities are walked (Linux's PCI_ANY_ID). */
static void test_found_on_any_intel_function(void **state)
{
	(void)state;
	platform(0x3250, 0);
	assert_int_equal(disc_find(&b, 0, 0x09A7, &out), PMU_OK);
	assert_false(out.by_device);
	assert_int_equal(out.n, 1);
	assert_int_equal(out.t[0].fn.bus, 0x7e);
	assert_int_equal(out.t[0].st, PMU_OK);
}

/* A BIR dword with bits beyond 2:0: Linux gives up on it; said, nothing read from MMIO. */
static void test_bad_bir(void **state)
{
	(void)state;
	platform(0x09A7, 0x10);
	assert_int_equal(disc_find(&b, 0, 0x09A7, &out), PMU_OK);
	assert_int_equal(out.n, 1);
	assert_int_equal(out.t[0].st, PMU_ERR_INVALID);
	assert_non_null(strstr(out.t[0].why, "BIR"));
	assert_int_equal(f.mmio_reads, 0);
}

static void test_bar_zero_and_io(void **state)
{
	(void)state;
	platform(0x09A7, 0);
	put(&f, DISC, 0x10, 4);
	put(&f, DISC, 0x14, 0);
	assert_int_equal(disc_find(&b, 0, 0x09A7, &out), PMU_OK);
	assert_int_equal(out.t[0].st, PMU_ERR_ABSENT);
	assert_non_null(strstr(out.t[0].why, "reads 0"));
	put(&f, DISC, 0x10, 0xE001);
	assert_int_equal(disc_find(&b, 0, 0x09A7, &out), PMU_OK);
	assert_non_null(strstr(out.t[0].why, "I/O BAR"));
	assert_int_equal(f.mmio_reads, 0);
}

/* The named device (no DVSEC): a 32-bit BAR 2 holding the table. */
static void test_named_device(void **state)
{
	(void)state;
	platform(0x1110, 0);
	f.base = BAR32_AT;
	put(&f, DISC, 0x18, (uint32_t)BAR32_AT);
	assert_int_equal(disc_find_at(&b, 0, DISC, 2, &out.t[0]), PMU_OK);
	assert_int_equal(out.t[0].bar, BAR32_AT);
	assert_int_equal(out.t[0].dvsec, 0);
	assert_int_equal(out.t[0].len, (1 + 26) * 32);
	struct pmu_pci_addr none = { 0, 0x55, 1, 0, 0 };
	assert_int_equal(disc_find_at(&b, 0, none, 2, &out.t[0]), PMU_ERR_ABSENT);
	assert_int_equal(disc_find_at(&b, 0, DISC, 6, &out.t[0]), PMU_ERR_INVALID);
}

/* Units pointing at functions that read all ones are marked absent and unusable. */
static void test_absent_units(void **state)
{
	(void)state;
	static struct disc_table t;
	platform(0x09A7, 0);
	assert_int_equal(disc_find(&b, 0, 0x09A7, &out), PMU_OK);
	assert_int_equal(disc_parse(out.t[0].bytes, out.t[0].len, NULL, &t), PMU_OK);
	unsigned before = t.nusable;
	/* M2M 0 (dev 12 fn 0 of the table's bus) is present, the rest are not. */
	put(&f, (struct pmu_pci_addr){ 0, model_disc_spr.bus, 12, 0, 0 }, 0, 0x8086 | 0x324Au << 16);
	assert_int_equal(disc_check_devices(&b, 0, &t), 4 - 1 + 3 + 3);
	assert_int_equal(t.nusable, before - 9);
	assert_true(t.unit[16].usable);   /* 8 CHA, 8 iMC, then M2M 0 */
	assert_true(t.unit[17].problems & (1u << DP_ABSENT));
	assert_string_equal(disc_problem_name(DP_ABSENT), "absent");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_found_by_device),
		cmocka_unit_test(test_found_on_any_intel_function),
		cmocka_unit_test(test_bad_bir),
		cmocka_unit_test(test_bar_zero_and_io),
		cmocka_unit_test(test_named_device),
		cmocka_unit_test(test_absent_units),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
