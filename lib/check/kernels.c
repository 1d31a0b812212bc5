/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The microkernels (their code: kernel_bodies.h) and their table of claims.
 * A claim is about the body alone: what the counters count between the real
 * backend's two writes, where the body runs inline (efi/gated.c), and what
 * callgrind counts in the host kernel minus `empty`'s ret.
 */
#include "check/kernel_bodies.h"
#include "check/kernels.h"
#include "util/fmt.h"

_Static_assert(offsetof(struct kernel_args, iterations) == 0, "asm reads iterations at 0");
_Static_assert(offsetof(struct kernel_args, buf) == 8, "asm reads buf at 8");
_Static_assert(offsetof(struct kernel_args, bytes) == 16, "asm reads bytes at 16");
_Static_assert(KERNEL_STREAM_STRIDE == 4160, "stream asm hard-codes the stride");

/*
 * The host kernels: each body (kernel_bodies.h) with %rcx as its count, then
 * ret, as top-level asm, so no compiler wrapper lies around it whatever the
 * flags: `empty` is the ret alone. Named kernel_<table name>: check-kernels.sh
 * collects by that name.
 */
#define KERNEL_HOST(name, body)						\
	__asm__(".pushsection .text\n"					\
		".globl kernel_" #name "\n"				\
		".hidden kernel_" #name "\n"				\
		".type kernel_" #name ", @function\n"			\
		"kernel_" #name ":\n\t"				\
		body("%rcx")						\
		"ret\n"						\
		".size kernel_" #name ", . - kernel_" #name "\n"	\
		".popsection\n");
KERNEL_BODIES(KERNEL_HOST)

#define EXACT(ev, per, fix) { (ev), (per), (fix), 1000, 1000 }
#define BOUND(ev, per, fix, lo, hi) { (ev), (per), (fix), (lo), (hi) }
/*
 * The claims every loop kernel shares: `jz` guard (1 fixed, not taken), one
 * loop branch per iteration (taken n - 1 times), `extra` more conditional
 * branches per iteration of which `extra_taken` are taken, and the loads.
 */
#define LOOP(instr_per, instr_fixed, extra, extra_taken, loads_per, loads_fixed)	\
	EXACT(KEV_INSTRUCTIONS, instr_per, instr_fixed),			\
	EXACT(KEV_BRANCHES, 1 + (extra), 1),					\
	EXACT(KEV_COND_BRANCHES, 1 + (extra), 1),				\
	EXACT(KEV_TAKEN_BRANCHES, 1 + (extra_taken), -1),			\
	EXACT(KEV_LOADS, loads_per, loads_fixed)
#define NO_STORES EXACT(KEV_STORES, 0, 0), EXACT(KEV_LOCKED, 0, 0), EXACT(KEV_NT_STORES, 0, 0)

const struct kernel_desc kernel_table[] = {
	{ "empty", "nothing between the measurement points: the overhead to subtract",
	  kernel_empty, 1, 0, 0, 0, 9, {
		EXACT(KEV_INSTRUCTIONS, 0, 0), EXACT(KEV_BRANCHES, 0, 0),
		EXACT(KEV_COND_BRANCHES, 0, 0), EXACT(KEV_TAKEN_BRANCHES, 0, 0),
		EXACT(KEV_BRANCH_MISSES, 0, 0), EXACT(KEV_LOADS, 0, 0), NO_STORES } },
	{ "inst", "8 independent adds + dec + jnz per iteration",
	  kernel_inst, 1000000, 0, 0, 0, 8, {
		LOOP(10, 18, 0, 0, 0, 1), NO_STORES } },
	{ "branch", "xorshift64 + a branch on its low bit (~50% mispredicted) + loop",
	  kernel_branch, 1000000, 0, 0, 0, 9, {
		LOOP(14, 4, 2, 1, 0, 1), NO_STORES,
		BOUND(KEV_BRANCH_MISSES, 1, 0, 350, 650) } },
	{ "stream", "one load per line, a page + a line apart, through a buffer > LLC",
	  kernel_stream, 1000000, KERNEL_NEEDS_BUFFER | KERNEL_PAGE_STRIDE, 2, 2 * KERNEL_STREAM_STRIDE, 10, {
		LOOP(7, 7, 0, 0, 1, 3), NO_STORES,
		BOUND(KEV_LLC_REFERENCES, 1, 0, 900, 2000),
		BOUND(KEV_LLC_MISSES, 1, 0, 500, 2000) } },
	{ "chase", "dependent pointer chase, one random line per load (latency-bound)",
	  kernel_chase, 1000000, KERNEL_NEEDS_BUFFER | KERNEL_NEEDS_CHASE, 2, 128, 10, {
		LOOP(3, 4, 0, 0, 1, 2), NO_STORES,
		BOUND(KEV_LLC_REFERENCES, 1, 0, 900, 2000),
		BOUND(KEV_LLC_MISSES, 1, 0, 500, 2000) } },
	{ "idle", "pause loop: unhalted cycles differ from TSC and instructions",
	  kernel_idle, 100000, 0, 0, 0, 8, {
		LOOP(3, 4, 0, 0, 0, 1), NO_STORES } },
	{ "uncore", "load, movnti and lock add per line: memory reads, writes, lock traffic",
	  kernel_uncore, 1000000, KERNEL_NEEDS_BUFFER, 0, 3 * 64, 8, {
		LOOP(8, 14, 0, 0, 2, 4),
		EXACT(KEV_STORES, 2, 0), EXACT(KEV_LOCKED, 1, 0), EXACT(KEV_NT_STORES, 1, 0) } },
};
const unsigned kernel_count = sizeof(kernel_table) / sizeof(kernel_table[0]);

