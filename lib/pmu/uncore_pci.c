/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Finding the uncore's PCI boxes (uncore_pci.h). */
#include "pmu/uncore_pci.h"
#include "pmu/regkey.h"
#include "util/fmt.h"

#define INTEL 0x8086u

static pmu_status id_at(const struct pmu_backend *b, unsigned cpu, struct pmu_pci_addr a,
			uint32_t *id)
{
	a.off = 0;
	return pmu_pci_read(b, cpu, a, id);
}

/* The package GIDNIDMAP puts this U-box's bus on, or -1. */
static int package_of(const struct pmu_backend *b, unsigned cpu, const struct uncore_pci_plat *pl,
		      struct pmu_pci_addr ubox)
{
	uint32_t nid, map;
	ubox.off = pl->nodeid_off;
	if (pmu_pci_read(b, cpu, ubox, &nid))
		return -1;
	ubox.off = pl->map_off;
	if (pmu_pci_read(b, cpu, ubox, &map))
		return -1;
	for (unsigned p = 0; p < UNCORE_PCI_MAX_PKGS; p++)
		if (((map >> (3 * p)) & 7) == (nid & 7))
			return (int)p;
	return -1;
}

static const struct box_desc *box_of(const struct box_set *boxes, uint32_t id,
				     struct pmu_pci_addr a)
{
	for (unsigned i = 0; i < boxes->n; i++) {
		const struct box_desc *d = &boxes->box[i].d;
		if (d->family != boxes->fam || !d->pci || d->pci->mmio || (id >> 16) != d->pci->device_id ||
		    (id & 0xFFFF) != INTEL)
			continue;
		if (!d->pci->at || (d->pci->at & 0xFF) == (a.dev << 3 | a.fn))
			return d;
	}
	return NULL;
}

/* Firmware's box control and the counters it left enabled. */
static void firmware_state(const struct pmu_backend *b, unsigned cpu, struct uncore_pci_scan *out,
			   unsigned p, unsigned k)
{
	const struct uncore_pci_box *x = &out->pkg[p].box[k];
	uint64_t v;
	out->fw_box_ctl[p][k] = pmu_reg_read(b, cpu, x->base + x->d->box_ctl, &v) ? 0 : (uint32_t)v;
	out->fw_enabled[p][k] = 0;
	for (unsigned i = 0; i < x->d->n_counters; i++)
		if (!pmu_reg_read(b, cpu, x->base + box_ctl_msr(x->d, i), &v) && (v & x->d->enable_mask))
			out->fw_enabled[p][k] |= (uint8_t)(1u << i);
	if (x->d->fixed_ctl && !pmu_reg_read(b, cpu, x->base + x->d->fixed_ctl, &v) &&
	    (v & x->d->fixed_enable_mask))
		out->fw_enabled[p][k] |= 0x80;
}

/* The write guard admits each register of d's filter (box_filter.regs) in function a. */
static void guard_filter(struct pmon_registry *reg, struct pmu_pci_addr a, const struct box_desc *d,
			 unsigned p)
{
	for (unsigned k = 0; reg && k < d->filter->regs->n; k++) {
		a.off = (uint16_t)(d->filter_msr + d->filter->regs->off[k]);
		(void)pmon_add_pci(reg, a, (uint16_t)(a.off + 4u), d->name, p);
	}
}

/* A box found at a: placed on its bus's package (or an orphan), registered with the guard. */
static void found_box(const struct pmu_backend *b, unsigned cpu, struct uncore_pci_scan *out,
		      struct pmon_registry *reg, const struct box_desc *d, struct pmu_pci_addr a)
{
	int p = a.seg ? -1 : out->bus_pkg[a.bus];
	if (p < 0) {
		out->orphans++;
		return;
	}
	struct uncore_pci_pkg *k = &out->pkg[p];
	out->uncore_on[a.bus] = 1;
	if (k->n >= UNCORE_MAX_PCI_BOXES) {
		out->past[p]++;
		return;
	}
	k->box[k->n].d = d;
	k->box[k->n].base = regkey_pci(a);
	a.off = d->pci->pmon_lo;
	if (reg)
		(void)pmon_add_pci(reg, a, d->pci->pmon_hi, d->name, (unsigned)p);
	if (d->filter && d->filter->regs && !d->filter_id)   /* its filter's registers too */
		guard_filter(reg, a, d, (unsigned)p);
	firmware_state(b, cpu, out, (unsigned)p, k->n++);
}

