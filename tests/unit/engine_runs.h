/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * One core and one uncore measurement per model profile, from firmware-left
 * state, for the robustness tests (fault sweep, leave-as-found). A run can
 * be given a hook called between its phases, where faults get injected.
 */
#ifndef EFIPMU_ENGINE_RUNS_H
#define EFIPMU_ENGINE_RUNS_H
#include "model_image.h"
#include "pmu/core_engine.h"
#include "pmu/evspec.h"
#include "hw/msr.h"
#include "pmu/uncore.h"
#include "boxes.h"

#define RUN_MAX_REQS 8

struct unc_ev {
	const char *box;
	uint64_t config;
	bool fixed;
	uint32_t extra_msr;
	uint64_t extra_val;
};

struct fw_val {
	uint32_t msr;
	uint64_t val;
};

struct prof_case {
	const char *profile;
	const char *core_spec;
	struct unc_ev unc[RUN_MAX_REQS];   /* ends at box NULL */
	struct fw_val unc_fw[8];           /* uncore state "firmware" left, ends at msr 0 */
	const struct fw_val *core_fw;      /* core state firmware left; NULL: Intel's core_fw */
};

#define EN22 (1ull << 22)

#define UNC(box, config) { (box), (config), false, 0, 0 }
#define UNC_FIXED(box) { (box), 0, true, 0, 0 }
#define UNC_X(box, config, msr, val) { (box), (config), false, (msr), (val) }

/*
 * AMD (APM vol. 2 13.2): counter 0 counting cycles, counter 3's select without EN, odd
 * counter values; on Zen 4 PerfCntrGlobalCtl enables counter 0 only.
 */
#define AMD_CORE_FW \
	{ 0xC0010200, EN22 | 3u << 16 | 0x76 }, { 0xC0010206, 0x300C2 }, { 0xC0010205, 0x1234 }, \
	{ 0xC0010201, 0x42 }
static const struct fw_val zen_fw[] = { AMD_CORE_FW, { 0, 0 } };
static const struct fw_val zen4_fw[] = { AMD_CORE_FW, { 0xC0000301, 1 }, { 0, 0 } };

static const struct prof_case prof_cases[] = {
	{ "nehalem-ep", "instructions,ref-cycles,branches,cpu/event=0x2e,umask=0x4f/",
	  { UNC("uncore", 0x0120), UNC("uncore", 0x0200072C | 1ull << 17), UNC_FIXED("uncore") },
	  { { 0x391, 0x5ull << 48 }, { 0x3C2, 0x0133 }, { 0x3B0, 0xBEEF }, { 0x395, 0x4 },
	    { 0x394, 0x55 } }, NULL },
	{ "westmere-ep", "instructions,cycles,cpu/event=0x2e,umask=0x41,cmask=2,inv/",
	  { UNC("uncore", 0x0801), UNC_FIXED("uncore") },
	  { { 0x3C7, 0x0F2F }, { 0x3B7, 0x42 } }, NULL },
	{ "nehalem-ex", "instructions,branches,cycles",
	  { UNC("uncore_ubox", 0x05), UNC_X("uncore_mbox_0", 0x41 | 3 << 9, 0xCA6, 0x5),
	    UNC("uncore_mbox_1", 0x40 | 0x1B << 9) },
	  { { 0xC00, 0x16 }, { 0xC11, 0x99 }, { 0xCB1, 0x7777 }, { 0xCA5, 0x1234 } }, NULL },
	{ "westmere-ex", "ref-cycles,cycles,cpu/event=0xc4,usr/",
	  { UNC_X("uncore_mbox_1", 0x41 | 2 << 9, 0xCE6, 0x3), UNC("uncore_ubox", 0x05) },
	  { { 0xC10, 0x05 }, { 0xCF1, 0x42 } }, NULL },
	{ "sandy-bridge-ep", "instructions,ref-cycles,branches,cpu/event=0x3c,any/",
	  { UNC("uncore_ubox", 0x0142), UNC_FIXED("uncore_ubox"), UNC("uncore_cbox_0", 0x0334),
	    UNC_X("uncore_cbox_3", 0x01000137, 0xD74, 0x1F), UNC("uncore_pcu", 0x0B) },
	  { { 0xC16, 0x321 }, { 0xD10, 0x0334 }, { 0xD16, 0x4444 }, { 0xD74, 0x3 },
	    { 0xC34, 0x0A0B0C0D } }, NULL },
	{ "zen2", "instructions,branches,cpu/event=0xc0,cmask=1/,branch-misses", { }, { }, zen_fw },
	{ "zen4", "cycles,instructions,branches,cpu/event=0x76,inv,cmask=1/", { }, { }, zen4_fw },
};
#define N_PROF_CASES (sizeof(prof_cases) / sizeof(prof_cases[0]))

/* Core state "firmware" left: PMC0 counting, a select without EN, odd counter values. */
static const struct fw_val core_fw[] = {
	{ MSR_IA32_PERFEVTSEL0, EN22 | 3u << 16 | 0x3C }, { MSR_IA32_PERF_GLOBAL_CTRL, 1 },
	{ MSR_IA32_PERFEVTSEL0 + 3, 0x1300C4 }, { MSR_IA32_PMC0 + 2, 0x1234 }, { MSR_IA32_PMC0, 0x42 },
	{ MSR_IA32_FIXED_CTR0 + 1, 0x777 }, { MSR_IA32_FIXED_CTR_CTRL, 0x300 }, { 0, 0 },
};

#define RIG_CPUS 4

