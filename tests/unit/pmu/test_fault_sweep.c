/*
 * A #GP on every MSR the engines touch, in turn. A clean run of each profile
 * lists the MSRs (access log); then each one faults, from the start, after
 * planning, after programming or after starting; on every access
 * (model_inject_fault), on reads only or on writes only. Whatever faults: the
 * run says so and names the MSR, every other register of every CPU and
 * package is as the firmware left it, the faulting one too unless the engine
 * reported it could not put it back, and the next CPU measures as if nothing
 * happened.
 */
#include "engine_runs.h"

#define MAX_TOUCHED 96

enum fault_mode { FM_ANY, FM_READS, FM_WRITES, FM_MODES };
static const char *const mode_name[] = { "every access", "reads", "writes" };
static const char *const phase_name[] = {
	"from the start", "before program", "after program", "after start",
};

/* A backend in front of the model that faults reads and/or writes of one MSR once armed. */
struct fault_wrap {
	struct model *m;
	uint32_t msr;
	unsigned cpu;
	enum fault_mode mode;
	enum run_phase at;
	bool armed;
	unsigned hits;
};

static bool wrap_faults(void *arg, unsigned cpu, uint32_t msr, bool write)
{
	struct fault_wrap *w = arg;
	if (!w->armed || w->mode == FM_ANY || msr != w->msr || cpu != w->cpu)
		return false;
	if (write != (w->mode == FM_WRITES))
		return false;
	w->hits++;
	return true;
}

/* The hook: arms the fault when the run reaches the phase. */
static void arm(void *arg, enum run_phase ph)
{
	struct fault_wrap *w = arg;
	if (ph != w->at || w->armed)
		return;
	w->armed = true;
	if (w->mode == FM_ANY)
		assert_int_equal(model_inject_fault(w->m, w->msr, (int)w->cpu), PMU_OK);
}

/* Faulted accesses of w->msr the model logged (FM_ANY) or the wrapper made. */
static unsigned fault_hits(const struct fault_wrap *w)
{
	unsigned n = w->hits;
	if (w->mode == FM_ANY)
		for (unsigned i = 0; i < w->m->log_len[w->cpu]; i++)
			n += w->m->log[w->cpu][i].msr == w->msr && w->m->log[w->cpu][i].op != MOP_RDPMC &&
			     w->m->log[w->cpu][i].st == PMU_ERR_FAULT_GP;
	return n;
}

typedef pmu_status (*engine_run)(struct run_rig *r, unsigned cpu, bool force, run_hook hook, void *arg);

/*
 * What the engine said about msr: a fault there that failed the run, one it
 * recorded and went on from (uncore overflow status is best effort), a restore
 * that could not put it back.
 */
struct verdict {
	bool reported;
	bool recorded;
	bool restore_failed;
};

static struct verdict core_verdict(const struct run_rig *r, uint32_t msr)
{
	const struct core_session *s = &r->cs;
	struct verdict v = { false, false, false };
	if (r->snap.st != PMU_OK)
		v.reported = pmu_is_fault(r->snap.st) && r->snap.fault_msr == msr;
	else
		v.reported = pmu_is_fault(s->st) && s->fault_msr == msr;
	v.restore_failed = pmu_is_fault(s->restore_st) && s->restore_msr == msr;
	/* IA32_DEBUGCTL is read for the hand-off log only: its fault is kept there */
	v.recorded = msr == MSR_IA32_DEBUGCTL && pmu_is_fault(r->snap.debugctl_st);
	return v;
}

static struct verdict uncore_verdict(const struct run_rig *r, uint32_t msr)
{
	const struct uncore_session *s = &r->us;
	struct verdict v = { pmu_is_fault(s->st) && s->fault_msr == msr, false, false };
	for (unsigned i = 0; i < s->nstatus; i++)
		v.recorded |= (s->status[i].msr == msr || s->status[i].ovf_msr == msr) &&
			      pmu_is_fault(s->status[i].st);
	v.restore_failed = pmu_is_fault(s->restore_st) && s->restore_msr == msr;
	return v;
}

struct engine {
	const char *name;
	unsigned next_cpu;   /* measures after a fault on CPU 0: core: its sibling; uncore: another package */
	engine_run run;
	struct verdict (*verdict)(const struct run_rig *r, uint32_t msr);
};