/* The box whose filter registers are the function of device id id (box_desc.filter_id). */
static const struct box_desc *filter_of(const struct box_set *boxes, uint32_t id)
{
	for (unsigned i = 0; i < boxes->n; i++) {
		const struct box_desc *d = &boxes->box[i].d;
		if (d->family == boxes->fam && d->pci && d->filter_id &&
		    id == (INTEL | (uint32_t)d->filter_id << 16))
			return d;
	}
	return NULL;
}

/*
 * A filter function found at a: its box on a's package (found in the same scan) takes it,
 * and the write guard admits exactly the filter's registers in it.
 */
static void found_filter(struct uncore_pci_scan *out, struct pmon_registry *reg,
			 const struct box_desc *d, struct pmu_pci_addr a)
{
	int p = a.seg ? -1 : out->bus_pkg[a.bus];
	struct uncore_pci_pkg *k = p < 0 ? NULL : &out->pkg[p];
	for (unsigned i = 0; k && i < k->n; i++)
		if (k->box[i].d == d && !k->box[i].filter_base) {
			k->box[i].filter_base = regkey_pci(a);
			guard_filter(reg, a, d, (unsigned)p);
		}
}

/* Each bus's package: the U-boxes' buses, and with pl->inherit the buses above each. */
static void place_buses(const struct uncore_pci_plat *pl, struct uncore_pci_scan *out)
{
	int cur = -1;
	for (unsigned bus = 0; bus < 256; bus++)
		out->bus_pkg[bus] = -1;
	for (unsigned p = 0; p < UNCORE_PCI_MAX_PKGS; p++)
		if (out->pkg[p].placed)
			out->bus_pkg[out->pkg[p].bus] = (int8_t)p;
	for (unsigned i = 0; pl && pl->inherit && i < 256; i++) {
		unsigned bus = pl->inherit > 0 ? i : 255 - i;
		if (out->bus_pkg[bus] >= 0)
			cur = out->bus_pkg[bus];
		else
			out->bus_pkg[bus] = (int8_t)cur;
	}
}

/*
 * The MMIO boxes whose bases the function at a gives, on a's package: each registered with
 * the write guard at its controller's base + its offset; a base of 0 is counted unmapped.
 */
static void found_mmio(const struct pmu_backend *b, unsigned cpu, const struct uncore_pci_plat *pl,
		       const struct box_set *boxes, struct uncore_pci_scan *out,
		       struct pmon_registry *reg, struct pmu_pci_addr a)
{
	int p = a.seg ? -1 : out->bus_pkg[a.bus];
	uint32_t base = 0, mem = 0;
	struct pmu_backend with = *b;   /* the boxes' registers read through the registry */
	with.pmon = reg;
	if (p < 0) {
		out->orphans++;
		return;
	}
	struct uncore_pci_pkg *k = &out->pkg[p];
	for (unsigned i = 0; i < boxes->n; i++) {
		const struct box_desc *d = &boxes->box[i].d;
		if (d->family != pl->fam || !d->pci || !d->pci->mmio)
			continue;
		if (k->n >= UNCORE_MAX_PCI_BOXES) {
			out->past[p]++;
			continue;
		}
		a.off = pl->mmio_base_off;
		pmu_status st = pmu_pci_read(b, cpu, a, &base);
		a.off = (uint16_t)(pl->mmio_mem_off + 4 * d->pci->mmio->mc);
		if (!st)
			st = pmu_pci_read(b, cpu, a, &mem);
		uint64_t at = (uint64_t)(base & pl->mmio_base_mask) << 23 |
			      (uint64_t)(mem & pl->mmio_mem_mask) << 12;
		unsigned slot = 0;
		if (st || !(base & pl->mmio_base_mask) || !(mem & pl->mmio_mem_mask) || !reg ||
		    pmon_add_mmio_at(reg, at, d->pci->mmio->lo, d->pci->mmio->size, d->name,
				     (unsigned)p, &slot)) {
			out->unmapped[p]++;
			if (!(base & pl->mmio_base_mask))
				a.off = pl->mmio_base_off;   /* the register that reads 0 */
			out->unmapped_at[p] = regkey_pci(a);
			continue;
		}
		k->box[k->n].d = d;
		k->box[k->n].base = regkey_mmio(slot, 0);
		firmware_state(&with, cpu, out, (unsigned)p, k->n++);
	}
}