struct run_rig {
	struct model *m;
	struct pmu_backend mb;         /* the model */
	struct pmu_backend b;          /* what the engines use: the model, or a wrapper of it */
	const struct prof_case *pc;
	struct cpu_info ci[RIG_CPUS];
	struct pmu_event_req core[RUN_MAX_REQS], unc[RUN_MAX_REQS];
	unsigned ncore, nunc;
	struct core_snapshot snap;
	struct core_session cs;
	struct uncore_session us;
	uint64_t us_tables[UNCORE_SESSION_BYTES(RUN_MAX_REQS) / 8];
};

static inline void fw_apply(struct run_rig *r, unsigned cpu, const struct fw_val *v)
{
	for (; v->msr; v++)
		if (pmu_wrmsr(&r->mb, cpu, v->msr, v->val) != PMU_OK)
			fail_msg("%s: firmware write %#x = %#llx refused", r->pc->profile, v->msr,
				 (unsigned long long)v->val);
}

/* A model of pc with firmware state on every CPU (2 packages of 2 CPUs), requests resolved. */
static inline struct run_rig *run_rig_new(const struct prof_case *pc)
{
	struct run_rig *r = calloc(1, sizeof(*r));
	struct evspec_error err;
	assert_non_null(r);
	r->pc = pc;
	uncore_session_init(&r->us, r->us_tables, RUN_MAX_REQS);
	r->m = test_model(pc->profile, RIG_CPUS, 2, &r->mb);
	r->b = r->mb;
	for (unsigned c = 0; c < r->m->ncpus; c++) {
		assert_int_equal(pmu_discover(&r->mb, c, &r->ci[c]), PMU_OK);
		fw_apply(r, c, pc->core_fw ? pc->core_fw : core_fw);
	}
	for (unsigned p = 0; p < r->m->npkgs; p++)
		fw_apply(r, p * (r->m->ncpus / r->m->npkgs), pc->unc_fw);
	if (evspec_parse_list(&r->ci[0], NULL, pc->core_spec, r->core, RUN_MAX_REQS, &r->ncore,
			      &err))
		fail_msg("%s: '%s': %s", pc->profile, pc->core_spec, err.msg);
	for (const struct unc_ev *e = pc->unc; e->box; e++) {
		struct pmu_event_req *q = &r->unc[r->nunc++];
		q->box = family_box(r->ci[0].uncore, e->box, strlen(e->box));
		assert_non_null(q->box);
		snprintf(q->name, sizeof(q->name), "%s/%#llx", e->box, (unsigned long long)e->config);
		q->config = e->config;
		q->fixed = e->fixed ? 0 : -1;
		q->extra_msr = e->extra_msr;
		q->extra_msr_val = e->extra_val;
	}
	model_clear_log(r->m);
	return r;
}

static inline void run_rig_free(struct run_rig *r)
{
	free(r->m);
	free(r);
}

/* Where a run may be interrupted by hook(arg, phase). */
enum run_phase { RP_BEGIN, RP_PREPARED, RP_PROGRAMMED, RP_STARTED, RP_PHASES };
typedef void (*run_hook)(void *arg, enum run_phase ph);

static inline void hook_at(run_hook hook, void *arg, enum run_phase ph)
{
	if (hook)
		hook(arg, ph);
}

/*
 * The core engine on cpu: snapshot, prepare, program, start, stop, read, restore,
 * as core_measure runs them. The first error, or restore's.
 */
static inline pmu_status run_core(struct run_rig *r, unsigned cpu, bool force, run_hook hook, void *arg)
{
	struct core_session *s = &r->cs;
	hook_at(hook, arg, RP_BEGIN);
	pmu_status st = core_snapshot(&r->b, cpu, &r->ci[cpu], &r->snap);
	if (st == PMU_OK)
		st = core_prepare(s, &r->b, cpu, &r->snap, r->core, r->ncore, force);
	if (st == PMU_OK && r->ncore >= 3)
		st = core_set_preload(s, 2, 0x7FFFFFF0);
	if (st == PMU_OK) {
		hook_at(hook, arg, RP_PREPARED);
		st = core_program(s);
	}
	if (st != PMU_OK)
		return st;
	hook_at(hook, arg, RP_PROGRAMMED);
	pmu_status on = core_start(s);
	hook_at(hook, arg, RP_STARTED);
	pmu_status off = core_stop(s);
	if (!on && !off)
		core_read(s);
	core_restore(s);
	if (on || off)
		return on ? on : off;
	return s->st ? s->st : s->restore_st;
}

/* The uncore engine on cpu (for its package): plan, program, start, stop, read, restore. */
static inline pmu_status run_uncore(struct run_rig *r, unsigned cpu, bool force, run_hook hook, void *arg)
{
	struct uncore_session *s = &r->us;
	hook_at(hook, arg, RP_BEGIN);
	pmu_status st = uncore_plan(s, r->ci[cpu].uncore, r->unc, r->nunc);
	if (st == PMU_OK) {
		hook_at(hook, arg, RP_PREPARED);
		st = uncore_program(s, &r->b, cpu, force ? UNCORE_FORCE : 0);
	}
	if (st == PMU_OK) {
		hook_at(hook, arg, RP_PROGRAMMED);
		st = uncore_start(s);
		hook_at(hook, arg, RP_STARTED);
		pmu_status st2 = uncore_stop(s);
		st = st ? st : st2;
		st2 = uncore_read(s);
		st = st ? st : st2;
	}
	pmu_status rs = uncore_restore(s);
	return st ? st : rs;
}
#endif
