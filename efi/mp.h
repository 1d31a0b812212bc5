/*
 * Every enabled CPU through EFI_MP_SERVICES_PROTOCOL. Work runs as
 * fn(ctx, processor_number) on each CPU; AP code never prints: each CPU
 * writes its own slot and the boot CPU reports afterwards.
 */
#ifndef EFIPMU_MP_H
#define EFIPMU_MP_H

#include <efi.h>
#include "protocols.h"

#define MP_MAX_CPUS 256

struct mp_cpu {
	UINTN number;
	EFIPMU_PROCESSOR_INFORMATION info;
	BOOLEAN enabled, is_bsp;
	BOOLEAN failed;          /* did not finish the last dispatch (timeout) */
};

struct mp {
	EFIPMU_MP_SERVICES *svc;     /* NULL: firmware has no MP services, BSP only */
	UINTN count, enabled;
	UINTN bsp;
	struct mp_cpu cpu[MP_MAX_CPUS];
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

#endif
