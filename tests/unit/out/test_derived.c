/*
 * Derived metrics in integer arithmetic: event names the app logs map to
 * their roles, ratios round to nearest thousandth, 128-bit intermediate
 * products do not overflow, and a metric with a missing or zero input is
 * absent rather than 0.
 */
#include "testutil.h"
#include "out/derived.h"

static void test_roles(void **state)
{
	(void)state;
	assert_int_equal(derived_role_of("instructions"), DR_INSTRUCTIONS);
	assert_int_equal(derived_role_of("INST_RETIRED.ANY"), DR_INSTRUCTIONS);
	assert_int_equal(derived_role_of("inst_retired.any_p"), DR_INSTRUCTIONS);
	assert_int_equal(derived_role_of("cpu/INST_RETIRED.ANY/"), DR_INSTRUCTIONS);
	assert_int_equal(derived_role_of("Instruction Retired"), DR_INSTRUCTIONS);
	assert_int_equal(derived_role_of("cycles"), DR_CYCLES);
	assert_int_equal(derived_role_of("CPU_CLK_UNHALTED.THREAD"), DR_CYCLES);
	assert_int_equal(derived_role_of("BR_MISP_RETIRED.ALL_BRANCHES"), DR_BRANCH_MISSES);
	assert_int_equal(derived_role_of("branches"), DR_BRANCHES);
	assert_int_equal(derived_role_of("LONGEST_LAT_CACHE.REFERENCE"), DR_LLC_REFS);
	assert_int_equal(derived_role_of("cache-misses"), DR_LLC_MISSES);
	assert_int_equal(derived_role_of("uncore_imc/UNC_M_CAS_COUNT.RD/"), DR_MEM_READ_LINES);
	assert_int_equal(derived_role_of("UNC_M_CAS_COUNT.ALL"), DR_MEM_LINES);
	/* Not the event: modified by terms, a prefix, another clock, raw encodings. */
	assert_int_equal(derived_role_of("cpu/INST_RETIRED.ANY,cmask=1/"), DR_NONE);
	assert_int_equal(derived_role_of("cpu/event=0xc0/"), DR_NONE);
	assert_int_equal(derived_role_of("instruction"), DR_NONE);
	assert_int_equal(derived_role_of("instructionsx"), DR_NONE);
	assert_int_equal(derived_role_of("ref-cycles"), DR_NONE);
	assert_int_equal(derived_role_of("r00c0"), DR_NONE);
	assert_int_equal(derived_role_of("/"), DR_NONE);
	assert_int_equal(derived_role_of("cpu//"), DR_NONE);
	assert_int_equal(derived_role_of("a/b/c/"), DR_NONE);
	assert_int_equal(derived_role_of(""), DR_NONE);
}

static void test_muldiv(void **state)
{
	(void)state;
	uint64_t q;
	assert_true(derived_muldiv(10, 1000, 3, &q));
	assert_int_equal(q, 3333);
	assert_true(derived_muldiv(20, 1000, 3, &q));
	assert_int_equal(q, 6667);                       /* rounded to nearest */
	assert_true(derived_muldiv(1, 1, 2, &q));
	assert_int_equal(q, 1);                          /* halves round up */
	assert_true(derived_muldiv(UINT64_MAX, UINT64_MAX, UINT64_MAX, &q));
	assert_true(q == UINT64_MAX);
	assert_true(derived_muldiv(UINT64_MAX, 1000, 2000, &q));
	assert_true(q == UINT64_MAX / 2 + 1);
	assert_true(derived_muldiv(1ull << 62, 6, 3, &q));    /* 2^64 * 1.5 in between */
	assert_true(q == 1ull << 63);
	assert_false(derived_muldiv(1ull << 63, 4, 2, &q));   /* 2^64 does not fit */
	assert_false(derived_muldiv(5, 5, 0, &q));
	assert_true(derived_muldiv(0, 5, 7, &q));
	assert_int_equal(q, 0);
}

static void set(const struct derived_input *in, unsigned n, struct derived_set *out)
{
	derived_compute(in, n, 0, 0, out);
}

static void test_core_metrics(void **state)
{
	(void)state;
	struct derived_set d;
	const struct derived_input in[] = {
		{ "INST_RETIRED.ANY", 12345 }, { "CPU_CLK_UNHALTED.THREAD", 10000 },
		{ "branches", 4000 }, { "branch-misses", 37 },
		{ "cache-references", 3 }, { "LONGEST_LAT_CACHE.MISS", 1 },
		{ "instructions", 1 },   /* second of its role: ignored */
	};
	set(in, 7, &d);
	assert_true(d.m[DM_IPC].present);
	assert_int_equal(d.m[DM_IPC].milli, 1235);       /* 1.2345 rounds to 1.235 */
	assert_int_equal(d.m[DM_CPI].milli, 810);        /* 0.81004 */
	assert_int_equal(d.m[DM_BRANCH_MISS].milli, 925); /* 0.925 % */
	assert_int_equal(d.m[DM_LLC_MISS].milli, 33333);  /* 33.333 % */
	assert_false(d.m[DM_MEM_BW].present);
	assert_string_equal(d.m[DM_IPC].name, "IPC");
	assert_string_equal(d.m[DM_LLC_MISS].unit, "%");
}

