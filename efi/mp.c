/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include <efi.h>
#include <efilib.h>
#include "util/fmt.h"
#include "hw.h"
#include "mp.h"

struct dispatch {
	struct mp *mp;
	mp_fn fn;
	void *ctx;
};

EFI_STATUS mp_init(struct mp *mp)
{
	EFI_GUID guid = EFIPMU_MP_SERVICES_GUID;
	EFI_STATUS st;
	UINTN n = 1, en = 1;
	pmu_memset(mp, 0, sizeof(*mp));
	st = uefi_call_wrapper(BS->LocateProtocol, 3, &guid, NULL, (VOID **)&mp->svc);
	if (EFI_ERROR(st)) {
		mp->svc = NULL;
		mp->found = mp->count = mp->enabled = 1;
		mp->cpu[0].enabled = mp->cpu[0].is_bsp = TRUE;
		return EFI_SUCCESS;
	}
	st = mp->svc->GetNumberOfProcessors(mp->svc, &n, &en);
	if (EFI_ERROR(st))
		return st;
	mp->found = n;
	if (n > MP_MAX_CPUS)
		n = MP_MAX_CPUS;
	mp->count = n;
	mp->enabled = 0;
	mp->svc->WhoAmI(mp->svc, &mp->bsp);
	for (UINTN i = 0; i < n; i++) {
		struct mp_cpu *c = &mp->cpu[i];
		c->number = i;
		st = mp->svc->GetProcessorInfo(mp->svc, i, &c->info);
		if (EFI_ERROR(st))
			continue;
		c->enabled = (c->info.StatusFlag & PROCESSOR_ENABLED_BIT) != 0;
		c->is_bsp = (c->info.StatusFlag & PROCESSOR_AS_BSP_BIT) != 0;
		mp->enabled += c->enabled;
	}
	return EFI_SUCCESS;
}

static UINTN who_am_i(struct mp *mp)
{
	UINTN me = 0;
	mp->svc->WhoAmI(mp->svc, &me);
	return me;
}

static VOID EFIAPI ap_entry(VOID *arg)
{
	struct dispatch *d = arg;
	d->fn(d->ctx, (unsigned)who_am_i(d->mp));
}

EFI_STATUS mp_run_all(struct mp *mp, mp_fn fn, void *ctx, UINTN timeout_us)
{
	struct dispatch d = { mp, fn, ctx };
	EFI_STATUS st = EFI_SUCCESS;
	if (!mp_settle(mp))
		return EFI_NOT_READY;
	for (UINTN i = 0; i < mp->count; i++)
		mp->cpu[i].failed = FALSE;
	if (mp->svc && mp->enabled > 1) {
		UINTN *failed = NULL;
		st = mp->svc->StartupAllAPs(mp->svc, ap_entry, FALSE, NULL, timeout_us, &d, &failed);
		if (st == EFI_TIMEOUT && failed) {
			for (UINTN i = 0; failed[i] != (UINTN)-1 && failed[i] < mp->count; i++)
				mp->cpu[failed[i]].failed = TRUE;
		}
		if (failed)
			FreePool(failed);
	}
	fn(ctx, (unsigned)mp->bsp);
	return st;
}

EFI_STATUS mp_run_on(struct mp *mp, UINTN cpu, mp_fn fn, void *ctx, UINTN timeout_us)
{
	struct dispatch d = { mp, fn, ctx };
	if (cpu == mp->bsp || !mp->svc) {
		fn(ctx, (unsigned)cpu);
		return EFI_SUCCESS;
	}
	if (!mp_settle(mp))
		return EFI_NOT_READY;
	EFI_STATUS st = mp->svc->StartupThisAP(mp->svc, ap_entry, cpu, NULL, timeout_us, &d, NULL);
	mp->cpu[cpu].failed = EFI_ERROR(st);
	return st;
}

/* ---- rounds in step ---- */

#define MP_EVENT_MARGIN_US 2000000u   /* after firmware's own timeout, before giving up on it */
#define MP_FW_TIMEOUT_MANY_US 600000000u   /* the most firmware gives a dispatch: 10 min, then it ends the APs */

/* Written by the BSP only; every AP spins on it. */
struct mp_ctl {
	volatile UINT32 open;      /* round r may start when open > r */
	volatile UINT32 release;   /* round r's barrier is released when release > r */
	volatile UINT32 finished;  /* the BSP is done: every AP returns */
} __attribute__((aligned(64)));

