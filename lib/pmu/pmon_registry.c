/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The identified PMON boxes, and the write guard built on them (pmon_registry.h). */
#include "pmu/pmon_registry.h"

void pmon_reset(struct pmon_registry *r)
{
	r->n = 0;
}

static struct pmon_region *next(struct pmon_registry *r)
{
	if (r->n >= PMON_MAX_REGIONS)
		return NULL;
	struct pmon_region *g = &r->r[r->n++];
	*g = (struct pmon_region){ 0 };
	return g;
}

pmu_status pmon_add_pci(struct pmon_registry *r, struct pmu_pci_addr a, uint16_t end,
			const char *box, unsigned package)
{
	if (!pmu_pci_addr_ok(a) || end <= a.off || end > 0x1000)
		return PMU_ERR_INVALID;
	struct pmon_region *g = next(r);
	if (!g)
		return PMU_ERR_NOSPACE;
	g->kind = PMON_PCI;
	g->fn = a;
	g->pci_end = end;
	g->box = box;
	g->package = (uint8_t)package;
	return PMU_OK;
}

pmu_status pmon_add_mmio(struct pmon_registry *r, uint64_t base, uint64_t size, const char *box,
			 unsigned package, unsigned *slot)
{
	return pmon_add_mmio_at(r, base, 0, size, box, package, slot);
}

pmu_status pmon_add_mmio_at(struct pmon_registry *r, uint64_t base, uint64_t lo, uint64_t size,
			    const char *box, unsigned package, unsigned *slot)
{
	if (!base || !size || lo > 0xFFFFFu || base + lo + size < base)
		return PMU_ERR_INVALID;
	struct pmon_region *g = next(r);
	if (!g)
		return PMU_ERR_NOSPACE;
	g->kind = PMON_MMIO;
	g->base = base;
	g->lo = lo;
	g->size = size;
	g->box = box;
	g->package = (uint8_t)package;
	if (slot)
		*slot = r->n - 1;
	return PMU_OK;
}

static bool same_fn(struct pmu_pci_addr x, struct pmu_pci_addr y)
{
	return x.seg == y.seg && x.bus == y.bus && x.dev == y.dev && x.fn == y.fn;
}

const struct pmon_region *pmon_find_pci(const struct pmon_registry *r, struct pmu_pci_addr a)
{
	for (unsigned i = 0; r && i < r->n; i++) {
		const struct pmon_region *g = &r->r[i];
		if (g->kind == PMON_PCI && same_fn(g->fn, a) && a.off >= g->fn.off && a.off < g->pci_end)
			return g;
	}
	return NULL;
}

bool pmon_pci_allowed(const struct pmon_registry *r, struct pmu_pci_addr a)
{
	return pmon_find_pci(r, a) != NULL;
}

bool pmon_mmio_allowed(const struct pmon_registry *r, uint64_t addr, unsigned bytes)
{
	for (unsigned i = 0; r && i < r->n; i++) {
		const struct pmon_region *g = &r->r[i];
		if (g->kind == PMON_MMIO && addr >= g->base + g->lo &&
		    addr - g->base - g->lo <= g->size - bytes && g->size >= bytes)
			return true;
	}
	return false;
}
