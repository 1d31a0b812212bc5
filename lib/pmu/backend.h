/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The one door to the hardware. Every MSR, PMC, CPUID, PCI configuration and
 * MMIO access of lib/ goes through a backend: efi/ has the real one (faults
 * caught and reported), lib/ the reference model. `cpu` is the logical CPU the
 * access is for; the real backend is only ever called on that CPU, the model
 * keeps one state per CPU. PCI and MMIO registers are the platform's, not a
 * CPU's: cpu there is the CPU making the access.
 */
#ifndef EFIPMU_BACKEND_H
#define EFIPMU_BACKEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "util/status.h"

struct kernel_desc;   /* check/kernels.h: what a backend that runs no code replays */

struct pmu_cpuid {
	uint32_t eax, ebx, ecx, edx;
};

/*
 * The measured window: wrmsr(msr, on), result = kernel(arg), wrmsr(msr, off),
 * with the TSC read just before the first write and just after the second.
 * A failed enabling write skips the kernel and the disabling write.
 */
/*
 * A dword of a PCI function's configuration space (PCI Local Bus 3.0 section 6.1;
 * PCI Express Base 4.0 section 7.2.2: offsets up to 0xFFF through ECAM).
 */
struct pmu_pci_addr {
	uint16_t seg;
	uint8_t bus, dev, fn;   /* dev 0-31, fn 0-7 */
	uint16_t off;           /* dword aligned, at most 0xFFC */
};

struct pmon_registry;

/* Is a is a register of a PMON box the tool identified (pmu/pmon_registry.h)? */
bool pmon_pci_allowed(const struct pmon_registry *r, struct pmu_pci_addr a);
bool pmon_mmio_allowed(const struct pmon_registry *r, uint64_t addr, unsigned bytes);

struct pmu_gated_run {
	uint64_t on, off;
	uint64_t (*kernel)(const void *arg);
	const void *arg;            /* starts with struct kernel_args (check/kernels.h) */
	uint64_t result;
	uint64_t tsc_on, tsc_off;   /* 0 where the backend has no TSC */
	uint32_t msr;
	pmu_status on_st, off_st;
	/* its descriptor, or NULL: the kernel alone (last: efi/gated.c reads the rest by offset) */
	const struct kernel_desc *desc;
};

/* A PCI segment's bus range that configuration space reaches (a root bridge's, MCFG's). */
struct pmu_bus_range {
	uint16_t seg;
	uint8_t lo, hi;
	bool ecam;      /* an ACPI MCFG allocation (reached by ECAM), not a root bridge's range */
};

struct pmu_backend_ops {
	pmu_status (*rdmsr)(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val);
	pmu_status (*wrmsr)(void *ctx, unsigned cpu, uint32_t msr, uint64_t val);
	pmu_status (*rdpmc)(void *ctx, unsigned cpu, uint32_t index, uint64_t *val);
	pmu_status (*cpuid)(void *ctx, unsigned cpu, uint32_t leaf, uint32_t subleaf,
			    struct pmu_cpuid *out);
	/*
	 * Optional: the window above with as few instructions between the two
	 * writes as the backend can manage (the real one: efi/gated.c, the kernel + 2).
	 */
	void (*gated_run)(void *ctx, unsigned cpu, struct pmu_gated_run *g);
	/*
	 * Optional, both or neither: maskable interrupts off on cpu, returning what
	 * irq_restore needs to put them back as they were (the real one: RFLAGS).
	 */
	uint64_t (*irq_save)(void *ctx, unsigned cpu);
	void (*irq_restore)(void *ctx, unsigned cpu, uint64_t saved);
	/* Optional: cpu's time stamp counter (read on cpu), for windows gated_run cannot take. */
	uint64_t (*tsc)(void *ctx, unsigned cpu);
	/*
	 * Optional: PCI configuration dwords (an absent function reads all-ones, as
	 * on hardware) and 4- or 8-byte MMIO at a physical address. Called through
	 * the pmu_pci_* and pmu_mmio_* wrappers below, never directly: they check
	 * the address and refuse writes outside the identified PMON boxes.
	 */
	pmu_status (*pci_read)(void *ctx, unsigned cpu, struct pmu_pci_addr a, uint32_t *val);
	pmu_status (*pci_write)(void *ctx, unsigned cpu, struct pmu_pci_addr a, uint32_t val);
	pmu_status (*mmio_read)(void *ctx, unsigned cpu, uint64_t addr, unsigned bytes, uint64_t *val);
	pmu_status (*mmio_write)(void *ctx, unsigned cpu, uint64_t addr, unsigned bytes, uint64_t val);
	/*
	 * Optional: the bus ranges configuration space reaches, up to cap of them; returns how
	 * many. A bus outside all of them reads all-ones whatever sits there: a device named
	 * there (a discovery table's unit) is out of reach, not absent.
	 */
	unsigned (*pci_ranges)(void *ctx, struct pmu_bus_range *r, unsigned cap);
	/*
	 * Optional: the firmware's ACPI table of signature sig (4 characters), *len bytes as its
	 * header's length gives them (the real one: through the XSDT; the model: its own); false
	 * when there is none. Boot CPU only. Read, never written: a parser checks every byte.
	 */
	bool (*acpi_table)(void *ctx, const char *sig, const uint8_t **table, size_t *len);
	/*
	 * Optional: runs kernel k with arg (a struct kernel_args first) as this backend
	 * executes it; the model, which sees no instructions, replays its own reading of
	 * the code. Without it the kernel's code runs on the CPU.
	 */
	uint64_t (*run_kernel)(void *ctx, unsigned cpu, const struct kernel_desc *k,
			       uint64_t (*kernel)(const void *), const void *arg);
};

