/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The core measurement job: the events of -e (or a default set) around a
 * kernel on every selected CPU, after an empty kernel that measures what the
 * enable/disable path itself retires. Events are resolved on the BSP before
 * any CPU is touched, so bad input writes no MSR. More events than counters
 * are split into rounds, each re-running the kernel (counts stay exact, never
 * scaled); -n repeats every round and reports min / median / max.
 */
#include "run/run.h"
#include "check/claim_events.h"
#include "pmu/evspec.h"
#include "hw/layouts_core.h"
#include "out/logrec.h"
#include "run/job_steps.h"
#include "run/measure.h"
#include "run/waive_run.h"
#include "out/derived.h"
#include "util/stats.h"
#include "pmu/cacheinfo.h"

#define DEFAULT_KERNEL "inst"
#define MEMORY_KERNEL "stream"   /* moves memory through every channel (check/kernels.h) */
#define NO_CPU (~0u)

/* The core events of ci's core type. */
static struct run_core_events *events_of(struct measure_state *m, const struct cpu_info *ci)
{
	return &m->core[run_type_slot(ci)];
}

static void log_counter(struct run *a, const struct measure_state *m, const struct cpu_info *ci,
			const struct core_counter *c, const char *list, unsigned round,
			unsigned repeat)
{
	const struct reg_layout *l = c->kind == CORE_GP ? pmu_core_desc(ci)->sel
						       : &layout_fixed_ctr_ctrl;
	const struct count_rec r = {
		.cpu = ci->index, .apic_id = ci->apic_id, .package = ci->package, .box = "core",
		.event = c->name, .counter_kind = c->kind == CORE_GP ? "gp" : "fixed",
		.core_type = ci->arch.core_type, .list = list,
		.counter = c->index, .width = c->width, .ctl_msr = c->ctl_msr, .ctl_value = c->ctl_val,
		.ctl_layout = l, .extra_msr = c->extra_msr, .extra_value = c->extra_val,
		.ctr_msr = c->ctr_msr, .start = c->start, .end = c->end,
		.delta = c->delta, .overflowed = c->overflowed, .kernel = m->kernel->name,
		.iterations = m->iterations, .round = round, .repeat = repeat,
	};
	run_count(a, &r);
	if (a->opt.repeats > 1)
		return;   /* the statistics table says it in one row */

	char counter[12];
	struct strbuf k;
	sb_init(&k, counter, sizeof(counter));
	sb_puts(&k, c->kind == CORE_GP ? "pmc" : "fixed");
	sb_dec(&k, c->index);
	run_cpu_here(a, ci->index, 4);
	run_count_row(a, "", c->name, counter, NULL, l, c->ctl_msr, c->ctl_val, c->delta,
		      c->overflowed);
}

/*
 * What later PMUs add to the hand-off: GLOBAL_INUSE and the freeze bits of GLOBAL_STATUS
 * (v4+), PERF_METRICS, and IA32_DEBUGCTL's freeze bits (Intel SDM Vol. 3B 18.13.2.1;
 * Intel SDM Vol. 4 table 2-2).
 */
static void log_handoff_v4(struct run *a, const struct core_snapshot *n)
{
	if (n->pmu.version >= 4) {
		logrec_key_hex(&a->sb, "global_inuse", n->global_inuse);
		logrec_key_bool(&a->sb, "ctr_frozen", (n->frozen >> GLOBAL_STATUS_CTR_FRZ_BIT) & 1);
		logrec_key_bool(&a->sb, "lbr_frozen", (n->frozen >> GLOBAL_STATUS_LBR_FRZ_BIT) & 1);
	}
	if (n->pmu.perf_metrics)
		logrec_key_hex(&a->sb, "perf_metrics", n->perf_metrics);
	if (!n->pmu.desc->debugctl_freeze)
		return;
	if (n->debugctl_st) {
		logrec_key_str(&a->sb, "debugctl_error", pmu_status_str(n->debugctl_st));
		return;
	}
	logrec_key_hex(&a->sb, "debugctl", n->debugctl);
	logrec_key_bool(&a->sb, "freeze_perfmon_on_pmi",
			(n->debugctl >> DEBUGCTL_FREEZE_PERFMON_ON_PMI_BIT) & 1);
	logrec_key_bool(&a->sb, "freeze_while_smm",
			(n->debugctl >> DEBUGCTL_FREEZE_WHILE_SMM_BIT) & 1);
}

/* Counters firmware froze (CTR_Frz): they count nothing until it is cleared. */
static void say_frozen(struct run *a, const struct run_cpu *s)
{
	if (!((s->snap.frozen >> GLOBAL_STATUS_CTR_FRZ_BIT) & 1))
		return;
	run_cpu_here(a, s->info.index, 0);
	sb_puts(&a->sb, ": firmware left the counters frozen (IA32_PERF_GLOBAL_STATUS CTR_Frz)");
	sb_puts(&a->sb, a->opt.force ? ": cleared (--force), set again after" :
				       ": --force clears it");
	run_say(a);
}

