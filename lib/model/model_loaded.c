/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "model/model_loaded.h"
#include "hw/core_aux.h"
#include "hw/msr.h"
#include "util/fmt.h"

/* CPUID.1:EAX's family and model fields (extended ones included), stepping aside. */
#define SIGNATURE_FAMILY_MODEL 0x0FFF0FF0u

const struct model_profile *model_base_for(const char *vendor, uint32_t sig,
					   const uint32_t *leaf_0a_eax)
{
	/* CPUID.0AH:EAX[7:0] 0 on Intel: no architectural PMU (Intel SDM Vol. 3B 18.2), no PMU device */
	if (!pmu_strcmp(vendor, "GenuineIntel") && leaf_0a_eax && !(*leaf_0a_eax & 0xFF))
		return model_profile_find("no-pmu");
	for (unsigned i = 0; i < model_profile_count; i++) {
		const struct model_profile *p = model_profiles[i];
		struct pmu_cpuid r0 = model_cpuid_raw(p, 0, 0), r1 = model_cpuid_raw(p, 1, 0);
		char v[13];
		pmu_memcpy(v, &r0.ebx, 4);
		pmu_memcpy(v + 4, &r0.edx, 4);
		pmu_memcpy(v + 8, &r0.ecx, 4);
		v[12] = 0;
		if (!pmu_strcmp(v, vendor) &&   /* r1: a part of another's dump answers its own */
		    (r1.eax & SIGNATURE_FAMILY_MODEL) == (sig & SIGNATURE_FAMILY_MODEL))
			return p;
	}
	return model_profile_find(pmu_strcmp(vendor, "GenuineIntel") ? "zen2" : "no-pmu");
}

/* A register of the profile's fields, not of the hand-off image. */
static bool profile_field(uint32_t msr)
{
	return msr == MSR_IA32_BIOS_SIGN_ID || msr == MSR_IA32_MISC_ENABLE ||
	       msr == MSR_IA32_PERF_CAPABILITIES;
}

/*
 * Each present MSR of r a map row (the base's semantics, else a plain register) and, with fw,
 * its value.
 */
static void take_regs(struct model_loaded *l, const struct machine_regs *r, bool fw)
{
	for (unsigned i = 0; i < r->n; i++) {
		uint32_t msr = r->msr[i];
		bool seen = false;
		for (unsigned k = 0; k < l->map.n && !seen; k++)
			seen = l->row[k].first == msr;
		if (r->st[i] != PMU_OK || seen || l->map.n >= 2 * CAPTURE_MAX_MSRS)
			continue;
		const struct model_msr_range *b = model_msr_range_of(l->base, msr);
		l->row[l->map.n++] = (struct model_msr_range){ msr, msr, b ? b->plain : true,
							      b ? b->writable : ~0ull,
							      b ? b->what : "captured" };
		unsigned nfw = 0;
		while (l->fw[nfw].msr)
			nfw++;
		if (fw && r->val[i] && !profile_field(msr))
			l->fw[nfw] = (struct model_fw_reg){ msr, r->val[i] };
	}
}

static uint64_t reg_value(const struct machine_regs *r, uint32_t msr)
{
	for (unsigned i = 0; i < r->n; i++)
		if (r->msr[i] == msr && r->st[i] == PMU_OK)
			return r->val[i];
	return 0;
}

/*
 * The capture's CXL functions and CPMUs (the CXL job's; model_cxl.c answers them), where it
 * read them; else the base's device, which no run without the CXL job looked for.
 */
_Static_assert(MACHINE_MAX_CXL <= MODEL_CXL_FNS && MACHINE_MAX_CXL <= MODEL_CXL_CPMUS &&
	       MACHINE_CXL_DWORDS == MODEL_CXL_DWORDS, "a loaded profile answers every CXL capture");

static void take_cxl(struct model_loaded *l, const struct machine_cxl *x)
{
	struct model_cxl_images *im = &l->cxl_images;
	if (!x->listed)
		return;
	l->cxl = *x;
	*im = (struct model_cxl_images){ x->nfn, x->ncpmu, { { 0 } }, { { 0 } } };
	for (unsigned i = 0; i < x->nfn && i < MODEL_CXL_FNS; i++)
		im->fn[i] = (struct model_cxl_fn_image){ l->cxl.fn[i].at, l->cxl.fn[i].dword };
	for (unsigned i = 0; i < x->ncpmu && i < MODEL_CXL_CPMUS; i++) {
		const struct machine_cxl_cpmu *k = &l->cxl.cpmu[i];
		im->cpmu[i] = (struct model_cxl_cpmu_image){ k->base, k->cap, k->ovf, k->freeze,
							     k->evcap, k->cfg, k->ctr };
	}
	l->p.cxl_images = im;
}

