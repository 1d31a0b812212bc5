/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * What a CPU that timed out left behind (run/leftover.c): its restore replayed
 * on it once it answers, or every register it left programmed named.
 */
#ifndef EFIPMU_RUN_LEFTOVER_H
#define EFIPMU_RUN_LEFTOVER_H

#include "run/run.h"

/*
 * After a measurement's run_rounds, on the boot CPU: for each CPU that missed
 * a barrier or its round, one "leftover" record and one console line.
 */
void leftover_settle(struct run *a);

#endif
