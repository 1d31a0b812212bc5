/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Register ownership against the model's firmware state ("running", the
 * profiles' default): gates keep firmware's bits (core and uncore), firmware's
 * counters keep counting through a run and afterwards, core-scope OFFCORE_RSP
 * is saved, programmed and restored once per core, and a CPU's ownership
 * records can be replayed through the backend for that CPU from a copy.
 * Expected values are worked out by hand in the comments, from the firmware
 * image in lib/model/model_profiles.c and the gate rule in pmu/uncore.h.
 */
#include "testutil.h"
#include "boxes.h"
#include "model_image.h"
#include "model/model_devs.h"
#include "pmu/core_engine.h"
#include "pmu/evspec.h"
#include "pmu/ownership.h"
#include "pmu/uncore.h"
#include "uncore_tables.h"
#include "hw/msr.h"

#define BIT(n) (1ull << (n))
#define SEL_USR_OS (3ull << 16)

static void run_cycles(struct model *m, unsigned cpu, const struct model_stim *st, unsigned n,
		       unsigned cycles)
{
	struct model_cycle c = { .cpl = 0, .stim = st, .nstim = n };
	for (unsigned i = 0; i < cycles; i++)
		model_run_cycle(m, cpu, &c);
}

/* How many times cpu wrote msr since the log was cleared, and the last value. */
static unsigned writes_of(const struct model *m, unsigned cpu, uint32_t msr, uint64_t *last)
{
	unsigned n = 0;
	for (unsigned i = 0; i < m->log_len[cpu]; i++) {
		const struct model_access *a = &m->log[cpu][i];
		if (a->op == MOP_WRMSR && a->msr == msr) {
			n++;
			*last = a->val;
		}
	}
	return n;
}

static const struct box_desc *box(enum uncore_family fam, const char *name)
{
	const struct box_desc *d = family_box(fam, name, strlen(name));
	assert_non_null(d);
	return d;
}

static struct pmu_event_req unc_req(const struct box_desc *d, uint64_t config)
{
	struct pmu_event_req r = { .box = d, .config = config, .fixed = -1 };
	snprintf(r.name, sizeof(r.name), "%s/%#llx", d->name, (unsigned long long)config);
	return r;
}

/* The model hands over firmware's state by default; clean zeroes it; the names parse. */
static void test_model_firmware_states(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	assert_int_equal(m->firmware, MODEL_FW_RUNNING);
	assert_int_equal(rd_on(&b, 1, MSR_IA32_PERF_GLOBAL_CTRL), 0x70000000Full);
	assert_int_equal(rd_on(&b, 1, MSR_IA32_FIXED_CTR_CTRL), 0x30);
	assert_int_equal(rd_on(&b, 1, MSR_IA32_FIXED_CTR0 + 1), 0x1000);
	assert_int_equal(rd_on(&b, 0, 0xD14 + 0x20 * 5), 0x7C0000);   /* C-box 5 filter: STATE all */
	model_set_firmware(m, MODEL_FW_CLEAN);
	assert_int_equal(rd_on(&b, 1, MSR_IA32_PERF_GLOBAL_CTRL), 0);
	assert_int_equal(rd_on(&b, 0, 0xD14), 0);
	free(m);

	enum model_firmware fw = MODEL_FW_CLEAN;
	assert_int_equal(model_firmware_parse("running", &fw), PMU_OK);
	assert_int_equal(fw, MODEL_FW_RUNNING);
	assert_int_equal(model_firmware_parse("dirty", &fw), PMU_ERR_UNKNOWN_NAME);
	assert_string_equal(model_firmware_name(MODEL_FW_CLEAN), "clean");
}

/* OFFCORE_RSP: one register per core on Nehalem (siblings see each other's writes), per thread on SNB-EP. */
static void test_model_offcore_scope(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 4, 1, &b);
	assert_int_equal(model_place_core(m, 0, 0), PMU_OK);
	assert_int_equal(model_place_core(m, 1, 0), PMU_OK);   /* CPUs 0 and 1: one core */
	assert_int_equal(rd_on(&b, 1, MSR_OFFCORE_RSP_0), 0x11);   /* firmware's */
	wr_on(&b, 0, MSR_OFFCORE_RSP_0, 0xF811);
	assert_int_equal(rd_on(&b, 1, MSR_OFFCORE_RSP_0), 0xF811);
	assert_int_equal(rd_on(&b, 2, MSR_OFFCORE_RSP_0), 0x11);  /* another core */
	free(m);

	m = test_model("sandy-bridge-ep", 2, 1, &b);
	assert_int_equal(model_place_core(m, 1, 0), PMU_OK);
	wr_on(&b, 0, MSR_OFFCORE_RSP_0, 0x8011);   /* bits 14:12 are not writable here */
	assert_int_equal(rd_on(&b, 1, MSR_OFFCORE_RSP_0), 0x11);
	free(m);
}

