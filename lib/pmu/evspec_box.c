/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The uncore half of the event-spec parser: box/terms/ specs, box event lists, the box
 * filter, the boxes' fixed clocks and uncore events named alone.
 */
#include "pmu/evspec_internal.h"
#include "hw/events_names.h"
#include "hw/events_box_gen.h"

/* Does pmu name this box: the box's name, or "<pmu>_<n>" (uncore_cbox: uncore_cbox_0..7)? */
static bool pmu_fits(const char *pmu, const struct box_desc *box)
{
	size_t n = pmu_strlen(pmu);
	if (pmu_strncmp(box->name, pmu, n))
		return false;
	return !box->name[n] || (box->name[n] == '_' && box->name[n + 1] >= '0' && box->name[n + 1] <= '9');
}

/* Intel's list for this box's type on this CPU, or NULL. */
static const struct ev_list *box_list(const struct cpu_info *ci, const struct box_desc *box)
{
	const struct ev_model *m = ev_model_for(ci);
	for (const struct ev_list *const *u = m ? m->uncore : NULL; u && *u; u++)
		if (pmu_fits((*u)->pmu, box))
			return *u;
	return NULL;
}

/* The generated box event of that name for this family (tools/gen_box_events.py), or NULL. */
static const struct box_event *box_event_find(enum uncore_family fam, const char *name, size_t len)
{
	for (unsigned i = 0; i < box_event_list_count; i++) {
		const struct box_event_list *l = &box_event_lists[i];
		for (unsigned k = 0; l->family == fam && k < l->n; k++)
			if (evspec_name_eq(l->events[k].name, name, len))
				return &l->events[k];
	}
	return NULL;
}

/* A leading name among this box's generated events: its terms go first. */
static pmu_status box_event_terms(const struct cpu_info *ci, const struct box_desc *box,
				  const char *t, size_t tl, size_t *used, uint64_t *config,
				  struct evspec_error *err)
{
	size_t n = evspec_find_char(t, tl, ',');
	const char *name = t;
	size_t nl = n;
	evspec_trim(&name, &nl);
	*used = 0;
	if (!nl || evspec_find_char(name, nl, '=') < nl ||
	    reg_find_field(box->ctl_layout, name, nl))
		return PMU_OK;
	const struct box_event *e = box_event_find(ci->uncore, name, nl);
	if (!e || !pmu_fits(e->pmu, box))
		return PMU_OK;
	*used = n < tl ? n + 1 : n;
	return evspec_parse_terms(box->name, box->ctl_layout, e->terms, pmu_strlen(e->terms),
				  box->enable_mask, config, err);
}

/*
 * Intel's UMaskExt, PortMask and FCMask: fields of the control beyond the umask, placed by the
 * box's layout (Linux's umask_ext, ch_mask and fc_mask formats); a box whose control has no
 * such field cannot count the event as the list defines it.
 */
static pmu_status box_ext_fields(const struct box_desc *box, const struct ev_def *d,
				 const char *name, struct pmu_event_req *req,
				 struct evspec_error *err)
{
	const struct ev_box_ext *x = ev_ext(d);
	const struct { const char *field, *intel; uint64_t v; } f[] = {
		{ "umask_ext", "UMaskExt", x->umask_ext },
		{ "ch_mask", "PortMask", x->port_mask },
		{ "fc_mask", "FCMask", x->fc_mask },
	};
	for (unsigned i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		const struct reg_field *rf = reg_find_field(box->ctl_layout, f[i].field,
							    pmu_strlen(f[i].field));
		if (f[i].v && (!rf || reg_set_field(&req->config, rf, f[i].v))) {
			struct strbuf sb = evspec_err_q(err, PMU_ERR_UNSUPPORTED, "event ", name,
							pmu_strlen(name), " needs Intel's ");
			sb_puts(&sb, f[i].intel);
			sb_puts(&sb, ", which ");
			sb_puts(&sb, box->name);
			sb_puts(&sb, "'s control (");
			sb_puts(&sb, box->ctl_layout->name);
			sb_puts(&sb, rf ? ") cannot hold" : ") does not have");
			return err->st;
		}
	}
	return PMU_OK;
}

