/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Event specs: perf terms, raw, generic, architectural, Intel list and uncore names. */
#include <stdio.h>
#include "testutil.h"
#include "boxes.h"
#include "pmu/evspec.h"
#include "pmu/core_engine.h"
#include "hw/layouts_core.h"
#include "hw/layouts_uncore.h"
#include "hw/layouts_discovery.h"
#include "hw/layouts_dmr.h"

#define EN (1u << 22)
#define RINGS 0x30000u   /* USR | OS */

/* The tool's own SNB-EP U-box descriptor (lib/hw/uncore_boxes.c), for box-level tests. */
static const struct box_desc *snbep_ubox(void)
{
	const struct box_desc *d = family_box(UNCORE_SNB_EP, "uncore_ubox", 11);
	assert_non_null(d);
	return d;
}

static struct cpu_info cpu(uint32_t model)
{
	struct cpu_info ci;
	memset(&ci, 0, sizeof(ci));
	strcpy(ci.vendor, "GenuineIntel");
	ci.family = 6;
	ci.model = model;
	ci.arch.version = 3;
	ci.arch.n_gp = 4;
	ci.arch.gp_mask = 0xf;
	ci.arch.gp_width = 48;
	ci.arch.ebx_len = 7;
	ci.arch.n_fixed = 3;
	ci.arch.fixed_mask = 0x7;
	ci.arch.fixed_width = 48;
	ci.uncore = uncore_family_for(ci.vendor, ci.family, model);
	return ci;
}

static struct pmu_event_req parse_ok(const struct cpu_info *ci, const char *spec)
{
	struct pmu_event_req r;
	struct evspec_error err = { 0, "" };
	pmu_status st = evspec_parse(ci, test_boxes_of(ci), spec, &r, &err);
	if (st)
		fail_msg("%s: %s", spec, err.msg);
	return r;
}

static void expect_err(const struct cpu_info *ci, const char *spec, pmu_status st, const char *msg)
{
	struct pmu_event_req r;
	struct evspec_error err = { 0, "" };
	assert_int_equal(evspec_parse(ci, test_boxes_of(ci), spec, &r, &err), st);
	assert_int_equal(err.st, st);
	assert_string_equal(err.msg, msg);
}

/* Every field of IA32_PERFEVTSEL, under every name, set to its max through a term. */
static void test_every_field_by_every_name(void **state)
{
	(void)state;
	struct cpu_info ci = cpu(0x1a);
	const struct reg_layout *l = &layout_perfevtsel;
	unsigned checked = 0;
	for (unsigned i = 0; i < l->nfields; i++) {
		const struct reg_field *f = &l->fields[i];
		if (f->access == RA_RSV || !strcmp(f->name, "en") || !strcmp(f->name, "int"))
			continue;   /* refused: test_pmi_refused */
		char names[64];
		snprintf(names, sizeof(names), "%s %s", f->name, f->aliases ? f->aliases : "");
		for (char *n = strtok(names, " "); n; n = strtok(NULL, " ")) {
			char spec[96];
			snprintf(spec, sizeof(spec), "cpu/%s=0x%llx/", n,
				 (unsigned long long)reg_field_max(f));
			struct pmu_event_req r = parse_ok(&ci, spec);
			uint64_t want = reg_field_mask(f);
			if (!(want & RINGS))
				want |= RINGS;   /* neither ring given: both */
			assert_int_equal(r.config, want);
			assert_int_equal(reg_get_field(r.config, f), reg_field_max(f));
			assert_int_equal(r.fixed, -1);
			assert_int_equal(r.counter_mask, 0xf);

			uint64_t cfg = 0;
			struct evspec_error err;
			assert_int_equal(evspec_parse_terms("cpu", l, spec + 4, strlen(spec) - 5, EN,
							    &cfg, &err), PMU_OK);
			assert_int_equal(cfg, reg_field_mask(f));
			checked++;
		}
	}
	assert_true(checked >= 20);
}

static void test_perf_terms(void **state)
{
	(void)state;
	struct cpu_info ci = cpu(0x2d);
	struct pmu_event_req r = parse_ok(&ci, "cpu/event=0x3c,umask=0x00,edge,inv,cmask=1,usr,os/");
	assert_int_equal(r.config, 0x0187003c);
	assert_string_equal(r.name, "cpu/event=0x3c,umask=0x00,edge,inv,cmask=1,usr,os/");
	assert_null(r.box);
	assert_int_equal(r.extra_msr, 0);

	char buf[160];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	reg_decode(&layout_perfevtsel, r.config, 0, &sb);
	assert_string_equal(buf, "event=0x3c usr=1 os=1 e=1 inv=1 cmask=0x1");

	assert_int_equal(parse_ok(&ci, "cpu/event=0x3c,usr/").config, 0x1003c);
	assert_int_equal(parse_ok(&ci, "cpu/event=0x3c,os/").config, 0x2003c);
	assert_int_equal(parse_ok(&ci, "cpu/event=0x3c,usr=0,os=0/").config, 0x3003c);
	assert_int_equal(parse_ok(&ci, " CPU/ Event = 60 , UNIT_MASK=0x1 / ").config, 0x3013c);
	assert_int_equal(parse_ok(&ci, "cpu/config=0x183010e/").config, 0x183010e);
	assert_int_equal(parse_ok(&ci, "cpu/event=0x3c,any/").config, 0x23003c);
	assert_int_equal(parse_ok(&ci, "r183010e").config, 0x183010e);
	assert_int_equal(parse_ok(&ci, "r3c").config, 0x3003c);
}

static void test_term_errors(void **state)
{
	(void)state;
	struct cpu_info ci = cpu(0x2e);
	expect_err(&ci, "cpu/event=0x3c,en/", PMU_ERR_INVALID, "field 'en' is set by efipmu");
	expect_err(&ci, "cpu/enable=1/", PMU_ERR_INVALID, "field 'en' is set by efipmu");
	expect_err(&ci, "cpu/config=0x43003c/", PMU_ERR_INVALID, "field 'en' is set by efipmu");
	expect_err(&ci, "r43003c", PMU_ERR_INVALID, "field 'en' is set by efipmu");
	expect_err(&ci, "cpu/cmask=0x100/", PMU_ERR_RANGE, "field 'cmask' value 0x100 too wide (max 0xff)");
	expect_err(&ci, "cpu/thresh=256/", PMU_ERR_RANGE, "field 'cmask' value 0x100 too wide (max 0xff)");
	expect_err(&ci, "cpu/usr=2/", PMU_ERR_RANGE, "field 'usr' value 0x2 too wide (max 0x1)");
	expect_err(&ci, "cpu/foo=1/", PMU_ERR_UNKNOWN_NAME, "unknown term 'foo' for cpu");
	expect_err(&ci, "cpu/event=1,rsv=1/", PMU_ERR_UNKNOWN_NAME, "unknown term 'rsv' for cpu");
	expect_err(&ci, "cpu/config=0x80003003c/", PMU_ERR_RESERVED, "reserved bit 35 set");
	expect_err(&ci, "r100000000", PMU_ERR_RESERVED, "reserved bit 32 set");
	expect_err(&ci, "cpu/event=zz/", PMU_ERR_INVALID, "bad value 'zz' for term 'event'");
	expect_err(&ci, "cpu/event=/", PMU_ERR_INVALID, "bad value '' for term 'event'");
	expect_err(&ci, "cpu/config/", PMU_ERR_INVALID, "term 'config' needs a value");
	expect_err(&ci, "cpu/event=1,,umask=1/", PMU_ERR_INVALID, "empty term for 'cpu'");
	expect_err(&ci, "cpu/event=1,/", PMU_ERR_INVALID, "empty term for 'cpu'");
	expect_err(&ci, "cpu/event=1", PMU_ERR_INVALID,
		   "malformed event 'cpu/event=1': expected pmu/terms/");
	expect_err(&ci, "cpu/", PMU_ERR_INVALID, "malformed event 'cpu/': expected pmu/terms/");
	expect_err(&ci, "cpu//", PMU_ERR_INVALID, "event 'cpu//': no terms (name an event or give event=)");
	expect_err(&ci, "uncore/ /", PMU_ERR_INVALID,
		   "event 'uncore/ /': no terms (name an event or give event=)");
	expect_err(&ci, "  ", PMU_ERR_INVALID, "empty event spec");
	expect_err(&ci, "FOO.BAR", PMU_ERR_UNKNOWN_NAME, "unknown event 'FOO.BAR' for model 0x2e");
	expect_err(&ci, "uncore_qbox/event=1/", PMU_ERR_UNKNOWN_NAME,
		   "unknown PMU 'uncore_qbox' for this CPU");
	expect_err(&ci, "cpu/NOT_AN_EVENT/", PMU_ERR_UNKNOWN_NAME,
		   "unknown term 'NOT_AN_EVENT' for cpu");
	expect_err(&ci, "r", PMU_ERR_UNKNOWN_NAME, "unknown event 'r' for model 0x2e");
	expect_err(&ci, "r12345678901234567", PMU_ERR_UNKNOWN_NAME,
		   "unknown event 'r12345678901234567' for model 0x2e");
}

