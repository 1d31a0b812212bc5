/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Whole runs on AMD (issue 16): the default job, in-use refusal and force, rounds and
 * repeats, the selftest and its defects on the zen2/zen3/zen4 profiles, and AMD parts
 * whose counters do not answer, under a hypervisor (NO-PMU) and on bare metal (FAIL).
 * No run may touch an Intel MSR: every access of an AMD run is at 0xC0000000 or above.
 */
#include "run_harness.h"

#define AMD_MSRS 0xC0000000u
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

static const char *const zens[] = { "zen2", "zen3", "zen4" };

/* Every MSR access the model saw, reads and faults included, is AMD's. */
static void assert_no_intel_msr(const struct model *m)
{
	for (unsigned c = 0; c < m->ncpus; c++)
		for (unsigned i = 0; i < m->log_len[c]; i++)
			if (m->log[c][i].op != MOP_RDPMC && m->log[c][i].msr < AMD_MSRS)
				fail_msg("CPU %u: %s of MSR %#x", c, m->log[c][i].op == MOP_WRMSR ?
					 "wrmsr" : "rdmsr", m->log[c][i].msr);
}

/* The counter registers as a fresh model has them; firmware's counter 5 still counting. */
static void assert_amd_left_as_found(struct run *r, const char *profile, unsigned ncpus)
{
	static const uint32_t msrs[] = { 0xC0010200, 0xC0010201, 0xC0010202, 0xC0010203,
					 0xC0010204, 0xC0010205, 0xC0010206, 0xC0010207,
					 0xC0010208, 0xC0010209, 0xC001020A, 0xC001020B,
					 0xC0000301, 0xC0010015 };
	struct pmu_backend fresh;
	struct model *m = test_model(profile, ncpus, 1, &fresh);
	for (unsigned c = 0; c < ncpus; c++) {
		for (unsigned i = 0; i < NELEM(msrs); i++) {
			uint64_t now = 0, then = 0;
			pmu_status a = pmu_rdmsr(&r->backend, c, msrs[i], &now);
			assert_int_equal(a, pmu_rdmsr(&fresh, c, msrs[i], &then));
			bool running = msrs[i] == 0xC001020B;
			if (running ? now < then : now != then)
				fail_msg("%s CPU %u MSR %#x: %#llx after the run, %#llx found",
					 profile, c, msrs[i], (unsigned long long)now,
					 (unsigned long long)then);
		}
	}
	free(m);
}

/* The default job on every Zen profile: exact instructions, the gate its PMU has, as found. */
static void test_default_job_on_zen(void **state)
{
	(void)state;
	for (unsigned z = 0; z < NELEM(zens); z++) {
		char cfg[64];
		snprintf(cfg, sizeof(cfg), "backend = sim\nsim-profile = %s\n", zens[z]);
		struct outcome o = run_cfg(cfg, 4, 2);
		bool v2 = !strcmp(zens[z], "zen4");
		if (o.v != VERDICT_PASS)
			fail_msg("%s: %s\n%s", zens[z], verdict_name(o.v), o.f->console);
		assert_int_equal(fake_count(o.f->log, "\"check\":\"kernel instructions retired\""),
				 4);
		/* instructions and branches exact; mispredicts the model cannot know */
		assert_int_equal(fake_count(o.f->log, "\"check\":\"kernel branches retired\""), 4);
		assert_int_equal(fake_count(o.f->log, "\"result\":\"PASS\""), 8);
		assert_int_equal(fake_count(o.f->log, "\"rec\":\"claim_not_checked\""), 0);
		assert_int_equal(fake_count(o.f->log, v2 ? "\"gate\":\"global\",\"gate_writes\":1" :
					    "\"gate\":\"per-counter\",\"gate_writes\":4"), 8);
		assert_int_equal(fake_count(o.f->log, v2 ? "\"core_pmu_kind\":\"amd-perfmon-v2\"" :
					    "\"core_pmu_kind\":\"amd-perfctr-ext\""), 4);
		/* IRPERF as firmware left it (HWCR[30] set), in the cpu and the hand-off records */
		assert_int_equal(fake_count(o.f->log, "\"irperf\":\"0x123456\","
					    "\"irperf_enabled\":true"), 8);
		/* instructions = PMCx0C0 with USR, OS and EN; the default set has no ref-cycles */
		assert_int_equal(fake_count(o.f->log,
					    "\"event\":\"instructions\",\"counter_kind\":\"gp\","
					    "\"counter\":3,\"width\":48,\"ctl\":\"msr 0xc0010206\","
					    "\"ctl_value\":\"0x4300c0\""),
				 4);
		assert_int_equal(fake_count(o.f->log, "\"event\":\"branch-misses\""), 4);
		assert_no_intel_msr(assembled_model(o.r));
		assert_amd_left_as_found(o.r, zens[z], 4);
		done(&o);
	}
}

