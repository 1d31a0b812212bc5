/*
 * The model's machine noise and window (lib/model/model_noise.c): the
 * gated_run's own instructions, timer interrupts, SMIs, FREEZE_WHILE_SMM,
 * the profiles' rates. Expected values are worked out by hand.
 */
#include "testutil.h"
#include "hw/msr.h"

#define FIXED_ALL_RINGS 0x333ull             /* FIXED_CTR_CTRL: counters 0-2, OS and USR */
#define GLOBAL_FIXED (7ull << 32)            /* GLOBAL_CTRL bits of FIXED_CTR0-2 */
#define SEL_BRANCHES 0x4300C4ull             /* PERFEVTSEL: EN, OS, USR, Branch Instructions Retired */
#define RFLAGS_IF 0x200ull
#define DEBUGCTL_FREEZE (1ull << 14)

static void empty_cycles(struct model *m, unsigned cpu, unsigned n)
{
	struct model_cycle c = { .cpl = 0, .stim = NULL, .nstim = 0 };
	for (unsigned i = 0; i < n; i++)
		model_run_cycle(m, cpu, &c);
}

/* Fixed counters 0-2 counting on cpu. */
static void fixed_on(const struct pmu_backend *b, unsigned cpu)
{
	wr_on(b, cpu, MSR_IA32_FIXED_CTR_CTRL, FIXED_ALL_RINGS);
	wr_on(b, cpu, MSR_IA32_PERF_GLOBAL_CTRL, GLOBAL_FIXED);
}

static void test_profile_rates(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model_clean("nehalem-ep", 1, 1, &b);
	assert_int_equal(m->noise, MODEL_NOISE_ALL);
	/* 10 ms and 40 ms at 2,933 MHz (Xeon X5570). */
	assert_int_equal(m->rates.tick_first, 29330000);
	assert_int_equal(m->rates.tick_period, 29330000);
	assert_int_equal(m->rates.tick_insts, 1000);
	assert_int_equal(m->rates.tick_cycles, 3000);
	assert_int_equal(m->rates.smi_first, 117320000);
	assert_int_equal(m->rates.smi_period, 117320000);
	assert_int_equal(m->rates.smi_insts, 10000);
	assert_int_equal(m->rates.smi_cycles, 30000);
	assert_int_equal(m->cpu_noise[0].next_tick, 29330000);
	free(m);
	m = test_model_clean("no-pmu", 1, 1, &b);   /* QEMU: a timer, no SMIs */
	assert_int_equal(m->rates.tick_period, 27000000);
	assert_int_equal(m->rates.smi_period, 0);
	free(m);
}

struct peek {
	const struct pmu_backend *b;
	uint64_t inst_at_kernel;
};

static uint64_t read_inst(const void *arg)
{
	struct peek *p = (struct peek *)arg;
	p->inst_at_kernel = rd_on(p->b, 0, MSR_IA32_FIXED_CTR0);
	return 7;
}

/* efi/gated.c: the kernel inline, then xchg and mov: 2 instructions, no branch. */
static void test_gated_run_charges_the_real_window(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model_clean("sandy-bridge-ep", 1, 1, &b);
	model_set_noise(m, MODEL_NOISE_NONE, NULL);
	wr_on(&b, 0, MSR_IA32_FIXED_CTR_CTRL, FIXED_ALL_RINGS);
	wr_on(&b, 0, MSR_IA32_PERFEVTSEL0, SEL_BRANCHES);
	struct peek p = { &b, 0 };
	struct pmu_gated_run g = { .on = GLOBAL_FIXED | 1, .off = 0, .kernel = read_inst, .arg = &p,
				   .msr = MSR_IA32_PERF_GLOBAL_CTRL };
	pmu_gated_run(&b, 0, &g);
	assert_int_equal(g.on_st, PMU_OK);
	assert_int_equal(g.off_st, PMU_OK);
	assert_int_equal(g.result, 7);
	assert_int_equal(p.inst_at_kernel, 0);   /* nothing before the kernel */
	assert_int_equal(rd_on(&b, 0, MSR_IA32_FIXED_CTR0), 2);
	assert_int_equal(rd_on(&b, 0, MSR_IA32_FIXED_CTR0 + 1), 2);
	assert_int_equal(rd_on(&b, 0, MSR_IA32_FIXED_CTR0 + 2), 2);
	assert_int_equal(rd_on(&b, 0, MSR_IA32_PMC0), 0);   /* no branch */
	assert_int_equal(rd_on(&b, 0, MSR_IA32_PERF_GLOBAL_CTRL), 0);
	assert_int_equal(g.tsc_on, 0);   /* the model has no TSC */

	/* A faulting enabling write: no kernel, no instructions, no disabling write. */
	struct pmu_gated_run bad = { .on = 1ull << 40, .off = 0, .kernel = read_inst, .arg = &p,
				     .msr = MSR_IA32_PERF_GLOBAL_CTRL, .result = 99 };
	pmu_gated_run(&b, 0, &bad);
	assert_int_equal(bad.on_st, PMU_ERR_FAULT_GP);
	assert_int_equal(bad.result, 99);
	assert_int_equal(rd_on(&b, 0, MSR_IA32_FIXED_CTR0), 2);
	assert_int_equal(m->cpu_noise[0].gated_runs, 1);
	free(m);
}

