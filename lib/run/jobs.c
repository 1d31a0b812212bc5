/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The table of jobs. A tool job (icount, bench, fault test) runs alone; list
 * and decode run together; the dry run lays its overlay before the selftest or
 * the measurement and reports after it; the measurement runs when nothing else
 * is asked.
 */
#include "bench/job_bench.h"
#include "run/job.h"
#include "run/run.h"

static bool alone(const struct efipmu_options *o)
{
	return o->icount_check || o->bench || o->fault_test;
}

static bool informs(const struct efipmu_options *o)
{
	return o->list || o->decode;
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

static bool want_selftest(const struct efipmu_options *o)
{
	return o->selftest && !alone(o) && !informs(o);
}

static bool want_measure(const struct efipmu_options *o)
{
	return !alone(o) && !informs(o) && !o->selftest;
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

const struct run_job run_jobs[] = {
	{ "icount", want_icount, NULL, job_icount, NULL, { .claims = true } },
	{ "bench", want_bench, resolve_measure, job_bench, NULL, { .claims = true } },
	{ "fault-test", want_fault_test, NULL, job_fault_test, NULL,
	  { .claims = true, .fault_test = true } },
	{ "list", want_list, NULL, job_list, NULL, { .pmu_claims = true } },
	{ "decode", want_decode, NULL, job_decode, NULL, { .pmu_claims = true } },
	{ "dry-run", want_dry_run, NULL, dryrun_wrap, dryrun_report, PMU_CLAIMS },
	{ "selftest", want_selftest, NULL, job_selftest, NULL, PMU_CLAIMS },
	{ "measure", want_measure, resolve_measure, execute_measure, NULL, PMU_CLAIMS },
};
const unsigned run_job_count = sizeof(run_jobs) / sizeof(run_jobs[0]);

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
