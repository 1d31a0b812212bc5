/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * What a lab reads first of a package's uncore (issue 24 item 4): its counts by box type,
 * each event's sum over the boxes of the type and then each box's count, and the clock of
 * each box type over the window, on 80 columns.
 */
#include "run/uncore_table.h"
#include "hw/uncore_desc.h"
#include "run/job_measure.h"
#include "run/waive_run.h"
#include "out/derived.h"
#include "out/logrec.h"
#include "util/fmt.h"

#define TYPE_MAX 24
#define EACH_WIDTH 64   /* the per-box counts wrap here, after their indent */

/*
 * Clocks of one domain agree within CLOCK_SPREAD_PCT: the boxes of a type (a package's iMC
 * channels run one DCLK, its C-boxes or CHAs one uncore clock) and the C-box or CHA clock
 * against the U-box's UCLK (Intel 327043-001 2.1: the U-box and C-boxes run at the uncore
 * clock; Intel 336274 for the CHA). The model gives every box one clock, one count a
 * simulated cycle (model_uncore_pci.h, model_devs.h): equal. The 2 % is for the boxes being
 * enabled and frozen one register write after another around a window of a few thousand
 * ticks. A box whose clock did not tick (a channel without DIMMs) is named, not compared.
 */
#define CLOCK_SPREAD_PCT 2u

/* The event of a spec as its list names it: "uncore_imc_0/UNC_M_CAS_COUNT.RD/" -> the middle. */
static void event_of(const char *spec, char *out, size_t cap)
{
	const char *s = spec, *slash = NULL;
	for (const char *p = spec; *p; p++)
		if (*p == '/') {
			slash = p;
			break;
		}
	if (slash)
		s = slash + 1;
	size_t n = 0;
	while (s[n] && s[n] != '/' && s[n] != ',')
		n++;
	struct strbuf sb;
	sb_init(&sb, out, cap);
	sb_putn(&sb, s, n);
}

/* Requests i and k of one row: one box type and event, both counted by the domain (in[].event). */
static bool same_row(const struct measure_state *m, const struct derived_input *in, unsigned i,
		     unsigned k)
{
	if (!in[i].event || !in[k].event)
		return false;
	char ti[TYPE_MAX], tk[TYPE_MAX], ei[EVENT_NAME_MAX], ek[EVENT_NAME_MAX];
	box_type_name(m->ureqs[i].box, ti, sizeof(ti));
	box_type_name(m->ureqs[k].box, tk, sizeof(tk));
	event_of(m->ureqs[i].name, ei, sizeof(ei));
	event_of(m->ureqs[k].name, ek, sizeof(ek));
	return !pmu_strcmp(ti, tk) && !pmu_strcmp(ei, ek);
}

/* "P0", or "P0.D1" for a die's own boxes. */
static void put_domain(struct run *a, const struct uncore_domain *d)
{
	sb_putc(&a->sb, 'P');
	sb_dec(&a->sb, d->package);
	if (d->die >= 0) {
		sb_puts(&a->sb, ".D");
		sb_dec(&a->sb, (unsigned)d->die);
	}
}

static bool is_clock(const char *event)
{
	size_t n = pmu_strlen(event);
	return n >= 10 && !pmu_strcmp(event + n - 10, "CLOCKTICKS");
}

/* "P0 clock of ubox: 7,007 ticks over the window, 2,000.000 MHz (UNC_U_CLOCKTICKS)" */
static void say_clock(struct run *a, const struct uncore_domain *d, const char *type,
		      const char *event, uint64_t delta, unsigned boxes, uint64_t ticks)
{
	uint64_t hz = run_window_hz(a);
	put_domain(a, d);
	sb_puts(&a->sb, " clock of ");
	sb_puts(&a->sb, type);
	sb_puts(&a->sb, ": ");
	sb_dec_grouped(&a->sb, boxes ? delta / boxes : 0);
	sb_puts(&a->sb, boxes > 1 ? " ticks a box over the window" : " ticks over the window");
	uint64_t khz;
	/* kHz, said as MHz with three decimals: ticks of the box clock per TSC second */
	if (boxes && derived_muldiv(delta / boxes, hz / 1000u, ticks, &khz)) {
		sb_puts(&a->sb, ", ");
		derived_fmt_milli(&a->sb, khz);
		sb_puts(&a->sb, " MHz");
	}
	sb_puts(&a->sb, " (");
	sb_puts(&a->sb, event);
	sb_putc(&a->sb, ')');
	run_say(a);
}

