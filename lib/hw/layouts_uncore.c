/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "hw/layouts_uncore.h"

/*
 * MSR_UNCORE_PERFEVTSELx: Intel SDM Vol. 3B 18.8.2.2, figure 18-28 (bit 21 reserved: Linux
 * uncore_snb.c's raw mask leaves it out, though likwid sets it).
 */
static const struct reg_field nhm_unc_perfevtsel[] = {
	{ "event_select", 0, 8, RA_RW, "event ev_sel evtsel" },
	{ "umask", 8, 8, RA_RW, "unit_mask" },
	{ "rsv", 16, 1, RA_RSV, NULL },
	{ "occ_ctr_rst", 17, 1, RA_WO, "rst" },
	{ "e", 18, 1, RA_RW, "edge edge_detect edge_det" },
	{ "rsv", 19, 1, RA_RSV, NULL },
	{ "pmi", 20, 1, RA_RW, "int" },
	{ "rsv", 21, 1, RA_RSV, NULL },
	{ "en", 22, 1, RA_RW, "enable" },
	{ "inv", 23, 1, RA_RW, "invert" },
	{ "cmask", 24, 8, RA_RW, "counter_mask thresh" },
	{ "rsv", 32, 32, RA_RSV, NULL },
};

/*
 * MSR_UNCORE_FIXED_CTR_CTRL: Intel SDM Vol. 3B figure 18-29 names EN and PMI; EN = bit 0 (kernel),
 * PMI = bit 2 from CoreFreq only (Intel SDM Vol. 3B 18.8.2.2, UNCONFIRMED).
 */
static const struct reg_field nhm_unc_fixed_ctr_ctrl[] = {
	{ "en", 0, 1, RA_RW, "enable" },
	{ "rsv", 1, 1, RA_RSV, NULL },
	{ "pmi", 2, 1, RA_RW, "int" },
	{ "rsv", 3, 61, RA_RSV, NULL },
};

/*
 * MSR_UNCORE_PERF_GLOBAL_CTRL: Intel SDM Vol. 3B 18.8.2.2 (bits 48-51 and 63 UNCONFIRMED: from
 * CoreFreq intel_reg.h only).
 */
static const struct reg_field nhm_unc_global_ctrl[] = {
	{ "en_pc0", 0, 1, RA_RW, NULL },
	{ "en_pc1", 1, 1, RA_RW, NULL },
	{ "en_pc2", 2, 1, RA_RW, NULL },
	{ "en_pc3", 3, 1, RA_RW, NULL },
	{ "en_pc4", 4, 1, RA_RW, NULL },
	{ "en_pc5", 5, 1, RA_RW, NULL },
	{ "en_pc6", 6, 1, RA_RW, NULL },
	{ "en_pc7", 7, 1, RA_RW, NULL },
	{ "rsv", 8, 24, RA_RSV, NULL },
	{ "en_fc0", 32, 1, RA_RW, NULL },
	{ "rsv", 33, 15, RA_RSV, NULL },
	{ "en_pmi_core0", 48, 1, RA_RW, NULL },
	{ "en_pmi_core1", 49, 1, RA_RW, NULL },
	{ "en_pmi_core2", 50, 1, RA_RW, NULL },
	{ "en_pmi_core3", 51, 1, RA_RW, NULL },
	{ "rsv", 52, 11, RA_RSV, NULL },
	{ "pmi_frz", 63, 1, RA_RW, "en_frz" },
};

/*
 * MSR_UNCORE_PERF_GLOBAL_STATUS (read only): Intel SDM Vol. 3B 18.8.2.2 (bits 61, 63 UNCONFIRMED).
 */
static const struct reg_field nhm_unc_global_status[] = {
	{ "ovf_pc0", 0, 1, RA_RO, NULL },
	{ "ovf_pc1", 1, 1, RA_RO, NULL },
	{ "ovf_pc2", 2, 1, RA_RO, NULL },
	{ "ovf_pc3", 3, 1, RA_RO, NULL },
	{ "ovf_pc4", 4, 1, RA_RO, NULL },
	{ "ovf_pc5", 5, 1, RA_RO, NULL },
	{ "ovf_pc6", 6, 1, RA_RO, NULL },
	{ "ovf_pc7", 7, 1, RA_RO, NULL },
	{ "rsv", 8, 24, RA_RSV, NULL },
	{ "ovf_fc0", 32, 1, RA_RO, NULL },
	{ "rsv", 33, 28, RA_RSV, NULL },
	{ "ovf_pmi", 61, 1, RA_RO, NULL },
	{ "rsv", 62, 1, RA_RSV, NULL },
	{ "cond_chgd", 63, 1, RA_RO, NULL },
};

