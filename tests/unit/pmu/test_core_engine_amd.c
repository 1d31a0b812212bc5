/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The core engine on AMD's descriptors against the model's AMD device: event specs as a
 * user writes them (perf names, cpu/event=/, r...) through evspec and the engine, the
 * exact writes with PerfMonV2's single-write window (zen4) and with the per-counter EN
 * gate (zen2), full-width preloads, refusals with nothing written. MSR numbers are the
 * APM's (vol. 2 13.2), spelled out here.
 */
#include "testutil.h"
#include "boxes.h"
#include "pmu/core_engine.h"
#include "pmu/evspec.h"

#define CTL(n) (0xC0010200u + 2 * (n))
#define CTR(n) (0xC0010201u + 2 * (n))
#define G_STATUS 0xC0000300u
#define G_CTL 0xC0000301u
#define G_CLR 0xC0000302u
#define G_SET 0xC0000303u
#define EN (1ull << 22)
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

struct amd {
	struct model *m;
	struct pmu_backend b;
	struct cpu_info ci;
	struct core_snapshot snap;
	struct core_session s;
	struct pmu_event_req q[CORE_MAX_EVENTS];
	unsigned n;
	struct evspec_error err;
};

static struct amd *amd_new(const char *profile)
{
	struct amd *a = calloc(1, sizeof(*a));
	assert_non_null(a);
	a->m = test_model_clean(profile, 1, 1, &a->b);
	assert_int_equal(pmu_discover(&a->b, 0, &a->ci), PMU_OK);
	assert_int_equal(core_snapshot(&a->b, 0, &a->ci, &a->snap), PMU_OK);
	model_clear_log(a->m);
	return a;
}

/* The specs through evspec, then core_prepare: the first error. */
static pmu_status amd_prepare(struct amd *a, const char *specs)
{
	pmu_status st = evspec_parse_list(&a->ci, test_boxes_of(&a->ci), specs, a->q, CORE_MAX_EVENTS, &a->n, &a->err);
	return st ? st : core_prepare(&a->s, &a->b, 0, &a->snap, a->q, a->n, false);
}

static uint64_t retire(const void *arg)
{
	struct model *m = (struct model *)arg;
	struct model_stim s[] = { { 0x00C0, 1 }, { 0x003C, 1 } };
	struct model_cycle c = { 0, s, NELEM(s) };
	for (unsigned i = 0; i < 100; i++)
		model_run_cycle(m, 0, &c);
	return 100;
}

struct wr {
	uint32_t msr;
	uint64_t val;
};

static void assert_writes(const struct amd *a, const struct wr *w, unsigned n)
{
	unsigned j = 0;
	for (unsigned i = 0; i < a->m->log_len[0]; i++) {
		const struct model_access *x = &a->m->log[0][i];
		if (x->op != MOP_WRMSR)
			continue;
		if (j >= n || x->msr != w[j].msr || x->val != w[j].val)
			fail_msg("write %u: %#x = %#llx, expected %#x = %#llx", j, x->msr,
				 (unsigned long long)x->val, j < n ? w[j].msr : 0,
				 (unsigned long long)(j < n ? w[j].val : 0));
		j++;
	}
	assert_int_equal(j, n);
}

/* PerfMonV2: EN set while PerfCntrGlobalCtl holds it off; one GlobalCtl write each way. */
static void test_zen4_global_window(void **state)
{
	(void)state;
	struct amd *a = amd_new("zen4");
	assert_int_equal(amd_prepare(a, "instructions,cycles"), PMU_OK);
	assert_int_equal(a->s.gate.n, 1);
	assert_int_equal(a->s.gate.msr[0], G_CTL);
	assert_int_equal(core_measure(&a->s, retire, a->m), PMU_OK);
	/* the kernel's 100 and the window's own MODEL_GATE_INSTS, counted by both */
	assert_int_equal(a->s.ctr[0].delta, 100 + MODEL_GATE_INSTS);
	assert_int_equal(a->s.ctr[1].delta, 100 + MODEL_GATE_INSTS);
	const struct wr expect[] = {
		{G_CTL, 0},	    {CTR(1), 0},	{CTR(0), 0},
		{CTL(1), 0x4300C0}, {CTL(0), 0x430076}, /* EN set, GlobalCtl holds them */
		{G_CLR, 0x3},	    {G_CTL, 0x3},	{G_CTL, 0}, /* the window */
		{G_CTL, 0},	    {CTL(1), 0},	{CTL(0), 0}, /* restore */
		{CTR(0), 0},	    {CTR(1), 0},
	};
	assert_writes(a, expect, NELEM(expect));
	free(a->m);
	free(a);
}

