/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * --dry-run: a backend laid over another that lets the engines run their
 * whole sequence while no MSR is ever written. Writes are recorded per CPU,
 * in order, and a later read of that MSR on that CPU returns what was
 * "written" (so read-backs and restore see a consistent register); every
 * other read, CPUID and RDPMC go to the backend below. PCI configuration and
 * MMIO writes are recorded the same way, by register key (pmu/regkey.h), once
 * the write guard (pmu/pmon_registry.h) let them through.
 *
 * Each CPU only touches its own struct dryrun_cpu, so APs may run through the
 * overlay at once. The overlay is per CPU: an uncore MSR "written" on one CPU
 * of a package still reads the hardware's value on the others.
 */
#ifndef EFIPMU_DRYRUN_H
#define EFIPMU_DRYRUN_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/backend.h"

/* One recorded wrmsr. */
struct dryrun_write {
	uint32_t msr;        /* register key: an MSR, a PCI dword or an MMIO register */
	pmu_status was_st;   /* PMU_OK: `was` is what the register held; else the read's fault */
	uint64_t value;
	uint64_t was;        /* earlier dry-run write of that MSR, else the backend's read */
};

/* One CPU's record, in storage the caller gives (cap entries). */
struct dryrun_cpu {
	struct dryrun_write *w;
	unsigned cap, n;
	bool overflow;       /* a write found the record full and was refused (PMU_ERR_NOSPACE) */
};

struct dryrun {
	struct pmu_backend inner;   /* a copy: the caller may overwrite its own backend with ours */
	struct dryrun_cpu *cpu;
	unsigned ncpus;
	char name[40];              /* "dry-run over real" */
};

void dryrun_cpu_init(struct dryrun_cpu *c, struct dryrun_write *storage, unsigned cap);

/*
 * Makes *out the overlay of d over inner for CPUs 0..ncpus-1 (cpus[i] initialised
 * with dryrun_cpu_init). Accesses for other CPUs return PMU_ERR_INVALID. A write
 * whose register faults on read returns that fault, as the write would on the
 * hardware most of the time; it is still recorded.
 */
void dryrun_init(struct dryrun *d, const struct pmu_backend *inner, struct dryrun_cpu *cpus,
		 unsigned ncpus, struct pmu_backend *out);

#endif
