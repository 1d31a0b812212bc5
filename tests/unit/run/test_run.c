/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The whole measurement run (lib/run/) on the host: settings -> plan ->
 * windows -> results -> verdict -> records, against the reference model, on
 * the fake platform of platform_fake.h. What efi/ adds on hardware is only
 * the platform; every decision tested here is the one the app makes.
 */
#include "testutil.h"
#include "platform_fake.h"
#include "run/run.h"
#include "run/job_measure.h"
#include "run/leftover.h"
#include "pmu/evspec.h"
#include "run_harness.h"

/*
 * Writes that reached the model, other than discovery's IA32_BIOS_SIGN_ID
 * (0x8B) latch, the SDM's way of reading the microcode revision.
 */
static unsigned writes_besides_microcode_latch(const struct model *m)
{
	unsigned n = 0;
	for (unsigned c = 0; c < m->ncpus; c++)
		for (unsigned i = 0; i < m->log_len[c]; i++)
			n += m->log[c][i].op == MOP_WRMSR && m->log[c][i].msr != 0x8B;
	return n;
}

static void assert_verdict_record(const struct fake_platform *f, const char *name)
{
	char want[64];
	snprintf(want, sizeof(want), "\"rec\":\"verdict\"");
	assert_int_equal(fake_count(f->log, want), 1);
	snprintf(want, sizeof(want), "\"verdict\":\"%s\"", name);
	assert_int_equal(fake_count(f->log, want), 1);
}

/*
 * Every core PMU register of every CPU as a fresh model of the same machine
 * has it (its firmware state): controls exactly, and a counter firmware left
 * counting still counting, from at least where it was.
 */
static void assert_left_as_found(struct run *r, const char *profile, unsigned ncpus, unsigned npkgs)
{
	static const uint32_t msrs[] = { 0x186, 0x187, 0x188, 0x189, 0xc1, 0xc2, 0xc3, 0xc4, 0x309,
					 0x30a, 0x30b, 0x38d, 0x38f, 0x1a6 };
	struct pmu_backend fresh;
	struct model *m = test_model(profile, ncpus, npkgs, &fresh);
	for (unsigned c = 0; c < ncpus; c++) {
		uint64_t global = 0, fixed_ctrl = 0;
		pmu_rdmsr(&fresh, c, 0x38f, &global);
		pmu_rdmsr(&fresh, c, 0x38d, &fixed_ctrl);
		for (unsigned i = 0; i < sizeof(msrs) / sizeof(msrs[0]); i++) {
			uint64_t now = 0, then = 0, sel = 0;
			pmu_status a = pmu_rdmsr(&r->backend, c, msrs[i], &now);
			pmu_status b = pmu_rdmsr(&fresh, c, msrs[i], &then);
			assert_int_equal(a, b);
			bool running = false;
			if (msrs[i] >= 0xc1 && msrs[i] <= 0xc4) {
				pmu_rdmsr(&fresh, c, 0x186 + msrs[i] - 0xc1, &sel);
				running = (sel >> 22 & 1) && (global >> (msrs[i] - 0xc1) & 1);
			} else if (msrs[i] >= 0x309 && msrs[i] <= 0x30b) {
				unsigned j = msrs[i] - 0x309;
				running = (fixed_ctrl >> (4 * j) & 3) && (global >> (32 + j) & 1);
			}
			if (running ? now >= then : now == then)
				continue;
			fail_msg("%s CPU %u MSR %#x: %#llx after the run, %#llx found%s", profile, c, msrs[i],
				 (unsigned long long)now, (unsigned long long)then,
				 running ? " (firmware's counter, left counting)" : "");
		}
	}
	free(m);
}

/* The default job passes on every profile that has a core PMU; "no-pmu" says NO-PMU. */
static void test_default_job_every_profile(void **state)
{
	(void)state;
	for (unsigned i = 0; i < model_profile_count; i++) {
		const char *name = model_profiles[i]->name;
		char cfg[128];
		snprintf(cfg, sizeof(cfg), "backend = sim\nsim-profile = %s\n", name);
		struct outcome o = run_cfg(cfg, 4, 2);
		bool no_pmu = !strcmp(name, "no-pmu"), limited = !!strstr(name, "cpuid-limited");
		enum verdict want = no_pmu ? VERDICT_NO_PMU : limited ? VERDICT_FAIL : VERDICT_PASS;
		if (o.v != want)
			fail_msg("profile %s: verdict %s\n%s", name, verdict_name(o.v), o.f->console);
		assert_verdict_record(o.f, verdict_name(o.v));
		if (limited) {
			/* a PMU hidden by the firmware is named, never called absent */
			assert_int_equal(fake_count(o.f->console, "[SIM]          Limit CPUID Maxval "
						    "(IA32_MISC_ENABLE[22]) hides CPUID leaf 0xA: clear it "
						    "in the firmware setup\n"), 1);
			done(&o);
			continue;
		}
		assert_all_simulated(o.f);
		if (!no_pmu) {
			/*
			 * each CPU's instruction check, counted apart from the claim by the model
			 */
			assert_int_equal(fake_count(o.f->log, "\"check\":\"kernel instructions retired\""), 4);
			assert_int_equal(fake_count(o.f->log, "\"result\":\"FAIL\""), 0);
			assert_left_as_found(o.r, name, 4, 2);
			/*
			 * every register each CPU's window and each package's boxes touched, as
			 * found
			 */
			assert_int_equal(fake_count(o.f->log, "\"rec\":\"ownership\",\"schema\":2,"
							      "\"simulated\":true,\"box\":\"core\""), 4);
			/* each CPU went through the barrier before each of its two windows */
			for (unsigned c = 0; c < 4; c++)
				assert_int_equal(o.f->syncs[c], 2);
		}
		done(&o);
	}
}

/* --selftest on every profile: PASS (NO-PMU on no-pmu), every check a record. */
static void test_selftest_every_profile(void **state)
{
	(void)state;
	for (unsigned i = 0; i < model_profile_count; i++) {
		const char *name = model_profiles[i]->name;
		char cfg[128];
		snprintf(cfg, sizeof(cfg), "backend = sim\nsim-profile = %s\nselftest\n", name);
		struct outcome o = run_cfg(cfg, 2, 1);
		bool no_pmu = !strcmp(name, "no-pmu"), limited = !!strstr(name, "cpuid-limited");
		enum verdict want = no_pmu ? VERDICT_NO_PMU : limited ? VERDICT_FAIL : VERDICT_PASS;
		if (o.v != want)
			fail_msg("profile %s: verdict %s\n%s", name, verdict_name(o.v), o.f->console);
		assert_true(fake_count(o.f->log, "\"suite\":\"selftest\"") > 0);
		assert_all_simulated(o.f);
		done(&o);
	}
}

/*
 * A model whose EN bits do nothing, or whose counters are a bit narrower than CPUID
 * says: the selftest catches each, verdict FAIL, on a seed part and on the later ones.
 */
static void test_selftest_catches_broken_model(void **state)
{
	(void)state;
	static const char *const profiles[] = {
		"nehalem-ex", "skylake-sp", "icelake-sp", "sapphire-rapids", "alder-lake",
	};
	static const char *const breaks[] = { "ignore-enable", "narrow-counters" };
	for (unsigned p = 0; p < sizeof(profiles) / sizeof(profiles[0]); p++) {
		for (unsigned k = 0; k < sizeof(breaks) / sizeof(breaks[0]); k++) {
			char cfg[160];
			snprintf(cfg, sizeof(cfg), "backend = sim\nsim-profile = %s\nselftest\n"
				 "sim-break = %s\n", profiles[p], breaks[k]);
			struct outcome o = run_cfg(cfg, 2, 1);
			if (o.v != VERDICT_FAIL)
				fail_msg("%s with %s: verdict %s", profiles[p], breaks[k],
					 verdict_name(o.v));
			assert_verdict_record(o.f, "FAIL");
			/* each of the 2 CPUs fails at least a check of its own */
			assert_true(fake_count(o.f->log, "\"result\":\"FAIL\"") >= 2);
			done(&o);
		}
	}
}

/*
 * Events that leave instructions out: instructions are counted beside them (FIXED_CTR0) and
 * checked, and the branches too, on every CPU: the verdict says so.
 */
static void test_branches_cycles_checks_instructions_and_branches(void **state)
{
	(void)state;
	struct outcome o = run_cfg("backend = sim\nsim-profile = nehalem-ep\n"
				   "events = branches,cycles\n", 4, 2);
	if (o.v != VERDICT_PASS)
		fail_msg("verdict %s\n%s", verdict_name(o.v), o.f->console);
	assert_int_equal(fake_count(o.f->console, "instructions counted beside the events"), 1);
	assert_int_equal(fake_count(o.f->log, "\"check\":\"kernel instructions retired\""), 4);
	assert_int_equal(fake_count(o.f->log, "\"check\":\"kernel branches retired\""), 4);
	assert_int_equal(fake_count(o.f->log, "\"result\":\"FAIL\""), 0);
	for (unsigned c = 0; c < 4; c++) {
		char want[96];
		snprintf(want, sizeof(want), "[SIM] CPU %u inst: 1,001 branches, 1,001 expected, "
			 "overhead 0: PASS\n", c);
		assert_int_equal(fake_count(o.f->console, want), 1);
	}
	/* 4 CPUs' uncore probes come from 2 package leaders */
	assert_int_equal(fake_count(o.f->console, "[SIM] VERDICT: PASS - 4 CPUs, "), 1);
	assert_int_equal(fake_count(o.f->console, " checks: 4 instructions, 4 branches"), 1);
	assert_int_equal(fake_count(o.f->log, "\"checks_by_kind\":{\"instructions\":4,"
					      "\"branches\":4"), 1);
	done(&o);
}

