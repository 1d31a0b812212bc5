/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Built-in microkernels with exactly known event counts, described in one
 * table (kernels.c); their code is kernel_bodies.h's, run inline in the real
 * backend's window (efi/gated.c) and as host functions (body, then ret). The
 * window's own instructions are measured by the `empty` kernel and
 * subtracted. Every claim is about the body alone:
 *   expected(event, n) = per_iter * n + fixed     (n = iterations, n >= 1)
 * Exact claims have bounds 1000/1000 per mille; a bounded claim (misses) says
 * the count lies in [expected * lo / 1000, expected * hi / 1000].
 * tests/valgrind/check-kernels.sh checks the instruction, branch, load and
 * store claims with callgrind; the QEMU -icount case checks instructions.
 */
#ifndef EFIPMU_KERNELS_H
#define EFIPMU_KERNELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "util/status.h"

/* The asm reads these by offset: the layout is fixed (static asserts in kernels.c). */
struct kernel_args {
	uint64_t iterations;  /* >= 1 */
	void *buf;            /* 64-byte aligned, for kernels with KERNEL_NEEDS_BUFFER */
	uint64_t bytes;       /* multiple of 64 */
};

/* Takes a const struct kernel_args *: the type core_measure and pmu_gated_run call. */
typedef uint64_t (*kernel_fn)(const void *args);

enum kernel_event {
	KEV_INSTRUCTIONS,     /* instructions retired */
	KEV_BRANCHES,         /* every branch instruction (BR_INST_RETIRED.ALL_BRANCHES) */
	KEV_COND_BRANCHES,    /* conditional branches */
	KEV_TAKEN_BRANCHES,   /* branches taken */
	KEV_BRANCH_MISSES,    /* mispredicted branches (bound) */
	KEV_LOADS,            /* instructions reading memory, locked read-modify-writes included */
	KEV_STORES,           /* instructions writing memory, locked RMWs and movnti included */
	KEV_LOCKED,           /* lock-prefixed read-modify-writes (U-box lock traffic) */
	KEV_NT_STORES,        /* non-temporal (movnti) stores: partial-line memory writes */
	KEV_LLC_REFERENCES,   /* last-level cache references (bound) */
	KEV_LLC_MISSES,       /* last-level cache misses (bound) */
	KEV_COUNT
};

struct kernel_expect {
	enum kernel_event event;
	uint32_t per_iter;
	int32_t fixed;
	uint16_t lo_permille, hi_permille;  /* 1000/1000: exact */
};

#define KERNEL_NEEDS_BUFFER  (1u << 0)  /* a->buf/a->bytes are used */
#define KERNEL_NEEDS_CHASE   (1u << 1)  /* buffer prepared by kernels_chase_init() */
#define KERNEL_PAGE_STRIDE   (1u << 2)  /* walks with KERNEL_STREAM_STRIDE: see kernel_args_check */

#define KERNEL_MAX_EXPECT 12

struct kernel_desc {
	const char *name;
	const char *what;              /* one line for the log */
	kernel_fn fn;                  /* returns a checksum of the work done */
	uint64_t default_iterations;
	uint32_t flags;
	/* LLC bounds hold only with a buffer of at least this many LLCs (0: no such claim) */
	uint32_t llc_multiple;
	uint64_t min_bytes;            /* smallest buffer it accepts */
	unsigned n_expect;
	struct kernel_expect expect[KERNEL_MAX_EXPECT];
};

/* Page-crossing stride of the stream kernel: no hardware prefetcher follows it. */
#define KERNEL_STREAM_STRIDE (4096 + 64)

extern const struct kernel_desc kernel_table[];
extern const unsigned kernel_count;

const struct kernel_desc *kernel_find(const char *name);
const char *kernel_event_name(enum kernel_event ev);
/* The claim a kernel makes about an event, or NULL when it makes none. */
const struct kernel_expect *kernel_expect_for(const struct kernel_desc *k, enum kernel_event ev);
int64_t kernel_expected(const struct kernel_expect *e, uint64_t iterations);
void kernel_bounds(const struct kernel_expect *e, uint64_t iterations, int64_t *lo, int64_t *hi);
bool kernel_within(const struct kernel_expect *e, uint64_t iterations, int64_t measured);

/* PMU_OK, or PMU_ERR_INVALID / PMU_ERR_RANGE when the kernel must not run with these args. */
pmu_status kernel_args_check(const struct kernel_desc *k, const struct kernel_args *a);

/* Buffer size for the memory kernels: a power of two, at least twice the LLC. */
uint64_t kernels_buffer_bytes(uint64_t llc_bytes);
/*
 * One 64-byte slot per line; slot i's first word points to the next slot of a
 * single pseudo-random cycle through all slots (Sattolo's shuffle, fixed seed).
 */
void kernels_chase_init(void *buf, uint64_t bytes);

#endif
