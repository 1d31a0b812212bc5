/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Built-in CPU profiles of the reference model. CPUID comes from real dumps of
 * each processor (model_cpuid.c), which MSRs exist from the manuals
 * (model_msrs.c); PERF_CAPABILITIES, MISC_ENABLE and the microcode revision
 * are simulated values.
 */
#include "model/model_devs.h"
#include "model/model_disc_units.h"
#include "model/model_disc_client.h"
#include "model/model_discovery.h"
#include "util/fmt.h"

/*
 * The TSC's rate (model.h tsc_mhz) and the machine's noise (struct model_noise_rates) in
 * cycles at it, the brand string's nominal clock, `mhz`:
 *   timer: EDK2's 8254 timer driver ticks every 10 ms (PcAtChipsetPkg/8254TimerDxe
 *     Timer.h, DEFAULT_TIMER_TICK_DURATION = 100000 x 100 ns); handler 1,000
 *     instructions in 3,000 cycles;
 *   SMI: a periodic platform SMI every 40 ms; handler 10,000 instructions in
 *     30,000 cycles (about 10 us in SMM).
 * The handler costs and the SMI period are the model's orders of magnitude, not measurements.
 */
#define TICK_CYCLES(mhz) ((mhz) * 10000ull)
#define TIMER(mhz) .tick_first = TICK_CYCLES(mhz), .tick_period = TICK_CYCLES(mhz), \
	.tick_insts = 1000, .tick_cycles = 3000
#define SMIS(mhz) .smi_first = 4 * TICK_CYCLES(mhz), .smi_period = 4 * TICK_CYCLES(mhz), \
	.smi_insts = 10000, .smi_cycles = 30000
#define CLOCK(mhz) .tsc_mhz = (mhz), .noise = { TIMER(mhz), SMIS(mhz) }

static const struct model_dev *const nhm_devs[] = {
	&model_dev_misc, &model_dev_core, &model_dev_offcore_shared, &model_dev_nhm_uncore,
};
static const struct model_dev *const nhmex_devs[] = {
	&model_dev_misc, &model_dev_core, &model_dev_offcore_shared, &model_dev_nhmex_ubox,
	&model_dev_nhmex_mbox,
};
static const struct model_dev *const snbep_devs[] = {
	&model_dev_misc, &model_dev_core, &model_dev_offcore, &model_dev_snbep_uncore,
	&model_dev_snbep_pci,
};
static const struct model_dev *const skx_devs[] = {
	&model_dev_misc, &model_dev_core, &model_dev_offcore, &model_dev_skx_uncore,
	&model_dev_skx_pci,
};
static const struct model_dev *const icx_devs[] = {
	&model_dev_misc, &model_dev_core, &model_dev_offcore, &model_dev_icx_uncore,
	&model_dev_icx_pci,
};
static const struct model_dev *const spr_devs[] = {
	&model_dev_misc, &model_dev_core, &model_dev_offcore, &model_dev_spr_uncore,
	&model_dev_spr_units_uncore, &model_dev_spr_pci,
};
static const struct model_dev *const gnr_devs[] = {
	&model_dev_misc, &model_dev_core, &model_dev_offcore, &model_dev_spr_uncore,
	&model_dev_gnr_units_uncore, &model_dev_spr_pci,
};
static const struct model_dev *const dmr_devs[] = {
	&model_dev_misc, &model_dev_core, &model_dev_offcore, &model_dev_dmr_cbo_uncore,
	&model_dev_dmr_units_uncore, &model_dev_spr_pci, &model_dev_disc_portal,
};
static const struct model_dev *const misc_devs[] = { &model_dev_misc };
static const struct model_dev *const zen_devs[] = {
	&model_dev_amd_core, &model_dev_amd_l3, &model_dev_amd_df,
};
static const struct model_dev *const zen4_devs[] = {
	&model_dev_amd_core, &model_dev_amd_l3, &model_dev_amd_df, &model_dev_amd_umc,
};

