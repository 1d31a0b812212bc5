/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Which MSRs each seed CPU has, as the manuals list them (Intel SDM Vol. 4 table 2-2;
 * Intel SDM Vol. 3B 18.8.2.2; Linux uncore_nhmex.c, uncore_snbep.c; Intel 327043-001 2.2;
 * the SDM MSR tables as edk2 MdePkg/Include/Register/Intel/Msr/ transcribes
 * them: NehalemMsr.h for 06_1AH/06_2EH, which Westmere (06_2CH, 06_2FH) keeps,
 * SandyBridgeMsr.h for 06_2DH). An MSR of no row raises #GP in the model, so
 * PKRS (0x6E1, Sapphire Rapids on: QEMU 7.2, as measured), FIXED_CTR3 (0x30C, Ice Lake
 * on: Intel SDM Vol. 4 table 2-2) and the v4 IA32_PERF_GLOBAL_STATUS_SET / GLOBAL_INUSE
 * (0x391 / 0x392) fault here. On
 * these v3 parts 0x390 is GLOBAL_OVF_CTRL (the core device refuses the v4-only
 * bits of STATUS_RESET), and on the Nehalem/Westmere client uncore 0x391-0x396
 * are the uncore's own registers (Intel SDM Vol. 3B 18.8.2.2).
 *
 * Rows without `plain` get their semantics from a device, which may narrow
 * them (the core device answers only the counters CPUID.0AH reports, OFFCORE_RSP_1
 * only from Westmere on). Uncore rows list the boxes the model implements; the
 * other boxes of these CPUs (NHM-EX B/C/S/R/W, SNB-EP status registers, PCI
 * boxes) exist on the hardware but raise #GP in the model.
 */
#include <stddef.h>
#include "model/model_devs.h"
#include "model/model_disc_units.h"

#define DEV(first, last, what) { (first), (last), false, 0, (what) }
#define PLAIN(msr, writable, what) { (msr), (msr), true, (writable), (what) }
/* A discovery unit kind's MSRs (model_disc_units.h): its first box control to its last counter. */
#define UNITS(type, access, count, nctr, ctl_off, ctr_off, base, step, what) \
	DEV((base), (base) + (step) * ((count) - 1) + (ctr_off) + (nctr) - 1, (what))
/* A map of its rows, declared after them (each part's rows and its name together). */
#define MAP(c, rows) { (c), (rows), sizeof(rows) / sizeof((rows)[0]) }

/*
 * Plain registers: stored, with no effect in the model.
 * IA32_DEBUGCTL (Intel SDM Vol. 4 table 2-2): LBR 0, BTF 1, TR/BTS/BTINT 6-8, BTS_OFF_OS/USR 9-10,
 * FREEZE_LBRS_ON_PMI 11, FREEZE_PERFMON_ON_PMI 12, ENABLE_UNCORE_PMI 13; FREEZE_WHILE_SMM 14 only
 * where PERF_CAPABILITIES[12] says so (the Sandy Bridge-EP profile).
 * MSR_PEBS_ENABLE (E-nhm, E-snb): PEBS_EN_PMC0-3 bits 3:0, LL_EN_PMC0-3 bits 35:32; SNB adds
 * PS_EN bit 63.
 * MSR_PEBS_LD_LAT (0x3F6, Intel SDM Vol. 4 table 2-2; E-nhm, E-snb): the load-latency threshold,
 * bits 15:0; 63:16 reserved.
 */
#define DEBUGCTL_NHM   0x3FC3ull
#define DEBUGCTL_SNB   (DEBUGCTL_NHM | 1ull << 14)
#define PEBS_EN_NHM    0xF0000000Full
#define PEBS_EN_SNB    (PEBS_EN_NHM | 1ull << 63)
#define LD_LAT         0xFFFFull

/*
 * Thread-scope registers every CPU here has; GP counters, selects, fixed counters and the
 * global registers (v3: to OVF_CTRL 0x390; v4: STATUS_SET and INUSE, 0x391-0x392) as given.
 */
#define CORE_REGS(gp_last, sel_last, fixed_last, global_last)			\
	DEV(0x034, 0x034, "MSR_SMI_COUNT"),					\
	DEV(0x08B, 0x08B, "IA32_BIOS_SIGN_ID"),					\
	DEV(0x0C1, (gp_last), "IA32_PMCx"),					\
	DEV(0x186, (sel_last), "IA32_PERFEVTSELx"),				\
	DEV(0x1A0, 0x1A0, "IA32_MISC_ENABLE"),					\
	DEV(0x1A6, 0x1A6, "MSR_OFFCORE_RSP_0"),					\
	DEV(0x309, (fixed_last), "IA32_FIXED_CTRx"),				\
	DEV(0x345, 0x345, "IA32_PERF_CAPABILITIES"),				\
	DEV(0x38D, (global_last), "FIXED_CTR_CTRL, PERF_GLOBAL_*")

