/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Test hooks, apart from the product path: stall-cpu N makes CPU N spin where
 * its measurement window starts, as an AP stuck in a firmware bug would (the
 * rounds' timeout path), a decorator of the backend.
 */
#ifndef EFIPMU_HOOKS_STALL_H
#define EFIPMU_HOOKS_STALL_H

#include "hooks/forward.h"
#include "run/run.h"

/* stall-cpu N: VERDICT_ERROR with one line when CPU N cannot be stalled. */
enum verdict stall_check(struct run *a);
/* A backend in front of another whose CPU `cpu` spins forever when it turns interrupts off. */
struct stall_backend {
	struct hook_backend hook;   /* first: the hook's callback gets it back */
	unsigned cpu;
	const struct platform *plat;
};

/*
 * out becomes inner with CPU cpu stalled where a window starts (its interrupts going
 * off, before the barrier and before any register is programmed); out may be inner.
 */
void stall_backend_init(struct stall_backend *s, const struct pmu_backend *inner, unsigned cpu,
			const struct platform *plat, struct pmu_backend *out);

#endif
