/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Finding and reading the uncore discovery tables (uncore_disc_find.h). */
#include "pmu/uncore_disc_find.h"
#include "hw/layouts_discovery.h"
#include "pmu/pci_bar.h"
#include "pmu/pci_dvsec.h"
#include "util/fmt.h"

#define INTEL 0x8086u
#define COUNT_ONLY (-1)          /* each_intel: count the functions, look for the device */
#define EVERY (-2)               /* each_intel: walk every Intel function's capabilities */

static pmu_status dword(const struct pmu_backend *b, unsigned cpu, struct pmu_pci_addr a,
			unsigned off, uint32_t *v)
{
	a.off = (uint16_t)off;
	return pmu_pci_read(b, cpu, a, v);
}

static pmu_status fail(struct disc_found *f, pmu_status st, const char *why)
{
	f->st = st;
	f->why = why;
	return st;
}

/* The table's bytes, qword by qword: the global state, then max_units states of its stride. */
pmu_status disc_read_table(const struct pmu_backend *b, unsigned cpu, struct disc_found *f)
{
	uint64_t q[3];
	for (unsigned i = 0; i < 3; i++)
		if (pmu_mmio_read(b, cpu, f->bar + 8 * i, 8, &q[i]))
			return fail(f, PMU_ERR_IO, "the table's global state cannot be read (MMIO)");
	size_t len = 24;
	if (q[0] && q[0] != ~0ull) {
		uint64_t stride = reg_get_field(q[0], &disc_global_fields[DG_STRIDE].f);
		uint64_t units = reg_get_field(q[0], &disc_global_fields[DG_MAX_UNITS].f);
		len = (size_t)((units + 1) * (stride ? stride : 3) * 8);
	}
	if (len > DISC_TABLE_BYTES)
		len = DISC_TABLE_BYTES;   /* disc_parse names the rest truncated */
	for (size_t o = 0; o < len; o += 8) {
		uint64_t v = o < 24 ? q[o / 8] : 0;
		if (o >= 24 && pmu_mmio_read(b, cpu, f->bar + o, 8, &v))
			return fail(f, PMU_ERR_IO, "a unit state cannot be read (MMIO)");
		for (unsigned i = 0; i < 8; i++)
			f->bytes[o + i] = (uint8_t)(v >> (8 * i));
	}
	f->len = len & ~(size_t)7;
	f->st = PMU_OK;
	f->why = NULL;
	return PMU_OK;
}

/* BAR bir of fn, a memory BAR (32 or 64 bit; pmu/pci_bar.h); read only. */
static pmu_status read_bar(const struct pmu_backend *b, unsigned cpu, struct disc_found *f)
{
	pmu_status st;
	if (f->bir > 5)
		return fail(f, PMU_ERR_INVALID, "the BIR names no BAR (0-5)");
	const char *why = pci_bar(b, cpu, f->fn, f->bir, &f->bar, &st);
	return why ? fail(f, st, why) : PMU_OK;
}

pmu_status disc_find_at(const struct pmu_backend *b, unsigned cpu, struct pmu_pci_addr fn,
			unsigned bir, struct disc_found *out)
{
	uint32_t id;
	pmu_memset(out, 0, sizeof(*out) - sizeof(out->bytes));
	fn.off = 0;
	out->fn = fn;
	out->bir = (uint8_t)bir;
	if (!b->ops->pci_read)
		return fail(out, PMU_ERR_UNSUPPORTED, "this backend has no PCI configuration access");
	if (pmu_pci_read(b, cpu, fn, &id))
		return fail(out, PMU_ERR_ABSENT, "no function there");
	pmu_status st = read_bar(b, cpu, out);
	return st ? st : disc_read_table(b, cpu, out);
}

/* A PMON DVSEC of fn: its table read into a new slot of out. */
struct dvsec_walk {
	const struct pmu_backend *b;
	unsigned cpu;
	struct pmu_pci_addr fn;
	struct disc_find *out;
};