/* MSR_UNCORE_PERF_GLOBAL_OVF_CTRL (write 1 to clear the STATUS bit): Intel SDM Vol. 3B 18.8.2.2. */
static const struct reg_field nhm_unc_global_ovf_ctrl[] = {
	{ "clr_ovf_pc0", 0, 1, RA_W1C, NULL },
	{ "clr_ovf_pc1", 1, 1, RA_W1C, NULL },
	{ "clr_ovf_pc2", 2, 1, RA_W1C, NULL },
	{ "clr_ovf_pc3", 3, 1, RA_W1C, NULL },
	{ "clr_ovf_pc4", 4, 1, RA_W1C, NULL },
	{ "clr_ovf_pc5", 5, 1, RA_W1C, NULL },
	{ "clr_ovf_pc6", 6, 1, RA_W1C, NULL },
	{ "clr_ovf_pc7", 7, 1, RA_W1C, NULL },
	{ "rsv", 8, 24, RA_RSV, NULL },
	{ "clr_ovf_fc0", 32, 1, RA_W1C, NULL },
	{ "rsv", 33, 28, RA_RSV, NULL },
	{ "clr_ovf_pmi", 61, 1, RA_W1C, NULL },
	{ "rsv", 62, 1, RA_RSV, NULL },
	{ "clr_cond_chgd", 63, 1, RA_W1C, NULL },
};

/* U_PMON_GLOBAL_CTRL (0xC00): Linux uncore_nhmex.c; bits no source defines are reserved. */
static const struct reg_field nhmex_u_global_ctrl[] = {
	{ "en", 0, 1, RA_RW, "enable" },
	{ "pmi_core_sel", 1, 4, RA_RW, NULL },
	{ "rsv", 5, 23, RA_RSV, NULL },
	{ "en_all", 28, 1, RA_RW, NULL },
	{ "rst_all", 29, 1, RA_RW, NULL },
	{ "rsv", 30, 1, RA_RSV, NULL },
	{ "frz_all", 31, 1, RA_RW, NULL },
	{ "rsv", 32, 32, RA_RSV, NULL },
};

/* U_PMON_EVNT_SEL (0xC10): Linux uncore_nhmex.c (kernel raw mask: event and edge). */
static const struct reg_field nhmex_u_evnt_sel[] = {
	{ "event", 0, 8, RA_RW, "ev_sel event_select" },
	{ "rsv", 8, 10, RA_RSV, NULL },
	{ "edge", 18, 1, RA_RW, "edge_det e" },
	{ "rsv", 19, 3, RA_RSV, NULL },
	{ "en", 22, 1, RA_RW, "enable" },
	{ "rsv", 23, 41, RA_RSV, NULL },
};

/* M_MSR_PMU_CNT_CTL{5-0}: Intel 323535-001 table 2-67, row by row. */
static const struct reg_field nhmex_m_cnt_ctl[] = {
	{ "en", 0, 1, RA_RW, "enable" },
	{ "pmi_en", 1, 1, RA_RW, "pmi" },
	{ "count_mode", 2, 2, RA_RW, NULL },
	{ "storage_mode", 4, 2, RA_RW, NULL },
	{ "wrap_mode", 6, 1, RA_RW, NULL },
	{ "flag_mode", 7, 1, RA_RW, NULL },
	{ "rsv", 8, 1, RA_RSV, NULL },
	{ "inc_sel", 9, 5, RA_RW, "event" },
	{ "rsv", 14, 5, RA_RSV, NULL },
	{ "set_flag_sel", 19, 3, RA_RW, NULL },
	{ "rsv", 22, 3, RA_RSV, NULL },
	{ "ig", 25, 36, RA_IG, NULL },
	{ "rsv", 61, 2, RA_RSV, NULL },
	{ "ig", 63, 1, RA_IG, NULL },
};

/* M-box BOX_CTRL: bit n enables counter n (Linux uncore_nhmex.c). */
static const struct reg_field nhmex_m_box_ctrl[] = {
	{ "en_ctr0", 0, 1, RA_RW, NULL },
	{ "en_ctr1", 1, 1, RA_RW, NULL },
	{ "en_ctr2", 2, 1, RA_RW, NULL },
	{ "en_ctr3", 3, 1, RA_RW, NULL },
	{ "en_ctr4", 4, 1, RA_RW, NULL },
	{ "en_ctr5", 5, 1, RA_RW, NULL },
	{ "rsv", 6, 58, RA_RSV, NULL },
};

/* M-box BOX_STATUS: bit n = counter n overflowed (Linux uncore_nhmex.c, bit map UNCONFIRMED). */
static const struct reg_field nhmex_m_box_status[] = {
	{ "ovf_ctr0", 0, 1, RA_RO, NULL },
	{ "ovf_ctr1", 1, 1, RA_RO, NULL },
	{ "ovf_ctr2", 2, 1, RA_RO, NULL },
	{ "ovf_ctr3", 3, 1, RA_RO, NULL },
	{ "ovf_ctr4", 4, 1, RA_RO, NULL },
	{ "ovf_ctr5", 5, 1, RA_RO, NULL },
	{ "rsv", 6, 58, RA_RSV, NULL },
};

