/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Whole runs of AMD's uncore on the reference model (issue 25 item 4): the L3 of every CCX,
 * the Data Fabric and the UMCs of every socket counted by one leader each, their counts the
 * memory traffic of the kernel as the model replays it, every register put back; the
 * hostile cases: a Data Fabric counter firmware left counting, a UMC outside the active mask.
 */
#include "run_harness.h"
#include "model/sim_kernels.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* What the uncore kernel executes at the model's iterations (sim_kernels.c). */
static struct sim_counts uncore_kernel(void)
{
	struct sim_counts c;
	assert_true(sim_kernel_counts(sim_kernel_code_find("uncore"), MODEL_KERNEL_ITERATIONS, &c));
	assert_true(c.loads > 0 && c.nt_stores > 0);
	return c;
}

/* The delta of the count record of box and event at (package, ccx or -1); fails if absent. */
static uint64_t delta_of(const char *log, unsigned pkg, int ccx, const char *box, const char *ev)
{
	char key[160];
	if (ccx >= 0)
		snprintf(key, sizeof(key), "\"package\":%u,\"ccx\":%d,\"box\":\"%s\",\"event\":\"%s\"",
			 pkg, ccx, box, ev);
	else
		snprintf(key, sizeof(key), "\"package\":%u,\"box\":\"%s\",\"event\":\"%s\"", pkg, box,
			 ev);
	const char *at = strstr(log, key);
	if (!at)
		fail_msg("no count record %s", key);
	const char *d = strstr(at, "\"delta\":");
	assert_non_null(d);
	return strtoull(d + 8, NULL, 10);
}

/* Every AMD uncore register, read on each CPU, as a fresh model of the profile has it. */
static void assert_uncore_as_found(struct run *r, const char *profile, unsigned ncpus,
				   unsigned npkgs)
{
	static const uint32_t banks[][2] = {
		{ 0xC0010230, 12 }, { 0xC0010240, 32 }, { 0xC0010800, 96 },
	};
	struct pmu_backend fresh;
	struct model *m = test_model(profile, ncpus, npkgs, &fresh);
	unsigned checked = 0;
	for (unsigned c = 0; c < ncpus; c++)
		for (unsigned b = 0; b < NELEM(banks); b++)
			for (uint32_t msr = banks[b][0]; msr < banks[b][0] + banks[b][1]; msr++) {
				uint64_t now = 0, then = 0;
				pmu_status st = pmu_rdmsr(&r->backend, c, msr, &now);
				assert_int_equal(st, pmu_rdmsr(&fresh, c, msr, &then));
				/* firmware's DF counter 3 keeps counting through the run */
				bool running = msr == 0xC0010247;
				if (running ? now < then : now != then)
					fail_msg("%s CPU %u MSR %#x: %#llx after the run, %#llx found",
						 profile, c, msr, (unsigned long long)now,
						 (unsigned long long)then);
				checked += !st;
			}
	assert_true(checked > 0);
	free(m);
}

/*
 * Zen 4 (Genoa's CPUID: 8 threads share an L3, UMC 3 the one active memory controller),
 * 32 CPUs in 2 sockets: 4 CCXs, each L3 counted by its first CPU; DF and UMC once a socket.
 * Socket 1's APIC IDs start at 64 (ApicIdSize 6): its CCXs are 8 and 9 (the IDs above bit 3).
 */