static bool dvsec_at(void *ctx, const struct pci_dvsec *d)
{
	struct dvsec_walk *w = ctx;
	struct disc_find *out = w->out;
	uint32_t bir;
	if (d->id != DISC_DVSEC_PMON || dword(w->b, w->cpu, w->fn, d->off + 0xCu, &bir))
		return true;
	if (out->n == out->cap) {
		out->dropped++;
		return true;
	}
	struct disc_found *f = &out->t[out->n++];
	pmu_memset(f, 0, sizeof(*f) - sizeof(f->bytes));
	f->pkg = (uint8_t)(out->n - 1);   /* the PCI tables come first, in bus order */
	f->fn = w->fn;
	f->dvsec = d->off;
	f->bir = (uint8_t)(bir & 7);
	if (bir & ~7u) {   /* Linux: "val & ~UNCORE_DISCOVERY_DVSEC2_BIR_MASK" ends the search */
		(void)fail(f, PMU_ERR_INVALID, "the DVSEC's BIR dword sets bits beyond 2:0");
		return true;
	}
	if (!read_bar(w->b, w->cpu, f))
		(void)disc_read_table(w->b, w->cpu, f);
	return true;
}

/* Every PMON DVSEC of fn's extended capabilities. */
static void walk_caps(const struct pmu_backend *b, unsigned cpu, struct pmu_pci_addr fn,
		      struct disc_find *out)
{
	struct dvsec_walk w = { b, cpu, fn, out };
	pci_each_dvsec(b, cpu, fn, dvsec_at, &w);
}

/* Visits every present function of segment 0 with an Intel id (device >= 0: that one only). */
static void each_intel(const struct pmu_backend *b, unsigned cpu, int device, uint16_t want,
		       struct disc_find *out, bool *any)
{
	for (unsigned bus = 0; bus < 256; bus++)
		for (unsigned dev = 0; dev < 32; dev++)
			for (unsigned fn = 0; fn < 8; fn++) {
				struct pmu_pci_addr a = { 0, (uint8_t)bus, (uint8_t)dev, (uint8_t)fn, 0 };
				uint32_t id;
				if (pmu_pci_read(b, cpu, a, &id))
					continue;
				if (device == COUNT_ONLY)
					out->functions++;
				if ((id & 0xFFFF) != INTEL)
					continue;
				if (device == COUNT_ONLY && (id >> 16) == want)
					*any = true;
				if (device >= 0 && (id >> 16) != (unsigned)device)
					continue;
				if (device != COUNT_ONLY)
					walk_caps(b, cpu, a, out);
			}
}

pmu_status disc_find(const struct pmu_backend *b, unsigned cpu, uint16_t device,
		     struct disc_find *out)
{
	out->st = PMU_OK;
	out->functions = out->n = out->dropped = out->nmiss = 0;
	out->by_device = false;
	if (!b->ops->pci_read)
		return out->st = PMU_ERR_UNSUPPORTED;
	bool any = false;
	each_intel(b, cpu, COUNT_ONLY, device, out, &any);   /* count, and look for the device */
	out->by_device = any;
	each_intel(b, cpu, any ? (int)device : EVERY, device, out, &any);
	return PMU_OK;
}

struct pmu_pci_addr disc_unit_pci(const struct disc_unit *u)
{
	unsigned devfn = (unsigned)reg_get_field(u->box_ctl, &disc_pci_addr_fields[2]);
	struct pmu_pci_addr a = {
		(uint16_t)reg_get_field(u->box_ctl, &disc_pci_addr_fields[0]),
		(uint8_t)reg_get_field(u->box_ctl, &disc_pci_addr_fields[1]),
		(uint8_t)(devfn >> 3), (uint8_t)(devfn & 7),
		(uint16_t)reg_get_field(u->box_ctl, &disc_pci_addr_fields[3]),
	};
	return a;
}

#define SPR_UPI_DEVICE 0x3241u
#define SPR_M3UPI_DEVICE 0x3246u

