/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * What a real machine does around a measurement window, which the tool must
 * cope with (issue 15 items 1, 2, 6): the instructions of the window itself,
 * a periodic timer interrupt and SMIs. Time is the CPU's model clock, the
 * cycles it ran; nothing here is random, so every run is the same.
 *
 * A handler retires its instructions and cycles on the core counters of its
 * CPU (thread devices: the uncore does not see it), at CPL 0, spread evenly
 * over its cycles. An SMI's are not counted while IA32_DEBUGCTL[14]
 * FREEZE_WHILE_SMM is set, which PERF_CAPABILITIES[12] allows (
 * Intel SDM Vol. 4 table 2-2); MSR_SMI_COUNT counts every SMI.
 */
#include "model/model_noise.h"
#include "model/model_devs.h"
#include "model/sim_workload.h"
#include "hw/msr.h"

#define RFLAGS_IF (1ull << 9)
#define SMI_COUNT_MASK 0xffffffffull /* MSR_SMI_COUNT bits 31:0 */

/*
 * Core events of retired work (Intel SDM Vol. 3B table 18-1; NHM's own codes as sim_workload.c
 * raises them).
 */
enum { S_INST, S_INST_NHM, S_CYCLES, S_REF, S_BR, S_BR_NHM, S_N };
static const uint32_t stim_code[S_N] = {
	[S_INST] = 0x00C0, [S_INST_NHM] = 0x01C0, [S_CYCLES] = 0x003C, [S_REF] = 0x013C,
	[S_BR] = 0x00C4, [S_BR_NHM] = 0x04C4,
};

static void stim_cycle(struct model_stim *s, uint32_t insts, uint32_t branches)
{
	for (unsigned i = 0; i < S_N; i++) {
		s[i].code = stim_code[i];
		s[i].count = 1;
	}
	s[S_INST].count = s[S_INST_NHM].count = insts;
	s[S_BR].count = s[S_BR_NHM].count = branches;
}

/* One instruction (no branch) in one cycle, on every device of cpu (the window's own code). */
static void retire_one(struct model *m, unsigned cpu)
{
	struct model_stim s[S_N];
	struct model_cycle c = { .cpl = 0, .stim = s, .nstim = S_N };
	stim_cycle(s, 1, 0);
	model_run_cycle(m, cpu, &c);
}

/* A handler: insts over cycles on cpu's thread devices; the clock moves on by cycles. */
static void run_handler(struct model *m, unsigned cpu, uint32_t insts, uint32_t cycles, bool counted)
{
	struct model_stim s[S_N];
	struct model_cycle c = { .cpl = 0, .stim = s, .nstim = S_N };
	uint64_t acc = 0;
	m->cpu_noise[cpu].now += cycles;
	for (uint32_t i = 0; counted && i < cycles; i++) {
		acc += insts;
		stim_cycle(s, (uint32_t)(acc / cycles), 0);
		acc %= cycles;
		for (unsigned d = 0; d < m->p->ndevs; d++)
			if (m->p->devs[d]->cycle && !m->p->devs[d]->package_scope &&
			    !m->p->devs[d]->ccx_scope && !m->p->devs[d]->die_scope)
				m->p->devs[d]->cycle(m, &m->thread[cpu], &c);
	}
}

static bool smm_frozen(const struct model *m, unsigned cpu)
{
	return model_has_freeze_smm(m) &&
	       (model_peek(&m->thread[cpu], MSR_IA32_DEBUGCTL) & MODEL_DEBUGCTL_FREEZE_SMM);
}

static void smi(struct model *m, unsigned cpu)
{
	struct model_regfile *rf = &m->thread[cpu];
	/* Cannot fail: the thread file has room for many times the core's registers. */
	(void)model_poke(rf, MSR_SMI_COUNT, (model_peek(rf, MSR_SMI_COUNT) + 1) & SMI_COUNT_MASK);
	m->cpu_noise[cpu].smis++;
	run_handler(m, cpu, m->rates.smi_insts, m->rates.smi_cycles, !smm_frozen(m, cpu));
}

static void tick_handler(struct model *m, unsigned cpu)
{
	m->cpu_noise[cpu].ticks++;
	run_handler(m, cpu, m->rates.tick_insts, m->rates.tick_cycles, true);
}

