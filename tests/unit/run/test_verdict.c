/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The one verdict (lib/run/verdict.c): each outcome from what a run found, and their order. */
#include "testutil.h"
#include "run/verdict.h"

/*
 * Four CPUs ran, each with a core PMU, the job (which checks the PMU's claims) passed
 * an instruction check on each, the log is whole.
 */
static struct verdict_input clean(void)
{
	struct verdict_input in = { 0 };
	in.job = VERDICT_PASS;
	in.claims = in.pmu_claims = true;
	in.checks.n[CHECK_INSTRUCTIONS] = 4;
	in.ran = in.with_pmu = 4;
	return in;
}

static void line_of(const struct verdict_input *in, char *out, size_t cap)
{
	struct strbuf sb;
	struct verdict_result r = verdict_decide(in);
	sb_init(&sb, out, cap);
	verdict_line(&sb, in, &r);
}

static void test_pass(void **state)
{
	(void)state;
	struct verdict_input in = clean();
	struct verdict_result r = verdict_decide(&in);
	assert_int_equal(r.v, VERDICT_PASS);
	assert_null(r.reason);
	assert_string_equal(verdict_name(r.v), "PASS");
}

static void test_fail_from_the_job_or_a_missing_cpu(void **state)
{
	(void)state;
	struct verdict_input in = clean();
	in.job = VERDICT_FAIL;
	assert_int_equal(verdict_decide(&in).v, VERDICT_FAIL);
	in = clean();
	in.missing = 1;
	struct verdict_result r = verdict_decide(&in);
	assert_int_equal(r.v, VERDICT_FAIL);
	assert_string_equal(r.reason, "a selected CPU did not answer");
	in = clean();
	in.ran = in.with_pmu = 0;
	r = verdict_decide(&in);
	assert_int_equal(r.v, VERDICT_FAIL);
	assert_string_equal(r.reason, "no CPU ran");
}

/* NO-PMU carries discovery's reason, whichever it was. */
static void test_no_pmu_by_reason(void **state)
{
	(void)state;
	static const char *const why[] = {
		"CPUID.0AH reports version 0",
		"CPUID.0AH reports no general-purpose counters",
	};
	for (unsigned i = 0; i < 2; i++) {
		struct verdict_input in = clean();
		in.with_pmu = 3;
		in.no_pmu_reason = why[i];
		struct verdict_result r = verdict_decide(&in);
		assert_int_equal(r.v, VERDICT_NO_PMU);
		assert_string_equal(r.reason, why[i]);
		assert_string_equal(verdict_name(r.v), "NO-PMU");
	}
}

/* A PMU that exists but cannot be used (AMD, Limit CPUID Maxval) is FAIL with its name, never NO-PMU. */
static void test_unusable_is_not_absent(void **state)
{
	(void)state;
	struct verdict_input in = clean();
	in.with_pmu = 0;
	in.unusable = 4;
	in.unusable_reason = "AMD family 19h: core PMU not yet supported by efipmu";
	struct verdict_result r = verdict_decide(&in);
	assert_int_equal(r.v, VERDICT_FAIL);
	assert_string_equal(r.reason, in.unusable_reason);
}

/* A window that never got quiet is DISTURBED, not a PMU failure; a failed check still wins. */
static void test_disturbed(void **state)
{
	(void)state;
	struct verdict_input in = clean();
	in.disturbed = 2;
	struct verdict_result r = verdict_decide(&in);
	assert_int_equal(r.v, VERDICT_DISTURBED);
	assert_non_null(r.reason);
	assert_string_equal(verdict_name(r.v), "DISTURBED");
	in.job = VERDICT_FAIL;
	assert_int_equal(verdict_decide(&in).v, VERDICT_FAIL);
}

static void test_error_wins(void **state)
{
	(void)state;
	struct verdict_input in = clean();
	in.job = VERDICT_ERROR;
	in.missing = 2;
	in.log_lost = "the volume is full";
	assert_int_equal(verdict_decide(&in).v, VERDICT_ERROR);
	assert_string_equal(verdict_name(VERDICT_ERROR), "ERROR");
}

/* A lost log turns any result into FAIL, with the reason. */
static void test_lost_log(void **state)
{
	(void)state;
	struct verdict_input in = clean();
	in.disturbed = 1;
	in.log_lost = "the volume is full";
	struct verdict_result r = verdict_decide(&in);
	assert_int_equal(r.v, VERDICT_FAIL);
	assert_string_equal(r.reason, "the volume is full");
}

static void test_fault_test(void **state)
{
	(void)state;
	struct verdict_input in = clean();
	in.fault_test = true;
	in.faults_caught = 4;
	assert_int_equal(verdict_decide(&in).v, VERDICT_PASS);
	in.faults_caught = 3;
	assert_int_equal(verdict_decide(&in).v, VERDICT_FAIL);
	/* a CPU without a core PMU still proves the fault path: not NO-PMU */
	in.faults_caught = 4;
	in.with_pmu = 0;
	assert_int_equal(verdict_decide(&in).v, VERDICT_PASS);
}