/*
 * A PMU without fixed counters (Zen 2: six general-purpose counters, the sixth firmware's)
 * whose every free counter the events take, none of them one the kernel makes a claim for
 * (cmask makes instructions and branches something else): no counter for instructions,
 * nothing checked, the no-check verdict with its reason.
 */
static void test_nothing_checked_is_no_check(void **state)
{
	(void)state;
	struct outcome o = run_cfg("backend = sim\nsim-profile = zen2\nevents = cycles,"
				   "cpu/event=0xc0,cmask=1/,cpu/event=0xc2,cmask=1/,cpu/event=0xc1/,"
				   "cpu/event=0xc4/\n", 2, 1);
	if (o.v != VERDICT_NO_CHECK)
		fail_msg("verdict %s\n%s", verdict_name(o.v), o.f->console);
	assert_int_equal(fake_count(o.f->console, "no counter left for instructions beside the "
				    "events given: the kernel's instruction claim is not checked\n"), 1);
	/* the restores read back prove no claim: still NO-CHECK */
	assert_int_equal(fake_count(o.f->console, "VERDICT: NO-CHECK - 2 CPUs, 40 checks: "
				    "40 restore read-backs\n"), 1);
	assert_int_equal(fake_count(o.f->console, "         no counter left for instructions beside "
				    "the events given, and none of them has a claim of the kernel's\n"), 1);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"check\""), 0);
	assert_verdict_record(o.f, "NO-CHECK");
	assert_int_equal(fake_count(o.f->log, "\"checks\":40,\"checks_by_kind\":"
				    "{\"restore read-backs\":40}"), 1);
	done(&o);
	/* the same with --force: firmware's counter taken, instructions fit and are checked */
	o = run_cfg("backend = sim\nsim-profile = zen2\nforce\nevents = cycles,"
		    "cpu/event=0xc0,cmask=1/,cpu/event=0xc2,cmask=1/,cpu/event=0xc1/,"
		    "cpu/event=0xc4/\n", 2, 1);
	if (o.v != VERDICT_PASS)
		fail_msg("verdict %s\n%s", verdict_name(o.v), o.f->console);
	/* firmware's counter, taken and put back, read back as a live one (within the bound) */
	assert_int_equal(fake_count(o.f->console, "VERDICT: PASS - 2 CPUs, 50 checks: "
				    "2 instructions, 48 restore read-backs\n"), 1);
	done(&o);
}

/* A run on one package that must PASS; the console is shown when it does not. */
static struct outcome run_passing(const char *cfg, unsigned ncpus)
{
	struct outcome o = run_cfg(cfg, ncpus, 1);
	if (o.v != VERDICT_PASS)
		fail_msg("verdict %s\n%s", verdict_name(o.v), o.f->console);
	return o;
}

/*
 * TOPDOWN.SLOTS on Ice Lake-SP: FIXED_CTR3 counts the model's 5 slots per cycle, and the
 * level-1 top-down split read from PERF_METRICS is logged as derived metrics. The model
 * (simulated) retires one slot per instruction and, on the inst kernel, loses none to
 * mispredicts: retiring = instructions / slots, the rest back-end bound.
 */
static void test_topdown_slots_and_metrics(void **state)
{
	(void)state;
	struct outcome o = run_passing("backend = sim\nsim-profile = icelake-sp\nsim-noise = none\n"
				       "events = instructions,cycles,TOPDOWN.SLOTS\n", 2);
	const char *slots = strstr(o.f->log, "\"event\":\"TOPDOWN.SLOTS\","
					      "\"counter_kind\":\"fixed\",\"counter\":3");
	assert_non_null(slots);
	/* 10,020 cycles of the window (kernel and gate) at 5 slots each */
	assert_int_equal(fake_count(o.f->console, "   TOPDOWN.SLOTS             fixed3    "
						  "0x38d=0x3033    50,100\n"), 2);
	/* PERF_METRICS 0x33 / 0xFF retiring, 0xCC back-end bound */
	assert_int_equal(fake_count(o.f->log, "{\"name\":\"retiring\",\"unit\":\"%\","
					      "\"milli\":20000}"), 2);
	assert_int_equal(fake_count(o.f->log, "{\"name\":\"back-end bound\",\"unit\":\"%\","
					      "\"milli\":80000}"), 2);
	assert_int_equal(fake_count(o.f->console, "; retiring 20.000%; bad speculation 0.000%; "
						  "front-end bound 0.000%; "
						  "back-end bound 80.000%\n"), 2);
	/* v5 hand-off: GLOBAL_INUSE (firmware's FIXED_CTR1), no freeze, PERF_METRICS, DEBUGCTL */
	assert_int_equal(fake_count(o.f->log, "\"global_inuse\":\"0x200000000\","
					      "\"ctr_frozen\":false,\"lbr_frozen\":false,"
					      "\"perf_metrics\":\"0x0\",\"debugctl\":\"0x0\","
					      "\"freeze_perfmon_on_pmi\":false,"
					      "\"freeze_while_smm\":false"), 2);
	done(&o);
}

/*
 * Alder Lake (hybrid): CPUs 0-1 P-cores, 2-3 E-cores (the model's halves). The CPU table
 * gives each its counters and core type, the console groups the CPUs by type, the cpu
 * and count records carry core_type and the counter bitmaps; the default job passes on both.
 */
static void test_hybrid_grouped_by_core_type(void **state)
{
	(void)state;
	struct outcome o = run_passing("backend = sim\nsim-profile = alder-lake\n", 4);
	assert_int_equal(fake_count(o.f->console, " 06-97-2 0x2c       v5  8  4  none core\n"), 2);
	assert_int_equal(fake_count(o.f->console, " 06-97-2 0x2c       v5  6  3  none atom\n"), 2);
	assert_int_equal(fake_count(o.f->console, "P-cores (core type core): CPUs 0,1; PMC 0-7, "
						  "FIXED_CTR 0-3\n"), 1);
	assert_int_equal(fake_count(o.f->console, "E-cores (core type atom): CPUs 2,3; PMC 0-5, "
						  "FIXED_CTR 0-2\n"), 1);
	assert_int_equal(fake_count(o.f->log, "\"core_type\":\"core\",\"gp_mask\":\"0xff\","
					      "\"fixed_mask\":\"0xf\""), 2);
	assert_int_equal(fake_count(o.f->log, "\"core_type\":\"atom\",\"gp_mask\":\"0x3f\","
					      "\"fixed_mask\":\"0x7\""), 2);
	/* 4 default events on each of the 4 CPUs */
	assert_int_equal(fake_count(o.f->log, "\"counter_kind\":\"fixed\",\"core_type\":\"core\"") +
			 fake_count(o.f->log, "\"counter_kind\":\"gp\",\"core_type\":\"core\""),
			 8);
	assert_int_equal(fake_count(o.f->log, "\"core_type\":\"atom\",\"counter\""), 8);
	done(&o);
}

/*
 * Writes of value to a PERFEVTSEL (0x186-0x18F) of cpu that reached the model: two for an
 * event it counts (the empty kernel's round and the kernel's), none for one it does not.
 */
static unsigned evtsel_writes(const struct model *m, unsigned cpu, uint64_t value)
{
	unsigned n = 0;
	for (unsigned i = 0; i < m->log_len[cpu]; i++)
		n += m->log[cpu][i].op == MOP_WRMSR && m->log[cpu][i].msr >= 0x186 &&
		     m->log[cpu][i].msr <= 0x18F && m->log[cpu][i].val == value;
	assert_false(m->log_overflow[cpu]);
	return n;
}

/* The count records of event on cpu, with its list (NULL: any). */
static unsigned counts_on(const struct fake_platform *f, unsigned cpu, const char *event,
			  const char *list)
{
	char want[256];
	snprintf(want, sizeof(want), "\"cpu\":%u,\"apic_id\":", cpu);
	unsigned n = 0;
	for (const char *p = f->log; (p = strstr(p, "\"rec\":\"count\"")); p++) {
		const char *end = strchr(p, '\n'), *c = strstr(p, want);
		char ev[160], li[160];
		snprintf(ev, sizeof(ev), "\"event\":\"%s\",", event);
		snprintf(li, sizeof(li), "\"list\":\"%s\"", list ? list : "");
		const char *e = strstr(p, ev), *l = list ? strstr(p, li) : p;
		n += c && c < end && e && e < end && l && l < end;
	}
	return n;
}

/*
 * Alder Lake with CPUs 0-1 P-cores and 2-3 E-cores: event counted on the P-cores with
 * list p (NULL: none of them counts it) through PERFEVTSEL value p_sel, on the E-cores
 * likewise.
 */
static void assert_by_type(const struct outcome *o, const char *event, const char *p,
			   uint64_t p_sel, const char *e, uint64_t e_sel)
{
	for (unsigned c = 0; c < 4; c++) {
		bool pc = c < 2;
		const char *list = pc ? p : e;
		assert_int_equal(counts_on(o->f, c, event, list), list != NULL);
		assert_int_equal(evtsel_writes(assembled_model(o->r), c, pc ? p_sel : e_sel),
				 list ? 2 : 0);
	}
}

/*
 * Hybrid events by core type (CPUs 0-1 P-cores, 2-3 E-cores): cpu_atom/NAME/ counts with
 * Gracemont's encoding on the E-cores only, its count records naming the list; measured
 * on every CPU, the P-cores are said to be left out and count only instructions (their
 * check is still made); a bare name both lists have counts on E-cores alone when only
 * they are measured, nothing said.
 */