/* The core PMU registers as firmware left them, and what of it was in use. */
static void log_handoff(struct run *a, const struct run_cpu *s)
{
	const struct core_snapshot *n = &s->snap;
	run_begin(a, "handoff");
	logrec_key_u64(&a->sb, "cpu", s->info.index);
	sb_json_key(&a->sb, "perfevtsel");
	sb_putc(&a->sb, '[');
	for (unsigned i = 0; i < n->pmu.n_gp; i++) {
		if (i)
			sb_putc(&a->sb, ',');
		sb_putc(&a->sb, '"');
		sb_hex(&a->sb, n->evtsel[i]);
		sb_putc(&a->sb, '"');
	}
	sb_putc(&a->sb, ']');
	logrec_key_hex(&a->sb, "fixed_ctr_ctrl", n->fixed_ctrl);
	logrec_key_hex(&a->sb, "global_ctrl", n->global_ctrl);
	logrec_key_hex(&a->sb, "global_status", n->global_status);
	logrec_key_hex(&a->sb, "gp_in_use", n->gp_in_use);
	logrec_key_hex(&a->sb, "fixed_in_use", n->fixed_in_use);
	log_handoff_v4(a, n);
	if (s->info.irperf_st == PMU_OK && s->info.hwcr_st == PMU_OK) {   /* AMD, from discovery */
		uint64_t en = (s->info.hwcr >> AMD_HWCR_IRPERF_EN_BIT) & 1;
		logrec_key_hex(&a->sb, "irperf", s->info.irperf);
		logrec_key_bool(&a->sb, "irperf_enabled", en);
	}
	logrec_end(&a->sb);
	run_record(a);
	say_frozen(a, s);
	if (!n->gp_in_use && !n->fixed_in_use)
		return;
	run_cpu_here(a, s->info.index, 0);
	sb_puts(&a->sb, ": firmware left counters enabled (general-purpose mask ");
	sb_hex(&a->sb, n->gp_in_use);
	sb_puts(&a->sb, ", fixed mask ");
	sb_hex(&a->sb, n->fixed_in_use);
	sb_puts(&a->sb, a->opt.force ? "): taken over (--force), restored after" :
				       "): left alone; --force takes them");
	run_say(a);
}

/* Every register the CPU's kernel window touched: scope, as found, the bits the run owned. */
static void log_ownership(struct run *a, const struct run_cpu *s)
{
	const struct own_rec o = { "core", s->info.index, s->info.package, s->run.own, s->run.n_own,
				   false, 0 };
	if (!s->run.n_own)
		return;
	logrec_ownership(&a->sb, &o, a->simulated);
	run_record(a);
}

/* The verdict's kind of check for a claim (exact ones by event, the bounded together). */
static enum check_kind check_kind_of(enum kernel_event ev)
{
	switch (ev) {
	case KEV_INSTRUCTIONS:
		return CHECK_INSTRUCTIONS;
	case KEV_BRANCHES:
		return CHECK_BRANCHES;
	case KEV_LOADS:
		return CHECK_LOADS;
	case KEV_STORES:
		return CHECK_STORES;
	default:
		return CHECK_BOUNDED;
	}
}

/*
 * "CPU 2 inst: 10,018 instructions, 10,018 expected, overhead 2: PASS" (bounds: "lo to hi";
 * a waived check: "WAIVED: SKL091 (...)").
 */
static void say_check(struct run *a, const struct measure_state *m, const struct run_cpu *s,
		      enum kernel_event ev, uint64_t got, int64_t lo, int64_t hi, uint64_t overhead,
		      const char *result, const struct waiver_hit *hit)
{
	run_cpu_here(a, s->info.index, 0);
	sb_putc(&a->sb, ' ');
	sb_puts(&a->sb, m->kernel->name);
	sb_puts(&a->sb, ": ");
	sb_dec_grouped(&a->sb, got);
	sb_putc(&a->sb, ' ');
	sb_puts(&a->sb, kernel_event_name(ev));
	sb_puts(&a->sb, ", ");
	sb_dec_grouped(&a->sb, (uint64_t)lo);
	if (hi != lo) {
		sb_puts(&a->sb, " to ");
		sb_dec_grouped(&a->sb, (uint64_t)hi);
	}
	sb_puts(&a->sb, " expected, overhead ");
	sb_dec(&a->sb, overhead);
	sb_puts(&a->sb, ": ");
	sb_puts(&a->sb, result);
	if (hit) {
		sb_puts(&a->sb, ": ");
		waiver_describe(hit, a->opt.waivers, &a->sb);
	}
	run_say(a);
}

/* Whether a known erratum or the lab's waiver explains counter c of s failing its claim. */
static bool waived(struct run *a, struct measure_state *m, const struct run_cpu *s, unsigned c,
		   enum kernel_event ev, struct waiver_hit *hit)
{
	const struct core_counter *k = &s->run.ctr[c];
	struct waiver_subject w = waive_subject(&s->info, check_kind_of(ev));
	w.event = events_of(m, &s->info)->reqs[c].name;
	w.gp = k->kind == CORE_GP;
	w.config = k->config;
	return waive_check(a, &w, hit);
}

/*
 * A bounded claim on the model: its mispredicts and cache misses are its own
 * choices (no predictor, no cache), so the count is logged as what the model
 * cannot know, never checked.
 */
static void claim_unknowable(struct run *a, const struct measure_state *m, const struct run_cpu *s,
			     enum kernel_event ev, uint64_t got, unsigned repeat)
{
	run_begin(a, "claim_not_checked");
	logrec_key_u64(&a->sb, "cpu", s->info.index);
	logrec_key_str(&a->sb, "claim", kernel_event_name(ev));
	logrec_key_str(&a->sb, "kernel", m->kernel->name);
	logrec_key_u64(&a->sb, "measured", got);
	logrec_key_u64(&a->sb, "repeat", repeat);
	logrec_key_str(&a->sb, "reason",
		       "the reference model cannot know it: no predictor, no cache");
	logrec_end(&a->sb);
	run_record(a);
}

/*
 * Counter c of the kernel after the empty kernel's overhead, against the kernel's claim
 * for its event, when it makes one: a check record, and a console line unless it passed
 * in a run of repeats (summed up after them). False when the check failed.
 */
