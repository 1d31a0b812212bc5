/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Uncore checks of the validation suite, once per package (Intel SDM Vol. 3B 18.8.2.2,
 * Intel 323535-001, Intel 327043-001). Registers are driven directly and put back; counting is
 * checked through the uncore engine on events whose outcome is known: the
 * clock counters, an event code with no unit-mask bit (it never occurs, so
 * "fewer than 1 this cycle" holds every cycle) and the M-box clock ticks.
 */
#include "check/selftest.h"
#include "util/fmt.h"
#include "hw/layouts_uncore.h"
#include "pmu/counter.h"
#include "pmu/regkey.h"

#define LOW_BITS        0x7FFFFFFFull
#define BOX_RST_CTRS    0x2u        /* SNB-EP box control (Intel 327043-001, 2.1) */
#define BOX_FRZ         0x100u
#define BOX_FRZ_EN      0x10000u
#define NEAR_TOP        16
#define MBOX_CLOCKTICKS 0x1Bu     /* M-box inc_sel (likwid perfmon_nehalemEX_events.txt) */
#define MBOX_WRAP       (1ull << 6)
#define FREEZE_AFTER    100
#define FREEZE_TOL      8         /* events the U-box may let through while it freezes */

enum { MODE_UP, MODE_DOWN, MODE_BOTH };

/*
 * Per family: the box with the threshold logic and its never-occurring event (event | umask << 8).
 */
struct unc_plan {
	enum uncore_family fam;
	const char *box;
	uint32_t never;
};

static const struct unc_plan plans[] = {
	{ UNCORE_NHM_CLIENT, "uncore", 0x0020 },       /* UNC_QHL_REQUESTS, no sub-event */
	{ UNCORE_SNB_EP, "uncore_ubox", 0x0042 },      /* UNC_U_EVENT_MSG, no sub-event */
	{ UNCORE_NHM_EX, NULL, 0 },                    /* the EX U-box has no threshold */
};

struct unc_run {
	struct selftest_run t;
	const struct unc_plan *plan;
};

static const struct box_desc *box(const struct unc_run *ur, const char *name)
{
	return box_find(ur->t.env->boxes, name, pmu_strlen(name));
}

static uint64_t mask_of(unsigned width)
{
	return width >= 64 ? ~0ull : (1ull << width) - 1;
}

/* ---- registers ---- */

static void name_with(char *out, size_t cap, const char *what, const struct box_desc *d)
{
	struct strbuf sb;
	sb_init(&sb, out, cap);
	sb_puts(&sb, what);
	sb_puts(&sb, d->name);
}

/* A register in a reason: "0xc10" (MSR) or "pci 0000:7f:10.4+0xd8". */
static void why_reg(struct selftest_check *c, uint32_t key)
{
	char text[32];
	struct strbuf sb;
	sb_init(&sb, text, sizeof(text));
	regkey_put(&sb, NULL, key);
	st_why(c, text);
}

static pmu_status reg_one(struct unc_run *ur, struct selftest_check *c, uint32_t msr, uint64_t mask)
{
	uint64_t wrote = 0, read = 0;
	pmu_status st = mask ? st_holds(&ur->t, msr, mask, &wrote, &read) : st_read(&ur->t, msr, &read);
	if (!st) {
		c->measured++;
		return st;
	}
	if (c->result == SELFTEST_FAIL)
		return st;
	st_fail(&ur->t, c);
	why_reg(c, msr);
	st_why(c, ": ");
	if (st != PMU_ERR_NOT_HELD) {
		st_why(c, pmu_status_str(st));
		return st;
	}
	st_why(c, "wrote ");
	st_why_hex(c, wrote);
	st_why(c, ", read ");
	st_why_hex(c, read);
	return st;
}

/* The register key of reg of d on this package (a PCI box's offset on its function). */
static uint32_t key(const struct unc_run *ur, const struct box_desc *d, uint32_t reg, bool wide)
{
	return reg ? box_key(ur->t.env->pci, d, reg, wide) : 0;
}