/* Row i's type, event, sum and boxes, or false where an earlier request has that row. */
static bool row(const struct measure_state *m, const struct derived_input *in, unsigned i,
		char *type, char *event, uint64_t *sum, unsigned *boxes)
{
	if (!in[i].event)
		return false;   /* another domain's */
	for (unsigned k = 0; k < i; k++)
		if (same_row(m, in, i, k))
			return false;   /* each type and event once, with every box of the type */
	box_type_name(m->ureqs[i].box, type, TYPE_MAX);
	event_of(m->ureqs[i].name, event, EVENT_NAME_MAX);
	*sum = 0;
	*boxes = 0;
	for (unsigned k = i; k < m->nureqs; k++)
		if (same_row(m, in, i, k)) {
			*sum += in[k].delta;
			(*boxes)++;
		}
	return true;
}

/*
 * "    each: 168 167 ..." wrapped after EACH_WIDTH columns; in a row of more than EACH_RUNS
 * boxes (a package's CHAs) a run of equal counts is said once with its length, "10,018 x56",
 * as the console says CPUs that agree once past 16 (run/collapse.c).
 */
#define EACH_RUNS 16

static void say_each(struct run *a, const struct measure_state *m, const struct derived_input *in,
		     unsigned i, unsigned boxes)
{
	sb_puts(&a->sb, "    each:");
	for (unsigned k = i; k < m->nureqs; k++) {
		unsigned run = 1;
		if (!same_row(m, in, i, k))
			continue;
		for (unsigned n = k + 1; boxes > EACH_RUNS && n < m->nureqs; n++) {
			if (!same_row(m, in, i, n))
				continue;
			if (in[n].delta != in[k].delta)
				break;
			run++;
			k = n;
		}
		if (a->sb.len > EACH_WIDTH) {
			run_say(a);
			sb_puts(&a->sb, "         ");
		}
		sb_putc(&a->sb, ' ');
		sb_dec_grouped(&a->sb, in[k].delta);
		if (run > 1) {
			sb_puts(&a->sb, " x");
			sb_dec(&a->sb, run);
		}
	}
	run_say(a);
}

/*
 * One clock check: its record and its console line; lo and hi the least and most ticks. A
 * disagreement the lab's waiver explains (on the boot CPU's part) is WAIVED.
 */
static enum verdict clock_verdict(struct run *a, const struct uncore_domain *d,
				  const char *what, uint64_t lo, uint64_t hi)
{
	bool ok = hi * 100u <= lo * (100u + CLOCK_SPREAD_PCT);
	const struct waiver_subject s = waive_subject(&a->slot[a->plat->bsp].info, CHECK_BOX_CLOCKS);
	struct waiver_hit hit;
	bool waive = !ok && waive_check(a, &s, &hit);
	const char *result = ok ? "PASS" : waive ? "WAIVED" : "FAIL";
	a->checks.n[CHECK_BOX_CLOCKS]++;
	run_begin(a, "check");
	logrec_key_u64(&a->sb, "package", d->package);
	if (d->die >= 0)
		logrec_key_u64(&a->sb, "die", (uint64_t)d->die);
	logrec_key_str(&a->sb, "check", "box clocks of one domain agree");
	logrec_key_str(&a->sb, "clocks", what);
	logrec_key_u64(&a->sb, "spread_pct", CLOCK_SPREAD_PCT);
	logrec_key_u64(&a->sb, "least", lo);
	logrec_key_u64(&a->sb, "most", hi);
	/* the same test as ok's, as a bound on the most ticks */
	logrec_key_u64(&a->sb, "measured", hi);
	logrec_key_u64(&a->sb, "expected_max", lo * (100u + CLOCK_SPREAD_PCT) / 100u);
	logrec_key_str(&a->sb, "result", result);
	if (waive)
		waive_keys(a, &hit);
	logrec_end(&a->sb);
	run_record(a);
	put_domain(a, d);
	sb_puts(&a->sb, " clocks of ");
	sb_puts(&a->sb, what);
	sb_puts(&a->sb, ": ");
	sb_dec_grouped(&a->sb, lo);
	sb_puts(&a->sb, " to ");
	sb_dec_grouped(&a->sb, hi);
	sb_puts(&a->sb, ok ? " ticks, within " : " ticks, NOT within ");
	sb_dec(&a->sb, CLOCK_SPREAD_PCT);
	sb_puts(&a->sb, "%: ");
	sb_puts(&a->sb, result);
	if (waive) {
		sb_puts(&a->sb, ": ");
		waiver_describe(&hit, a->opt.waivers, &a->sb);
	}
	run_say(a);
	return ok || waive ? VERDICT_PASS : VERDICT_FAIL;
}

