/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Waivers in a whole run (lib/run/waive_run.c): a model whose general-purpose counters
 * miscount (sim-break = gp-overcount) fails its branch checks; an erratum Intel's list
 * names for that event, or the lab's waiver file, turns each into WAIVED with its
 * reference on the console, in the check record and in the verdict, and a waiver that
 * matched nothing is named.
 */
#include "run_harness.h"

/* The run of cfg with the lab's waiver file lab.txt holding text (NULL: no file). */
static struct outcome run_with_file(const char *cfg, const char *text)
{
	struct outcome o = outcome_new(2, 1, 2);
	o.f->file_name = text ? "lab.txt" : NULL;
	o.f->file_text = text;
	init_cfg(&o, cfg, NULL);
	finish(&o);
	return o;
}

#define SNB_BROKEN "backend = sim\nsim-profile = sandy-bridge-ep\nkernels = inst\n" \
	"sim-break = gp-overcount\n"

/* Without a waiver the defect fails both CPUs' branch checks: FAIL. */
static void test_unwaived_fails(void **state)
{
	(void)state;
	struct outcome o = run_with_file(SNB_BROKEN, NULL);
	assert_int_equal(o.v, VERDICT_FAIL);
	assert_int_equal(fake_count(o.f->log, "\"result\":\"FAIL\""), 2);
	assert_int_equal(fake_count(o.f->log, "WAIVED"), 0);
	done(&o);
}

static void test_lab_waiver(void **state)
{
	(void)state;
	struct outcome o = run_with_file(SNB_BROKEN "waivers = lab.txt\n",
					 "# our board\n"
					 "signature=06-2d check=branches ref=LAB-7 rev A0 board\n"
					 "event=UNC_U_CLOCKTICKS ref=LAB-8 never needed\n");
	if (o.v != VERDICT_PASS)
		fail_msg("verdict %s\n%s", verdict_name(o.v), o.f->console);
	/* each branch check WAIVED with its reference, never PASS or FAIL */
	assert_int_equal(fake_count(o.f->log, "\"check\":\"kernel branches retired\""), 2);
	assert_int_equal(fake_count(o.f->log, "\"result\":\"WAIVED\",\"waived_by\":\"LAB-7 rev A0 "
					      "board\",\"waiver\":\"LAB-7 rev A0 board (lab.txt:2)\""), 2);
	assert_int_equal(fake_count(o.f->log, "\"result\":\"FAIL\""), 0);
	for (unsigned c = 0; c < 2; c++) {
		char want[160];
		snprintf(want, sizeof(want), "[SIM] CPU %u inst: 1,003 branches, 1,001 expected, "
			 "overhead 0: WAIVED: LAB-7 rev A0 board (lab.txt:2)\n", c);
		assert_int_equal(fake_count(o.f->console, want), 1);
	}
	/* the waivers logged, for a replay to waive as the run did */
	assert_int_equal(fake_count(o.f->console, "[SIM] waivers: 2 from lab.txt, beside 112 known "
						  "errata (Intel's event lists)\n"), 1);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"waiver\",\"schema\":2,\"simulated\":true,"
					      "\"file\":\"lab.txt\",\"line\":2,\"waiver\":\"signature="
					      "06-2d check=branches ref=LAB-7 rev A0 board\""), 1);
	/* the one that matched nothing, named */
	assert_int_equal(fake_count(o.f->console, "[SIM] waiver lab.txt:3 matched no check: LAB-8 "
						  "never needed\n"), 1);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"waiver_unmatched\",\"schema\":2,"
					      "\"simulated\":true,\"file\":\"lab.txt\",\"line\":3,"
					      "\"ref\":\"LAB-8 never needed\""), 1);
	/* the verdict: PASS, the waived checks counted and their reference named */
	assert_int_equal(fake_count(o.f->console, "; 2 WAIVED: LAB-7 rev A0 board\n"), 1);
	assert_int_equal(fake_count(o.f->log, "\"waived\":2,\"waived_by\":[\"LAB-7 rev A0 board\"]"), 1);
	done(&o);
}

/*
 * Skylake-SP: Intel's list names SKL091 for BR_INST_RETIRED.ALL_BRANCHES, so the same
 * defect's branch checks end WAIVED without a file; instructions, on FIXED_CTR0, pass.
 */