static void test_anythread_needs_v3(void **state)
{
	(void)state;
	struct cpu_info ci = cpu(0x1a);
	ci.arch.version = 2;
	expect_err(&ci, "cpu/event=0x3c,any/", PMU_ERR_RESERVED, "field 'any' not supported on this CPU");
	expect_err(&ci, "UOPS_EXECUTED.CORE_STALL_CYCLES", PMU_ERR_RESERVED,
		   "field 'any' not supported on this CPU");
	ci.arch.version = 3;
	ci.arch.anythread_deprecated = true;
	expect_err(&ci, "cpu/event=0x3c,anythread=1/", PMU_ERR_RESERVED,
		   "field 'any' not supported on this CPU");
}

static void test_arch_events(void **state)
{
	(void)state;
	static const struct { const char *name; uint32_t config; } arch[] = {
		{ "UnHalted Core Cycles", 0x3003c }, { "Instruction Retired", 0x300c0 },
		{ "UnHalted Reference Cycles", 0x3013c }, { "LLC  Reference", 0x34f2e },
		{ "llc misses", 0x3412e }, { "Branch Instructions Retired", 0x300c4 },
		{ "BRANCH MISPREDICTS RETIRED", 0x300c5 },
	};
	struct cpu_info ci = cpu(0x3a);   /* not a listed model: only architectural names */
	for (unsigned i = 0; i < 7; i++) {
		struct pmu_event_req r = parse_ok(&ci, arch[i].name);
		assert_int_equal(r.config, arch[i].config);
		assert_int_equal(r.fixed, -1);
		assert_int_equal(r.counter_mask, 0xf);
	}
	ci.arch.ebx_unavail = 1u << 4;
	expect_err(&ci, "LLC Misses", PMU_ERR_UNSUPPORTED,
		   "architectural event 'LLC Misses' not available on this CPU (CPUID.0AH:EBX bit 4)");
	expect_err(&ci, "cache-misses", PMU_ERR_UNSUPPORTED,
		   "architectural event 'LLC Misses' not available on this CPU (CPUID.0AH:EBX bit 4)");
	parse_ok(&ci, "LLC Reference");
	ci.arch.ebx_len = 5;   /* bits past the vector length are not available either */
	expect_err(&ci, "Branch Instructions Retired", PMU_ERR_UNSUPPORTED,
		   "architectural event 'Branch Instructions Retired' not available on this CPU "
		   "(CPUID.0AH:EBX bit 5)");
}

/*
 * Alder Lake (leaf 0xA 0x07300605, ECX 7, EDX 0x8603 on every core): a P-core (core type
 * 0x40) gets the 8 counters and FIXED_CTR3 the engine drives (quirk adl-hybrid-pcore),
 * an E-core the 6 and 3 CPUID says. slots / TOPDOWN.SLOTS select FIXED_CTR3 (the
 * kernel's pseudo-encoding 0x0400).
 */
static void test_hybrid_counters_and_slots(void **state)
{
	(void)state;
	struct cpu_info ci = cpu(0x97);
	ci.arch.version = 5;
	ci.arch.n_gp = 6;
	ci.arch.gp_mask = 0x3f;
	ci.arch.anythread_deprecated = true;
	ci.arch.core_type = CORE_TYPE_CORE;
	struct pmu_event_req r = parse_ok(&ci, "r3c");
	assert_int_equal(r.counter_mask, 0xff);
	r = parse_ok(&ci, "TOPDOWN.SLOTS");
	assert_int_equal(r.fixed, 3);
	assert_int_equal(r.counter_mask, 0);
	assert_int_equal(r.config, 0x30400);
	assert_int_equal(parse_ok(&ci, "slots").fixed, 3);
	ci.arch.core_type = CORE_TYPE_ATOM;
	assert_int_equal(parse_ok(&ci, "r3c").counter_mask, 0x3f);
	expect_err(&ci, "slots", PMU_ERR_UNSUPPORTED,
		   "event 'slots' needs fixed counter 3, which this CPU lacks");
}

/* The later lists' fields and refusals, and perf's hybrid PMUs (the lists in data/perfmon/). */
static void test_later_list_events(void **state)
{
	(void)state;
	struct cpu_info spr = cpu(0x8f);
	spr.arch.version = 5;
	spr.arch.n_gp = 8;
	spr.arch.gp_mask = 0xff;
	spr.arch.fixed_mask = 0xf;
	spr.arch.anythread_deprecated = true;
	struct pmu_event_req r = parse_ok(&spr, "MEM_LOAD_RETIRED.L3_MISS");
	assert_int_equal(r.config, 0x320d1);
	assert_int_equal(r.counter_mask, 0xf);
	assert_string_equal(r.list, "sapphirerapids_core");
	r = parse_ok(&spr, "OCR.DEMAND_DATA_RD.L3_MISS");
	assert_int_equal(r.config & 0xffff, 0x012a);
	assert_int_equal(r.extra_msr, 0x1a6);
	assert_int_equal(r.extra_msr_val, 0x3fbfc00001ull);
	expect_err(&spr, "cpu/OCR.DEMAND_DATA_RD.L3_MISS,offcore_rsp=0x4000000000/",
		   PMU_ERR_RESERVED,
		   "term 'offcore_rsp' value 0x4000000000 sets bit 38, reserved in "
		   "MSR_OFFCORE_RSP_0");
	expect_err(&spr, "FRONTEND_RETIRED.DSB_MISS", PMU_ERR_UNSUPPORTED,
		   "event 'FRONTEND_RETIRED.DSB_MISS' needs MSR_PEBS_FRONTEND (0x3F7), which "
		   "efipmu does not drive");
	expect_err(&spr, "cpu_atom/INST_RETIRED.ANY/", PMU_ERR_UNSUPPORTED,
		   "'cpu_atom': not a hybrid CPU (CPUID.1AH names no core type)");
	struct cpu_info skx = cpu(0x55);
	skx.stepping = 4;
	/* PEBS-only in Intel's list, counted as perf stat counts it: its event select alone */
	assert_int_equal(parse_ok(&skx, "BR_INST_RETIRED.ALL_BRANCHES_PEBS").config & 0xFFFF, 0x04C4);
	assert_int_equal(parse_ok(&skx, "MEM_TRANS_RETIRED.LOAD_LATENCY_GT_4").extra_msr, 0x3f6);

	struct cpu_info adl = spr;   /* a P-core of Alder Lake: the list by core type */
	adl.model = 0x97;
	adl.arch.core_type = CORE_TYPE_CORE;
	adl.arch.native_model = 1;
	r = parse_ok(&adl, "cpu_atom/LONGEST_LAT_CACHE.MISS/");
	assert_int_equal(r.config, 0x3412e);
	assert_int_equal(r.core_type, CORE_TYPE_ATOM);
	assert_string_equal(r.list, "alderlake_gracemont_core");
	r = parse_ok(&adl, "cpu_atom/OCR.DEMAND_DATA_RD.L3_MISS/");   /* E-core RSP_0: 0xB7/0x01 */
	assert_int_equal(r.config & 0xffff, 0x01b7);
	assert_int_equal(r.extra_msr, 0x1a6);
	/* a bare name: a request per core type whose list has it, each with its encoding */
	struct pmu_event_req reqs[4];
	unsigned n;
	struct evspec_error err = { 0, "" };
	assert_int_equal(evspec_parse_list(&adl, test_boxes_of(&adl), "LONGEST_LAT_CACHE.MISS", reqs, 4, &n, &err), PMU_OK);
	assert_int_equal(n, 2);
	assert_int_equal(reqs[0].core_type, CORE_TYPE_CORE);
	assert_string_equal(reqs[0].list, "alderlake_goldencove_core");
	assert_string_equal(reqs[1].name, "cpu_atom/LONGEST_LAT_CACHE.MISS/");
	assert_string_equal(reqs[1].list, "alderlake_gracemont_core");
	/* only in the E-core list: counted there alone */
	assert_int_equal(evspec_parse_list(&adl, test_boxes_of(&adl), "TOPDOWN_BE_BOUND.ALL", reqs, 4, &n, &err), PMU_OK);
	assert_int_equal(n, 1);
	assert_int_equal(reqs[0].core_type, CORE_TYPE_ATOM);
	/* which spec each request came from: a bare name's two share it (the run's left-out) */
	assert_int_equal(evspec_parse_list(&adl, test_boxes_of(&adl), "cycles,L2_REQUEST.MISS,LD_HEAD.L1_MISS", reqs, 4,
					   &n, &err), PMU_OK);
	assert_int_equal(n, 4);
	assert_int_equal(reqs[0].item, 0);
	assert_int_equal(reqs[1].item, 1);
	assert_int_equal(reqs[2].item, 1);
	assert_int_equal(reqs[2].core_type, CORE_TYPE_ATOM);
	assert_int_equal(reqs[2].config, 0x30124);   /* Gracemont's 24H/01H, Golden Cove's 24H/3FH */
	assert_int_equal(reqs[1].config, 0x33f24);
	assert_int_equal(reqs[3].item, 2);

	struct cpu_info lnl = spr;   /* Lunar Lake P-core: UMASK2 where CPUID.23H says so */
	lnl.model = 0xbd;
	lnl.arch.core_type = CORE_TYPE_CORE;
	lnl.arch.native_model = 3;
	lnl.arch.umask2 = lnl.arch.eq = true;
	r = parse_ok(&lnl, "BR_INST_RETIRED.COND");
	assert_int_equal(r.config, 0x100000311c4ull);   /* umask2 1 at 47:40 */
	/* PERFEVTSEL bit 37, RDPMC user disable, only where CPUID.23H.0:EBX[2] lists it */
	expect_err(&lnl, "cpu/event=0xc0,rdpmc_ud/", PMU_ERR_RESERVED,
		   "field 'rdpmc_ud' not supported on this CPU");
	lnl.arch.ext.rdpmc_user_disable = true;
	assert_int_equal(parse_ok(&lnl, "cpu/event=0xc0,rdpmc_user_disable/").config,
			 0x20000300c0ull);
	lnl.arch.ext.rdpmc_user_disable = false;
	lnl.arch.umask2 = lnl.arch.eq = false;
	expect_err(&lnl, "BR_INST_RETIRED.COND", PMU_ERR_RESERVED, "reserved bit 40 set");
	/* an E-core event on FIXED_CTR6, which only the E-cores have: left to their counters */
	r = parse_ok(&lnl, "cpu_atom/TOPDOWN_RETIRING.ALL/");
	assert_int_equal(r.fixed, 6);
	assert_int_equal(r.core_type, CORE_TYPE_ATOM);
	expect_err(&lnl, "cpu_core/TOPDOWN_RETIRING.ALL/", PMU_ERR_UNKNOWN_NAME,
		   "unknown term 'TOPDOWN_RETIRING.ALL' for cpu");
}

