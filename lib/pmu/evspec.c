/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "pmu/evspec.h"
#include "pmu/evspec_internal.h"
#include "util/fmt.h"
#include "hw/layouts_core.h"
#include "hw/core_aux.h"
#include "pmu/core_engine.h"
#include "pmu/uncore_amd.h"
#include "hw/events_names.h"

#define CORE (&layout_perfevtsel)

/* Core terms that set an event's auxiliary MSR (hw/core_aux.h), not a PERFEVTSEL field. */
static const char *const aux_term_names[] = { "offcore_rsp", "ldlat" };
#define AUX_TERMS (sizeof(aux_term_names) / sizeof(aux_term_names[0]))

struct aux_terms {
	unsigned given;          /* bit k: aux_term_names[k] was given */
	uint64_t v[AUX_TERMS];
};

/* The architectural events in CPUID.0AH:EBX bit order (Intel SDM Vol. 3B table 18-1). */
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
	{ "slots", -1, 3 },        /* TOPDOWN.SLOTS, Ice Lake on (Intel SDM Vol. 4 table 2-2) */
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
 * + 1 (Intel SDM Vol. 3B table 18-1: ref-cycles 0x0300; slots 0x0400): never reach a PERFEVTSEL.
 */
#define FIXED_ONLY_EVENT 0x00
/*
 * BR_MISP_EXEC.ANY: the kernel's branch-misses on Nehalem parts with erratum AAJ80 (Linux
 * events/intel/core.c).
 */
#define NHM_BRANCH_MISS_EVENT 0x89
#define NHM_BRANCH_MISS_UMASK 0x7f

static uint64_t encoding(uint8_t event, uint8_t umask)
{
	return evspec_put(CORE, evspec_put(CORE, 0, "event", event), "umask", umask);
}

/* The select of ci's core PMU: IA32_PERFEVTSEL, or AMD's PERF_CTL (hw/core_pmus.h). */
static const struct reg_layout *core_sel(const struct cpu_info *ci)
{
	return pmu_core_desc(ci)->sel;
}

/* An auxiliary-register term of the core PMU (aux non-NULL): stored for core_aux. */
static bool aux_term(struct aux_terms *aux, const char *name, size_t nl, uint64_t v)
{
	for (unsigned k = 0; aux && k < AUX_TERMS; k++)
		if (evspec_name_eq(aux_term_names[k], name, nl)) {
			aux->given |= 1u << k;
			aux->v[k] = v;
			return true;
		}
	return false;
}

/*
 * Where a umask= wider than 8 bits goes on: AMD's umask_hi (above), or the umask extension
 * from bit 32 of Intel's discovery-era uncore controls, one term in Linux's formats
 * (uncore_snbep.c umask_ext2-5, "config:8-15,32-..."; DMR's tip 6daf2c35b835). Not the
 * core's UMASK2 (40-47), a term of its own there (umask2).
 */
