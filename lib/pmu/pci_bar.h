/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A PCI function's base address registers, read only: never sized by a write
 * (PCI Local Bus 3.0 section 6.2.5.1: bit 0 I/O, bits 2:1 the memory type, 64-bit
 * BARs take the next register as their upper dword; header type 0 has six BARs,
 * a bridge's type 1 two, section 6.1 and PCI-to-PCI Bridge 1.2 section 3.2).
 */
#ifndef EFIPMU_PCI_BAR_H
#define EFIPMU_PCI_BAR_H

#include <stddef.h>
#include "pmu/backend.h"

/*
 * The memory address BAR i (0-5) of fn decodes to, into *addr. NULL, or why it has none
 * (one short phrase; *st the status): an I/O BAR, the upper half of a 64-bit one, a
 * reserved type, a BAR firmware left at 0, one the function's header type lacks.
 */
const char *pci_bar(const struct pmu_backend *b, unsigned cpu, struct pmu_pci_addr fn, unsigned i,
		    uint64_t *addr, pmu_status *st);

#endif
