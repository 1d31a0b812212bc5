/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A function's BARs read without a write (lib/pmu/pci_bar.c), on one fake function
 * whose configuration header the test lays out (PCI Local Bus 3.0 section 6.2.5.1): the
 * layout of QEMU's ivshmem-plain as OVMF programs it (BAR 0 32-bit registers, BAR 2
 * 64-bit shared memory above 4 GiB), and the BARs that decode to no memory address.
 */
#include "testutil.h"
#include "pmu/pci_bar.h"

static uint32_t cfg[64];      /* the function's first 256 bytes of configuration space */
static unsigned writes;

static pmu_status f_read(void *ctx, unsigned cpu, struct pmu_pci_addr a, uint32_t *val)
{
	(void)ctx, (void)cpu;
	*val = a.bus || a.dev || a.fn || a.off >= sizeof(cfg) ? 0xFFFFFFFFu : cfg[a.off / 4];
	return PMU_OK;
}

static pmu_status f_write(void *ctx, unsigned cpu, struct pmu_pci_addr a, uint32_t val)
{
	(void)ctx, (void)cpu, (void)a, (void)val;
	writes++;
	return PMU_OK;
}

static pmu_status no_msr(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val)
{
	(void)ctx, (void)cpu, (void)msr;
	*val = 0;
	return PMU_ERR_FAULT_GP;
}

static const struct pmu_backend_ops ops = { .rdmsr = no_msr, .pci_read = f_read,
					    .pci_write = f_write };
static const struct pmu_backend b = { .ops = &ops, .name = "fake" };
static const struct pmu_pci_addr FN = { 0, 0, 0, 0, 0 };

static void ivshmem(void)
{
	memset(cfg, 0, sizeof(cfg));
	writes = 0;
	cfg[0] = 0x1af4 | 0x1110u << 16;
	cfg[0x10 / 4] = 0xc0001000;            /* BAR 0: 32-bit memory */
	cfg[0x18 / 4] = 0x0000000c;            /* BAR 2: 64-bit prefetchable memory ... */
	cfg[0x1c / 4] = 0x00000008;            /* ... at 0x800000000 */
	cfg[0x20 / 4] = 0x00006041;            /* BAR 4: I/O */
}

static void expect(unsigned i, uint64_t want, pmu_status want_st, const char *why)
{
	uint64_t at = 1;
	pmu_status st = PMU_OK;
	const char *got = pci_bar(&b, 0, FN, i, &at, &st);
	if (!why) {
		if (got)
			fail_msg("BAR %u: %s", i, got);
	} else if (!got || strcmp(got, why)) {
		fail_msg("BAR %u: got '%s', want '%s'", i, got ? got : "(an address)", why);
	}
	assert_int_equal(st, want_st);
	assert_int_equal(at, want);
}

static void test_ivshmem_layout(void **state)
{
	(void)state;
	ivshmem();
	expect(0, 0xc0001000, PMU_OK, NULL);
	expect(1, 0, PMU_ERR_ABSENT, "the BAR reads 0: firmware did not program it");
	expect(2, 0x800000000ull, PMU_OK, NULL);
	expect(3, 0, PMU_ERR_INVALID, "the upper dword of the 64-bit BAR before it");
	expect(4, 0, PMU_ERR_INVALID, "an I/O BAR, not memory");
	expect(6, 0, PMU_ERR_INVALID, "no BAR (0-5)");
	assert_int_equal(writes, 0);   /* never sized */
}

/* A 64-bit BAR's upper dword that looks like a 64-bit BAR itself is still its upper half. */
static void test_upper_dword_is_not_a_bar(void **state)
{
	(void)state;
	ivshmem();
	cfg[0x10 / 4] = 0xfe000004;            /* BAR 0: 64-bit, upper dword in BAR 1 ... */
	cfg[0x14 / 4] = 0x00000004;            /* ... which reads like a 64-bit BAR: 0x4fe000000 */
	expect(0, 0x4fe000000ull, PMU_OK, NULL);
	expect(1, 0, PMU_ERR_INVALID, "the upper dword of the 64-bit BAR before it");
	expect(2, 0x800000000ull, PMU_OK, NULL);
}

static void test_bridge_and_bad_types(void **state)
{
	(void)state;
	ivshmem();
	cfg[0x0c / 4] = 1u << 16;              /* header type 1: a bridge, two BARs */
	expect(2, 0, PMU_ERR_INVALID, "the function's header type has no such BAR");
	cfg[0x0c / 4] = 0;
	cfg[0x10 / 4] = 0xc0001002;            /* memory type 01: reserved */
	expect(0, 0, PMU_ERR_INVALID, "a BAR of a reserved type");
	cfg[0x24 / 4] = 0xc0000004;            /* BAR 5 64-bit: no BAR 6 for its upper half */
	expect(5, 0, PMU_ERR_INVALID, "a 64-bit BAR without its upper dword");
}

static void test_absent_function(void **state)
{
	(void)state;
	ivshmem();
	uint64_t at = 1;
	pmu_status st = PMU_OK;
	struct pmu_pci_addr gone = { 0, 1, 0, 0, 0 };
	assert_string_equal(pci_bar(&b, 0, gone, 0, &at, &st), "the header cannot be read");
	assert_int_equal(st, PMU_ERR_ABSENT);
	assert_int_equal(at, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ivshmem_layout),
		cmocka_unit_test(test_upper_dword_is_not_a_bar),
		cmocka_unit_test(test_bridge_and_bad_types),
		cmocka_unit_test(test_absent_function),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
