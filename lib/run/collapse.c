/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Per-CPU console lines at real size (issue 33 item 4): past COLLAPSE_CPUS selected CPUs,
 * without verbose, the lines the boot CPU says about each CPU are kept, and the CPUs whose
 * lines agree but for the CPU's name are said once per package and core type
 * ("CPUs 0-111,224-335 (P0) inst: ..."), in the order first said. A CPU whose line differs
 * is said apart; nothing is dropped. The log keeps every record as it is.
 */
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

/*
 * Says text (len bytes, its CPU's name at mark m): for group (NULL: m's one CPU) "CPUs 0-3
 * (P0)", its package and core type after the numbers; a column's name pads to its width.
 */
static void say_named(struct run *a, const char *text, size_t len, const struct run_mark *m,
		      const struct cpuset *group, unsigned pkg, uint8_t type)
{
	char line[RUN_LINE_MAX + 8];
	struct strbuf out;
	sb_init(&out, line, sizeof(line));
	if (a->simulated)
		sb_puts(&out, "[SIM] ");
	size_t at = out.len + m->at;
	sb_putn(&out, text, m->at);
	if (!m->width)
		sb_puts(&out, group && cpuset_count(group) > 1 ? "CPUs " : "CPU ");
	if (group) {
		cpuset_format(group, &out);
		sb_puts(&out, " (P");
		sb_dec(&out, pkg);
		if (pmu_core_type_name(type)) {
			sb_putc(&out, ' ');
			sb_puts(&out, pmu_core_type_name(type));
		}
		sb_putc(&out, ')');
	} else {
		sb_dec(&out, m->cpu);
	}
	size_t rest = m->at;
	if (m->width) {   /* the caller left the column blank */
		if (out.len - at >= m->width)
			sb_putc(&out, ' ');
		sb_pad_to(&out, at + m->width);
		rest += m->width;
	}
	if (len > rest)
		sb_putn(&out, text + rest, len - rest);
	a->plat->ops->say(a->plat->ctx, line);
}

void run_cpu_here(struct run *a, unsigned cpu, unsigned width)
{
	a->mark = (struct run_mark){ true, (uint16_t)width, cpu, a->sb.len };
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
		say_named(a, c->text + g->text, g->len, &g->mark, &cpus, g->pkg, g->type);
	}
	c->ngroups = c->nmembers = 0;
	c->used = 0;
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
		    !pmu_strncmp(c->text + g->text, a->sb.buf, g->len))
			return g;
	}
	if (c->ngroups == COLLAPSE_GROUPS || a->sb.len > COLLAPSE_TEXT - c->used)
		return NULL;
	struct collapse_group *g = &c->g[c->ngroups++];
	*g = (struct collapse_group){ h, c->used, (uint32_t)a->sb.len, *m, pkg, type,
				      UINT32_MAX, UINT32_MAX, 0 };
	pmu_memcpy(c->text + c->used, a->sb.buf, a->sb.len);
	c->used += (uint32_t)a->sb.len;
	return g;
}

/* The line in sb, about the marked CPU: kept in its group, or said now when not collapsing. */
void collapse_keep(struct run *a)
{
	struct collapse *c = a->collapse;
	const struct cpu_info *ci = &a->slot[a->mark.cpu].info;
	struct collapse_group *g = NULL;
	if (c && c->nmembers < COLLAPSE_MEMBERS)
		g = group_for(c, a, ci->package, ci->arch.core_type);
	if (c && !g) {   /* full: what is kept is said, and the line starts anew */
		collapse_flush(a);
		g = group_for(c, a, ci->package, ci->arch.core_type);
	}
	if (!g) {
		say_named(a, a->sb.buf, a->sb.len, &a->mark, NULL, 0, 0);
	} else {
		uint32_t k = c->nmembers++;
		c->m[k].cpu = a->mark.cpu;
		c->m[k].next = UINT32_MAX;
		if (g->head == UINT32_MAX)
			g->head = k;
		else
			c->m[g->tail].next = k;
		g->tail = k;
		g->last = a->mark.cpu;
	}
	a->mark.set = false;
	sb_reset(&a->sb);
}
