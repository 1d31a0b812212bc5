/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * `make bench` item 1, run by --icount-check under QEMU -icount: what the
 * counters count besides the kernel on the engine's gated window, against a
 * naive path that sets and clears each counter's EN bit on its own. A
 * benchmark path, kept apart from the product's.
 */
#include "bench/overhead.h"
#include "hw/msr.h"
#include "out/derived.h"
#include "out/logrec.h"

/*
 * `make bench` item 1: what the counters count besides the kernel. Between
 * its enabling and disabling writes the engine executes the kernel's body
 * inline + 2 instructions (efi/gated.c); of its window, rdtsc to rdtsc,
 * ENGINE_OUTSIDE lie outside the writes (rdtsc .. the enabling wrmsr: 10; the
 * disabling wrmsr .. the second rdtsc: 4). tools/bench/gated_window.py counts
 * both in the disassembly.
 */
#define ENGINE_OUTSIDE 14

/*
 * The naive path, for comparison: each PERFEVTSEL written on its own through
 * the backend (naive_write), the kernel, then each again. Every value is the
 * register's own, read first: nothing changes anywhere (TCG drops the writes
 * anyway), and the instructions are those of setting and clearing EN.
 */
#define NAIVE_COUNTERS 4

struct naive_run {
	const struct pmu_backend *b;
	void (*write)(struct naive_run *n, unsigned i, uint64_t val);
	uint64_t (*kernel)(const void *arg);
	const void *arg;
	uint64_t on[NAIVE_COUNTERS], off[NAIVE_COUNTERS];
	uint64_t tsc_on, tsc_off;
	uint32_t count;   /* counters written, 1..NAIVE_COUNTERS */
	uint32_t cpu;
	pmu_status st;    /* the first write that failed */
	const struct platform *plat;
};

_Static_assert(__builtin_offsetof(struct naive_run, write) == 8, "naive_run layout");
_Static_assert(__builtin_offsetof(struct naive_run, kernel) == 16, "naive_run layout");
_Static_assert(__builtin_offsetof(struct naive_run, arg) == 24, "naive_run layout");
_Static_assert(__builtin_offsetof(struct naive_run, on) == 32, "naive_run layout");
_Static_assert(__builtin_offsetof(struct naive_run, off) == 64, "naive_run layout");
_Static_assert(__builtin_offsetof(struct naive_run, tsc_on) == 96, "naive_run layout");
_Static_assert(__builtin_offsetof(struct naive_run, tsc_off) == 104, "naive_run layout");
_Static_assert(__builtin_offsetof(struct naive_run, count) == 112, "naive_run layout");

static void naive_write(struct naive_run *n, unsigned i, uint64_t val)
{
	pmu_status st = pmu_wrmsr(n->b, n->cpu, MSR_IA32_PERFEVTSEL0 + i, val);
	if (st && !n->st)
		n->st = st;
}

/*
 * In assembly so that everything but the writes is counted here: each loop
 * iteration is S instructions (4 + naive_write + 3, the same in both loops),
 * so from the first rdtsc to the second it runs 5 + count*S + 4 + count*S
 * (NAIVE_FIXED = 9), and a counter counts, from after its enabling wrmsr to
 * its disabling one, the rest of its iteration, the other count-1
 * iterations, the 4 around the kernel and the next loop's iteration up to
 * its wrmsr: count*S + 3.
 */
#define NAIVE_FIXED 9
#define NAIVE_AROUND_KERNEL 3
void efipmu_naive_run(struct naive_run *n);
__asm__(".pushsection .text\n"
	".globl efipmu_naive_run\n"
	".hidden efipmu_naive_run\n"
	"efipmu_naive_run:\n\t"
	"push %rbx\n\t"
	"push %r12\n\t"
	"push %r13\n\t"                 /* 16-byte aligned stack at the calls */
	"mov %rdi, %rbx\n\t"
	"mov 112(%rbx), %r13d\n\t"
	"rdtsc\n\t"
	"shl $32, %rdx\n\t"
	"or %rdx, %rax\n\t"
	"mov %rax, 96(%rbx)\n\t"
	"xor %r12d, %r12d\n"
	"1:\tmov %rbx, %rdi\n\t"
	"mov %r12d, %esi\n\t"
	"mov 32(%rbx,%r12,8), %rdx\n\t"
	"call *8(%rbx)\n\t"
	"inc %r12d\n\t"
	"cmp %r13d, %r12d\n\t"
	"jb 1b\n\t"
	"mov 24(%rbx), %rdi\n\t"
	"call *16(%rbx)\n\t"
	"xor %r12d, %r12d\n"
	"2:\tmov %rbx, %rdi\n\t"
	"mov %r12d, %esi\n\t"
	"mov 64(%rbx,%r12,8), %rdx\n\t"
	"call *8(%rbx)\n\t"
	"inc %r12d\n\t"
	"cmp %r13d, %r12d\n\t"
	"jb 2b\n\t"
	"rdtsc\n\t"
	"shl $32, %rdx\n\t"
	"or %rdx, %rax\n\t"
	"mov %rax, 104(%rbx)\n\t"
	"pop %r13\n\t"
	"pop %r12\n\t"
	"pop %rbx\n\t"
	"ret\n"
	".popsection\n");