static const struct reg_field *umask_hi(const struct reg_layout *l)
{
	const struct reg_field *hi = reg_find_field(l, "umask_hi", 8);
	if (!hi)
		hi = reg_find_field(l, "umask_ext", 9);
	return hi && (hi->lsb == 24 || hi->lsb == 32) ? hi : NULL;
}
static pmu_status apply_term(const char *pmu, struct term_dest *dst, const char *t, size_t tl,
			     struct evspec_error *err)
{
	const struct reg_layout *l = dst->l;
	uint64_t enable_mask = dst->enable_mask;
	uint64_t *config = dst->word;
	struct aux_terms *aux = dst->aux;
	evspec_trim(&t, &tl);
	if (!tl) {
		evspec_err_q(err, PMU_ERR_INVALID, "empty term for ", pmu, pmu_strlen(pmu), "");
		return err->st;
	}
	size_t eq = evspec_find_char(t, tl, '=');
	const char *name = t;
	size_t nl = eq;
	evspec_trim(&name, &nl);
	uint64_t v = 1;
	if (eq < tl) {
		const char *vs = t + eq + 1;
		size_t vl = tl - eq - 1;
		evspec_trim(&vs, &vl);
		if (!pmu_parse_u64(vs, vl, &v)) {
			struct strbuf sb = evspec_err_q(err, PMU_ERR_INVALID, "bad value ", vs, vl, " for term '");
			sb_putn_printable(&sb, name, nl);
			sb_putc(&sb, '\'');
			return err->st;
		}
	}
	bool is_aux = aux && aux_term(aux, name, nl, v);
	if (is_aux || evspec_name_eq("config", name, nl)) {
		if (eq == tl) {
			evspec_err_q(err, PMU_ERR_INVALID, "term ", name, nl, " needs a value");
			return err->st;
		}
		if (!is_aux)
			*config = v;
		return PMU_OK;
	}
	const struct reg_field *f = reg_find_field(l, name, nl);
	if (!f) {
		struct strbuf sb = evspec_err_q(err, PMU_ERR_UNKNOWN_NAME, "unknown term ", name, nl, " for ");
		sb_puts(&sb, pmu);
		return err->st;
	}
	if (reg_field_mask(f) & enable_mask)
		return evspec_err_field(err, PMU_ERR_INVALID, f, " is set by efipmu");
	dst->touched |= reg_field_mask(f);
	/*
	 * perf's AMD formats: event:0-7,32-35, so a 12-bit event= spills into event_hi, and the
	 * legacy Data Fabric's event14 (config:0-7,32-35,59-60) its bits 13:12 into event_top;
	 * the PerfMonV2 Data Fabric's umask:8-15,24-27 spills into umask_hi the same way.
	 */
	const struct reg_field *hi = f->lsb == 0 ? reg_find_field(l, "event_hi", 8) :
				     f->lsb == 8 ? umask_hi(l) : NULL;
	const struct reg_field *top = hi && f->lsb == 0 ? reg_find_field(l, "event_top", 9) : NULL;
	unsigned below_top = f->width + (hi ? hi->width : 0);
	uint64_t max = hi ? reg_field_max(hi) << f->width | reg_field_max(f) : reg_field_max(f);
	if (top)
		max |= reg_field_max(top) << below_top;
	if (hi && v > reg_field_max(f) && v <= max) {
		reg_set_field(config, hi, v >> f->width & reg_field_max(hi));
		dst->touched |= reg_field_mask(hi);
		if (top && v >> below_top) {
			reg_set_field(config, top, v >> below_top);
			dst->touched |= reg_field_mask(top);
		}
		v &= reg_field_max(f);
	}
	pmu_status st = reg_value_undefined(l, f, v) ? PMU_ERR_INVALID : reg_set_field(config, f, v);
	if (st == PMU_ERR_RANGE) {
		struct strbuf sb = evspec_err_q(err, st, "field ", f->name, pmu_strlen(f->name), " value ");
		sb_hex(&sb, v);
		sb_puts(&sb, " too wide (max ");
		sb_hex(&sb, max);
		sb_putc(&sb, ')');
		return st;
	}
	if (st == PMU_ERR_INVALID) {
		struct strbuf sb = evspec_err_q(err, st, "field ", f->name, pmu_strlen(f->name), " value ");
		sb_hex(&sb, v);
		sb_puts(&sb, " is an encoding the spec leaves undefined");
		return st;
	}
	return st ? evspec_err_field(err, st, f, " is read-only") : PMU_OK;
}

/* The first destination whose layout names the term's field (dst[0] when none does). */
static struct term_dest *dest_of(struct term_dest *dst, unsigned ndst, const char *t, size_t tl)
{
	size_t nl = evspec_find_char(t, tl, '=');
	evspec_trim(&t, &nl);
	for (unsigned k = 0; k < ndst; k++)
		if (reg_find_field(dst[k].l, t, nl))
			return &dst[k];
	return &dst[0];
}

