/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Per-CPU console lines at real size (issue 33 item 4): past COLLAPSE_CPUS selected CPUs,
 * without verbose, the lines the boot CPU says about each CPU are kept, and the CPUs whose
 * lines agree but for the CPU's name are said once per package and core type
 * ("CPUs 0-111,224-335 (P0) inst: ..."), in the order first said. A CPU whose line differs
 * is said apart; nothing is dropped. The log keeps every record as it is.
 */
#include "out/derived.h"
#include "pmu/regkey.h"
#include "run/run.h"
#include "util/cpuset.h"

#define COLLAPSE_CPUS 16        /* more selected CPUs than this: lines are kept and grouped */
#define COLLAPSE_GROUPS 512     /* distinct lines kept at once; more: those kept are said first */
#define COLLAPSE_MEMBERS 16384  /* lines kept at once */
#define COLLAPSE_TEXT 65536     /* their distinct texts' bytes */

struct collapse_group {
	uint32_t hash, text, len;   /* text: offset in the arena */
	struct run_mark mark;       /* its first member's: at and width are every member's */
	uint32_t pkg;
	uint8_t type;
	uint32_t head, tail;        /* members, in the order said */
	uint32_t last;              /* the last CPU added: a CPU said again starts a new group */
	uint64_t min[RUN_MARK_VALUES], max[RUN_MARK_VALUES];   /* the members' counts */
};

struct collapse {
	unsigned ngroups, nmembers;
	uint32_t used;
	struct collapse_group g[COLLAPSE_GROUPS];
	struct { uint32_t cpu, next; } m[COLLAPSE_MEMBERS];
	char text[COLLAPSE_TEXT];
};

/* FNV-1a over the text and what else keys a group. */
static uint32_t hash_of(const char *s, size_t n, uint32_t seed)
{
	uint32_t h = 2166136261u ^ seed;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

/* The name of m's CPU, or of group's CPUs (NULL: m's one CPU): "CPUs 0-3 (P0)". */
static void put_cpus(struct strbuf *out, const struct run_mark *m, const struct cpuset *group,
		     unsigned pkg, uint8_t type)
{
	if (!m->width)
		sb_puts(out, group && cpuset_count(group) > 1 ? "CPUs " : "CPU ");
	if (group) {
		cpuset_format(group, out);
		sb_puts(out, " (P");
		sb_dec(out, pkg);
		if (pmu_core_type_name(type)) {
			sb_putc(out, ' ');
			sb_puts(out, pmu_core_type_name(type));
		}
		sb_putc(out, ')');
	} else {
		sb_dec(out, m->cpu);
	}
}

/*
 * text[from, to) into out, whose column 0 is base: a run of two or more blanks (a column's
 * padding) ends where the text puts what follows, or after one blank when a longer name
 * before it took the room, so names wider than the text's leave the columns after in place.
 */
static void put_aligned(struct strbuf *out, size_t base, const char *text, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++) {
		size_t e = i;
		while (e < to && text[e] == ' ')
			e++;
		if (e - i < 2) {
			sb_putc(out, text[i]);
			continue;
		}
		sb_pad_to(out, out->len >= base + e ? out->len + 1 : base + e);
		i = e - 1;
	}
}

static void put_value(struct strbuf *out, uint64_t v, bool milli)
{
	if (milli)
		derived_fmt_milli(out, v);
	else
		sb_dec_grouped(out, v);
}

/*
 * Says text (len bytes, its CPU's or unit's name at mark m, for group: NULL, m's alone), a
 * column's name padded to its width, and the counts left out: min, or "min..max".
 */