/* A job that checks claims and checked none proves nothing: NO-CHECK with its reason. */
static void test_no_check(void **state)
{
	(void)state;
	struct verdict_input in = clean();
	in.checks.n[CHECK_INSTRUCTIONS] = 0;
	struct verdict_result r = verdict_decide(&in);
	assert_int_equal(r.v, VERDICT_NO_CHECK);
	assert_string_equal(r.reason, "no count had a claim to check it against");
	assert_string_equal(verdict_name(r.v), "NO-CHECK");
	in.checks.none_why = "no counter left for instructions";
	assert_string_equal(verdict_decide(&in).reason, "no counter left for instructions");
	/* a job that checks no claims (--list) passes without one; a failed job still fails */
	in.claims = false;
	assert_int_equal(verdict_decide(&in).v, VERDICT_PASS);
	in.claims = true;
	in.job = VERDICT_FAIL;
	assert_int_equal(verdict_decide(&in).v, VERDICT_FAIL);
	/* no PMU says why before anything is checked */
	in = clean();
	in.checks.n[CHECK_INSTRUCTIONS] = 0;
	in.with_pmu = 0;
	assert_int_equal(verdict_decide(&in).v, VERDICT_NO_PMU);
	/* a job whose claims are not the PMU's (the TSC under -icount) is not NO-PMU */
	in.pmu_claims = false;
	in.checks.n[CHECK_ICOUNT] = 7;
	assert_int_equal(verdict_decide(&in).v, VERDICT_PASS);
}

/* The console line: CPUs, then the checks by kind, as the record has them. */
static void test_line_says_what_was_proved(void **state)
{
	(void)state;
	char line[160], rec[320];
	struct verdict_input in = clean();
	in.checks.n[CHECK_BRANCHES] = 4;
	in.checks.n[CHECK_UNCORE_PROBES] = 4;
	line_of(&in, line, sizeof(line));
	assert_string_equal(line, "VERDICT: PASS - 4 CPUs, 12 checks: 4 instructions, 4 branches, "
			    "4 uncore probes");
	struct strbuf sb;
	struct verdict_result r = verdict_decide(&in);
	sb_init(&sb, rec, sizeof(rec));
	sb_putc(&sb, '{');
	verdict_record(&sb, &in, &r);
	assert_non_null(strstr(rec, "\"checks\":12,\"checks_by_kind\":{\"instructions\":4,"
			       "\"branches\":4,\"uncore probes\":4}"));
	in = clean();
	in.ran = 1;
	in.with_pmu = 0;
	in.checks.n[CHECK_INSTRUCTIONS] = 0;
	line_of(&in, line, sizeof(line));
	assert_string_equal(line, "VERDICT: NO-PMU - 1 CPU, 0 with a core PMU, no checks");
	in = clean();
	in.unfinished = 1;
	in.missing = 1;
	in.checks.n[CHECK_INSTRUCTIONS] = 1;
	line_of(&in, line, sizeof(line));
	assert_string_equal(line, "VERDICT: FAIL - 4 CPUs, 1 did not answer, 1 did not finish, "
			    "1 check: 1 instruction");
	in = clean();
	in.fault_test = true;
	in.checks.n[CHECK_INSTRUCTIONS] = 0;
	in.checks.n[CHECK_FAULT_PATHS] = 4;
	in.faults_caught = 3;
	line_of(&in, line, sizeof(line));
	assert_string_equal(line, "VERDICT: FAIL - 4 CPUs, 4 checks: 4 fault tests; "
			    "#GP caught on all paths on 3 CPUs");
}

/*
 * Waived checks are neither passed nor failed: the run keeps PASS, and its line and record
 * count them and name their references once each (up to 4, then "and more").
 */
static void test_waived(void **state)
{
	(void)state;
	struct verdict_input in = clean();
	char line[256], rec[256];
	verdict_waived(&in.checks, "SKL091");
	verdict_waived(&in.checks, "LAB-17 board A2");
	verdict_waived(&in.checks, "SKL091");
	assert_int_equal(in.checks.waived, 3);
	assert_int_equal(in.checks.nrefs, 2);
	struct verdict_result r = verdict_decide(&in);
	assert_int_equal(r.v, VERDICT_PASS);
	line_of(&in, line, sizeof(line));
	assert_string_equal(line, "VERDICT: PASS - 4 CPUs, 4 checks: 4 instructions; 3 WAIVED: "
			    "SKL091, LAB-17 board A2");
	struct strbuf sb;
	sb_init(&sb, rec, sizeof(rec));
	verdict_record(&sb, &in, &r);
	assert_non_null(strstr(rec, "\"waived\":3,\"waived_by\":[\"SKL091\",\"LAB-17 board A2\"]"));
	/* a waived check does not hide a failed one */
	in.job = VERDICT_FAIL;
	assert_int_equal(verdict_decide(&in).v, VERDICT_FAIL);
	in = clean();
	static const char *const refs[] = { "A1", "A2", "A3", "A4", "A5" };
	for (unsigned i = 0; i < 5; i++)
		verdict_waived(&in.checks, refs[i]);
	line_of(&in, line, sizeof(line));
	assert_string_equal(line, "VERDICT: PASS - 4 CPUs, 4 checks: 4 instructions; 5 WAIVED: "
			    "A1, A2, A3, A4 and more (the check records name them)");
}

static void test_order(void **state)
{
	(void)state;
	static const enum verdict order[] = { VERDICT_PASS, VERDICT_NO_CHECK, VERDICT_NO_PMU,
					      VERDICT_DISTURBED, VERDICT_FAIL, VERDICT_ERROR };
	for (unsigned i = 0; i < 6; i++)
		for (unsigned j = 0; j < 6; j++)
			assert_int_equal(verdict_worse(order[i], order[j]), order[i > j ? i : j]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pass),
		cmocka_unit_test(test_fail_from_the_job_or_a_missing_cpu),
		cmocka_unit_test(test_no_pmu_by_reason),
		cmocka_unit_test(test_unusable_is_not_absent),
		cmocka_unit_test(test_disturbed),
		cmocka_unit_test(test_error_wins),
		cmocka_unit_test(test_lost_log),
		cmocka_unit_test(test_fault_test),
		cmocka_unit_test(test_no_check),
		cmocka_unit_test(test_line_says_what_was_proved),
		cmocka_unit_test(test_waived),
		cmocka_unit_test(test_order),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
