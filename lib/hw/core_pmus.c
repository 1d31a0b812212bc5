/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "hw/core_pmus.h"
#include "hw/layouts_core.h"
#include "hw/layouts_amd.h"
#include "hw/msr.h"

#define INTEL_EVENTS "instructions,cycles,ref-cycles,branches"
#define INTEL_COMMON INTEL_WITH_SEL(&layout_perfevtsel)
#define INTEL_NAMES(layout)						\
	.sel_name = "PERFEVTSEL", .ctr_name = "PMC", .gctl_name = "GLOBAL_CTRL",	\
	.gstatus_name = "GLOBAL_STATUS", .gclear_name = "GLOBAL_OVF_CTRL",	\
	.sel = (layout), .smi_count = true, .debugctl_freeze = true,	\
	.default_events = INTEL_EVENTS
#define INTEL_WITH_SEL(layout)						\
	INTEL_NAMES(layout), .sel_base = MSR_IA32_PERFEVTSEL0,		\
	.ctr_base = MSR_IA32_PMC0, .stride = 1, .wide_base = MSR_IA32_A_PMC0
/* v2+ (Intel SDM Vol. 3B 18.13.2.1): fixed counters, GLOBAL_CTRL/STATUS/OVF_CTRL. */
#define INTEL_GLOBAL							\
	.fixed_ctrl = MSR_IA32_FIXED_CTR_CTRL,				\
	.global_ctrl = MSR_IA32_PERF_GLOBAL_CTRL,			\
	.global_status = MSR_IA32_PERF_GLOBAL_STATUS,			\
	.global_clear = MSR_IA32_PERF_GLOBAL_OVF_CTRL,			\
	/* v4+ (Intel SDM Vol. 3B 18.13.2.1); below v4, 0x391 is the Nehalem uncore's GLOBAL_CTRL */ \
	.global_set = MSR_IA32_PERF_GLOBAL_STATUS_SET, .global_set_from = 4
#define INTEL_FIXED .fixed_base = MSR_IA32_FIXED_CTR0, .fixed_stride = 1, INTEL_GLOBAL

/* Architectural PMU v1 (Intel SDM Vol. 3B 18.2): no fixed counters, no global registers. */
const struct core_pmu_desc core_pmu_intel_v1 = {
	.name = "intel-arch-v1",
	INTEL_COMMON,
};

const struct core_pmu_desc core_pmu_intel = {
	.name = "intel-arch",
	INTEL_COMMON,
	INTEL_FIXED,
};

/* v5 with PERFEVTSEL EQ and UMASK2 (CPUID.23H.0:EBX[1:0], Lunar Lake on): their select. */
const struct core_pmu_desc core_pmu_intel_ext = {
	.name = "intel-arch-ext",
	INTEL_WITH_SEL(&layout_perfevtsel_ext),
	INTEL_FIXED,
};

/*
 * v6 (Lunar and Panther Lake): the counters and selects through their v6 MSRs (hw/msr.h),
 * as Linux drives every v6 part; the select the extended one (the fields a CPU lacks are
 * refused: core_sel_absent). No A_PMCx: a full-width write (PERF_CAPABILITIES[13]) goes
 * to the counter's own v6 MSR, as Linux writes it there.
 */
const struct core_pmu_desc core_pmu_intel_v6 = {
	.name = "intel-arch-v6",
	INTEL_NAMES(&layout_perfevtsel_ext),
	.sel_base = MSR_IA32_PMC_V6_GP0_CFG_A, .ctr_base = MSR_IA32_PMC_V6_GP0_CTR,
	.stride = MSR_IA32_PMC_V6_STEP,
	.fixed_base = MSR_IA32_PMC_V6_FX0_CTR, .fixed_stride = MSR_IA32_PMC_V6_STEP,
	INTEL_GLOBAL,
};

/*
 * AMD's generic events (PPR for family 17h model 31h and 19h model 11h, "Core
 * Performance Monitor Counters"; the same codes as Linux's amd_zen*_perfmon_event_map):
 * PMCx0C0 Retired Instructions, PMCx076 Cycles not in Halt, PMCx0C2 Retired Branch
 * Instructions, PMCx0C3 Retired Branch Instructions Mispredicted. ref-cycles and the
 * cache events have no such core event: they are refused by name.
 */
static const struct core_generic amd_generic[] = {
	{ "instructions", 0xC0, 0 },
	{ "cycles", 0x76, 0 },
	{ "cpu-cycles", 0x76, 0 },
	{ "branches", 0xC2, 0 },
	{ "branch-instructions", 0xC2, 0 },
	{ "branch-misses", 0xC3, 0 },
};

/* Host/Guest Only: both 0 counts everywhere; pre-OS there is no guest to tell apart. */
#define AMD_COMMON							\
	.sel_name = "PERF_CTL", .ctr_name = "PERF_CTR", .gctl_name = "GLOBAL_CTL",	\
	.gstatus_name = "GLOBAL_STATUS", .gclear_name = "GLOBAL_STS_CLR",	\
	.sel = &layout_amd_perf_ctl, .ctr_full_width = true,		\
	.sel_refused = 3ull << 40,					\
	.refused_why = " is refused: efipmu runs before any hypervisor and keeps "	\
		       "HostOnly/GuestOnly 0 (count everywhere)",	\
	.default_events = "instructions,cycles,branches,branch-misses",	\
	.generic = amd_generic, .n_generic = sizeof(amd_generic) / sizeof(amd_generic[0])

/* APM vol. 2 13.2: four legacy counters, each gated by its PERF_CTL EN. */
const struct core_pmu_desc core_pmu_amd_legacy = {
	.name = "amd-legacy",
	AMD_COMMON,
	.sel_base = MSR_AMD_PERF_LEGACY_CTL0, .ctr_base = MSR_AMD_PERF_LEGACY_CTR0, .stride = 1,
};

/* PerfCtrExtCore (CPUID 0x80000001 ECX[23]): six counters, control and counter interleaved. */
const struct core_pmu_desc core_pmu_amd_ext = {
	.name = "amd-perfctr-ext",
	AMD_COMMON,
	.sel_base = MSR_AMD_PERF_CTL0, .ctr_base = MSR_AMD_PERF_CTR0, .stride = 2,
};

/* PerfMonV2 (CPUID 0x80000022 EAX[0]): the extended counters behind PerfCntrGlobalCtl. */
const struct core_pmu_desc core_pmu_amd_v2 = {
	.name = "amd-perfmon-v2",
	AMD_COMMON,
	.sel_base = MSR_AMD_PERF_CTL0, .ctr_base = MSR_AMD_PERF_CTR0, .stride = 2,
	.global_ctrl = MSR_AMD_GLOBAL_CTL,
	.global_status = MSR_AMD_GLOBAL_STATUS,
	.global_clear = MSR_AMD_GLOBAL_STATUS_CLR,
	/* PerfCntrGlobalStatusSet (APM vol. 2 13.2.2, PerfMonV2) */
	.global_set = MSR_AMD_GLOBAL_STATUS_SET, .global_set_from = 2,
};
