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

static bool asks_capture(const struct efipmu_options *o)
{
	return pmu_strcmp(o->capture, "off") != 0;
}

static bool asks_icount(const struct efipmu_options *o)
{
	return o->icount_check;
}

static bool asks_bench(const struct efipmu_options *o)
{
	return o->bench;
}

static bool asks_fault_test(const struct efipmu_options *o)
{
	return o->fault_test;
}

static bool asks_list(const struct efipmu_options *o)
{
	return o->list;
}

static bool asks_decode(const struct efipmu_options *o)
{
	return o->decode;
}

static bool asks_dry_run(const struct efipmu_options *o)
{
	return o->dry_run;
}

static bool asks_cxl(const struct efipmu_options *o)
{
	return o->cxl;
}

static bool asks_selftest(const struct efipmu_options *o)
{
	return o->selftest;
}

/* The measurement's events, kernel and rounds, core then uncore (bench counts the same). */
static enum verdict resolve_measure(struct run *a)
{
	enum verdict v = job_resolve(a);
	return v == VERDICT_PASS ? job_uncore_check(a) : v;
}

static enum verdict execute_measure(struct run *a)
{
	enum verdict v = job_prepare(a);
	return v == VERDICT_PASS ? job_measure(a) : v;
}

/* A tool job runs alone; list and decode leave out what would write. */
#define TOOLS (JOB_BIT(JOB_ICOUNT) | JOB_BIT(JOB_BENCH) | JOB_BIT(JOB_FAULT_TEST))
#define INFORMS (JOB_BIT(JOB_LIST) | JOB_BIT(JOB_DECODE))
#define PMU_CLAIMS { .claims = true, .pmu_claims = true }
#define MEASURE_STATE sizeof(struct measure_state), offsetof(struct run, meas), measure_state_fini
#define NO_STATE 0, 0, NULL
#define DRY_STATE sizeof(struct dryrun), offsetof(struct run, dry), dryrun_free

/* The capture claims nothing: its facts leave the others' as they are (pmu_claims is ANDed). */
const struct run_job run_jobs[JOB_COUNT] = {
	[JOB_CAPTURE] = { "capture", asks_capture, 0, NULL, job_capture, NULL, { .pmu_claims = true },
			  NO_STATE },
	/* the bench's (lib/bench), registered by the program's entry point */
	[JOB_ICOUNT] = { "icount", asks_icount, 0, NULL, NULL, NULL, { .claims = true }, NO_STATE },
	[JOB_BENCH] = { "bench", asks_bench, JOB_BIT(JOB_ICOUNT), resolve_measure, NULL, NULL,
			{ .claims = true }, MEASURE_STATE },
	[JOB_FAULT_TEST] = { "fault-test", asks_fault_test, JOB_BIT(JOB_ICOUNT) | JOB_BIT(JOB_BENCH),
			     NULL, job_fault_test, NULL, { .claims = true, .fault_test = true },
			     NO_STATE },
	[JOB_LIST] = { "list", asks_list, TOOLS, NULL, job_list, NULL, { .pmu_claims = true },
		       NO_STATE },
	[JOB_DECODE] = { "decode", asks_decode, TOOLS, NULL, job_decode, NULL, { .pmu_claims = true },
			 NO_STATE },
	[JOB_DRY_RUN] = { "dry-run", asks_dry_run, TOOLS | INFORMS, NULL, dryrun_wrap, dryrun_report,
			  PMU_CLAIMS, DRY_STATE },
	/* the CXL device's claims, not the cores': a CPU without a core PMU does not make NO-PMU */
	[JOB_CXL] = { "cxl", asks_cxl, TOOLS | INFORMS, NULL, job_cxl, NULL, { .claims = true },
		      NO_STATE },
	[JOB_SELFTEST] = { "selftest", asks_selftest, TOOLS | INFORMS, NULL, job_selftest, NULL,
			   PMU_CLAIMS, NO_STATE },
	[JOB_MEASURE] = { "measure", NULL, TOOLS | INFORMS | JOB_BIT(JOB_CXL) | JOB_BIT(JOB_SELFTEST),
			  resolve_measure, execute_measure, NULL, PMU_CLAIMS, MEASURE_STATE },
};

static bool asked(const struct run_job *j, const struct efipmu_options *o)
{
	return !j->asked || j->asked(o);
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

static void **state_of(struct run *a, const struct run_job *j)
{
	return (void **)((char *)a + j->state_at);
}

enum verdict jobs_init(struct run *a)
{
	for (unsigned i = 0; i < JOB_COUNT; i++) {
		const struct run_job *j = &run_jobs[i];
		void **st = state_of(a, j);
		if (!job_wanted(j, &a->opt))
			continue;
		if (!execute_of(a, j))
			return run_refuse(a, "this program has no job", j->name,
					  "its entry point registered none");
		if (!j->state_size || *st)
			continue;
		*st = run_alloc(a, j->state_size);
		if (!*st)
			return run_refuse(a, "no memory for the state of job", j->name, NULL);
	}
	return VERDICT_PASS;
}

void jobs_fini(struct run *a)
{
	for (unsigned i = 0; i < JOB_COUNT; i++) {
		const struct run_job *j = &run_jobs[i];
		void **st = state_of(a, j);
		if (!j->state_size || !*st)
			continue;
		if (j->fini)
			j->fini(a);
		run_free(a, *st);
		*st = NULL;
	}
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
		if (j->resolve && job_wanted(j, &a->opt) && j->resolve(a) != VERDICT_PASS)
			return VERDICT_ERROR;
	}
	return VERDICT_PASS;
}

enum verdict jobs_execute(struct run *a, struct job_facts *facts)
{
	const struct run_job *ran[JOB_COUNT] = { NULL };
	unsigned n = 0;
	enum verdict v = VERDICT_PASS;
	*facts = (struct job_facts){ .pmu_claims = true };
	for (unsigned i = 0; i < JOB_COUNT && v == VERDICT_PASS; i++) {
		const struct run_job *j = &run_jobs[i];
		if (!job_wanted(j, &a->opt))
			continue;
		ran[n++] = j;
		facts->claims |= j->facts.claims;
		facts->pmu_claims &= j->facts.pmu_claims;
		facts->fault_test |= j->facts.fault_test;
		v = execute_of(a, j)(a);
	}
	while (n--)
		if (ran[n]->finish && v != VERDICT_ERROR)
			v = ran[n]->finish(a, v);
	return v;
}
