/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The core PMU engine: see core_engine.h for the sequence it follows. */
#include "pmu/core_engine.h"
#include "pmu/counter.h"
#include "util/fmt.h"
#include "hw/layouts_core.h"
#include "hw/core_aux.h"

static uint64_t bit64(unsigned n)
{
	return (uint64_t)1 << n;
}

static uint8_t clamp8(uint8_t v, uint8_t max)
{
	return v < max ? v : max;
}

uint64_t core_sel_absent(const struct cpu_info *ci, const struct reg_layout *l)
{
	return (ci->arch.umask2 ? 0 : reg_named_mask(l, "umask2")) |
	       (ci->arch.eq ? 0 : reg_named_mask(l, "eq")) |
	       (ci->arch.ext.rdpmc_user_disable ? 0 : reg_named_mask(l, "rdpmc_ud"));
}

void core_pmu_from_cpu(const struct cpu_info *ci, struct core_pmu *p)
{
	pmu_memset(p, 0, sizeof(*p));
	p->desc = pmu_core_desc(ci);
	p->version = (uint8_t)pmu_version_of(ci);
	p->gp_mask = ci->arch.gp_mask;
	p->gp_width = ci->arch.gp_width;
	p->fixed_mask = ci->arch.fixed_mask;
	p->fixed_width = ci->arch.fixed_width;
	p->fw_write = p->desc->ctr_full_width ||
		      (ci->perf_cap_valid && ((ci->perf_cap >> PERF_CAP_FW_WRITE_BIT) & 1));
	p->freeze_smm = ci->perf_cap_valid && ((ci->perf_cap >> PERF_CAP_FREEZE_SMM_BIT) & 1);
	p->anythread = p->version >= 3 && !ci->arch.anythread_deprecated;
	p->family = ci->family;
	p->model = ci->model;
	for (unsigned q = 0; q < core_quirk_count; q++) {
		const struct core_quirk *k = &core_quirks[q];
		if (k->fix_pmu && core_quirk_applies(k, p->family, p->model) && k->fix_pmu(p, ci))
			p->quirks |= 1u << q;
	}
	if (p->version < 2)
		p->fixed_mask = 0;   /* CPUID.0AH:EDX is valid only when version > 1 */
	p->n_gp = clamp8((uint8_t)pmu_mask_run(p->gp_mask), CORE_MAX_GP);
	p->n_fixed = clamp8((uint8_t)pmu_mask_run(p->fixed_mask), CORE_MAX_FIXED);
	/* PERF_METRICS splits FIXED_CTR3's slots (SDM vol. 3B 21.3.9.3): useless without it. */
	p->perf_metrics = ci->perf_cap_valid && ((ci->perf_cap >> PERF_CAP_PERF_METRICS_BIT) & 1) &&
			  core_fixed_exists(p, FIXED_SLOTS);
	p->core_type = ci->arch.core_type;
	p->sel_absent = core_sel_absent(ci, p->desc->sel);
	if (p->desc->global_set && p->version >= p->desc->global_set_from)
		p->status_set = p->desc->global_set;
}

/* A global register gates the counters (Intel v2+, AMD PerfMonV2); else each EN alone. */
static bool has_global(const struct core_pmu *p)
{
	return p->desc->global_ctrl != 0;
}

static bool width_ok(unsigned w)
{
	return w >= 1 && w <= 64;
}

static pmu_status snap_read(const struct pmu_backend *b, unsigned cpu, struct core_snapshot *s,
			    uint32_t msr, uint64_t *val)
{
	if (s->st)
		return s->st;
	s->st = pmu_rdmsr(b, cpu, msr, val);
	if (s->st)
		s->fault_msr = msr;
	return s->st;
}

pmu_status core_snapshot(const struct pmu_backend *b, unsigned cpu, const struct cpu_info *ci,
			 struct core_snapshot *s)
{
	pmu_memset(s, 0, sizeof(*s));
	core_pmu_from_cpu(ci, &s->pmu);
	const struct core_pmu *p = &s->pmu;
	const struct core_pmu_desc *d = p->desc;
	if (!pmu_core_present(ci) || !width_ok(p->gp_width) || (p->n_fixed && !width_ok(p->fixed_width)))
		return s->st = PMU_ERR_UNSUPPORTED;

	for (unsigned n = 0; n < p->n_gp; n++) {
		snap_read(b, cpu, s, core_sel_msr(d, n), &s->evtsel[n]);
		snap_read(b, cpu, s, core_ctr_msr(d, n), &s->pmc[n]);
	}
	if (has_global(p)) {
		for (unsigned i = 0; i < CORE_MAX_FIXED; i++)
			if (core_fixed_exists(p, i))
				snap_read(b, cpu, s, core_fixed_msr(d, i), &s->fixed_ctr[i]);
		if (d->fixed_ctrl)
			snap_read(b, cpu, s, d->fixed_ctrl, &s->fixed_ctrl);
		snap_read(b, cpu, s, d->global_ctrl, &s->global_ctrl);
		snap_read(b, cpu, s, d->global_status, &s->global_status);
	}
	/* 0x392 is the Nehalem uncore's GLOBAL_STATUS on v3 parts: read only from v4 on. */
	if (p->version >= 4) {
		snap_read(b, cpu, s, MSR_IA32_PERF_GLOBAL_INUSE, &s->global_inuse);
		s->frozen = s->global_status & CORE_FREEZE_BITS;
	}
	if (p->perf_metrics)
		snap_read(b, cpu, s, MSR_IA32_PERF_METRICS, &s->perf_metrics);
	if (s->st)
		return s->st;
	s->debugctl_st = d->debugctl_freeze ? pmu_rdmsr(b, cpu, MSR_IA32_DEBUGCTL, &s->debugctl) :
						PMU_ERR_UNSUPPORTED;

