/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The dry-run overlay: the core and uncore engines run their full sequence
 * through it and the model under it sees no write at all, while the record
 * holds exactly the writes a real run makes on a second, identical model.
 */
#include <pthread.h>
#include "testutil.h"
#include "boxes.h"
#include "pmu/core_engine.h"
#include "pmu/dryrun.h"
#include "pmu/evspec.h"
#include "hw/msr.h"
#include "pmu/uncore.h"
#include "uncore_tables.h"

#define CAP 512
#define NCPU 4

struct rig {
	struct model *m;
	struct pmu_backend sim, dry;
	struct dryrun d;
	struct dryrun_cpu cpu[NCPU];
	struct dryrun_write w[NCPU][CAP];
};

static struct rig *rig_new(const char *profile, unsigned cap)
{
	struct rig *r = calloc(1, sizeof(*r));
	assert_non_null(r);
	r->m = test_model(profile, NCPU, 1, &r->sim);
	for (unsigned i = 0; i < NCPU; i++)
		dryrun_cpu_init(&r->cpu[i], r->w[i], cap);
	dryrun_init(&r->d, &r->sim, r->cpu, NCPU, &r->dry);
	return r;
}

static void rig_free(struct rig *r)
{
	free(r->m);
	free(r);
}

/* The model's logged writes of cpu must be exactly the dry-run record of cpu. */
static void expect_same_writes(const struct model *real, const struct dryrun_cpu *c, unsigned cpu)
{
	unsigned k = 0;
	assert_false(real->log_overflow[cpu]);
	assert_false(c->overflow);
	for (unsigned i = 0; i < real->log_len[cpu]; i++) {
		const struct model_access *a = &real->log[cpu][i];
		if (a->op != MOP_WRMSR)
			continue;
		assert_true(k < c->n);
		if (a->msr != c->w[k].msr || a->val != c->w[k].value)
			fail_msg("write %u: model wrmsr 0x%x <- 0x%llx, dry run 0x%x <- 0x%llx", k, a->msr,
				 (unsigned long long)a->val, c->w[k].msr, (unsigned long long)c->w[k].value);
		k++;
	}
	assert_int_equal(k, c->n);
}

/* Firmware state both models start from: a counter in use, a preset fixed control. */
static void firmware_state(const struct pmu_backend *b, unsigned cpu)
{
	assert_int_equal(pmu_wrmsr(b, cpu, MSR_IA32_PERFEVTSEL0 + 3, 0x4300C4), PMU_OK);
	assert_int_equal(pmu_wrmsr(b, cpu, MSR_IA32_PMC0 + 3, 1234), PMU_OK);
}

static uint64_t no_kernel(const void *arg)
{
	(void)arg;
	return 0;
}

/* Discovery, snapshot, prepare, then core_measure: program, start, stop, read, restore (as the app). */
static pmu_status core_run(const struct pmu_backend *b, unsigned cpu, const char *events,
			   struct core_session *s)
{
	struct cpu_info ci;
	struct core_snapshot snap;
	struct pmu_event_req reqs[CORE_MAX_EVENTS];
	struct evspec_error err;
	unsigned n = 0;
	pmu_status st = pmu_discover(b, cpu, &ci);
	if (!st)
		st = evspec_parse_list(&ci, test_boxes_of(&ci), events, reqs, CORE_MAX_EVENTS, &n, &err);
	if (!st)
		st = core_snapshot(b, cpu, &ci, &snap);
	if (!st)
		st = core_prepare(s, b, cpu, &snap, reqs, n, true);
	if (!st)
		st = core_set_preload(s, 0, 100);
	return st ? st : core_measure(s, no_kernel, NULL);
}

static const char *const core_profiles[] = {
	"nehalem-ep", "westmere-ep", "nehalem-ex", "westmere-ex", "sandy-bridge-ep",
};

#define CORE_EVENTS "instructions,cycles,ref-cycles,branches,branch-misses,cache-misses"

/* How many writes to msr the dry-run record of c holds. */
static unsigned dry_writes_to(const struct dryrun_cpu *c, uint32_t msr)
{
	unsigned n = 0;
	for (unsigned i = 0; i < c->n; i++)
		n += c->w[i].msr == msr;
	return n;
}

