/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Discovery tables made into boxes and placed (uncore_disc_box.h). */
#include "pmu/uncore_disc_box.h"
#include "hw/layouts_discovery.h"
#include "hw/uncore_disc.h"
#include "pmu/regkey.h"
#include "util/fmt.h"

/* The scan's reach; 52 bits: the largest physical address (Intel SDM vol. 3A 4.1.4). */
static const struct disc_bus_range any_bus = { 0, 0, 255 };
static const struct disc_mmio_range above_1m = { 0x100000ull, (1ull << 52) - 0x100000ull };

/*
 * The CPU's physical address width: CPUID 80000008H EAX[7:0] (Intel SDM vol. 2A, CPUID;
 * AMD APM vol. 3, Fn8000_0008), 0 where the leaf is not there.
 */
static uint8_t phys_bits(const struct pmu_backend *b, unsigned cpu)
{
	struct pmu_cpuid r;
	if (!b || pmu_cpuid(b, cpu, 0x80000000u, 0, &r) || r.eax < 0x80000008u ||
	    pmu_cpuid(b, cpu, 0x80000008u, 0, &r))
		return 0;
	return (uint8_t)(r.eax & 0xFF);
}

struct disc_space uncore_disc_space(const struct pmu_backend *b, unsigned cpu, bool spr,
				    struct disc_bus_range *buses)
{
	struct pmu_bus_range r[DISC_MAX_BUS_RANGES];
	unsigned n = b && b->ops->pci_ranges ? b->ops->pci_ranges(b->ctx, r, DISC_MAX_BUS_RANGES) : 0;
	for (unsigned i = 0; i < n && i < DISC_MAX_BUS_RANGES; i++)
		buses[i] = (struct disc_bus_range){ r[i].seg, r[i].lo, r[i].hi };
	const struct disc_space w = { n ? buses : &any_bus, n ? n : 1, &above_1m, 1, spr,
				      phys_bits(b, cpu) };
	return w;
}

static uint16_t device_of(const struct pmu_backend *b, unsigned cpu, const struct disc_unit *u)
{
	struct pmu_pci_addr a = disc_unit_pci(u);
	uint32_t id = 0;
	a.off = 0;
	return pmu_pci_read(b, cpu, a, &id) ? 0 : (uint16_t)(id >> 16);
}

/*
 * Whether f's units are made into boxes: package 0's tables, behind a portal its die 0's only
 * (another die's table lists the same units at its own registers: the same boxes).
 */
static bool boxes_from(const struct disc_found *f)
{
	return !f->pkg && !f->die;
}

/* The named table as the finder's only one (it may have failed: t[0].st says why). */
static pmu_status find_named(const struct pmu_backend *b, unsigned cpu,
			     const struct disc_named *named, struct disc_find *out)
{
	out->functions = out->dropped = out->nmiss = 0;
	out->by_device = false;
	out->n = 1;
	pmu_status st = disc_find_at(b, cpu, named->fn, named->bir, &out->t[0]);
	out->st = st == PMU_ERR_UNSUPPORTED ? st : PMU_OK;
	if (st == PMU_ERR_UNSUPPORTED)
		out->n = 0;
	return out->st;
}

/* Every domain of w's row: the PCI scan from dies[0]'s CPU, each portal on every die's. */
static pmu_status find_domains(const struct pmu_backend *b, const struct disc_where *w,
			       struct disc_find *out)
{
	pmu_status pci = PMU_OK;   /* a row of portals only scans no PCI */
	unsigned portals = 0;
	out->functions = out->n = out->dropped = out->nmiss = 0;
	out->by_device = false;
	for (unsigned k = 0; k < DISC_MAX_DOMAINS; k++) {
		const struct disc_domain *dom = &w->plat->dom[k];
		if (dom->via == DISC_VIA_PCI)
			pci = disc_find(b, w->dies[0].cpu, dom->device, out);
		else if (dom->via == DISC_VIA_MSR)
			portals += disc_find_msr(b, &w->portal, dom->msr, (uint8_t)k, w->dies,
						 w->ndies, out);
	}
	out->st = pci && !portals ? pci : PMU_OK;
	return out->st;
}

