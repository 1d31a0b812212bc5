/*
 * The replay of kernels on the reference model (lib/model/sim_workload.c):
 * counters programmed with raw MSR values (not through the tool's tables)
 * must end at exactly what the kernel's asm executes (literal values, worked
 * out by hand in test_sim_kernels.c), core and uncore, and only in the
 * package of the CPU that ran the kernel.
 */
#include "testutil.h"
#include "check/kernels.h"
#include "model/sim_workload.h"

#define EN22 (1ull << 22)
#define N 100u

/* The kernel's claim for n iterations, straight from its table. */
static uint64_t claim(const char *kernel, enum kernel_event ev, uint64_t n)
{
	const struct kernel_desc *k = kernel_find(kernel);
	assert_non_null(k);
	const struct kernel_expect *e = kernel_expect_for(k, ev);
	return e ? (uint64_t)kernel_expected(e, n) : 0;
}

static uint64_t run(struct model *m, unsigned cpu, const char *kernel, uint64_t n)
{
	return sim_workload_run(m, cpu, kernel_find(kernel), n);
}

/* The uncore kernel's claims, spelled out: the table must say what its asm does. */
static void test_uncore_kernel_claims(void **state)
{
	(void)state;
	assert_int_equal(claim("uncore", KEV_INSTRUCTIONS, N), 8 * N + 14);
	assert_int_equal(claim("uncore", KEV_LOADS, N), 2 * N + 4);
	assert_int_equal(claim("uncore", KEV_NT_STORES, N), N);
	assert_int_equal(claim("uncore", KEV_LOCKED, N), N);
	assert_int_equal(claim("inst", KEV_LOADS, N), 1);
	assert_int_equal(claim("inst", KEV_NT_STORES, N), 0);
}

/*
 * Core: fixed instructions / cycles and GP branches / mispredicts of the branch kernel,
 * N = 100: 4 + 14 N instructions, 1 + 3 N branches, the random one mispredicted N / 2
 * times (within the claim's 35-65%; the claim's own per-iteration figure is the bound's base).
 */
static void test_core_replay(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model_clean("sandy-bridge-ep", 2, 1, &b);
	wr_on(&b, 1, 0x186, 0x00C4 | 0x30000 | EN22);          /* branches, USR|OS */
	wr_on(&b, 1, 0x187, 0x00C5 | 0x30000 | EN22);          /* mispredicts */
	wr_on(&b, 1, 0x38D, 0x333);                            /* fixed 0-2, OS|USR */
	wr_on(&b, 1, 0x38F, 0x700000003ull);
	uint64_t inst = run(m, 1, "branch", N);
	assert_int_equal(inst, 14 * N + 4);
	assert_int_equal(rd_on(&b, 1, 0x309), inst);
	assert_int_equal(rd_on(&b, 1, 0x30A), inst);
	assert_int_equal(rd_on(&b, 1, 0x30B), inst);
	assert_int_equal(rd_on(&b, 1, 0xC1), 3 * N + 1);
	assert_int_equal(rd_on(&b, 1, 0xC2), N / 2);
	assert_true(kernel_within(kernel_expect_for(kernel_find("branch"), KEV_BRANCH_MISSES), N,
				  N / 2));
	/* CPU 0 ran nothing: its thread counters are untouched. */
	assert_int_equal(rd_on(&b, 0, 0x309), 0);
	free(m);
}