static void test_hybrid_events_by_core_type(void **state)
{
	(void)state;
	struct outcome o = run_passing("backend = sim\nsim-profile = alder-lake\ncpus = 2-3\n"
				       "events = cpu_atom/LONGEST_LAT_CACHE.MISS/\n", 4);
	assert_int_equal(fake_count(o.f->log, "\"event\":\"cpu_atom/LONGEST_LAT_CACHE.MISS/\","
					      "\"list\":\"alderlake_gracemont_core\""), 2);
	assert_int_equal(fake_count(o.f->log, "\"ctl_value\":\"0x43412e\""), 2);
	done(&o);
	o = run_passing("backend = sim\nsim-profile = alder-lake\ncpus = 2-3\n"
			"events = LONGEST_LAT_CACHE.MISS\n", 4);
	assert_int_equal(fake_count(o.f->console, "left out"), 0);
	assert_int_equal(counts_on(o.f, 2, "LONGEST_LAT_CACHE.MISS", "alderlake_gracemont_core"), 1);
	assert_int_equal(counts_on(o.f, 3, "LONGEST_LAT_CACHE.MISS", "alderlake_gracemont_core"), 1);
	assert_int_equal(fake_count(o.f->log, "\"list\":\"alderlake_goldencove_core\""), 0);
	done(&o);
	o = run_passing("backend = sim\nsim-profile = alder-lake\n"
			"events = cpu_atom/LONGEST_LAT_CACHE.MISS/\n", 4);
	assert_int_equal(fake_count(o.f->console, "efipmu: cpu_atom/LONGEST_LAT_CACHE.MISS/ "
				    "(alderlake_gracemont_core): CPUs 0-1 left out: it names core "
				    "type atom; counted on CPUs 2-3\n"), 1);
	assert_by_type(&o, "cpu_atom/LONGEST_LAT_CACHE.MISS/", NULL, 0x43412e,
		       "alderlake_gracemont_core", 0x43412e);
	assert_int_equal(fake_count(o.f->log, "\"check\":\"kernel instructions retired\""), 4);
	done(&o);
	/* the other type only, none of its CPUs measured: left out, instructions still checked */
	o = run_passing("backend = sim\nsim-profile = alder-lake\ncpus = 2-3\n"
			"events = cpu_core/LD_BLOCKS.STORE_FORWARD/\n", 4);
	assert_int_equal(fake_count(o.f->console, "efipmu: cpu_core/LD_BLOCKS.STORE_FORWARD/ "
				    "(alderlake_goldencove_core): no CPU of core type core measured, "
				    "left out\n"), 1);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"left_out\""), 1);
	assert_int_equal(fake_count(o.f->log, "\"cpus\":\"2-3\",\"why\":\"no CPU of core type "
					      "core measured\""), 1);
	for (unsigned c = 2; c < 4; c++)
		assert_int_equal(counts_on(o.f, c, "cpu_core/LD_BLOCKS.STORE_FORWARD/", NULL), 0);
	assert_int_equal(fake_count(o.f->log, "\"check\":\"kernel instructions retired\""), 2);
	done(&o);
}

/*
 * A bare name only one core type's list has, measured on both (issue 23): it counts on
 * that type's CPUs only, with its list's encoding, and the others are said to be left
 * out (console line and "left_out" record) with no count record for it (not a zero).
 * Alder Lake: LD_HEAD.L1_MISS is Gracemont's alone (05H/01H), LD_BLOCKS.STORE_FORWARD
 * Golden Cove's (03H/82H). Every CPU's instruction check is still made.
 */
static void test_hybrid_bare_name_one_list(void **state)
{
	(void)state;
	struct outcome o = run_passing("backend = sim\nsim-profile = alder-lake\n"
				       "events = LD_HEAD.L1_MISS,LD_BLOCKS.STORE_FORWARD\n", 4);
	assert_int_equal(fake_count(o.f->console, "efipmu: LD_HEAD.L1_MISS (alderlake_gracemont_"
				    "core): CPUs 0-1 left out: core type core's list (alderlake_"
				    "goldencove_core) lacks LD_HEAD.L1_MISS; counted on CPUs 2-3\n"), 1);
	assert_int_equal(fake_count(o.f->console, "efipmu: LD_BLOCKS.STORE_FORWARD (alderlake_"
				    "goldencove_core): CPUs 2-3 left out: core type atom's list "
				    "(alderlake_gracemont_core) lacks LD_BLOCKS.STORE_FORWARD; counted "
				    "on CPUs 0-1\n"), 1);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"left_out\",\"schema\":2,\"simulated\":"
					      "true,\"event\":\"LD_HEAD.L1_MISS\",\"list\":\"alderlake_"
					      "gracemont_core\",\"cpus\":\"0-1\",\"core_type\":\"core\","
					      "\"why\":\"core type core's list (alderlake_goldencove_"
					      "core) lacks LD_HEAD.L1_MISS\"}"), 1);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"left_out\""), 2);
	assert_by_type(&o, "LD_HEAD.L1_MISS", NULL, 0x430105, "alderlake_gracemont_core", 0x430105);
	assert_by_type(&o, "LD_BLOCKS.STORE_FORWARD", "alderlake_goldencove_core", 0x438203, NULL,
		       0x438203);
	assert_int_equal(fake_count(o.f->log, "\"event\":\"LD_HEAD.L1_MISS\""), 2 + 1);
	assert_int_equal(fake_count(o.f->log, "\"check\":\"kernel instructions retired\""), 4);
	assert_int_equal(fake_count(o.f->log, "\"result\":\"FAIL\""), 0);
	assert_left_as_found(o.r, "alder-lake", 4, 1);
	done(&o);
}

/* The same on every hybrid profile: LD_HEAD.L1_MISS is in each E-core list alone. */
static void test_hybrid_bare_name_every_profile(void **state)
{
	static const struct {
		const char *profile, *p_list, *e_list;
	} hy[] = {
		{ "alder-lake", "alderlake_goldencove_core", "alderlake_gracemont_core" },
		{ "meteor-lake", "meteorlake_redwoodcove_core", "meteorlake_crestmont_core" },
		{ "lunar-lake", "lunarlake_lioncove_core", "lunarlake_skymont_core" },
	};
	(void)state;
	for (unsigned k = 0; k < sizeof(hy) / sizeof(hy[0]); k++) {
		char cfg[128], line[256];
		snprintf(cfg, sizeof(cfg), "backend = sim\nsim-profile = %s\nevents = LD_HEAD.L1_MISS\n",
			 hy[k].profile);
		snprintf(line, sizeof(line), "efipmu: LD_HEAD.L1_MISS (%s): CPUs 0-1 left out: core "
			 "type core's list (%s) lacks LD_HEAD.L1_MISS; counted on CPUs 2-3\n",
			 hy[k].e_list, hy[k].p_list);
		struct outcome o = run_passing(cfg, 4);
		assert_int_equal(fake_count(o.f->console, line), 1);
		for (unsigned c = 0; c < 4; c++)
			assert_int_equal(counts_on(o.f, c, "LD_HEAD.L1_MISS", c < 2 ? NULL : hy[k].e_list),
					 c >= 2);
		assert_int_equal(fake_count(o.f->log, "\"check\":\"kernel instructions retired\""), 4);
		done(&o);
	}
}

/*
 * A name both lists have with different encodings: each core type programs its own
 * list's (Alder Lake L2_REQUEST.MISS: Golden Cove 24H/3FH, Gracemont 24H/01H), each
 * count record naming the list, nobody left out.
 */
static void test_hybrid_bare_name_two_encodings(void **state)
{
	(void)state;
	struct outcome o = run_passing("backend = sim\nsim-profile = alder-lake\n"
				       "events = L2_REQUEST.MISS\n", 4);
	assert_int_equal(fake_count(o.f->console, "left out"), 0);
	assert_by_type(&o, "L2_REQUEST.MISS", "alderlake_goldencove_core", 0x433f24,
		       "alderlake_gracemont_core", 0x430124);
	for (unsigned c = 0; c < 4; c++)   /* never the other type's encoding */
		assert_int_equal(evtsel_writes(assembled_model(o.r), c, c < 2 ? 0x430124 : 0x433f24),
				 0);
	done(&o);
}

/*
 * Each core type's counters: Lunar Lake's TOPDOWN_RETIRING.ALL is Skymont's alone and
 * needs FIXED_CTR6, which the E-cores have and the P-cores (the boot CPU's type) not: it
 * is resolved and placed on an E-core's counters (FIXED_CTR_CTRL nibble 6, GLOBAL_CTRL
 * bit 38), the P-cores left out.
 */
static void test_hybrid_counters_per_core_type(void **state)
{
	(void)state;
	struct outcome o = run_passing("backend = sim\nsim-profile = lunar-lake\n"
				       "events = TOPDOWN_RETIRING.ALL\n", 4);
	assert_int_equal(fake_count(o.f->console, "efipmu: TOPDOWN_RETIRING.ALL (lunarlake_skymont_"
				    "core): CPUs 0-1 left out: core type core's list (lunarlake_"
				    "lioncove_core) lacks TOPDOWN_RETIRING.ALL; counted on CPUs 2-3\n"), 1);
	for (unsigned c = 0; c < 4; c++) {
		unsigned n = 0;
		for (unsigned i = 0; i < assembled_model(o.r)->log_len[c]; i++) {
			const struct model_access *m = &assembled_model(o.r)->log[c][i];
			n += m->op == MOP_WRMSR && m->msr == 0x38f && ((m->val >> 38) & 1);
		}
		assert_int_equal(n > 0, c >= 2);
		assert_int_equal(counts_on(o.f, c, "TOPDOWN_RETIRING.ALL", "lunarlake_skymont_core"),
				 c >= 2);
	}
	assert_int_equal(fake_count(o.f->log, "\"counter_kind\":\"fixed\",\"core_type\":\"atom\","
					      "\"counter\":6,"), 2);
	done(&o);
}

/*
 * Arrow Lake-H's three kinds of core (the model's CPUs in thirds): its low-power E-core
 * (CPU 3) is of the E-cores' type but lacks FIXED_CTR4-6, and is said apart; the default
 * job passes on all four, fixed counters 0-2 on each.
 */
