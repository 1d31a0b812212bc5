/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The core PMU engine against the reference model: snapshot, allocation,
 * validation before any write, the exact write sequence, restore after runs
 * and after faults, quirks, counting and overflow at the CPUID width.
 */
#include <stdio.h>
#include "testutil.h"
#include "boxes.h"
#include "pmu/core_engine.h"
#include "pmu/counter.h"
#include "pmu/cpuinfo.h"
#include "pmu/evspec.h"
#include "pmu/window.h"
#include "model/model_devs.h"
#include "hw/msr.h"

#define USR (1u << 16)
#define OS (1u << 17)
#define INST_CODE 0x00C0u        /* Instructions Retired: FIXED_CTR0's event */
#define LLC_REF_CODE 0x4F2Eu     /* LLC Reference */
#define BR_CODE 0x00C4u          /* Branch Instructions Retired */

struct rig {
	struct model *m;
	struct pmu_backend b;
	struct cpu_info ci;
	struct core_snapshot snap;
	struct core_session s;
};

static struct rig *rig_on(struct model *m, struct pmu_backend b)
{
	struct rig *r = calloc(1, sizeof(*r));
	assert_non_null(r);
	r->m = m;
	r->b = b;
	assert_int_equal(pmu_discover(&r->b, 0, &r->ci), PMU_OK);
	model_clear_log(m);
	return r;
}

static struct rig *rig_new(const char *profile)
{
	struct pmu_backend b;
	struct model *m = test_model_clean(profile, 2, 1, &b);   /* exact write sequences from a clean machine */
	return rig_on(m, b);
}

static void rig_free(struct rig *r)
{
	free(r->m);
	free(r);
}

static struct pmu_event_req ev(const char *name, uint64_t config, int fixed, uint32_t mask)
{
	struct pmu_event_req q;
	memset(&q, 0, sizeof(q));
	strncpy(q.name, name, sizeof(q.name) - 1);
	q.config = config;
	q.fixed = fixed;
	q.counter_mask = mask;
	return q;
}

static struct pmu_event_req instructions(void)
{
	return ev("instructions", INST_CODE | USR | OS, 0, 0xFF);
}

static struct pmu_event_req llc_refs(uint32_t mask)
{
	return ev("LLC_REFERENCES", LLC_REF_CODE | USR | OS, -1, mask);
}

static void fw_write(struct rig *r, uint32_t msr, uint64_t v)
{
	assert_int_equal(pmu_wrmsr(&r->b, 0, msr, v), PMU_OK);
}

static uint64_t rd(struct rig *r, uint32_t msr)
{
	uint64_t v = 0;
	assert_int_equal(pmu_rdmsr(&r->b, 0, msr, &v), PMU_OK);
	return v;
}

static pmu_status prepare(struct rig *r, const struct pmu_event_req *q, unsigned n, bool force)
{
	assert_int_equal(core_snapshot(&r->b, 0, &r->ci, &r->snap), PMU_OK);
	return core_prepare(&r->s, &r->b, 0, &r->snap, q, n, force);
}

/* A kernel that drives simulated cycles at ring 0 between enable and disable. */
struct sim_kernel {
	struct model *m;
	unsigned cycles;
	const struct model_stim *stim;
	unsigned nstim;
};

static uint64_t run_sim(const void *arg)
{
	const struct sim_kernel *k = arg;
	struct model_cycle c = { .cpl = 0, .stim = k->stim, .nstim = k->nstim };
	for (unsigned i = 0; i < k->cycles; i++)
		model_run_cycle(k->m, 0, &c);
	return k->cycles;
}

static uint64_t run_nothing(const void *arg)
{
	(void)arg;
	return 7;
}

/* Every core MSR the profile has, for before/after comparisons. */
struct msr_state {
	unsigned n;
	uint32_t msr[40];
	uint64_t val[40];
};

static void add_msr(struct rig *r, struct msr_state *st, uint32_t msr)
{
	st->msr[st->n] = msr;
	st->val[st->n] = rd(r, msr);
	st->n++;
}

static void capture(struct rig *r, struct msr_state *st)
{
	const struct pmu_arch_info *a = &r->ci.arch;
	st->n = 0;
	for (unsigned i = 0; i < a->n_gp; i++) {
		add_msr(r, st, MSR_IA32_PERFEVTSEL0 + i);
		add_msr(r, st, MSR_IA32_PMC0 + i);
		if (r->snap.pmu.fw_write)
			add_msr(r, st, MSR_IA32_A_PMC0 + i);
	}
	if (a->version >= 2) {
		for (unsigned i = 0; i < a->n_fixed; i++)
			add_msr(r, st, MSR_IA32_FIXED_CTR0 + i);
		add_msr(r, st, MSR_IA32_FIXED_CTR_CTRL);
		add_msr(r, st, MSR_IA32_PERF_GLOBAL_CTRL);
		add_msr(r, st, MSR_IA32_PERF_GLOBAL_STATUS);
		add_msr(r, st, MSR_IA32_PERF_GLOBAL_OVF_CTRL);
	}
}

/* Every MSR written since the log was cleared reads what it read in before. */
static void assert_restored(struct rig *r, const struct msr_state *before)
{
	unsigned len = r->m->log_len[0], writes = 0;
	assert_false(r->m->log_overflow[0]);
	for (unsigned i = 0; i < len; i++) {
		const struct model_access *a = &r->m->log[0][i];
		if (a->op != MOP_WRMSR)
			continue;
		writes++;
		unsigned j = 0;
		while (j < before->n && before->msr[j] != a->msr)
			j++;
		assert_true(j < before->n);   /* the engine wrote only core PMU MSRs */
		uint64_t now = rd(r, a->msr);
		if (now != before->val[j])
			fail_msg("MSR %#x: %#llx before, %#llx after", a->msr,
				 (unsigned long long)before->val[j], (unsigned long long)now);
	}
	/* Overflow bits nobody asked to clear are still as found. */
	for (unsigned j = 0; j < before->n; j++)
		if (before->msr[j] == MSR_IA32_PERF_GLOBAL_STATUS)
			assert_true(rd(r, MSR_IA32_PERF_GLOBAL_STATUS) == before->val[j]);
	assert_true(writes > 0);
}

/* Firmware left some state: a select without EN, a counter value, a fixed nibble without its global bit. */
static void firmware_leftovers(struct rig *r)
{
	fw_write(r, MSR_IA32_PERFEVTSEL0 + 3, 0x1300C4);   /* configured, EN clear */
	fw_write(r, MSR_IA32_PMC0 + 2, 0x1234);
	fw_write(r, MSR_IA32_FIXED_CTR_CTRL, 0x300);       /* FIXED_CTR2 on, but GLOBAL_CTRL bit 34 off */
	fw_write(r, MSR_IA32_FIXED_CTR0 + 1, 0x777);
	model_clear_log(r->m);
}

/* ---- snapshot ---- */

static void test_snapshot_reads_firmware_state(void **state)
{
	(void)state;
	struct rig *r = rig_new("nehalem-ep");
	fw_write(r, MSR_IA32_PERFEVTSEL0, 0x4300C0);        /* PMC0 counting */
	fw_write(r, MSR_IA32_PERFEVTSEL0 + 1, 0x4300C4);    /* EN, but its global bit is off */
	fw_write(r, MSR_IA32_PMC0, 42);
	fw_write(r, MSR_IA32_FIXED_CTR_CTRL, 0x030);        /* FIXED_CTR1 all rings */
	fw_write(r, MSR_IA32_PERF_GLOBAL_CTRL, 1ull | 1ull << 33);
	model_clear_log(r->m);

	assert_int_equal(core_snapshot(&r->b, 0, &r->ci, &r->snap), PMU_OK);
	assert_int_equal(model_total_writes(r->m), 0);
	assert_int_equal(r->snap.pmu.n_gp, 4);
	assert_int_equal(r->snap.pmu.n_fixed, 3);
	assert_true(r->snap.evtsel[0] == 0x4300C0);
	assert_true(r->snap.pmc[0] == 42);
	assert_true(r->snap.fixed_ctrl == 0x30);
	assert_true(r->snap.global_ctrl == (1ull | 1ull << 33));
	assert_int_equal(r->snap.gp_in_use, 0x1);
	assert_int_equal(r->snap.fixed_in_use, 0x2);
	/* 4 selects + 4 PMCs + 3 fixed + FIXED_CTR_CTRL, GLOBAL_CTRL, GLOBAL_STATUS, DEBUGCTL */
	assert_int_equal(r->m->log_len[0], 15);
	assert_int_equal(r->m->log[0][14].msr, MSR_IA32_DEBUGCTL);
	/* v3: 0x392 is the uncore's here, never read as GLOBAL_INUSE */
	for (unsigned i = 0; i < r->m->log_len[0]; i++)
		assert_int_not_equal(r->m->log[0][i].msr, MSR_IA32_PERF_GLOBAL_INUSE);
	rig_free(r);
}

