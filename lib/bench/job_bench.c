/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * --bench (`make bench` item 2): how far apart the CPUs open and close their
 * windows when the barrier releases them (one StartupAllAPs, every round
 * released together) and when each CPU is started by its own StartupThisAP
 * (PLAT_SEQUENTIAL). Both run the measurement job's own rounds (measure_run),
 * here both around the empty kernel: two windows per CPU and run. The TSC is
 * the CPUs' own even on backend sim, so the skews are real timings. Every window's
 * restore is read back as the measurement's are (run/restore_report.h), and said once.
 */
#include "bench/job_bench.h"
#include "run/run.h"
#include "out/derived.h"
#include "run/measure.h"
#include "run/restore_report.h"
#include "util/stats.h"

#define BENCH_RUNS 10                      /* of each mode */
#define BENCH_WINDOWS (2 * BENCH_RUNS)     /* measure_run has two rounds */

struct mode_skew {
	const char *name;
	unsigned windows, cpus;
	struct stats_u64 start, stop;   /* TSC ticks, over the windows */
};

/* max - min of the TSC at enable (start) and disable (stop) over the CPUs that measured. */
static bool window_skew(const struct run *a, bool kernel_round, uint64_t *start, uint64_t *stop,
			   unsigned *cpus)
{
	uint64_t on_min = ~0ull, on_max = 0, off_min = ~0ull, off_max = 0;
	unsigned n = 0;
	for (size_t i = 0; i < a->plat->ncpus; i++) {
		const struct run_cpu *s = &a->slot[i];
		const struct core_session *w = kernel_round ? &s->run : &s->empty;
		if (!a->plat->cpu[i].in_rounds || a->plat->cpu[i].miss != PLAT_MISS_NONE || s->measure_st ||
		    !w->tsc_on)
			continue;
		n++;
		on_min = w->tsc_on < on_min ? w->tsc_on : on_min;
		on_max = w->tsc_on > on_max ? w->tsc_on : on_max;
		off_min = w->tsc_off < off_min ? w->tsc_off : off_min;
		off_max = w->tsc_off > off_max ? w->tsc_off : off_max;
	}
	*start = on_max - on_min;
	*stop = off_max - off_min;
	*cpus = n > *cpus ? n : *cpus;
	return n >= 2;
}

/* Ticks and microseconds: "1,234 ticks (0.617 us)". */
static void say_ticks(struct run *a, uint64_t ticks)
{
	uint64_t milli;
	sb_dec_grouped(&a->sb, ticks);
	sb_puts(&a->sb, " ticks (");
	if (derived_muldiv(ticks, 1000, a->plat->tsc_per_us, &milli))
		derived_fmt_milli(&a->sb, milli);
	else
		sb_putc(&a->sb, '?');
	sb_puts(&a->sb, " us)");
}

static void skew_stats_keys(struct run *a, const char *what, const struct stats_u64 *st)
{
	char key[32];
	struct strbuf k;
	static const char *const part[] = { "_skew_ticks", "_skew_min", "_skew_max" };
	const uint64_t val[] = { st->median, st->min, st->max };
	for (unsigned i = 0; i < 3; i++) {
		sb_init(&k, key, sizeof(key));
		sb_puts(&k, what);
		sb_puts(&k, part[i]);
		logrec_key_u64(&a->sb, key, val[i]);
	}
}

