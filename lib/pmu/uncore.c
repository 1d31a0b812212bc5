/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * One engine for every uncore box descriptor, run once per package.
 * Phases: plan (no MSR access) -> program -> start -> stop -> read -> restore.
 * The first failure ends the session: what was written is restored.
 */
#include "pmu/uncore.h"
#include "pmu/counter.h"
#include "util/fmt.h"
#include "pmu/uncore_internal.h"
#include "pmu/regkey.h"

const struct reg_layout *uncore_counter_layout(const struct uncore_counter *e)
{
	return e->idx == UNCORE_FIXED ? e->box->fixed_layout : e->box->ctl_layout;
}

/* The control word while running or stopped: write-only bits (resets) act only at program. */
static uint64_t ev_run_word(const struct uncore_counter *e, bool on)
{
	uint64_t w = e->config & reg_holding_mask(uncore_counter_layout(e));
	return on ? w | ev_enable(e) : w;
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

/* ---- the tables ---- */

size_t uncore_session_size(unsigned max)
{
	return UNCORE_SESSION_BYTES(max);
}

void uncore_session_init(struct uncore_session *s, void *mem, unsigned max)
{
	uint8_t *at = mem;
	s->max = mem ? max : 0;
	s->ev = (struct uncore_counter *)at;
	at += UNCORE_TABLE_BYTES(sizeof(*s->ev), s->max);
	s->saved = (struct own_reg *)at;
	at += UNCORE_TABLE_BYTES(sizeof(*s->saved), s->max * UNCORE_SAVED_PER_EVENT);
	s->gate = (struct uncore_gate_use *)at;
	at += UNCORE_TABLE_BYTES(sizeof(*s->gate), s->max * UNCORE_GATES_PER_EVENT);
	s->status = (struct uncore_status_use *)at;
	at += UNCORE_TABLE_BYTES(sizeof(*s->status), s->max * UNCORE_STATUS_PER_EVENT);
	s->extra = (struct uncore_extra *)at;
	at += UNCORE_TABLE_BYTES(sizeof(*s->extra), s->max * UNCORE_EXTRAS_PER_EVENT);
	s->moved = (bool *)at;
	pmu_memset(mem, 0, mem ? uncore_session_size(s->max) : 0);
}

/* ---- MSR access with bookkeeping ---- */

static struct own_reg *saved_of(struct uncore_session *s, uint32_t msr)
{
	return own_find(s->saved, s->nsaved, msr);
}

/* A register of a die's own box (per_die: a portal table's MSR unit): the die's, not the package's. */
static enum own_scope scope_of(const struct uncore_session *s, uint32_t msr)
{
	for (unsigned i = 0; i < s->n; i++) {
		const struct uncore_counter *e = &s->ev[i];
		if (e->box->per_die && (msr == e->ctl_msr || msr == e->ctr_msr ||
					msr == e->box->box_ctl || msr == e->box->filter_msr))
			return OWN_DIE;
	}
	return OWN_PACKAGE;
}

static pmu_status save_add(struct uncore_session *s, uint32_t msr)
{
	return own_add(s->saved, &s->nsaved, s->max * UNCORE_SAVED_PER_EVENT, msr,
		       scope_of(s, msr), 0) ? PMU_OK : PMU_ERR_NOSPACE;
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
	pmu_status st = pmu_reg_write(s->b, s->cpu, msr, val);
	if (!st)
		(void)own_mark_written(s->saved, s->nsaved, msr);   /* OVF_CTRL has no record */
	else
		note_fault(s, st, msr, true);
	return st;
}

static pmu_status rd(struct uncore_session *s, uint32_t msr, uint64_t *val)
{
	pmu_status st = pmu_reg_read(s->b, s->cpu, msr, val);
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

/* Its box drops counter writes while the control is stopped (box_ops.ctr_write_gated). */
static bool ctr_gated(const struct uncore_counter *e)
{
	return e->box->ops && e->box->ops->ctr_write_gated;
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
		struct own_reg *cr = saved_of(s, e->ctr_msr);
		cr->check = OWN_CHECK_COUNTER;
		cr->width = (uint8_t)e->width;
		cr->live = e->in_use;
		ctl->quiet = ctl->orig & ~ev_enable(e);
		ctl->has_quiet = true;
		if (ctr_gated(e)) {   /* the found count goes back with its control enabled */
			struct own_reg *ctr = saved_of(s, e->ctr_msr);
			ctr->en_msr = e->ctl_msr;
			ctr->en_on = ctl->orig | ev_enable(e);
			ctr->en_off = ctl->quiet;
		}
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

/*
 * Control, counter, start value. Where counter writes are dropped while the control is
 * stopped (ctr_gated), the control is enabled for the counter's write and stopped after it:
 * the start value is read with the counter still, so the delta is exact.
 */
static pmu_status program_event(struct uncore_session *s, struct uncore_counter *e)
{
	pmu_status st = wr(s, e->ctl_msr, ctr_gated(e) ? e->ctl_val | ev_enable(e) : e->ctl_val);
	if (!st)
		st = wr(s, e->ctr_msr, e->preload);
	if (!st && ctr_gated(e))
		st = wr(s, e->ctl_msr, e->ctl_val);
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
	for (unsigned i = 0; i < s->n && s->pci_unplaced; i++)
		if (s->ev[i].box->pci)
			return fail(s, PMU_ERR_ABSENT, i);   /* planned without its package's map */
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
		if (e->box->ops && e->box->ops->saturated) {
			e->ovf_known = true;
			e->overflow = e->box->ops->saturated(e->end);
		}
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
	uint32_t back_msr = 0;
	pmu_status back = restore_check(s->saved, s->nsaved, s->b, s->cpu, &s->readback, &back_msr);
	bool wrote = first != PMU_OK;
	if (!first && back) {   /* put back, but its read-back faults */
		first = back;
		msr = back_msr;
	}
	if (first && !s->restore_st) {
		s->restore_st = first;
		s->restore_msr = msr;
	}
	if (first)
		note_fault(s, first, msr, wrote);
	own_forget_writes(s->saved, s->nsaved);
	s->phase = UNC_RESTORED;
	return first;
}

/* ---- holds-values probe ---- */

pmu_status uncore_probe_holds(const struct pmu_backend *b, unsigned cpu, const struct box_desc *d,
			      struct uncore_probe *out)
{
	pmu_memset(out, 0, sizeof(*out));
	/*
	 * A box of a fixed counter only (a client cNCU): its box control, its enable bit too
	 * (with the fixed counter's control clear it starts nothing); one firmware left enabled
	 * is left alone as a counter is.
	 */
	bool box = !d->n_counters && d->box_ctl && d->box;
	uint64_t enable = box ? d->box->start_val : d->enable_mask;
	out->msr = box ? d->box_ctl : box_ctl_msr(d, 0);
	if (d->pci)
		return out->st = PMU_ERR_INVALID;   /* offsets, not MSRs: found by device id instead */
	uint64_t hold = box ? reg_holding_mask(d->box->layout) :
			      reg_holding_mask(d->ctl_layout) & ~enable;
	out->pattern[0] = hold & 0x5555555555555555ull;
	out->pattern[1] = hold & 0xAAAAAAAAAAAAAAAAull;
	if ((out->st = pmu_rdmsr(b, cpu, out->msr, &out->orig)))
		return out->st;
	if (out->orig & enable)
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
	restore_check_one(b, cpu, out->msr, out->orig, &out->restored);
	if (!out->st)
		out->st = rst ? rst : held;
	return out->st;
}