/* M-box BOX_OVF_CTRL: write 1 to clear overflow n (Linux uncore_nhmex.c, UNCONFIRMED). */
static const struct reg_field nhmex_m_box_ovf_ctrl[] = {
	{ "clr_ovf_ctr0", 0, 1, RA_W1C, NULL },
	{ "clr_ovf_ctr1", 1, 1, RA_W1C, NULL },
	{ "clr_ovf_ctr2", 2, 1, RA_W1C, NULL },
	{ "clr_ovf_ctr3", 3, 1, RA_W1C, NULL },
	{ "clr_ovf_ctr4", 4, 1, RA_W1C, NULL },
	{ "clr_ovf_ctr5", 5, 1, RA_W1C, NULL },
	{ "rsv", 6, 58, RA_RSV, NULL },
};

/* U_MSR_PMON_CTL{1-0}: Intel 327043-001 table 2-2, row by row; perf's names as aliases. */
static const struct reg_field snbep_u_pmon_ctl[] = {
	{ "ev_sel", 0, 8, RA_RW, "event" },
	{ "umask", 8, 8, RA_RW, NULL },
	{ "rsv", 16, 1, RA_RSV, NULL },
	{ "rst", 17, 1, RA_WO, NULL },
	{ "edge_det", 18, 1, RA_RW, "edge" },
	{ "rsv", 19, 1, RA_RSV, NULL },
	{ "rsv", 20, 2, RA_RSV, NULL },
	{ "en", 22, 1, RA_RW, "enable" },
	{ "invert", 23, 1, RA_RW, "inv" },
	{ "thresh", 24, 5, RA_RW, "cmask" },
	{ "rsv", 29, 3, RA_RSV, NULL },
	{ "rsv", 32, 32, RA_RSV, NULL },
};

/* U_MSR_PMON_UCLK_FIXED_CTL (0xC08): enable bit 22 only (Linux uncore_snbep.c). */
static const struct reg_field snbep_uclk_fixed_ctl[] = {
	{ "rsv", 0, 22, RA_RSV, NULL },
	{ "en", 22, 1, RA_RW, "enable" },
	{ "rsv", 23, 41, RA_RSV, NULL },
};

/* Box control of every SNB-EP box (Linux uncore_snbep.c); the reset bits act once and read 0. */
static const struct reg_field snbep_box_ctl[] = {
	{ "rst_ctrl", 0, 1, RA_WO, NULL },
	{ "rst_ctrs", 1, 1, RA_WO, NULL },
	{ "rsv", 2, 6, RA_RSV, NULL },
	{ "frz", 8, 1, RA_RW, "freeze" },
	{ "rsv", 9, 7, RA_RSV, NULL },
	{ "frz_en", 16, 1, RA_RW, "freeze_enable" },
	{ "rsv", 17, 47, RA_RSV, NULL },
};

/* C-box event select: common SNB-EP layout (Linux uncore_snbep.c); bit 21 is QPI only. */
static const struct reg_field snbep_cbox_ctl[] = {
	{ "ev_sel", 0, 8, RA_RW, "event" },
	{ "umask", 8, 8, RA_RW, NULL },
	{ "rsv", 16, 1, RA_RSV, NULL },
	{ "rst", 17, 1, RA_WO, NULL },
	{ "edge_det", 18, 1, RA_RW, "edge" },
	{ "tid_en", 19, 1, RA_RW, NULL },
	{ "rsv", 20, 2, RA_RSV, NULL },
	{ "en", 22, 1, RA_RW, "enable" },
	{ "invert", 23, 1, RA_RW, "inv" },
	{ "thresh", 24, 8, RA_RW, "cmask" },
	{ "rsv", 32, 32, RA_RSV, NULL },
};

/*
 * PCU event select (Linux uncore_snbep.c), and bit 21, the event-select extension Linux
 * uncore_snbep.c adds: Intel's list marks 9 PCU events ExtSel (UNC_P_FREQ_TRANS_CYCLES is event 0
 * with it, the clock without), and Linux's SNB-EP PCU mask has SNBEP_PMON_CTL_EV_SEL_EXT.
 */
static const struct reg_field snbep_pcu_ctl[] = {
	{ "ev_sel", 0, 8, RA_RW, "event" },
	{ "rsv", 8, 6, RA_RSV, NULL },
	{ "occ_sel", 14, 2, RA_RW, NULL },
	{ "rsv", 16, 2, RA_RSV, NULL },
	{ "edge_det", 18, 1, RA_RW, "edge" },
	{ "rsv", 19, 2, RA_RSV, NULL },
	{ "ev_sel_ext", 21, 1, RA_RW, "event_ext" },
	{ "en", 22, 1, RA_RW, "enable" },
	{ "invert", 23, 1, RA_RW, "inv" },
	{ "thresh", 24, 5, RA_RW, "cmask" },
	{ "rsv", 29, 1, RA_RSV, NULL },
	{ "occ_invert", 30, 1, RA_RW, NULL },
	{ "occ_edge", 31, 1, RA_RW, NULL },
	{ "rsv", 32, 32, RA_RSV, NULL },
};

