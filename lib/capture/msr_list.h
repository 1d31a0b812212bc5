/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The PMU MSRs efipmu knows for a CPU, from its own tables (the core PMU descriptors of
 * hw/core_pmus.c, the MSR numbers of hw/msr.h, the uncore box descriptors of
 * pmu/uncore.h): what the capture reads, each with #GP caught, to log the machine's MSR
 * map and hand-off values in one. Nothing here reads or writes a register.
 */
#ifndef EFIPMU_CAPTURE_MSR_LIST_H
#define EFIPMU_CAPTURE_MSR_LIST_H

#include <stdint.h>
#include "pmu/cpuinfo.h"
#include "hw/box_set.h"

/*
 * A package's uncore MSRs fit: Ice Lake-SP's boxes with the model's 24 CHAs are 515, 40
 * CHAs (Xeon Platinum 8380) about 690; Skylake-SP's with 28 CHAs 409.
 */
#define CAPTURE_MAX_MSRS 768

/*
 * Thread and core scope: the core PMU's and its neighbours' MSRs of vendor's CPUs, with
 * the v6 counter MSRs where CPUID.0AH's version (arch_version) is 6 or more. Returns n.
 */
unsigned capture_core_msrs(const char *vendor, unsigned arch_version, uint32_t *out,
			   unsigned cap);

/*
 * Every MSR of the machine's MSR boxes (its PCI boxes: none) of package scope, or with
 * per_die those of die scope (uncore_desc per_die: each die's own registers).
 */
unsigned capture_uncore_msrs(const struct box_set *boxes, bool per_die, uint32_t *out,
			     unsigned cap);
/* Whether the machine's boxes have MSRs of die scope: each die's leader reads them. */
bool capture_die_msrs(const struct box_set *boxes);

#endif