/* Nehalem client uncore: QMC/QHL reads and writes, the fixed uncore clock. */
static void test_nhm_uncore_replay(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 4, 2, &b);
	static const uint64_t sel[] = { 0x072C, 0x0F2C, 0x1020, 0x382F, 0x2020, 0x072F };
	for (unsigned cpu = 0; cpu < 4; cpu += 2) {
		for (unsigned i = 0; i < 6; i++)
			wr_on(&b, cpu, 0x3C0 + i, sel[i] | EN22);
		wr_on(&b, cpu, 0x395, 1);
		wr_on(&b, cpu, 0x391, 0x10000003Full);
	}
	run(m, 2, "uncore", N);   /* CPU 2 is in package 1 */
	uint64_t reads = 2 * N + 4, writes = N;
	assert_int_equal(rd_on(&b, 3, 0x3B0), reads);
	assert_int_equal(rd_on(&b, 3, 0x3B1), reads);
	assert_int_equal(rd_on(&b, 3, 0x3B2), reads);
	assert_int_equal(rd_on(&b, 3, 0x3B3), writes);
	assert_int_equal(rd_on(&b, 3, 0x3B4), writes);
	assert_int_equal(rd_on(&b, 3, 0x3B5), 0);   /* FULL_ANY: movnti writes partial lines */
	assert_int_equal(rd_on(&b, 3, 0x394), 8 * N + 14);
	/* Package 0 saw nothing. */
	for (unsigned i = 0; i < 6; i++)
		assert_int_equal(rd_on(&b, 0, 0x3B0 + i), 0);
	assert_int_equal(rd_on(&b, 1, 0x394), 0);
	free(m);
}

/* Xeon 7500: M-box clocks on both boxes, memory commands on M-box 0, U-box locks. */
static void test_nhmex_replay(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ex", 2, 1, &b);
	wr_on(&b, 0, 0xC10, 0x02 | EN22);                      /* U: BUF_VALID_LOCK */
	wr_on(&b, 0, 0xCA0, 0x3);                              /* M0 counters 0, 1 */
	wr_on(&b, 0, 0xCB0, 1 | 0x1Bu << 9 | 1 << 6);          /* M0 ctr0: MBOX_CLOCKTICKS */
	wr_on(&b, 0, 0xCB2, 1 | 0x1Au << 9 | 1 << 6);          /* M0 ctr1: BBOX_CMDS_ALL */
	wr_on(&b, 0, 0xCE0, 0x3);
	wr_on(&b, 0, 0xCF0, 1 | 0x1Bu << 9 | 1 << 6);          /* M1 ctr0: clocks */
	wr_on(&b, 0, 0xCF2, 1 | 0x1Au << 9 | 1 << 6);          /* M1 ctr1: no traffic there */
	wr_on(&b, 0, 0xC00, 1ull << 28 | 1);                   /* EN_ALL, U counter */
	run(m, 1, "uncore", N);
	assert_int_equal(rd_on(&b, 0, 0xC11), N);
	assert_int_equal(rd_on(&b, 0, 0xCB1), 8 * N + 14);
	assert_int_equal(rd_on(&b, 0, 0xCB3), (2 * N + 4) + N);
	assert_int_equal(rd_on(&b, 0, 0xCF1), 8 * N + 14);
	assert_int_equal(rd_on(&b, 0, 0xCF3), 0);
	free(m);
}

/* SNB-EP counts of one run: UCLK, U-box lock cycles and VLW_RCVD, C-box 0 lookups, C-box clocks. */
struct snbep_counts {
	uint64_t uclk, lock, vlw, data_read, write, miss_all, cbox_clock;
};

