/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * CPUID of the reference model (lib/model/model_cpuid.c): the leaves of the real
 * dumps, the per-CPU APIC IDs, the SDM's answers for leaves and subleaves a CPU
 * does not have, and IA32_MISC_ENABLE[22] (Limit CPUID Maxval). Expected values
 * are copied from the InstLatx64 dumps of data/cpuid/intel-06-1a-nehalem-ep.txt
 * and intel-06-2d-sandy-bridge-ep.txt (their first line names them), logical CPU #0.
 */
#include "testutil.h"
#include "pmu/cpuinfo.h"

static struct pmu_cpuid cpuid(const struct pmu_backend *b, unsigned cpu, uint32_t leaf,
			      uint32_t sub)
{
	struct pmu_cpuid r;
	assert_int_equal(pmu_cpuid(b, cpu, leaf, sub, &r), PMU_OK);
	return r;
}

static void assert_regs(struct pmu_cpuid r, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
	if (r.eax != a || r.ebx != b || r.ecx != c || r.edx != d)
		fail_msg("got %08x-%08x-%08x-%08x, want %08x-%08x-%08x-%08x", r.eax, r.ebx, r.ecx,
			 r.edx, a, b, c, d);
}

/*
 * The dump's lines, with the model's APIC ID: unplaced, each CPU is its own core, the core
 * above the dump's 1-bit SMT field (the dump's CPU #0 has 0).
 */
static void test_leaves_as_dumped(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 8, 1, &b);
	assert_regs(cpuid(&b, 0, 0, 0), 0x0000000B, 0x756E6547, 0x6C65746E, 0x49656E69);
	assert_regs(cpuid(&b, 0, 1, 0), 0x000106A2, 0x00100800, 0x00BCE3BD, 0xBFEBFBFF);
	assert_regs(cpuid(&b, 5, 1, 0), 0x000106A2, 0x0A100800, 0x00BCE3BD, 0xBFEBFBFF);
	assert_regs(cpuid(&b, 0, 4, 3), 0x1C03C163, 0x03C0003F, 0x00001FFF, 0x00000002);
	assert_regs(cpuid(&b, 0, 0xA, 0), 0x07300403, 0x00000000, 0x00000000, 0x00000603);
	assert_regs(cpuid(&b, 6, 0xB, 1), 0x00000004, 0x00000008, 0x00000201, 0x0000000C);
	assert_regs(cpuid(&b, 0, 0x80000008, 0), 0x00003028, 0, 0, 0);
	free(m);
	m = test_model("sandy-bridge-ep", 2, 1, &b);
	assert_regs(cpuid(&b, 1, 0, 0), 0x0000000D, 0x756E6547, 0x6C65746E, 0x49656E69);
	assert_regs(cpuid(&b, 1, 1, 0), 0x000206D5, 0x02200800, 0x1FBEE3FF, 0xBFEBFBFF);
	assert_regs(cpuid(&b, 1, 0xA, 0), 0x07300403, 0x00000000, 0x00000000, 0x00000603);
	assert_regs(cpuid(&b, 1, 0xD, 2), 0x00000100, 0x00000240, 0x00000000, 0x00000000);
	free(m);
}

/*
 * Parts without a dump (docs/platforms.md): granite-rapids answers Emerald Rapids' leaves
 * (data/cpuid/intel-06-cf-emerald-rapids.txt CPU #0: leaf 0xA 08300805-0-F-8604) with the
 * signature 06_AD stepping 1; sierra-forest Meteor Lake's E-core leaves (intel-06-aa-
 * meteor-lake.txt CPU #2: leaf 0xA 07300805-0-7-8603) with 06_AF, leaf 0x1A (20000002 there,
 * Crestmont) 0 on every CPU: one core type, not a hybrid part.
 */
static void test_parts_of_another_dump(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("granite-rapids", 2, 1, &b);
	for (unsigned c = 0; c < 2; c++)
		assert_int_equal(cpuid(&b, c, 1, 0).eax, 0x000A06D1);
	assert_regs(cpuid(&b, 1, 0xA, 0), 0x08300805, 0, 0x0000000F, 0x00008604);
	free(m);
	m = test_model("sierra-forest", 4, 1, &b);
	for (unsigned c = 0; c < 4; c++) {
		assert_int_equal(cpuid(&b, c, 1, 0).eax, 0x000A06F1);
		assert_regs(cpuid(&b, c, 0xA, 0), 0x07300805, 0, 0x00000007, 0x00008603);
		assert_regs(cpuid(&b, c, 0x1A, 0), 0, 0, 0, 0);
	}
	free(m);
}