/* Firmware's counter 5 is left alone (two rounds for six events); force takes it (one round). */
static void test_in_use_and_force_on_zen4(void **state)
{
	(void)state;
	static const char events[] = "events = instructions,cycles,branches,branch-misses,"
				     "cpu/event=0xc0,cmask=1/,cpu/event=0x76,inv,cmask=1/\n";
	for (int force = 0; force < 2; force++) {
		char cfg[256];
		snprintf(cfg, sizeof(cfg), "backend = sim\nsim-profile = zen4\n%s%s", events,
			 force ? "force\n" : "");
		struct outcome o = run_cfg(cfg, 2, 1);
		if (o.v != VERDICT_PASS)
			fail_msg("force %d: %s\n%s", force, verdict_name(o.v), o.f->console);
		assert_int_equal(fake_count(o.f->log, "\"counter\":5,"), force ? 2 : 0);
		assert_int_equal(fake_count(o.f->log, "\"rec\":\"count\""), 12);
		assert_int_equal(fake_count(o.f->console, "firmware left counters enabled "
					    "(general-purpose mask 0x20"), 2);
		assert_no_intel_msr(assembled_model(o.r));
		assert_amd_left_as_found(o.r, "zen4", 2);
		done(&o);
	}
}

/* Rounds and repeats on the per-counter gate: each event's min/median/max over the repeats. */
static void test_rounds_and_repeats_on_zen2(void **state)
{
	(void)state;
	struct outcome o =
		run_cfg("backend = sim\nsim-profile = zen2\nrepeats = 3\nevents = "
			"instructions,cycles,branches,branch-misses,cpu/event=0xc0,cmask=1/,"
			"cpu/event=0x76,inv,cmask=1/\n",
			2, 1);
	if (o.v != VERDICT_PASS)
		fail_msg("%s\n%s", verdict_name(o.v), o.f->console);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"count\""), 2 * 6 * 3);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"stats\""), 2 * 6);
	assert_int_equal(fake_count(o.f->log, "\"check\":\"kernel instructions retired\""), 2 * 3);
	assert_int_equal(fake_count(o.f->log, "\"result\":\"FAIL\""), 0);
	assert_no_intel_msr(assembled_model(o.r));
	assert_amd_left_as_found(o.r, "zen2", 2);
	done(&o);
}

/* The selftest passes on each Zen profile, touching no Intel MSR, and each defect fails it. */
static void test_selftest_on_zen_and_its_defects(void **state)
{
	(void)state;
	static const struct { const char *brk, *check; } defects[] = {
		{ "", NULL },
		{ "ignore-enable", "\"check\":\"enable EN\"" },
		{ "narrow-counters", "\"check\":\"width gp\"" },
	};
	for (unsigned z = 0; z < NELEM(zens); z++) {
		for (unsigned d = 0; d < NELEM(defects); d++) {
			char cfg[128];
			snprintf(cfg, sizeof(cfg),
				 "backend = sim\nsim-profile = %s\nselftest\n%s%s\n", zens[z],
				 d ? "sim-break = " : "", defects[d].brk);
			struct outcome o = run_cfg(cfg, 2, 1);
			enum verdict want = d ? VERDICT_FAIL : VERDICT_PASS;
			if (o.v != want)
				fail_msg("%s %s: %s\n%s", zens[z], defects[d].brk,
					 verdict_name(o.v), o.f->console);
			if (d) {
				char line[96];
				snprintf(line, sizeof(line), "%s,\"result\":\"FAIL\"",
					 defects[d].check);
				assert_true(fake_count(o.f->log, line) >= 1);
			} else {
				assert_int_equal(fake_count(o.f->log, "\"result\":\"FAIL\""), 0);
				assert_int_equal(fake_count(o.f->log, "\"check\":\"kernel inst\","
							    "\"result\":\"PASS\""), 2);
			}
			assert_no_intel_msr(assembled_model(o.r));
			done(&o);
		}
	}
}

/*
 * An AMD CPU whose counters do not answer: CPUID from the zen2 profile, with or without
 * the hypervisor bit; every MSR reads 0 and drops writes (QEMU 7.2 TCG, as measured) or
 * raises #GP (a hypervisor without a virtual PMU). Accesses below 0xC0000000 are counted.
 */
struct dead_amd {
	struct pmu_backend model;
	bool hypervisor, gp;
	unsigned intel;
};

static pmu_status da_rdmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t *v)
{
	struct dead_amd *d = ctx;
	(void)cpu;
	d->intel += msr < AMD_MSRS;
	*v = 0;
	return d->gp ? PMU_ERR_FAULT_GP : PMU_OK;
}

