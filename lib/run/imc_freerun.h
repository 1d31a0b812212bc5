/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A family's free-running memory counters (its freerun types, hw/uncore_families.h), a
 * second memory bandwidth source beside the channels' CAS counts: per memory controller, at
 * the MMIO base its channels' boxes hang from, each counter of each type, with no box
 * control: read only, never written (the write guard registers only the channels' boxes,
 * so a write there would be refused). The check names them by role.
 */
#ifndef EFIPMU_RUN_IMC_FREERUN_H
#define EFIPMU_RUN_IMC_FREERUN_H

#include "run/run.h"

#define IMC_FR_MAX 4   /* memory controllers of a package */
#define IMC_FR_CTRS 4  /* free-running counters of a controller, every type's */

/* One counter of a type: where from the controller's base, how wide, its name and role. */
struct imc_freerun_ctr {
	uint32_t off;
	uint8_t bits;
	const struct freerun_ctr *c;
};

struct imc_freerun_mc {
	uint8_t mc;                  /* controller number (box_mmio.mc) */
	uint64_t base;               /* its MMIO base, identified by the scan */
	uint64_t before[IMC_FR_CTRS];
	uint64_t sum[IMC_FR_CTRS];   /* width-aware deltas over every window */
	pmu_status st;               /* first read that failed */
	bool all_ones;               /* a read gave all-ones: no register there */
};

/* Written by the package leader (AP code: reads only, no output). */
struct imc_freerun {
	unsigned n, windows;
	uint64_t ticks;              /* TSC ticks over those windows */
	struct imc_freerun_mc c[IMC_FR_MAX];
	unsigned nctr;               /* each controller's counters, every type's in order */
	struct imc_freerun_ctr ctr[IMC_FR_CTRS];
};

/*
 * The counters of fam's free-running types on the controllers of package map whose channels
 * the scan identified and mapped (their registry region r gives the base); none elsewhere:
 * no read at a merely computed address.
 */
void imc_freerun_find(struct imc_freerun *f, const struct uncore_family_desc *fam,
		      const struct uncore_pci_pkg *map, const struct pmon_registry *r);
/* Before (after = false) and after a counting window on cpu: 8-byte reads, deltas summed. */
void imc_freerun_read(struct imc_freerun *f, const struct pmu_backend *b, unsigned cpu,
		      bool after, uint64_t ticks);
/*
 * On the boot CPU: per controller and for the package the free-running bandwidth and
 * DCLK next to the CAS counts' (cas[mc][0] read lines, [1] written, per window: the
 * medians), a record each, and the check that the two sources agree. The verdict.
 */
enum verdict imc_freerun_report(struct run *a, unsigned package, const struct imc_freerun *f,
				const uint64_t cas[IMC_FR_MAX][2]);

#endif
