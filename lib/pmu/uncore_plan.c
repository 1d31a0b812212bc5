/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The plan phase of the uncore engine (uncore.c): requests checked and placed on counters,
 * the extra registers, gates and status registers they need. No MSR access.
 */
#include "pmu/uncore_internal.h"
#include "pmu/regkey.h"
#include "util/fmt.h"

/*
 * Register keys of a box on the session's package: MSRs as they are, a PCI box's
 * offsets on its function; planned without a map, on bus 0 device 0 function 0,
 * the host bridge, which the write guard never lets a write reach.
 */
static uint32_t key_of(const struct uncore_session *s, const struct box_desc *d, uint32_t reg,
		       bool wide)
{
	if (!reg)
		return 0;
	if (d->pci && s->pci_unplaced)
		return (REGKEY_PCI_TAG + reg) | (wide ? REGKEY_WIDE : 0);
	return box_key(s->pci, d, reg, wide);
}

/* fail() with the start of its one-line reason in s->msg; the caller may add to sb. */
static struct strbuf refuse(struct uncore_session *s, pmu_status st, unsigned ev, const char *why)
{
	struct strbuf sb;
	(void)fail(s, st, ev);
	sb_init(&sb, s->msg, sizeof(s->msg));
	sb_puts(&sb, why);
	return sb;
}

/* "0,1" / "2,3": the counters of mask. */
static void put_counters(struct strbuf *sb, uint32_t mask)
{
	const char *sep = "";
	for (unsigned c = 0; c < 32; c++)
		if ((mask >> c) & 1) {
			sb_puts(sb, sep);
			sb_dec(sb, c);
			sep = ",";
		}
}

static pmu_status check_req(const struct uncore_session *s, const struct pmu_event_req *r,
			    unsigned *bad_bit)
{
	const struct box_desc *d = r->box;
	if (!d)
		return PMU_ERR_INVALID;
	if (d->family != s->fam)
		return PMU_ERR_UNSUPPORTED;
	bool fixed = r->fixed >= 0;
	if (fixed && !d->fixed_ctl)
		return PMU_ERR_NO_COUNTER;
	const struct reg_layout *l = fixed ? d->fixed_layout : d->ctl_layout;
	uint64_t en = fixed ? d->fixed_enable_mask : d->enable_mask;
	pmu_status st = reg_validate(l, r->config & ~en, ~(uint64_t)0, bad_bit);
	if (st)
		return st;
	if (!fixed && d->ops && d->ops->check_config && (st = d->ops->check_config(d, r->config)))
		return st;
	if (r->extra_msr && (r->extra_msr < d->extra_lo || r->extra_msr > d->extra_hi))
		return PMU_ERR_INVALID;
	if (r->extra_msr && r->extra_msr == d->filter_msr)   /* and a wide filter's bits 127:64 */
		st = reg_validate(d->filter->layout, r->extra_msr_val, ~(uint64_t)0, bad_bit);
	if (!st && r->extra_msr && r->extra_msr == d->filter_msr && d->filter->hi)
		st = reg_validate(d->filter->hi, r->extra_msr_val_hi, ~(uint64_t)0, bad_bit);
	return st;
}

/* Why check_req refused request i, in s->msg. */
static pmu_status refuse_req(struct uncore_session *s, const struct pmu_event_req *r, unsigned i,
			     pmu_status st)
{
	const struct box_desc *d = r->box;
	struct strbuf sb;
	if (!d)
		(void)refuse(s, st, i, "not an uncore event");
	else if (st == PMU_ERR_UNSUPPORTED) {
		sb = refuse(s, st, i, "its box is not one of this CPU's uncore (");
		sb_puts(&sb, uncore_family_name(s->fam));
		sb_putc(&sb, ')');
	} else if (st == PMU_ERR_NO_COUNTER) {
		sb = refuse(s, st, i, d->name);
		sb_puts(&sb, " has no fixed counter");
	} else if (st == PMU_ERR_RESERVED) {
		bool filt = r->extra_msr && r->extra_msr == d->filter_msr &&
			    !reg_validate(d->ctl_layout, r->config & ~d->enable_mask, ~(uint64_t)0, NULL);
		sb = refuse(s, st, i, "sets reserved bit ");
		sb_dec(&sb, s->bad_bit);
		sb_puts(&sb, " of ");
		const struct reg_layout *fl = !filt ? NULL : !reg_validate(d->filter->layout,
			r->extra_msr_val, ~(uint64_t)0, NULL) && d->filter->hi ? d->filter->hi :
			d->filter->layout;
		sb_puts(&sb, fl ? fl->name : r->fixed >= 0 ? d->fixed_layout->name :
			     d->ctl_layout->name);
	} else if (r->extra_msr && (r->extra_msr < d->extra_lo || r->extra_msr > d->extra_hi)) {
		sb = refuse(s, st, i, "its box refuses auxiliary MSR ");
		sb_hex(&sb, r->extra_msr);
	} else {
		(void)refuse(s, st, i, "its box refuses this control word");
	}
	return st;
}