static pmu_status da_wrmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t v)
{
	struct dead_amd *d = ctx;
	(void)cpu;
	(void)v;
	d->intel += msr < AMD_MSRS;
	return d->gp ? PMU_ERR_FAULT_GP : PMU_OK;
}

static pmu_status da_cpuid(void *ctx, unsigned cpu, uint32_t leaf, uint32_t sub,
			   struct pmu_cpuid *o)
{
	struct dead_amd *d = ctx;
	pmu_status st = pmu_cpuid(&d->model, cpu, leaf, sub, o);
	if (leaf == 1 && d->hypervisor)
		o->ecx |= 1u << 31;
	return st;
}

static const struct pmu_backend_ops dead_amd_ops = {
	.rdmsr = da_rdmsr, .wrmsr = da_wrmsr, .cpuid = da_cpuid,
};

static void test_dead_counters_under_hypervisor_and_on_metal(void **state)
{
	(void)state;
	static const struct {
		bool hypervisor, gp;
		enum verdict v;
		const char *line;
	} cases[] = {
		{true, false, VERDICT_NO_PMU,
		 "AMD core PMU: a counter does not hold what is written "
		 "(a hypervisor without a virtual PMU)"},
		{true, true, VERDICT_NO_PMU,
		 "AMD core PMU: its first counter's registers raised #GP"},
		{false, true, VERDICT_FAIL,
		 "AMD family 17h: AMD core PMU: its first counter's "
		 "registers raised #GP"},
		{false, false, VERDICT_FAIL, "CPU 0 inst: 0 instructions, 10,000,018 expected"},
	};
	for (unsigned i = 0; i < NELEM(cases); i++) {
		struct dead_amd d = { .hypervisor = cases[i].hypervisor, .gp = cases[i].gp };
		struct pmu_backend real = { .ops = &dead_amd_ops, .ctx = &d, .name = "dead-amd" };
		struct model *m = test_model("zen2", 2, 1, &d.model);
		struct outcome o = start_cfg("", 2, 1, 1, &real);
		finish(&o);
		if (o.v != cases[i].v || fake_count(o.f->console, cases[i].line) < 1)
			fail_msg("case %u: %s\n%s", i, verdict_name(o.v), o.f->console);
		assert_int_equal(d.intel, 0);
		done(&o);
		free(m);
	}
}

/* Event 0x1C0 (bits 35:32 = 1) is not PMCx0C0: the instruction check takes `instructions`. */
static void test_twelve_bit_event_is_not_instructions(void **state)
{
	(void)state;
	struct outcome o = run_cfg("backend = sim\nsim-profile = zen3\n"
				   "events = cpu/event=0x1c0/,instructions\n", 2, 1);
	if (o.v != VERDICT_PASS)
		fail_msg("%s\n%s", verdict_name(o.v), o.f->console);
	assert_int_equal(fake_count(o.f->log, "\"check\":\"kernel instructions retired\""), 2);
	assert_int_equal(fake_count(o.f->log, "\"ctl_value\":\"0x1004300c0\""), 2);
	done(&o);
}

/* --list names the AMD registers, the gate and the generic events' codes, nothing Intel's. */
static void test_list_on_zen(void **state)
{
	(void)state;
	static const char *const zen2[] = {
		"[SIM] Core PMU: amd-perfctr-ext, version 1\n",
		"[SIM]   GP: 6 x 48-bit counters, PERF_CTL/PERF_CTR pairs 0xc0010200-0xc001020b\n",
		"[SIM]   gate: each counter's EN (one write per counter)\n",
		"[SIM]   full-width counter writes: yes, to the counter itself\n",
		"[SIM]     instructions = event 0xc0\n",
		"[SIM]     branch-misses = event 0xc3\n",
	};
	struct outcome o = run_cfg("backend = sim\nsim-profile = zen2\nlist\n", 1, 1);
	for (unsigned i = 0; i < NELEM(zen2); i++)
		if (fake_count(o.f->console, zen2[i]) != 1)
			fail_msg("no '%s' in\n%s", zen2[i], o.f->console);
	assert_int_equal(fake_count(o.f->console, "PERFEVTSEL"), 0);
	done(&o);
	o = run_cfg("backend = sim\nsim-profile = zen4\nlist\n", 1, 1);
	assert_int_equal(fake_count(o.f->console, "[SIM]   gate: GLOBAL_CTL 0xc0000301 (one write "
				    "opens the window)\n"), 1);
	done(&o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_default_job_on_zen),
		cmocka_unit_test(test_in_use_and_force_on_zen4),
		cmocka_unit_test(test_rounds_and_repeats_on_zen2),
		cmocka_unit_test(test_selftest_on_zen_and_its_defects),
		cmocka_unit_test(test_dead_counters_under_hypervisor_and_on_metal),
		cmocka_unit_test(test_list_on_zen),
		cmocka_unit_test(test_twelve_bit_event_is_not_instructions),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
