/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A Diamond Rapids-shaped machine on a fake backend held by the test (lib/pmu/uncore_disc_box.c
 * with the row of lib/hw/disc_platforms.c): the IMH table behind PCI device 0x09A1's DVSEC,
 * the CBB table behind MSR 0x710, both package 0's. The tables are written here by hand from
 * the layout of Linux uncore_discovery.h; their units are the test's choice: a PCU and an MSE
 * (broken) on the IMH, two CBOs and an SB2UCIE (broken) on the CBB, whose global control is
 * MMIO and left frozen (not 0).
 */
#include "testutil.h"
#include "boxes.h"
#include "cfg_fake.h"
#include "hw/layouts_discovery.h"
#include "hw/layouts_dmr.h"
#include "pmu/uncore_disc_box.h"

#define IMH_AT 0x3000000000ull
#define CBB_AT 0xFED00000ull
#define GLOBAL_AT (CBB_AT + 0x800)

struct fake {
	struct cfg_fake cfg;
	uint8_t imh[256], cbb[4096];
	unsigned writes, portal_reads;
};

static struct fake f;
static const struct pmu_pci_addr DISC = { 0, 0x10, 0, 1, 0 };

static pmu_status f_pci_read(void *ctx, unsigned cpu, struct pmu_pci_addr a, uint32_t *val)
{
	(void)cpu;
	*val = cfg_get(&((struct fake *)ctx)->cfg, a);
	return PMU_OK;
}

static pmu_status f_mmio_read(void *ctx, unsigned cpu, uint64_t addr, unsigned bytes, uint64_t *val)
{
	struct fake *x = ctx;
	const uint8_t *m = NULL;
	uint64_t base = 0;
	size_t size = 0;
	(void)cpu;
	if (addr >= IMH_AT && addr + bytes <= IMH_AT + sizeof(x->imh))
		m = x->imh, base = IMH_AT, size = sizeof(x->imh);
	else if (addr >= CBB_AT && addr + bytes <= CBB_AT + sizeof(x->cbb))
		m = x->cbb, base = CBB_AT, size = sizeof(x->cbb);
	*val = ~0ull;
	if (!m || !size)
		return PMU_OK;
	*val = 0;
	for (unsigned i = bytes; i--;)
		*val = *val << 8 | m[addr - base + i];
	return PMU_OK;
}

static pmu_status f_rdmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val)
{
	struct fake *x = ctx;
	*val = 0;
	if (msr != 0x710 || cpu)
		return PMU_ERR_FAULT_GP;
	x->portal_reads++;
	*val = CBB_AT;
	return PMU_OK;
}

static pmu_status f_write(void *ctx, unsigned cpu, uint32_t msr, uint64_t val)
{
	(void)cpu, (void)msr, (void)val;
	((struct fake *)ctx)->writes++;
	return PMU_OK;
}

static pmu_status f_cpuid(void *ctx, unsigned cpu, uint32_t leaf, uint32_t sub, struct pmu_cpuid *r)
{
	(void)ctx, (void)cpu, (void)leaf, (void)sub;
	memset(r, 0, sizeof(*r));
	return PMU_OK;
}

static const struct pmu_backend_ops ops = { .rdmsr = f_rdmsr, .wrmsr = f_write, .cpuid = f_cpuid,
					    .pci_read = f_pci_read, .mmio_read = f_mmio_read };
static struct pmu_backend b = { .ops = &ops, .ctx = &f, .name = "fake" };

static void put(uint8_t *m, uint64_t v)
{
	for (unsigned i = 0; i < 8; i++)
		m[i] = (uint8_t)(v >> (8 * i));
}

/* The global state (stride 4 qwords, access acc) and unit i: 2 MSR counters of 48 bits. */
static void global(uint8_t *m, unsigned units, unsigned acc, uint64_t ctl)
{
	put(m, 4u << 8 | (uint64_t)units << 16 | (uint64_t)acc << 62);
	put(m + 8, ctl);
}

static void unit(uint8_t *m, unsigned i, uint16_t type, uint16_t id, uint32_t msr)
{
	uint8_t *u = m + (i + 1) * 32;
	put(u, 2 | 2u << 8 | 48u << 16 | 8u << 24);   /* MSR access (0) */
	put(u + 8, msr);
	put(u + 16, type | (uint64_t)id << 16);
}

static struct uncore_disc d;
static struct box_set s;
static struct uncore_pci_pkg map;
static struct pmon_registry reg;

