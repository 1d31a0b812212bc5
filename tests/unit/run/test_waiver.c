/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Waivers (lib/run/waiver.c): the lab's file parsed strictly (a bad line named by its
 * number, nothing kept), and a failing check matched against Intel's errata first, then
 * the lab's waivers.
 */
#include "testutil.h"
#include "hw/errata.h"
#include "run/waiver.h"

static pmu_status parse(const char *text, struct waiver_set *set, char *err)
{
	return waiver_parse(text, strlen(text), set, err, 160);
}

static void test_parse_good(void **state)
{
	(void)state;
	static struct waiver_set set;
	char err[160] = "";
	const char *text = "# lab waivers\n\n"
			   "signature=06-55-4 microcode-below=0x2006a08 check=instructions "
			   "event=INST_RETIRED.ANY_P ref=LAB-17 board A2 miscounts  \r\n"
			   "  event=branches ref=B-1\n";
	assert_int_equal(parse(text, &set, err), PMU_OK);
	assert_int_equal(set.n, 2);
	const struct waiver *w = &set.w[0];
	assert_int_equal(w->line, 3);
	assert_true(w->has_sig && w->has_stepping);
	assert_int_equal(w->family, 6);
	assert_int_equal(w->model, 0x55);
	assert_int_equal(w->stepping, 4);
	assert_int_equal(w->microcode_below, 0x2006a08);
	assert_int_equal(w->kind, CHECK_INSTRUCTIONS);
	assert_string_equal(w->event, "INST_RETIRED.ANY_P");
	assert_string_equal(w->ref, "LAB-17 board A2 miscounts");
	assert_int_equal(set.w[1].line, 4);
	assert_false(set.w[1].has_sig);
	assert_int_equal(set.w[1].kind, -1);
	/* written back, it reads the same */
	char line[WAIVER_LINE_MAX];
	struct strbuf sb;
	sb_init(&sb, line, sizeof(line));
	waiver_format(w, &sb);
	assert_string_equal(line, "signature=06-55-4 microcode-below=0x2006a08 check=instructions "
			    "event=INST_RETIRED.ANY_P ref=LAB-17 board A2 miscounts");
	static struct waiver_set again;
	assert_int_equal(parse(line, &again, err), PMU_OK);
	assert_int_equal(again.n, 1);
	assert_int_equal(again.w[0].microcode_below, w->microcode_below);
}

/* Every bad line: one message naming its line, and nothing kept. */
static void test_parse_bad(void **state)
{
	(void)state;
	static const struct {
		const char *text, *err;
	} bad[] = {
		{ "check=instructions\n", "1: no ref= (the reference a waived check shows)" },
		{ "ref=only\n", "1: names no check= or event=: it would waive every failure" },
		{ "# ok\ncheck=loads colour=red ref=x\n",
		  "2: unknown key 'colour' (signature, microcode-below, check, event, ref)" },
		{ "check=loads check=stores ref=x", "1: 'check' given twice" },
		{ "check=cycles ref=x", "1: check 'cycles' is not one a waiver can name (instructions, "
		  "branches, loads, stores, bounded, box-clocks)" },
		{ "signature=6 check=loads ref=x", "1: signature '6' is not FF-MM or FF-MM-S (hex)" },
		{ "signature=06-55-10 check=loads ref=x",
		  "1: signature '06-55-10' is not FF-MM or FF-MM-S (hex)" },
		{ "signature=06-5g check=loads ref=x", "1: signature '06-5g' is not FF-MM or FF-MM-S (hex)" },
		{ "microcode-below=0 check=loads ref=x",
		  "1: microcode-below '0' is not a revision 1 to 0xffffffff" },
		{ "check=loads ref=   ", "1: ref is empty or longer than 79 characters" },
		{ "check loads ref=x", "1: 'check' is not KEY=VALUE" },
		{ "check=loads ref=caf\xc3\xa9", "1: a byte that is not printable ASCII" },
		{ "event= ref=x", "1: event '' is empty or longer than 63 characters" },
	};
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		static struct waiver_set set;
		char err[160] = "";
		set.n = 7;
		assert_int_equal(parse(bad[i].text, &set, err), PMU_ERR_INVALID);
		assert_string_equal(err, bad[i].err);
		assert_int_equal(set.n, 0);
	}
	/* the 33rd waiver */
	static char many[33 * 24 + 1];
	for (unsigned i = 0; i < 33; i++)
		strcat(many, "check=loads ref=x\n");
	static struct waiver_set set;
	char err[160] = "";
	assert_int_equal(parse(many, &set, err), PMU_ERR_INVALID);
	assert_string_equal(err, "33: more than 32 waivers");
}