static bool check_claim(struct run *a, struct measure_state *m, struct run_cpu *s, unsigned c,
			unsigned repeat)
{
	const struct pmu_event_req *req = &events_of(m, &s->info)->reqs[c];
	enum kernel_event ev = claim_event(&s->info, req);
	const struct kernel_expect *e = ev < KEV_COUNT ? kernel_expect_for(m->kernel, ev) : NULL;
	if (!e || a->backend.records_only)   /* a dry run's counters never move */
		return true;
	bool exact = e->lo_permille == 1000 && e->hi_permille == 1000;
	uint64_t overhead = s->empty.ctr[c].delta, got = s->run.ctr[c].delta - overhead;
	if (!exact && a->simulated) {
		claim_unknowable(a, m, s, ev, got, repeat);
		return true;
	}
	int64_t want = kernel_expected(e, m->iterations), lo, hi;
	kernel_bounds(e, m->iterations, &lo, &hi);
	bool ok = want >= 0 && s->run.ctr[c].delta >= overhead && (int64_t)got >= lo &&
		  (int64_t)got <= hi;
	/* SMIs in every attempt: the count is not exact, and that says nothing of the PMU */
	bool disturbed = !ok && (s->win[0].disturbed || s->win[1].disturbed);
	struct waiver_hit hit;
	bool waive = !ok && !disturbed && waived(a, m, s, c, ev, &hit);
	const char *result = ok ? "PASS" : disturbed ? "DISTURBED" : waive ? "WAIVED" : "FAIL";
	a->checks.n[check_kind_of(ev)]++;
	run_begin(a, "check");
	logrec_key_u64(&a->sb, "cpu", s->info.index);
	sb_json_key(&a->sb, "check");
	sb_puts(&a->sb, "\"kernel ");
	sb_puts(&a->sb, kernel_event_name(ev));
	sb_puts(&a->sb, exact ? " retired\"" : " within bounds\"");
	logrec_key_str(&a->sb, "event", req->name);
	logrec_key_str(&a->sb, "kernel", m->kernel->name);
	logrec_key_u64(&a->sb, "expected", (uint64_t)want);
	if (!exact) {
		logrec_key_u64(&a->sb, "expected_min", (uint64_t)lo);
		logrec_key_u64(&a->sb, "expected_max", (uint64_t)hi);
	}
	logrec_key_u64(&a->sb, "measured", got);
	logrec_key_u64(&a->sb, "overhead", overhead);
	logrec_key_u64(&a->sb, "repeat", repeat);
	logrec_key_str(&a->sb, "result", result);
	if (waive)
		waive_keys(a, &hit);
	logrec_end(&a->sb);
	run_record(a);
	if (!ok || a->opt.repeats == 1)
		say_check(a, m, s, ev, got, lo, hi, overhead, result, waive ? &hit : NULL);
	return ok || disturbed || waive;   /* the verdict counts disturbed and waived apart */
}

/* Whether group (n core events) fits the free counters of snap, cpu's, as one round. */
static pmu_status fits(struct run *a, struct measure_state *m, unsigned cpu,
		       const struct core_snapshot *snap, const struct pmu_event_req *group,
		       unsigned n)
{
	return core_prepare(&m->core_trial, &a->backend, cpu, snap, group, n, a->opt.force);
}

/*
 * Splits e's events into rounds that fit the free counters of snap (cpu's), greedily
 * in the order given: e->round_of[i] is event i's round; m->nrounds grows to the most
 * rounds any core type takes. An event that fits no round on its own is refused,
 * before anything is written.
 */
static enum verdict plan_rounds(struct run *a, struct measure_state *m, struct run_core_events *e,
				unsigned cpu, const struct core_snapshot *snap)
{
	struct pmu_event_req group[CORE_MAX_EVENTS];
	unsigned n = 0, rounds = 1;
	for (unsigned i = 0; i < e->nevents; i++) {
		pmu_status st = PMU_ERR_NO_COUNTER;
		if (n < CORE_MAX_EVENTS) {
			group[n] = e->events[i];
			st = fits(a, m, cpu, snap, group, n + 1);
		}
		/* Full, or only firmware's counters left (AMD's counter 5, say): a new round. */
		if ((st == PMU_ERR_NO_COUNTER || st == PMU_ERR_IN_USE) && n) {
			rounds++;
			n = 0;
			group[0] = e->events[i];
			st = fits(a, m, cpu, snap, group, 1);
		}
		const char *msg = m->core_trial.msg;
		if (st)
			return run_refuse_setting(a, OPT_EVENTS, msg[0] ? msg : pmu_status_str(st), NULL,
						  NULL);
		e->round_of[i] = rounds - 1;
		n++;
	}
	m->nrounds = rounds > m->nrounds ? rounds : m->nrounds;
	return VERDICT_PASS;
}

/*
 * The instruction check is always made: where e's events leave instructions out,
 * they are counted beside them in the first round with a counter left (FIXED_CTR0
 * on Intel v2+, else a general-purpose counter, PMCx0C0 on AMD), never in a round
 * of their own. No counter left: e->instructions_added stays false.
 */