static void test_zen4_per_ccx_and_socket(void **state)
{
	(void)state;
	struct sim_counts k = uncore_kernel();
	struct outcome o = run_cfg("backend = sim\nsim-profile = zen4\nkernels = uncore\n", 32, 2);
	if (o.v != VERDICT_PASS)
		fail_msg("%s\n%s", verdict_name(o.v), o.f->console);
	const char *log = o.f->log;
	for (int x = 0; x < 4; x++)
		assert_int_equal(delta_of(log, (unsigned)x / 2, x % 2 + x / 2 * 8, "amd_l3",
					  "l3_lookup_state.all"), k.loads);
	assert_int_equal(fake_count(log, "\"box\":\"amd_l3\",\"event\""), 4);
	for (unsigned p = 0; p < 2; p++) {
		assert_int_equal(delta_of(log, p, -1, "amd_df", "read_data_beats_dram_0"), k.loads);
		assert_int_equal(delta_of(log, p, -1, "amd_umc_3", "umc_cas_cmd.rd"), k.loads);
		assert_int_equal(delta_of(log, p, -1, "amd_umc_3", "umc_cas_cmd.wr"), k.nt_stores);
		assert_true(delta_of(log, p, -1, "amd_umc_3", "umc_mem_clk") >= k.instructions);
	}
	assert_int_equal(fake_count(log, "\"box\":\"amd_df\",\"event\""), 2);
	/* the leaders: CPUs 0, 8 (socket 0), 16, 24 (socket 1), as the console's rows say */
	assert_int_equal(fake_count(o.f->console, "P0.X0 l3_lookup_state.all"), 1);
	assert_int_equal(fake_count(o.f->console, "P1.X9 l3_lookup_state.all"), 1);
	assert_int_equal(fake_count(log, "\"cpu\":8,\"apic_id\":8,\"package\":0,\"ccx\":1,"
				    "\"box\":\"amd_l3\""), 1);
	assert_int_equal(fake_count(log, "\"cpu\":16,\"apic_id\":64,\"package\":1,"
				    "\"box\":\"amd_df\""), 1);
	assert_int_equal(fake_count(log, "\"cpu\":8,\"apic_id\":8,\"package\":0,"
				    "\"box\":\"amd_df\""), 0);
	/* all slices, cores and threads (19h: EnAllSlices, EnAllCores, ThreadMask 3) */
	assert_int_equal(fake_count(log, "\"ctl_value\":\"0x300c0000040ff04\""), 4);
	assert_uncore_as_found(o.r, "zen4", 32, 2);
	done(&o);
}

/*
 * Zen 5 (issue 36 item 5), each profile its dump's DF and UMC counts: every active UMC of
 * each socket counted once by its first CCX, the kernel's reads on the first UMC, every
 * register (the UMC counters written with their controls enabled) put back as found.
 * Strix Point's upper half of CPUs is Zen 5c by CPUID 0x80000026, logged as such.
 */
static void test_zen5_umcs_per_socket(void **state)
{
	(void)state;
	struct sim_counts k = uncore_kernel();
	static const struct { const char *profile; unsigned pkgs, umcs; } z[] = {
		{ "granite-ridge", 1, 2 }, { "strix-point", 1, 4 }, { "turin-dense", 2, 12 },
	};
	for (unsigned i = 0; i < NELEM(z); i++) {
		char cfg[96];
		snprintf(cfg, sizeof(cfg), "backend = sim\nsim-profile = %s\nkernels = uncore\n",
			 z[i].profile);
		struct outcome o = run_cfg(cfg, 4, z[i].pkgs);
		if (o.v != VERDICT_PASS)
			fail_msg("%s: %s\n%s", z[i].profile, verdict_name(o.v), o.f->console);
		for (unsigned p = 0; p < z[i].pkgs; p++) {
			assert_int_equal(delta_of(o.f->log, p, -1, "amd_umc_0", "umc_cas_cmd.rd"),
					 k.loads);
			char umc[16];
			snprintf(umc, sizeof(umc), "amd_umc_%u", z[i].umcs - 1);
			assert_int_equal(delta_of(o.f->log, p, -1, umc, "umc_cas_cmd.rd"), 0);
			assert_true(delta_of(o.f->log, p, -1, umc, "umc_mem_clk") >= k.instructions);
		}
		assert_int_equal(fake_count(o.f->log, "\"event\":\"umc_mem_clk\""),
				 z[i].pkgs * z[i].umcs);
		assert_int_equal(fake_count(o.f->log, "\"amd_core_type\":\"efficiency\""),
				 i == 1 ? 2 : 0);
		assert_int_equal(fake_count(o.f->console, "efficiency cores (CPUID 0x80000026 "
					    "CoreType 1): CPUs 2,3; PMC 0-5\n"), i == 1);
		assert_int_equal(fake_count(o.f->console, "performance cores (CPUID 0x80000026 "
					    "CoreType 0): CPUs 0,1; PMC 0-5\n"), i == 1);
		assert_uncore_as_found(o.r, z[i].profile, 4, z[i].pkgs);
		done(&o);
	}
}

/*
 * What CPUID claims against what answers: Genoa 9124's CPUID claims 4 UMC counters on UMC 3
 * alone; a part whose UMC controls answer past them (the model's umc_unclaimed, its MSR map
 * lifted) has the claim and the first MSR past it named, and only the claimed 4 counted.
 * The same part answering exactly as claimed says nothing.
 */
