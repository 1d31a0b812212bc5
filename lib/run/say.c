/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * What the boot CPU says: console lines, log records, and the count row both
 * jobs share. A simulated run is marked here, on every line and record.
 */
#include "pmu/regkey.h"
#include "run/run.h"
#include "out/csv.h"
#include "out/derived.h"
#include "util/stats.h"

void run_say(struct run *a)
{
	if (a->mark.set) {
		collapse_keep(a);
		return;
	}
	collapse_flush(a);   /* the lines kept come first */
	char line[RUN_LINE_MAX + 8];
	struct strbuf out;
	sb_init(&out, line, sizeof(line));
	if (a->simulated)
		sb_puts(&out, "[SIM] ");
	sb_putn(&out, a->sb.buf, a->sb.len);
	a->plat->ops->say(a->plat->ctx, line);
	sb_reset(&a->sb);
}

void run_begin(struct run *a, const char *rec)
{
	logrec_begin(&a->sb, rec, a->simulated);
}

void run_record_from(struct run *a, struct strbuf *sb)
{
	if (sb->overflow) {
		/* A cut record would not parse: say so in one that does. */
		sb_reset(sb);
		logrec_begin(sb, "error", a->simulated);
		logrec_key_str(sb, "error", "record longer than the line buffer: not logged");
		logrec_end(sb);
	}
	a->plat->ops->record(a->plat->ctx, PLAT_LOG, sb->buf, sb->len);
	a->logged += sb->len + 1;
	sb_reset(sb);
}

void run_record(struct run *a)
{
	run_record_from(a, &a->sb);
}

void run_count(struct run *a, const struct count_rec *r)
{
	logrec_count(&a->sb, r, a->simulated);
	run_record(a);
	csv_row(&a->sb, r, NULL, a->simulated);
	a->plat->ops->record(a->plat->ctx, PLAT_CSV, a->sb.buf, a->sb.len);
	sb_reset(&a->sb);
}

const char *run_profile_name(const struct run *a)
{
	return a->opt.sim_profile_file[0] ? a->opt.sim_profile_file : a->opt.sim_profile;
}

void *run_alloc(struct run *a, size_t bytes)
{
	return a->plat->ops->alloc(a->plat->ctx, bytes);
}

void run_free(struct run *a, void *p)
{
	if (p)
		a->plat->ops->free(a->plat->ctx, p);
}

void *run_alloc_lines(struct run *a, size_t bytes, void **base)
{
	*base = run_alloc(a, bytes + 63);
	return *base ? (void *)(((uintptr_t)*base + 63) & ~(uintptr_t)63) : NULL;
}

/* "<what> '<name>': <why>" after the line's start; VERDICT_ERROR. */
static enum verdict refuse_rest(struct run *a, const char *what, const char *name, const char *why)
{
	sb_puts(&a->sb, what);
	if (name) {
		sb_puts(&a->sb, " '");
		sb_puts(&a->sb, name);
		sb_putc(&a->sb, '\'');
	}
	if (why) {
		sb_puts(&a->sb, ": ");
		sb_puts(&a->sb, why);
	}
	run_say(a);
	return VERDICT_ERROR;
}

enum verdict run_refuse(struct run *a, const char *what, const char *name, const char *why)
{
	sb_puts(&a->sb, "efipmu: ");
	return refuse_rest(a, what, name, why);
}

enum verdict run_refuse_setting(struct run *a, enum opt_id id, const char *what, const char *name,
				const char *why)
{
	sb_puts(&a->sb, "efipmu: ");
	if (a->opt.config_given & OPT_BIT(id)) {
		options_source(&a->opt, id, &a->sb);
		sb_puts(&a->sb, ": ");
	}
	return refuse_rest(a, what, name, why);
}

enum verdict run_refuse_unable(struct run *a, enum opt_id id, const char *why)
{
	return run_refuse_setting(a, id, options_table[id].name, NULL, why);
}

void run_derived(struct run *a, const char *kernel, const char *where, unsigned n,
		 const struct derived_set *set)
{
	bool any = false;
	for (unsigned m = 0; m < DM_COUNT; m++)
		any |= set->m[m].present;
	if (!any)
		return;
	run_begin(a, "derived");
	logrec_key_u64(&a->sb, where[0] == 'C' ? "cpu" : "package", n);
	logrec_key_str(&a->sb, "kernel", kernel);
	sb_json_key(&a->sb, "metrics");
	const char *sep = "[";
	for (unsigned m = 0; m < DM_COUNT; m++) {
		if (!set->m[m].present)
			continue;
		sb_puts(&a->sb, sep);
		sep = ",";
		sb_puts(&a->sb, "{\"name\":");
		sb_json_str(&a->sb, set->m[m].name);
		sb_puts(&a->sb, ",\"unit\":");
		sb_json_str(&a->sb, set->m[m].unit);
		sb_puts(&a->sb, ",\"milli\":");
		sb_dec(&a->sb, set->m[m].milli);
		sb_putc(&a->sb, '}');
	}
	sb_putc(&a->sb, ']');
	logrec_end(&a->sb);
	run_record(a);
	if (where[0] == 'C') {
		run_cpu_here(a, n, 0);
	} else {
		sb_puts(&a->sb, where);
		sb_putc(&a->sb, ' ');
		sb_dec(&a->sb, n);
	}
	sep = ": ";
	for (unsigned m = 0; m < DM_COUNT; m++) {
		if (!set->m[m].present)
			continue;
		sb_puts(&a->sb, sep);
		sep = "; ";
		if (!a->mark.set) {
			derived_fmt(&a->sb, &set->m[m]);
			continue;
		}
		/* a CPU's: CPUs that differ only in these say their range */
		sb_puts(&a->sb, set->m[m].name);
		sb_putc(&a->sb, ' ');
		run_milli_here(a, set->m[m].milli);
		if (set->m[m].unit[0] && set->m[m].unit[0] != '%')
			sb_putc(&a->sb, ' ');
		sb_puts(&a->sb, set->m[m].unit);
	}
	run_say(a);
}

