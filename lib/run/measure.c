/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "run/leftover.h"
#include "out/logrec.h"
#include "run/measure.h"
#include "pmu/ownership.h"
#include "pmu/window.h"

#define MEASURE_TIMEOUT_US 10000000u   /* per wait: check-in, a barrier, the end of a round */

enum { ROUND_EMPTY, ROUND_KERNEL, MEASURE_ROUNDS };

/*
 * The sessions' backend: the run's, with the platform's CPU underneath. The
 * quiet window (lib/pmu/window.c) turns interrupts off through it: on the
 * real CPU (the platform; a timer tick on the BSP would count) and in the
 * backend (the model's timer follows it). The TSC is read around the window
 * where the backend has none (sim): the CPUs are real even when the PMU is not.
 */
static pmu_status synced_rdmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val)
{
	return pmu_rdmsr(((struct run_cpu *)ctx)->inner, cpu, msr, val);
}

static pmu_status synced_wrmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t val)
{
	return pmu_wrmsr(((struct run_cpu *)ctx)->inner, cpu, msr, val);
}

static pmu_status synced_rdpmc(void *ctx, unsigned cpu, uint32_t index, uint64_t *val)
{
	return pmu_rdpmc(((struct run_cpu *)ctx)->inner, cpu, index, val);
}

static pmu_status synced_cpuid(void *ctx, unsigned cpu, uint32_t leaf, uint32_t sub,
			       struct pmu_cpuid *out)
{
	return pmu_cpuid(((struct run_cpu *)ctx)->inner, cpu, leaf, sub, out);
}

static void synced_gated_run(void *ctx, unsigned cpu, struct pmu_gated_run *g)
{
	struct run_cpu *s = ctx;
	uint64_t on = plat_tsc(s->plat);
	pmu_gated_run(s->inner, cpu, g);
	if (!g->tsc_on) {
		g->tsc_off = plat_tsc(s->plat);
		g->tsc_on = on;
	}
}

static uint64_t synced_run_kernel(void *ctx, unsigned cpu, const struct kernel_desc *k,
				  uint64_t (*kernel)(const void *), const void *arg)
{
	return pmu_run_kernel(((struct run_cpu *)ctx)->inner, cpu, k, kernel, arg);
}

static uint64_t synced_tsc(void *ctx, unsigned cpu)
{
	(void)cpu;
	return plat_tsc(((struct run_cpu *)ctx)->plat);
}

static uint64_t synced_irq_save(void *ctx, unsigned cpu)
{
	struct run_cpu *s = ctx;
	s->inner_irq = pmu_irq_save(s->inner, cpu, &s->inner_flags);
	return plat_irq_save(s->plat);
}

static void synced_irq_restore(void *ctx, unsigned cpu, uint64_t saved)
{
	struct run_cpu *s = ctx;
	plat_irq_restore(s->plat, saved);
	if (s->inner_irq)
		pmu_irq_restore(s->inner, cpu, s->inner_flags);
}

static const struct pmu_backend_ops synced_ops = {
	.rdmsr = synced_rdmsr,
	.wrmsr = synced_wrmsr,
	.rdpmc = synced_rdpmc,
	.cpuid = synced_cpuid,
	.gated_run = synced_gated_run,
	.irq_save = synced_irq_save,
	.irq_restore = synced_irq_restore,
	.tsc = synced_tsc,
	.run_kernel = synced_run_kernel,
};

/*
 * The round's barrier, with interrupts off, right before the first attempt's
 * enabling write. The TSC at arrival is logged: no CPU may enable before the
 * last one arrived (case_barrier checks it).
 */
static bool round_sync(void *ctx)
{
	struct run_cpu *s = ctx;
	s->tsc_arrival = plat_tsc(s->plat);
	return !s->round || plat_sync(s->plat, s->round);
}

static pmu_status measure(struct run *a, struct measure_state *ms, unsigned cpu,
			  struct core_session *s, const struct kernel_desc *k,
			  struct window_result *w)
{
	struct run_cpu *slot = &a->slot[cpu];
	struct kernel_args args = { ms->iterations, NULL, 0 };
	const struct window_opts o = { round_sync, slot, 0 };
	const struct run_core_events *e = &ms->core[run_type_slot(&slot->info)];
	buffers_attach(&ms->bufs, &args);
	pmu_status st = core_prepare(s, &slot->synced, cpu, &slot->snap, e->reqs, e->nreqs,
				     a->opt.force);
	if (!st)
		st = core_own_core_scope(s, slot->core_owner == cpu);
	if (st)
		return st;
	s->desc = k;   /* the backend runs it: the real one calls k->fn, the model replays it */
	return pmu_window_measure(s, k->fn, &args, &o, w);
}

