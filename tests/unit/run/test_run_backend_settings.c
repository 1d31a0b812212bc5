/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Settings only one backend reads (options_table's backends): given with the other, the run
 * is refused in one line naming the setting, its source and the backend's, before any
 * record and before any register is written; with their own backend they are taken. So are
 * settings the backend or platform cannot honour (the model's sim-snc, the platform's fault
 * means): one line naming the setting and its source, nothing written.
 */
#include "run_harness.h"
#include "machine_of_log.h"

#define TEXT_MAX (1u << 20)
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* A setting as its efipmu.cfg line gives it. */
struct given {
	enum opt_id id;
	const char *line;
};

static const struct given sim_only[] = {
	{ OPT_SIM_PROFILE, "sim-profile = sandy-bridge-ep\n" },
	{ OPT_SIM_PROFILE_FILE, "sim-profile-file = lab.profile\n" },
	{ OPT_SIM_BREAK, "sim-break = narrow-counters\n" },
	{ OPT_SIM_NOISE, "sim-noise = none\n" },
	{ OPT_SIM_FIRMWARE, "sim-firmware = clean\n" },
	{ OPT_SIM_SNC, "sim-snc = 2\n" },
};

static const struct given real_only[] = {
	{ OPT_ICOUNT_CHECK, "icount-check\n" },
	{ OPT_TEST_UNEXPECTED_FAULT, "test-unexpected-fault\n" },
};

/* The profile file lab.profile: the machine of a model run on 4 CPUs, as its log captured it. */
static char *lab_profile(void)
{
	char *text = malloc(TEXT_MAX);
	struct strbuf sb;
	assert_non_null(text);
	sb_init(&sb, text, TEXT_MAX);
	struct outcome o = start_cfg("backend = sim\n", 4, 1, 1, NULL);
	finish(&o);
	struct machine *m = test_machine_of_log(o.f->log, 4);
	profile_write(m, "a model run's capture", &sb);
	assert_false(sb.overflow);
	free(m);
	done(&o);
	return text;
}

/* Only the rows tested here are bound to one backend; every other one is read by both. */
static void table_binds_these_settings_alone(void **state)
{
	(void)state;
	unsigned sim = 0, real = 0;
	for (unsigned id = 0; id < OPT_COUNT; id++) {
		sim += options_table[id].backends == OPT_ON_SIM;
		real += options_table[id].backends == OPT_ON_REAL;
		assert_true(options_table[id].backends == OPT_ON_SIM ||
			    options_table[id].backends == OPT_ON_REAL ||
			    options_table[id].backends == OPT_ON_ANY);
	}
	assert_int_equal(sim, NELEM(sim_only));
	assert_int_equal(real, NELEM(real_only));
	for (unsigned i = 0; i < NELEM(sim_only); i++)
		assert_int_equal(options_table[sim_only[i].id].backends, OPT_ON_SIM);
	for (unsigned i = 0; i < NELEM(real_only); i++)
		assert_int_equal(options_table[real_only[i].id].backends, OPT_ON_REAL);
}

/* Each setting of the model, on the real backend (a model handed over as the hardware). */
static void sim_settings_refused_on_real(void **state)
{
	(void)state;
	char *profile = lab_profile();
	for (unsigned i = 0; i < NELEM(sim_only); i++) {
		struct pmu_backend real;
		struct model *m = test_model("nehalem-ep", 4, 1, &real);
		struct outcome o = outcome_new(4, 1, 1);
		char cfg[64], want[160];
		o.f->file_name = "lab.profile";
		o.f->file_text = profile;
		snprintf(cfg, sizeof(cfg), "verbose\n%s", sim_only[i].line);
		snprintf(want, sizeof(want), "efipmu: efipmu.cfg:2: %s: only the reference model "
			 "reads it (backend = sim); this run's backend is real (default)\n",
			 options_table[sim_only[i].id].name);
		init_cfg(&o, cfg, &real);
		assert_int_equal(o.v, VERDICT_ERROR);
		assert_string_equal(o.f->console, want);
		assert_int_equal(o.f->log_records, 0);
		assert_int_equal(model_total_writes(m), 0);
		assert_null(assembled_model(o.r));
		done(&o);
		free(m);
	}
	free(profile);
}

/*
 * A command line's run on the real backend of a platform without fault means: refused in the
 * one line want, nothing written.
 */
static void argv_refused(int argc, const char *const *argv, const char *want)
{
	struct pmu_backend real;
	struct model *m = test_model("nehalem-ep", 2, 1, &real);
	struct outcome o = outcome_new(2, 1, 1);
	struct efipmu_options opt;
	struct opt_error err;
	options_defaults(&opt);
	assert_int_equal(options_parse_argv(argc, argv, &opt, &err), PMU_OK);
	o.v = run_init(o.r, &o.f->plat, &opt, "(test)", &real, NULL);
	assert_int_equal(o.v, VERDICT_ERROR);
	assert_string_equal(o.f->console, want);
	assert_int_equal(model_total_writes(m), 0);
	done(&o);
	free(m);
}

/* The command line names itself, for the setting and for the backend it asked for. */
static void command_line_named(void **state)
{
	(void)state;
	static const char *const argv[] = { "efipmu", "--backend", "real", "--sim-noise", "smi" };
	argv_refused(NELEM(argv), argv, "efipmu: command line: sim-noise: only the reference "
		     "model reads it (backend = sim); this run's backend is real (command line)\n");
}

/* The same settings with backend = sim: taken, the model built with them. */
static void sim_settings_taken_on_sim(void **state)
{
	(void)state;
	char *profile = lab_profile();
	for (unsigned i = 0; i < NELEM(sim_only); i++) {
		struct outcome o = outcome_new(4, 1, 1);
		char cfg[64];
		o.f->file_name = "lab.profile";
		o.f->file_text = profile;
		snprintf(cfg, sizeof(cfg), "backend = sim\n%s", sim_only[i].line);
		init_cfg(&o, cfg, NULL);
		if (o.v != VERDICT_PASS)
			fail_msg("%s refused on the model:\n%s", sim_only[i].line, o.f->console);
		assert_non_null(assembled_model(o.r));
		done(&o);
	}
	free(profile);
}

/* The real backend's settings with backend = sim: refused before the model is built. */
static void real_settings_refused_on_sim(void **state)
{
	(void)state;
	for (unsigned i = 0; i < NELEM(real_only); i++) {
		struct outcome o = outcome_new(2, 1, 1);
		char cfg[64], want[160];
		snprintf(cfg, sizeof(cfg), "backend = sim\n%s", real_only[i].line);
		snprintf(want, sizeof(want), "efipmu: efipmu.cfg:2: %s: only the real backend "
			 "reads it (backend = real); this run's backend is sim (efipmu.cfg:1)\n",
			 options_table[real_only[i].id].name);
		init_cfg(&o, cfg, NULL);
		assert_int_equal(o.v, VERDICT_ERROR);
		assert_string_equal(o.f->console, want);
		assert_int_equal(o.f->log_records, 0);
		assert_null(assembled_model(o.r));
		done(&o);
	}
}

/* run_init never raises it: the hook does, once the jobs run. */
static void stray_not_raised(void)
{
	fail_msg("test-unexpected-fault's exception raised by run_init");
}

/* ...and on the real backend of a platform that can make the fault, taken. */
static void real_settings_taken_on_real(void **state)
{
	(void)state;
	static const struct run_faults can = { .stray = stray_not_raised };
	for (unsigned i = 0; i < NELEM(real_only); i++) {
		struct pmu_backend real;
		struct model *m = test_model("nehalem-ep", 2, 1, &real);
		struct outcome o = outcome_new(2, 1, 1);
		init_cfg_faults(&o, real_only[i].line, &real, &can);
		if (o.v != VERDICT_PASS)
			fail_msg("%s refused on the real backend:\n%s", real_only[i].line,
				 o.f->console);
		done(&o);
		free(m);
	}
}

/*
 * A platform without the means a test setting needs (run_faults' members): refused in one
 * line naming the setting and its source, rather than run without the test asked for.
 */
static void fault_settings_refused_without_means(void **state)
{
	(void)state;
	static const struct run_faults none = { 0 };
	static const struct {
		const char *cfg;
		const struct run_faults *faults;
		const char *want;
	} rows[] = {
		{ "verbose\ntest-unexpected-fault\n", &none,
		  "efipmu: efipmu.cfg:2: test-unexpected-fault: this platform cannot raise an "
		  "exception none of ours expects\n" },
		{ "test-unexpected-fault\n", NULL, "efipmu: efipmu.cfg:1: test-unexpected-fault: "
		  "this platform cannot raise an exception none of ours expects\n" },
		{ "verbose\nfault-test\n", &none,
		  "efipmu: efipmu.cfg:2: fault-test: this platform has no fault test\n" },
		{ "fault-test\n", NULL, "efipmu: efipmu.cfg:1: fault-test: this platform has no "
		  "fault test\n" },
	};
	for (unsigned i = 0; i < NELEM(rows); i++) {
		struct pmu_backend real;
		struct model *m = test_model("nehalem-ep", 2, 1, &real);
		struct outcome o = outcome_new(2, 1, 1);
		init_cfg_faults(&o, rows[i].cfg, &real, rows[i].faults);
		assert_int_equal(o.v, VERDICT_ERROR);
		assert_string_equal(o.f->console, rows[i].want);
		assert_int_equal(o.f->log_records, 0);
		assert_int_equal(model_total_writes(m), 0);
		done(&o);
		free(m);
	}
}

/* The command line names itself. */
static void fault_setting_from_command_line(void **state)
{
	(void)state;
	static const char *const argv[] = { "efipmu", "--fault-test" };
	argv_refused(NELEM(argv), argv, "efipmu: command line: fault-test: this platform has no "
		     "fault test\n");
}

/* More clusters than a package of the model has cores: the line and value that asked. */
static void sim_snc_beyond_cores_named(void **state)
{
	(void)state;
	struct outcome o = outcome_new(2, 1, 1);
	init_cfg(&o, "backend = sim\nsim-snc = 4\n", NULL);
	assert_int_equal(o.v, VERDICT_ERROR);
	assert_string_equal(o.f->console, "efipmu: efipmu.cfg:2: sim-snc '4': a package of the "
			    "model has fewer cores than that many clusters\n");
	assert_int_equal(o.f->log_records, 0);
	assert_non_null(assembled_model(o.r));
	assert_int_equal(model_total_writes(assembled_model(o.r)), 0);
	done(&o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(table_binds_these_settings_alone),
		cmocka_unit_test(sim_settings_refused_on_real),
		cmocka_unit_test(command_line_named),
		cmocka_unit_test(sim_settings_taken_on_sim),
		cmocka_unit_test(real_settings_refused_on_sim),
		cmocka_unit_test(real_settings_taken_on_real),
		cmocka_unit_test(fault_settings_refused_without_means),
		cmocka_unit_test(fault_setting_from_command_line),
		cmocka_unit_test(sim_snc_beyond_cores_named),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
