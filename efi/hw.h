/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The real hardware backend and its fault catching (efi/msr_real.c, efi/fault.c). */
#ifndef EFIPMU_HW_H
#define EFIPMU_HW_H

#include <efi.h>
#include "pmu/backend.h"
#include "util/fmt.h"

/*
 * Registers the #GP handler through EFI_CPU_ARCH_PROTOCOL (honoured on every
 * AP); call on the boot CPU. A #GP that is not one of our MSR instructions is
 * said on COM1 (and on the console on the boot CPU) and goes on to the
 * firmware's own handling (fault.c).
 */
EFI_STATUS fault_catch_install(void);
void fault_catch_remove(void);

/* An exception the handler did not expect: not raised by one of our MSR instructions. */
struct fault_record {
	UINT64 vector;
	UINT64 error_code;
	UINT64 rip;
	UINT64 image_offset;     /* rip - ImageBase when in_image: addr2line on build/efipmu.so */
	UINT32 apic_id;          /* of the CPU that took it (CPUID) */
	BOOLEAN in_image;        /* rip lies in efipmu.efi */
	BOOLEAN on_bsp;
};
/*
 * The first unexpected exception taken since fault_catch_install; FALSE if
 * none. Only an AP's can be read back: the boot CPU does not come back from its own.
 */
BOOLEAN fault_unexpected(struct fault_record *r);
/* One line: "unexpected exception #GP (vector 13, error code 0x0) at RIP 0x... (efipmu.efi+0x...) on the CPU with APIC id N" */
void fault_describe(struct strbuf *sb, const struct fault_record *r);

void hw_backend(struct pmu_backend *b);

/*
 * PCI and MMIO for the real backend (pci_real.c). pci_real_init, on the boot CPU
 * (index bsp) before any access, finds the root bridges and the MCFG table.
 */
void pci_real_init(unsigned bsp);
unsigned pci_real_bridges(void);
unsigned pci_real_ecam_ranges(void);
unsigned pci_real_ranges(void *ctx, struct pmu_bus_range *r, unsigned cap);
pmu_status pci_real_read(void *ctx, unsigned cpu, struct pmu_pci_addr a, uint32_t *val);
pmu_status pci_real_write(void *ctx, unsigned cpu, struct pmu_pci_addr a, uint32_t val);
pmu_status mmio_real_read(void *ctx, unsigned cpu, uint64_t addr, unsigned bytes, uint64_t *val);
pmu_status mmio_real_write(void *ctx, unsigned cpu, uint64_t addr, unsigned bytes, uint64_t val);

/*
 * The firmware's ACPI table of signature sig through the XSDT (acpi_real.c), its length from
 * its header in *len; NULL when firmware lists none. Boot CPU only. acpi_real_table is the
 * backend's acpi_table.
 */
const UINT8 *acpi_real_find(const char *sig, UINT32 *len);
bool acpi_real_table(void *ctx, const char *sig, const uint8_t **table, size_t *len);

/* Port I/O: QEMU's isa-debug-exit, COM1. */
static inline void hw_outb(UINT16 port, UINT8 v)
{
	__asm__ volatile("outb %0, %1" : : "a"(v), "Nd"(port));
}

static inline UINT8 hw_inb(UINT16 port)
{
	UINT8 v;
	__asm__ volatile("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

/* This CPU's APIC id: the x2APIC id of CPUID.0BH where the CPU has that leaf, else CPUID.01H:EBX[31:24]. */
UINT32 hw_apic_id(void);

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
