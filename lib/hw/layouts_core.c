/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "hw/layouts_core.h"

/* IA32_PERFEVTSELx: Intel SDM Vol. 3B 18.2.1.1. */
#define PERFEVTSEL_LOW								\
	{ "event", 0, 8, RA_RW, "evtsel event_select" },			\
	{ "umask", 8, 8, RA_RW, "unit_mask" },					\
	{ "usr", 16, 1, RA_RW, "user" },					\
	{ "os", 17, 1, RA_RW, "kernel" },					\
	{ "e", 18, 1, RA_RW, "edge edge_detect" },				\
	{ "pc", 19, 1, RA_RW, "pin_control" },					\
	{ "int", 20, 1, RA_RW, "pmi apic_int" },				\
	{ "any", 21, 1, RA_RW, "anythread" },   /* v3+ only: engine masks it otherwise */ \
	{ "en", 22, 1, RA_RW, "enable" },					\
	{ "inv", 23, 1, RA_RW, "invert" },					\
	{ "cmask", 24, 8, RA_RW, "counter_mask thresh" }

static const struct reg_field perfevtsel[] = {
	PERFEVTSEL_LOW,
	{ "rsv", 32, 32, RA_RSV, NULL },
};

/*
 * The same with EQ (36: count when the increment equals CMASK) and UMASK2 (47:40), where
 * CPUID.23H.0:EBX[1] and [0] say they exist (SDM vol. 2A leaf 23H; vol. 3B "Performance
 * Monitoring" 21.2.x; Lunar Lake on, Linux ARCH_PERFMON_EVENTSEL_EQ / _UMASK2), and RDPMC
 * user disable (37: ring-3 RDPMC of the counter reads 0) where EBX[2] says so (Linux
 * ARCH_PERFMON_EVENTSEL_RDPMC_USER_DISABLE, 59af95e028d4).
 */
static const struct reg_field perfevtsel_ext[] = {
	PERFEVTSEL_LOW,
	{ "rsv", 32, 4, RA_RSV, NULL },
	{ "eq", 36, 1, RA_RW, "equal" },
	{ "rdpmc_ud", 37, 1, RA_RW, "rdpmc_user_disable" },
	{ "rsv", 38, 2, RA_RSV, NULL },
	{ "umask2", 40, 8, RA_RW, "umask_ext" },
	{ "rsv", 48, 16, RA_RSV, NULL },
};

/*
 * IA32_FIXED_CTR_CTRL: Intel SDM Vol. 3B 18.13.2.1, figure 18-14. enN: 0 off, 1 OS, 2 user,
 * 3 all. Nibble 3 (TOPDOWN.SLOTS) from Ice Lake on, 4-6 where CPUID.23H lists them (Lunar
 * Lake E-cores; SDM vol. 3B 20.2.5): which exist is CPUID's, the engine writes only those.
 */
static const struct reg_field fixed_ctr_ctrl[] = {
	{ "en0", 0, 2, RA_RW, NULL },
	{ "any0", 2, 1, RA_RW, NULL },
	{ "pmi0", 3, 1, RA_RW, NULL },
	{ "en1", 4, 2, RA_RW, NULL },
	{ "any1", 6, 1, RA_RW, NULL },
	{ "pmi1", 7, 1, RA_RW, NULL },
	{ "en2", 8, 2, RA_RW, NULL },
	{ "any2", 10, 1, RA_RW, NULL },
	{ "pmi2", 11, 1, RA_RW, NULL },
	{ "en3", 12, 2, RA_RW, NULL },
	{ "any3", 14, 1, RA_RW, NULL },
	{ "pmi3", 15, 1, RA_RW, NULL },
	{ "en4", 16, 2, RA_RW, NULL },
	{ "any4", 18, 1, RA_RW, NULL },
	{ "pmi4", 19, 1, RA_RW, NULL },
	{ "en5", 20, 2, RA_RW, NULL },
	{ "any5", 22, 1, RA_RW, NULL },
	{ "pmi5", 23, 1, RA_RW, NULL },
	{ "en6", 24, 2, RA_RW, NULL },
	{ "any6", 26, 1, RA_RW, NULL },
	{ "pmi6", 27, 1, RA_RW, NULL },
	{ "rsv", 28, 36, RA_RSV, NULL },
};

/*
 * IA32_PERF_GLOBAL_CTRL: Intel SDM Vol. 3B 18.13.2.1; PMC8-9 and FIXED_CTR3-6 where CPUID
 * has them (Lunar Lake, leaf 23H), EN_PERF_METRICS (48) from Ice Lake on
 * (Intel SDM Vol. 3B 18.13.2.1).
 */