	for (unsigned n = 0; n < p->n_gp; n++) {
		bool global = !has_global(p) || ((s->global_ctrl >> n) & 1);
		if ((s->evtsel[n] & CORE_SEL_EN) && global)
			s->gp_in_use |= 1u << n;
	}
	for (unsigned i = 0; i < CORE_MAX_FIXED; i++) {
		bool en = (s->fixed_ctrl >> (4 * i)) & 3;
		if (core_fixed_exists(p, i) && en && ((s->global_ctrl >> (CORE_FIXED_BIT + i)) & 1))
			s->fixed_in_use |= 1u << i;
	}
	return PMU_OK;
}

/* ---- errors ---- */

static pmu_status fail_event(struct core_session *s, pmu_status st, unsigned ev, const char *name,
			     const char *what)
{
	struct strbuf sb;
	s->st = st;
	s->bad_event = ev;
	sb_init(&sb, s->msg, sizeof(s->msg));
	sb_puts(&sb, "event '");
	sb_puts(&sb, name);
	sb_puts(&sb, "': ");
	sb_puts(&sb, what);
	return st;
}

static void note_fault(struct core_session *s, pmu_status st, uint32_t msr, bool write)
{
	struct strbuf sb;
	if (s->st)
		return;
	s->st = st;
	s->fault_msr = msr;
	s->fault_write = write;
	sb_init(&sb, s->msg, sizeof(s->msg));
	sb_puts(&sb, write ? "wrmsr " : "rdmsr ");
	sb_hex(&sb, msr);
	sb_puts(&sb, ": ");
	sb_puts(&sb, pmu_status_str(st));
}

/* ---- allocation ---- */

/* PERFEVTSEL bits a fixed counter can honour: the code (ignored), USR, OS, AnyThread. */
#define SEL_FIXED_OK (0xffffull | (1ull << 16) | (1ull << 17) | CORE_SEL_ANY)

/* The select's fields this CPU implements (AnyThread: v3+ unless deprecated). */
static uint64_t evtsel_allowed(const struct core_pmu *p)
{
	uint64_t allowed = reg_settable_mask(p->desc->sel);
	return p->anythread ? allowed : allowed & ~CORE_SEL_ANY;
}

static unsigned low_bit(uint64_t v)
{
	unsigned bit = 0;
	while (bit < 63 && !((v >> bit) & 1))
		bit++;
	return bit;
}

/* The field of the event select l holding bit, or NULL where it is reserved. */
static const struct reg_field *sel_field(const struct reg_layout *l, unsigned bit)
{
	for (unsigned f = 0; f < l->nfields; f++) {
		const struct reg_field *fl = &l->fields[f];
		if (bit >= fl->lsb && bit < fl->lsb + fl->width && fl->access != RA_RSV)
			return fl;
	}
	return NULL;
}

/* "bit N (field)" of the event select l. */
static void put_sel_bit(struct strbuf *sb, const struct reg_layout *l, unsigned bit)
{
	const struct reg_field *fl = sel_field(l, bit);
	sb_puts(sb, "bit ");
	sb_dec(sb, bit);
	if (fl) {
		sb_puts(sb, " (");
		sb_puts(sb, fl->name);
		sb_putc(sb, ')');
	}
}

/* "field 'NAME'" and why, for a select bit the descriptor refuses (Host/Guest Only on AMD). */
static pmu_status refused_bit(struct core_session *s, unsigned i, const struct pmu_event_req *r)
{
	const struct core_pmu_desc *d = s->snap.pmu.desc;
	const struct reg_field *fl = sel_field(d->sel, low_bit(r->config & d->sel_refused));
	char what[128];
	struct strbuf sb;
	sb_init(&sb, what, sizeof(what));
	sb_puts(&sb, "field '");
	sb_puts(&sb, fl ? fl->name : "?");
	sb_putc(&sb, '\'');
	sb_puts(&sb, d->refused_why);
	return fail_event(s, PMU_ERR_UNSUPPORTED, i, r->name, what);
}

