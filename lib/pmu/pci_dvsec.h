/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A PCI function's Designated Vendor-Specific Extended Capabilities, read only
 * (PCI Express Base 4.0 section 7.9.6): extended capability id 0x23 in the chain
 * from offset 0x100 (next offset in bits 31:20, section 7.6), header 1 at +4
 * (DVSEC vendor 15:0, revision 19:16, length 31:20), header 2 at +8 (DVSEC id 15:0).
 */
#ifndef EFIPMU_PCI_DVSEC_H
#define EFIPMU_PCI_DVSEC_H

#include "pmu/backend.h"

#define PCI_CAP_DVSEC 0x23u

/* One DVSEC: its offset, vendor, id and length in bytes. */
struct pci_dvsec {
	uint16_t off, vendor, id, len;
};

/*
 * Calls visit for every DVSEC of fn, in chain order, until it returns false; a chain
 * longer than 64 capabilities, or one that reads all-ones or 0, ends there.
 */
void pci_each_dvsec(const struct pmu_backend *b, unsigned cpu, struct pmu_pci_addr fn,
		    bool (*visit)(void *ctx, const struct pci_dvsec *d), void *ctx);

#endif
