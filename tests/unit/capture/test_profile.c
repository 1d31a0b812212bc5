/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Profiles as data (issue 26 item 2): a built-in profile written as a profile file
 * (model/model_machine.c, capture/profile.c) and the profile made from the capture of
 * a model run on it (the app's run on the fake platform, its log read back by
 * out/machine_read.c) are the same text, line for line, for profiles of every kind:
 * two-package Intel with PCI uncore boxes, v5, hybrid, AMD PerfMonV2, no PMU at all.
 */
#define _GNU_SOURCE   /* memmem */
#include "run_harness.h"
#include "boxes.h"
#include "capture/profile.h"
#include "model/model_loaded.h"
#include "model/model_machine.h"
#include "machine_of_log.h"

#define TEXT_MAX (4u << 20)
#define TEST_CPUS 64   /* the most CPUs of a machine here */

/* The log's machine records as a profile text. */
static void profile_of_log(const char *log, struct strbuf *out)
{
	struct machine *m = test_machine_of_log(log, TEST_CPUS);
	profile_write(m, "from a model run's log", out);
	free(m);
}

/*
 * The built-in profile on ncpus CPUs in npkgs packages, placed as run_cfg's fake platform
 * places them: two threads a core, cores numbered within their package.
 */
static void profile_of_builtin_dies(const char *name, unsigned ncpus, unsigned npkgs,
				    unsigned ndies, struct strbuf *out)
{
	struct pmu_backend b;
	struct model *mod = test_model(name, ncpus, npkgs, &b);
	struct model_machine_scratch *s = malloc(sizeof(*s));
	assert_non_null(s);
	s->mem = test_box_alloc;
	for (unsigned i = 0; i < ncpus; i++) {
		unsigned per = ncpus / npkgs;
		assert_int_equal(model_place_core(mod, i, (i % per) / 2), PMU_OK);
		/* as fake_platform_dies places them */
		if (ndies)
			assert_int_equal(model_place_die(mod, i, (i % per) / (per / ndies)), PMU_OK);
	}
	struct machine *m = test_machine(TEST_CPUS, model_machine_dies(mod));
	assert_int_equal(model_machine(mod, m, s), PMU_OK);
	profile_write(m, "built in", out);
	free(s);
	free(m);
	free(mod);
}

static void profile_of_builtin(const char *name, unsigned ncpus, unsigned npkgs, struct strbuf *out)
{
	profile_of_builtin_dies(name, ncpus, npkgs, 0, out);
}

/* Line by line, comments aside; the first difference named with both lines. */
static void assert_same_profile(const char *name, const char *a, const char *b)
{
	unsigned line = 0, facts = 0;
	while (*a || *b) {
		const char *ea = strchr(a, '\n'), *eb = strchr(b, '\n');
		size_t la = ea ? (size_t)(ea - a) : strlen(a), lb = eb ? (size_t)(eb - b) : strlen(b);
		line++;
		if (*a == '#' && *b == '#') {
			a += la + (ea != NULL);
			b += lb + (eb != NULL);
			continue;
		}
		if (la != lb || memcmp(a, b, la))
			fail_msg("%s: line %u differs:\n  log:      %.*s\n  built in: %.*s", name, line,
				 (int)la, a, (int)lb, b);
		facts++;
		a += la + (ea != NULL);
		b += lb + (eb != NULL);
	}
	assert_true(facts > 50);
}

static void round_trip(const char *name, unsigned ncpus, unsigned npkgs)
{
	char cfg[96];
	char *ta = malloc(TEXT_MAX), *tb = malloc(TEXT_MAX);
	struct strbuf a, b;
	assert_true(ta && tb);
	sb_init(&a, ta, TEXT_MAX);
	sb_init(&b, tb, TEXT_MAX);
	snprintf(cfg, sizeof(cfg), "backend = sim\nsim-profile = %s\n", name);
	struct outcome o = run_cfg(cfg, ncpus, npkgs);
	assert_int_not_equal(o.v, VERDICT_ERROR);
	profile_of_log(o.f->log, &a);
	done(&o);
	profile_of_builtin(name, ncpus, npkgs, &b);
	assert_false(a.overflow || b.overflow);
	assert_same_profile(name, ta, tb);
	free(ta);
	free(tb);
}

