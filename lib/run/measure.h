/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * One core measurement on every selected CPU, in step: each CPU snapshots its
 * core PMU as firmware left it, then in round 0 measures the empty kernel (the
 * enable/disable overhead) and in round 1 the job's kernel, with the same
 * events. In each round every CPU programs its counters, waits at a barrier,
 * runs its window (TSC read at enable and disable) and restores; it fills its
 * own slot. AP code only; the BSP reports afterwards.
 */
#ifndef EFIPMU_MEASURE_H
#define EFIPMU_MEASURE_H

#include "run/job_measure.h"

/*
 * A measurement job as steps. A core step is one round pair on every measured
 * CPU; where other_round says so, a step is one round of other_round instead
 * (the uncore job's, on the package leaders). The APs stay resident for all
 * of them (one dispatch); the boot CPU, between steps while the APs wait,
 * writes a step's records (step_done: a core step's results are in a->slot[],
 * measure_report says the windows) and sets up the next (step_begin: a->reqs),
 * so a run cut off loses no finished step.
 */
struct measure_steps {
	unsigned steps;
	unsigned per_dispatch;   /* steps per dispatch; 0: all (resident APs); 1: the old path */
	void (*step_begin)(struct run *a, unsigned step, void *ctx);   /* before step's rounds */
	void (*step_done)(struct run *a, unsigned step, void *ctx);    /* after them */
	/* NULL, or step's one round on every CPU instead of a core pair (AP code) when is_other */
	bool (*is_other)(struct run *a, unsigned step, void *ctx);
	void (*other_round)(struct run *a, unsigned cpu, unsigned step, void *ctx);
	void *ctx;
	/* measure_steps' own */
	struct run *a;
	struct measure_state *ms;   /* the measuring job's, handed over by its caller */
	struct cpuset cpus;
	unsigned cur, cur_round;   /* the step in flight and its round: set by the boot CPU */
	bool cur_other;
};

/* Runs m's steps of the measuring job ms (together, or PLAT_SEQUENTIAL for timing comparisons). */
pmu_status measure_steps(struct run *a, struct measure_state *ms, struct measure_steps *m,
			 enum plat_mode mode);
/*
 * One step, no hooks (the skew bench): on every selected CPU that answered
 * discovery. A CPU without both rounds gets measure_st PMU_ERR_TIMEOUT.
 */
pmu_status measure_run(struct run *a, struct measure_state *ms, enum plat_mode mode);
/*
 * BSP, from step_done: the CPUs that fell behind in this step and the skews
 * (console, once per run), a "window" record per CPU and round (TSC at
 * arrival, enable and disable), a "skew" record per round.
 */
void measure_report(struct run *a, struct measure_state *ms);

#endif
