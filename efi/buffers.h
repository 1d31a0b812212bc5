/*
 * The memory kernels' buffer (stream, chase, uncore: KERNEL_NEEDS_BUFFER),
 * from AllocatePages, sized from the last-level cache CPUID names on the boot
 * CPU (lib/cacheinfo). One buffer per run, shared by every CPU:
 *  - stream and chase only read it (chase's pointer cycle is laid out once);
 *  - uncore writes its write half and its lock line from every CPU at once:
 *    each CPU stores the same words (read from the read half, which nothing
 *    writes), and the shared lock line is wanted, it is the cross-core lock
 *    traffic the U-box counts. Its checksum (the lock word) is therefore not
 *    per-CPU; nothing checks it.
 * Prepared on the BSP before any CPU runs, freed on the BSP at exit; the
 * allocation is this file's (one per run), so struct app needs no field for it.
 */
#ifndef EFIPMU_BUFFERS_H
#define EFIPMU_BUFFERS_H

#include "app.h"

/* Largest buffer asked of firmware; a bigger LLC is refused rather than half-measured. */
#define BUFFERS_MAX_BYTES (1ull << 30)

/*
 * Allocates and fills k's buffer when it needs one and fills args->buf and
 * args->bytes (the caller sets args->iterations); checks args against k.
 * On refusal (no cache information, not enough memory, args rejected) it
 * says why on the console and returns an error; nothing stays allocated.
 */
EFI_STATUS buffers_prepare(struct app *a, const struct kernel_desc *k, struct kernel_args *args);
/* Points args at the prepared buffer (NULL, 0 when there is none). Any CPU. */
void buffers_attach(struct kernel_args *args);
/* Gives the pages back; safe when nothing was allocated. */
void buffers_free(struct app *a);

#endif
