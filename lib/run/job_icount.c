#include "run/buffers.h"
#include "out/derived.h"
#include "out/logrec.h"
#include "hw/msr.h"

/* Every kernel with an exact instruction claim runs at two counts: its fixed and per-iteration parts. */
static const uint64_t icount_iterations[] = { 1000, 100000 };
#define ICOUNT_COUNTS (sizeof(icount_iterations) / sizeof(icount_iterations[0]))

#define ICOUNT_MAX_SHIFT 20

struct window {
	uint64_t ticks;
	bool repeatable;    /* a second run gave the same ticks */
	pmu_status st;
};

static pmu_status window_once(struct run *a, uint64_t gate, const struct kernel_desc *k,
			      const struct kernel_args *args, uint64_t *ticks)
{
	struct pmu_gated_run g = { .on = gate, .off = gate, .kernel = k->fn, .arg = args,
				   .msr = MSR_IA32_PERF_GLOBAL_CTRL };
	uint64_t flags = plat_irq_save(a->plat);
	pmu_gated_run(&a->backend, (unsigned)a->plat->bsp, &g);
	plat_irq_restore(a->plat, flags);
	*ticks = g.tsc_off - g.tsc_on;
	return g.on_st ? g.on_st : g.off_st;
}

/* TSC ticks across the window around k(args), twice. */
static struct window window(struct run *a, uint64_t gate, const struct kernel_desc *k,
			    const struct kernel_args *args)
{
	struct window w = { 0, false, PMU_OK };
	uint64_t again = 0;
	w.st = window_once(a, gate, k, args, &w.ticks);
	if (!w.st)
		w.st = window_once(a, gate, k, args, &again);
	w.repeatable = !w.st && again == w.ticks;
	return w;
}

/* N when ticks == instructions << N exactly, else -1. */
static int shift_of(uint64_t ticks, uint64_t instructions)
{
	for (int n = 0; n <= ICOUNT_MAX_SHIFT && instructions; n++)
		if (instructions << n == ticks)
			return n;
	return -1;
}

static enum verdict refuse(struct run *a, const char *why)
{
	sb_puts(&a->sb, "efipmu: icount-check: ");
	sb_puts(&a->sb, why);
	run_say(a);
	return VERDICT_ERROR;
}

static bool check_kernel(struct run *a, uint64_t gate, const struct kernel_desc *k,
			    const struct kernel_args *args, const struct window *empty, unsigned shift)
{
	const struct kernel_expect *e = kernel_expect_for(k, KEV_INSTRUCTIONS);
	uint64_t n = args->iterations;
	struct window w = window(a, gate, k, args);
	int64_t want = kernel_expected(e, n);
	uint64_t diff = w.ticks - empty->ticks;
	bool ok = !w.st && w.repeatable && w.ticks >= empty->ticks && want >= 0 &&
		     diff == (uint64_t)want << shift;
	run_begin(a, "icount");
	logrec_key_str(&a->sb, "kernel", k->name);
	logrec_key_u64(&a->sb, "iterations", n);
	logrec_key_u64(&a->sb, "ticks", w.ticks);
	logrec_key_u64(&a->sb, "empty_ticks", empty->ticks);
	logrec_key_u64(&a->sb, "shift", shift);
	logrec_key_u64(&a->sb, "expected", (uint64_t)want);
	logrec_key_u64(&a->sb, "measured", diff >> shift);
	logrec_key_bool(&a->sb, "repeatable", w.repeatable);
	if (w.st)
		logrec_key_str(&a->sb, "error", pmu_status_str(w.st));
	logrec_key_str(&a->sb, "result", ok ? "PASS" : "FAIL");
	logrec_end(&a->sb);
	run_record(a);

	sb_puts(&a->sb, "icount: ");
	sb_puts(&a->sb, k->name);
	sb_pad_to(&a->sb, 16);
	sb_puts(&a->sb, "n=");
	sb_dec(&a->sb, n);
	sb_pad_to(&a->sb, 28);
	sb_puts(&a->sb, "expected ");
	sb_dec_grouped(&a->sb, (uint64_t)want);
	sb_puts(&a->sb, ", measured ");
	sb_dec_grouped(&a->sb, diff >> shift);
	if (diff & ((1ull << shift) - 1))
		sb_puts(&a->sb, " (ticks not a multiple of 2^N)");
	if (!w.repeatable)
		sb_puts(&a->sb, w.st ? " (the gating write faulted)" : " (not repeatable)");
	sb_puts(&a->sb, ok ? ": PASS" : ": FAIL");
	run_say(a);
	return ok;
}

