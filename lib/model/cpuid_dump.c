/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* CPUID dump parser and its backend: see cpuid_dump.h for the layouts. */
#include "model/cpuid_dump.h"
#include "util/fmt.h"

/*
 * Leaves whose output depends on the subleaf in ECX (SDM vol. 2A, CPUID table 3-8;
 * AMD APM vol. 3, appendix E, for the 0x8000xxxx ones). Any other leaf ignores ECX.
 */
static const uint32_t subleaf_leaves[] = {
	0x4, 0x7, 0xB, 0xD, 0xF, 0x10, 0x12, 0x14, 0x17, 0x18, 0x1B, 0x1D, 0x1E, 0x1F, 0x20,
	0x23, 0x24, 0x8000001D, 0x80000020, 0x80000026,
};

#define XSAVE_LEAF 0xD
#define XSAVE_SUB1_FLAGS 0x1Fu   /* leaf 0xD subleaf 1 EAX: feature bits 4:0 only */

static bool takes_subleaf(uint32_t leaf)
{
	for (unsigned i = 0; i < sizeof(subleaf_leaves) / sizeof(subleaf_leaves[0]); i++)
		if (subleaf_leaves[i] == leaf)
			return true;
	return false;
}

unsigned cpuid_dump_lines(const char *text, size_t len)
{
	unsigned n = 1;
	for (size_t i = 0; i < len; i++)
		n += text[i] == '\n';
	return n;
}

struct line {
	const char *s;
	size_t n;
};

static bool starts(const struct line *l, const char *prefix)
{
	size_t k = pmu_strlen(prefix);
	return l->n >= k && !pmu_strncmp(l->s, prefix, k);
}

/* Exactly `digits` hex digits at l->s[*at]; *at moves past them. */
static bool hex_at(const struct line *l, size_t *at, unsigned digits, uint32_t *out)
{
	uint32_t v = 0;
	if (*at + digits > l->n)
		return false;
	for (unsigned i = 0; i < digits; i++) {
		int d = pmu_hex_digit(l->s[*at + i]);
		if (d < 0)
			return false;
		v = v << 4 | (uint32_t)d;
	}
	*at += digits;
	*out = v;
	return true;
}

/* A decimal number at l->s[at]: the CPU numbers of headers. */
static bool dec_at(const struct line *l, size_t at, unsigned *out)
{
	unsigned v = 0, digits = 0;
	for (; at < l->n && l->s[at] >= '0' && l->s[at] <= '9' && digits < 6; at++, digits++)
		v = v * 10 + (unsigned)(l->s[at] - '0');
	*out = v;
	return digits > 0;
}

/* The tool's "[SL xx]" annotation after the registers, if any. */
static bool subleaf_tag(const struct line *l, size_t at, uint32_t *sub)
{
	for (; at + 4 <= l->n; at++) {
		if (pmu_strncmp(l->s + at, "[SL ", 4))
			continue;
		size_t h = at + 4, start = h;
		uint32_t v = 0;
		for (int d; h < l->n && h - start < 8 && (d = pmu_hex_digit(l->s[h])) >= 0; h++)
			v = v << 4 | (uint32_t)d;
		if (h == start || h >= l->n || l->s[h] != ']')
			return false;
		*sub = v;
		return true;
	}
	return false;
}

struct state {
	struct cpuid_dump *d;
	bool in_cpu;          /* a CPU is open: CPUID lines belong to d->cpu[ncpu - 1] */
	bool numbered;        /* the section header gave the next CPU's number */
	unsigned number;
};

static pmu_status fail(struct cpuid_dump *d, unsigned line, pmu_status st, const char *why)
{
	d->error_line = line;
	d->error = why;
	return st;
}

