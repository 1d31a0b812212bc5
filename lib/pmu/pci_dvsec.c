/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* A function's DVSECs, read only (pci_dvsec.h). */
#include "pmu/pci_dvsec.h"

#define EXT_CAP0 0x100u   /* the first extended capability (PCI Express Base 4.0, 7.6) */
#define MAX_CAPS 64       /* a chain longer than this loops */

static pmu_status dword(const struct pmu_backend *b, unsigned cpu, struct pmu_pci_addr a,
			unsigned off, uint32_t *v)
{
	a.off = (uint16_t)off;
	return pmu_pci_read(b, cpu, a, v);
}

void pci_each_dvsec(const struct pmu_backend *b, unsigned cpu, struct pmu_pci_addr fn,
		    bool (*visit)(void *ctx, const struct pci_dvsec *d), void *ctx)
{
	unsigned off = EXT_CAP0;
	for (unsigned i = 0; i < MAX_CAPS && off >= EXT_CAP0 && off <= 0xFFC; i++) {
		uint32_t h, h1, h2;
		if (dword(b, cpu, fn, off, &h) || !h || h == 0xFFFFFFFFu)
			return;
		if ((h & 0xFFFF) == PCI_CAP_DVSEC && !dword(b, cpu, fn, off + 4, &h1) &&
		    !dword(b, cpu, fn, off + 8, &h2)) {
			struct pci_dvsec d = { (uint16_t)off, (uint16_t)(h1 & 0xFFFF),
					       (uint16_t)(h2 & 0xFFFF), (uint16_t)(h1 >> 20) };
			if (!visit(ctx, &d))
				return;
		}
		off = h >> 20 & 0xFFC;
	}
}
