/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "out/machine_read.h"
#include "out/logread.h"
#include "util/fmt.h"

void machine_read_init(struct machine_reader *r, struct machine *m)
{
	pmu_memset(r, 0, sizeof(*r));
	machine_clear(m, m->cap, m->die_cap);
	r->m = m;
}

static pmu_status bad(struct machine_reader *r, const char *what)
{
	struct strbuf sb;
	if (r->err[0])
		return PMU_ERR_INVALID;
	sb_init(&sb, r->err, sizeof(r->err));
	if (r->line) {   /* 0: about the whole log, after its last line */
		sb_puts(&sb, "line ");
		sb_dec(&sb, r->line);
		sb_puts(&sb, ": ");
	}
	sb_puts(&sb, what);
	return PMU_ERR_INVALID;
}

/* A cursor over a JSON array's raw text that logread already found well-formed. */
struct cursor {
	const char *p, *end;
};

/* The next token past whitespace and commas: '[', ']', '{', '}', '"' (a string), 'n' (null). */
static char next(struct cursor *c, const char **s, size_t *n)
{
	while (c->p < c->end && (*c->p == ' ' || *c->p == ',' || *c->p == '\t'))
		c->p++;
	if (c->p >= c->end)
		return 0;
	char t = *c->p;
	if (t == '"') {
		const char *q = ++c->p;
		while (c->p < c->end && *c->p != '"')
			c->p += *c->p == '\\' ? 2 : 1;
		if (c->p >= c->end)
			return 0;
		*s = q;
		*n = (size_t)(c->p - q);
		c->p++;
		return '"';
	}
	if (t == 'n' && c->end - c->p >= 4 && !pmu_strncmp(c->p, "null", 4)) {
		c->p += 4;
		return 'n';
	}
	c->p++;
	return t;
}

/* A "0x..." string as a number. */
static bool hex_of(const char *s, size_t n, uint64_t *v)
{
	return n > 2 && s[0] == '0' && s[1] == 'x' && pmu_parse_u64(s, n, v);
}

/* Whether line[0..len) holds needle (a line that is not JSON may still be a cut machine record). */
static bool has_text(const char *line, size_t len, const char *needle)
{
	size_t n = pmu_strlen(needle);
	for (size_t i = 0; i + n <= len; i++)
		if (!pmu_strncmp(line + i, needle, n))
			return true;
	return false;
}

/* The walk's row of leaf and subleaf, appended (a full record) or found (except rows). */
static struct cpuid_entry *cpuid_row(struct cpuid_walk *w, uint32_t leaf, uint32_t sub, bool except)
{
	for (unsigned i = 0; except && i < w->n; i++)
		if (w->e[i].leaf == leaf && w->e[i].sub == sub)
			return &w->e[i];
	return !except && w->n < CPUID_WALK_MAX ? &w->e[w->n++] : NULL;
}

/*
 * [["0xLEAF","0xSUB","0xEAX","0xEBX","0xECX","0xEDX"],...]: the walk, or with except
 * the rows that differ from the walk w holds (its CPU's same_as_cpu).
 */
static pmu_status read_cpuid(struct machine_reader *r, const struct logval *v,
			     struct cpuid_walk *w, bool except)
{
	struct cursor c = { v->raw + 1, v->raw + v->raw_len };
	const char *s;
	size_t n;
	char t;
	if (!except)
		w->n = 0;
	while ((t = next(&c, &s, &n)) == '[') {
		uint64_t x[6];
		for (unsigned k = 0; k < 6; k++)
			if (next(&c, &s, &n) != '"' || !hex_of(s, n, &x[k]) || x[k] > 0xFFFFFFFFu)
				return bad(r, "a cpuid row is not six 32-bit hex strings");
		if (next(&c, &s, &n) != ']')
			return bad(r, "a cpuid row is not six 32-bit hex strings");
		struct cpuid_entry *e = cpuid_row(w, (uint32_t)x[0], (uint32_t)x[1], except);
		if (!e)
			return bad(r, except ? "a cpuid_except row of a leaf its same_as_cpu has not" :
					       "more cpuid rows than a capture makes");
		*e = (struct cpuid_entry){ (uint32_t)x[0], (uint32_t)x[1],
					   { (uint32_t)x[2], (uint32_t)x[3], (uint32_t)x[4],
					     (uint32_t)x[5] } };
	}
	return t == ']' ? PMU_OK : bad(r, "cpuid is not an array of rows");
}

