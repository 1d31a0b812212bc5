/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The jobs of a run, as one const table (run/jobs.c): each says when it is
 * wanted, how it resolves its settings before any MSR is written, how it
 * executes after discovery, what facts it hands the verdict, and how its own
 * state is made. run_main runs the wanted ones in table order through these,
 * never by name.
 */
#ifndef EFIPMU_RUN_JOB_H
#define EFIPMU_RUN_JOB_H

#include <stdbool.h>
#include <stddef.h>
#include "run/options.h"
#include "run/verdict.h"

struct run;

/* What a job tells the verdict about its claims (verdict.h struct verdict_input). */
struct job_facts {
	bool claims;       /* it checks claims: without a check it proves nothing (NO-CHECK) */
	bool pmu_claims;   /* they are the PMU's: a CPU without one makes NO-PMU */
	bool fault_test;   /* its claims are the #GP paths of each CPU */
};

struct run_job {
	const char *name;
	bool (*wanted)(const struct efipmu_options *o);
	/* Settings checked on the boot CPU's quiet discovery, before the log exists: NULL none. */
	enum verdict (*resolve)(struct run *a);
	/* After discovery on every CPU: its records and verdict (its checks in a->checks). */
	enum verdict (*execute)(struct run *a);
	/* After the jobs that follow it ran (the dry run's report): NULL none. */
	enum verdict (*finish)(struct run *a, enum verdict v);
	struct job_facts facts;
	/*
	 * Its own state: state_size zeroed bytes from the platform, made by jobs_init
	 * into the struct run pointer at offset state_at (jobs that count the same way
	 * share one) and given back by jobs_fini after fini; state_size 0: none.
	 */
	size_t state_size, state_at;
	void (*fini)(struct run *a);   /* what the state holds beyond itself: NULL none */
};

extern const struct run_job run_jobs[];
extern const unsigned run_job_count;

/* Every wanted job's state, before any resolves: VERDICT_ERROR (said) without memory. */
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
enum verdict job_fault_test(struct run *a);

#endif