/* events on CPU 1 of profile through the overlay and on a second model: the same writes. */
static void core_dry_equals_real(const char *profile, const char *events, struct rig **out)
{
	static struct core_session s_dry, s_real;
	struct rig *r = rig_new(profile, CAP);
	struct pmu_backend rb;
	struct model *real = test_model(profile, NCPU, 1, &rb);
	firmware_state(&r->sim, 1);
	firmware_state(&rb, 1);
	model_clear_log(r->m);
	model_clear_log(real);

	assert_int_equal(core_run(&r->dry, 1, events, &s_dry), PMU_OK);
	assert_int_equal(core_run(&rb, 1, events, &s_real), PMU_OK);
	assert_int_equal(model_total_writes(r->m), 0);
	assert_true(model_write_count(real, 1) > 10);
	expect_same_writes(real, &r->cpu[1], 1);
	assert_int_equal(r->cpu[0].n, 0);
	/* The engine saw its own writes: read-backs of the preload matched. */
	assert_int_equal(s_dry.ctr[0].start, s_real.ctr[0].start);
	free(real);
	*out = r;
}

static void test_core_engine_dry_equals_real(void **state)
{
	(void)state;
	for (unsigned p = 0; p < sizeof(core_profiles) / sizeof(core_profiles[0]); p++) {
		struct rig *r;
		core_dry_equals_real(core_profiles[p], CORE_EVENTS, &r);
		rig_free(r);
	}
}

/*
 * Events with auxiliary MSRs: the record holds each register's program and restore
 * (OFFCORE_RSP_1 where a second offcore value moves to it).
 */
static void test_aux_msrs_dry_equals_real(void **state)
{
	(void)state;
	static const struct { const char *profile, *events; uint32_t msrs[3]; } t[] = {
		{ "nehalem-ep", "MEM_INST_RETIRED.LATENCY_ABOVE_THRESHOLD_16,"
		  "cpu/event=0xb7,umask=1,offcore_rsp=0xf811/", { 0x1A6, 0x3F6 } },
		{ "westmere-ep", "cpu/event=0xb,umask=0x10,ldlat=9/,cpu/event=0xb7,umask=1/,"
		  "cpu/event=0xb7,umask=1,offcore_rsp=0x1011/", { 0x1A6, 0x1A7, 0x3F6 } },
		{ "sandy-bridge-ep", "MEM_TRANS_RETIRED.LOAD_LATENCY_GT_16,cpu/event=0xbb,umask=1/,"
		  "OFFCORE_RESPONSE.DEMAND_DATA_RD.LLC_MISS.LOCAL_DRAM", { 0x1A6, 0x1A7, 0x3F6 } },
	};
	for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct rig *r;
		core_dry_equals_real(t[i].profile, t[i].events, &r);
		for (unsigned k = 0; k < 3; k++)
			if (t[i].msrs[k] && dry_writes_to(&r->cpu[1], t[i].msrs[k]) != 2)
				fail_msg("%s: %#x written %u times", t[i].profile, t[i].msrs[k],
					 dry_writes_to(&r->cpu[1], t[i].msrs[k]));
		assert_int_equal(dry_writes_to(&r->cpu[1], 0x1A7), t[i].msrs[1] == 0x1A7 ? 2 : 0);
		rig_free(r);
	}
}

struct uncore_case {
	const char *profile;
	enum uncore_family fam;
	const char *box[2];
	uint64_t config[2];
};

static const struct uncore_case uncore_cases[] = {
	{ "nehalem-ep", UNCORE_NHM_CLIENT, { "uncore", "uncore" }, { 0x0120, 0x072C } },
	{ "westmere-ex", UNCORE_NHM_EX, { "uncore_ubox", "uncore_mbox_0" }, { 0x05, 0x41 | 3 << 9 } },
	{ "sandy-bridge-ep", UNCORE_SNB_EP, { "uncore_cbox_0", "uncore_pcu" }, { 0x0334, 0x0B } },
};

static pmu_status uncore_run(const struct pmu_backend *b, unsigned cpu, const struct uncore_case *c,
			     struct uncore_session *s)
{
	struct pmu_event_req r[2];
	memset(r, 0, sizeof(r));
	for (unsigned i = 0; i < 2; i++) {
		r[i].box = family_box(c->fam, c->box[i], strlen(c->box[i]));
		assert_non_null(r[i].box);
		r[i].config = c->config[i];
		r[i].fixed = -1;
	}
	pmu_status st = uncore_plan(s, c->fam, r, 2);
	if (!st)
		st = uncore_set_preload(s, 1, 7);
	if (!st)
		st = uncore_program(s, b, cpu, 0);
	if (!st)
		st = uncore_start(s);
	if (!st)
		st = uncore_stop(s);
	if (!st)
		st = uncore_read(s);
	pmu_status rst = uncore_restore(s);
	return st ? st : rst;
}

