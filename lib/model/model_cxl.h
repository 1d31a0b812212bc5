/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The model's CXL type-3 memory device (model_cxl.c), on the profiles that say so
 * (model_profile.cxl): one function at 0000:0c:00.0 whose Register Locator names a
 * component block, a memory-device block and one CPMU, written from CXL 3.0 8.1.9
 * and 8.2.7 and not from efipmu's tables. Model facts: the CPMU's clock ticks once
 * every two TSC ticks of the CPU reading it (the model's TSC: the cycles that CPU ran).
 */
#ifndef EFIPMU_MODEL_CXL_H
#define EFIPMU_MODEL_CXL_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/backend.h"

#define MODEL_CXL_BUS 0x0Cu
#define MODEL_CXL_BAR 0xE0000000ull     /* BAR 0, 64-bit memory */
#define MODEL_CXL_CPMU 0x20000ull       /* the CPMU block's offset in it */
#define MODEL_CXL_COUNTERS 4u
#define MODEL_CXL_TSC_PER_TICK 2u

/* The CPMU's registers as the device holds them. */
struct model_cxl {
	uint64_t freeze, ovf;
	uint64_t cfg[MODEL_CXL_COUNTERS], ctr[MODEL_CXL_COUNTERS];
	uint64_t half[MODEL_CXL_COUNTERS];   /* TSC ticks not yet a clock tick */
	uint64_t last;                       /* the TSC the counters were brought up to */
	unsigned last_cpu;
	bool cap_no_freeze;                  /* hostile: capability bits 48 and 49 clear */
};

struct model;

/*
 * The CPMU as the device comes out of reset: nothing enabled, nothing frozen; counter 0
 * fixed on clock ticks, or (all_configurable, a variant) configurable like the others.
 */
void model_cxl_init(struct model *m, bool all_configurable);
/* Is a the model's CXL function (on a profile that has one)? */
bool model_cxl_fn(const struct model *m, struct pmu_pci_addr a);
uint32_t model_cxl_config(const struct model *m, unsigned off);
/* Is [addr, addr + bytes) the CPMU's? */
bool model_cxl_mmio(const struct model *m, uint64_t addr);
uint64_t model_cxl_read(struct model *m, unsigned cpu, uint64_t addr, unsigned bytes);
void model_cxl_write(struct model *m, unsigned cpu, uint64_t addr, unsigned bytes, uint64_t val);
/* The model's TSC on cpu: the cycles it ran. */
uint64_t model_tsc(void *ctx, unsigned cpu);

#endif
