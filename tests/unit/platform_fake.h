/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * lib/run/platform.h on the host, for whole-run tests: the CPUs run one
 * after another (round by round, so every barrier is met), the clock is a
 * counter, the console and the log are kept in memory for the test to read.
 * A CPU in stall_cpus never answers: it is reported as firmware would
 * report a CPU that did not finish.
 */
#ifndef EFIPMU_TEST_PLATFORM_FAKE_H
#define EFIPMU_TEST_PLATFORM_FAKE_H

#include <stdlib.h>
#include <string.h>
#include "assemble/backend_build.h"
#include "bench/job_bench.h"
#include "run/platform.h"

#define FAKE_TEXT_START (1u << 20)   /* each text's first room; it grows as needed */
#define FAKE_ROUNDS 256   /* rounds of a run_rounds whose start is remembered */

struct fake_platform {
	struct platform plat;
	struct plat_cpu *cpu;         /* ncpus of them, as a platform allocates them */
	struct pmu_backend hw;        /* CPUID only: a 2 MiB L3 in leaf 4, nothing else */
	uint64_t clock;
	bool *irq_on;                 /* ncpus of them */
	unsigned cur_cpu;             /* the CPU whose code runs now */
	uint64_t stall_cpus;          /* bit n: CPU n never answers */
	/*
	 * CPUs firmware runs a procedure on beyond the ncpus listed (numbers ncpus..), as
	 * StartupAllAPs runs every enabled AP whatever the platform made room for.
	 */
	unsigned unlisted;
	uint64_t stall_late;          /* bit n: CPU n misses the barrier of round stall_round on */
	unsigned stall_round;
	unsigned *syncs;                 /* ncpus of them: barriers each CPU went through */
	unsigned dispatches;             /* run_rounds calls */
	unsigned runs_on;                /* run_on calls (one CPU, a dispatch of its own) */
	bool held;                       /* hold_records */
	unsigned unflushed, flushes;     /* records written while held; holds ended */
	unsigned lone_flushes;           /* log records written unheld: each its own flush */
	unsigned unflushed_at[FAKE_ROUNDS];   /* records held, not yet flushed, as a round began */
	int unflushed_at_leftover;            /* ... as a leftover record came; -1: none came */
	char *console, *log, *csv;    /* every line, '\n'-terminated */
	size_t console_len, log_len, csv_len;
	size_t console_cap, log_cap, csv_cap;
	unsigned log_records;
	const char *lost;             /* what log_lost says */
	bool no_pages;                /* alloc_pages fails */
	bool no_cache;                /* the real CPU's CPUID names no cache (QEMU's qemu64) */
	const uint8_t *smbios_ep, *smbios_table;   /* what firmware publishes; NULL: none */
	const char *file_name, *file_text;         /* the one file of its volume; NULL: none */
	size_t smbios_ep_len, smbios_table_len;
	size_t live_allocs;
};

struct plat_round {
	unsigned cpu, round;
};

static inline struct fake_platform *fake_of(void *ctx)
{
	return ctx;
}

static inline bool fake_stalled(const struct fake_platform *f, unsigned cpu)
{
	return cpu < 64 && (f->stall_cpus >> cpu & 1);
}

static inline pmu_status fake_run_all(void *ctx, plat_fn fn, void *arg, uint64_t timeout_us)
{
	struct fake_platform *f = fake_of(ctx);
	(void)timeout_us;
	for (unsigned i = 0; i < f->plat.ncpus; i++) {
		f->cpu[i].failed = fake_stalled(f, i);
		if (!f->cpu[i].enabled || f->cpu[i].failed)
			continue;
		f->cur_cpu = i;
		fn(arg, i);
	}
	for (unsigned i = f->plat.ncpus; i < f->plat.ncpus + f->unlisted; i++)
		fn(arg, i);
	f->cur_cpu = f->plat.bsp;
	return PMU_OK;
}

static inline pmu_status fake_run_on(void *ctx, unsigned cpu, plat_fn fn, void *arg,
				     uint64_t timeout_us)
{
	struct fake_platform *f = fake_of(ctx);
	(void)timeout_us;
	f->runs_on++;
	if (fake_stalled(f, cpu))
		return PMU_ERR_TIMEOUT;
	f->cur_cpu = cpu;
	fn(arg, cpu);
	f->cur_cpu = f->plat.bsp;
	return PMU_OK;
}

