/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The job table's exclusions (lib/run/jobs.c, the excluded_by field of each row): which jobs
 * a command line runs, as docs/design.md "The run and its jobs" says they combine.
 */
#include "testutil.h"
#include "run/job.h"
#include "run/options.h"

/* The names of the rows job_wanted keeps for command line argv, space-separated. */
static void wanted(int argc, const char *const *argv, char *out, size_t cap)
{
	struct efipmu_options o;
	struct opt_error err;
	struct strbuf sb;
	options_defaults(&o);
	assert_int_equal(options_parse_argv(argc, argv, &o, &err), PMU_OK);
	sb_init(&sb, out, cap);
	for (unsigned i = 0; i < JOB_COUNT; i++) {
		if (!job_wanted(&run_jobs[i], &o))
			continue;
		if (sb.len)
			sb_putc(&sb, ' ');
		sb_puts(&sb, run_jobs[i].name);
	}
}

#define ARGV(...) ((const char *const[]){ "efipmu", __VA_ARGS__ })
#define ARGC(...) ((int)(sizeof((const char *[]){ "efipmu", __VA_ARGS__ }) / sizeof(char *)))
#define EXPECT(jobs, ...)                                                  \
	do {                                                               \
		char got[160];                                             \
		wanted(ARGC(__VA_ARGS__), ARGV(__VA_ARGS__), got, sizeof(got)); \
		assert_string_equal(got, jobs);                            \
	} while (0)

/* Nothing asked: the capture, then the measurement; capture = off leaves the capture out. */
static void test_measure_when_nothing_else(void **state)
{
	(void)state;
	char none[160];
	wanted(1, ARGV(NULL), none, sizeof(none));
	assert_string_equal(none, "capture measure");
	EXPECT("measure", "--capture=off");
	EXPECT("capture dry-run measure", "--dry-run");
}

/* A tool job runs alone, the first of icount, bench, fault test that is asked for. */
static void test_a_tool_runs_alone(void **state)
{
	(void)state;
	EXPECT("capture icount", "--icount-check", "--bench", "--fault-test", "--list");
	EXPECT("capture bench", "--bench", "--fault-test", "--selftest", "--dry-run");
	EXPECT("capture fault-test", "--fault-test", "--decode", "cha", "0x1", "--cxl");
}

/* List and decode run together, and leave out whatever would write. */
static void test_list_and_decode_inform(void **state)
{
	(void)state;
	EXPECT("capture list decode", "--list", "--decode", "cha", "0x1");
	EXPECT("capture list", "--list", "--dry-run", "--selftest", "--cxl");
	EXPECT("capture decode", "--decode", "cha", "0x1", "--dry-run");
}

/* The dry run goes with the selftest or the CXL job; either leaves out the measurement. */
static void test_dry_run_wraps_the_next(void **state)
{
	(void)state;
	EXPECT("capture dry-run selftest", "--dry-run", "--selftest");
	EXPECT("capture dry-run cxl", "--dry-run", "--cxl");
	EXPECT("capture cxl selftest", "--cxl", "--selftest");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_measure_when_nothing_else),
		cmocka_unit_test(test_a_tool_runs_alone),
		cmocka_unit_test(test_list_and_decode_inform),
		cmocka_unit_test(test_dry_run_wraps_the_next),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