/* The index of msr in g, appended (a full record) or found (except rows); g->n: none. */
static unsigned msr_row(struct machine_regs *g, uint32_t msr, bool except)
{
	for (unsigned i = 0; except && i < g->n; i++)
		if (g->msr[i] == msr)
			return i;
	return !except && g->n < CAPTURE_MAX_MSRS ? g->n++ : g->n;
}

/* [["0xMSR","0xVALUE"|null|"status"],...]: the MSRs, or with except those that differ from g's. */
static pmu_status read_regs(struct machine_reader *r, const struct logval *v,
			    struct machine_regs *g, bool except)
{
	struct cursor c = { v->raw + 1, v->raw + v->raw_len };
	const char *s;
	size_t n;
	char t;
	if (!except)
		g->n = 0;
	while ((t = next(&c, &s, &n)) == '[') {
		uint64_t msr, val = 0;
		if (next(&c, &s, &n) != '"' || !hex_of(s, n, &msr) || msr > 0xFFFFFFFFu)
			return bad(r, "an msrs row does not start with an MSR number");
		char vt = next(&c, &s, &n);
		pmu_status st = vt == 'n' ? PMU_ERR_FAULT_GP :
				vt == '"' && hex_of(s, n, &val) ? PMU_OK : PMU_ERR_IO;
		if ((vt != 'n' && vt != '"') || next(&c, &s, &n) != ']')
			return bad(r, "an msrs row is not [msr, value]");
		unsigned i = msr_row(g, (uint32_t)msr, except);
		if (i >= g->n)
			return bad(r, except ? "an msrs_except row of an MSR its same_as_cpu has not" :
					       "more msrs rows than a capture makes");
		g->msr[i] = (uint32_t)msr;
		g->val[i] = val;
		g->st[i] = (uint8_t)st;
	}
	return t == ']' ? PMU_OK : bad(r, "msrs is not an array of rows");
}

static pmu_status get_u32(struct machine_reader *r, const struct logrec_view *v, const char *key,
			  uint32_t *out)
{
	uint64_t x;
	if (logread_get_u64(v, key, &x) || x > 0xFFFFFFFFu)
		return bad(r, "a machine record lacks a number it needs");
	*out = (uint32_t)x;
	return PMU_OK;
}

/*
 * A CPU's record: in full (cpuid, msrs), or the compact form (job_capture.c): the CPU
 * same_as_cpu, read before it, but for the rows of cpuid_except and msrs_except.
 */
static pmu_status read_cpu(struct machine_reader *r, const struct logrec_view *v)
{
	uint32_t n, like = 0;
	bool except = logread_find(v, "same_as_cpu") != NULL;
	const struct logval *cpuid = logread_find(v, except ? "cpuid_except" : "cpuid"),
			    *msrs = logread_find(v, except ? "msrs_except" : "msrs");
	if (get_u32(r, v, "cpu", &n) || (except && get_u32(r, v, "same_as_cpu", &like)))
		return PMU_ERR_INVALID;
	if (n >= r->m->cap || cpuset_has(&r->seen_cpu, n))
		return bad(r, "a cpu number out of range or seen twice");
	if (except && !cpuset_has(&r->seen_cpu, like))
		return bad(r, "a cpu machine record the same as a CPU not read before it");
	if (!cpuid || cpuid->type != LV_ARRAY || !msrs || msrs->type != LV_ARRAY)
		return bad(r, "a cpu machine record without its cpuid and msrs arrays");
	struct machine_cpu *c = &r->m->cpu[n];
	bool complete = false;
	if (except)
		*c = r->m->cpu[like];
	else
		pmu_memset(c, 0, sizeof(*c));
	if (get_u32(r, v, "apic_id", &c->apic_id) || get_u32(r, v, "package", &c->package) ||
	    get_u32(r, v, "core", &c->core) || get_u32(r, v, "thread", &c->thread) ||
	    read_cpuid(r, cpuid, &c->walk, except) || read_regs(r, msrs, &c->regs, except))
		return PMU_ERR_INVALID;
	uint64_t die = 0;   /* only where firmware gave dies (the platform record's "dies") */
	if (!logread_get_u64(v, "die", &die) && die > 0xFFFFFFFFu)
		return bad(r, "a cpu machine record's die is out of range");
	c->die = (uint32_t)die;
	(void)logread_get_bool(v, "cpuid_complete", &complete);
	c->walk.truncated = !complete;
	cpuset_add(&r->seen_cpu, n);
	if (n >= r->m->ncpus)
		r->m->ncpus = n + 1;
	return PMU_OK;
}