struct pmu_backend {
	const struct pmu_backend_ops *ops;
	void *ctx;
	const char *name;  /* "real" or "sim" */
	bool simulated;    /* every value it yields must be marked simulated */
	/* The PMON boxes PCI and MMIO writes may reach; NULL: none (every such write refused). */
	const struct pmon_registry *pmon;
	uint64_t iterations;   /* the kernels' iterations here; 0: each kernel's own */
	/*
	 * The rate of the backend's own TSC (ops->tsc), ticks a microsecond; 0: it has none of
	 * its own, the platform's TSC times its windows (a model's TSC is the machine's it models).
	 */
	uint64_t tsc_per_us;
	/*
	 * Writes are recorded, not made (the dry run's overlay, pmu/dryrun.h): no counter
	 * moves, so a job claims no count and makes no write it cannot take back by reading.
	 */
	bool records_only;
};

static inline pmu_status pmu_rdmsr(const struct pmu_backend *b, unsigned cpu, uint32_t msr,
				   uint64_t *val)
{
	return b->ops->rdmsr(b->ctx, cpu, msr, val);
}

static inline pmu_status pmu_wrmsr(const struct pmu_backend *b, unsigned cpu, uint32_t msr,
				   uint64_t val)
{
	return b->ops->wrmsr(b->ctx, cpu, msr, val);
}

static inline pmu_status pmu_rdpmc(const struct pmu_backend *b, unsigned cpu, uint32_t index,
				   uint64_t *val)
{
	return b->ops->rdpmc(b->ctx, cpu, index, val);
}

static inline pmu_status pmu_cpuid(const struct pmu_backend *b, unsigned cpu, uint32_t leaf,
				   uint32_t subleaf, struct pmu_cpuid *out)
{
	return b->ops->cpuid(b->ctx, cpu, leaf, subleaf, out);
}

static inline bool pmu_pci_addr_ok(struct pmu_pci_addr a)
{
	return a.dev < 32 && a.fn < 8 && !(a.off & 3) && a.off <= 0xFFC;
}

/*
 * A configuration dword. All-ones from a function whose vendor/device dword
 * also reads all-ones is PMU_ERR_ABSENT (no device there, or one firmware hid);
 * PMU_ERR_UNSUPPORTED where the backend has no PCI access.
 */
static inline pmu_status pmu_pci_read(const struct pmu_backend *b, unsigned cpu,
				      struct pmu_pci_addr a, uint32_t *val)
{
	*val = 0xFFFFFFFFu;
	if (!pmu_pci_addr_ok(a))
		return PMU_ERR_INVALID;
	if (!b->ops->pci_read)
		return PMU_ERR_UNSUPPORTED;
	pmu_status st = b->ops->pci_read(b->ctx, cpu, a, val);
	if (st || *val != 0xFFFFFFFFu)
		return st;
	struct pmu_pci_addr id = a;
	uint32_t v = 0xFFFFFFFFu;
	id.off = 0;
	if (a.off && b->ops->pci_read(b->ctx, cpu, id, &v) == PMU_OK && v != 0xFFFFFFFFu)
		return PMU_OK;
	return PMU_ERR_ABSENT;
}

