#include "testutil.h"
#include "check/kernels.h"
#include "util/fmt.h"

#define SMALL (64 * 1024)   /* 1024 lines: coprime to the stream stride */

static uint64_t *small_buffer(uint64_t bytes)
{
	uint64_t *w = aligned_alloc(4096, (bytes + 4095) / 4096 * 4096);
	assert_non_null(w);
	for (uint64_t i = 0; i < bytes / 8; i++)
		w[i] = i * 0x9e37 + 5;
	return w;
}

static const struct kernel_desc *find(const char *name)
{
	const struct kernel_desc *k = kernel_find(name);
	assert_non_null(k);
	return k;
}

static void test_table_consistent(void **state)
{
	(void)state;
	assert_true(kernel_count >= 7);
	for (unsigned i = 0; i < kernel_count; i++) {
		const struct kernel_desc *k = &kernel_table[i];
		assert_true(pmu_strlen(k->name) > 0 && pmu_strlen(k->what) > 0);
		assert_ptr_equal(kernel_find(k->name), k);
		for (unsigned j = i + 1; j < kernel_count; j++)
			assert_int_not_equal(pmu_strcmp(k->name, kernel_table[j].name), 0);
		assert_non_null(k->fn);
		assert_true(k->default_iterations >= 1);
		assert_true(k->n_expect <= KERNEL_MAX_EXPECT);
		if (k->flags & KERNEL_NEEDS_CHASE)
			assert_true(k->flags & KERNEL_NEEDS_BUFFER);
		/* every written claim is counted by n_expect, and makes sense */
		for (unsigned j = 0; j < KERNEL_MAX_EXPECT; j++) {
			const struct kernel_expect *e = &k->expect[j];
			if (j >= k->n_expect) {
				assert_int_equal(e->hi_permille, 0);
				continue;
			}
			assert_true((unsigned)e->event < KEV_COUNT);
			assert_ptr_equal(kernel_expect_for(k, e->event), e);  /* one claim per event */
			assert_true(e->lo_permille <= e->hi_permille && e->hi_permille > 0);
			if (e->event == KEV_LLC_REFERENCES || e->event == KEV_LLC_MISSES)
				assert_true(k->llc_multiple >= 1);
		}
		/* what the valgrind check and the app rely on: exact core claims */
		static const enum kernel_event exact[] = { KEV_INSTRUCTIONS, KEV_BRANCHES,
			KEV_COND_BRANCHES, KEV_TAKEN_BRANCHES, KEV_LOADS, KEV_STORES, KEV_LOCKED };
		for (unsigned j = 0; j < sizeof(exact) / sizeof(exact[0]); j++) {
			const struct kernel_expect *e = kernel_expect_for(k, exact[j]);
			assert_non_null(e);
			assert_int_equal(e->lo_permille, 1000);
			assert_int_equal(e->hi_permille, 1000);
		}
		for (uint64_t n = 1; n < 5000; n += 1237) {
			int64_t br = kernel_expected(kernel_expect_for(k, KEV_BRANCHES), n);
			assert_true(kernel_expected(kernel_expect_for(k, KEV_COND_BRANCHES), n) <= br);
			assert_true(kernel_expected(kernel_expect_for(k, KEV_TAKEN_BRANCHES), n) <= br);
			assert_true(kernel_expected(kernel_expect_for(k, KEV_INSTRUCTIONS), n) >= br);
			assert_true(kernel_expected(kernel_expect_for(k, KEV_STORES), n) >=
				    kernel_expected(kernel_expect_for(k, KEV_LOCKED), n));
		}
	}
	assert_null(kernel_find("nope"));
	for (int ev = 0; ev < KEV_COUNT; ev++) {
		assert_string_not_equal(kernel_event_name(ev), "?");
		for (int j = ev + 1; j < KEV_COUNT; j++)
			assert_string_not_equal(kernel_event_name(ev), kernel_event_name(j));
	}
	const struct kernel_desc *e = find("empty");
	for (unsigned j = 0; j < e->n_expect; j++)
		assert_int_equal(kernel_expected(&e->expect[j], 1000), 0);
}