static void test_uncore_engine_dry_equals_real(void **state)
{
	(void)state;
	static struct uncore_session s_dry, s_real;
	UNC_TABLES(s_dry, TEST_UNC_EVENTS);
	UNC_TABLES(s_real, TEST_UNC_EVENTS);
	for (unsigned k = 0; k < sizeof(uncore_cases) / sizeof(uncore_cases[0]); k++) {
		const struct uncore_case *c = &uncore_cases[k];
		struct rig *r = rig_new(c->profile, CAP);
		struct pmu_backend rb;
		struct model *real = test_model(c->profile, NCPU, 1, &rb);
		model_clear_log(r->m);
		model_clear_log(real);
		assert_int_equal(uncore_run(&r->dry, 2, c, &s_dry), PMU_OK);
		assert_int_equal(uncore_run(&rb, 2, c, &s_real), PMU_OK);
		assert_int_equal(model_total_writes(r->m), 0);
		assert_true(model_write_count(real, 2) >= 6);
		expect_same_writes(real, &r->cpu[2], 2);
		assert_int_equal(s_dry.ev[1].start, 7);
		free(real);
		rig_free(r);
	}
}

static uint64_t rd(const struct pmu_backend *b, unsigned cpu, uint32_t msr)
{
	uint64_t v = 0xdead;
	assert_int_equal(pmu_rdmsr(b, cpu, msr, &v), PMU_OK);
	return v;
}

static void test_overlay_reads(void **state)
{
	(void)state;
	struct rig *r = rig_new("sandy-bridge-ep", CAP);
	assert_string_equal(r->dry.name, "dry-run over sim");
	assert_true(r->dry.simulated);
	assert_int_equal(pmu_wrmsr(&r->sim, 0, MSR_IA32_PERFEVTSEL0, 0x4100C0), PMU_OK);
	model_clear_log(r->m);

	assert_int_equal(pmu_wrmsr(&r->dry, 0, MSR_IA32_PERFEVTSEL0, 0x43003C), PMU_OK);
	assert_int_equal(pmu_wrmsr(&r->dry, 0, MSR_IA32_PERFEVTSEL0, 0x53003C), PMU_OK);
	assert_int_equal(rd(&r->dry, 0, MSR_IA32_PERFEVTSEL0), 0x53003C);   /* the latest write */
	assert_int_equal(rd(&r->dry, 1, MSR_IA32_PERFEVTSEL0), 0);          /* other CPU: the model */
	assert_int_equal(rd(&r->sim, 0, MSR_IA32_PERFEVTSEL0), 0x4100C0);   /* the model kept its own */
	assert_int_equal(r->cpu[0].n, 2);
	assert_int_equal(r->cpu[0].w[0].was, 0x4100C0);   /* first: the model's value */
	assert_int_equal(r->cpu[0].w[1].was, 0x43003C);   /* then the overlay's */
	assert_int_equal(r->cpu[0].w[1].was_st, PMU_OK);

	/* A full-width write and the legacy counter are one register; rdpmc sees it too. */
	assert_int_equal(pmu_wrmsr(&r->dry, 0, MSR_IA32_A_PMC0 + 1, 0x123456789aull), PMU_OK);
	assert_int_equal(rd(&r->dry, 0, MSR_IA32_PMC0 + 1), 0x123456789aull);
	uint64_t v = 0;
	assert_int_equal(pmu_rdpmc(&r->dry, 0, 1, &v), PMU_OK);
	assert_int_equal(v, 0x123456789aull);
	assert_int_equal(pmu_wrmsr(&r->dry, 0, MSR_IA32_FIXED_CTR0 + 2, 77), PMU_OK);
	assert_int_equal(pmu_rdpmc(&r->dry, 0, (1u << 30) | 2, &v), PMU_OK);
	assert_int_equal(v, 77);
	/* Not overlaid: rdpmc and cpuid reach the model. */
	assert_int_equal(pmu_wrmsr(&r->sim, 0, MSR_IA32_PMC0 + 2, 55), PMU_OK);
	assert_int_equal(pmu_rdpmc(&r->dry, 0, 2, &v), PMU_OK);
	assert_int_equal(v, 55);
	struct pmu_cpuid a, b;
	assert_int_equal(pmu_cpuid(&r->dry, 0, 0xA, 0, &a), PMU_OK);
	assert_int_equal(pmu_cpuid(&r->sim, 0, 0xA, 0, &b), PMU_OK);
	assert_memory_equal(&a, &b, sizeof(a));
	assert_int_equal(model_write_count(r->m, 0), 1);   /* only the direct PMC2 write above */
	rig_free(r);
}

