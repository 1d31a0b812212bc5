/*
 * Which MSRs the reference model's CPUs have (lib/model/model_msrs.c): what the
 * manuals list for each seed CPU exists, anything else raises #GP. Expected
 * values are from REGISTERS.md §1.2/§1.6 and the SDM MSR tables (edk2
 * NehalemMsr.h, SandyBridgeMsr.h), written out here.
 */
#include "testutil.h"
#include "model/model_devs.h"

static const char *const seed_profiles[] = {
	"nehalem-ep", "westmere-ep", "nehalem-ex", "westmere-ex", "sandy-bridge-ep",
};
#define N_SEED (sizeof(seed_profiles) / sizeof(seed_profiles[0]))

static pmu_status rd_st(const struct pmu_backend *b, unsigned cpu, uint32_t msr)
{
	uint64_t v;
	return pmu_rdmsr(b, cpu, msr, &v);
}

/* Every MSR a device of a built-in profile claims is in that CPU's map. */
static void test_devices_stay_inside_the_map(void **state)
{
	(void)state;
	for (unsigned i = 0; i < model_profile_count; i++) {
		struct pmu_backend b;
		struct model *m = test_model(model_profiles[i]->name, 1, 1, &b);
		assert_non_null(m->p->msrs);
		for (uint32_t msr = 0; msr < 0x2000; msr++) {
			for (unsigned d = 0; d < m->p->ndevs; d++) {
				if (!m->p->devs[d]->claims(m, msr) || model_msr_range_of(m->p, msr))
					continue;
				fail_msg("%s: device %s claims MSR 0x%x, not in the %s map",
					 m->p->name, m->p->devs[d]->name, msr, m->p->msrs->cpu);
			}
		}
		free(m);
	}
}

/* PKRS (Sapphire Rapids on) and FIXED_CTR3 (Ice Lake on) exist on none of the seed CPUs. */
static void test_later_msrs_fault(void **state)
{
	(void)state;
	for (unsigned i = 0; i < N_SEED; i++) {
		struct pmu_backend b;
		struct model *m = test_model(seed_profiles[i], 1, 1, &b);
		assert_int_equal(rd_st(&b, 0, 0x6E1), PMU_ERR_FAULT_GP);
		assert_int_equal(pmu_wrmsr(&b, 0, 0x6E1, 0), PMU_ERR_FAULT_GP);
		assert_int_equal(rd_st(&b, 0, 0x30C), PMU_ERR_FAULT_GP);
		assert_int_equal(pmu_wrmsr(&b, 0, 0x30C, 0), PMU_ERR_FAULT_GP);
		free(m);
	}
}

/*
 * The later parts (SDM vol. 4): v4 (Skylake-SP on) has IA32_PERF_GLOBAL_STATUS_SET and
 * INUSE at 0x391/0x392, which on v3 Nehalem-EP are the uncore's own; FIXED_CTR3 and
 * PERF_METRICS from Ice Lake on. Alder Lake's P-core (CPU 0 of 2) has PMC6-7 and
 * FIXED_CTR3, its E-core (CPU 1) neither.
 */
