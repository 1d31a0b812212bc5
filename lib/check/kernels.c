/*
 * The microkernels and their table of claims. Every kernel is one asm
 * statement with the same operands and clobbers, so gcc gives every kernel
 * the same wrapper (whatever the ABI or flags) and `empty` measures it.
 * The asm uses numbered local labels only, so gcc may duplicate it safely, and
 * no unconditional jumps, so "all branches" equals "conditional branches".
 * Every loop is guarded (`test; jz`) so that 0 iterations cannot wrap the count.
 */
#include "check/kernels.h"
#include "util/fmt.h"

_Static_assert(offsetof(struct kernel_args, iterations) == 0, "asm reads iterations at 0");
_Static_assert(offsetof(struct kernel_args, buf) == 8, "asm reads buf at 8");
_Static_assert(offsetof(struct kernel_args, bytes) == 16, "asm reads bytes at 16");
_Static_assert(KERNEL_STREAM_STRIDE == 4160, "stream asm hard-codes the stride");

/*
 * rax: the checksum; rdi: the args on entry, free afterwards; only caller-saved
 * registers. Named kernel_<table name>: check-kernels.sh collects by that name.
 */
#define KERNEL(fn, body)							\
	__attribute__((noinline, noclone))					\
	static uint64_t fn(const void *a)					\
	{									\
		uint64_t sum;							\
		__asm__ volatile(body						\
				 : "=a"(sum), "+D"(a)				\
				 :						\
				 : "rcx", "rdx", "rsi", "r8", "r9", "r10", "r11",	\
				   "cc", "memory");				\
		return sum;							\
	}

/* Nothing: calibrates the wrapper and the caller's enable/disable. rax is left as is. */
KERNEL(kernel_empty, "")

/* 18 fixed; per iteration 8 independent adds + dec + jnz. Checksum 36 * n. */
KERNEL(kernel_inst,
	"mov (%%rdi), %%rcx\n\t"
	"xor %%eax, %%eax\n\t"
	"xor %%edx, %%edx\n\t"
	"xor %%esi, %%esi\n\t"
	"xor %%edi, %%edi\n\t"
	"xor %%r8d, %%r8d\n\t"
	"xor %%r9d, %%r9d\n\t"
	"xor %%r10d, %%r10d\n\t"
	"xor %%r11d, %%r11d\n\t"
	"test %%rcx, %%rcx\n\t"
	"jz 2f\n"
	"1:\tadd $1, %%rax\n\t"
	"add $2, %%rdx\n\t"
	"add $3, %%rsi\n\t"
	"add $4, %%rdi\n\t"
	"add $5, %%r8\n\t"
	"add $6, %%r9\n\t"
	"add $7, %%r10\n\t"
	"add $8, %%r11\n\t"
	"dec %%rcx\n\t"
	"jnz 1b\n"
	"2:\tadd %%rdx, %%rax\n\t"
	"add %%rsi, %%rax\n\t"
	"add %%rdi, %%rax\n\t"
	"add %%r8, %%rax\n\t"
	"add %%r9, %%rax\n\t"
	"add %%r10, %%rax\n\t"
	"add %%r11, %%rax")

/*
 * 4 fixed; per iteration a xorshift64 step (9), a branch on its low bit that
 * no predictor can learn, then a second branch on the same flags so that both
 * paths are 3 instructions with one taken and one not-taken conditional
 * branch, and the loop (2). Checksum: the final xorshift state.
 */
KERNEL(kernel_branch,
	"mov (%%rdi), %%rcx\n\t"
	"movabs $0x9e3779b97f4a7c15, %%rax\n\t"
	"test %%rcx, %%rcx\n\t"
	"jz 3f\n"
	"1:\tmov %%rax, %%rdx\n\t"
	"shl $13, %%rdx\n\t"
	"xor %%rdx, %%rax\n\t"
	"mov %%rax, %%rdx\n\t"
	"shr $7, %%rdx\n\t"
	"xor %%rdx, %%rax\n\t"
	"mov %%rax, %%rdx\n\t"
	"shl $17, %%rdx\n\t"
	"xor %%rdx, %%rax\n\t"
	"test $1, %%al\n\t"
	"jz 2f\n\t"          /* random: taken when the bit is 0 */
	"jnz 4f\n"           /* bit 1: always taken */
	"2:\tjnz 4f\n"       /* bit 0: never taken */
	"4:\tdec %%rcx\n\t"
	"jnz 1b\n"
	"3:")

