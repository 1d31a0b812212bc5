/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The model's AMD uncore devices (model_uncore_amd.c) by their registers alone: which MSRs
 * each profile has, one L3 file per CCX, reserved bits, the event encodings counted, and the
 * UMC counter that saturates at bit 48 instead of wrapping.
 */
#include "testutil.h"
#include "model/model_devs.h"

#define L3_CTL0 0xC0010230u
#define DF_CTL0 0xC0010240u
#define UMC_CTL0 0xC0010800u

static pmu_status wr(const struct pmu_backend *b, unsigned cpu, uint32_t msr, uint64_t v)
{
	return pmu_wrmsr(b, cpu, msr, v);
}

/*
 * Which banks exist: L3 and 4 DF pairs on Zen 2/3; 16 DF pairs and UMC 3's 4 on Genoa; Turin
 * Dense's 48 UMC pairs.
 */
static void test_msrs_per_profile(void **state)
{
	(void)state;
	struct pmu_backend b;
	uint64_t v;
	struct model *m = test_model_clean("zen3", 2, 1, &b);
	assert_int_equal(pmu_rdmsr(&b, 0, L3_CTL0 + 11, &v), PMU_OK);
	assert_int_equal(pmu_rdmsr(&b, 0, DF_CTL0 + 7, &v), PMU_OK);
	assert_int_equal(pmu_rdmsr(&b, 0, DF_CTL0 + 8, &v), PMU_ERR_FAULT_GP);
	assert_int_equal(pmu_rdmsr(&b, 0, UMC_CTL0, &v), PMU_ERR_FAULT_GP);
	free(m);
	m = test_model_clean("zen4", 2, 1, &b);
	assert_int_equal(pmu_rdmsr(&b, 0, DF_CTL0 + 31, &v), PMU_OK);
	assert_int_equal(pmu_rdmsr(&b, 0, DF_CTL0 + 32, &v), PMU_ERR_FAULT_GP);
	assert_int_equal(pmu_rdmsr(&b, 0, UMC_CTL0 + 7, &v), PMU_OK);
	assert_int_equal(pmu_rdmsr(&b, 0, UMC_CTL0 + 8, &v), PMU_ERR_FAULT_GP);
	free(m);
	m = test_model_clean("turin-dense", 2, 1, &b);   /* 48 UMC pairs */
	assert_int_equal(pmu_rdmsr(&b, 0, UMC_CTL0 + 95, &v), PMU_OK);
	assert_int_equal(pmu_rdmsr(&b, 0, UMC_CTL0 + 96, &v), PMU_ERR_FAULT_GP);
	free(m);
}

/*
 * Genoa: 8 threads share an L3 (0x8000001D subleaf 3), the APIC ID's bits above 3: CPUs 0-7
 * (4 cores of 2 threads) one file, 8-15 another.
 */
static void test_one_l3_file_per_ccx(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model_clean("zen4", 16, 1, &b);
	test_model_threads(m, 2);
	wr_on(&b, 0, L3_CTL0, 0x3304);
	assert_int_equal(rd_on(&b, 7, L3_CTL0), 0x3304);
	assert_int_equal(rd_on(&b, 8, L3_CTL0), 0);
	assert_int_equal(model_ccx_slot(m, 15), 8);
	/* the DF is the socket's: every CPU of it sees one register */
	wr_on(&b, 3, DF_CTL0, 0x3807);
	assert_int_equal(rd_on(&b, 12, DF_CTL0), 0x3807);
	free(m);
	/* Milan: 16 threads share an L3 */
	m = test_model_clean("zen3", 32, 2, &b);
	test_model_threads(m, 2);
	assert_int_equal(model_ccx_slot(m, 15), 0);
	assert_int_equal(model_ccx_slot(m, 16), 16);
	free(m);
}

/* Bits outside a control's fields raise #GP and change nothing (each family's own). */
static void test_reserved_bits(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model_clean("zen2", 1, 1, &b);
	assert_int_equal(wr(&b, 0, L3_CTL0, 1ull << 46), PMU_ERR_FAULT_GP);   /* 19h's EnAllSlices */
	assert_int_equal(wr(&b, 0, L3_CTL0, 0xFFull << 56 | 0xFull << 48), PMU_OK);
	assert_int_equal(wr(&b, 0, DF_CTL0, 0xFull << 24), PMU_ERR_FAULT_GP);  /* v2's umask hi */
	assert_int_equal(wr(&b, 0, DF_CTL0, 3ull << 59 | 0xFull << 32), PMU_OK);
	free(m);
	m = test_model_clean("zen4", 1, 1, &b);
	assert_int_equal(wr(&b, 0, L3_CTL0, 0xFFull << 56), PMU_ERR_FAULT_GP);  /* 17h's mask */
	assert_int_equal(wr(&b, 0, L3_CTL0, 3ull << 56 | 3ull << 46), PMU_OK);
	assert_int_equal(wr(&b, 0, DF_CTL0, 3ull << 59), PMU_ERR_FAULT_GP);
	assert_int_equal(wr(&b, 0, DF_CTL0, 0x3Full << 32 | 0xFull << 24), PMU_OK);
	assert_int_equal(wr(&b, 0, UMC_CTL0, 1ull << 22), PMU_ERR_FAULT_GP);   /* EN is bit 31 */
	assert_int_equal(rd_on(&b, 0, UMC_CTL0), 0);
	free(m);
}

