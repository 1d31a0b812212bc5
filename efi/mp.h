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

struct mp_cpu {
	UINTN number;
	EFIPMU_PROCESSOR_INFORMATION info;
	BOOLEAN location2;       /* firmware filled info.ExtendedInformation (its die) */
	BOOLEAN enabled, is_bsp;
	BOOLEAN failed;          /* did not finish the last dispatch (timeout) */
};

/* What an AP runs: fn(ctx, its processor number). */
struct mp_dispatch {
	struct mp *mp;
	void (*fn)(void *ctx, unsigned cpu);
	void *ctx;
};

struct mp {
	EFIPMU_MP_SERVICES *svc;     /* NULL: firmware has no MP services, BSP only */
	UINTN count, enabled;        /* count: at most PLAT_MAX_CPUS */
	UINTN found;                 /* as firmware reported them */
	UINTN bsp;
	struct mp_cpu *cpu;          /* count of them, from the pool */
	EFI_EVENT pending;           /* mp_start_aps' StartupAllAPs, not yet reported done */
	UINT64 pending_us;           /* how long firmware may take to report it */
	struct mp_dispatch resident; /* what mp_start_aps' APs run: lives as long as they may */
};

typedef void (*mp_fn)(void *ctx, unsigned cpu);

EFI_STATUS mp_init(struct mp *mp);
/* Gives back what mp_init took; only once no AP can still run a procedure. */
void mp_fini(struct mp *mp);
/*
 * Runs fn on every enabled CPU: the APs together (non-blocking StartupAllAPs
 * is not needed here: blocking with a timeout), then the BSP itself.
 * CPUs that did not finish within timeout_us are marked failed.
 */
EFI_STATUS mp_run_all(struct mp *mp, mp_fn fn, void *ctx, UINTN timeout_us);
/* Runs fn on one CPU (the BSP runs it directly). */
EFI_STATUS mp_run_on(struct mp *mp, UINTN cpu, mp_fn fn, void *ctx, UINTN timeout_us);

/*
 * Starts fn on every enabled AP and returns at once (non-blocking
 * StartupAllAPs, lib/run/rounds.c's dispatch); firmware ends an AP still in
 * fn limit_us later. Its event stays in mp->pending until mp_settle.
 */
EFI_STATUS mp_start_aps(struct mp *mp, mp_fn fn, void *ctx, UINTN limit_us);

/*
 * Waits (bounded) for a pending mp_start_aps dispatch to be reported done and
 * closes its event; every dispatch calls it first. Call once more before the
 * app exits. FALSE: firmware never reported it; the event is left open.
 */
BOOLEAN mp_settle(struct mp *mp);

#endif