#define DEVS(d) .devs = (d), .ndevs = sizeof(d) / sizeof((d)[0])

/*
 * What firmware hands over ("running", the profiles' default). Model choices,
 * not a dump of one machine: every counter-enable bit of IA32_PERF_GLOBAL_CTRL
 * set (as a v1-style reset value would leave it), FIXED_CTR1 (core cycles) left
 * counting in both rings, OFFCORE_RSP_0 = 0x11 (valid on every profile), and
 * one uncore counter per family left counting on a counter the tool's lowest-
 * first allocation reaches last.
 */
#define FW_CORE \
	{ 0x38F, 0x70000000Full },   /* GLOBAL_CTRL: PMC0-3, FIXED_CTR0-2 */   \
	{ 0x38D, 0x030 },            /* FIXED_CTR_CTRL: FIXED_CTR1 OS+USR */   \
	{ 0x30A, 0x1000 },           /* FIXED_CTR1 */                          \
	{ 0x1A6, 0x11 }              /* OFFCORE_RSP_0 */

/*
 * NHM/WSM client uncore (Intel SDM Vol. 3B 18.8.2): PMC7 counts UNC_QMC_NORMAL_READS.ANY
 * (0x2C/0x07), EN_PC7 set.
 */
static const struct model_fw_reg fw_nhm[] = {
	FW_CORE, { 0x391, 0x80 }, { 0x3C7, 0x40072C }, { 0x3B7, 0x5000 }, { 0, 0 },
};

/*
 * NHM-EX/WSM-EX (Intel 323535-001): U_PMON_GLOBAL_CTRL = EN_ALL | PMI_CORE_SEL core 0; M-box 1
 * counter 5 counts MBOX_CLOCKTICKS (inc_sel 0x1B) with its BOX_CTRL bit set.
 */
static const struct model_fw_reg fw_nhmex[] = {
	FW_CORE, { 0xC00, 0x10000002 }, { 0xCE0, 0x20 }, { 0xCFA, 0x1B << 9 | 1 }, { 0xCFB, 0x100 },
	{ 0, 0 },
};

/*
 * SNB-EP (Linux uncore_snbep.c): every C-box filter 0xD14 + 0x20n holds STATE = all (22:18); C-box
 * 7 counter 3 counts UNC_C_CLOCKTICKS, its box unfrozen with freeze enabled.
 */
#define FW_CBOX_FILTER(n) { 0xD14 + 0x20 * (n), 0x1Full << 18 }
static const struct model_fw_reg fw_snbep[] = {
	FW_CORE,
	FW_CBOX_FILTER(0), FW_CBOX_FILTER(1), FW_CBOX_FILTER(2), FW_CBOX_FILTER(3),
	FW_CBOX_FILTER(4), FW_CBOX_FILTER(5), FW_CBOX_FILTER(6), FW_CBOX_FILTER(7),
	{ 0xDE4, 0x10000 }, { 0xDF3, 0x400000 }, { 0xDF9, 0x2000 }, { 0, 0 },
};

/*
 * AMD (model choices): counter 5 left counting Cycles not in Halt (PMCx076) in both rings,
 * HWCR IRPerfEn (bit 30) set with IRPERF part-way; on Zen 4 PerfCntrGlobalCtl holds its
 * reset value, every counter enabled (PPR 19h: reset 3Fh, so software without PerfMonV2
 * sees counters gated by EN alone). Data Fabric counter 3 left counting DRAM channel 0's
 * data beats (event 0x07 umask 0x38, PPR 56176's encoding, valid in both DF layouts): a
 * firmware's counter the tool's lowest-first allocation reaches last.
 */
#define FW_ZEN { 0xC001020A, 0x430076 }, { 0xC001020B, 0x2000 }, { 0xC0010015, 1ull << 30 }, \
	{ 0xC00000E9, 0x123456 }, { 0xC0010246, 0x403807 }, { 0xC0010247, 0x7000 }