/*
 * Core: firmware left GLOBAL_CTRL = 0x70000000F and FIXED_CTR1 counting (FIXED_CTR_CTRL
 * 0x30, value 0x1000). "instructions,cycles" take FIXED_CTR0 and, FIXED_CTR1 being
 * firmware's, PMC0: ours = bit 0 | bit 32, so stop = 0x70000000F & ~ours = 0x60000000E,
 * start = 0x70000000F, FIXED_CTR_CTRL = 0x30 | 0x3 = 0x33. FIXED_CTR1 counts every
 * cycle: 4 before start + 10 + 3 after stop + 2 after restore = 0x1000 + 19 = 0x1013.
 */
static void test_core_keeps_firmware_counting(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 1, 1, &b);
	static struct cpu_info ci;
	static struct core_snapshot snap;
	static struct core_session s;
	struct pmu_event_req q[2];
	unsigned n = 0;
	struct evspec_error err;
	const struct model_stim st[2] = { { 0x00C0, 1 }, { 0x003C, 1 } };

	assert_int_equal(pmu_discover(&b, 0, &ci), PMU_OK);
	assert_int_equal(evspec_parse_list(&ci, test_boxes_of(&ci), "instructions,cycles", q, 2, &n, &err), PMU_OK);
	assert_int_equal(core_snapshot(&b, 0, &ci, &snap), PMU_OK);
	assert_int_equal(snap.fixed_in_use, 0x2);
	assert_int_equal(core_prepare(&s, &b, 0, &snap, q, n, false), PMU_OK);
	assert_int_equal(s.ctr[1].kind, CORE_GP);
	assert_int_equal(s.gate.off[0], 0x60000000Eull);
	assert_int_equal(s.gate.on[0], 0x70000000Full);
	assert_int_equal(core_program(&s), PMU_OK);
	assert_int_equal(rd_on(&b, 0, MSR_IA32_PERF_GLOBAL_CTRL), 0x60000000Eull);
	assert_int_equal(rd_on(&b, 0, MSR_IA32_FIXED_CTR_CTRL), 0x33);
	const struct own_reg *g = own_find_const(s.own, s.n_own, MSR_IA32_PERF_GLOBAL_CTRL);
	assert_non_null(g);
	assert_int_equal(g->orig, 0x70000000Full);
	assert_int_equal(g->ours, BIT(0) | BIT(32));
	assert_int_equal(g->scope, OWN_THREAD);

	run_cycles(m, 0, st, 2, 4);
	assert_int_equal(core_start(&s), PMU_OK);
	run_cycles(m, 0, st, 2, 10);
	assert_int_equal(core_stop(&s), PMU_OK);
	run_cycles(m, 0, st, 2, 3);
	assert_int_equal(core_read(&s), PMU_OK);
	assert_int_equal(s.ctr[0].delta, 10);
	assert_int_equal(s.ctr[1].delta, 10);
	assert_int_equal(core_restore(&s), PMU_OK);
	assert_int_equal(rd_on(&b, 0, MSR_IA32_PERF_GLOBAL_CTRL), 0x70000000Full);
	assert_int_equal(rd_on(&b, 0, MSR_IA32_FIXED_CTR_CTRL), 0x30);
	run_cycles(m, 0, st, 2, 2);
	assert_int_equal(rd_on(&b, 0, MSR_IA32_FIXED_CTR0 + 1), 0x1013);
	free(m);
}

/*
 * Nehalem-EX: firmware left U_PMON_GLOBAL_CTRL = EN_ALL | PMI_CORE_SEL bit 1 =
 * 0x10000002 and M-box 1 counter 5 counting MBOX_CLOCKTICKS from 0x100. The run
 * uses the U-box counter and M-box 0 counter 0. Global gate: found F = 0x10000002,
 * run bits EN_ALL, counter bit 0: ours = 1 | (EN_ALL & ~F) = 1, stop = F & ~1 =
 * 0x10000002, start = F | 1 = 0x10000003. M-box 0 BOX_CTRL: found 0, ours = 1.
 * Firmware's counter counts every cycle: 5 + 10 + 5 + 3 = 23 -> 0x117.
 */
