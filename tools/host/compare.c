/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu-host compare [--tolerance PCT] BASE NEW: counts moved beyond the tolerance,
 * checks PASS -> FAIL. compare_runs is these rules for every command that judges two runs
 * (compare, report --base, db regressions).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "host.h"
#include "out/derived.h"
#include "runlog.h"
#include "util/fmt.h"


/* "5", "0.5", "2.125": thousandths of a percent. */
uint64_t parse_percent(const char *s)
{
	uint64_t whole = 0, frac = 0;
	unsigned fd = 0;
	const char *p = s;
	if (!*p)
		die("bad tolerance ''");
	for (; *p >= '0' && *p <= '9' && whole < 1000000; p++)
		whole = whole * 10 + (uint64_t)(*p - '0');
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9' && fd < 3; p++, fd++)
			frac = frac * 10 + (uint64_t)(*p - '0');
	if (*p == '%')
		p++;
	if (*p || p == s || whole >= 1000000)
		die("bad tolerance '%s' (a percentage, e.g. 5 or 0.5)", s);
	while (fd++ < 3)
		frac *= 10;
	return whole * 1000 + frac;
}

/* Signed change in thousandths of a percent, as "+12.345%". */
const char *change(uint64_t base, uint64_t now)
{
	static char b[48];
	uint64_t diff = now >= base ? now - base : base - now, milli;
	if (!base)
		return now ? "(from 0)" : "+0.000%";
	char num[32];
	struct strbuf sb;
	sb_init(&sb, num, sizeof(num));
	if (derived_muldiv(diff, 100000, base, &milli))
		derived_fmt_milli(&sb, milli);
	else
		sb_puts(&sb, "huge");
	snprintf(b, sizeof(b), "%c%s%%", now >= base ? '+' : '-', num);
	return b;
}

/* Beyond the tolerance, judged on the change rounded to a thousandth of a percent as printed. */
static bool moved(uint64_t base, uint64_t now, uint64_t tol_milli)
{
	uint64_t diff = now >= base ? now - base : base - now, milli;
	if (!base)
		return now != 0;
	return !derived_muldiv(diff, 100000, base, &milli) || milli > tol_milli;
}

/* Series of b the same as c, or NULL. */
static const struct series *find_series(const struct series *b, unsigned nb, const struct count *c)
{
	for (unsigned j = 0; j < nb; j++)
		if (same_series(b[j].first, c))
			return &b[j];
	return NULL;
}

static void compare_counts(struct series *a, unsigned na, struct series *b, unsigned nb,
			   uint64_t tol, struct tally *t, cmp_emit *emit, void *ctx)
{
	for (unsigned i = 0; i < na; i++) {
		const struct series *y = find_series(b, nb, a[i].first);
		struct cmp_row r = { .kind = CMP_COUNT_MISSING, .a = &a[i], .b = y, .regressed = true };
		if (!y) {
			t->missing++;
			emit(ctx, &r);
			continue;
		}
		t->counts++;
		if (!moved(a[i].st.median, y->st.median, tol))
			continue;
		t->moved++;
		r.kind = CMP_COUNT_MOVED;
		emit(ctx, &r);
	}
	for (unsigned j = 0; j < nb; j++)
		if (!find_series(a, na, b[j].first)) {
			struct cmp_row r = { .kind = CMP_COUNT_ADDED, .b = &b[j] };
			t->added++;
			emit(ctx, &r);
		}
}

static bool same_check(const struct check *a, const struct check *b)
{
	return a->has_cpu == b->has_cpu && a->cpu == b->cpu && a->package == b->package &&
	       !strcmp(a->check, b->check) && !strcmp(a->kernel, b->kernel);
}

static void compare_checks(const struct runlog *a, const struct runlog *b, struct tally *t,
			   cmp_emit *emit, void *ctx)
{
	for (unsigned i = 0; i < a->nchecks; i++) {
		const struct check *x = &a->checks[i], *y = NULL;
		for (unsigned j = 0; j < b->nchecks && !y; j++)
			if (same_check(x, &b->checks[j]))
				y = &b->checks[j];
		struct cmp_row r = { .kind = CMP_CHECK_MISSING, .x = x, .y = y, .regressed = true };
		if (!y) {
			t->missing_checks++;
			emit(ctx, &r);
			continue;
		}
		t->checks++;
		bool was = !strcmp(x->result, "PASS"), is = !strcmp(y->result, "PASS");
		if (was == is)
			continue;
		if (was)
			t->regressed_checks++;
		else
			t->fixed_checks++;
		r.kind = CMP_CHECK_CHANGED;
		r.regressed = was;
		emit(ctx, &r);
	}
}

