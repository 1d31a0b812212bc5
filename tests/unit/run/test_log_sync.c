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
		if (log_sync_step(s, k, false, *clock, 0)) {
			log_sync_flushed(s, *clock, RATE, 0);
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
		log_sync_begin(&s, mode[m], 3, 0);
		for (unsigned k = 0; k < 3; k++) {
			assert_true(log_sync_step(&s, k, false, clock, 0));
			log_sync_flushed(&s, clock, RATE, 0);
		}
		/* the second repeat's first step only repeats: not at once */
		assert_false(log_sync_step(&s, 3, false, clock + 1, 0));
	}
}

/* log-sync = each: every repeat at its end, never in the middle, whatever the time. */
static void test_each_flushes_every_repeat(void **state)
{
	(void)state;
	struct log_sync s;
	uint64_t clock = 0;
	log_sync_begin(&s, LOG_SYNC_EACH, 3, 0);
	assert_int_equal(run_steps(&s, 0, 3, &clock, 10), 3);
	for (unsigned k = 3; k < 300; k++) {
		clock += 100 * MS;
		assert_int_equal(log_sync_step(&s, k, false, clock, 0), (k + 1) % 3 == 0);
	}
}

/* Grouped: due once log-sync ms passed since the last flush ended, not before. */
static void test_group_due_by_time(void **state)
{
	(void)state;
	struct log_sync s;
	uint64_t clock = 0;
	log_sync_begin(&s, 2, 3, 0);
	assert_int_equal(run_steps(&s, 0, 3, &clock, 10), 3);
	assert_false(log_sync_step(&s, 3, false, clock + 2 * MS - 1, 0));
	assert_false(log_sync_step(&s, 4, false, clock + 2 * MS - 1, 0));   /* a repeat's end: no */
	assert_true(log_sync_step(&s, 5, false, clock + 2 * MS, 0));
	log_sync_flushed(&s, clock + 3 * MS, RATE, 0);   /* the flush took 1 ms */
	assert_false(log_sync_step(&s, 6, false, clock + 5 * MS - 1, 0));
	assert_true(log_sync_step(&s, 6, false, clock + 5 * MS, 0));
	/* 1,000 repeats of 3 steps of 0.5 ms, 2 ms: a flush every 4 steps (flushes take no time) */
	clock = 0;
	log_sync_begin(&s, 2, 3, 0);
	assert_int_equal(run_steps(&s, 0, 3000, &clock, MS / 2), 3 + 2997 / 4);
}

/*
 * The loss bound docs/log.md states: what a cut loses is every step ended since the last
 * flush, and they all ended within log-sync ms of it (a cut before the next step ends
 * adds that step). Steps of uneven length, the flush taking time, checked after each step.
 */
static void test_loss_bound(void **state)
{
	(void)state;
	struct log_sync s;
	uint64_t clock = 0, flushed_at = 0;
	unsigned groups = 0;
	log_sync_begin(&s, 5, 4, 0);
	for (unsigned k = 0; k < 20000; k++) {
		clock += (k * 7919u % 13u + 1u) * MS / 4;   /* 0.25 to 3.25 ms */
		if (log_sync_step(&s, k, false, clock, 0)) {
			clock += MS / 10;   /* the flush itself */
			log_sync_flushed(&s, clock, RATE, 0);
			flushed_at = clock;
			groups++;
			continue;
		}
		assert_true(clock - flushed_at < 5 * MS);
	}
	assert_true(groups < 20000 / 2);   /* and grouped: fewer flushes than steps */
}

/*
 * The group's bytes, whatever the time: in both modes a flush comes once the records held
 * since the last one reach LOG_SYNC_GROUP_BYTES, not before, so a group holds less than
 * that and the step that reached it (docs/log.md "What a power cut or a hang can lose":
 * what a cut can leave cut at the end). Steps of 0.1 to 12.1 KiB, each 1 ms: with log-sync
 * 60000 time never says flush, with each a repeat of 60 steps is longer than the bound.
 */
static void test_group_bytes_bound(void **state)
{
	(void)state;
	static const uint32_t mode[] = { 60000, LOG_SYNC_EACH };
	for (unsigned m = 0; m < 2; m++) {
		struct log_sync s;
		uint64_t clock = 0, logged = 5000, flushed = logged, largest = 0;
		unsigned by_bytes = 0;
		log_sync_begin(&s, mode[m], 60, logged);
		for (unsigned k = 0; k < 20000; k++) {
			uint64_t step = 100 + (k * 7919u % 61u) * 200;
			clock += MS;
			logged += step;
			if (!log_sync_step(&s, k, false, clock, logged)) {
				assert_true(logged - flushed < LOG_SYNC_GROUP_BYTES);
				continue;
			}
			if (k >= 60 && (k + 1) % 60 && logged - flushed >= LOG_SYNC_GROUP_BYTES)
				by_bytes++;
			largest = logged - flushed > largest ? logged - flushed : largest;
			assert_true(logged - flushed < LOG_SYNC_GROUP_BYTES + step);
			log_sync_flushed(&s, clock, RATE, logged);
			flushed = logged;
		}
		assert_true(by_bytes > 100);   /* the bound, not the repeat's end, made these */
		assert_true(largest >= LOG_SYNC_GROUP_BYTES);
	}
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
	log_sync_begin(&s, 100, 3, 0);
	assert_int_equal(run_steps(&s, 0, 10, &clock, 10), 3);
	assert_true(log_sync_step(&s, 10, true, clock, 0));
	log_sync_flushed(&s, clock, RATE, 0);
	for (unsigned k = 11; k <= 13; k++) {
		assert_true(log_sync_step(&s, k, false, clock, 0));
		log_sync_flushed(&s, clock, RATE, 0);
	}
	assert_false(log_sync_step(&s, 14, false, clock, 0));
}

/* The TSC rate unknown: grouped by repeat, as each. */
static void test_no_rate_flushes_each_repeat(void **state)
{
	(void)state;
	struct log_sync s;
	log_sync_begin(&s, 100, 2, 0);
	for (unsigned k = 0; k < 2; k++) {
		assert_true(log_sync_step(&s, k, false, 0, 0));
		log_sync_flushed(&s, 0, 0, 0);
	}
	assert_false(log_sync_step(&s, 2, false, 1, 0));
	assert_true(log_sync_step(&s, 3, false, 1, 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_first_repeat_each_step),
		cmocka_unit_test(test_each_flushes_every_repeat),
		cmocka_unit_test(test_group_due_by_time),
		cmocka_unit_test(test_loss_bound),
		cmocka_unit_test(test_group_bytes_bound),
		cmocka_unit_test(test_trouble_starts_anew),
		cmocka_unit_test(test_no_rate_flushes_each_repeat),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