/*
 * Overflow bits firmware left in PerfCntrGlobalStatus for the counters the run takes are
 * cleared for the window and set again through PerfCntrGlobalStatusSet at restore; a bit
 * of a counter the run leaves alone is never touched.
 */
static void test_zen4_status_put_back(void **state)
{
	(void)state;
	struct amd *a = amd_new("zen4");
	assert_int_equal(pmu_wrmsr(&a->b, 0, G_SET, 0x23), PMU_OK);   /* counters 0, 1 and 5 */
	assert_int_equal(core_snapshot(&a->b, 0, &a->ci, &a->snap), PMU_OK);
	model_clear_log(a->m);
	assert_int_equal(amd_prepare(a, "instructions,cycles"), PMU_OK);
	assert_int_equal(core_measure(&a->s, retire, a->m), PMU_OK);
	assert_int_equal(a->s.status_cleared, 0x3);
	uint64_t v = 0;
	assert_int_equal(pmu_rdmsr(&a->b, 0, G_STATUS, &v), PMU_OK);
	assert_int_equal(v, 0x23);
	unsigned sets = 0;
	for (unsigned i = 0; i < a->m->log_len[0]; i++) {
		const struct model_access *x = &a->m->log[0][i];
		if (x->op == MOP_WRMSR && x->msr == G_SET) {
			assert_int_equal(x->val, 0x3);
			sets++;
		}
	}
	assert_int_equal(sets, 1);
	free(a->m);
	free(a);
}

/* Without PerfMonV2: PERF_CTL written without EN, then EN on and off counter by counter. */
static void test_zen2_per_counter_window(void **state)
{
	(void)state;
	struct amd *a = amd_new("zen2");
	assert_int_equal(amd_prepare(a, "cpu/event=0xc0/,r4300c2"), PMU_ERR_INVALID);
	assert_string_equal(a->err.msg, "field 'en' is set by efipmu");
	assert_int_equal(amd_prepare(a, "cpu/event=0xc0/,r0300c2"), PMU_OK);
	assert_int_equal(a->s.gate.n, 2);
	assert_int_equal(core_measure(&a->s, retire, a->m), PMU_OK);
	assert_int_equal(a->s.ctr[0].delta, 100);   /* no single window write: none of its own */
	const struct wr expect[] = {
		{ CTR(1), 0 }, { CTR(0), 0 },
		{ CTL(1), 0x0300C0 }, { CTL(0), 0x0300C2 },
		{ CTL(1), 0x4300C0 }, { CTL(0), 0x4300C2 },          /* start */
		{ CTL(1), 0x0300C0 }, { CTL(0), 0x0300C2 },          /* stop */
		{ CTL(1), 0 }, { CTL(0), 0 }, { CTR(0), 0 }, { CTR(1), 0 },
	};
	assert_writes(a, expect, NELEM(expect));
	for (unsigned i = 0; i < a->m->log_len[0]; i++)
		assert_true(a->m->log[0][i].msr >= 0xC0000000u);
	free(a->m);
	free(a);
}