static void test_faults_full_and_range(void **state)
{
	(void)state;
	struct rig *r = rig_new("nehalem-ep", 3);
	/* An MSR that does not exist faults on read: the write reports it and is still recorded. */
	assert_int_equal(pmu_wrmsr(&r->dry, 0, 0x12345, 1), PMU_ERR_FAULT_GP);
	assert_int_equal(r->cpu[0].n, 1);
	assert_int_equal(r->cpu[0].w[0].was_st, PMU_ERR_FAULT_GP);
	assert_int_equal(model_inject_fault(r->m, MSR_IA32_PERFEVTSEL0, 0), PMU_OK);
	assert_int_equal(pmu_wrmsr(&r->dry, 0, MSR_IA32_PERFEVTSEL0, 1), PMU_ERR_FAULT_GP);
	assert_int_equal(pmu_wrmsr(&r->dry, 0, MSR_IA32_PERFEVTSEL0 + 1, 1), PMU_OK);
	/* Full: refused, flagged, and still nothing reaches the model. */
	assert_int_equal(pmu_wrmsr(&r->dry, 0, MSR_IA32_PERFEVTSEL0 + 2, 1), PMU_ERR_NOSPACE);
	assert_true(r->cpu[0].overflow);
	assert_int_equal(r->cpu[0].n, 3);
	assert_false(r->cpu[1].overflow);
	uint64_t v;
	assert_int_equal(pmu_wrmsr(&r->dry, NCPU, MSR_IA32_PERFEVTSEL0, 1), PMU_ERR_INVALID);
	assert_int_equal(pmu_rdmsr(&r->dry, NCPU, MSR_IA32_PERFEVTSEL0, &v), PMU_ERR_INVALID);
	assert_int_equal(pmu_rdpmc(&r->dry, NCPU, 0, &v), PMU_ERR_INVALID);
	assert_int_equal(model_total_writes(r->m), 0);
	rig_free(r);
}

/* Every CPU runs the core engine through the overlay at once, as the APs do. */
struct thread_arg {
	struct rig *r;
	unsigned cpu;
	pmu_status st;
	struct core_session s;
};

static void *thread_run(void *p)
{
	struct thread_arg *t = p;
	t->st = core_run(&t->r->dry, t->cpu, CORE_EVENTS, &t->s);
	return NULL;
}

static void test_concurrent_cpus(void **state)
{
	(void)state;
	struct rig *r = rig_new("westmere-ep", CAP);
	static struct thread_arg t[NCPU];
	pthread_t th[NCPU];
	model_clear_log(r->m);
	for (unsigned i = 0; i < NCPU; i++) {
		t[i].r = r;
		t[i].cpu = i;
		assert_int_equal(pthread_create(&th[i], NULL, thread_run, &t[i]), 0);
	}
	for (unsigned i = 0; i < NCPU; i++)
		assert_int_equal(pthread_join(th[i], NULL), 0);
	for (unsigned i = 0; i < NCPU; i++) {
		assert_int_equal(t[i].st, PMU_OK);
		assert_int_equal(r->cpu[i].n, r->cpu[0].n);
		assert_memory_equal(r->cpu[i].w, r->cpu[0].w, r->cpu[0].n * sizeof(r->cpu[0].w[0]));
	}
	assert_true(r->cpu[0].n > 10);
	assert_int_equal(model_total_writes(r->m), 0);
	rig_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_core_engine_dry_equals_real),
		cmocka_unit_test(test_aux_msrs_dry_equals_real),
		cmocka_unit_test(test_uncore_engine_dry_equals_real),
		cmocka_unit_test(test_overlay_reads),
		cmocka_unit_test(test_faults_full_and_range),
		cmocka_unit_test(test_concurrent_cpus),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
