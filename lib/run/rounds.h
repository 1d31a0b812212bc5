/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The rounds protocol (run/rounds.c): every CPU of a set runs `rounds` rounds
 * of a procedure, released together by a spin barrier, the APs resident for
 * all of them. Check-in, the barrier, the end of a round, the misses and the
 * memory's lifetime are decided here; a platform supplies only the minimal
 * operations below (efi/platform.c over MP services, tests/tsan/ over
 * threads). AP code here touches only the protocol's memory and the caller's.
 */
#ifndef EFIPMU_RUN_ROUNDS_H
#define EFIPMU_RUN_ROUNDS_H

#include "run/platform.h"

struct rounds_ops {
	/*
	 * Starts proc(arg, cpu) on every enabled AP (cpu: the platform's number of
	 * the AP it runs on) and returns at once. The platform ends an AP still in
	 * proc limit_us later (firmware's timeout of the dispatch).
	 */
	pmu_status (*start_aps)(void *ctx, plat_fn proc, void *arg, uint64_t limit_us);
	/*
	 * fn on one AP, returning when it did: PMU_ERR_TIMEOUT when it did not
	 * finish in timeout_us, another error when it never started.
	 */
	pmu_status (*run_on)(void *ctx, unsigned cpu, plat_fn fn, void *arg, uint64_t timeout_us);
	/*
	 * Waits (bounded) until the platform says every AP of the last start_aps
	 * left proc; true at once when none is pending. false: it never said so.
	 */
	bool (*settle)(void *ctx);
	uint64_t (*tsc)(void *ctx);
	void (*pause)(void *ctx);
	/* Zeroed memory or NULL, and its release; boot CPU only. */
	void *(*alloc)(void *ctx, size_t bytes);
	void (*free)(void *ctx, void *p);
};

/* A platform's rounds operations; test hooks may stand in front of them (lib/hooks/). */
struct rounds_host {
	const struct rounds_ops *ops;
	void *ctx;
};

/*
 * On the boot CPU plat->bsp: `rounds` rounds of fn(arg, ...) on the enabled
 * CPUs of cpus (the boot CPU too if it is in the set; it coordinates either
 * way). PLAT_TOGETHER: one start_aps; round r + 1 opens when every CPU still
 * in the run ended round r and between(arg, r) returned on the boot CPU.
 * Each wait (check-in, the barrier, the end of a round) is bounded by
 * timeout_us at plat->tsc_per_us ticks a microsecond (set by the caller); a
 * CPU that misses one is marked in plat->cpu[] (miss, miss_round) and the
 * run goes on without it. PLAT_SEQUENTIAL: one run_on per AP and round.
 *
 * Memory: the APs touch the protocol's block and arg until they return. It
 * is freed once every AP stored its last word to it, or else the platform
 * settled the dispatch (its limit ends the stragglers); should neither
 * happen it is kept, plat->rounds_leaked is set and arg must never be freed.
 *
 * PMU_OK, PMU_ERR_TIMEOUT when a CPU missed, PMU_ERR_UNSUPPORTED when the
 * platform refused the dispatch (or an earlier one never settled).
 */
pmu_status rounds_run(struct platform *plat, const struct rounds_host *h, const struct cpuset *cpus,
		      unsigned rounds, plat_round_fn fn, plat_between_fn between, void *arg,
		      uint64_t timeout_us, enum plat_mode mode);

/*
 * The barrier, in a round function. true: every CPU still in the run is
 * released together (or the mode is sequential). false: this CPU arrived
 * after the boot CPU gave up on it; it takes no further rounds.
 */
bool rounds_sync(struct plat_round *r);

/* The platform's word on the last dispatch (see rounds_ops.settle). */
static inline bool rounds_settle(const struct rounds_host *h)
{
	return h->ops->settle(h->ctx);
}

#endif