/* BENCH_RUNS runs in one mode; a "bench_skew" record and a console line. */
static void bench_mode(struct run *a, struct measure_state *ms, enum plat_mode mode,
		       struct mode_skew *m, struct restore_sum *restored)
{
	uint64_t start[BENCH_WINDOWS], stop[BENCH_WINDOWS];
	m->name = mode == PLAT_TOGETHER ? "barrier" : "sequential";
	m->windows = m->cpus = 0;
	for (unsigned r = 0; r < BENCH_RUNS && !a->plat->rounds_leaked; r++) {
		measure_run(a, ms, mode);
		restore_sum_cores(restored, a);
		for (unsigned k = 0; k < 2 && !a->plat->rounds_leaked; k++)
			m->windows += window_skew(a, k, &start[m->windows], &stop[m->windows], &m->cpus);
	}
	stats_compute(start, m->windows, &m->start);
	stats_compute(stop, m->windows, &m->stop);
	run_begin(a, "bench_skew");
	logrec_key_str(&a->sb, "mode", m->name);
	logrec_key_u64(&a->sb, "runs", BENCH_RUNS);
	logrec_key_u64(&a->sb, "windows", m->windows);
	logrec_key_u64(&a->sb, "cpus", m->cpus);
	skew_stats_keys(a, "start", &m->start);
	skew_stats_keys(a, "stop", &m->stop);
	logrec_key_u64(&a->sb, "tsc_per_us", a->plat->tsc_per_us);
	logrec_end(&a->sb);
	run_record(a);
	sb_puts(&a->sb, "skew: ");
	sb_puts(&a->sb, m->name);
	sb_pad_to(&a->sb, 17);
	if (!m->windows) {
		const struct run_cpu *bsp = &a->slot[a->plat->bsp];
		sb_puts(&a->sb, "no window on 2 CPUs; the boot CPU: ");
		sb_puts(&a->sb, bsp->empty.msg[0] ? bsp->empty.msg : pmu_status_str(bsp->measure_st));
		run_say(a);
		return;
	}
	sb_puts(&a->sb, "start ");
	say_ticks(a, m->start.median);
	run_say(a);
	sb_pad_to(&a->sb, 17);
	sb_puts(&a->sb, "stop  ");
	say_ticks(a, m->stop.median);
	run_say(a);
}

/* x / y rounded, "12,345x"; a median of 0 ticks divides as 1. */
static void say_ratio(struct run *a, const char *what, uint64_t x, uint64_t y)
{
	uint64_t q = 0;
	sb_puts(&a->sb, what);
	derived_muldiv(x, 1, y ? y : 1, &q);
	sb_dec_grouped(&a->sb, q);
	sb_puts(&a->sb, y ? "x" : "x or more");
}

enum verdict job_bench(struct run *a, void *state)
{
	struct measure_state *ms = state;   /* its own, resolved by its row (run/jobs.c) */
	struct mode_skew m[2];
	enum verdict v = job_prepare(a, ms);
	if (v != VERDICT_PASS)
		return v;
	struct restore_sum *restored = run_alloc(a, sizeof(*restored));
	if (!restored)
		return run_refuse(a, "no memory for the bench's restore read-back", NULL, NULL);
	/* Both rounds around the empty kernel: the skews are the dispatch's, not a kernel's. */
	ms->kernel = kernel_find("empty");
	/* the first round's events: the skew does not depend on them */
	run_core_round(ms, 0, NULL);
	sb_puts(&a->sb, "skew: start and stop of the windows across CPUs, median of ");
	sb_dec(&a->sb, BENCH_WINDOWS);
	sb_puts(&a->sb, " windows");
	run_say(a);
	bench_mode(a, ms, PLAT_TOGETHER, &m[0], restored);
	bench_mode(a, ms, PLAT_SEQUENTIAL, &m[1], restored);
	bool ok = m[0].windows && m[1].windows;
	if (ok) {
		say_ratio(a, "skew: sequential / barrier: start ", m[1].start.median, m[0].start.median);
		say_ratio(a, ", stop ", m[1].stop.median, m[0].stop.median);
		run_say(a);
	}
	a->checks.n[CHECK_SKEW] = (m[0].windows > 0) + (m[1].windows > 0);
	if (!ok) {
		sb_puts(&a->sb, "fewer than 2 CPUs measured a window (under TCG: backend = sim)");
		run_say(a);
	}
	v = verdict_worse(ok ? VERDICT_PASS : VERDICT_FAIL, restore_report(a, restored));
	run_free(a, restored);
	return v;
}

const struct run_registered bench_jobs = {
	.execute = { [JOB_ICOUNT] = job_icount, [JOB_BENCH] = job_bench },
};
