/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Discovery on the reference model: CPUID.0AH decoding, MSR reads, uncore family. */
#include "testutil.h"
#include "pmu/cpuinfo.h"
#include "pmu/cacheinfo.h"
#include "hw/msr.h"

static void test_decode_0a_fields(void **state)
{
	(void)state;
	/* version 3, 4 GP counters, 48 bits, vector length 7, EBX bit 6 set, 3 fixed of 48 bits, AnyThread deprecated */
	struct pmu_cpuid r = { 0x07300403, 0x40, 0, 3 | 48 << 5 | 1 << 15 };
	struct pmu_arch_info a;
	pmu_decode_cpuid_0a(&r, &a);
	assert_int_equal(a.version, 3);
	assert_int_equal(a.n_gp, 4);
	assert_int_equal(a.gp_width, 48);
	assert_int_equal(a.ebx_len, 7);
	assert_int_equal(a.n_fixed, 3);
	assert_int_equal(a.fixed_width, 48);
	assert_true(a.anythread_deprecated);
	for (unsigned i = 0; i < 6; i++)
		assert_true(pmu_arch_event_available(&a, i));
	assert_false(pmu_arch_event_available(&a, 6));   /* set bit = NOT available */
	assert_false(pmu_arch_event_available(&a, 7));   /* beyond the vector length */
}

static void test_decode_0a_v1_ignores_edx(void **state)
{
	(void)state;
	struct pmu_cpuid r = { 0x07280201, 0, 0, 3 | 40 << 5 };
	struct pmu_arch_info a;
	pmu_decode_cpuid_0a(&r, &a);
	assert_int_equal(a.version, 1);
	assert_int_equal(a.n_gp, 2);
	assert_int_equal(a.gp_width, 40);
	assert_int_equal(a.n_fixed, 0);   /* EDX valid only when version > 1 */
	assert_int_equal(a.fixed_width, 0);
}

/*
 * v5 (SDM vol. 2A, leaf 0AH): fixed counter i exists if ECX[i] or EDX[4:0] > i, so the
 * counters can have gaps; n_fixed is the run from FIXED_CTR0. ECX is reserved before v5.
 */
static void test_decode_0a_v5_fixed_bitmap(void **state)
{
	(void)state;
	struct pmu_cpuid r = { 0x08300805, 0, 0x0A, 1 | 48 << 5 | 1 << 15 };
	struct pmu_arch_info a;
	pmu_decode_cpuid_0a(&r, &a);
	assert_int_equal(a.fixed_mask, 0x0B);   /* FIXED_CTR0 (EDX), 1 and 3 (ECX) */
	assert_int_equal(a.n_fixed, 2);
	assert_int_equal(a.gp_mask, 0xFF);
	assert_int_equal(a.n_gp, 8);
	r.eax = 0x07300404;
	pmu_decode_cpuid_0a(&r, &a);
	assert_int_equal(a.fixed_mask, 0x01);
	assert_int_equal(a.n_fixed, 1);
}

static void test_discover_nehalem_ex(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ex", 4, 1, &b);
	struct cpu_info ci = { 0 };
	assert_int_equal(pmu_discover(&b, 2, &ci), PMU_OK);
	assert_string_equal(ci.vendor, "GenuineIntel");
	assert_int_equal(ci.family, 6);
	assert_int_equal(ci.model, 0x2E);
	assert_int_equal(ci.stepping, 5);   /* the dumped Xeon E7520 */
	assert_int_equal(ci.microcode, 0x0b);
	assert_int_equal(ci.microcode_st, PMU_OK);
	assert_true(ci.perf_cap_valid);
	assert_int_equal(ci.perf_cap, 0x1c3);
	assert_int_equal(ci.uncore, UNCORE_NHM_EX);
	assert_int_equal(ci.arch.version, 3);
	assert_true(pmu_core_present(&ci));
	assert_non_null(strstr(ci.brand, "Nehalem-EX"));
	free(m);
}

/*
 * Discovery on each profile gives the facts of the dumped processor (the InstLatx64 dump
 * names the part; their L3 sizes are Intel's: X5550 8 MB,
 * X5667 12 MB, E7520 18 MB, E7-4870 30 MB, the 8-core SNB-EP 20 MB). CPUID.0AH EBX
 * as dumped: Westmere parts lack the reference-cycles event, the E7520 also branch
 * mispredicts.
 */