static inline pmu_status fake_run_rounds(void *ctx, const struct cpuset *cpus, unsigned rounds,
					 plat_round_fn fn, plat_between_fn between, void *arg,
					 uint64_t timeout_us, enum plat_mode mode)
{
	struct fake_platform *f = fake_of(ctx);
	bool missed = false;
	(void)timeout_us;
	(void)mode;
	f->plat.tsc_per_us = 1000;
	for (unsigned i = 0; i < f->plat.ncpus; i++) {
		struct plat_cpu *c = &f->cpu[i];
		c->in_rounds = c->enabled && cpuset_has(cpus, i);
		c->miss = fake_stalled(f, i) && c->in_rounds ? PLAT_MISS_CHECKIN : PLAT_MISS_NONE;
		c->miss_round = 0;
		c->rounds_done = 0;
		missed |= c->miss != PLAT_MISS_NONE;
	}
	for (unsigned r = 0; r < rounds; r++) {
		if (r < FAKE_ROUNDS)
			f->unflushed_at[r] = f->unflushed;
		for (unsigned i = 0; i < f->plat.ncpus; i++) {
			struct plat_round rd = { i, r };
			if (r == f->stall_round && i < 64 && (f->stall_late >> i & 1) &&
			    f->cpu[i].in_rounds &&
			    f->cpu[i].miss == PLAT_MISS_NONE) {
				f->cpu[i].miss = PLAT_MISS_BARRIER;
				f->cpu[i].miss_round = r;
				missed = true;
			}
			if (!f->cpu[i].in_rounds || f->cpu[i].miss != PLAT_MISS_NONE)
				continue;
			f->cur_cpu = i;
			fn(arg, i, r, &rd);
			f->cpu[i].rounds_done = r + 1;
		}
		f->cur_cpu = f->plat.bsp;
		f->dispatches += !r;
		if (between)
			between(arg, r);
	}
	f->cur_cpu = f->plat.bsp;
	return missed ? PMU_ERR_TIMEOUT : PMU_OK;
}

static inline bool fake_sync(void *ctx, struct plat_round *r)
{
	fake_of(ctx)->syncs[r->cpu]++;
	return true;
}

static inline uint64_t fake_tsc(void *ctx)
{
	return fake_of(ctx)->clock += 7;
}

static inline void fake_pause(void *ctx)
{
	(void)ctx;
}

static inline uint64_t fake_irq_save(void *ctx)
{
	struct fake_platform *f = fake_of(ctx);
	uint64_t was = f->irq_on[f->cur_cpu];
	f->irq_on[f->cur_cpu] = false;
	return was;
}

static inline void fake_irq_restore(void *ctx, uint64_t flags)
{
	struct fake_platform *f = fake_of(ctx);
	f->irq_on[f->cur_cpu] = flags != 0;
}

static inline void fake_append(char **buf, size_t *len, size_t *cap, const char *text, size_t n)
{
	if (*len + n + 2 > *cap) {
		*cap = (*len + n + 2) * 2;
		*buf = realloc(*buf, *cap);
		assert_non_null(*buf);
	}
	memcpy(*buf + *len, text, n);
	*len += n;
	(*buf)[(*len)++] = '\n';
	(*buf)[*len] = 0;
}

static inline void fake_say(void *ctx, const char *line)
{
	struct fake_platform *f = fake_of(ctx);
	fake_append(&f->console, &f->console_len, &f->console_cap, line, strlen(line));
}

static inline void fake_record(void *ctx, enum plat_stream s, const char *text, size_t len)
{
	struct fake_platform *f = fake_of(ctx);
	static const char leftover[] = "{\"rec\":\"leftover\"";
	size_t n = sizeof(leftover) - 1;
	if (s == PLAT_LOG && len >= n && !memcmp(text, leftover, n))
		f->unflushed_at_leftover = (int)f->unflushed;
	f->unflushed += f->held;
	f->lone_flushes += !f->held && s == PLAT_LOG;
	if (s == PLAT_LOG) {
		fake_append(&f->log, &f->log_len, &f->log_cap, text, len);
		f->log_records++;
	} else {
		fake_append(&f->csv, &f->csv_len, &f->csv_cap, text, len);
	}
}

