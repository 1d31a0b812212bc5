/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * CPUs the platform does not list still run the procedures (issue 33 item 1): UEFI's
 * StartupAllAPs runs a procedure on every enabled AP, whatever number of CPUs the caller
 * made room for. Each procedure must check its number before it touches a slot, so a run
 * with CPUs past the list is the run without them, to the byte: the same console, the same
 * log, nothing written past the slots (ASan watches every allocation here).
 */
#include "run_harness.h"

/* A fault test that passes on every CPU it runs on. */
static const char *no_fault(const struct pmu_backend *b, unsigned cpu, char *desc, size_t cap,
			    struct restore_tally *back)
{
	(void)b;
	(void)cpu;
	(void)back;
	snprintf(desc, cap, "nothing to catch");
	return NULL;
}

static const struct run_faults faults = { .test = no_fault };

/* Removes the one occurrence of line from text; false: it is not there. */
static bool cut(char *text, const char *line)
{
	char *at = strstr(text, line);
	if (!at)
		return false;
	memmove(at, at + strlen(line), strlen(at + strlen(line)) + 1);
	return !strstr(text, line);
}

/* Removes the line holding needle from text; false: no line holds it. */
static bool cut_line_of(char *text, const char *needle)
{
	char *at = strstr(text, needle);
	if (!at)
		return false;
	while (at > text && at[-1] != '\n')
		at--;
	char *end = strchr(at, '\n');
	memmove(at, end + 1, strlen(end + 1) + 1);
	return true;
}

/* Every line holding needle, from a and b alike (as many in each). */
static void cut_both(char *a, char *b, const char *needle)
{
	while (cut_line_of(a, needle))
		assert_true(cut_line_of(b, needle));
	assert_false(cut_line_of(b, needle));
}

/* cfg on ncpus CPUs in npkgs packages, unlisted more answering run_all. */
static struct outcome run_unlisted(const char *cfg, unsigned ncpus, unsigned npkgs,
				   unsigned unlisted)
{
	struct outcome o = outcome_new(ncpus, npkgs, 2);
	o.f->unlisted = unlisted;
	o.f->plat.found = ncpus + unlisted;
	init_cfg_faults(&o, cfg, NULL, &faults);
	finish(&o);
	return o;
}

/*
 * The same run with and without CPUs past the list: the same verdict and the same console
 * and log but for the line naming them, the header's count of CPUs found and the log's
 * length that count changes (and the host's address of the kernels' buffer).
 */
static void same_without_unlisted(const char *cfg, unsigned ncpus, unsigned npkgs)
{
	unsigned more = 3 * ncpus;
	struct outcome a = run_unlisted(cfg, ncpus, npkgs, 0);
	struct outcome b = run_unlisted(cfg, ncpus, npkgs, more);
	char named[128], found[32];
	assert_int_equal(a.v, VERDICT_PASS);
	assert_int_equal(b.v, a.v);
	snprintf(named, sizeof(named), "[SIM] firmware reports %u CPUs; efipmu lists at most %u: "
		 "the other %u are not measured\n", ncpus + more, ncpus, more);
	assert_true(cut(b.f->console, named));
	/* the kernels' buffer is wherever the host's allocator put it */
	cut_both(a.f->console, b.f->console, "Buffer for ");
	assert_string_equal(b.f->console, a.f->console);
	snprintf(found, sizeof(found), "\"cpus_found\":%u,", ncpus + more);
	assert_true(cut_line_of(b.f->log, found));
	assert_true(cut_line_of(a.f->log, "\"rec\":\"header\""));
	cut_both(a.f->log, b.f->log, "\"rec\":\"log_cost\"");
	cut_both(a.f->log, b.f->log, "\"rec\":\"buffer\"");
	assert_string_equal(b.f->log, a.f->log);
	done(&a);
	done(&b);
}

/* The default job: discovery and the capture on every CPU, the rounds. */
static void test_default_job(void **state)
{
	(void)state;
	same_without_unlisted("backend = sim\nsim-profile = skylake-sp\n", 8, 2);
}

static void test_selftest(void **state)
{
	(void)state;
	same_without_unlisted("backend = sim\nsim-profile = sandy-bridge-ep\nselftest\n", 4, 2);
}

static void test_fault_test(void **state)
{
	(void)state;
	same_without_unlisted("backend = sim\nsim-profile = zen4\nfault-test\n", 4, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_default_job),
		cmocka_unit_test(test_selftest),
		cmocka_unit_test(test_fault_test),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
