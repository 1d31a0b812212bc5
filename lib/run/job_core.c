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
#include "run/buffers.h"
#include "check/claim_events.h"
#include "pmu/evspec.h"
#include "hw/layouts_core.h"
#include "out/logrec.h"
#include "run/job_steps.h"
#include "run/measure.h"
#include "out/derived.h"
#include "util/stats.h"

#define DEFAULT_KERNEL "inst"

static void log_counter(struct run *a, const struct cpu_info *ci, const struct core_counter *c,
			const char *list, unsigned round, unsigned repeat)
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
		.delta = c->delta, .overflowed = c->overflowed, .kernel = a->kernel->name,
		.iterations = a->iterations, .round = round, .repeat = repeat,
	};
	run_count(a, &r);
	if (a->opt.repeats > 1)
		return;   /* the statistics table says it in one row */

	char where[12], counter[12];
	struct strbuf w, k;
	sb_init(&w, where, sizeof(where));
	sb_dec(&w, ci->index);
	sb_init(&k, counter, sizeof(counter));
	sb_puts(&k, c->kind == CORE_GP ? "pmc" : "fixed");
	sb_dec(&k, c->index);
	run_count_row(a, where, c->name, counter, l, c->ctl_msr, c->ctl_val, c->delta, c->overflowed);
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
	sb_puts(&a->sb, "CPU ");
	sb_dec(&a->sb, s->info.index);
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
	sb_puts(&a->sb, "CPU ");
	sb_dec(&a->sb, s->info.index);
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
	const struct own_rec o = { "core", s->info.index, s->info.package, s->run.own, s->run.n_own };
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

/* "CPU 2 inst: 10,018 instructions, 10,018 expected, overhead 2: PASS" (bounds: "lo to hi"). */
static void say_check(struct run *a, const struct run_cpu *s, enum kernel_event ev, uint64_t got,
		      int64_t lo, int64_t hi, uint64_t overhead, const char *result)
{
	sb_puts(&a->sb, "CPU ");
	sb_dec(&a->sb, s->info.index);
	sb_putc(&a->sb, ' ');
	sb_puts(&a->sb, a->kernel->name);
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
	run_say(a);
}

/*
 * A bounded claim on the model: its mispredicts and cache misses are its own
 * choices (no predictor, no cache), so the count is logged as what the model
 * cannot know, never checked.
 */