/* The tables w's machine has: a PCI domain's one a package, a portal domain's one a die. */
static unsigned tables_of(const struct disc_where *w)
{
	unsigned pkgs = 0, n = 0;
	for (unsigned i = 0; i < w->ndies; i++) {
		bool seen = false;
		for (unsigned j = 0; j < i && !seen; j++)
			seen = w->dies[j].pkg == w->dies[i].pkg;
		pkgs += !seen;
	}
	for (unsigned k = 0; k < DISC_MAX_DOMAINS; k++)
		n += w->plat->dom[k].via == DISC_VIA_PCI ? pkgs :
		     w->plat->dom[k].via == DISC_VIA_MSR ? w->ndies : 0;
	return n;
}

/* One table's slots; the 8-byte aligned first, so that each array after stays aligned. */
#define SLOT_BYTES (sizeof(struct disc_found) + sizeof(struct disc_table) + sizeof(uint64_t) + \
		    sizeof(struct disc_portal_miss) + sizeof(pmu_status) + sizeof(unsigned) + \
		    sizeof(uint32_t))
_Static_assert(sizeof(struct disc_found) % 8 == 0 && sizeof(struct disc_table) % 8 == 0 &&
	       _Alignof(struct disc_portal_miss) <= 4 && _Alignof(pmu_status) <= 4,
	       "the slots' arrays are carved from one block in this order");

/* cap slots of each array from mem in one block (PMU_ERR_NOSPACE without). */
static pmu_status slots_alloc(struct uncore_disc *d, unsigned cap, const struct box_alloc *mem)
{
	uint8_t *at = cap ? mem->alloc(mem->ctx, cap * SLOT_BYTES) : NULL;
	if (cap && !at)
		return PMU_ERR_NOSPACE;
	d->block = at;
	d->mem = *mem;
	d->find.cap = cap;
	d->find.t = (struct disc_found *)at;
	at += cap * sizeof(struct disc_found);
	d->table = (struct disc_table *)at;
	at += cap * sizeof(struct disc_table);
	d->global = (uint64_t *)at;
	at += cap * sizeof(uint64_t);
	d->find.miss = (struct disc_portal_miss *)at;
	at += cap * sizeof(struct disc_portal_miss);
	d->global_st = (pmu_status *)at;
	at += cap * sizeof(pmu_status);
	d->absent = (unsigned *)at;
	at += cap * sizeof(unsigned);
	d->global_key = (uint32_t *)at;
	return PMU_OK;
}

void uncore_disc_fini(struct uncore_disc *d)
{
	if (d->block)
		d->mem.free(d->mem.ctx, d->block);
	pmu_memset(d, 0, sizeof(*d));
}

pmu_status uncore_disc_build(const struct pmu_backend *b, const struct disc_where *w,
			     const struct disc_named *named, struct uncore_disc *d,
			     struct box_set *s, const struct box_alloc *mem)
{
	unsigned cpu = w->dies[0].cpu;
	struct disc_bus_range buses[DISC_MAX_BUS_RANGES];
	const struct disc_space where = uncore_disc_space(b, cpu, w->spr, buses);
	uint16_t nth[64] = { 0 };
	uncore_disc_fini(d);
	d->spr = w->spr;
	d->plat = w->plat;
	(void)box_set_init(s, UNCORE_DISC, 0, 0, mem);
	pmu_status st = slots_alloc(d, named ? 1 : tables_of(w), mem);
	if (st)
		return d->find.st = st;
	st = named ? find_named(b, cpu, named, &d->find) : find_domains(b, w, &d->find);
	if (st)
		return st;
	for (unsigned p = 0; p < d->find.n; p++) {
		const struct disc_found *f = &d->find.t[p];
		pmu_memset(&d->table[p], 0, sizeof(d->table[p]));
		d->absent[p] = 0;
		d->global_st[p] = PMU_ERR_ABSENT;
		d->global[p] = 0;
		if (f->st || disc_parse(f->bytes, f->len, &where, &d->table[p]))
			continue;
		if (!named)
			(void)disc_ignore_types(&d->table[p], w->plat->dom[f->domain].ignored,
						w->plat->dom[f->domain].nignored);
		d->global_st[p] = disc_global_read(b, f->portal ? f->cpu : cpu, &d->table[p],
						   &d->global[p]);
	}
	if (w->spr)
		(void)disc_spr_upi_relocate(b, cpu, d->table, d->find.n);
	for (unsigned p = 0; p < d->find.n; p++)
		if (!d->find.t[p].st)
			d->absent[p] = disc_check_devices(b, cpu, &d->table[p]);
	unsigned usable = 0;
	for (unsigned p = 0; p < d->find.n; p++)
		for (unsigned i = 0; boxes_from(&d->find.t[p]) && i < d->table[p].nunits; i++)
			usable += d->table[p].unit[i].usable;
	/* a group a type at most: as many as the units, and the client types' */
	const struct box_family *c = w->client;
	(void)box_set_init(s, UNCORE_DISC, usable + box_family_boxes(c), usable + (c ? c->ntypes : 0),
			   mem);
	for (unsigned p = 0; p < d->find.n; p++)
		for (unsigned i = 0; boxes_from(&d->find.t[p]) && i < d->table[p].nunits; i++) {
			const struct disc_unit *u = &d->table[p].unit[i];
			if (!u->usable)
				continue;
			struct disc_box_src src = {
				u->access, u->type, u->box_id, u->type < 64 ? nth[u->type]++ : u->box_id,
				u->box_ctl, u->ctl_offset, u->ctr_offset, u->counters, u->width,
				u->access == DISC_PCI ? device_of(b, cpu, u) : 0,
				disc_platform_type_name(w->plat, u->type),
				disc_platform_type_ctl(w->plat, u->type),
			};
			int k = uncore_disc_add(s, &src);
			if (k < 0) {
				d->unmade++;
				continue;
			}
			d->made++;
			s->box[k].d.per_die = u->access == DISC_MSR && d->find.t[p].portal;
		}
	d->client = box_set_add_family(s, c);   /* after the table's: box_of counts those */
	box_set_done(s);
	return PMU_OK;
}