static void test_umc_past_the_claim_named(void **state)
{
	(void)state;
	static const char line[] = "CPUID 0x80000022 claims 4 UMC counters (EBX[21:16]) for 1 "
				   "active UMCs (ECX 0x8), but MSR 0xc0010808 past them answers: "
				   "only the claimed are counted";
	for (unsigned extra = 0; extra <= 44; extra += 44) {
		struct outcome o = start_cfg("backend = sim\nsim-profile = zen4\nkernels = uncore\n",
					     2, 1, 1, NULL);
		static struct model_profile lifted;
		lifted = *assembled_model(o.r)->p;
		lifted.msrs = NULL;
		assembled_model(o.r)->p = &lifted;
		assembled_model(o.r)->umc_unclaimed = (uint8_t)extra;
		finish(&o);
		if (o.v != VERDICT_PASS)
			fail_msg("%s\n%s", verdict_name(o.v), o.f->console);
		assert_int_equal(fake_count(o.f->console, line), extra ? 1 : 0);
		assert_int_equal(fake_count(o.f->log, "\"box\":\"amd_umc_3\",\"event\":"
					    "\"umc_mem_clk\""), 1);
		done(&o);
	}
}

/*
 * Zen 2 (17h: SliceMask and ThreadMask all ones unless asked) and Zen 3 (19h L3, the legacy
 * Data Fabric of 4 counters, DRAM channel 0's beats of reads and writes). Socket 1's APIC IDs
 * start at 128 (ApicIdSize 7): its CCX is 128 >> 3 on Rome (6 threads an L3, 8 IDs), >> 4 on
 * Milan (16).
 */
static void test_zen2_zen3_layouts(void **state)
{
	(void)state;
	struct sim_counts k = uncore_kernel();
	static const struct { const char *profile, *l3_ctl; int ccx1; } z[] = {
		{ "zen2", "\"ctl_value\":\"0xff0f00000040ff04\"", 16 },
		{ "zen3", "\"ctl_value\":\"0x300c0000040ff04\"", 8 },
	};
	for (unsigned i = 0; i < NELEM(z); i++) {
		char cfg[96];
		snprintf(cfg, sizeof(cfg), "backend = sim\nsim-profile = %s\nkernels = uncore\n",
			 z[i].profile);
		struct outcome o = run_cfg(cfg, 4, 2);
		if (o.v != VERDICT_PASS)
			fail_msg("%s: %s\n%s", z[i].profile, verdict_name(o.v), o.f->console);
		assert_int_equal(fake_count(o.f->log, z[i].l3_ctl), 2);
		for (unsigned p = 0; p < 2; p++) {
			assert_int_equal(delta_of(o.f->log, p, p ? z[i].ccx1 : 0, "amd_l3",
						  "l3_lookup_state.all"), k.loads);
			assert_int_equal(delta_of(o.f->log, p, -1, "amd_df",
						  "dram_channel_data_controller_0"),
					 k.loads + k.nt_stores);
		}
		assert_int_equal(fake_count(o.f->log, "\"ctl_value\":\"0x403807\""), 2);
		assert_int_equal(fake_count(o.f->log, "amd_umc"), 0);
		assert_uncore_as_found(o.r, z[i].profile, 4, 2);
		done(&o);
	}
}

/* Repeats: min, median and max per CCX for the L3 (stats records and rows with the CCX). */
static void test_repeats_per_ccx(void **state)
{
	(void)state;
	struct sim_counts k = uncore_kernel();
	char row[192];
	struct outcome o = run_cfg("backend = sim\nsim-profile = zen4\nkernels = uncore\nrepeats = 3\n",
				   16, 1);
	if (o.v != VERDICT_PASS)
		fail_msg("%s\n%s", verdict_name(o.v), o.f->console);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"stats\""), 16 * 4 + 2 + 3 + 1);
	assert_int_equal(fake_count(o.f->log, "\"package\":0,\"ccx\":1,\"box\":\"amd_l3\","
				    "\"event\":\"l3_lookup_state.all\",\"kernel\":\"uncore\",\"repeats\":3"),
			 1);
	snprintf(row, sizeof(row), "\"ccx\":1,\"box\":\"amd_l3\",\"event\":\"l3_lookup_state.all\","
		 "\"kernel\":\"uncore\",\"repeats\":3,\"min\":%llu,\"median\":%llu,\"max\":%llu",
		 (unsigned long long)k.loads, (unsigned long long)k.loads, (unsigned long long)k.loads);
	assert_int_equal(fake_count(o.f->log, row), 1);
	assert_int_equal(fake_count(o.f->console, "P0.X1 l3_lookup_state.all "), 1);
	done(&o);
}