static void add_instructions(struct run *a, struct measure_state *m, struct run_core_events *e,
			     unsigned cpu, const struct core_snapshot *snap)
{
	const struct cpu_info *ci = &a->slot[cpu].info;
	struct pmu_event_req group[CORE_MAX_EVENTS], ins;
	struct evspec_error err;
	unsigned n = 0;
	for (unsigned i = 0; i < e->nevents; i++)
		if (claim_event(ci, &e->events[i]) == KEV_INSTRUCTIONS)
			return;
	if (e->nevents >= RUN_MAX_EVENTS ||
	    evspec_parse_list(ci, NULL, "instructions", &ins, 1, &n, &err) || n != 1)
		return;
	for (unsigned g = 0; g < m->nrounds; g++) {
		n = 0;
		for (unsigned i = 0; i < e->nevents; i++)
			if (e->round_of[i] == g && n < CORE_MAX_EVENTS)
				group[n++] = e->events[i];
		if (n == CORE_MAX_EVENTS)
			continue;
		group[n] = ins;
		if (fits(a, m, cpu, snap, group, n + 1))
			continue;
		e->round_of[e->nevents] = g;
		e->events[e->nevents++] = ins;
		e->instructions_added = true;
		return;
	}
}

/*
 * What cpu's core type is planned on: the boot CPU's own snapshot, read. Another core
 * type's CPUs cannot be read from the boot CPU: their plan takes every counter they
 * have as free, and a CPU that finds firmware using one refuses in its own prepare
 * (not measured, said).
 */
static pmu_status plan_snapshot(struct run *a, unsigned cpu, struct core_snapshot *snap)
{
	const struct cpu_info *ci = &a->slot[cpu].info;
	if (cpu == a->plat->bsp)
		return core_snapshot(&a->backend, cpu, ci, snap);
	pmu_memset(snap, 0, sizeof(*snap));
	core_pmu_from_cpu(ci, &snap->pmu);
	return snap->st = pmu_core_present(ci) ? PMU_OK : PMU_ERR_UNSUPPORTED;
}

/*
 * Each core type's rounds, on its CPU rep[t] (NO_CPU: no CPU of that type counts),
 * then instructions beside every type's events.
 */
static enum verdict plan_core(struct run *a, struct measure_state *m,
			      const unsigned rep[RUN_TYPE_SLOTS])
{
	struct core_snapshot snap[RUN_TYPE_SLOTS];
	bool planned[RUN_TYPE_SLOTS] = { false };
	m->nrounds = 1;
	for (unsigned t = 0; t < RUN_TYPE_SLOTS; t++) {
		struct run_core_events *e = &m->core[t];
		if (rep[t] == NO_CPU) {
			e->nevents = 0;
			continue;
		}
		if (plan_snapshot(a, rep[t], &snap[t])) {
			/* Each CPU reports its own snapshot failure: one round, as given. */
			for (unsigned i = 0; i < e->nevents; i++)
				e->round_of[i] = 0;
			if (e->nevents > CORE_MAX_EVENTS)
				return run_refuse(a, "more events than counters and no PMU to plan "
						  "rounds on", NULL, NULL);
			continue;
		}
		enum verdict v = plan_rounds(a, m, e, rep[t], &snap[t]);
		if (v != VERDICT_PASS)
			return v;
		planned[t] = true;
	}
	for (unsigned t = 0; t < RUN_TYPE_SLOTS; t++)
		if (planned[t])
			add_instructions(a, m, &m->core[t], rep[t], &snap[t]);
	return VERDICT_PASS;
}

/* A hybrid CPU's bit among the slots' (run_type_slot); 0 when it is not hybrid. */
static unsigned kind_bit(const struct cpu_info *ci)
{
	return ci->arch.core_type ? 1u << run_type_slot(ci) : 0;
}

#define ALL_KINDS ((1u << RUN_TYPE_SLOTS) - 1)
static const uint8_t slot_types[RUN_TYPE_SLOTS] = { CORE_TYPE_CORE, CORE_TYPE_ATOM, CORE_TYPE_ATOM };

/* Does r, of the events read on a CPU of slot t, count on slot t's CPUs? */
static bool counts_on(const struct pmu_event_req *r, unsigned t)
{
	return !r->box && (!r->core_type || r->core_type == slot_types[t]);
}

/* The CPUs measured of the kinds in bits (kind_bit). */
static void cpus_of_types(const struct run *a, unsigned bits, struct cpuset *out)
{
	cpuset_clear(out);
	for (unsigned i = 0; i < a->plat->ncpus; i++)
		if (cpuset_has(&a->opt.cpus, i) && flag_get(&a->slot[i].done) &&
		    (kind_bit(&a->slot[i].info) & bits))
			cpuset_add(out, i);
}

/* A list's name as given, not pmu/NAME/. */
static bool bare_name(const char *s)
{
	while (*s && *s != '/')
		s++;
	return !*s;
}

/* Why the CPUs of slot t (none of them when none) leave out item r. */
static void left_out_why(struct run *a, const struct pmu_event_req *r, unsigned t, bool none,
			 const unsigned rep[RUN_TYPE_SLOTS], struct strbuf *w)
{
	uint8_t out = slot_types[t];
	const struct ev_model *m = none ? NULL : ev_model_for(&a->slot[rep[t]].info);
	if (none) {
		sb_puts(w, "no CPU of core type ");
		sb_puts(w, pmu_core_type_name(r->core_type));
		sb_puts(w, " measured");
	} else if (bare_name(r->name)) {
		sb_puts(w, "core type ");
		sb_puts(w, pmu_core_type_name(out));
		sb_puts(w, "'s list (");
		sb_puts(w, m ? m->core->file : "none");
		sb_puts(w, ") lacks ");
		sb_puts(w, r->name);
	} else {
		sb_puts(w, "it names core type ");
		sb_puts(w, pmu_core_type_name(r->core_type));
	}
}

/*
 * Hybrid: the CPUs measured that an event (r, the first request of its item, counted on the
 * slots in types) leaves out, on the console and in a "left_out" record: those of slot t,
 * whose list lacks a bare name or whose type is not the one cpu_core/NAME/ or
 * cpu_atom/NAME/ names. None of its slots measured (t unused): left out.
 */