static void test_hybrid_low_power_e_cores(void **state)
{
	(void)state;
	static const char *const said[] = {
		"P-cores (core type core): CPUs 0,1; PMC 0-9, FIXED_CTR 0-3\n",
		"E-cores (core type atom): CPUs 2; PMC 0-7, FIXED_CTR 0,1,2,4,5,6\n",
		"E-cores (core type atom): CPUs 3; PMC 0-7, FIXED_CTR 0-2\n",
	};
	struct outcome o = run_passing("backend = sim\nsim-profile = arrow-lake-h\n", 4);
	for (unsigned k = 0; k < sizeof(said) / sizeof(said[0]); k++)
		assert_int_equal(fake_count(o.f->console, said[k]), 1);
	/* CPU 3's cpu record alone: the engine's mask and its cpuid_23 subleaf 1 */
	assert_int_equal(fake_count(o.f->log, "\"fixed_mask\":\"0x7\""), 2);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"check\""), 8);
	done(&o);
}

/*
 * Arrow Lake-H's low-power E-core (CPU 3: native model ID 2, mapfile.csv's LowPower_Atom row)
 * plans from its own list, Crestmont's, not the E-cores' Skymont: TOPDOWN_RETIRING.ALL
 * (Skymont's alone, on FIXED_CTR6, which CPU 3 lacks) counts on CPU 2 only, CPU 3 and the
 * P-cores each left out naming their list, every CPU measured; TOPDOWN_RETIRING.ALL_P, in
 * both E-core lists, counts on CPU 3 with Crestmont's encoding (72H/00H), never Skymont's
 * (C2H/02H), which CPU 2 programs.
 */
static void test_hybrid_low_power_own_list(void **state)
{
	(void)state;
	struct outcome o = run_passing("backend = sim\nsim-profile = arrow-lake-h\n"
				       "events = TOPDOWN_RETIRING.ALL\n", 4);
	assert_int_equal(fake_count(o.f->console, "efipmu: TOPDOWN_RETIRING.ALL (arrowlake_skymont_"
				    "core): CPUs 3 left out: core type atom's list (arrowlake_"
				    "crestmont_core) lacks TOPDOWN_RETIRING.ALL; counted on CPUs 2\n"), 1);
	assert_int_equal(fake_count(o.f->console, "CPUs 0-1 left out: core type core's list "
				    "(arrowlake_lioncove_core)"), 1);
	assert_int_equal(fake_count(o.f->console, "not measured"), 0);
	for (unsigned c = 0; c < 4; c++)
		assert_int_equal(counts_on(o.f, c, "TOPDOWN_RETIRING.ALL", "arrowlake_skymont_core"),
				 c == 2);
	assert_int_equal(fake_count(o.f->log, "\"check\":\"kernel instructions retired\""), 4);
	done(&o);
	o = run_passing("backend = sim\nsim-profile = arrow-lake-h\n"
			"events = TOPDOWN_RETIRING.ALL_P\n", 4);
	assert_int_equal(counts_on(o.f, 2, "TOPDOWN_RETIRING.ALL_P", "arrowlake_skymont_core"), 1);
	assert_int_equal(counts_on(o.f, 3, "TOPDOWN_RETIRING.ALL_P", "arrowlake_crestmont_core"), 1);
	assert_true(evtsel_writes(assembled_model(o.r), 3, 0x430072) > 0);
	assert_int_equal(evtsel_writes(assembled_model(o.r), 3, 0x4302c2), 0);
	assert_true(evtsel_writes(assembled_model(o.r), 2, 0x4302c2) > 0);
	done(&o);
}

/* The --dry-run records of a write of value to a PERFEVTSEL on cpu. */
static unsigned dry_evtsel(const struct fake_platform *f, unsigned cpu, const char *value)
{
	char c[32], v[48];
	unsigned n = 0;
	snprintf(c, sizeof(c), "\"cpu\":%u,", cpu);
	snprintf(v, sizeof(v), "\"value\":\"%s\"", value);
	for (const char *p = f->log; (p = strstr(p, "\"rec\":\"dry_write\"")); p++) {
		const char *end = strchr(p, '\n'), *k = strstr(p, c), *w = strstr(p, v);
		const char *m = strstr(p, "\"register\":\"IA32_PERFEVTSEL\"");
		n += k && k < end && w && w < end && m && m < end;
	}
	return n;
}

/*
 * --dry-run on a hybrid part: the writes each CPU would make are its core type's events
 * only (recorded, none made), the CPUs left out said as in a run.
 */
static void test_hybrid_dry_run(void **state)
{
	(void)state;
	struct outcome o = run_cfg("backend = sim\nsim-profile = alder-lake\ndry-run\n"
				   "events = LD_HEAD.L1_MISS,LD_BLOCKS.STORE_FORWARD\n", 4, 1);
	if (o.v != VERDICT_PASS)
		fail_msg("verdict %s\n%s", verdict_name(o.v), o.f->console);
	for (unsigned c = 0; c < 4; c++) {
		assert_int_equal(dry_evtsel(o.f, c, "0x430105"), c < 2 ? 0 : 2);
		assert_int_equal(dry_evtsel(o.f, c, "0x438203"), c < 2 ? 2 : 0);
	}
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"left_out\""), 2);
	assert_int_equal(writes_besides_microcode_latch(assembled_model(o.r)), 0);
	done(&o);
}

/* A name neither list has: one line, VERDICT_ERROR, no register written. */
static void test_hybrid_name_no_list_has(void **state)
{
	(void)state;
	struct outcome o = run_cfg("backend = sim\nsim-profile = alder-lake\n"
				   "events = LD_HEAD.NO_SUCH_EVENT\n", 4, 1);
	assert_int_equal(o.v, VERDICT_ERROR);
	assert_int_equal(fake_count(o.f->console, "efipmu: efipmu.cfg:3: unknown event "
				    "'LD_HEAD.NO_SUCH_EVENT' for model 0x97 (neither core type's "
				    "list has it)\n"), 1);
	assert_int_equal(fake_count(o.f->console, "\n"), 1);
	assert_false(writes_besides_microcode_latch(assembled_model(o.r)));
	done(&o);
}

/* Bad input: one line naming it, VERDICT_ERROR, no MSR written on any CPU, no verdict record. */
static void test_bad_event_writes_nothing(void **state)
{
	(void)state;
	struct outcome o = run_cfg("backend = sim\nevents = cpu/event=0x3c,bogus=1/\n", 2, 1);
	assert_int_equal(o.v, VERDICT_ERROR);
	assert_int_equal(fake_count(o.f->console, "efipmu: efipmu.cfg:2: unknown term 'bogus'"), 1);
	/* found before the log exists and before any write, the microcode latch included */
	assert_int_equal(model_total_writes(assembled_model(o.r)), 0);
	assert_int_equal(o.f->log_records, 0);
	done(&o);
}

static void test_unknown_profile_refused_before_anything(void **state)
{
	(void)state;
	struct outcome o = run_cfg("backend = sim\nsim-profile = pentium-pro\n", 2, 1);
	assert_int_equal(o.v, VERDICT_ERROR);
	assert_int_equal(fake_count(o.f->console, "efipmu: efipmu.cfg:2: unknown simulation profile 'pentium-pro'"), 1);
	assert_int_equal(o.f->log_records, 0);   /* not even the header */
	done(&o);
}

/*
 * A program whose entry point registers no jobs (no bench): --bench and --icount-check are
 * each refused in one line naming the job, before any record or write; the run's own jobs
 * run as ever.
 */
static void test_unregistered_job_refused(void **state)
{
	(void)state;
	static const char *const asks[][2] = { { "bench\n", "bench" }, { "icount-check\n", "icount" } };
	struct pmu_backend real;
	struct model *m = test_model("nehalem-ep", 2, 1, &real);
	for (unsigned i = 0; i < 2; i++) {
		char want[96] = "efipmu: this program has no job '";
		strcat(strcat(want, asks[i][1]), "': its entry point registered none");
		struct outcome o = outcome_new(2, 1, 1);
		o.f->plat.jobs = NULL;
		init_cfg(&o, asks[i][0], &real);
		assert_int_equal(o.v, VERDICT_ERROR);
		assert_int_equal(fake_count(o.f->console, want), 1);
		assert_int_equal(o.f->log_records, 0);
		assert_int_equal(model_total_writes(m), 0);
		done(&o);
	}
	struct outcome o = outcome_new(2, 1, 1);
	o.f->plat.jobs = NULL;
	init_cfg(&o, "", &real);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	done(&o);
	free(m);
}

/*
 * A program whose entry point hands the run no assembly (no model, no test hooks): backend =
 * sim and a test hook are each refused in one line naming the setting, before any record;
 * the real backend runs as ever.
 */
static void test_no_assembly_refuses_sim_and_hooks(void **state)
{
	(void)state;
	struct outcome o = outcome_new(2, 1, 2);
	o.f->plat.assembly = NULL;
	init_cfg(&o, "verbose\nbackend = sim\n", NULL);
	assert_int_equal(o.v, VERDICT_ERROR);
	assert_int_equal(fake_count(o.f->console, "efipmu: efipmu.cfg:2: backend 'sim': this "
				    "program has no reference model"), 1);
	assert_null(assembled_model(o.r));
	assert_int_equal(o.f->log_records, 0);
	done(&o);
	struct pmu_backend real;
	struct model *m = test_model("nehalem-ep", 3, 1, &real);
	o = outcome_new(3, 1, 1);
	o.f->plat.assembly = NULL;
	init_cfg(&o, "stall-cpu = 1\n", &real);
	assert_int_equal(o.v, VERDICT_ERROR);
	assert_int_equal(fake_count(o.f->console, "efipmu: efipmu.cfg:1: stall-cpu: this program "
				    "has no test hooks"), 1);
	assert_int_equal(model_total_writes(m), 0);
	done(&o);
	o = outcome_new(3, 1, 1);
	o.f->plat.assembly = NULL;
	init_cfg(&o, "", &real);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	done(&o);
	free(m);
}

