#include "pmu/evspec.h"
#include "hw/events_box_gen.h"
#include "util/fmt.h"
#include "hw/layouts_core.h"
#include "hw/core_aux.h"
#include "pmu/core_engine.h"

#define CORE (&layout_perfevtsel)

/* Core terms that set an event's auxiliary MSR (hw/core_aux.h), not a PERFEVTSEL field. */
static const char *const aux_term_names[] = { "offcore_rsp", "ldlat" };
#define AUX_TERMS (sizeof(aux_term_names) / sizeof(aux_term_names[0]))

struct aux_terms {
	unsigned given;          /* bit k: aux_term_names[k] was given */
	uint64_t v[AUX_TERMS];
};

/* The architectural events in CPUID.0AH:EBX bit order (seed 003 table 18-1, REGISTERS.md §1.7). */
static const struct arch_event {
	const char *name;
	uint8_t event, umask;
} arch_events[ARCH_EVENT_COUNT] = {
	{ "UnHalted Core Cycles", 0x3c, 0x00 },
	{ "Instruction Retired", 0xc0, 0x00 },
	{ "UnHalted Reference Cycles", 0x3c, 0x01 },
	{ "LLC Reference", 0x2e, 0x4f },
	{ "LLC Misses", 0x2e, 0x41 },
	{ "Branch Instructions Retired", 0xc4, 0x00 },
	{ "Branch Mispredicts Retired", 0xc5, 0x00 },
};

#define ARCH_BRANCH_MISSES 6

const char *evspec_arch_name(unsigned i)
{
	return i < ARCH_EVENT_COUNT ? arch_events[i].name : NULL;
}

/* perf's generic names: an architectural event and/or the fixed counter that counts it. */
static const struct generic_event {
	const char *name;
	int8_t arch;    /* arch_events index, -1: fixed counter only */
	int8_t fixed;   /* FIXED_CTRn, -1 none */
} generic_events[] = {
	{ "instructions", 1, 0 },
	{ "cycles", 0, 1 },
	{ "cpu-cycles", 0, 1 },
	{ "ref-cycles", -1, 2 },   /* TSC rate: the GP event 3CH/01H counts another clock */
	{ "slots", -1, 3 },        /* TOPDOWN.SLOTS, Ice Lake on (REGISTERS.md §1.2) */
	{ "TOPDOWN.SLOTS", -1, 3 },
	{ "bus-cycles", 2, -1 },
	{ "branches", 5, -1 },
	{ "branch-instructions", 5, -1 },
	{ "branch-misses", ARCH_BRANCH_MISSES, -1 },
	{ "cache-references", 3, -1 },
	{ "cache-misses", 4, -1 },
};

/*
 * Kernel pseudo-encodings of the fixed-only events, event 0 and umask the fixed counter
 * + 1 (REGISTERS.md §1.7: ref-cycles 0x0300; slots 0x0400): never reach a PERFEVTSEL.
 */
#define FIXED_ONLY_EVENT 0x00
/* BR_MISP_EXEC.ANY: the kernel's branch-misses on Nehalem parts with erratum AAJ80 (§1.8). */
#define NHM_BRANCH_MISS_EVENT 0x89
#define NHM_BRANCH_MISS_UMASK 0x7f

