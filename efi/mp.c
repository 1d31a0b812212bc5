/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include <efi.h>
#include <efilib.h>
#include "util/fmt.h"
#include "hw.h"
#include "mp.h"

/*
 * Every CPU firmware reports gets a slot, up to PLAT_MAX_CPUS; past it (found > count) the
 * run names how many were left out. StartupAllAPs still runs those: ap_entry drops them.
 */
EFI_STATUS mp_init(struct mp *mp)
{
	EFI_GUID guid = EFIPMU_MP_SERVICES_GUID;
	EFI_STATUS st;
	UINTN n = 1, en = 1;
	pmu_memset(mp, 0, sizeof(*mp));
	st = uefi_call_wrapper(BS->LocateProtocol, 3, &guid, NULL, (VOID **)&mp->svc);
	if (EFI_ERROR(st)) {
		mp->svc = NULL;
		n = 1;
	} else {
		st = mp->svc->GetNumberOfProcessors(mp->svc, &n, &en);
		if (EFI_ERROR(st))
			return st;
	}
	mp->found = n;
	if (n > PLAT_MAX_CPUS)
		n = PLAT_MAX_CPUS;
	mp->cpu = AllocateZeroPool(n * sizeof(*mp->cpu));
	if (!mp->cpu)
		return EFI_OUT_OF_RESOURCES;
	mp->count = n;
	if (!mp->svc) {
		mp->enabled = 1;
		mp->cpu[0].enabled = mp->cpu[0].is_bsp = TRUE;
		return EFI_SUCCESS;
	}
	mp->enabled = 0;
	mp->svc->WhoAmI(mp->svc, &mp->bsp);
	for (UINTN i = 0; i < n; i++) {
		struct mp_cpu *c = &mp->cpu[i];
		c->number = i;
		/*
		 * The die is in Location2 only (PI 1.7; EDK2 MpInitLib fills it from CPUID 0x1F):
		 * firmware before it refuses the flagged number (no such processor). Its package
		 * may differ from Location's: OVMF's Location comes from CPUID 0xB, blind to dies.
		 */
		st = mp->svc->GetProcessorInfo(mp->svc, i | EFIPMU_CPU_V2_EXTENDED_TOPOLOGY, &c->info);
		c->location2 = !EFI_ERROR(st);
		if (EFI_ERROR(st)) {
			pmu_memset(&c->info, 0, sizeof(c->info));
			st = mp->svc->GetProcessorInfo(mp->svc, i, &c->info);
		}
		if (EFI_ERROR(st))
			continue;
		c->enabled = (c->info.StatusFlag & PROCESSOR_ENABLED_BIT) != 0;
		c->is_bsp = (c->info.StatusFlag & PROCESSOR_AS_BSP_BIT) != 0;
		mp->enabled += c->enabled;
	}
	return EFI_SUCCESS;
}

void mp_fini(struct mp *mp)
{
	if (mp->cpu)
		FreePool(mp->cpu);
	mp->cpu = NULL;
	mp->count = 0;
}

static UINTN who_am_i(struct mp *mp)
{
	UINTN me = 0;
	mp->svc->WhoAmI(mp->svc, &me);
	return me;
}

/* An AP past the CPUs listed has no slot: it returns at once (each procedure checks too). */
static VOID EFIAPI ap_entry(VOID *arg)
{
	struct mp_dispatch *d = arg;
	UINTN me = who_am_i(d->mp);
	if (me < d->mp->count)
		d->fn(d->ctx, (unsigned)me);
}

EFI_STATUS mp_run_all(struct mp *mp, mp_fn fn, void *ctx, UINTN timeout_us)
{
	struct mp_dispatch d = { mp, fn, ctx };
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
	struct mp_dispatch d = { mp, fn, ctx };
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

#define MP_EVENT_MARGIN_US 2000000u   /* after firmware's own timeout, before giving up on it */

/*
 * Firmware's word that every AP left the procedure comes from a timer (up to
 * 100 ms late in EDK2), at the latest when its own timeout ends the
 * stragglers; until then it refuses another StartupAllAPs.
 */
BOOLEAN mp_settle(struct mp *mp)
{
	if (!mp->pending)
		return TRUE;
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

EFI_STATUS mp_start_aps(struct mp *mp, mp_fn fn, void *ctx, UINTN limit_us)
{
	EFI_EVENT ev = NULL;
	if (!mp->svc)
		return EFI_UNSUPPORTED;
	if (!mp_settle(mp))
		return EFI_NOT_READY;   /* the last dispatch never ended: firmware refuses one */
	EFI_STATUS st = uefi_call_wrapper(BS->CreateEvent, 5, 0, 0, NULL, NULL, &ev);
	if (EFI_ERROR(st))
		return st;
	mp->resident = (struct mp_dispatch){ mp, fn, ctx };
	st = mp->svc->StartupAllAPs(mp->svc, ap_entry, FALSE, ev, limit_us, &mp->resident, NULL);
	if (EFI_ERROR(st)) {
		uefi_call_wrapper(BS->CloseEvent, 1, ev);
		return st;
	}
	mp->pending = ev;
	mp->pending_us = limit_us + MP_EVENT_MARGIN_US;
	return EFI_SUCCESS;
}
