/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The two jobs a measurement interleaves (run/job_measure.c): the core job's
 * round groups (run/job_core.c) and the uncore job's rounds (run/job_uncore.c),
 * each as steps the boot CPU begins and reports between rounds while the APs
 * wait. A job's begin says whether it has steps; its end writes the statistics
 * and metrics over the repeats and gives its verdict.
 */
#ifndef EFIPMU_RUN_JOB_STEPS_H
#define EFIPMU_RUN_JOB_STEPS_H

#include "run/job_measure.h"
#include "run/uncore_pkg.h"

/* A CPU's IA32_PERF_METRICS after its last window that counted TOPDOWN.SLOTS. */
struct core_topdown {
	bool have;
	uint64_t perf_metrics;
};

struct core_job {
	struct measure_state *m;   /* the measuring job's state, given to begin */
	unsigned groups;      /* round groups, each a step of every repeat; 0: no core steps */
	enum verdict v;       /* without steps: why (no PMU, no events) */
	uint64_t *tab;        /* deltas [cpu][event][repeat] */
	bool *measured;       /* still measured */
	uint32_t *passes;     /* repeats in which every claim held [group][cpu] */
	struct core_topdown *td;          /* per CPU: PERF_METRICS of its last window with SLOTS */
	unsigned per_cpu;     /* events of the core type with the most */
	/* per core type (run_type_slot): this group's events, as indices of its events[] */
	unsigned evi[RUN_TYPE_SLOTS][CORE_MAX_EVENTS];
	unsigned claims[RUN_TYPE_SLOTS];   /* this group's events the kernel makes a claim for */
	bool all_ok;
};

/*
 * The core part of measurement m: VERDICT_ERROR (said) when it cannot; j->groups 0 when the
 * core job has nothing to run.
 */
enum verdict core_job_begin(struct run *a, struct measure_state *m, struct core_job *j);
/* Before group g's step of any repeat: its events (each core type's reqs). */
void core_step_begin(struct run *a, struct core_job *j, unsigned g);
/* After it (the results in a->slot[]): its records. */
void core_step_done(struct run *a, struct core_job *j, unsigned g, unsigned r);
/* After every step: statistics and metrics; the verdict. Frees what begin took. */
enum verdict core_job_end(struct run *a, struct core_job *j);

struct derived_input;

struct uncore_job {
	struct measure_state *m;       /* the measuring job's state, given to begin */
	unsigned rounds;               /* steps of every repeat; 0: no uncore steps */
	unsigned np;
	struct pkg_run *pkgs;          /* np of them, each on its own cache lines */
	void *pkgs_mem;                /* ... their allocation */
	bool *alive;                   /* np: still counting */
	uint64_t *tab;                 /* deltas [domain][event][repeat] */
	uint64_t *win;                 /* TSC ticks of each package's windows [package][step] */
	unsigned nwin;
	/* nureqs of each, with the domains' tables (pkg_run.mem), taken by begin */
	struct pmu_event_req *reqs;    /* this round's events */
	unsigned *evi, n;              /* ... as indices of ureqs */
	struct pmu_event_req *mine;    /* ... those of one domain's boxes */
	struct derived_input *in;      /* a domain's median deltas, of the events it counts */
	struct derived_input *all;     /* ... as ureqs (event NULL: another domain's) */
	void *mem;                     /* reqs, evi, mine, in and all */
	bool header;
	enum verdict v;
};

enum verdict uncore_job_begin(struct run *a, struct measure_state *m, struct uncore_job *j);
/* Before round g's step of any repeat: planned on the boot CPU for every package. */
void uncore_step_begin(struct run *a, struct uncore_job *j, unsigned g);
/* The step's round on CPU cpu (AP code): a package leader counts its package. */
void uncore_step_round(struct run *a, struct uncore_job *j, unsigned cpu);
void uncore_step_done(struct run *a, struct uncore_job *j, unsigned g, unsigned r);
enum verdict uncore_job_end(struct run *a, struct uncore_job *j);

#endif
