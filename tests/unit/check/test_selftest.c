/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The validation suite on the reference model: every check passes on each
 * correct profile, and a model broken on purpose fails the right check.
 */
#include "testutil.h"
#include "boxes.h"
#include "pmu/uncore_pci.h"
#include "pmu/cpuinfo.h"
#include "hw/msr.h"
#include "check/selftest.h"

#define ITERATIONS 200

static const char *const pmu_profiles[] = {
	"nehalem-ep", "westmere-ep", "nehalem-ex", "westmere-ex", "sandy-bridge-ep",
	"skylake-sp", "icelake-sp", "sapphire-rapids", "alder-lake",
};

struct fixture {
	struct model *m;
	struct pmu_backend b;
	struct cpu_info ci;
	struct selftest_env env;
	struct selftest_report r;
	struct uncore_pci_scan scan;    /* the PCI boxes, as the run finds them */
	struct pmon_registry pmon;
};

static struct fixture *setup(const char *profile, unsigned cpu)
{
	struct fixture *f = calloc(1, sizeof(*f));
	assert_non_null(f);
	f->m = test_model(profile, 2, 1, &f->b);
	assert_int_equal(pmu_discover(&f->b, cpu, &f->ci), PMU_OK);
	model_clear_log(f->m);
	f->env = (struct selftest_env){
		.b = &f->b, .cpu = cpu, .ci = &f->ci, .boxes = test_boxes_of(&f->ci),
		.iterations = ITERATIONS,
	};
	if (uncore_family_desc(f->ci.uncore)->pci) {
		assert_int_equal(uncore_pci_scan(&f->b, cpu, f->env.boxes, &f->scan, &f->pmon), PMU_OK);
		f->b.pmon = &f->pmon;
		f->env.pci = &f->scan.pkg[0];
		model_clear_log(f->m);
	}
	return f;
}

static void teardown(struct fixture *f)
{
	free(f->m);
	free(f);
}

static void dump(const struct selftest_report *r)
{
	for (unsigned i = 0; i < r->n; i++)
		printf("  %-24s %s  exp %llu got %llu  %s\n", r->c[i].name,
		       selftest_result_str(r->c[i].result), (unsigned long long)r->c[i].expected,
		       (unsigned long long)r->c[i].measured, r->c[i].reason);
}

static const struct selftest_check *find(const struct selftest_report *r, const char *name)
{
	for (unsigned i = 0; i < r->n; i++)
		if (!strcmp(r->c[i].name, name))
			return &r->c[i];
	fail_msg("no check '%s'", name);
	return NULL;
}

static void assert_result(const struct selftest_report *r, const char *name, enum selftest_result res)
{
	const struct selftest_check *c = find(r, name);
	if (c->result != res) {
		dump(r);
		fail_msg("check '%s' is %s, want %s", name, selftest_result_str(c->result),
			 selftest_result_str(res));
	}
}

/* The names of the failing checks, space separated, in order. */
static void failing(const struct selftest_report *r, char *out, size_t cap)
{
	out[0] = '\0';
	for (unsigned i = 0; i < r->n; i++) {
		if (r->c[i].result != SELFTEST_FAIL)
			continue;
		if (out[0])
			strncat(out, ",", cap - strlen(out) - 1);
		strncat(out, r->c[i].name, cap - strlen(out) - 1);
	}
}

static void assert_fails_exactly(const struct selftest_report *r, const char *want)
{
	char got[512];
	failing(r, got, sizeof(got));
	if (strcmp(got, want)) {
		dump(r);
		fail_msg("failing checks '%s', want '%s'", got, want);
	}
}

