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

#include "run/run.h"

/* measure_run(a, PLAT_TOGETHER), then measure_report(a). Results in a->slot[]. */
void measure_all(struct run *a);
/*
 * The rounds on every selected CPU that answered discovery, together (one
 * StartupAllAPs) or one CPU and round at a time (PLAT_SEQUENTIAL, for timing
 * comparisons). A CPU without both rounds gets measure_st PMU_ERR_TIMEOUT.
 */
pmu_status measure_run(struct run *a, enum plat_mode mode);
/*
 * BSP: the CPUs that fell behind and the skews (console), a "window" record
 * per CPU and round (TSC at enable and disable), a "skew" record per round.
 */
void measure_report(struct run *a);

#endif
