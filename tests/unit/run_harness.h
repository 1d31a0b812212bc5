/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Whole runs on the fake platform for the run tests (test_run.c, test_run_amd.c). */
#ifndef EFIPMU_RUN_HARNESS_H
#define EFIPMU_RUN_HARNESS_H

#include "testutil.h"
#include "platform_fake.h"
#include "run/run.h"
#include "run/job_measure.h"
#include "model/sim_kernels.h"
#include "model/model.h"
#include "capture/profile.h"

struct outcome {
	struct fake_platform *f;
	struct run *r;
	enum verdict v;
};

/* ncpus CPUs in npkgs packages, tpc threads a core, no run prepared yet. */
static inline struct outcome outcome_new(unsigned ncpus, unsigned npkgs, unsigned tpc)
{
	struct outcome o = { fake_platform_new(ncpus, npkgs, tpc), calloc(1, sizeof(struct run)),
			     VERDICT_ERROR };
	assert_non_null(o.r);
	return o;
}

/*
 * Firmware's APIC IDs on the model, as MP services reads them from the CPUs: a built-in
 * profile's CPUs placed as f lists them (model_apic_id), a profile file's as it captured them.
 */
static inline void fake_model_apics(struct fake_platform *f, const struct efipmu_options *opt)
{
	unsigned n = f->plat.ncpus;
	const struct model_profile *p = model_profile_find(opt->sim_profile);
	if (opt->backend != EFIPMU_BACKEND_SIM)
		return;
	if (opt->sim_profile_file[0] && f->file_text) {
		size_t len = strlen(f->file_text);
		unsigned cpus = profile_cpus(f->file_text, len);
		unsigned portals = profile_dies(f->file_text, len);
		struct machine *m = calloc(1, machine_bytes(cpus, portals));
		char err[160];
		assert_non_null(m);
		machine_clear(m, cpus, portals);
		if (!profile_read(f->file_text, len, m, err, sizeof(err)))
			for (unsigned i = 0; i < n && i < m->ncpus; i++)
				f->cpu[i].apic_id = m->cpu[i].apic_id;
		free(m);
	} else if (p && !opt->sim_profile_file[0]) {
		struct model *m = calloc(1, model_bytes(n));
		assert_non_null(m);
		assert_int_equal(model_init(m, model_bytes(n), p, n, 1), PMU_OK);
		for (unsigned i = 0; i < n; i++) {
			assert_int_equal(model_place_cpu(m, i, f->cpu[i].package), PMU_OK);
			assert_int_equal(model_place_core(m, i, f->cpu[i].core), PMU_OK);
		}
		for (unsigned i = 0; i < n; i++)
			f->cpu[i].apic_id = model_apic_id(m, i);
		free(m);
	}
}

/* A config text (efipmu.cfg form), parsed over the defaults. */
static inline struct efipmu_options parse_cfg(const char *cfg)
{
	struct efipmu_options opt;
	struct opt_error err;
	options_defaults(&opt);
	assert_int_equal(options_parse_config(cfg, strlen(cfg), &opt, &err), PMU_OK);
	return opt;
}

/*
 * Parses a config text and prepares its run on o's platform over real, with the faults the
 * platform can make.
 */
static inline void init_cfg_faults(struct outcome *o, const char *cfg,
				   const struct pmu_backend *real, const struct run_faults *faults)
{
	struct efipmu_options opt = parse_cfg(cfg);
	fake_model_apics(o->f, &opt);
	o->v = run_init(o->r, &o->f->plat, &opt, "(test)", real, faults);
}

static inline void init_cfg(struct outcome *o, const char *cfg, const struct pmu_backend *real)
{
	init_cfg_faults(o, cfg, real, NULL);
}

/*
 * Parses a config text and prepares its run on ncpus CPUs in npkgs packages, tpc threads a
 * core, over real (NULL: the config's backend).
 */
static inline struct outcome start_cfg(const char *cfg, unsigned ncpus, unsigned npkgs,
				       unsigned tpc, const struct pmu_backend *real)
{
	struct outcome o = outcome_new(ncpus, npkgs, tpc);
	init_cfg(&o, cfg, real);
	return o;
}

/* The rest of the run, once run_init agreed. */
static inline void finish(struct outcome *o)
{
	struct run_header h = { .fw_vendor = "host", .time = "" };
	if (o->v == VERDICT_PASS)
		o->v = run_main(o->r, &h);
}

static inline struct outcome run_cfg(const char *cfg, unsigned ncpus, unsigned npkgs)
{
	struct outcome o = start_cfg(cfg, ncpus, npkgs, 2, NULL);
	finish(&o);
	return o;
}