/* A slice and thread asked for: the word as given, the slice's share of the lookups. */
static void test_l3_selection_as_asked(void **state)
{
	(void)state;
	struct sim_counts k = uncore_kernel();
	/* lines spread over 8 slices (sim_workload.c): slice s gets loads/8, +1 below loads%8 */
	uint64_t slice2 = k.loads / 8 + (2 < k.loads % 8);
	uint64_t slices04 = 2 * (k.loads / 8) + (0 < k.loads % 8) + (4 < k.loads % 8);
	struct outcome o = run_cfg("backend = sim\nsim-profile = zen4\nkernels = uncore\n"
				   "events = amd_l3/event=0x04,umask=0xff,threadmask=1,sliceid=2/\n",
				   4, 1);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->log, "\"ctl_value\":\"0x10200000040ff04\""), 1);
	assert_int_equal(delta_of(o.f->log, 0, 0, "amd_l3",
				  "amd_l3/event=0x04,umask=0xff,threadmask=1,sliceid=2/"), slice2);
	done(&o);
	/* family 17h: SliceMask 1 is slice 0 of four, which gets lines 0 and 4 of each eight */
	o = run_cfg("backend = sim\nsim-profile = zen2\nkernels = uncore\n"
		    "events = amd_l3/event=0x04,umask=0xff,slicemask=1/\n", 4, 1);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->log, "\"ctl_value\":\"0xff0100000040ff04\""), 1);
	assert_int_equal(delta_of(o.f->log, 0, 0, "amd_l3",
				  "amd_l3/event=0x04,umask=0xff,slicemask=1/"), slices04);
	done(&o);
}

/*
 * Hostile: firmware left Data Fabric counter 3 counting (the profiles' running image).
 * Four DF events need it: refused by name and nothing written to it; with --force it is
 * taken and put back, still counting.
 */
static void test_df_counter_left_by_firmware(void **state)
{
	(void)state;
	const char *four = "backend = sim\nsim-profile = zen3\nkernels = uncore\n"
			   "events = amd_df/event=0x07,umask=0x38/\nevents = amd_df/event=0x47,umask=0x38/\n"
			   "events = amd_df/event=0x87,umask=0x38/\nevents = amd_df/event=0xc7,umask=0x38/\n";
	struct outcome o = run_cfg(four, 4, 1);
	assert_int_equal(o.v, VERDICT_FAIL);
	assert_int_equal(fake_count(o.f->console, "package 0 (CPU 0): not counted: "), 1);
	assert_int_equal(fake_count(o.f->console, "(firmware's counters, left alone; --force "
				    "takes them)"), 1);
	for (unsigned i = 0; i < assembled_model(o.r)->log_len[0]; i++)
		if (assembled_model(o.r)->log[0][i].op == MOP_WRMSR)
			assert_true(assembled_model(o.r)->log[0][i].msr < 0xC0010246 ||
				    assembled_model(o.r)->log[0][i].msr > 0xC0010247);
	assert_uncore_as_found(o.r, "zen3", 4, 1);
	done(&o);

	char forced[512];
	snprintf(forced, sizeof(forced), "%sforce\n", four);
	o = run_cfg(forced, 4, 1);
	if (o.v != VERDICT_PASS)
		fail_msg("%s\n%s", verdict_name(o.v), o.f->console);
	assert_int_equal(fake_count(o.f->log, "\"box\":\"amd_df\",\"event\""), 4);
	assert_uncore_as_found(o.r, "zen3", 4, 1);
	done(&o);
}

/* Hostile: a UMC the active mask leaves out (Genoa's CPUID: 0x8, only UMC 3) is refused. */
static void test_umc_outside_active_mask(void **state)
{
	(void)state;
	struct outcome o = run_cfg("backend = sim\nsim-profile = zen4\n"
				   "events = amd_umc_0/event=0x0a/\n", 4, 1);
	assert_int_equal(o.v, VERDICT_ERROR);
	assert_int_equal(fake_count(o.f->console, "unknown PMU 'amd_umc_0' for this CPU: not an "
				    "active memory controller (CPUID 0x80000022 ECX, active UMCs: "
				    "0x8)"), 1);
	assert_int_equal(model_total_writes(assembled_model(o.r)), 0);
	done(&o);
}

