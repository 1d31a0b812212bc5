/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Leave the machine as found: for every profile, from firmware-left state
 * (a counter running, odd control values), core runs on every CPU and uncore
 * runs on every package, clean and failed ones (bad input, injected faults,
 * counters firmware uses, with and without force). After each, every
 * register of every CPU and package holds what it held before.
 */
#include "engine_runs.h"

struct scenario;
struct lf_ctx {
	struct run_rig *r;
	const struct scenario *sc;
};

struct scenario {
	const char *name;
	bool force;
	bool fails;                        /* the runs must report an error */
	bool takes_fw;                     /* the runs must program counters firmware had enabled */
	void (*setup)(struct run_rig *r);  /* before the "before" image: requests, firmware state */
	void (*hook)(void *arg, enum run_phase ph);
};

/* ---- setups ---- */

/* As many general-purpose events as counters (4; AMD's 6): one of them is firmware's PMC0. */
static void take_all_gp(struct run_rig *r)
{
	struct evspec_error err;
	static const char *const spec[] = {
		"cpu/event=0x3c/,cpu/event=0x2e,umask=0x4f/,cpu/event=0xc4/,cpu/event=0xc5/",
		"cpu/event=0x3c/,cpu/event=0x2e,umask=0x4f/,cpu/event=0xc4/,cpu/event=0xc5/,"
		"cpu/event=0xc0/,cpu/event=0x76/",
	};
	assert_int_equal(evspec_parse_list(&r->ci[0], test_boxes_of(&r->ci[0]), spec[r->ci[0].arch.n_gp > 4], r->core,
					   RUN_MAX_REQS, &r->ncore, &err), PMU_OK);
}

/* Firmware enabled the uncore counter the first event gets, on every package. */
static void uncore_fw_counter(struct run_rig *r)
{
	if (!r->nunc)
		return;   /* no uncore (AMD) */
	assert_int_equal(uncore_plan(&r->us, r->ci[0].uncore, r->unc, r->nunc), PMU_OK);
	const struct uncore_counter *e = &r->us.ev[0];
	uint64_t fw = (e->config & reg_holding_mask(e->box->ctl_layout)) | e->box->enable_mask;
	for (unsigned p = 0; p < r->m->npkgs; p++)
		assert_int_equal(pmu_wrmsr(&r->mb, p * (r->m->ncpus / r->m->npkgs), e->ctl_msr, fw), PMU_OK);
}

static void in_use_everywhere(struct run_rig *r)
{
	take_all_gp(r);
	uncore_fw_counter(r);
}

/* Requests the engines refuse: a reserved PERFEVTSEL bit, a box the CPU lacks. */
static void bad_requests(struct run_rig *r)
{
	r->core[0].config |= 1ull << 36;   /* reserved on Intel and on AMD */
	if (!r->nunc)
		return;
	r->unc[r->nunc - 1].box = r->ci[0].uncore == UNCORE_SNB_EP ?
		family_box(UNCORE_NHM_CLIENT, "uncore", 6) : family_box(UNCORE_SNB_EP, "uncore_pcu", 10);
	assert_non_null(r->unc[r->nunc - 1].box);
}

/* ---- hooks: #GP injected on every CPU ---- */

static void fault(struct run_rig *r, uint32_t msr)
{
	if (msr)
		assert_int_equal(model_inject_fault(r->m, msr, -1), PMU_OK);
}

/* The second event's counter faults when programming writes it (it was read fine before). */
static void fault_counter_write(void *arg, enum run_phase ph)
{
	struct lf_ctx *c = arg;
	if (ph != RP_PREPARED)
		return;
	fault(c->r, c->r->cs.phase == CORE_PREPARED ? c->r->cs.ctr[1].load_msr : 0);
	fault(c->r, c->r->us.phase == UNC_PLANNED ? c->r->us.ev[1].ctr_msr : 0);
}

/*
 * Registers only read fault once counting started: GLOBAL_STATUS (without one, AMD
 * before PerfMonV2: the first counter), uncore overflow status.
 */