static void test_builtin_equals_its_capture(void **state)
{
	(void)state;
	round_trip("sandy-bridge-ep", 4, 2);
	round_trip("nehalem-ex", 4, 2);
	round_trip("icelake-sp", 2, 1);
	round_trip("sapphire-rapids", 4, 2);   /* each package's discovery table */
	round_trip("diamond-rapids", 4, 2);    /* and each package's behind its portal */
	round_trip("alder-lake", 4, 1);
	round_trip("zen4", 2, 1);
	round_trip("no-pmu", 2, 1);
}

/*
 * A profile file drives the model: read back (capture/profile_read.c), made a model profile
 * (model/model_loaded.c: each CPU's own leaves, the captured MSR map and hand-off values),
 * its model's machine written again is the same file: text (len bytes, ncpus CPUs), here.
 */
static void load_text_round_trip(const char *name, const char *text, size_t len, unsigned ncpus)
{
	char *tb = malloc(TEXT_MAX), err[160];
	struct machine *m = test_machine(TEST_CPUS, profile_dies(text, len));
	struct machine *again = test_machine(TEST_CPUS, profile_dies(text, len));
	struct model *mod = calloc(1, model_bytes(ncpus));
	struct model_machine_scratch *s = malloc(sizeof(*s));
	struct strbuf b;
	assert_true(tb && mod && s);
	s->mem = test_box_alloc;
	sb_init(&b, tb, TEXT_MAX);
	if (profile_read(text, len, m, err, sizeof(err)))
		fail_msg("%s: %s", name, err);
	struct model_loaded *l = malloc(model_loaded_bytes(m));
	assert_non_null(l);
	assert_int_equal(model_loaded_make(m, "loaded", l, model_loaded_bytes(m)), PMU_OK);
	assert_int_equal(model_loaded_init(mod, model_bytes(ncpus), l, m), PMU_OK);
	assert_int_equal(model_machine(mod, again, s), PMU_OK);
	profile_write(again, "loaded", &b);
	assert_same_profile(name, text, tb);
	free(s);
	free(mod);
	free(l);
	free(again);
	free(m);
	free(tb);
}

static void load_round_trip(const char *name, unsigned ncpus, unsigned npkgs)
{
	char *ta = malloc(TEXT_MAX);
	struct strbuf a;
	assert_non_null(ta);
	sb_init(&a, ta, TEXT_MAX);
	profile_of_builtin(name, ncpus, npkgs, &a);
	load_text_round_trip(name, ta, a.len, ncpus);
	free(ta);
}

/*
 * Diamond Rapids of 2 packages of 2 CBB dies (firmware's Location2): the capture keeps each
 * die's table behind its portal and each CPU's die; the built-in profile on the same dies is
 * the same text, and read back it drives a model whose machine is that text again.
 */