static void core_passes_on_every_profile(void **state)
{
	(void)state;
	for (unsigned p = 0; p < sizeof(pmu_profiles) / sizeof(pmu_profiles[0]); p++) {
		struct fixture *f = setup(pmu_profiles[p], 1);
		selftest_core(&f->env, &f->r);
		if (f->r.fail) {
			printf("%s:\n", pmu_profiles[p]);
			dump(&f->r);
		}
		assert_int_equal(f->r.fail, 0);
		assert_false(f->r.absent);
		assert_false(f->r.truncated);
		/* Only the TSC comparison has nothing to compare with on the model. */
		assert_int_equal(f->r.skip, 1);
		assert_result(&f->r, "cycles vs TSC", SELFTEST_SKIP);
		assert_result(&f->r, "kernel inst", SELFTEST_PASS);
		assert_result(&f->r, "kernel branch", SELFTEST_PASS);
		assert_result(&f->r, "width gp", SELFTEST_PASS);
		assert_result(&f->r, "edge", SELFTEST_PASS);
		assert_int_equal(find(&f->r, "kernel inst")->measured,
				 find(&f->r, "kernel inst")->expected);
		teardown(f);
	}
}

static void core_catches_narrow_counters(void **state)
{
	(void)state;
	for (unsigned p = 0; p < sizeof(pmu_profiles) / sizeof(pmu_profiles[0]); p++) {
		struct fixture *f = setup(pmu_profiles[p], 0);
		f->m->broken.narrow_counters = 1;
		selftest_core(&f->env, &f->r);
		assert_fails_exactly(&f->r, "width gp,width fixed");
		assert_int_equal(find(&f->r, "width gp")->expected, 48);
		assert_int_equal(find(&f->r, "width gp")->measured, 47);
		assert_non_null(strstr(find(&f->r, "width fixed")->reason, "FIXED_CTR0 holds 47 bits"));
		teardown(f);
	}
}

static void core_catches_ignored_enable(void **state)
{
	(void)state;
	for (unsigned p = 0; p < sizeof(pmu_profiles) / sizeof(pmu_profiles[0]); p++) {
		struct fixture *f = setup(pmu_profiles[p], 0);
		f->m->broken.ignore_enable = true;
		selftest_core(&f->env, &f->r);
		assert_fails_exactly(&f->r, "enable EN,enable global,enable fixed ring");
		assert_non_null(strstr(find(&f->r, "enable EN")->reason, "with EN clear"));
		assert_true(find(&f->r, "enable EN")->measured > 0);
		teardown(f);
	}
}

/* A #GP on one MSR fails that register's check, names it, and every other check still reports. */
static void core_names_the_faulting_msr(void **state)
{
	static const struct {
		uint32_t msr;
		const char *check, *reason;
	} cases[] = {
		{ MSR_IA32_PERFEVTSEL0 + 1, "msr PERFEVTSEL", "PERFEVTSEL1 (0x187): #GP fault" },
		{ MSR_IA32_FIXED_CTR0 + 2, "msr FIXED_CTR", "FIXED_CTR2 (0x30b): #GP fault" },
		{ MSR_IA32_PERF_GLOBAL_STATUS, "msr GLOBAL_STATUS", "GLOBAL_STATUS (0x38e): #GP fault" },
	};
	(void)state;
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct fixture *f = setup("nehalem-ep", 1);
		struct fixture *ok = setup("nehalem-ep", 1);
		assert_int_equal(model_inject_fault(f->m, cases[i].msr, 1), PMU_OK);
		selftest_core(&f->env, &f->r);
		selftest_core(&ok->env, &ok->r);
		assert_fails_exactly(&f->r, cases[i].check);
		assert_string_equal(find(&f->r, cases[i].check)->reason, cases[i].reason);
		assert_int_equal(f->r.n, ok->r.n);
		assert_result(&f->r, "restore", SELFTEST_PASS);
		assert_result(&f->r, "width gp", SELFTEST_PASS);
		/* The engine's snapshot reads the faulting MSR: its checks say so instead of failing. */
		assert_result(&f->r, "kernel inst", SELFTEST_SKIP);
		assert_non_null(strstr(find(&f->r, "kernel inst")->reason, "snapshot"));
		teardown(f);
		teardown(ok);
	}
}