static void test_timer_on_the_bsp_waits_while_interrupts_off(void **state)
{
	(void)state;
	const struct model_noise_rates r = {
		.tick_first = 10, .tick_period = 100, .tick_insts = 7, .tick_cycles = 20,
		.smi_first = 1, .smi_period = 1000,   /* selected off below */
	};
	struct pmu_backend b;
	struct model *m = test_model_clean("nehalem-ep", 2, 1, &b);
	model_set_noise(m, MODEL_NOISE_TIMER, &r);
	fixed_on(&b, 0);
	fixed_on(&b, 1);
	empty_cycles(m, 0, 10);   /* tick after cycle 10: the handler counts */
	empty_cycles(m, 1, 10);   /* an AP: no timer */
	assert_int_equal(rd_on(&b, 0, MSR_IA32_FIXED_CTR0), 7);
	assert_int_equal(rd_on(&b, 0, MSR_IA32_FIXED_CTR0 + 1), 20);
	assert_int_equal(m->cpu_noise[0].now, 30);
	assert_int_equal(rd_on(&b, 1, MSR_IA32_FIXED_CTR0), 0);
	assert_int_equal(m->cpu_noise[1].ticks, 0);
	assert_int_equal(rd_on(&b, 0, MSR_SMI_COUNT), 0);   /* SMIs not selected */

	/* Off: the tick at cycle 110 waits, once, and comes when they are back on. */
	uint64_t flags = b.ops->irq_save(b.ctx, 0);
	assert_int_equal(flags, RFLAGS_IF);
	assert_int_equal(b.ops->irq_save(b.ctx, 0), 0);   /* nested: already off */
	empty_cycles(m, 0, 180);                           /* ticks due at 110 and 210 */
	assert_true(m->cpu_noise[0].tick_pending);
	assert_int_equal(rd_on(&b, 0, MSR_IA32_FIXED_CTR0), 7);
	b.ops->irq_restore(b.ctx, 0, 0);                   /* the nested one: still off */
	assert_true(m->cpu_noise[0].irq_off);
	b.ops->irq_restore(b.ctx, 0, flags);
	assert_false(m->cpu_noise[0].irq_off);
	assert_false(m->cpu_noise[0].tick_pending);
	assert_int_equal(rd_on(&b, 0, MSR_IA32_FIXED_CTR0), 14);
	assert_int_equal(m->cpu_noise[0].ticks, 2);
	free(m);
}

