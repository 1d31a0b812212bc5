/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include <stddef.h>
#include "hooks/forward.h"

/* The hook, then the inner backend's own operation (never its checking wrapper: done outside). */
static const struct pmu_backend *at(void *ctx, unsigned cpu, enum hook_op op)
{
	struct hook_backend *h = ctx;
	h->at(h, cpu, op);
	return &h->inner;
}

static pmu_status f_rdmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val)
{
	const struct pmu_backend *b = at(ctx, cpu, HOOK_OTHER);
	return b->ops->rdmsr(b->ctx, cpu, msr, val);
}

static pmu_status f_wrmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t val)
{
	const struct pmu_backend *b = at(ctx, cpu, HOOK_OTHER);
	return b->ops->wrmsr(b->ctx, cpu, msr, val);
}

static pmu_status f_rdpmc(void *ctx, unsigned cpu, uint32_t index, uint64_t *val)
{
	const struct pmu_backend *b = at(ctx, cpu, HOOK_OTHER);
	return b->ops->rdpmc(b->ctx, cpu, index, val);
}

static pmu_status f_cpuid(void *ctx, unsigned cpu, uint32_t leaf, uint32_t sub,
			  struct pmu_cpuid *out)
{
	const struct pmu_backend *b = at(ctx, cpu, HOOK_OTHER);
	return b->ops->cpuid(b->ctx, cpu, leaf, sub, out);
}

static void f_gated_run(void *ctx, unsigned cpu, struct pmu_gated_run *g)
{
	const struct pmu_backend *b = at(ctx, cpu, HOOK_GATED_RUN);
	b->ops->gated_run(b->ctx, cpu, g);
}

static uint64_t f_irq_save(void *ctx, unsigned cpu)
{
	const struct pmu_backend *b = at(ctx, cpu, HOOK_IRQ_SAVE);
	return b->ops->irq_save(b->ctx, cpu);
}

static void f_irq_restore(void *ctx, unsigned cpu, uint64_t saved)
{
	const struct pmu_backend *b = at(ctx, cpu, HOOK_OTHER);
	b->ops->irq_restore(b->ctx, cpu, saved);
}

static uint64_t f_tsc(void *ctx, unsigned cpu)
{
	const struct pmu_backend *b = at(ctx, cpu, HOOK_OTHER);
	return b->ops->tsc(b->ctx, cpu);
}

static pmu_status f_pci_read(void *ctx, unsigned cpu, struct pmu_pci_addr a, uint32_t *val)
{
	const struct pmu_backend *b = at(ctx, cpu, HOOK_OTHER);
	return b->ops->pci_read(b->ctx, cpu, a, val);
}

static pmu_status f_pci_write(void *ctx, unsigned cpu, struct pmu_pci_addr a, uint32_t val)
{
	const struct pmu_backend *b = at(ctx, cpu, HOOK_OTHER);
	return b->ops->pci_write(b->ctx, cpu, a, val);
}

static unsigned f_pci_ranges(void *ctx, struct pmu_bus_range *r, unsigned cap)
{
	const struct pmu_backend *b = &((struct hook_backend *)ctx)->inner;   /* no CPU: no hook */
	return b->ops->pci_ranges(b->ctx, r, cap);
}

static bool f_acpi_table(void *ctx, const char *sig, const uint8_t **t, size_t *len)
{
	const struct pmu_backend *b = &((struct hook_backend *)ctx)->inner;   /* no CPU: no hook */
	return b->ops->acpi_table(b->ctx, sig, t, len);
}

static pmu_status f_mmio_read(void *ctx, unsigned cpu, uint64_t addr, unsigned bytes, uint64_t *val)
{
	const struct pmu_backend *b = at(ctx, cpu, HOOK_OTHER);
	return b->ops->mmio_read(b->ctx, cpu, addr, bytes, val);
}

static pmu_status f_mmio_write(void *ctx, unsigned cpu, uint64_t addr, unsigned bytes, uint64_t val)
{
	const struct pmu_backend *b = at(ctx, cpu, HOOK_OTHER);
	return b->ops->mmio_write(b->ctx, cpu, addr, bytes, val);
}

static uint64_t f_run_kernel(void *ctx, unsigned cpu, const struct kernel_desc *k,
			     uint64_t (*kernel)(const void *), const void *arg)
{
	const struct pmu_backend *b = at(ctx, cpu, HOOK_OTHER);
	return b->ops->run_kernel(b->ctx, cpu, k, kernel, arg);
}

#define FORWARD(op) (in->op ? f_##op : NULL)

void hook_backend_init(struct hook_backend *h, const struct pmu_backend *inner,
		       void (*hook)(struct hook_backend *h, unsigned cpu, enum hook_op op),
		       struct pmu_backend *out)
{
	h->inner = *inner;
	const struct pmu_backend_ops *in = h->inner.ops;
	h->ops = (struct pmu_backend_ops){
		.rdmsr = FORWARD(rdmsr), .wrmsr = FORWARD(wrmsr), .rdpmc = FORWARD(rdpmc),
		.cpuid = FORWARD(cpuid), .gated_run = FORWARD(gated_run),
		.irq_save = FORWARD(irq_save), .irq_restore = FORWARD(irq_restore),
		.tsc = FORWARD(tsc), .pci_read = FORWARD(pci_read), .pci_write = FORWARD(pci_write),
		.mmio_read = FORWARD(mmio_read), .mmio_write = FORWARD(mmio_write),
		.pci_ranges = FORWARD(pci_ranges), .acpi_table = FORWARD(acpi_table),
		.run_kernel = FORWARD(run_kernel),
	};
	h->at = hook;
	out->ops = &h->ops;
	out->ctx = h;
}