/*
 * SNB-EP QPI match/mask terms as Linux names them (uncore_snbep.c snbep_uncore_qpi_formats:
 * match_* config1, mask_* config2; match0/1, mask0/1 raw dwords), only with event 0x38 +
 * event_ext (snbep_qpi_hw_config); the list's UNC_Q_CTO_COUNT takes them.
 */
static void test_qpi_match_mask_terms(void **state)
{
	(void)state;
	struct cpu_info ci = cpu(0x2d);
	struct pmu_event_req r = parse_ok(&ci, "uncore_qpi_1/event=0x38,event_ext=1,match_rds=5,"
					       "match_opc=3,match_rnid30=0xa,mask1=0x80000000,"
					       "mask_rds=0xf,mask_dnid=0x1f/");
	assert_int_equal(r.config, 0x38 | 1u << 21);
	assert_int_equal(r.extra_msr, 0x228);
	assert_int_equal(r.extra_msr_val, 5ull << 48 | 3u << 5 | 0xaull << 32);
	assert_int_equal(r.extra_msr_val_hi, 0x80000000ull << 32 | 0xfull << 48 | 0x1fu << 13);
	r = parse_ok(&ci, "uncore_qpi_0/UNC_Q_CTO_COUNT,match0=0x12345678,match_rds=1/");
	assert_int_equal(r.extra_msr_val, 1ull << 48 | 0x12345678u);
	assert_int_equal(r.extra_msr_val_hi, 0);
	r = parse_ok(&ci, "uncore_qpi_0/UNC_Q_CTO_COUNT/");   /* no term: nothing to write */
	assert_int_equal(r.extra_msr, 0);
	const char *why = "'uncore_qpi_0': match/mask terms need event 0x38 with event_ext (the "
			  "only event that selects them)";
	expect_err(&ci, "uncore_qpi_0/event=0x38,match_rds=1/", PMU_ERR_INVALID, why);
	expect_err(&ci, "uncore_qpi_0/event=0x1,event_ext=1,mask0=1/", PMU_ERR_INVALID, why);
}

static void test_generic_names(void **state)
{
	(void)state;
	struct cpu_info ci = cpu(0x2d);
	struct pmu_event_req r = parse_ok(&ci, "instructions");
	assert_int_equal(r.fixed, 0);
	assert_int_equal(r.config, 0x300c0);
	assert_int_equal(r.counter_mask, 0xf);
	r = parse_ok(&ci, "cycles");
	assert_int_equal(r.fixed, 1);
	assert_int_equal(r.config, 0x3003c);
	assert_int_equal(parse_ok(&ci, "cpu-cycles").fixed, 1);
	r = parse_ok(&ci, "ref-cycles");
	assert_int_equal(r.fixed, 2);
	assert_int_equal(r.counter_mask, 0);
	assert_int_equal(parse_ok(&ci, "branches").config, 0x300c4);
	assert_int_equal(parse_ok(&ci, "branch-instructions").config, 0x300c4);
	assert_int_equal(parse_ok(&ci, "branch-misses").config, 0x300c5);
	assert_int_equal(parse_ok(&ci, "cache-references").config, 0x34f2e);
	assert_int_equal(parse_ok(&ci, "cache-misses").config, 0x3412e);
	r = parse_ok(&ci, "bus-cycles");
	assert_int_equal(r.config, 0x3013c);
	assert_int_equal(r.fixed, -1);

	/* Cycles with EBX bit 0 set: the fixed counter only. */
	ci.arch.ebx_unavail = 1;
	r = parse_ok(&ci, "cycles");
	assert_int_equal(r.fixed, 1);
	assert_int_equal(r.counter_mask, 0);

	/* Version 1: no fixed counters. */
	ci = cpu(0x2d);
	ci.arch.version = 1;
	ci.arch.n_fixed = 0;
	ci.arch.fixed_mask = 0;
	r = parse_ok(&ci, "instructions");
	assert_int_equal(r.fixed, -1);
	assert_int_equal(r.counter_mask, 0xf);
	expect_err(&ci, "ref-cycles", PMU_ERR_UNSUPPORTED,
		   "event 'ref-cycles' needs fixed counter 2, which this CPU lacks");
	expect_err(&ci, "INST_RETIRED.ANY", PMU_ERR_UNSUPPORTED,
		   "event 'INST_RETIRED.ANY' needs fixed counter 0, which this CPU lacks");
	ci.arch.ebx_unavail = 1;
	expect_err(&ci, "cycles", PMU_ERR_UNSUPPORTED,
		   "architectural event 'UnHalted Core Cycles' not available on this CPU "
		   "(CPUID.0AH:EBX bit 0)");
	/* Fewer fixed counters than the event needs: a guest (the 3-fixed rule is bare metal's). */
	ci = cpu(0x1a);
	ci.hypervisor = true;
	ci.arch.n_fixed = 2;
	ci.arch.fixed_mask = 0x3;
	assert_int_equal(parse_ok(&ci, "cycles").fixed, 1);
	expect_err(&ci, "CPU_CLK_UNHALTED.REF", PMU_ERR_UNSUPPORTED,
		   "event 'CPU_CLK_UNHALTED.REF' needs fixed counter 2, which this CPU lacks");
}

/* Linux events/intel/core.c: branch-misses on Nehalem with EBX bit 6 set is BR_MISP_EXEC.ANY. */
static void test_nhm_branch_miss_quirk(void **state)
{
	(void)state;
	static const uint32_t nhm[] = { 0x1a, 0x1e, 0x1f, 0x2e };
	for (unsigned i = 0; i < 4; i++) {
		struct cpu_info ci = cpu(nhm[i]);
		assert_int_equal(parse_ok(&ci, "branch-misses").config, 0x300c5);
		ci.arch.ebx_unavail = 1u << 6;
		assert_int_equal(parse_ok(&ci, "branch-misses").config, 0x37f89);
		expect_err(&ci, "Branch Mispredicts Retired", PMU_ERR_UNSUPPORTED,
			   "architectural event 'Branch Mispredicts Retired' not available on this "
			   "CPU (CPUID.0AH:EBX bit 6)");
	}
	struct cpu_info ci = cpu(0x2c);   /* Westmere: no quirk */
	ci.arch.ebx_unavail = 1u << 6;
	expect_err(&ci, "branch-misses", PMU_ERR_UNSUPPORTED,
		   "architectural event 'Branch Mispredicts Retired' not available on this CPU "
		   "(CPUID.0AH:EBX bit 6)");
}

