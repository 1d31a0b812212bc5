/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "testutil.h"
#include "util/stats.h"
#include "pmu/topology.h"

static void set_cpu(struct cpu_info *c, unsigned idx, uint32_t pkg, bool enabled)
{
	c->index = idx;
	c->package = pkg;
	c->enabled = enabled;
}

/* Two packages interleaved (as MP services often number them), one CPU disabled. */
static void leaders_per_package(void **state)
{
	(void)state;
	struct cpu_info ci[6] = { 0 };
	struct cpuset all;
	struct package_leader l[4];
	bool more;
	set_cpu(&ci[0], 0, 0, true);
	set_cpu(&ci[1], 1, 1, false);
	set_cpu(&ci[2], 2, 0, true);
	set_cpu(&ci[3], 3, 1, true);
	set_cpu(&ci[4], 4, 1, true);
	set_cpu(&ci[5], 5, 0, true);
	cpuset_fill(&all);
	assert_int_equal(topo_package_leaders(ci, 6, &all, l, 4, &more), 2);
	assert_false(more);
	assert_int_equal(l[0].package, 0);
	assert_int_equal(l[0].cpu, 0);
	assert_int_equal(l[0].cpus, 3);
	assert_int_equal(l[1].package, 1);
	assert_int_equal(l[1].cpu, 3);   /* CPU 1 is disabled */
	assert_int_equal(l[1].cpus, 2);
}

static void leaders_follow_selection(void **state)
{
	(void)state;
	struct cpu_info ci[4] = { 0 };
	struct cpuset sel;
	struct package_leader l[1];
	bool more;
	for (unsigned i = 0; i < 4; i++)
		set_cpu(&ci[i], i, i / 2, true);
	assert_int_equal(cpuset_parse("1,3", 3, &sel, NULL), PMU_OK);
	assert_int_equal(topo_package_leaders(ci, 4, &sel, l, 1, &more), 1);
	assert_int_equal(l[0].cpu, 1);
	assert_true(more);   /* package 1 (CPU 3) did not fit */
}

/*
 * One leader per die of each package (Diamond Rapids' CBB units, each die's own): the first
 * enabled CPU of each (package, die), the package's first die marked as counting its boxes.
 */
static void leaders_per_die(void **state)
{
	(void)state;
	struct cpu_info ci[6] = { 0 };
	struct cpuset all;
	struct package_leader l[6];
	static const uint32_t pkg[6] = { 0, 0, 0, 1, 1, 1 }, die[6] = { 1, 0, 1, 0, 0, 1 };
	for (unsigned i = 0; i < 6; i++) {
		set_cpu(&ci[i], i, pkg[i], i != 1);
		ci[i].die = die[i];
	}
	cpuset_fill(&all);
	assert_int_equal(topo_die_leaders(ci, 6, &all, l), 3);   /* CPU 1, die 0 of 0: disabled */
	static const unsigned cpu[3] = { 0, 3, 5 }, cpus[3] = { 2, 2, 1 };
	static const bool first[3] = { true, true, false };
	for (unsigned k = 0; k < 3; k++) {
		assert_true(l[k].by_die);
		assert_int_equal(l[k].cpu, cpu[k]);
		assert_int_equal(l[k].die, die[cpu[k]]);
		assert_int_equal(l[k].cpus, cpus[k]);
		assert_int_equal(l[k].first_of_pkg, first[k]);
	}
}

static void stats_odd_even_empty(void **state)
{
	(void)state;
	uint64_t v[] = { 9, 1, 5, 7, 3 };
	struct stats_u64 s;
	stats_compute(v, 5, &s);
	assert_int_equal(s.min, 1);
	assert_int_equal(s.median, 5);
	assert_int_equal(s.max, 9);
	stats_compute(v, 4, &s);   /* 1 3 5 7 after the sort above */
	assert_int_equal(s.median, 3);
	assert_int_equal(s.max, 7);
	stats_compute(v, 0, &s);
	assert_int_equal(s.n, 0);
	assert_int_equal(s.max, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(leaders_per_package),
		cmocka_unit_test(leaders_follow_selection),
		cmocka_unit_test(leaders_per_die),
		cmocka_unit_test(stats_odd_even_empty),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