/* The CHAs CAPID6 (and CAPID7) of the PCU function at a count, on a's package. */
static void count_chas(const struct pmu_backend *b, unsigned cpu, const struct uncore_pci_plat *pl,
		       struct uncore_pci_scan *out, struct pmu_pci_addr a)
{
	int p = a.seg ? -1 : out->bus_pkg[a.bus];
	uint32_t lo = 0, hi = 0;
	if (p < 0 || out->pkg[p].capid_at)
		return;
	struct uncore_pci_pkg *k = &out->pkg[p];
	a.off = pl->capid6_off;
	k->capid_at = regkey_pci(a);
	k->capid_st = pmu_pci_read(b, cpu, a, &lo);
	a.off = pl->capid7_off;
	if (!k->capid_st && pl->capid7_off)
		k->capid_st = pmu_pci_read(b, cpu, a, &hi);
	if (k->capid_st)
		return;
	k->capid = (uint64_t)hi << 32 | (lo & pl->capid6_mask);
	for (uint64_t v = k->capid; v; v &= v - 1)
		k->ncha++;
}

/* Each bus's reach (enum uncore_pci_reach) from the ranges b reports. */
static void reach_buses(const struct pmu_backend *b, struct uncore_pci_scan *out)
{
	struct pmu_bus_range r[UNCORE_PCI_RANGES];
	unsigned n = b->ops->pci_ranges ? b->ops->pci_ranges(b->ctx, r, UNCORE_PCI_RANGES) : 0;
	for (unsigned bus = 0; bus < 256; bus++)
		out->reach[bus] = n ? UPR_OUTSIDE : UPR_BRIDGE;
	for (unsigned i = 0; i < n && i < UNCORE_PCI_RANGES; i++)
		for (unsigned bus = r[i].lo; !r[i].seg && bus <= r[i].hi; bus++)
			if (!r[i].ecam)
				out->reach[bus] = UPR_BRIDGE;
			else if (out->reach[bus] == UPR_OUTSIDE)
				out->reach[bus] = UPR_ECAM;
	for (unsigned bus = 0; bus < 256; bus++)
		out->outside += out->reach[bus] == UPR_OUTSIDE;
}

static void note_seen(struct uncore_pci_scan *out, struct pmu_pci_addr a, uint32_t id)
{
	if (out->nseen < UNCORE_PCI_SEEN) {
		out->seen[out->nseen] = a;
		out->seen_id[out->nseen++] = id;
	}
}

void uncore_pci_each_fn(const struct pmu_backend *b, unsigned cpu, const struct uncore_pci_scan *scan,
			bool (*fn)(void *ctx, struct pmu_pci_addr a, uint32_t id), void *ctx)
{
	uint32_t id;
	for (unsigned bus = 0; bus < 256; bus++)
		for (unsigned dev = 0; dev < 32 && scan->reach[bus] != UPR_OUTSIDE; dev++)
			for (unsigned f = 0; f < 8; f++) {
				struct pmu_pci_addr a = { 0, (uint8_t)bus, (uint8_t)dev, (uint8_t)f, 0 };
				if (!id_at(b, cpu, a, &id) && !fn(ctx, a, id))
					return;
			}
}