static int owner_of(const struct uncore_session *s, const struct box_desc *d, unsigned idx)
{
	for (unsigned i = 0; i < s->n; i++)
		if (s->ev[i].box == d && s->ev[i].idx == idx)
			return (int)i;
	return -1;
}

static uint32_t box_all(const struct box_desc *d)
{
	return d->n_counters >= 32 ? ~0u : (1u << d->n_counters) - 1;
}

static uint32_t allowed(const struct pmu_event_req *r)
{
	return r->counter_mask ? r->counter_mask & box_all(r->box) : box_all(r->box);
}

/* ev[i] takes counter idx of its box. */
static void place(struct uncore_session *s, const struct pmu_event_req *r, unsigned i, unsigned idx)
{
	struct uncore_counter *e = &s->ev[i];
	e->box = r->box;
	e->idx = idx;
	e->ctl_msr = key_of(s, r->box, box_ctl_msr(r->box, idx),
			    idx != UNCORE_FIXED && r->box->ctl_wide);
	e->ctr_msr = key_of(s, r->box, box_ctr_msr(r->box, idx), true);
	e->width = box_counter_width(r->box, idx);
	e->config = r->config & ~ev_enable(e);
	if (idx != UNCORE_FIXED && r->box->ops && r->box->ops->fill_config)
		e->config = r->box->ops->fill_config(r->box, e->config);
	e->ctl_val = ctl_gated(r->box) ? e->config : e->config | ev_enable(e);
	e->extra_msr = r->extra_msr;
	e->extra_val = r->extra_msr_val;
	e->extra_val_hi = r->extra_msr_val_hi;
}

/*
 * Request i takes the lowest free counter it allows; failing that, one whose event can
 * move to another counter it allows (an augmenting path; moved[] stops cycles).
 */
static bool augment(struct uncore_session *s, const struct pmu_event_req *reqs, unsigned i,
		    bool *moved)
{
	const struct pmu_event_req *r = &reqs[i];
	moved[i] = true;
	for (unsigned pass = 0; pass < 2; pass++)
		for (unsigned c = 0; c < r->box->n_counters; c++) {
			int j = owner_of(s, r->box, c);
			if (!((allowed(r) >> c) & 1) || (pass == 0 && j >= 0))
				continue;
			if (j >= 0 && (moved[j] || !augment(s, reqs, (unsigned)j, moved)))
				continue;
			place(s, r, i, c);
			return true;
		}
	return false;
}

/* Placement order: fixed requests (rank 0), then general ones, the most constrained first. */
static unsigned rank(const struct pmu_event_req *r)
{
	return r->fixed >= 0 ? 0 : pmu_popcount(allowed(r));
}

/* Why request i found no counter: its mask, or the others took what it may use. */
static pmu_status refuse_placement(struct uncore_session *s, const struct pmu_event_req *r,
				   unsigned i)
{
	const struct box_desc *d = r->box;
	struct strbuf sb;
	if (r->fixed >= 0) {
		sb = refuse(s, PMU_ERR_NO_COUNTER, i, "no counter left for it (the fixed counter of ");
		sb_puts(&sb, d->name);
		sb_puts(&sb, " is taken)");
	} else if (!allowed(r)) {
		sb = refuse(s, PMU_ERR_NO_COUNTER, i, "no counter of ");
		sb_puts(&sb, d->name);
		sb_puts(&sb, " can count it (its counters: ");
		put_counters(&sb, r->counter_mask);
		sb_putc(&sb, ')');
	} else if (allowed(r) == box_all(d)) {
		sb = refuse(s, PMU_ERR_NO_COUNTER, i, "no counter left for it (more events than the ");
		sb_dec(&sb, d->n_counters);
		sb_puts(&sb, " counters of ");
		sb_puts(&sb, d->name);
		sb_putc(&sb, ')');
	} else {
		sb = refuse(s, PMU_ERR_NO_COUNTER, i, "no counter left for it (it may use only counter");
		sb_puts(&sb, pmu_popcount(allowed(r)) > 1 ? "s " : " ");
		put_counters(&sb, allowed(r));
		sb_puts(&sb, " of ");
		sb_puts(&sb, d->name);
		sb_puts(&sb, ", which other events need)");
	}
	return PMU_ERR_NO_COUNTER;
}

