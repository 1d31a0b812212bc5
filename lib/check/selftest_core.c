/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Core PMU checks of the validation suite (Intel SDM Vol. 3B 18.2, 18.13.2.1).
 * Phase 1 drives the registers directly (everything written is saved first and
 * put back at the end of the phase); phase 2 measures kernels through the core
 * engine, which restores what it writes itself.
 */
#include "check/selftest.h"
#include "pmu/counter.h"
#include "util/fmt.h"
#include "hw/layouts_core.h"
#include "hw/msr.h"
#include "pmu/window.h"

/*
 * Intel's architectural events (Intel SDM Vol. 3B table 18-1); other vendors' by generic name
 * (ev_code).
 */
#define EV_INST      0x00C0u   /* Instruction Retired */
#define EV_CYCLES    0x003Cu   /* UnHalted Core Cycles */
#define EV_REF       0x013Cu   /* UnHalted Reference Cycles */
#define EV_BRANCHES  0x00C4u   /* Branch Instructions Retired */
#define LOW_BITS     0x7FFFFFFFull   /* what every counter write path stores as written */
#define NEAR_TOP     16        /* a preloaded counter wraps after this many events */
#define GATE_ITERATIONS 100    /* inst kernel runs of the register checks */
#define CMASK_NEVER  16        /* no CPU here retires 16 instructions in one cycle */
#define CYCLES_TOL_PERMILLE 20 /* reference cycles vs the TSC: 2% ... */
#define CYCLES_TOL_ABS 2000    /* ... plus the two wrmsrs and the TSC reads */

struct core_run {
	struct selftest_run t;     /* first: st_restore hands it back */
	struct core_pmu p;
	uint32_t gp_ok, fixed_ok;  /* counters whose registers passed */
	bool globals_ok;
};

static uint64_t bit(unsigned n)
{
	return 1ull << n;
}

/*
 * The code of an event the checks use: Intel's architectural one, or on a PMU that names
 * its own generic events (AMD: hw/core_pmus.c) that of `generic`, event bits 11:8 in
 * 35:32; 0 where it has none (ref-cycles on AMD).
 */
static uint64_t ev_code(const struct core_pmu *p, const char *generic, uint32_t intel)
{
	const struct core_pmu_desc *d = p->desc;
	if (!d->generic)
		return intel;
	for (unsigned i = 0; i < d->n_generic; i++)
		if (!pmu_strcmp(d->generic[i].name, generic))
			return (d->generic[i].event & 0xFFu) | (uint64_t)d->generic[i].umask << 8 |
			       (uint64_t)(d->generic[i].event >> 8) << 32;
	return 0;
}

/* An event-select word from the layout's fields: code, both rings, cmask / inv / edge. */
static uint64_t evtsel(const struct core_pmu *p, uint64_t code, unsigned cmask, bool inv,
		       bool edge, bool en)
{
	static const char *const names[] = { "usr", "os", "cmask", "inv", "e", "en" };
	const uint64_t vals[] = { 1, 1, cmask, inv, edge, en };
	uint64_t w = code;
	for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		const struct reg_field *f =
			reg_find_field(p->desc->sel, names[i], pmu_strlen(names[i]));
		if (f && vals[i])
			(void)reg_set_field(&w, f, vals[i]);
	}
	return w;
}

/*
 * A saved record as own_restore and its read-back need it (pmu/ownership.h), ranked as the
 * engine's: counters (PMCx through IA32_A_PMCx, or legacy as its low 32 bits), other
 * registers, PERFEVTSELx (EN off first: Intel SDM Vol. 3B 18.2, before PMCx is written),
 * FIXED_CTR_CTRL, GLOBAL_CTRL (off first). A counter firmware left enabled counts on once its
 * controls are back.
 */
static unsigned core_refine(const struct selftest_run *t, struct own_reg *r, const void *ctx)
{
	const struct core_pmu *p = ctx;
	const struct core_pmu_desc *d = p->desc;
	uint64_t global = d->global_ctrl ? st_found(t, d->global_ctrl) : ~0ull;
	for (unsigned n = 0; n < p->n_gp; n++) {
		uint32_t sel = core_sel_msr(d, n), ctr = core_ctr_msr(d, n), wide = core_wide_msr(d, n);
		if (r->msr == sel) {
			r->quiet = r->orig & ~CORE_SEL_EN;
			r->has_quiet = true;
			return 2;
		}
		if (r->msr != ctr && r->msr != wide)
			continue;
		if (r->msr == ctr && p->fw_write)
			r->wr_msr = wide;
		else if (r->msr == ctr) {
			r->restore_val = (uint32_t)r->orig;
			r->inexact = !counter_legacy_writable(r->orig, p->gp_width);
		}
		return st_counter(r, p->gp_width, (st_found(t, sel) & CORE_SEL_EN) && (global >> n & 1));
	}
	for (unsigned i = 0; i < p->n_fixed; i++)
		if (r->msr == core_fixed_msr(d, i))
			return st_counter(r, p->fixed_width, (st_found(t, d->fixed_ctrl) >> (4 * i) & 3) &&
					  (global >> (CORE_FIXED_BIT + i) & 1));
	if (d->global_ctrl && r->msr == d->global_ctrl) {
		r->quiet = 0;
		r->has_quiet = true;
		return 4;
	}
	return d->fixed_ctrl && r->msr == d->fixed_ctrl ? 3 : 1;
}