/*
 * v4 (Skylake-SP): firmware left CTR_Frz (GLOBAL_STATUS bit 59, Intel SDM Vol. 3B 18.13.2.1) and
 * PMC0's overflow bit set, PERFEVTSEL1 selecting an event. The snapshot reads
 * GLOBAL_INUSE (bit 1) and the freeze bit; a run is refused without force (nothing
 * written). Forced, STATUS_RESET clears CTR_Frz so the counters count, and restore sets
 * both bits again through STATUS_SET (0x391).
 */
static void test_v4_freeze_and_status_set(void **state)
{
	(void)state;
	struct rig *r = rig_new("skylake-sp");
	uint64_t frz = 1ull << GLOBAL_STATUS_CTR_FRZ_BIT;
	fw_write(r, MSR_IA32_PERF_GLOBAL_STATUS_SET, frz | 1);
	fw_write(r, MSR_IA32_PERFEVTSEL0 + 1, 0xC4);
	model_clear_log(r->m);

	struct pmu_event_req q[] = { ev("inst", INST_CODE | OS, -1, 0x1) };
	assert_int_equal(prepare(r, q, 1, false), PMU_ERR_IN_USE);
	assert_non_null(strstr(r->s.msg, "CTR_Frz"));
	assert_true(r->snap.frozen == frz);
	assert_true(r->snap.global_inuse == 0x2);
	assert_int_equal(model_total_writes(r->m), 0);

	assert_int_equal(prepare(r, q, 1, true), PMU_OK);
	struct sim_kernel k = { r->m, 4, (struct model_stim[]){ { INST_CODE, 1 } }, 1 };
	assert_int_equal(core_measure(&r->s, run_sim, &k), PMU_OK);
	assert_true(r->s.ctr[0].delta == 6);   /* 4, and the window's 2 (model.h) */
	assert_true(rd(r, MSR_IA32_PERF_GLOBAL_STATUS) == (frz | 1));
	unsigned sets = 0;
	for (unsigned i = 0; i < r->m->log_len[0]; i++) {
		const struct model_access *a = &r->m->log[0][i];
		if (a->op == MOP_WRMSR && a->msr == MSR_IA32_PERF_GLOBAL_STATUS_SET) {
			assert_true(a->val == (frz | 1));
			sets++;
		}
	}
	assert_int_equal(sets, 1);
	rig_free(r);
}

static void test_snapshot_no_pmu(void **state)
{
	(void)state;
	struct rig *r = rig_new("no-pmu");
	assert_int_equal(core_snapshot(&r->b, 0, &r->ci, &r->snap), PMU_ERR_UNSUPPORTED);
	assert_int_equal(r->m->log_len[0], 0);
	struct pmu_event_req q = instructions();
	assert_int_equal(core_prepare(&r->s, &r->b, 0, &r->snap, &q, 1, false), PMU_ERR_UNSUPPORTED);
	assert_int_not_equal(core_program(&r->s), PMU_OK);
	assert_int_equal(model_total_writes(r->m), 0);
	rig_free(r);
}

static void test_snapshot_fault_reported(void **state)
{
	(void)state;
	struct rig *r = rig_new("sandy-bridge-ep");
	model_inject_fault(r->m, MSR_IA32_FIXED_CTR_CTRL, 0);
	assert_int_equal(core_snapshot(&r->b, 0, &r->ci, &r->snap), PMU_ERR_FAULT_GP);
	assert_int_equal(r->snap.fault_msr, MSR_IA32_FIXED_CTR_CTRL);
	struct pmu_event_req q = instructions();
	assert_int_equal(core_prepare(&r->s, &r->b, 0, &r->snap, &q, 1, false), PMU_ERR_FAULT_GP);
	assert_int_equal(model_total_writes(r->m), 0);
	rig_free(r);
}

/* ---- allocation and validation ---- */

static void test_alloc_fixed_first(void **state)
{
	(void)state;
	struct rig *r = rig_new("sandy-bridge-ep");
	struct pmu_event_req q[] = {
		llc_refs(0xF),
		instructions(),
		ev("cycles", 0x3C | USR | OS, 1, 0xFF),
		ev("ref-cycles", 0x0300 | USR | OS, 2, 0),
		ev("instructions:u", INST_CODE | USR, 0, 0xFF),   /* FIXED_CTR0 taken: a GP counter */
		ev("inst-edge", INST_CODE | USR | OS | 1u << 18, 0, 0xFF),  /* edge: fixed cannot */
	};
	assert_int_equal(prepare(r, q, 6, false), PMU_OK);
	struct core_counter *c = r->s.ctr;
	assert_int_equal(c[1].kind, CORE_FIXED);
	assert_int_equal(c[1].index, 0);
	assert_int_equal(c[2].kind, CORE_FIXED);
	assert_int_equal(c[2].index, 1);
	assert_int_equal(c[3].kind, CORE_FIXED);
	assert_int_equal(c[3].index, 2);
	assert_int_equal(c[0].kind, CORE_GP);
	assert_int_equal(c[4].kind, CORE_GP);
	assert_int_equal(c[5].kind, CORE_GP);
	assert_int_equal(r->s.gp_used, 0x7);
	assert_int_equal(r->s.fixed_used, 0x7);
	/* Nibbles: 3 (all rings) for 0-2; the ctl value recorded is the whole word. */
	assert_true(r->s.fixed_ctrl == 0x333);
	assert_true(c[1].ctl_val == 0x333 && c[1].ctl_msr == MSR_IA32_FIXED_CTR_CTRL);
	assert_true(c[0].ctl_val == (LLC_REF_CODE | USR | OS | CORE_SEL_EN));
	assert_true(c[0].ctl_msr == MSR_IA32_PERFEVTSEL0 + c[0].index);
	/* sandy-bridge-ep has FW_WRITE: GP counters load through IA32_A_PMCx */
	assert_true(c[0].load_msr == MSR_IA32_A_PMC0 + c[0].index);
	assert_true(c[0].ctr_msr == MSR_IA32_PMC0 + c[0].index);
	assert_int_equal(c[0].width, 48);
	assert_true(r->s.global_on == (0x7ull | 0x7ull << 32));
	assert_int_equal(model_total_writes(r->m), 0);
	rig_free(r);
}

static void test_fixed_nibble_rings(void **state)
{
	(void)state;
	struct rig *r = rig_new("nehalem-ep");
	struct pmu_event_req q[] = {
		ev("inst:k", INST_CODE | OS, 0, 0xFF),
		ev("cycles:u", 0x3C | USR, 1, 0xFF),
		ev("ref:any", 0x0300 | USR | OS | CORE_SEL_ANY, 2, 0),
	};
	assert_int_equal(prepare(r, q, 3, false), PMU_OK);
	assert_true(r->s.fixed_ctrl == (0x1 | 0x2 << 4 | 0x7 << 8));
	rig_free(r);
}

