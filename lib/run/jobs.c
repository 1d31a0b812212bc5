/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The table of jobs. The capture comes first, whatever else runs (unless
 * capture = off). A tool job (icount, bench, fault test) runs alone; list
 * and decode run together; the dry run lays its overlay before the selftest or
 * the measurement and reports after it; the measurement runs when nothing else
 * is asked.
 */
#include "bench/job_bench.h"
#include "pmu/dryrun.h"
#include "run/job.h"
#include "run/job_cxl.h"
#include "run/job_measure.h"

static bool alone(const struct efipmu_options *o)
{
	return o->icount_check || o->bench || o->fault_test;
}

static bool informs(const struct efipmu_options *o)
{
	return o->list || o->decode;
}

static bool want_capture(const struct efipmu_options *o)
{
	return pmu_strcmp(o->capture, "off") != 0;
}

static bool want_icount(const struct efipmu_options *o)
{
	return o->icount_check;
}

static bool want_bench(const struct efipmu_options *o)
{
	return o->bench && !o->icount_check;
}

static bool want_fault_test(const struct efipmu_options *o)
{
	return o->fault_test && !o->icount_check && !o->bench;
}

static bool want_list(const struct efipmu_options *o)
{
	return o->list && !alone(o);
}

static bool want_decode(const struct efipmu_options *o)
{
	return o->decode && !alone(o);
}

static bool want_dry_run(const struct efipmu_options *o)
{
	return o->dry_run && !alone(o) && !informs(o);
}

static bool want_cxl(const struct efipmu_options *o)
{
	return o->cxl && !alone(o) && !informs(o);
}

static bool want_selftest(const struct efipmu_options *o)
{
	return o->selftest && !alone(o) && !informs(o);
}

static bool want_measure(const struct efipmu_options *o)
{
	return !alone(o) && !informs(o) && !o->selftest && !o->cxl;
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

#define PMU_CLAIMS { .claims = true, .pmu_claims = true }
#define MEASURE_STATE sizeof(struct measure_state), offsetof(struct run, meas), measure_state_fini
#define NO_STATE 0, 0, NULL
#define DRY_STATE sizeof(struct dryrun), offsetof(struct run, dry), dryrun_free

/* The capture claims nothing: its facts leave the others' as they are (pmu_claims is ANDed). */
const struct run_job run_jobs[] = {
	{ "capture", want_capture, NULL, job_capture, NULL, { .pmu_claims = true }, NO_STATE },
	{ "icount", want_icount, NULL, job_icount, NULL, { .claims = true }, NO_STATE },
	{ "bench", want_bench, resolve_measure, job_bench, NULL, { .claims = true }, MEASURE_STATE },
	{ "fault-test", want_fault_test, NULL, job_fault_test, NULL,
	  { .claims = true, .fault_test = true }, NO_STATE },
	{ "list", want_list, NULL, job_list, NULL, { .pmu_claims = true }, NO_STATE },
	{ "decode", want_decode, NULL, job_decode, NULL, { .pmu_claims = true }, NO_STATE },
	{ "dry-run", want_dry_run, NULL, dryrun_wrap, dryrun_report, PMU_CLAIMS, DRY_STATE },
	/* the CXL device's claims, not the cores': a CPU without a core PMU does not make NO-PMU */
	{ "cxl", want_cxl, NULL, job_cxl, NULL, { .claims = true }, NO_STATE },
	{ "selftest", want_selftest, NULL, job_selftest, NULL, PMU_CLAIMS, NO_STATE },
	{ "measure", want_measure, resolve_measure, execute_measure, NULL, PMU_CLAIMS,
	  MEASURE_STATE },
};
const unsigned run_job_count = sizeof(run_jobs) / sizeof(run_jobs[0]);

static void **state_of(struct run *a, const struct run_job *j)
{
	return (void **)((char *)a + j->state_at);
}

enum verdict jobs_init(struct run *a)
{
	for (unsigned i = 0; i < run_job_count; i++) {
		const struct run_job *j = &run_jobs[i];
		void **st = state_of(a, j);
		if (!j->state_size || !j->wanted(&a->opt) || *st)
			continue;
		*st = run_alloc(a, j->state_size);
		if (!*st)
			return run_refuse(a, "no memory for the state of job", j->name, NULL);
	}
	return VERDICT_PASS;
}

void jobs_fini(struct run *a)
{
	for (unsigned i = 0; i < run_job_count; i++) {
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
	for (unsigned i = 0; i < run_job_count; i++)
		if (run_jobs[i].resolve && run_jobs[i].wanted(o))
			return true;
	return false;
}

enum verdict jobs_resolve(struct run *a)
{
	for (unsigned i = 0; i < run_job_count; i++) {
		const struct run_job *j = &run_jobs[i];
		if (j->resolve && j->wanted(&a->opt) && j->resolve(a) != VERDICT_PASS)
			return VERDICT_ERROR;
	}
	return VERDICT_PASS;
}

enum verdict jobs_execute(struct run *a, struct job_facts *facts)
{
	const struct run_job *ran[sizeof(run_jobs) / sizeof(run_jobs[0])] = { NULL };
	unsigned n = 0;
	enum verdict v = VERDICT_PASS;
	*facts = (struct job_facts){ .pmu_claims = true };
	for (unsigned i = 0; i < run_job_count && v == VERDICT_PASS; i++) {
		const struct run_job *j = &run_jobs[i];
		if (!j->wanted(&a->opt))
			continue;
		ran[n++] = j;
		facts->claims |= j->facts.claims;
		facts->pmu_claims &= j->facts.pmu_claims;
		facts->fault_test |= j->facts.fault_test;
		v = j->execute(a);
	}
	while (n--)
		if (ran[n]->finish && v != VERDICT_ERROR)
			v = ran[n]->finish(a, v);
	return v;
}