/*
 * C-box filter, C_MSR_PMON_BOX_FILTER (0xD14 + 0x20 n): Linux uncore_snbep.c, TID 4:0,
 * NID 17:10, STATE 22:18, OPCODE 31:23; bits no source defines are reserved. TID filters only
 * with the control's tid_en (Linux uncore_snbep.c); the others apply to the events Intel's list
 * names them for.
 */
static const struct reg_field snbep_cbox_filter[] = {
	{ "tid", 0, 5, RA_RW, "filter_tid" },
	{ "rsv", 5, 5, RA_RSV, NULL },
	{ "nid", 10, 8, RA_RW, "filter_nid" },
	{ "state", 18, 5, RA_RW, "filter_state" },
	{ "opcode", 23, 9, RA_RW, "filter_opc opc" },
	{ "rsv", 32, 32, RA_RSV, NULL },
};

/*
 * PCU filter, PCU_MSR_PMON_BOX_FILTER (0xC34): four 8-bit frequency bands (Linux uncore_snbep.c).
 */
static const struct reg_field snbep_pcu_filter[] = {
	{ "band0", 0, 8, RA_RW, "filter_band0" },
	{ "band1", 8, 8, RA_RW, "filter_band1" },
	{ "band2", 16, 8, RA_RW, "filter_band2" },
	{ "band3", 24, 8, RA_RW, "filter_band3" },
	{ "rsv", 32, 32, RA_RSV, NULL },
};

/*
 * Counter control of the SNB-EP PCI boxes (HA, iMC, R2PCIe, R3QPI; QPI adds bit 21):
 * Intel 327043 as Linux uncore_snbep.c reads it (SNBEP_PMON_RAW_EVENT_MASK, QPI's
 * SNBEP_QPI_PCI_PMON_RAW_EVENT_MASK): a 32-bit configuration dword. ov_en (20) asks
 * for an overflow interrupt efipmu has no handler for: refused as reserved.
 */
static const struct reg_field snbep_pci_ctl[] = {
	{ "ev_sel", 0, 8, RA_RW, "event" },
	{ "umask", 8, 8, RA_RW, NULL },
	{ "rsv", 16, 1, RA_RSV, NULL },
	{ "rst", 17, 1, RA_WO, NULL },
	{ "edge_det", 18, 1, RA_RW, "edge" },
	{ "rsv", 19, 1, RA_RSV, NULL },
	{ "ov_en", 20, 1, RA_RSV, NULL },
	{ "rsv", 21, 1, RA_RSV, NULL },
	{ "en", 22, 1, RA_RW, "enable" },
	{ "invert", 23, 1, RA_RW, "inv" },
	{ "thresh", 24, 8, RA_RW, "cmask" },
	{ "rsv", 32, 32, RA_RSV, NULL },
};

static const struct reg_field snbep_qpi_ctl[] = {
	{ "ev_sel", 0, 8, RA_RW, "event" },
	{ "umask", 8, 8, RA_RW, NULL },
	{ "rsv", 16, 1, RA_RSV, NULL },
	{ "rst", 17, 1, RA_WO, NULL },
	{ "edge_det", 18, 1, RA_RW, "edge" },
	{ "rsv", 19, 1, RA_RSV, NULL },
	{ "ov_en", 20, 1, RA_RSV, NULL },
	{ "ev_sel_ext", 21, 1, RA_RW, "event_ext" },
	{ "en", 22, 1, RA_RW, "enable" },
	{ "invert", 23, 1, RA_RW, "inv" },
	{ "thresh", 24, 8, RA_RW, "cmask" },
	{ "rsv", 32, 32, RA_RSV, NULL },
};

/* iMC fixed DCLK counter control (0xF0): reset 19, enable 22 (Linux SNBEP_MC_CHy_PCI_PMON_FIXED_CTL). */
static const struct reg_field snbep_imc_fixed_ctl[] = {
	{ "rsv", 0, 19, RA_RSV, NULL },
	{ "rst", 19, 1, RA_WO, NULL },
	{ "ov_en", 20, 1, RA_RSV, NULL },
	{ "rsv", 21, 1, RA_RSV, NULL },
	{ "en", 22, 1, RA_RW, "enable" },
	{ "rsv", 23, 41, RA_RSV, NULL },
};

/*
 * Box control of the Skylake-SP and Ice Lake-SP boxes, MSR and PCI (Intel 336274; Linux
 * uncore_snbep.c IVBEP_PMON_BOX_CTL_INT, snbep_uncore_msr_disable_box): resets 0 and 1, freeze
 * 8; no freeze enable since Ivy Bridge-EP.
 */
static const struct reg_field skx_box_ctl[] = {
	{ "rst_ctrl", 0, 1, RA_WO, NULL },
	{ "rst_ctrs", 1, 1, RA_WO, NULL },
	{ "rsv", 2, 6, RA_RSV, NULL },
	{ "frz", 8, 1, RA_RW, "freeze" },
	{ "rsv", 9, 55, RA_RSV, NULL },
};