/*
 * A box that drops counter writes while the control is stopped (box_ops.ctr_write_gated, AMD's
 * UMC): counter i's control enabled with the event it holds, left so until the box's restore,
 * which puts each counter back before its control (reverse order of the saves). The counter
 * then counts that event: its low 16 bits are not compared.
 */
static bool ctr_gate_on(struct unc_run *ur, const struct box_desc *d, unsigned i)
{
	uint64_t v = 0;
	uint32_t ctl = key(ur, d, box_ctl_msr(d, i), d->ctl_wide);
	if (!d->ops || !d->ops->ctr_write_gated || st_read(&ur->t, ctl, &v))
		return false;
	return !st_write(&ur->t, ctl, v | d->enable_mask);
}

/*
 * Controls hold their RW bits (enables left clear), counters their low bits, gates and status read.
 */
static void check_box_regs(struct unc_run *ur, const struct box_desc *d)
{
	char name[SELFTEST_NAME_MAX];
	name_with(name, sizeof(name), d->pci ? "pci " : "msr ", d);
	struct selftest_check *c = st_add(&ur->t, name, SELFTEST_PASS, 0, 0);
	uint64_t ctl = reg_holding_mask(d->ctl_layout) & ~d->enable_mask;
	for (unsigned i = 0; i < d->n_counters; i++) {
		(void)reg_one(ur, c, key(ur, d, box_ctl_msr(d, i), d->ctl_wide), ctl);
		(void)reg_one(ur, c, key(ur, d, box_ctr_msr(d, i), true),
			      ctr_gate_on(ur, d, i) ? LOW_BITS & ~0xFFFFull : LOW_BITS);
		c->expected += 2;
	}
	if (d->fixed_ctl) {
		(void)reg_one(ur, c, key(ur, d, d->fixed_ctl, false),
			      reg_holding_mask(d->fixed_layout) & ~d->fixed_enable_mask);
		(void)reg_one(ur, c, key(ur, d, d->fixed_ctr, true), LOW_BITS);
		c->expected += 2;
	}
	if (d->filter) {   /* each register of the filter its part (box_filter.regs) */
		const struct box_filter *f = d->filter;
		uint64_t fm = reg_holding_mask(f->layout), fh = f->hi ? reg_holding_mask(f->hi) : 0;
		for (unsigned k = 0; k < (f->regs ? f->regs->n : 1u); k++) {
			uint32_t r = filter_key(ur->t.env->pci, d, k);
			if (!r)
				continue;   /* its filter function not visible (box_desc.filter_id) */
			(void)reg_one(ur, c, r, filter_part(f, fm, fh, k));
			c->expected++;
		}
	}
	const uint32_t read_only[] = { d->global_ctl, key(ur, d, d->box_ctl, false), d->status_msr };
	for (unsigned i = 0; i < sizeof(read_only) / sizeof(read_only[0]); i++) {
		if (!read_only[i])
			continue;
		(void)reg_one(ur, c, read_only[i], 0);
		c->expected++;
	}
	if (c->result == SELFTEST_PASS)
		st_why(c, d->filter ? "exist; controls, counters and filters hold their writable "
			  "bits" : "exist; controls and counters hold their writable bits");
}

/* All ones at the width the seeds give (44 or 48) must read back, no more, no less. */
static void check_box_width(struct unc_run *ur, const struct box_desc *d)
{
	char name[SELFTEST_NAME_MAX];
	const unsigned idx[2] = { 0, UNCORE_FIXED };
	name_with(name, sizeof(name), "width ", d);
	for (unsigned k = 0; k < 2; k++) {
		uint32_t ctr = key(ur, d, box_ctr_msr(d, idx[k]), true);
		unsigned w = box_counter_width(d, idx[k]);
		uint64_t got = 0;
		if (!ctr)
			continue;
		pmu_status st = st_write(&ur->t, ctr, 0);
		if (!st)
			st = pmu_reg_write(ur->t.env->b, ur->t.env->cpu, ctr, mask_of(w));
		if (!st)
			st = st_read(&ur->t, ctr, &got);
		/* a counter its enabled control moves may have saturated (AMD UMC: bit 48) */
		if (!st && d->ops && d->ops->saturated && d->ops->saturated(got))
			got &= mask_of(w);
		if (!st && got == mask_of(w))
			continue;
		struct selftest_check *c = st_add(&ur->t, name, SELFTEST_FAIL, w, st ? 0 : st_ones(got));
		why_reg(c, ctr);
		st_why(c, st ? ": " : " holds ");
		if (st) {
			st_why(c, pmu_status_str(st));
			return;
		}
		st_why_dec(c, st_ones(got));
		st_why(c, " bits, the seeds say ");
		st_why_dec(c, w);
		return;
	}
	struct selftest_check *c = st_add(&ur->t, name, SELFTEST_PASS, d->counter_width, d->counter_width);
	st_why(c, "all ones read back at the width the seeds give");
}