/* One line per CPU: the CPU writes its progress, the BSP writes excluded. */
struct mp_cpu_sync {
	volatile UINT32 checkin;
	volatile UINT32 arrived;   /* r + 1: reached round r's barrier */
	volatile UINT32 done;      /* r + 1: ended round r */
	volatile UINT32 excluded;  /* the run went on without it */
	volatile UINT32 left;      /* its last access to this block: about to return to firmware */
	BOOLEAN participant;       /* set before any AP starts, read-only after */
} __attribute__((aligned(64)));

struct mp_sync {
	struct mp_ctl ctl;
	struct {
		struct mp *mp;
		plat_round_fn fn;
		void *ctx;
		plat_between_fn between;   /* on the BSP after each round, with between_ctx */
		void *between_ctx;
		unsigned rounds;
		enum plat_mode mode;
		UINTN timeout_us;
		UINT64 timeout_ticks;
	} __attribute__((aligned(64))) p;   /* read-only once the APs run */
	struct mp_cpu_sync cpu[MP_MAX_CPUS];
};

struct plat_round {
	struct mp_sync *y;
	unsigned cpu, round;
	BOOLEAN synced, in_step;
};

/* Orders the caller's plain stores (its results) before the flag store the others poll. */
static void publish(volatile UINT32 *p, UINT32 v)
{
	__asm__ volatile("" ::: "memory");
	*p = v;
}

static BOOLEAN bsp_reached(const struct mp_sync *y, unsigned cpu, UINT32 phase, unsigned r)
{
	const struct mp_cpu_sync *c = &y->cpu[cpu];
	switch (phase) {
	case PLAT_MISS_CHECKIN:
		return c->checkin != 0;
	case PLAT_MISS_BARRIER:
		return c->arrived > r;
	default:
		return c->done > r;
	}
}

/* The BSP waits for every AP still in the run to reach phase; the late ones are dropped. */
static void bsp_wait(struct mp_sync *y, enum plat_miss phase, unsigned r)
{
	struct mp *mp = y->p.mp;
	UINT64 deadline = hw_rdtsc() + y->p.timeout_ticks;
	for (UINTN i = 0; i < mp->count; i++) {
		struct mp_cpu_sync *c = &y->cpu[i];
		if (!c->participant || c->excluded || i == mp->bsp)
			continue;
		while (!bsp_reached(y, (unsigned)i, phase, r) && hw_rdtsc() < deadline)
			hw_pause();
		if (bsp_reached(y, (unsigned)i, phase, r))
			continue;
		mp->cpu[i].miss = (UINT8)phase;
		mp->cpu[i].miss_round = r;
		publish(&c->excluded, 1);
	}
}

BOOLEAN mp_round_sync(struct plat_round *rd)
{
	struct mp_sync *y = rd->y;
	struct mp_cpu_sync *c = &y->cpu[rd->cpu];
	if (rd->synced)
		return rd->in_step;
	rd->synced = TRUE;
	rd->in_step = TRUE;
	if (y->p.mode == PLAT_SEQUENTIAL)
		return TRUE;
	if (rd->cpu == y->p.mp->bsp) {
		bsp_wait(y, PLAT_MISS_BARRIER, rd->round);
		publish(&y->ctl.release, rd->round + 1);
		return TRUE;
	}
	publish(&c->arrived, rd->round + 1);
	while (y->ctl.release <= rd->round && !c->excluded && !y->ctl.finished)
		hw_pause();
	rd->in_step = !c->excluded;
	return rd->in_step;
}

/* fn on this CPU; a round that never synced still passes the barrier (the BSP releases it). */
static void run_round(struct mp_sync *y, unsigned cpu, unsigned r)
{
	struct plat_round rd = { y, cpu, r, FALSE, FALSE };
	y->p.fn(y->p.ctx, cpu, r, &rd);
	if (!rd.synced && cpu == y->p.mp->bsp)
		mp_round_sync(&rd);
	else if (!rd.synced)
		publish(&y->cpu[cpu].arrived, r + 1);
	publish(&y->cpu[cpu].done, r + 1);
}