static void say_left_out(struct run *a, const struct pmu_event_req *r, unsigned types, unsigned t,
			 unsigned measured, const unsigned rep[RUN_TYPE_SLOTS])
{
	bool none = !(measured & types);
	uint8_t out = slot_types[t];
	struct cpuset left, kept;
	char why[128], cpus[64];
	struct strbuf w, c;
	cpus_of_types(a, none ? measured : 1u << t, &left);
	cpus_of_types(a, measured & types, &kept);
	sb_init(&w, why, sizeof(why));
	sb_init(&c, cpus, sizeof(cpus));
	cpuset_format(&left, &c);
	left_out_why(a, r, t, none, rep, &w);
	sb_puts(&a->sb, "efipmu: ");
	sb_puts(&a->sb, r->name);
	sb_puts(&a->sb, " (");
	sb_puts(&a->sb, r->list ? r->list : pmu_core_type_name(r->core_type));
	sb_puts(&a->sb, "): ");
	if (none) {
		sb_puts(&a->sb, why);
		sb_puts(&a->sb, ", left out");
	} else {
		sb_puts(&a->sb, "CPUs ");
		sb_puts(&a->sb, cpus);
		sb_puts(&a->sb, " left out: ");
		sb_puts(&a->sb, why);
		sb_puts(&a->sb, "; counted on CPUs ");
		cpuset_format(&kept, &a->sb);
	}
	run_say(a);
	run_begin(a, "left_out");
	logrec_key_str(&a->sb, "event", r->name);
	if (r->list)
		logrec_key_str(&a->sb, "list", r->list);
	logrec_key_str(&a->sb, "cpus", cpus);
	if (!none)
		logrec_key_core_type(&a->sb, out);
	logrec_key_str(&a->sb, "why", why);
	logrec_end(&a->sb);
	run_record(a);
}

/*
 * The events read on slot t's CPU rep[t] into reqs: whole on the boot CPU's slot (it read them
 * first, job_resolve), else without the names its lists lack (its CPUs leave them out).
 */
static enum verdict slot_events(struct run *a, unsigned t, const unsigned rep[RUN_TYPE_SLOTS],
				const char *events, struct pmu_event_req *reqs, unsigned max,
				unsigned *n)
{
	const struct cpu_info *ci = &a->slot[rep[t]].info;
	struct evspec_error err;
	pmu_status st = rep[t] == a->plat->bsp ?
		evspec_parse_list(ci, &a->boxes, events, reqs, max, n, &err) :
		evspec_parse_list_known(ci, &a->boxes, events, reqs, max, n, &err);
	if (!st)
		return VERDICT_PASS;
	char what[160];
	struct strbuf sb;
	sb_init(&sb, what, sizeof(what));
	sb_puts(&sb, "on core type ");
	sb_puts(&sb, pmu_core_type_name(slot_types[t]));
	sb_puts(&sb, ": ");
	sb_puts(&sb, err.msg);
	return run_refuse_setting(a, OPT_EVENTS, what, NULL, NULL);
}

/*
 * Hybrid, once every CPU is discovered: the events are resolved again on a CPU of each
 * kind of core measured (the boot CPU for its own; run_type_slot), from that kind's list and
 * for its counters, and each kind's CPUs program their own: a bare name counts on every
 * CPU whose kind's list has it, cpu_core/NAME/ and cpu_atom/NAME/ on that type's. The
 * CPUs an event leaves out are said, each kind's apart; no CPU counts an event its list
 * does not have.
 */
static enum verdict types_resolve(struct run *a, struct measure_state *m, const char *events,
				  struct pmu_event_req *reqs, uint8_t *kinds, unsigned max)
{
	const struct cpu_info *bsp = &a->slot[a->plat->bsp].info;
	unsigned rep[RUN_TYPE_SLOTS] = { NO_CPU, NO_CPU, NO_CPU }, measured = 0, n = 0;
	struct cpuset cpus;
	enum verdict v;
	cpus_of_types(a, ALL_KINDS, &cpus);
	for (unsigned i = 0; i < a->plat->ncpus; i++) {
		const struct cpu_info *ci = &a->slot[i].info;
		if (!cpuset_has(&cpus, i))
			continue;
		measured |= kind_bit(ci);
		if (rep[run_type_slot(ci)] == NO_CPU)
			rep[run_type_slot(ci)] = i;
	}
	if (!measured || !events[0])
		return VERDICT_PASS;   /* not hybrid: the boot CPU's plan is every CPU's */
	if (measured & kind_bit(bsp))   /* its snapshot is read, the others' not */
		rep[run_type_slot(bsp)] = a->plat->bsp;
	pmu_memset(kinds, 0, max);
	for (unsigned t = 0; t < RUN_TYPE_SLOTS; t++) {
		if (rep[t] == NO_CPU)
			continue;
		if ((v = slot_events(a, t, rep, events, reqs, max, &n)) != VERDICT_PASS)
			return v;
		for (unsigned i = 0; i < n; i++)
			if (counts_on(&reqs[i], t) && reqs[i].item < max)
				kinds[reqs[i].item] |= (uint8_t)(1u << t);
	}
	bool said = false;
	for (unsigned t = 0; t < RUN_TYPE_SLOTS; t++) {
		struct run_core_events *e = &m->core[t];
		e->nevents = 0;
		e->instructions_added = false;
		if (rep[t] == NO_CPU)
			continue;
		if ((v = slot_events(a, t, rep, events, reqs, max, &n)) != VERDICT_PASS)
			return v;
		for (unsigned i = 0; i < n; i++) {
			const struct pmu_event_req *r = &reqs[i];
			unsigned types = r->item < max ? kinds[r->item] : ALL_KINDS;
			if (!said && !r->box && (measured & ~types) &&
			    (!i || reqs[i - 1].item != r->item)) {
				for (unsigned k = 0; k < RUN_TYPE_SLOTS && (measured & types); k++)
					if (measured & ~types & 1u << k)
						say_left_out(a, r, types, k, measured, rep);
				if (!(measured & types))   /* no kind measured counts it: said once */
					say_left_out(a, r, types, 0, measured, rep);
			}
			if (!counts_on(r, t))
				continue;
			if (e->nevents == RUN_MAX_EVENTS)
				return run_refuse_setting(a, OPT_EVENTS, "more events than the engine can "
							  "hold:", r->name, NULL);
			e->events[e->nevents++] = *r;
		}
		said = true;
	}
	return plan_core(a, m, rep);
}