static struct model_cpuid_table *open_cpu(struct state *s)
{
	struct cpuid_dump *d = s->d;
	if (d->ncpu >= d->cpu_cap)
		return NULL;
	unsigned number = s->numbered ? s->number : d->ncpu ? d->cpu_number[d->ncpu - 1] + 1 : 0;
	d->cpu_number[d->ncpu] = number;
	d->cpu[d->ncpu] = (struct model_cpuid_table){ NULL, d->leaf + d->nleaf, 0 };
	d->ncpu++;
	s->in_cpu = true;
	s->numbered = false;
	return &d->cpu[d->ncpu - 1];
}

/* Set bit k (k = 0, 1, ...) of mask counting from bit `from`; 64 if there is none. */
static unsigned nth_bit(uint64_t mask, unsigned from, unsigned k)
{
	for (unsigned b = from; b < 64; b++)
		if (((mask >> b) & 1) && k-- == 0)
			return b;
	return 64;
}

/*
 * The subleaf of an untagged line: older dumps repeat the leaf once per subleaf,
 * in order from 0. Leaf 0xD lists subleaf 0 and then only valid components, the
 * set bits from 2 up of subleaf 0's EDX:EAX (as the dumps themselves show); some tools
 * also list subleaf 1, told apart by its EAX holding nothing above the feature
 * bits 4:0 (SDM vol. 2A, leaf 0DH: a component's EAX is its size, AVX's 256).
 */
static bool untagged_subleaf(const struct model_cpuid_table *t, const struct model_cpuid_leaf *l,
			     uint32_t *sub)
{
	unsigned before = 0;
	bool sub1 = false;
	uint64_t comps = 0;
	for (unsigned i = 0; i < t->n; i++) {
		if (t->leaf[i].leaf != l->leaf)
			continue;
		before++;
		sub1 |= t->leaf[i].sub == 1;
		if (t->leaf[i].sub == 0)
			comps = (uint64_t)t->leaf[i].edx << 32 | t->leaf[i].eax;
	}
	if (l->leaf != XSAVE_LEAF || before == 0) {
		*sub = before;
		return true;
	}
	if (before == 1 && l->eax <= XSAVE_SUB1_FLAGS) {
		*sub = 1;
		return true;
	}
	unsigned bit = nth_bit(comps, 2, before - 1 - (sub1 ? 1 : 0));
	*sub = bit;
	return bit < 64;
}

/* "CPUID llllllll[:] A-B-C-D [annotations]"; false if the line is not one. */
static bool cpuid_line(const struct line *ln, struct model_cpuid_leaf *l, bool *tagged, bool *bad)
{
	size_t at = 6;
	uint32_t r[4];
	*bad = false;
	if (!starts(ln, "CPUID ") || !hex_at(ln, &at, 8, &l->leaf))
		return false;   /* "CPUID Manufacturer : ..." and the like */
	*bad = true;
	if (at < ln->n && ln->s[at] == ':')
		at++;
	size_t gap = at;
	while (at < ln->n && (ln->s[at] == ' ' || ln->s[at] == '\t'))
		at++;
	if (at == gap)
		return false;
	for (unsigned i = 0; i < 4; i++) {
		if (i && (at >= ln->n || ln->s[at++] != '-'))
			return false;
		if (!hex_at(ln, &at, 8, &r[i]))
			return false;
	}
	if (at < ln->n && ln->s[at] != ' ' && ln->s[at] != '\t')
		return false;
	*bad = false;
	l->eax = r[0];
	l->ebx = r[1];
	l->ecx = r[2];
	l->edx = r[3];
	*tagged = subleaf_tag(ln, at, &l->sub);
	if (!*tagged)
		l->sub = 0;
	l->any_sub = !*tagged && !takes_subleaf(l->leaf);
	return true;
}