static void machine(void)
{
	memset(&f, 0, sizeof(f));
	cfg_put(&f.cfg, DISC, 0x8086u | 0x09A1u << 16);
	struct pmu_pci_addr a = DISC;
	const uint32_t cfg[][2] = {
		{ 0x10, (uint32_t)IMH_AT | 4 }, { 0x14, (uint32_t)(IMH_AT >> 32) },
		{ 0x100, 0x23 | 1u << 16 }, { 0x108, 1 }, { 0x10C, 0 },
	};
	for (unsigned i = 0; i < sizeof(cfg) / sizeof(cfg[0]); i++) {
		a.off = (uint16_t)cfg[i][0];
		cfg_put(&f.cfg, a, cfg[i][1]);
	}
	global(f.imh, 2, DISC_MSR, 0x2FF0);
	unit(f.imh, 0, 0x04, 0, 0x2FC0);   /* PCU */
	unit(f.imh, 1, 0x13, 0, 0x2FE0);   /* MSE: broken */
	global(f.cbb, 3, DISC_MMIO, GLOBAL_AT);
	unit(f.cbb, 0, 0x1F, 0, 0x2000);   /* CBO 0, 1 */
	unit(f.cbb, 1, 0x1F, 1, 0x2010);
	unit(f.cbb, 2, 0x25, 0, 0x2100);   /* SB2UCIE: broken */
	f.cbb[0x800] = 0x01;               /* the global control: frozen */
}

static void test_two_domains_one_package(void **state)
{
	(void)state;
	machine();
	static const struct disc_die dies[] = { { 0, 0, 0 } };
	const struct disc_where w = { disc_platform_for(19, 0x01), dies, 1, false, { 0, 0 }, NULL };
	assert_int_equal(uncore_disc_build(&b, &w, NULL, &d, &s, &test_box_alloc), PMU_OK);
	assert_int_equal(f.portal_reads, 1);
	assert_int_equal(f.writes, 0);   /* reads only */
	assert_int_equal(d.find.n, 2);
	assert_int_equal(d.find.t[0].portal, 0);
	assert_int_equal(d.find.t[0].bar, IMH_AT);
	assert_int_equal(d.find.t[1].portal, 0x710);
	assert_int_equal(d.find.t[1].domain, 1);
	assert_int_equal(d.find.t[0].pkg, 0);
	assert_int_equal(d.find.t[1].pkg, 0);
	assert_int_equal(uncore_disc_packages(&d), 1);
	/* MSE and SB2UCIE skipped as Linux does; PCU and both CBOs made, by DMR's names */
	assert_true(d.table[0].unit[1].problems & 1u << DP_BROKEN_TYPE);
	assert_true(d.table[1].unit[2].problems & 1u << DP_BROKEN_TYPE);
	assert_int_equal(d.made, 3);
	const struct box_desc *cbo1 = box_find(&s, "uncore_cbo_1", 12);
	assert_non_null(cbo1);
	assert_ptr_equal(cbo1->ctl_layout, &layout_dmr_umask_ext_ctl);
	assert_int_equal(cbo1->ctl_base, 0x2012);
	assert_non_null(box_find(&s, "uncore_pcu_0", 12));
	assert_null(box_find(&s, "uncore_type_37_0", 16));
	/* the global controls as found: the IMH's MSR faults, the CBB's MMIO dword is not 0 */
	assert_int_equal(d.global_st[0], PMU_ERR_FAULT_GP);
	assert_int_equal(d.global_st[1], PMU_OK);
	assert_int_equal(d.global[1], 1);
	assert_false(uncore_disc_global_init(&d, 0));
	assert_true(uncore_disc_global_init(&d, 1));
	/* package 0's map holds both tables' units: no box left unplaced */
	unsigned unplaced = 0;
	memset(&reg, 0, sizeof(reg));
	uncore_disc_place(&d, &s, 0, &map, &reg, &unplaced);
	assert_true(map.placed);
	assert_int_equal(unplaced, 0);
	assert_int_equal(map.bus, 0x10);   /* the PCI table's */
	box_set_fini(&s);
	uncore_disc_fini(&d);
}

/* Nova Lake's row: no PCI domain, the portal MSR 0x711 faults on this fake: no table, said. */
static void test_portal_only_row_faulting(void **state)
{
	(void)state;
	machine();
	static const struct disc_die dies[] = { { 0, 0, 0 } };
	const struct disc_where w = { disc_platform_for(18, 0x03), dies, 1, false, { 0, 0 }, NULL };
	assert_int_equal(uncore_disc_build(&b, &w, NULL, &d, &s, &test_box_alloc), PMU_OK);
	assert_int_equal(d.find.n, 0);
	assert_int_equal(d.find.nmiss, 1);
	assert_int_equal(d.find.miss[0].msr, 0x711);
	assert_int_equal(d.find.miss[0].st, PMU_ERR_FAULT_GP);
	assert_int_equal(d.made, 0);
	box_set_fini(&s);
	uncore_disc_fini(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_domains_one_package),
		cmocka_unit_test(test_portal_only_row_faulting),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