static const struct reg_field global_ctrl[] = {
	{ "en_pmc0", 0, 1, RA_RW, NULL },
	{ "en_pmc1", 1, 1, RA_RW, NULL },
	{ "en_pmc2", 2, 1, RA_RW, NULL },
	{ "en_pmc3", 3, 1, RA_RW, NULL },
	{ "en_pmc4", 4, 1, RA_RW, NULL },
	{ "en_pmc5", 5, 1, RA_RW, NULL },
	{ "en_pmc6", 6, 1, RA_RW, NULL },
	{ "en_pmc7", 7, 1, RA_RW, NULL },
	{ "en_pmc8", 8, 1, RA_RW, NULL },
	{ "en_pmc9", 9, 1, RA_RW, NULL },
	{ "rsv", 10, 22, RA_RSV, NULL },
	{ "en_fixed0", 32, 1, RA_RW, NULL },
	{ "en_fixed1", 33, 1, RA_RW, NULL },
	{ "en_fixed2", 34, 1, RA_RW, NULL },
	{ "en_fixed3", 35, 1, RA_RW, NULL },
	{ "en_fixed4", 36, 1, RA_RW, NULL },
	{ "en_fixed5", 37, 1, RA_RW, NULL },
	{ "en_fixed6", 38, 1, RA_RW, NULL },
	{ "rsv", 39, 9, RA_RSV, NULL },
	{ "en_perf_metrics", 48, 1, RA_RW, NULL },
	{ "rsv", 49, 15, RA_RSV, NULL },
};

/*
 * IA32_PERF_GLOBAL_STATUS (read only): Intel SDM Vol. 3B 18.13.2.1; PERF_METRICS overflow
 * (48, Ice Lake on), ToPA PMI (55), the v4 freeze bits LBR_Frz / CTR_Frz (58, 59), ASCI (60).
 */
static const struct reg_field global_status[] = {
	{ "ovf_pmc0", 0, 1, RA_RO, NULL },
	{ "ovf_pmc1", 1, 1, RA_RO, NULL },
	{ "ovf_pmc2", 2, 1, RA_RO, NULL },
	{ "ovf_pmc3", 3, 1, RA_RO, NULL },
	{ "ovf_pmc4", 4, 1, RA_RO, NULL },
	{ "ovf_pmc5", 5, 1, RA_RO, NULL },
	{ "ovf_pmc6", 6, 1, RA_RO, NULL },
	{ "ovf_pmc7", 7, 1, RA_RO, NULL },
	{ "ovf_pmc8", 8, 1, RA_RO, NULL },
	{ "ovf_pmc9", 9, 1, RA_RO, NULL },
	{ "rsv", 10, 22, RA_RSV, NULL },
	{ "ovf_fixed0", 32, 1, RA_RO, NULL },
	{ "ovf_fixed1", 33, 1, RA_RO, NULL },
	{ "ovf_fixed2", 34, 1, RA_RO, NULL },
	{ "ovf_fixed3", 35, 1, RA_RO, NULL },
	{ "ovf_fixed4", 36, 1, RA_RO, NULL },
	{ "ovf_fixed5", 37, 1, RA_RO, NULL },
	{ "ovf_fixed6", 38, 1, RA_RO, NULL },
	{ "rsv", 39, 9, RA_RSV, NULL },
	{ "ovf_perf_metrics", 48, 1, RA_RO, NULL },
	{ "rsv", 49, 6, RA_RSV, NULL },
	{ "trace_topa_pmi", 55, 1, RA_RO, NULL },
	{ "rsv", 56, 2, RA_RSV, NULL },
	{ "lbr_frz", 58, 1, RA_RO, NULL },
	{ "ctr_frz", 59, 1, RA_RO, NULL },
	{ "asci", 60, 1, RA_RO, NULL },
	{ "ovf_uncore", 61, 1, RA_RO, NULL },
	{ "ovf_buf", 62, 1, RA_RO, NULL },
	{ "cond_chgd", 63, 1, RA_RO, NULL },
};

/*
 * IA32_PERF_GLOBAL_OVF_CTRL (write 1 to clear the STATUS bit): Intel SDM Vol. 3B 18.13.2.1;
 * on v4 IA32_PERF_GLOBAL_STATUS_RESET, which clears the later STATUS bits too (SDM vol. 3B
 * 20.2.4.2).
 */