static void test_expected_linear_and_bounds(void **state)
{
	(void)state;
	for (unsigned i = 0; i < kernel_count; i++)
		for (unsigned j = 0; j < kernel_table[i].n_expect; j++) {
			const struct kernel_expect *e = &kernel_table[i].expect[j];
			for (uint64_t n = 1; n < 100000; n = n * 7 + 3) {
				int64_t a = kernel_expected(e, n), b = kernel_expected(e, 2 * n);
				int64_t c = kernel_expected(e, 3 * n);
				assert_int_equal(b - a, c - b);
				assert_int_equal(b - a, (int64_t)(e->per_iter * n));
				assert_int_equal(a, (int64_t)e->per_iter * (int64_t)n + e->fixed);
				assert_true(a >= 0);
				int64_t lo, hi;
				kernel_bounds(e, n, &lo, &hi);
				assert_true(kernel_within(e, n, lo) && kernel_within(e, n, hi));
				assert_false(kernel_within(e, n, lo - 1));
				assert_false(kernel_within(e, n, hi + 1));
				if (e->hi_permille == 1000 && e->lo_permille == 1000)
					assert_true(lo == a && hi == a);
			}
		}
	const struct kernel_expect *m = kernel_expect_for(find("branch"), KEV_BRANCH_MISSES);
	assert_non_null(m);
	int64_t lo, hi;
	kernel_bounds(m, 10000, &lo, &hi);
	assert_int_equal(lo, 3500);
	assert_int_equal(hi, 6500);
	const struct kernel_expect *in = kernel_expect_for(find("inst"), KEV_INSTRUCTIONS);
	assert_int_equal(kernel_expected(in, 1000), 10018);
}

static void test_args_check(void **state)
{
	(void)state;
	uint64_t *w = small_buffer(SMALL);
	struct kernel_args a = { .iterations = 10, .buf = w, .bytes = SMALL };
	for (unsigned i = 0; i < kernel_count; i++) {
		assert_int_equal(kernel_args_check(&kernel_table[i], &a), PMU_OK);
		struct kernel_args z = a;
		z.iterations = 0;
		assert_int_equal(kernel_args_check(&kernel_table[i], &z), PMU_ERR_INVALID);
	}
	struct kernel_args none = { .iterations = 5 };
	assert_int_equal(kernel_args_check(find("inst"), &none), PMU_OK);
	assert_int_equal(kernel_args_check(find("stream"), &none), PMU_ERR_INVALID);
	struct kernel_args odd = { .iterations = 5, .buf = (char *)w + 8, .bytes = 4096 };
	assert_int_equal(kernel_args_check(find("chase"), &odd), PMU_ERR_INVALID);
	odd.buf = w;
	odd.bytes = 4100;
	assert_int_equal(kernel_args_check(find("chase"), &odd), PMU_ERR_INVALID);
	odd.bytes = 64;
	assert_int_equal(kernel_args_check(find("uncore"), &odd), PMU_ERR_RANGE);
	odd.bytes = 4096;  /* less than two strides */
	assert_int_equal(kernel_args_check(find("stream"), &odd), PMU_ERR_RANGE);
	odd.bytes = 640 * 64;  /* stride 65 lines would skip lines */
	assert_int_equal(kernel_args_check(find("stream"), &odd), PMU_ERR_RANGE);
	odd.bytes = 641 * 64;
	assert_int_equal(kernel_args_check(find("stream"), &odd), PMU_OK);
	free(w);
}

