/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The PMON boxes the tool has identified in PCI configuration space and MMIO:
 * the only places a PCI or MMIO write may go (pmu_pci_write, pmu_mmio_write in
 * pmu/backend.h refuse every other). Discovery adds a box once it has read its
 * device id (PCI) or computed and checked its base (MMIO); nothing else does.
 * A region's index is its MMIO slot in register keys (pmu/regkey.h).
 */
#ifndef EFIPMU_PMON_REGISTRY_H
#define EFIPMU_PMON_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "pmu/backend.h"

#define PMON_MAX_REGIONS 128

enum pmon_kind { PMON_PCI = 1, PMON_MMIO };

struct pmon_region {
	uint8_t kind;              /* enum pmon_kind */
	struct pmu_pci_addr fn;    /* PCI: the function; fn.off is the first writable offset */
	uint16_t pci_end;          /* PCI: one past the last writable offset */
	uint64_t base, size;       /* MMIO: the box's registers, [base + lo, base + lo + size) */
	uint64_t lo;               /* MMIO: offset 0 of its register keys is base */
	const char *box;           /* its name, for messages */
	uint8_t package;
};

struct pmon_registry {
	unsigned n;
	struct pmon_region r[PMON_MAX_REGIONS];
};

void pmon_reset(struct pmon_registry *r);
/* Offsets [a.off, end) of function a become writable; PMU_ERR_NOSPACE when full. */
pmu_status pmon_add_pci(struct pmon_registry *r, struct pmu_pci_addr a, uint16_t end,
			const char *box, unsigned package);
/* [base, base + size) becomes writable; *slot (may be NULL) its index. */
pmu_status pmon_add_mmio(struct pmon_registry *r, uint64_t base, uint64_t size, const char *box,
			 unsigned package, unsigned *slot);
/*
 * A box at base + lo (Ice Lake-SP's iMC channel: lo 0x22800 + 0x4000 n of its controller's
 * base): [base + lo, base + lo + size) becomes writable, register keys count from base.
 */
pmu_status pmon_add_mmio_at(struct pmon_registry *r, uint64_t base, uint64_t lo, uint64_t size,
			    const char *box, unsigned package, unsigned *slot);
/* The region holding that register, or NULL. */
const struct pmon_region *pmon_find_pci(const struct pmon_registry *r, struct pmu_pci_addr a);

#endif
