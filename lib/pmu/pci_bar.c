/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* A function's BARs, read only (pci_bar.h). */
#include "pmu/pci_bar.h"

static pmu_status dword(const struct pmu_backend *b, unsigned cpu, struct pmu_pci_addr a,
			unsigned off, uint32_t *v)
{
	a.off = (uint16_t)off;
	return pmu_pci_read(b, cpu, a, v);
}

static const char *none(pmu_status *st, pmu_status why_st, const char *why)
{
	*st = why_st;
	return why;
}

const char *pci_bar(const struct pmu_backend *b, unsigned cpu, struct pmu_pci_addr fn, unsigned i,
		    uint64_t *addr, pmu_status *st)
{
	uint32_t hdr, lo = 0, hi = 0;
	*addr = 0;
	if (i > 5)
		return none(st, PMU_ERR_INVALID, "no BAR (0-5)");
	if ((*st = dword(b, cpu, fn, 0x0C, &hdr)) != PMU_OK)
		return "the header cannot be read";
	unsigned type = hdr >> 16 & 0x7F, nbars = type == 0 ? 6 : type == 1 ? 2 : 0;
	if (i >= nbars)
		return none(st, PMU_ERR_INVALID, "the function's header type has no such BAR");
	/* From BAR 0 up: a 64-bit memory BAR takes the next one as its upper dword. */
	for (unsigned k = 0; k <= i; k++) {
		if ((*st = dword(b, cpu, fn, 0x10 + 4 * k, &lo)) != PMU_OK)
			return "the BAR cannot be read";
		if ((lo & 7) != 4)
			continue;
		if (k == i)
			break;
		if (++k == i)
			return none(st, PMU_ERR_INVALID, "the upper dword of the 64-bit BAR before it");
	}
	if (lo & 1)
		return none(st, PMU_ERR_INVALID, "an I/O BAR, not memory");
	if ((lo & 7) == 4 && (i + 1 >= nbars || dword(b, cpu, fn, 0x14 + 4 * i, &hi)))
		return none(st, PMU_ERR_INVALID, "a 64-bit BAR without its upper dword");
	if (lo & 2)
		return none(st, PMU_ERR_INVALID, "a BAR of a reserved type");
	*addr = (uint64_t)hi << 32 | (lo & ~0xFu);
	if (!*addr)
		return none(st, PMU_ERR_ABSENT, "the BAR reads 0: firmware did not program it");
	*st = PMU_OK;
	return NULL;
}