static char lc(char c)
{
	return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

static int blank(char c)
{
	return c == ' ' || c == '\t';
}

static void trim(const char **s, size_t *len)
{
	while (*len && blank(**s)) {
		(*s)++;
		(*len)--;
	}
	while (*len && blank((*s)[*len - 1]))
		(*len)--;
}

/* name == s[0..len), ignoring case and how long runs of blanks are. */
static int name_eq(const char *name, const char *s, size_t len)
{
	size_t i = 0;
	while (*name && i < len) {
		if (blank(*name) && blank(s[i])) {
			while (blank(*name))
				name++;
			while (i < len && blank(s[i]))
				i++;
			continue;
		}
		if (lc(*name) != lc(s[i]))
			return 0;
		name++;
		i++;
	}
	return !*name && i == len;
}

static size_t find_char(const char *s, size_t len, char c)
{
	size_t i = 0;
	while (i < len && s[i] != c)
		i++;
	return i;
}

/* Starts err's message; the caller appends to it and returns err->st. */
static struct strbuf err_begin(struct evspec_error *err, pmu_status st, const char *text)
{
	struct strbuf sb;
	err->st = st;
	sb_init(&sb, err->msg, sizeof(err->msg));
	sb_puts(&sb, text);
	return sb;
}

/* The shape of most messages: pre'q'post. */
static struct strbuf err_q(struct evspec_error *err, pmu_status st, const char *pre,
			   const char *q, size_t qlen, const char *post)
{
	struct strbuf sb = err_begin(err, st, pre);
	sb_putc(&sb, '\'');
	sb_putn_printable(&sb, q, qlen);
	sb_putc(&sb, '\'');
	sb_puts(&sb, post);
	return sb;
}

static pmu_status err_field(struct evspec_error *err, pmu_status st, const struct reg_field *f,
			    const char *post)
{
	err_q(err, st, "field ", f->name, pmu_strlen(f->name), post);
	return st;
}

static const struct reg_field *field_at(const struct reg_layout *l, unsigned bit)
{
	for (unsigned i = 0; i < l->nfields; i++)
		if ((reg_field_mask(&l->fields[i]) >> bit) & 1)
			return &l->fields[i];
	return NULL;
}

static uint64_t field_mask(const struct reg_layout *l, const char *name)
{
	const struct reg_field *f = reg_find_field(l, name, pmu_strlen(name));
	return f ? reg_field_mask(f) : 0;
}

/* Sets a field the caller knows the layout has, with a value the caller knows fits. */
static uint64_t put(const struct reg_layout *l, uint64_t word, const char *name, uint64_t v)
{
	const struct reg_field *f = reg_find_field(l, name, pmu_strlen(name));
	if (f)
		reg_set_field(&word, f, v);
	return word;
}

static uint64_t encoding(uint8_t event, uint8_t umask)
{
	return put(CORE, put(CORE, 0, "event", event), "umask", umask);
}

/* The select of ci's core PMU: IA32_PERFEVTSEL, or AMD's PERF_CTL (hw/core_pmus.h). */
static const struct reg_layout *core_sel(const struct cpu_info *ci)
{
	return pmu_core_desc(ci)->sel;
}

static unsigned lowest_bit(uint64_t v)
{
	unsigned b = 0;
	while (!((v >> b) & 1))
		b++;
	return b;
}

static pmu_status check_enable(const struct reg_layout *l, uint64_t config, uint64_t enable_mask,
			       struct evspec_error *err)
{
	uint64_t on = config & enable_mask;
	const struct reg_field *f = on ? field_at(l, lowest_bit(on)) : NULL;
	return f ? err_field(err, PMU_ERR_INVALID, f, " is set by efipmu") : PMU_OK;
}

/* Final check of a control word: only bits this CPU implements (allowed) may be set. */
static pmu_status validate(const struct reg_layout *l, uint64_t config, uint64_t allowed,
			   struct evspec_error *err)
{
	unsigned bad;
	pmu_status st = reg_validate(l, config, allowed, &bad);
	if (!st)
		return PMU_OK;
	const struct reg_field *f = field_at(l, bad);
	if (st == PMU_ERR_INVALID && f)
		return err_field(err, st, f, " holds an encoding the spec leaves undefined");
	if (f && (f->access == RA_RW || f->access == RA_WO || f->access == RA_W1C))
		return err_field(err, PMU_ERR_RESERVED, f, " not supported on this CPU");
	struct strbuf sb = err_begin(err, PMU_ERR_RESERVED, "reserved bit ");
	sb_dec(&sb, bad);
	sb_puts(&sb, " set");
	return err->st;
}

/* An auxiliary-register term of the core PMU (aux non-NULL): stored for core_aux. */
static bool aux_term(struct aux_terms *aux, const char *name, size_t nl, uint64_t v)
{
	for (unsigned k = 0; aux && k < AUX_TERMS; k++)
		if (name_eq(aux_term_names[k], name, nl)) {
			aux->given |= 1u << k;
			aux->v[k] = v;
			return true;
		}
	return false;
}

/* Where the terms of one spec go: a register's layout, its word and the fields set. */
struct term_dest {
	const struct reg_layout *l;
	uint64_t enable_mask;   /* fields the engine sets */
	uint64_t *word;
	uint64_t touched;       /* masks of the fields a term named */
	struct aux_terms *aux;  /* core auxiliary-MSR terms, or NULL */
};

static pmu_status apply_term(const char *pmu, struct term_dest *dst, const char *t, size_t tl,
			     struct evspec_error *err)
{
	const struct reg_layout *l = dst->l;
	uint64_t enable_mask = dst->enable_mask;
	uint64_t *config = dst->word;
	struct aux_terms *aux = dst->aux;
	trim(&t, &tl);
	if (!tl) {
		err_q(err, PMU_ERR_INVALID, "empty term for ", pmu, pmu_strlen(pmu), "");
		return err->st;
	}
	size_t eq = find_char(t, tl, '=');
	const char *name = t;
	size_t nl = eq;
	trim(&name, &nl);
	uint64_t v = 1;
	if (eq < tl) {
		const char *vs = t + eq + 1;
		size_t vl = tl - eq - 1;
		trim(&vs, &vl);
		if (!pmu_parse_u64(vs, vl, &v)) {
			struct strbuf sb = err_q(err, PMU_ERR_INVALID, "bad value ", vs, vl, " for term '");
			sb_putn_printable(&sb, name, nl);
			sb_putc(&sb, '\'');
			return err->st;
		}
	}
	bool is_aux = aux && aux_term(aux, name, nl, v);
	if (is_aux || name_eq("config", name, nl)) {
		if (eq == tl) {
			err_q(err, PMU_ERR_INVALID, "term ", name, nl, " needs a value");
			return err->st;
		}
		if (!is_aux)
			*config = v;
		return PMU_OK;
	}
	const struct reg_field *f = reg_find_field(l, name, nl);
	if (!f) {
		struct strbuf sb = err_q(err, PMU_ERR_UNKNOWN_NAME, "unknown term ", name, nl, " for ");
		sb_puts(&sb, pmu);
		return err->st;
	}
	if (reg_field_mask(f) & enable_mask)
		return err_field(err, PMU_ERR_INVALID, f, " is set by efipmu");
	dst->touched |= reg_field_mask(f);
	/* perf's AMD format: event:0-7,32-35, so a 12-bit event= spills into event_hi. */
	const struct reg_field *hi = f->lsb ? NULL : reg_find_field(l, "event_hi", 8);
	uint64_t max = hi ? reg_field_max(hi) << f->width | reg_field_max(f) : reg_field_max(f);
	if (hi && v > reg_field_max(f) && v <= max) {
		reg_set_field(config, hi, v >> f->width);
		dst->touched |= reg_field_mask(hi);
		v &= reg_field_max(f);
	}
	pmu_status st = reg_value_undefined(l, f, v) ? PMU_ERR_INVALID : reg_set_field(config, f, v);
	if (st == PMU_ERR_RANGE) {
		struct strbuf sb = err_q(err, st, "field ", f->name, pmu_strlen(f->name), " value ");
		sb_hex(&sb, v);
		sb_puts(&sb, " too wide (max ");
		sb_hex(&sb, max);
		sb_putc(&sb, ')');
		return st;
	}
	if (st == PMU_ERR_INVALID) {
		struct strbuf sb = err_q(err, st, "field ", f->name, pmu_strlen(f->name), " value ");
		sb_hex(&sb, v);
		sb_puts(&sb, " is an encoding the spec leaves undefined");
		return st;
	}
	return st ? err_field(err, st, f, " is read-only") : PMU_OK;
}

/* The first destination whose layout names the term's field (dst[0] when none does). */
static struct term_dest *dest_of(struct term_dest *dst, unsigned ndst, const char *t, size_t tl)
{
	size_t nl = find_char(t, tl, '=');
	trim(&t, &nl);
	for (unsigned k = 0; k < ndst; k++)
		if (reg_find_field(dst[k].l, t, nl))
			return &dst[k];
	return &dst[0];
}

/* "term,term=value,..." into the registers of dst[0..ndst). */
static pmu_status apply_terms(const char *pmu, struct term_dest *dst, unsigned ndst,
			      const char *terms, size_t len, struct evspec_error *err)
{
	trim(&terms, &len);
	while (len) {
		size_t n = find_char(terms, len, ',');
		pmu_status st = apply_term(pmu, dest_of(dst, ndst, terms, n), terms, n, err);
		if (st)
			return st;
		if (n == len)
			break;
		terms += n + 1;
		len -= n + 1;
		if (!len)   /* trailing comma */
			return apply_term(pmu, dst, terms, 0, err);
	}
	return check_enable(dst->l, *dst->word, dst->enable_mask, err);
}

pmu_status evspec_parse_terms(const char *pmu, const struct reg_layout *l, const char *terms,
			      size_t len, uint64_t enable_mask, uint64_t *config,
			      struct evspec_error *err)
{
	struct term_dest dst = { l, enable_mask, config, 0, NULL };
	return apply_terms(pmu, &dst, 1, terms, len, err);
}

/* Does pmu name this box: the box's name, or "<pmu>_<n>" (uncore_cbox: uncore_cbox_0..7)? */
static bool pmu_fits(const char *pmu, const struct box_desc *box)
{
	size_t n = pmu_strlen(pmu);
	if (pmu_strncmp(box->name, pmu, n))
		return false;
	return !box->name[n] || (box->name[n] == '_' && box->name[n + 1] >= '0' && box->name[n + 1] <= '9');
}

static int intel_family6(const struct cpu_info *ci)
{
	return !pmu_strcmp(ci->vendor, "GenuineIntel") && ci->family == 6;
}

const struct ev_model *ev_model_for(const struct cpu_info *ci)
{
	if (!intel_family6(ci))
		return NULL;
	for (unsigned i = 0; i < ev_model_count; i++)
		if (ev_models[i].model == ci->model)
			return &ev_models[i];
	return NULL;
}

const struct ev_def *ev_find(const struct ev_list *l, const char *name, size_t len)
{
	for (unsigned i = 0; l && i < l->n; i++)
		if (name_eq(l->events[i].name, name, len))
			return &l->events[i];
	return NULL;
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

static uint32_t low_bits(unsigned n)
{
	return n >= 32 ? ~(uint32_t)0 : (((uint32_t)1 << n) - 1);
}

/* The counters the core engine drives on this CPU: CPUID's after its quirk hooks. */
static struct core_pmu engine_pmu(const struct cpu_info *ci)
{
	struct core_pmu p;
	core_pmu_from_cpu(ci, &p);
	return p;
}

static uint32_t engine_gp(const struct cpu_info *ci)
{
	return low_bits(engine_pmu(ci).n_gp);
}

static uint32_t def_counters(const struct cpu_info *ci, const struct ev_def *d)
{
	return engine_pmu(ci).n_gp > 4 ? d->ctr_htoff : d->ctr;
}

/*
 * Counters list allows for a word of layout l (its event and umask fields): those of its
 * events with that event and umask; failing that, with that event code (the kernel
 * constrains by event code, REGISTERS.md §1.8, §4.4); failing that, all. Events that need
 * a fixed counter or the event-select extension are other encodings.
 */
static uint32_t counters_by_code(const struct cpu_info *ci, const struct ev_list *list,
				 const struct reg_layout *l, uint64_t config, uint32_t all)
{
	uint64_t code_mask = field_mask(l, "event");
	uint64_t key = config & (code_mask | field_mask(l, "umask"));
	uint32_t exact = 0, same_code = 0;
	for (unsigned i = 0; list && i < list->n; i++) {
		const struct ev_def *d = &list->events[i];
		uint64_t enc = put(l, put(l, 0, "event", d->event), "umask", d->umask);
		bool other = d->fixed >= 0 || (d->flags & EVF_EXTSEL);
		if (other || (enc & code_mask) != (key & code_mask))
			continue;
		same_code |= def_counters(ci, d);
		if (enc == key)
			exact |= def_counters(ci, d);
	}
	return (exact ? exact : same_code ? same_code : all) & all;
}

static uint32_t list_counters(const struct cpu_info *ci, uint64_t config)
{
	const struct ev_model *m = ev_model_for(ci);
	return counters_by_code(ci, m ? m->core : NULL, CORE, config, engine_gp(ci));
}

static int has_fixed(const struct cpu_info *ci, int idx)
{
	struct core_pmu p = engine_pmu(ci);
	return p.version >= 2 && idx >= 0 && core_fixed_exists(&p, (unsigned)idx);
}

static pmu_status needs_fixed(struct evspec_error *err, const char *name, int idx)
{
	struct strbuf sb = err_q(err, PMU_ERR_UNSUPPORTED, "event ", name, pmu_strlen(name),
				 " needs fixed counter ");
	sb_dec(&sb, (uint64_t)idx);
	sb_puts(&sb, ", which this CPU lacks");
	return err->st;
}

static uint8_t core_field(uint64_t config, const char *name)
{
	const struct reg_field *f = reg_find_field(CORE, name, pmu_strlen(name));
	return f ? (uint8_t)reg_get_field(config, f) : 0;
}

/*
 * The auxiliary MSR of the final event (hw/core_aux.h), always written: the term's
 * value, else the list event's, else the row's default. A term the event does not
 * read, or a value setting a bit the MSR lacks, is refused.
 */
static pmu_status core_aux(const struct cpu_info *ci, const struct aux_terms *t,
			   struct pmu_event_req *req, struct evspec_error *err)
{
	const struct core_aux *a = intel_family6(ci) ?
		core_aux_for(ci->family, ci->model, core_field(req->config, "event"),
			     core_field(req->config, "umask")) : NULL;
	uint64_t v = a && req->extra_msr == a->msr ? req->extra_msr_val : a ? a->dflt : 0;
	for (unsigned k = 0; t && k < AUX_TERMS; k++) {
		const char *name = aux_term_names[k];
		if (!((t->given >> k) & 1))
			continue;
		if (!a || pmu_strcmp(a->term, name)) {
			err_q(err, PMU_ERR_INVALID, "term ", name, pmu_strlen(name),
			      " does not apply to this event on this CPU");
			return err->st;
		}
		v = t->v[k];
	}
	req->extra_msr = a ? a->msr : 0;
	req->extra_msr_val = v;
	if (!a || !(v & ~a->valid))
		return PMU_OK;
	struct strbuf sb = err_q(err, PMU_ERR_RESERVED, "term ", a->term, pmu_strlen(a->term),
				 " value ");
	sb_hex(&sb, v);
	sb_puts(&sb, " sets bit ");
	sb_dec(&sb, lowest_bit(v & ~a->valid));
	sb_puts(&sb, ", reserved in ");
	sb_puts(&sb, a->msr_name);
	return err->st;
}

/* Rings, enable and interrupt bits, bits this CPU implements, aux MSR, a counter for it. */
static pmu_status core_finish(const struct cpu_info *ci, const struct aux_terms *t,
			      struct pmu_event_req *req, struct evspec_error *err)
{
	const struct core_pmu_desc *d = pmu_core_desc(ci);
	const struct reg_layout *l = d->sel;
	uint64_t rings = field_mask(l, "usr") | field_mask(l, "os");
	if (!(req->config & rings))
		req->config |= rings;
	pmu_status st = check_enable(l, req->config, field_mask(l, "en"), err);
	if (st)
		return st;
	if (req->config & field_mask(l, "int"))
		return err_field(err, PMU_ERR_UNSUPPORTED, reg_find_field(l, "int", 3),
				 CORE_INT_REFUSED);
	if (req->config & d->sel_refused)
		return err_field(err, PMU_ERR_UNSUPPORTED,
				 field_at(l, lowest_bit(req->config & d->sel_refused)),
				 d->refused_why);
	uint64_t allowed = ~(uint64_t)0;
	if (ci->arch.version < 3 || ci->arch.anythread_deprecated)
		allowed &= ~field_mask(l, "any");
	st = validate(l, req->config, allowed, err);
	if (st || (st = core_aux(ci, t, req, err)))
		return st;
	req->counter_mask &= engine_gp(ci);
	if (!req->counter_mask && req->fixed < 0) {
		err_q(err, PMU_ERR_NO_COUNTER, "no counter on this CPU can take event ", req->name,
		      pmu_strlen(req->name), "");
		return err->st;
	}
	return PMU_OK;
}

static pmu_status core_from_def(const struct cpu_info *ci, const struct ev_def *d,
				struct pmu_event_req *req, struct evspec_error *err)
{
	uint64_t w = put(CORE, 0, "event", d->event);
	w = put(CORE, w, "umask", d->umask);
	w = put(CORE, w, "cmask", d->cmask);
	w = put(CORE, w, "inv", (d->flags & EVF_INV) != 0);
	w = put(CORE, w, "e", (d->flags & EVF_EDGE) != 0);
	w = put(CORE, w, "any", (d->flags & EVF_ANY) != 0);
	req->config = w;
	req->fixed = d->fixed;
	req->counter_mask = d->fixed >= 0 ? 0 : def_counters(ci, d);
	req->extra_msr = d->msr;
	req->extra_msr_val = d->msr_val;
	return d->fixed >= 0 && !has_fixed(ci, d->fixed) ? needs_fixed(err, d->name, d->fixed) : PMU_OK;
}

/*
 * The first term of pmu/terms/ when it names an event of list rather than a field of l;
 * *used is then how many characters of t it took (0 otherwise).
 */
static const struct ev_def *leading_event(const struct ev_list *list, const struct reg_layout *l,
					  const char *t, size_t tl, size_t *used)
{
	size_t n = find_char(t, tl, ',');
	const char *name = t;
	size_t nl = n;
	trim(&name, &nl);
	*used = 0;
	if (!list || !nl || find_char(name, nl, '=') < nl || reg_find_field(l, name, nl))
		return NULL;
	const struct ev_def *d = ev_find(list, name, nl);
	if (d)
		*used = n < tl ? n + 1 : n;
	return d;
}

static pmu_status core_terms(const struct cpu_info *ci, const char *t, size_t tl,
			     struct pmu_event_req *req, struct evspec_error *err)
{
	const struct ev_model *m = ev_model_for(ci);
	size_t used;
	const struct reg_layout *l = core_sel(ci);
	const struct ev_def *d = leading_event(m ? m->core : NULL, l, t, tl, &used);
	struct aux_terms aux = { 0, { 0 } };
	pmu_status st;
	if (d && (st = core_from_def(ci, d, req, err)))
		return st;
	struct term_dest dst = { l, field_mask(l, "en"), &req->config, 0, &aux };
	st = apply_terms("cpu", &dst, 1, t + used, tl - used, err);
	if (st)
		return st;
	if (!d)
		req->counter_mask = list_counters(ci, req->config);
	return core_finish(ci, &aux, req, err);
}


/* The REGISTERS.md event of that name for this family (tools/gen_box_events.py), or NULL. */
static const struct box_event *box_event_find(enum uncore_family fam, const char *name, size_t len)
{
	for (unsigned i = 0; i < box_event_list_count; i++) {
		const struct box_event_list *l = &box_event_lists[i];
		for (unsigned k = 0; l->family == fam && k < l->n; k++)
			if (name_eq(l->events[k].name, name, len))
				return &l->events[k];
	}
	return NULL;
}

/* A leading name among this box's REGISTERS.md events: its terms go first. */
static pmu_status box_event_terms(const struct cpu_info *ci, const struct box_desc *box,
				  const char *t, size_t tl, size_t *used, uint64_t *config,
				  struct evspec_error *err)
{
	size_t n = find_char(t, tl, ',');
	const char *name = t;
	size_t nl = n;
	trim(&name, &nl);
	*used = 0;
	if (!nl || find_char(name, nl, '=') < nl || reg_find_field(box->ctl_layout, name, nl))
		return PMU_OK;
	const struct box_event *e = box_event_find(ci->uncore, name, nl);
	if (!e || !pmu_fits(e->pmu, box))
		return PMU_OK;
	*used = n < tl ? n + 1 : n;
	return evspec_parse_terms(box->name, box->ctl_layout, e->terms, pmu_strlen(e->terms),
				  box->enable_mask, config, err);
}

/* A list event in the box's control word (REGISTERS.md §4.2, seed 000 table 2-2). */
static pmu_status box_from_def(const struct box_desc *box, const struct ev_def *d,
			       struct pmu_event_req *req, struct evspec_error *err)
{
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
		struct strbuf sb = err_q(err, PMU_ERR_UNSUPPORTED, "event ", d->name,
					 pmu_strlen(d->name), " does not fit the fields of ");
		sb_puts(&sb, box->name);
		return err->st;
	}
	/*
	 * Intel's ExtSel: an event-select extension bit (bit 21 where a box has it: the PCU). The
	 * SNB-EP U-box has none (seed 000 table 2-2: 21:20 reserved): without it the word would
	 * select another event, so the event is refused.
	 */
	const struct reg_field *fx = reg_find_field(l, "ev_sel_ext", 10);
	if ((d->flags & EVF_EXTSEL) && (!fx || reg_set_field(&req->config, fx, 1))) {
		struct strbuf sb = err_q(err, PMU_ERR_UNSUPPORTED, "event ", d->name,
					 pmu_strlen(d->name), " needs ExtSel, which ");
		sb_puts(&sb, box->name);
		sb_puts(&sb, "'s control (");
		sb_puts(&sb, l->name);
		sb_puts(&sb, ") does not have");
		return err->st;
	}
	if (d->fixed >= 0 && !box->fixed_ctl)
		return needs_fixed(err, d->name, d->fixed);
	req->fixed = d->fixed;
	req->counter_mask = d->fixed >= 0 ? 0 : req->counter_mask & d->ctr;
	return PMU_OK;
}

/* Bits of the box's filter that events may set: the list event's own, plus the open field. */
static uint64_t filter_allowed(const struct box_desc *box, const struct ev_def *d)
{
	const struct box_filter *f = box->filter;
	uint64_t open = f->open_field ? field_mask(f->layout, f->open_field) : 0;
	return d ? d->filter | open : ~(uint64_t)0;
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
	uint64_t open_en = f->open_field ? field_mask(box->ctl_layout, f->open_enable) : 0;
	uint64_t stray = fd->touched & ~filter_allowed(box, d);
	if (stray) {
		const char *name = d->name;
		struct strbuf sb = err_q(err, PMU_ERR_INVALID, "event ", name, pmu_strlen(name),
					 " does not use filter field '");
		sb_puts(&sb, field_at(f->layout, lowest_bit(stray))->name);
		sb_puts(&sb, "' of ");
		sb_puts(&sb, box->name);
		return err->st;
	}
	if (f->open_field && (fd->touched & field_mask(f->layout, f->open_field)))
		req->config |= open_en;
	uint64_t all = f->all_field ? field_mask(f->layout, f->all_field) : 0;
	if (d && (d->filter & all) && !(fd->touched & all))
		*fd->word |= all;
	if (fd->touched || (d && d->filter) || (req->config & open_en)) {
		req->extra_msr = box->filter_msr;
		req->extra_msr_val = *fd->word;
	}
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
	trim(&s, &len);
	return box->fixed_event && name_eq(box->fixed_event, s, len);
}

/* This family's box whose fixed counter is called s, or NULL. */
static const struct box_desc *clock_box(enum uncore_family fam, const char *s, size_t len)
{
	for (unsigned i = 0; i < uncore_box_count; i++)
		if (uncore_boxes[i]->family == fam && is_clock_of(uncore_boxes[i], s, len))
			return uncore_boxes[i];
	return NULL;
}

/* Some family's uncore clock, or perf's "clockticks": worth saying why this one has none. */
static bool any_clock_name(const char *s, size_t len)
{
	for (unsigned i = 0; i < uncore_box_count; i++)
		if (is_clock_of(uncore_boxes[i], s, len))
			return true;
	return name_eq("clockticks", s, len);
}

pmu_status evspec_parse_box(const struct cpu_info *ci, const struct box_desc *box,
			    const char *terms, size_t len, struct pmu_event_req *req,
			    struct evspec_error *err)
{
	size_t first = find_char(terms, len, ',');
	if (is_clock_of(box, terms, first) && first < len) {
		err_q(err, PMU_ERR_INVALID, "", box->fixed_event, pmu_strlen(box->fixed_event),
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

	size_t used;
	pmu_status st;
	const struct ev_def *d = leading_event(list, l, terms, len, &used);
	if (d)
		st = box_from_def(box, d, req, err);
	else
		st = box_event_terms(ci, box, terms, len, &used, &req->config, err);
	if (st)
		return st;
	if (d && d->filter && !box->filter) {
		err_q(err, PMU_ERR_UNSUPPORTED, "event ", d->name, pmu_strlen(d->name),
		      " needs a filter register, which this box does not have");
		return err->st;
	}
	uint64_t filter = 0;
	struct term_dest dst[2] = {
		{ l, box->enable_mask, &req->config, 0, NULL },
		{ box->filter ? box->filter->layout : l, 0, &filter, 0, NULL },
	};
	st = apply_terms(box->name, dst, box->filter ? 2 : 1, terms + used, len - used, err);
	if (!st && box->filter)
		st = box_filter_terms(box, d, &dst[1], req, err);
	if (st)
		return st;
	if (!d && list)
		req->counter_mask = counters_by_code(ci, list, l, req->config, req->counter_mask);
	return validate(l, req->config, ~(uint64_t)0, err);
}

static int nhm_branch_miss_quirk(const struct cpu_info *ci)
{
	int nhm = ci->model == 0x1a || ci->model == 0x1e || ci->model == 0x1f || ci->model == 0x2e;
	return intel_family6(ci) && nhm && ((ci->arch.ebx_unavail >> ARCH_BRANCH_MISSES) & 1);
}

static pmu_status arch_unavailable(struct evspec_error *err, unsigned i)
{
	const char *name = arch_events[i].name;
	struct strbuf sb = err_q(err, PMU_ERR_UNSUPPORTED, "architectural event ", name,
				 pmu_strlen(name), " not available on this CPU (CPUID.0AH:EBX bit ");
	sb_dec(&sb, i);
	sb_putc(&sb, ')');
	return err->st;
}

static pmu_status from_generic(const struct cpu_info *ci, const struct generic_event *g,
			       struct pmu_event_req *req, struct evspec_error *err)
{
	int gp = g->arch >= 0 && pmu_arch_event_available(&ci->arch, (unsigned)g->arch);
	int fixed = g->fixed >= 0 && has_fixed(ci, g->fixed);
	if (g->arch >= 0)
		req->config = encoding(arch_events[g->arch].event, arch_events[g->arch].umask);
	else
		req->config = encoding(FIXED_ONLY_EVENT, (uint8_t)(g->fixed + 1));
	if (g->arch == ARCH_BRANCH_MISSES && nhm_branch_miss_quirk(ci)) {
		req->config = encoding(NHM_BRANCH_MISS_EVENT, NHM_BRANCH_MISS_UMASK);
		gp = 1;
	}
	if (!gp && !fixed)
		return g->arch >= 0 ? arch_unavailable(err, (unsigned)g->arch) :
				      needs_fixed(err, g->name, g->fixed);
	req->fixed = fixed ? g->fixed : -1;
	req->counter_mask = gp ? list_counters(ci, req->config) : 0;
	return core_finish(ci, NULL, req, err);
}

/*
 * A generic name on a CPU whose PMU lists its own (AMD: hw/core_pmus.c); one it does
 * not list has no equivalent there and is refused by name.
 */
static pmu_status from_vendor_generic(const struct cpu_info *ci, const char *s, size_t len,
				      struct pmu_event_req *req, struct evspec_error *err)
{
	const struct core_pmu_desc *d = pmu_core_desc(ci);
	const struct reg_layout *l = d->sel;
	for (unsigned i = 0; i < d->n_generic; i++) {
		const struct core_generic *g = &d->generic[i];
		if (!name_eq(g->name, s, len))
			continue;
		req->config = put(l, put(l, put(l, 0, "event", g->event & 0xff), "event_hi",
					 g->event >> 8), "umask", g->umask);
		req->counter_mask = low_bits(ci->arch.n_gp);
		return core_finish(ci, NULL, req, err);
	}
	struct strbuf sb = err_q(err, PMU_ERR_UNSUPPORTED, "event ", s, len,
				 " has no equivalent on this CPU's core PMU (");
	sb_puts(&sb, d->name);
	sb_putc(&sb, ')');
	return err->st;
}

static pmu_status from_arch(const struct cpu_info *ci, unsigned i, struct pmu_event_req *req,
			    struct evspec_error *err)
{
	if (!pmu_arch_event_available(&ci->arch, i))
		return arch_unavailable(err, i);
	req->config = encoding(arch_events[i].event, arch_events[i].umask);
	req->counter_mask = list_counters(ci, req->config);
	return core_finish(ci, NULL, req, err);
}

/* perf raw syntax: r followed by the PERFEVTSEL word in hex. */
static int parse_raw(const char *s, size_t len, uint64_t *v)
{
	char hex[2 + 16];
	if (len < 2 || len > 17 || s[0] != 'r')
		return 0;
	hex[0] = '0';
	hex[1] = 'x';
	pmu_memcpy(hex + 2, s + 1, len - 1);
	return pmu_parse_u64(hex, len + 1, v);
}

static pmu_status parse_named(const struct cpu_info *ci, const char *s, size_t len,
			      struct pmu_event_req *req, struct evspec_error *err)
{
	for (unsigned i = 0; i < sizeof(generic_events) / sizeof(generic_events[0]); i++) {
		if (!name_eq(generic_events[i].name, s, len))
			continue;
		if (pmu_core_desc(ci)->generic)   /* AMD: its own codes, or none */
			return from_vendor_generic(ci, s, len, req, err);
		return from_generic(ci, &generic_events[i], req, err);
	}
	for (unsigned i = 0; i < ARCH_EVENT_COUNT; i++)
		if (name_eq(arch_events[i].name, s, len))
			return from_arch(ci, i, req, err);
	if (parse_raw(s, len, &req->config)) {
		req->counter_mask = list_counters(ci, req->config);
		return core_finish(ci, NULL, req, err);
	}
	const struct ev_model *m = ev_model_for(ci);
	const struct ev_def *d = m ? ev_find(m->core, s, len) : NULL;
	if (d) {
		pmu_strlcpy(req->name, d->name, sizeof(req->name));
		pmu_status st = core_from_def(ci, d, req, err);
		return st ? st : core_finish(ci, NULL, req, err);
	}
	/* An uncore event of Intel's list or of REGISTERS.md: its box type's first box */
	const char *name = NULL, *pmu = NULL;
	for (const struct ev_list *const *u = m ? m->uncore : NULL; u && *u && !name; u++)
		if ((d = ev_find(*u, s, len))) {
			name = d->name;
			pmu = (*u)->pmu;
		}
	const struct box_desc *clock = name ? NULL : clock_box(ci->uncore, s, len);
	if (clock)
		return fixed_clock(clock, req);
	const char *why = uncore_no_clock_why(ci->uncore);
	if (!name && why && any_clock_name(s, len)) {
		struct strbuf sb = err_q(err, PMU_ERR_UNSUPPORTED, "", s, len, ": no uncore clock on model ");
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
	for (unsigned i = 0; name && i < uncore_box_count; i++) {
		/* uncore_cbox_0 for a C-box event, uncore_mbox_0 for an M-box one (say which: box/NAME/) */
		const struct box_desc *box = uncore_boxes[i];
		if (box->family == ci->uncore && pmu_fits(pmu, box)) {
			pmu_strlcpy(req->name, name, sizeof(req->name));
			return evspec_parse_box(ci, box, s, len, req, err);
		}
	}
	if (name) {
		err_q(err, PMU_ERR_UNKNOWN_NAME, "unknown PMU ", pmu, pmu_strlen(pmu), " for this CPU");
		return err->st;
	}
	struct strbuf sb = err_q(err, PMU_ERR_UNKNOWN_NAME, "unknown event ", s, len, " for model ");
	sb_hex(&sb, ci->model);
	return err->st;
}

static pmu_status parse_one(const struct cpu_info *ci, const char *s, size_t len,
			    struct pmu_event_req *req, struct evspec_error *err)
{
	trim(&s, &len);
	pmu_memset(req, 0, sizeof(*req));
	req->fixed = -1;
	size_t n = len < EVENT_NAME_MAX - 1 ? len : EVENT_NAME_MAX - 1;
	pmu_memcpy(req->name, s, n);
	req->name[n] = '\0';
	if (!len) {
		err_begin(err, PMU_ERR_INVALID, "empty event spec");
		return err->st;
	}
	size_t slash = find_char(s, len, '/');
	if (slash == len)
		return parse_named(ci, s, len, req, err);
	if (s[len - 1] != '/' || slash == len - 1) {
		err_q(err, PMU_ERR_INVALID, "malformed event ", s, len, ": expected pmu/terms/");
		return err->st;
	}
	const char *terms = s + slash + 1;
	size_t tl = len - slash - 2;
	const char *tt = terms;
	size_t ttl = tl;
	trim(&tt, &ttl);
	if (!ttl) {   /* "cpu//" would program event 0, which nobody means */
		err_q(err, PMU_ERR_INVALID, "event ", s, len, ": no terms (name an event or give event=)");
		return err->st;
	}
	if (name_eq("cpu", s, slash))
		return core_terms(ci, terms, tl, req, err);
	const struct box_desc *box = box_find(ci->uncore, s, slash);
	if (!box) {
		err_q(err, PMU_ERR_UNKNOWN_NAME, "unknown PMU ", s, slash, " for this CPU");
		return err->st;
	}
	return evspec_parse_box(ci, box, terms, tl, req, err);
}

pmu_status evspec_parse(const struct cpu_info *ci, const char *spec, struct pmu_event_req *req,
			struct evspec_error *err)
{
	return parse_one(ci, spec, pmu_strlen(spec), req, err);
}

pmu_status evspec_parse_list(const struct cpu_info *ci, const char *list,
			     struct pmu_event_req *reqs, unsigned max, unsigned *n,
			     struct evspec_error *err)
{
	size_t start = 0;
	int in_pmu = 0;   /* between the slashes of pmu/terms/ */
	*n = 0;
	for (size_t i = 0;; i++) {
		char c = list[i];
		if (c == '/')
			in_pmu = !in_pmu;
		if (c && (c != ',' || in_pmu))
			continue;
		if (*n >= max) {
			struct strbuf sb = err_begin(err, PMU_ERR_NOSPACE, "more than ");
			sb_dec(&sb, max);
			sb_puts(&sb, " events");
			return err->st;
		}
		pmu_status st = parse_one(ci, list + start, i - start, &reqs[*n], err);
		if (st)
			return st;
		(*n)++;
		if (!c)
			return PMU_OK;
		start = i + 1;
	}
}