static pmu_status check_config(struct core_session *s, unsigned i, const struct pmu_event_req *r)
{
	const struct reg_layout *l = s->snap.pmu.desc->sel;
	unsigned bad;
	if (r->box)
		return fail_event(s, PMU_ERR_INVALID, i, r->name, "uncore event given to the core engine");
	if (r->config & CORE_SEL_INT)
		return fail_event(s, PMU_ERR_UNSUPPORTED, i, r->name,
				  "field 'int'" CORE_INT_REFUSED);
	if (r->config & s->snap.pmu.desc->sel_refused)
		return refused_bit(s, i, r);
	if (!reg_validate(l, r->config & ~CORE_SEL_EN, evtsel_allowed(&s->snap.pmu), &bad))
		return PMU_OK;
	char what[96];
	struct strbuf sb;
	sb_init(&sb, what, sizeof(what));
	put_sel_bit(&sb, l, bad);
	sb_puts(&sb, " of ");
	sb_puts(&sb, l->name);
	sb_puts(&sb, " is reserved on this CPU");
	s->bad_bit = bad;
	return fail_event(s, PMU_ERR_RESERVED, i, r->name, what);
}

static bool fixed_fits(const struct core_pmu *p, const struct pmu_event_req *r)
{
	return r->fixed >= 0 && core_fixed_exists(p, (unsigned)r->fixed) &&
	       !(r->config & ~CORE_SEL_EN & ~SEL_FIXED_OK);
}

/* Kuhn's augmenting path: can event e get a counter, moving earlier ones if need be? */
static bool augment(unsigned e, const uint32_t *allow, int *owner, uint32_t *seen)
{
	for (unsigned c = 0; c < CORE_MAX_GP; c++) {
		if (!((allow[e] >> c) & 1) || ((*seen >> c) & 1))
			continue;
		*seen |= 1u << c;
		if (owner[c] < 0 || augment((unsigned)owner[c], allow, owner, seen)) {
			owner[c] = (int)e;
			return true;
		}
	}
	return false;
}

/*
 * Matches the events not on fixed counters to general-purpose counters, most
 * constrained first. Returns the request that could not be placed, or -1.
 */