/*
 * 7 fixed; per iteration one load from the next line, KERNEL_STREAM_STRIDE
 * further on modulo bytes (branch-free wrap), 7 instructions.
 * Checksum: sum of the first word of every line loaded.
 */
KERNEL(kernel_stream,
	"mov (%%rdi), %%rcx\n\t"
	"mov 8(%%rdi), %%rsi\n\t"
	"mov 16(%%rdi), %%rdx\n\t"
	"xor %%eax, %%eax\n\t"
	"xor %%r8d, %%r8d\n\t"
	"test %%rcx, %%rcx\n\t"
	"jz 2f\n"
	"1:\tadd (%%rsi,%%r8), %%rax\n\t"
	"add $4160, %%r8\n\t"
	"mov %%r8, %%r9\n\t"
	"sub %%rdx, %%r9\n\t"
	"cmovae %%r9, %%r8\n\t"
	"dec %%rcx\n\t"
	"jnz 1b\n"
	"2:")

/* 4 fixed; per iteration one dependent load + loop. Checksum: the last pointer. */
KERNEL(kernel_chase,
	"mov (%%rdi), %%rcx\n\t"
	"mov 8(%%rdi), %%rax\n\t"
	"test %%rcx, %%rcx\n\t"
	"jz 2f\n"
	"1:\tmov (%%rax), %%rax\n\t"
	"dec %%rcx\n\t"
	"jnz 1b\n"
	"2:")

/*
 * 4 fixed; per iteration pause + loop, so unhalted cycles run far ahead of
 * instructions. (hlt would stop the reference clock too, but it is privileged
 * on the host and needs a wake-up interrupt in the app.) Checksum: n.
 */
KERNEL(kernel_idle,
	"mov (%%rdi), %%rcx\n\t"
	"mov %%rcx, %%rax\n\t"
	"test %%rcx, %%rcx\n\t"
	"jz 2f\n"
	"1:\tpause\n\t"
	"dec %%rcx\n\t"
	"jnz 1b\n"
	"2:")

/*
 * Memory traffic for the uncore boxes. The buffer is split into a read half
 * [0, h), a write half [h, 2h) and a lock line (the last 64 bytes). Per
 * iteration: load a line, movnti its first word to the same line of the write
 * half, lock-add 1 to the lock word, step 64 bytes (wrap at h), loop: 8.
 * 14 fixed (12 before the loop, sfence and the checksum load after).
 * Checksum: the lock word after the run (its old value + n).
 */
KERNEL(kernel_uncore,
	"mov (%%rdi), %%rcx\n\t"
	"mov 8(%%rdi), %%rsi\n\t"
	"mov 16(%%rdi), %%rdx\n\t"
	"lea -64(%%rsi,%%rdx), %%r9\n\t"
	"sub $64, %%rdx\n\t"
	"shr $1, %%rdx\n\t"
	"and $-64, %%rdx\n\t"
	"lea (%%rsi,%%rdx), %%r8\n\t"
	"xor %%eax, %%eax\n\t"
	"xor %%r10d, %%r10d\n\t"
	"test %%rcx, %%rcx\n\t"
	"jz 2f\n"
	"1:\tmov (%%rsi,%%rax), %%r11\n\t"
	"movnti %%r11, (%%r8,%%rax)\n\t"
	"lock addq $1, (%%r9)\n\t"
	"add $64, %%rax\n\t"
	"cmp %%rdx, %%rax\n\t"
	"cmovae %%r10, %%rax\n\t"
	"dec %%rcx\n\t"
	"jnz 1b\n"
	"2:\tsfence\n\t"
	"mov (%%r9), %%rax")

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