static void say_named(struct run *a, const char *text, size_t len, const struct run_mark *m,
		      const struct cpuset *group, unsigned pkg, uint8_t type, const uint64_t *min,
		      const uint64_t *max)
{
	char line[RUN_LINE_MAX + 8];
	struct strbuf out;
	sb_init(&out, line, sizeof(line));
	if (a->simulated)
		sb_puts(&out, "[SIM] ");
	size_t base = out.len, at = base + m->at;
	sb_putn(&out, text, m->at);
	if (m->unit) {   /* "P0.X0-47", "imc_0-7.1" */
		sb_puts(&out, m->pre);
		if (group)
			cpuset_format(group, &out);
		else
			sb_dec(&out, m->cpu);
		sb_puts(&out, m->post);
	} else {
		put_cpus(&out, m, group, pkg, type);
	}
	size_t rest = m->at;
	if (m->width) {   /* the caller left the column blank */
		if (out.len - at >= m->width)
			sb_putc(&out, ' ');
		sb_pad_to(&out, at + m->width);
		rest += m->width;
	}
	if (m->has_reg && m->rat >= rest) {
		put_aligned(&out, base, text, rest, m->rat);
		if (!group || cpuset_count(group) == 1)
			regkey_put(&out, NULL, m->reg);
		else   /* each box its own: their kind */
			sb_puts(&out, regkey_is_msr(m->reg) ? "msr" : regkey_is_pci(m->reg) ? "pci" : "mmio");
		rest = m->rat;
	}
	for (unsigned i = 0; i < m->nval; i++) {
		if (m->val[i].at < rest)
			continue;
		put_aligned(&out, base, text, rest, m->val[i].at);
		put_value(&out, min[i], m->val[i].milli);
		if (max[i] != min[i]) {
			sb_puts(&out, "..");
			put_value(&out, max[i], m->val[i].milli);
		}
		rest = m->val[i].at;
	}
	put_aligned(&out, base, text, rest, len);
	a->plat->ops->say(a->plat->ctx, line);
}

void run_cpu_here(struct run *a, unsigned cpu, unsigned width)
{
	a->mark = (struct run_mark){ .set = true, .width = (uint16_t)width, .cpu = cpu,
				     .at = a->sb.len };
}

void run_unit_here(struct run *a, unsigned pkg, const char *pre, unsigned n, const char *post,
		   unsigned width)
{
	a->mark = (struct run_mark){ .set = true, .unit = true,
				     .width = (uint16_t)width, .cpu = n, .at = a->sb.len, .pkg = pkg };
	pmu_strlcpy(a->mark.pre, pre, sizeof(a->mark.pre));
	pmu_strlcpy(a->mark.post, post, sizeof(a->mark.post));
}

void run_reg_here(struct run *a, uint32_t key)
{
	if (!a->mark.set) {
		regkey_put(&a->sb, NULL, key);
		return;
	}
	a->mark.has_reg = true;
	a->mark.rat = a->sb.len;
	a->mark.reg = key;
}

static void value_here(struct run *a, uint64_t v, bool milli)
{
	struct run_mark *m = &a->mark;
	if (!m->set || m->nval == RUN_MARK_VALUES) {
		put_value(&a->sb, v, milli);
		return;
	}
	m->val[m->nval++] = (struct run_value){ a->sb.len, v, milli };
}

void run_value_here(struct run *a, uint64_t v)
{
	value_here(a, v, false);
}

void run_milli_here(struct run *a, uint64_t milli)
{
	value_here(a, milli, true);
}

void collapse_start(struct run *a)
{
	unsigned selected = 0;
	for (unsigned i = 0; i < a->plat->ncpus; i++)
		selected += a->plat->cpu[i].enabled && cpuset_has(&a->opt.cpus, i);
	if (selected <= COLLAPSE_CPUS || a->opt.verbose)
		return;
	a->collapse = run_alloc(a, sizeof(*a->collapse));
	if (!a->collapse)
		return;   /* every line said as it comes */
	sb_dec(&a->sb, selected);
	sb_puts(&a->sb, " CPUs: lines that agree are shown once per package and core type; "
		"verbose shows each");
	run_say(a);
}

void collapse_flush(struct run *a)
{
	struct collapse *c = a->collapse;
	if (!c)
		return;
	for (unsigned i = 0; i < c->ngroups; i++) {
		const struct collapse_group *g = &c->g[i];
		struct cpuset cpus;
		cpuset_clear(&cpus);
		for (uint32_t k = g->head; k != UINT32_MAX; k = c->m[k].next)
			cpuset_add(&cpus, c->m[k].cpu);
		say_named(a, c->text + g->text, g->len, &g->mark, &cpus, g->pkg, g->type, g->min,
			  g->max);
	}
	c->ngroups = c->nmembers = 0;
	c->used = 0;
}

