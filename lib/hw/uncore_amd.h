/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * AMD's uncore (Zen and later) as box descriptors: the L3 PMCs of each CCX, the Data
 * Fabric PMCs of each socket and, with PerfMonV2, the PMCs of each active memory controller
 * (UMC). How many DF counters there are, which UMCs are active and where each UMC's MSRs
 * start are CPUID's (0x80000022), so, as Linux arch/x86/events/amd/uncore.c does, the boxes
 * are made at discovery from one const type row each (hw/box_type.h): uncore_amd_setup
 * computes the boxes of the types CPUID says are there, with the counts and MSR bases it gives.
 */
#ifndef EFIPMU_HW_UNCORE_AMD_H
#define EFIPMU_HW_UNCORE_AMD_H

#include <stdbool.h>
#include <stdint.h>
#include "hw/uncore_family.h"

struct box_set;
struct box_alloc;

/* What CPUID says of a CPU's AMD uncore (pmu/uncore_amd.c reads it). */
struct uncore_amd_facts {
	uint16_t l3_sharing;   /* 0x8000001D subleaf 3 EAX[25:14] + 1: threads of one CCX; 0 unknown */
	bool perfmon_v2;       /* 0x80000022 EAX[0] */
	uint8_t df_pmcs;       /* 0x80000022 EBX[15:10] NumDfPmc (PerfMonV2) */
	uint8_t umc_pmcs;      /* 0x80000022 EBX[21:16] NumUmcPmc: counters of all active UMCs */
	uint32_t umc_mask;     /* 0x80000022 ECX: active UMCs */
	uint32_t leaf_eax, leaf_ebx;   /* 0x80000022 EAX, EBX as read (ECX is umc_mask) */
};

/* DF counters before PerfMonV2 (Linux uncore.c NUM_COUNTERS_NB) */
#define UNCORE_AMD_DF_LEGACY 4u
#define UNCORE_AMD_MAX_DF 16u       /* DF pairs 0xC0010240-0xC001025F */
#define UNCORE_AMD_MAX_UMC 16u      /* UMC boxes efipmu makes (Genoa has 12) */

/*
 * Makes s (box_set_init: fini it after) the boxes of family fam (UNCORE_AMD_17H or _19H) from
 * CPUID's facts; for another family, empty. Returns the UMCs of the active mask it could not
 * make (beyond UNCORE_AMD_MAX_UMC, a count per UMC of 0, or no memory).
 */
uint32_t uncore_amd_setup(enum uncore_family fam, const struct uncore_amd_facts *f,
			  struct box_set *s, const struct box_alloc *mem);

#endif