/* The control registers a CPU cut off in its window leaves programmed, as firmware had them. */
static const uint32_t leftover_msrs[] = { 0x186, 0x187, 0x188, 0x189, 0x1a6, 0x38d, 0x38f };
#define LEFTOVER_NMSRS (sizeof(leftover_msrs) / sizeof(leftover_msrs[0]))

/*
 * After a whole run (4 CPUs of one thread each: APIC IDs 0, 2, 4, 6 above the
 * profile's SMT bit), CPU 2 is put back where a CPU cut off inside its window
 * would be: its kernel session programmed and never restored, and marked by
 * the platform as having missed its round.
 */
static struct outcome cut_off_cpu2(uint64_t found[LEFTOVER_NMSRS])
{
	struct outcome o = start_cfg("backend = sim\n", 4, 1, 1, NULL);
	struct pmu_event_req reqs[CORE_MAX_EVENTS];
	struct evspec_error err;
	unsigned n;
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	struct run_cpu *s = &o.r->slot[2];
	for (unsigned i = 0; i < LEFTOVER_NMSRS; i++)
		assert_int_equal(pmu_rdmsr(&o.r->backend, 2, leftover_msrs[i], &found[i]), PMU_OK);
	/* the events the run counted: the default set, in one round */
	assert_int_equal(evspec_parse_list(&s->info, NULL, pmu_core_desc(&s->info)->default_events,
					   reqs, CORE_MAX_EVENTS, &n, &err), PMU_OK);
	assert_int_equal(core_prepare(&s->run, &o.r->backend, 2, &s->snap, reqs, n, false), PMU_OK);
	assert_int_equal(core_program(&s->run), PMU_OK);
	o.f->cpu[2].in_rounds = true;
	o.f->cpu[2].miss = PLAT_MISS_FINISH;
	o.f->console_len = o.f->log_len = 0;
	o.f->console[0] = o.f->log[0] = '\0';
	return o;
}

/* A CPU that timed out with its counters programmed is restored once it answers again. */
static void test_timed_out_cpu_restored_when_it_answers(void **state)
{
	(void)state;
	uint64_t found[LEFTOVER_NMSRS], now;
	struct outcome o = cut_off_cpu2(found);
	unsigned changed = 0;
	for (unsigned i = 0; i < LEFTOVER_NMSRS; i++) {
		assert_int_equal(pmu_rdmsr(&o.r->backend, 2, leftover_msrs[i], &now), PMU_OK);
		changed += now != found[i];
	}
	assert_true(changed >= 2);   /* the cut really left something programmed */
	leftover_settle(o.r);
	for (unsigned i = 0; i < LEFTOVER_NMSRS; i++) {
		assert_int_equal(pmu_rdmsr(&o.r->backend, 2, leftover_msrs[i], &now), PMU_OK);
		if (now != found[i])
			fail_msg("MSR 0x%x: 0x%llx after the replay, firmware had 0x%llx", leftover_msrs[i],
				 (unsigned long long)now, (unsigned long long)found[i]);
	}
	assert_int_equal(fake_count(o.f->console, "CPU 2 (APIC id 4) timed out with "), 1);
	assert_int_equal(fake_count(o.f->console, "registers programmed: restored once it answered again"), 1);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"leftover\""), 1);
	assert_int_equal(fake_count(o.f->log, "\"restored\":true"), 1);
	done(&o);
}

/*
 * One whose restore replayed does not hold (the model's IA32_PERFEVTSEL0 keeps its enable bit,
 * sim-break sticky-enable, from the cut on): read back, it is not said restored.
 */
static void test_timed_out_cpu_restore_read_back(void **state)
{
	(void)state;
	uint64_t found[LEFTOVER_NMSRS];
	struct outcome o = cut_off_cpu2(found);
	assembled_model(o.r)->broken.sticky_enable = true;
	leftover_settle(o.r);
	assert_int_equal(fake_count(o.f->console, "CPU 2 (APIC id 4) could not be restored"), 1);
	assert_int_equal(fake_count(o.f->log, "\"restored\":false,\"why\":\"register does not "
				    "hold written value\""), 1);
	done(&o);
}

/* One that never answers again: the console and the log name every register it left programmed. */
static void test_timed_out_cpu_left_programmed_is_named(void **state)
{
	(void)state;
	uint64_t found[LEFTOVER_NMSRS], now;
	struct outcome o = cut_off_cpu2(found);
	o.f->stall_cpus = 1u << 2;
	leftover_settle(o.r);
	assert_int_equal(fake_count(o.f->console, "CPU 2 (APIC id 4) does not answer: left programmed: "), 1);
	assert_int_equal(fake_count(o.f->log, "\"restored\":false"), 1);
	assert_int_equal(fake_count(o.f->log, "\"why\":\"it did not answer\""), 1);
	/*
	 * every control register that differs from firmware's value is named, with firmware's value
	 */
	for (unsigned i = 0; i < LEFTOVER_NMSRS; i++) {
		char want[64];
		assert_int_equal(pmu_rdmsr(&o.r->backend, 2, leftover_msrs[i], &now), PMU_OK);
		if (now == found[i])
			continue;
		snprintf(want, sizeof(want), "\"reg\":\"msr 0x%x\"", leftover_msrs[i]);
		if (fake_count(o.f->log, want) != 1)
			fail_msg("%s not named in %s", want, o.f->log);
		snprintf(want, sizeof(want), "0x%x (firmware had 0x%llx)", leftover_msrs[i],
			 (unsigned long long)found[i]);
		if (!fake_count(o.f->console, want))
			fail_msg("'%s' not on the console: %s", want, o.f->console);
	}
	done(&o);
}

/* A CPU that never answers: the others are measured, the verdict is FAIL and says why. */
static void test_stalled_cpu_fails_the_run(void **state)
{
	(void)state;
	struct outcome o = start_cfg("backend = sim\n", 4, 1, 1, NULL);
	struct fake_platform *f = o.f;
	f->stall_cpus = 1u << 2;
	finish(&o);
	assert_int_equal(o.v, VERDICT_FAIL);
	assert_int_equal(fake_count(f->console, "CPU 2 (APIC id 4) did not run the job: no result"), 1);
	assert_int_equal(fake_count(f->log, "\"cpus_missing\":1"), 1);
	assert_int_equal(fake_count(f->log, "\"check\":\"kernel instructions retired\""), 3);
	done(&o);
}

/* The log could not be written: whatever was measured, the run is not to be trusted. */
static void test_lost_log_fails(void **state)
{
	(void)state;
	struct outcome o = start_cfg("backend = sim\n", 2, 1, 1, NULL);
	struct fake_platform *f = o.f;
	f->lost = "the volume is full";
	finish(&o);
	assert_int_equal(o.v, VERDICT_FAIL);
	assert_int_equal(fake_count(f->console, "log not written: the volume is full"), 1);
	done(&o);
}

/* A CPU set naming a CPU the machine does not have is an error, never silently dropped. */
static void test_cpus_that_do_not_exist(void **state)
{
	(void)state;
	static const char *const cfg[] = { "backend = sim\ncpus = 9\n", "backend = sim\ncpus = 0,5\n",
					   "backend = sim\nstall-cpu = 7\n" };
	static const char *const said[] = {
		"[SIM] efipmu: efipmu.cfg:2: cpus: no such CPU '9': this machine has 2 CPUs, numbered from 0\n",
		"[SIM] efipmu: efipmu.cfg:2: cpus: no such CPU '5': this machine has 2 CPUs, numbered from 0\n",
		"[SIM] efipmu: efipmu.cfg:2: stall-cpu: cannot stall CPU '7': there is no such enabled CPU\n",
	};
	for (unsigned i = 0; i < 3; i++) {
		struct outcome o = run_cfg(cfg[i], 2, 1);
		assert_int_equal(o.v, VERDICT_ERROR);
		if (fake_count(o.f->console, said[i]) != 1)
			fail_msg("wanted %s got %s", said[i], o.f->console);
		assert_int_equal(model_total_writes(assembled_model(o.r)), 0);
		assert_int_equal(o.f->log_records, 0);
		done(&o);
	}
}

/* Without the boot CPU: CPUs 1-3 are measured, the boot CPU only orchestrates. */
static void test_cpus_without_the_boot_cpu(void **state)
{
	(void)state;
	struct outcome o = run_cfg("backend = sim\ncpus = 1-3\n", 4, 1);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->log, "\"check\":\"kernel instructions retired\""), 3);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"cpu\""), 3);
	assert_int_equal(fake_count(o.f->log, "\"cpus_ran\":3"), 1);
	/* the boot CPU's microcode latch only */
	assert_int_equal(model_write_count(assembled_model(o.r), 0), 1);
	done(&o);
}

/* --dry-run: every write recorded per CPU, none reaches the model. */
static void test_dry_run_writes_nothing(void **state)
{
	(void)state;
	struct outcome o = run_cfg("backend = sim\nsim-profile = sandy-bridge-ep\ndry-run\n", 3, 1);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "MSR writes, none made"), 3);
	assert_int_equal(fake_count(o.f->console, "the same as CPU 1"), 1);
	assert_true(fake_count(o.f->log, "\"rec\":\"dry_write\"") > 10);
	assert_int_equal(writes_besides_microcode_latch(assembled_model(o.r)), 0);
	done(&o);
}

