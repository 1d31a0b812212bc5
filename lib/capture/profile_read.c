/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A profile file (capture/profile.c's text) read back into a struct machine. The file
 * is the user's: every line is checked, the first problem is named with its line.
 */
#include "capture/profile.h"

struct words {
	const char *w[12];
	size_t n[12];
	unsigned count;
};

static void split(const char *line, size_t len, struct words *ws)
{
	ws->count = 0;
	for (size_t i = 0; i < len && ws->count < 12;) {
		while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
			i++;
		if (i >= len)
			break;
		ws->w[ws->count] = line + i;
		size_t s = i;
		while (i < len && line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
			i++;
		ws->n[ws->count++] = i - s;
	}
}

static bool is(const struct words *ws, unsigned k, const char *s)
{
	return k < ws->count && ws->n[k] == pmu_strlen(s) && !pmu_strncmp(ws->w[k], s, ws->n[k]);
}

static bool num(const struct words *ws, unsigned k, uint64_t max, uint64_t *v)
{
	return k < ws->count && pmu_parse_u64(ws->w[k], ws->n[k], v) && *v <= max;
}

static bool word_to(const struct words *ws, unsigned k, char *buf, size_t cap)
{
	if (k >= ws->count || ws->n[k] >= cap)
		return false;
	pmu_memcpy(buf, ws->w[k], ws->n[k]);
	buf[ws->n[k]] = 0;
	return true;
}

/*
 * "msr I MSR VALUE|absent|error" (or pkgmsr) into r; a package's (not_held not NULL) may
 * end in "not-held".
 */
static bool reg_line(const struct words *ws, struct machine_regs *r, bool *not_held)
{
	uint64_t msr, val = 0;
	bool held = ws->count == 4;
	if ((!held && !(not_held && ws->count == 5 && is(ws, 4, "not-held"))) ||
	    !num(ws, 2, 0xFFFFFFFFu, &msr) || r->n >= CAPTURE_MAX_MSRS)
		return false;
	if (not_held)
		not_held[r->n] = !held;
	pmu_status st = is(ws, 3, "absent") ? PMU_ERR_FAULT_GP : is(ws, 3, "error") ? PMU_ERR_IO :
			num(ws, 3, UINT64_MAX, &val) ? PMU_OK : PMU_STATUS_COUNT;
	if (st == PMU_STATUS_COUNT)
		return false;
	r->msr[r->n] = (uint32_t)msr;
	r->val[r->n] = val;
	r->st[r->n++] = (uint8_t)st;
	return true;
}

/* Word k's hex pairs after d's bytes so far (not past its length). */
static bool disc_bytes(const struct words *ws, unsigned k, struct machine_disc *d)
{
	long n = pmu_hex_bytes(ws->w[k], ws->n[k], d->bytes + d->filled, d->len - d->filled);
	d->filled += n > 0 ? (uint32_t)n : 0;
	return n > 0;
}

/* "global 0xV" at word k, if the line has it: d's global control as found. */
static bool global_of(const struct words *ws, unsigned k, struct machine_disc *d)
{
	uint64_t v = 0;
	d->global_read = ws->count > k;
	if (d->global_read && (!is(ws, k, "global") || !num(ws, k + 1, 0xFFFFFFFFFFFFFFFFull, &v)))
		return false;
	d->global = v;
	return true;
}

/* Whether every table of package's (its PCI BAR's and each die's portal's) has all its bytes. */
static bool tables_filled(const struct machine *m, const struct machine_pkg *k)
{
	for (unsigned d = 0; d < m->nportal; d++)
		if (m->portal[d].package == k->package && m->portal[d].filled != m->portal[d].len)
			return false;
	return k->disc.filled == k->disc.len;
}

static struct machine_pkg *pkg_of(struct machine *m, uint64_t package)
{
	for (unsigned i = 0; i < m->npkgs; i++)
		if (m->pkg[i].package == package)
			return &m->pkg[i];
	return NULL;
}

/* cxlfn SSSS:BB:DD.F OFFSET DWORD, after cxl captured; a function's lines together. */
static bool cxl_fn_line(const struct words *ws, struct machine_cxl *x)
{
	uint32_t at;
	uint64_t off, val;
	if (ws->count != 4 || !x->listed || !machine_pci_at_parse(ws->w[1], ws->n[1], &at) ||
	    !num(ws, 2, 4 * MACHINE_CXL_DWORDS - 4, &off) || off % 4 || !num(ws, 3, 0xFFFFFFFFu, &val))
		return false;
	if (!x->nfn || x->fn[x->nfn - 1].at != at) {
		for (unsigned i = 0; i < x->nfn; i++)
			if (x->fn[i].at == at)
				return false;
		if (x->nfn == MACHINE_MAX_CXL)
			return false;
		x->fn[x->nfn++].at = at;
	}
	x->fn[x->nfn - 1].dword[off / 4] = (uint32_t)val;
	return true;
}

/* cxlcpmu 0xBASE OFFSET VALUE, after cxl captured; a CPMU's lines together. */
static bool cxl_cpmu_line(const struct words *ws, struct machine_cxl *x)
{
	uint64_t base, off, val;
	if (ws->count != 4 || !x->listed || !num(ws, 1, UINT64_MAX, &base) ||
	    !num(ws, 2, 0xFFFFFFFFu, &off) || !num(ws, 3, UINT64_MAX, &val))
		return false;
	if (!x->ncpmu || x->cpmu[x->ncpmu - 1].base != base) {
		for (unsigned i = 0; i < x->ncpmu; i++)
			if (x->cpmu[i].base == base)
				return false;
		if (x->ncpmu == MACHINE_MAX_CXL)
			return false;
		x->cpmu[x->ncpmu++].base = base;
	}
	uint64_t *at = machine_cxl_reg(&x->cpmu[x->ncpmu - 1], (uint32_t)off);
	if (at)
		*at = val;
	return at != NULL;
}

static bool one_line(const struct words *ws, struct machine *m)
{
	uint64_t a[6];
	if (is(ws, 0, "vendor"))
		return ws->count == 2 && word_to(ws, 1, m->vendor, sizeof(m->vendor));
	if (is(ws, 0, "uncore"))
		return ws->count == 2 && word_to(ws, 1, m->uncore, sizeof(m->uncore));
	if (is(ws, 0, "dies"))   /* before the cpu lines: theirs carry a die */
		return ws->count == 2 && is(ws, 1, "location2") && !m->ncpus &&
		       (m->dies_known = true);
	if (is(ws, 0, "cpus") || is(ws, 0, "packages"))
		return ws->count == 2 && num(ws, 1, MACHINE_MAX_CPUS, a);   /* counted from their lines */
	if (is(ws, 0, "cpu")) {
		if (ws->count < 10 || m->ncpus >= m->cap || !num(ws, 1, MACHINE_MAX_CPUS - 1, &a[0]) ||
		    a[0] != m->ncpus ||
		    !is(ws, 2, "apic") || !num(ws, 3, 0xFFFFFFFFu, &a[1]) || !is(ws, 4, "package") ||
		    !num(ws, 5, 0xFFFFFFFFu, &a[2]) || !is(ws, 6, "core") ||
		    !num(ws, 7, 0xFFFFFFFFu, &a[3]) || !is(ws, 8, "thread") ||
		    !num(ws, 9, 0xFFFFFFFFu, &a[4]))
			return false;
		struct machine_cpu *c = &m->cpu[m->ncpus++];
		pmu_memset(c, 0, sizeof(*c));
		c->apic_id = (uint32_t)a[1];
		c->package = (uint32_t)a[2];
		c->core = (uint32_t)a[3];
		c->thread = (uint32_t)a[4];
		unsigned k = 10;   /* "die D" where the profile says firmware gave dies */
		if (m->dies_known && (!is(ws, k, "die") || !num(ws, k + 1, 0xFFFFFFFFu, &a[5])))
			return false;
		c->die = m->dies_known ? (uint32_t)a[5] : 0;
		k += m->dies_known ? 2 : 0;
		c->walk.truncated = is(ws, k, "cpuid-incomplete");
		return ws->count == k + c->walk.truncated;
	}
	if (is(ws, 0, "cpuid") || is(ws, 0, "msr")) {
		if (!num(ws, 1, MACHINE_MAX_CPUS - 1, &a[0]) || a[0] + 1 != m->ncpus)
			return false;   /* a CPU's rows follow its cpu line */
		struct machine_cpu *c = &m->cpu[a[0]];
		if (is(ws, 0, "msr"))
			return reg_line(ws, &c->regs, NULL);
		for (unsigned k = 0; k < 6; k++)
			if (!num(ws, 2 + k, 0xFFFFFFFFu, &a[k]))
				return false;
		if (ws->count != 8 || c->walk.n >= CPUID_WALK_MAX)
			return false;
		c->walk.e[c->walk.n++] = (struct cpuid_entry){ (uint32_t)a[0], (uint32_t)a[1],
			{ (uint32_t)a[2], (uint32_t)a[3], (uint32_t)a[4], (uint32_t)a[5] } };
		return true;
	}
	if (is(ws, 0, "pcifns")) {
		struct machine_pci_fns *f = &m->pci;
		if (ws->count != 4 || f->listed || !is(ws, 2, "extended") ||
		    (!is(ws, 1, "complete") && !is(ws, 1, "incomplete")) ||
		    (!is(ws, 3, "readable") && !is(ws, 3, "unreadable")))
			return false;
		f->listed = true;
		f->complete = is(ws, 1, "complete");
		f->ext_readable = is(ws, 3, "readable");
		return true;
	}
	if (is(ws, 0, "pcifn")) {   /* pcifn SSSS:BB:DD.F 0xID, after pcifns */
		struct machine_pci_fns *f = &m->pci;
		if (ws->count != 3 || !f->listed || f->n == MACHINE_MAX_PCI_FNS ||
		    !machine_pci_at_parse(ws->w[1], ws->n[1], &f->at[f->n]) ||
		    !num(ws, 2, 0xFFFFFFFFu, &a[0]))
			return false;
		f->id[f->n++] = (uint32_t)a[0];
		return true;
	}
	if (is(ws, 0, "cxl"))   /* cxl captured: the CXL devices follow */
		return ws->count == 2 && is(ws, 1, "captured") && !m->cxl.listed &&
		       (m->cxl.listed = true);
	if (is(ws, 0, "cxlfn"))
		return cxl_fn_line(ws, &m->cxl);
	if (is(ws, 0, "cxlcpmu"))
		return cxl_cpmu_line(ws, &m->cxl);
	if (is(ws, 0, "package")) {
		if (ws->count != 4 || !num(ws, 1, 0xFFFFFFFFu, &a[0]) || !is(ws, 2, "leader") ||
		    !num(ws, 3, MACHINE_MAX_CPUS - 1, &a[1]) || pkg_of(m, a[0]) ||
		    m->npkgs >= MACHINE_MAX_PKGS)
			return false;
		m->pkg[m->npkgs].package = (uint32_t)a[0];
		m->pkg[m->npkgs++].leader = (uint32_t)a[1];
		return true;
	}
	if (is(ws, 0, "srat")) {   /* srat bytes N */
		if (ws->count != 3 || !is(ws, 1, "bytes") || !num(ws, 2, MACHINE_SRAT_BYTES, &a[0]) ||
		    !a[0] || m->srat.len)
			return false;
		m->srat.len = (uint32_t)a[0];
		return true;
	}
	if (is(ws, 0, "srattable")) {   /* srattable OFFSET HEX: the next bytes, in order */
		struct machine_srat *s = &m->srat;
		long n = ws->count == 3 && num(ws, 1, MACHINE_SRAT_BYTES, &a[0]) && a[0] == s->filled ?
			 pmu_hex_bytes(ws->w[2], ws->n[2], s->bytes + s->filled, s->len - s->filled) : 0;
		s->filled += n > 0 ? (uint32_t)n : 0;
		return n > 0;
	}
	struct machine_pkg *k = num(ws, 1, 0xFFFFFFFFu, &a[0]) ? pkg_of(m, a[0]) : NULL;
	if (is(ws, 0, "pkgmsr"))
		return k && reg_line(ws, &k->regs, k->not_held);
	if (is(ws, 0, "pcibox")) {
		struct machine_pci_box *x = k && k->npci < MACHINE_MAX_PCI ? &k->pci[k->npci] : NULL;
		/* pcibox P BOX at pci SSSS:BB:DD.F DEVICE BOX_CTL (an MMIO box: at mmio 0xADDR) */
		bool mmio = is(ws, 4, "mmio");
		size_t pre = mmio ? 5 : 4;
		if (!x || ws->count != 8 || !word_to(ws, 2, x->box, sizeof(x->box)) || !is(ws, 3, "at") ||
		    (!is(ws, 4, "pci") && !mmio) || ws->n[5] + pre + 1 > sizeof(x->at) ||
		    !num(ws, 6, 0xFFFF, &a[1]) || !num(ws, 7, 0xFFFFFFFFu, &a[2]))
			return false;
		pmu_memcpy(x->at, mmio ? "mmio " : "pci ", pre);
		pmu_memcpy(x->at + pre, ws->w[5], ws->n[5]);
		x->at[pre + ws->n[5]] = 0;
		x->device = (uint32_t)a[1];
		x->box_ctl = (uint32_t)a[2];
		k->npci++;
		return true;
	}
	if (is(ws, 0, "discovery") && !is(ws, 2, "portal")) {
		/* discovery P at pci SSSS:BB:DD.F+0xOFF bar 0xBAR bytes N [global 0xV] */
		if (!k || (ws->count != 9 && ws->count != 11) || !is(ws, 2, "at") ||
		    !is(ws, 3, "pci") || ws->n[4] + 5 > sizeof(k->disc.dvsec) || !is(ws, 5, "bar") ||
		    !num(ws, 6, UINT64_MAX, &a[1]) || !is(ws, 7, "bytes") ||
		    !num(ws, 8, DISC_TABLE_BYTES, &a[2]) || !a[2] || k->disc.len ||
		    !global_of(ws, 9, &k->disc))
			return false;
		pmu_memcpy(k->disc.dvsec, ws->w[3], 3);
		k->disc.dvsec[3] = ' ';
		pmu_memcpy(k->disc.dvsec + 4, ws->w[4], ws->n[4]);
		k->disc.dvsec[4 + ws->n[4]] = 0;
		k->disc.bar = a[1];
		k->disc.len = (uint32_t)a[2];
		k->disc.filled = 0;
		return true;
	}
	if (is(ws, 0, "discovery") && is(ws, 2, "portal")) {
		/* discovery P portal 0xMSR cpu C bar 0xBAR bytes N [global 0xV]: C's die's table */
		struct machine_disc t = { .package = k ? k->package : 0 };
		if (!k || (ws->count != 10 && ws->count != 12) || !num(ws, 3, 0xFFFFFFFFu, &a[1]) ||
		    !a[1] || !is(ws, 4, "cpu") || !num(ws, 5, 0xFFFFFFFFu, &a[2]) || a[2] >= m->ncpus ||
		    !is(ws, 6, "bar") || !num(ws, 7, UINT64_MAX, &a[3]) || !is(ws, 8, "bytes") ||
		    !num(ws, 9, DISC_TABLE_BYTES, &a[4]) || !a[4] || !global_of(ws, 10, &t))
			return false;
		for (unsigned i = 0; i < m->nportal; i++)
			if (m->portal[i].package == k->package && m->portal[i].die == m->cpu[a[2]].die)
				return false;   /* one table a die */
		struct machine_disc *d = machine_portal_add(m, k->package);
		if (!d)
			return false;   /* past the machine's room (counted): said with the line */
		d->portal = (uint32_t)a[1];
		d->cpu = (uint32_t)a[2];
		d->die = m->cpu[a[2]].die;
		d->global_read = t.global_read;
		d->global = t.global;
		d->bar = a[3];
		d->len = (uint32_t)a[4];
		return true;
	}
	if (is(ws, 0, "die")) {   /* die P D leader C: its registers' diemsr lines follow */
		if (!k || ws->count != 5 || !num(ws, 2, 0xFFFFFFFFu, &a[1]) || !is(ws, 3, "leader") ||
		    !num(ws, 4, MACHINE_MAX_CPUS - 1, &a[2]))
			return false;
		for (unsigned i = 0; i < m->ndie; i++)
			if (m->die[i].package == k->package && m->die[i].die == a[1])
				return false;   /* one a die */
		struct machine_die *d = machine_die_add(m, k->package, (uint32_t)a[1]);
		if (d)
			d->leader = (uint32_t)a[2];
		return d != NULL;   /* past the machine's room (counted): said with the line */
	}
	if (is(ws, 0, "diemsr")) {   /* the last die's */
		struct machine_die *d = m->ndie ? &m->die[m->ndie - 1] : NULL;
		return k && d && d->package == k->package && reg_line(ws, &d->regs, NULL);
	}
	if (is(ws, 0, "disctable") || is(ws, 0, "portaltable")) {
		/* disctable P OFFSET HEX: the next bytes, in order (portaltable: the last portal's) */
		struct machine_disc *last = m->nportal ? &m->portal[m->nportal - 1] : NULL;
		struct machine_disc *d = !k ? NULL : !is(ws, 0, "portaltable") ? &k->disc :
					 last && last->package == k->package ? last : NULL;
		return d && ws->count == 4 && num(ws, 2, DISC_TABLE_BYTES, &a[1]) &&
		       a[1] == d->filled && disc_bytes(ws, 3, d);
	}
	return false;
}

/* The text's lines, one at a time: fn(ws, ctx) for each; the line number where it said false. */
static unsigned each_line(const char *text, size_t len, bool (*fn)(const struct words *, void *),
			  void *ctx)
{
	struct words ws;
	unsigned line = 0;
	for (size_t i = 0; i < len;) {
		size_t e = i;
		while (e < len && text[e] != '\n')
			e++;
		line++;
		split(text + i, e - i, &ws);
		if (!fn(&ws, ctx))
			return line;
		i = e + 1;
	}
	return 0;
}

static bool cpus_line(const struct words *ws, void *ctx)
{
	uint64_t n;
	if (is(ws, 0, "cpus") && ws->count == 2 && num(ws, 1, MACHINE_MAX_CPUS, &n))
		*(unsigned *)ctx = (unsigned)n;
	return true;
}

unsigned profile_cpus(const char *text, size_t len)
{
	unsigned n = 0;
	(void)each_line(text, len, cpus_line, &n);
	return n;
}

static bool die_line(const struct words *ws, void *ctx)
{
	unsigned *n = ctx;
	n[0] += is(ws, 0, "discovery") && is(ws, 2, "portal");
	n[1] += is(ws, 0, "die");
	return true;
}

unsigned profile_dies(const char *text, size_t len)
{
	unsigned n[2] = { 0, 0 };   /* portal tables, dies' registers */
	(void)each_line(text, len, die_line, n);
	return n[0] > n[1] ? n[0] : n[1];
}

struct reading {
	struct machine *m;
	bool head;
	bool full;   /* a cpu line past the machine's room */
};

static bool profile_line(const struct words *ws, void *ctx)
{
	struct reading *r = ctx;
	r->full = is(ws, 0, "cpu") && r->m->ncpus >= r->m->cap;
	return !ws->count || ws->w[0][0] == '#' ||
	       (!r->head && (r->head = ws->count == 2 && is(ws, 0, "efipmu-profile") && is(ws, 1, "1"))) ||
	       (r->head && one_line(ws, r->m));
}

pmu_status profile_read(const char *text, size_t len, struct machine *m, char *err, size_t cap)
{
	struct reading r = { m, false, false };
	struct strbuf sb;
	machine_clear(m, m->cap, m->die_cap);
	unsigned line = each_line(text, len, profile_line, &r);
	sb_init(&sb, err, cap);
	if (line) {
		sb_puts(&sb, "line ");
		sb_dec(&sb, line);
		sb_puts(&sb, !r.head ? ": not an efipmu profile (its first line is \"" PROFILE_FORMAT "\")" :
			     r.full ? ": more CPUs than the machine has room for" :
			     m->portals_left || m->dies_left ? ": a die past the machine's room of " :
						  ": not a profile line as efipmu writes them");
		if (r.head && !r.full && (m->portals_left || m->dies_left))
			sb_dec(&sb, m->die_cap);
		return PMU_ERR_INVALID;
	}
	if (!m->ncpus || !m->vendor[0]) {
		sb_puts(&sb, "a profile without its vendor or CPUs");
		return PMU_ERR_INVALID;
	}
	for (unsigned k = 0; k < m->npkgs; k++)
		if (!tables_filled(m, &m->pkg[k])) {
			sb_puts(&sb, "package ");
			sb_dec(&sb, m->pkg[k].package);
			sb_puts(&sb, "'s discovery table has fewer disctable bytes than it says");
			return PMU_ERR_INVALID;
		}
	if (m->srat.filled != m->srat.len) {
		sb_puts(&sb, "the SRAT has fewer srattable bytes than it says");
		return PMU_ERR_INVALID;
	}
	return PMU_OK;
}