/* "pci_boxes":[{"box":..,"at":..,"device":"0x..","box_ctl":"0x.."},...] */
static pmu_status read_pci(struct machine_reader *r, const struct logval *v, struct machine_pkg *k)
{
	struct logrec_view *o = &r->item;
	const char *p = v->raw + 1, *end = v->raw + v->raw_len;
	while (p < end) {
		while (p < end && *p != '{')
			p++;
		if (p >= end)
			break;
		const char *q = p;
		while (q < end && *q != '}') {
			if (*q++ != '"')
				continue;
			while (q < end && *q != '"')   /* a string: a brace in it is text */
				q += *q == '\\' ? 2 : 1;
			q++;
		}
		if (q >= end)
			return bad(r, "pci_boxes is not an array of objects");
		uint64_t dev, ctl;
		if (k->npci >= MACHINE_MAX_PCI || logread_line(p, (size_t)(q + 1 - p), o) ||
		    logread_get_str(o, "box", k->pci[k->npci].box, MACHINE_STR) ||
		    logread_get_str(o, "at", k->pci[k->npci].at, MACHINE_STR) ||
		    logread_get_u64(o, "device", &dev) || logread_get_u64(o, "box_ctl", &ctl) ||
		    dev > 0xFFFF || ctl > 0xFFFFFFFFu)
			return bad(r, "a pci_boxes entry is not {box, at, device, box_ctl}");
		k->pci[k->npci].device = (uint32_t)dev;
		k->pci[k->npci++].box_ctl = (uint32_t)ctl;
		p = q + 1;
	}
	return PMU_OK;
}

static pmu_status read_pkg(struct machine_reader *r, const struct logrec_view *v)
{
	const struct logval *msrs = logread_find(v, "msrs"), *pci = logread_find(v, "pci_boxes");
	if (r->m->npkgs >= MACHINE_MAX_PKGS)
		return bad(r, "more package records than a capture makes");
	struct machine_pkg *k = &r->m->pkg[r->m->npkgs];
	if (!msrs || msrs->type != LV_ARRAY || (pci && pci->type != LV_ARRAY))
		return bad(r, "a package machine record without its msrs array");
	if (get_u32(r, v, "package", &k->package) || get_u32(r, v, "leader", &k->leader) ||
	    logread_get_str(v, "uncore_family", r->m->uncore, sizeof(r->m->uncore)) ||
	    read_regs(r, msrs, &k->regs, false) || (pci && read_pci(r, pci, k)))
		return bad(r, "a package machine record is malformed");
	r->m->npkgs++;
	return PMU_OK;
}

/*
 * A die's own registers (job_capture.c log_die; a log before it has them in its package
 * record, its leader's die's), of a package read before it, one record a die; one past the
 * machine's room counted in dies_left, not kept.
 */
static pmu_status read_die(struct machine_reader *r, const struct logrec_view *v)
{
	const struct logval *msrs = logread_find(v, "msrs");
	struct machine *m = r->m;
	uint32_t package, die = 0, leader;   /* no die: firmware gave none, the package's one */
	bool seen = false;
	if (!msrs || msrs->type != LV_ARRAY || get_u32(r, v, "package", &package) ||
	    (logread_find(v, "die") && get_u32(r, v, "die", &die)) ||
	    get_u32(r, v, "leader", &leader))
		return bad(r, "a die machine record without its package, leader and msrs");
	for (unsigned k = 0; k < m->npkgs; k++)
		seen = seen || m->pkg[k].package == package;
	for (unsigned i = 0; i < m->ndie; i++)
		seen = seen && !(m->die[i].package == package && m->die[i].die == die);
	if (!seen)
		return bad(r, "a die machine record of a package not seen, or of a die seen");
	struct machine_die *d = machine_die_add(m, package, die);
	if (!d)
		return PMU_OK;   /* past the machine's room: counted in dies_left, said */
	d->leader = leader;
	return read_regs(r, msrs, &d->regs, false);
}

/*
 * The PCI functions the capture's scan reached: "functions" [["pci SSSS:BB:DD.F","0xID"],...],
 * "functions_complete", "extended_space_readable".
 */