/*
 * Skylake-SP IIO counter control (Linux uncore_snbep.c SKX_IIO_PMON_RAW_EVENT_MASK and its
 * _EXT: thresh 35:24, ch_mask 43:36, fc_mask 46:44; Intel's list: PortMask, FCMask).
 */
static const struct reg_field skx_iio_ctl[] = {
	{ "ev_sel", 0, 8, RA_RW, "event" },
	{ "umask", 8, 8, RA_RW, NULL },
	{ "rsv", 16, 1, RA_RSV, NULL },
	{ "rst", 17, 1, RA_WO, NULL },
	{ "edge_det", 18, 1, RA_RW, "edge" },
	{ "rsv", 19, 3, RA_RSV, NULL },
	{ "en", 22, 1, RA_RW, "enable" },
	{ "invert", 23, 1, RA_RW, "inv" },
	{ "thresh", 24, 12, RA_RW, "cmask" },
	{ "ch_mask", 36, 8, RA_RW, "port_mask" },
	{ "fc_mask", 44, 3, RA_RW, NULL },
	{ "rsv", 47, 17, RA_RSV, NULL },
};

/*
 * Ice Lake-SP IIO counter control (Linux uncore_snbep.c icx_uncore_iio with the SNR IIO
 * formats: thresh 35:24, ch_mask 47:36, fc_mask 50:48; Intel's list: PortMask, FCMask).
 */
static const struct reg_field icx_iio_ctl[] = {
	{ "ev_sel", 0, 8, RA_RW, "event" },
	{ "umask", 8, 8, RA_RW, NULL },
	{ "rsv", 16, 1, RA_RSV, NULL },
	{ "rst", 17, 1, RA_WO, NULL },
	{ "edge_det", 18, 1, RA_RW, "edge" },
	{ "rsv", 19, 3, RA_RSV, NULL },
	{ "en", 22, 1, RA_RW, "enable" },
	{ "invert", 23, 1, RA_RW, "inv" },
	{ "thresh", 24, 12, RA_RW, "cmask" },
	{ "ch_mask", 36, 12, RA_RW, "port_mask" },
	{ "fc_mask", 48, 3, RA_RW, NULL },
	{ "rsv", 51, 13, RA_RSV, NULL },
};

/*
 * Ice Lake-SP CHA counter control: the SNB-EP C-box fields and the umask extension in 57:32
 * (Linux uncore_snbep.c icx_uncore_chabox: SNR_CHA_RAW_EVENT_MASK_EXT, format umask_ext2
 * "config:8-15,32-57"; Intel's list: UMaskExt).
 */
static const struct reg_field icx_cha_ctl[] = {
	{ "ev_sel", 0, 8, RA_RW, "event" },
	{ "umask", 8, 8, RA_RW, NULL },
	{ "rsv", 16, 1, RA_RSV, NULL },
	{ "rst", 17, 1, RA_WO, NULL },
	{ "edge_det", 18, 1, RA_RW, "edge" },
	{ "tid_en", 19, 1, RA_RW, NULL },
	{ "rsv", 20, 2, RA_RSV, NULL },
	{ "en", 22, 1, RA_RW, "enable" },
	{ "invert", 23, 1, RA_RW, "inv" },
	{ "thresh", 24, 8, RA_RW, "cmask" },
	{ "umask_ext", 32, 26, RA_RW, NULL },
	{ "rsv", 58, 6, RA_RSV, NULL },
};

/*
 * Skylake-SP CHA filters, Cn_MSR_PMON_BOX_FILTER0 (0xE05 + 0x10 n) in bits 31:0 and FILTER1
 * (0xE06 + 0x10 n) in 63:32, as Linux's config1 holds them (uncore_snbep.c SKX_CHA_MSR_PMON_
 * BOX_FILTER_*; hswep_cbox_enable_event writes the low half to FILTER0, the high to FILTER1):
 * TID 8:0, link 12:9, state 26:17; remote 32, local 33, all opcodes 35, near memory 36, not
 * near memory 37, opcodes 50:41 and 60:51, non-coherent 62, isochronous 63. Bit 61 (C6) is
 * outside Linux's filter mask: reserved here.
 */
static const struct reg_field skx_cha_filter[] = {
	{ "tid", 0, 9, RA_RW, "filter_tid" },
	{ "link", 9, 4, RA_RW, "filter_link" },
	{ "rsv", 13, 4, RA_RSV, NULL },
	{ "state", 17, 10, RA_RW, "filter_state" },
	{ "rsv", 27, 5, RA_RSV, NULL },
	{ "rem", 32, 1, RA_RW, "filter_rem" },
	{ "loc", 33, 1, RA_RW, "filter_loc" },
	{ "rsv", 34, 1, RA_RSV, NULL },
	{ "all_opc", 35, 1, RA_RW, "filter_all_op" },
	{ "nm", 36, 1, RA_RW, "filter_nm" },
	{ "not_nm", 37, 1, RA_RW, "filter_not_nm" },
	{ "rsv", 38, 3, RA_RSV, NULL },
	{ "opc0", 41, 10, RA_RW, "filter_opc0 filter_opc_0" },
	{ "opc1", 51, 10, RA_RW, "filter_opc1 filter_opc_1" },
	{ "rsv", 61, 1, RA_RSV, NULL },
	{ "nc", 62, 1, RA_RW, "filter_nc" },
	{ "isoc", 63, 1, RA_RW, "filter_isoc" },
};