/* Whether bus x holds a UPI or M3UPI device at slots 1-8. */
static bool upi_bus(const struct pmu_backend *b, unsigned cpu, unsigned x)
{
	for (unsigned dev = 1; dev <= 8; dev++)
		for (unsigned fn = 0; fn < 8; fn++) {
			struct pmu_pci_addr a = { 0, (uint8_t)x, (uint8_t)dev, (uint8_t)fn, 0 };
			uint32_t id;
			if (pmu_pci_read(b, cpu, a, &id) == PMU_OK && (id & 0xFFFF) == 0x8086 &&
			    (id >> 16 == SPR_UPI_DEVICE || id >> 16 == SPR_M3UPI_DEVICE))
				return true;
		}
	return false;
}

/* Link k's function of that device on bus, or false. */
static bool link_fn(const struct pmu_backend *b, unsigned cpu, uint8_t bus, uint16_t device,
		    unsigned slot, struct pmu_pci_addr *out)
{
	for (unsigned fn = 0; fn < 8; fn++) {
		struct pmu_pci_addr a = { 0, bus, (uint8_t)slot, (uint8_t)fn, 0 };
		uint32_t id;
		if (pmu_pci_read(b, cpu, a, &id) == PMU_OK && id == (0x8086u | (uint32_t)device << 16)) {
			*out = a;
			return true;
		}
	}
	return false;
}

/* Table t's units the quirk alone keeps out taken from their devices on bus; how many. */
static unsigned relocate_on(const struct pmu_backend *b, unsigned cpu, uint8_t bus,
			    struct disc_table *t)
{
	unsigned taken = 0;
	for (unsigned i = 0; i < t->nunits; i++) {
		struct disc_unit *u = &t->unit[i];
		struct pmu_pci_addr a;
		bool upi = u->type == 8;
		/* only a unit the quirk alone keeps out; a box id beyond the links is none */
		if (u->problems != 1u << DP_QUIRK_SPR_UPI || u->box_id > 3 ||
		    !link_fn(b, cpu, bus, upi ? SPR_UPI_DEVICE : SPR_M3UPI_DEVICE,
			     (upi ? 1u : 5u) + u->box_id, &a))
			continue;
		u->box_ctl = (uint64_t)a.bus << 20 | (uint64_t)(a.dev << 3 | a.fn) << 12 |
			     (upi ? 0x318u : 0xA0u);
		u->access = DISC_PCI;
		u->relocated = true;
		u->usable = true;
		t->nusable++;
		taken++;
	}
	return taken;
}

unsigned disc_spr_upi_relocate(const struct pmu_backend *b, unsigned cpu, struct disc_table *t,
			       unsigned n)
{
	unsigned taken = 0;
	bool any = false;
	for (unsigned p = 0; p < n; p++)
		for (unsigned i = 0; i < t[p].nunits; i++)
			any |= t[p].unit[i].problems == 1u << DP_QUIRK_SPR_UPI;
	/* table p's on the p-th bus, in bus order, holding such a device */
	for (unsigned x = 0, p = 0; any && x < 256 && p < n; x++)
		if (upi_bus(b, cpu, x))
			taken += relocate_on(b, cpu, (uint8_t)x, &t[p++]);
	return taken;
}

unsigned disc_check_devices(const struct pmu_backend *b, unsigned cpu, struct disc_table *t)
{
	unsigned n = 0;
	for (unsigned i = 0; i < t->nunits; i++) {
		struct disc_unit *u = &t->unit[i];
		struct pmu_pci_addr a = disc_unit_pci(u);
		uint32_t id;
		if (!u->usable || u->access != DISC_PCI)
			continue;
		a.off = 0;
		if (pmu_pci_read(b, cpu, a, &id) != PMU_ERR_ABSENT)
			continue;
		u->problems |= 1u << DP_ABSENT;
		u->usable = false;
		t->nusable--;
		n++;
	}
	return n;
}