/* A configuration dword written, only inside an identified PMON box (else PMU_ERR_REFUSED). */
static inline pmu_status pmu_pci_write(const struct pmu_backend *b, unsigned cpu,
				       struct pmu_pci_addr a, uint32_t val)
{
	if (!pmu_pci_addr_ok(a))
		return PMU_ERR_INVALID;
	if (!pmon_pci_allowed(b->pmon, a))
		return PMU_ERR_REFUSED;
	return b->ops->pci_write ? b->ops->pci_write(b->ctx, cpu, a, val) : PMU_ERR_UNSUPPORTED;
}

static inline bool pmu_mmio_ok(uint64_t addr, unsigned bytes)
{
	return (bytes == 4 || bytes == 8) && !(addr & (bytes - 1)) && addr;
}

/* 4 or 8 bytes at a physical address (naturally aligned; address 0 is never a register). */
static inline pmu_status pmu_mmio_read(const struct pmu_backend *b, unsigned cpu, uint64_t addr,
				       unsigned bytes, uint64_t *val)
{
	*val = 0;
	if (!pmu_mmio_ok(addr, bytes))
		return PMU_ERR_INVALID;
	return b->ops->mmio_read ? b->ops->mmio_read(b->ctx, cpu, addr, bytes, val)
				 : PMU_ERR_UNSUPPORTED;
}

/* MMIO written, only inside an identified PMON box (else PMU_ERR_REFUSED). */
static inline pmu_status pmu_mmio_write(const struct pmu_backend *b, unsigned cpu, uint64_t addr,
					unsigned bytes, uint64_t val)
{
	if (!pmu_mmio_ok(addr, bytes) || (bytes == 4 && val >> 32))
		return PMU_ERR_INVALID;
	if (!pmon_mmio_allowed(b->pmon, addr, bytes))
		return PMU_ERR_REFUSED;
	return b->ops->mmio_write ? b->ops->mmio_write(b->ctx, cpu, addr, bytes, val)
				  : PMU_ERR_UNSUPPORTED;
}

/* The ACPI table sig through the backend; false where it has none (or no ACPI access). */
static inline bool pmu_acpi_table(const struct pmu_backend *b, const char *sig,
				  const uint8_t **table, size_t *len)
{
	*table = NULL;
	*len = 0;
	return b->ops->acpi_table && b->ops->acpi_table(b->ctx, sig, table, len) && *table;
}

/* The TSC through the backend; 0 where it has none. */
static inline uint64_t pmu_tsc(const struct pmu_backend *b, unsigned cpu)
{
	return b->ops->tsc ? b->ops->tsc(b->ctx, cpu) : 0;
}

/* kernel(arg) as the backend runs the kernel desc (NULL: the code alone). */
static inline uint64_t pmu_run_kernel(const struct pmu_backend *b, unsigned cpu,
				      const struct kernel_desc *desc,
				      uint64_t (*kernel)(const void *), const void *arg)
{
	if (desc && b->ops->run_kernel)
		return b->ops->run_kernel(b->ctx, cpu, desc, kernel, arg);
	return kernel(arg);
}

/* The backend's gated_run, or the same three steps through its wrmsr. */
static inline void pmu_gated_run(const struct pmu_backend *b, unsigned cpu, struct pmu_gated_run *g)
{
	if (b->ops->gated_run) {
		b->ops->gated_run(b->ctx, cpu, g);
		return;
	}
	g->tsc_off = 0;
	g->tsc_on = pmu_tsc(b, cpu);
	g->off_st = PMU_OK;
	g->on_st = pmu_wrmsr(b, cpu, g->msr, g->on);
	if (g->on_st)
		return;
	g->result = pmu_run_kernel(b, cpu, g->desc, g->kernel, g->arg);
	g->off_st = pmu_wrmsr(b, cpu, g->msr, g->off);
	g->tsc_off = pmu_tsc(b, cpu);
}

/* Interrupts off on cpu; false (nothing done) when the backend cannot turn them off. */
static inline bool pmu_irq_save(const struct pmu_backend *b, unsigned cpu, uint64_t *saved)
{
	if (!b->ops->irq_save || !b->ops->irq_restore)
		return false;
	*saved = b->ops->irq_save(b->ctx, cpu);
	return true;
}

/* Undoes a pmu_irq_save that returned true. */
static inline void pmu_irq_restore(const struct pmu_backend *b, unsigned cpu, uint64_t saved)
{
	b->ops->irq_restore(b->ctx, cpu, saved);
}

#endif
