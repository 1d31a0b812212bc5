/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Machines at real size (issue 33 item 2): the default job on the model of a two-socket
 * Sapphire Rapids (2 x 56 cores x 2 threads, the Xeon Platinum 8480+'s shape) and of a
 * two-socket Genoa (2 x 96 cores x 2 threads, the EPYC 9654's) ends with a true verdict,
 * every CPU checked; the model's own limits are refused, not overrun.
 */
#include "run_harness.h"

/*
 * The default job on ncpus CPUs in 2 packages, 2 threads a core: PASS, 2 checks a CPU;
 * counted: every package's (or CCX's) uncore, or not.
 */
static void default_job(const char *profile, unsigned ncpus, bool counted)
{
	char cfg[96];
	snprintf(cfg, sizeof(cfg), "backend = sim\nsim-profile = %s\n", profile);
	struct outcome o = start_cfg(cfg, ncpus, 2, 2, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"cpu\""), ncpus);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"check\""), 2 * ncpus);
	assert_int_equal(fake_count(o.f->log, "\"result\":\"PASS\""), 2 * ncpus);
	assert_int_equal(fake_count(o.f->console, "is not counted") == 0, counted);
	done(&o);
}

static void test_sapphire_rapids_224(void **state)
{
	(void)state;
	default_job("sapphire-rapids", 224, true);
}

/*
 * Genoa: the zen4 profile's CPUID is the EPYC 9124's, whose L3 8 threads share (CPUID
 * 0x8000001D): 48 CCXs, past the 32 whose amd_l3 the job counts (TOPO_MAX_DOMAINS), said.
 */
static void test_genoa_384(void **state)
{
	(void)state;
	default_job("zen4", 384, false);
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
	assert_int_equal(model_poke(model_file_for(o.r->model, 5, 0x188), 0x188, 0x4000c0),
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
	assert_int_equal(fake_count(o.f->console, "[SIM] 223 223  1   "), 1);   /* its table row */
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
	for (unsigned i = 0; i < 384; i++)
		assert_int_equal(model_place_core(m, i, (i % 192) / 2), PMU_OK);
	for (unsigned i = 0; i < 384; i++) {
		assert_int_equal(m->core_lead[i], i & ~1u);
		assert_int_equal(model_ccx_slot(m, i), i & ~7u);   /* 8 threads an L3 */
	}
	/* a CPU moved to the other package leaves its core and CCX, and the next leads them */
	assert_int_equal(model_place_cpu(m, 16, 1), PMU_OK);
	assert_int_equal(m->core_lead[17], 17);
	assert_int_equal(model_ccx_slot(m, 23), 17);
	assert_int_equal(model_ccx_slot(m, 16), 16);
	assert_int_equal(model_place_cpu(m, 16, 0), PMU_OK);
	assert_int_equal(m->core_lead[17], 16);
	assert_int_equal(model_ccx_slot(m, 23), 16);
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sapphire_rapids_224),
		cmocka_unit_test(test_genoa_384),
		cmocka_unit_test(test_genoa_768_console),
		cmocka_unit_test(test_outliers_said_apart),
		cmocka_unit_test(test_verbose_says_each),
		cmocka_unit_test(test_model_limits),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