static void test_nhmex_global_keeps_firmware_box_counting(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ex", 2, 1, &b);
	static struct uncore_session s;
	UNC_TABLES(s, TEST_UNC_EVENTS);
	struct pmu_event_req r[2] = {
		unc_req(box(UNCORE_NHM_EX, "uncore_ubox"), 0x02),
		unc_req(box(UNCORE_NHM_EX, "uncore_mbox_0"), 0x1B << 9),
	};
	const struct model_stim st[3] = {
		{ MODEL_UNC_STIM(MODEL_UNC_EX_M1, 0x1B, MODEL_MBOX_INC), 1 },
		{ MODEL_UNC_STIM(MODEL_UNC_EX_M0, 0x1B, MODEL_MBOX_INC), 1 },
		{ MODEL_UNC_STIM(MODEL_UNC_EX_U, 0x02, 0), 2 },
	};
	assert_int_equal(uncore_plan(&s, UNCORE_NHM_EX, r, 2), PMU_OK);
	assert_int_equal(uncore_program(&s, &b, 0, 0), PMU_OK);
	assert_int_equal(rd_on(&b, 0, 0xC00), 0x10000002);
	assert_int_equal(rd_on(&b, 0, 0xCA0), 0);
	run_cycles(m, 1, st, 3, 5);
	assert_int_equal(uncore_start(&s), PMU_OK);
	assert_int_equal(rd_on(&b, 0, 0xC00), 0x10000003);
	assert_int_equal(rd_on(&b, 0, 0xCA0), 1);
	run_cycles(m, 1, st, 3, 10);
	assert_int_equal(uncore_stop(&s), PMU_OK);
	assert_int_equal(rd_on(&b, 0, 0xC00), 0x10000002);
	run_cycles(m, 1, st, 3, 5);
	assert_int_equal(uncore_read(&s), PMU_OK);
	assert_int_equal(s.ev[0].delta, 20);
	assert_int_equal(s.ev[1].delta, 10);
	assert_int_equal(uncore_restore(&s), PMU_OK);
	assert_int_equal(rd_on(&b, 0, 0xC00), 0x10000002);
	assert_int_equal(rd_on(&b, 0, 0xCE0), 0x20);
	assert_int_equal(rd_on(&b, 0, 0xCFA), 0x1B << 9 | 1);
	run_cycles(m, 1, st, 3, 3);
	assert_int_equal(rd_on(&b, 0, 0xCFB), 0x117);
	const struct own_reg *g = own_find_const(s.saved, s.nsaved, 0xC00);
	assert_non_null(g);
	assert_int_equal(g->ours, 1);
	assert_int_equal(g->scope, OWN_PACKAGE);
	free(m);
}

/*
 * NHM client: firmware's PMC7 counts UNC_QMC_NORMAL_READS.ANY (0x2C/0x07) from 0x5000 with
 * GLOBAL_CTRL = 0x80. The run takes counter 0 and the fixed counter: ours = bit 0 | bit 32,
 * stop = 0x80, start = 0x100000081. Three reads a cycle for 5 + 10 + 5 cycles: 0x5000 + 60.
 */
static void test_nhm_global_keeps_firmware_counter(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("westmere-ep", 2, 1, &b);
	static struct uncore_session s;
	UNC_TABLES(s, TEST_UNC_EVENTS);
	const struct box_desc *d = box(UNCORE_NHM_CLIENT, "uncore");
	struct pmu_event_req r[2] = { unc_req(d, 0x0120), unc_req(d, 0) };
	r[1].fixed = 0;
	const struct model_stim st[2] = { { MODEL_UNC_STIM(MODEL_UNC_NHM, 0x2C, 0x07), 3 },
					  { MODEL_UNC_STIM(MODEL_UNC_NHM, 0x20, 0x01), 1 } };
	assert_int_equal(uncore_plan(&s, UNCORE_NHM_CLIENT, r, 2), PMU_OK);
	assert_int_equal(uncore_program(&s, &b, 0, 0), PMU_OK);
	assert_int_equal(rd_on(&b, 0, 0x391), 0x80);
	run_cycles(m, 0, st, 2, 5);
	assert_int_equal(uncore_start(&s), PMU_OK);
	assert_int_equal(rd_on(&b, 0, 0x391), 0x100000081ull);
	run_cycles(m, 0, st, 2, 10);
	assert_int_equal(uncore_stop(&s), PMU_OK);
	assert_int_equal(rd_on(&b, 0, 0x391), 0x80);
	run_cycles(m, 0, st, 2, 5);
	assert_int_equal(uncore_read(&s), PMU_OK);
	assert_int_equal(s.ev[0].delta, 10);
	assert_int_equal(s.ev[1].delta, 10);
	assert_int_equal(uncore_restore(&s), PMU_OK);
	assert_int_equal(rd_on(&b, 0, 0x391), 0x80);
	assert_int_equal(rd_on(&b, 0, 0x3C7), 0x40072C);
	assert_int_equal(rd_on(&b, 0, 0x3B7), 0x5000 + 60);
	free(m);
}