static void test_dies_round_trip(void **state)
{
	(void)state;
	char *ta = malloc(TEXT_MAX), *tb = malloc(TEXT_MAX), err[160];
	struct strbuf a, b;
	assert_true(ta && tb);
	sb_init(&a, ta, TEXT_MAX);
	sb_init(&b, tb, TEXT_MAX);
	struct outcome o = outcome_new(8, 2, 2);
	fake_platform_dies(o.f, 2);
	init_cfg(&o, "backend = sim\nsim-profile = diamond-rapids\n", NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	profile_of_log(o.f->log, &a);
	done(&o);
	profile_of_builtin_dies("diamond-rapids", 8, 2, 2, &b);
	assert_same_profile("diamond-rapids, 2 dies", ta, tb);
	assert_non_null(strstr(ta, "\ndies location2\n"));
	assert_non_null(strstr(ta, "\ncpu 6 apic 130 package 1 core 1 thread 0 die 1\n"));
	/* each die's table, read on its die's first CPU; die 1's at its own address */
	assert_non_null(strstr(ta, "\ndiscovery 1 portal 0x710 cpu 4 bar 0x2000140000 bytes 928 "));
	assert_non_null(strstr(ta, "\ndiscovery 1 portal 0x710 cpu 6 bar 0x2000148000 bytes 896 "));
	struct machine *m = test_machine(TEST_CPUS, profile_dies(ta, a.len));
	if (profile_read(ta, a.len, m, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(m->nportal, 4);   /* one a die, each naming its package and die */
	assert_int_equal(m->portal[3].package, 1);
	assert_int_equal(m->portal[3].die, 1);
	free(m);
	load_text_round_trip("diamond-rapids, 2 dies, loaded", ta, a.len, 8);
	free(ta);
	free(tb);
}

#define CBO0_CTL0 0x2002u   /* the CBB's first CBO's first control (model_disc_units.h) */

/* CBO 0's first control as the model made of text serves it on cpu. */
static uint64_t loaded_cbo_ctl(const char *text, size_t len, unsigned cpu)
{
	char err[160];
	struct machine *m = test_machine(TEST_CPUS, profile_dies(text, len));
	if (profile_read(text, len, m, err, sizeof(err)))
		fail_msg("%s", err);
	struct model_loaded *l = malloc(model_loaded_bytes(m));
	struct model *mod = calloc(1, model_bytes(m->ncpus));
	assert_true(l && mod);
	assert_int_equal(model_loaded_make(m, "dies", l, model_loaded_bytes(m)), PMU_OK);
	assert_int_equal(model_loaded_init(mod, model_bytes(m->ncpus), l, m), PMU_OK);
	uint64_t v = model_peek(model_file_for(mod, cpu, CBO0_CTL0), CBO0_CTL0);
	free(mod);
	free(l);
	free(m);
	return v;
}

/*
 * Each die's own firmware values: firmware left package 0 die 1's CBO 0 control other than
 * die 0's. The capture reads each die's on a CPU of it (a record of scope "die" each), the
 * profile keeps each (die lines) and the model made of it serves each die its own; a log
 * of before (its dies' registers in its package records, no die record) is still read.
 */
static void test_die_values_kept(void **state)
{
	(void)state;
	char *ta = malloc(TEXT_MAX), *old = malloc(TEXT_MAX);
	struct strbuf a, b;
	assert_true(ta && old);
	sb_init(&a, ta, TEXT_MAX);
	sb_init(&b, old, TEXT_MAX);
	struct outcome o = outcome_new(8, 2, 2);
	fake_platform_dies(o.f, 2);
	init_cfg(&o, "backend = sim\nsim-profile = diamond-rapids\n", NULL);
	struct model *mod = assembled_model(o.r);
	/* CPU 2: package 0's die 1 (4 CPUs a package, 2 a die) */
	assert_int_equal(model_poke(model_file_for(mod, 2, CBO0_CTL0), CBO0_CTL0, 0x1234), PMU_OK);
	assert_int_equal(model_peek(model_file_for(mod, 0, CBO0_CTL0), CBO0_CTL0), 0);
	finish(&o);
	const char *d1 = strstr(o.f->log, "\"scope\":\"die\",\"package\":0,\"die\":1,\"leader\":2,");
	const char *d0 = strstr(o.f->log, "\"scope\":\"die\",\"package\":0,\"die\":0,\"leader\":0,");
	const char *p0 = strstr(o.f->log, "\"scope\":\"package\",\"package\":0,");
	assert_true(d0 && d1 && p0);
	/* a CBO's control is its die's, not in its package's record */
	assert_null(memmem(p0, (size_t)(strchr(p0, '\n') - p0), "[\"0x2002\",", 10));
	assert_non_null(memmem(d1, (size_t)(strchr(d1, '\n') - d1), "[\"0x2002\",\"0x1234\"]", 19));
	assert_non_null(memmem(d0, (size_t)(strchr(d0, '\n') - d0), "[\"0x2002\",\"0x0\"]", 16));
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"machine\",\"schema\":2,\"simulated\":true,"
				    "\"scope\":\"die\""), 4);
	/* the run's own record of the registers it wrote: a CBO's are its die's */
	assert_true(fake_count(o.f->log, "\"reg\":\"msr 0x2002\",\"scope\":\"die\"") > 0);
	assert_int_equal(fake_count(o.f->log, "\"reg\":\"msr 0x2002\",\"scope\":\"package\""), 0);
	profile_of_log(o.f->log, &a);
	/* the same log as one of before: no die record */
	char *log = strdup(o.f->log);
	assert_non_null(log);
	for (char *r; (r = strstr(log, "{\"rec\":\"machine\",\"schema\":2,\"simulated\":true,"
				    "\"scope\":\"die\""));)
		memmove(r, strchr(r, '\n') + 1, strlen(strchr(r, '\n') + 1) + 1);
	profile_of_log(log, &b);
	free(log);
	done(&o);
	const char *die1 = strstr(ta, "\ndie 0 1 leader 2\n");
	assert_non_null(die1);
	assert_non_null(strstr(die1, "\ndiemsr 0 0x2002 0x1234\n"));
	assert_int_equal(loaded_cbo_ctl(ta, a.len, 2), 0x1234);   /* die 1's own */
	assert_int_equal(loaded_cbo_ctl(ta, a.len, 0), 0);        /* die 0's */
	assert_int_equal(loaded_cbo_ctl(ta, a.len, 6), 0);        /* package 1's die 1 */
	assert_null(strstr(old, "\ndie "));
	assert_int_equal(loaded_cbo_ctl(old, b.len, 2), 0);   /* no die's own: none served */
	free(old);
	free(ta);
}

static void test_loaded_profile_drives_the_same_model(void **state)
{
	(void)state;
	load_round_trip("sandy-bridge-ep", 4, 2);
	load_round_trip("nehalem-ex", 4, 2);
	load_round_trip("icelake-sp", 2, 1);
	load_round_trip("sapphire-rapids", 4, 2);   /* the tables served from the file */
	load_round_trip("diamond-rapids", 4, 2);    /* the portals' tables too */
	load_round_trip("zen4", 2, 1);
	load_round_trip("alder-lake", 4, 1);
	load_round_trip("no-pmu", 2, 1);
}

/*
 * The app runs a profile file (sim-profile-file): the capture of that run is the file again,
 * and a file that is not a profile is refused with one line, nothing run.
 */
static void test_app_runs_a_profile_file(void **state)
{
	(void)state;
	static const char *const names[] = { "sandy-bridge-ep", "zen4", "no-pmu" };
	for (unsigned i = 0; i < 3; i++) {
		char *ta = malloc(TEXT_MAX), *tb = malloc(TEXT_MAX);
		struct strbuf a, b;
		assert_true(ta && tb);
		sb_init(&a, ta, TEXT_MAX);
		sb_init(&b, tb, TEXT_MAX);
		profile_of_builtin(names[i], 4, 2, &a);
		static const char cfg[] = "backend = sim\nsim-profile-file = lab.profile\n";
		struct outcome o = outcome_new(4, 2, 2);
		o.f->file_name = "lab.profile";
		o.f->file_text = ta;
		init_cfg(&o, cfg, NULL);
		assert_int_equal(o.v, VERDICT_PASS);
		finish(&o);
		assert_int_not_equal(o.v, VERDICT_ERROR);
		assert_int_equal(fake_count(o.f->console, "(profile lab.profile), not from this machine"), 1);
		profile_of_log(o.f->log, &b);
		done(&o);
		assert_same_profile(names[i], tb, ta);
		free(ta);
		free(tb);
	}
	struct outcome o = start_cfg("backend = sim\nsim-profile-file = lab.profile\n", 2, 1, 1, NULL);
	assert_int_equal(o.v, VERDICT_ERROR);
	assert_string_equal(o.f->console, "efipmu: efipmu.cfg:2: sim-profile-file 'lab.profile': "
			    "cannot be read from the volume's root (or is larger than 1 MiB and 16 KiB a "
			    "CPU)\n");
	done(&o);
}

/* A profile names what differs: another profile's capture is not this one's. */
static void test_other_machine_differs(void **state)
{
	(void)state;
	char *ta = malloc(TEXT_MAX), *tb = malloc(TEXT_MAX);
	struct strbuf a, b;
	assert_true(ta && tb);
	sb_init(&a, ta, TEXT_MAX);
	sb_init(&b, tb, TEXT_MAX);
	struct outcome o = run_cfg("backend = sim\nsim-profile = westmere-ep\n", 2, 1);
	profile_of_log(o.f->log, &a);
	done(&o);
	profile_of_builtin("nehalem-ep", 2, 1, &b);
	/* leaf 1's signature: Westmere-EP 06-2C against Nehalem-EP 06-1A */
	const char *la = strstr(ta, "\ncpuid 0 0x1 0x0 0x"), *lb = strstr(tb, "\ncpuid 0 0x1 0x0 0x");
	assert_true(la && lb);
	unsigned long sa = strtoul(la + 17, NULL, 16), sig_b = strtoul(lb + 17, NULL, 16);
	assert_int_equal((sa >> 4 & 0xF) | (sa >> 12 & 0xF0), 0x2C);
	assert_int_equal((sig_b >> 4 & 0xF) | (sig_b >> 12 & 0xF0), 0x1A);
	free(ta);
	free(tb);
}

/* A log without machine records, or with a broken one, is refused by line. */
static void test_bad_logs_refused(void **state)
{
	(void)state;
	struct machine *m = test_machine(TEST_CPUS, 0);
	struct machine_reader *r = malloc(sizeof(*r));
	assert_true(m && r);
	machine_read_init(r, m);
	const char *hdr = "{\"rec\":\"header\",\"schema\":1}";
	assert_int_equal(machine_read_line(r, hdr, strlen(hdr)), PMU_OK);
	assert_int_equal(machine_read_end(r), PMU_ERR_INVALID);
	assert_non_null(strstr(r->err, "no machine records"));
	machine_read_init(r, m);
	const char *bad = "{\"rec\":\"machine\",\"schema\":1,\"scope\":\"cpu\",\"cpu\":0,\"apic_id\":0,"
			  "\"package\":0,\"core\":0,\"thread\":0,\"cpuid\":[[\"0x0\",\"0x0\"]],"
			  "\"msrs\":[]}";
	assert_int_equal(machine_read_line(r, hdr, strlen(hdr)), PMU_OK);
	assert_int_equal(machine_read_line(r, bad, strlen(bad)), PMU_ERR_INVALID);
	assert_string_equal(r->err, "line 2: a cpuid row is not six 32-bit hex strings");
	/* the compact form: the same as a CPU read before it, except rows that CPU has */
	const char *cpu0 = "{\"rec\":\"machine\",\"scope\":\"cpu\",\"cpu\":0,\"apic_id\":0,"
			   "\"package\":0,\"core\":0,\"thread\":0,\"cpuid\":[[\"0x0\",\"0x0\","
			   "\"0x1\",\"0x2\",\"0x3\",\"0x4\"]],\"msrs\":[[\"0x186\",\"0x0\"]]}";
	const char *like[] = {
		"\"same_as_cpu\":2,\"cpuid_except\":[],\"msrs_except\":[]}",
		"\"same_as_cpu\":0,\"cpuid_except\":[[\"0x1\",\"0x0\",\"0x1\",\"0x2\",\"0x3\",\"0x4\"]],"
		"\"msrs_except\":[]}",
		"\"same_as_cpu\":0,\"cpuid_except\":[],\"msrs_except\":[[\"0x187\",null]]}",
		"\"same_as_cpu\":0,\"cpuid_except\":[[\"0x0\",\"0x0\",\"0x9\",\"0x2\",\"0x3\",\"0x4\"]],"
		"\"msrs_except\":[[\"0x186\",null]]}",
	};
	const char *why[] = {
		"line 2: a cpu machine record the same as a CPU not read before it",
		"line 2: a cpuid_except row of a leaf its same_as_cpu has not",
		"line 2: an msrs_except row of an MSR its same_as_cpu has not",
		"",
	};
	for (unsigned i = 0; i < 4; i++) {
		char rec[512];
		snprintf(rec, sizeof(rec), "{\"rec\":\"machine\",\"scope\":\"cpu\",\"cpu\":1,"
			 "\"apic_id\":1,\"package\":0,\"core\":0,\"thread\":1,%s", like[i]);
		machine_read_init(r, m);
		assert_int_equal(machine_read_line(r, cpu0, strlen(cpu0)), PMU_OK);
		assert_int_equal(machine_read_line(r, rec, strlen(rec)), why[i][0] ? PMU_ERR_INVALID : PMU_OK);
		assert_string_equal(r->err, why[i]);
	}
	/* a probe that found the register not holding marks it, schema 1 ("msr") or 2 ("reg") */
	const char *pkg = "{\"rec\":\"machine\",\"scope\":\"package\",\"package\":0,\"leader\":0,"
			  "\"uncore_family\":\"sandy-bridge-ep\",\"msrs\":[[\"0xc10\",\"0x0\"]]}";
	const char *probe[] = {
		"{\"rec\":\"uncore_probe\",\"package\":0,\"msr\":\"0xc10\",\"orig\":\"0x0\","
		"\"result\":\"register does not hold written value\"}",
		"{\"rec\":\"uncore_width\",\"package\":0,\"ctr\":\"msr 0xc09\",\"orig\":\"0x5\","
		"\"result\":\"register does not hold written value\"}",
		"{\"rec\":\"uncore_probe\",\"package\":0,\"reg\":\"msr 0xd10\",\"orig\":\"0x0\","
		"\"result\":\"holds\"}",
	};
	assert_int_equal(machine_read_line(r, pkg, strlen(pkg)), PMU_OK);
	for (unsigned i = 0; i < 3; i++)
		assert_int_equal(machine_read_line(r, probe[i], strlen(probe[i])), PMU_OK);
	assert_int_equal(m->pkg[0].regs.n, 2);   /* 0xc09 added as read (orig), 0xd10 not */
	assert_true(m->pkg[0].not_held[0] && m->pkg[0].not_held[1]);
	assert_int_equal(m->pkg[0].regs.msr[1], 0xc09);
	assert_int_equal(m->pkg[0].regs.val[1], 5);
	/* the last: CPU 0's rows but those two */
	assert_int_equal(m->cpu[1].walk.n, 1);
	assert_int_equal(m->cpu[1].walk.e[0].r.eax, 9);
	assert_int_equal(m->cpu[1].walk.e[0].r.ebx, 2);
	assert_int_equal(m->cpu[1].regs.n, 1);
	assert_int_equal(m->cpu[1].regs.st[0], PMU_ERR_FAULT_GP);
	assert_int_equal(m->cpu[0].regs.st[0], PMU_OK);
	assert_int_equal(m->cpu[1].apic_id, 1);
	free(r);
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_builtin_equals_its_capture),
		cmocka_unit_test(test_loaded_profile_drives_the_same_model),
		cmocka_unit_test(test_app_runs_a_profile_file),
		cmocka_unit_test(test_other_machine_differs),
		cmocka_unit_test(test_dies_round_trip),
		cmocka_unit_test(test_die_values_kept),
		cmocka_unit_test(test_bad_logs_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
