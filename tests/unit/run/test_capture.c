/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The capture (lib/run/job_capture.c) in whole runs on the fake platform: one `machine`
 * record per CPU, per package and for the platform; every CPUID value and every MSR
 * (value or absent) as the model the run ran on answers it, read from a model of its
 * own; nothing written; `capture = off`; a bad value refused; SMBIOS on a platform that
 * publishes one.
 */
#include "run_harness.h"
#include "smbios_blob.h"
#include "machine_of_log.h"

/*
 * Every CPU's CPUID rows and MSRs, read back from the log (out/machine_read.c, the
 * compact form's "same as CPU n except" expanded), against a model of the same profile
 * and topology (two threads a core, as run_cfg lists them), untouched: the capture reads
 * what the machine holds before the job. *compact: the CPUs logged against another.
 */
static void check_cpu_records(const char *log, const char *profile, unsigned ncpus,
			      unsigned npkgs, unsigned *absent, unsigned *compact)
{
	struct pmu_backend b;
	struct model *m = test_model(profile, ncpus, npkgs, &b);
	test_model_threads(m, 2);
	struct machine *mc = test_machine_of_log(log, ncpus);
	assert_int_equal(mc->ncpus, ncpus);
	*absent = 0;
	*compact = (unsigned)fake_count(log, "\"same_as_cpu\":");
	for (unsigned cpu = 0; cpu < ncpus; cpu++) {
		/* as discovery left it: IA32_BIOS_SIGN_ID loaded by CPUID(1) after a 0 (SDM Vol. 3A 10.11.7.1) */
		struct pmu_cpuid id;
		(void)pmu_wrmsr(&b, cpu, 0x8B, 0);
		(void)pmu_cpuid(&b, cpu, 1, 0, &id);
		const struct machine_cpu *c = &mc->cpu[cpu];
		assert_false(c->walk.truncated);
		assert_true(c->walk.n >= 8);
		for (unsigned i = 0; i < c->walk.n; i++) {
			const struct cpuid_entry *x = &c->walk.e[i];
			struct pmu_cpuid want = model_cpuid_answer(m, cpu, x->leaf, x->sub);
			if (want.eax != x->r.eax || want.ebx != x->r.ebx || want.ecx != x->r.ecx ||
			    want.edx != x->r.edx)
				fail_msg("cpu %u leaf 0x%x.%u: logged differs from the model", cpu,
					 x->leaf, x->sub);
		}
		assert_true(c->regs.n > 30);
		for (unsigned i = 0; i < c->regs.n; i++) {
			uint64_t want = 0;
			bool present = c->regs.st[i] == PMU_OK;
			pmu_status st = pmu_rdmsr(&b, cpu, c->regs.msr[i], &want);
			if (present != (st == PMU_OK) || (present && c->regs.val[i] != want))
				fail_msg("cpu %u MSR 0x%x: logged %s 0x%llx, the model %s 0x%llx", cpu,
					 c->regs.msr[i], present ? "value" : "absent",
					 (unsigned long long)c->regs.val[i], pmu_status_str(st),
					 (unsigned long long)want);
			*absent += !present;
		}
	}
	free(mc);
	free(m);
}

/* Sandy Bridge-EP, 4 CPUs on 2 packages: every record there, every value the model's. */
static void test_model_machine_captured(void **state)
{
	(void)state;
	struct outcome o = run_cfg("backend = sim\nsim-profile = sandy-bridge-ep\n", 4, 2);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"machine\""), 4 + 2 + 1 + 1);
	/* every function the scan found, each package's U-box (3CE0) among them */
	assert_int_equal(fake_count(o.f->log, "\"scope\":\"pci\",\"functions\":[[\"pci 0000:"), 1);
	assert_int_equal(fake_count(o.f->log, "\",\"0x3ce08086\"]"), 2);
	assert_int_equal(fake_count(o.f->log, "\"functions_complete\":true,"
				    "\"extended_space_readable\":true}"), 1);
	assert_int_equal(fake_count(o.f->log, "\"simulated\":true,\"scope\":\"package\""), 2);
	assert_int_equal(fake_count(o.f->log, "\"uncore_family\":\"sandy-bridge-ep\",\"msrs\":[[\""), 2);
	/* the engine's own PCI scan placed each package's iMC channel 0 on its U-box's bus, and
	   so did the default job's (it counts each channel's DCLK): twice a package */
	assert_int_equal(fake_count(o.f->log, "\"box\":\"uncore_imc_0\",\"at\":\"pci 0000:"), 4);
	assert_int_equal(fake_count(o.f->log, "\"profile\":\"sandy-bridge-ep\",\"smbios_why\":"
				    "\"the reference model has no firmware tables\""), 1);
	unsigned absent, compact;
	check_cpu_records(o.f->log, "sandy-bridge-ep", 4, 2, &absent, &compact);
	/* each package's second CPU: the same as its first but for its APIC ID's rows */
	assert_int_equal(compact, 2);
	assert_int_equal(fake_count(o.f->log, "\"cpu\":1,\"apic_id\":1,\"package\":0,\"core\":0,"
				    "\"thread\":1,\"same_as_cpu\":0,\"cpuid_except\":[[\"0x1\",\"0x0\","), 1);
	/* PMC4-9, their selects and full-width aliases, FIXED_CTR3-6, INUSE, ... of 4-GP v3 */
	assert_true(absent > 10);
	char want[96];
	snprintf(want, sizeof(want), "capture: 4 CPUs, ");
	assert_int_equal(fake_count(o.f->console, want), 1);
	done(&o);
}

