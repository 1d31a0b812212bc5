/*
 * One engine for every uncore box descriptor, run once per package.
 * Phases: plan (no MSR access) -> program -> start -> stop -> read -> restore.
 * The first failure ends the session: what was written is restored.
 */
#include "pmu/uncore.h"
#include "pmu/counter.h"
#include "util/fmt.h"

const struct reg_layout *uncore_counter_layout(const struct uncore_counter *e)
{
	return e->idx == UNCORE_FIXED ? e->box->fixed_layout : e->box->ctl_layout;
}

static uint64_t ev_enable(const struct uncore_counter *e)
{
	return e->idx == UNCORE_FIXED ? e->box->fixed_enable_mask : e->box->enable_mask;
}

/* No global or box control: the control's enable bit is what starts and stops it. */
static bool ctl_gated(const struct box_desc *d)
{
	return !d->global_ctl && !d->box_ctl;
}

/* The control word while running or stopped: write-only bits (resets) act only at program. */
static uint64_t ev_run_word(const struct uncore_counter *e, bool on)
{
	uint64_t w = e->config & reg_holding_mask(uncore_counter_layout(e));
	return on ? w | ev_enable(e) : w;
}

static int bit_for(int8_t bit0, int8_t fixed_bit, unsigned idx)
{
	if (idx == UNCORE_FIXED)
		return fixed_bit;
	return bit0 < 0 ? -1 : bit0 + (int)idx;
}

static int status_bit(const struct uncore_counter *e)
{
	const struct box_desc *d = e->box;
	return d->status_msr ? bit_for(d->status->ctr_bit0, d->status->fixed_bit, e->idx) : -1;
}

static pmu_status fail(struct uncore_session *s, pmu_status st, unsigned ev)
{
	s->st = st;
	s->bad_event = ev;
	return st;
}

/* ---- plan ---- */

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
	if (r->extra_msr && r->extra_msr == d->filter_msr)
		return reg_validate(d->filter->layout, r->extra_msr_val, ~(uint64_t)0, bad_bit);
	return PMU_OK;
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
		sb_puts(&sb, filt ? d->filter->layout->name : r->fixed >= 0 ? d->fixed_layout->name :
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

static unsigned popcount(uint32_t v)
{
	unsigned n = 0;
	for (; v; v &= v - 1)
		n++;
	return n;
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
	e->ctl_msr = box_ctl_msr(r->box, idx);
	e->ctr_msr = box_ctr_msr(r->box, idx);
	e->width = box_counter_width(r->box, idx);
	e->config = r->config & ~ev_enable(e);
	e->ctl_val = ctl_gated(r->box) ? e->config : e->config | ev_enable(e);
	e->extra_msr = r->extra_msr;
	e->extra_val = r->extra_msr_val;
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
	return r->fixed >= 0 ? 0 : popcount(allowed(r));
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
		sb_puts(&sb, popcount(allowed(r)) > 1 ? "s " : " ");
		put_counters(&sb, allowed(r));
		sb_puts(&sb, " of ");
		sb_puts(&sb, d->name);
		sb_puts(&sb, ", which other events need)");
	}
	return PMU_ERR_NO_COUNTER;
}

static pmu_status allocate(struct uncore_session *s, const struct pmu_event_req *reqs, unsigned n)
{
	bool moved[UNCORE_MAX_EVENTS];
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
			pmu_memset(moved, 0, sizeof(moved));
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
	if (s->nextras >= UNCORE_MAX_EXTRAS)
		return PMU_ERR_NOSPACE;
	s->extra[s->nextras].msr = msr;
	s->extra[s->nextras++].val = val;
	return PMU_OK;
}