/*
 * SNB-EP: a C-box 0 event with its filter, and firmware's C-box 7 counter 3 counting
 * clockticks from 0x2000. The filter comes back to firmware's 0x7C0000; C-box 7 is never
 * frozen: 4 + 6 + 2 cycles -> 0x200C.
 */
static void test_snbep_filter_and_other_box_left_alone(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	static struct uncore_session s;
	UNC_TABLES(s, TEST_UNC_EVENTS);
	struct pmu_event_req r = unc_req(box(UNCORE_SNB_EP, "uncore_cbox_0"), 0x0334);
	r.extra_msr = 0xD14;
	r.extra_msr_val = 0x3;
	const struct model_stim st[1] = { { MODEL_UNC_STIM(MODEL_UNC_SNBEP_C0 + 7, 0, 0), 1 } };
	model_clear_log(m);
	assert_int_equal(uncore_plan(&s, UNCORE_SNB_EP, &r, 1), PMU_OK);
	assert_int_equal(uncore_program(&s, &b, 0, 0), PMU_OK);
	assert_int_equal(rd_on(&b, 0, 0xD14), 0x3);
	run_cycles(m, 0, st, 1, 4);
	assert_int_equal(uncore_start(&s), PMU_OK);
	run_cycles(m, 0, st, 1, 6);
	assert_int_equal(uncore_stop(&s), PMU_OK);
	assert_int_equal(uncore_read(&s), PMU_OK);
	assert_int_equal(uncore_restore(&s), PMU_OK);
	run_cycles(m, 0, st, 1, 2);
	assert_int_equal(rd_on(&b, 0, 0xD14), 0x7C0000);
	assert_int_equal(rd_on(&b, 0, 0xDF9), 0x200C);
	uint64_t last = 0;
	assert_int_equal(writes_of(m, 0, 0xDE4, &last), 0);   /* C-box 7's control: never written */
	free(m);
}

/*
 * Two sibling threads of one Nehalem core both count OFFCORE_RESPONSE_0 with
 * OFFCORE_RSP_0 = 0xF811, windows overlapping as in a synchronised run. The
 * owner (CPU 0, own_core_owner) saves firmware's 0x11, writes 0xF811 and puts
 * 0x11 back: two writes in all; the sibling never writes the register, and its
 * records do not hold it, so nothing can restore the owner's programmed value.
 */
static void test_offcore_once_per_core(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 2, 1, &b);
	static struct cpu_info ci[2];
	static struct core_snapshot snap[2];
	static struct core_session s[2];
	struct cpuset all;
	struct pmu_event_req q = { .name = "offcore", .config = 0x01B7 | SEL_USR_OS, .fixed = -1,
				   .counter_mask = 0xF, .extra_msr = MSR_OFFCORE_RSP_0,
				   .extra_msr_val = 0xF811 };
	const struct model_stim st[1] = { { 0x01B7, 1 } };
	cpuset_fill(&all);
	for (unsigned c = 0; c < 2; c++) {
		assert_int_equal(model_place_core(m, c, 0), PMU_OK);
		assert_int_equal(pmu_discover(&b, c, &ci[c]), PMU_OK);
		ci[c].index = c;
		ci[c].enabled = true;
		ci[c].package = 0;
		ci[c].core = 0;
		ci[c].thread = c;
	}
	model_clear_log(m);
	for (unsigned c = 0; c < 2; c++) {
		assert_int_equal(own_core_owner(ci, 2, &all, c), 0);
		assert_int_equal(core_snapshot(&b, c, &ci[c], &snap[c]), PMU_OK);
		assert_int_equal(core_prepare(&s[c], &b, c, &snap[c], &q, 1, false), PMU_OK);
		assert_int_equal(core_own_core_scope(&s[c], own_core_owner(ci, 2, &all, c) == c), PMU_OK);
	}
	assert_int_equal(core_program(&s[0]), PMU_OK);
	assert_int_equal(core_program(&s[1]), PMU_OK);
	assert_int_equal(rd_on(&b, 1, MSR_OFFCORE_RSP_0), 0xF811);   /* the sibling sees the owner's */
	for (unsigned c = 0; c < 2; c++)
		assert_int_equal(core_start(&s[c]), PMU_OK);
	run_cycles(m, 0, st, 1, 7);
	run_cycles(m, 1, st, 1, 5);
	for (unsigned c = 0; c < 2; c++) {
		assert_int_equal(core_stop(&s[c]), PMU_OK);
		assert_int_equal(core_read(&s[c]), PMU_OK);
	}
	assert_int_equal(s[0].ctr[0].delta, 7);
	assert_int_equal(s[1].ctr[0].delta, 5);
	assert_int_equal(core_restore(&s[1]), PMU_OK);
	assert_int_equal(core_restore(&s[0]), PMU_OK);

	const struct own_reg *r = own_find_const(s[0].own, s[0].n_own, MSR_OFFCORE_RSP_0);
	assert_non_null(r);
	assert_int_equal(r->orig, 0x11);
	assert_int_equal(r->scope, OWN_CORE);
	assert_null(own_find_const(s[1].own, s[1].n_own, MSR_OFFCORE_RSP_0));
	uint64_t last = 0;
	assert_int_equal(writes_of(m, 0, MSR_OFFCORE_RSP_0, &last), 2);
	assert_int_equal(last, 0x11);
	assert_int_equal(writes_of(m, 1, MSR_OFFCORE_RSP_0, &last), 0);
	assert_int_equal(rd_on(&b, 1, MSR_OFFCORE_RSP_0), 0x11);
	free(m);
}