/* The capture writes nothing: the same run with it off makes the same writes, in number. */
static void test_capture_writes_nothing(void **state)
{
	(void)state;
	const char *cfg[] = { "backend = sim\nsim-profile = icelake-sp\n",
			      "backend = sim\nsim-profile = icelake-sp\ncapture = off\n" };
	unsigned writes[2];
	for (unsigned i = 0; i < 2; i++) {
		struct outcome o = run_cfg(cfg[i], 2, 1);
		assert_int_equal(o.v, VERDICT_PASS);
		writes[i] = model_total_writes(assembled_model(o.r));
		/* 2 CPUs, a package, the PCI functions, the platform */
		assert_int_equal(fake_count(o.f->log, "\"rec\":\"machine\""), i ? 0 : 5);
		assert_int_equal(fake_count(o.f->console, "capture: "), i ? 0 : 1);
		done(&o);
	}
	assert_int_equal(writes[0], writes[1]);
}

/* QEMU's machine as the model has it: no PMU MSR answers, each logged absent. */
static void test_no_pmu_msrs_absent(void **state)
{
	(void)state;
	struct outcome o = run_cfg("backend = sim\nsim-profile = no-pmu\n", 2, 1);
	unsigned absent, compact;
	check_cpu_records(o.f->log, "no-pmu", 2, 1, &absent, &compact);
	/* logged once: CPU 1 is CPU 0 but for its APIC ID, and its MSRs are as absent */
	assert_int_equal(compact, 1);
	assert_int_equal(fake_count(o.f->log, "[\"0x186\",null]"), 1);
	assert_int_equal(fake_count(o.f->log, "[\"0x38f\",null]"), 1);
	assert_int_equal(fake_count(o.f->log, "\"msrs_except\":[]"), 1);
	assert_true(absent > 40);
	done(&o);
}

/* Anything but on or off: one line naming the setting, no record, nothing run. */
static void test_bad_value_refused(void **state)
{
	(void)state;
	struct outcome o = start_cfg("backend = sim\ncapture = maybe\n", 2, 1, 1, NULL);
	assert_int_equal(o.v, VERDICT_ERROR);
	assert_string_equal(o.f->console,
			    "[SIM] efipmu: efipmu.cfg:2: capture: expected on or off, not 'maybe'\n");
	assert_int_equal(o.f->log_len, 0);
	done(&o);
}

/*
 * The real backend (the model standing in for the machine): the platform record has the
 * firmware's identity from the header and the SMBIOS the platform publishes, and its
 * table's bytes; without one, why.
 */
static void test_real_platform_identity(void **state)
{
	(void)state;
	static const uint8_t table[] = {
		0, 0x18, 0, 0, 1, 2, 0, 0xE8, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 9, 0xFF, 0xFF,
		'A', 'c', 'm', 'e', 0, '1', '.', '2', 0, '0', '1', '/', '0', '2', '/', '2', '6', 0, 0,
		1, 0x1B, 1, 0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		'L', 'a', 'b', 0, 'B', 'o', 'x', 0, 0,
		127, 4, 2, 0, 0, 0,
	};
	uint8_t ep[0x18] = { '_', 'S', 'M', '3', '_', 0, 0x18, 3, 6, 0, 1, 0, sizeof(table) };
	smbios_checksum(ep, sizeof(ep), 5);
	for (unsigned with = 0; with < 2; with++) {
		struct pmu_backend b;
		struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
		b.simulated = false;
		b.name = "real";
		struct outcome o = start_cfg("backend = real\n", 2, 1, 1, &b);
		if (with) {
			o.f->smbios_ep = ep;
			o.f->smbios_ep_len = sizeof(ep);
			o.f->smbios_table = table;
			o.f->smbios_table_len = sizeof(table);
		}
		finish(&o);
		assert_int_equal(o.v, VERDICT_PASS);
		assert_int_equal(fake_count(o.f->log, "\"simulated\""), 0);
		assert_int_equal(fake_count(o.f->log, "\"scope\":\"platform\",\"cpus\":2,\"packages\":1,"
					    "\"vendor\":\"GenuineIntel\",\"firmware_vendor\":\"host\","), 1);
		if (with) {
			assert_int_equal(fake_count(o.f->log, "\"smbios\":{\"version\":\"3.6\","
						    "\"structures\":3,\"bios\":{\"vendor\":\"Acme\","
						    "\"version\":\"1.2\",\"date\":\"01/02/26\","
						    "\"release\":\"1.9\"},\"system\":{\"manufacturer\":"
						    "\"Lab\",\"product\":\"Box\",\"version\":\"\"},"
						    "\"sockets\":[],\"table_bytes\":85,\"table_hex\":"
						    "\"0018000001020"), 1);
			assert_int_equal(fake_count(o.f->console, "SMBIOS 3.6: Acme 1.2, Lab Box"), 1);
		} else {
			assert_int_equal(fake_count(o.f->log, "\"smbios_why\":\"firmware publishes no "
						    "SMBIOS table\"}"), 1);
		}
		done(&o);
		free(m);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_model_machine_captured),
		cmocka_unit_test(test_capture_writes_nothing),
		cmocka_unit_test(test_no_pmu_msrs_absent),
		cmocka_unit_test(test_bad_value_refused),
		cmocka_unit_test(test_real_platform_identity),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