static VOID EFIAPI rounds_ap(VOID *arg)
{
	struct mp_sync *y = arg;
	UINTN me = who_am_i(y->p.mp);
	if (me >= MP_MAX_CPUS)
		return;
	struct mp_cpu_sync *c = &y->cpu[me];
	publish(&c->checkin, 1);
	for (unsigned r = 0; c->participant && r < y->p.rounds; r++) {
		while (y->ctl.open <= r && !c->excluded && !y->ctl.finished)
			hw_pause();
		if (c->excluded || y->ctl.finished)
			break;
		run_round(y, (unsigned)me, r);
	}
	publish(&c->left, 1);
}

/* Round r is over everywhere: what each CPU did, then the caller's between (APs wait). */
static void end_round(struct mp_sync *y, unsigned r)
{
	struct mp *mp = y->p.mp;
	for (UINTN i = 0; i < mp->count; i++)
		mp->cpu[i].rounds_done = y->cpu[i].done;
	if (y->p.between)
		y->p.between(y->p.between_ctx, r);
}

/* Sequential mode: one round on one AP per dispatch. */
struct one_round {
	struct mp_sync *y;
	unsigned cpu, round;
};

static VOID EFIAPI one_round_ap(VOID *arg)
{
	struct one_round *o = arg;
	run_round(o->y, o->cpu, o->round);
}

static void run_sequential(struct mp_sync *y)
{
	struct mp *mp = y->p.mp;
	for (unsigned r = 0; r < y->p.rounds; r++) {
		for (UINTN i = 0; i < mp->count; i++) {
			struct mp_cpu_sync *c = &y->cpu[i];
			struct one_round o = { y, (unsigned)i, r };
			if (!c->participant || c->excluded)
				continue;
			if (i == mp->bsp) {
				run_round(y, (unsigned)i, r);
				continue;
			}
			/* without MP services the boot CPU is the only CPU: an AP never started */
			EFI_STATUS st = mp->svc ? mp->svc->StartupThisAP(mp->svc, one_round_ap, i, NULL,
									 y->p.timeout_us, &o, NULL) :
						  EFI_NOT_STARTED;
			if (EFI_ERROR(st)) {
				mp->cpu[i].miss = (UINT8)(st == EFI_TIMEOUT ? PLAT_MISS_FINISH : PLAT_MISS_CHECKIN);
				mp->cpu[i].miss_round = r;
				c->excluded = 1;
			}
		}
		end_round(y, r);
	}
}

/* The BSP drives the rounds; the APs were started with rounds_ap. */
static void run_together(struct mp_sync *y)
{
	struct mp *mp = y->p.mp;
	bsp_wait(y, PLAT_MISS_CHECKIN, 0);
	for (unsigned r = 0; r < y->p.rounds; r++) {
		publish(&y->ctl.open, r + 1);
		if (y->cpu[mp->bsp].participant) {
			run_round(y, (unsigned)mp->bsp, r);
		} else {
			struct plat_round rd = { y, (unsigned)mp->bsp, r, FALSE, FALSE };
			mp_round_sync(&rd);
		}
		bsp_wait(y, PLAT_MISS_FINISH, r);
		end_round(y, r);
	}
}

/* TSC ticks per microsecond, for timeouts the APs cannot take from boot services. */
static UINT64 calibrate_tsc(void)
{
	UINT64 t0 = hw_rdtsc();
	uefi_call_wrapper(BS->Stall, 1, 1000);
	UINT64 t = (hw_rdtsc() - t0) / 1000;
	return t ? t : 1;
}

/* Every enabled AP (each one was started) has made its last access to y. */
static BOOLEAN all_left(const struct mp_sync *y)
{
	const struct mp *mp = y->p.mp;
	UINT64 deadline = hw_rdtsc() + y->p.timeout_ticks;
	for (UINTN i = 0; i < mp->count; i++) {
		if (!mp->cpu[i].enabled || i == mp->bsp)
			continue;
		while (!y->cpu[i].left && hw_rdtsc() < deadline)
			hw_pause();
		if (!y->cpu[i].left)
			return FALSE;
	}
	return TRUE;
}

/*
 * Firmware's word that every AP left the procedure comes from a timer (up to
 * 100 ms late in EDK2), at the latest when its own timeout ends the
 * stragglers; until then it refuses another StartupAllAPs.
 */
BOOLEAN mp_settle(struct mp *mp)
{
	if (!mp->pending)
		return TRUE;
	if (mp->test_never_done)
		return FALSE;
	for (UINT64 waited = 0; waited <= mp->pending_us; waited += 100) {
		if (uefi_call_wrapper(BS->CheckEvent, 1, mp->pending) == EFI_SUCCESS) {
			uefi_call_wrapper(BS->CloseEvent, 1, mp->pending);
			mp->pending = NULL;
			return TRUE;
		}
		uefi_call_wrapper(BS->Stall, 1, 100);
	}
	mp->pending_us = 0;   /* waited out once: later calls only look */
	return FALSE;   /* left open: firmware may still signal it */
}