/*
 * SNB-EP HA address/opcode match, three config dwords as one value (Intel 327043, HA section;
 * offsets and fields as likwid src/includes/registers.h PCI_UNC_HA_PMON_* and its "match0",
 * "opcode" options give them): ADDRMATCH0 holds address bits 31:6 in 31:6, ADDRMATCH1 bits
 * 45:32 in 13:0 (so the value's 45:6 is the address), OPCODEMATCH the opcode in 5:0 (here
 * 53:48). The HA's filter (hw/uncore_boxes.c) writes bits 31:0, 47:32 and 63:48 each to its
 * register.
 */
static const struct reg_field snbep_ha_match[] = {
	{ "rsv", 0, 6, RA_RSV, NULL },
	{ "addr", 6, 40, RA_RW, "match0" },
	{ "rsv", 46, 2, RA_RSV, NULL },
	{ "opc", 48, 6, RA_RW, "opcode" },
	{ "rsv", 54, 10, RA_RSV, NULL },
};

/*
 * SNB-EP QPI packet match (PKT_MATCH0/1) and mask (PKT_MASK0/1), each 64 bits as Linux
 * uncore_snbep.c's QPI format attributes give them (config1 the match, config2 the mask):
 * rds 51:48, rnid[3:0] 35:32, rnid[4] 31, dnid 17:13, mc 12:9, opc 8:5, vnw 4:3; match0/1,
 * mask0/1 the same bits by dwords (raw). Intel 327043, QPI section: the registers of a
 * separate function per port.
 */
#define SNBEP_QPI_PKT(p) {                                                                    \
	{ "rsv", 0, 3, RA_RSV, NULL }, { p "vnw", 3, 2, RA_RW, NULL },                        \
	{ p "opc", 5, 4, RA_RW, NULL }, { p "mc", 9, 4, RA_RW, NULL },                        \
	{ p "dnid", 13, 5, RA_RW, NULL }, { "rsv", 18, 13, RA_RSV, NULL },                    \
	{ p "rnid4", 31, 1, RA_RW, NULL }, { p "rnid30", 32, 4, RA_RW, NULL },                \
	{ "rsv", 36, 12, RA_RSV, NULL }, { p "rds", 48, 4, RA_RW, NULL },                     \
	{ "rsv", 52, 12, RA_RSV, NULL },                                                       \
}
static const struct reg_field snbep_qpi_match[] = SNBEP_QPI_PKT("match_");
static const struct reg_field snbep_qpi_mask[] = SNBEP_QPI_PKT("mask_");
static const struct reg_field snbep_qpi_match_raw[] = {
	{ "match0", 0, 32, RA_RW, NULL }, { "match1", 32, 32, RA_RW, NULL },
};
static const struct reg_field snbep_qpi_mask_raw[] = {
	{ "mask0", 0, 32, RA_RW, NULL }, { "mask1", 32, 32, RA_RW, NULL },
};

/*
 * Ice Lake-SP M2M counter control, two dwords: the SNB-EP PCI fields and the umask extension in
 * 39:32 of the second (Linux uncore_snbep.c snr_m2m format umask_ext3 "config:8-15,32-39",
 * SNR_M2M_PCI_PMON_UMASK_EXT; Intel's list: UMaskExt).
 */
static const struct reg_field icx_m2m_ctl[] = {
	{ "ev_sel", 0, 8, RA_RW, "event" },
	{ "umask", 8, 8, RA_RW, NULL },
	{ "rsv", 16, 1, RA_RSV, NULL },
	{ "rst", 17, 1, RA_WO, NULL },
	{ "edge_det", 18, 1, RA_RW, "edge" },
	{ "rsv", 19, 1, RA_RSV, NULL },
	{ "ov_en", 20, 1, RA_RSV, NULL },
	{ "rsv", 21, 1, RA_RSV, NULL },
	{ "en", 22, 1, RA_RW, "enable" },
	{ "invert", 23, 1, RA_RW, "inv" },
	{ "thresh", 24, 8, RA_RW, "cmask" },
	{ "umask_ext", 32, 8, RA_RW, NULL },
	{ "rsv", 40, 24, RA_RSV, NULL },
};

const struct reg_layout layout_nhm_unc_perfevtsel =
	REG_LAYOUT("MSR_UNCORE_PERFEVTSEL", nhm_unc_perfevtsel);