static void test_buffer_bytes(void **state)
{
	(void)state;
	assert_int_equal(kernels_buffer_bytes(0), 64 * 1024);
	assert_int_equal(kernels_buffer_bytes(8u << 20), 16u << 20);
	assert_int_equal(kernels_buffer_bytes(20u << 20), 64u << 20);   /* E5-2600: 20 MB LLC */
	assert_int_equal(kernels_buffer_bytes(24u << 20), 64u << 20);
	struct kernel_args a = { .iterations = 1, .buf = (void *)(uintptr_t)4096,
				 .bytes = kernels_buffer_bytes(20u << 20) };
	assert_int_equal(kernel_args_check(find("stream"), &a), PMU_OK);
}

static void test_chase_single_cycle(void **state)
{
	(void)state;
	static const uint64_t sizes[] = { 128, 192, 64 * 1000, SMALL };
	for (unsigned s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		uint64_t n = sizes[s] / 64;
		uint64_t *w = small_buffer(sizes[s]);
		char *seen = calloc(n, 1);
		assert_non_null(seen);
		kernels_chase_init(w, sizes[s]);
		uintptr_t base = (uintptr_t)w, p = base;
		for (uint64_t step = 0; step < n; step++) {
			assert_true(p >= base && p < base + sizes[s] && (p - base) % 64 == 0);
			uint64_t slot = (p - base) / 64;
			assert_int_equal(seen[slot], 0);  /* no slot twice before the cycle closes */
			seen[slot] = 1;
			p = (uintptr_t)*(uint64_t *)p;
		}
		assert_int_equal(p, base);  /* back at the start after exactly n loads */
		free(seen);
		free(w);
	}
}

static uint64_t xorshift(uint64_t x)
{
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return x;
}

static void test_kernels_compute_what_they_claim(void **state)
{
	(void)state;
	const uint64_t n = 3000;
	uint64_t *w = small_buffer(SMALL);
	struct kernel_args a = { .iterations = n, .buf = w, .bytes = SMALL };

	find("empty")->fn(&a);
	assert_int_equal(find("inst")->fn(&a), 36 * n);
	assert_int_equal(find("idle")->fn(&a), n);

	uint64_t x = 0x9e3779b97f4a7c15ULL;
	for (uint64_t i = 0; i < n; i++)
		x = xorshift(x);
	assert_int_equal(find("branch")->fn(&a), x);

	/* stream: one pass of the stride visits every line once */
	uint64_t sum = 0, off = 0;
	char *seen = calloc(SMALL / 64, 1);
	assert_non_null(seen);
	a.iterations = SMALL / 64;
	for (uint64_t i = 0; i < a.iterations; i++, off = (off + KERNEL_STREAM_STRIDE) % SMALL) {
		assert_int_equal(seen[off / 64], 0);
		seen[off / 64] = 1;
		sum += w[off / 8];
	}
	free(seen);
	assert_int_equal(find("stream")->fn(&a), sum);

	/* uncore: lock word counts the iterations, the write half mirrors the read half */
	uint64_t half = (SMALL - 64) / 2 / 64 * 64, lines = half / 64;
	w[(SMALL - 64) / 8] = 7;
	a.iterations = lines + 3;   /* wraps */
	assert_int_equal(find("uncore")->fn(&a), 7 + lines + 3);
	for (uint64_t l = 0; l < lines; l++)
		assert_int_equal(w[(half + l * 64) / 8], w[l * 8]);

	kernels_chase_init(w, SMALL);
	uintptr_t p = (uintptr_t)w;
	for (uint64_t i = 0; i < n; i++)
		p = (uintptr_t)*(uint64_t *)p;
	a.iterations = n;
	assert_int_equal(find("chase")->fn(&a), p);
	free(w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table_consistent),
		cmocka_unit_test(test_expected_linear_and_bounds),
		cmocka_unit_test(test_args_check),
		cmocka_unit_test(test_buffer_bytes),
		cmocka_unit_test(test_chase_single_cycle),
		cmocka_unit_test(test_kernels_compute_what_they_claim),
	};
	return cmocka_run_group_tests_name("kernels", tests, NULL, NULL);
}