#define CORE_V3(gp_last, sel_last) CORE_REGS((gp_last), (sel_last), 0x30B, 0x390)

#define OFFCORE_RSP_1 DEV(0x1A7, 0x1A7, "MSR_OFFCORE_RSP_1 (Westmere on)")

#define PLAIN_NHM								\
	PLAIN(0x1D9, DEBUGCTL_NHM, "IA32_DEBUGCTL"),				\
	PLAIN(0x3F1, PEBS_EN_NHM, "MSR_PEBS_ENABLE"),				\
	PLAIN(0x3F6, LD_LAT, "MSR_PEBS_LD_LAT")

#define UNCORE_NHM								\
	DEV(0x391, 0x396, "uncore GLOBAL_CTRL..ADDR_OPCODE_MATCH"),		\
	DEV(0x3B0, 0x3B7, "MSR_UNCORE_PMC0-7"),					\
	DEV(0x3C0, 0x3C7, "MSR_UNCORE_PERFEVTSEL0-7")

#define UNCORE_NHMEX								\
	DEV(0xC00, 0xC02, "U_PMON_GLOBAL_CTRL/STATUS/OVF_CTRL"),		\
	DEV(0xC10, 0xC11, "U_PMON_EVNT_SEL, U_PMON_CTR"),			\
	DEV(0xCA0, 0xCA2, "M0 BOX_CTRL/STATUS/OVF_CTRL"),			\
	DEV(0xCA4, 0xCAB, "M0 TIMESTAMP..ZDP"),					\
	DEV(0xCB0, 0xCBB, "M0 CNT_CTL0-5 / CNT0-5"),				\
	DEV(0xCE0, 0xCE2, "M1 BOX_CTRL/STATUS/OVF_CTRL"),			\
	DEV(0xCE4, 0xCEB, "M1 TIMESTAMP..ZDP"),					\
	DEV(0xCF0, 0xCFB, "M1 CNT_CTL0-5 / CNT0-5")

#define CBOX(n)									\
	DEV(0xD04 + 0x20 * (n), 0xD04 + 0x20 * (n), "C-box BOX_CTL"),		\
	DEV(0xD10 + 0x20 * (n), 0xD14 + 0x20 * (n), "C-box CTL0-3, FILTER"),	\
	DEV(0xD16 + 0x20 * (n), 0xD19 + 0x20 * (n), "C-box CTR0-3")

static const struct model_msr_range nhm_ep[] = {
	CORE_V3(0x0C4, 0x189), PLAIN_NHM, UNCORE_NHM,
};
const struct model_msr_map model_msrs_nhm_ep = MAP("Nehalem-EP (06_1AH)", nhm_ep);

static const struct model_msr_range wsm_ep[] = {
	CORE_V3(0x0C4, 0x189), OFFCORE_RSP_1, PLAIN_NHM, UNCORE_NHM,
};
const struct model_msr_map model_msrs_wsm_ep = MAP("Westmere-EP (06_2CH)", wsm_ep);

static const struct model_msr_range nhm_ex[] = {
	CORE_V3(0x0C4, 0x189), PLAIN_NHM, UNCORE_NHMEX,
};
const struct model_msr_map model_msrs_nhm_ex = MAP("Nehalem-EX (06_2EH)", nhm_ex);

static const struct model_msr_range wsm_ex[] = {
	CORE_V3(0x0C4, 0x189), OFFCORE_RSP_1, PLAIN_NHM, UNCORE_NHMEX,
};
const struct model_msr_map model_msrs_wsm_ex = MAP("Westmere-EX (06_2FH)", wsm_ex);

/*
 * SNB: PMC4-7 / PERFEVTSEL4-7 exist for HT off (Linux events/intel/core.c); A_PMCx with
 * PERF_CAPABILITIES[13].
 */