static void emit_nothing(void *ctx, const struct cmp_row *r)
{
	(void)ctx;
	(void)r;
}

void compare_runs(const struct runlog *a, const struct runlog *b, uint64_t tol, struct tally *t,
		  cmp_emit *emit, void *ctx)
{
	unsigned na, nb;
	struct series *sa = make_series(a, &na), *sb = make_series(b, &nb);
	memset(t, 0, sizeof(*t));
	if (!emit)
		emit = emit_nothing;
	compare_counts(sa, na, sb, nb, tol, t, emit, ctx);
	compare_checks(a, b, t, emit, ctx);
	if (a->have_verdict && (!b->have_verdict || strcmp(a->verdict, b->verdict))) {
		struct cmp_row r = { .kind = CMP_VERDICT };
		t->verdict_regressed = r.regressed = !b->have_verdict || !strcmp(a->verdict, "PASS");
		emit(ctx, &r);
	}
	t->regressions = t->moved + t->missing + t->regressed_checks + t->missing_checks +
			 t->verdict_regressed;
	free_series(sa, na);
	free_series(sb, nb);
}

void compare_row_text(const struct runlog *a, const struct runlog *b, const struct cmp_row *r,
		      char *buf, size_t cap)
{
	const struct count *c = r->a ? r->a->first : r->b ? r->b->first : NULL;
	const struct check *x = r->x;
	switch (r->kind) {
	case CMP_COUNT_MISSING:
		snprintf(buf, cap, "%s%-9s%-30s missing in new  REGRESSED", sim_tag(r->a->sim),
			 where(c), c->event);
		break;
	case CMP_COUNT_MOVED:
		snprintf(buf, cap, "%s%-9s%-30s %15s -> %-15s %10s  MOVED",
			 sim_tag(r->a->sim || r->b->sim), where(c), c->event, grouped(r->a->st.median),
			 grouped(r->b->st.median), change(r->a->st.median, r->b->st.median));
		break;
	case CMP_COUNT_ADDED:
		snprintf(buf, cap, "%s%-9s%-30s only in new", sim_tag(r->b->sim), where(c), c->event);
		break;
	case CMP_CHECK_MISSING:
		snprintf(buf, cap, "%s%s: %s -> missing  REGRESSED", sim_tag(x->sim), check_label(x),
			 x->result);
		break;
	case CMP_CHECK_CHANGED:
		snprintf(buf, cap, "%s%s: %s -> %s%s", sim_tag(x->sim || r->y->sim), check_label(x),
			 x->result, r->y->result, r->regressed ? "  REGRESSED" : "");
		break;
	case CMP_VERDICT:
		if (!b->have_verdict)
			snprintf(buf, cap, "verdict: %s -> none (the new run did not finish)  REGRESSED",
				 a->verdict);
		else
			snprintf(buf, cap, "%sverdict: %s -> %s%s", sim_tag(a->verdict_sim || b->verdict_sim),
				 a->verdict, b->verdict, r->regressed ? "  REGRESSED" : "");
		break;
	}
}

void compare_print_row(void *ctx, const struct cmp_row *r)
{
	const struct compare_print *p = ctx;
	char line[512];
	compare_row_text(p->a, p->b, r, line, sizeof(line));
	printf("%s%s\n", p->indent, line);
}

/* One fact of a machine's identity in both runs. */
struct ident_field {
	const char *name, *a, *b;
};

/* Text from a log on the terminal: one line, bytes outside printable ASCII as \xNN. */
static void put_text(struct strbuf *sb, const char *s)
{
	sb_putn_printable(sb, s, strlen(s));
}

/* "NAME 'A' -> 'B'" for each field that differs (sb NULL: only counted); how many differ. */
static unsigned list_differences(const struct ident_field *f, unsigned n, struct strbuf *sb)
{
	unsigned d = 0;
	for (unsigned i = 0; i < n; i++) {
		if (!strcmp(f[i].a, f[i].b))
			continue;
		if (sb) {
			sb_puts(sb, d ? ", " : "");
			sb_puts(sb, f[i].name);
			sb_puts(sb, " '");
			put_text(sb, f[i].a);
			sb_puts(sb, "' -> '");
			put_text(sb, f[i].b);
			sb_putc(sb, '\'');
		}
		d++;
	}
	return d;
}

