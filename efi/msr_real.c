/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The real backend: runs on the CPU it is asked about; faults come back as status. */
#include <efi.h>
#include "gated.h"
#include "hw.h"
#include "irq.h"

uint64_t efipmu_asm_rdmsr(uint32_t msr, uint64_t *val);
uint64_t efipmu_asm_wrmsr(uint32_t msr, uint64_t val);
uint64_t efipmu_asm_rdpmc(uint32_t index, uint64_t *val);

static pmu_status fault_status(uint64_t r)
{
	if (!r)
		return PMU_OK;
	return r - 1 == 6 ? PMU_ERR_FAULT_UD : PMU_ERR_FAULT_GP;
}

static pmu_status real_rdmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val)
{
	(void)ctx;
	(void)cpu;
	pmu_status st = fault_status(efipmu_asm_rdmsr(msr, val));
	if (st)
		*val = 0;
	return st;
}

static pmu_status real_wrmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t val)
{
	(void)ctx;
	(void)cpu;
	return fault_status(efipmu_asm_wrmsr(msr, val));
}

static pmu_status real_rdpmc(void *ctx, unsigned cpu, uint32_t index, uint64_t *val)
{
	(void)ctx;
	(void)cpu;
	pmu_status st = fault_status(efipmu_asm_rdpmc(index, val));
	if (st)
		*val = 0;
	return st;
}

static pmu_status real_cpuid(void *ctx, unsigned cpu, uint32_t leaf, uint32_t sub,
			     struct pmu_cpuid *out)
{
	(void)ctx;
	(void)cpu;
	__asm__ volatile("cpuid"
			 : "=a"(out->eax), "=b"(out->ebx), "=c"(out->ecx), "=d"(out->edx)
			 : "a"(leaf), "c"(sub));
	return PMU_OK;
}

/* Only the table's kernels have a window (gated.c); any other is refused before any write. */
static void real_gated_run(void *ctx, unsigned cpu, struct pmu_gated_run *g)
{
	(void)ctx;
	(void)cpu;
	const struct gated_copy *c = gated_copy_for(g->kernel);
	if (!c) {
		g->on_st = PMU_ERR_UNSUPPORTED;
		g->off_st = PMU_OK;
		return;
	}
	uint64_t r = c->run(g);
	g->on_st = r && r < 0x100 ? fault_status(r) : PMU_OK;
	g->off_st = r >= 0x100 ? fault_status(r & 0xff) : PMU_OK;
}

/* The calling CPU's RFLAGS.IF, as irq.h saves and restores it. */
static uint64_t real_irq_save(void *ctx, unsigned cpu)
{
	(void)ctx;
	(void)cpu;
	return irq_save();
}

static void real_irq_restore(void *ctx, unsigned cpu, uint64_t saved)
{
	(void)ctx;
	(void)cpu;
	irq_restore(saved);
}

static const struct pmu_backend_ops real_ops = {
	.rdmsr = real_rdmsr,
	.wrmsr = real_wrmsr,
	.rdpmc = real_rdpmc,
	.cpuid = real_cpuid,
	.gated_run = real_gated_run,
	.irq_save = real_irq_save,
	.irq_restore = real_irq_restore,
	.pci_read = pci_real_read,
	.pci_write = pci_real_write,
	.mmio_read = mmio_real_read,
	.mmio_write = mmio_real_write,
	.pci_ranges = pci_real_ranges,
	.acpi_table = acpi_real_table,
};

void hw_backend(struct pmu_backend *b)
{
	*b = (struct pmu_backend){ .ops = &real_ops, .name = "real" };
}