static const struct reg_field global_ovf_ctrl[] = {
	{ "clr_ovf_pmc0", 0, 1, RA_W1C, NULL },
	{ "clr_ovf_pmc1", 1, 1, RA_W1C, NULL },
	{ "clr_ovf_pmc2", 2, 1, RA_W1C, NULL },
	{ "clr_ovf_pmc3", 3, 1, RA_W1C, NULL },
	{ "clr_ovf_pmc4", 4, 1, RA_W1C, NULL },
	{ "clr_ovf_pmc5", 5, 1, RA_W1C, NULL },
	{ "clr_ovf_pmc6", 6, 1, RA_W1C, NULL },
	{ "clr_ovf_pmc7", 7, 1, RA_W1C, NULL },
	{ "clr_ovf_pmc8", 8, 1, RA_W1C, NULL },
	{ "clr_ovf_pmc9", 9, 1, RA_W1C, NULL },
	{ "rsv", 10, 22, RA_RSV, NULL },
	{ "clr_ovf_fixed0", 32, 1, RA_W1C, NULL },
	{ "clr_ovf_fixed1", 33, 1, RA_W1C, NULL },
	{ "clr_ovf_fixed2", 34, 1, RA_W1C, NULL },
	{ "clr_ovf_fixed3", 35, 1, RA_W1C, NULL },
	{ "clr_ovf_fixed4", 36, 1, RA_W1C, NULL },
	{ "clr_ovf_fixed5", 37, 1, RA_W1C, NULL },
	{ "clr_ovf_fixed6", 38, 1, RA_W1C, NULL },
	{ "rsv", 39, 9, RA_RSV, NULL },
	{ "clr_ovf_perf_metrics", 48, 1, RA_W1C, NULL },
	{ "rsv", 49, 6, RA_RSV, NULL },
	{ "clr_trace_topa_pmi", 55, 1, RA_W1C, NULL },
	{ "rsv", 56, 2, RA_RSV, NULL },
	{ "clr_lbr_frz", 58, 1, RA_W1C, NULL },
	{ "clr_ctr_frz", 59, 1, RA_W1C, NULL },
	{ "clr_asci", 60, 1, RA_W1C, NULL },
	{ "clr_ovf_uncore", 61, 1, RA_W1C, NULL },
	{ "clr_ovf_buf", 62, 1, RA_W1C, NULL },
	{ "clr_cond_chgd", 63, 1, RA_W1C, NULL },
};

/* IA32_PERF_CAPABILITIES (read only): Intel SDM Vol. 4 table 2-2. */
static const struct reg_field perf_capabilities[] = {
	{ "lbr_fmt", 0, 6, RA_RO, NULL },
	{ "pebs_trap", 6, 1, RA_RO, NULL },
	{ "pebs_arch_reg", 7, 1, RA_RO, NULL },
	{ "pebs_rec_fmt", 8, 4, RA_RO, NULL },
	{ "smm_freeze", 12, 1, RA_RO, NULL },
	{ "fw_write", 13, 1, RA_RO, NULL },
	{ "pebs_baseline", 14, 1, RA_RO, NULL },
	{ "perf_metrics", 15, 1, RA_RO, NULL },
	{ "rsv", 16, 48, RA_RSV, NULL },
};

/*
 * IA32_PERF_METRICS (0x329, PERF_CAPABILITIES[15]; SDM vol. 3B 21.3.9.3): the top-down
 * metrics as fractions of FIXED_CTR3's slots, each value / 0xFF. Level 1 in 31:0; the
 * level-2 bytes 63:32 from Sapphire Rapids on (0 where the CPU lacks them).
 */
static const struct reg_field perf_metrics[] = {
	{ "retiring", 0, 8, RA_RW, NULL },
	{ "bad_spec", 8, 8, RA_RW, NULL },
	{ "fe_bound", 16, 8, RA_RW, NULL },
	{ "be_bound", 24, 8, RA_RW, NULL },
	{ "heavy_ops", 32, 8, RA_RW, NULL },
	{ "br_mispredict", 40, 8, RA_RW, NULL },
	{ "fetch_lat", 48, 8, RA_RW, NULL },
	{ "mem_bound", 56, 8, RA_RW, NULL },
};

const struct reg_layout layout_perfevtsel = REG_LAYOUT("IA32_PERFEVTSEL", perfevtsel);
const struct reg_layout layout_perfevtsel_ext = REG_LAYOUT("IA32_PERFEVTSEL", perfevtsel_ext);
/* The same select at its v6 number (Linux msr-index.h MSR_IA32_PMC_V6_GP0_CFG_A; hw/msr.h). */
const struct reg_layout layout_pmc_v6_cfg_a = REG_LAYOUT("IA32_PMC_GPn_CFG_A", perfevtsel_ext);
const struct reg_layout layout_fixed_ctr_ctrl = REG_LAYOUT("IA32_FIXED_CTR_CTRL", fixed_ctr_ctrl);
const struct reg_layout layout_global_ctrl = REG_LAYOUT("IA32_PERF_GLOBAL_CTRL", global_ctrl);
const struct reg_layout layout_global_status = REG_LAYOUT("IA32_PERF_GLOBAL_STATUS", global_status);
const struct reg_layout layout_global_ovf_ctrl =
	REG_LAYOUT("IA32_PERF_GLOBAL_OVF_CTRL", global_ovf_ctrl);
const struct reg_layout layout_perf_capabilities =
	REG_LAYOUT("IA32_PERF_CAPABILITIES", perf_capabilities);
const struct reg_layout layout_perf_metrics = REG_LAYOUT("IA32_PERF_METRICS", perf_metrics);