static void test_alloc_restrictions(void **state)
{
	(void)state;
	struct rig *r = rig_new("nehalem-ep");
	struct pmu_event_req q[] = {
		ev("any", 0x2E | USR | OS, -1, 0xF),
		ev("pmc0-only", 0xB3 | USR | OS, -1, 0x1),
		ev("pmc01", 0x40 | USR | OS, -1, 0x3),
		ev("pmc2-only", 0x48 | USR | OS, -1, 0x4),
	};
	assert_int_equal(prepare(r, q, 4, false), PMU_OK);
	assert_int_equal(r->s.ctr[1].index, 0);
	assert_int_equal(r->s.ctr[2].index, 1);
	assert_int_equal(r->s.ctr[3].index, 2);
	assert_int_equal(r->s.ctr[0].index, 3);

	/* Taking the lowest free counter in order fails here (PMC1 goes to the second event); the
	 * matching moves it to PMC2. */
	struct pmu_event_req tight[] = {
		ev("pmc0", 0xB3 | OS, -1, 0x1), ev("pmc12", 0x2E | OS, -1, 0x6), ev("pmc01", 0x40 | OS, -1, 0x3),
	};
	assert_int_equal(prepare(r, tight, 3, false), PMU_OK);
	assert_int_equal(r->s.ctr[0].index, 0);
	assert_int_equal(r->s.ctr[1].index, 2);
	assert_int_equal(r->s.ctr[2].index, 1);

	/* Two events that both need PMC0: no assignment exists. */
	struct pmu_event_req two[] = { ev("a", 0xB3 | OS, -1, 0x1), ev("b", 0x60 | OS, -1, 0x1) };
	assert_int_equal(prepare(r, two, 2, false), PMU_ERR_NO_COUNTER);
	assert_int_equal(r->s.bad_event, 1);
	assert_non_null(strstr(r->s.msg, "'b'"));

	/* A fixed-only event whose fixed counter this CPU lacks. */
	struct pmu_event_req slots = ev("slots", 0x0400 | OS, 3, 0);
	assert_int_equal(prepare(r, &slots, 1, false), PMU_ERR_NO_COUNTER);
	assert_non_null(strstr(r->s.msg, "no counter of this CPU"));
	assert_int_equal(model_total_writes(r->m), 0);
	rig_free(r);
}

/* An offcore event programs its auxiliary MSR with the list's value, and restore puts it back. */
static void test_offcore_event_programs_and_restores_its_msr(void **state)
{
	(void)state;
	struct rig *r = rig_new("nehalem-ep");
	struct pmu_event_req q;
	struct evspec_error err;
	assert_int_equal(pmu_wrmsr(&r->b, 0, MSR_OFFCORE_RSP_0, 0x1234), PMU_OK);
	assert_int_equal(evspec_parse(&r->ci, test_boxes_of(&r->ci), "OFFCORE_RESPONSE_0.ANY_DATA.ANY_LLC_MISS", &q, &err), PMU_OK);
	assert_int_equal(q.extra_msr, MSR_OFFCORE_RSP_0);
	assert_int_equal(q.extra_msr_val, 0xF811);
	assert_int_equal(prepare(r, &q, 1, false), PMU_OK);
	assert_int_equal(core_measure(&r->s, run_nothing, NULL), PMU_OK);
	bool programmed = false;
	for (unsigned i = 0; i < r->m->log_len[0]; i++)
		programmed |= r->m->log[0][i].op == MOP_WRMSR && r->m->log[0][i].msr == MSR_OFFCORE_RSP_0 &&
			      r->m->log[0][i].val == 0xF811;
	assert_true(programmed);
	uint64_t v = 0;
	assert_int_equal(pmu_rdmsr(&r->b, 0, MSR_OFFCORE_RSP_0, &v), PMU_OK);
	assert_int_equal(v, 0x1234);
	rig_free(r);
}

static void test_too_many_events_no_write(void **state)
{
	(void)state;
	struct rig *r = rig_new("nehalem-ep");
	struct pmu_event_req q[6];
	char name[16];
	for (unsigned i = 0; i < 6; i++) {
		snprintf(name, sizeof(name), "ev%u", i);
		q[i] = ev(name, (0x10 + i) | USR | OS, -1, 0xF);
	}
	assert_int_equal(prepare(r, q, 6, false), PMU_ERR_NO_COUNTER);
	assert_non_null(strstr(r->s.msg, "'ev4'"));
	assert_non_null(strstr(r->s.msg, "more events than counters"));
	assert_int_not_equal(core_program(&r->s), PMU_OK);
	assert_int_equal(core_measure(&r->s, run_nothing, NULL), PMU_ERR_NO_COUNTER);
	assert_int_equal(model_total_writes(r->m), 0);

	/* Beyond the session's capacity too. */
	struct pmu_event_req many[CORE_MAX_EVENTS + 1];
	for (unsigned i = 0; i <= CORE_MAX_EVENTS; i++)
		many[i] = q[0];
	assert_int_equal(prepare(r, many, CORE_MAX_EVENTS + 1, false), PMU_ERR_NO_COUNTER);
	assert_int_equal(model_total_writes(r->m), 0);
	rig_free(r);
}

static void test_reserved_bits_no_write(void **state)
{
	(void)state;
	struct rig *r = rig_new("nehalem-ep");
	struct pmu_event_req q[] = { instructions(), ev("bad", 0xC0 | OS | 1ull << 35, -1, 0xF) };
	assert_int_equal(prepare(r, q, 2, false), PMU_ERR_RESERVED);
	assert_int_equal(r->s.bad_event, 1);
	assert_int_equal(r->s.bad_bit, 35);
	assert_non_null(strstr(r->s.msg, "'bad'"));
	assert_int_not_equal(core_program(&r->s), PMU_OK);
	assert_int_equal(model_total_writes(r->m), 0);

	/* AnyThread is v3+ and not deprecated: a deprecated part refuses it. */
	struct pmu_event_req any = ev("any", 0x3C | OS | CORE_SEL_ANY, -1, 0xF);
	assert_int_equal(prepare(r, &any, 1, false), PMU_OK);
	r->ci.arch.anythread_deprecated = true;
	assert_int_equal(prepare(r, &any, 1, false), PMU_ERR_RESERVED);
	assert_int_equal(r->s.bad_bit, 21);
	assert_non_null(strstr(r->s.msg, "(any)"));
	r->ci.arch.anythread_deprecated = false;
	r->ci.arch.version = 2;
	assert_int_equal(prepare(r, &any, 1, false), PMU_ERR_RESERVED);
	assert_int_equal(model_total_writes(r->m), 0);

	/* The engine owns EN: a request carrying it is accepted, EN stripped from config. */
	r->ci.arch.version = 3;
	struct pmu_event_req en = ev("en", 0x3C | OS | CORE_SEL_EN, -1, 0xF);
	assert_int_equal(prepare(r, &en, 1, false), PMU_OK);
	assert_true(r->s.ctr[0].config == (0x3C | OS));

	struct pmu_event_req unc = instructions();
	unc.box = (const struct box_desc *)&unc;   /* any non-NULL box: an uncore request */
	assert_int_equal(prepare(r, &unc, 1, false), PMU_ERR_INVALID);
	rig_free(r);
}

static void test_preload_validation(void **state)
{
	(void)state;
	struct rig *r = rig_new("nehalem-ep");   /* no FW_WRITE */
	struct pmu_event_req q[] = { llc_refs(0xF), instructions() };
	assert_int_equal(prepare(r, q, 2, false), PMU_OK);
	assert_int_equal(core_set_preload(&r->s, 0, counter_preload_for(5, 48)), PMU_OK);
	assert_int_equal(core_set_preload(&r->s, 0, 1ull << 40), PMU_ERR_RANGE);
	assert_non_null(strstr(r->s.msg, "IA32_A_PMCx"));
	assert_int_equal(core_set_preload(&r->s, 0, 1ull << 48), PMU_ERR_RANGE);
	/* Fixed counters take any value of their width. */
	assert_int_equal(core_set_preload(&r->s, 1, 1ull << 40), PMU_OK);
	assert_int_equal(core_set_preload(&r->s, 2, 0), PMU_ERR_INVALID);
	assert_int_equal(model_total_writes(r->m), 0);

	struct rig *f = rig_new("sandy-bridge-ep");   /* FW_WRITE */
	assert_int_equal(prepare(f, q, 2, false), PMU_OK);
	assert_int_equal(core_set_preload(&f->s, 0, 1ull << 40), PMU_OK);
	rig_free(f);
	rig_free(r);
}

/* ---- in use ---- */

