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
#include "status.h"

struct pmu_cpuid {
	uint32_t eax, ebx, ecx, edx;
};

struct pmu_backend_ops {
	pmu_status (*rdmsr)(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val);
	pmu_status (*wrmsr)(void *ctx, unsigned cpu, uint32_t msr, uint64_t val);
	pmu_status (*rdpmc)(void *ctx, unsigned cpu, uint32_t index, uint64_t *val);
	pmu_status (*cpuid)(void *ctx, unsigned cpu, uint32_t leaf, uint32_t subleaf,
			    struct pmu_cpuid *out);
};

struct pmu_backend {
	const struct pmu_backend_ops *ops;
	void *ctx;
	const char *name;  /* "real" or "sim" */
	bool simulated;    /* every value it yields must be marked simulated */
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

#endif
