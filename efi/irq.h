/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Interrupts off around a measured window (the BSP's timer tick would land in the counts). */
#ifndef EFIPMU_IRQ_H
#define EFIPMU_IRQ_H

#include <efi.h>

#define IRQ_IF (1u << 9)   /* RFLAGS.IF */

static inline UINT64 irq_save(void)
{
	UINT64 flags;
	__asm__ volatile("pushfq; popq %0; cli" : "=r"(flags) : : "memory");
	return flags;
}

static inline void irq_restore(UINT64 flags)
{
	if (flags & IRQ_IF)
		__asm__ volatile("sti" : : : "memory");
}

#endif
