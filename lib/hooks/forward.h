/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A backend in front of another, for the test hooks (lib/hooks/): every
 * operation the inner backend has is forwarded to it (the ones it lacks stay
 * absent), and the hook's `at` runs first with the operation's CPU.
 */
#ifndef EFIPMU_HOOKS_FORWARD_H
#define EFIPMU_HOOKS_FORWARD_H

#include "pmu/backend.h"

enum hook_op { HOOK_IRQ_SAVE, HOOK_GATED_RUN, HOOK_OTHER };

struct hook_backend {
	struct pmu_backend inner;
	struct pmu_backend_ops ops;
	void (*at)(struct hook_backend *h, unsigned cpu, enum hook_op op);
};

/* out (which may be inner) becomes h: inner's operations, each after at(). */
void hook_backend_init(struct hook_backend *h, const struct pmu_backend *inner,
		       void (*at)(struct hook_backend *h, unsigned cpu, enum hook_op op),
		       struct pmu_backend *out);

#endif
