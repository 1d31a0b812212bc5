/*
 * The quiet window (lib/pmu/window.c) against the reference model with its
 * noise: attempts, SMIs, FREEZE_WHILE_SMM, interrupts, the barrier hook.
 *
 * Every count below is worked out by hand. The kernel runs 100 model cycles,
 * each retiring 2 instructions (1 cycle each). The model's gated_run adds the
 * real window's 2 instructions, one a cycle (efi/gated.c: xchg and mov after
 * the kernel), so a quiet window counts 202 instructions in 102 cycles, and
 * the window's cycles are numbered 1-100 (the kernel), 101-102.
 * With smi_first = 50 the SMI comes after the window's cycle 50; with
 * smi_period = 122 = 102 + its 20 cycles, it comes at cycle 50 of every
 * attempt, and a counted one adds its 10 instructions and 20 cycles.
 */
#include "testutil.h"
#include "pmu/window.h"
#include "pmu/cpuinfo.h"
#include "hw/msr.h"

#define USR (1u << 16)
#define OS (1u << 17)
#define DEBUGCTL_FREEZE (1ull << 14)

struct rig {
	struct model *m;
	struct pmu_backend b;
	struct cpu_info ci;
	struct core_snapshot snap;
	struct core_session s;
	struct window_result r;
};

/* The test kernel: cycles model cycles on cpu 0 with 2 instructions each. */
struct kern {
	struct model *m;
	unsigned cycles;
	bool irq_off_seen;
};

static uint64_t run_kern(const void *arg)
{
	struct kern *k = (struct kern *)arg;
	struct model_stim stim[] = { { 0x00C0, 2 }, { 0x003C, 1 } };
	struct model_cycle c = { .cpl = 0, .stim = stim, .nstim = 2 };
	k->irq_off_seen = k->m->cpu_noise[0].irq_off;
	for (unsigned i = 0; i < k->cycles; i++)
		model_run_cycle(k->m, 0, &c);
	return k->cycles;
}

static struct pmu_event_req fixed_ev(const char *name, uint64_t config, int fixed)
{
	struct pmu_event_req q;
	memset(&q, 0, sizeof(q));
	strncpy(q.name, name, sizeof(q.name) - 1);
	q.config = config | USR | OS;
	q.fixed = fixed;
	q.counter_mask = 0xFF;
	return q;
}

/* instructions on FIXED_CTR0, cycles on FIXED_CTR1, prepared on cpu 0; noise as given. */
static struct rig *rig_new(const char *profile, unsigned noise, const struct model_noise_rates *rates)
{
	struct rig *r = calloc(1, sizeof(*r));
	assert_non_null(r);
	r->m = test_model(profile, 2, 1, &r->b);
	model_set_noise(r->m, noise, rates);
	assert_int_equal(pmu_discover(&r->b, 0, &r->ci), PMU_OK);
	return r;
}

static void prepare(struct rig *r)
{
	struct pmu_event_req q[] = { fixed_ev("instructions", 0x00C0, 0), fixed_ev("cycles", 0x003C, 1) };
	assert_int_equal(core_snapshot(&r->b, 0, &r->ci, &r->snap), PMU_OK);
	assert_int_equal(core_prepare(&r->s, &r->b, 0, &r->snap, q, 2, false), PMU_OK);
	model_clear_log(r->m);
}

static uint64_t rd(struct rig *r, uint32_t msr)
{
	return rd_on(&r->b, 0, msr);
}

static void assert_counts(const struct rig *r, uint64_t insts, uint64_t cycles)
{
	assert_int_equal(r->s.ctr[0].delta, insts);
	assert_int_equal(r->s.ctr[1].delta, cycles);
}

static const struct model_noise_rates smi_each = {
	.smi_first = 50, .smi_period = 122, .smi_insts = 10, .smi_cycles = 20,
};