EFI_STATUS mp_run_rounds(struct mp *mp, const struct cpuset *cpus, unsigned rounds,
			 plat_round_fn fn, void *ctx, plat_between_fn between, void *between_ctx,
			 UINTN timeout_us, enum plat_mode mode)
{
	if (!mp_settle(mp))
		return EFI_NOT_READY;
	struct mp_sync *y = AllocateZeroPool(sizeof(*y));
	EFI_EVENT ev = NULL;
	EFI_STATUS st = EFI_SUCCESS;
	if (!y)
		return EFI_OUT_OF_RESOURCES;
	mp->tsc_per_us = calibrate_tsc();
	y->p.mp = mp;
	y->p.fn = fn;
	y->p.ctx = ctx;
	y->p.between = between;
	y->p.between_ctx = between_ctx;
	y->p.rounds = rounds;
	y->p.mode = mode;
	y->p.timeout_us = timeout_us;
	y->p.timeout_ticks = (UINT64)timeout_us * mp->tsc_per_us;
	BOOLEAN aps = FALSE;
	for (UINTN i = 0; i < mp->count; i++) {
		struct mp_cpu *c = &mp->cpu[i];
		c->in_rounds = c->enabled && cpuset_has(cpus, (unsigned)i);
		c->miss = PLAT_MISS_NONE;
		c->miss_round = 0;
		c->rounds_done = 0;
		y->cpu[i].participant = c->in_rounds;
		aps |= c->in_rounds && i != mp->bsp;
	}
	if (!mp->svc)
		aps = FALSE;
	if (mode == PLAT_SEQUENTIAL) {
		run_sequential(y);
	} else {
		/*
		 * Firmware's timeout bounds the whole dispatch (each of our waits is bounded
		 * by timeout_us): every wait of every round, at most MP_FW_TIMEOUT_MANY_US,
		 * so a stuck AP is ended (and the app returns) in bounded time.
		 */
		UINT64 per_round = 2 * (UINT64)timeout_us;
		UINTN fw_timeout = MP_FW_TIMEOUT_MANY_US;
		if (per_round && (UINT64)rounds + 1 < MP_FW_TIMEOUT_MANY_US / per_round)
			fw_timeout = (UINTN)(per_round * (rounds + 1));
		if (aps)
			st = uefi_call_wrapper(BS->CreateEvent, 5, 0, 0, NULL, NULL, &ev);
		if (aps && !EFI_ERROR(st))
			st = mp->svc->StartupAllAPs(mp->svc, rounds_ap, FALSE, ev, fw_timeout, y, NULL);
		if (EFI_ERROR(st)) {
			/* nobody started: no AP waits, every AP is reported as never checked in */
			for (UINTN i = 0; i < mp->count; i++)
				y->cpu[i].excluded = y->cpu[i].participant && i != mp->bsp;
			for (UINTN i = 0; i < mp->count; i++)
				mp->cpu[i].miss = (UINT8)(y->cpu[i].excluded ? PLAT_MISS_CHECKIN : PLAT_MISS_NONE);
			if (ev)
				uefi_call_wrapper(BS->CloseEvent, 1, ev);
			ev = NULL;
		}
		run_together(y);
		publish(&y->ctl.finished, 1);
		if (ev) {
			mp->pending = ev;
			mp->pending_us = fw_timeout + MP_EVENT_MARGIN_US;
		}
		/* APs beyond MP_MAX_CPUS have no flag: only firmware can say they are gone */
		if (ev && (mp->found > mp->count || !all_left(y)) && !mp_settle(mp)) {
			mp->rounds_leaked = TRUE;
			return EFI_TIMEOUT;   /* y stays allocated: an AP may still write it */
		}
	}
	BOOLEAN missed = FALSE;
	for (UINTN i = 0; i < mp->count; i++) {
		mp->cpu[i].rounds_done = y->cpu[i].done;
		missed |= mp->cpu[i].miss != PLAT_MISS_NONE;
	}
	FreePool(y);
	if (EFI_ERROR(st))
		return st;
	return missed ? EFI_TIMEOUT : EFI_SUCCESS;
}
