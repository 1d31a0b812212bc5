/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Auxiliary MSRs of core events (hw/core_aux.h) through evspec and the core
 * engine on the reference model: OFFCORE_RSP_0/1 and MSR_PEBS_LD_LAT_THRESHOLD
 * are always written for the events that read them, a second offcore value
 * moves to the other register where the CPU has one, and every register is
 * back at firmware's value afterwards.
 */
#include "testutil.h"
#include "boxes.h"
#include "hw/core_aux.h"
#include "hw/msr.h"
#include "pmu/core_engine.h"
#include "pmu/evspec.h"

#define MAXQ 4

struct rig {
	struct model *m;
	struct pmu_backend b;
	struct cpu_info ci;
	struct core_snapshot snap;
	struct core_session s;
	struct pmu_event_req q[MAXQ];
	unsigned n;
};

/* The profile's "running" firmware (OFFCORE_RSP_0 = 0x11), plus fw_msr = fw_val when fw_msr. */
static struct rig *rig_new(const char *profile, uint32_t fw_msr, uint64_t fw_val)
{
	struct rig *r = calloc(1, sizeof(*r));
	assert_non_null(r);
	r->m = test_model(profile, 1, 1, &r->b);
	if (fw_msr)
		wr_on(&r->b, 0, fw_msr, fw_val);
	assert_int_equal(pmu_discover(&r->b, 0, &r->ci), PMU_OK);
	model_clear_log(r->m);
	return r;
}

static pmu_status prepare(struct rig *r, const char *specs)
{
	struct evspec_error err = { 0, "" };
	pmu_status st = evspec_parse_list(&r->ci, test_boxes_of(&r->ci), specs, r->q, MAXQ, &r->n, &err);
	if (st)
		fail_msg("%s: %s", specs, err.msg);
	assert_int_equal(core_snapshot(&r->b, 0, &r->ci, &r->snap), PMU_OK);
	return core_prepare(&r->s, &r->b, 0, &r->snap, r->q, r->n, false);
}

/* Program, count each stimulus for `cycles` cycles, stop, read, restore. */
static void run(struct rig *r, const struct model_stim *st, unsigned nst, unsigned cycles)
{
	struct model_cycle c = { .cpl = 0, .stim = st, .nstim = nst };
	assert_int_equal(core_program(&r->s), PMU_OK);
	assert_int_equal(core_start(&r->s), PMU_OK);
	for (unsigned i = 0; i < cycles; i++)
		model_run_cycle(r->m, 0, &c);
	assert_int_equal(core_stop(&r->s), PMU_OK);
	assert_int_equal(core_read(&r->s), PMU_OK);
	assert_int_equal(core_restore(&r->s), PMU_OK);
}

/* The values written to msr, in order; how many. */
static unsigned writes(const struct rig *r, uint32_t msr, uint64_t *vals, unsigned cap)
{
	unsigned n = 0;
	for (unsigned i = 0; i < r->m->log_len[0]; i++) {
		const struct model_access *a = &r->m->log[0][i];
		if (a->op == MOP_WRMSR && a->msr == msr && n < cap)
			vals[n++] = a->val;
	}
	return n;
}

static void rig_free(struct rig *r)
{
	free(r->m);
	free(r);
}

/* The table: RSP_1 from Westmere on, one LD_LAT row per generation, alternates. */
static void test_aux_table(void **state)
{
	(void)state;
	assert_int_equal(core_aux_for(6, 0x1A, 0, 0xB7, 0x01)->msr, MSR_OFFCORE_RSP_0);
	assert_null(core_aux_for(6, 0x1A, 0, 0xBB, 0x01));
	assert_null(core_aux_for(6, 0x2E, 0, 0xBB, 0x01));
	assert_null(core_aux_for(6, 0x1A, 0, 0xB7, 0x00));
	assert_null(core_aux_for(15, 0x1A, 0, 0xB7, 0x01));
	assert_int_equal(core_aux_for(6, 0x2C, 0, 0xBB, 0x01)->msr, MSR_OFFCORE_RSP_1);
	assert_int_equal(core_aux_for(6, 0x2F, 0, 0xBB, 0x01)->valid, 0xFFFF);
	assert_int_equal(core_aux_for(6, 0x2D, 0, 0xBB, 0x01)->valid, 0x3FFFFF8FFFull);
	assert_int_equal(core_aux_for(6, 0x1E, 0, 0x0B, 0x10)->msr, MSR_PEBS_LD_LAT_THRESHOLD);
	assert_null(core_aux_for(6, 0x2D, 0, 0x0B, 0x10));
	assert_int_equal(core_aux_for(6, 0x2D, 0, 0xCD, 0x01)->valid, 0xFFFF);
	assert_int_equal(core_aux_for(6, 0x2D, 0, 0xCD, 0x01)->dflt, 3);
	assert_int_equal(core_aux_alt(6, 0x2C, 0, MSR_OFFCORE_RSP_0)->event, 0xBB);
	assert_int_equal(core_aux_alt(6, 0x2D, 0, MSR_OFFCORE_RSP_1)->event, 0xB7);
	assert_null(core_aux_alt(6, 0x1A, 0, MSR_OFFCORE_RSP_0));
	assert_null(core_aux_alt(6, 0x2D, 0, MSR_PEBS_LD_LAT_THRESHOLD));
}

