/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Every CXL Register Locator of segment 0 and the blocks it names, read only (cxl.h). */
#include "pmu/cxl.h"
#include "hw/layouts_cxl.h"
#include "pmu/pci_bar.h"
#include "pmu/pci_dvsec.h"
#include "util/fmt.h"

struct walk {
	const struct pmu_backend *b;
	unsigned cpu;
	struct pmu_pci_addr fn;
	struct cxl_find *out;
};

/* Entry e of the locator at d: its two dwords as one qword (CXL 3.0 8.1.9). */
static void entry(struct walk *w, const struct pci_dvsec *d, unsigned e)
{
	struct pmu_pci_addr a = w->fn;
	uint32_t lo, hi;
	a.off = (uint16_t)(d->off + CXL_LOCATOR_ENTRIES + 8 * e);
	if (pmu_pci_read(w->b, w->cpu, a, &lo))
		return;
	a.off = (uint16_t)(a.off + 4);
	if (pmu_pci_read(w->b, w->cpu, a, &hi))
		return;
	uint64_t q = (uint64_t)hi << 32 | lo;
	if (w->out->n == CXL_MAX_BLOCKS) {
		w->out->dropped++;
		return;
	}
	struct cxl_block *k = &w->out->blk[w->out->n++];
	*k = (struct cxl_block){ 0 };
	k->fn = w->fn;
	k->dvsec = d->off;
	k->entry = (uint8_t)e;
	k->bir = (uint8_t)reg_get_field(q, &cxl_locator_fields[CL_BIR]);
	k->id = (uint8_t)reg_get_field(q, &cxl_locator_fields[CL_BLOCK_ID]);
	k->offset = reg_get_field(q, &cxl_locator_fields[CL_OFFSET_LO]) << 16 |
		    reg_get_field(q, &cxl_locator_fields[CL_OFFSET_HI]) << 32;
	uint64_t bar;
	pmu_status st;
	k->why = pci_bar(w->b, w->cpu, w->fn, k->bir, &bar, &st);
	if (!k->why)
		k->base = bar + k->offset;
}

static bool locator(void *ctx, const struct pci_dvsec *d)
{
	struct walk *w = ctx;
	if (d->vendor != CXL_VENDOR || d->id != CXL_DVSEC_LOCATOR)
		return true;
	w->out->locators++;
	/* the entries fill the DVSEC past its 0xC bytes of headers */
	for (unsigned e = 0; d->len > CXL_LOCATOR_ENTRIES && e < (d->len - CXL_LOCATOR_ENTRIES) / 8u; e++)
		entry(w, d, e);
	return true;
}

pmu_status cxl_find(const struct pmu_backend *b, unsigned cpu, struct cxl_find *out)
{
	pmu_memset(out, 0, sizeof(*out));
	if (!b->ops->pci_read)
		return out->st = PMU_ERR_UNSUPPORTED;
	for (unsigned bus = 0; bus < 256; bus++)
		for (unsigned dev = 0; dev < 32; dev++)
			for (unsigned fn = 0; fn < 8; fn++) {
				struct walk w = { b, cpu, { 0, (uint8_t)bus, (uint8_t)dev, (uint8_t)fn, 0 }, out };
				uint32_t id;
				if (pmu_pci_read(b, cpu, w.fn, &id))
					continue;
				out->functions++;
				pci_each_dvsec(b, cpu, w.fn, locator, &w);
			}
	return PMU_OK;
}

const char *cxl_block_name(unsigned id)
{
	/* CXL 3.0 8.1.9; Linux cxlpci.h enum cxl_regloc_type */
	static const char *const names[] = { "empty", "component", "bar-virtualization-acl",
					     "memory-device", "cpmu" };
	return id < 5 ? names[id] : "reserved";
}
