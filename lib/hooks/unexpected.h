/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * test-unexpected-fault, a test hook for the platform's unexpected-exception
 * path (efi/fault.c): CPU 1 takes an exception none of ours expects at its
 * first backend operation, then the boot CPU at its next one, after saying
 * what CPU 1's was. A decorator of the backend (real backend only: the model
 * has no exceptions).
 */
#ifndef EFIPMU_HOOKS_UNEXPECTED_H
#define EFIPMU_HOOKS_UNEXPECTED_H

#include "hooks/forward.h"
#include "run/run.h"

struct unexpected_backend {
	struct hook_backend hook;   /* first: the hook's callback gets it back */
	const struct run_faults *faults;
	const struct platform *plat;
	unsigned ap;                /* the AP that takes one first; plat->ncpus: none */
	uint32_t ap_took;           /* atomic: it did */
};

/* out (which may be inner) becomes inner with the two exceptions above; faults->stray is set. */
void unexpected_backend_init(struct unexpected_backend *u, const struct pmu_backend *inner,
			     const struct run_faults *faults, const struct platform *plat,
			     struct pmu_backend *out);

#endif
