/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * lib/run/rounds.h's operations on the host with real threads, one per AP
 * (the test's own thread is the boot CPU), for ThreadSanitizer. Playing
 * firmware: start_aps starts a thread per enabled AP (and per CPU beyond the
 * list, as MP services starts every AP); settle waits a bounded time for
 * them to return and joins them, or says they never did (a CPU that never
 * returns). The clock is CLOCK_MONOTONIC in ns (tsc_per_us 1000).
 */
#ifndef EFIPMU_TEST_PLATFORM_THREADS_H
#define EFIPMU_TEST_PLATFORM_THREADS_H

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "run/rounds.h"

#define THR_MAX 16
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
};

struct thr_platform {
	struct platform plat;
	struct plat_cpu cpu[THR_MAX];
	struct rounds_host host;
	struct thr_ap ap[THR_MAX + 1];   /* one beyond ncpus when found > ncpus */
	uint64_t settle_ms;              /* how long settle waits for the APs to return */
	bool refuse_start;               /* start_aps fails: nobody starts */
	int hold_checkin;                /* atomic; bit n: AP n waits before entering the procedure */
	unsigned starts, runs_on;
	void *live[THR_ALLOCS];          /* allocations not freed (a kept block, freed at the end) */
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
	while (__atomic_load_n(&a->t->hold_checkin, __ATOMIC_ACQUIRE) >> a->cpu & 1)
		sched_yield();
	a->fn(a->arg, a->cpu);
	__atomic_store_n(&a->gone, 1, __ATOMIC_RELEASE);
	return NULL;
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
		if (!__atomic_load_n(&a->gone, __ATOMIC_ACQUIRE))
			return false;
		pthread_join(a->th, NULL);
		a->started = false;
	}
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

/* ncpus CPUs, every one enabled, bsp the boot CPU (the calling thread). */
static inline void thr_platform_init(struct thr_platform *t, unsigned ncpus, unsigned bsp)
{
	memset(t, 0, sizeof(*t));
	t->plat.ncpus = t->plat.nenabled = t->plat.found = ncpus;
	t->plat.bsp = bsp;
	t->plat.cpu = t->cpu;
	t->plat.tsc_per_us = 1000;
	t->host.ops = &thr_ops;
	t->host.ctx = t;
	t->settle_ms = 30000;
	for (unsigned i = 0; i < ncpus; i++) {
		t->cpu[i].apic_id = i;
		t->cpu[i].enabled = true;
		t->cpu[i].is_bsp = i == bsp;
	}
}

/* Every AP joined (the caller released what it held), every kept block freed. */
static inline bool thr_platform_fini(struct thr_platform *t)
{
	t->settle_ms = 60000;
	bool settled = thr_settle(t);
	for (unsigned i = 0; i < THR_ALLOCS; i++)
		free(t->live[i]);
	return settled;
}

#endif
