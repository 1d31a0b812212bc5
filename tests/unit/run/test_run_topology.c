/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The run's topology cross-check (issue 33 item 1): firmware's APIC ID and Location (MP
 * services) against each CPU's own CPUID. First a stub's CPUID: leaf 0BH with 1 SMT bit and
 * 3 core bits, so x2APIC ID = package << 4 | core << 1 | thread; then the model's, whose
 * CPUs are placed as firmware lists them.
 */
#include "run_harness.h"

#define NCPUS 4

struct stub {
	uint32_t x2apic[NCPUS];
};

static pmu_status stub_cpuid(void *ctx, unsigned cpu, uint32_t leaf, uint32_t sub,
			     struct pmu_cpuid *out)
{
	const struct stub *s = ctx;
	memset(out, 0, sizeof(*out));
	if (leaf == 0) {
		*out = (struct pmu_cpuid){ 0xB, 0x756E6547, 0x6C65746E, 0x49656E69 }; /* GenuineIntel */
	} else if (leaf == 0xB) {
		static const struct pmu_cpuid levels[] = { { 1, 2, 0x100, 0 }, { 4, 8, 0x201, 0 } };
		if (sub < 2)
			*out = levels[sub];
		out->ecx |= sub & 0xFF;
		out->edx = s->x2apic[cpu];
	} else if (leaf == 1) {
		out->ebx = (s->x2apic[cpu] & 0xFF) << 24;
	}
	return PMU_OK;
}

static pmu_status stub_fault(void *ctx, unsigned cpu, uint32_t msr, uint64_t *v)
{
	(void)ctx, (void)cpu, (void)msr;
	*v = 0;
	return PMU_ERR_FAULT_GP;
}

static pmu_status stub_nowrite(void *ctx, unsigned cpu, uint32_t msr, uint64_t v)
{
	(void)ctx, (void)cpu, (void)msr, (void)v;
	return PMU_ERR_FAULT_GP;
}

static const struct pmu_backend_ops stub_ops = {
	.rdmsr = stub_fault, .wrmsr = stub_nowrite, .rdpmc = stub_fault, .cpuid = stub_cpuid,
};

/*
 * A run on 4 CPUs, 2 packages of one 2-thread core, with firmware's APIC IDs those CPUID
 * gives; then firmware says core `core` for the CPUs of mask, their APIC IDs xor apic_xor.
 */
static struct outcome run_topo(const char *cfg, unsigned mask, uint32_t core, uint32_t apic_xor)
{
	static struct stub s;
	struct pmu_backend b = { .ops = &stub_ops, .ctx = &s, .name = "real" };
	struct outcome o = { fake_platform_new(NCPUS, 2, 2), calloc(1, sizeof(struct run)),
			     VERDICT_ERROR };
	struct efipmu_options opt;
	struct opt_error err;
	assert_non_null(o.r);
	for (unsigned i = 0; i < NCPUS; i++) {
		struct plat_cpu *c = &o.f->cpu[i];
		s.x2apic[i] = c->package << 4 | c->core << 1 | c->thread;
		c->apic_id = s.x2apic[i];
	}
	for (unsigned i = 0; i < NCPUS; i++) {
		if ((mask >> i) & 1) {
			o.f->cpu[i].core = core;
			o.f->cpu[i].apic_id ^= apic_xor;
		}
	}
	options_defaults(&opt);
	assert_int_equal(options_parse_config(cfg, strlen(cfg), &opt, &err), PMU_OK);
	o.v = run_init(o.r, &o.f->plat, &opt, "(test)", &b, NULL);
	finish(&o);
	return o;
}

static const char *const cfg = "";

static void test_agreeing_firmware_is_not_named(void **state)
{
	(void)state;
	struct outcome o = run_topo(cfg, 0, 0, 0);
	assert_null(strstr(o.f->console, "topology:"));
	assert_null(strstr(o.f->log, "topology_check"));
	/* each CPU's record carries its CPUID topology: CPU 3 is 0x11, thread 1 of package 1 */
	assert_non_null(strstr(o.f->log, "\"topology\":{\"source\":\"cpuid-0b\",\"x2apic_id\":17,"
				       "\"smt\":1,\"core\":0,\"package\":1}"));
	done(&o);
}