/* Room for what the list can make (evspec_list_max), NULL: said. */
static struct pmu_event_req *parse_room(struct run *a, const char *events, unsigned *max)
{
	struct pmu_event_req *reqs;
	*max = evspec_list_max(events);
	reqs = run_alloc(a, *max * sizeof(*reqs));
	if (!reqs)
		(void)run_refuse(a, "no memory to resolve the events", NULL, NULL);
	return reqs;
}

static enum verdict by_core_type(struct run *a, struct measure_state *m, const char *events)
{
	unsigned max;
	struct pmu_event_req *reqs = parse_room(a, events, &max);
	uint8_t *kinds = reqs ? run_alloc(a, max) : NULL;   /* each item's slots (bits) */
	enum verdict v = kinds ? types_resolve(a, m, events, reqs, kinds, max) : VERDICT_ERROR;
	if (reqs && !kinds)
		(void)run_refuse(a, "no memory to resolve the events", NULL, NULL);
	run_free(a, kinds);
	run_free(a, reqs);
	return v;
}

/*
 * -e, or without it the default core set where there is a core PMU (uncore defaults
 * are job_uncore_check's).
 */
static const char *events_spec(const struct run *a)
{
	const struct cpu_info *bsp = &a->slot[a->plat->bsp].info;
	if (a->opt.events[0])
		return a->opt.events;
	return pmu_core_present(bsp) ? pmu_core_desc(bsp)->default_events : "";
}

/* The boot CPU's core events and the uncore events of the list (reqs: its room). */
static enum verdict take_events(struct run *a, struct measure_state *m, const char *events,
				struct pmu_event_req *reqs, unsigned max)
{
	const struct cpu_info *bsp = &a->slot[a->plat->bsp].info;
	struct run_core_events *e = events_of(m, bsp);
	struct evspec_error err;
	unsigned n = 0, nbox = 0;
	if (events[0] && evspec_parse_list(bsp, &a->boxes, events, reqs, max, &n, &err))
		return run_refuse_setting(a, OPT_EVENTS, err.msg, NULL, NULL);
	m->nureqs = 0;
	for (unsigned t = 0; t < RUN_TYPE_SLOTS; t++) {
		m->core[t].nevents = 0;
		m->core[t].instructions_added = false;
	}
	for (unsigned i = 0; i < n; i++)
		nbox += reqs[i].box != NULL;
	if (nbox && !measure_uncore_room(a, m, nbox))
		return VERDICT_ERROR;
	for (unsigned i = 0; i < n; i++) {
		const struct pmu_event_req *r = &reqs[i];
		/* another core type's: resolved again on one of its CPUs (by_core_type) */
		if (!r->box && r->core_type && r->core_type != bsp->arch.core_type)
			continue;
		if (r->box)
			m->ureqs[m->nureqs++] = *r;
		else if (e->nevents < RUN_MAX_EVENTS)
			e->events[e->nevents++] = *r;
		else
			return run_refuse_setting(a, OPT_EVENTS, "more events than the engine can hold:",
						  r->name, NULL);
	}
	return VERDICT_PASS;
}

enum verdict job_resolve(struct run *a, struct measure_state *m)
{
	const struct cpu_info *bsp = &a->slot[a->plat->bsp].info;
	unsigned max, rep[RUN_TYPE_SLOTS] = { NO_CPU, NO_CPU, NO_CPU };
	const char *kname = a->opt.kernels[0] ? a->opt.kernels : DEFAULT_KERNEL;
	/*
	 * The default job on a part whose default uncore events are its memory channels: around
	 * `stream`, so the plain run shows each socket's memory bandwidth (issue 24 item 4).
	 */
	bool memory = !a->opt.kernels[0] && !a->opt.events[0] &&
		      uncore_family_desc(bsp->uncore)->default_memory;
	struct cache_info llc;
	/* its buffer is sized from the real CPU's caches: none named, the plain default instead */
	bool sized = !memory || !cache_info_read(a->plat->hw, a->plat->bsp, &llc);
	if (memory && sized)
		kname = MEMORY_KERNEL;
	m->kernel = kernel_find(kname);
	if (!m->kernel)
		return run_refuse_setting(a, OPT_KERNELS, "unknown kernel", kname, "--list names them");
	if (memory) {
		sb_puts(&a->sb, sized ? "kernel " MEMORY_KERNEL ": the default on this part, whose "
			"memory channels the uncore counts (kernels = NAME picks another)" :
			"kernel " DEFAULT_KERNEL ": " MEMORY_KERNEL " would be the default on this part, "
			"but CPUID leaves 4 and 2 name no cache to size its buffer; the memory channels "
			"are counted without a bound");
		run_say(a);
	}
	/* the backend's (the model replays a cycle per instruction: fewer), or the kernel's */
	m->iterations = a->backend.iterations;
	if (!m->iterations)
		m->iterations = m->kernel->default_iterations;
	const char *events = events_spec(a);
	struct pmu_event_req *reqs = parse_room(a, events, &max);
	enum verdict v = reqs ? take_events(a, m, events, reqs, max) : VERDICT_ERROR;
	run_free(a, reqs);
	if (v != VERDICT_PASS)
		return v;
	rep[run_type_slot(bsp)] = a->plat->bsp;
	return plan_core(a, m, rep);
}