/* ---- counting through the engine ---- */

static struct pmu_event_req ureq(const struct box_desc *d, uint64_t config, int fixed, unsigned ctr)
{
	struct pmu_event_req r;
	pmu_memset(&r, 0, sizeof(r));
	pmu_strlcpy(r.name, d->name, sizeof(r.name));
	r.box = d;
	r.config = config;
	r.fixed = fixed;
	r.counter_mask = fixed >= 0 ? 0 : 1u << ctr;
	return r;
}

/* The never-occurring event shaped by threshold 1, invert and edge through the box layout. */
static uint64_t shaped(const struct box_desc *d, uint32_t code, bool inv, bool edge)
{
	static const char *const names[] = { "cmask", "inv", "edge" };
	const uint64_t vals[] = { 1, inv, edge };
	uint64_t w = code;
	for (unsigned i = 0; i < 3; i++) {
		const struct reg_field *f = reg_find_field(d->ctl_layout, names[i], pmu_strlen(names[i]));
		if (f && vals[i])
			(void)reg_set_field(&w, f, vals[i]);
	}
	return w;
}

static uint64_t mbox_config(unsigned mode)
{
	return MBOX_CLOCKTICKS << 9 | MBOX_WRAP | (uint64_t)mode << 2;
}

struct unc_job {
	const struct pmu_event_req *reqs;
	unsigned n;
	uint64_t preload[SELFTEST_UNC_EVENTS];   /* 0: none */
	int freeze;                   /* event to freeze after freeze_n, -1: none */
};

static void run_kernel(struct unc_run *ur)
{
	const struct kernel_desc *k = kernel_find("inst");
	struct selftest_call call;
	st_call(&ur->t, &call, k, ur->t.env->iterations);
	uint64_t smi = st_smi_read(&ur->t);
	(void)st_run(&ur->t, &call);
	ur->t.r->smi += st_smi_read(&ur->t) - smi;
}

/* plan, preload, program, start, inst kernel, stop, read, restore: the first error wins. */
static pmu_status unc_measure(struct unc_run *ur, const struct unc_job *j)
{
	struct uncore_session *s = &ur->t.r->scratch.unc.s;
	const struct selftest_env *env = ur->t.env;
	uncore_session_init(s, ur->t.r->scratch.unc.tables, SELFTEST_UNC_EVENTS);
	pmu_status st = uncore_plan(s, env->ci->uncore, j->reqs, j->n);
	for (unsigned i = 0; i < j->n && !st; i++)
		if (j->preload[i])
			st = uncore_set_preload(s, i, j->preload[i]);
	if (!st && j->freeze >= 0)
		st = uncore_freeze_after(s, (unsigned)j->freeze, FREEZE_AFTER);
	if (!st)
		st = uncore_program(s, env->b, env->cpu, env->force ? UNCORE_FORCE : 0);
	if (!st)
		st = uncore_start(s);
	if (!st) {
		run_kernel(ur);
		st = uncore_stop(s);
	}
	if (!st)
		st = uncore_read(s);
	pmu_status rst = uncore_restore(s);
	restore_tally_add(&ur->t.r->readback, &s->readback);
	return st ? st : rst;
}

