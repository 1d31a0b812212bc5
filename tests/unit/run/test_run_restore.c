/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The restore read back on the model: a default run on an Intel server with uncore (PCI
 * boxes), a client (discovery table behind a portal MSR) and an AMD part reads back every
 * register it restored, as many as its records say it wrote (each CPU's two sessions, each
 * package's boxes, the probes and the SMM freeze bit), and none differs; a model whose IA32_PERFEVTSEL0 keeps
 * its enable bit (sim-break = sticky-enable) FAILs naming that register on every CPU.
 */
#include "run_harness.h"
#include "run/restore_report.h"

/* Records of kind rec holding text what (a field and its value) on their line. */
static unsigned records(const char *log, const char *rec, const char *what)
{
	char want[64];
	unsigned n = 0;
	snprintf(want, sizeof(want), "\"rec\":\"%s\"", rec);
	for (const char *at = strstr(log, want); at; at = strstr(at + 1, want)) {
		const char *end = strchr(at, '\n'), *w = strstr(at, what);
		n += w && w < end;
	}
	return n;
}

/* The registers of every `ownership` record whose box is box (each a restored record). */
static unsigned owned(const char *log, const char *box)
{
	char want[64];
	unsigned n = 0;
	snprintf(want, sizeof(want), "\"rec\":\"ownership\",\"schema\":2,\"simulated\":true,"
		 "\"box\":\"%s\"", box);
	for (const char *at = strstr(log, want); at; at = strstr(at + 1, want)) {
		const char *end = strchr(at, '\n');
		for (const char *r = strstr(at, "\"reg\":"); r && r < end; r = strstr(r + 1, "\"reg\":"))
			n++;
	}
	return n;
}

static void reads_back_what_it_restored(const char *profile, unsigned ncpus, unsigned npkgs)
{
	char cfg[128], line[128], rec[160];
	snprintf(cfg, sizeof(cfg), "backend = sim\nsim-profile = %s\n", profile);
	struct outcome o = run_cfg(cfg, ncpus, npkgs);
	if (o.v != VERDICT_PASS)
		fail_msg("%s: verdict %s\n%s", profile, verdict_name(o.v), o.f->console);
	/*
	 * The empty kernel's session and the kernel's write the same registers; each probe that
	 * held (its control) and each width probed (its counter) put one back, and so did each
	 * window that set IA32_DEBUGCTL's freeze-while-SMM bit (the model's firmware leaves it
	 * clear).
	 */
	unsigned core = owned(o.f->log, "core"), uncore = owned(o.f->log, "uncore");
	unsigned probes = records(o.f->log, "uncore_probe", "\"result\":\"holds\"") +
			  records(o.f->log, "uncore_width", "\"result\":\"probed\"") +
			  records(o.f->log, "window", "\"smm_frozen\":true");
	unsigned n = 2 * core + uncore + probes;
	assert_true(core >= 4 * ncpus);
	snprintf(line, sizeof(line), "[SIM] restore checked: %u registers read back, 0 differ\n", n);
	if (fake_count(o.f->console, line) != 1)
		fail_msg("%s: no line '%s' (core %u, uncore %u, probes %u)\n%s", profile, line, core,
			 uncore, probes, o.f->console);
	snprintf(rec, sizeof(rec), "\"rec\":\"restore_check\",\"schema\":2,\"simulated\":true,"
		 "\"read\":%u,\"differ\":0,\"faulted\":0,\"not_compared\":0,\"differences\":[]", n);
	assert_int_equal(fake_count(o.f->log, rec), 1);
	snprintf(rec, sizeof(rec), "\"restore read-backs\":%u}", n);
	assert_int_equal(fake_count(o.f->log, rec), 1);
	done(&o);
}

static void server_client_amd_read_back(void **state)
{
	(void)state;
	reads_back_what_it_restored("sandy-bridge-ep", 4, 2);   /* MSR and PCI boxes */
	reads_back_what_it_restored("sapphire-rapids", 4, 2);   /* discovery: MMIO, global control */
	reads_back_what_it_restored("panther-lake", 4, 1);
	reads_back_what_it_restored("zen4", 4, 1);              /* L3, Data Fabric, UMC */
}

static void sticky_enable_fails_naming_it(void **state)
{
	(void)state;
	struct outcome o = run_cfg("backend = sim\nsim-profile = sandy-bridge-ep\n"
				   "sim-break = sticky-enable\n", 4, 2);
	assert_int_equal(o.v, VERDICT_FAIL);
	/* branches on PMC0 (0x4300c4, the console's row) in both sessions of each CPU */
	assert_int_equal(fake_count(o.f->console, "[SIM] 0   branches                  pmc0      "
				    "0x186=0x4300c4"), 1);
	assert_int_equal(fake_count(o.f->console, " registers read back, 8 differ\n"), 1);
	assert_int_equal(fake_count(o.f->console, "[SIM]   msr 0x186 on CPUs 0-3: found 0x4300c4, "
				    "expected 0x0\n"), 1);
	assert_int_equal(fake_count(o.f->log, "\"differ\":8,\"faulted\":0,\"not_compared\":0,"
				    "\"differences\":[{\"reg\":\"msr 0x186\",\"cpus\":\"0-3\","
				    "\"found\":\"0x4300c4\",\"expected\":\"0x0\"}]"), 1);
	assert_int_equal(fake_count(o.f->console, "[SIM] VERDICT: FAIL - 4 CPUs"), 1);
	/* every other check still passed: only the read-back fails the run */
	assert_int_equal(fake_count(o.f->console, ": FAIL"), 1);   /* the verdict's */
	assert_int_equal(fake_count(o.f->console, "expected, overhead 2: PASS\n"), 4);
	done(&o);
}

/* The registers a run read back, from its restore_check record. */
static unsigned read_back(const char *log)
{
	const char *at = strstr(log, "\"rec\":\"restore_check\"");
	const char *n = at ? strstr(at, "\"read\":") : NULL;
	assert_non_null(n);
	return (unsigned)strtoul(n + 7, NULL, 10);
}

/*
 * Sandy Bridge-EP whose U-box control drops writes (QEMU's uncore, as a loaded profile's
 * not_held says): the probe fails on the first step and the package is counted no more; its
 * probes' read-backs count once, whatever the repeats, and each repeat adds the cores'.
 */
static unsigned dropping_run(unsigned repeats, unsigned *probes)
{
	static const struct model_not_held drop[] = { { 0xc10, 0 }, { 0, 0 } };
	char cfg[96];
	snprintf(cfg, sizeof(cfg), "backend = sim\nsim-profile = sandy-bridge-ep\nrepeats = %u\n",
		 repeats);
	struct outcome o = start_cfg(cfg, 4, 1, 1, NULL);
	struct model_profile *p = malloc(sizeof(*p));
	assert_non_null(p);
	*p = *assembled_model(o.r)->p;
	p->not_held = drop;
	assembled_model(o.r)->p = p;
	finish(&o);
	assert_int_equal(fake_count(o.f->console, "uncore registers do not hold values"), 1);
	*probes = records(o.f->log, "uncore_probe", "\"reg\"") +
		  records(o.f->log, "uncore_width", "\"ctr\"");
	unsigned n = read_back(o.f->log);
	done(&o);
	free(p);
	return n;
}

static void dead_package_counted_once(void **state)
{
	(void)state;
	unsigned probes = 0, one = dropping_run(1, &probes), three = dropping_run(3, &probes);
	assert_int_equal(probes, 2);   /* the U-box control and the UCLK counter, put back */
	assert_int_equal(three - probes, 3 * (one - probes));
}

/* A read-back that faulted is said as such, counted as a difference, and fails the run. */
static void faulted_read_back_said(void **state)
{
	(void)state;
	struct outcome o = run_cfg("backend = sim\nsim-profile = sandy-bridge-ep\n", 4, 2);
	struct restore_sum *sum = calloc(1, sizeof(*sum));
	struct restore_tally t = { .read = 3, .differ = 1, .faulted = 1, .ndiff = 1 };
	t.diff[0] = (struct restore_diff){ .key = 0x186, .cpu = 2, .st = PMU_ERR_FAULT_GP };
	assert_non_null(sum);
	o.f->console[0] = o.f->log[0] = '\0';
	o.f->console_len = o.f->log_len = 0;
	restore_sum_add(sum, &t);
	assert_int_equal(restore_report(o.r, sum), VERDICT_FAIL);
	assert_int_equal(fake_count(o.f->console, "[SIM] restore checked: 3 registers read back, "
				    "1 differs (1 faulted)\n[SIM]   msr 0x186 on CPU 2: read-back faulted: "), 1);
	assert_int_equal(fake_count(o.f->log, "\"differences\":[{\"reg\":\"msr 0x186\",\"cpus\":\"2\","
				    "\"fault\":"), 1);
	free(sum);
	done(&o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(server_client_amd_read_back),
		cmocka_unit_test(sticky_enable_fails_naming_it),
		cmocka_unit_test(faulted_read_back_said),
		cmocka_unit_test(dead_package_counted_once),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