/* Whether msr was written exactly twice: programmed to `prog`, restored to `back`. */
static bool prog_restore(const struct rig *r, uint32_t msr, uint64_t prog, uint64_t back)
{
	uint64_t v[4];
	return writes(r, msr, v, 4) == 2 && v[0] == prog && v[1] == back;
}

/*
 * Westmere-EP, firmware's RSP_0 = 0x11 and RSP_1 = 0x22: the second value moves to
 * RSP_1 as event 0xBB, a third event with the first value shares RSP_0. Counts come
 * from the codes each counter was programmed with (0x01B7 x 2, 0x01BB x 1 a cycle).
 */
static void test_second_offcore_value_uses_rsp1(void **state)
{
	(void)state;
	struct rig *r = rig_new("westmere-ep", MSR_OFFCORE_RSP_1, 0x22);
	assert_int_equal(prepare(r, "cpu/event=0xb7,umask=1,offcore_rsp=0xf811/,"
				    "OFFCORE_RESPONSE.ANY_DATA.LOCAL_DRAM_AND_REMOTE_CACHE_HIT,"
				    "cpu/event=0xb7,umask=1,offcore_rsp=0xf811/"), PMU_OK);
	assert_int_equal(r->q[1].extra_msr, MSR_OFFCORE_RSP_0);   /* the list's, as parsed */
	assert_int_equal(r->q[1].extra_msr_val, 0x1011);
	assert_int_equal(r->s.ctr[0].extra_msr, MSR_OFFCORE_RSP_0);
	assert_int_equal(r->s.ctr[1].extra_msr, MSR_OFFCORE_RSP_1);
	assert_int_equal(r->s.ctr[1].config & 0xFFFF, 0x01BB);
	assert_int_equal(r->s.ctr[2].extra_msr, MSR_OFFCORE_RSP_0);
	assert_int_equal(r->s.ctr[2].config & 0xFFFF, 0x01B7);
	assert_int_equal(r->s.n_extra, 2);
	const struct model_stim st[] = { { 0x01B7, 2 }, { 0x01BB, 1 } };
	run(r, st, 2, 3);
	assert_int_equal(r->s.ctr[0].delta, 6);
	assert_int_equal(r->s.ctr[1].delta, 3);
	assert_int_equal(r->s.ctr[2].delta, 6);
	assert_true(prog_restore(r, MSR_OFFCORE_RSP_0, 0xF811, 0x11));
	assert_true(prog_restore(r, MSR_OFFCORE_RSP_1, 0x1011, 0x22));
	assert_int_equal(rd_on(&r->b, 0, MSR_OFFCORE_RSP_0), 0x11);
	assert_int_equal(rd_on(&r->b, 0, MSR_OFFCORE_RSP_1), 0x22);
	rig_free(r);
}

/* Sandy Bridge-EP: two 0xBB events, the second moves to RSP_0 as 0xB7. */
static void test_second_bb_value_uses_rsp0(void **state)
{
	(void)state;
	struct rig *r = rig_new("sandy-bridge-ep", 0, 0);
	assert_int_equal(prepare(r, "cpu/event=0xbb,umask=1,offcore_rsp=0x10001/,"
				    "cpu/event=0xbb,umask=1,offcore_rsp=0x600400001/"), PMU_OK);
	assert_int_equal(r->s.ctr[0].extra_msr, MSR_OFFCORE_RSP_1);
	assert_int_equal(r->s.ctr[1].extra_msr, MSR_OFFCORE_RSP_0);
	assert_int_equal(r->s.ctr[1].config & 0xFFFF, 0x01B7);
	run(r, NULL, 0, 0);
	assert_true(prog_restore(r, MSR_OFFCORE_RSP_0, 0x600400001ull, 0x11));
	assert_true(prog_restore(r, MSR_OFFCORE_RSP_1, 0x10001, 0));
	rig_free(r);
}