static const struct model_fw_reg fw_zen[] = { FW_ZEN, { 0, 0 } };
static const struct model_fw_reg fw_zen4[] = { FW_ZEN, { 0xC0000301, 0x3F }, { 0, 0 } };

#define FW(img) .firmware = MODEL_FW_RUNNING, .fw_running = (img)

static const struct model_profile nehalem_ep = {
	.name = "nehalem-ep",
	.brand = "Simulated Xeon X5550 ES (Nehalem-EP)",
	.cpuid = &model_cpuid_nehalem_ep,
	.microcode = 0x19,
	.perf_cap = 0x1c3,
	.misc_enable = 0x850089,
	CLOCK(2933),
	DEVS(nhm_devs),
	.msrs = &model_msrs_nhm_ep,
	FW(fw_nhm),
};

/* Nehalem-EP whose firmware set Limit CPUID Maxval (a BIOS setup option): leaf 0xA hidden. */
static const struct model_profile nehalem_ep_cpuid_limited = {
	.name = "nehalem-ep-cpuid-limited",
	.brand = "Simulated Xeon X5550 ES (Nehalem-EP)",
	.cpuid = &model_cpuid_nehalem_ep,
	.microcode = 0x19,
	.perf_cap = 0x1c3,
	.misc_enable = 0x850089 | 1ull << 22,
	CLOCK(2667),
	DEVS(nhm_devs),
	.msrs = &model_msrs_nhm_ep,
	FW(fw_nhm),
};

static const struct model_profile westmere_ep = {
	.name = "westmere-ep",
	.brand = "Simulated Xeon X5667 (Westmere-EP)",
	.cpuid = &model_cpuid_westmere_ep,
	.microcode = 0x1f,
	.perf_cap = 0x1c3,
	.misc_enable = 0x850089,
	CLOCK(2933),
	DEVS(nhm_devs),
	.msrs = &model_msrs_wsm_ep,
	FW(fw_nhm),
};

static const struct model_profile nehalem_ex = {
	.name = "nehalem-ex",
	.brand = "Simulated Xeon E7520 (Nehalem-EX)",
	.cpuid = &model_cpuid_nehalem_ex,
	.microcode = 0x0b,
	.perf_cap = 0x1c3,
	.misc_enable = 0x850089,
	CLOCK(2267),
	DEVS(nhmex_devs),
	.msrs = &model_msrs_nhm_ex,
	FW(fw_nhmex),
};

static const struct model_profile westmere_ex = {
	.name = "westmere-ex",
	.brand = "Simulated Xeon E7-4870 (Westmere-EX)",
	.cpuid = &model_cpuid_westmere_ex,
	.microcode = 0x37,
	.perf_cap = 0x1c3,
	.misc_enable = 0x850089,
	CLOCK(2400),
	DEVS(nhmex_devs),
	.msrs = &model_msrs_wsm_ex,
	FW(fw_nhmex),
};

static const struct model_profile sandy_bridge_ep = {
	.name = "sandy-bridge-ep",
	.brand = "Simulated Xeon E5 8-core ES (Sandy Bridge-EP)",
	.cpuid = &model_cpuid_sandy_bridge_ep,
	.microcode = 0x710,
	.perf_cap = 0x31c3,   /* bit 13: full-width writes through IA32_A_PMCx */
	.misc_enable = 0x850089,
	CLOCK(2700),
	DEVS(snbep_devs),
	.msrs = &model_msrs_snb_ep,
	FW(fw_snbep),
	.pci = &model_dev_snbep_pci,
	/* C-box 0: PMON_BOX_CTL 0xD04 (FRZ bit 8), PMON_CTL0 0xD10 (EN bit 22; Intel 327043) */
	.fw_frozen = { 0xD04, 0x100 },
	.fw_counting = { 0xD10, 0x400000 },
};

