/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The restore read-back of the jobs beside the measurement (run/restore_report.h): --bench,
 * --cxl, --selftest and --fault-test (through the platform's test) each say "restore checked: N registers read back, M differ", log a
 * `restore_check` record and count N restore read-backs; a register that does not restore
 * (the model's sim-break = sticky-enable: IA32_PERFEVTSEL0 keeps its enable bit; the CXL
 * CPMU's sticky_enable: a counter configuration keeps its own) makes the job FAIL naming it.
 */
#include "run_harness.h"

/* The job's read-backs as line, record and tally: n of them, d differing (then FAIL, else PASS). */
static void said(const struct outcome *o, unsigned n, unsigned d)
{
	char line[128], rec[160], grouped[16];
	if (o->v != (d ? VERDICT_FAIL : VERDICT_PASS))
		fail_msg("verdict %s\n%s", verdict_name(o->v), o->f->console);
	if (n >= 1000)   /* the console groups thousands */
		snprintf(grouped, sizeof(grouped), "%u,%03u", n / 1000, n % 1000);
	else
		snprintf(grouped, sizeof(grouped), "%u", n);
	snprintf(line, sizeof(line), "[SIM] restore checked: %s registers read back, %u differ%s\n",
		 grouped, d, d == 1 ? "s" : "");
	if (fake_count(o->f->console, line) != 1)
		fail_msg("no line '%s'; the console says:\n%.400s", line,
			 strstr(o->f->console, "restore checked") ?: o->f->console);
	snprintf(rec, sizeof(rec), "\"rec\":\"restore_check\",\"schema\":2,\"simulated\":true,"
		 "\"read\":%u,\"differ\":%u,", n, d);
	assert_int_equal(fake_count(o->f->log, rec), 1);
	snprintf(rec, sizeof(rec), "\"restore read-backs\":%u", n);
	assert_int_equal(fake_count(o->f->log, rec), 1);
}

/* A job whose one register read back otherwise: d of n differ, that register named once. */
static void named(const struct outcome *o, unsigned n, unsigned d, const char *reg,
		  const char *cpus, const char *found, const char *expected)
{
	char line[160], rec[200];
	said(o, n, d);
	snprintf(line, sizeof(line), "[SIM]   %s on CPU%s %s: found %s, expected %s\n", reg,
		 strchr(cpus, '-') ? "s" : "", cpus, found, expected);
	assert_int_equal(fake_count(o->f->console, line), 1);
	snprintf(rec, sizeof(rec), "\"differences\":[{\"reg\":\"%s\",\"cpus\":\"%s\",\"found\":"
		 "\"%s\",\"expected\":\"%s\"}]", reg, cpus, found, expected);
	assert_int_equal(fake_count(o->f->log, rec), 1);
}

#define SNB "backend = sim\nsim-profile = sandy-bridge-ep\n"

/*
 * --bench: 10 runs of each of its 2 modes, each the empty kernel's 2 windows, on 4 CPUs; each
 * window puts back the Sandy Bridge-EP core set of its first round's events: 9 registers.
 */
static void bench_reads_back(void **state)
{
	(void)state;
	struct outcome o = run_cfg(SNB "bench\n", 4, 2);
	said(&o, 2 * 10 * 2 * 4 * 9, 0);
	assert_int_equal(fake_count(o.f->console, "[SIM] restore checked: 1,440 registers read "
				    "back, 0 differ\n[SIM] VERDICT: PASS - 4 CPUs, 1442 checks: "
				    "2 skew measurements, 1440 restore read-backs\n"), 1);
	done(&o);
}

/* IA32_PERFEVTSEL0 keeping its enable bit: named on every CPU, and the bench FAILs. */
static void bench_sticky_fails(void **state)
{
	(void)state;
	struct outcome o = run_cfg(SNB "bench\nsim-break = sticky-enable\n", 4, 2);
	/* the first run's 2 windows on each CPU: later ones find it so */
	named(&o, 1440, 8, "msr 0x186", "0-3", "0x4300c4", "0x0");
	assert_int_equal(fake_count(o.f->console, "[SIM] VERDICT: FAIL - 4 CPUs"), 1);
	done(&o);
}

#define CXL "backend = sim\nsim-profile = sapphire-rapids\nsim-noise = none\ncxl\n"

/* --cxl: the CPMU's clock counter, its configuration, the freeze and overflow registers. */
static void cxl_reads_back(void **state)
{
	(void)state;
	struct outcome o = run_cfg(CXL, 4, 2);
	said(&o, 4, 0);
	assert_int_equal(fake_count(o.f->console, "[SIM] VERDICT: PASS - 4 CPUs, 5 checks: "
				    "1 CXL clock-tick count, 4 restore read-backs\n"), 1);
	done(&o);
}

/* A configuration that keeps its enable bit: named by its address, and --cxl FAILs. */
static void cxl_sticky_fails(void **state)
{
	(void)state;
	struct outcome o = start_cfg(CXL, 4, 2, 2, NULL);
	assembled_model(o.r)->cxl[0].sticky_enable = true;
	finish(&o);
	named(&o, 4, 1, "mmio 0xe0020200", "0", "0x1000101", "0x1000001");
	/* the tick count says the restore failed too (cxl_ticks.restored: the read-back's) */
	assert_int_equal(fake_count(o.f->console, ", NOT restored: FAIL\n"), 1);
	done(&o);
}

/*
 * --selftest: what its own checks wrote (its ownership records), what its engine runs
 * programmed and what its uncore probe put back, on each of 4 CPUs and 2 packages: 656
 * registers on Sandy Bridge-EP, and none differs (test_run's selftest on every profile
 * PASSes, so none differs there either).
 */
static void selftest_reads_back(void **state)
{
	(void)state;
	struct outcome o = run_cfg(SNB "selftest\n", 4, 2);
	said(&o, 656, 0);
	assert_int_equal(fake_count(o.f->console, "[SIM] selftest: 202 PASS, 0 FAIL, 8 SKIP\n"
				    "[SIM] restore checked: 656 registers read back, 0 differ\n"
				    "[SIM] VERDICT: PASS - 4 CPUs, 858 checks: 202 selftest checks, "
				    "656 restore read-backs\n"), 1);
	done(&o);
}

/* IA32_PERFEVTSEL0 keeping its enable bit: the suite's restores and its engines' name it. */
static void selftest_sticky_fails(void **state)
{
	(void)state;
	struct outcome o = run_cfg(SNB "selftest\nsim-break = sticky-enable\n", 4, 2);
	named(&o, 656, 24, "msr 0x186", "0-3", "0x4300c4", "0x0");
	done(&o);
}

/*
 * A platform's fault test as efi/fault_test.c makes it, on IA32_PERFEVTSEL0 of the model:
 * the register's value with EN set, then with a reserved bit (63, Intel SDM Vol. 3B
 * 18.2.1.1) too, which faults, its value written back, the register read back.
 */
static const char *perfevtsel0(const struct pmu_backend *b, unsigned cpu, char *desc, size_t cap,
			       struct restore_tally *back)
{
	uint64_t cur = 0;
	snprintf(desc, cap, "IA32_PERFEVTSEL0");
	if (pmu_rdmsr(b, cpu, 0x186, &cur) || pmu_wrmsr(b, cpu, 0x186, cur | 1ull << 22) ||
	    pmu_wrmsr(b, cpu, 0x186, cur | 1ull << 22 | 1ull << 63) != PMU_ERR_FAULT_GP ||
	    pmu_wrmsr(b, cpu, 0x186, cur))
		return "no #GP, or a write failed";
	restore_check_one(b, cpu, 0x186, cur, back);
	return NULL;
}

static const struct run_faults faults = { .test = perfevtsel0 };

static struct outcome fault_run(const char *cfg)
{
	struct outcome o = outcome_new(4, 2, 2);
	init_cfg_faults(&o, cfg, NULL, &faults);
	finish(&o);
	return o;
}

/* --fault-test: each CPU's MSR read back after its test. */
static void fault_test_reads_back(void **state)
{
	(void)state;
	struct outcome o = fault_run(SNB "fault-test\n");
	said(&o, 4, 0);
	assert_int_equal(fake_count(o.f->console, "[SIM] VERDICT: PASS - 4 CPUs, 8 checks: 4 fault "
				    "tests, 4 restore read-backs; #GP caught on all paths on 4 CPUs\n"), 1);
	done(&o);
}

/* Where the value does not go back (EN kept), the job FAILs naming it. */
static void fault_test_sticky_fails(void **state)
{
	(void)state;
	struct outcome o = fault_run(SNB "fault-test\nsim-break = sticky-enable\n");
	named(&o, 4, 4, "msr 0x186", "0-3", "0x400000", "0x0");
	done(&o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bench_reads_back),
		cmocka_unit_test(bench_sticky_fails),
		cmocka_unit_test(cxl_reads_back),
		cmocka_unit_test(cxl_sticky_fails),
		cmocka_unit_test(selftest_reads_back),
		cmocka_unit_test(selftest_sticky_fails),
		cmocka_unit_test(fault_test_reads_back),
		cmocka_unit_test(fault_test_sticky_fails),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