static void test_in_use_refused_unless_force(void **state)
{
	(void)state;
	struct rig *r = rig_new("sandy-bridge-ep");
	fw_write(r, MSR_IA32_PERFEVTSEL0, 0x4300C0);
	fw_write(r, MSR_IA32_PMC0, 1000);
	fw_write(r, MSR_IA32_FIXED_CTR_CTRL, 0x3);
	fw_write(r, MSR_IA32_PERF_GLOBAL_CTRL, 1ull | 1ull << 32);
	model_clear_log(r->m);

	struct pmu_event_req only0 = ev("pmc0-only", 0xB3 | OS, -1, 0x1);
	assert_int_equal(prepare(r, &only0, 1, false), PMU_ERR_IN_USE);
	assert_non_null(strstr(r->s.msg, "in use by firmware"));
	assert_int_equal(model_total_writes(r->m), 0);

	/* Other counters are free: the event goes elsewhere and firmware's are never written. */
	struct pmu_event_req q[] = { instructions(), llc_refs(0xF) };
	assert_int_equal(prepare(r, q, 2, false), PMU_OK);
	assert_int_equal(r->s.ctr[0].kind, CORE_GP);          /* FIXED_CTR0 is firmware's */
	assert_int_not_equal(r->s.ctr[0].index, 0);
	assert_int_not_equal(r->s.ctr[1].index, 0);
	struct sim_kernel k = { r->m, 4, (struct model_stim[]){ { INST_CODE, 1 } }, 1 };
	assert_int_equal(core_measure(&r->s, run_sim, &k), PMU_OK);
	for (unsigned i = 0; i < r->m->log_len[0]; i++) {
		const struct model_access *a = &r->m->log[0][i];
		if (a->op != MOP_WRMSR)
			continue;
		assert_int_not_equal(a->msr, MSR_IA32_PERFEVTSEL0);
		assert_int_not_equal(a->msr, MSR_IA32_PMC0);
		assert_int_not_equal(a->msr, MSR_IA32_A_PMC0);
		assert_int_not_equal(a->msr, MSR_IA32_FIXED_CTR0);
		/* GLOBAL_CTRL always keeps firmware's bits: its counters never stop. */
		if (a->msr == MSR_IA32_PERF_GLOBAL_CTRL)
			assert_true((a->val & (1ull | 1ull << 32)) == (1ull | 1ull << 32));
		if (a->msr == MSR_IA32_FIXED_CTR_CTRL)
			assert_true((a->val & 0xf) == 0x3);
	}
	/* Firmware's counters kept counting: 4 of the kernel, 2 of the window (model.h). */
	assert_true(rd(r, MSR_IA32_PMC0) == 1006);
	assert_true(rd(r, MSR_IA32_FIXED_CTR0) == 6);
	assert_int_equal(r->s.ctr[0].delta, 6);

	/* With force the event takes PMC0, and everything is put back afterwards. */
	struct msr_state before;
	model_clear_log(r->m);
	assert_int_equal(prepare(r, &only0, 1, true), PMU_OK);
	assert_int_equal(r->s.ctr[0].index, 0);
	assert_true(r->s.ctr[0].in_use);
	capture(r, &before);
	model_clear_log(r->m);
	assert_int_equal(core_measure(&r->s, run_nothing, NULL), PMU_OK);
	assert_restored(r, &before);
	rig_free(r);
}

/* ---- the write sequence ---- */

struct wr {
	uint32_t msr;
	uint64_t val;
};

static void assert_writes(struct rig *r, const struct wr *w, unsigned n)
{
	unsigned j = 0;
	for (unsigned i = 0; i < r->m->log_len[0]; i++) {
		const struct model_access *a = &r->m->log[0][i];
		if (a->op != MOP_WRMSR)
			continue;
		if (j >= n)
			fail_msg("extra write %u: %#x = %#llx", j, a->msr, (unsigned long long)a->val);
		if (a->msr != w[j].msr || a->val != w[j].val)
			fail_msg("write %u: %#x = %#llx, expected %#x = %#llx", j, a->msr,
				 (unsigned long long)a->val, w[j].msr, (unsigned long long)w[j].val);
		j++;
	}
	assert_int_equal(j, n);
}

static void test_write_sequence_two_events(void **state)
{
	(void)state;
	struct rig *r = rig_new("sandy-bridge-ep");
	struct pmu_event_req q[] = { instructions(), llc_refs(0xF) };
	assert_int_equal(prepare(r, q, 2, false), PMU_OK);
	model_clear_log(r->m);
	assert_int_equal(core_measure(&r->s, run_nothing, NULL), PMU_OK);
	const uint64_t on = 1ull | 1ull << 32;
	const struct wr expect[] = {
		/* program */
		{ MSR_IA32_PERF_GLOBAL_CTRL, 0 },
		{ MSR_IA32_FIXED_CTR0, 0 },
		{ MSR_IA32_A_PMC0, 0 },
		{ MSR_IA32_PERFEVTSEL0, LLC_REF_CODE | USR | OS | CORE_SEL_EN },
		{ MSR_IA32_FIXED_CTR_CTRL, 0x3 },
		{ MSR_IA32_PERF_GLOBAL_OVF_CTRL, on },
		/* start, stop */
		{ MSR_IA32_PERF_GLOBAL_CTRL, on },
		{ MSR_IA32_PERF_GLOBAL_CTRL, 0 },
		/* restore: GLOBAL_CTRL's found value is its quiet one, written once */
		{ MSR_IA32_PERF_GLOBAL_CTRL, 0 },
		{ MSR_IA32_PERFEVTSEL0, 0 },
		{ MSR_IA32_A_PMC0, 0 },
		{ MSR_IA32_FIXED_CTR0, 0 },
		{ MSR_IA32_FIXED_CTR_CTRL, 0 },
	};
	assert_writes(r, expect, sizeof(expect) / sizeof(expect[0]));
	/* The start is one wrmsr and the stop the next access: nothing else in between. */
	unsigned i = 0;
	while (!(r->m->log[0][i].op == MOP_WRMSR && r->m->log[0][i].val == on &&
		 r->m->log[0][i].msr == MSR_IA32_PERF_GLOBAL_CTRL))
		i++;
	assert_int_equal(r->m->log[0][i + 1].op, MOP_WRMSR);
	assert_int_equal(r->m->log[0][i + 1].msr, MSR_IA32_PERF_GLOBAL_CTRL);
	rig_free(r);
}

static void test_nhm_quirk_sequence(void **state)
{
	(void)state;
	struct rig *r = rig_new("nehalem-ep");
	struct pmu_event_req q[] = { instructions(), llc_refs(0xF) };
	assert_int_equal(prepare(r, q, 2, false), PMU_OK);
	assert_int_not_equal(r->s.quirks_run, 0);
	assert_int_equal(r->s.quirk_gp, 0xF);
	model_clear_log(r->m);
	assert_int_equal(core_program(&r->s), PMU_OK);
	const struct wr expect[] = {
		{ MSR_IA32_PERF_GLOBAL_CTRL, 0 },
		{ MSR_IA32_PERFEVTSEL0, 0x4300B5 }, { MSR_IA32_PMC0, 0 },
		{ MSR_IA32_PERFEVTSEL0 + 1, 0x4300D2 }, { MSR_IA32_PMC0 + 1, 0 },
		{ MSR_IA32_PERFEVTSEL0 + 2, 0x4300B1 }, { MSR_IA32_PMC0 + 2, 0 },
		{ MSR_IA32_PERFEVTSEL0 + 3, 0x4300B1 }, { MSR_IA32_PMC0 + 3, 0 },
		{ MSR_IA32_PERF_GLOBAL_CTRL, 0xF },
		{ MSR_IA32_PERF_GLOBAL_CTRL, 0 },
		{ MSR_IA32_PERFEVTSEL0, 0 }, { MSR_IA32_PMC0, 0 },
		{ MSR_IA32_PERFEVTSEL0 + 1, 0 }, { MSR_IA32_PMC0 + 1, 0 },
		{ MSR_IA32_PERFEVTSEL0 + 2, 0 }, { MSR_IA32_PMC0 + 2, 0 },
		{ MSR_IA32_PERFEVTSEL0 + 3, 0 }, { MSR_IA32_PMC0 + 3, 0 },
		/* then the normal programming; no FW_WRITE: legacy PMC0 */
		{ MSR_IA32_FIXED_CTR0, 0 },
		{ MSR_IA32_PMC0, 0 },
		{ MSR_IA32_PERFEVTSEL0, LLC_REF_CODE | USR | OS | CORE_SEL_EN },
		{ MSR_IA32_FIXED_CTR_CTRL, 0x3 },
		{ MSR_IA32_PERF_GLOBAL_OVF_CTRL, 1ull | 1ull << 32 },
	};
	assert_writes(r, expect, sizeof(expect) / sizeof(expect[0]));
	assert_int_equal(core_restore(&r->s), PMU_OK);
	rig_free(r);
}

