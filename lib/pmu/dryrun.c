/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "pmu/dryrun.h"
#include "util/fmt.h"
#include "hw/msr.h"
#include "pmu/core_engine.h"
#include "pmu/regkey.h"

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

/* Records a write of key on cpu; was_st/was from read (the overlay's own read). */
static pmu_status record(struct dryrun *d, unsigned cpu, uint32_t key, uint64_t val,
			 pmu_status (*read)(struct dryrun *, unsigned, uint32_t, uint64_t *))
{
	struct dryrun_cpu *c = cpu_of(d, cpu);
	if (!c)
		return PMU_ERR_INVALID;
	if (c->n >= c->cap) {
		c->overflow = true;
		return PMU_ERR_NOSPACE;
	}
	struct dryrun_write *w = &c->w[c->n];
	w->msr = key;
	w->value = val;
	w->was = 0;
	w->was_st = read(d, cpu, key, &w->was);
	c->n++;
	return PMU_OK;
}

static pmu_status msr_key_read(struct dryrun *d, unsigned cpu, uint32_t msr, uint64_t *val)
{
	return dr_rdmsr(d, cpu, msr, val);
}

static pmu_status dr_wrmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t val)
{
	struct dryrun *d = ctx;
	pmu_status st = record(d, cpu, msr, val, msr_key_read);
	if (st)
		return st;
	pmu_status was = d->cpu[cpu].w[d->cpu[cpu].n - 1].was_st;
	return pmu_is_fault(was) ? was : PMU_OK;
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

/* PCI and MMIO: the same overlay, by register key (pmu/regkey.h); writes never go below. */
static pmu_status pci_key_read(struct dryrun *d, unsigned cpu, uint32_t key, uint64_t *val)
{
	const struct dryrun_cpu *c = cpu_of(d, cpu);
	const struct dryrun_write *w = c ? overlaid(c, key) : NULL;
	uint32_t v = 0xFFFFFFFFu;
	if (!c)
		return PMU_ERR_INVALID;
	if (w) {
		*val = w->value;
		return PMU_OK;
	}
	pmu_status st = d->inner.ops->pci_read ?
			d->inner.ops->pci_read(d->inner.ctx, cpu, regkey_pci_addr(key), &v) :
			PMU_ERR_UNSUPPORTED;
	*val = v;
	return st;
}

static pmu_status dr_pci_read(void *ctx, unsigned cpu, struct pmu_pci_addr a, uint32_t *val)
{
	uint64_t v = 0xFFFFFFFFu;
	pmu_status st = pci_key_read(ctx, cpu, regkey_pci(a), &v);
	*val = (uint32_t)v;
	return st;
}

static pmu_status dr_pci_write(void *ctx, unsigned cpu, struct pmu_pci_addr a, uint32_t val)
{
	uint32_t key = regkey_pci(a);
	return key ? record(ctx, cpu, key, val, pci_key_read) : PMU_ERR_UNSUPPORTED;
}

/* The key of an MMIO access: its region in the registry the write guard allowed it by. */
static uint32_t mmio_key(const struct dryrun *d, uint64_t addr, unsigned bytes)
{
	const struct pmon_registry *r = d->inner.pmon;
	for (unsigned i = 0; r && i < r->n; i++) {
		const struct pmon_region *g = &r->r[i];
		if (g->kind == PMON_MMIO && addr >= g->base + g->lo &&
		    addr - g->base - g->lo < g->size)
			return regkey_mmio(i, (uint32_t)(addr - g->base)) | (bytes == 8 ? REGKEY_WIDE : 0);
	}
	return 0;
}

static pmu_status mmio_key_read(struct dryrun *d, unsigned cpu, uint32_t key, uint64_t *val)
{
	const struct dryrun_cpu *c = cpu_of(d, cpu);
	const struct dryrun_write *w = c ? overlaid(c, key) : NULL;
	uint64_t addr = d->inner.pmon->r[regkey_mmio_slot(key)].base + (key & 0xFFFFCu);
	if (!c)
		return PMU_ERR_INVALID;
	if (w) {
		*val = w->value;
		return PMU_OK;
	}
	return d->inner.ops->mmio_read ?
	       d->inner.ops->mmio_read(d->inner.ctx, cpu, addr, key & REGKEY_WIDE ? 8 : 4, val) :
	       PMU_ERR_UNSUPPORTED;
}

static pmu_status dr_mmio_read(void *ctx, unsigned cpu, uint64_t addr, unsigned bytes,
			       uint64_t *val)
{
	struct dryrun *d = ctx;
	uint32_t key = mmio_key(d, addr, bytes);
	if (key)
		return mmio_key_read(d, cpu, key, val);
	return d->inner.ops->mmio_read ? d->inner.ops->mmio_read(d->inner.ctx, cpu, addr, bytes, val)
				       : PMU_ERR_UNSUPPORTED;
}

static pmu_status dr_mmio_write(void *ctx, unsigned cpu, uint64_t addr, unsigned bytes,
				uint64_t val)
{
	uint32_t key = mmio_key(ctx, addr, bytes);
	return key ? record(ctx, cpu, key, val, mmio_key_read) : PMU_ERR_REFUSED;
}

static uint64_t dr_run_kernel(void *ctx, unsigned cpu, const struct kernel_desc *k,
			      uint64_t (*kernel)(const void *), const void *arg)
{
	struct dryrun *d = ctx;
	return pmu_run_kernel(&d->inner, cpu, k, kernel, arg);
}

/* No gated_run: the enable/disable window falls back to our wrmsr, so it is recorded too. */
static unsigned dr_pci_ranges(void *ctx, struct pmu_bus_range *r, unsigned cap)
{
	const struct dryrun *d = ctx;
	return d->inner.ops->pci_ranges ? d->inner.ops->pci_ranges(d->inner.ctx, r, cap) : 0;
}

static const struct pmu_backend_ops dryrun_ops = {
	.rdmsr = dr_rdmsr, .wrmsr = dr_wrmsr, .rdpmc = dr_rdpmc, .cpuid = dr_cpuid,
	.pci_read = dr_pci_read, .pci_write = dr_pci_write,
	.mmio_read = dr_mmio_read, .mmio_write = dr_mmio_write, .pci_ranges = dr_pci_ranges,
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
	out->pmon = inner->pmon;
	out->iterations = inner->iterations;
	out->records_only = true;
}