static const struct model_dev *const later_devs[] = {
	&model_dev_misc, &model_dev_core, &model_dev_offcore,
};
static const struct model_fw_reg fw_core[] = { FW_CORE, { 0, 0 } };

/*
 * The later parts (simulated values besides CPUID): PERF_CAPABILITIES 0x31c3 as Sandy
 * Bridge-EP's (full-width writes, freeze while SMM), from Ice Lake on also bits 14 (PEBS
 * baseline) and 15 (PERF_METRICS). `slots` is the allocation width TOPDOWN.SLOTS counts
 * per cycle (Intel's optimization manual: Sunny Cove 5, Golden Cove 6).
 */
#define PERF_CAP_LATER 0x31c3
#define PERF_CAP_METRICS (PERF_CAP_LATER | 1ull << 14 | 1ull << 15)

static const struct model_profile skylake_sp = {
	.name = "skylake-sp",
	.brand = "Simulated Xeon Platinum 8180 (Skylake-SP)",
	.cpuid = &model_cpuid_skylake_sp,
	.microcode = 0x2006e05,
	.perf_cap = PERF_CAP_LATER,
	.misc_enable = 0x850089,
	CLOCK(2500),
	DEVS(skx_devs),
	.msrs = &model_msrs_skx,
	FW(fw_core),
	.pci = &model_dev_skx_pci,
	.pci_buses = 3,
	.chas = 28,   /* the 8180's 28 cores, each with its CHA (Linux skx_count_chabox: CAPID6) */
	/* CHA 0: box control 0xE00 (freeze bit 8), control 0 0xE01 (enable bit 22; Intel 336274) */
	.fw_frozen = { 0xE00, 0x100 },
	.fw_counting = { 0xE01, 0x400000 },
	.max_cores = 28,
	.max_cores_part = "Xeon Platinum 8180 (Intel ARK)",
};

static const struct model_profile icelake_sp = {
	.name = "icelake-sp",
	.brand = "Simulated Xeon Gold 6336Y (Ice Lake-SP)",
	.cpuid = &model_cpuid_icelake_sp,
	.microcode = 0xd000389,
	.perf_cap = PERF_CAP_METRICS,
	.misc_enable = 0x850089,
	CLOCK(2400),
	DEVS(icx_devs),
	.msrs = &model_msrs_icx,
	FW(fw_core),
	.slots = 5,
	.pci = &model_dev_icx_pci,
	.pci_buses = 3,
	.chas = 24,   /* the 6336Y's 24 cores, each with its CHA (Linux icx_count_chabox) */
	/* CHA 0: box control 0xE00, control 0 0xE01 (Linux ICX_C34_MSR_PMON_* + 0x2A0) */
	.fw_frozen = { 0xE00, 0x100 },
	.fw_counting = { 0xE01, 0x400000 },
	.max_cores = 40,
	.max_cores_part = "Xeon Platinum 8380 (Intel ARK)",
};

static const struct model_profile sapphire_rapids = {
	.name = "sapphire-rapids",
	.brand = "Simulated Xeon w7-2475X (Sapphire Rapids)",
	.cpuid = &model_cpuid_sapphire_rapids,
	.microcode = 0x2b000571,
	.perf_cap = PERF_CAP_METRICS,
	.misc_enable = 0x850089,
	CLOCK(2600),
	DEVS(spr_devs),
	.msrs = &model_msrs_spr,
	FW(fw_core),
	.slots = 6,
	/* the discovery table's machine (model_discovery.c: model_disc_spr), one per package */
	.pci = &model_dev_spr_pci,
	.chas = 8,
	.max_cores = 60,
	.max_cores_part = "Xeon Platinum 8490H (Intel ARK)",
	.cxl = true,   /* a CXL type-3 memory device with a CPMU (model_cxl.h) */
};