static void test_nhm_quirk_only_on_its_models(void **state)
{
	(void)state;
	static const struct { const char *profile; bool fires; } cases[] = {
		{ "nehalem-ep", true }, { "westmere-ep", true },
		{ "nehalem-ex", false }, { "westmere-ex", false }, { "sandy-bridge-ep", false },
	};
	for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		struct rig *r = rig_new(cases[c].profile);
		struct pmu_event_req q = llc_refs(0xF);
		assert_int_equal(prepare(r, &q, 1, false), PMU_OK);
		assert_int_equal(core_measure(&r->s, run_nothing, NULL), PMU_OK);
		bool magic = false;
		for (unsigned i = 0; i < r->m->log_len[0]; i++)
			magic |= r->m->log[0][i].op == MOP_WRMSR && r->m->log[0][i].val == 0x4300B5;
		if (magic != cases[c].fires)
			fail_msg("%s: magic events %s", cases[c].profile, magic ? "ran" : "missing");
		assert_int_equal(r->s.quirks_run != 0, cases[c].fires);
		rig_free(r);
	}
}

static void test_nhm_quirk_skipped_when_firmware_owns_pmc0(void **state)
{
	(void)state;
	struct rig *r = rig_new("nehalem-ep");
	fw_write(r, MSR_IA32_PERFEVTSEL0, 0x4300C0);
	fw_write(r, MSR_IA32_PERF_GLOBAL_CTRL, 1);
	model_clear_log(r->m);
	struct pmu_event_req q = llc_refs(0xF);
	assert_int_equal(prepare(r, &q, 1, false), PMU_OK);
	assert_int_equal(r->s.quirks_run, 0);
	assert_int_not_equal(r->s.quirks_skipped, 0);
	assert_int_equal(core_measure(&r->s, run_nothing, NULL), PMU_OK);
	for (unsigned i = 0; i < r->m->log_len[0]; i++)
		if (r->m->log[0][i].op == MOP_WRMSR)
			assert_int_not_equal(r->m->log[0][i].msr, MSR_IA32_PERFEVTSEL0);
	/* With force the workaround runs, and PMC0 is put back. */
	struct msr_state before;
	assert_int_equal(prepare(r, &q, 1, true), PMU_OK);
	assert_int_not_equal(r->s.quirks_run, 0);
	capture(r, &before);
	model_clear_log(r->m);
	assert_int_equal(core_measure(&r->s, run_nothing, NULL), PMU_OK);
	assert_restored(r, &before);
	rig_free(r);
}

/* ---- geometry quirks ---- */

static struct cpu_info geometry_cpu(uint32_t model, uint8_t version, uint8_t n_fixed, uint8_t fw)
{
	struct cpu_info ci;
	memset(&ci, 0, sizeof(ci));
	ci.family = 6;
	ci.model = model;
	ci.arch.version = version;
	ci.arch.n_gp = 2;
	ci.arch.gp_mask = 0x3;
	ci.arch.gp_width = 40;
	ci.arch.n_fixed = n_fixed;
	ci.arch.fixed_mask = (1u << n_fixed) - 1;
	ci.arch.fixed_width = fw;
	return ci;
}

static void test_geometry_quirks_fire_only_on_their_models(void **state)
{
	(void)state;
	struct core_pmu p;
	const unsigned core2 = 1u << 0, v2min = 1u << 1;
	assert_string_equal(core_quirks[0].name, "core2-v2-fixed");
	assert_string_equal(core_quirks[1].name, "v2-min-3-fixed");

	static const uint32_t core2_models[] = { 0x0F, 0x16, 0x17, 0x1D };
	for (unsigned i = 0; i < 4; i++) {
		struct cpu_info ci = geometry_cpu(core2_models[i], 2, 0, 0);
		core_pmu_from_cpu(&ci, &p);
		assert_int_equal(p.n_fixed, 3);
		assert_int_equal(p.fixed_width, 40);
		assert_true(p.quirks & core2);
	}
	/* Core 2 reporting sane values: nothing to fix. */
	struct cpu_info ok = geometry_cpu(0x17, 2, 3, 40);
	core_pmu_from_cpu(&ok, &p);
	assert_int_equal(p.quirks, 0);

	/* Another v2 model with too few fixed counters: only the kernel's rule. */
	struct cpu_info other = geometry_cpu(0x1C, 2, 1, 0);
	core_pmu_from_cpu(&other, &p);
	assert_int_equal(p.n_fixed, 3);
	assert_int_equal(p.fixed_width, 40);   /* taken from the GP width */
	assert_int_equal(p.quirks, v2min);

	/* Not under a hypervisor, not for v1 or v5, not when 3 are reported. */
	other.hypervisor = true;
	core_pmu_from_cpu(&other, &p);
	assert_int_equal(p.n_fixed, 1);
	assert_int_equal(p.quirks, 0);
	struct cpu_info v1 = geometry_cpu(0x1C, 1, 0, 0);
	core_pmu_from_cpu(&v1, &p);
	assert_int_equal(p.n_fixed, 0);
	assert_int_equal(p.quirks, 0);
	struct cpu_info nhm = geometry_cpu(0x1A, 3, 3, 48);
	core_pmu_from_cpu(&nhm, &p);
	assert_int_equal(p.quirks, 0);
	/* Another family never matches. */
	struct cpu_info f15 = geometry_cpu(0x0F, 2, 0, 0);
	f15.family = 15;
	core_pmu_from_cpu(&f15, &p);
	assert_int_equal(p.quirks, 0);
}

static void test_quirk_model_table(void **state)
{
	(void)state;
	const struct core_quirk *nhm = &core_quirks[2];
	assert_string_equal(nhm->name, "nhm-counter-reset");
	assert_true(core_quirk_applies(nhm, 6, 0x1A));
	assert_true(core_quirk_applies(nhm, 6, 0x1E));
	assert_true(core_quirk_applies(nhm, 6, 0x2C));
	assert_false(core_quirk_applies(nhm, 6, 0x2D));
	assert_false(core_quirk_applies(nhm, 6, 0x2E));
	assert_false(core_quirk_applies(nhm, 6, 0x25));
	assert_false(core_quirk_applies(nhm, 15, 0x1A));
}

/* ---- restore ---- */

static void full_run_restores(const char *profile)
{
	struct rig *r = rig_new(profile);
	firmware_leftovers(r);
	struct pmu_event_req q[] = { instructions(), llc_refs(0xF), ev("br", BR_CODE | OS, -1, 0xC) };
	assert_int_equal(prepare(r, q, 3, false), PMU_OK);
	assert_int_equal(core_set_preload(&r->s, 1, counter_preload_for(2, 48)), PMU_OK);
	struct msr_state before;
	capture(r, &before);
	model_clear_log(r->m);
	struct model_stim stim[] = { { INST_CODE, 2 }, { LLC_REF_CODE, 1 }, { BR_CODE, 1 } };
	struct sim_kernel k = { r->m, 5, stim, 3 };
	assert_int_equal(core_measure(&r->s, run_sim, &k), PMU_OK);
	assert_int_equal(r->s.phase, CORE_RESTORED);
	assert_restored(r, &before);
	rig_free(r);
}

static void test_full_run_restores_nehalem(void **state)
{
	(void)state;
	full_run_restores("nehalem-ep");
}

static void test_full_run_restores_sandy_bridge(void **state)
{
	(void)state;
	full_run_restores("sandy-bridge-ep");
}

