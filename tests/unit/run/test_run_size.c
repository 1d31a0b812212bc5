/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Machines at real size (issue 33 item 2): the default job on the model of a two-socket
 * Sapphire Rapids (2 x 56 cores x 2 threads, the Xeon Platinum 8480+'s shape), of a
 * two-socket Genoa (2 x 96 cores x 2 threads, the EPYC 9654's) and of Turin's 768 CPUs ends
 * with a true verdict, every CPU checked, every socket's and CCX's uncore counted; the
 * model's own limits are refused, not overrun.
 */
#include "out/derived.h"
#include "run_harness.h"

/*
 * The default job on ncpus CPUs in 2 packages, 2 threads a core: PASS, 2 checks a CPU, every
 * package's uncore counted and each of the l3s CCXs' L3 (AMD) once. The run, to end with done.
 */
static struct outcome default_job(const char *profile, unsigned ncpus, unsigned l3s)
{
	char cfg[96];
	snprintf(cfg, sizeof(cfg), "backend = sim\nsim-profile = %s\n", profile);
	struct outcome o = start_cfg(cfg, ncpus, 2, 2, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"cpu\""), ncpus);
	/* two a CPU, and on Sapphire Rapids each package's CHA clocks against each other */
	unsigned clocks = fake_count(o.f->log, "\"check\":\"box clocks of one domain agree\"");
	assert_int_equal(clocks, strcmp(profile, "sapphire-rapids") ? 0 : 2);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"check\""), 2 * ncpus + clocks);
	assert_int_equal(fake_count(o.f->log, "\"result\":\"PASS\""), 2 * ncpus + clocks);
	assert_int_equal(fake_count(o.f->console, "is not counted"), 0);
	assert_int_equal(fake_count(o.f->log, "\"box\":\"amd_l3\",\"event\""), l3s);
	/* each by its own leader, l3s / 2 in each package */
	unsigned seen[2] = { 0 }, last = 0;
	for (const char *r = o.f->log; (r = strstr(r, "{\"rec\":\"count\"")); r++) {
		unsigned cpu, pkg, ccx;
		char box[16];
		if (sscanf(r, "{\"rec\":\"count\",\"schema\":2,\"simulated\":true,\"cpu\":%u,"
			   "\"apic_id\":%*u,\"package\":%u,\"ccx\":%u,\"box\":\"%15[a-z0-9_]",
			   &cpu, &pkg, &ccx, box) != 4 || strcmp(box, "amd_l3"))
			continue;
		assert_true(pkg < 2 && (!seen[0] || cpu > last));
		last = cpu;
		seen[pkg]++;
	}
	assert_int_equal(seen[0], l3s / 2);
	assert_int_equal(seen[1], l3s / 2);
	return o;
}

/*
 * Sapphire Rapids (issue 33): each socket's 56 CHAs (one a core) counted by its leader (CPU
 * 0, CPU 112), each once, their clocks checked against each other; its 8 iMC channels
 * counted; and every CHA's MSRs and every channel's registers of both sockets read as on a
 * fresh model after the run (clean firmware: the model's reset values).
 */
static void test_sapphire_rapids_224(void **state)
{
	(void)state;
	struct outcome o = default_job("sapphire-rapids", 224, 0);
	const char *log = o.f->log;
	char key[160];
	assert_int_equal(fake_count(log, "\"cpu\":0,\"apic_id\":0,\"package\":0,\"box\":"
				    "\"uncore_imc_"), 16);
	assert_int_equal(fake_count(log, "\"cpu\":112,\"apic_id\":128,\"package\":1,"
				    "\"box\":\"uncore_imc_"), 16);
	for (unsigned p = 0; p < 2; p++)
		for (unsigned c = 0; c < 56; c++) {
			snprintf(key, sizeof(key), "\"cpu\":%u,\"apic_id\":%u,\"package\":%u,"
				 "\"box\":\"uncore_cha_%u\",\"event\":\"UNC_CHA_CLOCKTICKS\"",
				 112 * p, 128 * p, p, c);
			if (fake_count(log, key) != 1)
				fail_msg("package %u: CHA %u counted %u times, not once", p, c,
					 fake_count(log, key));
		}
	assert_int_equal(fake_count(log, "\"box\":\"uncore_cha_56\""), 0);
	assert_int_equal(fake_count(o.f->console, "P0 clocks of cha: "), 1);
	assert_int_equal(fake_count(o.f->console, "P1 clocks of cha: "), 1);
	assert_int_equal(fake_count(log, "\"rec\":\"error\""), 0);   /* each record whole */
	/* the table's per-CHA counts, equal on the model, said once with their number */
	assert_int_equal(fake_count(o.f->console, " x56\n"), 2);
	assert_int_equal(fake_count(o.f->console, "    each: 1 0 x55\n"), 2);

	struct pmu_backend fresh;
	struct model *m = test_model("sapphire-rapids", 224, 2, &fresh);
	test_model_threads(m, 2);
	unsigned chas = 0, channels = 0;
	for (unsigned p = 0; p < 2; p++) {
		/* CHA n's 16 MSRs from 0x2000 + 0x10 n (Linux uncore_snbep.c SPR_C0_MSR_PMON_*) */
		for (unsigned c = 0; c < 56; c++)
			chas += as_fresh(&o, &fresh, 112 * p, 0x2000 + 0x10 * c, 16, false);
		/* channel ch: its controller's base + 0x22800 + 0x4000 (ch % 2), as test_run_spr */
		for (unsigned ch = 0; ch < 8; ch++)
			channels += as_fresh(&o, &fresh, 112 * p,
					     0xC0000000ull + 0x1000000ull * p + 0x100000ull * (ch / 2) +
					     0x22800 + 0x4000ull * (ch % 2), 0x60, true);
	}
	/* a CHA: box control, 4 controls, 4 counters (the others #GP on both); a channel: 24 words */
	assert_int_equal(chas, 2 * 56 * 9);
	assert_int_equal(channels, 2 * 8 * 24);
	free(m);
	done(&o);
}