/*
 * Alder Lake hybrid: the model's lower half of CPUs are P-cores, the upper half E-cores,
 * each answering CPUID from its own logical CPU of the dump. A P-core (Golden Cove) has
 * 8 general-purpose and 4 fixed counters, an E-core (Gracemont) 6 and 3 (SDM vol. 3B,
 * 12th generation Intel Core performance monitoring), though CPUID.0AH reports 6 and 3
 * on both.
 */
static const struct model_profile alder_lake = {
	.name = "alder-lake",
	.brand = "Simulated Core i9-12900K (Alder Lake)",
	.cpuid = &model_cpuid_alder_lake_p,
	.cpuid_atom = &model_cpuid_alder_lake_e,
	.pcore_gp_mask = 0xFF,
	.pcore_fixed_mask = 0xF,
	.microcode = 0x2c,
	.perf_cap = PERF_CAP_METRICS,
	.misc_enable = 0x850089,
	CLOCK(3200),
	DEVS(later_devs),
	.msrs = &model_msrs_icx_on,
	FW(fw_core),
	.slots = 6,
};

static const struct model_profile emerald_rapids = {
	.name = "emerald-rapids",
	.brand = "Simulated Xeon Gold 5520+ (Emerald Rapids)",
	.cpuid = &model_cpuid_emerald_rapids,
	.microcode = 0x21000230,
	.perf_cap = PERF_CAP_METRICS,
	.misc_enable = 0x850089,
	CLOCK(2200),
	DEVS(spr_devs),
	.msrs = &model_msrs_spr,
	FW(fw_core),
	.slots = 6,
	/* the discovery table's machine (model_discovery.c: model_disc_spr), one per package */
	.pci = &model_dev_spr_pci,
	.chas = 8,
	.max_cores = 64,
	.max_cores_part = "Xeon Platinum 8592+ (Intel ARK)",
};

/*
 * Granite Rapids (06_AD) and Sierra Forest (06_AF) have no dump: Granite Rapids answers
 * Emerald Rapids' leaves (Redwood Cove cores as Raptor Cove's counters: 8 GP, fixed 0-3) and
 * Sierra Forest Meteor Lake's E-core leaves (Crestmont: 8 GP, fixed 0-2) as a part of one
 * core type, each with its own signature, stepping 1 (the model's choice). Their uncore is
 * the discovery machine of model_disc_units.h (Linux uncore_snbep.c gnr_uncores[]; Linux
 * uncore.c gives ATOM_CRESTMONT_X Granite Rapids' gnr_uncore_init), CHAs as Sapphire
 * Rapids'. The model has 64 CHAs' registers: its most cores a package (a Xeon 6 6980P has
 * 128, a Xeon 6 6780E 144: Intel ARK). Microcode revisions are the model's.
 */
static const struct model_profile granite_rapids = {
	.name = "granite-rapids",
	.brand = "Simulated Xeon 6 (Granite Rapids)",
	.cpuid = &model_cpuid_emerald_rapids,
	.signature = 0xA06D1,
	.microcode = 0x10003a2,
	.perf_cap = PERF_CAP_METRICS,
	.misc_enable = 0x850089,
	CLOCK(2000),
	DEVS(gnr_devs),
	.msrs = &model_msrs_gnr,
	FW(fw_core),
	.slots = 8,
	.pci = &model_dev_spr_pci,
	.disc_part = &model_disc_gnr_part,
	.chas = 8,
	.max_cores = 64,
	.max_cores_part = "the model's 64 CHAs",
};

static const struct model_profile sierra_forest = {
	.name = "sierra-forest",
	.brand = "Simulated Xeon 6 (Sierra Forest)",
	.cpuid = &model_cpuid_meteor_lake_e,
	.signature = 0xA06F1,
	.one_core_type = true,
	.microcode = 0x3000341,
	.perf_cap = PERF_CAP_LATER,
	.misc_enable = 0x850089,
	CLOCK(2000),
	DEVS(gnr_devs),
	.msrs = &model_msrs_gnr,
	FW(fw_core),
	.slots = 6,
	.pci = &model_dev_spr_pci,
	.disc_part = &model_disc_gnr_part,
	.chas = 8,
	.max_cores = 64,
	.max_cores_part = "the model's 64 CHAs",
};

