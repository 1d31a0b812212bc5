/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "capture/machine.h"
#include "hw/layouts_cxl.h"
#include "pmu/regkey.h"
#include "pmu/uncore_pci.h"
#include "util/fmt.h"

_Static_assert(sizeof(struct machine_cpu) % _Alignof(struct machine_disc) == 0 &&
	       sizeof(struct machine_disc) % _Alignof(struct machine_die) == 0,
	       "the portal tables follow the CPUs aligned, the dies them");

size_t machine_bytes(unsigned cap, unsigned dies)
{
	return sizeof(struct machine) + (size_t)cap * sizeof(struct machine_cpu) +
	       (size_t)dies * (sizeof(struct machine_disc) + sizeof(struct machine_die));
}

void machine_clear(struct machine *m, unsigned cap, unsigned dies)
{
	pmu_memset(m, 0, sizeof(*m));
	m->cap = cap;
	m->die_cap = dies;
	m->portal = (struct machine_disc *)(void *)&m->cpu[cap];
	m->die = (struct machine_die *)(void *)&m->portal[dies];
}

/* The next of cap elements of size bytes at arr (*n taken), cleared; past cap NULL, *left counted. */
static void *room_add(void *arr, size_t size, unsigned *n, unsigned cap, unsigned *left)
{
	if (*n >= cap) {
		(*left)++;
		return NULL;
	}
	uint8_t *at = (uint8_t *)arr + size * (*n)++;
	pmu_memset(at, 0, size);
	return at;
}

struct machine_disc *machine_portal_add(struct machine *m, uint32_t package)
{
	struct machine_disc *d = room_add(m->portal, sizeof(*d), &m->nportal, m->die_cap,
					  &m->portals_left);
	if (d)
		d->package = package;
	return d;
}

struct machine_die *machine_die_add(struct machine *m, uint32_t package, uint32_t die)
{
	struct machine_die *d = room_add(m->die, sizeof(*d), &m->ndie, m->die_cap, &m->dies_left);
	if (d) {
		d->package = package;
		d->die = die;
	}
	return d;
}

bool machine_cpu_like(const struct machine_cpu *ref, const struct machine_cpu *c)
{
	const struct cpuid_walk *a = &ref->walk, *b = &c->walk;
	if (a->n != b->n || a->truncated != b->truncated || a->st != b->st ||
	    ref->regs.n != c->regs.n)
		return false;
	for (unsigned i = 0; i < a->n; i++)
		if (a->e[i].leaf != b->e[i].leaf || a->e[i].sub != b->e[i].sub)
			return false;
	for (unsigned i = 0; i < c->regs.n; i++)
		if (ref->regs.msr[i] != c->regs.msr[i])
			return false;
	return true;
}

bool machine_cpuid_differs(const struct machine_cpu *ref, const struct machine_cpu *c, unsigned i)
{
	const struct pmu_cpuid *x = &ref->walk.e[i].r, *y = &c->walk.e[i].r;
	return x->eax != y->eax || x->ebx != y->ebx || x->ecx != y->ecx || x->edx != y->edx;
}

bool machine_msr_differs(const struct machine_regs *ref, const struct machine_regs *c, unsigned i)
{
	return ref->st[i] != c->st[i] || (c->st[i] == PMU_OK && ref->val[i] != c->val[i]);
}

unsigned machine_cpu_diffs(const struct machine_cpu *ref, const struct machine_cpu *c)
{
	unsigned n = 0;
	for (unsigned i = 0; i < c->walk.n; i++)
		n += machine_cpuid_differs(ref, c, i);
	for (unsigned i = 0; i < c->regs.n; i++)
		n += machine_msr_differs(&ref->regs, &c->regs, i);
	return n;
}

bool machine_pkg_not_held(struct machine_pkg *k, uint32_t msr, uint64_t orig)
{
	struct machine_regs *r = &k->regs;
	unsigned i = 0;
	while (i < r->n && r->msr[i] != msr)
		i++;
	if (i == r->n) {
		if (r->n >= CAPTURE_MAX_MSRS)
			return false;
		r->msr[i] = msr;
		r->val[i] = orig;
		r->st[r->n++] = PMU_OK;
	}
	k->not_held[i] = true;
	return true;
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
			 struct machine_cpu *c, const struct box_set *boxes, struct machine_regs *pkg,
			 struct machine_regs *die, const uint32_t *more, unsigned nmore)
{
	cpuid_walk(b, cpu, &c->walk);
	c->regs.n = capture_core_msrs(vendor, arch_version(&c->walk), c->regs.msr,
				      CAPTURE_MAX_MSRS);
	machine_read_regs(b, cpu, &c->regs);
	if (pkg) {
		pkg->n = capture_uncore_msrs(boxes, false, pkg->msr, CAPTURE_MAX_MSRS);
		for (unsigned i = 0; i < nmore && pkg->n < CAPTURE_MAX_MSRS; i++)
			pkg->msr[pkg->n++] = more[i];
		machine_read_regs(b, cpu, pkg);
	}
	if (die) {   /* a die's own registers read on it: each die's values, not its package's */
		die->n = capture_uncore_msrs(boxes, true, die->msr, CAPTURE_MAX_MSRS);
		machine_read_regs(b, cpu, die);
	}
}