/* AMD's perf names and 12-bit events; what has no AMD equivalent or is kept 0 is refused. */
static void test_specs_on_amd(void **state)
{
	(void)state;
	static const struct {
		const char *spec;
		pmu_status st;
		uint64_t config;
		const char *msg;
	} c[] = {
		{ "cycles", PMU_OK, 0x30076, NULL },
		{ "branch-misses", PMU_OK, 0x300C3, NULL },
		{ "cpu/event=0x1c0,umask=2/", PMU_OK, 0x1000302C0ull, NULL },
		{ "r1000300c0", PMU_OK, 0x1000300C0ull, NULL },
		{ "ref-cycles", PMU_ERR_UNSUPPORTED, 0,
		 "event 'ref-cycles' has no equivalent on this "
		 "CPU's core PMU (amd-perfctr-ext)" },
		{ "cpu/event=0xc0,hostonly/", PMU_ERR_UNSUPPORTED, 0,
		 "field 'hostonly' is refused: "
		 "efipmu runs before any hypervisor and keeps HostOnly/GuestOnly 0 (count "
		 "everywhere)" },
		{ "cpu/event=0xc0,any/", PMU_ERR_UNKNOWN_NAME, 0, "unknown term 'any' for cpu" },
		{ "r800c0", PMU_ERR_RESERVED, 0, "reserved bit 19 set" },
		{ "cpu/event=0x1000/", PMU_ERR_RANGE, 0,
		 "field 'event' value 0x1000 too wide (max 0xfff)" },
		{ "UnHalted Core Cycles", PMU_ERR_UNSUPPORTED, 0,
		 "architectural event 'UnHalted Core "
		 "Cycles' not available on this CPU (CPUID.0AH:EBX bit 0)" },
	};
	struct amd *a = amd_new("zen3");
	for (unsigned i = 0; i < NELEM(c); i++) {
		struct pmu_event_req q;
		struct evspec_error err = { 0 };
		pmu_status st = evspec_parse(&a->ci, test_boxes_of(&a->ci), c[i].spec, &q, &err);
		if (st != c[i].st || (!st && q.config != c[i].config) ||
		    (st && strcmp(err.msg, c[i].msg)))
			fail_msg("%s: %d %#llx '%s'", c[i].spec, st, (unsigned long long)q.config,
				 err.msg);
	}
	assert_int_equal(model_write_count(a->m, 0), 0);
	free(a->m);
	free(a);
}

/* The engine refuses HostOnly given as a raw word too, naming the field, with nothing written. */
static void test_engine_refuses_host_only(void **state)
{
	(void)state;
	struct amd *a = amd_new("zen4");
	struct pmu_event_req q = { .name = "raw", .config = 0x300C0 | 1ull << 41, .fixed = -1,
				   .counter_mask = 0x3F };
	assert_int_equal(core_prepare(&a->s, &a->b, 0, &a->snap, &q, 1, false),
			 PMU_ERR_UNSUPPORTED);
	assert_string_equal(a->s.msg,
			    "event 'raw': field 'hostonly' is refused: efipmu runs before "
			    "any hypervisor and keeps HostOnly/GuestOnly 0 (count everywhere)");
	q.config = 0x300C0 | 1ull << 36;
	assert_int_equal(core_prepare(&a->s, &a->b, 0, &a->snap, &q, 1, false), PMU_ERR_RESERVED);
	assert_string_equal(a->s.msg, "event 'raw': bit 36 of PERF_CTL is reserved on this CPU");
	assert_int_equal(model_write_count(a->m, 0), 0);
	free(a->m);
	free(a);
}

/* PERF_CTR takes a full 48-bit preload written as is (no 32-bit sign extension). */
static void test_full_width_preload_and_wrap(void **state)
{
	(void)state;
	struct amd *a = amd_new("zen4");
	const uint64_t top = (1ull << 48) - 1;
	assert_int_equal(amd_prepare(a, "instructions"), PMU_OK);
	assert_int_equal(core_set_preload(&a->s, 0, 1ull << 48), PMU_ERR_RANGE);
	assert_int_equal(amd_prepare(a, "instructions"), PMU_OK);
	assert_int_equal(core_set_preload(&a->s, 0, top - 9), PMU_OK);   /* > 2^31: fine on AMD */
	assert_int_equal(core_measure(&a->s, retire, a->m), PMU_OK);
	assert_int_equal(a->s.ctr[0].delta, 100 + MODEL_GATE_INSTS);
	assert_int_equal(a->s.ctr[0].end, 90 + MODEL_GATE_INSTS);
	assert_true(a->s.ctr[0].overflowed);   /* PerfCntrGlobalStatus bit, then cleared */
	uint64_t v = 1;
	assert_int_equal(pmu_rdmsr(&a->b, 0, G_STATUS, &v), PMU_OK);
	assert_int_equal(v, 0);
	free(a->m);
	free(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_zen4_global_window),
		cmocka_unit_test(test_zen4_status_put_back),
		cmocka_unit_test(test_zen2_per_counter_window),
		cmocka_unit_test(test_specs_on_amd),
		cmocka_unit_test(test_engine_refuses_host_only),
		cmocka_unit_test(test_full_width_preload_and_wrap),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