/* The PERFEVTSEL words of Intel's perfmon lists (config | EN), counters and extra MSRs. */
static void test_list_events(void **state)
{
	(void)state;
	static const struct {
		uint32_t model;
		const char *name;
		uint32_t word, counters, msr;
		uint64_t msr_val;
	} t[] = {
		{ 0x1a, "CPU_CLK_UNHALTED.THREAD_P", 0x0043003c, 0xf, 0, 0 },
		{ 0x1e, "CPU_CLK_UNHALTED.REF_P", 0x0043013c, 0xf, 0, 0 },
		{ 0x1f, "INST_RETIRED.ANY_P", 0x004301c0, 0xf, 0, 0 },
		{ 0x1a, "BR_INST_RETIRED.ALL_BRANCHES", 0x004304c4, 0xf, 0, 0 },
		{ 0x1a, "BR_MISP_EXEC.ANY", 0x00437f89, 0xf, 0, 0 },
		{ 0x1a, "L2_RQSTS.MISS", 0x0043aa24, 0xf, 0, 0 },
		{ 0x1a, "MEM_UNCORE_RETIRED.LOCAL_DRAM", 0x0043200f, 0xf, 0, 0 },
		{ 0x1a, "L1D.REPL", 0x00430151, 0x3, 0, 0 },
		{ 0x1a, "UOPS_ISSUED.STALL_CYCLES", 0x01c3010e, 0xf, 0, 0 },
		{ 0x1a, "UOPS_RETIRED.STALL_CYCLES", 0x01c301c2, 0xf, 0, 0 },
		{ 0x1a, "UOPS_EXECUTED.CORE_STALL_CYCLES", 0x01e33fb1, 0xf, 0, 0 },
		{ 0x1a, "OFFCORE_RESPONSE_0.ANY_DATA.ANY_LLC_MISS", 0x004301b7, 0x4, 0x1a6, 0xf811 },
		{ 0x2e, "L1D.REPL", 0x00430151, 0x3, 0, 0 },
		{ 0x2e, "DTLB_MISSES.ANY", 0x00430149, 0xf, 0, 0 },
		{ 0x2e, "UOPS_ISSUED.STALL_CYCLES", 0x01c3010e, 0xf, 0, 0 },
		{ 0x2e, "OFFCORE_RESPONSE_0.ANY_DATA.REMOTE_DRAM", 0x004301b7, 0x4, 0x1a6, 0x2011 },
		{ 0x2e, "OFFCORE_RESPONSE_0.ANY_DATA.LOCAL_DRAM", 0x004301b7, 0x4, 0x1a6, 0x4011 },
		{ 0x2d, "CPU_CLK_THREAD_UNHALTED.REF_XCLK", 0x0043013c, 0xf, 0, 0 },
		{ 0x2d, "INST_RETIRED.ANY_P", 0x004300c0, 0xf, 0, 0 },
		{ 0x2d, "BR_MISP_RETIRED.ALL_BRANCHES", 0x004300c5, 0xf, 0, 0 },
		{ 0x2d, "L2_LINES_IN.ALL", 0x004307f1, 0xf, 0, 0 },
		{ 0x2d, "MEM_UOPS_RETIRED.ALL_LOADS", 0x004381d0, 0xf, 0, 0 },
		{ 0x2d, "MEM_LOAD_UOPS_LLC_MISS_RETIRED.REMOTE_DRAM", 0x004304d3, 0xf, 0, 0 },
		{ 0x2d, "UOPS_ISSUED.CORE_STALL_CYCLES", 0x01e3010e, 0xf, 0, 0 },
		{ 0x2d, "CYCLE_ACTIVITY.STALLS_L2_PENDING", 0x054305a3, 0xf, 0, 0 },
		{ 0x2d, "CYCLE_ACTIVITY.CYCLES_L1D_PENDING", 0x024302a3, 0x4, 0, 0 },
		{ 0x2d, "CYCLE_ACTIVITY.STALLS_L1D_PENDING", 0x064306a3, 0x4, 0, 0 },
		{ 0x2d, "OFFCORE_RESPONSE.DEMAND_DATA_RD.LLC_MISS.LOCAL_DRAM", 0x004301b7, 0xf, 0x1a6,
		  0x600400001ull },
		{ 0x2c, "OFFCORE_RESPONSE.ANY_DATA.ANY_LLC_MISS", 0x004301b7, 0xf, 0x1a6, 0xf811 },
		{ 0x25, "L1D.REPL", 0x00430151, 0x3, 0, 0 },
		{ 0x2f, "OFFCORE_RESPONSE_0.ANY_DATA.ANY_LLC_MISS", 0x004301b7, 0x4, 0x1a6, 0xf811 },
	};
	for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct cpu_info ci = cpu(t[i].model);
		struct pmu_event_req r = parse_ok(&ci, t[i].name);
		if (r.config + EN != t[i].word || r.counter_mask != t[i].counters ||
		    r.extra_msr != t[i].msr || r.extra_msr_val != t[i].msr_val)
			fail_msg("%s on %#x: config %#llx mask %#x msr %#x=%#llx", t[i].name,
				 t[i].model, (unsigned long long)r.config, r.counter_mask, r.extra_msr,
				 (unsigned long long)r.extra_msr_val);
		assert_int_equal(r.fixed, -1);
		assert_string_equal(r.name, t[i].name);
	}
	struct cpu_info ci = cpu(0x1a);
	struct pmu_event_req r = parse_ok(&ci, "l1d.repl");
	assert_string_equal(r.name, "L1D.REPL");
	assert_int_equal(r.counter_mask, 0x3);
	expect_err(&ci, "BR_MISP_RETIRED.ALL_BRANCHES", PMU_ERR_UNKNOWN_NAME,
		   "unknown event 'BR_MISP_RETIRED.ALL_BRANCHES' for model 0x1a");
	ci = cpu(0x2e);
	expect_err(&ci, "MEM_UNCORE_RETIRED.LOCAL_DRAM", PMU_ERR_UNKNOWN_NAME,
		   "unknown event 'MEM_UNCORE_RETIRED.LOCAL_DRAM' for model 0x2e");
	ci = cpu(0x2d);   /* Hyper-Threading off: 8 counters where the list allows them */
	ci.arch.n_gp = 8;
	ci.arch.gp_mask = 0xff;
	assert_int_equal(parse_ok(&ci, "UOPS_ISSUED.ANY").counter_mask, 0xff);
	assert_int_equal(parse_ok(&ci, "MEM_UOPS_RETIRED.ALL_LOADS").counter_mask, 0xf);
	ci.arch.n_gp = 2;
	ci.arch.gp_mask = 0x3;
	expect_err(&ci, "CYCLE_ACTIVITY.CYCLES_L1D_PENDING", PMU_ERR_NO_COUNTER,
		   "no counter on this CPU can take event 'CYCLE_ACTIVITY.CYCLES_L1D_PENDING'");
	ci.arch.n_gp = 0;
	ci.arch.gp_mask = 0;
	expect_err(&ci, "r3c", PMU_ERR_NO_COUNTER, "no counter on this CPU can take event 'r3c'");
}

static void test_fixed_list_events(void **state)
{
	(void)state;
	static const struct { uint32_t model; const char *name; int fixed; uint32_t config; } t[] = {
		{ 0x1a, "INST_RETIRED.ANY", 0, RINGS },
		{ 0x1a, "CPU_CLK_UNHALTED.THREAD", 1, RINGS },
		{ 0x1a, "CPU_CLK_UNHALTED.REF", 2, RINGS },
		{ 0x2f, "CPU_CLK_UNHALTED.REF", 2, RINGS },
		{ 0x2d, "INST_RETIRED.ANY", 0, RINGS | 0x0100 },
		{ 0x2d, "CPU_CLK_UNHALTED.THREAD", 1, RINGS | 0x0200 },
		{ 0x2d, "CPU_CLK_UNHALTED.REF_TSC", 2, RINGS | 0x0300 },
		{ 0x2d, "CPU_CLK_UNHALTED.THREAD_ANY", 1, RINGS | 0x0200 | 1u << 21 },
	};
	for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct cpu_info ci = cpu(t[i].model);
		struct pmu_event_req r = parse_ok(&ci, t[i].name);
		assert_int_equal(r.fixed, t[i].fixed);
		assert_int_equal(r.counter_mask, 0);
		assert_int_equal(r.config, t[i].config);
	}
}

/* Raw and term specs take the list's restriction for the same event/umask. */
static void test_restrictions_for_raw(void **state)
{
	(void)state;
	struct cpu_info ci = cpu(0x1e);
	assert_int_equal(parse_ok(&ci, "cpu/event=0x51,umask=1/").counter_mask, 0x3);
	assert_int_equal(parse_ok(&ci, "r0151").counter_mask, 0x3);
	assert_int_equal(parse_ok(&ci, "r0351").counter_mask, 0x3);   /* umask not listed */
	assert_int_equal(parse_ok(&ci, "r01fe").counter_mask, 0xf);   /* event not listed */
	ci = cpu(0x2d);
	assert_int_equal(parse_ok(&ci, "r2a3").counter_mask, 0x4);
	assert_int_equal(parse_ok(&ci, "r1a3").counter_mask, 0xf);
	assert_int_equal(parse_ok(&ci, "cpu/event=0xcd,umask=1/").counter_mask, 0x8);
}

static void test_list_event_with_terms(void **state)
{
	(void)state;
	struct cpu_info ci = cpu(0x1a);
	struct pmu_event_req r = parse_ok(&ci, "cpu/UOPS_ISSUED.ANY,cmask=1,inv/");
	assert_int_equal(r.config + EN, 0x01c3010e);
	assert_string_equal(r.name, "cpu/UOPS_ISSUED.ANY,cmask=1,inv/");
	r = parse_ok(&ci, "cpu/OFFCORE_RESPONSE_0.ANY_DATA.ANY_LLC_MISS/");
	assert_int_equal(r.extra_msr, 0x1a6);
	assert_int_equal(r.extra_msr_val, 0xf811);
	assert_int_equal(r.counter_mask, 0x4);
	r = parse_ok(&ci, "cpu/L1D.REPL,usr/");
	assert_int_equal(r.config, 0x10151);
	assert_int_equal(r.counter_mask, 0x3);
	expect_err(&ci, "cpu/L1D.REPL,cmask=0x1ff/", PMU_ERR_RANGE,
		   "field 'cmask' value 0x1ff too wide (max 0xff)");
}

/* Extra MSR and value of spec on model. */
static void expect_aux(uint32_t model, const char *spec, uint32_t msr, uint64_t val)
{
	struct cpu_info ci = cpu(model);
	struct pmu_event_req r = parse_ok(&ci, spec);
	if (r.extra_msr != msr || r.extra_msr_val != val)
		fail_msg("%#x %s: extra %#x = %#llx, want %#x = %#llx", model, spec, r.extra_msr,
			 (unsigned long long)r.extra_msr_val, msr, (unsigned long long)val);
}

/*
 * offcore_rsp= and ldlat=: the register follows the final event code (hw/core_aux.h)
 * and is always set: the term, else the list event's MSRValue, else the default.
 */