/* Skylake-SP stepping 4, a general-purpose counter programmed with INST_RETIRED.ANY_P. */
static struct waiver_subject skx_any_p(void)
{
	return (struct waiver_subject){ .family = 6, .model = 0x55, .stepping = 4,
					.microcode = 0x2006a00, .intel = true,
					.kind = CHECK_INSTRUCTIONS, .event = "instructions", .gp = true,
					.config = 0x5300c0 };
}

/* Intel's list flags INST_RETIRED.ANY_P on Skylake-SP with SKL044 and SKL091: the first explains it. */
static void test_erratum_matches(void **state)
{
	(void)state;
	struct waiver_hit hit;
	struct waiver_subject s = skx_any_p();
	assert_true(waiver_match(NULL, &s, &hit));
	assert_string_equal(hit.ref, "SKL044");
	assert_string_equal(hit.list, "skylakex_core");
	assert_null(hit.lab);
	char text[WAIVER_LINE_MAX];
	struct strbuf sb;
	sb_init(&sb, text, sizeof(text));
	waiver_describe(&hit, "", &sb);
	assert_string_equal(text, "SKL044 (Intel erratum named by event list skylakex_core, "
			    "title UNCONFIRMED)");
	/* Cascade Lake (stepping 7) has its own list, naming the same errata */
	s.stepping = 7;
	assert_true(waiver_match(NULL, &s, &hit));
	assert_string_equal(hit.list, "cascadelakex_core");
	/* not on the fixed counter, another event, another model, another vendor */
	s = skx_any_p();
	s.gp = false;
	assert_false(waiver_match(NULL, &s, &hit));
	s = skx_any_p();
	s.config = 0x53003c;
	assert_false(waiver_match(NULL, &s, &hit));
	s = skx_any_p();
	s.config |= 1u << 23;   /* INV: another event */
	assert_false(waiver_match(NULL, &s, &hit));
	s = skx_any_p();
	s.model = 0x6a;
	assert_false(waiver_match(NULL, &s, &hit));
	s = skx_any_p();
	s.intel = false;
	assert_false(waiver_match(NULL, &s, &hit));
	/* Meteor Lake's branches: on its E-cores (Crestmont) only */
	s = (struct waiver_subject){ .family = 6, .model = 0xaa, .stepping = 4, .intel = true,
				     .core_type = 0x20, .native_model = 2, .kind = CHECK_BRANCHES,
				     .gp = true, .config = 0x5300c4 };
	assert_true(waiver_match(NULL, &s, &hit));
	assert_string_equal(hit.ref, "MTL012");
	s.core_type = 0x40;
	assert_false(waiver_match(NULL, &s, &hit));
	/* every row is one of the lists' errata, on family 6, on an event with a code */
	assert_true(errata_count > 100);
	for (unsigned i = 0; i < errata_count; i++) {
		assert_int_equal(errata[i].family, 6);
		assert_true(errata[i].code != 0);
		assert_true(errata[i].steppings != 0);
	}
}

static void test_lab_matches(void **state)
{
	(void)state;
	static struct waiver_set set;
	char err[160] = "";
	assert_int_equal(parse("signature=06-2d microcode-below=0x700 check=branches ref=L-1\n"
			       "event=MY_EVENT ref=L-2\n", &set, err), PMU_OK);
	struct waiver_hit hit;
	struct waiver_subject s = { .family = 6, .model = 0x2d, .stepping = 7, .microcode = 0x6ff,
				    .intel = true, .kind = CHECK_BRANCHES, .event = "branches",
				    .gp = true, .config = 0x5300c4 };
	assert_true(waiver_match(&set, &s, &hit));
	assert_string_equal(hit.ref, "L-1");
	assert_ptr_equal(hit.lab, &set.w[0]);
	assert_int_equal(set.w[0].matched, 1);
	char text[WAIVER_LINE_MAX];
	struct strbuf sb;
	sb_init(&sb, text, sizeof(text));
	waiver_describe(&hit, "lab.txt", &sb);
	assert_string_equal(text, "L-1 (lab.txt:1)");
	s.microcode = 0x700;   /* fixed from 0x700 on */
	assert_false(waiver_match(&set, &s, &hit));
	s.microcode = 0x6ff;
	s.kind = CHECK_INSTRUCTIONS;
	assert_false(waiver_match(&set, &s, &hit));
	s.kind = CHECK_BRANCHES;
	s.model = 0x2e;
	assert_false(waiver_match(&set, &s, &hit));
	s.event = "MY_EVENT";
	assert_true(waiver_match(&set, &s, &hit));
	assert_string_equal(hit.ref, "L-2");
	assert_int_equal(set.w[1].matched, 1);
	assert_int_equal(set.w[0].matched, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_good),
		cmocka_unit_test(test_parse_bad),
		cmocka_unit_test(test_erratum_matches),
		cmocka_unit_test(test_lab_matches),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