static void test_absent_not_zero(void **state)
{
	(void)state;
	struct derived_set d;
	const struct derived_input zero_cycles[] = { { "instructions", 100 }, { "cycles", 0 } };
	set(zero_cycles, 2, &d);
	assert_false(d.m[DM_IPC].present);
	assert_false(d.m[DM_CPI].present);
	const struct derived_input no_misses[] = { { "branches", 100 }, { "branch-misses", 0 } };
	set(no_misses, 2, &d);
	assert_false(d.m[DM_BRANCH_MISS].present);
	const struct derived_input only_inst[] = { { "instructions", 100 } };
	set(only_inst, 1, &d);
	for (unsigned i = 0; i < DM_COUNT; i++)
		assert_false(d.m[i].present);
	set(NULL, 0, &d);
	assert_false(d.m[DM_IPC].present);
	/* A ratio too large for 64 bits is absent too. */
	const struct derived_input huge[] = { { "instructions", UINT64_MAX }, { "cycles", 1 } };
	set(huge, 2, &d);
	assert_false(d.m[DM_IPC].present);
	assert_true(d.m[DM_CPI].present);
	assert_int_equal(d.m[DM_CPI].milli, 0);   /* measured, and below 0.0005 */
}

static void test_bandwidth(void **state)
{
	(void)state;
	struct derived_set d;
	/* 1e6 lines read, 5e5 written in 0.5 s of a 2 GHz TSC: 128 MB/s read, 64 write, 192 total. */
	const struct derived_input in[] = {
		{ "UNC_M_CAS_COUNT.RD", 1000000 }, { "UNC_M_CAS_COUNT.WR", 500000 },
	};
	derived_compute(in, 2, 1000000000ull, 2000000000ull, &d);
	assert_true(d.m[DM_MEM_READ_BW].present);
	assert_int_equal(d.m[DM_MEM_READ_BW].milli, 128000);
	assert_int_equal(d.m[DM_MEM_WRITE_BW].milli, 64000);
	assert_int_equal(d.m[DM_MEM_BW].milli, 192000);
	/* Without the clock: absent. */
	derived_compute(in, 2, 0, 2000000000ull, &d);
	assert_false(d.m[DM_MEM_BW].present);
	derived_compute(in, 2, 1000, 0, &d);
	assert_false(d.m[DM_MEM_READ_BW].present);
	/* Reads only: no total; the .ALL event gives it directly. */
	derived_compute(in, 1, 3000, 3000, &d);
	assert_false(d.m[DM_MEM_BW].present);
	assert_int_equal(d.m[DM_MEM_READ_BW].milli, 64000);    /* 64e6 B/s over 1 s */
	const struct derived_input all[] = { { "UNC_M_CAS_COUNT.ALL", 7 } };
	derived_compute(all, 1, 3000000, 3000000000ull, &d);   /* 1 ms */
	assert_int_equal(d.m[DM_MEM_BW].milli, 448);           /* 448000 B/s = 0.448 MB/s */
}

static void test_format(void **state)
{
	(void)state;
	char buf[96];
	struct strbuf sb;
	static const struct { uint64_t milli; const char *text; } cases[] = {
		{ 0, "0.000" }, { 5, "0.005" }, { 50, "0.050" }, { 1234, "1.234" }, { 1000, "1.000" },
		{ 123456789, "123456.789" },
	};
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sb_init(&sb, buf, sizeof(buf));
		derived_fmt_milli(&sb, cases[i].milli);
		assert_string_equal(buf, cases[i].text);
	}
	struct derived_set d;
	const struct derived_input in[] = { { "instructions", 3 }, { "cycles", 2 }, { "branches", 8 },
					    { "branch-misses", 1 }, { "UNC_M_CAS_COUNT.ALL", 1 } };
	derived_compute(in, 5, 1, 1000000, &d);
	sb_init(&sb, buf, sizeof(buf));
	derived_fmt(&sb, &d.m[DM_IPC]);
	assert_string_equal(buf, "IPC 1.500");
	sb_init(&sb, buf, sizeof(buf));
	derived_fmt(&sb, &d.m[DM_BRANCH_MISS]);
	assert_string_equal(buf, "branch-mispredict ratio 12.500%");
	sb_init(&sb, buf, sizeof(buf));
	derived_fmt(&sb, &d.m[DM_MEM_BW]);
	assert_string_equal(buf, "memory bandwidth 64.000 MB/s");
	sb_init(&sb, buf, sizeof(buf));
	derived_fmt(&sb, &d.m[DM_LLC_MISS]);
	assert_string_equal(buf, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_roles),
		cmocka_unit_test(test_muldiv),
		cmocka_unit_test(test_core_metrics),
		cmocka_unit_test(test_absent_not_zero),
		cmocka_unit_test(test_bandwidth),
		cmocka_unit_test(test_format),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