/*
 * SDM vol. 2A: a leaf above the highest basic or extended one returns the highest basic
 * leaf; leaf 4 past the last cache has type 0; leaf 0xB past the last level has level
 * type 0, ECX[7:0] the subleaf and EDX the x2APIC ID. A leaf without subleaves ignores ECX.
 */
static void test_leaves_the_cpu_does_not_have(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 4, 1, &b);
	assert_regs(cpuid(&b, 2, 0x14, 0), 0x00000001, 0x00000002, 0x00000100, 0x00000004);
	assert_regs(cpuid(&b, 2, 0x80000009, 1), 0x00000004, 0x00000008, 0x00000201, 0x00000004);
	assert_regs(cpuid(&b, 2, 4, 4), 0, 0, 0, 0);
	assert_regs(cpuid(&b, 3, 0xB, 2), 0, 0, 0x00000002, 0x00000006);
	assert_regs(cpuid(&b, 0, 0xA, 7), 0x07300403, 0x00000000, 0x00000000, 0x00000603);
	free(m);
}

/* Leaves 0x80000002-4 carry the profile's brand, which says the machine is simulated. */
static void test_brand_says_simulated(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("westmere-ex", 1, 1, &b);
	char s[49] = { 0 };
	for (unsigned i = 0; i < 3; i++) {
		struct pmu_cpuid r = cpuid(&b, 0, 0x80000002 + i, 0);
		memcpy(s + 16 * i, &r.eax, 4);
		memcpy(s + 16 * i + 4, &r.ebx, 4);
		memcpy(s + 16 * i + 8, &r.ecx, 4);
		memcpy(s + 16 * i + 12, &r.edx, 4);
	}
	assert_string_equal(s, "Simulated Xeon E7-4870 (Westmere-EX)");
	free(m);
}

/*
 * IA32_MISC_ENABLE[22] set by firmware: CPUID.0 reports max leaf 2 (SDM vol. 4 table 2-2).
 * Discovery then finds no leaf 0xA, so no PMU, and names the bit as the reason.
 */
static void test_limit_cpuid_maxval(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep-cpuid-limited", 2, 1, &b);
	assert_int_equal(rd_on(&b, 1, 0x1A0) >> 22 & 1, 1);
	assert_regs(cpuid(&b, 1, 0, 0), 0x00000002, 0x756E6547, 0x6C65746E, 0x49656E69);
	struct cpu_info ci = { 0 };
	assert_int_equal(pmu_discover(&b, 1, &ci), PMU_OK);
	assert_int_equal(ci.max_leaf, 2);
	assert_int_equal(ci.model, 0x1A);
	assert_true(ci.cpuid_limited);
	assert_int_equal(ci.arch.version, 0);
	assert_int_equal(ci.arch.n_gp, 0);
	assert_false(pmu_core_present(&ci));
	assert_string_equal(pmu_core_verdict(&ci),
			    "Limit CPUID Maxval (IA32_MISC_ENABLE[22]) hides CPUID leaf 0xA");
	free(m);
	/* The same CPU without the bit: leaf 0xB is the top, the PMU is there. */
	m = test_model("nehalem-ep", 2, 1, &b);
	memset(&ci, 0, sizeof(ci));
	assert_int_equal(pmu_discover(&b, 1, &ci), PMU_OK);
	assert_int_equal(ci.max_leaf, 0xB);
	assert_false(ci.cpuid_limited);
	assert_true(pmu_core_present(&ci));
	assert_string_equal(pmu_core_verdict(&ci), "architectural PMU present");
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_leaves_as_dumped),
		cmocka_unit_test(test_leaves_the_cpu_does_not_have),
		cmocka_unit_test(test_parts_of_another_dump),
		cmocka_unit_test(test_brand_says_simulated),
		cmocka_unit_test(test_limit_cpuid_maxval),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