/* Firmware's values, non-zero, survive the suite in every register it writes. */
static void core_puts_every_register_back(void **state)
{
	static const struct { uint32_t msr; uint64_t val; } fw[] = {
		{ MSR_IA32_PERFEVTSEL0 + 2, 0x0301C2 }, { MSR_IA32_PMC0 + 1, 0x12345 },
		{ MSR_IA32_PMC0 + 3, 0xFFFFFFFFFF00ull }, { MSR_IA32_FIXED_CTR0 + 1, 0xABCDEF },
		{ MSR_IA32_FIXED_CTR_CTRL, 0x200 }, { MSR_IA32_PERF_GLOBAL_CTRL, 0x700000000ull },
	};
	(void)state;
	struct fixture *f = setup("sandy-bridge-ep", 1);
	for (unsigned i = 0; i < sizeof(fw) / sizeof(fw[0]); i++)
		assert_int_equal(pmu_wrmsr(&f->b, 1, fw[i].msr, fw[i].val), PMU_OK);
	selftest_core(&f->env, &f->r);
	assert_fails_exactly(&f->r, "");
	for (unsigned i = 0; i < sizeof(fw) / sizeof(fw[0]); i++) {
		uint64_t v;
		assert_int_equal(pmu_rdmsr(&f->b, 1, fw[i].msr, &v), PMU_OK);
		assert_int_equal(v, fw[i].val);
	}
	teardown(f);
}

static void core_without_pmu_says_so(void **state)
{
	(void)state;
	struct fixture *f = setup("no-pmu", 0);
	selftest_core(&f->env, &f->r);
	assert_true(f->r.absent);
	assert_int_equal(f->r.n, 1);
	assert_int_equal(f->r.fail, 0);
	assert_result(&f->r, "core PMU", SELFTEST_SKIP);
	assert_string_equal(f->r.c[0].reason, "no architectural PMU: CPUID.0AH reports version 0");
	assert_int_equal(model_total_writes(f->m), 0);
	teardown(f);
}

static void uncore_passes_on_every_profile(void **state)
{
	static const char *const skipped[] = {
		[0] = "mbox count modes,mbox freeze", [1] = "mbox count modes,mbox freeze",
		[2] = "uncore threshold,uncore invert,uncore edge",
		[3] = "uncore threshold,uncore invert,uncore edge",
		[4] = "mbox count modes,mbox freeze",
	};
	(void)state;
	/* the seed profiles, the first five: the later parts' uncore is not modelled */
	for (unsigned p = 0; p < sizeof(skipped) / sizeof(skipped[0]); p++) {
		struct fixture *f = setup(pmu_profiles[p], 1);
		char got[256] = "";
		selftest_uncore(&f->env, 0, &f->r);
		assert_fails_exactly(&f->r, "");
		for (unsigned i = 0; i < f->r.n; i++) {
			if (f->r.c[i].result != SELFTEST_SKIP)
				continue;
			if (got[0])
				strcat(got, ",");
			strcat(got, f->r.c[i].name);
			assert_int_equal(f->r.c[i].scope, SELFTEST_PACKAGE);
		}
		assert_string_equal(got, skipped[p]);
		assert_false(f->r.absent);
		assert_result(&f->r, "clock", SELFTEST_PASS);
		assert_result(&f->r, "uncore overflow", SELFTEST_PASS);
		teardown(f);
	}
}

static void uncore_widths_follow_the_seeds(void **state)
{
	(void)state;
	struct fixture *f = setup("sandy-bridge-ep", 0);
	selftest_uncore(&f->env, 0, &f->r);
	assert_int_equal(find(&f->r, "width uncore_ubox")->measured, 44);
	assert_int_equal(find(&f->r, "width uncore_pcu")->measured, 48);
	teardown(f);
	f = setup("nehalem-ex", 0);
	selftest_uncore(&f->env, 0, &f->r);
	assert_int_equal(find(&f->r, "width uncore_mbox_1")->measured, 48);
	assert_int_equal(find(&f->r, "mbox freeze")->measured, 101);
	teardown(f);
}

static void uncore_names_the_faulting_msr(void **state)
{
	(void)state;
	struct fixture *f = setup("sandy-bridge-ep", 0);
	assert_int_equal(model_inject_fault(f->m, 0xD78, -1), PMU_OK);   /* C-box 3 counter 2 */
	selftest_uncore(&f->env, 0, &f->r);
	assert_fails_exactly(&f->r, "msr uncore_cbox_3");
	assert_string_equal(find(&f->r, "msr uncore_cbox_3")->reason, "0xd78: #GP fault");
	assert_result(&f->r, "uncore invert", SELFTEST_PASS);
	assert_result(&f->r, "restore", SELFTEST_PASS);
	teardown(f);
}