/* A list event in the box's control word (Linux uncore_snbep.c, Intel 327043-001 table 2-2). */
static pmu_status box_from_def(const struct box_desc *box, const struct ev_def *d,
			       struct pmu_event_req *req, struct evspec_error *err)
{
	char name[EV_NAME_MAX];
	ev_name(d, name, sizeof(name));
	const struct reg_layout *l = box->ctl_layout;
	const struct reg_field *fe = reg_find_field(l, "event", 5);
	const struct reg_field *fu = reg_find_field(l, "umask", 5);
	/*
	 * Intel's UMask is bits 15:8 of the word: a box without a umask field (the PCU, whose
	 * occ_sel is 15:14) takes it there as raw bits, checked against the layout afterwards.
	 */
	if (d->umask && !fu)
		req->config |= (uint64_t)d->umask << 8;
	if (!fe || reg_set_field(&req->config, fe, d->event) ||
	    (d->umask && fu && reg_set_field(&req->config, fu, d->umask))) {
		struct strbuf sb = evspec_err_q(err, PMU_ERR_UNSUPPORTED, "event ", name,
						pmu_strlen(name), " does not fit the fields of ");
		sb_puts(&sb, box->name);
		return err->st;
	}
	/*
	 * Intel's ExtSel: an event-select extension bit (bit 21 where a box has it: the PCU). The
	 * SNB-EP U-box has none (Intel 327043-001 table 2-2: 21:20 reserved): without it the word would
	 * select another event, so the event is refused.
	 */
	const struct reg_field *fx = reg_find_field(l, "ev_sel_ext", 10);
	if ((d->flags & EVF_EXTSEL) && (!fx || reg_set_field(&req->config, fx, 1))) {
		struct strbuf sb = evspec_err_q(err, PMU_ERR_UNSUPPORTED, "event ", name,
						pmu_strlen(name), " needs ExtSel, which ");
		sb_puts(&sb, box->name);
		sb_puts(&sb, "'s control (");
		sb_puts(&sb, l->name);
		sb_puts(&sb, ") does not have");
		return err->st;
	}
	if (d->fixed >= 0 && !box->fixed_ctl)
		return evspec_needs_fixed(err, name, d->fixed);
	pmu_status st = box_ext_fields(box, d, name, req, err);
	if (st)
		return st;
	req->fixed = d->fixed;
	req->counter_mask = d->fixed >= 0 ? 0 : req->counter_mask & d->ctr;
	return PMU_OK;
}

/* The box filter's fields that select nothing at 0 (box_filter.all_fields). */
static uint64_t filter_all(const struct box_filter *f)
{
	uint64_t all = 0;
	for (const char *const *n = f->all_fields; n && *n; n++)
		all |= reg_named_mask(f->layout, *n);
	return all;
}

/* Bits of the box's filter that events may set: the list event's own, plus the open field. */
static uint64_t filter_allowed(const struct box_desc *box, const struct ev_def *d)
{
	const struct box_filter *f = box->filter;
	uint64_t open = f->open_field ? reg_named_mask(f->layout, f->open_field) : 0;
	return d ? ev_filter(d) | open : ~(uint64_t)0;
}

/*
 * The filter a box event asks: a filter term names it, the list event uses the filter
 * (then fields not given are 0) or the control switches on the open field. A term for the
 * open field switches it on.
 */
static pmu_status box_filter_terms(const struct box_desc *box, const struct ev_def *d,
				   const struct term_dest *fd, struct pmu_event_req *req,
				   struct evspec_error *err)
{
	const struct box_filter *f = box->filter;
	uint64_t open_en = f->open_field ? reg_named_mask(box->ctl_layout, f->open_enable) : 0;
	uint64_t stray = fd->touched & ~filter_allowed(box, d);
	if (stray) {
		char name[EV_NAME_MAX];
		ev_name(d, name, sizeof(name));
		struct strbuf sb = evspec_err_q(err, PMU_ERR_INVALID, "event ", name, pmu_strlen(name),
						" does not use filter field '");
		sb_puts(&sb, evspec_field_at(f->layout, evspec_lowest_bit(stray))->name);
		sb_puts(&sb, "' of ");
		sb_puts(&sb, box->name);
		return err->st;
	}
	if (f->open_field && (fd->touched & reg_named_mask(f->layout, f->open_field)))
		req->config |= open_en;
	/* the selecting fields no term names stay at "everything" where the list gives no value */
	if (d && !ev_ext(d)->filter_val)
		*fd->word |= filter_all(f) & ev_filter(d) & ~fd->touched;
	if (fd->touched || (d && ev_filter(d)) || (req->config & open_en)) {
		req->extra_msr = box->filter_msr;
		req->extra_msr_val = *fd->word;
	}
	return PMU_OK;
}