static void test_smi_counted_unless_frozen(void **state)
{
	(void)state;
	const struct model_noise_rates r = {
		.tick_first = 1, .tick_period = 1000,   /* selected off below */
		.smi_first = 5, .smi_period = 50, .smi_insts = 9, .smi_cycles = 30,
	};
	struct pmu_backend b;
	struct model *m = test_model_clean("sandy-bridge-ep", 2, 1, &b);
	model_set_noise(m, MODEL_NOISE_SMI, &r);
	fixed_on(&b, 0);
	fixed_on(&b, 1);
	wr_on(&b, 0, MSR_IA32_DEBUGCTL, DEBUGCTL_FREEZE);
	empty_cycles(m, 0, 5);
	empty_cycles(m, 1, 5);
	/* Every CPU enters SMM and counts it; only the frozen one's counters stand still. */
	assert_int_equal(rd_on(&b, 0, MSR_SMI_COUNT), 1);
	assert_int_equal(rd_on(&b, 1, MSR_SMI_COUNT), 1);
	assert_int_equal(rd_on(&b, 0, MSR_IA32_FIXED_CTR0), 0);
	assert_int_equal(rd_on(&b, 0, MSR_IA32_FIXED_CTR0 + 1), 0);
	assert_int_equal(rd_on(&b, 1, MSR_IA32_FIXED_CTR0), 9);
	assert_int_equal(rd_on(&b, 1, MSR_IA32_FIXED_CTR0 + 1), 30);
	assert_int_equal(m->cpu_noise[0].ticks, 0);   /* the timer is not selected */

	/* The interrupt flag does not hold SMIs off: next at cycle 55, cpu 1 is at 35. */
	(void)b.ops->irq_save(b.ctx, 1);
	empty_cycles(m, 1, 20);
	assert_int_equal(rd_on(&b, 1, MSR_SMI_COUNT), 2);
	/* MSR_SMI_COUNT is read-only. */
	assert_int_equal(pmu_wrmsr(&b, 1, MSR_SMI_COUNT, 0), PMU_ERR_FAULT_GP);
	free(m);
}

/* Ticks due while the CPU was in SMM come as one, right after it. */
static void test_ticks_missed_in_smm_come_once(void **state)
{
	(void)state;
	const struct model_noise_rates r = {
		.tick_first = 11, .tick_period = 10, .tick_insts = 0, .tick_cycles = 1,
		.smi_first = 1, .smi_period = 1000, .smi_insts = 0, .smi_cycles = 25,
	};
	struct pmu_backend b;
	struct model *m = test_model_clean("nehalem-ep", 1, 1, &b);
	model_set_noise(m, MODEL_NOISE_ALL, &r);
	empty_cycles(m, 0, 1);   /* SMI at 1, out at 26: the ticks of 11 and 21 come as one */
	assert_int_equal(rd_on(&b, 0, MSR_SMI_COUNT), 1);
	assert_int_equal(m->cpu_noise[0].ticks, 1);
	assert_int_equal(m->cpu_noise[0].now, 27);
	assert_int_equal(m->cpu_noise[0].next_tick, 36);
	empty_cycles(m, 0, 8);
	assert_int_equal(m->cpu_noise[0].ticks, 1);
	empty_cycles(m, 0, 1);
	assert_int_equal(m->cpu_noise[0].ticks, 2);
	free(m);
}

/* REGISTERS.md §1.6: bit 14 needs PERF_CAPABILITIES[12]; bits 2-5 are reserved. */
static void test_debugctl_freeze_needs_perf_cap_12(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *nhm = test_model_clean("nehalem-ep", 1, 1, &b);   /* PERF_CAPABILITIES 0x1c3 */
	assert_int_equal(pmu_wrmsr(&b, 0, MSR_IA32_DEBUGCTL, DEBUGCTL_FREEZE), PMU_ERR_FAULT_GP);
	assert_int_equal(pmu_wrmsr(&b, 0, MSR_IA32_DEBUGCTL, 0x3FC3), PMU_OK);
	assert_int_equal(rd_on(&b, 0, MSR_IA32_DEBUGCTL), 0x3FC3);
	assert_int_equal(pmu_wrmsr(&b, 0, MSR_IA32_DEBUGCTL, 1u << 2), PMU_ERR_FAULT_GP);
	free(nhm);
	struct model *snb = test_model_clean("sandy-bridge-ep", 1, 1, &b);   /* 0x31c3: bit 12 set */
	assert_int_equal(pmu_wrmsr(&b, 0, MSR_IA32_DEBUGCTL, DEBUGCTL_FREEZE | 1), PMU_OK);
	assert_int_equal(rd_on(&b, 0, MSR_IA32_DEBUGCTL), DEBUGCTL_FREEZE | 1);
	assert_int_equal(pmu_wrmsr(&b, 0, MSR_IA32_DEBUGCTL, 1ull << 15), PMU_ERR_FAULT_GP);
	free(snb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_profile_rates),
		cmocka_unit_test(test_gated_run_charges_the_real_window),
		cmocka_unit_test(test_timer_on_the_bsp_waits_while_interrupts_off),
		cmocka_unit_test(test_smi_counted_unless_frozen),
		cmocka_unit_test(test_ticks_missed_in_smm_come_once),
		cmocka_unit_test(test_debugctl_freeze_needs_perf_cap_12),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