static void test_v4_v5_msrs(void **state)
{
	(void)state;
	static const struct { const char *p; bool slots; } later[] = {
		{ "skylake-sp", false }, { "icelake-sp", true }, { "sapphire-rapids", true },
		{ "alder-lake", true },
	};
	for (unsigned i = 0; i < sizeof(later) / sizeof(later[0]); i++) {
		struct pmu_backend b;
		struct model *m = test_model(later[i].p, 2, 1, &b);
		pmu_status want = later[i].slots ? PMU_OK : PMU_ERR_FAULT_GP;
		assert_int_equal(rd_st(&b, 0, 0x391), PMU_OK);
		assert_int_equal(rd_st(&b, 0, 0x392), PMU_OK);
		assert_int_equal(pmu_wrmsr(&b, 0, 0x392, 0), PMU_ERR_FAULT_GP);   /* read only */
		assert_int_equal(rd_st(&b, 0, 0x30C), want);
		assert_int_equal(rd_st(&b, 0, 0x329), want);
		free(m);
	}
	struct pmu_backend b;
	struct model *m = test_model("alder-lake", 2, 1, &b);
	assert_int_equal(rd_st(&b, 0, 0xC7), PMU_OK);
	assert_int_equal(pmu_wrmsr(&b, 0, 0x18D, 0x4300C0), PMU_OK);
	assert_int_equal(rd_st(&b, 1, 0xC7), PMU_ERR_FAULT_GP);
	assert_int_equal(pmu_wrmsr(&b, 1, 0x18D, 0x4300C0), PMU_ERR_FAULT_GP);
	assert_int_equal(rd_st(&b, 1, 0x30C), PMU_ERR_FAULT_GP);
	assert_int_equal(rd_st(&b, 1, 0x329), PMU_ERR_FAULT_GP);
	assert_int_equal(rd_st(&b, 1, 0x30B), PMU_OK);
	free(m);
}

/* MSR_PEBS_LD_LAT (0x3F6): a per-thread 16-bit threshold on every seed CPU. */
static void test_load_latency_threshold(void **state)
{
	(void)state;
	for (unsigned i = 0; i < N_SEED; i++) {
		struct pmu_backend b;
		struct model *m = test_model(seed_profiles[i], 2, 1, &b);
		wr_on(&b, 0, 0x3F6, 0x3);
		assert_int_equal(rd_on(&b, 0, 0x3F6), 0x3);
		wr_on(&b, 0, 0x3F6, 0xFFFF);
		assert_int_equal(pmu_wrmsr(&b, 0, 0x3F6, 0x10000), PMU_ERR_FAULT_GP);
		assert_int_equal(pmu_wrmsr(&b, 0, 0x3F6, 1ull << 63), PMU_ERR_FAULT_GP);
		assert_int_equal(rd_on(&b, 0, 0x3F6), 0xFFFF);
		assert_int_equal(rd_on(&b, 1, 0x3F6), 0);
		free(m);
	}
	struct pmu_backend b;
	struct model *m = test_model("no-pmu", 1, 1, &b);
	assert_int_equal(rd_st(&b, 0, 0x3F6), PMU_ERR_FAULT_GP);
	free(m);
}

/*
 * The v4 status MSRs: 0x391 (GLOBAL_STATUS_SET) and 0x392 (GLOBAL_INUSE) do not exist
 * on these v3 CPUs. On Nehalem-EX/Westmere-EX and Sandy Bridge-EP they fault; on the
 * Nehalem/Westmere client uncore they are the uncore's GLOBAL_CTRL and GLOBAL_STATUS,
 * so a STATUS_SET write sets no core overflow bit. 0x390 is GLOBAL_OVF_CTRL: the v4
 * STATUS_RESET bits (55 Trace_ToPA, 58 LBR_Frz, 59 CTR_Frz, 60 ASCI) are reserved.
 */
static void test_v4_status_msrs_absent(void **state)
{
	static const struct { const char *profile; bool uncore_391; } cases[] = {
		{ "nehalem-ep", true }, { "westmere-ep", true }, { "nehalem-ex", false },
		{ "westmere-ex", false }, { "sandy-bridge-ep", false },
	};
	(void)state;
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct pmu_backend b;
		struct model *m = test_model(cases[i].profile, 2, 1, &b);
		if (cases[i].uncore_391) {
			wr_on(&b, 0, 0x391, 0x1);   /* uncore EN_PC0 */
			assert_int_equal(rd_on(&b, 1, 0x391), 0x1);   /* package scope */
			assert_int_equal(rd_on(&b, 0, 0x38E), 0);
			wr_on(&b, 0, 0x391, 0);
		} else {
			assert_int_equal(pmu_wrmsr(&b, 0, 0x391, 0x1), PMU_ERR_FAULT_GP);
			assert_int_equal(rd_st(&b, 0, 0x391), PMU_ERR_FAULT_GP);
			assert_int_equal(rd_st(&b, 0, 0x392), PMU_ERR_FAULT_GP);
		}
		wr_on(&b, 0, 0x390, 0x1);
		static const unsigned v4_bits[] = { 55, 58, 59, 60 };
		for (unsigned k = 0; k < 4; k++)
			assert_int_equal(pmu_wrmsr(&b, 0, 0x390, 1ull << v4_bits[k]), PMU_ERR_FAULT_GP);
		free(m);
	}
}