static pmu_status allocate(struct uncore_session *s, const struct pmu_event_req *reqs, unsigned n)
{
	bool *moved = s->moved;
	s->n = n;   /* unplaced entries have no box, so owner_of() skips them */
	for (unsigned pass = 0; pass <= 32; pass++) {
		for (unsigned i = 0; i < n; i++) {
			const struct pmu_event_req *r = &reqs[i];
			if (rank(r) != pass)
				continue;
			if (r->fixed >= 0 && owner_of(s, r->box, UNCORE_FIXED) < 0) {
				place(s, r, i, UNCORE_FIXED);
				continue;
			}
			pmu_memset(moved, 0, n * sizeof(*moved));
			if (r->fixed >= 0 || !augment(s, reqs, i, moved))
				return refuse_placement(s, r, i);
		}
	}
	return PMU_OK;
}

/* Adds msr = val to the extras; two events may share one only with the same value. */
static pmu_status add_extra(struct uncore_session *s, uint32_t msr, uint64_t val, bool asked)
{
	for (unsigned k = 0; k < s->nextras; k++)
		if (s->extra[k].msr == msr)
			return !asked || s->extra[k].val == val ? PMU_OK : PMU_ERR_NO_COUNTER;
	if (s->nextras >= s->max * UNCORE_EXTRAS_PER_EVENT)
		return PMU_ERR_NOSPACE;
	s->extra[s->nextras].msr = msr;
	s->extra[s->nextras++].val = val;
	return PMU_OK;
}

/*
 * msr = val for event e; a filter of several registers (box_filter.regs) gives each its
 * part of val (bits 63:0) and hi (127:64); a PCI box's registers by their keys, its filter's
 * perhaps in another function (box_desc.filter_id): PMU_ERR_ABSENT where that is not there.
 */
static pmu_status add_asked(struct uncore_session *s, const struct uncore_counter *e,
			    uint32_t msr, uint64_t val, uint64_t hi, bool asked)
{
	const struct box_desc *d = e->box;
	const struct box_filter *f = msr == d->filter_msr ? d->filter : NULL;
	unsigned n = f && f->regs ? f->regs->n : 1;
	pmu_status st = PMU_OK;
	for (unsigned k = 0; k < n && !st; k++) {
		uint32_t off = msr + (f && f->regs ? f->regs->off[k] : 0u);
		bool other = f && d->pci && d->filter_id && !s->pci_unplaced;
		uint32_t key = other ? filter_key(s->pci, d, k) : key_of(s, d, off, false);
		if (other && !key)
			return PMU_ERR_ABSENT;
		st = add_extra(s, key, f ? filter_part(f, val, hi, k) : val, asked);
	}
	return st;
}

/*
 * What the events ask first, then the filter of every box in use that none asked: 0 (a
 * filter only some events select, box_filter.sel_mask, only for those events: a match and
 * mask left by firmware would otherwise filter an event asked without terms; Linux
 * snbep_qpi_hw_config writes them for every such event too).
 */
static pmu_status plan_extras(struct uncore_session *s)
{
	for (unsigned pass = 0; pass < 2; pass++)
		for (unsigned i = 0; i < s->n; i++) {
			const struct uncore_counter *e = &s->ev[i];
			const struct box_filter *f = e->box->filter;
			pmu_status st = PMU_OK;
			if (pass == 0 && e->extra_msr)
				st = add_asked(s, e, e->extra_msr, e->extra_val, e->extra_val_hi, true);
			else if (pass == 1 && e->box->filter_msr &&
				 (e->config & f->sel_mask) == f->sel_val)
				st = add_asked(s, e, e->box->filter_msr, 0, 0, false);
			struct strbuf sb;
			if (st == PMU_ERR_NO_COUNTER) {
				sb = refuse(s, st, i, "no counter left for it (it needs MSR ");
				sb_hex(&sb, e->extra_msr);
				sb_puts(&sb, " = ");
				sb_hex(&sb, e->extra_val);
				sb_puts(&sb, ", which another event sets otherwise)");
			} else if (st == PMU_ERR_ABSENT) {
				sb = refuse(s, st, i, e->box->name);
				sb_puts(&sb, ": its filter function (device ");
				sb_hex(&sb, e->box->filter_id);
				sb_puts(&sb, ") is not visible on this package: no match/mask written");
			} else if (st) {
				(void)refuse(s, st, i, "more auxiliary registers than the engine holds");
			}
			if (st)
				return st;
		}
	return PMU_OK;
}