/* More events than counters: rounds, every count exact, statistics over the repeats. */
static void test_rounds_and_repeats(void **state)
{
	(void)state;
	/* resident APs: every round group and repeat in one dispatch; the old path one each */
	static const char *const dispatch[] = { "", "dispatch-per-repeat\n" };
	static const unsigned dispatches[] = { 1, 6 };
	for (unsigned d = 0; d < 2; d++) {
		char cfg[512];
		/* capture off: its records, each flushed alone, are not the protocol counted here */
		snprintf(cfg, sizeof(cfg), "backend = sim\nsim-profile = nehalem-ex\nrepeats = 3\n"
			 "capture = off\n"
			 "events = instructions,cycles,ref-cycles,branches,branch-misses,"
			 "cache-references,cache-misses,cpu/event=0xc0/,cpu/event=0x3c/\n%s", dispatch[d]);
		struct outcome o = run_cfg(cfg, 2, 1);
		assert_int_equal(o.v, VERDICT_PASS);
		assert_int_equal(o.f->dispatches, dispatches[d]);
		assert_int_equal(fake_count(o.f->console, "more events than counters: 2 rounds"), 1);
		/* 9 events x 2 CPUs x 3 repeats */
		assert_int_equal(fake_count(o.f->log, "\"rec\":\"count\""), 54);
		assert_int_equal(fake_count(o.f->log, "\"rec\":\"stats\""), 18);
		/* per CPU and round: every claim held in every repeat */
		assert_int_equal(fake_count(o.f->console, "in 3/3 repeats (round 1): PASS"), 2);
		assert_int_equal(fake_count(o.f->console, "in 3/3 repeats (round 2): PASS"), 2);
		/* instructions and cpu/event=0xc0/, branches: each CPU, each repeat */
		/* and the restores read back: 38 registers a CPU and repeat (2 rounds, 2 sessions) */
		assert_int_equal(fake_count(o.f->console, "VERDICT: PASS - 2 CPUs, 246 checks: "
					    "12 instructions, 6 branches, 228 restore read-backs\n"), 1);
		/* each step's window records, 2 rounds x 2 CPUs x 6 steps */
		assert_int_equal(fake_count(o.f->log, "\"rec\":\"window\""), 24);
		/*
		 * written held: repeat 0's 2 steps flushed each, then once a repeat (with 3
		 * repeats, each repeat's progress line follows its flush), and the job's end
		 */
		assert_false(o.f->held);
		assert_int_equal(o.f->unflushed, 0);
		assert_int_equal(o.f->flushes, 5);
		/* the 18 statistics and 2 metrics too: 5 records of the run alone, not 25 */
		assert_int_equal(o.f->lone_flushes, 5);
		done(&o);
	}
}

/* The uncore job on two packages: one leader each, exact clocks, every register restored. */
/*
 * The default job on two packages, core and uncore: every repeat's core step and uncore
 * step in one dispatch (no dispatch of its own for a package leader), the repeat's records
 * flushed together before the next repeat runs; the old path a dispatch per step.
 */
static void test_core_and_uncore_repeat_by_repeat(void **state)
{
	(void)state;
	static const char *const dispatch[] = { "", "dispatch-per-repeat\n" };
	static const unsigned dispatches[] = { 1, 6 };
	for (unsigned d = 0; d < 2; d++) {
		char cfg[128];
		snprintf(cfg, sizeof(cfg), "backend = sim\nsim-profile = sandy-bridge-ep\nrepeats = 3\n"
			 "capture = off\n%s",
			 dispatch[d]);
		struct outcome o = run_cfg(cfg, 4, 2);
		assert_int_equal(o.v, VERDICT_PASS);
		assert_int_equal(o.f->dispatches, dispatches[d]);
		assert_int_equal(o.f->runs_on, 0);
		/* 4 core events x 4 CPUs and 9 uncore events x 2 packages (job_uncore.c), 3 repeats */
		assert_int_equal(fake_count(o.f->log, "\"rec\":\"count\""), (16 + 18) * 3);
		/* repeat by repeat: repeat 0's uncore counts before repeat 1's core counts */
		const char *unc0 = strstr(o.f->log, "\"event\":\"UNC_U_LOCK_CYCLES\"");
		const char *core1 = strstr(o.f->log, "\"round\":0,\"repeat\":1}");
		assert_non_null(unc0);
		assert_non_null(core1);
		assert_true(unc0 < core1);
		assert_true(strstr(unc0, "\"repeat\":0}") < core1);
		/* repeat 0's core and uncore step a flush each, then one a repeat, one at the end */
		assert_false(o.f->held);
		assert_int_equal(o.f->unflushed, 0);
		assert_int_equal(o.f->flushes, 5);
		/* and the log says what it cost: 6 records written alone (the iMC clocks' PCI
		   scan among them), 5 flushes of held ones */
		assert_int_equal(fake_count(o.f->log, "\"rec\":\"log_cost\",\"schema\":2,\"simulated\""
					      ":true,\"writes\":11,\"flushes\":11,"), 1);
		done(&o);
	}
}

/*
 * log-sync (run/log_sync.c) in a whole run of the default job, 4 CPUs in 2 packages, 40
 * repeats: a repeat is 3 rounds (the core step's 2, the uncore step's 1). Every step of
 * repeat 0 is on the disk before the next step's first round; later repeats are grouped
 * (the fake clock never reaches 100 ms), flushed at the progress lines (every 4 repeats)
 * and the end; log-sync = each flushes every repeat.
 */
static void test_log_sync_groups_repeats(void **state)
{
	(void)state;
	static const char *const mode[] = { "", "log-sync = each\n" };
	static const unsigned flushes[] = { 2 + 10 + 1, 2 + 39 + 1 };
	for (unsigned d = 0; d < 2; d++) {
		char cfg[128];
		snprintf(cfg, sizeof(cfg),
			 "backend = sim\nsim-profile = sandy-bridge-ep\nrepeats = 40\n%s", mode[d]);
		struct outcome o = run_cfg(cfg, 4, 2);
		assert_int_equal(o.v, VERDICT_PASS);
		assert_int_equal(o.f->flushes, flushes[d]);
		assert_int_equal(o.f->unflushed, 0);
		assert_int_equal(fake_count(o.f->log, "\"rec\":\"count\""), (16 + 18) * 40);
		/* repeat 0: its uncore round and repeat 1's first round begin with nothing held */
		assert_int_equal(o.f->unflushed_at[2], 0);
		assert_int_equal(o.f->unflushed_at[3], 0);
		/* repeat 1's uncore round begins with its core step held in both modes */
		assert_true(o.f->unflushed_at[5] > 0);
		/* repeat 2 begins after repeat 1's flush with each, with it held by default */
		assert_int_equal(o.f->unflushed_at[6] > 0, d == 0);
		/* repeat 4 begins after the progress line of repeat 3, said after its flush */
		assert_int_equal(o.f->unflushed_at[12], 0);
		done(&o);
	}
}

/*
 * Trouble: CPU 3 stops answering at repeat 9's first round (round 27). Its step is
 * flushed at once, and every step until that step again on the new CPU set (repeat 9's
 * uncore round, repeat 10's core step), all before the dispatch ends and CPU 3 is waited
 * for (leftover_settle; its record follows that wait, and nothing was written since).
 */
static void test_log_sync_flushes_trouble(void **state)
{
	(void)state;
	struct outcome o = start_cfg("backend = sim\nsim-profile = sandy-bridge-ep\nrepeats = 40\n",
				     4, 2, 2, NULL);
	o.f->stall_late = 1u << 3;
	o.f->stall_round = 27;
	finish(&o);
	assert_int_equal(o.v, VERDICT_FAIL);
	assert_true(o.f->unflushed_at[27] > 0);   /* repeat 8 still held */
	assert_int_equal(o.f->unflushed_at[29], 0);
	assert_int_equal(o.f->unflushed_at[30], 0);
	assert_int_equal(o.f->unflushed_at[32], 0);
	assert_true(o.f->unflushed_at[33] > 0);   /* repeat 10's uncore round: grouped again */
	assert_int_equal(o.f->unflushed_at_leftover, 0);
	done(&o);
}

static void test_uncore_two_packages(void **state)
{
	(void)state;
	struct outcome o = run_cfg("backend = sim\nsim-profile = nehalem-ep\n", 4, 2);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"handoff\",\"schema\":2,\"simulated\":true,"
					      "\"box\":\"uncore\""), 2);
	assert_int_equal(fake_count(o.f->log, "\"box\":\"uncore_nhm\""), 0);
	done(&o);
}

/*
 * SNB-EP C-box and PCU events by name through the whole run: the filter asked is logged with
 * the count, the unasked C-box filter of a used box is written 0 and firmware's value is in
 * the ownership record; an ExtSel event is refused before anything runs.
 */
static void test_snbep_filters_in_a_run(void **state)
{
	(void)state;
	struct outcome o = run_cfg("backend = sim\nsim-profile = sandy-bridge-ep\nevents = "
				   "uncore_cbox_0/UNC_C_LLC_LOOKUP.DATA_READ,state=1/,"
				   "uncore_cbox_1/UNC_C_CLOCKTICKS/,"
				   "uncore_pcu/UNC_P_FREQ_BAND0_CYCLES,band0=20/\n", 1, 1);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->log, "\"extra\":\"msr 0xd14\",\"extra_value\":\"0x40000\""), 1);
	assert_int_equal(fake_count(o.f->log, "\"extra\":\"msr 0xc34\",\"extra_value\":\"0x14\""), 1);
	assert_int_equal(fake_count(o.f->log, "{\"reg\":\"msr 0xd34\",\"scope\":\"package\","
					      "\"found\":\"0x7c0000\""), 1);
	done(&o);
	o = run_cfg("backend = sim\nsim-profile = sandy-bridge-ep\nevents = UNC_U_PHOLD_CYCLES.ASSERT_TO_ACK\n",
		    1, 1);
	assert_int_equal(o.v, VERDICT_ERROR);
	assert_int_equal(fake_count(o.f->console, "needs ExtSel, which uncore_ubox's control "
						  "(U_MSR_PMON_CTL) does not have\n"), 1);
	done(&o);
	/* the PCU's ExtSel events run with bit 21 */
	o = run_cfg("backend = sim\nsim-profile = sandy-bridge-ep\nevents = UNC_P_FREQ_TRANS_CYCLES\n",
		    1, 1);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->log, "\"ctl_value\":\"0x600000\""), 1);
	done(&o);
}