static void cycle(struct model *m, unsigned cpu, uint32_t code, uint64_t n)
{
	const struct model_stim s = { code, n };
	const struct model_cycle c = { .cpl = 0, .stim = &s, .nstim = 1 };
	model_run_cycle(m, cpu, &c);
}

/* The encodings counted: DF event 0x07 umask 0x38 (legacy), 0x1F/0x7FE (PerfMonV2). */
static void test_df_encodings(void **state)
{
	(void)state;
	struct pmu_backend b;
	uint32_t rd = MODEL_UNC_STIM(MODEL_UNC_AMD_DF, MODEL_AMD_DRAM_RD, 0);
	uint32_t wrs = MODEL_UNC_STIM(MODEL_UNC_AMD_DF, MODEL_AMD_DRAM_WR, 0);
	struct model *m = test_model_clean("zen3", 1, 1, &b);
	wr_on(&b, 0, DF_CTL0, 1ull << 22 | 0x3807);
	wr_on(&b, 0, DF_CTL0 + 2, 1ull << 22 | 0x3847);   /* channel 1: not the model's */
	cycle(m, 0, rd, 5);
	cycle(m, 0, wrs, 2);
	assert_int_equal(rd_on(&b, 0, DF_CTL0 + 1), 7);
	assert_int_equal(rd_on(&b, 0, DF_CTL0 + 3), 0);
	free(m);
	m = test_model_clean("zen4", 1, 1, &b);
	wr_on(&b, 0, DF_CTL0, 1ull << 22 | 7ull << 24 | 0xFE1F);
	cycle(m, 0, rd, 5);
	cycle(m, 0, wrs, 2);
	assert_int_equal(rd_on(&b, 0, DF_CTL0 + 1), 5);
	free(m);
}

/* A UMC counter stops at 2^48 - 1 and sets bit 48; RdWrMask picks reads or writes. */
static void test_umc_saturates(void **state)
{
	(void)state;
	struct pmu_backend b;
	uint32_t rd = MODEL_UNC_STIM(MODEL_UNC_AMD_UMC, MODEL_AMD_DRAM_RD, 0);
	struct model *m = test_model_clean("zen4", 1, 1, &b);
	wr_on(&b, 0, UMC_CTL0, 1ull << 31 | 0x10A);        /* CAS reads */
	wr_on(&b, 0, UMC_CTL0 + 2, 1ull << 31 | 0x20A);    /* CAS writes */
	wr_on(&b, 0, UMC_CTL0 + 1, (1ull << 48) - 3);
	cycle(m, 0, rd, 2);
	assert_int_equal(rd_on(&b, 0, UMC_CTL0 + 1), (1ull << 48) - 1);
	cycle(m, 0, rd, 2);
	assert_int_equal(rd_on(&b, 0, UMC_CTL0 + 1), (1ull << 48) | ((1ull << 48) - 1));
	cycle(m, 0, rd, 9);
	assert_int_equal(rd_on(&b, 0, UMC_CTL0 + 1), (1ull << 48) | ((1ull << 48) - 1));
	assert_int_equal(rd_on(&b, 0, UMC_CTL0 + 3), 0);
	assert_int_equal(wr(&b, 0, UMC_CTL0 + 1, 1ull << 49), PMU_ERR_FAULT_GP);
	free(m);
}

/*
 * Turin Dense (48 UMC counters for 12 UMCs, 4 each): a counter write is dropped while no
 * control of its UMC is enabled (FreeBSD PR #2422); another UMC's enabled control does not
 * help, any of its own does.
 */
static void test_umc_writes_need_an_enabled_control(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model_clean("turin-dense", 1, 1, &b);
	uint32_t ctr9 = UMC_CTL0 + 2 * 9 + 1;   /* UMC 2's second counter */
	assert_int_equal(wr(&b, 0, ctr9, 1234), PMU_OK);
	assert_int_equal(rd_on(&b, 0, ctr9), 0);
	wr_on(&b, 0, UMC_CTL0 + 2 * 4, 1ull << 31 | 0x0A);    /* UMC 1's first control */
	wr_on(&b, 0, ctr9, 1234);
	assert_int_equal(rd_on(&b, 0, ctr9), 0);
	wr_on(&b, 0, UMC_CTL0 + 2 * 11, 1ull << 31 | 0x0A);   /* UMC 2's last control */
	wr_on(&b, 0, ctr9, 1234);
	assert_int_equal(rd_on(&b, 0, ctr9), 1234);
	wr_on(&b, 0, UMC_CTL0 + 2 * 11, 0x0A);
	wr_on(&b, 0, ctr9, 0);
	assert_int_equal(rd_on(&b, 0, ctr9), 1234);
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_msrs_per_profile),
		cmocka_unit_test(test_one_l3_file_per_ccx),
		cmocka_unit_test(test_reserved_bits),
		cmocka_unit_test(test_df_encodings),
		cmocka_unit_test(test_umc_saturates),
		cmocka_unit_test(test_umc_writes_need_an_enabled_control),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