static pmu_status add_gate(struct uncore_session *s, uint32_t msr, const struct uncore_gate *g,
			   bool global, unsigned idx)
{
	struct uncore_gate_use *u = NULL;
	for (unsigned i = 0; i < s->ngates && !u; i++)
		if (s->gate[i].msr == msr)
			u = &s->gate[i];
	if (!u) {
		if (s->ngates >= s->max * UNCORE_GATES_PER_EVENT)
			return PMU_ERR_NOSPACE;
		u = &s->gate[s->ngates++];
		u->msr = msr;
		u->global = global;
	}
	u->run_bits |= g->start_val;
	u->stop_bits |= g->stop_val;
	int b = bit_for(g->ctr_bit0, g->fixed_bit, idx);
	if (b >= 0)
		u->ctr_bits |= (uint64_t)1 << b;
	return PMU_OK;
}

static pmu_status add_status(struct uncore_session *s, const struct uncore_counter *e)
{
	int b = status_bit(e);
	if (b < 0)
		return PMU_OK;
	struct uncore_status_use *u = NULL;
	for (unsigned i = 0; i < s->nstatus && !u; i++)
		if (s->status[i].msr == e->box->status_msr)
			u = &s->status[i];
	if (!u) {
		if (s->nstatus >= s->max * UNCORE_STATUS_PER_EVENT)
			return PMU_ERR_NOSPACE;
		u = &s->status[s->nstatus++];
		u->msr = e->box->status_msr;
		u->ovf_msr = e->box->ovf_msr;
	}
	u->mine |= (uint64_t)1 << b;
	return PMU_OK;
}

/* A PCI box the package's map lacks: the one line a lab reads. */
static pmu_status refuse_absent(struct uncore_session *s, const struct pmu_event_req *reqs,
				unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		const struct box_desc *d = reqs[i].box;
		if (d && d->pci && s->pci && !box_key(s->pci, d, d->box_ctl, false)) {
			struct strbuf sb = refuse(s, PMU_ERR_ABSENT, i, d->name);
			sb_puts(&sb, " (device ");
			sb_hex(&sb, d->pci->device_id);
			sb_puts(&sb, s->pci->unreached ? ") not reachable on this package: its uncore bus is "
				     "outside every root bridge and MCFG range" :
				     ") not visible on this package: hidden by firmware or not populated");
			return PMU_ERR_ABSENT;
		}
		if (d && d->cha_unit && s->pci && s->pci->ncha && d->cha_unit > s->pci->ncha) {
			struct strbuf sb = refuse(s, PMU_ERR_ABSENT, i, d->name);
			sb_puts(&sb, " not present: CAPID6 counts ");
			sb_dec(&sb, s->pci->ncha);
			sb_puts(&sb, " CHAs on this package");
			return PMU_ERR_ABSENT;
		}
	}
	return PMU_OK;
}

pmu_status uncore_plan(struct uncore_session *s, enum uncore_family fam,
		       const struct pmu_event_req *reqs, unsigned n)
{
	return uncore_plan_pci(s, fam, NULL, reqs, n);
}

pmu_status uncore_plan_pci(struct uncore_session *s, enum uncore_family fam,
			   const struct uncore_pci_pkg *map, const struct pmu_event_req *reqs,
			   unsigned n)
{
	struct uncore_session tables = *s;   /* the caller's memory stays the session's */
	pmu_memset(s, 0, sizeof(*s));
	uncore_session_init(s, tables.ev, tables.max);
	s->fam = fam;
	s->pci = map;
	s->pci_unplaced = !map;
	if (n > s->max) {
		struct strbuf sb = refuse(s, PMU_ERR_NO_COUNTER, s->max, "no counter left for it (");
		sb_dec(&sb, n);
		sb_puts(&sb, " uncore events, the session is sized for ");
		sb_dec(&sb, s->max);
		sb_putc(&sb, ')');
		return s->st;
	}
	for (unsigned i = 0; i < n; i++) {
		pmu_status st = check_req(s, &reqs[i], &s->bad_bit);
		if (st)
			return refuse_req(s, &reqs[i], i, st);
	}
	pmu_status st = refuse_absent(s, reqs, n);
	if (!st)
		st = allocate(s, reqs, n);
	if (!st)
		st = plan_extras(s);
	for (unsigned i = 0; i < s->n && !st; i++) {
		const struct uncore_counter *e = &s->ev[i];
		if (e->box->global_ctl)
			st = add_gate(s, e->box->global_ctl, e->box->global, true, e->idx);
		if (!st && e->box->box_ctl)
			st = add_gate(s, key_of(s, e->box, e->box->box_ctl, false), e->box->box, false,
				      e->idx);
		if (!st)
			st = add_status(s, e);
		if (st) {
			(void)refuse(s, st, i, "more boxes than the engine holds");
			return st;
		}
	}
	if (st)
		return st;
	s->phase = UNC_PLANNED;
	return PMU_OK;
}
