#include <efi.h>
#include <efilib.h>
#include "fmt.h"
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
		mp->count = mp->enabled = 1;
		mp->cpu[0].enabled = mp->cpu[0].is_bsp = TRUE;
		return EFI_SUCCESS;
	}
	st = mp->svc->GetNumberOfProcessors(mp->svc, &n, &en);
	if (EFI_ERROR(st))
		return st;
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

static VOID EFIAPI ap_entry(VOID *arg)
{
	struct dispatch *d = arg;
	UINTN me = 0;
	d->mp->svc->WhoAmI(d->mp->svc, &me);
	d->fn(d->ctx, (unsigned)me);
}

EFI_STATUS mp_run_all(struct mp *mp, mp_fn fn, void *ctx, UINTN timeout_us)
{
	struct dispatch d = { mp, fn, ctx };
	EFI_STATUS st = EFI_SUCCESS;
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
	EFI_STATUS st = mp->svc->StartupThisAP(mp->svc, ap_entry, cpu, NULL, timeout_us, &d, NULL);
	mp->cpu[cpu].failed = EFI_ERROR(st);
	return st;
}