static bool job_failed(struct unc_run *ur, const char *name, pmu_status st)
{
	if (!st)
		return false;
	const struct uncore_session *s = &ur->t.r->scratch.unc.s;
	struct selftest_check *c = st_add(&ur->t, name, st == PMU_ERR_IN_USE ? SELFTEST_SKIP :
					  SELFTEST_FAIL, 0, 0);
	st_why(c, pmu_status_str(st));
	if (s->fault_msr) {
		st_why(c, " at ");
		st_why_hex(c, s->fault_msr);
	}
	return true;
}

static void check_clock(struct unc_run *ur)
{
	const struct box_desc *m0 = box(ur, "uncore_mbox_0");
	if (m0 && m0->clock_msr) {
		/* No fixed counter on EX: the M-box's free-running clock (its type's clock_msr). */
		uint64_t a = 0, b = 0;
		pmu_status st = st_read(&ur->t, m0->clock_msr, &a);
		run_kernel(ur);
		if (!st)
			st = st_read(&ur->t, m0->clock_msr, &b);
		if (job_failed(ur, "clock", st))
			return;
		uint64_t d = counter_delta(a, b, m0->clock_width);
		struct selftest_check *c = st_add(&ur->t, "clock", d ? SELFTEST_PASS : SELFTEST_FAIL, 1, d);
		st_why(c, "M-box 0 TIMESTAMP advanced (16 bits, free running)");
		return;
	}
	const struct box_desc *d = ur->plan ? box(ur, ur->plan->box) : NULL;
	if (!d || !d->fixed_ctr) {
		st_skip(&ur->t, "clock", "no fixed clock counter on this uncore", PMU_OK);
		return;
	}
	const struct pmu_event_req r[] = { ureq(d, 0, 0, 0) };
	struct unc_job j = { r, 1, { 0 }, -1 };
	if (job_failed(ur, "clock", unc_measure(ur, &j)))
		return;
	uint64_t n = ur->t.r->scratch.unc.s.ev[0].delta;
	struct selftest_check *c = st_add(&ur->t, "clock", n ? SELFTEST_PASS : SELFTEST_FAIL, 1, n);
	st_why(c, "fixed clock counter advanced");
}

/*
 * Intel 327043-001 and SDM Vol. 3B 18.8.2.2: threshold 1 on a never-event counts 0; inverted it
 * counts every clock; edge once.
 */
static void check_shaping(struct unc_run *ur)
{
	static const char *const names[] = { "uncore threshold", "uncore invert", "uncore edge" };
	const struct box_desc *d = ur->plan && ur->plan->box ? box(ur, ur->plan->box) : NULL;
	if (!d || !d->fixed_ctr || d->n_counters < 2) {
		for (unsigned i = 0; i < 3; i++)
			st_skip(&ur->t, names[i], "this uncore has no threshold / invert / edge logic", PMU_OK);
		return;
	}
	uint32_t never = ur->plan->never;
	const struct pmu_event_req r1[] = {
		ureq(d, shaped(d, never, false, false), -1, 0), ureq(d, shaped(d, never, true, false), -1, 1),
		ureq(d, 0, 0, 0),
	};
	const struct pmu_event_req r2[] = { ureq(d, shaped(d, never, true, true), -1, 0), ureq(d, 0, 0, 0) };
	struct unc_job j1 = { r1, 3, { 0 }, -1 }, j2 = { r2, 2, { 0 }, -1 };
	const struct uncore_session *s = &ur->t.r->scratch.unc.s;
	pmu_status st = unc_measure(ur, &j1);
	uint64_t thr = s->ev[0].delta, inv = s->ev[1].delta, clk = s->ev[2].delta;
	if (!st)
		st = unc_measure(ur, &j2);
	if (st) {
		for (unsigned i = 0; i < 3; i++)
			job_failed(ur, names[i], st);
		return;
	}
	uint64_t edge = s->ev[0].delta;
	struct selftest_check *c = st_add(&ur->t, names[0], thr ? SELFTEST_FAIL : SELFTEST_PASS, 0, thr);
	st_why(c, "threshold 1 on an event that never occurs");
	c = st_add(&ur->t, names[1], st_near(inv, clk, 16 + clk / 1000) ? SELFTEST_PASS : SELFTEST_FAIL,
		   clk, inv);
	st_why(c, "inverted threshold 1 counts every clock (tolerance 16 + 0.1%)");
	c = st_add(&ur->t, names[2], edge >= 1 && edge <= 2 ? SELFTEST_PASS : SELFTEST_FAIL, 1, edge);
	st_why(c, "edge of an always-true condition: one rising edge");
}