/* The event after one due at *next; events missed while a handler ran come as one. */
static void reschedule(uint64_t *next, uint64_t period, uint64_t now)
{
	*next += period;
	if (*next <= now)
		*next = now + period;
}

static bool smis_on(const struct model *m)
{
	return (m->noise & MODEL_NOISE_SMI) && m->rates.smi_period;
}

static bool ticks_on(const struct model *m, unsigned cpu)
{
	return (m->noise & MODEL_NOISE_TIMER) && m->rates.tick_period && cpu == MODEL_TIMER_CPU;
}

void model_noise_advance(struct model *m, unsigned cpu, uint64_t cycles)
{
	struct model_cpu_noise *n = &m->cpu_noise[cpu];
	const struct model_noise_rates *r = &m->rates;
	n->now += cycles;
	if (smis_on(m) && n->now >= n->next_smi) {
		reschedule(&n->next_smi, r->smi_period, n->now);
		smi(m, cpu);
	}
	if (ticks_on(m, cpu) && n->now >= n->next_tick) {
		reschedule(&n->next_tick, r->tick_period, n->now);
		if (n->irq_off)
			n->tick_pending = true;
		else
			tick_handler(m, cpu);
	}
}

/* Cycles from now to an event due at `due`: the advance of one cycle at least. */
static uint64_t cycles_to(uint64_t now, uint64_t due, uint64_t fewest)
{
	uint64_t d = due > now ? due - now : 1;
	return d < fewest ? d : fewest;
}

uint64_t model_noise_quiet(const struct model *m, unsigned cpu)
{
	const struct model_cpu_noise *n = &m->cpu_noise[cpu];
	uint64_t q = UINT64_MAX;
	if (smis_on(m))
		q = cycles_to(n->now, n->next_smi, q);
	if (ticks_on(m, cpu))
		q = cycles_to(n->now, n->next_tick, q);
	return q;
}

void model_set_noise(struct model *m, unsigned noise, const struct model_noise_rates *r)
{
	m->noise = noise & MODEL_NOISE_ALL;
	if (r)
		m->rates = *r;
	for (unsigned c = 0; c < m->ncpus; c++) {
		struct model_cpu_noise *n = &m->cpu_noise[c];
		n->next_tick = n->now + m->rates.tick_first;
		n->next_smi = n->now + m->rates.smi_first;
		n->tick_pending = false;
	}
}

uint64_t model_irq_save(void *ctx, unsigned cpu)
{
	struct model *m = ctx;
	if (cpu >= m->ncpus)
		return 0;
	struct model_cpu_noise *n = &m->cpu_noise[cpu];
	uint64_t flags = n->irq_off ? 0 : RFLAGS_IF;
	n->irq_off = true;
	n->irq_saves++;
	return flags;
}

/* Interrupts back on deliver the tick that waited. */
void model_irq_restore(void *ctx, unsigned cpu, uint64_t saved)
{
	struct model *m = ctx;
	if (cpu >= m->ncpus || !(saved & RFLAGS_IF))
		return;
	struct model_cpu_noise *n = &m->cpu_noise[cpu];
	n->irq_off = false;
	if (n->tick_pending) {
		n->tick_pending = false;
		tick_handler(m, cpu);
	}
}

/* The real path's window (MODEL_GATE_INSTS, model.h); the model has no TSC. */
void model_gated_run(void *ctx, unsigned cpu, struct pmu_gated_run *g)
{
	struct model *m = ctx;
	g->tsc_on = g->tsc_off = 0;
	g->off_st = PMU_OK;
	g->on_st = model_sim_wrmsr(m, cpu, g->msr, g->on);
	if (g->on_st)
		return;
	m->cpu_noise[cpu].gated_runs++;
	g->result = g->desc ? sim_workload_run(m, cpu, g->desc,
					       ((const struct kernel_args *)g->arg)->iterations) :
			      g->kernel(g->arg);
	for (unsigned i = 0; i < MODEL_GATE_INSTS; i++)
		retire_one(m, cpu);                     /* xchg and mov */
	g->off_st = model_sim_wrmsr(m, cpu, g->msr, g->off);
}
