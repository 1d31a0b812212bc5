/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "testutil.h"
#include "util/cpuset.h"

static pmu_status parse(const char *s, struct cpuset *set, const char **why)
{
	return cpuset_parse(s, strlen(s), set, why);
}

static void format(const struct cpuset *set, char *buf, size_t cap)
{
	struct strbuf sb;
	sb_init(&sb, buf, cap);
	cpuset_format(set, &sb);
	assert_false(sb.overflow);
}

static void test_list_and_ranges(void **state)
{
	(void)state;
	struct cpuset s;
	assert_int_equal(parse("0,2-5,255", &s, NULL), PMU_OK);
	assert_int_equal(cpuset_count(&s), 6);
	assert_true(cpuset_has(&s, 0));
	assert_false(cpuset_has(&s, 1));
	for (unsigned cpu = 2; cpu <= 5; cpu++)
		assert_true(cpuset_has(&s, cpu));
	assert_false(cpuset_has(&s, 6));
	assert_true(cpuset_has(&s, 255));
	assert_false(cpuset_has(&s, 4096));
	assert_false(cpuset_is_all(&s));
	assert_int_equal(parse("7-7", &s, NULL), PMU_OK);
	assert_int_equal(cpuset_count(&s), 1);
	assert_true(cpuset_has(&s, 7));
	assert_int_equal(parse("007", &s, NULL), PMU_OK);
	assert_true(cpuset_has(&s, 7));
}

static void test_all(void **state)
{
	(void)state;
	struct cpuset s;
	char buf[32];
	assert_int_equal(parse("all", &s, NULL), PMU_OK);
	assert_true(cpuset_is_all(&s));
	assert_int_equal(cpuset_count(&s), CPUSET_MAX);
	assert_true(cpuset_has(&s, 0) && cpuset_has(&s, 4095));
	format(&s, buf, sizeof(buf));
	assert_string_equal(buf, "all");
	assert_int_equal(parse("0-4095", &s, NULL), PMU_OK);
	assert_true(cpuset_is_all(&s));
}

static void test_format_is_canonical(void **state)
{
	(void)state;
	struct cpuset s;
	char buf[64];
	assert_int_equal(parse("5,0-2,3,9,10,200", &s, NULL), PMU_OK);
	format(&s, buf, sizeof(buf));
	assert_string_equal(buf, "0-3,5,9-10,200");
	cpuset_clear(&s);
	format(&s, buf, sizeof(buf));
	assert_string_equal(buf, "none");
	cpuset_add(&s, 4095);
	cpuset_add(&s, 4096);   /* ignored */
	format(&s, buf, sizeof(buf));
	assert_string_equal(buf, "4095");
	assert_int_equal(cpuset_count(&s), 1);
}

/* Formatting then parsing gives the same set, for many pseudo-random sets. */
static void test_round_trip(void **state)
{
	(void)state;
	uint32_t x = 12345;
	for (int round = 0; round < 200; round++) {
		struct cpuset a, b;
		char buf[1024];
		cpuset_clear(&a);
		for (int k = 0; k < round % 40 + 1; k++) {
			x = x * 1103515245u + 12345u;
			cpuset_add(&a, (x >> 8) % CPUSET_MAX);
		}
		format(&a, buf, sizeof(buf));
		assert_int_equal(parse(buf, &b, NULL), PMU_OK);
		assert_memory_equal(&a, &b, sizeof(a));
	}
}

static void test_errors_leave_set_unchanged(void **state)
{
	(void)state;
	static const struct {
		const char *in;
		pmu_status st;
		const char *why;
	} cases[] = {
		{ "3-1", PMU_ERR_INVALID, "reversed range" },
		{ "4096", PMU_ERR_RANGE, "CPU number above 4095" },
		{ "0-4096", PMU_ERR_RANGE, "CPU number above 4095" },
		{ "99999999999999999999999", PMU_ERR_RANGE, "CPU number above 4095" },
		{ "", PMU_ERR_INVALID, "empty item" },
		{ "1,,2", PMU_ERR_INVALID, "empty item" },
		{ "1,", PMU_ERR_INVALID, "empty item" },
		{ ",1", PMU_ERR_INVALID, "empty item" },
		{ "1-", PMU_ERR_INVALID, "empty item" },
		{ "-1", PMU_ERR_INVALID, "empty item" },
		{ "1-2-3", PMU_ERR_INVALID, "not a number" },
		{ "x", PMU_ERR_INVALID, "not a number" },
		{ " 1", PMU_ERR_INVALID, "not a number" },
		{ "0x3", PMU_ERR_INVALID, "not a number" },
		{ "ALL", PMU_ERR_INVALID, "not a number" },
		{ "all,1", PMU_ERR_INVALID, "not a number" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct cpuset s, before;
		const char *why = NULL;
		cpuset_clear(&s);
		cpuset_add(&s, 42);
		before = s;
		assert_int_equal(parse(cases[i].in, &s, &why), cases[i].st);
		assert_non_null(why);
		assert_string_equal(why, cases[i].why);
		assert_memory_equal(&s, &before, sizeof(s));
	}
}

/* The length bounds the text: a list inside a longer line parses as itself. */
static void test_length_bounded(void **state)
{
	(void)state;
	struct cpuset s;
	assert_int_equal(cpuset_parse("1-3 # comment", 3, &s, NULL), PMU_OK);
	assert_int_equal(cpuset_count(&s), 3);
	assert_int_equal(cpuset_parse("allx", 3, &s, NULL), PMU_OK);
	assert_true(cpuset_is_all(&s));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_list_and_ranges),
		cmocka_unit_test(test_all),
		cmocka_unit_test(test_format_is_canonical),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_errors_leave_set_unchanged),
		cmocka_unit_test(test_length_bounded),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