static pmu_status add_leaf(struct state *s, unsigned lineno, struct model_cpuid_leaf *l,
			   bool tagged)
{
	struct cpuid_dump *d = s->d;
	struct model_cpuid_table *t = s->in_cpu ? &d->cpu[d->ncpu - 1] : NULL;
	if (!t || (l->leaf == 0 && t->n))
		t = open_cpu(s);
	if (!t || d->nleaf >= d->leaf_cap)
		return fail(d, lineno, PMU_ERR_NOSPACE, "more CPUs or leaves than the space given");
	if (!tagged && !l->any_sub && !untagged_subleaf(t, l, &l->sub))
		return fail(d, lineno, PMU_ERR_INVALID,
			    "leaf 0xD line beyond the components its subleaf 0 lists");
	for (unsigned i = 0; i < t->n; i++)
		if (t->leaf[i].leaf == l->leaf && (t->leaf[i].any_sub || l->any_sub ||
						   t->leaf[i].sub == l->sub))
			return fail(d, lineno, PMU_ERR_INVALID, "a leaf and subleaf listed twice");
	d->leaf[d->nleaf++] = *l;
	t->n++;
	return PMU_OK;
}

/* Section headers: a CPU's own starts it, any other ends the open one. */
static void header(struct state *s, const struct line *l)
{
	static const char *const cpu_sections[] = {
		"------[ Logical CPU #", "------[ CPUID Registers / Logical CPU #",
	};
	s->in_cpu = false;
	s->numbered = false;
	if (starts(l, "CPU#")) {
		s->numbered = dec_at(l, 4, &s->number);
		return;
	}
	for (unsigned i = 0; i < 2; i++)
		if (starts(l, cpu_sections[i]))
			s->numbered = dec_at(l, pmu_strlen(cpu_sections[i]), &s->number);
}

pmu_status cpuid_dump_parse(struct cpuid_dump *d, const char *text, size_t len)
{
	struct state s = { d, false, false, 0 };
	d->nleaf = d->ncpu = 0;
	d->error_line = 0;
	d->error = NULL;
	unsigned lineno = 0;
	for (size_t at = 0; at < len;) {
		struct line l = { text + at, 0 };
		while (at + l.n < len && text[at + l.n] != '\n')
			l.n++;
		at += l.n + 1;
		lineno++;
		while (l.n && l.s[l.n - 1] == '\r')
			l.n--;
		struct model_cpuid_leaf leaf;
		bool tagged, bad;
		if (starts(&l, "------[") || starts(&l, "CPU#")) {
			header(&s, &l);
		} else if (cpuid_line(&l, &leaf, &tagged, &bad)) {
			pmu_status st = add_leaf(&s, lineno, &leaf, tagged);
			if (st)
				return st;
		} else if (bad) {
			return fail(d, lineno, PMU_ERR_INVALID, "malformed CPUID line");
		}
	}
	if (!d->ncpu)
		return fail(d, lineno, PMU_ERR_INVALID, "no CPUID lines");
	return PMU_OK;
}

/* ---- the backend ---- */

static pmu_status no_msr(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val)
{
	(void)ctx; (void)cpu; (void)msr; (void)val;
	return PMU_ERR_UNSUPPORTED;
}

static pmu_status no_wrmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t val)
{
	(void)ctx; (void)cpu; (void)msr; (void)val;
	return PMU_ERR_UNSUPPORTED;
}

static pmu_status no_rdpmc(void *ctx, unsigned cpu, uint32_t index, uint64_t *val)
{
	(void)ctx; (void)cpu; (void)index; (void)val;
	return PMU_ERR_UNSUPPORTED;
}

static pmu_status dump_cpuid(void *ctx, unsigned cpu, uint32_t leaf, uint32_t sub,
			     struct pmu_cpuid *out)
{
	const struct cpuid_dump *d = ctx;
	if (cpu >= d->ncpu)
		return PMU_ERR_RANGE;
	*out = model_cpuid_table_answer(&d->cpu[cpu], leaf, sub);
	return PMU_OK;
}

static const struct pmu_backend_ops dump_ops = {
	.rdmsr = no_msr, .wrmsr = no_wrmsr, .rdpmc = no_rdpmc, .cpuid = dump_cpuid,
};

void cpuid_dump_backend(struct cpuid_dump *d, struct pmu_backend *b)
{
	*b = (struct pmu_backend){ .ops = &dump_ops, .ctx = d, .name = "dump" };
}
