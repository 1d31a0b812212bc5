/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The PCI scan against firmware that leaves a package's uncore bus out of its ranges
 * (uncore_pci.c, the model's pci_bus_cut): a bus outside every root bridge and MCFG range is
 * never read and its package not placed; one inside MCFG only is read (ECAM) and used. A
 * package of more boxes than its map holds has those past it counted, never dropped unsaid.
 */
#include "testutil.h"
#include "boxes.h"
#include "pmu/uncore_pci.h"

static struct pmu_backend inner;
static unsigned reads_on_ff;
/* Devices 20-31 of bus 0x7f (package 0's) answer as Home Agents (0x3C46): 96 boxes more. */
static bool crowded;

/* The model's read, counting those that reach bus 0xff (package 1's uncore bus). */
static pmu_status counting_read(void *ctx, unsigned cpu, struct pmu_pci_addr a, uint32_t *val)
{
	reads_on_ff += a.bus == 0xff;
	if (crowded && a.bus == 0x7f && a.dev >= 20 && !a.off) {
		*val = 0x3C46u << 16 | 0x8086u;
		return PMU_OK;
	}
	return inner.ops->pci_read(ctx, cpu, a, val);
}

static void scan(enum model_bus_cut cut, struct uncore_pci_scan *out)
{
	static struct pmu_backend_ops ops;
	struct model *m = test_model("sandy-bridge-ep", 4, 2, &inner);
	m->pci_bus_cut = (uint8_t)cut;
	ops = *inner.ops;
	ops.pci_read = counting_read;
	struct pmu_backend b = inner;
	b.ops = &ops;
	reads_on_ff = 0;
	assert_int_equal(uncore_pci_scan(&b, 0, test_boxes(UNCORE_SNB_EP), out, NULL), PMU_OK);
	free(m);
}

static void described_bus_read(void **state)
{
	(void)state;
	static struct uncore_pci_scan s;
	scan(MODEL_BUS_DESCRIBED, &s);
	assert_int_equal(s.outside, 0);
	assert_int_equal(s.reach[0xff], UPR_BRIDGE);
	assert_true(s.pkg[0].placed && s.pkg[1].placed);
	assert_true(reads_on_ff > 0);
}

static void bus_outside_never_read(void **state)
{
	(void)state;
	static struct uncore_pci_scan s;
	scan(MODEL_BUS_OUTSIDE, &s);
	assert_int_equal(s.outside, 1);
	assert_int_equal(s.reach[0xff], UPR_OUTSIDE);
	assert_int_equal(s.reach[0x7f], UPR_BRIDGE);
	assert_int_equal(reads_on_ff, 0);
	assert_true(s.pkg[0].placed);
	assert_false(s.pkg[1].placed);
	assert_int_equal(s.pkg[1].n, 0);
	assert_true(s.pkg[0].n > 0);
	assert_int_equal(s.uboxes, 1);
}

static void bus_in_mcfg_only_used(void **state)
{
	(void)state;
	static struct uncore_pci_scan s;
	scan(MODEL_BUS_ECAM_ONLY, &s);
	assert_int_equal(s.outside, 0);
	assert_int_equal(s.reach[0xff], UPR_ECAM);
	assert_int_equal(s.reach[0xfe], UPR_BRIDGE);
	assert_true(s.pkg[1].placed);
	assert_int_equal(s.pkg[1].bus, 0xff);
	assert_int_equal(s.pkg[1].n, s.pkg[0].n);
	assert_true(s.uncore_on[0xff] && s.uncore_on[0x7f]);
	assert_false(s.uncore_on[0xfe]);
}

static void boxes_past_the_map_counted(void **state)
{
	(void)state;
	static struct uncore_pci_scan s;
	crowded = true;
	scan(MODEL_BUS_DESCRIBED, &s);
	crowded = false;
	unsigned was = s.pkg[1].n;   /* package 1 as the model has it */
	assert_int_equal(s.pkg[0].n, UNCORE_MAX_PCI_BOXES);
	assert_int_equal(s.pkg[0].n + s.past[0], was + 96);
	assert_int_equal(s.past[1], 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(described_bus_read),
		cmocka_unit_test(bus_outside_never_read),
		cmocka_unit_test(bus_in_mcfg_only_used),
		cmocka_unit_test(boxes_past_the_map_counted),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