static void test_aux_terms(void **state)
{
	(void)state;
	expect_aux(0x1a, "cpu/event=0xb7,umask=0x1/", 0x1a6, 0);
	expect_aux(0x1a, "r01b7", 0x1a6, 0);
	expect_aux(0x1a, "cpu/event=0xb7,umask=0x1,offcore_rsp=0xf811/", 0x1a6, 0xf811);
	expect_aux(0x1a, "cpu/offcore_rsp=0x11,event=0xb7,umask=1/", 0x1a6, 0x11);   /* first */
	expect_aux(0x1a, "cpu/event=0xbb,umask=0x1/", 0, 0);   /* Nehalem: no RSP_1, no 0xBB row */
	expect_aux(0x2c, "cpu/event=0xbb,umask=0x1/", 0x1a7, 0);
	expect_aux(0x2d, "cpu/event=0xbb,umask=0x1,offcore_rsp=0x3fffff8fff/", 0x1a7,
		   0x3fffff8fffull);
	expect_aux(0x1a, "cpu/OFFCORE_RESPONSE_0.ANY_DATA.ANY_LLC_MISS,offcore_rsp=0x4011/", 0x1a6,
		   0x4011);
	expect_aux(0x1a, "cpu/OFFCORE_RESPONSE_0.ANY_DATA.ANY_LLC_MISS,event=0x3c/", 0, 0);
	expect_aux(0x1a, "MEM_INST_RETIRED.LATENCY_ABOVE_THRESHOLD_32768", 0x3f6, 0x8000);
	expect_aux(0x2f, "cpu/MEM_INST_RETIRED.LATENCY_ABOVE_THRESHOLD_0,ldlat=0xffff/", 0x3f6,
		   0xffff);
	expect_aux(0x1e, "cpu/event=0xb,umask=0x10/", 0x3f6, 3);
	expect_aux(0x2d, "cpu/event=0xcd,umask=0x1,ldlat=50/", 0x3f6, 50);
	expect_aux(0x2d, "MEM_TRANS_RETIRED.LOAD_LATENCY_GT_512", 0x3f6, 0x200);
	expect_aux(0x2d, "instructions", 0, 0);
	struct cpu_info ci = cpu(0x2c);
	expect_err(&ci, "cpu/event=0xb7,umask=1,offcore_rsp/", PMU_ERR_INVALID,
		   "term 'offcore_rsp' needs a value");
	expect_err(&ci, "cpu/event=0xb7,umask=1,offcore_rsp=zz/", PMU_ERR_INVALID,
		   "bad value 'zz' for term 'offcore_rsp'");
	expect_err(&ci, "cpu/event=0xb7,umask=0x2,offcore_rsp=1/", PMU_ERR_INVALID,
		   "term 'offcore_rsp' does not apply to this event on this CPU");
	expect_err(&ci, "cpu/event=0xb,umask=0x10,offcore_rsp=1/", PMU_ERR_INVALID,
		   "term 'offcore_rsp' does not apply to this event on this CPU");
	expect_err(&ci, "cpu/event=0xb7,umask=1,offcore_rsp=0x10000/", PMU_ERR_RESERVED,
		   "term 'offcore_rsp' value 0x10000 sets bit 16, reserved in MSR_OFFCORE_RSP_0");
	expect_err(&ci, "uncore/event=0x2c,offcore_rsp=1/", PMU_ERR_UNKNOWN_NAME,
		   "unknown term 'offcore_rsp' for uncore");
}

/* INT under each of its names, on GP and fixed events and in whole words: refused. */
static void test_pmi_refused(void **state)
{
	(void)state;
	static const char *const specs[] = {
		"cpu/event=0x3c,int/", "cpu/event=0x3c,pmi=1/", "cpu/event=0x3c,apic_int/",
		"cpu/INST_RETIRED.ANY,int/", "cpu/CPU_CLK_UNHALTED.REF_TSC,pmi/", "r10003c",
		"cpu/config=0x13003c/",
	};
	struct cpu_info ci = cpu(0x2d);
	for (unsigned i = 0; i < sizeof(specs) / sizeof(specs[0]); i++)
		expect_err(&ci, specs[i], PMU_ERR_UNSUPPORTED, "field 'int'" CORE_INT_REFUSED);
	assert_int_equal(parse_ok(&ci, "cpu/event=0x3c,int=0/").config, 0x3003c);
}

/*
 * Linux's formats give the discovery-era umask one term over two pieces (uncore_snbep.c
 * umask_ext5 "config:8-15,32-63" on Diamond Rapids' CBO, tip 66e2075426f3; umask_ext2
 * "config:8-15,32-57" on Ice Lake-SP's CHA): a wider umask= goes on into umask_ext. The
 * core's umask does not: UMASK2 (40-47) is a term of its own.
 */
static void test_umask_spills_into_umask_ext(void **state)
{
	(void)state;
	struct evspec_error err;
	uint64_t cfg = 0;
	const char *t = "umask=0x1ff";
	assert_int_equal(evspec_parse_terms("uncore_cbo_0", &layout_dmr_umask_ext_ctl, t,
					    strlen(t), EN, &cfg, &err), PMU_OK);
	assert_int_equal(cfg, 0x1ull << 32 | 0xff00);
	cfg = 0;
	t = "umask=0xa5c3f0e1d2";
	assert_int_equal(evspec_parse_terms("uncore_cbo_0", &layout_dmr_umask_ext_ctl, t,
					    strlen(t), EN, &cfg, &err), PMU_OK);
	assert_int_equal(cfg, 0xa5c3f0e1ull << 32 | 0xd200);
	t = "umask=0x10000000000";
	assert_int_equal(evspec_parse_terms("uncore_cbo_0", &layout_dmr_umask_ext_ctl, t,
					    strlen(t), EN, &cfg, &err), PMU_ERR_RANGE);
	assert_string_equal(err.msg, "field 'umask' value 0x10000000000 too wide (max 0xffffffffff)");
	cfg = 0;
	t = "umask=0x3ffffffff";
	assert_int_equal(evspec_parse_terms("uncore_cha_0", &layout_icx_cha_ctl, t, strlen(t), EN,
					    &cfg, &err), PMU_OK);
	assert_int_equal(cfg, 0x3ffffffull << 32 | 0xff00);
	t = "umask=0x1ff";
	assert_int_equal(evspec_parse_terms("cpu", &layout_perfevtsel_ext, t, strlen(t), EN, &cfg,
					    &err), PMU_ERR_RANGE);
}

/*
 * A box whose only counter is its fixed one (Panther Lake's cNCU, tip 46da08a2bb4d) takes
 * perf's UNCORE_FIXED_EVENT, config 0xff ("clockticks" is "event=0xff" in Linux's
 * icl_uncore_events), as its clock; any other config has no counter.
 */
static void test_fixed_only_box_event_ff_is_its_clock(void **state)
{
	(void)state;
	const struct box_family *f = box_family_client(6, 0xCC);
	const struct box_type *t = NULL;
	for (unsigned k = 0; f && k < f->ntypes; k++)
		if (!strcmp(f->types[k].name, "uncore_cncu"))
			t = &f->types[k];
	assert_non_null(t);
	struct box_inst b;
	box_type_instance(t, 1, &b);
	struct cpu_info ci = cpu(0xCC);
	struct pmu_event_req r;
	struct evspec_error err;
	static const char *const clock[] = { "event=0xff", "config=0xff", "clockticks" };
	for (unsigned i = 0; i < sizeof(clock) / sizeof(clock[0]); i++) {
		assert_int_equal(evspec_parse_box(&ci, &b.d, clock[i], strlen(clock[i]), &r, &err),
				 PMU_OK);
		assert_int_equal(r.fixed, 0);
		assert_string_equal(r.name, "clockticks");
	}
	static const char *const other[] = { "event=0x1", "event=0xff,edge=1" };
	for (unsigned i = 0; i < sizeof(other) / sizeof(other[0]); i++) {
		assert_int_equal(evspec_parse_box(&ci, &b.d, other[i], strlen(other[i]), &r, &err),
				 PMU_OK);
		assert_int_equal(r.fixed, -1);
		assert_int_equal(r.counter_mask, 0);   /* no counter: the engine refuses it */
	}
}

static void test_uncore_terms_on_box(void **state)
{
	(void)state;
	struct cpu_info ci = cpu(0x2d);
	struct pmu_event_req r;
	struct evspec_error err;
	const char *t = "ev_sel=0x42,umask=2,edge_det,thresh=1";
	assert_int_equal(evspec_parse_box(&ci, snbep_ubox(), t, strlen(t), &r, &err), PMU_OK);
	assert_ptr_equal(r.box, snbep_ubox());
	assert_int_equal(r.config, 0x1040242);
	assert_int_equal(r.counter_mask, 0x3);
	assert_int_equal(r.fixed, -1);
	t = "UNC_U_EVENT_MSG.MSI_RCVD,edge,cmask=1,rst";
	assert_int_equal(evspec_parse_box(&ci, snbep_ubox(), t, strlen(t), &r, &err), PMU_OK);
	assert_int_equal(r.config, 0x1060242);

	static const struct { const char *terms; pmu_status st; const char *msg; } bad[] = {
		{ "en", PMU_ERR_INVALID, "field 'en' is set by efipmu" },
		{ "config=0x400044", PMU_ERR_INVALID, "field 'en' is set by efipmu" },
		{ "thresh=0x20", PMU_ERR_RANGE, "field 'thresh' value 0x20 too wide (max 0x1f)" },
		{ "config=0x100044", PMU_ERR_RESERVED, "reserved bit 20 set" },
		{ "usr", PMU_ERR_UNKNOWN_NAME, "unknown term 'usr' for uncore_ubox" },
		{ "UNC_C_CLOCKTICKS", PMU_ERR_UNKNOWN_NAME,
		  "unknown term 'UNC_C_CLOCKTICKS' for uncore_ubox" },
	};
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(evspec_parse_box(&ci, snbep_ubox(), bad[i].terms, strlen(bad[i].terms),
						  &r, &err), bad[i].st);
		assert_string_equal(err.msg, bad[i].msg);
	}
	/* Any layout works through evspec_parse_terms. */
	uint64_t cfg = 0;
	t = "inc_sel=3";
	assert_int_equal(evspec_parse_terms("uncore_mbox_0", snbep_ubox()->ctl_layout, t, strlen(t), EN, &cfg,
					    &err), PMU_ERR_UNKNOWN_NAME);
	assert_string_equal(err.msg, "unknown term 'inc_sel' for uncore_mbox_0");
}