static const struct model_msr_range snb_ep[] = {
	CORE_V3(0x0C8, 0x18D), OFFCORE_RSP_1,
	DEV(0x4C1, 0x4C8, "IA32_A_PMCx"),
	PLAIN(0x1D9, DEBUGCTL_SNB, "IA32_DEBUGCTL"),
	PLAIN(0x3F1, PEBS_EN_SNB, "MSR_PEBS_ENABLE"),
	PLAIN(0x3F6, LD_LAT, "MSR_PEBS_LD_LAT"),
	DEV(0xC08, 0xC09, "U-box UCLK_FIXED_CTL/CTR"),
	DEV(0xC10, 0xC11, "U-box CTL0-1"),
	DEV(0xC16, 0xC17, "U-box CTR0-1"),
	DEV(0xC24, 0xC24, "PCU BOX_CTL"),
	DEV(0xC30, 0xC34, "PCU CTL0-3, FILTER"),
	DEV(0xC36, 0xC39, "PCU CTR0-3"),
	CBOX(0), CBOX(1), CBOX(2), CBOX(3), CBOX(4), CBOX(5), CBOX(6), CBOX(7),
};
const struct model_msr_map model_msrs_snb_ep = MAP("Sandy Bridge-EP (06_2DH)", snb_ep);

/*
 * Skylake-SP (06_55H, v4) and the v5 parts: Ice Lake-SP (06_6AH), Sapphire Rapids (06_8FH),
 * Alder Lake (06_97H). SDM vol. 4 tables 2-2 and 2-39 on: PMC4-7 / PERFEVTSEL4-7 for HT
 * off, IA32_A_PMCx, v4 IA32_PERF_GLOBAL_STATUS_SET / INUSE; from Ice Lake FIXED_CTR3
 * (0x30C) and IA32_PERF_METRICS (0x329). No uncore box of theirs is modelled.
 */
#define CORE_LATER(fixed_last)							\
	CORE_REGS(0x0C8, 0x18D, (fixed_last), 0x392), OFFCORE_RSP_1,		\
	DEV(0x4C1, 0x4C8, "IA32_A_PMCx"),					\
	PLAIN(0x1D9, DEBUGCTL_SNB, "IA32_DEBUGCTL"),				\
	PLAIN(0x3F1, PEBS_EN_SNB, "MSR_PEBS_ENABLE"),				\
	PLAIN(0x3F6, LD_LAT, "MSR_PEBS_LD_LAT")

/*
 * Skylake-SP's MSR uncore boxes the model implements (Linux uncore_snbep.c, Intel 336274):
 * MSR 0x702 (the CHA count, Intel PCM), U-box 0x703-0x706 and 0x709-0x70A, PCU 0x710-0x715
 * and 0x717-0x71A, IIO and IRP 0-5 at 0xA40-0xB1F, CHA 0-27 at 0xE00-0xFBF (the model's count
 * answers, the others #GP).
 */
static const struct model_msr_range skx[] = {
	CORE_LATER(0x30B),
	DEV(0x702, 0x706, "CHA count, U-box UCLK_FIXED_CTL/CTR, CTL0-1"),
	DEV(0x709, 0x70A, "U-box CTR0-1"),
	DEV(0x710, 0x715, "PCU BOX_CTL, CTL0-3, FILTER"),
	DEV(0x717, 0x71A, "PCU CTR0-3"),
	DEV(0xA40, 0xB1F, "IIO 0-5, IRP 0-5"),
	DEV(0xE00, 0xFBF, "CHA 0-27"),
};
const struct model_msr_map model_msrs_skx = MAP("Skylake-SP (06_55H)", skx);

static const struct model_msr_range icx_on[] = {
	CORE_LATER(0x30C), DEV(0x329, 0x329, "IA32_PERF_METRICS"),
};
const struct model_msr_map model_msrs_icx_on =
	MAP("Ice Lake-SP, Alder and Meteor Lake", icx_on);

/*
 * Sapphire and Emerald Rapids: the later core and the MSR units their discovery table
 * describes (model_uncore_snbep.c, model_disc_units.h): CHA 0-63 from 0x2000 (16 MSRs
 * each; Emerald Rapids' 8592+ has 60 cores, a CHA each; those past the model's count raise
 * #GP there), MSR 0x2FFE, the PCU, six IIO, IRP and M2PCIe stacks, and the global control
 * the model's table names (model_discovery.h).
 */