/*
 * A core step is two rounds: the snapshot and the empty kernel (the overhead),
 * then the job's kernel. An other step is its job's one round.
 */
static void measure_round(void *ctx, unsigned cpu, unsigned round, struct plat_round *r)
{
	struct measure_steps *m = ctx;
	struct run *a = m->a;
	struct run_cpu *s = &a->slot[cpu];
	(void)round;
	if (m->cur_other) {
		m->other_round(a, cpu, m->cur, m->ctx);
		return;
	}
	round = m->cur_round;
	s->round = r;
	s->tsc_arrival = 0;
	if (round == ROUND_EMPTY) {
		s->measure_st = core_snapshot(&a->backend, cpu, &s->info, &s->snap);
		if (!s->measure_st)
			s->measure_st = measure(a, m->ms, cpu, &s->empty, kernel_find("empty"),
						&s->win[0]);
	} else if (!s->measure_st) {
		s->measure_st = measure(a, m->ms, cpu, &s->run, m->ms->kernel, &s->win[1]);
	}
	s->arrival[round] = s->tsc_arrival;
	s->round = NULL;
}

static bool is_other(struct run *a, struct measure_steps *m, unsigned step)
{
	return m->is_other && m->is_other(a, step, m->ctx);
}

static unsigned rounds_of(struct run *a, struct measure_steps *m, unsigned step)
{
	return is_other(a, m, step) ? 1 : MEASURE_ROUNDS;
}

/*
 * Which sibling thread of each measured CPU's core saves, programs and
 * restores the core's shared registers (OFFCORE_RSP on Nehalem/Westmere): the
 * others leave them alone, so none restores the value a sibling programmed.
 */
static void choose_core_owners(struct run *a, const struct cpuset *cpus)
{
	struct cpu_info *ci = run_alloc(a, a->plat->ncpus * sizeof(*ci));
	for (unsigned i = 0; i < a->plat->ncpus; i++)
		if (ci)
			ci[i] = a->slot[i].info;
	for (unsigned i = 0; i < a->plat->ncpus; i++)
		a->slot[i].core_owner = ci ? own_core_owner(ci, a->plat->ncpus, cpus, i) : i;
	run_free(a, ci);
}

/* Every measured CPU's slot before a step: no result until its even round says otherwise. */
static void prepare_slots(struct run *a, const struct cpuset *cpus)
{
	for (size_t i = 0; i < a->plat->ncpus; i++) {
		struct run_cpu *s = &a->slot[i];
		if (!cpuset_has(cpus, (unsigned)i))
			continue;
		pmu_memset(&s->empty, 0, sizeof(s->empty));
		pmu_memset(&s->run, 0, sizeof(s->run));
		s->measure_st = PMU_ERR_TIMEOUT;   /* until its round 0 says otherwise */
		s->synced.ops = &synced_ops;
		s->synced.ctx = s;
		s->synced.name = a->backend.name;
		s->synced.simulated = a->simulated;
		s->inner = &a->backend;
		s->plat = a->plat;
		s->round = NULL;
	}
}

/* The step in flight; a core step's slots are set up for it. */
static void begin_step(struct run *a, struct measure_steps *m, unsigned step)
{
	m->cur = step;
	m->cur_round = 0;
	m->cur_other = is_other(a, m, step);
	if (m->step_begin)
		m->step_begin(a, step, m->ctx);
	if (!m->cur_other)
		prepare_slots(a, &m->cpus);
}

/*
 * The boot CPU between rounds (the APs wait): after a step's last round, a
 * CPU without both rounds of a core step has no result; the step's records;
 * the next step's events and slots.
 */
static void between_rounds(void *ctx, unsigned round)
{
	struct measure_steps *m = ctx;
	struct run *a = m->a;
	if (++m->cur_round < rounds_of(a, m, m->cur))
		return;
	if (!m->cur_other) {
		m->ms->round_base = round - ROUND_KERNEL;
		for (size_t i = 0; i < a->plat->ncpus; i++) {
			const struct plat_cpu *c = &a->plat->cpu[i];
			struct run_cpu *s = &a->slot[i];
			if (c->in_rounds && c->miss != PLAT_MISS_NONE && c->miss_round <= round &&
			    !s->measure_st)
				s->measure_st = PMU_ERR_TIMEOUT;
		}
	}
	if (m->step_done)
		m->step_done(a, m->cur, m->ctx);
	if (m->cur + 1 < m->steps)
		begin_step(a, m, m->cur + 1);
}