static void fault_status_read(void *arg, enum run_phase ph)
{
	struct lf_ctx *c = arg;
	const struct core_session *s = &c->r->cs;
	if (ph != RP_STARTED)
		return;
	uint32_t read_only = s->snap.pmu.desc ? s->snap.pmu.desc->global_status : 0;
	fault(c->r, s->phase == CORE_PROGRAMMED ? (read_only ? read_only : s->ctr[0].ctr_msr) : 0);
	fault(c->r, c->r->us.nstatus ? c->r->us.status[0].msr : 0);
}

/* Faults from the start on the first control register the run would write: refused before writing. */
static void fault_at_snapshot(void *arg, enum run_phase ph)
{
	struct lf_ctx *c = arg;
	if (ph == RP_BEGIN && !c->r->m->nfaults) {
		fault(c->r, core_sel_msr(pmu_core_desc(&c->r->ci[0]), 1));
		fault(c->r, c->r->nunc ? c->r->unc[0].box->ctl_base : 0);
	}
}

static const struct scenario scenarios[] = {
	{ "clean", false, false, false, NULL, NULL },
	{ "clean, forced", true, false, false, NULL, NULL },
	{ "in-use counters refused", false, true, false, in_use_everywhere, NULL },
	{ "in-use counters forced", true, false, true, in_use_everywhere, NULL },
	{ "bad requests", false, true, false, bad_requests, NULL },
	{ "#GP writing a counter", false, true, false, NULL, fault_counter_write },
	{ "#GP reading status", false, true, false, NULL, fault_status_read },
	{ "#GP from the start", false, true, false, NULL, fault_at_snapshot },
};

static void run_scenario(const struct prof_case *pc, const struct scenario *sc)
{
	char what[128];
	struct run_rig *r = run_rig_new(pc);
	struct lf_ctx ctx = { r, sc };
	unsigned per_pkg = r->m->ncpus / r->m->npkgs, failed = 0, took_fw = 0;
	if (sc->setup)
		sc->setup(r);
	model_clear_log(r->m);
	struct model_image *before = model_image_take(r->m);

	for (unsigned cpu = 0; cpu < r->m->ncpus; cpu++) {
		memset(&r->cs, 0, sizeof(r->cs));
		if (run_core(r, cpu, sc->force, sc->hook, &ctx) != PMU_OK)
			failed++;
		else
			for (unsigned i = 0; i < r->cs.n; i++)
				took_fw += r->cs.ctr[i].in_use;
		if (cpu % per_pkg == 0 && r->nunc) {
			uncore_session_init(&r->us, r->us_tables, RUN_MAX_REQS);
			if (run_uncore(r, cpu, sc->force, sc->hook, &ctx) != PMU_OK)
				failed++;
			else
				took_fw += r->us.n_in_use;
		}
	}
	snprintf(what, sizeof(what), "%s, %s", pc->profile, sc->name);
	if (sc->fails != (failed > 0) || sc->takes_fw != (took_fw > 0))
		fail_msg("%s: %u runs failed, %u counters taken from firmware", what, failed, took_fw);
	assert_true(model_total_writes(r->m) > 0 || sc->fails);
	r->m->nfaults = 0;
	model_image_expect(before, r->m, what, NULL);
	free(before);
	run_rig_free(r);
}

static void test_every_run_leaves_every_register_as_found(void **state)
{
	(void)state;
	for (size_t k = 0; k < N_PROF_CASES; k++)
		for (size_t s = 0; s < sizeof(scenarios) / sizeof(scenarios[0]); s++)
			run_scenario(&prof_cases[k], &scenarios[s]);
}

/* Without a PMU (QEMU TCG) the core engine stops at the snapshot: no write at all. */
static void test_no_pmu_writes_nothing(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("no-pmu", 2, 1, &b);
	struct cpu_info ci;
	struct core_snapshot snap;
	assert_int_equal(pmu_discover(&b, 0, &ci), PMU_OK);
	model_clear_log(m);
	struct model_image *before = model_image_take(m);
	assert_int_equal(core_snapshot(&b, 0, &ci, &snap), PMU_ERR_UNSUPPORTED);
	assert_int_equal(model_total_writes(m), 0);
	model_image_expect(before, m, "no-pmu", NULL);
	free(before);
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_run_leaves_every_register_as_found),
		cmocka_unit_test(test_no_pmu_writes_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