unsigned machine_take_disc(const struct uncore_disc *u, struct machine *m)
{
	const struct disc_find *f = &u->find;
	m->nportal = m->portals_left = 0;
	for (unsigned k = 0; k < m->npkgs; k++) {
		m->pkg[k].disc.len = 0;
		for (unsigned i = 0; i < f->n; i++) {
			const struct disc_found *t = &f->t[i];
			struct machine_pkg *p = &m->pkg[k];
			if (t->pkg != p->package || t->st || (!t->portal && p->disc.len))
				continue;
			struct machine_disc *d = t->portal ? machine_portal_add(m, p->package) : &p->disc;
			if (!d)
				continue;   /* past the machine's room: counted */
			struct strbuf at;
			struct pmu_pci_addr fn = t->fn;
			fn.off = t->dvsec;
			sb_init(&at, d->dvsec, sizeof(d->dvsec));
			if (!t->portal)
				regkey_put(&at, NULL, regkey_pci(fn));
			else
				d->dvsec[0] = 0;
			d->portal = t->portal;
			d->cpu = t->cpu;
			d->die = t->die;
			d->global_read = !u->global_st[i];
			d->global = d->global_read ? u->global[i] : 0;
			d->bar = t->bar;
			d->len = (uint32_t)t->len;
			pmu_memcpy(d->bytes, t->bytes, t->len);
		}
	}
	return m->portals_left;
}

unsigned machine_cxl_offsets(const struct machine_cxl_cpmu *x, uint32_t *off)
{
	unsigned n = 0;
	off[n++] = CXL_CPMU_CAP;
	if (!x->counters)
		return n;   /* not a CPMU's capability: nothing more read */
	off[n++] = CXL_CPMU_OVF;
	off[n++] = CXL_CPMU_FREEZE;
	for (unsigned i = 0; i < x->nevcaps; i++)
		off[n++] = CXL_CPMU_EVCAP(i);
	for (unsigned i = 0; i < x->counters; i++)
		off[n++] = CXL_CPMU_CFG(i);
	for (unsigned i = 0; i < x->counters; i++)
		off[n++] = CXL_CPMU_CTR(i);
	return n;
}

/* Index i of the 8-byte registers from first, below max; *have raised past it. */
static uint64_t *indexed(uint64_t *arr, uint32_t off, uint32_t first, unsigned max, unsigned *have)
{
	uint32_t i = (off - first) / 8;
	if (off < first || (off - first) % 8 || i >= max)
		return NULL;
	if (*have <= i)
		*have = i + 1;
	return &arr[i];
}

uint64_t *machine_cxl_reg(struct machine_cxl_cpmu *x, uint32_t off)
{
	if (off == CXL_CPMU_CAP)
		return &x->cap;
	if (off == CXL_CPMU_OVF)
		return &x->ovf;
	if (off == CXL_CPMU_FREEZE)
		return &x->freeze;
	if (off < CXL_CPMU_CFG(0))
		return indexed(x->evcap, off, CXL_CPMU_EVCAP(0), CXL_MAX_EVCAPS, &x->nevcaps);
	if (off < CXL_CPMU_CTR(0))
		return indexed(x->cfg, off, CXL_CPMU_CFG(0), CXL_MAX_COUNTERS, &x->counters);
	return indexed(x->ctr, off, CXL_CPMU_CTR(0), CXL_MAX_COUNTERS, &x->counters);
}

/* The function at a into x (where it has room, once): every dword of its configuration space. */
static void cxl_fn_take(const struct pmu_backend *b, unsigned cpu, struct machine_cxl *x,
			struct pmu_pci_addr a)
{
	uint32_t at = machine_pci_at(a);
	for (unsigned i = 0; i < x->nfn; i++)
		if (x->fn[i].at == at)
			return;
	if (x->nfn == MACHINE_MAX_CXL)
		return;
	struct machine_cxl_fn *fn = &x->fn[x->nfn++];
	fn->at = at;
	for (unsigned d = 0; d < MACHINE_CXL_DWORDS; d++) {
		a.off = (uint16_t)(4 * d);
		(void)pmu_pci_read(b, cpu, a, &fn->dword[d]);   /* all-ones where unreadable */
	}
}