static void test_quiet_machine_exact_first_attempt(void **state)
{
	(void)state;
	struct rig *r = rig_new("nehalem-ep", MODEL_NOISE_NONE, NULL);
	struct kern k = { r->m, 100, false };
	prepare(r);
	assert_int_equal(pmu_window_measure(&r->s, run_kern, &k, NULL, &r->r), PMU_OK);
	assert_counts(r, 202, 102);
	assert_int_equal(r->r.attempts, 1);
	assert_int_equal(r->r.smis, 0);
	assert_false(r->r.disturbed);
	assert_null(r->r.reason);
	assert_null(r->r.note);
	assert_true(r->r.smi_known && r->r.irq_off && r->r.in_step);
	assert_false(r->r.smm_frozen);   /* Nehalem-EP profile: PERF_CAPABILITIES[12] clear */
	assert_true(k.irq_off_seen);
	assert_int_equal(r->s.kernel_result, 100);
	assert_false(r->m->cpu_noise[0].irq_off);   /* back on afterwards */
	/* No FREEZE_WHILE_SMM to set: IA32_DEBUGCTL neither read nor written. */
	for (unsigned i = 0; i < r->m->log_len[0]; i++)
		assert_int_not_equal(r->m->log[0][i].msr, MSR_IA32_DEBUGCTL);
	free(r->m);
	free(r);
}

static void test_smi_every_attempt_disturbed(void **state)
{
	(void)state;
	struct rig *r = rig_new("nehalem-ep", MODEL_NOISE_SMI, &smi_each);
	struct kern k = { r->m, 100, false };
	prepare(r);
	assert_int_equal(pmu_window_measure(&r->s, run_kern, &k, NULL, &r->r), PMU_OK);
	assert_int_equal(r->r.attempts, 5);
	assert_int_equal(r->r.smis, 5);
	assert_true(r->r.disturbed);
	assert_string_equal(r->r.reason, "SMIs seen in every attempt");
	assert_counts(r, 212, 122);   /* the last attempt: 202 + 10, 102 + 20 */
	assert_int_equal(rd(r, MSR_SMI_COUNT), 5);
	assert_int_equal(r->m->cpu_noise[0].gated_runs, 5);

	/* max_attempts bounds it. */
	struct window_opts o = { .max_attempts = 2 };
	prepare(r);
	assert_int_equal(pmu_window_measure(&r->s, run_kern, &k, &o, &r->r), PMU_OK);
	assert_int_equal(r->r.attempts, 2);
	assert_int_equal(r->r.smis, 2);
	assert_true(r->r.disturbed);
	free(r->m);
	free(r);
}

static void test_smi_frozen_exact_debugctl_restored(void **state)
{
	(void)state;
	struct rig *r = rig_new("sandy-bridge-ep", MODEL_NOISE_SMI, &smi_each);
	struct kern k = { r->m, 100, false };
	wr_on(&r->b, 0, MSR_IA32_DEBUGCTL, 0x801);   /* firmware's: LBR, FREEZE_LBRS_ON_PMI */
	prepare(r);
	assert_int_equal(pmu_window_measure(&r->s, run_kern, &k, NULL, &r->r), PMU_OK);
	assert_int_equal(r->r.attempts, 1);
	assert_int_equal(r->r.smis, 1);
	assert_true(r->r.smm_frozen);
	assert_false(r->r.disturbed);
	assert_counts(r, 202, 102);
	assert_int_equal(rd(r, MSR_SMI_COUNT), 1);   /* counted all the same */
	/* Bit 14 added around the window, then firmware's value exactly. */
	uint64_t writes[4];
	unsigned n = 0;
	for (unsigned i = 0; i < r->m->log_len[0]; i++) {
		const struct model_access *a = &r->m->log[0][i];
		if (a->op == MOP_WRMSR && a->msr == MSR_IA32_DEBUGCTL && n < 4)
			writes[n++] = a->val;
	}
	assert_int_equal(n, 2);
	assert_int_equal(writes[0], 0x801 | DEBUGCTL_FREEZE);
	assert_int_equal(writes[1], 0x801);
	assert_int_equal(rd(r, MSR_IA32_DEBUGCTL), 0x801);

	/* Set by firmware already: nothing written, still frozen. */
	wr_on(&r->b, 0, MSR_IA32_DEBUGCTL, DEBUGCTL_FREEZE);
	prepare(r);
	assert_int_equal(pmu_window_measure(&r->s, run_kern, &k, NULL, &r->r), PMU_OK);
	assert_true(r->r.smm_frozen);
	assert_int_equal(r->r.smis, 1);
	assert_counts(r, 202, 102);
	for (unsigned i = 0; i < r->m->log_len[0]; i++)
		assert_false(r->m->log[0][i].op == MOP_WRMSR && r->m->log[0][i].msr == MSR_IA32_DEBUGCTL);
	assert_int_equal(rd(r, MSR_IA32_DEBUGCTL), DEBUGCTL_FREEZE);
	free(r->m);
	free(r);
}