/* The portal images, the dies' values, the CPUs' tables, the leaves (each keeps the next aligned). */
_Static_assert(sizeof(struct model_disc_image) % _Alignof(struct model_die_fw) == 0 &&
	       sizeof(struct model_die_fw) % _Alignof(struct model_cpuid_table) == 0 &&
	       sizeof(struct model_cpuid_table) % _Alignof(struct model_cpuid_leaf) == 0,
	       "the arrays follow each other aligned");

/* The registers of m's dies. */
static size_t die_regs(const struct machine *m)
{
	size_t n = 0;
	for (unsigned i = 0; i < m->ndie; i++)
		n += m->die[i].regs.n;
	return n;
}

/* The bytes of m's discovery tables, its packages' and its dies'. */
static size_t tables_len(const struct machine *m)
{
	size_t n = 0;
	for (unsigned k = 0; k < m->npkgs; k++)
		n += m->pkg[k].disc.len;
	for (unsigned i = 0; i < m->nportal; i++)
		n += m->portal[i].len;
	return n;
}

size_t model_loaded_bytes(const struct machine *m)
{
	return sizeof(struct model_loaded) + (size_t)m->nportal * sizeof(struct model_disc_image) +
	       die_regs(m) * sizeof(struct model_die_fw) +
	       (size_t)m->ncpus * sizeof(struct model_cpuid_table) +
	       (size_t)m->ncpus * sizeof(*((struct model_loaded *)0)->leaf) + tables_len(m);
}

/* The model's number of m's package `package` (its place in m->pkg; npkgs: none). */
static unsigned pkg_index(const struct machine *m, uint32_t package)
{
	unsigned k = 0;
	while (k < m->npkgs && m->pkg[k].package != package)
		k++;
	return k;
}

/* Each die's registers map rows, their values its own firmware values (model.h die_fw). */
static void take_dies(struct model_loaded *l, const struct machine *m)
{
	unsigned n = 0;
	for (unsigned i = 0; i < m->ndie; i++) {
		const struct machine_die *d = &m->die[i];
		take_regs(l, &d->regs, false);
		for (unsigned k = 0; k < d->regs.n; k++)
			if (d->regs.st[k] == PMU_OK && d->regs.val[k])
				l->die_fw[n++] = (struct model_die_fw){ pkg_index(m, d->package), d->die,
									d->regs.msr[k], d->regs.val[k] };
	}
	l->p.die_fw = l->die_fw;
	l->p.die_fws = n;
}

/* m's discovery tables into l, their bytes into l->table_bytes: the packages', each die's. */
static unsigned take_tables(struct model_loaded *l, const struct machine *m)
{
	unsigned boxes = 0;
	uint8_t *at = l->table_bytes;
	for (unsigned k = 0; k < m->npkgs; k++) {
		const struct machine_disc *d = &m->pkg[k].disc;
		boxes += m->pkg[k].npci + !!d->len;
		pmu_memcpy(at, d->bytes, d->len);
		l->disc[k] = (struct model_disc_image){ 0, 0, d->bar, d->len, at, d->global_read,
							d->global };
		at += d->len;
	}
	/* each die's own, served on that die's CPUs (model_portal_image) */
	for (unsigned i = 0; i < m->nportal; i++) {
		const struct machine_disc *q = &m->portal[i];
		unsigned k = pkg_index(m, q->package);
		boxes += !!q->len;
		pmu_memcpy(at, q->bytes, q->len);
		l->disc_portal[i] = (struct model_disc_image){ k, q->die, q->bar, q->len, at,
							       q->global_read, q->global };
		at += q->len;
	}
	l->p.disc = l->disc;
	l->p.disc_portal = l->disc_portal;
	l->p.disc_portals = m->nportal;
	return boxes;
}