static const struct engine engines[] = {
	{ "core", 1, run_core, core_verdict },
	{ "uncore", 2, run_uncore, uncore_verdict },
};

/* The MSRs a clean run of e on CPU 0 touches; the clean run itself restores everything. */
static unsigned clean_run(const struct engine *e, const struct prof_case *pc, uint32_t *msrs)
{
	struct run_rig *r = run_rig_new(pc);
	struct model_image *before = model_image_take(r->m);
	pmu_status st = e->run(r, 0, false, NULL, NULL);
	if (st != PMU_OK)
		fail_msg("%s %s: clean run: %s (%s)", pc->profile, e->name, pmu_status_str(st), r->cs.msg);
	unsigned n = model_touched(r->m, 0, msrs, MAX_TOUCHED);
	assert_true(model_write_count(r->m, 0) > 0);
	model_image_expect(before, r->m, pc->profile, NULL);
	free(before);
	run_rig_free(r);
	return n;
}

/* One faulted run; returns how many accesses faulted. */
static unsigned faulted_run(const struct engine *e, const struct prof_case *pc, uint32_t msr,
			    enum fault_mode mode, enum run_phase at)
{
	char what[160];
	struct run_rig *r = run_rig_new(pc);
	struct fault_wrap w = { .m = r->m, .msr = msr, .cpu = 0, .mode = mode, .at = at };
	struct filter_backend fb;
	struct model_image *before = model_image_take(r->m);
	snprintf(what, sizeof(what), "%s %s: #GP on %#x (%s, %s)", pc->profile, e->name, msr,
		 mode_name[mode], phase_name[at]);
	filter_backend_init(&fb, &r->mb, wrap_faults, &w, &r->b);

	pmu_status st = e->run(r, 0, false, arm, &w);
	unsigned hits = fault_hits(&w);
	struct verdict v = e->verdict(r, msr);
	if (!hits && st != PMU_OK)
		fail_msg("%s: never faulted, yet the run says %s", what, pmu_status_str(st));
	if (hits && !v.recorded && (!pmu_is_fault(st) || !(v.reported || v.restore_failed)))
		fail_msg("%s: %u faults, the run says %s and does not name the MSR", what, hits,
			 pmu_status_str(st));
	/* Another CPU measures while the fault stays on CPU 0. */
	r->b = r->mb;
	if (e->run(r, e->next_cpu, false, NULL, NULL) != PMU_OK)
		fail_msg("%s: CPU %u failed too", what, e->next_cpu);

	/* A register restore could not write stays as the run left it, and so does its alias. */
	uint32_t left[MODEL_IMAGE_EXCEPT] = { 0, 0 };
	if (v.restore_failed) {
		left[0] = msr;
		if (msr >= MSR_IA32_A_PMC0 && msr < MSR_IA32_A_PMC0 + CORE_MAX_GP)
			left[1] = msr - MSR_IA32_A_PMC0 + MSR_IA32_PMC0;
	}
	r->m->nfaults = 0;
	model_image_expect(before, r->m, what, left);
	free(before);
	run_rig_free(r);
	return hits;
}

static void sweep(const struct engine *e)
{
	for (size_t k = 0; k < N_PROF_CASES; k++) {
		uint32_t msrs[MAX_TOUCHED];
		if (e == &engines[1] && !prof_cases[k].unc[0].box)
			continue;   /* no uncore (AMD) */
		unsigned n = clean_run(e, &prof_cases[k], msrs), faulted = 0;
		assert_true(n >= 6);
		for (unsigned i = 0; i < n; i++) {
			unsigned any = 0;
			for (enum fault_mode mode = FM_ANY; mode < FM_MODES; mode++)
				for (enum run_phase at = RP_BEGIN; at < RP_PHASES; at++)
					any += faulted_run(e, &prof_cases[k], msrs[i], mode, at);
			faulted += any > 0;
		}
		/* every MSR of the clean run faulted in at least one of the runs */
		assert_int_equal(faulted, n);
	}
}

static void test_core_fault_on_every_msr(void **state)
{
	(void)state;
	sweep(&engines[0]);
}

static void test_uncore_fault_on_every_msr(void **state)
{
	(void)state;
	sweep(&engines[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_core_fault_on_every_msr),
		cmocka_unit_test(test_uncore_fault_on_every_msr),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