pmu_status uncore_pci_scan(const struct pmu_backend *b, unsigned cpu, const struct box_set *boxes,
			   struct uncore_pci_scan *out, struct pmon_registry *reg)
{
	const struct uncore_pci_plat *pl = uncore_family_desc(boxes->fam)->pci;
	uint32_t id;
	pmu_memset(out, 0, sizeof(*out));
	if (!b->ops->pci_read)
		return out->st = PMU_ERR_UNSUPPORTED;
	reach_buses(b, out);
	/* Pass 1: every function of segment 0; U-boxes place their buses. */
	for (unsigned bus = 0; bus < 256; bus++) {
		bool any = false;
		for (unsigned dev = 0; dev < 32 && out->reach[bus] != UPR_OUTSIDE; dev++)
			for (unsigned fn = 0; fn < 8; fn++) {
				struct pmu_pci_addr a = { 0, (uint8_t)bus, (uint8_t)dev, (uint8_t)fn, 0 };
				if (id_at(b, cpu, a, &id))
					continue;   /* absent, hidden, or outside every root bridge */
				out->functions++;
				any = true;
				note_seen(out, a, id);
				if (!pl || id != (INTEL | (uint32_t)pl->ubox_id << 16))
					continue;
				out->uboxes++;
				out->uncore_on[bus] = 1;
				int p = package_of(b, cpu, pl, a);
				if (p < 0 || out->pkg[p].placed) {
					out->unplaced++;
					continue;
				}
				out->pkg[p].placed = true;
				out->pkg[p].bus = (uint8_t)bus;
			}
		out->buses += any;
	}
	for (unsigned i = out->nseen; i-- > 0;) {
		struct pmu_pci_addr x = out->seen[i];
		uint32_t v;
		x.off = 0x100;
		pmu_status st = pmu_pci_read(b, cpu, x, &v);
		if (st || v == 0xFFFFFFFFu) {
			if (i || out->ext_at.off)
				continue;
		}
		out->ext_st = st;
		out->ext_val = v;
		out->ext_at = x;
	}
	place_buses(pl, out);
	/* Pass 2: the boxes, by device id, on every bus with a function; then their filters. */
	struct pmu_pci_addr filt[UNCORE_PCI_MAX_PKGS * 2];
	const struct box_desc *filt_d[UNCORE_PCI_MAX_PKGS * 2];
	unsigned nfilt = 0;
	for (unsigned bus = 0; pl && bus < 256; bus++)
		for (unsigned dev = 0; dev < 32 && out->reach[bus] != UPR_OUTSIDE; dev++)
			for (unsigned fn = 0; fn < 8; fn++) {
				struct pmu_pci_addr a = { 0, (uint8_t)bus, (uint8_t)dev, (uint8_t)fn, 0 };
				const struct box_desc *d;
				if (id_at(b, cpu, a, &id))
					continue;
				if ((d = box_of(boxes, id, a)))
					found_box(b, cpu, out, reg, d, a);
				else if ((d = filter_of(boxes, id)) && nfilt < UNCORE_PCI_MAX_PKGS * 2) {
					filt[nfilt] = a;
					filt_d[nfilt++] = d;
				}
				else if (pl->mmio_id && id == (INTEL | (uint32_t)pl->mmio_id << 16))
					found_mmio(b, cpu, pl, boxes, out, reg, a);
				else if (pl->capid_id && id == (INTEL | (uint32_t)pl->capid_id << 16))
					count_chas(b, cpu, pl, out, a);
			}
	for (unsigned i = 0; i < nfilt; i++)
		found_filter(out, reg, filt_d[i], filt[i]);
	return PMU_OK;
}

uint32_t box_key(const struct uncore_pci_pkg *map, const struct box_desc *d, uint32_t reg, bool wide)
{
	if (!d->pci)
		return reg;
	for (unsigned i = 0; map && i < map->n; i++)
		if (map->box[i].d == d)
			return (map->box[i].base + reg) | (wide ? REGKEY_WIDE : 0);
	return 0;
}

uint32_t filter_key(const struct uncore_pci_pkg *map, const struct box_desc *d, unsigned k)
{
	uint32_t off = d->filter_msr + (d->filter->regs ? d->filter->regs->off[k] : 0u);
	if (!d->pci || !d->filter_id)
		return box_key(map, d, off, false);
	for (unsigned i = 0; map && i < map->n; i++)
		if (map->box[i].d == d)
			return map->box[i].filter_base ? map->box[i].filter_base + off : 0;
	return 0;
}