/* Programs the SNB-EP boxes, runs kernel on CPU 0 (package 0 of 1) and reads them on CPU 1. */
static void snbep_run(const char *kernel, uint64_t n, const struct snbep_counts *want)
{
	struct pmu_backend b;
	struct model *m = test_model_clean("sandy-bridge-ep", 2, 1, &b);
	wr_on(&b, 0, 0xC08, EN22);
	wr_on(&b, 0, 0xC10, 0x44 | EN22);
	wr_on(&b, 0, 0xC11, 0x42 | 0x01 << 8 | EN22);          /* VLW_RCVD: nothing raises it */
	wr_on(&b, 0, 0xD10, 0x0334 | EN22);
	wr_on(&b, 0, 0xD11, 0x0534 | EN22);
	for (unsigned c = 0; c < 8; c++)
		wr_on(&b, 0, 0xD13 + 0x20 * c, EN22);          /* ctr3: UNC_C_CLOCKTICKS */
	assert_int_equal(run(m, 0, kernel, n), want->uclk);
	assert_int_equal(rd_on(&b, 1, 0xC09), want->uclk);
	assert_int_equal(rd_on(&b, 1, 0xC16), want->lock);
	assert_int_equal(rd_on(&b, 1, 0xC17), want->vlw);
	assert_int_equal(rd_on(&b, 1, 0xD16), want->data_read);
	assert_int_equal(rd_on(&b, 1, 0xD17), want->write);
	for (unsigned c = 0; c < 8; c++)
		assert_int_equal(rd_on(&b, 1, 0xD19 + 0x20 * c), want->cbox_clock);
	/* TOR_INSERTS counts on counters 0-1 only (REGISTERS.md §4.4): a second run on counter 1 */
	wr_on(&b, 0, 0xD11, 0x0A35 | EN22);
	wr_on(&b, 0, 0xD17, 0);
	run(m, 0, kernel, n);
	assert_int_equal(rd_on(&b, 1, 0xD17), want->miss_all);
	free(m);
}

/* Sandy Bridge-EP: UCLK fixed, U-box lock cycles, C-box lookups and clocks on all 8. */
static void test_snbep_replay(void **state)
{
	(void)state;
	const struct snbep_counts want = { 8 * N + 14, N, 0, 2 * N + 4, N, 2 * N + 4, 8 * N + 14 };
	snbep_run("uncore", N, &want);
}

/* The inst kernel makes one load (its argument) and no stores: exactly that reaches the uncore. */
static void test_inst_kernel_uncore(void **state)
{
	(void)state;
	const struct snbep_counts want = { 10018, 0, 0, 1, 0, 1, 10018 };
	snbep_run("inst", 1000, &want);
}

/* Stimuli of boxes the profile lacks are never raised; a PMU-less model just runs. */
static void test_profile_without_devices(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("no-pmu", 1, 1, &b);
	unsigned writes = model_total_writes(m);
	assert_int_equal(run(m, 0, "uncore", N), 8 * N + 14);
	assert_int_equal(model_total_writes(m), writes);
	assert_int_equal(pmu_rdmsr(&b, 0, 0x3B0, &(uint64_t){ 0 }), PMU_ERR_FAULT_GP);
	free(m);
}

/* A kernel of no instructions runs no cycle: not even the uncore clock moves. */
static void test_empty_kernel_runs_nothing(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 1, 1, &b);
	wr_on(&b, 0, 0x395, 1);
	wr_on(&b, 0, 0x391, 1ull << 32);
	assert_int_equal(run(m, 0, "empty", 1), 0);
	assert_int_equal(rd_on(&b, 0, 0x394), 0);
	free(m);
}

/* A kernel the model has no description of runs nothing: its claims are never replayed. */
static void test_unknown_kernel_runs_nothing(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 1, 1, &b);
	struct kernel_desc made_up = *kernel_find("inst");
	made_up.name = "made-up";
	wr_on(&b, 0, 0x38D, 0x3);
	wr_on(&b, 0, 0x38F, 1ull << 32);
	assert_int_equal(sim_workload_run(m, 0, &made_up, N), 0);
	assert_int_equal(rd_on(&b, 0, 0x309), 0);
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_uncore_kernel_claims),
		cmocka_unit_test(test_core_replay),
		cmocka_unit_test(test_nhm_uncore_replay),
		cmocka_unit_test(test_nhmex_replay),
		cmocka_unit_test(test_snbep_replay),
		cmocka_unit_test(test_inst_kernel_uncore),
		cmocka_unit_test(test_profile_without_devices),
		cmocka_unit_test(test_empty_kernel_runs_nothing),
		cmocka_unit_test(test_unknown_kernel_runs_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
