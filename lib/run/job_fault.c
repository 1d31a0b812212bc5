/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * --fault-test: the platform's fault test (run.h struct run_faults) on every
 * selected CPU in one dispatch, then one line per CPU on the boot CPU. Each CPU
 * tested is a check; the verdict counts the CPUs whose every #GP came back as a
 * status. What the tests wrote is read back on each CPU and said once, as the
 * measurement's restore is (run/restore_report.h).
 */
#include "run/job.h"
#include "run/restore_report.h"
#include "run/run.h"

#define FAULT_TEST_TIMEOUT_US 10000000u

static bool selected(const struct run *a, unsigned cpu)
{
	const struct run_cpu *s = &a->slot[cpu];
	return cpuset_has(&a->opt.cpus, cpu) && s->info.enabled && flag_get(&s->done) && !s->st;
}

static void fault_test_on_cpu(void *ctx, unsigned cpu)
{
	struct run *a = ctx;
	if (!plat_listed(a->plat, cpu) || !selected(a, cpu))
		return;
	struct run_cpu *s = &a->slot[cpu];
	s->fault_test_fail = a->faults->test(&a->backend, cpu, s->fault_test_desc,
					     sizeof(s->fault_test_desc), &s->fault_test_back);
}

enum verdict job_fault_test(struct run *a, void *state)
{
	(void)state;   /* none; a->faults->test is there (run.c refused the run without it) */
	struct restore_sum *back = run_alloc(a, sizeof(*back));
	if (!back)
		return run_refuse(a, "no memory for the fault test's read-back", NULL, NULL);
	/* a CPU that never answers has not shown its faults caught */
	for (unsigned i = 0; i < a->plat->ncpus; i++) {
		a->slot[i].fault_test_fail = "no answer";
		a->slot[i].fault_test_desc[0] = 0;
		pmu_memset(&a->slot[i].fault_test_back, 0, sizeof(a->slot[i].fault_test_back));
	}
	plat_run_all(a->plat, fault_test_on_cpu, a, FAULT_TEST_TIMEOUT_US);
	for (unsigned i = 0; i < a->plat->ncpus; i++) {
		if (!selected(a, i))
			continue;
		run_cpu_here(a, i, 0);
		sb_puts(&a->sb, ": fault test: ");
		sb_puts(&a->sb, a->slot[i].fault_test_desc[0] ? a->slot[i].fault_test_desc :
				"no answer from this CPU");
		run_say(a);
		a->checks.n[CHECK_FAULT_PATHS]++;
		if (a->slot[i].fault_test_desc[0])   /* it answered: its read-back is done */
			restore_sum_add(back, &a->slot[i].fault_test_back);
	}
	enum verdict v = restore_report(a, back);
	run_free(a, back);
	return v;
}
