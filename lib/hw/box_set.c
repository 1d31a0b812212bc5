/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* A machine's uncore boxes (hw/box_set.h). */
#include "hw/box_set.h"
#include "util/fmt.h"

void box_type_name(const struct box_desc *d, char *out, size_t cap)
{
	const char *n = d->name;
	size_t len = pmu_strlen(n), end = len;
	while (end && n[end - 1] >= '0' && n[end - 1] <= '9')
		end--;
	if (end < len && end && n[end - 1] == '_')
		len = end - 1;
	size_t from = pmu_strncmp(n, "uncore_", 7) ? 0 : 7;
	struct strbuf sb;
	sb_init(&sb, out, cap);
	sb_putn(&sb, n + from, len > from ? len - from : 0);
}

pmu_status box_set_init(struct box_set *s, enum uncore_family fam, unsigned cap, unsigned gcap,
			const struct box_alloc *mem)
{
	size_t boxes = cap * sizeof(struct box_inst), groups = gcap * sizeof(struct box_group);
	pmu_memset(s, 0, sizeof(*s));
	s->fam = fam;
	s->mem = *mem;
	if (!cap)
		return PMU_OK;
	char *p = mem->alloc(mem->ctx, boxes + groups + cap * sizeof(uint16_t));
	if (!p)
		return PMU_ERR_NOSPACE;
	s->box = (struct box_inst *)p;
	s->group = (struct box_group *)(p + boxes);
	s->order = (uint16_t *)(p + boxes + groups);
	s->cap = cap;
	s->gcap = gcap;
	return PMU_OK;
}

void box_set_fini(struct box_set *s)
{
	if (s->box)
		s->mem.free(s->mem.ctx, s->box);
	s->box = NULL;
	s->n = s->cap = s->ngroups = s->gcap = 0;
}

int box_set_group(struct box_set *s, const char *name, const char *alias, bool numbered)
{
	if (s->ngroups == s->gcap)
		return -1;
	struct box_group *g = &s->group[s->ngroups];
	pmu_memset(g, 0, sizeof(*g));
	pmu_strlcpy(g->name, name, sizeof(g->name));
	pmu_strlcpy(g->alias, alias ? alias : "", sizeof(g->alias));
	g->numbered = numbered;
	return (int)s->ngroups++;
}

struct box_inst *box_set_add(struct box_set *s, unsigned g)
{
	if (s->n == s->cap || g >= s->ngroups)
		return NULL;
	struct box_inst *b = &s->box[s->n++];
	pmu_memset(b, 0, sizeof(*b));
	s->group[g].n++;
	b->group = (uint16_t)g;
	return b;
}

void box_set_done(struct box_set *s)
{
	unsigned first = 0;
	for (unsigned g = 0; g < s->ngroups; g++) {
		s->group[g].first = (uint16_t)first;
		first += s->group[g].n;
		s->group[g].n = 0;
	}
	for (unsigned i = 0; i < s->n; i++) {
		struct box_group *g = &s->group[s->box[i].group];
		s->order[g->first + g->n++] = (uint16_t)i;
	}
}

unsigned box_family_boxes(const struct box_family *f)
{
	unsigned n = 0;
	for (unsigned k = 0; f && k < f->ntypes; k++)
		n += f->types[k].num_boxes ? f->types[k].num_boxes : 1u;
	return n;
}

struct adding {
	struct box_set *s;
	const struct box_family *f;
	unsigned g0, n;   /* the family's first group in s; boxes added */
};

/* Box i of type k of the family (group g0 + k), where there is room: never stops. */
static bool add_instance(void *ctx, unsigned k, unsigned i)
{
	struct adding *a = ctx;
	struct box_inst *b = box_set_add(a->s, a->g0 + k);
	if (b) {
		box_type_instance(&a->f->types[k], i, b);
		a->n++;
	}
	return false;
}

unsigned box_set_add_family(struct box_set *s, const struct box_family *f)
{
	struct adding a = { s, f, s->ngroups, 0 };
	for (unsigned k = 0; f && k < f->ntypes; k++)
		if (box_set_group(s, f->types[k].name, NULL, f->types[k].num_boxes != 0) < 0)
			return 0;
	(void)box_family_each(f, add_instance, &a);
	return a.n;
}

pmu_status box_set_family(struct box_set *s, enum uncore_family fam, const struct box_alloc *mem)
{
	const struct box_family *f = box_family_of(fam);
	pmu_status st = box_set_init(s, fam, box_family_boxes(f), f ? f->ntypes : 0, mem);
	if (st)
		return st;
	(void)box_set_add_family(s, f);
	box_set_done(s);
	return PMU_OK;
}

/* name as prefix "_" number (no leading 0): the prefix's length, else len (no number). */
static size_t split_number(const char *name, size_t len, unsigned *idx)
{
	size_t k = len;
	while (k && name[k - 1] >= '0' && name[k - 1] <= '9')
		k--;
	if (k == len || !k || name[k - 1] != '_' || len - k > 5 || (name[k] == '0' && len - k > 1))
		return len;
	*idx = 0;
	for (size_t j = k; j < len; j++)
		*idx = *idx * 10 + (unsigned)(name[j] - '0');
	return k - 1;
}

static bool is(const char *a, const char *s, size_t len)
{
	return pmu_strlen(a) == len && !pmu_strncmp(a, s, len);
}

/* Group g's box numbered idx (by its number, or by its alias's), or NULL. */
static const struct box_desc *numbered(const struct box_set *s, const struct box_group *g,
				       unsigned idx, bool alias)
{
	if (!alias && idx < g->n && s->box[s->order[g->first + idx]].idx == idx)
		return &s->box[s->order[g->first + idx]].d;
	for (unsigned k = 0; k < g->n; k++) {
		const struct box_inst *b = &s->box[s->order[g->first + k]];
		if ((alias ? b->alias_idx : b->idx) == idx)
			return &b->d;
	}
	return NULL;
}

const struct box_desc *box_find(const struct box_set *s, const char *name, size_t len)
{
	unsigned idx = 0;
	size_t plen = s ? split_number(name, len, &idx) : 0;
	for (unsigned i = 0; s && i < s->ngroups; i++) {
		const struct box_group *g = &s->group[i];
		const struct box_desc *d = NULL;
		if (!g->n)
			continue;
		if (!g->numbered && is(g->name, name, len))
			d = &s->box[s->order[g->first]].d;
		else if (plen < len && g->numbered && is(g->name, name, plen))
			d = numbered(s, g, idx, false);
		if (!d && plen < len && g->alias[0] && is(g->alias, name, plen))
			d = numbered(s, g, idx, true);
		if (d)
			return d->family == s->fam ? d : NULL;
	}
	return NULL;
}

const char *box_alias(const struct box_set *s, const struct box_desc *d)
{
	const struct box_inst *b = (const struct box_inst *)(const void *)d;
	if (!s || !s->n || b < s->box || b >= s->box + s->n || !b->alias[0])
		return NULL;
	return b->alias;
}