static int match_gp(const uint32_t *allow, const bool *placed, unsigned n, int *owner)
{
	unsigned order[CORE_MAX_EVENTS], k = 0;
	for (unsigned i = 0; i < n; i++) {
		if (placed[i])
			continue;
		unsigned j = k++;
		for (; j > 0 && pmu_popcount(allow[order[j - 1]]) > pmu_popcount(allow[i]); j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
	for (unsigned c = 0; c < CORE_MAX_GP; c++)
		owner[c] = -1;
	for (unsigned j = 0; j < k; j++) {
		uint32_t seen = 0;
		if (!augment(order[j], allow, owner, &seen))
			return (int)order[j];
	}
	return -1;
}

/*
 * Nibble for a fixed counter from the PERFEVTSEL-style config: OS=1, USR=2 (both if neither),
 * any=4.
 */
static uint64_t fixed_nibble(const struct core_pmu *p, uint64_t config)
{
	uint64_t en = ((config >> 17) & 1) | (((config >> 16) & 1) << 1);
	if (!en)
		en = 3;
	if (p->anythread && (config & CORE_SEL_ANY))
		en |= 4;
	return en;   /* PMI (bit 3) stays off */
}

/* Puts event i on counter x of that kind and records where it lives. */
static void place(struct core_session *s, unsigned i, enum core_ctr_kind kind, unsigned x)
{
	const struct core_pmu *p = &s->snap.pmu;
	struct core_counter *k = &s->ctr[i];
	bool gp = kind == CORE_GP;
	k->kind = (uint8_t)kind;
	k->index = (uint8_t)x;
	k->width = gp ? p->gp_width : p->fixed_width;
	k->in_use = ((gp ? s->snap.gp_in_use : s->snap.fixed_in_use) >> x) & 1;
	k->ctr_msr = gp ? core_ctr_msr(p->desc, x) : core_fixed_msr(p->desc, x);
	k->load_msr = gp && p->fw_write ? core_wide_msr(p->desc, x) : k->ctr_msr;
	if (gp) {
		k->ctl_msr = core_sel_msr(p->desc, x);
		k->ctl_val = k->config | CORE_SEL_EN;
		s->gp_used |= 1u << x;
		return;
	}
	k->ctl_msr = p->desc->fixed_ctrl;
	s->fixed_used |= 1u << x;
	s->metrics |= x == FIXED_SLOTS && p->perf_metrics;
	s->fixed_ctrl = (s->fixed_ctrl & ~(0xfull << (4 * x))) | fixed_nibble(p, k->config) << (4 * x);
}

/* A fixed-only event asking for a PERFEVTSEL bit its fixed counter's nibble does not have. */
static pmu_status fixed_cannot(struct core_session *s, unsigned i, const struct pmu_event_req *r)
{
	unsigned bit = low_bit(r->config & ~CORE_SEL_EN & ~SEL_FIXED_OK);
	char what[96];
	struct strbuf sb;
	sb_init(&sb, what, sizeof(what));
	sb_puts(&sb, "a fixed counter takes only usr, os and any, not ");
	put_sel_bit(&sb, s->snap.pmu.desc->sel, bit);
	return fail_event(s, PMU_ERR_NO_COUNTER, i, r->name, what);
}

static pmu_status allocate(struct core_session *s, const struct pmu_event_req *reqs)
{
	const struct core_pmu *p = &s->snap.pmu;
	uint32_t gp_all = (uint32_t)(bit64(p->n_gp) - 1);
	uint32_t taken_fixed = s->force ? 0 : s->snap.fixed_in_use;
	uint32_t allow[CORE_MAX_EVENTS];
	bool placed[CORE_MAX_EVENTS] = { false };
	int owner[CORE_MAX_GP];

	s->fixed_ctrl = s->snap.fixed_ctrl;
	for (unsigned i = 0; i < s->n; i++) {
		unsigned f = (unsigned)reqs[i].fixed;
		if (fixed_fits(p, &reqs[i]) && !((taken_fixed >> f) & 1)) {
			taken_fixed |= 1u << f;
			place(s, i, CORE_FIXED, f);
			placed[i] = true;
		}
		allow[i] = reqs[i].counter_mask & gp_all;
	}
	/* Free counters first; firmware's too only when forced and needed. */
	for (unsigned i = 0; i < s->n; i++)
		allow[i] &= ~s->snap.gp_in_use;
	int bad = match_gp(allow, placed, s->n, owner);
	if (bad >= 0 && s->force) {
		for (unsigned i = 0; i < s->n; i++)
			allow[i] = reqs[i].counter_mask & gp_all;
		bad = match_gp(allow, placed, s->n, owner);
	}
	if (bad >= 0) {
		const struct pmu_event_req *r = &reqs[bad];
		bool fw = (r->counter_mask & s->snap.gp_in_use) ||
			  (r->fixed >= 0 && r->fixed < CORE_MAX_FIXED &&
			   ((s->snap.fixed_in_use >> r->fixed) & 1));
		if (fw && !s->force)
			return fail_event(s, PMU_ERR_IN_USE, (unsigned)bad, r->name,
					  "the counters it can use are in use by firmware (force takes them)");
		if (!(r->counter_mask & gp_all) && r->fixed >= 0 &&
		    core_fixed_exists(p, (unsigned)r->fixed) && !fixed_fits(p, r))
			return fixed_cannot(s, (unsigned)bad, r);
		if (!(r->counter_mask & gp_all) && !fixed_fits(p, r))
			return fail_event(s, PMU_ERR_NO_COUNTER, (unsigned)bad, r->name,
					  "no counter of this CPU can count it");
		return fail_event(s, PMU_ERR_NO_COUNTER, (unsigned)bad, r->name,
				  "no counter left for it (more events than counters)");
	}
	for (unsigned c = 0; c < CORE_MAX_GP; c++)
		if (owner[c] >= 0)
			place(s, (unsigned)owner[c], CORE_GP, c);
	for (unsigned i = 0; i < s->n; i++)
		if (s->ctr[i].kind == CORE_FIXED)
			s->ctr[i].ctl_val = s->fixed_ctrl;
	return PMU_OK;
}

static unsigned extra_slot(const struct core_session *s, uint32_t msr)
{
	unsigned e = 0;
	while (e < s->n_extra && s->extra[e].msr != msr)
		e++;
	return e;
}

/*
 * Event i's auxiliary MSR is taken by an earlier event with another value: the CPU's
 * other register of that kind (OFFCORE_RSP_1 for _0, as the kernel's alternate
 * extra register), if free or holding the same value, with the event code that reads it.
 */
static bool extra_alt(struct core_session *s, unsigned i, uint32_t *msr, uint64_t val)
{
	const struct core_pmu *p = &s->snap.pmu;
	const struct core_aux *alt = core_aux_alt(p->family, p->model, p->core_type, *msr);
	unsigned e = alt ? extra_slot(s, alt->msr) : 0;
	if (!alt || (e < s->n_extra && s->extra[e].val != val))
		return false;
	uint64_t *config = &s->ctr[i].config;
	reg_set_field(config, reg_find_field(&layout_perfevtsel, "event", 5), alt->event);
	reg_set_field(config, reg_find_field(&layout_perfevtsel, "umask", 5), alt->umask);
	*msr = alt->msr;
	return true;
}

/* Before allocation: an event moved to the other register changes its code. */
static pmu_status collect_extras(struct core_session *s, const struct pmu_event_req *reqs)
{
	const struct core_pmu *p = &s->snap.pmu;
	for (unsigned i = 0; i < s->n; i++) {
		const struct pmu_event_req *r = &reqs[i];
		uint32_t msr = r->extra_msr;
		if (!msr)
			continue;
		unsigned e = extra_slot(s, msr);
		if (e < s->n_extra && s->extra[e].val != r->extra_msr_val) {
			if (!extra_alt(s, i, &msr, r->extra_msr_val))
				return fail_event(s, PMU_ERR_NO_COUNTER, i, r->name,
						  "its auxiliary MSR already holds another event's "
						  "value; no other one is free");
			e = extra_slot(s, msr);
		}
		if (e == CORE_MAX_EXTRA)
			return fail_event(s, PMU_ERR_NOSPACE, i, r->name, "too many auxiliary MSRs");
		s->extra[e].msr = msr;
		s->extra[e].val = r->extra_msr_val;
		s->extra[e].scope = (uint8_t)own_scope_of(p->family, p->model, msr);
		s->n_extra += e == s->n_extra;
		s->ctr[i].extra_msr = msr;
		s->ctr[i].extra_val = r->extra_msr_val;
	}
	return PMU_OK;
}

static void plan_gate(struct core_session *s)
{
	const struct core_pmu *p = &s->snap.pmu;
	struct core_gate *g = &s->gate;
	s->our_bits = s->gp_used | (uint64_t)s->fixed_used << CORE_FIXED_BIT;
	if (s->metrics)
		s->our_bits |= bit64(GLOBAL_CTRL_EN_PERF_METRICS_BIT);
	s->global_off = s->snap.global_ctrl & ~s->our_bits;
	s->global_on = s->global_off | s->our_bits;
	g->n = 0;
	if (has_global(p)) {
		g->msr[0] = p->desc->global_ctrl;
		g->on[0] = s->global_on;
		g->off[0] = s->global_off;
		g->n = 1;
		return;
	}
	for (unsigned i = 0; i < s->n; i++) {
		const struct core_counter *k = &s->ctr[i];
		g->msr[g->n] = k->ctl_msr;
		g->on[g->n] = k->config | CORE_SEL_EN;
		g->off[g->n] = k->config;
		g->n++;
	}
}

/* Quirk hooks that will run before programming, unless they would clobber firmware's counters. */
static void plan_quirks(struct core_session *s)
{
	const struct core_pmu *p = &s->snap.pmu;
	uint32_t gp_all = (uint32_t)(bit64(p->n_gp) - 1);
	for (unsigned q = 0; q < core_quirk_count; q++) {
		const struct core_quirk *k = &core_quirks[q];
		if (!k->before_program || !core_quirk_applies(k, p->family, p->model))
			continue;
		uint32_t touch = k->gp_touch & gp_all;
		if ((touch & s->snap.gp_in_use & ~s->gp_used) && !s->force) {
			s->quirks_skipped |= 1u << q;
			continue;
		}
		s->quirks_run |= 1u << q;
		s->quirk_gp |= touch;
	}
}

pmu_status core_prepare(struct core_session *s, const struct pmu_backend *b, unsigned cpu,
			const struct core_snapshot *snap, const struct pmu_event_req *reqs,
			unsigned n, bool force)
{
	pmu_status st;
	pmu_memset(s, 0, sizeof(*s));
	s->b = b;
	s->cpu = cpu;
	s->force = force;
	s->core_scope_owner = true;
	s->snap = *snap;
	if (snap->st) {
		s->st = snap->st;
		pmu_strlcpy(s->msg, "core PMU snapshot failed", sizeof(s->msg));
		return s->st;
	}
	if ((snap->frozen >> GLOBAL_STATUS_CTR_FRZ_BIT & 1) && !force) {
		s->st = PMU_ERR_IN_USE;
		pmu_strlcpy(s->msg, "counters frozen: firmware left IA32_PERF_GLOBAL_STATUS "
			    "CTR_Frz (bit 59) set; --force clears it (set again after)",
			    sizeof(s->msg));
		return s->st;
	}
	if (n > CORE_MAX_EVENTS)
		return fail_event(s, PMU_ERR_NO_COUNTER, CORE_MAX_EVENTS, reqs[CORE_MAX_EVENTS].name,
				  "no counter left for it (more events than counters)");
	s->n = n;
	for (unsigned i = 0; i < n; i++) {
		if ((st = check_config(s, i, &reqs[i])))
			return st;
		pmu_strlcpy(s->ctr[i].name, reqs[i].name, sizeof(s->ctr[i].name));
		s->ctr[i].config = reqs[i].config & ~CORE_SEL_EN;
	}
	if ((st = collect_extras(s, reqs)) || (st = allocate(s, reqs)))
		return st;
	plan_gate(s);
	plan_quirks(s);
	s->phase = CORE_PREPARED;
	return PMU_OK;
}

pmu_status core_set_preload(struct core_session *s, unsigned i, uint64_t value)
{
	if (s->phase != CORE_PREPARED || i >= s->n)
		return PMU_ERR_INVALID;
	struct core_counter *k = &s->ctr[i];
	if (value > counter_mask(k->width))
		return fail_event(s, PMU_ERR_RANGE, i, k->name, "preload wider than the counter");
	if (k->kind == CORE_GP && !s->snap.pmu.fw_write && !counter_legacy_writable(value, k->width))
		return fail_event(s, PMU_ERR_RANGE, i, k->name,
				  "preload needs full-width writes (IA32_A_PMCx), which this CPU lacks");
	k->preload = value;
	return PMU_OK;
}

/* ---- MSR access ---- */

pmu_status core_write(struct core_session *s, uint32_t msr, uint64_t val)
{
	pmu_status st = pmu_wrmsr(s->b, s->cpu, msr, val);
	if (st)
		note_fault(s, st, msr, true);
	else
		(void)own_mark_written(s->own, s->n_own, msr);   /* GLOBAL_OVF_CTRL (write-1-to-clear) has no record */
	return st;
}

static pmu_status core_rd(struct core_session *s, uint32_t msr, uint64_t *val)
{
	pmu_status st = pmu_rdmsr(s->b, s->cpu, msr, val);
	if (st)
		note_fault(s, st, msr, false);
	return st;
}

/* ---- program ---- */

pmu_status core_own_core_scope(struct core_session *s, bool owner)
{
	if (s->phase != CORE_PREPARED)
		return s->st ? s->st : PMU_ERR_INVALID;
	s->core_scope_owner = owner;
	return PMU_OK;
}

/* Whether this session saves, writes and restores extra e. */
static bool extra_mine(const struct core_session *s, unsigned e)
{
	return s->extra[e].scope != OWN_CORE || s->core_scope_owner;
}

/* A record for msr as found; NULL (the session failed) when the records are full. */
static struct own_reg *own(struct core_session *s, uint32_t msr, enum own_scope scope, uint64_t found)
{
	struct own_reg *r = own_add(s->own, &s->n_own, CORE_MAX_OWN, msr, scope, found);
	if (!r && !s->st) {
		s->st = PMU_ERR_NOSPACE;
		pmu_strlcpy(s->msg, "too many registers to keep track of", sizeof(s->msg));
	}
	return r;
}

/* A counter's record: read back modulo its width, within a bound where firmware left it counting. */
static void own_counter(struct own_reg *r, unsigned width, bool live)
{
	r->check = OWN_CHECK_COUNTER;
	r->width = (uint8_t)width;
	r->live = live;
}

/* GP counter c as found, written through A_PMCx or, legacy, as its low 32 bits. */
static bool own_pmc(struct core_session *s, unsigned c)
{
	const struct core_pmu *p = &s->snap.pmu;
	uint64_t found = s->snap.pmc[c] & counter_mask(p->gp_width);
	struct own_reg *r = own(s, core_ctr_msr(p->desc, c), OWN_THREAD, found);
	if (r)
		own_counter(r, p->gp_width, (s->snap.gp_in_use >> c) & 1);
	if (r && p->fw_write)
		r->wr_msr = core_wide_msr(p->desc, c);
	else if (r) {
		r->restore_val = (uint32_t)found;
		r->inexact = !counter_legacy_writable(found, p->gp_width);
	}
	return r != NULL;
}

/* The GLOBAL_STATUS bits the run clears: firmware's overflow bits of ours, forced: CTR_Frz. */
static uint64_t status_to_clear(const struct core_session *s)
{
	uint64_t frz = s->force ? s->snap.frozen & bit64(GLOBAL_STATUS_CTR_FRZ_BIT) : 0;
	return (s->snap.global_status & s->our_bits) | frz;
}

/*
 * Where a status-set register exists (Intel v4+: IA32_PERF_GLOBAL_STATUS_SET, SDM vol. 3B
 * 20.2.4.2; AMD PerfMonV2: PerfCntrGlobalStatusSet), GLOBAL_STATUS is put back through
 * it (write 1 sets): what the run cleared is set again. No record when nothing is.
 */
static bool own_status(struct core_session *s)
{
	uint64_t bits = status_to_clear(s);
	struct own_reg *r;
	if (!bits)
		return true;
	const struct core_pmu *p = &s->snap.pmu;
	if (!(r = own(s, p->desc->global_status, OWN_THREAD, s->snap.global_status)))
		return false;
	r->wr_msr = p->status_set;
	/*
	 * Read-only: written only through its set and reset registers (Intel SDM Vol. 3B
	 * 20.2.4; AMD APM Vol. 2, PerfCntrGlobalStatus), and its overflow bits move with any
	 * counter firmware left on: never compared after the restore.
	 */
	r->check = OWN_CHECK_NONE;
	r->ours = bits;
	r->restore_val = bits;
	return true;
}

/*
 * The ownership records, in restore order (pmu/ownership.h): counters, PERFEVTSELx,
 * extras (read now), FIXED_CTR_CTRL, GLOBAL_CTRL. The rest is the snapshot's.
 */
static pmu_status own_build(struct core_session *s)
{
	const struct core_snapshot *sn = &s->snap;
	const struct core_pmu *p = &sn->pmu;
	uint32_t gp = s->gp_used | s->quirk_gp;
	struct own_reg *r;
	s->n_own = 0;
	for (unsigned c = 0; c < p->n_gp; c++)
		if (((gp >> c) & 1) && !own_pmc(s, c))
			return s->st;
	for (unsigned i = 0; i < CORE_MAX_FIXED; i++) {
		if (!((s->fixed_used >> i) & 1))
			continue;
		if (!(r = own(s, core_fixed_msr(p->desc, i), OWN_THREAD, sn->fixed_ctr[i])))
			return s->st;
		own_counter(r, p->fixed_width, (sn->fixed_in_use >> i) & 1);
	}
	if (s->metrics) {
		if (!(r = own(s, MSR_IA32_PERF_METRICS, OWN_THREAD, sn->perf_metrics)))
			return s->st;
		/* FIXED_CTR3 left counting moves it (SDM Vol. 3B 21.3.9.3): then not compared */
		if ((sn->fixed_in_use >> 3) & 1)
			r->check = OWN_CHECK_NONE;
	}
	for (unsigned c = 0; c < p->n_gp; c++) {
		if (!((gp >> c) & 1))
			continue;
		if (!(r = own(s, core_sel_msr(p->desc, c), OWN_THREAD, sn->evtsel[c])))
			return s->st;
		r->quiet = sn->evtsel[c] & ~CORE_SEL_EN;
		r->has_quiet = true;
	}
	for (unsigned e = 0; e < s->n_extra; e++) {
		uint64_t found;
		if (!extra_mine(s, e))
			continue;
		pmu_status st = core_rd(s, s->extra[e].msr, &found);
		if (st)
			return st;
		if (!own(s, s->extra[e].msr, (enum own_scope)s->extra[e].scope, found))
			return s->st;
	}
	if (s->fixed_used) {
		if (!(r = own(s, p->desc->fixed_ctrl, OWN_THREAD, sn->fixed_ctrl)))
			return s->st;
		r->ours = 0;
		for (unsigned i = 0; i < CORE_MAX_FIXED; i++)
			if ((s->fixed_used >> i) & 1)
				r->ours |= 0xfull << (4 * i);
	}
	if (p->status_set && !own_status(s))
		return s->st;
	if (has_global(p)) {
		if (!(r = own(s, p->desc->global_ctrl, OWN_THREAD, sn->global_ctrl)))
			return s->st;
		r->ours = s->our_bits;
		r->quiet = s->global_off;
		r->has_quiet = true;
	}
	return PMU_OK;
}

/*
 * Stops our counters: GLOBAL_CTRL (v2+), and EN off wherever PMCx will be written
 * (Intel SDM Vol. 3B 18.2).
 */
static pmu_status disable(struct core_session *s)
{
	const struct core_pmu *p = &s->snap.pmu;
	pmu_status st = PMU_OK;
	uint32_t rewrite = s->gp_used | s->quirk_gp;
	if (has_global(p))
		st = core_write(s, p->desc->global_ctrl, s->global_off);
	for (unsigned c = 0; c < p->n_gp && !st; c++)
		if (((rewrite >> c) & 1) && (s->snap.evtsel[c] & CORE_SEL_EN))
			st = core_write(s, core_sel_msr(p->desc, c), 0);
	return st;
}

static pmu_status run_quirks(struct core_session *s)
{
	pmu_status st = PMU_OK;
	for (unsigned q = 0; q < core_quirk_count && !st; q++)
		if ((s->quirks_run >> q) & 1)
			st = core_quirks[q].before_program(s);
	return st;
}

/* The value written to load_msr: a legacy PMCx write carries only the low 32 bits. */
static uint64_t load_value(const struct core_session *s, const struct core_counter *k)
{
	bool legacy = k->kind == CORE_GP && !s->snap.pmu.fw_write;
	return legacy ? (uint32_t)k->preload : k->preload;
}

static pmu_status load_counters(struct core_session *s)
{
	pmu_status st = PMU_OK;
	for (unsigned i = 0; i < s->n && !st; i++) {
		struct core_counter *k = &s->ctr[i];
		st = core_write(s, k->load_msr, load_value(s, k));
		if (!st)
			st = core_rd(s, k->ctr_msr, &k->start);
		k->start &= counter_mask(k->width);
	}
	/* SDM vol. 3B 21.3.9.3: PERF_METRICS is zeroed with FIXED_CTR3 before counting. */
	if (!st && s->metrics)
		st = core_write(s, MSR_IA32_PERF_METRICS, 0);
	return st;
}

static pmu_status write_controls(struct core_session *s)
{
	pmu_status st = PMU_OK;
	bool v2 = has_global(&s->snap.pmu);
	for (unsigned e = 0; e < s->n_extra && !st; e++)
		if (extra_mine(s, e))
			st = core_write(s, s->extra[e].msr, s->extra[e].val);
	for (unsigned i = 0; i < s->n && !st; i++) {
		const struct core_counter *k = &s->ctr[i];
		if (k->kind == CORE_GP)
			st = core_write(s, k->ctl_msr, v2 ? k->ctl_val : k->config);
	}
	if (!st && s->fixed_used)
		st = core_write(s, s->snap.pmu.desc->fixed_ctrl, s->fixed_ctrl);
	return st;
}

/*
 * Our counters start with no overflow pending, and forced, unfrozen. Firmware-left
 * bits are lost where no status-set register exists; elsewhere the GLOBAL_STATUS
 * record sets them again.
 */
static pmu_status clear_overflow(struct core_session *s)
{
	if (!has_global(&s->snap.pmu))
		return PMU_OK;
	s->status_cleared = status_to_clear(s);
	uint64_t clear = s->our_bits | s->status_cleared;
	pmu_status st = core_write(s, s->snap.pmu.desc->global_clear, clear);
	if (!st && s->snap.pmu.status_set)
		(void)own_mark_written(s->own, s->n_own, s->snap.pmu.desc->global_status);
	return st;
}

pmu_status core_program(struct core_session *s)
{
	static pmu_status (*const steps[])(struct core_session *) = {
		own_build, disable, run_quirks, load_counters, write_controls, clear_overflow,
	};
	if (s->phase != CORE_PREPARED)
		return s->st ? s->st : PMU_ERR_INVALID;
	s->phase = CORE_PROGRAMMED;
	for (unsigned i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		pmu_status st = steps[i](s);
		if (st) {
			core_restore(s);
			return st;
		}
	}
	return PMU_OK;
}

/* ---- read ---- */

pmu_status core_read(struct core_session *s)
{
	const struct core_pmu *p = &s->snap.pmu;
	if (s->phase != CORE_PROGRAMMED)
		return s->st ? s->st : PMU_ERR_INVALID;
	for (unsigned i = 0; i < s->n; i++) {
		struct core_counter *k = &s->ctr[i];
		pmu_status st = core_rd(s, k->ctr_msr, &k->end);
		if (st)
			return st;
		k->end &= counter_mask(k->width);
		k->delta = counter_delta(k->start, k->end, k->width);
		k->overflowed = k->end < k->start;   /* v1: only a wrap shows it */
	}
	s->phase = CORE_READ;
	if (s->metrics && core_rd(s, MSR_IA32_PERF_METRICS, &s->metrics_end))
		return s->st;
	if (!has_global(p))
		return PMU_OK;
	pmu_status st = core_rd(s, p->desc->global_status, &s->status_end);
	if (st)
		return st;
	for (unsigned i = 0; i < s->n; i++) {
		struct core_counter *k = &s->ctr[i];
		unsigned b = k->kind == CORE_FIXED ? CORE_FIXED_BIT + k->index : k->index;
		k->overflowed = (s->status_end >> b) & 1;
	}
	uint64_t ours = s->status_end & s->our_bits;
	return ours ? core_write(s, p->desc->global_clear, ours) : PMU_OK;
}

/* ---- restore ---- */

pmu_status core_restore(struct core_session *s)
{
	uint32_t msr = 0;
	pmu_status st = own_restore(s->own, s->n_own, s->b, s->cpu, &msr);
	if (st && !s->restore_st) {
		s->restore_st = st;
		s->restore_msr = msr;
	}
	st = restore_check(s->own, s->n_own, s->b, s->cpu, &s->readback, &msr);
	if (st && !s->restore_st) {   /* a read-back that faults */
		s->restore_st = st;
		s->restore_msr = msr;
	}
	own_forget_writes(s->own, s->n_own);
	s->phase = CORE_RESTORED;
	return s->restore_st;
}

pmu_status core_gate_write(const struct core_session *s, bool on)
{
	pmu_status st = PMU_OK;
	for (unsigned i = 0; i < s->gate.n; i++) {
		pmu_status r = pmu_wrmsr(s->b, s->cpu, s->gate.msr[i], on ? s->gate.on[i] : s->gate.off[i]);
		st = st ? st : r;
	}
	return st;
}

pmu_status core_measure(struct core_session *s, uint64_t (*kernel)(const void *), const void *arg)
{
	pmu_status st = core_program(s);
	if (st)
		return st;
	struct pmu_gated_run g = { .kernel = kernel, .arg = arg, .desc = s->desc };
	if (s->before_on)
		s->before_on(s->before_on_ctx);
	if (s->gate.n == 1) {
		/* v2+: one write each way, through the backend's tightest path. */
		g.msr = s->gate.msr[0];
		g.on = s->gate.on[0];
		g.off = s->gate.off[0];
		pmu_gated_run(s->b, s->cpu, &g);
	} else {
		/*
		 * v1: an EN write per counter; a failed start still runs the kernel, then
		 * stops. The TSC is read around it like the gated run's, for the skew.
		 */
		g.tsc_on = pmu_tsc(s->b, s->cpu);
		g.on_st = core_start(s);
		g.result = pmu_run_kernel(s->b, s->cpu, s->desc, kernel, arg);
		g.off_st = core_stop(s);
		g.tsc_off = pmu_tsc(s->b, s->cpu);
	}
	s->kernel_result = g.result;
	s->tsc_on = g.tsc_on;
	s->tsc_off = g.tsc_off;
	if (g.on_st || g.off_st)
		note_fault(s, g.on_st ? g.on_st : g.off_st, s->gate.msr[0], true);
	else
		core_read(s);
	core_restore(s);
	return s->st ? s->st : s->restore_st;
}

pmu_status core_rearm(struct core_session *s)
{
	if (s->phase != CORE_RESTORED || s->st || s->restore_st)
		return PMU_ERR_INVALID;
	s->phase = CORE_PREPARED;
	return PMU_OK;
}