/* Instructions from the first rdtsc to the second, twice (0: a write failed or not repeatable). */
static uint64_t naive_instructions(struct naive_run *n, unsigned count, unsigned shift)
{
	uint64_t ticks[2];
	n->count = count;
	n->st = PMU_OK;
	for (unsigned i = 0; i < 2; i++) {
		uint64_t flags = plat_irq_save(n->plat);
		efipmu_naive_run(n);
		plat_irq_restore(n->plat, flags);
		ticks[i] = n->tsc_off - n->tsc_on;
	}
	if (n->st || ticks[0] != ticks[1] || (ticks[0] & ((1ull << shift) - 1)))
		return 0;
	return ticks[0] >> shift;
}

/* x / y to three decimals ("25.167"). */
static void say_ratio(struct strbuf *sb, uint64_t x, uint64_t y)
{
	uint64_t milli;
	if (derived_muldiv(x, 1000, y, &milli))
		derived_fmt_milli(sb, milli);
	else
		sb_putc(sb, '?');
}

/*
 * Logs an "overhead" record and prints the engine's and the naive path's
 * instructions besides the kernel. false when the naive path's own count
 * does not hold (its fixed part is not NAIVE_FIXED) or it could not run.
 */
bool bench_overhead(struct run *a, uint64_t empty_ticks, unsigned shift, struct restore_tally *back)
{
	const struct kernel_desc *k = kernel_find("empty");
	struct kernel_args args = { 0, NULL, 0 };
	struct naive_run n = { .b = &a->backend, .write = naive_write, .kernel = k->fn, .arg = &args,
			       .cpu = (uint32_t)a->plat->bsp, .plat = a->plat };
	uint64_t engine = (empty_ticks >> shift) - ENGINE_OUTSIDE;
	uint64_t one = 0, all = 0, per_write = 0, naive = 0;
	pmu_status st = PMU_OK;
	for (unsigned i = 0; i < NAIVE_COUNTERS && !st; i++) {
		st = pmu_rdmsr(&a->backend, n.cpu, MSR_IA32_PERFEVTSEL0 + i, &n.on[i]);
		n.off[i] = n.on[i];
	}
	if (!st) {
		one = naive_instructions(&n, 1, shift);
		all = naive_instructions(&n, NAIVE_COUNTERS, shift);
		for (unsigned i = 0; i < NAIVE_COUNTERS; i++)   /* each rewritten with its own value */
			restore_check_one(n.b, n.cpu, MSR_IA32_PERFEVTSEL0 + i, n.on[i], back);
	}
	/* S from the two counts; the fixed part left over must be the assembly's */
	bool ok = one && all > one && (all - one) % (2 * (NAIVE_COUNTERS - 1)) == 0;
	if (ok) {
		per_write = (all - one) / (2 * (NAIVE_COUNTERS - 1));
		ok = one == 2 * per_write + NAIVE_FIXED;
		naive = NAIVE_COUNTERS * per_write + NAIVE_AROUND_KERNEL;
	}
	run_begin(a, "overhead");
	logrec_key_u64(&a->sb, "shift", shift);
	logrec_key_u64(&a->sb, "engine_window", empty_ticks >> shift);
	logrec_key_u64(&a->sb, "engine_outside", ENGINE_OUTSIDE);
	logrec_key_u64(&a->sb, "engine", engine);
	logrec_key_u64(&a->sb, "naive_counters", NAIVE_COUNTERS);
	logrec_key_u64(&a->sb, "naive_window_1", one);
	logrec_key_u64(&a->sb, "naive_window_all", all);
	logrec_key_u64(&a->sb, "naive_per_write", per_write);
	logrec_key_u64(&a->sb, "naive", naive);
	if (st || n.st)
		logrec_key_str(&a->sb, "error", pmu_status_str(st ? st : n.st));
	logrec_key_str(&a->sb, "result", ok ? "PASS" : "FAIL");
	logrec_end(&a->sb);
	run_record(a);

	sb_puts(&a->sb, "icount: overhead engine: ");
	sb_dec(&a->sb, engine);
	if (!ok) {
		sb_puts(&a->sb, st || n.st ? " instructions; naive path: a PERFEVTSEL write faulted: FAIL" :
				 " instructions; naive path not exact: FAIL");
		run_say(a);
		return false;
	}
	sb_puts(&a->sb, " instructions, naive: ");
	sb_dec(&a->sb, naive);
	sb_puts(&a->sb, " instructions, ratio ");
	say_ratio(&a->sb, naive, engine);
	run_say(a);
	sb_puts(&a->sb, "icount: (engine: the kernel inline + 2; naive: ");
	sb_dec(&a->sb, NAIVE_COUNTERS);
	sb_puts(&a->sb, " PERFEVTSEL writes of ");
	sb_dec(&a->sb, per_write);
	sb_puts(&a->sb, " each + 3)");
	run_say(a);
	return true;
}