static const char *const event_names[KEV_COUNT] = {
	[KEV_INSTRUCTIONS] = "instructions",
	[KEV_BRANCHES] = "branches",
	[KEV_COND_BRANCHES] = "cond-branches",
	[KEV_TAKEN_BRANCHES] = "taken-branches",
	[KEV_BRANCH_MISSES] = "branch-misses",
	[KEV_LOADS] = "loads",
	[KEV_STORES] = "stores",
	[KEV_LOCKED] = "locked",
	[KEV_NT_STORES] = "nt-stores",
	[KEV_LLC_REFERENCES] = "llc-references",
	[KEV_LLC_MISSES] = "llc-misses",
};

const char *kernel_event_name(enum kernel_event ev)
{
	return (unsigned)ev < KEV_COUNT ? event_names[ev] : "?";
}

const struct kernel_desc *kernel_find(const char *name)
{
	for (unsigned i = 0; i < kernel_count; i++)
		if (pmu_strcmp(kernel_table[i].name, name) == 0)
			return &kernel_table[i];
	return NULL;
}

const struct kernel_expect *kernel_expect_for(const struct kernel_desc *k, enum kernel_event ev)
{
	for (unsigned i = 0; i < k->n_expect; i++)
		if (k->expect[i].event == ev)
			return &k->expect[i];
	return NULL;
}

int64_t kernel_expected(const struct kernel_expect *e, uint64_t iterations)
{
	return (int64_t)(e->per_iter * iterations) + e->fixed;
}

void kernel_bounds(const struct kernel_expect *e, uint64_t iterations, int64_t *lo, int64_t *hi)
{
	int64_t x = kernel_expected(e, iterations);
	*lo = x * e->lo_permille / 1000;
	*hi = (x * e->hi_permille + 999) / 1000;
}

bool kernel_within(const struct kernel_expect *e, uint64_t iterations, int64_t measured)
{
	int64_t lo, hi;
	kernel_bounds(e, iterations, &lo, &hi);
	return measured >= lo && measured <= hi;
}

pmu_status kernel_args_check(const struct kernel_desc *k, const struct kernel_args *a)
{
	if (a->iterations == 0)
		return PMU_ERR_INVALID;
	if (!(k->flags & KERNEL_NEEDS_BUFFER))
		return PMU_OK;
	if (!a->buf || ((uintptr_t)a->buf & 63) || (a->bytes & 63))
		return PMU_ERR_INVALID;
	if (a->bytes < k->min_bytes)
		return PMU_ERR_RANGE;
	/* the stride (65 lines) must be coprime to the line count to visit every line */
	uint64_t lines = a->bytes / 64;
	if ((k->flags & KERNEL_PAGE_STRIDE) && (lines % 5 == 0 || lines % 13 == 0))
		return PMU_ERR_RANGE;
	return PMU_OK;
}

uint64_t kernels_buffer_bytes(uint64_t llc_bytes)
{
	uint64_t b = 64 * 1024;
	while (b < 2 * llc_bytes && b < (UINT64_C(1) << 40))
		b <<= 1;
	return b;
}

static uint64_t xorshift64(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

void kernels_chase_init(void *buf, uint64_t bytes)
{
	uint64_t *w = buf;   /* slot i is w[8 * i]: next pointer, then its index */
	uint64_t n = bytes / 64, seed = 0x2545f4914f6cdd1dULL;
	if (n == 0)
		return;
	for (uint64_t i = 0; i < n; i++)
		w[8 * i + 1] = i;
	for (uint64_t i = n - 1; i > 0; i--) {  /* Sattolo: one cycle of length n */
		uint64_t j = xorshift64(&seed) % i, t = w[8 * i + 1];
		w[8 * i + 1] = w[8 * j + 1];
		w[8 * j + 1] = t;
	}
	for (uint64_t i = 0; i < n; i++)
		w[8 * i] = (uint64_t)(uintptr_t)&w[8 * w[8 * i + 1]];
}