static inline void fake_hold_records(void *ctx, bool hold)
{
	struct fake_platform *f = fake_of(ctx);
	if (f->held && !hold) {
		f->flushes++;
		f->unflushed = 0;
	}
	f->held = hold;
}

static inline const char *fake_log_lost(void *ctx)
{
	return fake_of(ctx)->lost;
}

/* Each hold ended and each record written unheld is a flush; no time passes. */
static inline bool fake_log_cost(void *ctx, struct plat_log_cost *c)
{
	struct fake_platform *f = fake_of(ctx);
	memset(c, 0, sizeof(*c));
	c->flushes = f->flushes + f->lone_flushes;
	c->writes = c->flushes;
	c->bytes = f->log_len;
	return true;
}

static inline void *fake_alloc(void *ctx, size_t bytes)
{
	fake_of(ctx)->live_allocs++;
	return calloc(1, bytes);
}

static inline void fake_free(void *ctx, void *p)
{
	fake_of(ctx)->live_allocs--;
	free(p);
}

static inline void *fake_alloc_pages(void *ctx, uint64_t bytes)
{
	struct fake_platform *f = fake_of(ctx);
	if (f->no_pages)
		return NULL;
	f->live_allocs++;
	return aligned_alloc(4096, (bytes + 4095) & ~(uint64_t)4095);
}

static inline void fake_free_pages(void *ctx, void *p, uint64_t bytes)
{
	(void)bytes;
	fake_of(ctx)->live_allocs--;
	free(p);
}

static inline bool fake_smbios(void *ctx, const uint8_t **ep, size_t *ep_len,
			       const uint8_t **table, size_t *table_len)
{
	struct fake_platform *f = fake_of(ctx);
	*ep = f->smbios_ep;
	*ep_len = f->smbios_ep_len;
	*table = f->smbios_table;
	*table_len = f->smbios_table_len;
	return f->smbios_ep != NULL;
}

static inline bool fake_read_file(void *ctx, const char *name, char *buf, size_t cap, size_t *len)
{
	struct fake_platform *f = fake_of(ctx);
	if (!f->file_name || strcmp(name, f->file_name) || strlen(f->file_text) > cap)
		return false;
	*len = strlen(f->file_text);
	memcpy(buf, f->file_text, *len);
	return true;
}

static const struct platform_ops fake_ops = {
	.run_all = fake_run_all,
	.run_on = fake_run_on,
	.run_rounds = fake_run_rounds,
	.sync = fake_sync,
	.tsc = fake_tsc,
	.pause = fake_pause,
	.irq_save = fake_irq_save,
	.irq_restore = fake_irq_restore,
	.say = fake_say,
	.record = fake_record,
	.hold_records = fake_hold_records,
	.log_lost = fake_log_lost,
	.log_cost = fake_log_cost,
	.smbios = fake_smbios,
	.read_file = fake_read_file,
	.alloc = fake_alloc,
	.free = fake_free,
	.alloc_pages = fake_alloc_pages,
	.free_pages = fake_free_pages,
};

/*
 * The host's "real CPU" for cache sizing: CPUID leaf 4 subleaf 0 a unified
 * L3 of 2 MiB (16 ways x 64 B lines x 2048 sets), subleaf 1 the end of the
 * list; every MSR access faults (nothing here is a PMU).
 */
static inline pmu_status fake_hw_cpuid(void *ctx, unsigned cpu, uint32_t leaf, uint32_t sub,
				       struct pmu_cpuid *out)
{
	const struct fake_platform *f = ctx;
	(void)cpu;
	memset(out, 0, sizeof(*out));
	if (leaf == 0) {
		out->eax = 4;
	} else if (leaf == 4 && sub == 0 && !f->no_cache) {
		out->eax = 3 | 3 << 5;          /* unified, level 3 */
		out->ebx = 15u << 22 | 63;      /* 16 ways, 64-byte lines */
		out->ecx = 2047;                /* 2048 sets */
	}
	return PMU_OK;
}