struct sync_probe {
	struct model *m;
	unsigned calls;
	bool irq_off;
	bool answer;
};

static bool probe_sync(void *ctx)
{
	struct sync_probe *p = ctx;
	p->calls++;
	p->irq_off = p->m->cpu_noise[0].irq_off;
	return p->answer;
}

static void test_smi_first_attempt_only_exact_after_two(void **state)
{
	(void)state;
	const struct model_noise_rates once = {
		.smi_first = 50, .smi_period = 1000000, .smi_insts = 10, .smi_cycles = 20,
	};
	struct rig *r = rig_new("nehalem-ep", MODEL_NOISE_SMI, &once);
	struct kern k = { r->m, 100, false };
	struct sync_probe p = { r->m, 0, false, true };
	struct window_opts o = { .sync = probe_sync, .sync_ctx = &p };
	prepare(r);
	assert_int_equal(pmu_window_measure(&r->s, run_kern, &k, &o, &r->r), PMU_OK);
	assert_int_equal(r->r.attempts, 2);
	assert_int_equal(r->r.smis, 1);
	assert_false(r->r.disturbed);
	assert_counts(r, 202, 102);
	/* The barrier: once, on the first attempt, with interrupts off. */
	assert_int_equal(p.calls, 1);
	assert_true(p.irq_off);
	assert_true(r->r.in_step);

	/* A barrier that timed out: measured all the same, and said so. */
	p.answer = false;
	p.calls = 0;
	prepare(r);
	assert_int_equal(pmu_window_measure(&r->s, run_kern, &k, &o, &r->r), PMU_OK);
	assert_int_equal(p.calls, 1);
	assert_false(r->r.in_step);
	assert_int_equal(r->r.attempts, 1);
	assert_counts(r, 202, 102);
	free(r->m);
	free(r);
}

static void test_timer_counts_unless_window_turns_interrupts_off(void **state)
{
	(void)state;
	const struct model_noise_rates tick = {
		.tick_first = 30, .tick_period = 1000000, .tick_insts = 40, .tick_cycles = 80,
	};
	struct rig *r = rig_new("sandy-bridge-ep", MODEL_NOISE_TIMER, &tick);
	struct kern k = { r->m, 100, false };

	/* core_measure alone leaves interrupts on: the tick after cycle 30 is counted. */
	prepare(r);
	assert_int_equal(core_measure(&r->s, run_kern, &k), PMU_OK);
	assert_false(k.irq_off_seen);
	assert_counts(r, 242, 182);   /* 202 + 40, 102 + 80 */
	assert_int_equal(r->m->cpu_noise[0].ticks, 1);

	/* The window: the tick waits until interrupts are back on, after the counters stopped. */
	model_set_noise(r->m, MODEL_NOISE_TIMER, NULL);
	prepare(r);
	assert_int_equal(pmu_window_measure(&r->s, run_kern, &k, NULL, &r->r), PMU_OK);
	assert_true(k.irq_off_seen);
	assert_counts(r, 202, 102);
	assert_int_equal(r->r.attempts, 1);
	assert_false(r->r.disturbed);
	assert_int_equal(r->m->cpu_noise[0].ticks, 2);   /* delivered at irq_restore */
	assert_false(r->m->cpu_noise[0].tick_pending);
	assert_int_equal(r->m->cpu_noise[0].irq_saves, 1);
	free(r->m);
	free(r);
}

