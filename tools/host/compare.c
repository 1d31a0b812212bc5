/*
 * efipmu-host compare [--tolerance PCT] BASE NEW: counts moved beyond the tolerance,
 * checks PASS -> FAIL.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "out/derived.h"
#include "runlog.h"
#include "util/fmt.h"

#define DEFAULT_TOLERANCE_MILLI 5000   /* 5 %, in thousandths of a percent */

/* "5", "0.5", "2.125": thousandths of a percent. */
static uint64_t parse_percent(const char *s)
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
static const char *change(uint64_t base, uint64_t now)
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

struct tally {
	unsigned counts, moved, missing, added, checks, regressed_checks, fixed_checks, missing_checks;
	bool verdict_regressed;
};

static void compare_counts(struct series *a, unsigned na, struct series *b, unsigned nb,
			   uint64_t tol, struct tally *t)
{
	for (unsigned i = 0; i < na; i++) {
		const struct count *c = a[i].first;
		unsigned j = 0;
		while (j < nb && !same_series(b[j].first, c))
			j++;
		if (j == nb) {
			t->missing++;
			printf("%s%-9s%-30s missing in new  REGRESSED\n", sim_tag(a[i].sim), where(c),
			       c->event);
			continue;
		}
		t->counts++;
		uint64_t x = a[i].st.median, y = b[j].st.median;
		if (!moved(x, y, tol))
			continue;
		t->moved++;
		printf("%s%-9s%-30s %15s -> %-15s %10s  MOVED\n", sim_tag(a[i].sim || b[j].sim), where(c),
		       c->event, grouped(x), grouped(y), change(x, y));
	}
	for (unsigned j = 0; j < nb; j++) {
		unsigned i = 0;
		while (i < na && !same_series(a[i].first, b[j].first))
			i++;
		if (i == na) {
			t->added++;
			printf("%s%-9s%-30s only in new\n", sim_tag(b[j].sim), where(b[j].first),
			       b[j].first->event);
		}
	}
}

static bool same_check(const struct check *a, const struct check *b)
{
	return a->cpu == b->cpu && !strcmp(a->check, b->check) && !strcmp(a->kernel, b->kernel);
}

static void compare_checks(const struct runlog *a, const struct runlog *b, struct tally *t)
{
	for (unsigned i = 0; i < a->nchecks; i++) {
		const struct check *x = &a->checks[i], *y = NULL;
		for (unsigned j = 0; j < b->nchecks && !y; j++)
			if (same_check(x, &b->checks[j]))
				y = &b->checks[j];
		if (!y) {
			t->missing_checks++;
			printf("%s%s: %s -> missing  REGRESSED\n", sim_tag(x->sim), check_label(x), x->result);
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
		printf("%s%s: %s -> %s%s\n", sim_tag(x->sim || y->sim), check_label(x), x->result,
		       y->result, was ? "  REGRESSED" : "");
	}
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

	struct tally t = { 0 };
	unsigned na, nb;
	struct series *sa = make_series(&a, &na), *sb2 = make_series(&b, &nb);
	compare_counts(sa, na, sb2, nb, tol, &t);
	compare_checks(&a, &b, &t);
	if (a.have_verdict && b.have_verdict && strcmp(a.verdict, b.verdict)) {
		t.verdict_regressed = !strcmp(a.verdict, "PASS");
		printf("%sverdict: %s -> %s%s\n", sim_tag(a.verdict_sim || b.verdict_sim), a.verdict,
		       b.verdict, t.verdict_regressed ? "  REGRESSED" : "");
	} else if (a.have_verdict && !b.have_verdict) {
		t.verdict_regressed = true;
		printf("verdict: %s -> none (the new run did not finish)  REGRESSED\n", a.verdict);
	}
	unsigned regressions = t.moved + t.missing + t.regressed_checks + t.missing_checks +
			       t.verdict_regressed;
	printf("%u counts compared: %u moved, %u missing in new, %u only in new; "
	       "%u checks compared: %u PASS -> FAIL, %u FAIL -> PASS, %u missing in new\n",
	       t.counts, t.moved, t.missing, t.added, t.checks, t.regressed_checks, t.fixed_checks,
	       t.missing_checks);
	if (regressions)
		printf("result: REGRESSED (%u)\n", regressions);
	else
		printf("result: no regression\n");
	free_series(sa, na);
	free_series(sb2, nb);
	unload(&a);
	unload(&b);
	return regressions ? EXIT_REGRESSED : 0;
}