static void test_uncore_specs(void **state)
{
	(void)state;
	struct cpu_info ci = cpu(0x2d);
	static const char *const specs[] = {
		"uncore_ubox/event=0x44/", "uncore_ubox/UNC_U_LOCK_CYCLES/", "UNC_U_LOCK_CYCLES",
		"unc_u_lock_cycles",
	};
	for (unsigned i = 0; i < 4; i++) {
		struct pmu_event_req r = parse_ok(&ci, specs[i]);
		assert_non_null(r.box);
		assert_string_equal(r.box->name, "uncore_ubox");
		assert_int_equal(r.config, 0x44);
		assert_int_equal(r.counter_mask, 0x3);
		assert_int_equal(r.fixed, -1);
	}
	assert_string_equal(parse_ok(&ci, "unc_u_lock_cycles").name, "UNC_U_LOCK_CYCLES");
	assert_int_equal(parse_ok(&ci, "UNC_U_U2C_EVENTS.OTHER").config, 0x8043);
	struct pmu_event_req r = parse_ok(&ci, "UNC_U_CLOCKTICKS");
	assert_int_equal(r.fixed, 0);
	assert_int_equal(r.counter_mask, 0);
	expect_err(&ci, "uncore_ubox/event=0x44,en/", PMU_ERR_INVALID, "field 'en' is set by efipmu");

	ci = cpu(0x2e);
	expect_err(&ci, "UNC_U_LOCK_CYCLES", PMU_ERR_UNKNOWN_NAME,
		   "unknown event 'UNC_U_LOCK_CYCLES' for model 0x2e");
	ci = cpu(0x2d);
	ci.uncore = UNCORE_NONE;
	expect_err(&ci, "UNC_U_LOCK_CYCLES", PMU_ERR_UNKNOWN_NAME,
		   "unknown PMU 'uncore_ubox' for this CPU");
}

/* C-box and PCU events by Intel's names, with their filter terms (Linux uncore_snbep.c). */
static void test_snbep_filter_terms(void **state)
{
	(void)state;
	struct cpu_info ci = cpu(0x2d);
	static const struct {
		const char *spec, *box;
		uint64_t config;
		uint32_t mask, msr;
		uint64_t val;
	} t[] = {
		{ "uncore_cbox_0/UNC_C_LLC_LOOKUP.DATA_READ,state=0x1f/", "uncore_cbox_0", 0x0334, 0x3,
		  0xD14, 0x1Full << 18 },
		/* no state asked: every state (Intel: with none the event counts nothing) */
		{ "UNC_C_LLC_LOOKUP.DATA_READ", "uncore_cbox_0", 0x0334, 0x3, 0xD14, 0x1Full << 18 },
		{ "uncore_cbox_3/UNC_C_LLC_LOOKUP.DATA_READ,filter_state=1/", "uncore_cbox_3", 0x0334, 0x3,
		  0xD74, 1ull << 18 },
		{ "uncore_cbox_2/UNC_C_TOR_INSERTS.NID_OPCODE,nid=2,opcode=0x182/", "uncore_cbox_2",
		  0x4135, 0x3, 0xD54, 2ull << 10 | 0x182ull << 23 },
		{ "uncore_cbox_7/UNC_C_TOR_OCCUPANCY.MISS_OPCODE,opc=0x1ff/", "uncore_cbox_7", 0x0336, 0x1,
		  0xDF4, 0x1FFull << 23 },
		{ "uncore_cbox_0/UNC_C_CLOCKTICKS/", "uncore_cbox_0", 0, 0xF, 0, 0 },   /* no filter */
		{ "uncore_cbox_0/UNC_C_CLOCKTICKS,tid=3/", "uncore_cbox_0", 1u << 19, 0xF, 0xD14, 3 },
		{ "uncore_cbox_1/event=0x1b,umask=1,tid_en/", "uncore_cbox_1", 0x8011b, 0xC, 0xD34, 0 },
		{ "uncore_cbox_0/event=0x34,umask=3,state=1,opcode=2/", "uncore_cbox_0", 0x0334, 0x3,
		  0xD14, 1ull << 18 | 2ull << 23 },
		{ "uncore_cbox_0/event=0x11,umask=1/", "uncore_cbox_0", 0x0111, 0x1, 0, 0 },
		{ "uncore_cbox_0/event=0x1f/", "uncore_cbox_0", 0x1f, 0xE, 0, 0 },
		{ "uncore_cbox_0/event=0x2a/", "uncore_cbox_0", 0x2a, 0xF, 0, 0 },   /* not listed: any */
		{ "uncore_pcu/UNC_P_FREQ_BAND0_CYCLES,band0=20/", "uncore_pcu", 0x0b, 0xF, 0xC34, 20 },
		{ "uncore_pcu/UNC_P_FREQ_BAND3_CYCLES,filter_band3=0x2a/", "uncore_pcu", 0x0e, 0xF, 0xC34,
		  0x2aull << 24 },
		{ "UNC_P_CLOCKTICKS", "uncore_pcu", 0, 0xF, 0, 0 },
	};
	for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct pmu_event_req r = parse_ok(&ci, t[i].spec);
		if (strcmp(r.box->name, t[i].box) || r.config != t[i].config ||
		    r.counter_mask != t[i].mask || r.extra_msr != t[i].msr || r.extra_msr_val != t[i].val)
			fail_msg("%s: %s config %#llx mask %#x extra %#x = %#llx", t[i].spec, r.box->name,
				 (unsigned long long)r.config, r.counter_mask, r.extra_msr,
				 (unsigned long long)r.extra_msr_val);
	}
	expect_err(&ci, "uncore_cbox_0/UNC_C_LLC_LOOKUP.DATA_READ,opcode=1/", PMU_ERR_INVALID,
		   "event 'UNC_C_LLC_LOOKUP.DATA_READ' does not use filter field 'opcode' of uncore_cbox_0");
	expect_err(&ci, "uncore_pcu/UNC_P_FREQ_BAND0_CYCLES,band1=20/", PMU_ERR_INVALID,
		   "event 'UNC_P_FREQ_BAND0_CYCLES' does not use filter field 'band1' of uncore_pcu");
	expect_err(&ci, "uncore_cbox_0/UNC_C_LLC_LOOKUP.DATA_READ,state=0x20/", PMU_ERR_RANGE,
		   "field 'state' value 0x20 too wide (max 0x1f)");
	expect_err(&ci, "uncore_ubox/event=0x44,state=1/", PMU_ERR_UNKNOWN_NAME,
		   "unknown term 'state' for uncore_ubox");
	expect_err(&ci, "UNC_U_FILTER_MATCH.ENABLE", PMU_ERR_UNSUPPORTED,
		   "event 'UNC_U_FILTER_MATCH.ENABLE' needs a filter register, which this box does not have");
}

/*
 * The later lists' extensions (issue 24): the Skylake-SP CHA filters at the register the list
 * names with its FILTER_VALUE (FILTER1 in 63:32), every state or every request where it gives
 * none; the IIO's PortMask and FCMask in its control (Skylake-SP 43:36, 46:44; Ice Lake-SP
 * 47:36, 50:48); Ice Lake-SP's CHA UMaskExt in 57:32 and its M2M's in 39:32, the second dword
 * of its two-dword PCI control.
 */