/*
 * A filter only some events select (box_filter.sel_mask: SNB-EP QPI match/mask, event 0x38
 * with event_ext, Linux snbep_qpi_hw_config): programmed when a term sets it, refused for any
 * other event.
 */
static pmu_status box_wide_filter_terms(const struct box_desc *box, const struct term_dest *dst,
					const uint64_t *filter, struct pmu_event_req *req,
					struct evspec_error *err)
{
	const struct box_filter *f = box->filter;
	if (!(dst[1].touched | dst[2].touched | dst[3].touched | dst[4].touched))
		return PMU_OK;
	if ((req->config & f->sel_mask) != f->sel_val) {
		struct strbuf sb = evspec_err_q(err, PMU_ERR_INVALID, "", box->name,
						pmu_strlen(box->name), ": match/mask terms need event ");
		sb_hex(&sb, f->sel_val & 0xFF);
		sb_puts(&sb, " with event_ext (the only event that selects them)");
		return err->st;
	}
	req->extra_msr = box->filter_msr;
	req->extra_msr_val = filter[0];
	req->extra_msr_val_hi = filter[1];
	return PMU_OK;
}

/* The box's fixed counter, asked for by the name the sources give it (box_desc.fixed_event). */
static pmu_status fixed_clock(const struct box_desc *box, struct pmu_event_req *req)
{
	req->box = box;
	req->config = 0;   /* the fixed control word without its enable */
	req->fixed = 0;
	req->counter_mask = 0;
	pmu_strlcpy(req->name, box->fixed_event, sizeof(req->name));
	return PMU_OK;
}

static bool is_clock_of(const struct box_desc *box, const char *s, size_t len)
{
	evspec_trim(&s, &len);
	return box->fixed_event && evspec_name_eq(box->fixed_event, s, len);
}

/* The box of boxes' family whose fixed counter is called s, or NULL. */
static const struct box_desc *clock_box(const struct box_set *boxes, const char *s, size_t len)
{
	for (unsigned i = 0; boxes && i < boxes->n; i++)
		if (boxes->box[i].d.family == boxes->fam && is_clock_of(&boxes->box[i].d, s, len))
			return &boxes->box[i].d;
	return NULL;
}

/* Some family's uncore clock, or perf's "clockticks": worth saying why this one has none. */
static bool any_clock_name(const char *s, size_t len)
{
	for (unsigned f = UNCORE_NONE; f <= UNCORE_DISC; f++) {
		const struct box_family *bf = box_family_of((enum uncore_family)f);
		for (unsigned k = 0; bf && k < bf->ntypes; k++)
			if (is_clock_of(&bf->types[k].desc, s, len))
				return true;
	}
	return evspec_name_eq("clockticks", s, len);
}

pmu_status evspec_parse_box(const struct cpu_info *ci, const struct box_desc *box,
			    const char *terms, size_t len, struct pmu_event_req *req,
			    struct evspec_error *err)
{
	size_t first = evspec_find_char(terms, len, ',');
	if (is_clock_of(box, terms, first) && first < len) {
		evspec_err_q(err, PMU_ERR_INVALID, "", box->fixed_event, pmu_strlen(box->fixed_event),
			     " is a fixed counter: it takes no terms");
		return err->st;
	}
	if (is_clock_of(box, terms, len))
		return fixed_clock(box, req);
	const struct reg_layout *l = box->ctl_layout;
	const struct ev_list *list = box_list(ci, box);
	req->box = box;
	req->config = 0;
	req->fixed = -1;
	req->counter_mask = low_bits(box->n_counters);
	req->extra_msr = 0;
	req->extra_msr_val = 0;
	req->extra_msr_val_hi = 0;

