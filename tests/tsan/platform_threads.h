/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * lib/run/platform.h and lib/run/rounds.h's operations on the host with real
 * threads, one per AP (the test's own thread is the boot CPU), for
 * ThreadSanitizer. Playing firmware: start_aps starts a thread per enabled AP
 * (and per CPU beyond the list, as MP services starts every AP); settle waits
 * a bounded time for them to return and joins them, or says they never did
 * (a CPU that never returns). With end_stragglers, settle then ends an AP
 * still held in thr_straggle as firmware's timeout does: back to idle
 * (longjmp to the thread's start), abandoning the procedure where it was.
 * The clock is CLOCK_MONOTONIC in ns (tsc_per_us 1000); the console and the
 * log are kept in memory.
 */
#ifndef EFIPMU_TEST_PLATFORM_THREADS_H
#define EFIPMU_TEST_PLATFORM_THREADS_H

#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "assemble/backend_build.h"
#include "bench/job_bench.h"
#include "run/rounds.h"

#define THR_MAX 768   /* a two-socket Turin's logical CPUs (test_rounds.c's widest test) */
#define THR_ALLOCS 8

struct thr_platform;

struct thr_ap {
	struct thr_platform *t;
	unsigned cpu;
	pthread_t th;
	bool started;
	int gone;            /* atomic: the AP returned from the procedure */
	plat_fn fn;
	void *arg;
	jmp_buf idle;        /* where firmware sends it back to (end_stragglers) */
};

struct thr_platform {
	struct platform plat;
	struct plat_cpu cpu[THR_MAX];
	struct rounds_host host;
	struct thr_ap ap[THR_MAX + 1];   /* one beyond ncpus when found > ncpus */
	uint64_t settle_ms;              /* how long settle waits for the APs to return */
	bool refuse_start;               /* start_aps fails: nobody starts */
	int hold_checkin;                /* atomic; bit n (n < 32): AP n waits before the procedure */
	unsigned starts, runs_on;
	void *live[THR_ALLOCS];          /* not freed yet (a kept block: freed at the end) */
	bool end_stragglers;             /* settle ends an AP held in thr_straggle */
	int ended;                       /* atomic: settle is ending the stragglers */
	unsigned ends;                   /* APs so ended */
	/* the whole run's platform (thr_platform_run): console and log, every line */
	char *console, *log;
	size_t console_len, log_len;
};

static inline uint64_t thr_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline void thr_sleep_us(uint64_t us)
{
	struct timespec ts = { (time_t)(us / 1000000u), (long)(us % 1000000u) * 1000 };
	nanosleep(&ts, NULL);
}

static inline void *thr_ap_main(void *p)
{
	struct thr_ap *a = p;
	while (a->cpu < 32 && __atomic_load_n(&a->t->hold_checkin, __ATOMIC_ACQUIRE) >> a->cpu & 1)
		sched_yield();
	if (!setjmp(a->idle))
		a->fn(a->arg, a->cpu);
	__atomic_store_n(&a->gone, 1, __ATOMIC_RELEASE);
	return NULL;
}

/* On AP cpu: stuck here until firmware ends it (settle with end_stragglers); never returns. */
static inline void thr_straggle(struct thr_platform *t, unsigned cpu)
{
	while (!__atomic_load_n(&t->ended, __ATOMIC_ACQUIRE))
		thr_sleep_us(1000);
	longjmp(t->ap[cpu].idle, 1);
}

static inline void thr_launch(struct thr_ap *a, plat_fn fn, void *arg)
{
	a->fn = fn;
	a->arg = arg;
	a->gone = 0;
	a->started = pthread_create(&a->th, NULL, thr_ap_main, a) == 0;
	if (!a->started)
		abort();
}

static inline pmu_status thr_start_aps(void *ctx, plat_fn proc, void *arg, uint64_t limit_us)
{
	struct thr_platform *t = ctx;
	(void)limit_us;
	if (t->refuse_start)
		return PMU_ERR_UNSUPPORTED;
	t->starts++;
	for (unsigned i = 0; i < t->plat.found && i <= THR_MAX; i++) {
		bool listed = i < t->plat.ncpus;
		if (i == t->plat.bsp || (listed && !t->cpu[i].enabled))
			continue;
		t->ap[i].t = t;
		t->ap[i].cpu = i;
		thr_launch(&t->ap[i], proc, arg);
	}
	return PMU_OK;
}

/* Every AP started returned (joined) within settle_ms; false: one still runs. */
static inline bool thr_settle(void *ctx)
{
	struct thr_platform *t = ctx;
	uint64_t deadline = thr_now_ns() + t->settle_ms * 1000000u;
	for (unsigned i = 0; i <= THR_MAX; i++) {
		struct thr_ap *a = &t->ap[i];
		if (!a->started)
			continue;
		while (!__atomic_load_n(&a->gone, __ATOMIC_ACQUIRE) && thr_now_ns() < deadline)
			thr_sleep_us(1000);
		if (!__atomic_load_n(&a->gone, __ATOMIC_ACQUIRE) && t->end_stragglers) {
			t->ends++;
			__atomic_store_n(&t->ended, 1, __ATOMIC_RELEASE);
			while (!__atomic_load_n(&a->gone, __ATOMIC_ACQUIRE))
				thr_sleep_us(1000);
		}
		if (!__atomic_load_n(&a->gone, __ATOMIC_ACQUIRE))
			return false;
		pthread_join(a->th, NULL);
		a->started = false;
	}
	__atomic_store_n(&t->ended, 0, __ATOMIC_RELEASE);
	return true;
}

/* One AP, blocking, bounded by timeout_us (MP services' StartupThisAP). */
static inline pmu_status thr_run_on(void *ctx, unsigned cpu, plat_fn fn, void *arg,
				    uint64_t timeout_us)
{
	struct thr_platform *t = ctx;
	struct thr_ap *a = &t->ap[cpu];
	uint64_t deadline = thr_now_ns() + timeout_us * 1000u;
	if (a->started && !thr_settle(t))
		return PMU_ERR_UNSUPPORTED;
	t->runs_on++;
	a->t = t;
	a->cpu = cpu;
	thr_launch(a, fn, arg);
	while (!__atomic_load_n(&a->gone, __ATOMIC_ACQUIRE) && thr_now_ns() < deadline)
		sched_yield();
	if (!__atomic_load_n(&a->gone, __ATOMIC_ACQUIRE))
		return PMU_ERR_TIMEOUT;
	pthread_join(a->th, NULL);
	a->started = false;
	return PMU_OK;
}

static inline uint64_t thr_tsc(void *ctx)
{
	(void)ctx;
	return thr_now_ns();
}

/* Two cores shared by more threads than that: a spinning CPU gives its core away. */
static inline void thr_pause(void *ctx)
{
	(void)ctx;
	sched_yield();
}

static inline void *thr_alloc(void *ctx, size_t bytes)
{
	struct thr_platform *t = ctx;
	for (unsigned i = 0; i < THR_ALLOCS; i++) {
		if (t->live[i])
			continue;
		t->live[i] = calloc(1, bytes);
		return t->live[i];
	}
	return NULL;
}

static inline void thr_free(void *ctx, void *p)
{
	struct thr_platform *t = ctx;
	for (unsigned i = 0; i < THR_ALLOCS; i++)
		if (t->live[i] == p)
			t->live[i] = NULL;
	free(p);
}

static const struct rounds_ops thr_ops = {
	.start_aps = thr_start_aps, .run_on = thr_run_on, .settle = thr_settle,
	.tsc = thr_tsc, .pause = thr_pause, .alloc = thr_alloc, .free = thr_free,
};

/* ---- the whole run's platform (lib/run/platform.h) ---- */

#define THR_TEXT_MAX (1u << 20)

static inline void thr_append(char *buf, size_t *len, const char *text, size_t n)
{
	if (*len + n + 2 > THR_TEXT_MAX)
		abort();
	memcpy(buf + *len, text, n);
	*len += n;
	buf[(*len)++] = '\n';
	buf[*len] = 0;
}

/* fn on every enabled AP at once within timeout_us (the late ones failed), then the boot CPU. */
static inline pmu_status thr_run_all(void *ctx, plat_fn fn, void *arg, uint64_t timeout_us)
{
	struct thr_platform *t = ctx;
	uint64_t deadline = thr_now_ns() + timeout_us * 1000u;
	pmu_status st = PMU_OK;
	if (!thr_settle(t))
		return PMU_ERR_UNSUPPORTED;
	for (unsigned i = 0; i < t->plat.ncpus; i++) {
		t->cpu[i].failed = false;
		if (i == t->plat.bsp || !t->cpu[i].enabled)
			continue;
		t->ap[i].t = t;
		t->ap[i].cpu = i;
		thr_launch(&t->ap[i], fn, arg);
	}
	for (unsigned i = 0; i < t->plat.ncpus; i++) {
		struct thr_ap *a = &t->ap[i];
		if (!a->started)
			continue;
		while (!__atomic_load_n(&a->gone, __ATOMIC_ACQUIRE) && thr_now_ns() < deadline)
			sched_yield();
		if (!__atomic_load_n(&a->gone, __ATOMIC_ACQUIRE)) {
			t->cpu[i].failed = true;
			st = PMU_ERR_TIMEOUT;
			continue;
		}
		pthread_join(a->th, NULL);
		a->started = false;
	}
	fn(arg, t->plat.bsp);
	return st;
}

static inline pmu_status thr_run_on_cpu(void *ctx, unsigned cpu, plat_fn fn, void *arg,
					uint64_t timeout_us)
{
	struct thr_platform *t = ctx;
	if (cpu == t->plat.bsp) {
		fn(arg, cpu);
		return PMU_OK;
	}
	return thr_run_on(ctx, cpu, fn, arg, timeout_us);
}

static inline pmu_status thr_run_rounds(void *ctx, const struct cpuset *cpus, unsigned rounds,
					plat_round_fn fn, plat_between_fn between, void *arg,
					uint64_t timeout_us, enum plat_mode mode)
{
	struct thr_platform *t = ctx;
	return rounds_run(&t->plat, &t->host, cpus, rounds, fn, between, arg, timeout_us, mode);
}

static inline bool thr_sync(void *ctx, struct plat_round *r)
{
	(void)ctx;
	return rounds_sync(r);
}

static inline uint64_t thr_irq_save(void *ctx)
{
	(void)ctx;
	return 0;
}

static inline void thr_irq_restore(void *ctx, uint64_t flags)
{
	(void)ctx;
	(void)flags;
}

static inline void thr_say(void *ctx, const char *line)
{
	struct thr_platform *t = ctx;
	thr_append(t->console, &t->console_len, line, strlen(line));
}

static inline void thr_record(void *ctx, enum plat_stream s, const char *text, size_t len)
{
	struct thr_platform *t = ctx;
	if (s == PLAT_LOG)
		thr_append(t->log, &t->log_len, text, len);
}

static inline void thr_hold(void *ctx, bool hold)
{
	(void)ctx;
	(void)hold;
}

static inline const char *thr_log_lost(void *ctx)
{
	(void)ctx;
	return NULL;
}

static inline void *thr_calloc(void *ctx, size_t bytes)
{
	(void)ctx;
	return calloc(1, bytes);
}

static inline void thr_release(void *ctx, void *p)
{
	(void)ctx;
	free(p);
}

static inline void *thr_alloc_pages(void *ctx, uint64_t bytes)
{
	(void)ctx;
	return aligned_alloc(4096, (bytes + 4095) & ~(uint64_t)4095);
}

static inline void thr_free_pages(void *ctx, void *p, uint64_t bytes)
{
	(void)ctx;
	(void)bytes;
	free(p);
}

static const struct platform_ops thr_platform_ops = {
	.run_all = thr_run_all, .run_on = thr_run_on_cpu, .run_rounds = thr_run_rounds,
	.sync = thr_sync, .tsc = thr_tsc, .pause = thr_pause, .irq_save = thr_irq_save,
	.irq_restore = thr_irq_restore, .say = thr_say, .record = thr_record,
	.hold_records = thr_hold, .log_lost = thr_log_lost, .alloc = thr_calloc,
	.free = thr_release, .alloc_pages = thr_alloc_pages, .free_pages = thr_free_pages,
};

/* ncpus CPUs, every one enabled, bsp the boot CPU (the calling thread). */
static inline void thr_platform_init(struct thr_platform *t, unsigned ncpus, unsigned bsp)
{
	memset(t, 0, sizeof(*t));
	t->plat.ncpus = t->plat.nenabled = t->plat.found = ncpus;
	t->plat.bsp = bsp;
	t->plat.cpu = t->cpu;
	t->plat.tsc_per_us = 1000;
	t->plat.assembly = &backend_assembly;
	t->plat.jobs = &bench_jobs;
	t->host.ops = &thr_ops;
	t->host.ctx = t;
	t->settle_ms = 30000;
	for (unsigned i = 0; i < ncpus; i++) {
		t->cpu[i].apic_id = i;
		t->cpu[i].enabled = true;
		t->cpu[i].is_bsp = i == bsp;
	}
}

/* For a whole run (lib/run/run.h) too: the platform's operations, its console and log. */
static inline void thr_platform_run(struct thr_platform *t)
{
	t->plat.ops = &thr_platform_ops;
	t->plat.ctx = t;
	t->console = calloc(1, THR_TEXT_MAX);
	t->log = calloc(1, THR_TEXT_MAX);
	if (!t->console || !t->log)
		abort();
}

/* Every AP joined (the caller released what it held), every kept block freed; text kept. */
static inline bool thr_platform_fini(struct thr_platform *t)
{
	t->settle_ms = 60000;
	bool settled = thr_settle(t);
	for (unsigned i = 0; i < THR_ALLOCS; i++)
		free(t->live[i]);
	return settled;
}

/* The whole run's console and log, once read. */
static inline void thr_platform_free_text(struct thr_platform *t)
{
	free(t->console);
	free(t->log);
	t->console = t->log = NULL;
}

#endif
