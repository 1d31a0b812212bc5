/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The published box-to-cluster rule (lib/hw/snc_boxes.c): Granite Rapids' rows as Linux perf
 * gives them (tools/perf/arch/x86/util/pmu.c, commit 0ffca606e902): its commit message's
 * 2-socket SNC-3 machine of 120 CHAs a socket has uncore_cha_60 in the 2nd cluster; CHAs
 * split evenly and in order; iMCs by snc2_map and snc3_map; more than 3 clusters, or another
 * part, not mapped; each cluster's boxes as the run writes them.
 */
#include "testutil.h"
#include "hw/snc_boxes.h"

static void test_granite_rapids_only(void **state)
{
	(void)state;
	assert_non_null(snc_box_rule_for(6, 0xAD));
	assert_non_null(snc_box_rule_for(6, 0xAE));
	assert_ptr_equal(snc_box_rule_for(6, 0xAD), snc_box_rule_for(6, 0xAE));
	assert_null(snc_box_rule_for(6, 0x8F));    /* Sapphire Rapids: no published rule */
	assert_null(snc_box_rule_for(6, 0xCF));
	assert_null(snc_box_rule_for(0x19, 0xAD)); /* the model number of another family */
}

static void test_chas_in_order(void **state)
{
	(void)state;
	const struct snc_box_rule *r = snc_box_rule_for(6, 0xAD);
	assert_int_equal(snc_cha_cluster(r, 60, 120, 3), 1);
	assert_int_equal(snc_cha_cluster(r, 0, 120, 3), 0);
	assert_int_equal(snc_cha_cluster(r, 39, 120, 3), 0);
	assert_int_equal(snc_cha_cluster(r, 40, 120, 3), 1);
	assert_int_equal(snc_cha_cluster(r, 119, 120, 3), 2);
	assert_int_equal(snc_cha_cluster(r, 43, 86, 2), 1);
	/* 128 CHAs in 3: 42 a cluster, the last two past the third (Linux: an SNC 3 of none) */
	assert_int_equal(snc_cha_cluster(r, 125, 128, 3), 2);
	assert_int_equal(snc_cha_cluster(r, 126, 128, 3), -1);
	/* one cluster, fewer CHAs than clusters, no rule: nothing placed */
	assert_int_equal(snc_cha_cluster(r, 0, 120, 1), -1);
	assert_int_equal(snc_cha_cluster(r, 0, 2, 3), -1);
	assert_int_equal(snc_cha_cluster(NULL, 0, 120, 3), -1);
}

static void test_imc_tables(void **state)
{
	(void)state;
	const struct snc_box_rule *r = snc_box_rule_for(6, 0xAE);
	static const int snc2[] = { 1, 1, 0, 0, 1, 1, 0, 0 };
	static const int snc3[] = { 1, 1, 0, 0, 2, 2, 1, 1, 0, 0, 2, 2 };
	for (unsigned i = 0; i < 8; i++)
		assert_int_equal(snc_imc_cluster(r, i, 2), snc2[i]);
	for (unsigned i = 0; i < 12; i++)
		assert_int_equal(snc_imc_cluster(r, i, 3), snc3[i]);
	assert_int_equal(snc_imc_cluster(r, 8, 2), -1);
	assert_int_equal(snc_imc_cluster(r, 12, 3), -1);
	assert_int_equal(snc_imc_cluster(r, 0, 4), -1);   /* "no lookup support for SNC with >3 nodes" */
	assert_int_equal(snc_imc_cluster(r, 0, 1), -1);
	assert_int_equal(snc_imc_cluster(NULL, 0, 2), -1);
}

static void expect_boxes(const struct snc_box_rule *r, bool cha, unsigned nboxes, unsigned c,
			 unsigned n, const char *want)
{
	char buf[128];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	snc_boxes_put(&sb, r, cha, nboxes, c, n);
	assert_string_equal(buf, want);
}

/* Each cluster's boxes as the console line and the snc record give them. */
static void test_box_lists(void **state)
{
	(void)state;
	const struct snc_box_rule *r = snc_box_rule_for(6, 0xAD);
	expect_boxes(r, true, 120, 0, 3, "0-39");
	expect_boxes(r, true, 120, 1, 3, "40-79");
	expect_boxes(r, true, 120, 2, 3, "80-119");
	expect_boxes(r, true, 128, 2, 3, "84-125");
	expect_boxes(r, false, 12, 0, 3, "2-3,8-9");
	expect_boxes(r, false, 12, 1, 3, "0-1,6-7");
	expect_boxes(r, false, 12, 2, 3, "4-5,10-11");
	expect_boxes(r, false, 8, 1, 2, "0-1,4-5");
	expect_boxes(r, false, 12, 0, 4, "none");
	expect_boxes(NULL, true, 120, 0, 3, "none");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_granite_rapids_only),
		cmocka_unit_test(test_chas_in_order),
		cmocka_unit_test(test_imc_tables),
		cmocka_unit_test(test_box_lists),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