	size_t used;
	pmu_status st;
	const struct ev_def *d = evspec_leading_event(list, l, terms, len, &used);
	if (d)
		st = box_from_def(box, d, req, err);
	else
		st = box_event_terms(ci, box, terms, len, &used, &req->config, err);
	if (st)
		return st;
	if (d && ev_filter(d) && !box->filter) {
		char name[EV_NAME_MAX];
		ev_name(d, name, sizeof(name));
		/* the SNB-EP U-box filter (no known address), the HA's address and opcode match */
		evspec_err_q(err, PMU_ERR_UNSUPPORTED, "event ", name, pmu_strlen(name),
			     box->pci ? " needs the box's match registers (a filter), which "
			     "efipmu does not program" : " needs a filter register, which this box "
			     "does not have");
		return err->st;
	}
	/*
	 * the list's value (FILTER_VALUE) where it gives one; terms change fields of it, a wide
	 * filter's (box_filter.hi) by its other layouts too
	 */
	const struct box_filter *f = box->filter;
	uint64_t filter[2] = { d ? ev_ext(d)->filter_val : 0, 0 };
	struct term_dest dst[5] = {
		{ l, box->enable_mask, &req->config, 0, NULL },
		{ f ? f->layout : l, 0, &filter[0], 0, NULL },
		{ f && f->raw ? f->raw : l, 0, &filter[0], 0, NULL },
		{ f && f->hi ? f->hi : l, 0, &filter[1], 0, NULL },
		{ f && f->hi_raw ? f->hi_raw : l, 0, &filter[1], 0, NULL },
	};
	st = evspec_apply_terms(box->name, dst, !f ? 1 : f->hi ? 5 : 2, terms + used, len - used,
				err);
	if (!st && f && f->sel_mask)
		st = box_wide_filter_terms(box, dst, filter, req, err);
	else if (!st && f)
		st = box_filter_terms(box, d, &dst[1], req, err);
	if (st)
		return st;
	if (!d && list)
		req->counter_mask = evspec_counters_by_code(ci, list, l, req->config,
							     req->counter_mask);
	/*
	 * perf's UNCORE_FIXED_EVENT: config 0xff is the fixed counter (Linux uncore.c
	 * uncore_pmu_event_init); the client cNCU's "clockticks" is "event=0xff"
	 * (icl_uncore_events). Taken where the fixed counter is the box's only one.
	 */
	if (!d && !box->n_counters && box->fixed_event && req->config == 0xFF)
		return fixed_clock(box, req);
	return evspec_validate(l, req->config, ~(uint64_t)0, err);
}

/* A name alone that is no core event: an uncore event or clock of this CPU, by m's lists. */
pmu_status evspec_uncore_named(const struct cpu_info *ci, const struct box_set *boxes,
			       const struct ev_model *m,
			       const char *s, size_t len, struct pmu_event_req *req,
			       struct evspec_error *err)
{
	const struct ev_def *d;
	/* An uncore event of Intel's list or a generated one: its box type's first box */
	const char *name = NULL, *pmu = NULL;
	char list_name[EV_NAME_MAX];
	for (const struct ev_list *const *u = m ? m->uncore : NULL; u && *u && !name; u++)
		if ((d = ev_find(*u, s, len))) {
			ev_name(d, list_name, sizeof(list_name));
			name = list_name;
			pmu = (*u)->pmu;
		}
	const struct box_desc *clock = name ? NULL : clock_box(boxes, s, len);
	if (clock)
		return fixed_clock(clock, req);
	const char *why = uncore_family_desc(ci->uncore)->no_clock_why;
	if (!name && why && any_clock_name(s, len)) {
		struct strbuf sb = evspec_err_q(err, PMU_ERR_UNSUPPORTED, "", s, len,
						": no uncore clock on model ");
		sb_hex(&sb, ci->model);
		sb_puts(&sb, ": ");
		sb_puts(&sb, why);
		return err->st;
	}
	const struct box_event *be = name ? NULL : box_event_find(ci->uncore, s, len);
	if (be) {
		name = be->name;
		pmu = be->pmu;
	}
	for (unsigned i = 0; name && boxes && i < boxes->n; i++) {
		/* uncore_cbox_0 for a C-box event, uncore_mbox_0 for an M-box one (say which: box/NAME/) */
		const struct box_desc *box = &boxes->box[i].d;
		if (box->family == ci->uncore && pmu_fits(pmu, box)) {
			pmu_strlcpy(req->name, name, sizeof(req->name));
			return evspec_parse_box(ci, box, s, len, req, err);
		}
	}
	if (name) {
		evspec_err_q(err, PMU_ERR_UNKNOWN_NAME, "unknown PMU ", pmu, pmu_strlen(pmu), " for this CPU");
		return err->st;
	}
	struct strbuf sb = evspec_err_q(err, PMU_ERR_UNKNOWN_NAME, "unknown event ", s, len,
					" for model ");
	sb_hex(&sb, ci->model);
	if (m && evspec_other_core_type(ci))
		sb_puts(&sb, " (neither core type's list has it)");
	return err->st;
}