static void test_server_uncore_extensions(void **state)
{
	(void)state;
	struct cpu_info skx = cpu(0x55), icx = cpu(0x6a);
	const struct {
		const struct cpu_info *ci;
		const char *spec, *box;
		uint64_t config;
		uint32_t msr;
		uint64_t val;
	} t[] = {
		{ &skx, "UNC_CHA_TOR_INSERTS.IA_HIT_DRD", "uncore_cha_0", 0x1135, 0xE05,
		  0x40433ull << 32 },
		{ &skx, "UNC_CHA_TOR_INSERTS.IA", "uncore_cha_0", 0x3135, 0xE05, 0x3Bull << 32 },
		{ &skx, "uncore_cha_2/UNC_CHA_TOR_INSERTS.IA,filter_opc0=0x202,filter_all_op=0/",
		  "uncore_cha_2", 0x3135, 0xE25, (0x3Bull << 32 & ~(1ull << 35)) | 0x202ull << 41 },
		{ &skx, "UNC_C_LLC_LOOKUP.DATA_READ", "uncore_cha_0", 0x0334, 0xE05,
		  0x3FFull << 17 },
		{ &skx, "UNC_CHA_UPI_CREDIT_OCCUPANCY.VN0_BL_NCS", "uncore_cha_0", 0x803B, 0xE05,
		  0 },
		{ &skx, "UNC_CHA_CLOCKTICKS", "uncore_cha_0", 0, 0, 0 },
		{ &skx, "UNC_IIO_DATA_REQ_BY_CPU.MEM_WRITE.PART0", "uncore_iio_0",
		  0x01C0 | 1ull << 36 | 7ull << 44, 0, 0 },
		{ &icx, "UNC_IIO_DATA_REQ_BY_CPU.MEM_WRITE.PART0", "uncore_iio_0",
		  0x01C0 | 1ull << 36 | 7ull << 48, 0, 0 },
		{ &icx, "UNC_CHA_TOR_INSERTS.IA_MISS_DRD", "uncore_cha_0",
		  0x0135 | 0xC817FEull << 32, 0, 0 },
	};
	for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct pmu_event_req r = parse_ok(t[i].ci, t[i].spec);
		if (strcmp(r.box->name, t[i].box) || r.config != t[i].config ||
		    r.extra_msr != t[i].msr || r.extra_msr_val != t[i].val)
			fail_msg("%s: %s config %#llx extra %#x = %#llx", t[i].spec, r.box->name,
				 (unsigned long long)r.config, r.extra_msr,
				 (unsigned long long)r.extra_msr_val);
	}
	struct pmu_event_req r = parse_ok(&icx, "UNC_M2M_IMC_READS.TO_PMM");
	assert_int_equal(r.config, 0x2037 | 7ull << 32);
	assert_string_equal(r.box->name, "uncore_m2m_0");
	assert_true(r.box->ctl_wide);
	expect_err(&skx, "uncore_cha_0/UNC_CHA_TOR_INSERTS.IA,state=1/", PMU_ERR_INVALID,
		   "event 'UNC_CHA_TOR_INSERTS.IA' does not use filter field 'state' of "
		   "uncore_cha_0");
}

/*
 * Sapphire Rapids on: the IIO's control (the discovery table's type 1) has ch_mask 47:36 and
 * fc_mask 50:48 and no umask extension (Linux uncore_snbep.c spr_uncore_iio, the SNR IIO formats
 * "config:36-47", "config:48-50"). The lists' UMaskExt on IIO events only restates PortMask and
 * FCMask (0x70010 = 1 << 4 | 7 << 16, the control's bits from 32): the event is those two fields.
 * A UMaskExt a control has no field for is refused with the reason.
 */
static void test_disc_iio_port_and_fc_mask(void **state)
{
	(void)state;
	struct cpu_info spr = cpu(0x8f), gnr = cpu(0xad), icx = cpu(0x6a);
	struct box_desc iio = *family_box(UNCORE_ICX, "uncore_iio_2", 12);
	iio.ctl_layout = disc_type_ctl(1);
	const struct {
		const struct cpu_info *ci;
		const char *spec;
		uint64_t config;
	} t[] = {
		{ &spr, "UNC_IIO_DATA_REQ_BY_CPU.MEM_READ.PART0", 0x04C0 | 1ull << 36 | 7ull << 48 },
		{ &spr, "UNC_IIO_DATA_REQ_BY_CPU.MEM_READ.PART7", 0x04C0 | 0x80ull << 36 | 7ull << 48 },
		{ &gnr, "UNC_IIO_DATA_REQ_OF_CPU.MEM_READ.PART0", 0x0483 | 1ull << 36 | 7ull << 48 },
	};
	for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct pmu_event_req r;
		struct evspec_error err = { 0, "" };
		if (evspec_parse_box(t[i].ci, &iio, t[i].spec, strlen(t[i].spec), &r, &err) ||
		    r.config != t[i].config)
			fail_msg("%s: %s config %#llx", t[i].spec, err.msg,
				 (unsigned long long)r.config);
	}
	struct box_desc m2m = *family_box(UNCORE_ICX, "uncore_m2m_0", 12);
	m2m.ctl_layout = iio.ctl_layout;
	struct pmu_event_req r;
	struct evspec_error err = { 0, "" };
	const char *s = "UNC_M2M_IMC_READS.TO_PMM";   /* UMaskExt 7, a field of its own */
	assert_int_equal(evspec_parse_box(&icx, &m2m, s, strlen(s), &r, &err), PMU_ERR_UNSUPPORTED);
	assert_string_equal(err.msg, "event 'UNC_M2M_IMC_READS.TO_PMM' needs Intel's UMaskExt, "
			    "which uncore_m2m_0's control (ICX_IIO_MSR_PMON_CTL) does not have");
}

/*
 * Intel's ExtSel events need an event-select extension bit: the SNB-EP U-box (Intel 327043-001
 * table 2-2, 21:20 reserved) has none, so they are refused; the PCU's control has it
 * (bit 21, Linux's SNBEP_PMON_CTL_EV_SEL_EXT), and so does any layout with the bit.
 */
static void test_extsel_needs_the_bit(void **state)
{
	(void)state;
	struct cpu_info ci = cpu(0x2d);
	expect_err(&ci, "UNC_U_PHOLD_CYCLES.ASSERT_TO_ACK", PMU_ERR_UNSUPPORTED,
		   "event 'UNC_U_PHOLD_CYCLES.ASSERT_TO_ACK' needs ExtSel, which uncore_ubox's control "
		   "(U_MSR_PMON_CTL) does not have");
	expect_err(&ci, "uncore_ubox/UNC_U_MSG_CHNL_SIZE_COUNT.4B,thresh=1/", PMU_ERR_UNSUPPORTED,
		   "event 'UNC_U_MSG_CHNL_SIZE_COUNT.4B' needs ExtSel, which uncore_ubox's control "
		   "(U_MSR_PMON_CTL) does not have");
	/* the PCU has it (bit 21): event 0 with ExtSel is not the clock */
	assert_int_equal(parse_ok(&ci, "UNC_P_CORE0_TRANSITION_CYCLES").config, 0x200003);
	assert_int_equal(parse_ok(&ci, "UNC_P_FREQ_TRANS_CYCLES").config, 0x200000);
	assert_int_equal(parse_ok(&ci, "UNC_P_CLOCKTICKS").config, 0);
	/* the same code without ExtSel is another event, which works */
	assert_int_equal(parse_ok(&ci, "UNC_P_FREQ_BAND0_CYCLES").config, 0x0b);
	assert_int_equal(parse_ok(&ci, "UNC_U_LOCK_CYCLES").config, 0x44);

	static const struct reg_field with_ext[] = {
		{ "ev_sel", 0, 8, RA_RW, "event" }, { "ev_sel_ext", 21, 1, RA_RW, NULL },
		{ "en", 22, 1, RA_RW, NULL },
	};
	static const struct reg_layout l = REG_LAYOUT("CTL_WITH_EXT", with_ext);
	struct box_desc pcu = *family_box(UNCORE_SNB_EP, "uncore_pcu", 10);
	pcu.ctl_layout = &l;
	struct pmu_event_req r;
	struct evspec_error err = { 0, "" };
	const char *t = "UNC_P_TOTAL_TRANSITION_CYCLES";
	assert_int_equal(evspec_parse_box(&ci, &pcu, t, strlen(t), &r, &err), PMU_OK);
	assert_int_equal(r.config, 1u << 21 | 0x0b);
}

/*
 * Families without an Intel list take their names from Linux uncore_snb.c and likwid's
 * perfmon_nehalem_events.txt and perfmon_nehalemEX_events.txt; the control words below
 * are typed from those tables and the field
 * layouts (NHM uncore: event 7:0, umask 15:8; M-box: inc_sel 13:9; EX U-box: event 7:0).
 */
static void test_box_events_from_registers_md(void **state)
{
	(void)state;
	struct cpu_info nhm = cpu(0x1a), nex = cpu(0x2e);
	struct pmu_event_req r = parse_ok(&nhm, "UNC_QMC_NORMAL_READS.ANY");
	assert_string_equal(r.box->name, "uncore");
	assert_string_equal(r.name, "UNC_QMC_NORMAL_READS.ANY");
	assert_int_equal(r.config, 0x072c);   /* likwid's umask 0x07, not Linux's 0x0F */
	assert_int_equal(parse_ok(&nhm, "unc_qhl_requests.remote_writes").config, 0x0820);
	assert_int_equal(parse_ok(&nhm, "UNC_GQ_CYCLES_FULL.PEER_PROBE_TRACKER").config, 0x0400);
	assert_int_equal(parse_ok(&nhm, "uncore/UNC_QMC_WRITES.PARTIAL_ANY,edge/").config,
			 0x4382f);   /* edge at bit 18 on top of the named event */

	r = parse_ok(&nex, "MBOX_CLOCKTICKS");
	assert_string_equal(r.box->name, "uncore_mbox_0");
	assert_int_equal(r.config, 0x1bull << 9);
	r = parse_ok(&nex, "uncore_mbox_1/MBOX_CLOCKTICKS,wrap_mode=1/");
	assert_string_equal(r.box->name, "uncore_mbox_1");
	assert_int_equal(r.config, (0x1bull << 9) | (1 << 6));
	assert_int_equal(parse_ok(&nex, "PAGE_MISS").config, 0x13ull << 9);
	r = parse_ok(&nex, "BUF_VALID_LOCK");
	assert_string_equal(r.box->name, "uncore_ubox");
	assert_int_equal(r.config, 0x02);
	assert_int_equal(parse_ok(&nex, "U2R_REQUEST_CYCLES").config, 0x51);

	/* Left out on purpose: sub-register, set_flag and oversized events; wrong box or family. */
	expect_err(&nex, "DRAM_CMD", PMU_ERR_UNKNOWN_NAME, "unknown event 'DRAM_CMD' for model 0x2e");
	expect_err(&nex, "CYCLES_DSP_FILL", PMU_ERR_UNKNOWN_NAME,
		   "unknown event 'CYCLES_DSP_FILL' for model 0x2e");
	expect_err(&nex, "FATAL_ERR", PMU_ERR_UNKNOWN_NAME, "unknown event 'FATAL_ERR' for model 0x2e");
	expect_err(&nex, "uncore_ubox/MBOX_CLOCKTICKS/", PMU_ERR_UNKNOWN_NAME,
		   "unknown term 'MBOX_CLOCKTICKS' for uncore_ubox");
	expect_err(&nhm, "MBOX_CLOCKTICKS", PMU_ERR_UNKNOWN_NAME,
		   "unknown event 'MBOX_CLOCKTICKS' for model 0x1a");
}

