/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include <stdlib.h>
#include <string.h>

#include "assemble/backend_build.h"
#include "bench/job_bench.h"
#include "host.h"
#include "host_platform.h"
#include "hw/box_set.h"

struct plat_round {
	unsigned cpu, round;
};

static struct host_platform *of(void *ctx)
{
	return ctx;
}

static pmu_status run_all(void *ctx, plat_fn fn, void *arg, uint64_t timeout_us)
{
	struct host_platform *h = of(ctx);
	(void)timeout_us;
	for (unsigned i = 0; i < h->plat.ncpus; i++)
		if (h->cpu[i].enabled)
			fn(arg, i);
	return PMU_OK;
}

static pmu_status run_on(void *ctx, unsigned cpu, plat_fn fn, void *arg, uint64_t timeout_us)
{
	(void)ctx;
	(void)timeout_us;
	fn(arg, cpu);
	return PMU_OK;
}

/* Round by round, CPU by CPU: every CPU reaches every barrier (none is late on the host). */
static pmu_status run_rounds(void *ctx, const struct cpuset *cpus, unsigned rounds,
			     plat_round_fn fn, plat_between_fn between, void *arg, uint64_t timeout_us,
			     enum plat_mode mode)
{
	struct host_platform *h = of(ctx);
	(void)timeout_us;
	(void)mode;
	h->plat.tsc_per_us = 1000;
	for (unsigned i = 0; i < h->plat.ncpus; i++) {
		h->cpu[i].in_rounds = h->cpu[i].enabled && cpuset_has(cpus, i);
		h->cpu[i].miss = PLAT_MISS_NONE;
		h->cpu[i].rounds_done = 0;
	}
	for (unsigned r = 0; r < rounds; r++) {
		for (unsigned i = 0; i < h->plat.ncpus; i++) {
			struct plat_round rd = { i, r };
			if (!h->cpu[i].in_rounds)
				continue;
			fn(arg, i, r, &rd);
			h->cpu[i].rounds_done = r + 1;
		}
		if (between)
			between(arg, r);
	}
	return PMU_OK;
}

static bool sync(void *ctx, struct plat_round *r)
{
	(void)ctx;
	(void)r;
	return true;
}

static uint64_t tsc(void *ctx)
{
	return of(ctx)->clock += 7;
}

static void pause(void *ctx)
{
	(void)ctx;
}

static uint64_t irq_save(void *ctx)
{
	(void)ctx;
	return 0;
}

static void irq_restore(void *ctx, uint64_t flags)
{
	(void)ctx;
	(void)flags;
}

static void append(char **buf, size_t *len, size_t *cap, const char *text, size_t n)
{
	if (*len + n + 2 > *cap) {
		size_t c = (*cap + n + 2) * 2;
		char *b = realloc(*buf, c);
		if (!b)
			die("replay: out of memory");
		*buf = b;
		*cap = c;
	}
	memcpy(*buf + *len, text, n);
	*len += n;
	(*buf)[(*len)++] = '\n';
	(*buf)[*len] = 0;
}

static void say(void *ctx, const char *line)
{
	struct host_platform *h = of(ctx);
	append(&h->console, &h->console_len, &h->console_cap, line, strlen(line));
}

static void record(void *ctx, enum plat_stream s, const char *text, size_t len)
{
	struct host_platform *h = of(ctx);
	if (s == PLAT_LOG)
		append(&h->log, &h->log_len, &h->log_cap, text, len);
}

static void hold_records(void *ctx, bool hold)
{
	(void)ctx;
	(void)hold;
}

static const char *log_lost(void *ctx)
{
	(void)ctx;
	return NULL;
}

static bool read_file(void *ctx, const char *name, char *buf, size_t cap, size_t *len)
{
	struct host_platform *h = of(ctx);
	const char *text = h->file_name && !strcmp(name, h->file_name) ? h->file_text :
			   h->waivers_name && !strcmp(name, h->waivers_name) ? h->waivers_text : NULL;
	if (!text || strlen(text) > cap)
		return false;
	*len = strlen(text);
	memcpy(buf, text, *len);
	return true;
}

static void *alloc(void *ctx, size_t bytes)
{
	(void)ctx;
	return calloc(1, bytes);
}

static void release(void *ctx, void *p)
{
	(void)ctx;
	free(p);
}

const struct box_alloc host_box_alloc = { alloc, release, NULL };

static void *alloc_pages(void *ctx, uint64_t bytes)
{
	(void)ctx;
	return aligned_alloc(4096, (bytes + 4095) & ~(uint64_t)4095);
}

static void free_pages(void *ctx, void *p, uint64_t bytes)
{
	(void)ctx;
	(void)bytes;
	free(p);
}

static const struct platform_ops host_ops = {
	.run_all = run_all,
	.run_on = run_on,
	.run_rounds = run_rounds,
	.sync = sync,
	.tsc = tsc,
	.pause = pause,
	.irq_save = irq_save,
	.irq_restore = irq_restore,
	.say = say,
	.record = record,
	.hold_records = hold_records,
	.log_lost = log_lost,
	.read_file = read_file,
	.alloc = alloc,
	.free = release,
	.alloc_pages = alloc_pages,
	.free_pages = free_pages,
};

/* The real CPU of the platform is the captured one: its CPU 0's leaves (caches, hypervisor bit). */
static pmu_status hw_cpuid(void *ctx, unsigned cpu, uint32_t leaf, uint32_t sub,
			   struct pmu_cpuid *out)
{
	const struct cpuid_entry *e = cpuid_walk_find(&((const struct machine *)ctx)->cpu[0].walk,
						      leaf, sub);
	(void)cpu;
	*out = e ? e->r : (struct pmu_cpuid){ 0, 0, 0, 0 };
	return PMU_OK;
}

static const struct pmu_backend_ops hw_ops = { .cpuid = hw_cpuid };

void host_platform_init(struct host_platform *h, const struct machine *m, const char *file_name,
			const char *file_text)
{
	memset(h, 0, sizeof(*h));
	h->plat.ops = &host_ops;
	h->plat.ctx = h;
	h->plat.ncpus = h->plat.nenabled = h->plat.found = m->ncpus;
	h->cpu = xcalloc(m->ncpus, sizeof(*h->cpu));
	h->plat.cpu = h->cpu;
	h->hw.ops = &hw_ops;
	h->hw.ctx = (void *)m;
	h->hw.name = "host";
	h->plat.hw = &h->hw;
	h->plat.assembly = &backend_assembly;
	h->plat.jobs = &bench_jobs;
	h->plat.dies_known = m->dies_known;
	h->file_name = file_name;
	h->file_text = file_text;
	for (unsigned i = 0; i < m->ncpus; i++) {
		h->cpu[i].apic_id = m->cpu[i].apic_id;
		h->cpu[i].package = m->cpu[i].package;
		h->cpu[i].core = m->cpu[i].core;
		h->cpu[i].thread = m->cpu[i].thread;
		h->cpu[i].die = m->cpu[i].die;
		h->cpu[i].enabled = true;
		h->cpu[i].is_bsp = i == 0;
	}
}

void host_platform_fini(struct host_platform *h)
{
	free(h->log);
	free(h->console);
	free(h->cpu);
}