/* A raw offcore event with no term writes 0, never leaving firmware's value to count with. */
static void test_raw_offcore_always_written(void **state)
{
	(void)state;
	static const struct { const char *profile, *spec; uint32_t msr; } t[] = {
		{ "nehalem-ep", "cpu/event=0xb7,umask=0x1/", MSR_OFFCORE_RSP_0 },
		{ "westmere-ex", "cpu/event=0xbb,umask=0x1/", MSR_OFFCORE_RSP_1 },
		{ "sandy-bridge-ep", "r01b7", MSR_OFFCORE_RSP_0 },
		{ "sandy-bridge-ep", "cpu/OFFCORE_RESPONSE.DEMAND_DATA_RD.LLC_MISS.LOCAL_DRAM,"
				     "offcore_rsp=0x3f80408fff/", MSR_OFFCORE_RSP_0 },
	};
	static const uint64_t want[] = { 0, 0, 0, 0x3F80408FFFull };
	for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct rig *r = rig_new(t[i].profile, t[i].msr, 0x33);
		assert_int_equal(prepare(r, t[i].spec), PMU_OK);
		run(r, NULL, 0, 0);
		if (!prog_restore(r, t[i].msr, want[i], 0x33))
			fail_msg("%s %s: writes of %#x", t[i].profile, t[i].spec, t[i].msr);
		rig_free(r);
	}
}

/* The load-latency list event (MSRValue 0x10) and its raw encoding, per generation. */
#define NHM_LL "MEM_INST_RETIRED.LATENCY_ABOVE_THRESHOLD_16", "cpu/event=0xb,umask=0x10/"
#define SNB_LL "MEM_TRANS_RETIRED.LOAD_LATENCY_GT_16", "cpu/event=0xcd,umask=0x1/"

/*
 * MSR_PEBS_LD_LAT_THRESHOLD on every seed CPU: the list event's MSRValue, an ldlat=
 * term over it, the default 3 for a raw event; firmware's value back afterwards.
 */
static void test_load_latency_every_profile(void **state)
{
	(void)state;
	static const struct { const char *profile, *list, *raw; } t[] = {
		{ "nehalem-ep", NHM_LL }, { "westmere-ep", NHM_LL }, { "nehalem-ex", NHM_LL },
		{ "westmere-ex", NHM_LL }, { "sandy-bridge-ep", SNB_LL },
	};
	for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		char spec[3][96];
		snprintf(spec[0], sizeof(spec[0]), "%s", t[i].list);
		snprintf(spec[1], sizeof(spec[1]), "cpu/%s,ldlat=0x40/", t[i].list);
		snprintf(spec[2], sizeof(spec[2]), "%s", t[i].raw);
		static const uint64_t want[3] = { 0x10, 0x40, 3 };
		for (unsigned k = 0; k < 3; k++) {
			struct rig *r = rig_new(t[i].profile, MSR_PEBS_LD_LAT_THRESHOLD, 0x55);
			assert_int_equal(prepare(r, spec[k]), PMU_OK);
			run(r, NULL, 0, 0);
			if (!prog_restore(r, MSR_PEBS_LD_LAT_THRESHOLD, want[k], 0x55))
				fail_msg("%s %s: LD_LAT writes", t[i].profile, spec[k]);
			assert_int_equal(rd_on(&r->b, 0, MSR_PEBS_LD_LAT_THRESHOLD), 0x55);
			rig_free(r);
		}
	}
}

/*
 * A request (not from text) for a register this CPU lacks: the engine reads every
 * auxiliary MSR before its first write, so the #GP stops it with nothing written.
 */
static void test_missing_aux_msr_faults_before_any_write(void **state)
{
	(void)state;
	struct rig *r = rig_new("nehalem-ep", 0, 0);
	struct pmu_event_req q = { .name = "bb", .config = 0x01BB | 3u << 16, .fixed = -1,
				   .counter_mask = 0xF, .extra_msr = MSR_OFFCORE_RSP_1,
				   .extra_msr_val = 1 };
	assert_int_equal(core_snapshot(&r->b, 0, &r->ci, &r->snap), PMU_OK);
	assert_int_equal(core_prepare(&r->s, &r->b, 0, &r->snap, &q, 1, false), PMU_OK);
	assert_int_equal(core_program(&r->s), PMU_ERR_FAULT_GP);
	assert_string_equal(r->s.msg, "rdmsr 0x1a7: #GP fault");
	assert_int_equal(model_total_writes(r->m), 0);
	rig_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_aux_table),
		cmocka_unit_test(test_second_offcore_value_uses_rsp1),
		cmocka_unit_test(test_second_bb_value_uses_rsp0),
		cmocka_unit_test(test_raw_offcore_always_written),
		cmocka_unit_test(test_load_latency_every_profile),
		cmocka_unit_test(test_missing_aux_msr_faults_before_any_write),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