static pmu_status read_pci_fns(struct machine_reader *r, const struct logrec_view *v)
{
	struct machine_pci_fns *f = &r->m->pci;
	const struct logval *fns = logread_find(v, "functions");
	if (!fns || fns->type != LV_ARRAY)
		return bad(r, "a pci machine record without its functions array");
	struct cursor c = { fns->raw + 1, fns->raw + fns->raw_len };
	const char *s;
	size_t n;
	char t;
	f->n = 0;
	while ((t = next(&c, &s, &n)) == '[') {
		uint64_t id;
		if (next(&c, &s, &n) != '"' || n < 4 || pmu_strncmp(s, "pci ", 4) ||
		    f->n == MACHINE_MAX_PCI_FNS || !machine_pci_at_parse(s + 4, n - 4, &f->at[f->n]) ||
		    next(&c, &s, &n) != '"' || !hex_of(s, n, &id) || id > 0xFFFFFFFFu ||
		    next(&c, &s, &n) != ']')
			return bad(r, "a pci function is not [\"pci SSSS:BB:DD.F\", \"0xID\"]");
		f->id[f->n++] = (uint32_t)id;
	}
	if (t != ']')
		return bad(r, "functions is not an array of rows");
	f->listed = true;
	(void)logread_get_bool(v, "functions_complete", &f->complete);
	(void)logread_get_bool(v, "extended_space_readable", &f->ext_readable);
	return PMU_OK;
}

/* [["0xOFF","0xVALUE"],...] after the cursor's '[': each pair to put(ctx, off, value). */
static bool read_pairs(struct cursor *c, bool (*put)(void *ctx, uint64_t off, uint64_t val),
		       void *ctx)
{
	const char *s;
	size_t n;
	char t;
	while ((t = next(c, &s, &n)) == '[') {
		uint64_t off, val;
		if (next(c, &s, &n) != '"' || !hex_of(s, n, &off) || next(c, &s, &n) != '"' ||
		    !hex_of(s, n, &val) || next(c, &s, &n) != ']' || !put(ctx, off, val))
			return false;
	}
	return t == ']';
}

static bool put_dword(void *ctx, uint64_t off, uint64_t val)
{
	struct machine_cxl_fn *fn = ctx;
	if (off % 4 || off / 4 >= MACHINE_CXL_DWORDS || val > 0xFFFFFFFFu)
		return false;
	fn->dword[off / 4] = (uint32_t)val;
	return true;
}

static bool put_cpmu_reg(void *ctx, uint64_t off, uint64_t val)
{
	uint64_t *at = off <= 0xFFFFFFFFu ? machine_cxl_reg(ctx, (uint32_t)off) : NULL;
	if (at)
		*at = val;
	return at != NULL;
}

/*
 * The CXL devices the CXL job reads (job_capture.c log_cxl): "functions" [["pci
 * SSSS:BB:DD.F", [[offset, dword]...]]...], "cpmus" [["0xBASE", [[offset, value]...]]...].
 */
static pmu_status read_cxl(struct machine_reader *r, const struct logrec_view *v)
{
	struct machine_cxl *x = &r->m->cxl;
	const struct logval *fns = logread_find(v, "functions"), *cpmus = logread_find(v, "cpmus");
	const char *s;
	size_t n;
	char t;
	if (!fns || fns->type != LV_ARRAY || !cpmus || cpmus->type != LV_ARRAY || x->listed)
		return bad(r, "a cxl machine record without its functions and cpmus arrays, or twice");
	pmu_memset(x, 0, sizeof(*x));
	x->listed = true;
	struct cursor c = { fns->raw + 1, fns->raw + fns->raw_len };
	while ((t = next(&c, &s, &n)) == '[') {
		struct machine_cxl_fn *fn = &x->fn[x->nfn];
		if (x->nfn == MACHINE_MAX_CXL || next(&c, &s, &n) != '"' || n < 4 ||
		    pmu_strncmp(s, "pci ", 4) || !machine_pci_at_parse(s + 4, n - 4, &fn->at) ||
		    next(&c, &s, &n) != '[' || !read_pairs(&c, put_dword, fn) || next(&c, &s, &n) != ']')
			return bad(r, "a cxl function is not [\"pci SSSS:BB:DD.F\", [[offset, dword]...]]");
		x->nfn++;
	}
	if (t != ']')
		return bad(r, "functions is not an array of rows");
	c = (struct cursor){ cpmus->raw + 1, cpmus->raw + cpmus->raw_len };
	while ((t = next(&c, &s, &n)) == '[') {
		struct machine_cxl_cpmu *k = &x->cpmu[x->ncpmu];
		if (x->ncpmu == MACHINE_MAX_CXL || next(&c, &s, &n) != '"' || !hex_of(s, n, &k->base) ||
		    next(&c, &s, &n) != '[' || !read_pairs(&c, put_cpmu_reg, k) ||
		    next(&c, &s, &n) != ']')
			return bad(r, "a cxl cpmu is not [\"0xBASE\", [[offset, value]...]]");
		x->ncpmu++;
	}
	return t == ']' ? PMU_OK : bad(r, "cpmus is not an array of rows");
}

