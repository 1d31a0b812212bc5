/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The real backend's measured windows, one copy per kernel (efi/gated.c). */
#ifndef EFIPMU_GATED_H
#define EFIPMU_GATED_H

#include <stdint.h>
#include "check/kernels.h"
#include "pmu/backend.h"

struct gated_copy {
	kernel_fn kernel;   /* the host kernel whose body runs inline */
	/* 0, vector + 1 (the enabling write faulted) or 0x100 | vector + 1 (the disabling) */
	uint64_t (*run)(struct pmu_gated_run *g);
	/* The two writes, and where fault.c resumes when each raises #GP (vector + 1 in r8). */
	const char *on, *on_fail, *off, *off_fail;
};

extern const struct gated_copy gated_copies[];
extern const unsigned gated_copy_count;

/* The copy that runs k's body, or NULL: k is none of the kernel table's. */
const struct gated_copy *gated_copy_for(kernel_fn k);

#endif