/*
 * Diamond Rapids. No CPUID dump of it exists: its leaves are Emerald Rapids' dump's
 * (intel-06-cf-emerald-rapids.txt, logical CPU #0) with the signature Linux gives
 * INTEL_DIAMONDRAPIDS_X (arch/x86/include/asm/intel-family.h: IFM(19, 0x01): family 0xF +
 * extended family 4, model 1, stepping 0 here), so its core is Emerald Rapids'. Its uncore:
 * two discovery domains (model_discovery.h, model_disc_dmr.c), the IMH's device 0x09A1 with
 * the memory controllers and the CBB's portal MSR 0x710 with the CBOs, the CBB's global
 * control frozen at power-on (Linux tip 6daf2c35b835, 66e2075426f3, b575fc0e3357).
 */
static const struct model_profile diamond_rapids = {
	.name = "diamond-rapids",
	.brand = "Simulated Xeon (Diamond Rapids, from Emerald Rapids' CPUID)",
	.cpuid = &model_cpuid_emerald_rapids,
	.signature = 0x00400F10,
	.microcode = 0x21000230,
	.perf_cap = PERF_CAP_METRICS,
	.misc_enable = 0x850089,
	CLOCK(2200),
	DEVS(dmr_devs),
	.msrs = &model_msrs_dmr,
	FW(fw_core),
	.slots = 6,
	.pci = &model_dev_spr_pci,
	.disc_domains = &model_disc_dmr,
	.chas = 8,
};

/*
 * Meteor Lake hybrid (Core Ultra 7 155H): P-cores (Redwood Cove) and E-cores (Crestmont)
 * each answer CPUID from their own logical CPU of the dump; leaf 0x23 gives each its
 * counters (8 GP on both, fixed 0-3 on the P-cores, 0-2 on the E-cores), so no masks here.
 */
static const struct model_profile meteor_lake = {
	.name = "meteor-lake",
	.brand = "Simulated Core Ultra 7 155H (Meteor Lake)",
	.cpuid = &model_cpuid_meteor_lake_p,
	.cpuid_atom = &model_cpuid_meteor_lake_e,
	.microcode = 0x1c,
	.perf_cap = PERF_CAP_METRICS,
	.misc_enable = 0x850089,
	CLOCK(3800),
	DEVS(later_devs),
	.msrs = &model_msrs_icx_on,
	FW(fw_core),
	.slots = 6,
};

/*
 * Lunar Lake hybrid: P-cores (Lion Cove, 10 GP, fixed 0-3) and E-cores (Skymont, 8 GP,
 * fixed 0-2 and 4-6), both with PERFEVTSEL UMASK2 and EQ (leaf 0x23 subleaf 0 EBX 3).
 * Lion Cove allocates 8 slots a cycle (Intel's Lunar Lake optimization notes).
 */
static const struct model_profile lunar_lake = {
	.name = "lunar-lake",
	.brand = "Simulated Core Ultra 200V (Lunar Lake)",
	.cpuid = &model_cpuid_lunar_lake_p,
	.cpuid_atom = &model_cpuid_lunar_lake_e,
	.microcode = 0x11f,
	.perf_cap = PERF_CAP_METRICS,
	.misc_enable = 0x850089,
	CLOCK(2200),
	DEVS(later_devs),
	.msrs = &model_msrs_lnl,
	FW(fw_core),
	.slots = 8,
};

/*
 * Panther Lake hybrid (Core Ultra 7 355): P-cores (Cougar Cove, 10 GP, fixed 0-3) and
 * low-power E-cores (Darkmont, 8 GP, fixed 0-2 and 4-6), both architectural PerfMon v6
 * (leaf 0xA 0x0D300806): the counters also at MSRs 0x1900 and 0x1980 on (model_core.c).
 * The dump has no MSR section: the microcode revision is the model's own. Its uncore: the
 * discovery table behind MSR 0x201E and the client boxes (model_disc_client.c).
 */