/* Writes of a clean run, each MSR once. */
static unsigned written_msrs(const char *profile, uint32_t *out, unsigned max)
{
	struct rig *r = rig_new(profile);
	firmware_leftovers(r);
	struct pmu_event_req q[] = { instructions(), llc_refs(0xF) };
	assert_int_equal(prepare(r, q, 2, false), PMU_OK);
	model_clear_log(r->m);
	assert_int_equal(core_measure(&r->s, run_nothing, NULL), PMU_OK);
	unsigned n = 0;
	for (unsigned i = 0; i < r->m->log_len[0]; i++) {
		const struct model_access *a = &r->m->log[0][i];
		unsigned j = 0;
		if (a->op != MOP_WRMSR)
			continue;
		while (j < n && out[j] != a->msr)
			j++;
		if (j == n && n < max)
			out[n++] = a->msr;
	}
	rig_free(r);
	return n;
}

static void fault_each_msr(const char *profile)
{
	uint32_t msrs[32];
	unsigned n = written_msrs(profile, msrs, 32);
	assert_true(n >= 6);
	for (unsigned f = 0; f < n; f++) {
		struct rig *r = rig_new(profile);
		firmware_leftovers(r);
		struct pmu_event_req q[] = { instructions(), llc_refs(0xF) };
		assert_int_equal(prepare(r, q, 2, false), PMU_OK);
		struct msr_state before;
		capture(r, &before);
		model_clear_log(r->m);
		/* The fault appears after the snapshot: the engine meets it mid-way. */
		model_inject_fault(r->m, msrs[f], 0);
		struct sim_kernel k = { r->m, 3, (struct model_stim[]){ { INST_CODE, 1 } }, 1 };
		pmu_status st = core_measure(&r->s, run_sim, &k);
		if (st != PMU_ERR_FAULT_GP || r->s.fault_msr != msrs[f])
			fail_msg("%s, fault on %#x: status %d, fault_msr %#x", profile, msrs[f], st,
				 r->s.fault_msr);
		assert_true(r->s.fault_write);
		assert_non_null(strstr(r->s.msg, "wrmsr"));
		r->m->nfaults = 0;   /* lift the fault to read everything back */
		assert_restored(r, &before);
		rig_free(r);
	}
}

static void test_fault_on_each_msr_nehalem(void **state)
{
	(void)state;
	fault_each_msr("nehalem-ep");
}

static void test_fault_on_each_msr_sandy_bridge(void **state)
{
	(void)state;
	fault_each_msr("sandy-bridge-ep");
}

static void test_fault_on_counter_read(void **state)
{
	(void)state;
	struct rig *r = rig_new("sandy-bridge-ep");
	struct pmu_event_req q[] = { instructions(), llc_refs(0xF) };
	assert_int_equal(prepare(r, q, 2, false), PMU_OK);
	struct msr_state before;
	capture(r, &before);
	model_clear_log(r->m);
	model_inject_fault(r->m, MSR_IA32_PERF_GLOBAL_STATUS, 0);
	assert_int_equal(core_measure(&r->s, run_nothing, NULL), PMU_ERR_FAULT_GP);
	assert_int_equal(r->s.fault_msr, MSR_IA32_PERF_GLOBAL_STATUS);
	assert_false(r->s.fault_write);
	r->m->nfaults = 0;
	assert_restored(r, &before);
	rig_free(r);
}

static void test_restore_reports_inexact_legacy_counter(void **state)
{
	(void)state;
	struct rig *r = rig_new("nehalem-ep");   /* no FW_WRITE */
	struct core_snapshot snap;
	struct pmu_event_req q = llc_refs(0x1);
	assert_int_equal(core_snapshot(&r->b, 0, &r->ci, &snap), PMU_OK);
	snap.pmc[0] = 1ull << 40;   /* as if firmware had left a value no legacy write reproduces */
	assert_int_equal(core_prepare(&r->s, &r->b, 0, &snap, &q, 1, false), PMU_OK);
	assert_int_equal(core_measure(&r->s, run_nothing, NULL), PMU_ERR_NOT_HELD);
	assert_int_equal(r->s.st, PMU_OK);
	assert_int_equal(r->s.restore_msr, MSR_IA32_PMC0);
	rig_free(r);
}

/* ---- counting ---- */

static void test_counting_exact(void **state)
{
	(void)state;
	static const char *const profiles[] = { "nehalem-ep", "sandy-bridge-ep" };
	for (unsigned p = 0; p < 2; p++) {
		struct rig *r = rig_new(profiles[p]);
		struct pmu_event_req q[] = { instructions(), llc_refs(0xF),
					     ev("br:cmask2", BR_CODE | OS | 2u << 24, -1, 0xF) };
		assert_int_equal(prepare(r, q, 3, false), PMU_OK);
		struct model_stim stim[] = { { INST_CODE, 3 }, { LLC_REF_CODE, 1 }, { BR_CODE, 2 } };
		struct model_cycle c = { .cpl = 0, .stim = stim, .nstim = 3 };
		struct sim_kernel k = { r->m, 10, stim, 3 };
		model_run_cycle(r->m, 0, &c);   /* before: not counted */
		assert_int_equal(core_measure(&r->s, run_sim, &k), PMU_OK);
		model_run_cycle(r->m, 0, &c);   /* after: not counted */
		assert_int_equal(r->s.ctr[0].kind, CORE_FIXED);
		assert_true(r->s.ctr[0].delta == 32);   /* 10 x 3, and the window's 2 (model.h) */
		assert_true(r->s.ctr[1].delta == 10);
		assert_true(r->s.ctr[2].delta == 10);   /* cmask 2: one per cycle with >= 2 */
		for (unsigned i = 0; i < 3; i++)
			assert_false(r->s.ctr[i].overflowed);
		assert_true(r->s.ctr[1].start == 0 && r->s.ctr[1].end == 10);
		rig_free(r);
	}
}

static void preload_wraps(const char *profile)
{
	struct rig *r = rig_new(profile);
	struct pmu_event_req q[] = { instructions(), llc_refs(0xF), ev("br", BR_CODE | OS, -1, 0xF) };
	assert_int_equal(prepare(r, q, 3, false), PMU_OK);
	assert_int_equal(core_set_preload(&r->s, 0, counter_preload_for(7, 48)), PMU_OK);
	assert_int_equal(core_set_preload(&r->s, 1, counter_preload_for(4, 48)), PMU_OK);
	struct model_stim stim[] = { { INST_CODE, 3 }, { LLC_REF_CODE, 1 }, { BR_CODE, 1 } };
	struct sim_kernel k = { r->m, 10, stim, 3 };
	assert_int_equal(core_measure(&r->s, run_sim, &k), PMU_OK);
	const struct core_counter *c = r->s.ctr;
	assert_true(c[0].start == counter_preload_for(7, 48));
	assert_true(c[0].end == 25);
	assert_true(c[0].delta == 32);   /* 10 x 3, and the window's 2 (model.h) */
	assert_true(c[0].overflowed);
	assert_true(c[1].start == 0xFFFFFFFFFFFCull);
	assert_true(c[1].end == 6);
	assert_true(c[1].delta == 10);
	assert_true(c[1].overflowed);
	assert_true(c[2].delta == 10);   /* 10; the window's 2 are no branches */
	assert_false(c[2].overflowed);
	uint64_t bits = 1ull << (CORE_FIXED_BIT + c[0].index) | 1ull << c[1].index;
	assert_true((r->s.status_end & bits) == bits);
	assert_true((r->s.status_end >> c[2].index & 1) == 0);
	/* Reported, then cleared through GLOBAL_OVF_CTRL. */
	assert_true(rd(r, MSR_IA32_PERF_GLOBAL_STATUS) == 0);
	bool cleared = false;
	for (unsigned i = 0; i < r->m->log_len[0]; i++) {
		const struct model_access *a = &r->m->log[0][i];
		cleared |= a->op == MOP_WRMSR && a->msr == MSR_IA32_PERF_GLOBAL_OVF_CTRL && a->val == bits;
	}
	assert_true(cleared);
	/* A legacy PMCx load carries only the low 32 bits (EDX = 0); A_PMCx the full value. */
	bool legacy = c[1].load_msr == c[1].ctr_msr, loaded = false;
	uint64_t want = legacy ? 0xFFFFFFFCull : counter_preload_for(4, 48);
	for (unsigned i = 0; i < r->m->log_len[0]; i++) {
		const struct model_access *a = &r->m->log[0][i];
		loaded |= a->op == MOP_WRMSR && a->msr == c[1].load_msr && a->val == want;
	}
	assert_true(loaded);
	rig_free(r);
}