pmu_status measure_steps(struct run *a, struct measure_state *ms, struct measure_steps *m,
			 enum plat_mode mode)
{
	pmu_status st = PMU_OK;
	cpuset_clear(&m->cpus);
	for (size_t i = 0; i < a->plat->ncpus; i++)
		if (cpuset_has(&a->opt.cpus, (unsigned)i) && flag_get(&a->slot[i].done))
			cpuset_add(&m->cpus, (unsigned)i);
	choose_core_owners(a, &m->cpus);
	m->a = a;
	m->ms = ms;
	begin_step(a, m, 0);
	uint64_t timeout_us = a->opt.ap_timeout_ms ? a->opt.ap_timeout_ms * 1000ull : MEASURE_TIMEOUT_US;
	/* Resident APs: every step in one dispatch; per_dispatch 1 is the old path, for comparison. */
	unsigned per = m->per_dispatch ? m->per_dispatch : m->steps;
	for (unsigned first = 0; first < m->steps && !a->plat->rounds_leaked; first += per) {
		unsigned n = m->steps - first < per ? m->steps - first : per;
		unsigned rounds = 0;
		for (unsigned k = 0; k < n; k++)
			rounds += rounds_of(a, m, first + k);
		pmu_status r = plat_run_rounds(a->plat, &m->cpus, rounds, measure_round,
					       between_rounds, m, timeout_us, mode);
		st = st ? st : r;
	}
	if (a->plat->rounds_leaked) {
		sb_puts(&a->sb, "Rounds: firmware never reported the APs done; results may be incomplete");
		run_say(a);
	}
	leftover_settle(a);
	return st;
}

pmu_status measure_run(struct run *a, struct measure_state *ms, enum plat_mode mode)
{
	struct measure_steps m = { .steps = 1 };
	return measure_steps(a, ms, &m, mode);
}

#define SKEW_MISSED_LISTED 16   /* the skew record must fit one line buffer */

/*
 * Phase r (ROUND_EMPTY, ROUND_KERNEL) of the step reported, with the others:
 * never dropped, or dropped in a later round (a late end counts as dropped).
 */
static bool in_step(const struct measure_state *ms, const struct plat_cpu *c, unsigned r)
{
	return c->in_rounds && (c->miss == PLAT_MISS_NONE || c->miss_round > ms->round_base + r);
}

static const struct core_session *round_session(const struct run_cpu *s, unsigned r)
{
	return r == ROUND_EMPTY ? &s->empty : &s->run;
}

/*
 * One "window" record per CPU: its TSC at enable and at disable, how many
 * attempts the quiet window took, how it was gated, and why it never got
 * quiet if it did not.
 */
static void window_record(struct run *a, const struct measure_state *ms, unsigned cpu, unsigned r,
			  const struct core_session *s, const struct window_result *w)
{
	run_begin(a, "window");
	logrec_key_u64(&a->sb, "cpu", cpu);
	logrec_key_u64(&a->sb, "round", r);
	logrec_key_u64(&a->sb, "tsc_arrival", a->slot[cpu].arrival[r]);
	logrec_key_u64(&a->sb, "tsc_on", s->tsc_on);
	logrec_key_u64(&a->sb, "tsc_off", s->tsc_off);
	logrec_key_bool(&a->sb, "in_step", in_step(ms, &a->plat->cpu[cpu], r));
	logrec_key_u64(&a->sb, "attempts", w->attempts);
	/* One write of the global control each way, or one per counter without one (its EN). */
	bool global = s->gate.n == 1 && s->gate.msr[0] == s->snap.pmu.desc->global_ctrl;
	logrec_key_str(&a->sb, "gate", global ? "global" : "per-counter");
	logrec_key_u64(&a->sb, "gate_writes", s->gate.n);
	if (w->smi_known)
		logrec_key_u64(&a->sb, "smis", w->smis);
	logrec_key_bool(&a->sb, "smm_frozen", w->smm_frozen);
	if (w->disturbed)
		logrec_key_str(&a->sb, "disturbed", w->reason);
	if (w->note)
		logrec_key_str(&a->sb, "note", w->note);
	logrec_end(&a->sb);
	run_record(a);
}

static void missed_list(struct run *a, const struct measure_state *ms, unsigned r)
{
	unsigned n = 0;
	sb_json_key(&a->sb, "missed");
	sb_putc(&a->sb, '[');
	for (size_t i = 0; i < a->plat->ncpus; i++) {
		const struct plat_cpu *c = &a->plat->cpu[i];
		if (!c->in_rounds || in_step(ms, c, r) || n++ >= SKEW_MISSED_LISTED)
			continue;
		sb_puts(&a->sb, n > 1 ? ",{" : "{");
		logrec_key_u64(&a->sb, "cpu", i);
		logrec_key_u64(&a->sb, "apic_id", a->slot[i].info.apic_id);
		logrec_key_str(&a->sb, "why", plat_miss_str(c->miss));
		logrec_key_u64(&a->sb, "round", c->miss_round);
		sb_putc(&a->sb, '}');
	}
	sb_putc(&a->sb, ']');
	logrec_key_u64(&a->sb, "missed_count", n);
}