static const struct model_dev *const client_devs[] = {
	&model_dev_misc, &model_dev_core, &model_dev_offcore, &model_dev_client_uncore,
};

/* Panther Lake's dump and core PMU, its uncore's devices (the part's uncore, MSR map apart). */
#define PANTHER_LAKE_CORES						\
	.cpuid = &model_cpuid_panther_lake_p,				\
	.cpuid_atom = &model_cpuid_panther_lake_e,			\
	.microcode = 0x100,						\
	.perf_cap = PERF_CAP_METRICS,					\
	.misc_enable = 0x850089,					\
	CLOCK(2200),							\
	DEVS(client_devs),						\
	FW(fw_core),							\
	.slots = 8

static const struct model_profile panther_lake = {
	.name = "panther-lake",
	.brand = "Simulated Core Ultra 7 355 (Panther Lake)",
	PANTHER_LAKE_CORES,
	.msrs = &model_msrs_ptl,
	.client = &model_client_ptl,
};

/*
 * Nova Lake: no CPUID dump of it exists. Panther Lake's (intel-06-cc-panther-lake.txt, its
 * P- and E-core leaves as they are) answering CPUID.1:EAX 0x00300F10, family 18 model 0x01
 * (display family 0xF + extended 0x3; Linux intel-family.h INTEL_NOVALAKE), stepping 0. Its
 * uncore: the table behind MSR 0x711 (tip e7d5f2ea0923) and Nova Lake's client boxes.
 */
static const struct model_profile nova_lake = {
	.name = "nova-lake",
	.brand = "Simulated Nova Lake (Panther Lake's CPUID, family 18 model 1)",
	PANTHER_LAKE_CORES,
	.signature = 0x00300F10,
	.msrs = &model_msrs_nvl,
	.client = &model_client_nvl,
};

/*
 * Arrow Lake-H hybrid (Core Ultra 9 285H), PerfMon v5: P-cores (Lion Cove, 10 GP, fixed
 * 0-3), E-cores (Skymont, 8 GP, fixed 0-2 and 4-6, UMASK2 and EQ) and low-power E-cores
 * (Crestmont, 8 GP, fixed 0-2, neither), the last two of one core type. Microcode 0x115 and
 * MISC_ENABLE as the dump's MSR 0x8B and 0x1A0 read. No uncore model.
 */
static const struct model_profile arrow_lake_h = {
	.name = "arrow-lake-h",
	.brand = "Simulated Core Ultra 9 285H (Arrow Lake-H)",
	.cpuid = &model_cpuid_arrow_lake_h_p,
	.cpuid_atom = &model_cpuid_arrow_lake_h_e,
	.cpuid_lpe = &model_cpuid_arrow_lake_h_lpe,
	.microcode = 0x115,
	.perf_cap = PERF_CAP_METRICS,
	.misc_enable = 0x850089,
	CLOCK(2200),
	DEVS(later_devs),
	.msrs = &model_msrs_lnl,
	FW(fw_core),
	.slots = 8,
};

/* What QEMU TCG shows: leaf 0xA all zeros, no PMU MSRs (model_cpuid.c: no dump). */
static const struct model_profile no_pmu = {
	.name = "no-pmu",
	.brand = "Simulated CPU without PMU (reference model)",
	.cpuid = &model_cpuid_no_pmu,
	.microcode = 0x1,
	.misc_enable = 0x1,
	.noise = { TIMER(2700) },   /* QEMU: the firmware's timer, no SMIs */
	DEVS(misc_devs),
	.msrs = &model_msrs_no_pmu,
};

static const struct model_profile zen2 = {
	.name = "zen2",
	.brand = "Simulated EPYC 7402P (Zen 2, Rome)",
	.cpuid = &model_cpuid_zen2,
	CLOCK(2800),
	DEVS(zen_devs),
	.msrs = &model_msrs_zen2,
	FW(fw_zen),
	.max_cores = 64,
	.max_cores_part = "EPYC 7742 (AMD product page)",
};