/* A counter preloaded 16 below the top wraps and sets its status bit; the clear works. */
static void check_overflow(struct unc_run *ur)
{
	const struct box_desc *d = NULL;
	struct pmu_event_req r[1];
	if (ur->t.env->ci->uncore == UNCORE_NHM_EX && (d = box(ur, "uncore_mbox_0")))
		r[0] = ureq(d, mbox_config(MODE_UP), -1, 0);
	else if (ur->plan && ur->plan->box && (d = box(ur, ur->plan->box)))
		r[0] = ureq(d, shaped(d, ur->plan->never, true, false), -1, 0);
	if (!d) {
		st_skip(&ur->t, "uncore overflow", "no counter with a known event on this uncore", PMU_OK);
		return;
	}
	struct unc_job j = { r, 1, { mask_of(d->counter_width) - NEAR_TOP + 1 }, -1 };
	if (job_failed(ur, "uncore overflow", unc_measure(ur, &j)))
		return;
	const struct uncore_counter *e = &ur->t.r->scratch.unc.s.ev[0];
	uint64_t after = 0;
	bool wrapped = e->end < e->start, cleared = true;
	if (d->status_msr && !st_read(&ur->t, d->status_msr, &after))
		cleared = !((after >> d->status->ctr_bit0) & 1);
	bool ok = wrapped && (!d->status_msr || (e->ovf_known && e->overflow && cleared));
	struct selftest_check *c = st_add(&ur->t, "uncore overflow", ok ? SELFTEST_PASS : SELFTEST_FAIL,
					  d->status_msr ? 2 : 1, wrapped + (e->overflow && cleared));
	if (!wrapped)
		st_why(c, "did not wrap");
	else if (!d->status_msr)
		st_why(c, "wrapped; this box has no overflow status register");
	else if (!e->overflow)
		st_why(c, "wrapped but its status bit is not set");
	else if (!cleared)
		st_why(c, "status bit set, the overflow control did not clear it");
	else
		st_why(c, "wrapped, set its status bit, the clear worked");
}

/* Intel 323535-001: count_mode up, down and both on the M-box clock, and freeze after N. */
static void check_mbox(struct unc_run *ur)
{
	const struct box_desc *d = ur->t.env->ci->uncore == UNCORE_NHM_EX ? box(ur, "uncore_mbox_0") : NULL;
	if (!d) {
		st_skip(&ur->t, "mbox count modes", "no M-box on this uncore (NHM-EX, WSM-EX only)", PMU_OK);
		st_skip(&ur->t, "mbox freeze", "no M-box on this uncore (NHM-EX, WSM-EX only)", PMU_OK);
		return;
	}
	const struct uncore_session *s = &ur->t.r->scratch.unc.s;
	const struct pmu_event_req modes[] = {
		ureq(d, mbox_config(MODE_UP), -1, 0), ureq(d, mbox_config(MODE_DOWN), -1, 1),
		ureq(d, mbox_config(MODE_BOTH), -1, 2),
	};
	struct unc_job j = { modes, 3, { 0, 1ull << 47, 0 }, -1 };
	if (!job_failed(ur, "mbox count modes", unc_measure(ur, &j))) {
		uint64_t up = s->ev[0].delta, down = s->ev[1].start - s->ev[1].end, both = s->ev[2].delta;
		uint64_t tol = 16 + up / 1000;
		bool ok = up && st_near(down, up, tol) && st_near(both, up, tol);
		struct selftest_check *c = st_add(&ur->t, "mbox count modes", ok ? SELFTEST_PASS :
						  SELFTEST_FAIL, up, down);
		st_why(c, "clock ticks: up +");
		st_why_dec(c, up);
		st_why(c, ", down -");
		st_why_dec(c, down);
		st_why(c, ", both +");
		st_why_dec(c, both);
	}
	const struct pmu_event_req fr[] = {
		ureq(d, mbox_config(MODE_UP), -1, 0), ureq(d, mbox_config(MODE_UP), -1, 1),
	};
	struct unc_job jf = { fr, 2, { 0 }, 0 };
	if (job_failed(ur, "mbox freeze", unc_measure(ur, &jf)))
		return;
	uint64_t n = s->ev[1].delta;
	struct selftest_check *c = st_add(&ur->t, "mbox freeze", n >= FREEZE_AFTER + 1 &&
					  n <= FREEZE_AFTER + 1 + FREEZE_TOL ? SELFTEST_PASS : SELFTEST_FAIL,
					  FREEZE_AFTER + 1, n);
	st_why(c, "freeze after 100: a second counter stops at 101 (+8)");
}