/*
 * Genoa: the zen4 profile's CPUID is the EPYC 9124's, whose L3 8 threads share (CPUID
 * 0x8000001D): 48 CCXs, each counted.
 */
static void test_genoa_384(void **state)
{
	(void)state;
	struct outcome o = default_job("zen4", 384, 48);
	done(&o);
}

/*
 * Turin's shape on zen4's CPUID (no Zen 5 profile): 2 x 192 cores x 2 threads, 96 CCXs of the
 * 9124's 8 threads; the package field widened to 9 bits (socket 1 from APIC ID 512). Each
 * CCX's L3 counted, each socket's DF and UMC by its first CPU, every uncore register read
 * back as found.
 */
static void test_turin_768(void **state)
{
	(void)state;
	struct outcome o = default_job("zen4", 768, 96);
	const char *log = o.f->log;
	assert_int_equal(fake_count(log, "\"box\":\"amd_df\",\"event\""), 2);
	assert_int_equal(fake_count(log, "\"cpu\":0,\"apic_id\":0,\"package\":0,\"box\":\"amd_df\""),
			 1);
	assert_int_equal(fake_count(log, "\"cpu\":384,\"apic_id\":512,\"package\":1,"
				    "\"box\":\"amd_df\""), 1);
	assert_int_equal(fake_count(log, "\"box\":\"amd_umc_3\",\"event\":\"umc_cas_cmd.rd\""), 2);
	/* one ownership record a domain; and what it took is put back */
	assert_int_equal(fake_count(log, "\"rec\":\"ownership\",\"schema\":2,\"simulated\":true,"
				    "\"box\":\"uncore\""), 96);
	struct pmu_backend fresh;
	struct model *m = test_model("zen4", 768, 2, &fresh);
	test_model_threads(m, 2);
	unsigned checked = 0;
	for (unsigned c = 0; c < 768; c += 8)
		for (uint32_t msr = 0xC0010230; msr < 0xC0010260; msr++) {   /* L3, then DF */
			uint64_t now = 0, then = 0;
			pmu_status st = pmu_rdmsr(&fresh, c, msr, &then);
			assert_int_equal(pmu_rdmsr(&o.r->backend, c, msr, &now), st);
			assert_int_equal(now, then);
			checked += !st;
		}
	assert_int_equal(checked, 96 * (12 + 32));   /* 6 L3 and 16 DF counter pairs */
	free(m);
	done(&o);
}

/* The lines of text in a console. */
static unsigned console_lines(const struct outcome *o)
{
	return fake_count(o->f->console, "\n");
}

/*
 * The console at real size (issue 33 items 4 and 5): 768 CPUs in 2 packages say at most 150
 * lines, every CPU's lines collapsed into one per package; the log keeps each CPU's records.
 */
static void test_genoa_768_console(void **state)
{
	(void)state;
	struct outcome o = start_cfg("backend = sim\nsim-profile = zen4\n", 768, 2, 2, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_true(console_lines(&o) <= 150);
	assert_int_equal(fake_count(o.f->console, "768 CPUs: lines that agree are shown once per "
					      "package and core type; verbose shows each"), 1);
	assert_int_equal(fake_count(o.f->console, "[SIM] 0-383 (P0)            19-11-1 ?"), 1);
	assert_int_equal(fake_count(o.f->console, "CPUs 384-767 (P1) inst: 10,018 instructions, "
					      "10,018 expected, overhead 2: PASS"), 1);
	assert_int_equal(fake_count(o.f->console, "[SIM] 384-767 (P1) branches "), 1);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"check\""), 2 * 768);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"derived\""), 768);
	done(&o);
}

