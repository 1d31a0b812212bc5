/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The log-sync policy (lib/run/log_sync.c) on a fake clock: 1,000 ticks a
 * microsecond, so log-sync 2 ms is 2,000,000 ticks between group flushes.
 */
#include "testutil.h"
#include "run/log_sync.h"

#define RATE 1000u          /* ticks a microsecond */
#define MS (1000u * RATE)   /* ticks a millisecond */

/* Steps run and flushed as the policy says, each `ticks` long; how many flushes. */
static unsigned run_steps(struct log_sync *s, unsigned first, unsigned n, uint64_t *clock,
			  uint64_t ticks)
{
	unsigned flushes = 0;
	for (unsigned k = first; k < first + n; k++) {
		*clock += ticks;
		if (log_sync_step(s, k, false, *clock)) {
			log_sync_flushed(s, *clock, RATE);
			flushes++;
		}
	}
	return flushes;
}

/* Every step of the first repeat is flushed at once, in both modes. */
static void test_first_repeat_each_step(void **state)
{
	(void)state;
	static const uint32_t mode[] = { LOG_SYNC_EACH, 2 };
	for (unsigned m = 0; m < 2; m++) {
		struct log_sync s;
		uint64_t clock = 0;
		log_sync_begin(&s, mode[m], 3);
		for (unsigned k = 0; k < 3; k++) {
			assert_true(log_sync_step(&s, k, false, clock));
			log_sync_flushed(&s, clock, RATE);
		}
		/* the second repeat's first step only repeats: not at once */
		assert_false(log_sync_step(&s, 3, false, clock + 1));
	}
}

/* log-sync = each: every repeat at its end, never in the middle, whatever the time. */
static void test_each_flushes_every_repeat(void **state)
{
	(void)state;
	struct log_sync s;
	uint64_t clock = 0;
	log_sync_begin(&s, LOG_SYNC_EACH, 3);
	assert_int_equal(run_steps(&s, 0, 3, &clock, 10), 3);
	for (unsigned k = 3; k < 300; k++) {
		clock += 100 * MS;
		assert_int_equal(log_sync_step(&s, k, false, clock), (k + 1) % 3 == 0);
	}
}

/* Grouped: due once log-sync ms passed since the last flush ended, not before. */
static void test_group_due_by_time(void **state)
{
	(void)state;
	struct log_sync s;
	uint64_t clock = 0;
	log_sync_begin(&s, 2, 3);
	assert_int_equal(run_steps(&s, 0, 3, &clock, 10), 3);
	assert_false(log_sync_step(&s, 3, false, clock + 2 * MS - 1));
	assert_false(log_sync_step(&s, 4, false, clock + 2 * MS - 1));   /* a repeat's end: no */
	assert_true(log_sync_step(&s, 5, false, clock + 2 * MS));
	log_sync_flushed(&s, clock + 3 * MS, RATE);   /* the flush took 1 ms */
	assert_false(log_sync_step(&s, 6, false, clock + 5 * MS - 1));
	assert_true(log_sync_step(&s, 6, false, clock + 5 * MS));
	/* 1,000 repeats of 3 steps of 0.5 ms, 2 ms: a flush every 4 steps (flushes take no time) */
	clock = 0;
	log_sync_begin(&s, 2, 3);
	assert_int_equal(run_steps(&s, 0, 3000, &clock, MS / 2), 3 + 2997 / 4);
}

/*
 * The loss bound the README states: what a cut loses is every step ended since the last
 * flush, and they all ended within log-sync ms of it (a cut before the next step ends
 * adds that step). Steps of uneven length, the flush taking time, checked after each step.
 */
static void test_loss_bound(void **state)
{
	(void)state;
	struct log_sync s;
	uint64_t clock = 0, flushed_at = 0;
	unsigned groups = 0;
	log_sync_begin(&s, 5, 4);
	for (unsigned k = 0; k < 20000; k++) {
		clock += (k * 7919u % 13u + 1u) * MS / 4;   /* 0.25 to 3.25 ms */
		if (log_sync_step(&s, k, false, clock)) {
			clock += MS / 10;   /* the flush itself */
			log_sync_flushed(&s, clock, RATE);
			flushed_at = clock;
			groups++;
			continue;
		}
		assert_true(clock - flushed_at < 5 * MS);
	}
	assert_true(groups < 20000 / 2);   /* and grouped: fewer flushes than steps */
}

/*
 * Trouble (a CPU or package fell out): flushed at once, and the rest of the repeat and
 * the next, up to the same step again, are first-time steps on the new set.
 */
static void test_trouble_starts_anew(void **state)
{
	(void)state;
	struct log_sync s;
	uint64_t clock = 0;
	log_sync_begin(&s, 100, 3);
	assert_int_equal(run_steps(&s, 0, 10, &clock, 10), 3);
	assert_true(log_sync_step(&s, 10, true, clock));
	log_sync_flushed(&s, clock, RATE);
	for (unsigned k = 11; k <= 13; k++) {
		assert_true(log_sync_step(&s, k, false, clock));
		log_sync_flushed(&s, clock, RATE);
	}
	assert_false(log_sync_step(&s, 14, false, clock));
}

/* The TSC rate unknown: grouped by repeat, as each. */
static void test_no_rate_flushes_each_repeat(void **state)
{
	(void)state;
	struct log_sync s;
	log_sync_begin(&s, 100, 2);
	for (unsigned k = 0; k < 2; k++) {
		assert_true(log_sync_step(&s, k, false, 0));
		log_sync_flushed(&s, 0, 0);
	}
	assert_false(log_sync_step(&s, 2, false, 1));
	assert_true(log_sync_step(&s, 3, false, 1));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_first_repeat_each_step),
		cmocka_unit_test(test_each_flushes_every_repeat),
		cmocka_unit_test(test_group_due_by_time),
		cmocka_unit_test(test_loss_bound),
		cmocka_unit_test(test_trouble_starts_anew),
		cmocka_unit_test(test_no_rate_flushes_each_repeat),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
