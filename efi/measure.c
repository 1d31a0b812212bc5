#include <efi.h>
#include <efilib.h>
#include "measure.h"
#include "sim_workload.h"

#define MEASURE_TIMEOUT_US 10000000u

struct kernel_run {
	struct app *a;
	unsigned cpu;
	const struct kernel_desc *k;
	struct kernel_args args;
	uint64_t checksum;
};

static void run_kernel(void *p)
{
	struct kernel_run *r = p;
	if (r->a->model)
		r->checksum = sim_workload_run(r->a->model, r->cpu, r->k, r->args.iterations);
	else
		r->checksum = r->k->fn(&r->args);
}

static pmu_status measure(struct app *a, unsigned cpu, struct core_session *s,
			  const struct kernel_desc *k, uint64_t *checksum)
{
	struct cpu_slot *slot = &a->slot[cpu];
	struct kernel_run r = { a, cpu, k, { a->iterations, NULL, 0 }, 0 };
	pmu_status st = core_prepare(s, &a->backend, cpu, &slot->snap, a->reqs, a->nreqs,
				     a->opt.force);
	if (!st)
		st = core_measure(s, run_kernel, &r);
	*checksum = r.checksum;
	return st;
}

static void measure_on_cpu(void *ctx, unsigned cpu)
{
	struct app *a = ctx;
	struct cpu_slot *s = &a->slot[cpu];
	uint64_t ignored;
	if (!cpuset_has(&a->opt.cpus, cpu) || !s->done)
		return;
	s->measure_st = core_snapshot(&a->backend, cpu, &s->info, &s->snap);
	if (!s->measure_st)
		s->measure_st = measure(a, cpu, &s->empty, kernel_find("empty"), &ignored);
	if (!s->measure_st)
		s->measure_st = measure(a, cpu, &s->run, a->kernel, &s->checksum);
}

void measure_all(struct app *a)
{
	mp_run_all(&a->mp, measure_on_cpu, a, MEASURE_TIMEOUT_US);
}