const struct reg_layout layout_nhm_unc_fixed_ctr_ctrl =
	REG_LAYOUT("MSR_UNCORE_FIXED_CTR_CTRL", nhm_unc_fixed_ctr_ctrl);
const struct reg_layout layout_nhm_unc_global_ctrl =
	REG_LAYOUT("MSR_UNCORE_PERF_GLOBAL_CTRL", nhm_unc_global_ctrl);
const struct reg_layout layout_nhm_unc_global_status =
	REG_LAYOUT("MSR_UNCORE_PERF_GLOBAL_STATUS", nhm_unc_global_status);
const struct reg_layout layout_nhm_unc_global_ovf_ctrl =
	REG_LAYOUT("MSR_UNCORE_PERF_GLOBAL_OVF_CTRL", nhm_unc_global_ovf_ctrl);
const struct reg_layout layout_nhmex_u_global_ctrl =
	REG_LAYOUT("U_PMON_GLOBAL_CTRL", nhmex_u_global_ctrl);
const struct reg_layout layout_nhmex_u_evnt_sel = REG_LAYOUT("U_PMON_EVNT_SEL", nhmex_u_evnt_sel);
/* count_mode: 00 up, 01 down, 10 up and down; 11 is not defined (table 2-67). */
static const struct reg_undefined nhmex_m_cnt_ctl_undefined[] = { { "count_mode", 1u << 3 }, { NULL, 0 } };
const struct reg_layout layout_nhmex_m_cnt_ctl =
	REG_LAYOUT_UNDEF("M_MSR_PMU_CNT_CTL", nhmex_m_cnt_ctl, nhmex_m_cnt_ctl_undefined);
const struct reg_layout layout_nhmex_m_box_ctrl = REG_LAYOUT("M_MSR_PMON_BOX_CTRL", nhmex_m_box_ctrl);
const struct reg_layout layout_nhmex_m_box_status =
	REG_LAYOUT("M_MSR_PMON_BOX_STATUS", nhmex_m_box_status);
const struct reg_layout layout_nhmex_m_box_ovf_ctrl =
	REG_LAYOUT("M_MSR_PMON_BOX_OVF_CTRL", nhmex_m_box_ovf_ctrl);
const struct reg_layout layout_snbep_u_pmon_ctl = REG_LAYOUT("U_MSR_PMON_CTL", snbep_u_pmon_ctl);
const struct reg_layout layout_snbep_uclk_fixed_ctl =
	REG_LAYOUT("U_MSR_PMON_UCLK_FIXED_CTL", snbep_uclk_fixed_ctl);
const struct reg_layout layout_snbep_box_ctl = REG_LAYOUT("SNBEP_PMON_BOX_CTL", snbep_box_ctl);
const struct reg_layout layout_snbep_cbox_ctl = REG_LAYOUT("C_MSR_PMON_CTL", snbep_cbox_ctl);
const struct reg_layout layout_snbep_pcu_ctl = REG_LAYOUT("PCU_MSR_PMON_CTL", snbep_pcu_ctl);
const struct reg_layout layout_snbep_cbox_filter =
	REG_LAYOUT("C_MSR_PMON_BOX_FILTER", snbep_cbox_filter);
const struct reg_layout layout_snbep_pcu_filter =
	REG_LAYOUT("PCU_MSR_PMON_BOX_FILTER", snbep_pcu_filter);

const struct reg_layout layout_snbep_ha_match =
	REG_LAYOUT("HA_PCI_PMON_BOX_ADDRMATCH0/1_OPCODEMATCH", snbep_ha_match);
const struct reg_layout layout_snbep_qpi_match =
	REG_LAYOUT("Q_Py_PCI_PMON_PKT_MATCH0/1", snbep_qpi_match);
const struct reg_layout layout_snbep_qpi_mask =
	REG_LAYOUT("Q_Py_PCI_PMON_PKT_MASK0/1", snbep_qpi_mask);
const struct reg_layout layout_snbep_qpi_match_raw =
	REG_LAYOUT("Q_Py_PCI_PMON_PKT_MATCH0/1 dwords", snbep_qpi_match_raw);
const struct reg_layout layout_snbep_qpi_mask_raw =
	REG_LAYOUT("Q_Py_PCI_PMON_PKT_MASK0/1 dwords", snbep_qpi_mask_raw);
const struct reg_layout layout_snbep_pci_ctl = REG_LAYOUT("SNBEP_PCI_PMON_CTL", snbep_pci_ctl);
const struct reg_layout layout_snbep_qpi_ctl = REG_LAYOUT("QPI_PCI_PMON_CTL", snbep_qpi_ctl);
const struct reg_layout layout_snbep_imc_fixed_ctl =
	REG_LAYOUT("MC_CHY_PCI_PMON_FIXED_CTL", snbep_imc_fixed_ctl);

const struct reg_layout layout_skx_box_ctl = REG_LAYOUT("SKX_PMON_BOX_CTL", skx_box_ctl);
const struct reg_layout layout_skx_iio_ctl = REG_LAYOUT("IIO_MSR_PMON_CTL", skx_iio_ctl);
const struct reg_layout layout_skx_cha_filter =
	REG_LAYOUT("CHA_MSR_PMON_BOX_FILTER0/1", skx_cha_filter);
