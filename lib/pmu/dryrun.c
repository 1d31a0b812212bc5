#include "pmu/dryrun.h"
#include "util/fmt.h"
#include "hw/msr.h"
#include "pmu/core_engine.h"

#define RDPMC_FIXED (1u << 30)
#define FULL_PMC_END (MSR_IA32_A_PMC0 + CORE_MAX_GP)

/* IA32_A_PMCx is another door to IA32_PMCx: both name the same counter. */
static uint32_t canonical(uint32_t msr)
{
	if (msr >= MSR_IA32_A_PMC0 && msr < FULL_PMC_END)
		return msr - MSR_IA32_A_PMC0 + MSR_IA32_PMC0;
	return msr;
}

/* The latest dry-run write of msr on this CPU, or NULL. */
static const struct dryrun_write *overlaid(const struct dryrun_cpu *c, uint32_t msr)
{
	uint32_t want = canonical(msr);
	for (unsigned i = c->n; i-- > 0;)
		if (canonical(c->w[i].msr) == want)
			return &c->w[i];
	return NULL;
}

static struct dryrun_cpu *cpu_of(struct dryrun *d, unsigned cpu)
{
	return cpu < d->ncpus ? &d->cpu[cpu] : NULL;
}

static pmu_status dr_rdmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val)
{
	struct dryrun *d = ctx;
	const struct dryrun_cpu *c = cpu_of(d, cpu);
	if (!c)
		return PMU_ERR_INVALID;
	const struct dryrun_write *w = overlaid(c, msr);
	if (!w)
		return pmu_rdmsr(&d->inner, cpu, msr, val);
	*val = w->value;
	return PMU_OK;
}

static pmu_status dr_wrmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t val)
{
	struct dryrun *d = ctx;
	struct dryrun_cpu *c = cpu_of(d, cpu);
	if (!c)
		return PMU_ERR_INVALID;
	if (c->n >= c->cap) {
		c->overflow = true;
		return PMU_ERR_NOSPACE;
	}
	struct dryrun_write *w = &c->w[c->n];
	w->msr = msr;
	w->value = val;
	w->was = 0;
	w->was_st = dr_rdmsr(ctx, cpu, msr, &w->was);
	c->n++;
	return pmu_is_fault(w->was_st) ? w->was_st : PMU_OK;
}

/* rdpmc index -> the MSR it reads: bit 30 selects the fixed counters. */
static uint32_t pmc_msr(uint32_t index)
{
	if (index & RDPMC_FIXED)
		return MSR_IA32_FIXED_CTR0 + (index & ~RDPMC_FIXED);
	return MSR_IA32_PMC0 + index;
}

static pmu_status dr_rdpmc(void *ctx, unsigned cpu, uint32_t index, uint64_t *val)
{
	struct dryrun *d = ctx;
	const struct dryrun_cpu *c = cpu_of(d, cpu);
	if (!c)
		return PMU_ERR_INVALID;
	const struct dryrun_write *w = overlaid(c, pmc_msr(index));
	if (!w)
		return pmu_rdpmc(&d->inner, cpu, index, val);
	*val = w->value;
	return PMU_OK;
}

static pmu_status dr_cpuid(void *ctx, unsigned cpu, uint32_t leaf, uint32_t subleaf,
			   struct pmu_cpuid *out)
{
	struct dryrun *d = ctx;
	return pmu_cpuid(&d->inner, cpu, leaf, subleaf, out);
}

static uint64_t dr_run_kernel(void *ctx, unsigned cpu, const struct kernel_desc *k,
			      uint64_t (*kernel)(const void *), const void *arg)
{
	struct dryrun *d = ctx;
	return pmu_run_kernel(&d->inner, cpu, k, kernel, arg);
}

/* No gated_run: the enable/disable window falls back to our wrmsr, so it is recorded too. */
static const struct pmu_backend_ops dryrun_ops = {
	.rdmsr = dr_rdmsr, .wrmsr = dr_wrmsr, .rdpmc = dr_rdpmc, .cpuid = dr_cpuid,
	.run_kernel = dr_run_kernel,
};

void dryrun_cpu_init(struct dryrun_cpu *c, struct dryrun_write *storage, unsigned cap)
{
	c->w = storage;
	c->cap = cap;
	c->n = 0;
	c->overflow = false;
}

void dryrun_init(struct dryrun *d, const struct pmu_backend *inner, struct dryrun_cpu *cpus,
		 unsigned ncpus, struct pmu_backend *out)
{
	struct strbuf sb;
	d->inner = *inner;
	d->cpu = cpus;
	d->ncpus = ncpus;
	sb_init(&sb, d->name, sizeof(d->name));
	sb_puts(&sb, "dry-run over ");
	sb_puts(&sb, d->inner.name ? d->inner.name : "?");
	out->ops = &dryrun_ops;
	out->ctx = d;
	out->name = d->name;
	out->simulated = inner->simulated;
	out->iterations = inner->iterations;
}
