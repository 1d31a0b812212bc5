#include <efi.h>
#include <efilib.h>
#include "measure.h"
#include "sim_workload.h"

#define MEASURE_TIMEOUT_US 10000000u

struct sim_run {
	struct app *a;
	unsigned cpu;
	const struct kernel_desc *k;
	uint64_t iterations;
};

/* The model sees no real instructions: the kernel's claims are replayed as cycles. */
static uint64_t run_sim(const void *p)
{
	const struct sim_run *r = p;
	return sim_workload_run(r->a->model, r->cpu, r->k, r->iterations);
}

static pmu_status measure(struct app *a, unsigned cpu, struct core_session *s,
			  const struct kernel_desc *k)
{
	struct cpu_slot *slot = &a->slot[cpu];
	struct kernel_args args = { a->iterations, NULL, 0 };
	struct sim_run r = { a, cpu, k, a->iterations };
	pmu_status st = core_prepare(s, &a->backend, cpu, &slot->snap, a->reqs, a->nreqs,
				     a->opt.force);
	if (st)
		return st;
	/* Real backend: the kernel itself is what the gated window calls. */
	if (a->model)
		return core_measure(s, run_sim, &r);
	return core_measure(s, k->fn, &args);
}

static void measure_on_cpu(void *ctx, unsigned cpu)
{
	struct app *a = ctx;
	struct cpu_slot *s = &a->slot[cpu];
	if (!cpuset_has(&a->opt.cpus, cpu) || !s->done)
		return;
	s->measure_st = core_snapshot(&a->backend, cpu, &s->info, &s->snap);
	if (!s->measure_st)
		s->measure_st = measure(a, cpu, &s->empty, kernel_find("empty"));
	if (!s->measure_st)
		s->measure_st = measure(a, cpu, &s->run, a->kernel);
}

void measure_all(struct app *a)
{
	mp_run_all(&a->mp, measure_on_cpu, a, MEASURE_TIMEOUT_US);
}
