/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "bench/job_bench.h"
#include "bench/overhead.h"
#include "run/buffers.h"
#include "out/logrec.h"
#include "hw/msr.h"
#include "run/restore_report.h"

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
 * A kernel that cannot run on this machine (its buffer was refused: no cache
 * named, not enough memory) is no claim that failed: a SKIP with the reason,
 * logged, and left out of the verdict.
 */
static void skip_kernel(struct run *a, const struct kernel_desc *k, const struct run_buffers *bf)
{
	run_begin(a, "icount");
	logrec_key_str(&a->sb, "kernel", k->name);
	logrec_key_str(&a->sb, "result", "SKIP");
	logrec_key_str(&a->sb, "reason", bf->buf_refused);
	logrec_end(&a->sb);
	run_record(a);
	sb_puts(&a->sb, "icount: ");
	sb_puts(&a->sb, k->name);
	sb_pad_to(&a->sb, 16);
	sb_puts(&a->sb, "SKIP (cannot run here: the line above says why)");
	run_say(a);
}

/* The job's facts for the one verdict (run.c): the claims that ran, one line of what held. */
static enum verdict summary(struct run *a, unsigned passed, unsigned checks, unsigned skipped,
			    int shift)
{
	bool ok = shift >= 0 && checks && passed == checks;
	a->checks.n[CHECK_ICOUNT] = checks;
	run_begin(a, "icount_summary");
	logrec_key_u64(&a->sb, "checks", checks);
	logrec_key_u64(&a->sb, "passed", passed);
	logrec_key_u64(&a->sb, "skipped_kernels", skipped);
	logrec_end(&a->sb);
	run_record(a);
	sb_dec(&a->sb, passed);
	sb_puts(&a->sb, " of ");
	sb_dec(&a->sb, checks);
	sb_puts(&a->sb, " instruction claims hold under -icount");
	if (skipped) {
		sb_puts(&a->sb, " (");
		sb_dec(&a->sb, skipped);
		sb_puts(&a->sb, skipped == 1 ? " kernel" : " kernels");
		sb_puts(&a->sb, " could not run here: SKIP)");
	}
	run_say(a);
	return ok ? VERDICT_PASS : VERDICT_FAIL;
}

/*
 * What the job rewrote with the values it found (the gate, the naive path's PERFEVTSELx in
 * naive), read back on the boot CPU and said once, as a measurement's restore (restore_report).
 */
static enum verdict read_back(struct run *a, uint64_t gate, const struct restore_tally *naive,
			      enum verdict v)
{
	struct restore_sum *sum = run_alloc(a, sizeof(*sum));
	struct restore_tally t = { 0 };
	if (!sum)
		return run_refuse(a, "no memory for the icount check's read-back", NULL, NULL);
	restore_check_one(&a->backend, (unsigned)a->plat->bsp, MSR_IA32_PERF_GLOBAL_CTRL, gate, &t);
	restore_sum_add(sum, &t);
	restore_sum_add(sum, naive);
	v = verdict_worse(v, restore_report(a, sum));
	run_free(a, sum);
	return v;
}

enum verdict job_icount(struct run *a, void *state)
{
	(void)state;   /* none */
	uint64_t gate = 0;
	struct restore_tally naive = { 0 };
	if (a->plat->nenabled != 1)
		return refuse(a, "needs exactly one CPU (QEMU -smp 1 -icount shift=N)");
	if (pmu_vendor_amd(a->slot[a->plat->bsp].info.vendor))
		return refuse(a, "gates its window with IA32_PERF_GLOBAL_CTRL, an Intel MSR: "
			      "not on AMD");
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
		return read_back(a, gate, &naive, summary(a, 0, 0, 0, shift));
	}
	sb_puts(&a->sb, "icount: 2^");
	sb_dec(&a->sb, (uint64_t)shift);
	sb_puts(&a->sb, " ticks per instruction; empty window ");
	sb_dec(&a->sb, empty.ticks >> shift);
	sb_puts(&a->sb, " instructions (");
	sb_dec(&a->sb, empty.ticks);
	sb_puts(&a->sb, " ticks)");
	run_say(a);
	unsigned checks = 1, skipped = 0;
	unsigned passed = bench_overhead(a, empty.ticks, (unsigned)shift, &naive);
	struct run_buffers bufs = { NULL, 0, "" };   /* the memory kernels', one at a time */
	for (unsigned i = 0; i < kernel_count; i++) {
		const struct kernel_desc *k = &kernel_table[i];
		const struct kernel_expect *e = kernel_expect_for(k, KEV_INSTRUCTIONS);
		if (k == kernel_find("empty") || !e || e->lo_permille != 1000 || e->hi_permille != 1000)
			continue;
		/* the memory kernels run on their real buffers: prepared (and refused) as for a job */
		pmu_status bst = buffers_prepare(a, &bufs, k, &args);
		if (bst == PMU_ERR_UNSUPPORTED || bst == PMU_ERR_NOSPACE) {
			skip_kernel(a, k, &bufs);
			skipped++;
			continue;
		}
		checks += ICOUNT_COUNTS;   /* arguments it refuses are the tool's fault: failed claims */
		if (bst)
			continue;
		for (unsigned j = 0; j < ICOUNT_COUNTS; j++) {
			args.iterations = icount_iterations[j];
			passed += check_kernel(a, gate, k, &args, &empty, (unsigned)shift);
		}
	}
	buffers_free(a, &bufs);
	return read_back(a, gate, &naive, summary(a, passed, checks, skipped, shift));
}