enum verdict job_prepare(struct run *a, struct measure_state *m)
{
	struct kernel_args args = { m->iterations, NULL, 0 };
	enum verdict v = by_core_type(a, m, events_spec(a));
	if (v != VERDICT_PASS)
		return v;
	pmu_status st = buffers_prepare(a, &m->bufs, m->kernel, &args);
	return st ? VERDICT_ERROR : VERDICT_PASS;   /* it said why */
}

/* Index into the table of deltas: [cpu][event of its core type][repeat]. */
static size_t cell(const struct run *a, const struct core_job *j, size_t cpu, unsigned ev,
		   unsigned rep)
{
	return (cpu * j->per_cpu + ev) * a->opt.repeats + rep;
}

static void say_not_measured(struct run *a, size_t cpu, const struct run_cpu *s)
{
	run_cpu_here(a, (unsigned)cpu, 0);
	sb_puts(&a->sb, ": not measured: ");
	const char *msg = s->run.msg[0] ? s->run.msg : s->empty.msg;
	sb_puts(&a->sb, msg[0] ? msg : pmu_status_str(s->measure_st));
	run_say(a);
}

/* One row per CPU and event of its type: min, median and max over the repeats ("stats"). */
static void report_stats(struct run *a, const struct core_job *j)
{
	struct measure_state *m = j->m;
	run_stats_header(a, "CPU");
	for (size_t i = 0; i < a->plat->ncpus; i++) {
		const struct run_core_events *ce = events_of(m, &a->slot[i].info);
		if (!j->measured[i])
			continue;
		for (unsigned e = 0; e < ce->nevents; e++) {
			struct stats_u64 st;
			stats_compute(&j->tab[cell(a, j, i, e, 0)], a->opt.repeats, &st);
			run_stats(a, m->kernel->name, "CPU", (unsigned)i, -1, -1, "core",
				  ce->events[e].name, &st);
		}
	}
}

/*
 * IPC, CPI, mispredict and LLC miss ratios per CPU, from the median counts, where measured;
 * the level-1 top-down split where PERF_METRICS was read (the last window that counted SLOTS).
 */
static void report_derived(struct run *a, const struct core_job *j)
{
	struct measure_state *m = j->m;
	for (size_t i = 0; i < a->plat->ncpus; i++) {
		const struct run_core_events *ce = events_of(m, &a->slot[i].info);
		struct derived_input in[RUN_MAX_EVENTS];
		struct derived_set set;
		if (!j->measured[i])
			continue;
		for (unsigned e = 0; e < ce->nevents; e++) {
			struct stats_u64 st;
			stats_compute(&j->tab[cell(a, j, i, e, 0)], a->opt.repeats, &st);
			in[e].event = ce->events[e].name;
			in[e].delta = st.median;
		}
		derived_compute(in, ce->nevents, 0, 0, &set);
		if (j->td[i].have)
			derived_topdown(j->td[i].perf_metrics, &set);
		run_derived(a, m->kernel->name, "CPU", i, &set);
	}
}

void run_core_round(struct measure_state *m, unsigned g, unsigned (*evi)[CORE_MAX_EVENTS])
{
	for (unsigned t = 0; t < RUN_TYPE_SLOTS; t++) {
		struct run_core_events *e = &m->core[t];
		e->nreqs = 0;
		for (unsigned i = 0; i < e->nevents; i++) {
			if (e->round_of[i] != g || e->nreqs == CORE_MAX_EVENTS)
				continue;
			if (evi)
				evi[t][e->nreqs] = i;
			e->reqs[e->nreqs++] = e->events[i];
		}
	}
}

/* Before group g's step: each core type's events of it. */
void core_step_begin(struct run *a, struct core_job *j, unsigned g)
{
	const struct cpu_info *bsp = &a->slot[a->plat->bsp].info;
	run_core_round(j->m, g, j->evi);
	for (unsigned t = 0; t < RUN_TYPE_SLOTS; t++) {
		const struct run_core_events *e = &j->m->core[t];
		j->claims[t] = 0;
		for (unsigned c = 0; c < e->nreqs; c++) {
			enum kernel_event ev = claim_event(bsp, &e->reqs[c]);
			j->claims[t] += ev < KEV_COUNT && kernel_expect_for(j->m->kernel, ev);
		}
	}
}

/* After group g's last repeat: in how many every claim held, per CPU. */
static void say_passes(struct run *a, struct core_job *j, unsigned g)
{
	unsigned reps = a->opt.repeats;
	if (reps < 2 || a->backend.records_only)
		return;
	for (size_t i = 0; i < a->plat->ncpus; i++) {
		uint32_t passes = j->passes[g * a->plat->ncpus + i];
		unsigned claims = j->claims[run_type_slot(&a->slot[i].info)];
		if (!j->measured[i] || !claims)
			continue;
		run_cpu_here(a, (unsigned)i, 0);
		sb_puts(&a->sb, ": kernel ");
		sb_puts(&a->sb, j->m->kernel->name);
		sb_puts(&a->sb, claims == 1 ? " met its claim in " : " met its claims in ");
		sb_dec(&a->sb, passes);
		sb_putc(&a->sb, '/');
		sb_dec(&a->sb, reps);
		sb_puts(&a->sb, " repeats");
		if (j->groups > 1) {
			sb_puts(&a->sb, " (round ");
			sb_dec(&a->sb, g + 1);
			sb_putc(&a->sb, ')');
		}
		sb_puts(&a->sb, passes == reps ? ": PASS" : ": FAIL");
		run_say(a);
	}
}

