/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The restore read-back, summed and said: see restore_report.h. */
#include "run/restore_report.h"
#include "out/logrec.h"
#include "pmu/regkey.h"
#include "run/uncore_pkg.h"
#include "util/flag.h"

static void group(struct restore_sum *s, const struct restore_diff *d)
{
	for (unsigned i = 0; i < s->ngroups; i++) {
		struct restore_group *g = &s->g[i];
		if (g->key == d->key && g->found == d->found && g->expected == d->expected &&
		    g->st == d->st) {
			cpuset_add(&g->cpus, d->cpu);
			return;
		}
	}
	if (s->ngroups == RESTORE_GROUPS) {
		s->full = true;
		return;
	}
	struct restore_group *g = &s->g[s->ngroups++];
	g->key = d->key;
	g->found = d->found;
	g->expected = d->expected;
	g->st = d->st;
	cpuset_clear(&g->cpus);
	cpuset_add(&g->cpus, d->cpu);
}

void restore_sum_add(struct restore_sum *s, const struct restore_tally *t)
{
	struct restore_tally counts = *t;
	counts.ndiff = 0;   /* grouped below, not listed */
	restore_tally_add(&s->t, &counts);
	for (unsigned i = 0; i < t->ndiff; i++)
		group(s, &t->diff[i]);
}

void restore_sum_cores(struct restore_sum *s, const struct run *a)
{
	for (unsigned i = 0; i < a->plat->ncpus; i++) {
		const struct plat_cpu *c = &a->plat->cpu[i];
		if (!c->in_rounds || c->miss != PLAT_MISS_NONE)
			continue;   /* one that timed out may still write its sessions */
		restore_sum_add(s, &a->slot[i].empty.readback);
		restore_sum_add(s, &a->slot[i].run.readback);
	}
}

void restore_sum_pkgs(struct restore_sum *s, const struct pkg_run *p, const bool *alive,
		      unsigned np)
{
	/* a package no longer counted kept an earlier step's session: not this step's */
	for (unsigned i = 0; i < np; i++)
		if (alive[i] && flag_get(&p[i].done))
			restore_sum_add(s, &p[i].s.readback);
}

/* "msr 0x186 on CPUs 0-3: found 0x4300c4, expected 0x0" (or "read faulted: ..."). */
static void say_group(struct run *a, const struct restore_group *g)
{
	struct regname n;
	sb_puts(&a->sb, "  ");
	if (regkey_name(NULL, g->key, &n))
		regname_put(&a->sb, &n);
	else
		regkey_put(&a->sb, NULL, g->key);
	sb_puts(&a->sb, cpuset_count(&g->cpus) == 1 ? " on CPU " : " on CPUs ");
	cpuset_format(&g->cpus, &a->sb);
	if (g->st) {
		sb_puts(&a->sb, ": read-back faulted: ");
		sb_puts(&a->sb, pmu_status_str(g->st));
	} else {
		sb_puts(&a->sb, ": found ");
		sb_hex(&a->sb, g->found);
		sb_puts(&a->sb, ", expected ");
		sb_hex(&a->sb, g->expected);
	}
	run_say(a);
}

static void record(struct run *a, const struct restore_sum *s)
{
	run_begin(a, "restore_check");
	logrec_key_u64(&a->sb, "read", s->t.read);
	logrec_key_u64(&a->sb, "differ", s->t.differ);
	logrec_key_u64(&a->sb, "faulted", s->t.faulted);
	logrec_key_u64(&a->sb, "not_compared", s->t.not_compared);
	sb_json_key(&a->sb, "differences");
	sb_putc(&a->sb, '[');
	for (unsigned i = 0; i < s->ngroups; i++) {
		const struct restore_group *g = &s->g[i];
		sb_puts(&a->sb, i ? ",{" : "{");
		logrec_key_reg(&a->sb, "reg", g->key);
		sb_json_key(&a->sb, "cpus");
		sb_putc(&a->sb, '"');   /* digits, ',' and '-': nothing to escape */
		cpuset_format(&g->cpus, &a->sb);
		sb_putc(&a->sb, '"');
		if (g->st)
			logrec_key_str(&a->sb, "fault", pmu_status_str(g->st));
		else
			logrec_key_hex(&a->sb, "found", g->found);
		logrec_key_hex(&a->sb, "expected", g->expected);
		sb_putc(&a->sb, '}');
	}
	sb_putc(&a->sb, ']');
	logrec_key_bool(&a->sb, "more", s->full);
	logrec_end(&a->sb);
	run_record(a);
}

enum verdict restore_report(struct run *a, const struct restore_sum *s)
{
	if (a->opt.restore_unread)
		return VERDICT_PASS;
	record(a, s);
	a->checks.n[CHECK_RESTORE] += s->t.read;
	sb_puts(&a->sb, "restore checked: ");
	sb_dec_grouped(&a->sb, s->t.read);
	sb_puts(&a->sb, s->t.read == 1 ? " register read back, " : " registers read back, ");
	sb_dec_grouped(&a->sb, s->t.differ);
	sb_puts(&a->sb, s->t.differ == 1 ? " differs" : " differ");
	if (s->t.faulted) {
		sb_puts(&a->sb, " (");
		sb_dec_grouped(&a->sb, s->t.faulted);
		sb_puts(&a->sb, " faulted)");
	}
	if (s->t.not_compared) {
		sb_puts(&a->sb, "; ");
		sb_dec_grouped(&a->sb, s->t.not_compared);
		sb_puts(&a->sb, " not compared (read-only status)");
	}
	run_say(a);
	for (unsigned i = 0; i < s->ngroups; i++)
		say_group(a, &s->g[i]);
	if (s->full) {
		sb_puts(&a->sb, "  and more: the first differences only are named");
		run_say(a);
	}
	return s->t.differ ? VERDICT_FAIL : VERDICT_PASS;
}
