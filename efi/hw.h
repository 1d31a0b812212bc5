/* The real hardware backend and its fault catching (efi/msr_real.c, efi/fault.c). */
#ifndef EFIPMU_HW_H
#define EFIPMU_HW_H

#include <efi.h>
#include "pmu/backend.h"

/* Registers the #GP/#UD handler through EFI_CPU_ARCH_PROTOCOL; honoured on every AP. */
EFI_STATUS fault_catch_install(void);
void fault_catch_remove(void);
/* Faults the handler did not expect (not one of our MSR instructions); 0 if none. */
UINT64 fault_unexpected_rip(void);

void hw_backend(struct pmu_backend *b);

/* Port I/O for QEMU's isa-debug-exit. */
static inline void hw_outb(UINT16 port, UINT8 v)
{
	__asm__ volatile("outb %0, %1" : : "a"(v), "Nd"(port));
}

static inline UINT64 hw_rdtsc(void)
{
	UINT32 lo, hi;
	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((UINT64)hi << 32) | lo;
}

static inline void hw_pause(void)
{
	__asm__ volatile("pause" ::: "memory");
}

#endif