/*
 * Outliers at real size are said apart, as ranges: CPU 5, whose firmware left another
 * counter enabled, CPUs 7 and 9, which missed a round, and CPU 200, which never answered;
 * every other CPU of package 0 is in its package's lines.
 */
static void test_outliers_said_apart(void **state)
{
	(void)state;
	struct outcome o = start_cfg("backend = sim\nsim-profile = sapphire-rapids\n", 224, 2, 2,
				     NULL);
	o.f->stall_late = 1u << 7 | 1u << 9;
	o.f->stall_round = 1;
	o.f->stall_cpus = 1ull << 63;
	/* IA32_PERFEVTSEL2 enabled (bit 22), as firmware might leave it */
	assert_int_equal(model_poke(model_file_for(assembled_model(o.r), 5, 0x188), 0x188, 0x4000c0),
			 PMU_OK);
	finish(&o);
	const char *c = o.f->console;
	assert_int_equal(o.v, VERDICT_FAIL);
	assert_int_equal(fake_count(c, "CPU 63 (P0) did not run the job: no result"), 1);
	assert_int_equal(fake_count(c, "CPU 5 (P0): firmware left counters enabled "
				       "(general-purpose mask 0x4, fixed mask 0x2)"), 1);
	assert_int_equal(fake_count(c, "CPUs 0-4,6-62,64-111 (P0): firmware left counters enabled "
				       "(general-purpose mask 0x0, fixed mask 0x2)"), 1);
	assert_int_equal(fake_count(c, "Rounds: CPUs 7,9 (P0) missed the barrier in round 1"), 1);
	assert_int_equal(fake_count(c, "CPUs 7,9 (P0): not measured: "), 1);
	assert_int_equal(fake_count(c, "CPUs 7,9 (P0) timed out before it programmed any"), 1);
	assert_int_equal(fake_count(c, "CPUs 0-6,8,10-62,64-111 (P0) inst: 10,018 instructions"),
			 1);
	assert_int_equal(fake_count(c, "CPUs 112-223 (P1) inst: 10,018 instructions"), 1);
	assert_true(console_lines(&o) <= 150);
	done(&o);
}

/*
 * Counts that differ from CPU to CPU, as a real machine's cycles and IPC do: the CPUs of a
 * package that agree in all else are one line with the counts' range; an overflowed count is
 * said apart; the boxes of a type are one line naming their registers' kind, a box programmed
 * otherwise is said apart with its register. Said through the run's own lines after the default job (collapsing: 224 CPUs).
 */
static void test_counts_that_differ_said_as_ranges(void **state)
{
	(void)state;
	struct outcome o = start_cfg("backend = sim\nsim-profile = sapphire-rapids\n", 224, 2, 2,
				     NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	struct run *a = o.r;
	size_t from = strlen(o.f->console);
	for (unsigned cpu = 0; cpu < 224; cpu++) {
		run_cpu_here(a, cpu, 4);
		run_count_row(a, "", "cycles", "pmc1", NULL, NULL, 0x187, 0x43003c,
			      10000 + cpu % 7 + (cpu >= 112) * 100, cpu == 5);
	}
	for (unsigned cpu = 0; cpu < 224; cpu++) {
		struct derived_set set = { 0 };
		set.m[DM_IPC] = (struct derived_metric){ "IPC", "", true, 998 + cpu % 5 };
		set.m[DM_CPI] = (struct derived_metric){ "CPI", "", true, 1000 };
		run_derived(a, "inst", "CPU", cpu, &set);
	}
	for (unsigned box = 0; box < 8; box++) {
		const struct row_unit u = { 1, "cha_", box, ".0" };
		run_count_row(a, "P1", "UNC_CHA_CLOCKTICKS", NULL, &u, NULL, 0x2002 + 0x10 * box,
			      0x400001, 2000 + box, false);
	}
	const struct row_unit alone = { 1, "cha_", 9, ".0" };
	run_count_row(a, "P1", "UNC_CHA_CLOCKTICKS", NULL, &alone, NULL, 0x2092, 0x400101, 7, false);
	collapse_flush(a);
	const char *c = o.f->console + from;
	assert_int_equal(fake_count(c, "\n"), 7);
	assert_int_equal(fake_count(c, "[SIM] 0-4,6-111 (P0) cycles         pmc1      0x187=0x43003c  "
				       "10,000..10,006\n"), 1);
	assert_int_equal(fake_count(c, "[SIM] 5 (P0) cycles                 pmc1      0x187=0x43003c  "
				       "10,005 (overflowed)\n"), 1);
	assert_int_equal(fake_count(c, "[SIM] 112-223 (P1) cycles           pmc1      0x187=0x43003c  "
				       "10,100..10,106\n"), 1);
	assert_int_equal(fake_count(c, "[SIM] CPUs 0-111 (P0): IPC 0.998..1.002; CPI 1.000\n"), 1);
	assert_int_equal(fake_count(c, "[SIM] CPUs 112-223 (P1): IPC 0.998..1.002; CPI 1.000\n"), 1);
	assert_int_equal(fake_count(c, "[SIM] P1  UNC_CHA_CLOCKTICKS        cha_0-7.0 msr=0x400001    "
				       "2,000..2,007\n"), 1);
	assert_int_equal(fake_count(c, "[SIM] P1  UNC_CHA_CLOCKTICKS        cha_9.0   0x2092=0x400101 "
				       "7\n"), 1);
	done(&o);
}

/* verbose: every CPU's line, as a small run says it. */
static void test_verbose_says_each(void **state)
{
	(void)state;
	struct outcome o = start_cfg("backend = sim\nsim-profile = sapphire-rapids\nverbose\n",
				     224, 2, 2, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "lines that agree"), 0);
	assert_int_equal(fake_count(o.f->console, " inst: 10,018 instructions, 10,018 expected"),
			 224);
	assert_int_equal(fake_count(o.f->console, "CPU 223 inst: 1,001 branches"), 1);
	assert_int_equal(fake_count(o.f->console, ": IPC 1.000; CPI 1.000"), 224);
	/* its table row: package 1 from APIC ID 128 (the model's leaf 0BH shifts), core 55 */
	assert_int_equal(fake_count(o.f->console, "[SIM] 223 239  1   55   1 "), 1);
	done(&o);
}