static inline pmu_status fake_hw_rdmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t *v)
{
	(void)ctx;
	(void)cpu;
	(void)msr;
	*v = 0;
	return PMU_ERR_FAULT_GP;
}

static inline pmu_status fake_hw_wrmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t v)
{
	(void)ctx;
	(void)cpu;
	(void)msr;
	(void)v;
	return PMU_ERR_FAULT_GP;
}

static inline pmu_status fake_hw_rdpmc(void *ctx, unsigned cpu, uint32_t i, uint64_t *v)
{
	(void)ctx;
	(void)cpu;
	(void)i;
	*v = 0;
	return PMU_ERR_FAULT_GP;
}

static const struct pmu_backend_ops fake_hw_ops = {
	.rdmsr = fake_hw_rdmsr,
	.wrmsr = fake_hw_wrmsr,
	.rdpmc = fake_hw_rdpmc,
	.cpuid = fake_hw_cpuid,
};

/* ncpus CPUs, npkgs packages (CPUs spread evenly), threads_per_core siblings, CPU 0 boots. */
static inline struct fake_platform *fake_platform_new(unsigned ncpus, unsigned npkgs,
						      unsigned threads_per_core)
{
	struct fake_platform *f = calloc(1, sizeof(*f));
	assert_non_null(f);
	f->console = calloc(1, f->console_cap = FAKE_TEXT_START);
	f->log = calloc(1, f->log_cap = FAKE_TEXT_START);
	f->csv = calloc(1, f->csv_cap = FAKE_TEXT_START);
	assert_true(f->console && f->log && f->csv);
	f->plat.ops = &fake_ops;
	f->plat.ctx = f;
	f->unflushed_at_leftover = -1;
	f->plat.ncpus = f->plat.nenabled = f->plat.found = ncpus;
	f->cpu = calloc(ncpus, sizeof(*f->cpu));
	f->irq_on = calloc(ncpus, sizeof(*f->irq_on));
	f->syncs = calloc(ncpus, sizeof(*f->syncs));
	assert_true(f->cpu && f->irq_on && f->syncs);
	f->plat.cpu = f->cpu;
	f->hw.ops = &fake_hw_ops;
	f->hw.ctx = f;
	f->hw.name = "host";
	f->plat.hw = &f->hw;
	f->plat.assembly = &backend_assembly;
	f->plat.jobs = &bench_jobs;
	unsigned per_pkg = ncpus / npkgs;
	for (unsigned i = 0; i < ncpus; i++) {
		struct plat_cpu *c = &f->cpu[i];
		c->apic_id = i;
		c->package = i / per_pkg;
		c->core = (i % per_pkg) / threads_per_core;
		c->thread = i % threads_per_core;
		c->enabled = true;
		c->is_bsp = i == 0;
		f->irq_on[i] = true;
	}
	return f;
}

/*
 * Firmware that gives dies (PI 1.7 Location2): each package's CPUs split evenly over ndies
 * dies, in CPU order (a package's first CPUs die 0).
 */
static inline void fake_platform_dies(struct fake_platform *f, unsigned ndies)
{
	unsigned per_pkg = 0;
	for (unsigned i = 0; i < f->plat.ncpus; i++)
		per_pkg += f->cpu[i].package == f->cpu[0].package;
	assert_true(ndies && per_pkg % ndies == 0);
	for (unsigned i = 0; i < f->plat.ncpus; i++)
		f->cpu[i].die = (i % per_pkg) / (per_pkg / ndies);
	f->plat.dies_known = true;
}

static inline void fake_platform_free(struct fake_platform *f)
{
	free(f->console);
	free(f->log);
	free(f->csv);
	free(f->cpu);
	free(f->irq_on);
	free(f->syncs);
	free(f);
}

/* Lines of text that contain needle. */
static inline unsigned fake_count(const char *text, const char *needle)
{
	unsigned n = 0;
	for (const char *p = text; (p = strstr(p, needle)) != NULL; p += strlen(needle))
		n++;
	return n;
}

#endif