/* "term,term=value,..." into the registers of dst[0..ndst). */
pmu_status evspec_apply_terms(const char *pmu, struct term_dest *dst, unsigned ndst,
			      const char *terms, size_t len, struct evspec_error *err)
{
	evspec_trim(&terms, &len);
	while (len) {
		size_t n = evspec_find_char(terms, len, ',');
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
	return evspec_check_enable(dst->l, *dst->word, dst->enable_mask, err);
}

pmu_status evspec_parse_terms(const char *pmu, const struct reg_layout *l, const char *terms,
			      size_t len, uint64_t enable_mask, uint64_t *config,
			      struct evspec_error *err)
{
	struct term_dest dst = { l, enable_mask, config, 0, NULL };
	return evspec_apply_terms(pmu, &dst, 1, terms, len, err);
}

static int intel_family6(const struct cpu_info *ci)
{
	return !pmu_strcmp(ci->vendor, "GenuineIntel") && ci->family == 6;
}

/* mapfile.csv's row: model, stepping, and on hybrids the core type and native model ID. */
static bool row_fits(const struct ev_model *r, const struct cpu_info *ci, uint8_t core_type,
		     uint32_t native)
{
	return r->model == ci->model && ci->stepping < 16 && ((r->steppings >> ci->stepping) & 1) &&
	       (!r->core_type || !core_type || r->core_type == core_type) &&
	       (!r->native || !native || r->native == native);
}

const struct ev_model *ev_model_of(const struct cpu_info *ci, uint8_t core_type)
{
	if (!intel_family6(ci))
		return NULL;
	/* Another core type than ci's: its first row (Arrow Lake's 06_C5 has two Atom lists) */
	uint32_t native = core_type == ci->arch.core_type ? ci->arch.native_model : 0;
	for (unsigned i = 0; i < ev_model_count; i++)
		if (row_fits(&ev_models[i], ci, core_type, native))
			return &ev_models[i];
	return NULL;
}

const struct ev_model *ev_model_for(const struct cpu_info *ci)
{
	return ev_model_of(ci, ci->arch.core_type);
}

const struct ev_def *ev_find(const struct ev_list *l, const char *name, size_t len)
{
	unsigned lo = 0, hi = l ? l->n : 0;
	while (lo < hi) {   /* the lists are sorted by upper-case name (tools/gen_events.py) */
		unsigned mid = lo + (hi - lo) / 2;
		int c = ev_name_cmp(&l->events[mid], name, len);
		if (!c)
			return &l->events[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
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
 * constrains by event code, Linux events/intel/core.c; Linux uncore_snbep.c); failing that, all.
 * Events that need a fixed counter or the event-select extension are other encodings.
 */
uint32_t evspec_counters_by_code(const struct cpu_info *ci, const struct ev_list *list,
				 const struct reg_layout *l, uint64_t config, uint32_t all)
{
	uint64_t code_mask = reg_named_mask(l, "event");
	uint64_t key = config & (code_mask | reg_named_mask(l, "umask"));
	uint32_t exact = 0, same_code = 0;
	for (unsigned i = 0; list && i < list->n; i++) {
		const struct ev_def *d = &list->events[i];
		uint64_t enc = evspec_put(l, evspec_put(l, 0, "event", d->event), "umask",
					  d->umask);
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
	return evspec_counters_by_code(ci, m ? m->core : NULL, CORE, config, engine_gp(ci));
}

static int has_fixed(const struct cpu_info *ci, int idx)
{
	struct core_pmu p = engine_pmu(ci);
	return p.version >= 2 && idx >= 0 && core_fixed_exists(&p, (unsigned)idx);
}

/*
 * Hybrid: a request for another core type than ci's counts on that type's counters, not
 * ci's (Lunar Lake's E-cores have FIXED_CTR4-6, its P-cores not): the run resolves it
 * again on one of its CPUs (run/job_core.c).
 */
static bool other_type(const struct cpu_info *ci, const struct pmu_event_req *req)
{
	return req->core_type && req->core_type != ci->arch.core_type;
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
	uint8_t type = req->core_type ? req->core_type : ci->arch.core_type;
	const struct core_aux *a = intel_family6(ci) ?
		core_aux_for(ci->family, ci->model, type, core_field(req->config, "event"),
			     core_field(req->config, "umask")) : NULL;
	uint64_t v = a && req->extra_msr == a->msr ? req->extra_msr_val : a ? a->dflt : 0;
	for (unsigned k = 0; t && k < AUX_TERMS; k++) {
		const char *name = aux_term_names[k];
		if (!((t->given >> k) & 1))
			continue;
		if (!a || pmu_strcmp(a->term, name)) {
			evspec_err_q(err, PMU_ERR_INVALID, "term ", name, pmu_strlen(name),
				     " does not apply to this event on this CPU");
			return err->st;
		}
		v = t->v[k];
	}
	req->extra_msr = a ? a->msr : 0;
	req->extra_msr_val = v;
	if (!a || !(v & ~a->valid))
		return PMU_OK;
	struct strbuf sb = evspec_err_q(err, PMU_ERR_RESERVED, "term ", a->term,
					pmu_strlen(a->term), " value ");
	sb_hex(&sb, v);
	sb_puts(&sb, " sets bit ");
	sb_dec(&sb, evspec_lowest_bit(v & ~a->valid));
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
	uint64_t rings = reg_named_mask(l, "usr") | reg_named_mask(l, "os");
	if (!(req->config & rings))
		req->config |= rings;
	pmu_status st = evspec_check_enable(l, req->config, reg_named_mask(l, "en"), err);
	if (st)
		return st;
	if (req->config & reg_named_mask(l, "int"))
		return evspec_err_field(err, PMU_ERR_UNSUPPORTED, reg_find_field(l, "int", 3),
					CORE_INT_REFUSED);
	if (req->config & d->sel_refused)
		return evspec_err_field(err, PMU_ERR_UNSUPPORTED,
					evspec_field_at(l, evspec_lowest_bit(req->config & d->sel_refused)),
					d->refused_why);
	uint64_t allowed = ~(uint64_t)0;
	if (ci->arch.version < 3 || ci->arch.anythread_deprecated)
		allowed &= ~reg_named_mask(l, "any");
	allowed &= ~core_sel_absent(ci, l);
	st = evspec_validate(l, req->config, allowed, err);
	if (st || (st = core_aux(ci, t, req, err)) || other_type(ci, req))
		return st;
	req->counter_mask &= engine_gp(ci);
	if (!req->counter_mask && req->fixed < 0) {
		evspec_err_q(err, PMU_ERR_NO_COUNTER, "no counter on this CPU can take event ",
			     req->name, pmu_strlen(req->name), "");
		return err->st;
	}
	return PMU_OK;
}

/*
 * What efipmu does not do, named: an event that needs MSR_PEBS_FRONTEND (0x3F7), which
 * efipmu does not program. An event Intel lists as PEBS-only is counted in counting mode,
 * as Linux perf stat counts it (its event select alone: the counter counts it).
 */
static pmu_status core_def_refused(const struct ev_def *d, const char *name,
				   struct evspec_error *err)
{
	if (ev_aux_msr(d) == MSR_PEBS_FRONTEND) {
		evspec_err_q(err, PMU_ERR_UNSUPPORTED, "event ", name, pmu_strlen(name),
			     " needs MSR_PEBS_FRONTEND (0x3F7), which efipmu does not drive");
		return err->st;
	}
	return PMU_OK;
}

static pmu_status core_from_def(const struct cpu_info *ci, const struct ev_def *d,
				const struct ev_list *list, struct pmu_event_req *req,
				struct evspec_error *err)
{
	char name[EV_NAME_MAX];
	ev_name(d, name, sizeof(name));
	pmu_status st = core_def_refused(d, name, err);
	if (st)
		return st;
	uint64_t w = evspec_put(CORE, 0, "event", d->event);
	w = evspec_put(CORE, w, "umask", d->umask);
	w = evspec_put(CORE, w, "cmask", d->cmask);
	w = evspec_put(CORE, w, "inv", (d->flags & EVF_INV) != 0);
	w = evspec_put(CORE, w, "e", (d->flags & EVF_EDGE) != 0);
	w = evspec_put(CORE, w, "any", (d->flags & EVF_ANY) != 0);
	w = evspec_put(&layout_perfevtsel_ext, w, "eq", (d->flags & EVF_EQ) != 0);
	w = evspec_put(&layout_perfevtsel_ext, w, "umask2", d->umask2);
	req->config = w;
	req->fixed = d->fixed;
	req->counter_mask = d->fixed >= 0 ? 0 : def_counters(ci, d);
	req->extra_msr = ev_aux_msr(d);
	req->extra_msr_val = ev_aux_val(d);
	req->list = list->file;
	return d->fixed >= 0 && !has_fixed(ci, d->fixed) && !other_type(ci, req) ?
	       evspec_needs_fixed(err, name, d->fixed) : PMU_OK;
}

/*
 * The first term of pmu/terms/ when it names an event of list rather than a field of l;
 * *used is then how many characters of t it took (0 otherwise).
 */
const struct ev_def *evspec_leading_event(const struct ev_list *list, const struct reg_layout *l,
					  const char *t, size_t tl, size_t *used)
{
	size_t n = evspec_find_char(t, tl, ',');
	const char *name = t;
	size_t nl = n;
	evspec_trim(&name, &nl);
	*used = 0;
	if (!list || !nl || evspec_find_char(name, nl, '=') < nl || reg_find_field(l, name, nl))
		return NULL;
	const struct ev_def *d = ev_find(list, name, nl);
	if (d)
		*used = n < tl ? n + 1 : n;
	return d;
}

/* perf's hybrid PMUs (cpu_core, cpu_atom): the core type they count on, 0 for "cpu". */
static const struct hybrid_pmu {
	const char *name;
	uint8_t core_type;
} hybrid_pmus[] = {
	{ "cpu", 0 },
	{ "cpu_core", CORE_TYPE_CORE },
	{ "cpu_atom", CORE_TYPE_ATOM },
};

static const struct hybrid_pmu *core_pmu_named(const char *s, size_t len)
{
	for (unsigned i = 0; i < sizeof(hybrid_pmus) / sizeof(hybrid_pmus[0]); i++)
		if (evspec_name_eq(hybrid_pmus[i].name, s, len))
			return &hybrid_pmus[i];
	return NULL;
}

static pmu_status core_terms(const struct cpu_info *ci, uint8_t core_type, const char *t,
			     size_t tl, struct pmu_event_req *req, struct evspec_error *err)
{
	const struct ev_model *m = ev_model_of(ci, core_type ? core_type : ci->arch.core_type);
	size_t used;
	const struct reg_layout *l = core_sel(ci);
	const struct ev_def *d = evspec_leading_event(m ? m->core : NULL, l, t, tl, &used);
	struct aux_terms aux = { 0, { 0 } };
	pmu_status st;
	req->core_type = core_type;
	if (d && (st = core_from_def(ci, d, m->core, req, err)))
		return st;
	struct term_dest dst = { l, reg_named_mask(l, "en"), &req->config, 0, &aux };
	st = evspec_apply_terms("cpu", &dst, 1, t + used, tl - used, err);
	if (st)
		return st;
	if (!d)
		req->counter_mask = list_counters(ci, req->config);
	return core_finish(ci, &aux, req, err);
}

uint8_t evspec_other_core_type(const struct cpu_info *ci)
{
	return ci->arch.core_type == CORE_TYPE_CORE ? CORE_TYPE_ATOM :
	       ci->arch.core_type == CORE_TYPE_ATOM ? CORE_TYPE_CORE : 0;
}

static int nhm_branch_miss_quirk(const struct cpu_info *ci)
{
	int nhm = ci->model == 0x1a || ci->model == 0x1e || ci->model == 0x1f || ci->model == 0x2e;
	return intel_family6(ci) && nhm && ((ci->arch.ebx_unavail >> ARCH_BRANCH_MISSES) & 1);
}

static pmu_status arch_unavailable(struct evspec_error *err, unsigned i)
{
	const char *name = arch_events[i].name;
	struct strbuf sb = evspec_err_q(err, PMU_ERR_UNSUPPORTED, "architectural event ", name,
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
				      evspec_needs_fixed(err, g->name, g->fixed);
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
		if (!evspec_name_eq(g->name, s, len))
			continue;
		req->config = evspec_put(l, evspec_put(l, evspec_put(l, 0, "event", g->event & 0xff),
						       "event_hi", g->event >> 8), "umask", g->umask);
		req->counter_mask = low_bits(ci->arch.n_gp);
		return core_finish(ci, NULL, req, err);
	}
	struct strbuf sb = evspec_err_q(err, PMU_ERR_UNSUPPORTED, "event ", s, len,
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

static pmu_status parse_named(const struct cpu_info *ci, const struct box_set *boxes,
			      const char *s, size_t len, struct pmu_event_req *req,
			      struct evspec_error *err)
{
	for (unsigned i = 0; i < sizeof(generic_events) / sizeof(generic_events[0]); i++) {
		if (!evspec_name_eq(generic_events[i].name, s, len))
			continue;
		if (pmu_core_desc(ci)->generic)   /* AMD: its own codes, or none */
			return from_vendor_generic(ci, s, len, req, err);
		return from_generic(ci, &generic_events[i], req, err);
	}
	for (unsigned i = 0; i < ARCH_EVENT_COUNT; i++)
		if (evspec_name_eq(arch_events[i].name, s, len))
			return from_arch(ci, i, req, err);
	if (parse_raw(s, len, &req->config)) {
		req->counter_mask = list_counters(ci, req->config);
		return core_finish(ci, NULL, req, err);
	}
	const struct ev_model *m = ev_model_for(ci);
	const struct ev_def *d = m ? ev_find(m->core, s, len) : NULL;
	uint8_t other = evspec_other_core_type(ci);
	const struct ev_model *mo = other ? ev_model_of(ci, other) : NULL;
	if (!d && mo && (d = ev_find(mo->core, s, len)))
		m = mo;   /* only the other core type's list has it: its CPUs count it */
	if (d) {
		ev_name(d, req->name, sizeof(req->name));
		/* Hybrid: the name counts on its list's core type; hybrid_twin adds the other's. */
		req->core_type = other ? m->core_type : 0;
		pmu_status st = core_from_def(ci, d, m->core, req, err);
		return st ? st : core_finish(ci, NULL, req, err);
	}
	return evspec_uncore_named(ci, boxes, m, s, len, req, err);
}

static pmu_status parse_one(const struct cpu_info *ci, const struct box_set *boxes, const char *s,
			    size_t len, struct pmu_event_req *req, struct evspec_error *err)
{
	evspec_trim(&s, &len);
	pmu_memset(req, 0, sizeof(*req));
	req->fixed = -1;
	size_t n = len < EVENT_NAME_MAX - 1 ? len : EVENT_NAME_MAX - 1;
	pmu_memcpy(req->name, s, n);
	req->name[n] = '\0';
	if (!len) {
		evspec_err_begin(err, PMU_ERR_INVALID, "empty event spec");
		return err->st;
	}
	size_t slash = evspec_find_char(s, len, '/');
	if (slash == len)
		return parse_named(ci, boxes, s, len, req, err);
	if (s[len - 1] != '/' || slash == len - 1) {
		evspec_err_q(err, PMU_ERR_INVALID, "malformed event ", s, len,
			     ": expected pmu/terms/");
		return err->st;
	}
	const char *terms = s + slash + 1;
	size_t tl = len - slash - 2;
	const char *tt = terms;
	size_t ttl = tl;
	evspec_trim(&tt, &ttl);
	if (!ttl) {   /* "cpu//" would program event 0, which nobody means */
		evspec_err_q(err, PMU_ERR_INVALID, "event ", s, len, ": no terms (name an event or give event=)");
		return err->st;
	}
	const struct hybrid_pmu *hp = core_pmu_named(s, slash);
	if (hp && hp->core_type && !evspec_other_core_type(ci)) {
		evspec_err_q(err, PMU_ERR_UNSUPPORTED, "", s, slash,
			     ": not a hybrid CPU (CPUID.1AH names no core type)");
		return err->st;
	}
	if (hp)
		return core_terms(ci, hp->core_type, terms, tl, req, err);
	const struct box_desc *box = box_find(boxes, s, slash);
	if (!box) {
		struct strbuf sb = evspec_err_q(err, PMU_ERR_UNKNOWN_NAME, "unknown PMU ", s, slash,
						" for this CPU");
		uncore_amd_why_absent(ci, s, slash, &sb);
		return err->st;
	}
	return evspec_parse_box(ci, box, terms, tl, req, err);
}

pmu_status evspec_parse(const struct cpu_info *ci, const struct box_set *boxes, const char *spec,
			struct pmu_event_req *req, struct evspec_error *err)
{
	return parse_one(ci, boxes, spec, pmu_strlen(spec), req, err);
}

/*
 * A bare list name on a hybrid CPU counts on every CPU whose core type's list has it
 * (perf: cpu_core/NAME/ and cpu_atom/NAME/): the request just parsed took one list's
 * encoding; when the other core type's list has the name too, a second request with
 * that list's encoding counts on the other CPUs.
 */
static pmu_status hybrid_twin(const struct cpu_info *ci, const struct box_set *boxes,
			      struct pmu_event_req *reqs,
			      unsigned max, unsigned *n, struct evspec_error *err)
{
	const struct pmu_event_req *r = &reqs[*n - 1];
	size_t nl = pmu_strlen(r->name);
	bool bare = r->core_type && !r->box && evspec_find_char(r->name, nl, '/') == nl;
	uint8_t other = r->core_type == CORE_TYPE_CORE ? CORE_TYPE_ATOM : CORE_TYPE_CORE;
	const struct ev_model *mo = bare ? ev_model_of(ci, other) : NULL;
	if (!mo || !ev_find(mo->core, r->name, nl))
		return PMU_OK;
	if (*n >= max) {
		struct strbuf sb = evspec_err_begin(err, PMU_ERR_NOSPACE, "more than ");
		sb_dec(&sb, max);
		sb_puts(&sb, " events");
		return err->st;
	}
	char spec[EVENT_NAME_MAX + 16];
	struct strbuf sb;
	sb_init(&sb, spec, sizeof(spec));
	sb_puts(&sb, other == CORE_TYPE_ATOM ? "cpu_atom/" : "cpu_core/");
	sb_puts(&sb, r->name);
	sb_putc(&sb, '/');
	pmu_status st = parse_one(ci, boxes, spec, sb.len, &reqs[*n], err);
	if (!st)
		reqs[(*n)++].item = r->item;
	return st;
}

unsigned evspec_list_max(const char *list)
{
	unsigned n = 1;
	for (; *list; list++)
		n += *list == ',';   /* commas inside /.../ only make it larger */
	return 2 * n;
}

static pmu_status parse_list(const struct cpu_info *ci, const struct box_set *boxes, const char *list,
			     struct pmu_event_req *reqs, unsigned max, unsigned *n,
			     struct evspec_error *err, bool known)
{
	size_t start = 0;
	int in_pmu = 0;   /* between the slashes of pmu/terms/ */
	uint16_t item = 0;
	*n = 0;
	for (size_t i = 0;; i++) {
		char c = list[i];
		if (c == '/')
			in_pmu = !in_pmu;
		if (c && (c != ',' || in_pmu))
			continue;
		if (*n >= max) {
			struct strbuf sb = evspec_err_begin(err, PMU_ERR_NOSPACE, "more than ");
			sb_dec(&sb, max);
			sb_puts(&sb, " events");
			return err->st;
		}
		pmu_status st = parse_one(ci, boxes, list + start, i - start, &reqs[*n], err);
		if (st == PMU_ERR_UNKNOWN_NAME && known) {
			item++;
		} else if (st) {
			return st;
		} else {
			reqs[(*n)++].item = item++;
			if ((st = hybrid_twin(ci, boxes, reqs, max, n, err)))
				return st;
		}
		if (!c)
			return PMU_OK;
		start = i + 1;
	}
}

pmu_status evspec_parse_list(const struct cpu_info *ci, const struct box_set *boxes, const char *list,
			     struct pmu_event_req *reqs, unsigned max, unsigned *n,
			     struct evspec_error *err)
{
	return parse_list(ci, boxes, list, reqs, max, n, err, false);
}

pmu_status evspec_parse_list_known(const struct cpu_info *ci, const struct box_set *boxes,
				   const char *list, struct pmu_event_req *reqs, unsigned max,
				   unsigned *n, struct evspec_error *err)
{
	return parse_list(ci, boxes, list, reqs, max, n, err, true);
}