static void test_discover_every_profile(void **state)
{
	static const struct {
		const char *profile;
		uint32_t model, stepping, max_leaf, ebx_unavail;
		unsigned version, n_gp, n_fixed;
		uint64_t llc;
	} want[] = {
		{ "nehalem-ep", 0x1A, 2, 0xB, 0x00, 3, 4, 3, 8u << 20 },
		{ "westmere-ep", 0x2C, 1, 0xB, 0x04, 3, 4, 3, 12u << 20 },
		{ "nehalem-ex", 0x2E, 5, 0xB, 0x44, 3, 4, 3, 18u << 20 },
		{ "westmere-ex", 0x2F, 2, 0xB, 0x04, 3, 4, 3, 30u << 20 },
		{ "sandy-bridge-ep", 0x2D, 5, 0xD, 0x00, 3, 4, 3, 20u << 20 },
		{ "no-pmu", 0x2D, 7, 0xB, 0x00, 0, 0, 0, 0 },
	};
	(void)state;
	for (unsigned i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		struct pmu_backend b;
		struct model *m = test_model(want[i].profile, 4, 1, &b);
		struct cpu_info ci = { 0 };
		assert_int_equal(pmu_discover(&b, 3, &ci), PMU_OK);
		assert_string_equal(ci.vendor, "GenuineIntel");
		assert_int_equal(ci.family, 6);
		assert_int_equal(ci.model, want[i].model);
		assert_int_equal(ci.stepping, want[i].stepping);
		assert_int_equal(ci.max_leaf, want[i].max_leaf);
		assert_int_equal(ci.arch.version, want[i].version);
		assert_int_equal(ci.arch.n_gp, want[i].n_gp);
		assert_int_equal(ci.arch.n_fixed, want[i].n_fixed);
		assert_int_equal(ci.arch.ebx_unavail, want[i].ebx_unavail);
		if (want[i].version) {
			assert_int_equal(ci.arch.gp_width, 48);
			assert_int_equal(ci.arch.fixed_width, 48);
			assert_int_equal(ci.arch.ebx_len, 7);
			assert_true(ci.pdcm);
			assert_false(ci.hypervisor);
			assert_true(pmu_core_present(&ci));
		} else {
			assert_true(ci.hypervisor);
			assert_false(pmu_core_present(&ci));
		}
		assert_non_null(strstr(ci.brand, "Simulated"));
		struct cache_info cache;
		pmu_status st = cache_info_read(&b, 3, &cache);
		assert_int_equal(st, want[i].llc ? PMU_OK : PMU_ERR_UNSUPPORTED);
		assert_int_equal(cache.llc_bytes, want[i].llc);
		if (want[i].llc)
			assert_int_equal(cache.llc_level, 3);
		free(m);
	}
}

static void test_discover_no_pmu_is_honest(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("no-pmu", 2, 1, &b);
	struct cpu_info ci = { 0 };
	assert_int_equal(pmu_discover(&b, 1, &ci), PMU_OK);
	assert_false(pmu_core_present(&ci));
	assert_string_equal(pmu_core_verdict(&ci), "no architectural PMU: CPUID.0AH reports version 0");
	/* no PDCM: PERF_CAPABILITIES must not even be read */
	assert_false(ci.perf_cap_valid);
	for (unsigned i = 0; i < m->log_len[1]; i++)
		assert_int_not_equal(m->log[1][i].msr, MSR_IA32_PERF_CAPABILITIES);
	free(m);
}

static void test_discover_survives_faulting_msrs(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	model_inject_fault(m, MSR_IA32_MISC_ENABLE, 1);
	model_inject_fault(m, MSR_IA32_PERF_CAPABILITIES, -1);
	struct cpu_info ci = { 0 };
	assert_int_equal(pmu_discover(&b, 1, &ci), PMU_OK);
	assert_int_equal(ci.misc_enable_st, PMU_ERR_FAULT_GP);
	assert_int_equal(ci.perf_cap_st, PMU_ERR_FAULT_GP);
	assert_false(ci.perf_cap_valid);
	assert_false(pmu_core_present(&ci));
	assert_string_equal(pmu_core_verdict(&ci), "PMU state unknown: IA32_MISC_ENABLE could not be read");
	/* CPU 0 is unaffected by a fault injected on CPU 1 only */
	struct cpu_info c0 = { 0 };
	assert_int_equal(pmu_discover(&b, 0, &c0), PMU_OK);
	assert_int_equal(c0.misc_enable_st, PMU_OK);
	assert_int_equal(c0.uncore, UNCORE_SNB_EP);
	free(m);
}