/* The box made for unit (type, box id) of package 0's tables, or NULL. */
static const struct box_desc *box_of(const struct uncore_disc *d, const struct box_set *s,
				     const struct disc_unit *u)
{
	unsigned k = 0;
	for (unsigned p = 0; p < d->find.n; p++) {
		const struct disc_table *t = &d->table[p];
		for (unsigned i = 0; boxes_from(&d->find.t[p]) && i < t->nunits && k < d->made; i++) {
			const struct disc_unit *x = &t->unit[i];
			if (!x->usable)
				continue;
			if (x->type == u->type && x->box_id == u->box_id && x->access == u->access)
				return k < s->n ? &s->box[k].d : NULL;
			k++;
		}
	}
	return NULL;
}

bool uncore_disc_die_has(const struct uncore_disc *d, const struct box_set *s, unsigned pkg,
			 unsigned die, const struct box_desc *x)
{
	for (unsigned k = 0; k < d->find.n; k++) {
		const struct disc_found *f = &d->find.t[k];
		const struct disc_table *t = &d->table[k];
		if (!f->portal || f->st || f->pkg != pkg || f->die != die)
			continue;
		for (unsigned i = 0; i < t->nunits; i++)
			if (t->unit[i].usable && t->unit[i].access == DISC_MSR &&
			    t->unit[i].box_ctl == x->box_ctl && box_of(d, s, &t->unit[i]) == x)
				return true;
	}
	return false;
}

unsigned uncore_disc_die_moved(const struct uncore_disc *d, const struct box_set *s, unsigned k)
{
	const struct disc_table *t = &d->table[k];
	unsigned n = 0;
	for (unsigned i = 0; i < t->nunits; i++) {
		const struct disc_unit *u = &t->unit[i];
		const struct box_desc *x = u->usable && u->access == DISC_MSR ? box_of(d, s, u)
									      : NULL;
		n += x && x->box_ctl != u->box_ctl;
	}
	return n;
}

static void put(struct uncore_pci_pkg *map, const struct box_desc *x, uint32_t base)
{
	map->box[map->n].d = x;
	map->box[map->n++].base = base;
}

/* Table k's units (package p's) in map, as uncore_disc_place says. */
static void place_table(const struct uncore_disc *d, const struct box_set *s, unsigned k,
			struct uncore_pci_pkg *map, struct pmon_registry *reg, unsigned *unplaced)
{
	const struct disc_table *t = &d->table[k];
	unsigned p = d->find.t[k].pkg;
	for (unsigned i = 0; i < t->nunits; i++) {
		const struct disc_unit *u = &t->unit[i];
		const struct box_desc *x = u->usable ? box_of(d, s, u) : NULL;
		map->ncha += u->usable && u->type == 0;
		if (!u->usable)
			continue;
		if (!x || (x->pci && map->n == UNCORE_MAX_PCI_BOXES)) {
			(*unplaced)++;
			continue;
		}
		if (u->access == DISC_PCI && x->pci) {
			struct pmu_pci_addr a = disc_unit_pci(u);
			a.off = (uint16_t)x->pci->pmon_lo;
			if (pmon_add_pci(reg, a, x->pci->pmon_hi, x->name, p) == PMU_OK) {
				a.off = 0;
				put(map, x, regkey_pci(a));
			} else {
				(*unplaced)++;
			}
		} else if (u->access == DISC_MMIO) {
			unsigned slot;
			if (pmon_add_mmio_at(reg, u->box_ctl - UNCORE_DISC_MMIO_LO, UNCORE_DISC_MMIO_LO,
					     UNCORE_DISC_MMIO_SIZE, x->name, p, &slot) == PMU_OK)
				put(map, x, regkey_mmio(slot, 0));
			else
				(*unplaced)++;
		}
	}
}

