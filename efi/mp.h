/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Every enabled CPU through EFI_MP_SERVICES_PROTOCOL. Work runs as
 * fn(ctx, processor_number) on each CPU; AP code never prints: each CPU
 * writes its own slot and the boot CPU reports afterwards.
 */
#ifndef EFIPMU_MP_H
#define EFIPMU_MP_H

#include <efi.h>
#include "util/cpuset.h"
#include "protocols.h"
#include "run/platform.h"

#define MP_MAX_CPUS PLAT_MAX_CPUS

struct mp_cpu {
	UINTN number;
	EFIPMU_PROCESSOR_INFORMATION info;
	BOOLEAN enabled, is_bsp;
	BOOLEAN failed;          /* did not finish the last dispatch (timeout) */
	/* mp_run_rounds */
	BOOLEAN in_rounds;       /* selected for the last mp_run_rounds */
	UINT8 miss;              /* enum plat_miss */
	UINT32 miss_round;
	UINT32 rounds_done;
};

struct mp {
	EFIPMU_MP_SERVICES *svc;     /* NULL: firmware has no MP services, BSP only */
	UINTN count, enabled;        /* count: at most MP_MAX_CPUS */
	UINTN found;                 /* as firmware reported them */
	UINTN bsp;
	struct mp_cpu cpu[MP_MAX_CPUS];
	UINT64 tsc_per_us;           /* calibrated by mp_run_rounds (its timeouts are TSC-based) */
	BOOLEAN rounds_leaked;       /* an AP may still run: the control block was not freed */
	EFI_EVENT pending;           /* mp_run_rounds' StartupAllAPs, not yet reported done */
	UINT64 pending_us;           /* how long firmware may take to report it */
	BOOLEAN test_never_done;     /* test hook: firmware's word is never waited for */
};

typedef void (*mp_fn)(void *ctx, unsigned cpu);

EFI_STATUS mp_init(struct mp *mp);
/*
 * Runs fn on every enabled CPU: the APs together (non-blocking StartupAllAPs
 * is not needed here: blocking with a timeout), then the BSP itself.
 * CPUs that did not finish within timeout_us are marked failed.
 */
EFI_STATUS mp_run_all(struct mp *mp, mp_fn fn, void *ctx, UINTN timeout_us);
/* Runs fn on one CPU (the BSP runs it directly). */
EFI_STATUS mp_run_on(struct mp *mp, UINTN cpu, mp_fn fn, void *ctx, UINTN timeout_us);

/* ---- rounds in step ---- */

/*
 * The barrier. TRUE: every CPU still in the run is released together (or the
 * mode is sequential). FALSE: this CPU arrived after the boot CPU gave up on
 * it; it is reported as missed and takes no further rounds.
 */
BOOLEAN mp_round_sync(struct plat_round *r);

/*
 * Runs `rounds` rounds of fn on the enabled CPUs of cpus (the BSP too if it is
 * in the set; it coordinates either way). Round r + 1 opens when every CPU
 * ended round r. Each wait (check-in, a barrier, the end of a round) is
 * bounded by timeout_us; a CPU that misses one is marked in mp->cpu[] (miss,
 * miss_round) and the run goes on without it. After each round (every CPU
 * still in it ended it), between(between_ctx, r) runs on the BSP while the
 * APs wait: the APs stay resident for all rounds. Returns EFI_SUCCESS, EFI_TIMEOUT
 * when a CPU missed, or what firmware returned.
 *
 * Memory: the APs touch the control block and ctx until they return. The
 * boot CPU frees the block only when every AP stored its last word to it (a
 * flag, just before returning to firmware), or else firmware signalled the
 * StartupAllAPs event (its timeout, a bound on the whole run, ends the
 * stragglers). Should neither happen, the block is not freed
 * (mp->rounds_leaked) and ctx must not be reused: callers keep ctx in memory
 * they never free. Firmware reports the APs done up to 100 ms later (EDK2's
 * timer); rather than wait for that here, the event stays in mp->pending and
 * the next dispatch (or mp_settle) waits for it.
 */
EFI_STATUS mp_run_rounds(struct mp *mp, const struct cpuset *cpus, unsigned rounds,
			 plat_round_fn fn, void *ctx, plat_between_fn between, void *between_ctx,
			 UINTN timeout_us, enum plat_mode mode);

/*
 * Waits (bounded) for a pending mp_run_rounds dispatch to be reported done and
 * closes its event; every dispatch calls it first. Call once more before the
 * app exits. FALSE: firmware never reported it; the event is left open.
 */
BOOLEAN mp_settle(struct mp *mp);

#endif