/* A PCI box the package's scan did not find: one SKIP saying why (never a write). */
static bool pci_box_there(struct unc_run *ur, const struct box_desc *d)
{
	char name[SELFTEST_NAME_MAX];
	if (key(ur, d, d->box_ctl, false))
		return true;
	name_with(name, sizeof(name), "pci ", d);
	st_skip(&ur->t, name, ur->t.env->pci ? "not visible on this package: hidden by firmware or "
		"not populated" : "the PCI boxes were not scanned", PMU_OK);
	return false;
}

/* The bits of d's box control layout named name (0: none), or the SNB-EP bit dflt without one. */
static uint64_t box_bit(const struct box_desc *d, const char *name, uint64_t dflt)
{
	if (!d->box || !d->box->layout)
		return dflt;
	const struct reg_field *f = reg_find_field(d->box->layout, name, pmu_strlen(name));
	return f ? reg_field_mask(f) : 0;
}

/*
 * The box control's counter reset (bit 1, Intel 327043; bit 9 in a discovered unit's generic
 * box control) zeroes every counter of the box; written with the box frozen.
 */
static void check_box_reset(struct unc_run *ur, const struct box_desc *d)
{
	char name[SELFTEST_NAME_MAX];
	uint64_t got = 0;
	uint32_t box = key(ur, d, d->box_ctl, false), ctr = key(ur, d, box_ctr_msr(d, 0), true);
	name_with(name, sizeof(name), "reset ", d);
	pmu_status st = st_write(&ur->t, ctr, LOW_BITS);
	if (!st)
		st = st_write(&ur->t, box, box_bit(d, "rst_ctrs", BOX_RST_CTRS) |
			      box_bit(d, "frz_en", BOX_FRZ_EN) | box_bit(d, "frz", BOX_FRZ));
	if (!st)
		st = st_read(&ur->t, ctr, &got);
	struct selftest_check *c = st_add(&ur->t, name, !st && !got ? SELFTEST_PASS : SELFTEST_FAIL,
					  0, got);
	if (st) {
		st_why(c, pmu_status_str(st));
		return;
	}
	st_why(c, got ? "counter 0 kept " : "the box control's reset zeroed counter 0");
	if (got)
		st_why_hex(c, got);
}

/*
 * A saved counter of box d read back modulo its width (uncore_restore's rule): it counts on
 * where its control as found enables it, or where the box drops counter writes while the
 * control is stopped (ctr_gate_on left it enabled until the control is put back, after it).
 */
static unsigned unc_refine(const struct selftest_run *t, struct own_reg *r, const void *ctx)
{
	const struct unc_run *ur = (const struct unc_run *)t;
	const struct box_desc *d = ctx;
	bool gated = d->ops && d->ops->ctr_write_gated;
	for (unsigned i = 0; i < d->n_counters; i++)
		if (r->msr == key(ur, d, box_ctr_msr(d, i), true))
			return st_counter(r, box_counter_width(d, i), gated ||
					  (st_found(t, key(ur, d, box_ctl_msr(d, i), d->ctl_wide)) &
					   d->enable_mask));
	if (d->fixed_ctr && d->fixed_ctl && r->msr == key(ur, d, d->fixed_ctr, true))
		return st_counter(r, box_counter_width(d, UNCORE_FIXED),
				  st_found(t, key(ur, d, d->fixed_ctl, false)) & d->fixed_enable_mask);
	return 0;   /* last saved first, as the box's writes need */
}