static void test_erratum_built_in(void **state)
{
	(void)state;
	struct outcome o = run_with_file("backend = sim\nsim-profile = skylake-sp\nkernels = inst\n"
					 "sim-break = gp-overcount\n", NULL);
	if (o.v != VERDICT_PASS)
		fail_msg("verdict %s\n%s", verdict_name(o.v), o.f->console);
	assert_int_equal(fake_count(o.f->log, "\"result\":\"WAIVED\",\"waived_by\":\"SKL091\","
					      "\"waiver\":\"SKL091 (Intel erratum named by event list "
					      "skylakex_core, title UNCONFIRMED)\""), 2);
	assert_int_equal(fake_count(o.f->log, "\"check\":\"kernel instructions retired\""), 2);
	/* and the package's box clock agreements: its iMC channels, its CHAs, UCLK and CHA */
	assert_int_equal(fake_count(o.f->log, "\"result\":\"PASS\""), 5);
	assert_int_equal(fake_count(o.f->console, "; 2 WAIVED: SKL091\n"), 1);
	assert_int_equal(fake_count(o.f->console, "matched no check"), 0);
	done(&o);
}

/*
 * An iMC channel whose clock runs at twice the others' fails its package's box clock
 * agreement; a lab waiver of box clocks on Sandy Bridge-EP makes both packages' WAIVED.
 */
static void test_box_clocks_waived(void **state)
{
	(void)state;
	struct outcome o = outcome_new(4, 2, 1);
	o.f->file_name = "lab.txt";
	o.f->file_text = "signature=06-2d check=box-clocks ref=LAB-9 DIMM slot 3\n";
	init_cfg(&o, "backend = sim\nsim-profile = sandy-bridge-ep\nsim-noise = none\n"
		 "sim-firmware = clean\nwaivers = lab.txt\n", NULL);
	assert_int_equal(o.v, VERDICT_PASS);
	assembled_model(o.r)->imc_clock_double = 1u << 3;
	finish(&o);
	if (o.v != VERDICT_PASS)
		fail_msg("verdict %s\n%s", verdict_name(o.v), o.f->console);
	assert_int_equal(fake_count(o.f->console, " ticks, NOT within 2%: WAIVED: LAB-9 DIMM slot 3 "
						  "(lab.txt:1)\n"), 2);
	assert_int_equal(fake_count(o.f->log, "\"clocks\":\"imc\""), 2);
	assert_int_equal(fake_count(o.f->log, "\"result\":\"WAIVED\",\"waived_by\":\"LAB-9 DIMM slot "
					      "3\",\"waiver\":\"LAB-9 DIMM slot 3 (lab.txt:1)\""), 2);
	assert_int_equal(fake_count(o.f->log, "\"result\":\"FAIL\""), 0);
	assert_int_equal(fake_count(o.f->console, "; 2 WAIVED: LAB-9 DIMM slot 3\n"), 1);
	done(&o);
}

/* A bad waiver file: one line naming FILE:LINE, the run refused before anything ran. */
static void test_bad_file_refused(void **state)
{
	(void)state;
	struct outcome o = outcome_new(2, 1, 2);
	o.f->file_name = "lab.txt";
	o.f->file_text = "check=branches ref=ok\ncheck=branch ref=typo\n";
	init_cfg(&o, SNB_BROKEN "waivers = lab.txt\n", NULL);
	assert_int_equal(o.v, VERDICT_ERROR);
	assert_int_equal(fake_count(o.f->console, "\n"), 2);   /* the model's defect, then why */
	assert_int_equal(fake_count(o.f->console, "[SIM] efipmu: lab.txt:2: check 'branch' is not one "
				    "a waiver can name (instructions, branches, loads, stores, "
				    "bounded, box-clocks)\n"), 1);
	assert_int_equal(o.f->log_records, 0);
	done(&o);
	o = outcome_new(2, 1, 2);
	init_cfg(&o, SNB_BROKEN "waivers = none.txt\n", NULL);
	assert_int_equal(o.v, VERDICT_ERROR);
	assert_int_equal(fake_count(o.f->console, "[SIM] efipmu: efipmu.cfg:5: waivers 'none.txt': "
				    "cannot be read from the volume's root (or is larger than "
				    "8 KiB)\n"), 1);
	assert_int_equal(o.f->log_records, 0);
	done(&o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unwaived_fails),
		cmocka_unit_test(test_lab_waiver),
		cmocka_unit_test(test_erratum_built_in),
		cmocka_unit_test(test_box_clocks_waived),
		cmocka_unit_test(test_bad_file_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
