/*
 * One core measurement on every selected CPU: each CPU snapshots its core PMU
 * as firmware left it, then measures the empty kernel (the enable/disable
 * overhead) and the job's kernel, and fills its own slot. AP code only.
 */
#ifndef EFIPMU_MEASURE_H
#define EFIPMU_MEASURE_H

#include "app.h"

/* Runs on every selected CPU that answered discovery; results in a->slot[]. */
void measure_all(struct app *a);

#endif
