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

#include "app.h"

/* measure_run(a, MP_TOGETHER), then measure_report(a). Results in a->slot[]. */
void measure_all(struct app *a);
/*
 * The rounds on every selected CPU that answered discovery, together (one
 * StartupAllAPs) or one CPU and round at a time (MP_SEQUENTIAL, for timing
 * comparisons). A CPU without both rounds gets measure_st PMU_ERR_TIMEOUT.
 */
EFI_STATUS measure_run(struct app *a, enum mp_mode mode);
/*
 * BSP: the CPUs that fell behind and the skews (console), a "window" record
 * per CPU and round (TSC at enable and disable), a "skew" record per round.
 */
void measure_report(struct app *a);

#endif