struct skew {
	unsigned cpus;
	uint64_t start, stop;   /* TSC ticks */
};

/* Start skew: max - min of the in-step CPUs' TSC at enable; stop skew likewise at disable. */
static struct skew skew_record(struct run *a, const struct measure_state *ms, unsigned r)
{
	uint64_t on_min = ~0ull, on_max = 0, off_min = ~0ull, off_max = 0;
	struct skew k = { 0, 0, 0 };
	for (size_t i = 0; i < a->plat->ncpus; i++) {
		const struct core_session *s = round_session(&a->slot[i], r);
		if (!a->plat->cpu[i].in_rounds || !s->tsc_on)
			continue;
		const struct window_result *w = &a->slot[i].win[r == ROUND_EMPTY ? 0 : 1];
		window_record(a, ms, i, r, s, w);
		a->checks.disturbed += w->disturbed;
		/* a faulted enable opened no window: its TSC at disable was never read */
		if (!in_step(ms, &a->plat->cpu[i], r) || !s->tsc_off)
			continue;
		k.cpus++;
		on_min = s->tsc_on < on_min ? s->tsc_on : on_min;
		on_max = s->tsc_on > on_max ? s->tsc_on : on_max;
		off_min = s->tsc_off < off_min ? s->tsc_off : off_min;
		off_max = s->tsc_off > off_max ? s->tsc_off : off_max;
	}
	if (k.cpus) {
		k.start = on_max - on_min;
		k.stop = off_max - off_min;
	}
	run_begin(a, "skew");
	logrec_key_u64(&a->sb, "round", r);
	logrec_key_str(&a->sb, "kernel", r == ROUND_EMPTY ? "empty" : ms->kernel->name);
	logrec_key_u64(&a->sb, "cpus", k.cpus);
	logrec_key_u64(&a->sb, "start_skew_ticks", k.start);
	logrec_key_u64(&a->sb, "stop_skew_ticks", k.stop);
	logrec_key_u64(&a->sb, "tsc_per_us", a->plat->tsc_per_us);
	missed_list(a, ms, r);
	logrec_end(&a->sb);
	run_record(a);
	return k;
}

/* TSC ticks as microseconds with one decimal ("0.4 us"), or ticks when the rate is unknown. */
static void put_us(struct run *a, uint64_t ticks)
{
	uint64_t tpu = a->plat->tsc_per_us;
	if (!tpu) {
		sb_dec_grouped(&a->sb, ticks);
		sb_puts(&a->sb, " ticks");
		return;
	}
	uint64_t tenths = ticks * 10 / tpu;
	sb_dec_grouped(&a->sb, tenths / 10);
	sb_putc(&a->sb, '.');
	sb_putc(&a->sb, (char)('0' + tenths % 10));
	sb_puts(&a->sb, " us");
}

void measure_report(struct run *a, struct measure_state *ms)
{
	for (size_t i = 0; i < a->plat->ncpus; i++) {
		const struct plat_cpu *c = &a->plat->cpu[i];
		/* said in the step it fell behind */
		if (!c->in_rounds || c->miss == PLAT_MISS_NONE || c->miss_round < ms->round_base ||
		    c->miss_round >= ms->round_base + MEASURE_ROUNDS)
			continue;
		sb_puts(&a->sb, "Rounds: ");
		run_cpu_here(a, (unsigned)i, 0);
		if (!a->collapse) {
			sb_puts(&a->sb, " (APIC id ");
			sb_dec(&a->sb, a->slot[i].info.apic_id);
			sb_putc(&a->sb, ')');
		}
		sb_putc(&a->sb, ' ');
		sb_puts(&a->sb, plat_miss_str(c->miss));
		sb_puts(&a->sb, " in round ");
		sb_dec(&a->sb, c->miss_round);
		sb_puts(&a->sb, ": the run went on without it");
		run_say(a);
	}
	skew_record(a, ms, ROUND_EMPTY);   /* logged only */
	struct skew k = skew_record(a, ms, ROUND_KERNEL);
	if (ms->skew_said)
		return;   /* every measurement is logged; the console says it once */
	ms->skew_said = true;
	sb_puts(&a->sb, "In step: ");
	sb_dec(&a->sb, k.cpus);
	sb_puts(&a->sb, " CPUs, skew ");
	put_us(a, k.start);
	sb_puts(&a->sb, " at enable, ");
	put_us(a, k.stop);
	sb_puts(&a->sb, " at disable");
	run_say(a);
}

