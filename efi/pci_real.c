/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * PCI configuration space and MMIO for the real backend (msr_real.c).
 * Configuration dwords go through EFI_PCI_ROOT_BRIDGE_IO_PROTOCOL (UEFI 2.x
 * section 14.2) of the root bridge whose bus range holds the bus (its ACPI
 * QWORD bus-number descriptor from Configuration(), ACPI 6.x section
 * 6.4.3.5.1), or through ECAM at the base the ACPI MCFG table gives (PCI
 * Firmware 3.0 section 4.1.2) where a bridge refuses the access (extended
 * space) and on application processors, which must not call boot services.
 * A bus outside every root bridge and MCFG range reads all-ones (nothing
 * answers there) and takes no write. MMIO is a plain access at the physical
 * address (UEFI identity-maps memory).
 */
#include <efi.h>
#include <efilib.h>
#include "hw.h"

#define MAX_BRIDGES 16
#define MAX_ECAM 8

struct bridge {
	EFI_PCI_ROOT_BRIDGE_IO_PROTOCOL *io;
	UINT16 seg;
	UINT8 bus_lo, bus_hi;
};

struct ecam {
	UINT64 base;
	UINT16 seg;
	UINT8 bus_lo, bus_hi;
};

static struct bridge bridges[MAX_BRIDGES];
static unsigned nbridges;
static struct ecam ecams[MAX_ECAM];
static unsigned necams;
static unsigned bsp_cpu;

static UINT64 get_le(const UINT8 *p, unsigned n)
{
	UINT64 v = 0;
	while (n-- > 0)
		v = v << 8 | p[n];
	return v;
}

/* The bus range of a root bridge: its QWORD address descriptor of resource type 2 (bus). */
static void add_bridge(EFI_PCI_ROOT_BRIDGE_IO_PROTOCOL *io)
{
	VOID *res = NULL;
	if (nbridges >= MAX_BRIDGES ||
	    EFI_ERROR(uefi_call_wrapper(io->Configuration, 2, io, &res)) || !res)
		return;
	for (const UINT8 *d = res; d[0] == 0x8A; d += 3 + get_le(d + 1, 2)) {
		if (d[3] != 2)
			continue;
		bridges[nbridges].io = io;
		bridges[nbridges].seg = (UINT16)io->SegmentNumber;
		bridges[nbridges].bus_lo = (UINT8)get_le(d + 14, 8);
		bridges[nbridges].bus_hi = (UINT8)get_le(d + 22, 8);
		nbridges++;
		return;
	}
}

/* MCFG's allocations (PCI Firmware 3.0 4.1.2: 16-byte entries from offset 44). */
static void find_mcfg(void)
{
	UINT32 tl = 0;
	const UINT8 *t = acpi_real_find("MCFG", &tl);
	for (UINT64 e = 44; t && e + 16 <= tl && necams < MAX_ECAM; e += 16) {
		ecams[necams].base = get_le(t + e, 8);
		ecams[necams].seg = (UINT16)get_le(t + e + 8, 2);
		ecams[necams].bus_lo = t[e + 10];
		ecams[necams].bus_hi = t[e + 11];
		necams++;
	}
}

void pci_real_init(unsigned bsp)
{
	EFI_GUID guid = EFI_PCI_ROOT_BRIDGE_IO_PROTOCOL_GUID;
	EFI_HANDLE *handles = NULL;
	UINTN n = 0;
	bsp_cpu = bsp;
	nbridges = necams = 0;
	if (!EFI_ERROR(uefi_call_wrapper(BS->LocateHandleBuffer, 5, ByProtocol, &guid, NULL, &n,
					 &handles))) {
		for (UINTN i = 0; i < n; i++) {
			EFI_PCI_ROOT_BRIDGE_IO_PROTOCOL *io = NULL;
			if (!EFI_ERROR(uefi_call_wrapper(BS->HandleProtocol, 3, handles[i], &guid,
							 (VOID **)&io)) && io)
				add_bridge(io);
		}
		FreePool(handles);
	}
	find_mcfg();
}

unsigned pci_real_bridges(void)
{
	return nbridges;
}

unsigned pci_real_ecam_ranges(void)
{
	return necams;
}

