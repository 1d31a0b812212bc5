/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The capture (lib/run/job_capture.c) in whole runs on the fake platform: one `machine`
 * record per CPU, per package and for the platform; every CPUID value and every MSR
 * (value or absent) as the model the run ran on answers it, read from a model of its
 * own; nothing written; `capture = off`; a bad value refused; SMBIOS on a platform that
 * publishes one.
 */
#define _GNU_SOURCE   /* memmem */
#include "run_harness.h"
#include "smbios_blob.h"
#include "out/logread.h"

/* The n-th line of text holding needle, copied into buf (NUL-terminated); false: none. */
static bool nth_line(const char *text, const char *needle, unsigned n, char *buf, size_t cap)
{
	for (const char *p = text; *p;) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (memmem(p, len, needle, strlen(needle)) && n-- == 0) {
			assert_true(len < cap);
			memcpy(buf, p, len);
			buf[len] = 0;
			return true;
		}
		p += len + (e != NULL);
	}
	return false;
}

/* The hex string or null at the start of s: true and *v, or false for null; s moved past it. */
static bool take_value(const char **s, uint64_t *v)
{
	while (**s == ',' || **s == '[' || **s == ' ')
		(*s)++;
	if (!strncmp(*s, "null", 4)) {
		*s += 4;
		return false;
	}
	assert_int_equal(**s, '"');
	char *end;
	*v = strtoull(*s + 1, &end, 16);
	assert_int_equal(*end, '"');
	*s = end + 1;
	return true;
}

#define REC_MAX (64 * 1024)

/*
 * Every CPU record's CPUID rows and MSRs against a model of the same profile and
 * topology (two threads a core, as run_cfg lists them), untouched: the capture reads what
 * the machine holds before the job.
 */
static void check_cpu_records(const char *log, const char *profile, unsigned ncpus,
			      unsigned npkgs, unsigned *absent)
{
	struct pmu_backend b;
	struct model *m = test_model(profile, ncpus, npkgs, &b);
	test_model_threads(m, 2);
	char *line = malloc(REC_MAX);
	struct logrec_view *v = malloc(sizeof(*v));
	assert_true(line && v);
	*absent = 0;
	for (unsigned cpu = 0; cpu < ncpus; cpu++) {
		/* as discovery left it: IA32_BIOS_SIGN_ID loaded by CPUID(1) after a 0 (SDM Vol. 3A 10.11.7.1) */
		struct pmu_cpuid id;
		(void)pmu_wrmsr(&b, cpu, 0x8B, 0);
		(void)pmu_cpuid(&b, cpu, 1, 0, &id);
		char key[32];
		snprintf(key, sizeof(key), "\"scope\":\"cpu\",\"cpu\":%u,", cpu);
		assert_true(nth_line(log, key, 0, line, REC_MAX));
		assert_int_equal(logread_line(line, strlen(line), v), PMU_OK);
		assert_true(logread_simulated(v));
		bool complete = false;
		assert_int_equal(logread_get_bool(v, "cpuid_complete", &complete), PMU_OK);
		assert_true(complete);
		const struct logval *c = logread_find(v, "cpuid");
		assert_non_null(c);
		unsigned rows = 0;
		for (const char *s = c->raw + 1; *s != ']';) {
			uint64_t r[6];
			for (unsigned k = 0; k < 6; k++)
				assert_true(take_value(&s, &r[k]));
			assert_int_equal(*s, ']');
			s++;
			struct pmu_cpuid want = model_cpuid_answer(m, cpu, (uint32_t)r[0], (uint32_t)r[1]);
			if (want.eax != r[2] || want.ebx != r[3] || want.ecx != r[4] || want.edx != r[5])
				fail_msg("cpu %u leaf 0x%llx.%llu: logged differs from the model", cpu,
					 (unsigned long long)r[0], (unsigned long long)r[1]);
			rows++;
		}
		assert_true(rows >= 8);
		const struct logval *ms = logread_find(v, "msrs");
		assert_non_null(ms);
		unsigned nmsr = 0;
		for (const char *s = ms->raw + 1; *s != ']';) {
			uint64_t msr, val = 0, want = 0;
			assert_true(take_value(&s, &msr));
			bool present = take_value(&s, &val);
			assert_int_equal(*s, ']');
			s++;
			pmu_status st = pmu_rdmsr(&b, cpu, (uint32_t)msr, &want);
			if (present != (st == PMU_OK) || (present && val != want))
				fail_msg("cpu %u MSR 0x%llx: logged %s 0x%llx, the model %s 0x%llx", cpu,
					 (unsigned long long)msr, present ? "value" : "absent",
					 (unsigned long long)val, pmu_status_str(st),
					 (unsigned long long)want);
			*absent += !present;
			nmsr++;
		}
		assert_true(nmsr > 30);
	}
	free(v);
	free(line);
	free(m);
}

/* Sandy Bridge-EP, 4 CPUs on 2 packages: every record there, every value the model's. */
static void test_model_machine_captured(void **state)
{
	(void)state;
	struct outcome o = run_cfg("backend = sim\nsim-profile = sandy-bridge-ep\n", 4, 2);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"machine\""), 4 + 2 + 1);
	assert_int_equal(fake_count(o.f->log, "\"simulated\":true,\"scope\":\"package\""), 2);
	assert_int_equal(fake_count(o.f->log, "\"uncore_family\":\"sandy-bridge-ep\",\"msrs\":[[\""), 2);
	/* the engine's own PCI scan placed each package's iMC channel 0 on its U-box's bus, and
	   so did the default job's (it counts each channel's DCLK): twice a package */
	assert_int_equal(fake_count(o.f->log, "\"box\":\"uncore_imc_0\",\"at\":\"pci 0000:"), 4);
	assert_int_equal(fake_count(o.f->log, "\"profile\":\"sandy-bridge-ep\",\"smbios_why\":"
				    "\"the reference model has no firmware tables\""), 1);
	unsigned absent;
	check_cpu_records(o.f->log, "sandy-bridge-ep", 4, 2, &absent);
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
		writes[i] = model_total_writes(o.r->model);
		assert_int_equal(fake_count(o.f->log, "\"rec\":\"machine\""), i ? 0 : 4);
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
	unsigned absent;
	check_cpu_records(o.f->log, "no-pmu", 2, 1, &absent);
	assert_int_equal(fake_count(o.f->log, "[\"0x186\",null]"), 2);
	assert_int_equal(fake_count(o.f->log, "[\"0x38f\",null]"), 2);
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
