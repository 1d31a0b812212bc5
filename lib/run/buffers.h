/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The memory kernels' buffer (stream, chase, uncore: KERNEL_NEEDS_BUFFER),
 * from the platform's pages, sized from the last-level cache CPUID names on
 * the boot CPU (lib/pmu/cacheinfo). One buffer per run, shared by every CPU:
 *  - stream and chase only read it (chase's pointer cycle is laid out once);
 *  - uncore writes its write half and its lock line from every CPU at once:
 *    each CPU stores the same words (read from the read half, which nothing
 *    writes), and the shared lock line is wanted, it is the cross-core lock
 *    traffic the U-box counts. Its checksum (the lock word) is therefore not
 *    per-CPU; nothing checks it.
 * Prepared on the boot CPU before any CPU runs, freed on the boot CPU.
 */
#ifndef EFIPMU_RUN_BUFFERS_H
#define EFIPMU_RUN_BUFFERS_H

#include "run/run.h"

/* Largest buffer asked of firmware; a bigger LLC is refused rather than half-measured. */
#define BUFFERS_MAX_BYTES (1ull << 30)

/* The buffer a job prepared: NULL, 0 when there is none. */
struct run_buffers {
	void *buf;
	uint64_t buf_bytes;
	char buf_refused[160];         /* why buffers_prepare last refused, for the records */
};

/*
 * Allocates and fills k's buffer into bf when it needs one and fills args->buf and
 * args->bytes (the caller sets args->iterations); checks args against k.
 * On refusal (no cache information, not enough memory, args rejected) it
 * says why on the console (and in bf->buf_refused) and returns an error;
 * nothing stays allocated.
 */
pmu_status buffers_prepare(struct run *a, struct run_buffers *bf, const struct kernel_desc *k,
			   struct kernel_args *args);
/* Points args at the prepared buffer (NULL, 0 when there is none). Any CPU. */
void buffers_attach(const struct run_buffers *bf, struct kernel_args *args);
/* Gives the pages back; safe when nothing was allocated. */
void buffers_free(struct run *a, struct run_buffers *bf);

#endif