/* ---- the package ---- */

/* False (with one SKIP saying why) when there is no uncore to check. */
static bool uncore_there(struct unc_run *ur)
{
	const struct cpu_info *ci = ur->t.env->ci;
	const struct box_desc *first = NULL;
	struct uncore_probe pr;
	const struct box_set *boxes = ur->t.env->boxes;
	for (unsigned i = 0; boxes && i < boxes->n && !first; i++)
		if (boxes->box[i].d.family == ci->uncore)
			first = &boxes->box[i].d;
	if (!first) {
		st_skip(&ur->t, "uncore PMU", ci->uncore == UNCORE_UNCONFIRMED ?
			"this model's uncore is unconfirmed (not in Linux uncore.c's model table): not probed" :
			"no uncore PMU known for this CPU model", PMU_OK);
		return false;
	}
	pmu_status st = uncore_probe_holds(ur->t.env->b, ur->t.env->cpu, first, &pr);
	restore_tally_add(&ur->t.r->readback, &pr.restored);   /* the control it put back */
	if (!st || st == PMU_ERR_IN_USE)
		return true;
	bool held = st == PMU_ERR_NOT_HELD;
	struct selftest_check *c = st_add(&ur->t, "uncore PMU", SELFTEST_SKIP, held ? pr.pattern[0] : 0,
					  pr.readback[0]);
	st_why(c, "absent: ");
	st_why_hex(c, pr.msr);
	if (held) {
		st_why(c, " does not hold values (wrote ");
		st_why_hex(c, pr.pattern[0]);
		st_why(c, ", read ");
		st_why_hex(c, pr.readback[0]);
		st_why(c, ")");
	} else {
		st_why(c, ": ");
		st_why(c, pmu_status_str(st));
	}
	return false;
}

void selftest_uncore(const struct selftest_env *env, uint32_t package, struct selftest_report *r)
{
	struct unc_run ur;
	pmu_memset(&ur, 0, sizeof(ur));
	st_begin(&ur.t, env, r, SELFTEST_PACKAGE, package);
	if (!uncore_there(&ur)) {
		r->absent = true;
		return;
	}
	for (unsigned i = 0; i < sizeof(plans) / sizeof(plans[0]); i++)
		if (plans[i].fam == env->ci->uncore)
			ur.plan = &plans[i];
	unsigned absent_chas = 0;
	for (unsigned i = 0; env->boxes && i < env->boxes->n; i++) {
		const struct box_desc *d = &env->boxes->box[i].d;
		if (d->family != env->ci->uncore || (env->ccx_only && !d->per_ccx))
			continue;
		if (d->pci && !pci_box_there(&ur, d))
			continue;
		if (d->cha_unit && env->pci && env->pci->ncha && d->cha_unit > env->pci->ncha) {
			absent_chas++;   /* never touched: the part has fewer (one SKIP below) */
			continue;
		}
		if (d->pci)
			check_box_reset(&ur, d);
		check_box_regs(&ur, d);
		check_box_width(&ur, d);
		st_restore(&ur.t, unc_refine, d);   /* box by box: the save list holds one box */
	}
	if (absent_chas) {
		struct selftest_check *c = st_add(&ur.t, "CHAs", SELFTEST_SKIP, env->pci->ncha, 0);
		st_why_dec(c, absent_chas);
		st_why(c, " CHA boxes not present: CAPID6 counts ");
		st_why_dec(c, env->pci->ncha);
	}
	st_restore_check(&ur.t);
	if (env->ccx_only)
		return;   /* the package's checks ran on its first CCX */
	check_clock(&ur);
	check_overflow(&ur);
	check_shaping(&ur);
	check_mbox(&ur);
	st_smi_check(&ur.t);
}
