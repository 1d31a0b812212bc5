/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The table of jobs. Each row names the setting that asks for it and, in
 * excluded_by, the jobs whose being asked for leave it out. The capture comes
 * first, whatever else runs (unless capture = off). A tool job (icount, bench,
 * fault test) runs alone; list and decode run together; the dry run lays its
 * overlay before the selftest or the measurement and reports after it; the
 * measurement runs when nothing else is asked.
 */
#include "pmu/dryrun.h"
#include "run/job.h"
#include "run/job_cxl.h"
#include "run/job_measure.h"

/*
 * The measurement's events, kernel and rounds, core then uncore (bench counts the same), into
 * its state; its helpers (job_core.c, job_uncore.c, uncore_*.c, measure.c) are handed it.
 */
static enum verdict resolve_measure(struct run *a, void *state)
{
	enum verdict v = job_resolve(a, state);
	return v == VERDICT_PASS ? job_uncore_check(a, state) : v;
}

static enum verdict execute_measure(struct run *a, void *state)
{
	enum verdict v = job_prepare(a, state);
	return v == VERDICT_PASS ? job_measure(a, state) : v;
}

#define ALWAYS OPT_COUNT   /* asked_by: the job run when nothing else is */
/* A tool job runs alone; list and decode leave out what would write. */
#define TOOLS (JOB_BIT(JOB_ICOUNT) | JOB_BIT(JOB_BENCH) | JOB_BIT(JOB_FAULT_TEST))
#define INFORMS (JOB_BIT(JOB_LIST) | JOB_BIT(JOB_DECODE))
#define PMU_CLAIMS { .claims = true, .pmu_claims = true }
#define MEASURE_STATE sizeof(struct measure_state), measure_state_fini
#define NO_STATE 0, NULL
#define DRY_STATE sizeof(struct dryrun), dryrun_free

/* The capture claims nothing: its facts leave the others' as they are (pmu_claims is ANDed). */
const struct run_job run_jobs[JOB_COUNT] = {
	[JOB_CAPTURE] = { "capture", OPT_CAPTURE, 0, NULL, job_capture, NULL, { .pmu_claims = true },
			  sizeof(struct capture_state), capture_state_fini },
	/* the bench's (lib/bench), registered by the program's entry point */
	[JOB_ICOUNT] = { "icount", OPT_ICOUNT_CHECK, 0, NULL, NULL, NULL, { .claims = true },
			 NO_STATE },
	[JOB_BENCH] = { "bench", OPT_BENCH, JOB_BIT(JOB_ICOUNT), resolve_measure, NULL, NULL,
			{ .claims = true }, MEASURE_STATE },
	[JOB_FAULT_TEST] = { "fault-test", OPT_FAULT_TEST, JOB_BIT(JOB_ICOUNT) | JOB_BIT(JOB_BENCH),
			     NULL, job_fault_test, NULL, { .claims = true, .fault_test = true },
			     NO_STATE },
	[JOB_LIST] = { "list", OPT_LIST, TOOLS, NULL, job_list, NULL, { .pmu_claims = true },
		       NO_STATE },
	[JOB_DECODE] = { "decode", OPT_DECODE, TOOLS, NULL, job_decode, NULL, { .pmu_claims = true },
			 NO_STATE },
	[JOB_DRY_RUN] = { "dry-run", OPT_DRY_RUN, TOOLS | INFORMS, NULL, dryrun_wrap, dryrun_report,
			  PMU_CLAIMS, DRY_STATE },
	/* the CXL device's claims, not the cores': a CPU without a core PMU does not make NO-PMU */
	[JOB_CXL] = { "cxl", OPT_CXL, TOOLS | INFORMS, NULL, job_cxl, NULL, { .claims = true },
		      NO_STATE },
	[JOB_SELFTEST] = { "selftest", OPT_SELFTEST, TOOLS | INFORMS, NULL, job_selftest, NULL,
			   PMU_CLAIMS, NO_STATE },
	[JOB_MEASURE] = { "measure", ALWAYS,
			  TOOLS | INFORMS | JOB_BIT(JOB_CXL) | JOB_BIT(JOB_SELFTEST),
			  resolve_measure, execute_measure, NULL, PMU_CLAIMS, MEASURE_STATE },
};