/*
 * A part of a package's discovery table (uncore_disc_job.c: 2 KiB a part, in order); a
 * portal's is its die's ("die", where firmware gave dies), one table a die.
 */
static pmu_status read_disc(struct machine_reader *r, const struct logrec_view *v)
{
	uint32_t package, part;
	uint64_t bar, portal = 0, cpu = 0, die = 0;
	const struct logval *b = logread_find(v, "bytes");
	struct machine_disc *d = NULL;
	if (get_u32(r, v, "package", &package) || get_u32(r, v, "part", &part))
		return PMU_ERR_INVALID;
	/* a portal's table (uncore_disc_job.c log_table: portal and cpu, no dvsec) */
	bool by_portal = !logread_get_u64(v, "portal", &portal);
	(void)logread_get_u64(v, "die", &die);
	if (!logread_str_is(v, "result", "read"))
		return PMU_OK;   /* not read: no table to keep */
	struct machine *m = r->m;
	bool seen = false;
	for (unsigned k = 0; k < m->npkgs && !d; k++)
		if (m->pkg[k].package == package) {
			seen = true;
			d = by_portal ? NULL : &m->pkg[k].disc;
		}
	for (unsigned i = 0; seen && by_portal && i < m->nportal && !d; i++)
		d = m->portal[i].package == package && m->portal[i].die == die ? &m->portal[i] : NULL;
	if (seen && by_portal && !d && (!part || m->portals_left)) {
		d = part ? NULL : machine_portal_add(m, package);
		if (!d)
			return PMU_OK;   /* past the machine's room: counted in portals_left, said */
	}
	if (!d || !b || b->type != LV_STRING || logread_get_u64(v, "bar", &bar) ||
	    (by_portal ? !portal || portal > 0xFFFFFFFFu || logread_get_u64(v, "cpu", &cpu) ||
			 cpu > 0xFFFFFFFFu || die > 0xFFFFFFFFu
		       : !!logread_get_str(v, "dvsec", d->dvsec, sizeof(d->dvsec))) ||
	    (part && !d->len))
		return bad(r, "a discovery machine record is malformed, or of a package not seen");
	d->portal = (uint32_t)portal;
	d->cpu = (uint32_t)cpu;
	d->die = (uint32_t)die;
	if (by_portal)
		d->dvsec[0] = 0;
	if (!part) {
		uint64_t g = 0;
		d->global_read = !logread_get_u64(v, "global_value", &g);
		d->global = g;
		d->len = 0;
	}
	d->bar = bar;
	long n = pmu_hex_bytes(b->raw, b->raw_len, d->bytes + d->len, sizeof(d->bytes) - d->len);
	if (n < 0)
		return bad(r, "a discovery machine record's bytes are not hex (or too many)");
	d->len += (uint32_t)n;
	return PMU_OK;
}

/* A part of the firmware's SRAT (run/snc.c: 2 KiB a part, in order). */
static pmu_status read_srat(struct machine_reader *r, const struct logrec_view *v)
{
	uint32_t part;
	const struct logval *b = logread_find(v, "bytes");
	struct machine_srat *s = &r->m->srat;
	if (logread_find(v, "not_kept_bytes"))
		return PMU_OK;   /* longer than a machine keeps: the profile's model has none */
	if (get_u32(r, v, "part", &part) || !b || b->type != LV_STRING || (part && !s->len))
		return bad(r, "an srat machine record is malformed, or its parts out of order");
	if (!part)
		s->len = 0;
	long n = pmu_hex_bytes(b->raw, b->raw_len, s->bytes + s->len, sizeof(s->bytes) - s->len);
	if (n < 0)
		return bad(r, "an srat machine record's bytes are not hex (or too many)");
	s->len += (uint32_t)n;
	s->filled = s->len;
	return PMU_OK;
}

/*
 * The probed MSR: "msr" "0xMSR" (schema 1), or as schema 2 names registers, "msr 0xMSR" under
 * "reg" (uncore_probe) or "ctr" (uncore_width).
 */