/* The reference model's "no-pmu" CPU claims the SNB-EP model number: the probe says the uncore is absent. */
static void uncore_without_pmu_says_so(void **state)
{
	(void)state;
	struct fixture *f = setup("no-pmu", 0);
	selftest_uncore(&f->env, 0, &f->r);
	assert_true(f->r.absent);
	assert_int_equal(f->r.n, 1);
	assert_result(&f->r, "uncore PMU", SELFTEST_SKIP);
	assert_string_equal(f->r.c[0].reason, "absent: 0xc10: #GP fault");
	assert_int_equal(model_total_writes(f->m), 0);
	teardown(f);
}

/* The SNB-EP PCI boxes: registers hold their bits, widths, the box reset; a hidden one skipped. */
static void uncore_pci_boxes(void **state)
{
	(void)state;
	struct fixture *f = setup("sandy-bridge-ep", 1);
	selftest_uncore(&f->env, 0, &f->r);
	assert_fails_exactly(&f->r, "");
	static const char *const names[] = { "pci uncore_ha", "pci uncore_imc_3", "reset uncore_imc_0",
					     "pci uncore_qpi_1", "reset uncore_r3qpi_1",
					     "pci uncore_r2pcie" };
	for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		assert_result(&f->r, names[i], SELFTEST_PASS);
	assert_int_equal(f->m->npci_hidden, 0);
	teardown(f);

	/* firmware hid channel 2: skipped with the reason, nothing written there */
	struct fixture *g = calloc(1, sizeof(*g));
	assert_non_null(g);
	g->m = test_model("sandy-bridge-ep", 2, 1, &g->b);
	assert_int_equal(model_pci_hide(g->m, 0, 16, 0), PMU_OK);
	assert_int_equal(pmu_discover(&g->b, 1, &g->ci), PMU_OK);
	assert_int_equal(uncore_pci_scan(&g->b, 1, test_boxes_of(&g->ci), &g->scan, &g->pmon), PMU_OK);
	g->b.pmon = &g->pmon;
	g->env = (struct selftest_env){ .b = &g->b, .cpu = 1, .ci = &g->ci,
					.boxes = test_boxes_of(&g->ci), .iterations = ITERATIONS,
					.pci = &g->scan.pkg[0] };
	selftest_uncore(&g->env, 0, &g->r);
	assert_result(&g->r, "pci uncore_imc_2", SELFTEST_SKIP);
	assert_result(&g->r, "pci uncore_imc_1", SELFTEST_PASS);
	teardown(g);
}

/*
 * Skylake-SP's iMC channel: its four counters and the fixed DCLK counter's control (0xF0)
 * and counter (0xD0) hold their bits, measured against the registers the check names.
 */
static void skx_imc_fixed_regs(void **state)
{
	(void)state;
	struct fixture *f = setup("skylake-sp", 1);
	selftest_uncore(&f->env, 0, &f->r);
	assert_fails_exactly(&f->r, "");
	assert_result(&f->r, "pci uncore_imc_5", SELFTEST_PASS);
	const struct selftest_check *c = find(&f->r, "pci uncore_imc_5");
	/* the box control, 4 x (control, counter) and the fixed pair: 11 registers, all holding */
	assert_int_equal(c->expected, 11);
	assert_int_equal(c->measured, 11);
	teardown(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(core_passes_on_every_profile),
		cmocka_unit_test(core_catches_narrow_counters),
		cmocka_unit_test(core_catches_ignored_enable),
		cmocka_unit_test(core_names_the_faulting_msr),
		cmocka_unit_test(core_puts_every_register_back),
		cmocka_unit_test(core_without_pmu_says_so),
		cmocka_unit_test(uncore_passes_on_every_profile),
		cmocka_unit_test(uncore_widths_follow_the_seeds),
		cmocka_unit_test(uncore_names_the_faulting_msr),
		cmocka_unit_test(uncore_without_pmu_says_so),
		cmocka_unit_test(uncore_pci_boxes),
		cmocka_unit_test(skx_imc_fixed_regs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