static bool asked(const struct run_job *j, const struct efipmu_options *o)
{
	return j->asked_by == ALWAYS || options_on(o, j->asked_by);
}

bool job_wanted(const struct run_job *j, const struct efipmu_options *o)
{
	if (!asked(j, o))
		return false;
	for (unsigned i = 0; i < JOB_COUNT; i++)
		if ((j->excluded_by & JOB_BIT(i)) && asked(&run_jobs[i], o))
			return false;
	return true;
}

/* Row j's execute: its own, or the one the program registered for it (NULL: none). */
static run_job_fn execute_of(const struct run *a, const struct run_job *j)
{
	if (j->execute)
		return j->execute;
	return a->plat->jobs ? a->plat->jobs->execute[j - run_jobs] : NULL;
}

/* The driver's: each row's state, NULL for a job without one or not wanted. */
struct job_states {
	void *of[JOB_COUNT];
};

enum verdict jobs_init(struct run *a)
{
	a->jobs = run_alloc(a, sizeof(*a->jobs));
	if (!a->jobs)
		return run_refuse(a, "no memory for the jobs' states", NULL, NULL);
	for (unsigned i = 0; i < JOB_COUNT; i++) {
		const struct run_job *j = &run_jobs[i];
		if (!job_wanted(j, &a->opt))
			continue;
		if (!execute_of(a, j))
			return run_refuse(a, "this program has no job", j->name,
					  "its entry point registered none");
		if (!j->state_size)
			continue;
		a->jobs->of[i] = run_alloc(a, j->state_size);
		if (!a->jobs->of[i])
			return run_refuse(a, "no memory for the state of job", j->name, NULL);
	}
	return VERDICT_PASS;
}

void jobs_fini(struct run *a)
{
	for (unsigned i = 0; a->jobs && i < JOB_COUNT; i++) {
		void *st = a->jobs->of[i];
		if (!st)
			continue;
		if (run_jobs[i].fini)
			run_jobs[i].fini(a, st);
		run_free(a, st);
	}
	run_free(a, a->jobs);
	a->jobs = NULL;
}

bool jobs_resolve_wanted(const struct efipmu_options *o)
{
	for (unsigned i = 0; i < JOB_COUNT; i++)
		if (run_jobs[i].resolve && job_wanted(&run_jobs[i], o))
			return true;
	return false;
}

enum verdict jobs_resolve(struct run *a)
{
	for (unsigned i = 0; i < JOB_COUNT; i++) {
		const struct run_job *j = &run_jobs[i];
		if (j->resolve && job_wanted(j, &a->opt) &&
		    j->resolve(a, a->jobs->of[i]) != VERDICT_PASS)
			return VERDICT_ERROR;
	}
	return VERDICT_PASS;
}

enum verdict jobs_execute(struct run *a, struct job_facts *facts)
{
	unsigned ran[JOB_COUNT];
	unsigned n = 0;
	enum verdict v = VERDICT_PASS;
	*facts = (struct job_facts){ .pmu_claims = true };
	for (unsigned i = 0; i < JOB_COUNT && v == VERDICT_PASS; i++) {
		const struct run_job *j = &run_jobs[i];
		if (!job_wanted(j, &a->opt))
			continue;
		ran[n++] = i;
		facts->claims |= j->facts.claims;
		facts->pmu_claims &= j->facts.pmu_claims;
		facts->fault_test |= j->facts.fault_test;
		v = execute_of(a, j)(a, a->jobs->of[i]);
	}
	while (n--)
		if (run_jobs[ran[n]].finish && v != VERDICT_ERROR)
			v = run_jobs[ran[n]].finish(a, a->jobs->of[ran[n]], v);
	return v;
}