/* The model's limits and its block: refused, never overrun. */
static void test_model_limits(void **state)
{
	(void)state;
	const struct model_profile *p = model_profile_find("zen4");
	struct model *m = calloc(1, model_bytes(384));
	assert_non_null(m);
	assert_int_equal(model_init(m, model_bytes(384), p, MODEL_MAX_CPUS + 1, 1), PMU_ERR_INVALID);
	assert_int_equal(model_init(m, model_bytes(384), p, 384, MODEL_MAX_PKGS + 1),
			 PMU_ERR_INVALID);
	assert_int_equal(model_init(m, model_bytes(384) - 1, p, 384, 2), PMU_ERR_NOSPACE);
	assert_int_equal(model_init(m, model_bytes(384), p, 384, 2), PMU_OK);
	/* two threads a core, placed as firmware numbers them: each core's file is its first CPU's */
	test_model_threads(m, 2);
	for (unsigned i = 0; i < 384; i++) {
		assert_int_equal(m->core_lead[i], i & ~1u);
		assert_int_equal(model_ccx_slot(m, i), i & ~7u);   /* 8 threads an L3 */
	}
	/*
	 * a CPU moved to a core of its own in the other package leaves its core and CCX, and the
	 * next leads them; a third thread in a core widens the SMT field: CCXs of 2 cores
	 */
	assert_int_equal(model_place_cpu(m, 16, 1), PMU_OK);
	assert_int_equal(model_place_core(m, 16, 100), PMU_OK);
	assert_int_equal(m->core_lead[17], 17);
	assert_int_equal(model_ccx_slot(m, 23), 17);
	assert_int_equal(model_ccx_slot(m, 16), 16);
	assert_int_equal(model_place_cpu(m, 16, 0), PMU_OK);
	assert_int_equal(model_place_core(m, 16, 8), PMU_OK);
	assert_int_equal(m->core_lead[17], 16);
	assert_int_equal(model_ccx_slot(m, 23), 16);
	assert_int_equal(model_apic_id(m, 17), 17);
	assert_int_equal(model_apic_id(m, 192 + 17), 1u << 8 | 17);   /* 96 cores: 8 bits */
	assert_int_equal(model_place_core(m, 18, 8), PMU_OK);
	assert_int_equal(model_apic_id(m, 18), 8 << 2 | 2);
	assert_int_equal(model_ccx_slot(m, 19), 16);
	assert_int_equal(model_ccx_slot(m, 20), 20);
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sapphire_rapids_224),
		cmocka_unit_test(test_genoa_384),
		cmocka_unit_test(test_genoa_768_console),
		cmocka_unit_test(test_outliers_said_apart),
		cmocka_unit_test(test_counts_that_differ_said_as_ranges),
		cmocka_unit_test(test_verbose_says_each),
		cmocka_unit_test(test_turin_768),
		cmocka_unit_test(test_model_limits),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