/* One line names the CPUs that disagree and the first of them; the verdict is unchanged. */
static void test_disagreement_is_a_finding(void **state)
{
	(void)state;
	struct outcome same = run_topo(cfg, 0, 0, 0);
	struct outcome o = run_topo(cfg, 1u << 2, 3, 0);
	assert_int_equal(fake_count(o.f->console, "topology:"), 1);
	assert_non_null(strstr(o.f->console,
		"topology: firmware's Location differs from CPUID on CPUs 2: CPU 2 firmware APIC ID "
		"16 package 1 core 3 thread 0, CPUID (cpuid-0b) x2APIC ID 16 package 1 core 0 "
		"thread 0\n"));
	assert_non_null(strstr(o.f->log, "\"rec\":\"topology_check\""));
	assert_non_null(strstr(o.f->log, "\"differs_on\":\"2\",\"cpus\":1,\"source\":\"cpuid-0b\""));
	assert_int_equal(o.v, same.v);
	done(&o);
	done(&same);
}

/* An APIC ID alone differing is named too; a range of CPUs once. */
static void test_apic_id_and_range(void **state)
{
	(void)state;
	struct outcome o = run_topo(cfg, 1u << 1, 0, 0x100);
	assert_non_null(strstr(o.f->console, "on CPUs 1: CPU 1 firmware APIC ID 257 package 0 "
						"core 0 thread 1, CPUID (cpuid-0b) x2APIC ID 1 "));
	done(&o);
	o = run_topo(cfg, 0xE, 1, 0);
	assert_int_equal(fake_count(o.f->console, "topology:"), 1);
	assert_non_null(strstr(o.f->console, "on CPUs 1-3: CPU 1 "));
	done(&o);
	/* a CPU --cpus leaves out is not compared */
	o = run_topo("cpus = 0-2\n", 0xE, 1, 0);
	assert_non_null(strstr(o.f->console, "on CPUs 1-2: CPU 1 "));
	done(&o);
}

/*
 * On the model every run is checked: Sapphire Rapids' 2 packages of 2 two-thread cores (APIC
 * IDs package << 7 | core << 1 | thread) agree; a firmware APIC ID that is not the CPU's own,
 * or a model CPU answering another thread's, is named.
 */
static void test_model_checked(void **state)
{
	(void)state;
	static const char sim[] = "backend = sim\nsim-profile = sapphire-rapids\n";
	struct outcome o = run_cfg(sim, 8, 2);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_null(strstr(o.f->console, "topology:"));
	assert_non_null(strstr(o.f->log, "\"cpu\":7,\"apic_id\":131,\"package\":1,\"core\":1,"
				       "\"thread\":1,"));
	done(&o);
	o = outcome_new(8, 2, 2);
	struct efipmu_options opt = parse_cfg(sim);
	fake_model_apics(o.f, &opt);
	o.f->cpu[5].apic_id ^= 1;
	o.v = run_init(o.r, &o.f->plat, &opt, "(test)", NULL, NULL);
	finish(&o);
	assert_non_null(strstr(o.f->console, "topology: firmware's Location differs from CPUID on "
				"CPUs 5: CPU 5 firmware APIC ID 128 package 1 core 0 thread 1, CPUID "
				"(cpuid-0b) x2APIC ID 129 package 1 core 0 thread 1\n"));
	done(&o);
	o = start_cfg(sim, 8, 2, 2, NULL);
	assembled_model(o.r)->smt_of[6] = 1;   /* CPU 6, thread 0 of core 1 of package 1, answers thread 1 */
	finish(&o);
	assert_non_null(strstr(o.f->console, "on CPUs 6: CPU 6 firmware APIC ID 130 package 1 core 1 "
				"thread 0, CPUID (cpuid-0b) x2APIC ID 131 package 1 core 1 thread 1\n"));
	assert_int_equal(o.v, VERDICT_PASS);
	done(&o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_agreeing_firmware_is_not_named),
		cmocka_unit_test(test_disagreement_is_a_finding),
		cmocka_unit_test(test_apic_id_and_range),
		cmocka_unit_test(test_model_checked),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
