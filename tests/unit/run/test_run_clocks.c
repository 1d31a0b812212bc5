/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The uncore clocks a model run says, against the model's TSC: on every built-in profile the
 * rate of each box clock ("P0 clock of cha: ..., 2600.000 MHz") is what a real part's would
 * be, never the window's TSC of the platform the model runs on (a counter of 7 a read: once
 * 1,431,142 MHz). Each window is timed on the model's TSC at its profile's nominal rate and
 * the model's uncore runs at that clock, so each box clock is said at the profile's tsc_mhz.
 */
#include "run_harness.h"

/*
 * The span of the uncore clocks of Intel's server parts the model has, Nehalem-EX to Diamond
 * Rapids: 0.8 to 3.0 GHz. A stated assumption (the span the lowest uncore and the highest
 * nominal clock of those parts give), not one document's figure.
 */
#define UNCORE_MHZ_LEAST 800u
#define UNCORE_MHZ_MOST 3000u

/* The parts whose runs count a box clock: each says one at least. */
static const char *const with_clocks[] = {
	"nehalem-ex", "westmere-ex", "sandy-bridge-ep", "skylake-sp", "icelake-sp",
	"sapphire-rapids", "emerald-rapids", "granite-rapids", "sierra-forest", "diamond-rapids",
};

static bool has_clocks(const char *name)
{
	for (size_t i = 0; i < sizeof(with_clocks) / sizeof(with_clocks[0]); i++)
		if (!strcmp(with_clocks[i], name))
			return true;
	return false;
}

/* The thousandths of MHz each " clock of " line of the console says; how many lines. */
static unsigned clock_rates(const char *console, uint64_t *milli, unsigned cap)
{
	unsigned n = 0;
	for (const char *at = strstr(console, " clock of "); at; at = strstr(at + 1, " clock of ")) {
		const char *eol = strchr(at, '\n'), *mhz = strstr(at, " MHz (");
		assert_non_null(mhz);
		assert_true(mhz < eol);
		const char *num = mhz;
		while (num > at && num[-1] != ' ')
			num--;
		unsigned long whole = 0, frac = 0;
		assert_int_equal(sscanf(num, "%lu.%3lu", &whole, &frac), 2);
		assert_true(n < cap);
		milli[n++] = (uint64_t)whole * 1000u + frac;
	}
	return n;
}

static void every_profile_clock_at_its_rate(void **state)
{
	(void)state;
	unsigned profiles_with = 0;
	for (unsigned i = 0; i < model_profile_count; i++) {
		const struct model_profile *p = model_profiles[i];
		char cfg[160];
		uint64_t milli[64];
		snprintf(cfg, sizeof(cfg), "backend = sim\nsim-profile = %s\nsim-noise = none\n",
			 p->name);
		struct outcome o = start_cfg(cfg, 4, 2, 1, NULL);
		finish(&o);
		unsigned n = clock_rates(o.f->console, milli, 64);
		if (n)
			print_message("%s: %u box clocks, the first at %llu.%03llu MHz\n", p->name, n,
				      (unsigned long long)(milli[0] / 1000),
				      (unsigned long long)(milli[0] % 1000));
		assert_int_equal(n > 0, has_clocks(p->name));
		profiles_with += n > 0;
		for (unsigned k = 0; k < n; k++) {
			/* one box tick a TSC tick: the profile's nominal clock, to the kHz */
			assert_int_equal(milli[k], (uint64_t)p->tsc_mhz * 1000u);
			assert_in_range(milli[k], UNCORE_MHZ_LEAST * 1000ull, UNCORE_MHZ_MOST * 1000ull);
		}
		done(&o);
	}
	assert_int_equal(profiles_with, sizeof(with_clocks) / sizeof(with_clocks[0]));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_profile_clock_at_its_rate),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