/*
 * More uncore events than a box has counters: rounds, each repeat of each a step,
 * every count exact. The inst kernel at 1000 iterations replays 10,018 cycles
 * (lib/model/sim_workload.h): every clock counts 10,018, the lock cycles 0.
 */
#define UNC_ROUND_EVENTS "UNC_U_CLOCKTICKS,uncore_ubox/UNC_U_LOCK_CYCLES/," \
	"uncore_cbox_0/event=0/,uncore_cbox_0/event=0/,uncore_cbox_0/event=0/," \
	"uncore_cbox_0/event=0/,uncore_cbox_0/event=0/,uncore_cbox_0/event=0/"

static struct outcome uncore_rounds(unsigned repeats)
{
	char cfg[512];
	snprintf(cfg, sizeof(cfg), "backend = sim\nsim-profile = sandy-bridge-ep\nrepeats = %u\n"
		 "events = " UNC_ROUND_EVENTS "\n", repeats);
	struct outcome o = run_cfg(cfg, 4, 2);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "more uncore events than counters: 2 rounds"), 1);
	return o;
}

static void test_uncore_rounds_and_repeats(void **state)
{
	(void)state;
	struct outcome o = uncore_rounds(3);
	/* 8 events x 2 packages x 3 repeats, each with its round and repeat */
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"count\""), 48 + 12);
	/* the instructions left out, counted beside them on every CPU and checked */
	assert_int_equal(fake_count(o.f->log, "\"box\":\"core\",\"event\":\"instructions\",\"counter_kind\""), 12);
	assert_int_equal(fake_count(o.f->console, "VERDICT: PASS - 4 CPUs, 238 checks: "
				    "12 instructions, 4 uncore probes, 222 restore read-backs\n"), 1);
	assert_int_equal(fake_count(o.f->log, "\"delta\":10018,"), 42);
	assert_int_equal(fake_count(o.f->log, "\"delta\":0,"), 6);
	assert_int_equal(fake_count(o.f->log, "\"event\":\"uncore_cbox_0/event=0/\",\"counter_kind\":"
					      "\"gp\",\"counter\":0,"), 12);
	for (unsigned g = 0; g < 2; g++)
		for (unsigned r = 0; r < 3; r++) {
			char want[48];
			snprintf(want, sizeof(want), "\"round\":%u,\"repeat\":%u}", g, r);
			assert_int_equal(fake_count(o.f->log, want), g ? 4 : 12 + 4);
		}
	/* min = median = max per package and event */
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"stats\""), 16 + 4);
	assert_int_equal(fake_count(o.f->log, "\"repeats\":3,\"min\":10018,\"median\":10018,"
					      "\"max\":10018}"), 14);
	assert_int_equal(fake_count(o.f->console, "P1   uncore_cbox_0/event=0/  10,018           10,018"
						 "           10,018\n"), 6);
	/* probes once per package, hand-off per round */
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"uncore_probe\""), 4);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"handoff\",\"schema\":2,\"simulated\":true,"
					      "\"box\":\"uncore\""), 4);
	done(&o);
}

/* One repeat: a console row per count, round by round, under one heading. */
static void test_uncore_rounds_one_repeat(void **state)
{
	(void)state;
	struct outcome o = uncore_rounds(1);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"stats\""), 0);
	assert_int_equal(fake_count(o.f->console, "PKG EVENT"), 1);
	assert_int_equal(fake_count(o.f->console, "cbox_0."), 12);
	assert_int_equal(fake_count(o.f->console, "P1  uncore_cbox_0/event=0/    cbox_0.1  0xd11=0x400000"
						 "  10,018\n"), 2);   /* counter 1 in both rounds */
	assert_int_equal(fake_count(o.f->log, "\"round\":1,\"repeat\":0}"), 4);
	done(&o);
}

/*
 * The UCLK fixed counter's width probed on each package (Linux 48 bits, Intel 327043-001 44),
 * logged and used for its deltas: the model's 44 bits (the guide's 43:0), its 48-bit variant, and a
 * width no source gives, refused: said on the console, the descriptor's 44 taken.
 */
static void test_uncore_uclk_width(void **state)
{
	(void)state;
	static const unsigned model_width[] = { 0, 48, 40 }, used[] = { 44, 48, 44 };
	static const char *const found[] = { "\"probed_width\":44,\"width\":44}",
					     "\"probed_width\":48,\"width\":48}",
					     "\"readback\":\"0xffffffffff\",\"result\":\"register does not "
					     "hold written value\","
					     "\"probed_width\":0,\"width\":44}" };
	for (unsigned k = 0; k < 3; k++) {
		struct outcome o = start_cfg("backend = sim\nsim-profile = sandy-bridge-ep\n", 4, 2, 2, NULL);
		assembled_model(o.r)->uclk_width = (uint8_t)model_width[k];
		finish(&o);
		assert_int_equal(o.v, VERDICT_PASS);
		assert_int_equal(fake_count(o.f->log, "\"rec\":\"uncore_width\""), 2);
		assert_int_equal(fake_count(o.f->log, found[k]), 2);
		char want[96];
		snprintf(want, sizeof(want), "\"event\":\"UNC_U_CLOCKTICKS\",\"counter_kind\":\"fixed\","
			 "\"counter\":0,\"width\":%u,", used[k]);
		assert_int_equal(fake_count(o.f->log, want), 2);
		assert_int_equal(fake_count(o.f->console, "UNC_U_CLOCKTICKS          ubox.f    "
							 "0xc08=0x400000  10,018\n"), 2);
		assert_int_equal(fake_count(o.f->console, "uncore_ubox fixed counter width unknown (all-ones "
							 "read back 0xffffffffff): 44 bits taken, right for 44 to "
							 "48 bits while a delta < 2^44\n"), k == 2 ? 2 : 0);
		/* the counter as found: the model starts it at 0 and the run puts 0 back */
		assert_int_equal(rd_on(&o.r->backend, 0, 0xC09), 0);
		done(&o);
	}
}

/* --list and --decode only read: no MSR written, and decode of an unknown register is an error. */
static void test_list_and_decode(void **state)
{
	(void)state;
	struct outcome o = run_cfg("backend = sim\nsim-profile = sandy-bridge-ep\nlist\n", 1, 1);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "[SIM] Core PMU: architectural version 3\n"), 1);
	done(&o);
	o = run_cfg("backend = sim\nsim-profile = sandy-bridge-ep\ndecode = uncore_ubox 0x20400044\n", 1, 1);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "[SIM] U_MSR_PMON_CTL = 0x20400044\n"), 1);
	assert_int_equal(fake_count(o.f->console, "[SIM]   en=1"), 1);
	done(&o);
	o = run_cfg("backend = sim\ndecode = bogus 1\n", 1, 1);
	assert_int_equal(o.v, VERDICT_ERROR);
	assert_int_equal(fake_count(o.f->console, "[SIM] efipmu: unknown register 'bogus'"), 1);
	done(&o);
}

/*
 * The real backend's window (efi/gated.c) as the app sees it: the TSC read
 * before the enabling write, the kernel, the disabling write, the TSC again;
 * a #GP on the enabling write skips the rest and leaves tsc_off 0. The
 * registers are a model's; the enabling write faults on CPUs in fault_cpus.
 */
struct asm_like {
	struct pmu_backend model;
	uint64_t fault_cpus, tsc;
};

static pmu_status al_rdmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t *v)
{
	return pmu_rdmsr(&((struct asm_like *)ctx)->model, cpu, msr, v);
}

static pmu_status al_wrmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t v)
{
	return pmu_wrmsr(&((struct asm_like *)ctx)->model, cpu, msr, v);
}

static pmu_status al_rdpmc(void *ctx, unsigned cpu, uint32_t i, uint64_t *v)
{
	return pmu_rdpmc(&((struct asm_like *)ctx)->model, cpu, i, v);
}

static pmu_status al_cpuid(void *ctx, unsigned cpu, uint32_t leaf, uint32_t sub, struct pmu_cpuid *o)
{
	return pmu_cpuid(&((struct asm_like *)ctx)->model, cpu, leaf, sub, o);
}

static void al_gated_run(void *ctx, unsigned cpu, struct pmu_gated_run *g)
{
	struct asm_like *al = ctx;
	g->tsc_on = al->tsc += 1000;
	g->on_st = al->fault_cpus >> cpu & 1 ? PMU_ERR_FAULT_GP : pmu_wrmsr(&al->model, cpu, g->msr, g->on);
	if (g->on_st)
		return;
	g->result = pmu_run_kernel(&al->model, cpu, g->desc, g->kernel, g->arg);
	g->off_st = pmu_wrmsr(&al->model, cpu, g->msr, g->off);
	g->tsc_off = al->tsc += 10;
}

static const struct pmu_backend_ops asm_like_ops = {
	.rdmsr = al_rdmsr, .wrmsr = al_wrmsr, .rdpmc = al_rdpmc, .cpuid = al_cpuid,
	.gated_run = al_gated_run,
};

/* A faulted enable on one CPU opens no window: it adds nothing to the stop skew. */
static void test_faulted_enable_not_in_skew(void **state)
{
	(void)state;
	struct asm_like al = { .fault_cpus = 1u << 1 };
	struct pmu_backend real = { .ops = &asm_like_ops, .ctx = &al, .name = "asm-like" };
	struct model *m = test_model("nehalem-ep", 3, 1, &al.model);
	struct outcome o = start_cfg("", 3, 1, 1, &real);
	struct fake_platform *f = o.f;
	finish(&o);
	/*
	 * Round 0: CPU 0 opens at 1000 and closes at 1010, CPU 1 faults at 2010,
	 * CPU 2 opens at 3010 and closes at 3020; round 1 (CPU 1 out): 4020-4030
	 * and 5030-5040. Counting CPU 1's missing close as 0 made round 0's stop
	 * skew 3020.
	 */
	assert_int_equal(o.v, VERDICT_FAIL);
	assert_int_equal(fake_count(f->log, "\"rec\":\"skew\""), 2);
	assert_int_equal(fake_count(f->log, "\"cpus\":2,\"start_skew_ticks\":2010,\"stop_skew_ticks\":2010"), 1);
	assert_int_equal(fake_count(f->log, "\"cpus\":2,\"start_skew_ticks\":1010,\"stop_skew_ticks\":1010"), 1);
	done(&o);
	free(m);
}