static const struct model_msr_range spr[] = {
	CORE_LATER(0x30C), DEV(0x329, 0x329, "IA32_PERF_METRICS"),
	DEV(0x2000, 0x23FF, "CHA 0-63"),
	DEV(0x2FF0, 0x2FF0, "the discovery table's global control (the model's)"),
	DEV(0x2FFE, 0x2FFE, "CHA count (SPR_MSR_UNC_CBO_CONFIG)"),
	MDU_SPR_IIO(UNITS, "IIO"), MDU_SPR_IRP(UNITS, "IRP"), MDU_SPR_M2PCIE(UNITS, "M2PCIe"),
	MDU_SPR_PCU(UNITS, "PCU"),
};
const struct model_msr_map model_msrs_spr =
	MAP("Sapphire and Emerald Rapids (06_8FH, 06_CFH)", spr);

/*
 * Granite Rapids and Sierra Forest: the later core and their discovery table's MSR units
 * (model_uncore_snbep.c, model_disc_units.h): CHA 0-63 as Sapphire Rapids', six IIO and
 * IRP stacks, MDF 0-1, B2HOT, the PCU, the U-box and the table's global control. No MSR
 * 0x2FFE: Linux reads SPR_MSR_UNC_CBO_CONFIG on Sapphire Rapids only and PCM reads the CHA
 * count of these parts at 0x3FED (not modelled), so the model's #GP there takes the table's
 * count.
 */
static const struct model_msr_range gnr[] = {
	CORE_LATER(0x30C), DEV(0x329, 0x329, "IA32_PERF_METRICS"),
	DEV(0x2000, 0x23FF, "CHA 0-63"),
	DEV(0x2FF0, 0x2FF0, "the discovery table's global control (the model's)"),
	MDU_GNR_IIO(UNITS, "IIO"), MDU_GNR_IRP(UNITS, "IRP"), MDU_GNR_PCU(UNITS, "PCU"),
	MDU_GNR_UBOX(UNITS, "U-box"), MDU_GNR_MDF(UNITS, "MDF"), MDU_GNR_B2HOT(UNITS, "B2HOT"),
};
const struct model_msr_map model_msrs_gnr =
	MAP("Granite Rapids and Sierra Forest (06_ADH, 06_AFH)", gnr);

/*
 * Diamond Rapids as the model builds it (model_profiles.c: Emerald Rapids' core): its CBOs at
 * the MSRs of Sapphire Rapids' CHAs and one unit of each other type after them (the model's
 * choice, model_disc_dmr.c, model_disc_units.h) and the CBB
 * domain's discovery portal MSR 0x710 (Linux tip 66e2075426f3); no MSR 0x2FFE, whose
 * meaning there no source gives.
 */
static const struct model_msr_range dmr[] = {
	CORE_LATER(0x30C), DEV(0x329, 0x329, "IA32_PERF_METRICS"),
	DEV(0x710, 0x710, "CBB discovery portal"),
	DEV(0x2000, 0x20FF, "CBO 0-15"),
	DEV(MDU_DMR_BASE, MDU_DMR_BASE + 0x10 * MDU_DMR_SLOTS - 1,
	    "the CBB table's other units, one a type (model_disc_units.h)"),
};
const struct model_msr_map model_msrs_dmr = MAP("Diamond Rapids (13_01H), the model's", dmr);

/*
 * Ice Lake-SP's MSR uncore boxes the model implements (Linux uncore_snbep.c): MSR 0x702,
 * U-box and PCU as Skylake-SP, IIO/IRP/M2PCIe 0xA40-0xB3F, CHA 0-39 0xB60-0xFEF.
 */
static const struct model_msr_range icx[] = {
	CORE_LATER(0x30C), DEV(0x329, 0x329, "IA32_PERF_METRICS"),
	DEV(0x702, 0x706, "CHA count, U-box UCLK_FIXED_CTL/CTR, CTL0-1"),
	DEV(0x709, 0x70A, "U-box CTR0-1"),
	DEV(0x710, 0x715, "PCU BOX_CTL, CTL0-3, FILTER"),
	DEV(0x717, 0x71A, "PCU CTR0-3"),
	DEV(0xA40, 0xB3F, "IIO, IRP, M2PCIe 0-5"),
	DEV(0xB60, 0xFEF, "CHA 0-39"),
};
const struct model_msr_map model_msrs_icx = MAP("Ice Lake-SP (06_6AH)", icx);

/*
 * Lunar Lake (06_BDH), Panther Lake (06_CCH), Arrow Lake-H (06_C5H): as the v5 parts, with
 * PMC8-9 / PERFEVTSEL8-9 (0xC9-0xCA, 0x18E-0x18F, A_PMC 0x4C9-0x4CA) and FIXED_CTR4-6
 * (0x30D-0x30F) for the counters CPUID.23H lists (SDM vol. 4 table 2-2 numbering: PMCn at
 * 0xC1 + n, PERFEVTSELn at 0x186 + n, FIXED_CTRn at 0x309 + n); on the v6 parts (Lunar and
 * Panther Lake) the same counters at 0x1900-0x1927 and 0x1980-0x199B (model_core.c).
 */
