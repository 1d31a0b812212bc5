/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Every sim-break defect, on a profile that has what it breaks: taken, and the run says the
 * model has it. On a profile without it: refused in one line naming the profiles that have
 * it, before any record and any register written, never claimed.
 */
#include "run_harness.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define DISC "sapphire-rapids, emerald-rapids, granite-rapids, sierra-forest"
#define TABLE DISC ", diamond-rapids"
#define PCI "sandy-bridge-ep, skylake-sp, icelake-sp, " TABLE

/* A defect, a profile that has it, one that lacks it (NULL: every profile has it), and why. */
struct defect {
	const char *name, *has, *lacks, *why, *list;
};

static const struct defect defects[] = {
	{ "narrow-counters", "nehalem-ep", NULL, NULL, NULL },
	{ "ignore-enable", "nehalem-ep", NULL, NULL, NULL },
	{ "gp-overcount", "nehalem-ep", NULL, NULL, NULL },
	{ "sticky-enable", "nehalem-ep", NULL, NULL, NULL },
	{ "disc-upi-absent", "sapphire-rapids", "granite-rapids",
	  "no discovery table's UPI functions on this profile", "sapphire-rapids, emerald-rapids" },
	{ "disc-cha-msr-zero", "emerald-rapids", "icelake-sp",
	  "no CHA count MSR 0x2ffe on this profile", DISC },
	{ "uncore-global-frozen", "sapphire-rapids", "skylake-sp",
	  "no discovery table's global control on this profile", TABLE },
	{ "pci-bus-outside", "sandy-bridge-ep", "nehalem-ep", "no uncore PCI bus on this profile",
	  PCI },
	{ "pci-bus-ecam-only", "skylake-sp", "nehalem-ep", "no uncore PCI bus on this profile",
	  PCI },
	{ "uncore-frozen", "skylake-sp", "nehalem-ep", "no uncore box to leave so on this profile",
	  "sandy-bridge-ep, skylake-sp, icelake-sp" },
	{ "uncore-counting", "sandy-bridge-ep", "sapphire-rapids",
	  "no uncore box to leave so on this profile", "sandy-bridge-ep, skylake-sp, icelake-sp" },
#define DISC_DEFECT(n) { "disc-" n, "sapphire-rapids", "diamond-rapids",                    \
			 "no discovery table the model lays out on this profile", DISC }
	DISC_DEFECT("global-ones"), DISC_DEFECT("unit-ones"), DISC_DEFECT("unit-zero"),
	DISC_DEFECT("zero-offset"), DISC_DEFECT("dup-id"), DISC_DEFECT("bar-zero"),
	DISC_DEFECT("every"), DISC_DEFECT("upi-misplaced"),
#undef DISC_DEFECT
};

static struct outcome start(const char *profile, const char *defect)
{
	char cfg[160];
	snprintf(cfg, sizeof(cfg), "backend = sim\nsim-profile = %s\nsim-break = %s\n", profile,
		 defect);
	return start_cfg(cfg, 4, 2, 1, NULL);
}

/* On a profile that has it: taken, and said once. */
static void taken_where_the_profile_has_it(void **state)
{
	(void)state;
	for (unsigned i = 0; i < NELEM(defects); i++) {
		char want[96];
		struct outcome o = start(defects[i].has, defects[i].name);
		if (o.v != VERDICT_PASS)
			fail_msg("%s on %s refused:\n%s", defects[i].name, defects[i].has,
				 o.f->console);
		snprintf(want, sizeof(want), "the model has a deliberate defect: %s\n",
			 defects[i].name);
		assert_int_equal(fake_count(o.f->console, want), 1);
		done(&o);
	}
}

/* On one that lacks it: the one line, nothing logged, nothing written, nothing claimed. */
static void refused_where_the_profile_lacks_it(void **state)
{
	(void)state;
	for (unsigned i = 0; i < NELEM(defects); i++) {
		if (!defects[i].lacks)
			continue;
		char want[320];
		struct outcome o = start(defects[i].lacks, defects[i].name);
		snprintf(want, sizeof(want), "efipmu: efipmu.cfg:3: sim-break '%s': %s; profiles "
			 "that have it: %s\n", defects[i].name, defects[i].why, defects[i].list);
		assert_int_equal(o.v, VERDICT_ERROR);
		assert_string_equal(o.f->console, want);
		assert_int_equal(o.f->log_records, 0);
		if (assembled_model(o.r))
			assert_int_equal(model_total_writes(assembled_model(o.r)), 0);
		done(&o);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(taken_where_the_profile_has_it),
		cmocka_unit_test(refused_where_the_profile_lacks_it),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
