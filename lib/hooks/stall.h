/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Test hooks, apart from the product path: stall-cpu N makes CPU N spin in its
 * measurement procedure as an AP stuck in a firmware bug would (the rounds'
 * timeout path); sim-break gives the model a deliberate defect.
 */
#ifndef EFIPMU_HOOKS_STALL_H
#define EFIPMU_HOOKS_STALL_H

#include "run/run.h"

/* stall-cpu N: VERDICT_ERROR with one line when CPU N cannot be stalled. */
enum verdict stall_check(struct run *a);
/* AP: spins forever when cpu is the one stall-cpu names. */
void stall_if_asked(const struct run *a, unsigned cpu);

#endif