/* Do two marked lines leave out the same things at the same places? */
static bool same_places(const struct run_mark *x, const struct run_mark *y)
{
	if (x->has_reg != y->has_reg || x->rat != y->rat || x->nval != y->nval)
		return false;
	for (unsigned i = 0; i < x->nval; i++)
		if (x->val[i].at != y->val[i].at || x->val[i].milli != y->val[i].milli)
			return false;
	return true;
}

/* The group the line in sb joins, made when none agrees; NULL when the tables are full. */
static struct collapse_group *group_for(struct collapse *c, const struct run *a, uint32_t pkg,
					uint8_t type)
{
	const struct run_mark *m = &a->mark;
	uint32_t h = hash_of(a->sb.buf, a->sb.len, pkg << 8 | type);
	for (unsigned i = 0; i < c->ngroups; i++) {
		struct collapse_group *g = &c->g[i];
		if (g->hash == h && g->len == a->sb.len && g->pkg == pkg && g->type == type &&
		    g->mark.at == m->at && g->mark.width == m->width && m->cpu > g->last &&
		    g->mark.unit == m->unit && same_places(&g->mark, m) &&
		    !pmu_strcmp(g->mark.pre, m->pre) &&
		    !pmu_strcmp(g->mark.post, m->post) &&
		    !pmu_strncmp(c->text + g->text, a->sb.buf, g->len))
			return g;
	}
	if (c->ngroups == COLLAPSE_GROUPS || a->sb.len > COLLAPSE_TEXT - c->used)
		return NULL;
	struct collapse_group *g = &c->g[c->ngroups++];
	*g = (struct collapse_group){ h, c->used, (uint32_t)a->sb.len, *m, pkg, type,
				      UINT32_MAX, UINT32_MAX, 0, { 0 }, { 0 } };
	for (unsigned i = 0; i < m->nval; i++)
		g->min[i] = g->max[i] = m->val[i].v;
	pmu_memcpy(c->text + c->used, a->sb.buf, a->sb.len);
	c->used += (uint32_t)a->sb.len;
	return g;
}

/* The line in sb, about the marked CPU: kept in its group, or said now when not collapsing. */
void collapse_keep(struct run *a)
{
	struct collapse *c = a->collapse;
	const struct run_mark *m = &a->mark;
	/* a unit's package is its mark's; a unit has no core type */
	uint32_t pkg = m->unit ? m->pkg : a->slot[m->cpu].info.package;
	uint8_t type = m->unit ? 0 : a->slot[m->cpu].info.arch.core_type;
	struct collapse_group *g = NULL;
	if (c && c->nmembers < COLLAPSE_MEMBERS)
		g = group_for(c, a, pkg, type);
	if (c && !g) {   /* full: what is kept is said, and the line starts anew */
		collapse_flush(a);
		g = group_for(c, a, pkg, type);
	}
	if (!g) {
		uint64_t v[RUN_MARK_VALUES];
		for (unsigned i = 0; i < m->nval; i++)
			v[i] = m->val[i].v;
		say_named(a, a->sb.buf, a->sb.len, m, NULL, 0, 0, v, v);
	} else {
		for (unsigned i = 0; i < m->nval; i++) {
			g->min[i] = m->val[i].v < g->min[i] ? m->val[i].v : g->min[i];
			g->max[i] = m->val[i].v > g->max[i] ? m->val[i].v : g->max[i];
		}
		uint32_t k = c->nmembers++;
		c->m[k].cpu = a->mark.cpu;
		c->m[k].next = UINT32_MAX;
		if (g->head == UINT32_MAX)
			g->head = k;
		else
			c->m[g->tail].next = k;
		g->tail = k;
		g->last = m->cpu;
	}
	a->mark.set = false;
	sb_reset(&a->sb);
}