static void test_preload_wrap_nehalem_legacy(void **state)
{
	(void)state;
	preload_wraps("nehalem-ep");   /* sign-extended 32-bit write reaches the top */
}

static void test_preload_wrap_sandy_bridge_full_width(void **state)
{
	(void)state;
	preload_wraps("sandy-bridge-ep");
}

static void test_full_width_preload_above_2_31(void **state)
{
	(void)state;
	struct rig *r = rig_new("sandy-bridge-ep");
	struct pmu_event_req q = llc_refs(0xF);
	assert_int_equal(prepare(r, &q, 1, false), PMU_OK);
	assert_int_equal(core_set_preload(&r->s, 0, 0x123456789Aull), PMU_OK);
	struct model_stim stim = { LLC_REF_CODE, 1 };
	struct sim_kernel k = { r->m, 6, &stim, 1 };
	assert_int_equal(core_measure(&r->s, run_sim, &k), PMU_OK);
	assert_true(r->s.ctr[0].load_msr == MSR_IA32_A_PMC0);
	assert_true(r->s.ctr[0].start == 0x123456789Aull);
	assert_true(r->s.ctr[0].end == 0x12345678A0ull);
	assert_true(r->s.ctr[0].delta == 6);
	rig_free(r);
}

/* ---- architectural PerfMon v6: the counters at 0x1900 / 0x1980 too ---- */

#define V6_CTR(n) (MSR_IA32_PMC_V6_GP0_CTR + MSR_IA32_PMC_V6_STEP * (n))
#define V6_SEL(n) (MSR_IA32_PMC_V6_GP0_CFG_A + MSR_IA32_PMC_V6_STEP * (n))
#define V6_FIX(i) (MSR_IA32_PMC_V6_FX0_CTR + MSR_IA32_PMC_V6_STEP * (i))

/* The model: one counter behind both numbers on a v6 part, only the legacy ones on v5. */
static void test_v6_aliases_one_counter(void **state)
{
	(void)state;
	struct rig *r = rig_new("panther-lake");
	assert_int_equal(r->ci.arch.version, 6);
	assert_ptr_equal(pmu_core_desc(&r->ci), &core_pmu_intel_v6);
	fw_write(r, V6_SEL(9), 0x4300c4);
	assert_true(rd(r, MSR_IA32_PERFEVTSEL0 + 9) == 0x4300c4);
	fw_write(r, MSR_IA32_PERFEVTSEL0 + 2, 0x41003c);
	assert_true(rd(r, V6_SEL(2)) == 0x41003c);
	fw_write(r, V6_CTR(1), 0x123456789Aull);   /* full width: PERF_CAPABILITIES[13] */
	assert_true(rd(r, MSR_IA32_PMC0 + 1) == 0x123456789Aull);
	fw_write(r, MSR_IA32_PMC0 + 3, 0x1234);
	assert_true(rd(r, V6_CTR(3)) == 0x1234);
	fw_write(r, V6_FIX(3), 77);
	assert_true(rd(r, MSR_IA32_FIXED_CTR0 + 3) == 77);
	/* what the P-core lacks is not there under either number: PMC10, FIXED_CTR4, CFG_B */
	uint64_t v;
	assert_int_equal(pmu_rdmsr(&r->b, 0, V6_CTR(10), &v), PMU_ERR_FAULT_GP);
	assert_int_equal(pmu_rdmsr(&r->b, 0, V6_FIX(4), &v), PMU_ERR_FAULT_GP);
	assert_int_equal(pmu_rdmsr(&r->b, 0, V6_CTR(0) + 2, &v), PMU_ERR_FAULT_GP);
	rig_free(r);
	r = rig_new("arrow-lake-h");   /* v5: no v6 MSRs */
	assert_int_equal(r->ci.arch.version, 5);
	assert_int_equal(pmu_rdmsr(&r->b, 0, V6_CTR(0), &v), PMU_ERR_FAULT_GP);
	assert_int_equal(pmu_wrmsr(&r->b, 0, V6_SEL(0), 0), PMU_ERR_FAULT_GP);
	rig_free(r);
}

/* A kernel that also reads, mid-window, what the legacy MSRs of the engine's counters hold. */
struct legacy_peek {
	struct sim_kernel k;
	struct rig *r;
	uint64_t sel[3], fixed_ctrl, global_ctrl;
};

static uint64_t run_and_peek(const void *arg)
{
	struct legacy_peek *p = (struct legacy_peek *)arg;
	uint64_t n = run_sim(&p->k);
	const struct core_counter *c = p->r->s.ctr;
	for (unsigned i = 1; i < 3; i++)
		p->sel[i] = rd(p->r, MSR_IA32_PERFEVTSEL0 + c[i].index);
	p->fixed_ctrl = rd(p->r, MSR_IA32_FIXED_CTR_CTRL);
	p->global_ctrl = rd(p->r, MSR_IA32_PERF_GLOBAL_CTRL);
	return n;
}

/*
 * The engine on Panther Lake's P-core writes the v6 MSRs (the model's log says so); the
 * selects it wrote there are what the legacy PERFEVTSELs hold mid-window, and the counts
 * equal those of the same events driven through the legacy MSRs (the v5 descriptor).
 */
static void test_v6_engine_lands_on_the_same_counters(void **state)
{
	(void)state;
	uint64_t delta[2][3];
	for (unsigned legacy = 0; legacy < 2; legacy++) {
		struct rig *r = rig_new("panther-lake");
		if (legacy)
			r->ci.arch.version = 5;   /* the v5 descriptor: PERFEVTSELx, PMCx, FIXED_CTRx */
		struct pmu_event_req q[] = { instructions(), llc_refs(0x3FF),
					     ev("br", BR_CODE | OS, -1, 0x3FF) };
		assert_int_equal(prepare(r, q, 3, false), PMU_OK);
		const struct core_pmu_desc *d = legacy ? &core_pmu_intel_ext : &core_pmu_intel_v6;
		assert_ptr_equal(r->s.snap.pmu.desc, d);
		struct model_stim stim[] = { { INST_CODE, 3 }, { LLC_REF_CODE, 1 }, { BR_CODE, 2 } };
		struct legacy_peek pk = { { r->m, 10, stim, 3 }, r, { 0 }, 0, 0 };
		assert_int_equal(core_measure(&r->s, run_and_peek, &pk), PMU_OK);
		const struct core_counter *c = r->s.ctr;
		assert_int_equal(c[0].ctr_msr, core_fixed_msr(d, c[0].index));
		for (unsigned i = 1; i < 3; i++) {
			assert_int_equal(c[i].ctl_msr, core_sel_msr(d, c[i].index));
			assert_int_equal(c[i].ctr_msr, core_ctr_msr(d, c[i].index));
			assert_true(pk.sel[i] == c[i].ctl_val);   /* the legacy select holds it */
			bool wrote = false;
			for (unsigned k = 0; k < r->m->log_len[0]; k++) {
				const struct model_access *a = &r->m->log[0][k];
				wrote |= a->op == MOP_WRMSR && a->msr == c[i].ctl_msr &&
					 a->val == c[i].ctl_val;
			}
			assert_true(wrote);
		}
		assert_true(((pk.fixed_ctrl >> (4 * c[0].index)) & 3) == 3);
		assert_true(((pk.global_ctrl >> c[1].index) & 1) && ((pk.global_ctrl >> c[2].index) & 1));
		for (unsigned i = 0; i < 3; i++)
			delta[legacy][i] = c[i].delta;
		rig_free(r);
	}
	assert_true(delta[0][0] == 32 && delta[0][1] == 10 && delta[0][2] == 20);
	for (unsigned i = 0; i < 3; i++)
		assert_true(delta[0][i] == delta[1][i]);
}

/* ---- other widths and version 1 (custom profiles on the same core device) ---- */

static const struct model_dev *const core_devs[] = { &model_dev_misc, &model_dev_core };

static struct rig *custom_rig(struct custom_profile *c, uint32_t eax, uint32_t edx)
{
	struct model_profile *p = custom_profile(c, "sandy-bridge-ep", eax, edx);
	p->name = "custom";
	p->perf_cap = 0x1c3;   /* no FW_WRITE */
	p->devs = core_devs;
	p->ndevs = 2;
	struct pmu_backend b;
	struct model *m = test_model_of(p, 1, 1, &b);
	return rig_on(m, b);
}