static void test_smi_count_unreadable_is_a_note(void **state)
{
	(void)state;
	struct rig *r = rig_new("nehalem-ep", MODEL_NOISE_SMI, &smi_each);
	struct kern k = { r->m, 100, false };
	assert_int_equal(model_inject_fault(r->m, MSR_SMI_COUNT, -1), PMU_OK);
	prepare(r);
	assert_int_equal(pmu_window_measure(&r->s, run_kern, &k, NULL, &r->r), PMU_OK);
	assert_false(r->r.smi_known);
	assert_int_equal(r->r.attempts, 1);   /* unknown SMIs cannot be waited out */
	assert_false(r->r.disturbed);
	assert_string_equal(r->r.note, "MSR_SMI_COUNT unreadable: SMIs unknown");
	assert_counts(r, 212, 122);           /* the SMI it could not see */
	free(r->m);
	free(r);
}

/* A backend without irq_save: the model's other ops only. */
static const struct pmu_backend_ops *no_irq_ops(const struct pmu_backend *b)
{
	static struct pmu_backend_ops ops;
	ops = *b->ops;
	ops.irq_save = NULL;
	ops.irq_restore = NULL;
	return &ops;
}

static void test_backend_without_irq_ops_is_a_note(void **state)
{
	(void)state;
	struct rig *r = rig_new("nehalem-ep", MODEL_NOISE_NONE, NULL);
	struct kern k = { r->m, 100, false };
	r->b.ops = no_irq_ops(&r->b);
	prepare(r);
	assert_int_equal(pmu_window_measure(&r->s, run_kern, &k, NULL, &r->r), PMU_OK);
	assert_false(r->r.irq_off);
	assert_false(k.irq_off_seen);
	assert_string_equal(r->r.note, "interrupts left on: the backend cannot turn them off");
	assert_counts(r, 202, 102);
	free(r->m);
	free(r);
}

static void test_unprepared_session_writes_nothing(void **state)
{
	(void)state;
	struct rig *r = rig_new("sandy-bridge-ep", MODEL_NOISE_NONE, NULL);
	struct kern k = { r->m, 100, false };
	memset(&r->s, 0, sizeof(r->s));
	r->s.b = &r->b;
	model_clear_log(r->m);
	assert_int_equal(pmu_window_measure(&r->s, run_kern, &k, NULL, &r->r), PMU_ERR_INVALID);
	assert_int_equal(model_total_writes(r->m), 0);
	assert_int_equal(r->r.attempts, 0);
	free(r->m);
	free(r);
}

static void test_fault_in_program_restores_debugctl(void **state)
{
	(void)state;
	struct rig *r = rig_new("sandy-bridge-ep", MODEL_NOISE_NONE, NULL);
	struct kern k = { r->m, 100, false };
	prepare(r);
	assert_int_equal(model_inject_fault(r->m, MSR_IA32_FIXED_CTR_CTRL, 0), PMU_OK);
	assert_int_equal(pmu_window_measure(&r->s, run_kern, &k, NULL, &r->r), PMU_ERR_FAULT_GP);
	assert_int_equal(r->r.attempts, 1);
	assert_false(r->r.disturbed);
	assert_int_equal(r->s.fault_msr, MSR_IA32_FIXED_CTR_CTRL);
	assert_int_equal(r->m->cpu_noise[0].gated_runs, 0);   /* the kernel never ran */
	assert_int_equal(rd(r, MSR_IA32_DEBUGCTL), 0);
	free(r->m);
	free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quiet_machine_exact_first_attempt),
		cmocka_unit_test(test_smi_every_attempt_disturbed),
		cmocka_unit_test(test_smi_frozen_exact_debugctl_restored),
		cmocka_unit_test(test_smi_first_attempt_only_exact_after_two),
		cmocka_unit_test(test_timer_counts_unless_window_turns_interrupts_off),
		cmocka_unit_test(test_smi_count_unreadable_is_a_note),
		cmocka_unit_test(test_backend_without_irq_ops_is_a_note),
		cmocka_unit_test(test_unprepared_session_writes_nothing),
		cmocka_unit_test(test_fault_in_program_restores_debugctl),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
