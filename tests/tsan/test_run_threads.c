/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Whole runs (lib/run/run.h, the model's backend) on the threads platform
 * under ThreadSanitizer: every CPU measures on its own thread, through the
 * rounds protocol, so the run's own sharing (slots, steps, records) is
 * checked too. A healthy run over repeats; a CPU stuck in its first window
 * (its counters programmed) that firmware ends after the run went on without
 * it: the run reports it, and the leftover replay restores it on its own
 * thread once it answers. Last line: "tsan: N passed, N failed".
 */
#include <stdio.h>
#include "hooks/forward.h"
#include "platform_threads.h"
#include "run/options.h"
#include "run/run.h"

static unsigned npass, nfail;

/* The test's outcome, with the run's console when it failed; then the text is freed. */
static void result(const char *name, const char *why, struct thr_platform *t)
{
	if (!why) {
		printf("ok   %s\n", name);
		npass++;
	} else {
		printf("FAIL %s: %s\n%s", name, why, t->console ? t->console : "");
		nfail++;
	}
	thr_platform_free_text(t);
}

static unsigned count(const char *text, const char *needle)
{
	unsigned n = 0;
	for (const char *p = text; (p = strstr(p, needle)) != NULL; p += strlen(needle))
		n++;
	return n;
}

/* A run of cfg on t (4 CPUs, one package); hook, if any, laid over the run's backend. */
static enum verdict run_cfg(struct thr_platform *t, struct run *r, const char *cfg,
			    struct hook_backend *hook,
			    void (*at)(struct hook_backend *h, unsigned cpu, enum hook_op op))
{
	struct efipmu_options opt;
	struct opt_error err;
	struct run_header h = { .fw_vendor = "host", .time = "" };
	thr_platform_init(t, 4, 0);
	thr_platform_run(t);
	if (hook) {   /* the hook's CPU is ended as firmware's timeout does, soon */
		t->end_stragglers = true;
		t->settle_ms = 200;
	}
	options_defaults(&opt);
	if (options_parse_config(cfg, strlen(cfg), &opt, &err))
		return VERDICT_ERROR;
	enum verdict v = run_init(r, &t->plat, &opt, "(test)", NULL, NULL);
	if (v != VERDICT_PASS)
		return v;
	if (hook)
		hook_backend_init(hook, &r->backend, at, &r->backend);
	return run_main(r, &h);
}

static void test_healthy_run(void)
{
	static struct thr_platform t;
	static struct run r;
	const char *why = NULL;
	enum verdict v = run_cfg(&t, &r, "backend = sim\nrepeats = 3\n", NULL, NULL);
	if (v != VERDICT_PASS)
		why = "the verdict is not PASS";
	else if (count(t.console, "VERDICT: PASS - 4 CPUs") != 1)
		why = "no 'VERDICT: PASS - 4 CPUs' line";
	else if (count(t.log, "\"check\":\"kernel instructions retired\"") != 12)
		why = "not 12 instruction checks (4 CPUs, 3 repeats)";
	else if (count(t.log, "\"result\":\"FAIL\""))
		why = "a check failed";
	else if (t.starts != 1)
		why = "the repeats were not one dispatch";
	run_fini(&r);
	if (!thr_platform_fini(&t) && !why)
		why = "an AP never returned";
	result("a whole run, 4 CPUs on threads, 3 repeats", why, &t);
}

/* CPU 2 takes its first window and never comes back from it until firmware ends it. */
static struct thr_platform stuck_t;

static void stuck_at(struct hook_backend *h, unsigned cpu, enum hook_op op)
{
	(void)h;
	if (cpu == 2 && op == HOOK_GATED_RUN)
		thr_straggle(&stuck_t, cpu);
}

static void test_stuck_cpu_restored(void)
{
	static struct run r;
	static struct hook_backend hook;
	struct thr_platform *t = &stuck_t;
	/* PERFEVTSEL0-1, FIXED_CTR_CTRL, GLOBAL_CTRL (Intel SDM Vol. 3B 18.2) */
	static const uint32_t msrs[] = { 0x186, 0x187, 0x38d, 0x38f };
	uint64_t two, one;
	const char *why = NULL;
	enum verdict v = run_cfg(t, &r, "backend = sim\nap-timeout = 500\n", &hook, stuck_at);
	if (v != VERDICT_FAIL)
		why = "the verdict is not FAIL";
	else if (count(t->console, "CPU 2 (APIC id 2) did not end its round") != 1)
		why = "the console does not say CPU 2 did not end its round";
	else if (count(t->console, "CPU 2 (APIC id 2) timed out with ") != 1 ||
		 count(t->console, "registers programmed: restored once it answered again") != 1)
		why = "CPU 2 was not restored once it answered";
	else if (count(t->log, "\"rec\":\"leftover\"") != 1 ||
		 count(t->log, "\"restored\":true") != 1)
		why = "no leftover record saying restored";
	else if (t->ends != 1 || t->plat.rounds_leaked)
		why = "firmware did not end the straggler (or the block was kept)";
	else if (t->cpu[2].miss != PLAT_MISS_FINISH || t->cpu[2].miss_round != 0)
		why = "CPU 2 is not marked as not ending round 0";
	for (unsigned i = 0; !why && i < 4; i++) {
		/* CPU 1 ended its rounds and restored itself: CPU 2 must be as firmware left it */
		if (pmu_rdmsr(&r.backend, 2, msrs[i], &two) ||
		    pmu_rdmsr(&r.backend, 1, msrs[i], &one) || two != one)
			why = "a counter control of CPU 2 is not as firmware left it";
	}
	run_fini(&r);
	if (!thr_platform_fini(t) && !why)
		why = "an AP never returned";
	result("a CPU stuck in its window: reported, ended, restored", why, t);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	test_healthy_run();
	test_stuck_cpu_restored();
	printf("tsan: %u passed, %u failed\n", npass, nfail);
	return nfail != 0;
}