/* The registers cxl_cpmu_read read, and those cxl_cpmu_count reads before it writes. */
static void cxl_cpmu_take(const struct pmu_backend *b, unsigned cpu, const struct cxl_block *k,
			  struct machine_cxl_cpmu *x)
{
	struct cxl_cpmu c;
	(void)cxl_cpmu_read(b, cpu, k, &c);
	pmu_memset(x, 0, sizeof(*x));
	x->base = k->base;
	x->cap = c.cap;
	if (!c.identified)
		return;
	x->counters = c.counters;
	x->nevcaps = c.nevcaps;
	pmu_memcpy(x->evcap, c.evcap, sizeof(x->evcap));
	pmu_memcpy(x->cfg, c.cfg, sizeof(x->cfg));
	(void)pmu_mmio_read(b, cpu, k->base + CXL_CPMU_OVF, 8, &x->ovf);
	(void)pmu_mmio_read(b, cpu, k->base + CXL_CPMU_FREEZE, 8, &x->freeze);
	for (unsigned n = 0; n < x->counters; n++)
		(void)pmu_mmio_read(b, cpu, k->base + CXL_CPMU_CTR(n), 8, &x->ctr[n]);
}

bool machine_collect_cxl(const struct pmu_backend *b, unsigned cpu, struct machine_cxl *x,
			 struct cxl_find *f)
{
	if (cxl_find(b, cpu, f))
		return false;
	pmu_memset(x, 0, sizeof(*x));
	x->listed = true;
	for (unsigned i = 0; i < f->n; i++) {
		const struct cxl_block *k = &f->blk[i];
		cxl_fn_take(b, cpu, x, k->fn);
		if (k->id == CXL_BLOCK_CPMU && k->base && x->ncpmu < MACHINE_MAX_CXL)
			cxl_cpmu_take(b, cpu, k, &x->cpmu[x->ncpmu++]);
	}
	return true;
}

uint32_t machine_pci_at(struct pmu_pci_addr a)
{
	return (uint32_t)a.bus << 8 | (uint32_t)a.dev << 3 | a.fn;
}

/* n hex digits of s as *v. */
static bool hex_digits(const char *s, unsigned n, uint32_t *v)
{
	*v = 0;
	for (unsigned i = 0; i < n; i++) {
		char c = s[i];
		unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0') :
			     c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10) : 16;
		if (d > 15)
			return false;
		*v = *v << 4 | d;
	}
	return true;
}

bool machine_pci_at_parse(const char *s, size_t n, uint32_t *at)
{
	uint32_t seg, bus, dev, fn;
	if (n != 12 || s[4] != ':' || s[7] != ':' || s[10] != '.' || !hex_digits(s, 4, &seg) ||
	    !hex_digits(s + 5, 2, &bus) || !hex_digits(s + 8, 2, &dev) ||
	    !hex_digits(s + 11, 1, &fn) || seg || dev > 31 || fn > 7)
		return false;
	*at = bus << 8 | dev << 3 | fn;
	return true;
}

static bool keep_fn(void *ctx, struct pmu_pci_addr a, uint32_t id)
{
	struct machine_pci_fns *f = ctx;
	if (f->n == MACHINE_MAX_PCI_FNS) {
		f->complete = false;
		return false;
	}
	f->at[f->n] = machine_pci_at(a);
	f->id[f->n++] = id;
	return true;
}

bool machine_scan_pci(const struct pmu_backend *b, unsigned cpu, const struct box_set *boxes,
		      struct machine_pkg *pkgs, unsigned n, struct machine_pci_fns *fns,
		      struct uncore_pci_scan *scan, struct pmon_registry *reg)
{
	const struct uncore_pci_plat *pl = uncore_family_desc(boxes->fam)->pci;
	if (!pl || !pl->ubox_id)
		return false;   /* no U-box to place buses: a discovery table's part (UNCORE_DISC) */
	pmon_reset(reg);
	if (uncore_pci_scan(b, cpu, boxes, scan, reg))
		return false;
	*fns = (struct machine_pci_fns){ .listed = true, .complete = true,
					 .ext_readable = !scan->ext_st };
	uncore_pci_each_fn(b, cpu, scan, keep_fn, fns);
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