/* The boxes of row i against each other: their least and most ticks, a box at 0 named. */
static enum verdict clocks_of_type(struct run *a, const struct measure_state *m,
				   const struct uncore_domain *d, const struct derived_input *in,
				   unsigned i, const char *type)
{
	uint64_t lo = UINT64_MAX, hi = 0;
	unsigned ticking = 0;
	for (unsigned k = i; k < m->nureqs; k++) {
		if (!same_row(m, in, i, k))
			continue;
		if (!in[k].delta) {
			put_domain(a, d);
			sb_putc(&a->sb, ' ');
			sb_puts(&a->sb, m->ureqs[k].box->name);
			sb_puts(&a->sb, ": its clock did not tick (nothing behind it, as a channel "
				"without DIMMs?): not compared");
			run_say(a);
			continue;
		}
		ticking++;
		lo = in[k].delta < lo ? in[k].delta : lo;
		hi = in[k].delta > hi ? in[k].delta : hi;
	}
	return ticking > 1 ? clock_verdict(a, d, type, lo, hi) : VERDICT_PASS;
}

/* The U-box's UCLK against the C-box or CHA clock: row u and row c, one box each. */
static enum verdict uclk_vs_ring(struct run *a, const struct uncore_domain *d,
				 const struct derived_input *in, int u, int c, const char *ring)
{
	if (u < 0 || c < 0 || !in[u].delta || !in[c].delta)
		return VERDICT_PASS;
	char what[TYPE_MAX + 8];
	struct strbuf sb;
	sb_init(&sb, what, sizeof(what));
	sb_puts(&sb, "ubox and ");
	sb_puts(&sb, ring);
	uint64_t a0 = in[u].delta, b0 = in[c].delta;
	return clock_verdict(a, d, what, a0 < b0 ? a0 : b0, a0 < b0 ? b0 : a0);
}

enum verdict uncore_table(struct run *a, const struct measure_state *m,
			  const struct uncore_domain *d, const struct derived_input *in,
			  uint64_t ticks)
{
	enum verdict v = VERDICT_PASS;
	bool headed = false;
	int uclk = -1, ring = -1;
	char ring_type[TYPE_MAX] = "";
	char type[TYPE_MAX], event[EVENT_NAME_MAX];
	uint64_t sum;
	unsigned boxes;
	for (unsigned i = 0; i < m->nureqs; i++) {
		if (!row(m, in, i, type, event, &sum, &boxes))
			continue;
		if (!headed) {
			headed = true;
			put_domain(a, d);
			sb_puts(&a->sb, " uncore by box type: TYPE EVENT, BOXES, SUM "
				"(each box below)");
			run_say(a);
		}
		sb_puts(&a->sb, "  ");
		sb_puts(&a->sb, type);
		sb_pad_to(&a->sb, 10);
		sb_putn(&a->sb, event, pmu_strlen(event) > 36 ? 36 : pmu_strlen(event));
		sb_pad_to(&a->sb, 48);
		sb_dec(&a->sb, boxes);
		sb_pad_to(&a->sb, 52);
		sb_dec_grouped(&a->sb, sum);
		run_say(a);
		if (boxes > 1)
			say_each(a, m, in, i, boxes);
	}
	for (unsigned i = 0; i < m->nureqs; i++) {
		if (!row(m, in, i, type, event, &sum, &boxes) || !is_clock(event))
			continue;
		say_clock(a, d, type, event, sum, boxes, ticks);
		if (!pmu_strcmp(type, "ubox"))
			uclk = (int)i;
		if (!pmu_strcmp(type, "cbox") || !pmu_strcmp(type, "cha")) {
			ring = (int)i;
			pmu_strlcpy(ring_type, type, sizeof(ring_type));
		}
		if (boxes > 1)
			v = verdict_worse(v, clocks_of_type(a, m, d, in, i, type));
	}
	return verdict_worse(v, uclk_vs_ring(a, d, in, uclk, ring, ring_type));
}