void run_stats_header(struct run *a, const char *where)
{
	sb_puts(&a->sb, where);
	sb_pad_to(&a->sb, 5);
	sb_puts(&a->sb, "EVENT                   MIN              MEDIAN           MAX");
	run_say(a);
}

void run_stats(struct run *a, const char *kernel, const char *where, unsigned n, int ccx,
	       int die, const char *box, const char *event, const struct stats_u64 *st)
{
	bool cpu = where[0] == 'C';
	run_begin(a, "stats");
	logrec_key_u64(&a->sb, cpu ? "cpu" : "package", n);
	if (ccx >= 0)
		logrec_key_u64(&a->sb, "ccx", (uint64_t)ccx);
	if (die >= 0)
		logrec_key_u64(&a->sb, "die", (uint64_t)die);
	logrec_key_str(&a->sb, "box", box);
	logrec_key_str(&a->sb, "event", event);
	logrec_key_str(&a->sb, "kernel", kernel);
	logrec_key_u64(&a->sb, "repeats", st->n);
	logrec_key_u64(&a->sb, "min", st->min);
	logrec_key_u64(&a->sb, "median", st->median);
	logrec_key_u64(&a->sb, "max", st->max);
	logrec_end(&a->sb);
	run_record(a);
	if (cpu) {
		run_cpu_here(a, n, 5);
	} else {
		sb_putc(&a->sb, 'P');
		sb_dec(&a->sb, n);
	}
	if (ccx >= 0) {   /* "P0.X2": package 0, CCX 2 */
		sb_puts(&a->sb, ".X");
		sb_dec(&a->sb, (unsigned)ccx);
	}
	if (die >= 0) {   /* "P0.D1": package 0, die 1 */
		sb_puts(&a->sb, ".D");
		sb_dec(&a->sb, (unsigned)die);
	}
	sb_pad_to(&a->sb, a->sb.len >= 5 ? a->sb.len + 1 : 5);
	for (unsigned c = 0; c < 22 && event[c]; c++)
		sb_putc(&a->sb, event[c]);
	sb_pad_to(&a->sb, 29);
	sb_dec_grouped(&a->sb, st->min);
	sb_pad_to(&a->sb, 46);
	sb_dec_grouped(&a->sb, st->median);
	sb_pad_to(&a->sb, 63);
	sb_dec_grouped(&a->sb, st->max);
	run_say(a);
}

void run_count_header(struct run *a, const char *where)
{
	sb_puts(&a->sb, where);
	sb_pad_to(&a->sb, 4);
	sb_puts(&a->sb, "EVENT");
	sb_pad_to(&a->sb, 30);
	sb_puts(&a->sb, "COUNTER");
	sb_pad_to(&a->sb, 40);
	sb_puts(&a->sb, "CONTROL");
	sb_pad_to(&a->sb, 56);
	sb_puts(&a->sb, "DELTA");
	run_say(a);
}

/* -v: the control word's non-zero fields under its row, wrapped at the row's width. */
static void say_fields(struct run *a, const struct reg_layout *l, uint64_t ctl)
{
	char text[512];
	struct strbuf t;
	sb_init(&t, text, sizeof(text));
	reg_decode(l, ctl, 0, &t);
	for (size_t i = 0; i < t.len;) {
		size_t end = t.len;
		if (end - i > 66) {
			end = i + 66;
			while (end > i && text[end] != ' ')
				end--;
			if (end == i)
				end = i + 66;
		}
		sb_puts(&a->sb, "    ");
		sb_putn(&a->sb, text + i, end - i);
		run_say(a);
		i = end < t.len && text[end] == ' ' ? end + 1 : end;
	}
}

void run_count_row(struct run *a, const char *where, const char *event, const char *counter,
		   const struct row_unit *u, const struct reg_layout *l, uint32_t ctl_msr,
		   uint64_t ctl, uint64_t delta, bool overflowed)
{
	/* a column wider than its room (AMD's "P0.X2", "amd_umc_3.0") keeps one blank after it */
	sb_puts(&a->sb, where);
	sb_pad_to(&a->sb, a->sb.len >= 4 ? a->sb.len + 1 : 4);
	for (unsigned i = 0; i < 25 && event[i]; i++)
		sb_putc(&a->sb, event[i]);
	sb_pad_to(&a->sb, a->sb.len >= 30 ? a->sb.len + 1 : 30);
	if (u)   /* the box, a unit of its package: said with the boxes that agree */
		run_unit_here(a, u->pkg, u->pre, u->n, u->post, 40 - (unsigned)a->sb.len);
	else
		sb_puts(&a->sb, counter);
	sb_pad_to(&a->sb, a->sb.len >= 40 ? a->sb.len + 1 : 40);
	if (u)   /* each box its own: said with the boxes that agree otherwise */
		run_reg_here(a, ctl_msr);
	else
		regkey_put(&a->sb, NULL, ctl_msr);
	sb_putc(&a->sb, '=');
	sb_hex(&a->sb, ctl);
	if (a->sb.len >= 56)   /* AMD's 0xc00102xx controls are wider than the column */
		sb_putc(&a->sb, ' ');
	sb_pad_to(&a->sb, 56);
	run_value_here(a, delta);
	if (overflowed)
		sb_puts(&a->sb, " (overflowed)");
	run_say(a);
	if (a->opt.verbose)
		say_fields(a, l, ctl);
}