/* Runs cfg on 2 CPUs with the model's noise set to `noise` at `rates`. */
static struct outcome run_with_noise(const char *cfg, unsigned noise, const struct model_noise_rates *rates)
{
	struct outcome o = start_cfg(cfg, 2, 1, 1, NULL);
	assert_int_equal(o.v, VERDICT_PASS);
	model_set_noise(assembled_model(o.r), noise, rates);
	finish(&o);
	return o;
}

/*
 * Runs cfg with the model's SMIs every `period` cycles from cycle `first` (handler 50 instructions,
 * 100 cycles).
 */
static struct outcome run_with_smis(const char *cfg, uint64_t first, uint64_t period)
{
	const struct model_noise_rates rates = { .smi_first = first, .smi_period = period,
						 .smi_insts = 50, .smi_cycles = 100 };
	return run_with_noise(cfg, MODEL_NOISE_SMI, &rates);
}

/* SMIs in every attempt on a CPU that cannot freeze the counters in SMM: DISTURBED, never FAIL. */
static void test_smis_every_window_disturb(void **state)
{
	(void)state;
	struct outcome o = run_with_smis("backend = sim\nsim-profile = nehalem-ep\n", 100, 500);
	assert_int_equal(o.v, VERDICT_DISTURBED);
	assert_verdict_record(o.f, "DISTURBED");
	/*
	 * the kernel's window on each CPU (the empty kernel's runs no cycle for an SMI to land in)
	 */
	assert_int_equal(fake_count(o.f->log, "\"attempts\":5,"), 2);
	assert_int_equal(fake_count(o.f->log, "\"disturbed\":\"SMIs seen in every attempt\""), 2);
	assert_int_equal(fake_count(o.f->log, "\"result\":\"DISTURBED\""), 2);
	assert_int_equal(fake_count(o.f->log, "\"result\":\"FAIL\""), 0);
	done(&o);
}

/* The same SMIs where PERF_CAPABILITIES[12] lets the window freeze the counters: exact, PASS. */
static void test_smis_frozen_out(void **state)
{
	(void)state;
	struct outcome o = run_with_smis("backend = sim\nsim-profile = sandy-bridge-ep\n", 100, 500);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->log, "\"smm_frozen\":true"), 4);
	assert_int_equal(fake_count(o.f->log, "\"disturbed\""), 0);
	done(&o);
}

/* An SMI now and then: the window that met it is taken again, and the counts are exact. */
static void test_occasional_smi_retried(void **state)
{
	(void)state;
	struct outcome o = run_with_smis("backend = sim\nsim-profile = nehalem-ep\n", 5000, 40000);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_true(fake_count(o.f->log, "\"attempts\":2,") >= 1);
	assert_int_equal(fake_count(o.f->log, "\"disturbed\""), 0);
	/* instructions and branches on each of 2 CPUs */
	assert_int_equal(fake_count(o.f->log, "\"result\":\"PASS\""), 4);
	done(&o);
}

/* Writes to msr that reached the model from cpu. */
static unsigned writes_to(const struct model *m, unsigned cpu, uint32_t msr)
{
	unsigned n = 0;
	for (unsigned i = 0; i < m->log_len[cpu]; i++)
		n += m->log[cpu][i].op == MOP_WRMSR && m->log[cpu][i].msr == msr;
	return n;
}

/*
 * Two cores of two threads each, the same offcore events on every CPU: OFFCORE_RSP_0
 * (and _1) are shared by a core's threads, so only the lower thread of each core
 * programs them (each window: program, restore) and every core ends with
 * firmware's values (the model's running firmware leaves RSP_0 = 0x11, RSP_1 = 0).
 */
static void offcore_siblings(const char *profile, const char *events, uint32_t last_msr)
{
	char cfg[256];
	snprintf(cfg, sizeof(cfg), "backend = sim\nsim-profile = %s\nevents = instructions,%s\n",
		 profile, events);
	struct outcome o = start_cfg(cfg, 4, 1, 2, NULL);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(rd_on(&o.r->backend, 1, MSR_OFFCORE_RSP_0), 0x11);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	for (unsigned c = 0; c < 4; c++) {
		for (uint32_t msr = MSR_OFFCORE_RSP_0; msr <= last_msr; msr++) {
			uint64_t fw = msr == MSR_OFFCORE_RSP_0 ? 0x11 : 0;
			assert_int_equal(rd_on(&o.r->backend, c, msr), fw);
			/* owners: 2 windows x (program + restore); their siblings: none */
			assert_int_equal(writes_to(assembled_model(o.r), c, msr), c % 2 ? 0 : 4);
		}
	}
	done(&o);
}

static void test_offcore_shared_by_siblings(void **state)
{
	(void)state;
	offcore_siblings("nehalem-ep", "OFFCORE_RESPONSE_0.ANY_DATA.ANY_LLC_MISS",
			 MSR_OFFCORE_RSP_0);
}

/* Westmere: a second offcore value takes OFFCORE_RSP_1, shared the same way. */
static void test_offcore_rsp1_shared_by_siblings(void **state)
{
	(void)state;
	offcore_siblings("westmere-ep", "OFFCORE_RESPONSE.ANY_DATA.ANY_LLC_MISS,"
			 "OFFCORE_RESPONSE.ANY_DATA.LOCAL_DRAM_AND_REMOTE_CACHE_HIT",
			 MSR_OFFCORE_RSP_1);
}

/*
 * A timer tick every 300 cycles on the boot CPU (handler 20 instructions): the
 * selftest's exact checks hold only because every window runs with interrupts
 * off (they failed when the selftest measured with interrupts on).
 */
static void test_selftest_windows_keep_the_timer_out(void **state)
{
	(void)state;
	const struct model_noise_rates rates = { .tick_first = 300, .tick_period = 300,
						 .tick_insts = 20, .tick_cycles = 40 };
	struct outcome o = run_with_noise("backend = sim\nsim-profile = nehalem-ex\nselftest\n",
					  MODEL_NOISE_TIMER, &rates);
	if (o.v != VERDICT_PASS)
		fail_msg("%s", o.f->console);
	assert_true(assembled_model(o.r)->cpu_noise[0].ticks > 0);   /* the ticks came, between windows */
	done(&o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_default_job_every_profile),
		cmocka_unit_test(test_selftest_every_profile),
		cmocka_unit_test(test_selftest_catches_broken_model),
		cmocka_unit_test(test_topdown_slots_and_metrics),
		cmocka_unit_test(test_hybrid_grouped_by_core_type),
		cmocka_unit_test(test_hybrid_events_by_core_type),
		cmocka_unit_test(test_hybrid_bare_name_one_list),
		cmocka_unit_test(test_hybrid_bare_name_every_profile),
		cmocka_unit_test(test_hybrid_bare_name_two_encodings),
		cmocka_unit_test(test_hybrid_counters_per_core_type),
		cmocka_unit_test(test_hybrid_low_power_e_cores),
		cmocka_unit_test(test_hybrid_low_power_own_list),
		cmocka_unit_test(test_hybrid_dry_run),
		cmocka_unit_test(test_hybrid_name_no_list_has),
		cmocka_unit_test(test_bad_event_writes_nothing),
		cmocka_unit_test(test_unknown_profile_refused_before_anything),
		cmocka_unit_test(test_no_assembly_refuses_sim_and_hooks),
		cmocka_unit_test(test_unregistered_job_refused),
		cmocka_unit_test(test_stalled_cpu_fails_the_run),
		cmocka_unit_test(test_timed_out_cpu_restored_when_it_answers),
		cmocka_unit_test(test_timed_out_cpu_restore_read_back),
		cmocka_unit_test(test_timed_out_cpu_left_programmed_is_named),
		cmocka_unit_test(test_lost_log_fails),
		cmocka_unit_test(test_dry_run_writes_nothing),
		cmocka_unit_test(test_rounds_and_repeats),
		cmocka_unit_test(test_core_and_uncore_repeat_by_repeat),
		cmocka_unit_test(test_log_sync_groups_repeats),
		cmocka_unit_test(test_log_sync_flushes_trouble),
		cmocka_unit_test(test_uncore_two_packages),
		cmocka_unit_test(test_snbep_filters_in_a_run),
		cmocka_unit_test(test_uncore_rounds_and_repeats),
		cmocka_unit_test(test_uncore_rounds_one_repeat),
		cmocka_unit_test(test_uncore_uclk_width),
		cmocka_unit_test(test_list_and_decode),
		cmocka_unit_test(test_faulted_enable_not_in_skew),
		cmocka_unit_test(test_cpus_that_do_not_exist),
		cmocka_unit_test(test_selftest_windows_keep_the_timer_out),
		cmocka_unit_test(test_offcore_shared_by_siblings),
		cmocka_unit_test(test_offcore_rsp1_shared_by_siblings),
		cmocka_unit_test(test_smis_every_window_disturb),
		cmocka_unit_test(test_smis_frozen_out),
		cmocka_unit_test(test_occasional_smi_retried),
		cmocka_unit_test(test_branches_cycles_checks_instructions_and_branches),
		cmocka_unit_test(test_nothing_checked_is_no_check),
		cmocka_unit_test(test_cpus_without_the_boot_cpu),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