static void test_uncore_family_map(void **state)
{
	(void)state;
	static const struct { uint32_t model; enum uncore_family u; } map[] = {
		{ 0x1A, UNCORE_NHM_CLIENT }, { 0x1E, UNCORE_NHM_CLIENT }, { 0x25, UNCORE_NHM_CLIENT },
		{ 0x2C, UNCORE_NHM_CLIENT }, { 0x2E, UNCORE_NHM_EX }, { 0x2F, UNCORE_NHM_EX },
		{ 0x2D, UNCORE_SNB_EP }, { 0x2A, UNCORE_NONE }, { 0x1F, UNCORE_UNCONFIRMED },
		{ 0x55, UNCORE_SKX }, { 0x6A, UNCORE_ICX }, { 0x6C, UNCORE_ICX }, { 0x8F, UNCORE_DISC },
		{ 0xCF, UNCORE_DISC }, { 0xAD, UNCORE_DISC }, { 0xAF, UNCORE_DISC }, { 0x8C, UNCORE_NONE },
	};
	for (unsigned i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		assert_int_equal(uncore_family_for("GenuineIntel", 6, map[i].model), map[i].u);
	assert_int_equal(uncore_family_for("AuthenticAMD", 6, 0x2E), UNCORE_NONE);
	assert_int_equal(uncore_family_for("GenuineIntel", 15, 0x2E), UNCORE_NONE);
	/* Clearwater Forest on Granite Rapids' path; Panther and Wildcat Lake by MSR 0x201E's table */
	assert_int_equal(uncore_family_for("GenuineIntel", 6, 0xDD), UNCORE_DISC);
	assert_int_equal(uncore_family_for("GenuineIntel", 6, 0xCC), UNCORE_DISC);
	assert_int_equal(uncore_family_for("GenuineIntel", 6, 0xD5), UNCORE_DISC);
	/* Diamond Rapids (19_01) and Nova Lake (18_01) through their discovery rows */
	assert_int_equal(uncore_family_for("GenuineIntel", 0x13, 0x01), UNCORE_DISC);
	assert_int_equal(uncore_family_for("GenuineIntel", 0x12, 0x01), UNCORE_DISC);
	/* AMD by family: 15h none, 17h and Hygon's 18h the first layout, 19h and 1Ah the next */
	assert_int_equal(uncore_family_for("AuthenticAMD", 0x15, 0x01), UNCORE_NONE);
	assert_int_equal(uncore_family_for("AuthenticAMD", 0x17, 0x31), UNCORE_AMD_17H);
	assert_int_equal(uncore_family_for("HygonGenuine", 0x18, 0x00), UNCORE_AMD_17H);
	assert_int_equal(uncore_family_for("AuthenticAMD", 0x19, 0x11), UNCORE_AMD_19H);
	assert_int_equal(uncore_family_for("AuthenticAMD", 0x1A, 0x11), UNCORE_AMD_19H);
	/* each family's name, from its row */
	assert_string_equal(uncore_family_name(UNCORE_SKX), "skylake-sp");
	assert_string_equal(uncore_family_name(UNCORE_UNCONFIRMED), "unconfirmed-0x1f");
	assert_string_equal(uncore_family_name(UNCORE_AMD_19H), "amd-19h");
	assert_string_equal(uncore_family_name(UNCORE_NONE), "none");
}

static void test_model_stores_reads_back_and_faults(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 2, 1, &b);
	uint64_t v = 1;
	assert_int_equal(pmu_wrmsr(&b, 0, 0x186, 0x43003c), PMU_OK);
	assert_int_equal(pmu_rdmsr(&b, 0, 0x186, &v), PMU_OK);
	assert_int_equal(v, 0x43003c);
	assert_int_equal(pmu_rdmsr(&b, 1, 0x186, &v), PMU_OK);
	assert_int_equal(v, 0);                                      /* per-CPU state */
	assert_int_equal(pmu_rdmsr(&b, 0, 0x12345678, &v), PMU_ERR_FAULT_GP); /* unimplemented */
	assert_int_equal(pmu_rdmsr(&b, 0, 0x18A, &v), PMU_ERR_FAULT_GP);      /* PERFEVTSEL4 on a 4-counter CPU */
	model_inject_fault(m, 0x186, 0);
	assert_int_equal(pmu_wrmsr(&b, 0, 0x186, 0), PMU_ERR_FAULT_GP);
	assert_int_equal(pmu_rdmsr(&b, 0, 0x186, &v), PMU_ERR_FAULT_GP);
	/* the log records every access, in order, faults included */
	assert_int_equal(m->log_len[0], 6);
	assert_int_equal(m->log[0][0].op, MOP_WRMSR);
	assert_int_equal(m->log[0][0].msr, 0x186);
	assert_int_equal(m->log[0][4].st, PMU_ERR_FAULT_GP);
	assert_int_equal(model_write_count(m, 0), 2);
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decode_0a_fields),
		cmocka_unit_test(test_decode_0a_v1_ignores_edx),
		cmocka_unit_test(test_decode_0a_v5_fixed_bitmap),
		cmocka_unit_test(test_discover_nehalem_ex),
		cmocka_unit_test(test_discover_every_profile),
		cmocka_unit_test(test_discover_no_pmu_is_honest),
		cmocka_unit_test(test_discover_survives_faulting_msrs),
		cmocka_unit_test(test_uncore_family_map),
		cmocka_unit_test(test_model_stores_reads_back_and_faults),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