static void test_v1_start_stop_through_en_40_bits(void **state)
{
	(void)state;
	struct custom_profile p;
	/* version 1, 2 GP counters of 40 bits, vector length 7 */
	struct rig *r = custom_rig(&p, 1 | 2 << 8 | 40 << 16 | 7u << 24, 0);
	struct pmu_event_req q[] = { instructions(), llc_refs(0x3) };
	assert_int_equal(prepare(r, q, 2, false), PMU_OK);
	assert_int_equal(r->s.ctr[0].kind, CORE_GP);   /* no fixed counters on v1 */
	assert_int_equal(r->s.gate.n, 2);
	assert_int_equal(core_set_preload(&r->s, 0, counter_preload_for(5, 40)), PMU_OK);
	struct model_stim stim[] = { { INST_CODE, 1 }, { LLC_REF_CODE, 2 } };
	struct sim_kernel k = { r->m, 8, stim, 2 };
	struct msr_state before;
	capture(r, &before);
	model_clear_log(r->m);
	assert_int_equal(core_measure(&r->s, run_sim, &k), PMU_OK);
	assert_true(r->s.ctr[0].start == 0xFFFFFFFFFBull);
	assert_true(r->s.ctr[0].end == 3);
	assert_true(r->s.ctr[0].delta == 8);
	assert_true(r->s.ctr[0].overflowed);   /* v1: seen as a wrap */
	assert_true(r->s.ctr[1].delta == 16);
	assert_false(r->s.ctr[1].overflowed);
	/* No global registers were touched. */
	for (unsigned i = 0; i < r->m->log_len[0]; i++) {
		assert_true(r->m->log[0][i].msr != MSR_IA32_PERF_GLOBAL_CTRL);
		assert_true(r->m->log[0][i].msr != MSR_IA32_PERF_GLOBAL_OVF_CTRL);
	}
	assert_restored(r, &before);
	rig_free(r);
}

/* The barrier of a v1 window: notes how far the model's log had got when it ran. */
struct v1_barrier {
	struct model *m;
	unsigned synced_at, syncs;
};

static bool v1_sync(void *c)
{
	struct v1_barrier *k = c;
	k->synced_at = k->m->log_len[0];
	k->syncs++;
	return true;
}

/*
 * Arch PMU v1 (no GLOBAL_CTRL) in step: the window's barrier runs before the
 * first enabling write, and the TSC is read around the per-counter enables as
 * around the gated run, so the run's skew and window records have it.
 */
static void test_v1_window_in_step(void **state)
{
	(void)state;
	struct custom_profile p;
	struct rig *r = custom_rig(&p, 1 | 2 << 8 | 40 << 16 | 7u << 24, 0);
	struct v1_barrier k = { .m = r->m };
	struct filter_backend clock;
	struct pmu_backend b;
	filter_backend_init(&clock, &r->b, filter_no_faults, NULL, &b);
	filter_backend_clock(&b);
	struct pmu_event_req q[] = { instructions(), llc_refs(0x3) };
	struct model_stim stim[] = { { INST_CODE, 1 }, { LLC_REF_CODE, 2 } };
	struct sim_kernel kern = { r->m, 8, stim, 2 };
	struct window_opts o = { v1_sync, &k, 0 };
	struct window_result w;
	assert_int_equal(core_snapshot(&b, 0, &r->ci, &r->snap), PMU_OK);
	assert_int_equal(core_prepare(&r->s, &b, 0, &r->snap, q, 2, false), PMU_OK);
	assert_int_equal(r->s.gate.n, 2);   /* v1: one EN write per counter */
	model_clear_log(r->m);
	assert_int_equal(pmu_window_measure(&r->s, run_sim, &kern, &o, &w), PMU_OK);
	assert_int_equal(k.syncs, 1);
	unsigned first_en = r->m->log_len[0];
	for (unsigned i = 0; i < r->m->log_len[0] && first_en == r->m->log_len[0]; i++) {
		const struct model_access *a = &r->m->log[0][i];
		if (a->op == MOP_WRMSR && a->msr >= MSR_IA32_PERFEVTSEL0 && a->msr < MSR_IA32_PERFEVTSEL0 + 2 &&
		    (a->val & (1u << 22)))
			first_en = i;
	}
	assert_true(first_en < r->m->log_len[0]);
	assert_true(k.synced_at <= first_en);   /* the barrier before any counter counts */
	assert_true(r->s.tsc_on != 0);
	assert_true(r->s.tsc_off > r->s.tsc_on);
	assert_true(r->s.ctr[0].delta == 8 && r->s.ctr[1].delta == 16);
	rig_free(r);
}

static void test_width_44(void **state)
{
	(void)state;
	struct custom_profile p;
	/* version 3, 4 GP of 44 bits, 3 fixed of 44 bits */
	struct rig *r = custom_rig(&p, 3 | 4 << 8 | 44 << 16 | 7u << 24, 3 | 44 << 5);
	struct pmu_event_req q[] = { instructions(), llc_refs(0xF) };
	assert_int_equal(prepare(r, q, 2, false), PMU_OK);
	assert_int_equal(core_set_preload(&r->s, 0, counter_preload_for(2, 44)), PMU_OK);
	assert_int_equal(core_set_preload(&r->s, 1, counter_preload_for(1, 44)), PMU_OK);
	struct model_stim stim[] = { { INST_CODE, 1 }, { LLC_REF_CODE, 1 } };
	struct sim_kernel k = { r->m, 5, stim, 2 };
	assert_int_equal(core_measure(&r->s, run_sim, &k), PMU_OK);
	assert_true(r->s.ctr[0].start == 0xFFFFFFFFFFEull);
	assert_true(r->s.ctr[0].end == 5);
	assert_true(r->s.ctr[0].delta == 7);    /* 5, and the window's 2 (model.h) */
	assert_true(r->s.ctr[0].overflowed);
	assert_true(r->s.ctr[1].delta == 5);
	assert_true(r->s.ctr[1].overflowed);
	rig_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_snapshot_reads_firmware_state),
		cmocka_unit_test(test_v4_freeze_and_status_set),
		cmocka_unit_test(test_snapshot_no_pmu),
		cmocka_unit_test(test_snapshot_fault_reported),
		cmocka_unit_test(test_alloc_fixed_first),
		cmocka_unit_test(test_fixed_nibble_rings),
		cmocka_unit_test(test_alloc_restrictions),
		cmocka_unit_test(test_offcore_event_programs_and_restores_its_msr),
		cmocka_unit_test(test_too_many_events_no_write),
		cmocka_unit_test(test_reserved_bits_no_write),
		cmocka_unit_test(test_preload_validation),
		cmocka_unit_test(test_in_use_refused_unless_force),
		cmocka_unit_test(test_write_sequence_two_events),
		cmocka_unit_test(test_nhm_quirk_sequence),
		cmocka_unit_test(test_nhm_quirk_only_on_its_models),
		cmocka_unit_test(test_nhm_quirk_skipped_when_firmware_owns_pmc0),
		cmocka_unit_test(test_geometry_quirks_fire_only_on_their_models),
		cmocka_unit_test(test_quirk_model_table),
		cmocka_unit_test(test_full_run_restores_nehalem),
		cmocka_unit_test(test_full_run_restores_sandy_bridge),
		cmocka_unit_test(test_fault_on_each_msr_nehalem),
		cmocka_unit_test(test_fault_on_each_msr_sandy_bridge),
		cmocka_unit_test(test_fault_on_counter_read),
		cmocka_unit_test(test_restore_reports_inexact_legacy_counter),
		cmocka_unit_test(test_counting_exact),
		cmocka_unit_test(test_preload_wrap_nehalem_legacy),
		cmocka_unit_test(test_preload_wrap_sandy_bridge_full_width),
		cmocka_unit_test(test_full_width_preload_above_2_31),
		cmocka_unit_test(test_v6_aliases_one_counter),
		cmocka_unit_test(test_v6_engine_lands_on_the_same_counters),
		cmocka_unit_test(test_v1_start_stop_through_en_40_bits),
		cmocka_unit_test(test_v1_window_in_step),
		cmocka_unit_test(test_width_44),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