/* The root bridges' bus ranges, then MCFG's (overlaps are harmless: any one reaches). */
unsigned pci_real_ranges(void *ctx, struct pmu_bus_range *r, unsigned cap)
{
	unsigned n = 0;
	(void)ctx;
	for (unsigned i = 0; i < nbridges && n < cap; i++, n++)
		r[n] = (struct pmu_bus_range){ bridges[i].seg, bridges[i].bus_lo, bridges[i].bus_hi,
						false };
	for (unsigned i = 0; i < necams && n < cap; i++, n++)
		r[n] = (struct pmu_bus_range){ ecams[i].seg, ecams[i].bus_lo, ecams[i].bus_hi, true };
	return n;
}

static const struct bridge *bridge_of(struct pmu_pci_addr a)
{
	for (unsigned i = 0; i < nbridges; i++)
		if (bridges[i].seg == a.seg && a.bus >= bridges[i].bus_lo && a.bus <= bridges[i].bus_hi)
			return &bridges[i];
	return NULL;
}

static volatile UINT32 *ecam_of(struct pmu_pci_addr a)
{
	for (unsigned i = 0; i < necams; i++) {
		const struct ecam *e = &ecams[i];
		if (e->seg == a.seg && a.bus >= e->bus_lo && a.bus <= e->bus_hi)
			return (volatile UINT32 *)(UINTN)(e->base + ((UINT64)(a.bus - e->bus_lo) << 20 |
								     (UINT64)a.dev << 15 |
								     (UINT64)a.fn << 12 | a.off));
	}
	return NULL;
}

/* EFI_PCI_ROOT_BRIDGE_IO_PROTOCOL_PCI_ADDRESS: extended offsets in bits 63:32. */
static UINT64 efi_addr(struct pmu_pci_addr a)
{
	UINT64 v = (UINT64)a.bus << 24 | (UINT64)a.dev << 16 | (UINT64)a.fn << 8;
	return a.off >= 0x100 ? v | (UINT64)a.off << 32 : v | a.off;
}

/* Through the bridge on the boot CPU; else (or when it refuses) ECAM. *done: one of them did it. */
static pmu_status access(unsigned cpu, struct pmu_pci_addr a, UINT32 *val, BOOLEAN write,
			 BOOLEAN *done)
{
	const struct bridge *b = cpu == bsp_cpu ? bridge_of(a) : NULL;
	*done = FALSE;
	if (b) {
		EFI_PCI_ROOT_BRIDGE_IO_PROTOCOL *io = b->io;
		EFI_STATUS st = write ? uefi_call_wrapper(io->Pci.Write, 5, io, EfiPciIoWidthUint32,
							  efi_addr(a), 1, val)
				      : uefi_call_wrapper(io->Pci.Read, 5, io, EfiPciIoWidthUint32,
							  efi_addr(a), 1, val);
		if (!EFI_ERROR(st)) {
			*done = TRUE;
			return PMU_OK;
		}
	}
	volatile UINT32 *p = ecam_of(a);
	if (!p)
		return b || cpu == bsp_cpu ? PMU_OK : PMU_ERR_UNSUPPORTED;
	if (write)
		*p = *val;
	else
		*val = *p;
	*done = TRUE;
	return PMU_OK;
}

pmu_status pci_real_read(void *ctx, unsigned cpu, struct pmu_pci_addr a, uint32_t *val)
{
	BOOLEAN done;
	UINT32 v = 0xFFFFFFFFu;
	(void)ctx;
	pmu_status st = access(cpu, a, &v, FALSE, &done);
	*val = done ? v : 0xFFFFFFFFu;   /* outside every bridge and ECAM range: nothing answers */
	return st;
}

pmu_status pci_real_write(void *ctx, unsigned cpu, struct pmu_pci_addr a, uint32_t val)
{
	BOOLEAN done;
	UINT32 v = val;
	(void)ctx;
	return access(cpu, a, &v, TRUE, &done);
}

pmu_status mmio_real_read(void *ctx, unsigned cpu, uint64_t addr, unsigned bytes, uint64_t *val)
{
	(void)ctx;
	(void)cpu;
	*val = bytes == 8 ? *(volatile UINT64 *)(UINTN)addr : *(volatile UINT32 *)(UINTN)addr;
	return PMU_OK;
}

pmu_status mmio_real_write(void *ctx, unsigned cpu, uint64_t addr, unsigned bytes, uint64_t val)
{
	(void)ctx;
	(void)cpu;
	if (bytes == 8)
		*(volatile UINT64 *)(UINTN)addr = val;
	else
		*(volatile UINT32 *)(UINTN)addr = (UINT32)val;
	return PMU_OK;
}