/* --selftest: the L3 of every CCX from its own first CPU; the DF and UMC once a package. */
static void test_selftest_every_ccx(void **state)
{
	(void)state;
	struct outcome o = run_cfg("backend = sim\nsim-profile = zen4\nselftest\n", 16, 1);
	if (o.v != VERDICT_PASS)
		fail_msg("%s\n%s", verdict_name(o.v), o.f->console);
	assert_int_equal(fake_count(o.f->console, "pkg 0   msr amd_l3          PASS"), 1);
	assert_int_equal(fake_count(o.f->console, "pkg 0.X1 msr amd_l3         PASS"), 1);
	assert_int_equal(fake_count(o.f->console, "pkg 0.X1 restore            PASS"), 1);
	assert_int_equal(fake_count(o.f->console, "amd_df "), 2);   /* msr and width, once */
	assert_int_equal(fake_count(o.f->log, "\"package\":0,\"ccx\":1,\"suite\":\"selftest\""), 3);
	/* CPU 8 wrote its own CCX's L3 only */
	for (unsigned i = 0; i < assembled_model(o.r)->log_len[8]; i++)
		if (assembled_model(o.r)->log[8][i].op == MOP_WRMSR &&
		    assembled_model(o.r)->log[8][i].msr >= 0xC0010240)
			fail_msg("CPU 8 wrote MSR %#x", assembled_model(o.r)->log[8][i].msr);
	done(&o);
}

/* --list names the boxes CPUID made, the L3's per CCX; --decode takes their words. */
static void test_list_and_decode(void **state)
{
	(void)state;
	static const char *const lines[] = {
		"[SIM]   amd_l3: 6 x 48-bit counters, ctl 0xc0010230-0xc001023a",
		"[SIM]     one set per CCX (the CPUs sharing an L3), counted on its first CPU\n",
		"[SIM]   amd_df: 16 x 48-bit counters, ctl 0xc0010240-0xc001025e",
		"[SIM]   amd_umc_3: 4 x 48-bit counters, ctl 0xc0010800-0xc0010806",
	};
	struct outcome o = run_cfg("backend = sim\nsim-profile = zen4\nlist\n", 2, 1);
	for (unsigned i = 0; i < NELEM(lines); i++)
		if (fake_count(o.f->console, lines[i]) != 1)
			fail_msg("no '%s' in\n%s", lines[i], o.f->console);
	assert_int_equal(fake_count(o.f->console, "amd_umc_0"), 0);
	assert_int_equal(model_total_writes(assembled_model(o.r)), 0);
	done(&o);
	o = run_cfg("backend = sim\nsim-profile = zen2\ndecode = amd_l3 0xff0f00000040ff04\n", 1, 1);
	assert_int_equal(fake_count(o.f->console, "  slicemask=0xf "), 1);
	assert_int_equal(fake_count(o.f->console, " bits 51:48\n"), 1);
	assert_int_equal(fake_count(o.f->console, "  threadmask=0xff "), 1);
	assert_int_equal(fake_count(o.f->console, " bits 63:56\n"), 1);
	done(&o);
	o = run_cfg("backend = sim\nsim-profile = zen4\ndecode = amd_umc_3 0x8000020a\n", 1, 1);
	assert_int_equal(fake_count(o.f->console, "  rdwrmask=0x2 "), 1);
	assert_int_equal(fake_count(o.f->console, " bits 9:8\n"), 1);
	assert_int_equal(fake_count(o.f->console, " bit 31\n"), 1);
	done(&o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_zen4_per_ccx_and_socket),
		cmocka_unit_test(test_zen2_zen3_layouts),
		cmocka_unit_test(test_zen5_umcs_per_socket),
		cmocka_unit_test(test_umc_past_the_claim_named),
		cmocka_unit_test(test_repeats_per_ccx),
		cmocka_unit_test(test_l3_selection_as_asked),
		cmocka_unit_test(test_df_counter_left_by_firmware),
		cmocka_unit_test(test_umc_outside_active_mask),
		cmocka_unit_test(test_list_and_decode),
		cmocka_unit_test(test_selftest_every_ccx),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
