/*
 * The one door to the hardware. Every MSR, PMC and CPUID access of lib/ goes
 * through a backend: efi/ has the real one (faults caught and reported), lib/
 * the reference model. `cpu` is the logical CPU the access is for; the real
 * backend is only ever called on that CPU, the model keeps one state per CPU.
 */
#ifndef EFIPMU_BACKEND_H
#define EFIPMU_BACKEND_H

#include <stdbool.h>
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
	uint64_t iterations;   /* the kernels' iterations here; 0: each kernel's own */
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
