/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The model's CXL type-3 memory device (model_cxl.c), on the profiles that say so
 * (model_profile.cxl): one function at 0000:0c:00.0 whose Register Locator names a
 * component block, a memory-device block and one CPMU, written from CXL 3.0 8.1.9
 * and 8.2.7 and not from efipmu's tables; or, on a loaded profile (model_loaded.c), the CXL
 * functions and CPMUs a capture read (model_profile.cxl_images), answered as read and counted
 * as the model's CPMU counts. Model facts: a CPMU's clock ticks once every two TSC ticks of
 * the CPU reading it (the model's TSC: the cycles that CPU ran).
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
/* CXL 3.0 8.2.7.1.1: Number of Counter Units and of Event Capabilities, 6 and 5 bits + 1 */
#define MODEL_CXL_MAX_COUNTERS 64u
#define MODEL_CXL_MAX_EVCAPS 32u
#define MODEL_CXL_CPMUS 4u               /* CPMUs a loaded profile answers for */
#define MODEL_CXL_FNS 4u                 /* CXL functions a loaded profile answers for */
#define MODEL_CXL_DWORDS 1024u           /* a function's configuration space (4 KiB) */

/* One CPMU's registers as the device holds them. */
struct model_cxl {
	uint64_t base;                       /* its MMIO address; 0: none */
	uint64_t cap;
	unsigned counters, nevcaps;
	uint64_t evcap[MODEL_CXL_MAX_EVCAPS];
	uint64_t freeze, ovf;
	uint64_t cfg[MODEL_CXL_MAX_COUNTERS], ctr[MODEL_CXL_MAX_COUNTERS];
	uint64_t half[MODEL_CXL_MAX_COUNTERS];   /* TSC ticks not yet a clock tick */
	uint64_t last;                       /* the TSC the counters were brought up to */
	unsigned last_cpu;
	bool cap_no_freeze;                  /* hostile: capability bits 48 and 49 clear */
	bool sticky_enable;                  /* hostile: a configuration keeps its enable bit (8) */
};

/* A CXL function as a capture read it: where (bus << 8 | device << 3 | function), its dwords. */
struct model_cxl_fn_image {
	uint32_t at;
	const uint32_t *dword;               /* MODEL_CXL_DWORDS of them */
};

/* A CPMU as a capture read it: its registers' values (counters and evcaps from cap). */
struct model_cxl_cpmu_image {
	uint64_t base, cap, ovf, freeze;
	const uint64_t *evcap, *cfg, *ctr;
};

/* The CXL devices of a loaded profile (model_loaded.c). */
struct model_cxl_images {
	unsigned nfn, ncpmu;
	struct model_cxl_fn_image fn[MODEL_CXL_FNS];
	struct model_cxl_cpmu_image cpmu[MODEL_CXL_CPMUS];
};

struct model;

/*
 * The CPMUs as the devices come out of reset (the model's: nothing enabled, nothing frozen;
 * counter 0 fixed on clock ticks, or (all_configurable, a variant) configurable like the
 * others), or as a loaded profile's capture read them.
 */
void model_cxl_init(struct model *m, bool all_configurable);
/* Is a a CXL function of the model (on a profile that has one)? */
bool model_cxl_fn(const struct model *m, struct pmu_pci_addr a);
uint32_t model_cxl_config(const struct model *m, struct pmu_pci_addr a);
/* Is addr a CPMU's register? */
bool model_cxl_mmio(const struct model *m, uint64_t addr);
uint64_t model_cxl_read(struct model *m, unsigned cpu, uint64_t addr, unsigned bytes);
void model_cxl_write(struct model *m, unsigned cpu, uint64_t addr, unsigned bytes, uint64_t val);
/* The model's TSC on cpu: the cycles it ran. */
uint64_t model_tsc(void *ctx, unsigned cpu);

#endif