/* What the events ask first, then the filter of every box in use that none asked: 0. */
static pmu_status plan_extras(struct uncore_session *s)
{
	for (unsigned pass = 0; pass < 2; pass++)
		for (unsigned i = 0; i < s->n; i++) {
			const struct uncore_counter *e = &s->ev[i];
			pmu_status st = PMU_OK;
			if (pass == 0 && e->extra_msr)
				st = add_extra(s, e->extra_msr, e->extra_val, true);
			else if (pass == 1 && e->box->filter_msr)
				st = add_extra(s, e->box->filter_msr, 0, false);
			struct strbuf sb;
			if (st == PMU_ERR_NO_COUNTER) {
				sb = refuse(s, st, i, "no counter left for it (it needs MSR ");
				sb_hex(&sb, e->extra_msr);
				sb_puts(&sb, " = ");
				sb_hex(&sb, e->extra_val);
				sb_puts(&sb, ", which another event sets otherwise)");
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
		if (s->ngates >= UNCORE_MAX_GATES)
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
		if (s->nstatus >= UNCORE_MAX_STATUS)
			return PMU_ERR_NOSPACE;
		u = &s->status[s->nstatus++];
		u->msr = e->box->status_msr;
		u->ovf_msr = e->box->ovf_msr;
	}
	u->mine |= (uint64_t)1 << b;
	return PMU_OK;
}

pmu_status uncore_plan(struct uncore_session *s, enum uncore_family fam,
		       const struct pmu_event_req *reqs, unsigned n)
{
	pmu_memset(s, 0, sizeof(*s));
	s->fam = fam;
	if (n > UNCORE_MAX_EVENTS) {
		struct strbuf sb = refuse(s, PMU_ERR_NO_COUNTER, UNCORE_MAX_EVENTS,
					  "no counter left for it (the engine holds ");
		sb_dec(&sb, UNCORE_MAX_EVENTS);
		sb_puts(&sb, " uncore events)");
		return s->st;
	}
	for (unsigned i = 0; i < n; i++) {
		pmu_status st = check_req(s, &reqs[i], &s->bad_bit);
		if (st)
			return refuse_req(s, &reqs[i], i, st);
	}
	pmu_status st = allocate(s, reqs, n);
	if (!st)
		st = plan_extras(s);
	for (unsigned i = 0; i < s->n && !st; i++) {
		const struct uncore_counter *e = &s->ev[i];
		if (e->box->global_ctl)
			st = add_gate(s, e->box->global_ctl, e->box->global, true, e->idx);
		if (!st && e->box->box_ctl)
			st = add_gate(s, e->box->box_ctl, e->box->box, false, e->idx);
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

pmu_status uncore_set_preload(struct uncore_session *s, unsigned ev, uint64_t value)
{
	if (s->phase != UNC_PLANNED || ev >= s->n)
		return PMU_ERR_INVALID;
	struct uncore_counter *e = &s->ev[ev];
	if (value > counter_mask(e->width))
		return PMU_ERR_RANGE;
	e->preload = value;
	return PMU_OK;
}

pmu_status uncore_freeze_after(struct uncore_session *s, unsigned ev, uint64_t n)
{
	if (s->phase != UNC_PLANNED || ev >= s->n)
		return PMU_ERR_INVALID;
	struct uncore_counter *e = &s->ev[ev];
	if (!e->box->freeze_pmi_mask || e->idx == UNCORE_FIXED)
		return PMU_ERR_UNSUPPORTED;
	uint64_t max = counter_mask(e->box->counter_width);
	if (n > max)
		return PMU_ERR_RANGE;
	e->preload = max - n;
	e->config |= e->box->freeze_pmi_mask;
	e->ctl_val |= e->box->freeze_pmi_mask;
	return PMU_OK;
}

/* ---- MSR access with bookkeeping ---- */

static struct own_reg *saved_of(struct uncore_session *s, uint32_t msr)
{
	return own_find(s->saved, s->nsaved, msr);
}

static pmu_status save_add(struct uncore_session *s, uint32_t msr)
{
	return own_add(s->saved, &s->nsaved, UNCORE_MAX_SAVED, msr, OWN_PACKAGE, 0) ? PMU_OK : PMU_ERR_NOSPACE;
}

static void note_fault(struct uncore_session *s, pmu_status st, uint32_t msr, bool write)
{
	if (s->st)
		return;
	s->st = st;
	s->fault_msr = msr;
	s->fault_write = write;
}

/* Writes a saved register; only a write that succeeded needs restoring. */
static pmu_status wr(struct uncore_session *s, uint32_t msr, uint64_t val)
{
	pmu_status st = pmu_wrmsr(s->b, s->cpu, msr, val);
	if (!st)
		(void)own_mark_written(s->saved, s->nsaved, msr);   /* OVF_CTRL has no record */
	else
		note_fault(s, st, msr, true);
	return st;
}

static pmu_status rd(struct uncore_session *s, uint32_t msr, uint64_t *val)
{
	pmu_status st = pmu_rdmsr(s->b, s->cpu, msr, val);
	if (st)
		note_fault(s, st, msr, false);
	return st;
}

static void gates_write(struct uncore_session *s, bool start)
{
	/* box gates before the global one at start, after it at stop */
	for (unsigned pass = 0; pass < 2; pass++) {
		bool global = start ? pass == 1 : pass == 0;
		for (unsigned i = 0; i < s->ngates && !s->st; i++)
			if (s->gate[i].global == global)
				wr(s, s->gate[i].msr, start ? s->gate[i].start_val : s->gate[i].stop_val);
	}
}

/* After a fault: restore everything written (gates stopped first), keep the first error. */
static pmu_status abort_run(struct uncore_session *s)
{
	pmu_status st = s->st;
	(void)uncore_restore(s);
	return st;
}

/* ---- program / start / stop / read / restore ---- */

/* Restore order (pmu/ownership.h): counters, extras, controls, box gates, global gates. */
static pmu_status build_save_list(struct uncore_session *s)
{
	pmu_status st = PMU_OK;
	for (unsigned i = 0; i < s->n && !st; i++)
		st = save_add(s, s->ev[i].ctr_msr);
	for (unsigned i = 0; i < s->nextras && !st; i++)
		st = save_add(s, s->extra[i].msr);
	for (unsigned i = 0; i < s->n && !st; i++)
		st = save_add(s, s->ev[i].ctl_msr);
	for (unsigned pass = 0; pass < 2; pass++)
		for (unsigned i = 0; i < s->ngates && !st; i++)
			if (s->gate[i].global == (pass == 1))
				st = save_add(s, s->gate[i].msr);
	return st;
}

static void ev_fault(struct uncore_counter *e, uint32_t msr, pmu_status st)
{
	if (msr == e->ctl_msr && !e->ctl_st)
		e->ctl_st = st;
	if (msr == e->ctr_msr && !e->ctr_st)
		e->ctr_st = st;
}

/* A gate's values from what was found: firmware's bits stay (struct uncore_gate). */
static void gate_own(struct uncore_gate_use *u, struct own_reg *r)
{
	uint64_t found = r->orig;
	r->ours = u->ctr_bits | (u->stop_bits & ~u->run_bits) | ((u->run_bits | u->stop_bits) & ~found);
	u->stop_val = own_gate(found, r->ours, u->stop_bits);
	u->start_val = own_gate(found, r->ours, u->run_bits | u->ctr_bits);
	r->quiet = u->stop_val;
	r->has_quiet = true;
}

static pmu_status snapshot(struct uncore_session *s)
{
	for (unsigned i = 0; i < s->nsaved; i++) {
		struct own_reg *r = &s->saved[i];
		pmu_status st = rd(s, r->msr, &r->orig);
		if (st) {
			for (unsigned k = 0; k < s->n; k++)
				ev_fault(&s->ev[k], r->msr, st);
			return st;
		}
		r->restore_val = r->orig;
	}
	for (unsigned i = 0; i < s->n; i++) {
		struct uncore_counter *e = &s->ev[i];
		struct own_reg *ctl = saved_of(s, e->ctl_msr);
		e->in_use = (ctl->orig & ev_enable(e)) != 0;
		s->n_in_use += e->in_use;
		ctl->quiet = ctl->orig & ~ev_enable(e);
		ctl->has_quiet = true;
	}
	for (unsigned i = 0; i < s->ngates; i++)
		gate_own(&s->gate[i], saved_of(s, s->gate[i].msr));
	return PMU_OK;
}

/* Overflow status is best effort: its bit maps are partly UNCONFIRMED, a fault only marks it unknown. */
static void status_clear(struct uncore_session *s, struct uncore_status_use *u, uint64_t *val)
{
	u->st = pmu_rdmsr(s->b, s->cpu, u->msr, val);
	if (!u->st && (*val & u->mine))
		u->st = pmu_wrmsr(s->b, s->cpu, u->ovf_msr, *val & u->mine);
}

static pmu_status program_event(struct uncore_session *s, struct uncore_counter *e)
{
	pmu_status st = wr(s, e->ctl_msr, e->ctl_val);
	if (!st)
		st = wr(s, e->ctr_msr, e->preload);
	if (!st)
		st = rd(s, e->ctr_msr, &e->start);
	if (st)
		ev_fault(e, s->fault_msr, st);
	return st;
}

pmu_status uncore_program(struct uncore_session *s, const struct pmu_backend *b, unsigned cpu,
			  unsigned flags)
{
	if (s->phase != UNC_PLANNED)
		return s->st ? s->st : PMU_ERR_INVALID;
	s->b = b;
	s->cpu = cpu;
	s->flags = flags;
	pmu_status st = build_save_list(s);
	if (st)
		return fail(s, st, 0);
	if ((st = snapshot(s))) {
		s->phase = UNC_RESTORED;   /* nothing was written */
		return st;
	}
	if (s->n_in_use && !(flags & UNCORE_FORCE)) {
		s->phase = UNC_RESTORED;
		return fail(s, PMU_ERR_IN_USE, 0);
	}
	for (unsigned i = 0; i < s->n; i++)
		s->ev[i].ctl_on = ctl_gated(s->ev[i].box) ? ev_run_word(&s->ev[i], true) : s->ev[i].ctl_val;
	s->phase = UNC_PROGRAMMED;
	gates_write(s, false);
	for (unsigned i = 0; i < s->nstatus && !s->st; i++)
		status_clear(s, &s->status[i], &s->status[i].before);
	for (unsigned i = 0; i < s->nextras && !s->st; i++)
		wr(s, s->extra[i].msr, s->extra[i].val);
	for (unsigned i = 0; i < s->n && !s->st; i++)
		program_event(s, &s->ev[i]);
	return s->st ? abort_run(s) : PMU_OK;
}

static void ctl_gated_write(struct uncore_session *s, bool on)
{
	for (unsigned i = 0; i < s->n && !s->st; i++) {
		struct uncore_counter *e = &s->ev[i];
		if (ctl_gated(e->box) && wr(s, e->ctl_msr, on ? e->ctl_on : ev_run_word(e, false)))
			ev_fault(e, s->fault_msr, s->st);
	}
}

pmu_status uncore_start(struct uncore_session *s)
{
	if (s->phase != UNC_PROGRAMMED)
		return s->st ? s->st : PMU_ERR_INVALID;
	ctl_gated_write(s, true);
	gates_write(s, true);
	s->phase = UNC_STARTED;
	return s->st ? abort_run(s) : PMU_OK;
}

pmu_status uncore_stop(struct uncore_session *s)
{
	if (s->phase != UNC_STARTED)
		return s->st ? s->st : PMU_ERR_INVALID;
	gates_write(s, false);
	ctl_gated_write(s, false);
	s->phase = UNC_STOPPED;
	return s->st ? abort_run(s) : PMU_OK;
}

pmu_status uncore_read(struct uncore_session *s)
{
	if (s->phase != UNC_STOPPED && s->phase != UNC_STARTED)
		return s->st ? s->st : PMU_ERR_INVALID;
	for (unsigned i = 0; i < s->n && !s->st; i++) {
		struct uncore_counter *e = &s->ev[i];
		if (rd(s, e->ctr_msr, &e->end)) {
			ev_fault(e, e->ctr_msr, s->st);
			break;
		}
		e->delta = counter_delta(e->start, e->end, e->width);
	}
	if (s->st)
		return abort_run(s);
	for (unsigned i = 0; i < s->nstatus; i++)
		status_clear(s, &s->status[i], &s->status[i].after);
	for (unsigned i = 0; i < s->n; i++) {
		struct uncore_counter *e = &s->ev[i];
		int bit = status_bit(e);
		for (unsigned k = 0; k < s->nstatus && bit >= 0; k++) {
			const struct uncore_status_use *u = &s->status[k];
			if (u->msr == e->box->status_msr && !u->st) {
				e->ovf_known = true;
				e->overflow = (u->after >> bit) & 1;
			}
		}
	}
	s->phase = UNC_READ;
	return PMU_OK;
}

pmu_status uncore_restore(struct uncore_session *s)
{
	uint32_t msr = 0;
	if (s->phase == UNC_RESTORED || !s->b)
		return PMU_OK;
	pmu_status first = own_restore(s->saved, s->nsaved, s->b, s->cpu, &msr);
	if (first && !s->restore_st) {
		s->restore_st = first;
		s->restore_msr = msr;
	}
	if (first)
		note_fault(s, first, msr, true);
	own_forget_writes(s->saved, s->nsaved);
	s->phase = UNC_RESTORED;
	return first;
}

/* ---- holds-values probe ---- */

pmu_status uncore_probe_holds(const struct pmu_backend *b, unsigned cpu, const struct box_desc *d,
			      struct uncore_probe *out)
{
	pmu_memset(out, 0, sizeof(*out));
	out->msr = box_ctl_msr(d, 0);
	uint64_t hold = reg_holding_mask(d->ctl_layout) & ~d->enable_mask;
	out->pattern[0] = hold & 0x5555555555555555ull;
	out->pattern[1] = hold & 0xAAAAAAAAAAAAAAAAull;
	if ((out->st = pmu_rdmsr(b, cpu, out->msr, &out->orig)))
		return out->st;
	if (out->orig & d->enable_mask)
		return out->st = PMU_ERR_IN_USE;   /* firmware's counter: leave it alone */
	pmu_status held = PMU_OK;
	for (unsigned k = 0; k < 2 && !out->st; k++) {
		out->st = pmu_wrmsr(b, cpu, out->msr, out->pattern[k]);
		if (!out->st)
			out->st = pmu_rdmsr(b, cpu, out->msr, &out->readback[k]);
		if (!out->st && (out->readback[k] & hold) != out->pattern[k])
			held = PMU_ERR_NOT_HELD;
	}
	pmu_status rst = pmu_wrmsr(b, cpu, out->msr, out->orig);
	if (!out->st)
		out->st = rst ? rst : held;
	return out->st;
}
