/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "capture/machine.h"
#include "pmu/regkey.h"
#include "pmu/uncore_pci.h"
#include "util/fmt.h"

size_t machine_bytes(unsigned cap)
{
	return sizeof(struct machine) + (size_t)cap * sizeof(struct machine_cpu);
}

void machine_clear(struct machine *m, unsigned cap)
{
	pmu_memset(m, 0, sizeof(*m));
	m->cap = cap;
}

void machine_read_regs(const struct pmu_backend *b, unsigned cpu, struct machine_regs *r)
{
	for (unsigned i = 0; i < r->n; i++) {
		r->val[i] = 0;
		r->st[i] = (uint8_t)pmu_rdmsr(b, cpu, r->msr[i], &r->val[i]);
	}
}

/* CPUID.0AH:EAX[7:0], the architectural PMU's version, as the walk read it (0: no leaf 0xA). */
static unsigned arch_version(const struct cpuid_walk *w)
{
	const struct cpuid_entry *l0 = cpuid_walk_find(w, 0, 0), *a = cpuid_walk_find(w, 0xA, 0);
	return l0 && a && l0->r.eax >= 0xA ? a->r.eax & 0xFF : 0;
}

void machine_collect_cpu(const struct pmu_backend *b, unsigned cpu, const char *vendor,
			 struct machine_cpu *c, const struct box_set *boxes, struct machine_regs *pkg)
{
	cpuid_walk(b, cpu, &c->walk);
	c->regs.n = capture_core_msrs(vendor, arch_version(&c->walk), c->regs.msr,
				      CAPTURE_MAX_MSRS);
	machine_read_regs(b, cpu, &c->regs);
	if (pkg) {
		pkg->n = capture_uncore_msrs(boxes, pkg->msr, CAPTURE_MAX_MSRS);
		machine_read_regs(b, cpu, pkg);
	}
}

void machine_take_disc(const struct disc_find *f, struct machine_pkg *pkgs, unsigned n)
{
	for (unsigned k = 0; k < n; k++) {
		struct machine_disc *d = &pkgs[k].disc;
		const struct disc_found *t = pkgs[k].package < f->n ? &f->t[pkgs[k].package] : NULL;
		struct strbuf at;
		struct pmu_pci_addr fn;
		d->len = 0;
		if (!t || t->st)
			continue;
		fn = t->fn;
		fn.off = t->dvsec;
		sb_init(&at, d->dvsec, sizeof(d->dvsec));
		regkey_put(&at, NULL, regkey_pci(fn));
		d->bar = t->bar;
		d->len = (uint32_t)t->len;
		pmu_memcpy(d->bytes, t->bytes, t->len);
	}
}

bool machine_scan_pci(const struct pmu_backend *b, unsigned cpu, const struct box_set *boxes,
		      struct machine_pkg *pkgs, unsigned n, struct uncore_pci_scan *scan,
		      struct pmon_registry *reg)
{
	const struct uncore_pci_plat *pl = uncore_family_desc(boxes->fam)->pci;
	if (!pl || !pl->ubox_id)
		return false;   /* no U-box to place buses: a discovery table's part (UNCORE_DISC) */
	pmon_reset(reg);
	if (uncore_pci_scan(b, cpu, boxes, scan, reg))
		return false;
	for (unsigned p = 0; p < n; p++) {
		struct machine_pkg *k = &pkgs[p];
		const struct uncore_pci_pkg *s = k->package < UNCORE_PCI_MAX_PKGS ?
						 &scan->pkg[k->package] : NULL;
		k->npci = 0;
		for (unsigned i = 0; s && s->placed && i < s->n && k->npci < MACHINE_MAX_PCI; i++) {
			struct machine_pci_box *x = &k->pci[k->npci++];
			struct strbuf at;
			pmu_strlcpy(x->box, s->box[i].d->name, sizeof(x->box));
			sb_init(&at, x->at, sizeof(x->at));
			if (s->box[i].d->pci && s->box[i].d->pci->mmio)   /* an MMIO box: its address */
				regkey_put(&at, reg, s->box[i].base + s->box[i].d->box_ctl);
			else
				regname_put_fn(&at, regkey_pci_addr(s->box[i].base));
			x->device = s->box[i].d->pci ? s->box[i].d->pci->device_id : 0;
			x->box_ctl = scan->fw_box_ctl[k->package][i];
		}
	}
	return true;
}
