/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Architectural and model-specific MSR numbers (Intel SDM Vol. 4 table 2-2). */
#ifndef EFIPMU_MSR_H
#define EFIPMU_MSR_H

#define MSR_IA32_BIOS_SIGN_ID        0x08Bu
#define MSR_IA32_PMC0                0x0C1u
#define MSR_IA32_PERFEVTSEL0         0x186u
#define MSR_IA32_MISC_ENABLE         0x1A0u
#define MSR_OFFCORE_RSP_0            0x1A6u
#define MSR_OFFCORE_RSP_1            0x1A7u
#define MSR_PEBS_LD_LAT_THRESHOLD    0x3F6u
#define MSR_PEBS_FRONTEND            0x3F7u   /* SDM vol. 4, Skylake on: FRONTEND_RETIRED */
#define MSR_IA32_DEBUGCTL            0x1D9u
#define MSR_IA32_FIXED_CTR0          0x309u
#define MSR_IA32_PERF_CAPABILITIES   0x345u
#define MSR_IA32_FIXED_CTR_CTRL      0x38Du
#define MSR_IA32_PERF_GLOBAL_STATUS  0x38Eu
#define MSR_IA32_PERF_GLOBAL_CTRL    0x38Fu
#define MSR_IA32_PERF_GLOBAL_OVF_CTRL 0x390u   /* v4+: IA32_PERF_GLOBAL_STATUS_RESET */
/*
 * v4+ only (SDM vol. 3B 20.2.4, vol. 4 table 2-2): on Nehalem/Westmere and Sandy
 * Bridge client parts (v3) 0x391/0x392 are the uncore's MSR_UNCORE_PERF_GLOBAL_CTRL /
 * STATUS instead (Intel SDM Vol. 4 table 2-2; Intel SDM Vol. 3B 18.8.2.2): read them as these only
 * when version >= 4.
 */
#define MSR_IA32_PERF_GLOBAL_STATUS_SET 0x391u
#define MSR_IA32_PERF_GLOBAL_INUSE   0x392u
#define MSR_IA32_PERF_METRICS        0x329u   /* PERF_CAPABILITIES[15] (SDM Vol. 4) */
#define MSR_IA32_A_PMC0              0x4C1u
/*
 * Architectural PerfMon v6 (CPUID.0AH:EAX[7:0] >= 6): the same counters again at GP
 * counter n 0x1900 + 4n, its event select ("config A") 0x1901 + 4n, fixed counter i
 * 0x1980 + 4i; FIXED_CTR_CTRL and the global registers keep their numbers (Linux
 * "perf/x86/intel: Support Perfmon MSRs aliasing" 149fd4712bcd, msr-index.h).
 */
#define MSR_IA32_PMC_V6_GP0_CTR      0x1900u
#define MSR_IA32_PMC_V6_GP0_CFG_A    0x1901u
#define MSR_IA32_PMC_V6_FX0_CTR      0x1980u
#define MSR_IA32_PMC_V6_STEP         4u
#define MSR_SMI_COUNT                0x034u

/*
 * AMD (APM vol. 2 13.2; vol. 3 appendix E for the CPUID bits): legacy PerfEvtSel0-3 /
 * PerfCtr0-3; with PerfCtrExtCore the core counters at 0xC0010200 + 2n (control) and
 * + 2n + 1 (counter), of which the legacy MSRs are aliases of the first four (APM vol. 2
 * 13.2.1: "the legacy ... MSRs are aliased"); PerfMonV2's global registers; IRPERF.
 */
#define MSR_AMD_PERF_LEGACY_CTL0     0xC0010000u
#define MSR_AMD_PERF_LEGACY_CTR0     0xC0010004u
#define MSR_AMD_PERF_CTL0            0xC0010200u
#define MSR_AMD_PERF_CTR0            0xC0010201u
#define MSR_AMD_GLOBAL_STATUS        0xC0000300u
#define MSR_AMD_GLOBAL_CTL           0xC0000301u
#define MSR_AMD_GLOBAL_STATUS_CLR    0xC0000302u
#define MSR_AMD_GLOBAL_STATUS_SET    0xC0000303u
#define MSR_AMD_HWCR                 0xC0010015u
#define MSR_AMD_IRPERF               0xC00000E9u
#define AMD_HWCR_IRPERF_EN_BIT       30   /* APM vol. 2 table "HWCR": IRPerfEn */

#define MISC_ENABLE_PERFMON_BIT      7
#define MISC_ENABLE_LIMIT_CPUID_BIT  22   /* SDM vol. 4 table 2-2: CPUID.0 reports max leaf 2 */
#define PERF_CAP_FREEZE_SMM_BIT      12   /* IA32_DEBUGCTL[14] exists (SDM Vol. 4) */
#define PERF_CAP_FW_WRITE_BIT        13
#define PERF_CAP_PERF_METRICS_BIT    15   /* IA32_PERF_METRICS exists (SDM Vol. 4) */
#define DEBUGCTL_FREEZE_PERFMON_ON_PMI_BIT 12   /* Intel SDM Vol. 4 table 2-2 */
#define GLOBAL_CTRL_EN_PERF_METRICS_BIT 48      /* Intel SDM Vol. 3B 18.13.2.1, Ice Lake on */
#define GLOBAL_STATUS_LBR_FRZ_BIT    58   /* v4+ (Intel SDM Vol. 3B 18.13.2.1) */
#define GLOBAL_STATUS_CTR_FRZ_BIT    59   /* v4+: the counters are frozen (SDM 3B) */
#define FIXED_SLOTS                  3    /* FIXED_CTR3 counts TOPDOWN.SLOTS (SDM Vol. 4) */
#define DEBUGCTL_FREEZE_WHILE_SMM_BIT 14  /* perfmon frozen in SMM (Intel SDM Vol. 4 table 2-2) */
#define CPUID1_ECX_PDCM_BIT          15
#define CPUID1_ECX_HYPERVISOR_BIT    31

#endif