static const struct model_profile zen3 = {
	.name = "zen3",
	.brand = "Simulated EPYC 7713 (Zen 3, Milan)",
	.cpuid = &model_cpuid_zen3,
	CLOCK(2000),
	DEVS(zen_devs),
	.msrs = &model_msrs_zen2,
	FW(fw_zen),
	.max_cores = 64,
	.max_cores_part = "EPYC 7763 (AMD product page)",
};

static const struct model_profile zen4 = {
	.name = "zen4",
	.brand = "Simulated EPYC 9124 (Zen 4, Genoa, PerfMonV2)",
	.cpuid = &model_cpuid_zen4,
	CLOCK(3000),
	DEVS(zen4_devs),
	.msrs = &model_msrs_zen4,
	FW(fw_zen4),
	.max_cores = 96,
	.max_cores_part = "EPYC 9654 (AMD product page)",
};

/*
 * Zen 5 (family 1Ah), each from its dump (data/cpuid/): Zen 4's devices and firmware image,
 * the DF and UMC counts their CPUID 0x80000022 gives. Strix Point is hybrid by CPUID
 * 0x80000026 CoreType (Zen 5 and Zen 5c, the upper half of the model's CPUs), with the same
 * counters on both.
 */
static const struct model_profile granite_ridge = {
	.name = "granite-ridge",
	.brand = "Simulated Ryzen 9 9950X (Zen 5, Granite Ridge)",
	.cpuid = &model_cpuid_granite_ridge,
	CLOCK(4300),
	DEVS(zen4_devs),
	.msrs = &model_msrs_granite_ridge,
	FW(fw_zen4),
	.max_cores = 16,
	.max_cores_part = "Ryzen 9 9950X (AMD product page)",
};

static const struct model_profile strix_point = {
	.name = "strix-point",
	.brand = "Simulated Ryzen AI 9 HX 370 (Zen 5 + Zen 5c, Strix Point)",
	.cpuid = &model_cpuid_strix_point,
	.cpuid_atom = &model_cpuid_strix_point_c,
	CLOCK(2000),
	DEVS(zen4_devs),
	.msrs = &model_msrs_strix_point,
	FW(fw_zen4),
	.max_cores = 12,
	.max_cores_part = "Ryzen AI 9 HX 370 (AMD product page)",
};

static const struct model_profile turin_dense = {
	.name = "turin-dense",
	.brand = "Simulated EPYC 9965 (Zen 5c, Turin Dense)",
	.cpuid = &model_cpuid_turin_dense,
	CLOCK(2250),
	DEVS(zen4_devs),
	.msrs = &model_msrs_turin_dense,
	FW(fw_zen4),
	.max_cores = 192,
	.max_cores_part = "EPYC 9965 (AMD product page)",
};

const struct model_profile *const model_profiles[] = {
	&nehalem_ep, &westmere_ep, &nehalem_ex, &westmere_ex, &sandy_bridge_ep, &no_pmu,
	&nehalem_ep_cpuid_limited, &skylake_sp, &icelake_sp, &sapphire_rapids, &alder_lake,
	&emerald_rapids, &meteor_lake, &lunar_lake, &panther_lake, &nova_lake, &arrow_lake_h,
	&granite_rapids, &sierra_forest,
	&zen2, &zen3, &zen4,
	&granite_ridge, &strix_point, &turin_dense,
	&diamond_rapids,
};
const unsigned model_profile_count = sizeof(model_profiles) / sizeof(model_profiles[0]);

const struct model_profile *model_profile_find(const char *name)
{
	for (unsigned i = 0; i < model_profile_count; i++)
		if (!pmu_strcmp(model_profiles[i]->name, name))
			return model_profiles[i];
	return NULL;
}
