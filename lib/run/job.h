/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The jobs of a run, as one const table (run/jobs.c): each says which setting
 * asks for it and which jobs leave it out, how it resolves its settings before
 * any MSR is written, how it executes after discovery, what facts it hands the
 * verdict, and how large its own state is (the driver makes it and hands it
 * over). run_main runs the wanted ones in table order through these, never by
 * name.
 */
#ifndef EFIPMU_RUN_JOB_H
#define EFIPMU_RUN_JOB_H

#include <stdbool.h>
#include <stddef.h>
#include "run/options.h"
#include "run/verdict.h"

struct run;

/*
 * What a job does after discovery: its records and verdict (its checks in a->checks); state
 * is its own (struct run_job.state_size), NULL for a job without one.
 */
typedef enum verdict (*run_job_fn)(struct run *a, void *state);

/* What a job tells the verdict about its claims (verdict.h struct verdict_input). */
struct job_facts {
	bool claims;       /* it checks claims: without a check it proves nothing (NO-CHECK) */
	bool pmu_claims;   /* they are the PMU's: a CPU without one makes NO-PMU */
	bool fault_test;   /* its claims are the #GP paths of each CPU */
};

/* The rows of the table, in the order they run; a row's exclusions name rows by these. */
enum run_job_id {
	JOB_CAPTURE,
	JOB_ICOUNT,
	JOB_BENCH,
	JOB_FAULT_TEST,
	JOB_LIST,
	JOB_DECODE,
	JOB_DRY_RUN,
	JOB_CXL,
	JOB_SELFTEST,
	JOB_MEASURE,
	JOB_COUNT
};

#define JOB_BIT(id) (1u << (id))

struct run_job {
	const char *name;
	/* The setting that asks for it (options_on); OPT_COUNT: always (run when nothing else is). */
	enum opt_id asked_by;
	/* JOB_BIT of each job whose being asked for leaves this one out (it runs alone). */
	unsigned excluded_by;
	/* Settings checked on the boot CPU's quiet discovery, before the log exists: NULL none. */
	enum verdict (*resolve)(struct run *a, void *state);
	/* After discovery on every CPU; NULL: the program's for this row (struct run_registered). */
	run_job_fn execute;
	/* After the jobs that follow it ran (the dry run's report): NULL none. */
	enum verdict (*finish)(struct run *a, void *state, enum verdict v);
	struct job_facts facts;
	/*
	 * Its own state: state_size zeroed bytes from the platform that the driver (jobs_init)
	 * makes before any resolve, hands to each of the row's functions, and gives back
	 * (jobs_fini) after fini; no other job reaches it. 0: none (state NULL).
	 */
	size_t state_size;
	void (*fini)(struct run *a, void *state);   /* what the state holds beyond itself: NULL none */
};

extern const struct run_job run_jobs[JOB_COUNT];

/*
 * The jobs a program brings from its entry point (struct platform.jobs), by row: a row whose
 * execute is NULL runs the one here, so that lib/run reaches no code it does not own (the
 * bench's: bench/job_bench.h bench_jobs), the way the backend's assembly is handed over.
 */
struct run_registered {
	run_job_fn execute[JOB_COUNT];
};

/* Whether row j runs with settings o: asked for, and none of its excluded_by asked for. */
bool job_wanted(const struct run_job *j, const struct efipmu_options *o);

/*
 * Every wanted job's state, before any resolves: VERDICT_ERROR (said) without memory, or
 * for a wanted job the program registered none for.
 */
enum verdict jobs_init(struct run *a);
/* Gives back every state jobs_init made; safe after a partial jobs_init. */
void jobs_fini(struct run *a);
/* Whether any wanted job resolves settings (and so needs the boot CPU discovered quietly). */
bool jobs_resolve_wanted(const struct efipmu_options *o);
/* Every wanted job's resolve in table order: VERDICT_ERROR (said) at the first refusal. */
enum verdict jobs_resolve(struct run *a);
/*
 * Every wanted job's execute in table order, stopping at the first that does not pass,
 * then the finish of those that ran, last first; *facts: theirs together.
 */
enum verdict jobs_execute(struct run *a, struct job_facts *facts);

/* --fault-test (run/job_fault.c): provokes #GP on every path of every selected CPU. */
enum verdict job_fault_test(struct run *a, void *state);

#endif