static void claim_unknowable(struct run *a, const struct run_cpu *s, enum kernel_event ev,
			      uint64_t got, unsigned repeat)
{
	run_begin(a, "claim_not_checked");
	logrec_key_u64(&a->sb, "cpu", s->info.index);
	logrec_key_str(&a->sb, "claim", kernel_event_name(ev));
	logrec_key_str(&a->sb, "kernel", a->kernel->name);
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
static bool check_claim(struct run *a, struct run_cpu *s, unsigned c, unsigned repeat)
{
	enum kernel_event ev = claim_event(&s->info, &a->reqs[c]);
	const struct kernel_expect *e = ev < KEV_COUNT ? kernel_expect_for(a->kernel, ev) : NULL;
	if (!e || a->opt.dry_run)   /* a dry run's counters never move */
		return true;
	bool exact = e->lo_permille == 1000 && e->hi_permille == 1000;
	uint64_t overhead = s->empty.ctr[c].delta, got = s->run.ctr[c].delta - overhead;
	if (!exact && a->simulated) {
		claim_unknowable(a, s, ev, got, repeat);
		return true;
	}
	int64_t want = kernel_expected(e, a->iterations), lo, hi;
	kernel_bounds(e, a->iterations, &lo, &hi);
	bool ok = want >= 0 && s->run.ctr[c].delta >= overhead && (int64_t)got >= lo &&
		  (int64_t)got <= hi;
	/* SMIs in every attempt: the count is not exact, and that says nothing of the PMU */
	bool disturbed = !ok && (s->win[0].disturbed || s->win[1].disturbed);
	const char *result = ok ? "PASS" : disturbed ? "DISTURBED" : "FAIL";
	a->checks.n[check_kind_of(ev)]++;
	run_begin(a, "check");
	logrec_key_u64(&a->sb, "cpu", s->info.index);
	sb_json_key(&a->sb, "check");
	sb_puts(&a->sb, "\"kernel ");
	sb_puts(&a->sb, kernel_event_name(ev));
	sb_puts(&a->sb, exact ? " retired\"" : " within bounds\"");
	logrec_key_str(&a->sb, "event", a->reqs[c].name);
	logrec_key_str(&a->sb, "kernel", a->kernel->name);
	logrec_key_u64(&a->sb, "expected", (uint64_t)want);
	if (!exact) {
		logrec_key_u64(&a->sb, "expected_min", (uint64_t)lo);
		logrec_key_u64(&a->sb, "expected_max", (uint64_t)hi);
	}
	logrec_key_u64(&a->sb, "measured", got);
	logrec_key_u64(&a->sb, "overhead", overhead);
	logrec_key_u64(&a->sb, "repeat", repeat);
	logrec_key_str(&a->sb, "result", result);
	logrec_end(&a->sb);
	run_record(a);
	if (!ok || a->opt.repeats == 1)
		say_check(a, s, ev, got, lo, hi, overhead, result);
	return ok || disturbed;   /* the verdict counts disturbed windows apart */
}

/* The planner's trial round on the boot CPU (its msg: the engine's words for a refusal). */
static struct core_session trial;

/* Whether group (n core events) fits the boot CPU's free counters as one round. */
static pmu_status fits(struct run *a, const struct core_snapshot *snap,
		       const struct pmu_event_req *group, unsigned n)
{
	return core_prepare(&trial, &a->backend, (unsigned)a->plat->bsp, snap, group, n,
			    a->opt.force);
}

/*
 * Splits the events into rounds that fit this CPU's free counters, greedily in
 * the order given: a->round_of[i] is event i's round. An event that fits no
 * round on its own is refused, before anything is written.
 */
static enum verdict plan_rounds(struct run *a, const struct core_snapshot *snap)
{
	struct pmu_event_req group[CORE_MAX_EVENTS];
	unsigned n = 0;
	a->nrounds = 1;
	for (unsigned i = 0; i < a->nevents; i++) {
		pmu_status st = PMU_ERR_NO_COUNTER;
		if (n < CORE_MAX_EVENTS) {
			group[n] = a->events[i];
			st = fits(a, snap, group, n + 1);
		}
		/* Full, or only firmware's counters left (AMD's counter 5, say): a new round. */
		if ((st == PMU_ERR_NO_COUNTER || st == PMU_ERR_IN_USE) && n) {
			(a->nrounds)++;
			n = 0;
			group[0] = a->events[i];
			st = fits(a, snap, group, 1);
		}
		if (st)
			return run_refuse_setting(a, OPT_EVENTS, trial.msg[0] ? trial.msg :
						  pmu_status_str(st), NULL, NULL);
		a->round_of[i] = a->nrounds - 1;
		n++;
	}
	return VERDICT_PASS;
}

/*
 * The instruction check is always made: where the events leave instructions out,
 * they are counted beside them in the first round with a counter left (FIXED_CTR0
 * on Intel v2+, else a general-purpose counter, PMCx0C0 on AMD), never in a round
 * of their own. No counter left: a->instructions_added stays false.
 */
static void add_instructions(struct run *a, const struct core_snapshot *snap)
{
	const struct cpu_info *bsp = &a->slot[a->plat->bsp].info;
	struct pmu_event_req group[CORE_MAX_EVENTS], ins;
	struct evspec_error err;
	unsigned n = 0;
	for (unsigned i = 0; i < a->nevents; i++)
		if (claim_event(bsp, &a->events[i]) == KEV_INSTRUCTIONS)
			return;
	if (a->nevents >= RUN_MAX_EVENTS ||
	    evspec_parse_list(bsp, "instructions", &ins, 1, &n, &err) || n != 1)
		return;
	for (unsigned g = 0; g < a->nrounds; g++) {
		n = 0;
		for (unsigned i = 0; i < a->nevents; i++)
			if (a->round_of[i] == g && n < CORE_MAX_EVENTS)
				group[n++] = a->events[i];
		if (n == CORE_MAX_EVENTS)
			continue;
		group[n] = ins;
		if (fits(a, snap, group, n + 1))
			continue;
		a->round_of[a->nevents] = g;
		a->events[a->nevents++] = ins;
		a->instructions_added = true;
		return;
	}
}

/* The core events' rounds on the boot CPU, and instructions beside them. */
static enum verdict plan_core(struct run *a)
{
	struct core_snapshot snap;
	const struct cpu_info *bsp = &a->slot[a->plat->bsp].info;
	if (core_snapshot(&a->backend, (unsigned)a->plat->bsp, bsp, &snap)) {
		/* Each CPU reports its own snapshot failure: one round, as given. */
		a->nrounds = 1;
		for (unsigned i = 0; i < a->nevents; i++)
			a->round_of[i] = 0;
		return a->nevents <= CORE_MAX_EVENTS ? VERDICT_PASS :
			run_refuse(a, "more events than counters and no PMU to plan rounds on", NULL, NULL);
	}
	enum verdict v = plan_rounds(a, &snap);
	if (v == VERDICT_PASS && pmu_core_present(bsp))
		add_instructions(a, &snap);
	return v;
}

static unsigned type_bit(uint8_t core_type)
{
	return core_type == CORE_TYPE_CORE ? 1u : core_type == CORE_TYPE_ATOM ? 2u : 0;
}

/* The core types among the CPUs measured (bit 0: CORE_TYPE_CORE, bit 1: CORE_TYPE_ATOM). */
static unsigned core_types_measured(const struct run *a)
{
	unsigned t = 0;
	for (unsigned i = 0; i < a->plat->ncpus; i++) {
		const struct cpu_info *ci = &a->slot[i].info;
		if (!cpuset_has(&a->opt.cpus, i) || !ci->enabled)
			continue;
		t |= type_bit(ci->arch.core_type);
	}
	return t;
}

/*
 * Hybrid, once every CPU is discovered: an event of one core type's list (cpu_atom/NAME/,
 * or a bare name, one request per core type whose list has it) counts on the CPUs of that
 * type. One run programs the same events on every CPU measured, so a request for a type
 * no measured CPU has is left out (said), and one for a type only some of them have is
 * refused before any counter is programmed.
 */
static enum verdict by_core_type(struct run *a)
{
	unsigned types = core_types_measured(a), kept = 0, n = a->nevents;
	for (unsigned i = 0; i < n; i++) {
		const struct pmu_event_req *r = &a->events[i];
		unsigned bit = type_bit(r->core_type);
		if (bit && !(types & bit)) {
			sb_puts(&a->sb, "efipmu: ");
			sb_puts(&a->sb, r->name);
			sb_puts(&a->sb, " (");
			sb_puts(&a->sb, r->list ? r->list : pmu_core_type_name(r->core_type));
			sb_puts(&a->sb, "): no CPU of core type ");
			sb_puts(&a->sb, pmu_core_type_name(r->core_type));
			sb_puts(&a->sb, " measured, left out");
			run_say(a);
			continue;
		}
		if (bit && types != bit)
			return run_refuse_setting(a, OPT_EVENTS, "counts on one core type's CPUs only:",
						  r->name, "give --cpus of that core type (efipmu "
						  "programs one set of events per run)");
		a->events[kept++] = *r;
	}
	a->nevents = kept;
	return kept < n ? plan_core(a) : VERDICT_PASS;
}

enum verdict job_resolve(struct run *a)
{
	const struct cpu_info *bsp = &a->slot[a->plat->bsp].info;
	struct pmu_event_req reqs[RUN_MAX_EVENTS + UNCORE_MAX_EVENTS];
	struct evspec_error err;
	unsigned n = 0;
	unsigned i;
	const char *kname = a->opt.kernels[0] ? a->opt.kernels : DEFAULT_KERNEL;
	a->kernel = kernel_find(kname);
	if (!a->kernel)
		return run_refuse_setting(a, OPT_KERNELS, "unknown kernel", kname, "--list names them");
	/* the backend's (the model replays a cycle per instruction: fewer), or the kernel's */
	a->iterations = a->backend.iterations;
	if (!a->iterations)
		a->iterations = a->kernel->default_iterations;
	/*
	 * Without -e: the default core set where there is a core PMU; uncore defaults are
	 * job_uncore_check's.
	 */
	const char *events = a->opt.events;
	if (!events[0])
		events = pmu_core_present(bsp) ? pmu_core_desc(bsp)->default_events : "";
	if (events[0] && evspec_parse_list(bsp, events, reqs, RUN_MAX_EVENTS + UNCORE_MAX_EVENTS,
					   &n, &err))
		return run_refuse_setting(a, OPT_EVENTS, err.msg, NULL, NULL);
	a->nevents = a->nureqs = 0;
	a->instructions_added = false;
	for (i = 0; i < n; i++) {
		if (reqs[i].box && a->nureqs < UNCORE_MAX_EVENTS)
			a->ureqs[a->nureqs++] = reqs[i];
		else if (!reqs[i].box && a->nevents < RUN_MAX_EVENTS)
			a->events[a->nevents++] = reqs[i];
		else
			return run_refuse_setting(a, OPT_EVENTS, "more events than the engine can hold:", reqs[i].name,
					  NULL);
	}
	return plan_core(a);
}

enum verdict job_prepare(struct run *a)
{
	struct kernel_args args = { a->iterations, NULL, 0 };
	enum verdict v = by_core_type(a);
	if (v != VERDICT_PASS)
		return v;
	return buffers_prepare(a, a->kernel, &args) ? VERDICT_ERROR : VERDICT_PASS;   /* it said why */
}

/* Index into the table of deltas: [cpu][event][repeat]. */
static size_t cell(const struct run *a, size_t cpu, unsigned ev, unsigned rep)
{
	return (cpu * a->nevents + ev) * a->opt.repeats + rep;
}

static void say_not_measured(struct run *a, size_t cpu, const struct run_cpu *s)
{
	sb_puts(&a->sb, "CPU ");
	sb_dec(&a->sb, cpu);
	sb_puts(&a->sb, ": not measured: ");
	const char *msg = s->run.msg[0] ? s->run.msg : s->empty.msg;
	sb_puts(&a->sb, msg[0] ? msg : pmu_status_str(s->measure_st));
	run_say(a);
}

/* One row per CPU and event: min, median and max over the repeats, logged as "stats". */
static void report_stats(struct run *a, uint64_t *tab, const bool *measured)
{
	run_stats_header(a, "CPU");
	for (size_t i = 0; i < a->plat->ncpus; i++) {
		if (!measured[i])
			continue;
		for (unsigned e = 0; e < a->nevents; e++) {
			struct stats_u64 st;
			stats_compute(&tab[cell(a, i, e, 0)], a->opt.repeats, &st);
			run_stats(a, "CPU", (unsigned)i, -1, "core", a->events[e].name, &st);
		}
	}
}

/*
 * IPC, CPI, mispredict and LLC miss ratios per CPU, from the median counts, where measured;
 * the level-1 top-down split where PERF_METRICS was read (the last window that counted SLOTS).
 */
static void report_derived(struct run *a, uint64_t *tab, const bool *measured,
			   const struct core_topdown *td)
{
	for (size_t i = 0; i < a->plat->ncpus; i++) {
		struct derived_input in[RUN_MAX_EVENTS];
		struct derived_set set;
		if (!measured[i])
			continue;
		for (unsigned e = 0; e < a->nevents; e++) {
			struct stats_u64 st;
			stats_compute(&tab[cell(a, i, e, 0)], a->opt.repeats, &st);
			in[e].event = a->events[e].name;
			in[e].delta = st.median;
		}
		derived_compute(in, a->nevents, 0, 0, &set);
		if (td[i].have)
			derived_topdown(td[i].perf_metrics, &set);
		run_derived(a, "CPU", i, &set);
	}
}

/* Before group g's step: its events. */
void core_step_begin(struct run *a, struct core_job *j, unsigned g)
{
	a->nreqs = 0;
	for (unsigned e = 0; e < a->nevents; e++)
		if (a->round_of[e] == g) {
			j->evi[a->nreqs] = e;
			a->reqs[a->nreqs++] = a->events[e];
		}
	const struct cpu_info *bsp = &a->slot[a->plat->bsp].info;
	j->claims = 0;
	for (unsigned c = 0; c < a->nreqs; c++) {
		enum kernel_event ev = claim_event(bsp, &a->reqs[c]);
		j->claims += ev < KEV_COUNT && kernel_expect_for(a->kernel, ev);
	}
}

/* After group g's last repeat: in how many every claim held, per CPU. */
static void say_passes(struct run *a, struct core_job *j, unsigned g)
{
	unsigned reps = a->opt.repeats;
	if (reps < 2 || !j->claims || a->opt.dry_run)
		return;
	for (size_t i = 0; i < a->plat->ncpus; i++) {
		uint32_t passes = j->passes[g * a->plat->ncpus + i];
		if (!j->measured[i])
			continue;
		sb_puts(&a->sb, "CPU ");
		sb_dec(&a->sb, i);
		sb_puts(&a->sb, ": kernel ");
		sb_puts(&a->sb, a->kernel->name);
		sb_puts(&a->sb, j->claims == 1 ? " met its claim in " : " met its claims in ");
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
	measure_report(a);
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
		for (unsigned c = 0; c < s->run.n; c++) {
			j->tab[cell(a, i, j->evi[c], r)] = s->run.ctr[c].delta;
			log_counter(a, &s->info, &s->run.ctr[c], a->reqs[c].list, g, r);
		}
		for (unsigned c = 0; c < s->run.n; c++)
			ok &= check_claim(a, s, c, r);
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

/* Instructions counted beside the events, or why the kernel's instruction claim goes unchecked. */
static void say_instructions(struct run *a)
{
	if (!kernel_expect_for(a->kernel, KEV_INSTRUCTIONS) || a->opt.dry_run)
		return;
	if (a->instructions_added) {
		sb_puts(&a->sb, "instructions counted beside the events: the kernel's claim is checked");
		run_say(a);
		return;
	}
	for (unsigned i = 0; i < a->nevents; i++)
		if (claim_event(&a->slot[a->plat->bsp].info, &a->events[i]) == KEV_INSTRUCTIONS)
			return;
	a->checks.none_why = "no counter left for instructions beside the events given, and "
			     "none of them has a claim of the kernel's";
	sb_puts(&a->sb, "no counter left for instructions beside the events given: "
			"the kernel's instruction claim is not checked");
	run_say(a);
}

enum verdict core_job_begin(struct run *a, struct core_job *j)
{
	const struct cpu_info *bsp = &a->slot[a->plat->bsp].info;
	size_t ncpus = a->plat->ncpus;
	pmu_memset(j, 0, sizeof(*j));
	j->all_ok = true;
	j->v = pmu_core_present(bsp) ? VERDICT_PASS : VERDICT_NO_PMU;
	if (j->v != VERDICT_PASS || !a->nevents)
		return VERDICT_PASS;
	j->tab = run_alloc(a, ncpus * a->nevents * a->opt.repeats * sizeof(*j->tab));
	j->measured = run_alloc(a, ncpus * sizeof(*j->measured));
	j->passes = run_alloc(a, ncpus * a->nrounds * sizeof(*j->passes));
	j->td = run_alloc(a, ncpus * sizeof(*j->td));
	if (!j->tab || !j->measured || !j->passes || !j->td) {
		core_job_end(a, j);
		return run_refuse(a, "not enough memory for the table of counts", NULL, NULL);
	}
	for (size_t i = 0; i < ncpus; i++)
		j->measured[i] = cpuset_has(&a->opt.cpus, (unsigned)i) && a->slot[i].done;
	say_instructions(a);
	if (a->nrounds > 1) {
		sb_puts(&a->sb, "more events than counters: ");
		sb_dec(&a->sb, a->nrounds);
		sb_puts(&a->sb, " rounds, the kernel runs once per round (exact counts, no scaling)");
		run_say(a);
	}
	j->groups = a->nrounds;
	return VERDICT_PASS;
}

enum verdict core_job_end(struct run *a, struct core_job *j)
{
	if (j->groups && j->tab && j->measured && j->td) {   /* begin took them all */
		if (a->opt.repeats > 1)
			report_stats(a, j->tab, j->measured);
		report_derived(a, j->tab, j->measured, j->td);
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