/* Counters beyond CPUID.0AH's four fault, also where SNB lists PMC4-7 for HT off. */
static void test_counters_beyond_cpuid_fault(void **state)
{
	(void)state;
	for (unsigned i = 0; i < N_SEED; i++) {
		struct pmu_backend b;
		struct model *m = test_model(seed_profiles[i], 1, 1, &b);
		assert_int_equal(rd_st(&b, 0, 0xC4), PMU_OK);
		assert_int_equal(rd_st(&b, 0, 0xC5), PMU_ERR_FAULT_GP);
		assert_int_equal(rd_st(&b, 0, 0x18A), PMU_ERR_FAULT_GP);
		free(m);
	}
}

/* IA32_DEBUGCTL: FREEZE_WHILE_SMM (bit 14) only where PERF_CAPABILITIES[12] is set. */
static void test_debugctl_freeze_while_smm(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 1, 1, &b);
	assert_int_equal(rd_on(&b, 0, 0x345) >> 12 & 1, 0);
	wr_on(&b, 0, 0x1D9, 1u << 12 | 1u << 13);
	assert_int_equal(pmu_wrmsr(&b, 0, 0x1D9, 1u << 14), PMU_ERR_FAULT_GP);
	assert_int_equal(pmu_wrmsr(&b, 0, 0x1D9, 1u << 2), PMU_ERR_FAULT_GP);
	assert_int_equal(rd_on(&b, 0, 0x1D9), 1u << 12 | 1u << 13);
	free(m);
	m = test_model("sandy-bridge-ep", 1, 1, &b);
	assert_int_equal(rd_on(&b, 0, 0x345) >> 12 & 1, 1);
	wr_on(&b, 0, 0x1D9, 1u << 14);
	assert_int_equal(rd_on(&b, 0, 0x1D9), 1u << 14);
	free(m);
}

/* OFFCORE_RSP_1 from Westmere on (REGISTERS.md §1.2): Nehalem-EP and -EX fault. */
static void test_offcore_rsp_1_per_cpu(void **state)
{
	static const struct { const char *profile; pmu_status st; } cases[] = {
		{ "nehalem-ep", PMU_ERR_FAULT_GP }, { "westmere-ep", PMU_OK },
		{ "nehalem-ex", PMU_ERR_FAULT_GP }, { "westmere-ex", PMU_OK },
		{ "sandy-bridge-ep", PMU_OK },
	};
	(void)state;
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct pmu_backend b;
		struct model *m = test_model(cases[i].profile, 1, 1, &b);
		assert_int_equal(rd_st(&b, 0, 0x1A7), cases[i].st);
		assert_int_equal(rd_st(&b, 0, 0x1A6), PMU_OK);
		free(m);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_devices_stay_inside_the_map),
		cmocka_unit_test(test_later_msrs_fault),
		cmocka_unit_test(test_v4_v5_msrs),
		cmocka_unit_test(test_load_latency_threshold),
		cmocka_unit_test(test_v4_status_msrs_absent),
		cmocka_unit_test(test_counters_beyond_cpuid_fault),
		cmocka_unit_test(test_debugctl_freeze_while_smm),
		cmocka_unit_test(test_offcore_rsp_1_per_cpu),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
