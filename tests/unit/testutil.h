/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Shared cmocka includes for the unit tests. */
#ifndef EFIPMU_TESTUTIL_H
#define EFIPMU_TESTUTIL_H
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "capture/machine.h"
#include "model/model.h"

/* An empty machine with room for cap CPUs and portals dies' tables; freed with free(). */
static inline struct machine *test_machine(unsigned cap, unsigned portals)
{
	struct machine *m = calloc(1, machine_bytes(cap, portals));
	assert_non_null(m);
	machine_clear(m, cap, portals);
	return m;
}

/* tests/data/DIR/NAME: hex text (two digits a byte), '#' lines comments, into buf; its bytes. */
static inline size_t test_load_hex(const char *dir, const char *name, uint8_t *buf, size_t cap)
{
	char path[256], line[256];
	size_t n = 0;
	snprintf(path, sizeof(path), "tests/data/%s/%s", dir, name);
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	while (fgets(line, sizeof(line), f)) {
		if (line[0] == '#')
			continue;
		for (char *p = line; p[0] && p[1] && p[0] != '\n'; p += 2) {
			unsigned v;
			assert_int_equal(sscanf(p, "%2x", &v), 1);
			assert_true(n < cap);
			buf[n++] = (uint8_t)v;
		}
	}
	fclose(f);
	return n;
}

/* A fresh model of profile p (its per-CPU state in the same block); freed with free(). */
static inline struct model *test_model_of(const struct model_profile *p, unsigned ncpus,
					  unsigned npkgs, struct pmu_backend *b)
{
	struct model *m = calloc(1, model_bytes(ncpus));
	assert_non_null(m);
	assert_non_null(p);
	assert_int_equal(model_init(m, model_bytes(ncpus), p, ncpus, npkgs), PMU_OK);
	model_backend(m, b);
	return m;
}

/* The same of a named profile. */
static inline struct model *test_model(const char *profile, unsigned ncpus, unsigned npkgs,
				       struct pmu_backend *b)
{
	return test_model_of(model_profile_find(profile), ncpus, npkgs, b);
}

/* Placed as the fake platform lists CPUs (platform_fake.h): CPU i is core (i % per package) / tpc. */
static inline void test_model_threads(struct model *m, unsigned tpc)
{
	unsigned per = m->ncpus / m->npkgs;
	for (unsigned i = 0; i < m->ncpus; i++)
		assert_int_equal(model_place_core(m, i, (i % per) / tpc), PMU_OK);
}

/* A built-in profile with other CPUID.0AH EAX/EDX (and its own copy of the CPUID table). */
struct custom_profile {
	struct model_profile p;
	struct model_cpuid_table t;
	struct model_cpuid_leaf leaf[64];
};

static inline struct model_profile *custom_profile(struct custom_profile *c, const char *base,
						   uint32_t eax_0a, uint32_t edx_0a)
{
	const struct model_profile *p = model_profile_find(base);
	assert_non_null(p);
	assert_true(p->cpuid->n <= sizeof(c->leaf) / sizeof(c->leaf[0]));
	c->p = *p;
	c->t = *p->cpuid;
	memcpy(c->leaf, p->cpuid->leaf, p->cpuid->n * sizeof(c->leaf[0]));
	c->t.leaf = c->leaf;
	c->p.cpuid = &c->t;
	for (unsigned i = 0; i < c->t.n; i++) {
		if (c->leaf[i].leaf == 0xA) {
			c->leaf[i].eax = eax_0a;
			c->leaf[i].edx = edx_0a;
		}
	}
	return &c->p;
}

/* The same with every register 0 (sim-firmware = clean), for tests written against a clean machine. */
static inline struct model *test_model_clean(const char *profile, unsigned ncpus, unsigned npkgs,
					     struct pmu_backend *b)
{
	struct model *m = test_model(profile, ncpus, npkgs, b);
	model_set_firmware(m, MODEL_FW_CLEAN);
	return m;
}

/* An MSR access that must succeed. */
static inline void wr_on(const struct pmu_backend *b, unsigned cpu, uint32_t msr, uint64_t v)
{
	assert_int_equal(pmu_wrmsr(b, cpu, msr, v), PMU_OK);
}

static inline uint64_t rd_on(const struct pmu_backend *b, unsigned cpu, uint32_t msr)
{
	uint64_t v = 0;
	assert_int_equal(pmu_rdmsr(b, cpu, msr, &v), PMU_OK);
	return v;
}

/* A backend in front of another: rdmsr/wrmsr raise #GP wherever fails() says so. */
struct filter_backend {
	struct pmu_backend inner;
	bool (*fails)(void *arg, unsigned cpu, uint32_t msr, bool write);
	void *arg;
	uint64_t ticks;   /* filter_backend_clock: the TSC, 100 a read */
};

static inline pmu_status filter_rdmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val)
{
	struct filter_backend *f = ctx;
	*val = 0;
	return f->fails(f->arg, cpu, msr, false) ? PMU_ERR_FAULT_GP : pmu_rdmsr(&f->inner, cpu, msr, val);
}

static inline pmu_status filter_wrmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t val)
{
	struct filter_backend *f = ctx;
	return f->fails(f->arg, cpu, msr, true) ? PMU_ERR_FAULT_GP : pmu_wrmsr(&f->inner, cpu, msr, val);
}

static inline pmu_status filter_rdpmc(void *ctx, unsigned cpu, uint32_t idx, uint64_t *val)
{
	struct filter_backend *f = ctx;
	return pmu_rdpmc(&f->inner, cpu, idx, val);
}

static inline pmu_status filter_cpuid(void *ctx, unsigned cpu, uint32_t leaf, uint32_t sub,
				      struct pmu_cpuid *out)
{
	struct filter_backend *f = ctx;
	return pmu_cpuid(&f->inner, cpu, leaf, sub, out);
}

/* For a filter that only adds what it wraps (a clock): nothing faults. */
static inline bool filter_no_faults(void *arg, unsigned cpu, uint32_t msr, bool write)
{
	(void)arg;
	(void)cpu;
	(void)msr;
	(void)write;
	return false;
}

static inline uint64_t filter_tsc(void *ctx, unsigned cpu)
{
	(void)cpu;
	return (((struct filter_backend *)ctx)->ticks += 100);
}

static const struct pmu_backend_ops filter_ops = {
	.rdmsr = filter_rdmsr, .wrmsr = filter_wrmsr, .rdpmc = filter_rdpmc, .cpuid = filter_cpuid,
};
static const struct pmu_backend_ops filter_clock_ops = {
	.rdmsr = filter_rdmsr, .wrmsr = filter_wrmsr, .rdpmc = filter_rdpmc, .cpuid = filter_cpuid,
	.tsc = filter_tsc,
};

static inline void filter_backend_init(struct filter_backend *f, const struct pmu_backend *inner,
				       bool (*fails)(void *arg, unsigned cpu, uint32_t msr, bool write),
				       void *arg, struct pmu_backend *out)
{
	f->inner = *inner;
	f->fails = fails;
	f->arg = arg;
	out->ops = &filter_ops;
	out->ctx = f;
	out->name = "filter";
	out->simulated = true;
}

/* The same backend with a TSC (as the run's synced backend gives one). */
static inline void filter_backend_clock(struct pmu_backend *out)
{
	out->ops = &filter_clock_ops;
}
#endif
