/* Width-aware counter arithmetic (lib/pmu/counter.c) at 40, 44 and 48 bits. */
#include "testutil.h"
#include "pmu/counter.h"

static const unsigned widths[] = { 40, 44, 48 };
#define NW (sizeof(widths) / sizeof(widths[0]))

static void test_mask(void **state)
{
	(void)state;
	assert_true(counter_mask(40) == 0xFFFFFFFFFFull);
	assert_true(counter_mask(44) == 0xFFFFFFFFFFFull);
	assert_true(counter_mask(48) == 0xFFFFFFFFFFFFull);
	assert_true(counter_mask(32) == 0xFFFFFFFFull);
	assert_true(counter_mask(64) == ~0ull);
	assert_true(counter_mask(0) == 0);
}

static void test_delta_no_wrap(void **state)
{
	(void)state;
	for (unsigned i = 0; i < NW; i++) {
		assert_true(counter_delta(0, 0, widths[i]) == 0);
		assert_true(counter_delta(100, 1100, widths[i]) == 1000);
		uint64_t top = counter_mask(widths[i]);
		assert_true(counter_delta(0, top, widths[i]) == top);   /* the largest delta */
	}
}

static void test_delta_across_wrap(void **state)
{
	(void)state;
	for (unsigned i = 0; i < NW; i++) {
		unsigned w = widths[i];
		uint64_t top = counter_mask(w);
		assert_true(counter_delta(top, 0, w) == 1);              /* one event wraps to 0 */
		assert_true(counter_delta(top - 9, 5, w) == 15);
		assert_true(counter_delta(1, 0, w) == top);              /* a full period less one */
		/* Bits above the width in the raw reads do not leak into the delta. */
		assert_true(counter_delta(top - 1, (top + 1) | 3, w) == 5);
	}
	/* The same raw values give different deltas at different widths. */
	assert_true(counter_delta(0xFFFFFFFFF0ull, 0x10, 40) == 0x20);
	assert_true(counter_delta(0xFFFFFFFFF0ull, 0x10, 48) == 0xFF0000000020ull);
}

static void test_legacy_write_sign_extends(void **state)
{
	(void)state;
	assert_true(counter_legacy_write_value(0x7FFFFFFF, 48) == 0x7FFFFFFFull);
	assert_true(counter_legacy_write_value(0x80000000u, 48) == 0xFFFF80000000ull);
	assert_true(counter_legacy_write_value(0xFFFFFFF0u, 40) == 0xFFFFFFFFF0ull);
	assert_true(counter_legacy_write_value(0xFFFFFFF0u, 44) == 0xFFFFFFFFFF0ull);
	assert_true(counter_legacy_write_value(0, 48) == 0);
}

static void test_legacy_writable(void **state)
{
	(void)state;
	for (unsigned i = 0; i < NW; i++) {
		unsigned w = widths[i];
		uint64_t top = counter_mask(w);
		assert_true(counter_legacy_writable(0, w));
		assert_true(counter_legacy_writable(0x7FFFFFFF, w));
		assert_false(counter_legacy_writable(0x80000000ull, w));   /* would sign-extend */
		assert_false(counter_legacy_writable(1ull << 32, w));
		assert_true(counter_legacy_writable(top, w));
		assert_true(counter_legacy_writable(top - 0x7FFFFFFF, w));  /* = sign-extended 0x80000000 */
		assert_false(counter_legacy_writable(top - 0x80000000ull, w));
		assert_false(counter_legacy_writable(top + 1, w));          /* wider than the counter */
	}
}

static void test_preload_for(void **state)
{
	(void)state;
	for (unsigned i = 0; i < NW; i++) {
		unsigned w = widths[i];
		uint64_t top = counter_mask(w);
		assert_true(counter_preload_for(1, w) == top);
		assert_true(counter_preload_for(1000, w) == top - 999);
		/* N events from the preload land exactly on 0: the overflow. */
		assert_true(((counter_preload_for(1000, w) + 1000) & top) == 0);
		assert_true(counter_delta(counter_preload_for(1000, w), 0, w) == 1000);
		assert_true(counter_preload_for(0, w) == 0);
		/* Up to 2^31 events the preload is reachable with a legacy write. */
		assert_true(counter_legacy_writable(counter_preload_for(1ull << 31, w), w));
		assert_false(counter_legacy_writable(counter_preload_for((1ull << 31) + 1, w), w));
		assert_true(counter_legacy_write_value((uint32_t)(0u - 1000u), w) ==
			    counter_preload_for(1000, w));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mask),
		cmocka_unit_test(test_delta_no_wrap),
		cmocka_unit_test(test_delta_across_wrap),
		cmocka_unit_test(test_legacy_write_sign_extends),
		cmocka_unit_test(test_legacy_writable),
		cmocka_unit_test(test_preload_for),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