pmu_status model_loaded_make(const struct machine *m, const char *name, struct model_loaded *l,
			     size_t bytes)
{
	const struct cpuid_walk *w0 = m->ncpus ? &m->cpu[0].walk : NULL;
	const struct cpuid_entry *l1 = w0 ? cpuid_walk_find(w0, 1, 0) : NULL;
	if (!l1 || !m->npkgs)
		return PMU_ERR_INVALID;
	if (bytes < model_loaded_bytes(m))
		return PMU_ERR_NOSPACE;
	pmu_memset(l, 0, model_loaded_bytes(m));
	l->disc_portal = (struct model_disc_image *)l->mem;
	l->die_fw = (struct model_die_fw *)(void *)(l->disc_portal + m->nportal);
	l->table = (struct model_cpuid_table *)(void *)(l->die_fw + die_regs(m));
	l->leaf = (void *)(l->table + m->ncpus);
	l->table_bytes = (uint8_t *)(l->leaf + m->ncpus);
	const struct cpuid_entry *a = cpuid_walk_find(w0, 0xA, 0);
	/* no leaf 0xA in the walk: CPUID.0:EAX below it (Limit CPUID Maxval), the part decides */
	l->base = model_base_for(m->vendor, l1->r.eax, a ? &a->r.eax : NULL);
	l->p = *l->base;
	pmu_strlcpy(l->name, name, sizeof(l->name));
	l->p.name = l->name;
	for (unsigned c = 0; c < m->ncpus; c++) {
		const struct cpuid_walk *w = &m->cpu[c].walk;
		for (unsigned i = 0; i < w->n; i++) {
			const struct cpuid_entry *e = &w->e[i];
			l->leaf[c][i] = (struct model_cpuid_leaf){ e->leaf, e->sub,
				!cpuid_leaf_has_subleaves(e->leaf), e->r.eax, e->r.ebx, e->r.ecx, e->r.edx };
		}
		l->table[c] = (struct model_cpuid_table){ "a profile file", l->leaf[c], w->n };
	}
	l->p.cpuid = &l->table[0];
	/*
	 * Hybrid: the model gives its upper half of CPUs the E-cores' counters (model.h); its
	 * leaf 0xA is that of the first CPU whose CPUID.1AH:EAX[31:24] says Atom (SDM Vol. 2A).
	 */
	l->p.cpuid_atom = NULL;
	for (unsigned c = 0; l->base->cpuid_atom && c < m->ncpus && !l->p.cpuid_atom; c++) {
		const struct cpuid_entry *e = cpuid_walk_find(&m->cpu[c].walk, 0x1A, 0);
		if (e && e->r.eax >> 24 == CORE_TYPE_ATOM)
			l->p.cpuid_atom = &l->table[c];
	}
	/* a third kind where the profile has one: the CPUs model_cpu_kind gives it */
	l->p.cpuid_lpe = l->base->cpuid_lpe && l->p.cpuid_atom &&
			 model_lpe_first(m->ncpus) < m->ncpus ?
			 &l->table[model_lpe_first(m->ncpus)] : NULL;
	l->p.cpuid_cpu = l->table;
	l->p.cpuid_cpus = m->ncpus;
	const struct machine_regs *r0 = &m->cpu[0].regs;
	l->p.microcode = (uint32_t)(reg_value(r0, MSR_IA32_BIOS_SIGN_ID) >> 32);
	l->p.misc_enable = reg_value(r0, MSR_IA32_MISC_ENABLE);
	l->p.perf_cap = reg_value(r0, MSR_IA32_PERF_CAPABILITIES);
	for (unsigned c = 0; c < m->ncpus; c++)
		take_regs(l, &m->cpu[c].regs, true);   /* hybrid: an E-core's counters a P-core lacks */
	for (unsigned k = 0; k < m->npkgs; k++)
		take_regs(l, &m->pkg[k].regs, true);
	take_dies(l, m);
	unsigned boxes = take_tables(l, m);
	pmu_memcpy(l->srat, m->srat.bytes, m->srat.len);
	l->p.srat = m->srat.len ? l->srat : NULL;
	l->p.srat_len = m->srat.len;
	unsigned nh = 0;
	for (unsigned k = 0; k < m->npkgs; k++)
		for (unsigned i = 0; i < m->pkg[k].regs.n && nh < CAPTURE_MAX_MSRS; i++)
			if (m->pkg[k].not_held[i])
				l->not_held[nh++] = (struct model_not_held){ m->pkg[k].regs.msr[i], k };
	l->p.not_held = nh ? l->not_held : NULL;
	pmu_memcpy(l->pci_at, m->pci.at, m->pci.n * sizeof(l->pci_at[0]));
	pmu_memcpy(l->pci_id, m->pci.id, m->pci.n * sizeof(l->pci_id[0]));
	l->pci_listed = (struct model_pci_listed){ l->pci_at, l->pci_id, m->pci.n, m->pci.ext_readable };
	l->p.pci_listed = m->pci.listed ? &l->pci_listed : NULL;
	take_cxl(l, &m->cxl);
	if (!boxes)
		l->p.pci = NULL;   /* the capture found no uncore PCI box nor table: none answers */
	l->map = (struct model_msr_map){ l->name, l->row, l->map.n };
	l->p.msrs = &l->map;
	l->p.fw_running = l->fw;
	l->p.firmware = MODEL_FW_RUNNING;
	l->ncpus = m->ncpus;
	l->npkgs = m->npkgs;
	return PMU_OK;
}

pmu_status model_loaded_init(struct model *mod, size_t bytes, const struct model_loaded *l,
			     const struct machine *m)
{
	pmu_status st = model_init(mod, bytes, &l->p, l->ncpus, l->npkgs);
	for (unsigned i = 0; !st && i < l->ncpus; i++) {
		unsigned pkg = 0;
		while (pkg < l->npkgs && m->pkg[pkg].package != m->cpu[i].package)
			pkg++;
		st = model_place_cpu(mod, i, pkg < l->npkgs ? pkg : 0);
		if (!st)
			st = model_place_core(mod, i, m->cpu[i].core);
		if (!st && m->dies_known)
			st = model_place_die(mod, i, m->cpu[i].die);
	}
	if (!st)
		model_die_firmware(mod);   /* each die's own values, its CPUs placed */
	return st;
}