void compare_machines(const struct runlog *a, const struct runlog *b, char *buf, size_t cap)
{
	const struct machine_ident *x = &a->id, *y = &b->id;
	const struct ident_field machine[] = {
		{ "system maker", x->sys_maker, y->sys_maker },
		{ "system", x->sys_product, y->sys_product },
		{ "board maker", x->board_maker, y->board_maker },
		{ "board", x->board_product, y->board_product },
		{ "CPU part", x->cpu_part, y->cpu_part },
	};
	const struct ident_field firmware[] = {
		{ "UEFI firmware vendor", a->fw_vendor, b->fw_vendor },
		{ "UEFI firmware revision", a->fw_revision, b->fw_revision },
		{ "BIOS vendor", x->bios_vendor, y->bios_vendor },
		{ "BIOS version", x->bios_version, y->bios_version },
		{ "BIOS date", x->bios_date, y->bios_date },
	};
	/* without SMBIOS in both, the firmware is known by the system table's two fields only */
	bool both = x->smbios && y->smbios;
	unsigned nfw = both ? 5 : 2;
	struct strbuf sb;
	sb_init(&sb, buf, cap);
	if (!both) {
		sb_puts(&sb, "machine: not known (");
		bool alike = !x->smbios && !y->smbios && !strcmp(x->why_not, y->why_not);
		for (unsigned i = alike; i < 2; i++) {
			const struct machine_ident *m = i ? y : x;
			if (m->smbios)
				continue;
			sb_puts(&sb, i && !x->smbios && !alike ? "; " : "");
			sb_puts(&sb, alike ? "both: " : i ? "new: " : "base: ");
			put_text(&sb, m->why_not);
		}
		sb_puts(&sb, "), firmware ");
	} else if (!list_differences(machine, 5, NULL)) {
		char board[160];
		ident_board(x, board, sizeof(board));
		sb_puts(&sb, "machine: the same (");
		put_text(&sb, board);
		sb_puts(&sb, ", CPU ");
		put_text(&sb, x->cpu_part);
		sb_puts(&sb, "), firmware ");
	} else {
		sb_puts(&sb, "machine: DIFFERENT (");
		list_differences(machine, 5, &sb);
		sb_puts(&sb, "), firmware ");
	}
	if (list_differences(firmware, nfw, NULL)) {
		sb_puts(&sb, "DIFFERENT (");
		list_differences(firmware, nfw, &sb);
		sb_putc(&sb, ')');
		return;
	}
	char bios[200];
	ident_bios(x, bios, sizeof(bios));
	sb_puts(&sb, "the same (");
	put_text(&sb, bios);
	sb_puts(&sb, both ? ", UEFI " : "UEFI ");
	put_text(&sb, a->fw_vendor);
	sb_putc(&sb, ' ');
	put_text(&sb, a->fw_revision);
	sb_putc(&sb, ')');
}

int cmd_compare(int argc, char **argv)
{
	const char *paths[2] = { NULL, NULL };
	uint64_t tol = DEFAULT_TOLERANCE_MILLI;
	unsigned np = 0;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--tolerance")) {
			if (++i >= argc)
				die("--tolerance needs a percentage");
			tol = parse_percent(argv[i]);
		} else if (np < 2) {
			paths[np++] = argv[i];
		} else {
			die("compare takes two logs");
		}
	}
	if (np != 2)
		die("compare needs BASE.jsonl NEW.jsonl");
	struct runlog a, b;
	load(&a, paths[0]);
	load(&b, paths[1]);
	char same[1024];
	compare_machines(&a, &b, same, sizeof(same));
	printf("%s\n", same);
	print_header(&a, "base ");
	print_header(&b, "new  ");
	if (a.header_sim != b.header_sim)
		printf("note: only the %s log comes from the reference model\n",
		       a.header_sim ? "base" : "new");
	char tb[32];
	struct strbuf sb;
	sb_init(&sb, tb, sizeof(tb));
	derived_fmt_milli(&sb, tol);
	printf("tolerance %s%% on the median of each count\n", tb);

	struct tally t;
	struct compare_print p = { &a, &b, "" };
	compare_runs(&a, &b, tol, &t, compare_print_row, &p);
	printf("%u counts compared: %u moved, %u missing in new, %u only in new; "
	       "%u checks compared: %u PASS -> FAIL, %u FAIL -> PASS, %u missing in new\n",
	       t.counts, t.moved, t.missing, t.added, t.checks, t.regressed_checks, t.fixed_checks,
	       t.missing_checks);
	if (t.regressions)
		printf("result: REGRESSED (%u)\n", t.regressions);
	else
		printf("result: no regression\n");
	unload(&a);
	unload(&b);
	return t.regressions ? EXIT_REGRESSED : 0;
}