static inline void done(struct outcome *o)
{
	run_fini(o->r);
	assert_int_equal(o->f->live_allocs, 0);   /* everything the run took, it gave back */
	free(o->r);
	fake_platform_free(o->f);
}

/* Every console line of a simulated run carries the mark, and every record too. */
static inline void assert_all_simulated(const struct fake_platform *f)
{
	unsigned lines = fake_count(f->console, "\n"), marked = fake_count(f->console, "[SIM] ");
	assert_true(lines > 0);
	assert_int_equal(lines, marked);
	assert_int_equal(f->log_records, fake_count(f->log, "\"simulated\":true"));
}

/* The sum of package pkg's deltas of the events whose records name ev (count records). */
static inline uint64_t package_sum(const char *log, unsigned pkg, const char *ev)
{
	uint64_t sum = 0;
	char want[32];
	snprintf(want, sizeof(want), "\"package\":%u,", pkg);
	for (const char *p = log; (p = strstr(p, "\"rec\":\"count\"")); p++) {
		const char *end = strchr(p, '\n'), *d = strstr(p, "\"delta\":");
		const char *k = strstr(p, want), *e = strstr(p, ev);
		if (d && k && e && end && d < end && k < end && e < end)
			sum += strtoull(d + 8, NULL, 10);
	}
	return sum;
}

/* The kernel's iterations, as the run's first count record logs them. */
static inline uint64_t logged_iterations(const struct outcome *o)
{
	const char *rec = strstr(o->f->log, "\"rec\":\"count\"");
	const char *it = rec ? strstr(rec, "\"iterations\":") : NULL;
	assert_non_null(it);
	return strtoull(it + strlen("\"iterations\":"), NULL, 10);
}

/* The lines the stream kernel loads over the run's iterations (its claim, from the model). */
static inline uint64_t stream_loads(const struct outcome *o)
{
	struct sim_counts k;
	assert_true(sim_kernel_counts(sim_kernel_code_find("stream"), logged_iterations(o), &k));
	return k.loads;
}

/* Every line stream loads is one CAS read on one of the package's channels: each package. */
static inline void assert_cas_reads_are_loads(const struct outcome *o, unsigned packages)
{
	for (unsigned p = 0; p < packages; p++)
		assert_int_equal(package_sum(o->f->log, p, "UNC_M_CAS_COUNT.RD"), stream_loads(o));
}

/*
 * The default job counted CHAs 0 to chas - 1 of each of the packages, each event of events
 * once on each, every count above 0, and no CHA from chas up to of (the most the part has).
 */
static inline void assert_chas_counted(const struct outcome *o, unsigned packages, unsigned chas,
				       unsigned of, const char *const *events, unsigned nevents)
{
	char key[128];
	for (unsigned p = 0; p < packages; p++)
		for (unsigned c = 0; c < of; c++)
			for (unsigned e = 0; e < nevents; e++) {
				snprintf(key, sizeof(key), "\"package\":%u,\"box\":\"uncore_cha_%u\","
					 "\"event\":\"%s\"", p, c, events[e]);
				const char *r = strstr(o->f->log, key), *d = r ? strstr(r, "\"delta\":") : NULL;
				unsigned n = fake_count(o->f->log, key);
				if (n != (c < chas))
					fail_msg("package %u: CHA %u's %s counted %u times", p, c, events[e], n);
				if (n && (!d || strtoull(d + 8, NULL, 10) == 0))
					fail_msg("package %u: CHA %u's %s counted 0", p, c, events[e]);
			}
}

/*
 * After a run on o: each register at key (an MSR, or with mmio an MMIO address) of CPU cpu
 * reads as it does on a fresh model of the run's shape: the same value, or the same fault.
 * The registers that answered.
 */
static inline unsigned as_fresh(const struct outcome *o, const struct pmu_backend *fresh,
				unsigned cpu, uint64_t key, unsigned n, bool mmio)
{
	unsigned answered = 0;
	for (uint64_t k = key; k < key + n; k += mmio ? 4 : 1) {
		uint64_t now = 0, then = 0;
		pmu_status st = mmio ? fresh->ops->mmio_read(fresh->ctx, cpu, k, 4, &then) :
				       pmu_rdmsr(fresh, cpu, (uint32_t)k, &then);
		if (mmio)
			assert_int_equal(o->r->backend.ops->mmio_read(o->r->backend.ctx, cpu, k, 4, &now),
					 st);
		else
			assert_int_equal(pmu_rdmsr(&o->r->backend, cpu, (uint32_t)k, &now), st);
		if (now != then)
			fail_msg("%s %#llx of CPU %u: %#llx after the run, %#llx on a fresh model",
				 mmio ? "mmio" : "msr", (unsigned long long)k, cpu,
				 (unsigned long long)now, (unsigned long long)then);
		answered += !st;
	}
	return answered;
}

#endif