/* ---- phase 1: registers ---- */

enum reg_kind { REG_HOLDS, REG_READ, REG_COMMAND };
enum reg_use { USE_GP, USE_FIXED, USE_FIXED_CTRL, USE_GLOBAL };

struct reg_group {
	const char *reg;   /* the register's name; the check is "msr <reg>" */
	uint32_t msr;
	uint8_t stride;    /* from one counter's register to the next */
	unsigned n;
	uint8_t kind;      /* enum reg_kind */
	uint8_t use;       /* enum reg_use: what a failure takes out of the later checks */
	uint64_t mask;     /* REG_HOLDS: the bits written and compared */
};

/* Fixed counter nibbles the suite may write: the enables, AnyThread where it exists, never PMI. */
static uint64_t fixed_ctrl_mask(const struct core_pmu *p)
{
	uint64_t m = 0;
	for (unsigned i = 0; i < p->n_fixed; i++)
		m |= (p->anythread ? 0x7ull : 0x3ull) << (4 * i);
	return m & reg_holding_mask(&layout_fixed_ctr_ctrl);
}

static uint64_t counter_bits(const struct core_pmu *p)
{
	return (bit(p->n_gp) - 1) | (bit(p->n_fixed) - 1) << CORE_FIXED_BIT;
}

static unsigned reg_groups(const struct core_pmu *p, struct reg_group *g)
{
	const struct core_pmu_desc *d = p->desc;
	/* EN, INT and refused bits (AMD Host/Guest Only) stay clear: patterns must not count. */
	uint64_t sel = reg_holding_mask(d->sel) & ~(CORE_SEL_EN | bit(20) | d->sel_refused);
	unsigned v2 = d->global_ctrl != 0, fixed = d->fixed_ctrl != 0;
	if (!p->anythread)
		sel &= ~CORE_SEL_ANY;
	sel &= ~p->sel_absent;
	const struct reg_group all[] = {
		{ d->sel_name, d->sel_base, d->stride, p->n_gp, REG_HOLDS, USE_GP, sel },
		{ d->ctr_name, d->ctr_base, d->stride, p->n_gp, REG_HOLDS, USE_GP, LOW_BITS },
		{ "A_PMC", d->wide_base, d->stride, p->fw_write && d->wide_base ? p->n_gp : 0,
		  REG_HOLDS, USE_GP, LOW_BITS },
		{ "FIXED_CTR", d->fixed_base, d->fixed_stride, p->n_fixed, REG_HOLDS, USE_FIXED, LOW_BITS },
		{ "FIXED_CTR_CTRL", d->fixed_ctrl, 1, fixed, REG_HOLDS, USE_FIXED_CTRL,
		  fixed_ctrl_mask(p) },
		{ d->gctl_name, d->global_ctrl, 1, v2, REG_HOLDS, USE_GLOBAL, counter_bits(p) },
		{ d->gstatus_name, d->global_status, 1, v2, REG_READ, USE_GLOBAL, 0 },
		{ d->gclear_name, d->global_clear, 1, v2, REG_COMMAND, USE_GLOBAL, 0 },
	};
	unsigned n = 0;
	for (unsigned i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		if (all[i].n)
			g[n++] = all[i];
	return n;
}

static pmu_status reg_check(struct selftest_run *t, const struct reg_group *g, unsigned i,
			    uint64_t *wrote, uint64_t *read)
{
	uint32_t msr = g->msr + i * g->stride;
	*wrote = *read = 0;
	if (g->kind == REG_READ)
		return st_read(t, msr, read);
	if (g->kind == REG_COMMAND)
		return pmu_wrmsr(t->env->b, t->env->cpu, msr, 0);   /* clears nothing */
	return st_holds(t, msr, g->mask, wrote, read);
}

static void reg_reason(struct selftest_check *c, const struct reg_group *g, unsigned i, pmu_status st,
		       uint64_t wrote, uint64_t read)
{
	st_why(c, g->reg);
	if (g->n > 1)
		st_why_dec(c, i);
	st_why(c, " (");
	st_why_hex(c, g->msr + i * g->stride);
	st_why(c, "): ");
	if (st != PMU_ERR_NOT_HELD) {
		st_why(c, pmu_status_str(st));
		return;
	}
	st_why(c, "wrote ");
	st_why_hex(c, wrote);
	st_why(c, ", read ");
	st_why_hex(c, read);
}

static void lose(struct core_run *cr, const struct reg_group *g, unsigned i)
{
	switch (g->use) {
	case USE_GP:
		cr->gp_ok &= ~(1u << i);
		break;
	case USE_FIXED:
		cr->fixed_ok &= ~(1u << i);
		break;
	case USE_FIXED_CTRL:
		cr->fixed_ok = 0;
		break;
	default:
		cr->globals_ok = false;
	}
}

static void check_registers(struct core_run *cr)
{
	static const char *const what[] = {
		[REG_HOLDS] = "exist and hold their writable bits",
		[REG_READ] = "exists (read only)",
		[REG_COMMAND] = "exists (write 1 to clear)",
	};
	struct reg_group g[8];
	unsigned ng = reg_groups(&cr->p, g);
	for (unsigned k = 0; k < ng; k++) {
		char name[SELFTEST_NAME_MAX];
		struct strbuf sb;
		sb_init(&sb, name, sizeof(name));
		sb_puts(&sb, "msr ");
		sb_puts(&sb, g[k].reg);
		struct selftest_check *c = st_add(&cr->t, name, SELFTEST_PASS, g[k].n, 0);
		for (unsigned i = 0; i < g[k].n; i++) {
			uint64_t wrote, read;
			pmu_status st = reg_check(&cr->t, &g[k], i, &wrote, &read);
			if (!st) {
				c->measured++;
				continue;
			}
			lose(cr, &g[k], i);
			if (c->result != SELFTEST_FAIL) {
				st_fail(&cr->t, c);
				reg_reason(c, &g[k], i, st, wrote, read);
			}
		}
		if (c->result == SELFTEST_PASS)
			st_why(c, what[g[k].kind]);
	}
}

static void check_width(struct core_run *cr, bool fixed)
{
	const struct core_pmu *p = &cr->p;
	unsigned n = fixed ? p->n_fixed : p->n_gp, want = fixed ? p->fixed_width : p->gp_width;
	uint32_t ok = fixed ? cr->fixed_ok : cr->gp_ok;
	bool full = fixed || p->fw_write;
	const char *name = fixed ? "width fixed" : "width gp";
	if (!n || !ok) {
		st_skip(&cr->t, name, n ? "its registers failed above" : "no fixed counters", PMU_OK);
		return;
	}
	for (unsigned i = 0; i < n; i++) {
		uint32_t ctr = fixed ? core_fixed_msr(p->desc, i) : core_ctr_msr(p->desc, i);
		uint32_t load = fixed || !p->fw_write ? ctr : core_wide_msr(p->desc, i);
		uint64_t got = 0;
		if (!((ok >> i) & 1))
			continue;
		/*
		 * All ones: full width where allowed, else a legacy write sign-extends bit 31 up.
		 */
		pmu_status st = st_write(&cr->t, ctr, 0);
		if (!st)
			st = pmu_wrmsr(cr->t.env->b, cr->t.env->cpu, load,
				       full ? counter_mask(want) : 0xFFFFFFFFull);
		if (!st)
			st = st_read(&cr->t, ctr, &got);
		if (!st && got == counter_mask(want))
			continue;
		struct selftest_check *c = st_add(&cr->t, name, SELFTEST_FAIL, want, st ? 0 : st_ones(got));
		st_why(c, fixed ? "FIXED_CTR" : p->desc->ctr_name);
		st_why_dec(c, i);
		if (st) {
			st_why(c, ": ");
			st_why(c, pmu_status_str(st));
			return;
		}
		st_why(c, " holds ");
		st_why_dec(c, st_ones(got));
		st_why(c, " bits (read ");
		st_why_hex(c, got);
		st_why(c, "), CPUID says ");
		st_why_dec(c, want);
		return;
	}
	struct selftest_check *c = st_add(&cr->t, name, SELFTEST_PASS, want, want);
	st_why(c, "all ones read back at CPUID's width");
	st_why(c, full ? " (full-width write)" : " (legacy write, sign-extended)");
}

/*
 * The inst kernel between msr = on and msr = off: the global control (on, 0), or on a
 * PMU without one the counter's own select (config | EN, config).
 */
static pmu_status gated(struct core_run *cr, uint32_t msr, uint64_t on, uint64_t off)
{
	struct selftest_run *t = &cr->t;
	const struct kernel_desc *k = kernel_find("inst");
	struct selftest_call call;
	st_call(t, &call, k, GATE_ITERATIONS);
	struct pmu_gated_run g = {
		.on = on, .off = off, .kernel = k->fn, .arg = &call, .desc = k, .msr = msr,
	};
	uint64_t smi = st_smi_read(t), flags = 0;
	/* interrupts off, as in every window (a timer tick would count) */
	bool irq_off = pmu_irq_save(t->env->b, t->env->cpu, &flags);
	pmu_gated_run(t->env->b, t->env->cpu, &g);
	if (irq_off)
		pmu_irq_restore(t->env->b, t->env->cpu, flags);
	t->r->smi += st_smi_read(t) - smi;
	return g.on_st ? g.on_st : g.off_st;
}

/*
 * What ctr counts from 0 in one gated run with its control ctl = val (disabled while
 * loaded): gated by the global control with `on`, or without one by ctl itself, where
 * val's EN is what the enabling write sets.
 */
static pmu_status count_once(struct core_run *cr, uint32_t ctl, uint64_t val, uint32_t ctr,
			     uint64_t on, uint64_t *count)
{
	const struct core_pmu_desc *d = cr->p.desc;
	pmu_status st = st_write(&cr->t, ctl, 0);
	*count = 0;
	if (!st)
		st = st_write(&cr->t, ctr, 0);
	if (!st)
		st = st_write(&cr->t, ctl, d->global_ctrl ? val : val & ~CORE_SEL_EN);
	if (!st)
		st = d->global_ctrl ? gated(cr, d->global_ctrl, on, 0)
				    : gated(cr, ctl, val, val & ~CORE_SEL_EN);
	if (!st)
		st = st_read(&cr->t, ctr, count);
	return st;
}

static unsigned lowest(uint32_t v)
{
	unsigned n = 0;
	while (!((v >> n) & 1))
		n++;
	return n;
}

/* One gating check from counts that must be 0 (off) and one that must not (on). */
static void gate_result(struct core_run *cr, const char *name, pmu_status st, uint64_t off,
			uint64_t on, const char *off_what, const char *on_what)
{
	struct selftest_check *c = st_add(&cr->t, name, SELFTEST_PASS, 0, off);
	if (st) {
		st_fail(&cr->t, c);
		st_why(c, pmu_status_str(st));
		return;
	}
	if (off || !on)
		st_fail(&cr->t, c);
	st_why(c, "counted ");
	st_why_dec(c, off);
	st_why(c, off_what);
	st_why(c, ", ");
	st_why_dec(c, on);
	st_why(c, on_what);
}

static void check_enables(struct core_run *cr)
{
	const struct core_pmu_desc *d = cr->p.desc;
	uint64_t sel = evtsel(&cr->p, ev_code(&cr->p, "instructions", EV_INST), 0, false, false,
			      false);
	uint64_t off = 0, on = 0, x = 0;
	bool globals = d->global_ctrl != 0;
	if ((globals && !cr->globals_ok) || !cr->gp_ok) {
		st_skip(&cr->t, "enable EN", "its registers failed above", PMU_OK);
		st_skip(&cr->t, "enable global", "its registers failed above", PMU_OK);
	} else {
		unsigned g = lowest(cr->gp_ok);
		uint32_t ctl = core_sel_msr(d, g), ctr = core_ctr_msr(d, g);
		pmu_status st = count_once(cr, ctl, sel, ctr, bit(g), &off);
		if (!st)
			st = count_once(cr, ctl, sel | CORE_SEL_EN, ctr, bit(g), &on);
		gate_result(cr, "enable EN", st, off, on, " with EN clear", " with EN set");
		if (!globals)
			st_skip(&cr->t, "enable global",
				"no global control: each counter's EN gates it", PMU_OK);
		else if (!st)
			st = count_once(cr, ctl, sel | CORE_SEL_EN, ctr, 0, &off);
		if (globals)
			gate_result(cr, "enable global", st, off, on,
				    " with its global control bit clear", " with it set");
	}
	if (!cr->globals_ok || !(cr->fixed_ok & 1)) {
		st_skip(&cr->t, "enable fixed ring", cr->p.n_fixed ? "its registers failed above" :
			"no fixed counters", PMU_OK);
		return;
	}
	/* FIXED_CTR0 nibble: 1 = OS only counts here at CPL 0; 2 = user only and 0 = off do not. */
	uint32_t ctl = d->fixed_ctrl, ctr = d->fixed_base;
	uint64_t gbit = bit(CORE_FIXED_BIT);
	pmu_status st = count_once(cr, ctl, 1, ctr, gbit, &on);
	if (!st)
		st = count_once(cr, ctl, 2, ctr, gbit, &off);
	if (!st)
		st = count_once(cr, ctl, 0, ctr, gbit, &x);
	gate_result(cr, "enable fixed ring", st, off + x, on, " with USR only or off at CPL 0",
		    " with OS only");
}

/* A preloaded counter must wrap, set its GLOBAL_STATUS bit, and OVF_CTRL must clear it. */
static void overflow_result(struct core_run *cr, bool fixed, pmu_status st, uint64_t status,
			    uint64_t after)
{
	const struct core_pmu *p = &cr->p;
	unsigned n = fixed ? p->n_fixed : p->n_gp, w = fixed ? p->fixed_width : p->gp_width;
	uint32_t ok = fixed ? cr->fixed_ok : cr->gp_ok;
	const char *name = fixed ? "overflow fixed" : "overflow gp";
	bool globals = p->desc->global_ctrl != 0;
	if (!n || !ok || (globals && !cr->globals_ok)) {
		st_skip(&cr->t, name, n ? "its registers failed above" : "no fixed counters", PMU_OK);
		return;
	}
	unsigned tested = 0;
	for (uint32_t v = ok; v; v &= v - 1)
		tested++;
	struct selftest_check *c = st_add(&cr->t, name, SELFTEST_PASS, tested, 0);
	if (st) {
		st_fail(&cr->t, c);
		st_why(c, "overflow run: ");
		st_why(c, pmu_status_str(st));
		return;
	}
	for (unsigned i = 0; i < n; i++) {
		uint32_t ctr = fixed ? core_fixed_msr(p->desc, i) : core_ctr_msr(p->desc, i);
		unsigned b = fixed ? CORE_FIXED_BIT + i : i;
		uint64_t v = 0;
		const char *bad = NULL;
		if (!((ok >> i) & 1))
			continue;
		if (st_read(&cr->t, ctr, &v) || v >= counter_preload_for(NEAR_TOP, w))
			bad = " did not wrap: reads ";
		else if (globals && !((status >> b) & 1))
			bad = " wrapped but the global status lacks bit ";
		else if (globals && (after >> b) & 1)
			bad = " the global status clear did not clear bit ";
		if (!bad) {
			c->measured++;
			continue;
		}
		if (c->result == SELFTEST_FAIL)
			continue;
		st_fail(&cr->t, c);
		st_why(c, fixed ? "FIXED_CTR" : p->desc->ctr_name);
		st_why_dec(c, i);
		st_why(c, bad);
		if (v >= counter_preload_for(NEAR_TOP, w))
			st_why_hex(c, v);
		else
			st_why_dec(c, b);
	}
	if (c->result == SELFTEST_PASS)
		st_why(c, globals ? "preloaded 16 below the top: wrapped, status bit set, its "
			  "clear cleared it"
			  : "preloaded 16 below the top: wrapped (no global status)");
}

/* Without a global control: each counter preloaded and gated by its own EN in turn. */
static pmu_status overflow_each(struct core_run *cr, uint64_t inst)
{
	const struct core_pmu_desc *d = cr->p.desc;
	uint64_t pre = counter_preload_for(NEAR_TOP, cr->p.gp_width);
	pmu_status st = PMU_OK;
	for (unsigned n = 0; n < cr->p.n_gp && !st; n++) {
		if (!((cr->gp_ok >> n) & 1))
			continue;
		st = st_write(&cr->t, core_sel_msr(d, n), 0);
		if (!st)
			st = st_write(&cr->t, core_ctr_msr(d, n),
				      core_ctr_full(&cr->p) ? pre : (uint32_t)pre);
		if (!st)
			st = st_write(&cr->t, core_sel_msr(d, n), inst);
		if (!st)
			st = gated(cr, core_sel_msr(d, n), inst | CORE_SEL_EN, inst);
	}
	return st;
}

static void check_overflow(struct core_run *cr)
{
	const struct core_pmu *p = &cr->p;
	const struct core_pmu_desc *d = p->desc;
	struct selftest_run *t = &cr->t;
	uint64_t inst = evtsel(p, ev_code(p, "instructions", EV_INST), 0, false, false, false);
	uint64_t on = 0, fixed_ctrl = 0, status = 0, after = 0;
	pmu_status st = PMU_OK;
	if (!d->global_ctrl) {
		st = overflow_each(cr, inst);
		overflow_result(cr, false, st, 0, 0);
		overflow_result(cr, true, st, 0, 0);
		return;
	}
	for (unsigned n = 0; n < p->n_gp && cr->globals_ok; n++) {
		if (!((cr->gp_ok >> n) & 1))
			continue;
		/* A legacy write of the low 32 bits sign-extends to 2^width - 16. */
		uint64_t pre = counter_preload_for(NEAR_TOP, p->gp_width);
		if (!st)
			st = st_write(t, core_sel_msr(d, n), 0);
		if (!st)
			st = st_write(t, core_ctr_msr(d, n), core_ctr_full(p) ? pre : (uint32_t)pre);
		if (!st)
			st = st_write(t, core_sel_msr(d, n), inst | CORE_SEL_EN);
		on |= bit(n);
	}
	for (unsigned i = 0; i < p->n_fixed && cr->globals_ok; i++) {
		if (!((cr->fixed_ok >> i) & 1))
			continue;
		if (!st)
			st = st_write(t, core_fixed_msr(d, i),
				      counter_preload_for(NEAR_TOP, p->fixed_width));
		fixed_ctrl |= 3ull << (4 * i);
		on |= bit(CORE_FIXED_BIT + i);
	}
	if (on) {
		if (!st && fixed_ctrl)
			st = st_write(t, d->fixed_ctrl, fixed_ctrl);
		if (!st)
			st = pmu_wrmsr(t->env->b, t->env->cpu, d->global_clear, on);
		if (!st)
			st = gated(cr, d->global_ctrl, on, 0);
		if (!st)
			st = st_read(t, d->global_status, &status);
		if (!st && (status & on))
			st = pmu_wrmsr(t->env->b, t->env->cpu, d->global_clear, status & on);
		if (!st)
			st = st_read(t, d->global_status, &after);
	}
	overflow_result(cr, false, st, status, after);
	overflow_result(cr, true, st, status, after);
}

/* ---- phase 2: kernels through the core engine ---- */

static struct pmu_event_req req(const char *name, uint64_t config, int fixed)
{
	struct pmu_event_req r;
	pmu_memset(&r, 0, sizeof(r));
	pmu_strlcpy(r.name, name, sizeof(r.name));
	r.config = config;
	r.fixed = fixed;
	r.counter_mask = 0xFF;
	return r;
}

/*
 * One kernel in the quiet window (pmu/window.c: interrupts off, SMIs counted
 * and the window taken again while they disturb it); the SMIs seen into *smi,
 * whether it never got quiet into *disturbed.
 */
static pmu_status measure(struct core_run *cr, struct core_session *s, const struct core_snapshot *snap,
			  const struct pmu_event_req *reqs, unsigned n, const char *kname, uint64_t *smi,
			  bool *disturbed)
{
	struct selftest_run *t = &cr->t;
	const struct kernel_desc *k = kernel_find(kname);
	struct selftest_call call;
	struct window_result w = { 0 };
	st_call(t, &call, k, t->env->iterations);
	pmu_status st = core_prepare(s, t->env->b, t->env->cpu, snap, reqs, n, t->env->force);
	if (!st) {
		s->desc = k;
		st = pmu_window_measure(s, k->fn, &call, NULL, &w);
	}
	restore_tally_add(&t->r->readback, &s->readback);
	*smi = w.smis;
	*disturbed = w.disturbed;
	t->r->smi += w.smis;
	return st;
}

/* An engine run that failed: SKIP when firmware holds the counters, FAIL otherwise. */
static void engine_failed(struct core_run *cr, const char *name, const struct core_session *s,
			  pmu_status st)
{
	struct selftest_check *c = st_add(&cr->t, name, st == PMU_ERR_IN_USE ? SELFTEST_SKIP :
					  SELFTEST_FAIL, 0, 0);
	st_why(c, s->msg[0] ? s->msg : pmu_status_str(st));
}

/*
 * Count of reqs[i] for kernel kname less the empty kernel's, against the kernel's
 * claim, exactly (each in the quiet window, which retries while SMIs disturb it).
 */
static void check_exact(struct core_run *cr, const struct core_snapshot *snap,
			const struct pmu_event_req *reqs, unsigned n, unsigned i, const char *name,
			const char *kname, enum kernel_event ev)
{
	struct selftest_report *r = cr->t.r;
	struct core_session *empty = &r->scratch.core[0], *run = &r->scratch.core[1];
	const struct kernel_expect *x = kernel_expect_for(kernel_find(kname), ev);
	uint64_t want = (uint64_t)kernel_expected(x, cr->t.env->iterations), got = 0, over = 0;
	uint64_t smi = 0, smi_e = 0;
	bool dist = false, dist_e = false;
	pmu_status st = measure(cr, empty, snap, reqs, n, "empty", &smi_e, &dist_e);
	if (st) {
		engine_failed(cr, name, empty, st);
		return;
	}
	if ((st = measure(cr, run, snap, reqs, n, kname, &smi, &dist))) {
		engine_failed(cr, name, run, st);
		return;
	}
	over = empty->ctr[i].delta;
	got = run->ctr[i].delta - over;
	if (got != want && (dist || dist_e)) {
		/* SMIs in every attempt: the count says nothing of the PMU */
		st_skip(&cr->t, name, "disturbed: SMIs in every attempt of the quiet window", PMU_OK);
		return;
	}
	struct selftest_check *c = st_add(&cr->t, name, got == want ? SELFTEST_PASS : SELFTEST_FAIL,
					  want, got);
	st_why(c, kname);
	st_why(c, " x");
	st_why_dec(c, cr->t.env->iterations);
	st_why(c, ": ");
	st_why(c, reqs[i].name);
	st_why(c, ", overhead ");
	st_why_dec(c, over);
	if (smi + smi_e) {
		st_why(c, ", ");
		st_why_dec(c, smi + smi_e);
		st_why(c, " SMIs");
	}
}

/*
 * Reference cycles tick at the TSC rate (Intel SDM Vol. 3B table 18-1): the inst run against its
 * TSC window.
 */
static void check_cycles(struct core_run *cr, const struct core_session *run, unsigned i)
{
	if (run->phase != CORE_RESTORED || run->st) {
		st_skip(&cr->t, "cycles vs TSC", "the inst kernel run failed", PMU_OK);
		return;
	}
	if (!run->tsc_on && !run->tsc_off) {
		st_skip(&cr->t, "cycles vs TSC", "this backend has no TSC (simulated)", PMU_OK);
		return;
	}
	uint64_t tsc = run->tsc_off - run->tsc_on, ref = run->ctr[i].delta;
	uint64_t tol = tsc / 1000 * CYCLES_TOL_PERMILLE + CYCLES_TOL_ABS;
	struct selftest_check *c = st_add(&cr->t, "cycles vs TSC",
					  st_near(ref, tsc, tol) ? SELFTEST_PASS : SELFTEST_FAIL, tsc, ref);
	st_why(c, "ref-cycles vs TSC ticks, tolerance 2% + 2000");
}

/*
 * Intel SDM Vol. 3B 18.2: CMASK compares per-cycle counts, INV turns >= into <, E counts rising
 * edges. The CMASK=16 run comes first with its never-true condition on counter 0, and the edge
 * event then takes counter 0: its previous state is deasserted even where the last
 * cycle before the run is the last one of the run before (the model's zero-time gaps).
 */
static void check_cmask(struct core_run *cr, const struct core_snapshot *snap)
{
	static const char *const names[] = { "cmask", "invert", "edge" };
	struct core_session *s1 = &cr->t.r->scratch.core[0], *s2 = &cr->t.r->scratch.core[1];
	const struct core_pmu *p = &cr->p;
	uint64_t inst = ev_code(p, "instructions", EV_INST),
		 cyc_ev = ev_code(p, "cycles", EV_CYCLES);
	struct pmu_event_req r1[] = {
		req("inst cmask=1 edge", evtsel(p, inst, 1, false, true, false), -1),
		req("inst cmask=1", evtsel(p, inst, 1, false, false, false), -1),
		req("inst cmask=1 inv", evtsel(p, inst, 1, true, false, false), -1),
		req("cycles", evtsel(p, cyc_ev, 0, false, false, false), -1),
	};
	struct pmu_event_req r2[] = {
		req("inst cmask=16", evtsel(p, inst, CMASK_NEVER, false, false, false), -1),
		req("inst cmask=16 inv", evtsel(p, inst, CMASK_NEVER, true, false, false), -1),
		req("cycles", evtsel(p, cyc_ev, 0, false, false, false), -1),
	};
	uint64_t smi;
	bool disturbed;
	pmu_status st = PMU_OK;
	if (cr->p.n_gp < 4) {
		for (unsigned i = 0; i < 3; i++)
			st_skip(&cr->t, names[i], "needs 4 general-purpose counters", PMU_OK);
		return;
	}
	for (unsigned i = 0; i < 4; i++)
		r1[i].counter_mask = i ? 0xFE : 0x01;
	for (unsigned i = 0; i < 3; i++)
		r2[i].counter_mask = i ? 0xFE : 0x01;
	if ((st = measure(cr, s2, snap, r2, 3, "inst", &smi, &disturbed)) ||
	    (st = measure(cr, s1, snap, r1, 4, "inst", &smi, &disturbed))) {
		for (unsigned i = 0; i < 3; i++)
			engine_failed(cr, names[i], s2->st ? s2 : s1, st);
		return;
	}
	uint64_t e = s1->ctr[0].delta, a = s1->ctr[1].delta, b = s1->ctr[2].delta, cyc = s1->ctr[3].delta;
	uint64_t z = s2->ctr[0].delta, zi = s2->ctr[1].delta, cyc2 = s2->ctr[2].delta;
	uint64_t tol = 16 + cyc / 1000, tol2 = 16 + cyc2 / 1000;

	struct selftest_check *c = st_add(&cr->t, "cmask", z == 0 && a && a <= cyc + tol ?
					  SELFTEST_PASS : SELFTEST_FAIL, 0, z);
	st_why(c, "CMASK=16 counted ");
	st_why_dec(c, z);
	st_why(c, " cycles, CMASK=1 ");
	st_why_dec(c, a);
	st_why(c, " of ");
	st_why_dec(c, cyc);
	c = st_add(&cr->t, "invert", st_near(a + b, cyc, tol) && st_near(zi, cyc2, tol2) ?
		   SELFTEST_PASS : SELFTEST_FAIL, cyc, a + b);
	st_why(c, "CMASK=1 + INV = cycles; CMASK=16 INV ");
	st_why_dec(c, zi);
	st_why(c, " of ");
	st_why_dec(c, cyc2);
	st_why(c, " (tolerance 16 + 0.1%)");
	c = st_add(&cr->t, "edge", e >= 1 && e <= a && e <= b + 1 ? SELFTEST_PASS : SELFTEST_FAIL, 1, e);
	st_why(c, "rising edges of CMASK=1: 1 <= E <= ");
	st_why_dec(c, b + 1);
	st_why(c, " (cycles without retirement + 1)");
}

static void check_kernels(struct core_run *cr)
{
	static const char *const names[] = {
		"kernel inst", "cycles vs TSC", "kernel branch", "cmask", "invert", "edge",
	};
	struct core_snapshot snap;
	pmu_status st = core_snapshot(cr->t.env->b, cr->t.env->cpu, cr->t.env->ci, &snap);
	if (st) {
		for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
			struct selftest_check *c = st_add(&cr->t, names[i], SELFTEST_SKIP, 0, 0);
			st_why(c, "core PMU snapshot failed at ");
			st_why_hex(c, snap.fault_msr);
			st_why(c, ": ");
			st_why(c, pmu_status_str(st));
		}
		return;
	}
	const struct core_pmu *p = &cr->p;
	uint64_t ref = ev_code(p, "ref-cycles", EV_REF);
	const struct pmu_event_req reqs[] = {
		req("instructions",
		    evtsel(p, ev_code(p, "instructions", EV_INST), 0, false, false, false), 0),
		req("branches",
		    evtsel(p, ev_code(p, "branches", EV_BRANCHES), 0, false, false, false), -1),
		req("ref-cycles", evtsel(p, ref, 0, false, false, false), 2),
	};
	/* No reference-cycles event (AMD): the runs leave it out, the TSC check says why. */
	unsigned n = ref ? 3 : 2;
	check_exact(cr, &snap, reqs, n, 0, "kernel inst", "inst", KEV_INSTRUCTIONS);
	if (ref)
		check_cycles(cr, &cr->t.r->scratch.core[1], 2);
	else
		st_skip(&cr->t, "cycles vs TSC", "no reference-cycles event on this CPU's core PMU",
			PMU_OK);
	check_exact(cr, &snap, reqs, n, 1, "kernel branch", "branch", KEV_BRANCHES);
	check_cmask(cr, &snap);
}

void selftest_core(const struct selftest_env *env, struct selftest_report *r)
{
	struct core_run cr;
	pmu_memset(&cr, 0, sizeof(cr));
	st_begin(&cr.t, env, r, SELFTEST_CPU, env->cpu);
	if (!pmu_core_present(env->ci)) {
		r->absent = true;
		st_skip(&cr.t, "core PMU", pmu_core_verdict(env->ci), PMU_OK);
		return;
	}
	core_pmu_from_cpu(env->ci, &cr.p);
	cr.gp_ok = (uint32_t)(bit(cr.p.n_gp) - 1);
	cr.fixed_ok = (uint32_t)(bit(cr.p.n_fixed) - 1);
	cr.globals_ok = cr.p.desc->global_ctrl != 0;
	/* Nothing counts while the registers are probed. */
	if (cr.globals_ok)
		(void)st_write(&cr.t, cr.p.desc->global_ctrl, 0);
	check_registers(&cr);
	check_width(&cr, false);
	check_width(&cr, true);
	check_overflow(&cr);
	check_enables(&cr);
	st_restore(&cr.t, core_refine, &cr.p);
	st_restore_check(&cr.t);
	check_kernels(&cr);
	st_smi_check(&cr.t);
}