void uncore_disc_place(const struct uncore_disc *d, const struct box_set *s, unsigned p,
		       struct uncore_pci_pkg *map, struct pmon_registry *reg, unsigned *unplaced)
{
	pmu_memset(map, 0, sizeof(*map));
	for (unsigned k = 0; k < d->find.n; k++) {
		const struct disc_found *f = &d->find.t[k];
		if (f->pkg != p || f->st)
			continue;
		if (!map->placed && !f->portal) {
			map->seg = f->fn.seg;
			map->bus = f->fn.bus;
		}
		map->placed = true;
		place_table(d, s, k, map, reg, unplaced);
	}
}

/* Table k's global control as a register key, registered with reg; 0: none. */
static uint32_t global_key(const struct uncore_disc *d, unsigned k, struct pmon_registry *reg)
{
	const struct disc_table *t = &d->table[k];
	unsigned slot;
	if (t->access == DISC_MSR)
		return t->global_ctl && t->global_ctl <= 0xFFFFFFFFu &&
		       regkey_is_msr((uint32_t)t->global_ctl) ? (uint32_t)t->global_ctl : 0;
	if (t->access == DISC_MMIO)
		return t->global_ctl >= 0x100000u &&
		       !pmon_add_mmio(reg, t->global_ctl, 4, "global control", d->find.t[k].pkg, &slot)
		       ? regkey_mmio(slot, 0) : 0;
	if (t->access == DISC_PCI) {
		const struct disc_unit u = { .box_ctl = t->global_ctl };
		struct pmu_pci_addr a = disc_unit_pci(&u);
		return !pmon_add_pci(reg, a, (uint16_t)(a.off + 4), "global control",
				     d->find.t[k].pkg) ? regkey_pci(a) : 0;
	}
	return 0;
}

unsigned uncore_disc_globals(struct uncore_disc *d, struct pmon_registry *reg)
{
	unsigned n = 0;
	for (unsigned k = 0; k < d->find.n; k++) {
		bool frozen = !d->find.t[k].st && !d->global_st[k] && d->global[k];
		d->global_key[k] = frozen ? global_key(d, k, reg) : 0;
		n += d->global_key[k] != 0;
	}
	return n;
}

unsigned uncore_disc_msrs(const struct uncore_disc *d, unsigned pkg, uint32_t *out,
			  unsigned cap)
{
	unsigned n = 0;
	for (unsigned k = 0; k < d->find.n; k++) {
		const struct disc_table *t = &d->table[k];
		uint32_t msr[2] = { d->find.t[k].portal, 0 };
		if (d->find.t[k].pkg != pkg || d->find.t[k].st)
			continue;
		if (t->access == DISC_MSR && !(t->problems >> DP_GLOBAL_INVALID & 1) &&
		    t->global_ctl <= 0xFFFFFFFFu)
			msr[1] = (uint32_t)t->global_ctl;
		for (unsigned i = 0; i < 2; i++) {
			bool seen = !msr[i];
			for (unsigned j = 0; j < n && !seen; j++)
				seen = out[j] == msr[i];
			if (!seen && n < cap)
				out[n++] = msr[i];
		}
	}
	return n;
}

bool uncore_disc_global_init(const struct uncore_disc *d, unsigned k)
{
	return d->plat && k < d->find.n && d->plat->dom[d->find.t[k].domain].global_init;
}

unsigned uncore_disc_packages(const struct uncore_disc *d)
{
	unsigned n = 0;
	for (unsigned k = 0; k < d->find.n; k++)
		if (d->find.t[k].pkg + 1u > n)
			n = d->find.t[k].pkg + 1u;
	return n;
}

uint32_t uncore_disc_problems(const struct uncore_disc *d, unsigned p)
{
	uint32_t all = d->table[p].problems;
	for (unsigned i = 0; i < d->table[p].nunits; i++)
		all |= d->table[p].unit[i].problems;
	return all;
}