const struct reg_layout layout_icx_iio_ctl = REG_LAYOUT("ICX_IIO_MSR_PMON_CTL", icx_iio_ctl);
const struct reg_layout layout_icx_cha_ctl = REG_LAYOUT("ICX_CHA_MSR_PMON_CTL", icx_cha_ctl);
const struct reg_layout layout_icx_m2m_ctl = REG_LAYOUT("ICX_M2M_PCI_PMON_CTL", icx_m2m_ctl);

/*
 * Alder Lake to Nova Lake client boxes' counter control (Linux uncore_snb.c
 * adl_uncore_formats_attr: event 0-7, umask 8-15, edge 18, inv 23, threshold 24-29 =
 * ADL_UNC_CTL_THRESHOLD; enable SNB_UNC_CTL_EN 22), which mtl_uncore_cbox, PTL's SANTA and
 * ia_core_bridge (tip 46da08a2bb4d) and NVL's boxes (e7d5f2ea0923) keep.
 */
static const struct reg_field adl_unc_ctl[] = {
	{ "event", 0, 8, RA_RW, "event_select ev_sel" },
	{ "umask", 8, 8, RA_RW, "unit_mask" },
	{ "rsv", 16, 2, RA_RSV, NULL },
	{ "edge", 18, 1, RA_RW, "edge_det e" },
	{ "rsv", 19, 3, RA_RSV, NULL },
	{ "en", 22, 1, RA_RW, "enable" },
	{ "inv", 23, 1, RA_RW, "invert" },
	{ "threshold", 24, 6, RA_RW, "thresh cmask" },
	{ "rsv", 30, 34, RA_RSV, NULL },
};

/* The client fixed counter's control: SNB_UNC_CTL_EN alone (Linux snb_uncore_msr_enable_event). */
static const struct reg_field adl_unc_fixed_ctl[] = {
	{ "rsv", 0, 22, RA_RSV, NULL },
	{ "en", 22, 1, RA_RW, "enable" },
	{ "rsv", 23, 41, RA_RSV, NULL },
};

/*
 * Meteor Lake's cNCU box control: SNB_UNC_GLOBAL_CTL_EN (bit 29), written at init (Linux
 * uncore_snb.c mtl_uncore_msr_init_box); its other bits are not published.
 */
static const struct reg_field mtl_cncu_box_ctl[] = {
	{ "rsv", 0, 29, RA_RSV, NULL },
	{ "global_ctl_en", 29, 1, RA_RW, "en" },
	{ "rsv", 30, 34, RA_RSV, NULL },
};

const struct reg_layout layout_adl_unc_ctl = REG_LAYOUT("ADL_UNC_PERFEVTSEL", adl_unc_ctl);
const struct reg_layout layout_adl_unc_fixed_ctl =
	REG_LAYOUT("ADL_UNC_FIXED_CTR_CTRL", adl_unc_fixed_ctl);
const struct reg_layout layout_mtl_cncu_box_ctl =
	REG_LAYOUT("MTL_UNC_CNCU_BOX_CTL", mtl_cncu_box_ctl);

const struct reg_layout *const uncore_layouts[] = {
	&layout_nhm_unc_perfevtsel, &layout_nhm_unc_fixed_ctr_ctrl, &layout_nhm_unc_global_ctrl,
	&layout_nhm_unc_global_status, &layout_nhm_unc_global_ovf_ctrl,
	&layout_nhmex_u_global_ctrl, &layout_nhmex_u_evnt_sel, &layout_nhmex_m_cnt_ctl,
	&layout_nhmex_m_box_ctrl, &layout_nhmex_m_box_status, &layout_nhmex_m_box_ovf_ctrl,
	&layout_snbep_u_pmon_ctl, &layout_snbep_uclk_fixed_ctl, &layout_snbep_box_ctl,
	&layout_snbep_cbox_ctl, &layout_snbep_pcu_ctl, &layout_snbep_cbox_filter,
	&layout_snbep_pcu_filter, &layout_snbep_ha_match, &layout_snbep_qpi_match,
	&layout_snbep_qpi_mask, &layout_snbep_qpi_match_raw, &layout_snbep_qpi_mask_raw,
	&layout_snbep_pci_ctl, &layout_snbep_qpi_ctl, &layout_snbep_imc_fixed_ctl,
	&layout_skx_box_ctl, &layout_skx_iio_ctl, &layout_skx_cha_filter, &layout_icx_iio_ctl,
	&layout_icx_cha_ctl, &layout_icx_m2m_ctl, &layout_adl_unc_ctl, &layout_adl_unc_fixed_ctl,
	&layout_mtl_cncu_box_ctl,
};
const unsigned uncore_layout_count = sizeof(uncore_layouts) / sizeof(uncore_layouts[0]);
