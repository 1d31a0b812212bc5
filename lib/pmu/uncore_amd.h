/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * AMD's uncore from CPUID (hw/uncore_amd.h): the facts discovery reads, the boxes they make
 * and which CCX a CPU's L3 is (AMD64 APM vol. 3 (24594) appendix E, CPUID Fn8000_001D and
 * Fn8000_0022; Linux arch/x86/events/amd/uncore.c).
 */
#ifndef EFIPMU_PMU_UNCORE_AMD_H
#define EFIPMU_PMU_UNCORE_AMD_H

#include "pmu/cpuinfo.h"
#include "hw/box_set.h"

/* Fills ci->amd_uncore for an AMD uncore family (zeros otherwise). */
void uncore_amd_discover(const struct pmu_backend *b, unsigned cpu, struct cpu_info *ci);

/*
 * Makes s (box_set_init: fini it after) the uncore boxes of ci (the boot CPU's: one set for
 * the machine), in mem: its family's type table's, or AMD's those CPUID's facts make (a
 * discovery table's: none, uncore_disc_build makes them). Call before parsing uncore
 * events. Returns the active UMCs no box was made for (hw/uncore_amd.h).
 */
uint32_t uncore_boxes_make(const struct cpu_info *ci, struct box_set *s,
			   const struct box_alloc *mem);

/*
 * The CCX of ci's L3 within its package: the APIC id without the bits of the threads that
 * share the L3 (CPUID 0x8000001D subleaf 3 EAX[25:14] + 1, rounded up to a power of two,
 * as Linux's cpu_llc_id); 0 when unknown.
 */
uint32_t uncore_ccx_of(const struct cpu_info *ci);

/*
 * A UMC shape CPUID 0x80000022 gives that does not add up, named in one line to sb (true),
 * never trusted blindly: counters but no active UMC, active UMCs but no counters, fewer
 * counters than UMCs, or a count not a multiple of the UMCs (the UMCs then take the whole
 * part each, as Linux's amd_uncore_umc_ctx_init divides). False (nothing said) otherwise.
 */
bool uncore_amd_shape(const struct uncore_amd_facts *f, struct strbuf *sb);

/*
 * What CPUID claims against what answers: the UMC control just past the counters CPUID
 * 0x80000022 claims, read on cpu (one of the package whose UMCs they are); if it answers,
 * the claim and that MSR named in one line to sb (true): the engine counts only the claimed.
 * False where it faults (as it must) or the part has no UMC counters.
 */
bool uncore_amd_unclaimed(const struct pmu_backend *b, unsigned cpu,
			  const struct uncore_amd_facts *f, struct strbuf *sb);

/*
 * Why an AMD box name that is not in the table is not there, added to sb: a UMC outside
 * CPUID 0x80000022 ECX's active mask (firmware found no memory behind it), or one efipmu
 * made no box for. Nothing for another name or CPU.
 */
void uncore_amd_why_absent(const struct cpu_info *ci, const char *name, size_t len,
			   struct strbuf *sb);

#endif