#define LNL_REGS							\
	CORE_REGS(0x0CA, 0x18F, 0x30F, 0x392), OFFCORE_RSP_1,		\
	DEV(0x4C1, 0x4CA, "IA32_A_PMCx"),				\
	DEV(0x1900, 0x1927, "v6 PMC_GPn_CTR / CFG_A (and CFG_B, CFG_C: #GP)"), \
	DEV(0x1980, 0x199B, "v6 PMC_FXn_CTR"),				\
	PLAIN(0x1D9, DEBUGCTL_SNB, "IA32_DEBUGCTL"),			\
	PLAIN(0x3F1, PEBS_EN_SNB, "MSR_PEBS_ENABLE"),			\
	PLAIN(0x3F6, LD_LAT, "MSR_PEBS_LD_LAT"),			\
	DEV(0x329, 0x329, "IA32_PERF_METRICS")
static const struct model_msr_range lnl[] = { LNL_REGS };

/*
 * Panther Lake and Nova Lake: Lunar Lake's core registers, the discovery portal and the
 * client boxes outside the table (Linux tip cf002dafedd0, 64ad6d6ede0c, 46da08a2bb4d,
 * e7d5f2ea0923; uncore_snb.c MTL_UNC_*). The device claims each box's registers; the rest
 * of a row raises #GP.
 */
static const struct model_msr_range ptl[] = {
	LNL_REGS,
	DEV(0x201E, 0x201E, "uncore discovery portal"),
	DEV(0x2022, 0x2029, "ia_core_bridge EVTSEL0-1 / CTR0-1"),
	DEV(0x2402, 0x249F, "cNCU 0, SANTA 0-1, CBOX 0-5"),
	DEV(0x2542, 0x254E, "cNCU 1"),
};
static const struct model_msr_range nvl[] = {
	LNL_REGS,
	DEV(0x711, 0x711, "uncore discovery portal (package)"),
	DEV(0x2022, 0x202E, "cNCU"),
	DEV(0x2042, 0x2059, "SANTA 0-1"),
	DEV(0x2102, 0x21B9, "CBOX 0-11"),
};
const struct model_msr_map model_msrs_lnl = MAP("Lunar and Arrow Lake (06_BDH, 06_C5H)", lnl);
const struct model_msr_map model_msrs_ptl = MAP("Panther Lake (06_CCH)", ptl);
const struct model_msr_map model_msrs_nvl = MAP("Nova Lake (18_01H)", nvl);

/*
 * A CPU without PMU MSRs: only the ones discovery reads. (QEMU TCG reads the PMU MSRs as 0
 * and drops writes (QEMU 7.2, as measured); the profile keeps the stricter #GP.)
 */
static const struct model_msr_range no_pmu[] = {
	DEV(0x034, 0x034, "MSR_SMI_COUNT"),
	DEV(0x08B, 0x08B, "IA32_BIOS_SIGN_ID"),
	DEV(0x1A0, 0x1A0, "IA32_MISC_ENABLE"),
	DEV(0x1D9, 0x1D9, "IA32_DEBUGCTL"),
};
const struct model_msr_map model_msrs_no_pmu = MAP("no PMU (QEMU TCG)", no_pmu);

/*
 * AMD Zen (APM vol. 2 13.2, PPR for 17h model 31h / 19h models 01h and 11h): the legacy
 * counters, the six extended ones (PerfCtrExtCore on all three), HWCR and IRPERF; the
 * PerfMonV2 global registers on Zen 4 only. No Intel PMU MSR exists: 0x186, 0x38F,
 * 0x345, 0x1A0, 0x34 ... raise #GP.
 */
#define ZEN_CORE								\
	DEV(0xC00000E9, 0xC00000E9, "IRPERF"),					\
	DEV(0xC0010000, 0xC0010007, "PerfEvtSel0-3, PerfCtr0-3 (legacy aliases)"), \
	DEV(0xC0010015, 0xC0010015, "HWCR"),					\
	DEV(0xC0010200, 0xC001020B, "PERF_CTL0-5 / PERF_CTR0-5")