/*
 * Uncore fixed clocks by the names Linux and likwid give them: UNCORE_CLOCK (Linux
 * uncore_snb.c, the Nehalem/Westmere fixed counter 0x394) and UNC_U_CLOCKTICKS
 * (Intel 327043-001 2.2, the SNB-EP UCLK counter 0xC09), alone or as the box's term; the Xeon
 * 7500's (the W-box's, Linux uncore_nhmex.c) is refused.
 */
static void test_uncore_fixed_clocks_by_name(void **state)
{
	(void)state;
	struct cpu_info nhm = cpu(0x1a), snb = cpu(0x2d), nex = cpu(0x2e);
	const struct {
		struct cpu_info *ci;
		const char *spec, *box, *name;
	} ok[] = {
		{ &nhm, "UNCORE_CLOCK", "uncore", "UNCORE_CLOCK" },
		{ &nhm, "uncore_clock", "uncore", "UNCORE_CLOCK" },
		{ &nhm, "uncore/UNCORE_CLOCK/", "uncore", "UNCORE_CLOCK" },
		{ &snb, "UNC_U_CLOCKTICKS", "uncore_ubox", "UNC_U_CLOCKTICKS" },
		{ &snb, "uncore_ubox/ UNC_U_CLOCKTICKS /", "uncore_ubox", "UNC_U_CLOCKTICKS" },
	};
	for (unsigned i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		struct pmu_event_req r = parse_ok(ok[i].ci, ok[i].spec);
		assert_string_equal(r.box->name, ok[i].box);
		assert_string_equal(r.name, ok[i].name);
		assert_int_equal(r.fixed, 0);
		assert_int_equal(r.config, 0);
		assert_int_equal(r.counter_mask, 0);
		assert_int_equal(box_ctr_msr(r.box, UNCORE_FIXED), ok[i].ci == &nhm ? 0x394 : 0xC09);
	}
	static const char *const ex[] = { "UNCORE_CLOCK", "UNC_U_CLOCKTICKS", "clockticks" };
	for (unsigned i = 0; i < 3; i++) {
		char msg[128];
		snprintf(msg, sizeof(msg), "'%s': no uncore clock on model 0x2e: the W-box fixed counter "
			 "(Intel 323535-001, Linux uncore_nhmex.c) is not driven", ex[i]);
		expect_err(&nex, ex[i], PMU_ERR_UNSUPPORTED, msg);
	}
	expect_err(&nhm, "clockticks", PMU_ERR_UNKNOWN_NAME, "unknown event 'clockticks' for model 0x1a");
	expect_err(&snb, "UNCORE_CLOCK", PMU_ERR_UNKNOWN_NAME, "unknown event 'UNCORE_CLOCK' for model 0x2d");
	expect_err(&nhm, "uncore_ubox/UNC_U_CLOCKTICKS/", PMU_ERR_UNKNOWN_NAME,
		   "unknown PMU 'uncore_ubox' for this CPU");
}

static void test_parse_list(void **state)
{
	(void)state;
	struct cpu_info ci = cpu(0x1a);
	struct pmu_event_req reqs[4];
	struct evspec_error err;
	unsigned n = 99;
	assert_int_equal(evspec_parse_list(&ci, test_boxes_of(&ci), "instructions, cpu/event=0x3c,umask=0,usr,os/,L1D.REPL",
					   reqs, 4, &n, &err), PMU_OK);
	assert_int_equal(n, 3);
	assert_int_equal(reqs[0].fixed, 0);
	assert_string_equal(reqs[1].name, "cpu/event=0x3c,umask=0,usr,os/");
	assert_int_equal(reqs[1].config, 0x3003c);
	assert_int_equal(reqs[2].counter_mask, 0x3);

	assert_int_equal(evspec_parse_list(&ci, test_boxes_of(&ci), "cycles,instructions,branches", reqs, 2, &n, &err),
			 PMU_ERR_NOSPACE);
	assert_int_equal(n, 2);
	assert_string_equal(err.msg, "more than 2 events");

	assert_int_equal(evspec_parse_list(&ci, test_boxes_of(&ci), "cycles,cpu/bogus/,branches", reqs, 4, &n, &err),
			 PMU_ERR_UNKNOWN_NAME);
	assert_int_equal(n, 1);
	assert_string_equal(err.msg, "unknown term 'bogus' for cpu");
	assert_int_equal(evspec_parse_list(&ci, test_boxes_of(&ci), "cycles,", reqs, 4, &n, &err), PMU_ERR_INVALID);
	assert_string_equal(err.msg, "empty event spec");
}

static void test_long_name_truncated(void **state)
{
	(void)state;
	struct cpu_info ci = cpu(0x1a);
	char spec[200];
	strcpy(spec, "cpu/event=0x3c");
	for (int i = 0; i < 20; i++)
		strcat(spec, ",umask=1");
	strcat(spec, "/");
	struct pmu_event_req r = parse_ok(&ci, spec);
	assert_int_equal(strlen(r.name), EVENT_NAME_MAX - 1);
	assert_int_equal(r.config, 0x3013c);
	/* Non-Intel CPUs get no list names. */
	strcpy(ci.vendor, "AuthenticAMD");
	expect_err(&ci, "L1D.REPL", PMU_ERR_UNKNOWN_NAME, "unknown event 'L1D.REPL' for model 0x1a");
}

/*
 * M_MSR_PMU_CNT_CTL count_mode (Intel 323535-001 table 2-67): 00 up, 01 down, 10 up and
 * down; 11 is not defined, so it is refused as a term and in a raw word, and
 * decode flags it. The three defined modes encode at bits 3:2.
 */
static void test_undefined_encoding_refused(void **state)
{
	(void)state;
	struct cpu_info nex = cpu(0x2e);
	for (unsigned m = 0; m < 3; m++) {
		char spec[64];
		snprintf(spec, sizeof(spec), "uncore_mbox_0/inc_sel=0x1b,count_mode=%u/", m);
		assert_int_equal(parse_ok(&nex, spec).config, (0x1bull << 9) | (uint64_t)m << 2);
	}
	expect_err(&nex, "uncore_mbox_0/inc_sel=0x1b,count_mode=3/", PMU_ERR_INVALID,
		   "field 'count_mode' value 0x3 is an encoding the spec leaves undefined");
	const struct reg_layout *l = &layout_nhmex_m_cnt_ctl;
	unsigned bad = 99;
	assert_int_equal(reg_validate(l, (0x1bull << 9) | 3u << 2, ~0ull, &bad), PMU_ERR_INVALID);
	assert_int_equal(bad, 2);
	assert_int_equal(reg_validate(l, (0x1bull << 9) | 2u << 2, ~0ull, &bad), PMU_OK);
	char buf[160];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	reg_decode(l, (0x1bull << 9) | 3u << 2, 0, &sb);
	assert_string_equal(buf, "count_mode=0x3(undefined) inc_sel=0x1b");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_field_by_every_name),
		cmocka_unit_test(test_perf_terms),
		cmocka_unit_test(test_term_errors),
		cmocka_unit_test(test_anythread_needs_v3),
		cmocka_unit_test(test_arch_events),
		cmocka_unit_test(test_generic_names),
		cmocka_unit_test(test_qpi_match_mask_terms),
		cmocka_unit_test(test_later_list_events),
		cmocka_unit_test(test_hybrid_counters_and_slots),
		cmocka_unit_test(test_nhm_branch_miss_quirk),
		cmocka_unit_test(test_list_events),
		cmocka_unit_test(test_fixed_list_events),
		cmocka_unit_test(test_restrictions_for_raw),
		cmocka_unit_test(test_list_event_with_terms),
		cmocka_unit_test(test_umask_spills_into_umask_ext),
		cmocka_unit_test(test_fixed_only_box_event_ff_is_its_clock),
		cmocka_unit_test(test_uncore_terms_on_box),
		cmocka_unit_test(test_uncore_specs),
		cmocka_unit_test(test_snbep_filter_terms),
		cmocka_unit_test(test_server_uncore_extensions),
		cmocka_unit_test(test_disc_iio_port_and_fc_mask),
		cmocka_unit_test(test_extsel_needs_the_bit),
		cmocka_unit_test(test_box_events_from_registers_md),
		cmocka_unit_test(test_undefined_encoding_refused),
		cmocka_unit_test(test_uncore_fixed_clocks_by_name),
		cmocka_unit_test(test_parse_list),
		cmocka_unit_test(test_long_name_truncated),
		cmocka_unit_test(test_aux_terms),
		cmocka_unit_test(test_pmi_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