/*
 * CPU 1 programs and never restores (it "timed out"). The boot CPU keeps a copy of
 * its records and replays them for CPU 1, through another backend in front of the
 * same model: CPU 1's registers are as found, CPU 0's untouched, and the replay
 * wrote exactly the records marked written, each to the value found. A second
 * replay writes the same again.
 */
static void test_restore_replayed_from_copy(void **state)
{
	(void)state;
	struct pmu_backend b, fb;
	struct filter_backend f;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	static struct cpu_info ci;
	static struct core_snapshot snap;
	static struct core_session s;
	static struct own_reg copy[CORE_MAX_OWN];
	struct pmu_event_req q[3];
	unsigned n = 0;
	struct evspec_error err;

	assert_int_equal(pmu_discover(&b, 1, &ci), PMU_OK);
	assert_int_equal(evspec_parse_list(&ci, test_boxes_of(&ci), "instructions,ref-cycles,branches", q, 3, &n, &err), PMU_OK);
	struct model_image *im = model_image_take(m);
	assert_int_equal(core_snapshot(&b, 1, &ci, &snap), PMU_OK);
	assert_int_equal(core_prepare(&s, &b, 1, &snap, q, n, false), PMU_OK);
	assert_int_equal(core_set_preload(&s, 2, 0x1234), PMU_OK);
	assert_int_equal(core_program(&s), PMU_OK);
	assert_int_equal(core_start(&s), PMU_OK);
	memcpy(copy, s.own, sizeof(copy));
	unsigned ncopy = s.n_own;

	filter_backend_init(&f, &b, filter_no_faults, NULL, &fb);
	model_clear_log(m);
	assert_int_equal(own_restore(copy, ncopy, &fb, 1, NULL), PMU_OK);
	model_image_expect(im, m, "replayed restore", NULL);
	assert_int_equal(model_write_count(m, 0), 0);
	unsigned written = own_written_count(copy, ncopy), first_len = m->log_len[1];
	/* PMC0 (through A_PMC0), FIXED_CTR0, FIXED_CTR2, PERFEVTSEL0, FIXED_CTR_CTRL, GLOBAL_CTRL */
	assert_int_equal(ncopy, 6);
	assert_int_equal(written, 6);
	for (unsigned i = 0; i < ncopy; i++) {
		uint64_t last = 0;
		uint32_t msr = copy[i].wr_msr ? copy[i].wr_msr : copy[i].msr;
		if (!copy[i].written)
			continue;
		assert_true(writes_of(m, 1, msr, &last) >= 1);
		assert_int_equal(last, copy[i].orig);
	}
	assert_int_equal(own_restore(copy, ncopy, &fb, 1, NULL), PMU_OK);
	assert_int_equal(m->log_len[1], 2 * first_len);
	model_image_expect(im, m, "replayed twice", NULL);
	free(im);
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_model_firmware_states),
		cmocka_unit_test(test_model_offcore_scope),
		cmocka_unit_test(test_core_keeps_firmware_counting),
		cmocka_unit_test(test_nhmex_global_keeps_firmware_box_counting),
		cmocka_unit_test(test_nhm_global_keeps_firmware_counter),
		cmocka_unit_test(test_snbep_filter_and_other_box_left_alone),
		cmocka_unit_test(test_offcore_once_per_core),
		cmocka_unit_test(test_restore_replayed_from_copy),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