/* L3 PMCs (PPR 56176, 55901: ChL3PmcCfg / ChL3Pmc 0-5) and the Data Fabric's 4 pairs. */
static const struct model_msr_range zen2[] = {
	ZEN_CORE,
	DEV(0xC0010230, 0xC001023B, "ChL3PmcCfg0-5 / ChL3Pmc0-5"),
	DEV(0xC0010240, 0xC0010247, "DF PerfCtl0-3 / PerfCtr0-3"),
};
const struct model_msr_map model_msrs_zen2 = MAP("Zen 2/3 (17_31H, 19_01H)", zen2);

/* Genoa: 16 DF pairs and 4 UMC pairs (CPUID 0x80000022 EBX[15:10], EBX[21:16]). */
static const struct model_msr_range zen4[] = {
	ZEN_CORE,
	DEV(0xC0000300, 0xC0000303, "PerfCntrGlobalStatus/Ctl/StatusClr/StatusSet"),
	DEV(0xC0010230, 0xC001023B, "ChL3PmcCfg0-5 / ChL3Pmc0-5"),
	DEV(0xC0010240, 0xC001025F, "DF PerfCtl0-15 / PerfCtr0-15"),
	DEV(0xC0010800, 0xC0010807, "UMC PerfCtl0-3 / PerfCtr0-3"),
};
const struct model_msr_map model_msrs_zen4 = MAP("Zen 4 (19_11H)", zen4);

/*
 * Zen 5 (family 1Ah): Zen 4's core and L3 registers; the DF and UMC pairs CPUID 0x80000022
 * EBX[15:10] and EBX[21:16] give each part (the dumps in data/cpuid/): Granite Ridge 16 DF and
 * 8 UMC (2 UMCs of 4), Strix Point 8 and 16 (4 of 4), Turin Dense 16 and 48 (12 of 4).
 */
#define ZEN5_CORE_L3							\
	ZEN_CORE,							\
	DEV(0xC0000300, 0xC0000303, "PerfCntrGlobalStatus/Ctl/StatusClr/StatusSet"), \
	DEV(0xC0010230, 0xC001023B, "ChL3PmcCfg0-5 / ChL3Pmc0-5")
static const struct model_msr_range granite_ridge[] = {
	ZEN5_CORE_L3,
	DEV(0xC0010240, 0xC001025F, "DF PerfCtl0-15 / PerfCtr0-15"),
	DEV(0xC0010800, 0xC001080F, "UMC PerfCtl0-7 / PerfCtr0-7"),
};
const struct model_msr_map model_msrs_granite_ridge = MAP("Granite Ridge (1A_44H)", granite_ridge);
static const struct model_msr_range strix_point[] = {
	ZEN5_CORE_L3,
	DEV(0xC0010240, 0xC001024F, "DF PerfCtl0-7 / PerfCtr0-7"),
	DEV(0xC0010800, 0xC001081F, "UMC PerfCtl0-15 / PerfCtr0-15"),
};
const struct model_msr_map model_msrs_strix_point = MAP("Strix Point (1A_24H)", strix_point);
static const struct model_msr_range turin_dense[] = {
	ZEN5_CORE_L3,
	DEV(0xC0010240, 0xC001025F, "DF PerfCtl0-15 / PerfCtr0-15"),
	DEV(0xC0010800, 0xC001085F, "UMC PerfCtl0-47 / PerfCtr0-47"),
};
const struct model_msr_map model_msrs_turin_dense = MAP("Turin Dense (1A_11H)", turin_dense);

const struct model_msr_range *model_msr_range_of(const struct model_profile *p, uint32_t msr)
{
	for (unsigned i = 0; p->msrs && i < p->msrs->n; i++)
		if (msr >= p->msrs->r[i].first && msr <= p->msrs->r[i].last)
			return &p->msrs->r[i];
	return NULL;
}

/* Reserved bits of a plain register raise #GP and change nothing. */
static pmu_status plain_write(struct model *m, struct model_regfile *rf, uint32_t msr, uint64_t val)
{
	const struct model_msr_range *r = model_msr_range_of(m->p, msr);
	if (!r || (val & ~r->writable))
		return PMU_ERR_FAULT_GP;
	return model_poke(rf, msr, val);
}

static bool plain_claims(const struct model *m, uint32_t msr)
{
	const struct model_msr_range *r = model_msr_range_of(m->p, msr);
	return r && r->plain;
}

const struct model_dev model_dev_plain = {
	.name = "plain",
	.claims = plain_claims,
	.write = plain_write,
};