/* Group g's step of repeat r, on the boot CPU while the APs wait. */
void core_step_done(struct run *a, struct core_job *j, unsigned g, unsigned r)
{
	unsigned reps = a->opt.repeats;
	bool first = !g && !r;
	measure_report(a, j->m);
	if (first && reps == 1)
		run_count_header(a, "CPU");   /* after the in-step line */
	for (size_t i = 0; i < a->plat->ncpus; i++) {
		struct run_cpu *s = &a->slot[i];
		if (!j->measured[i])
			continue;
		if (first && s->snap.st == PMU_OK)
			log_handoff(a, s);
		if (first)
			log_ownership(a, s);
		if (s->measure_st) {
			say_not_measured(a, i, s);
			j->measured[i] = false;
			j->all_ok = false;
			continue;
		}
		bool ok = true;
		unsigned t = run_type_slot(&s->info);
		for (unsigned c = 0; c < s->run.n; c++) {
			j->tab[cell(a, j, i, j->evi[t][c], r)] = s->run.ctr[c].delta;
			log_counter(a, j->m, &s->info, &s->run.ctr[c], j->m->core[t].reqs[c].list, g,
				    r);
		}
		for (unsigned c = 0; c < s->run.n; c++)
			ok &= check_claim(a, j->m, s, c, r);
		if (s->run.metrics) {
			j->td[i].have = true;
			j->td[i].perf_metrics = s->run.metrics_end;
		}
		j->passes[g * a->plat->ncpus + i] += ok;
		j->all_ok &= ok;
	}
	if (r == reps - 1)
		say_passes(a, j, g);
}

/*
 * Instructions counted beside the events, or why the kernel's instruction claim goes
 * unchecked (on a hybrid part: on a core type's CPUs whose events leave no counter).
 */
static void say_instructions(struct run *a, const struct measure_state *m)
{
	bool added = false, unchecked = false;
	if (!kernel_expect_for(m->kernel, KEV_INSTRUCTIONS) || a->backend.records_only)
		return;
	for (unsigned t = 0; t < RUN_TYPE_SLOTS; t++) {
		const struct run_core_events *e = &m->core[t];
		bool counted = e->instructions_added;
		for (unsigned i = 0; i < e->nevents; i++)
			counted |= claim_event(&a->slot[a->plat->bsp].info, &e->events[i]) ==
				   KEV_INSTRUCTIONS;
		added |= e->instructions_added;
		unchecked |= e->nevents && !counted;
	}
	if (!unchecked) {
		if (added) {
			sb_puts(&a->sb, "instructions counted beside the events: the kernel's claim "
					"is checked");
			run_say(a);
		}
		return;
	}
	a->checks.none_why = "no counter left for instructions beside the events given, and "
			     "none of them has a claim of the kernel's";
	sb_puts(&a->sb, "no counter left for instructions beside the events given: "
			"the kernel's instruction claim is not checked");
	run_say(a);
}

enum verdict core_job_begin(struct run *a, struct measure_state *m, struct core_job *j)
{
	const struct cpu_info *bsp = &a->slot[a->plat->bsp].info;
	size_t ncpus = a->plat->ncpus;
	pmu_memset(j, 0, sizeof(*j));
	j->m = m;
	j->all_ok = true;
	j->v = pmu_core_present(bsp) ? VERDICT_PASS : VERDICT_NO_PMU;
	for (unsigned t = 0; t < RUN_TYPE_SLOTS; t++)
		j->per_cpu = m->core[t].nevents > j->per_cpu ? m->core[t].nevents : j->per_cpu;
	if (j->v != VERDICT_PASS || !j->per_cpu)
		return VERDICT_PASS;
	j->tab = run_alloc(a, ncpus * j->per_cpu * a->opt.repeats * sizeof(*j->tab));
	j->measured = run_alloc(a, ncpus * sizeof(*j->measured));
	j->passes = run_alloc(a, ncpus * m->nrounds * sizeof(*j->passes));
	j->td = run_alloc(a, ncpus * sizeof(*j->td));
	if (!j->tab || !j->measured || !j->passes || !j->td) {
		core_job_end(a, j);
		return run_refuse(a, "not enough memory for the table of counts", NULL, NULL);
	}
	for (size_t i = 0; i < ncpus; i++)
		j->measured[i] = cpuset_has(&a->opt.cpus, (unsigned)i) && flag_get(&a->slot[i].done);
	say_instructions(a, m);
	if (m->nrounds > 1) {
		sb_puts(&a->sb, "more events than counters: ");
		sb_dec(&a->sb, m->nrounds);
		sb_puts(&a->sb, " rounds, the kernel runs once per round (exact counts, no scaling)");
		run_say(a);
	}
	j->groups = m->nrounds;
	return VERDICT_PASS;
}

enum verdict core_job_end(struct run *a, struct core_job *j)
{
	if (j->groups && j->tab && j->measured && j->td) {   /* begin took them all */
		if (a->opt.repeats > 1)
			report_stats(a, j);
		report_derived(a, j);
		j->v = j->all_ok ? VERDICT_PASS : VERDICT_FAIL;
	}
	run_free(a, j->tab);
	run_free(a, j->measured);
	run_free(a, j->passes);
	run_free(a, j->td);
	j->tab = NULL;
	j->measured = NULL;
	j->passes = NULL;
	j->td = NULL;
	return j->v;
}