static bool probed_msr(const struct logrec_view *v, uint64_t *msr)
{
	char name[32];
	const char *key = logread_str_is(v, "rec", "uncore_probe") ? "reg" : "ctr";
	if (!logread_get_u64(v, "msr", msr))
		return true;
	return !logread_get_str(v, key, name, sizeof(name)) && !pmu_strncmp(name, "msr ", 4) &&
	       pmu_parse_u64(name + 4, pmu_strlen(name + 4), msr);
}

/*
 * An uncore probe's record (run/uncore_pkg.c) that found its register does not hold a
 * written value: that register of the package marked so (QEMU drops uncore MSR writes), so
 * the profile's model drops them as the machine did. Other results say nothing of it.
 */
static pmu_status read_not_held(struct machine_reader *r, const struct logrec_view *v)
{
	uint32_t package;
	uint64_t msr, orig;
	if (!logread_str_is(v, "result", pmu_status_str(PMU_ERR_NOT_HELD)))
		return PMU_OK;
	if (get_u32(r, v, "package", &package) || !probed_msr(v, &msr) ||
	    logread_get_u64(v, "orig", &orig) || msr > 0xFFFFFFFFu)
		return bad(r, "an uncore probe record without its package, msr and orig");
	for (unsigned k = 0; k < r->m->npkgs; k++)
		if (r->m->pkg[k].package == package &&
		    !machine_pkg_not_held(&r->m->pkg[k], (uint32_t)msr, orig))
			return bad(r, "more package msrs than a capture makes");
	return PMU_OK;
}

pmu_status machine_read_line(struct machine_reader *r, const char *line, size_t len)
{
	struct logrec_view *v = &r->view;
	r->line++;
	/* any JSON spelling of the record (a tool may have re-written the log) */
	if (logread_line(line, len, v))
		return has_text(line, len, "\"machine\"") ? bad(r, "a machine record that is not JSON")
							    : PMU_OK;
	if (logread_str_is(v, "rec", "uncore_probe") || logread_str_is(v, "rec", "uncore_width"))
		return read_not_held(r, v);
	if (!logread_str_is(v, "rec", "machine"))
		return PMU_OK;
	r->records++;
	if (logread_str_is(v, "scope", "cpu"))
		return read_cpu(r, v);
	if (logread_str_is(v, "scope", "package"))
		return read_pkg(r, v);
	if (logread_str_is(v, "scope", "die"))
		return read_die(r, v);
	if (logread_str_is(v, "scope", "discovery"))
		return read_disc(r, v);
	if (logread_str_is(v, "scope", "pci"))
		return read_pci_fns(r, v);
	if (logread_str_is(v, "scope", "cxl"))
		return read_cxl(r, v);
	if (logread_str_is(v, "scope", "srat"))
		return read_srat(r, v);
	if (logread_str_is(v, "scope", "platform")) {
		if (logread_get_str(v, "vendor", r->m->vendor, sizeof(r->m->vendor)))
			return bad(r, "the platform machine record names no vendor");
		r->m->dies_known = logread_str_is(v, "dies", "location2");
		return PMU_OK;
	}
	return bad(r, "a machine record of no known scope");
}

void machine_read_room(const char *text, size_t len, struct logrec_view *v, unsigned *cpus,
		       unsigned *dies)
{
	uint64_t part = 0, portal = 0;
	unsigned portals = 0, regs = 0;
	*cpus = 0;
	for (size_t pos = 0; logread_next(text, len, &pos, v);) {
		bool rec = logread_str_is(v, "rec", "machine");
		*cpus += rec;
		portals += rec && logread_str_is(v, "scope", "discovery") &&
			   logread_str_is(v, "result", "read") && !logread_get_u64(v, "portal", &portal) &&
			   !logread_get_u64(v, "part", &part) && !part;
		regs += rec && logread_str_is(v, "scope", "die");
	}
	*dies = portals > regs ? portals : regs;
}

pmu_status machine_read_end(struct machine_reader *r)
{
	r->line = 0;
	if (!r->records)
		return bad(r, "no machine records: the run was made with capture = off or before it");
	for (unsigned i = 0; i < r->m->ncpus; i++)
		if (!cpuset_has(&r->seen_cpu, i))
			return bad(r, "the cpu machine records have a gap");
	if (!r->m->vendor[0])
		return bad(r, "no platform machine record");
	return PMU_OK;
}