/*
 * `make bench` item 1: what the counters count besides the kernel. Between
 * its enabling and disabling writes the engine executes kernel + 5
 * instructions (msr_asm.S); of its window, rdtsc to rdtsc, ENGINE_OUTSIDE lie
 * outside the writes (rdtsc .. the enabling wrmsr: 10; the disabling wrmsr ..
 * the second rdtsc: 4). scripts/bench.sh counts both in the disassembly.
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
static bool overhead(struct run *a, const struct window *empty, unsigned shift)
{
	const struct kernel_desc *k = kernel_find("empty");
	struct kernel_args args = { 0, NULL, 0 };
	struct naive_run n = { .b = &a->backend, .write = naive_write, .kernel = k->fn, .arg = &args,
			       .cpu = (uint32_t)a->plat->bsp, .plat = a->plat };
	uint64_t engine = (empty->ticks >> shift) - ENGINE_OUTSIDE;
	uint64_t one = 0, all = 0, per_write = 0, naive = 0;
	pmu_status st = PMU_OK;
	for (unsigned i = 0; i < NAIVE_COUNTERS && !st; i++) {
		st = pmu_rdmsr(&a->backend, n.cpu, MSR_IA32_PERFEVTSEL0 + i, &n.on[i]);
		n.off[i] = n.on[i];
	}
	if (!st) {
		one = naive_instructions(&n, 1, shift);
		all = naive_instructions(&n, NAIVE_COUNTERS, shift);
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
	logrec_key_u64(&a->sb, "engine_window", empty->ticks >> shift);
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
	sb_puts(&a->sb, "icount: (engine: empty kernel + 5; naive: ");
	sb_dec(&a->sb, NAIVE_COUNTERS);
	sb_puts(&a->sb, " PERFEVTSEL writes of ");
	sb_dec(&a->sb, per_write);
	sb_puts(&a->sb, " each + 3)");
	run_say(a);
	return true;
}

/* The run's verdict: this job replaces the measurement job and its judge. */
static enum verdict verdict(struct run *a, unsigned passed, unsigned checks, int shift)
{
	bool ok = shift >= 0 && checks && passed == checks;
	run_begin(a, "verdict");
	logrec_key_str(&a->sb, "verdict", ok ? "PASS" : "FAIL");
	logrec_key_str(&a->sb, "job", "icount-check");
	logrec_key_u64(&a->sb, "checks", checks);
	logrec_key_u64(&a->sb, "passed", passed);
	logrec_end(&a->sb);
	run_record(a);
	sb_puts(&a->sb, ok ? "VERDICT: PASS - " : "VERDICT: FAIL - ");
	sb_dec(&a->sb, passed);
	sb_puts(&a->sb, " of ");
	sb_dec(&a->sb, checks);
	sb_puts(&a->sb, " instruction claims hold under -icount");
	run_say(a);
	return ok ? VERDICT_PASS : VERDICT_FAIL;
}

enum verdict job_icount(struct run *a)
{
	uint64_t gate = 0;
	if (a->simulated)
		return refuse(a, "needs the real backend (the TSC under QEMU -icount is the counter)");
	if (a->plat->nenabled != 1)
		return refuse(a, "needs exactly one CPU (QEMU -smp 1 -icount shift=N)");
	/* The window writes GLOBAL_CTRL's own value: it changes nothing, wherever it runs. */
	pmu_status st = pmu_rdmsr(&a->backend, (unsigned)a->plat->bsp, MSR_IA32_PERF_GLOBAL_CTRL, &gate);
	if (st)
		return refuse(a, "IA32_PERF_GLOBAL_CTRL (0x38F), the gate the window writes, faults");
	const struct kernel_desc *first = kernel_find("inst");
	struct kernel_args args = { icount_iterations[0], NULL, 0 };
	struct window empty = window(a, gate, kernel_find("empty"), &args);
	struct window w = window(a, gate, first, &args);
	int64_t want = kernel_expected(kernel_expect_for(first, KEV_INSTRUCTIONS), args.iterations);
	/* N from inst alone; every other kernel and count must agree with it. */
	int shift = !empty.st && !w.st && w.ticks > empty.ticks && want > 0 ?
		shift_of(w.ticks - empty.ticks, (uint64_t)want) : -1;
	if (shift >= 0 && (!empty.repeatable || (empty.ticks & ((1ull << shift) - 1))))
		shift = -1;   /* the empty window itself is not exact */
	run_begin(a, "icount_window");
	logrec_key_hex(&a->sb, "gate_msr", MSR_IA32_PERF_GLOBAL_CTRL);
	logrec_key_u64(&a->sb, "empty_ticks", empty.ticks);
	logrec_key_bool(&a->sb, "repeatable", empty.repeatable);
	if (shift >= 0) {
		logrec_key_u64(&a->sb, "shift", (uint64_t)shift);
		logrec_key_u64(&a->sb, "empty_instructions", empty.ticks >> shift);
	}
	logrec_end(&a->sb);
	run_record(a);
	if (shift < 0) {
		sb_puts(&a->sb, "icount: TSC ticks across the window are not instructions << N: "
				"not under QEMU -icount shift=N, or interrupts got in");
		run_say(a);
		return verdict(a, 0, 0, shift);
	}
	sb_puts(&a->sb, "icount: 2^");
	sb_dec(&a->sb, (uint64_t)shift);
	sb_puts(&a->sb, " ticks per instruction; empty window ");
	sb_dec(&a->sb, empty.ticks >> shift);
	sb_puts(&a->sb, " instructions (");
	sb_dec(&a->sb, empty.ticks);
	sb_puts(&a->sb, " ticks)");
	run_say(a);
	unsigned checks = 1, passed = overhead(a, &empty, (unsigned)shift);
	for (unsigned i = 0; i < kernel_count; i++) {
		const struct kernel_desc *k = &kernel_table[i];
		const struct kernel_expect *e = kernel_expect_for(k, KEV_INSTRUCTIONS);
		if (k == kernel_find("empty") || !e || e->lo_permille != 1000 || e->hi_permille != 1000)
			continue;
		/* the memory kernels run on their real buffers: prepared (and refused) as for a job */
		checks += ICOUNT_COUNTS;
		if ((buffers_prepare(a, k, &args)))
			continue;
		for (unsigned j = 0; j < ICOUNT_COUNTS; j++) {
			args.iterations = icount_iterations[j];
			passed += check_kernel(a, gate, k, &args, &empty, (unsigned)shift);
		}
	}
	buffers_free(a);
	return verdict(a, passed, checks, shift);
}
