/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The uncore boxes of Skylake-SP and Cascade Lake (06_55) as const descriptors, from
 * Intel's Xeon Scalable uncore performance monitoring reference manual (336274) as Linux
 * arch/x86/events/intel/uncore_snbep.c (skx_uncore_*, skx_uncore_pci_ids) and Intel PCM
 * read it. Every box: box control with resets 0-1 and freeze 8 (no freeze enable since
 * Ivy Bridge-EP), counter controls with event 7:0, umask 15:8, edge 18, enable 22, invert
 * 23, threshold 31:24, 48-bit counters.
 */
#include "hw/uncore_boxes_server.h"
#include "hw/layouts_uncore.h"

/* Freeze stops the box, clear runs it (Linux snbep_uncore_msr_disable_box / enable_box). */
const struct uncore_gate skx_box_gate = {
	.layout = &layout_skx_box_ctl, .stop_val = BIT(8), .start_val = 0,
	.ctr_bit0 = -1, .fixed_bit = -1,
};

/*
 * CHA filters (layout_skx_cha_filter: FILTER0 and FILTER1 as one 64-bit filter). TID filters
 * any event once the control's tid_en is set (Linux skx_cha_hw_config). A state of 0 matches no
 * line, and a FILTER1 without local or remote, an opcode and near or not near memory no
 * request: Intel PCM's SKX opcode filter always sets rem, loc, nm and not_nm, as the values of
 * Intel's list do (0x40433: those and opcode 0x202), and all_opc takes every opcode (Linux
 * SKX_CHA_MSR_PMON_BOX_FILTER_ALL_OPC). Where the list gives no value (FILTER_VALUE 0) those
 * fields of the event's filter match everything.
 */
static const struct box_filter skx_cha_filter = {
	.layout = &layout_skx_cha_filter, .open_field = "tid", .open_enable = "tid_en",
	.all_fields = (const char *const[]){ "state", "rem", "loc", "all_opc", "nm", "not_nm",
					     NULL },
	.regs = &(const struct filter_regs){ 2, { 0, 32 }, { 0, 1 } },
};

/*
 * CHA n: box control 0xE00 + 0x10 n, controls +1.., counters +8.., filters +5 and +6 (Linux
 * HSWEP_C0_MSR_PMON_*, HSWEP_CBO_MSR_OFFSET, which skx_uncore_chabox uses).
 */
#define SKX_CHA(n) {                                                                           \
	.name = "uncore_cha_" #n, .family = UNCORE_SKX,                                        \
	.ctl_layout = &layout_snbep_cbox_ctl, .n_counters = 4, .counter_width = 48,           \
	.ctl_base = 0xE01 + 0x10 * (n), .ctl_stride = 1, .ctr_base = 0xE08 + 0x10 * (n),      \
	.ctr_stride = 1, .enable_mask = BIT(22),                                               \
	.box_ctl = 0xE00 + 0x10 * (n), .box = &skx_box_gate, .cha_unit = (n) + 1,              \
	.extra_lo = 0xE05 + 0x10 * (n), .extra_hi = 0xE06 + 0x10 * (n),                        \
	.filter_msr = 0xE05 + 0x10 * (n), .filter = &skx_cha_filter,                           \
}

/* IIO stack n: box 0xA40 + 0x20 n, controls 0xA48.., counters 0xA41.. (Linux SKX_IIO0_MSR_*). */
#define SKX_IIO(n) {                                                                           \
	.name = "uncore_iio_" #n, .family = UNCORE_SKX,                                        \
	.ctl_layout = &layout_skx_iio_ctl, .n_counters = 4, .counter_width = 48,              \
	.ctl_base = 0xA48 + 0x20 * (n), .ctl_stride = 1, .ctr_base = 0xA41 + 0x20 * (n),      \
	.ctr_stride = 1, .enable_mask = BIT(22),                                               \
	.box_ctl = 0xA40 + 0x20 * (n), .box = &skx_box_gate,                                   \
}

/* IRP n: box 0xA58 + 0x20 n, controls 0xA5B.., counters 0xA59.., 2 counters (Linux SKX_IRP0_*). */
#define SKX_IRP(n) {                                                                           \
	.name = "uncore_irp_" #n, .family = UNCORE_SKX,                                        \
	.ctl_layout = &layout_snbep_pci_ctl, .n_counters = 2, .counter_width = 48,            \
	.ctl_base = 0xA5B + 0x20 * (n), .ctl_stride = 1, .ctr_base = 0xA59 + 0x20 * (n),      \
	.ctr_stride = 1, .enable_mask = BIT(22),                                               \
	.box_ctl = 0xA58 + 0x20 * (n), .box = &skx_box_gate,                                   \
}

/*
 * PCI boxes (Linux skx_uncore_pci_ids, device.function per box): iMC channels as on SNB-EP
 * (box 0xF4, controls 0xD8 + 4 i, counters 0xA0 + 8 i, the fixed DCLK counter's control
 * 0xF0 (enable 22) and 48-bit counter 0xD0: Linux skx_uncore_imc keeps SNB-EP's
 * SNBEP_MC_CHy_PCI_PMON_FIXED_CTL/CTR). Intel's list counts UNC_M_CLOCKTICKS with event 0
 * on the general counters and names no fixed-counter event, so the fixed one is asked for
 * as UNC_M_DCLOCKTICKS (the tool's name; Linux reaches it as event=0xff); M2M box 0x258,
 * controls 0x228 and counters 0x200 both 8 apart (Linux SKX_M2M_PCI_PMON_*,
 * UNCORE_BOX_FLAG_CTL_OFFS8); UPI box 0x378, controls 0x350, counters 0x318, 8 apart
 * (SKX_UPI_PCI_PMON_*); M2PCIe and M3UPI at the SNB-EP offsets.
 */
#define SKX_PCI_FIELDS(pname, id, d, f, ctl0, cstep, ctr0, bctl, nctr, lo, hi)                   \
	.name = (pname), .family = UNCORE_SKX,                                                 \
	.ctl_layout = &layout_snbep_pci_ctl, .n_counters = (nctr), .counter_width = 48,       \
	.ctl_base = (ctl0), .ctl_stride = (cstep), .ctr_base = (ctr0), .ctr_stride = 8,       \
	.enable_mask = BIT(22), .box_ctl = (bctl), .box = &skx_box_gate,                       \
	.pci = &(const struct box_pci){ (id), (lo), (hi), BOX_PCI_AT(d, f), NULL }
#define SKX_PCI(pname, id, d, f, ctl0, cstep, ctr0, bctl, nctr, lo, hi)                         \
	{ SKX_PCI_FIELDS(pname, id, d, f, ctl0, cstep, ctr0, bctl, nctr, lo, hi) }

#define SKX_IMC(pname, id, d, f) {                                                              \
	SKX_PCI_FIELDS(pname, id, d, f, 0xD8, 4, 0xA0, 0xF4, 4, 0xA0, 0xF8),                    \
	.fixed_ctl = 0xF0, .fixed_ctr = 0xD0, .fixed_width = 48,                               \
	.fixed_event = "UNC_M_DCLOCKTICKS",                                                    \
	.fixed_layout = &layout_snbep_imc_fixed_ctl, .fixed_enable_mask = BIT(22),            \
}

#define M2M(pname, d) SKX_PCI(pname, 0x2066, d, 0, 0x228, 8, 0x200, 0x258, 4, 0x200, 0x25C)
#define UPI(pname, d) SKX_PCI(pname, 0x2058, d, 0, 0x350, 8, 0x318, 0x378, 4, 0x318, 0x37C)
#define M2PCIE(pname, d, f) SKX_PCI(pname, 0x2088, d, f, 0xD8, 4, 0xA0, 0xF4, 4, 0xA0, 0xF8)
#define M3UPI(pname, id, f) SKX_PCI(pname, id, 18, f, 0xD8, 4, 0xA0, 0xF4, 3, 0xA0, 0xF8)

const struct box_desc uncore_skx_boxes[UNCORE_SKX_BOXES] = {
	SERVER_UBOX(UNCORE_SKX), SERVER_PCU(UNCORE_SKX),
	SKX_CHA(0), SKX_CHA(1), SKX_CHA(2), SKX_CHA(3), SKX_CHA(4), SKX_CHA(5), SKX_CHA(6),
	SKX_CHA(7), SKX_CHA(8), SKX_CHA(9), SKX_CHA(10), SKX_CHA(11), SKX_CHA(12), SKX_CHA(13),
	SKX_CHA(14), SKX_CHA(15), SKX_CHA(16), SKX_CHA(17), SKX_CHA(18), SKX_CHA(19),
	SKX_CHA(20), SKX_CHA(21), SKX_CHA(22), SKX_CHA(23), SKX_CHA(24), SKX_CHA(25),
	SKX_CHA(26), SKX_CHA(27),
	SKX_IIO(0), SKX_IIO(1), SKX_IIO(2), SKX_IIO(3), SKX_IIO(4), SKX_IIO(5),
	SKX_IRP(0), SKX_IRP(1), SKX_IRP(2), SKX_IRP(3), SKX_IRP(4), SKX_IRP(5),
	SKX_IMC("uncore_imc_0", 0x2042, 10, 2), SKX_IMC("uncore_imc_1", 0x2046, 10, 6),
	SKX_IMC("uncore_imc_2", 0x204A, 11, 2), SKX_IMC("uncore_imc_3", 0x2042, 12, 2),
	SKX_IMC("uncore_imc_4", 0x2046, 12, 6), SKX_IMC("uncore_imc_5", 0x204A, 13, 2),
	M2M("uncore_m2m_0", 8), M2M("uncore_m2m_1", 9),
	UPI("uncore_upi_0", 14), UPI("uncore_upi_1", 15), UPI("uncore_upi_2", 16),
	M2PCIE("uncore_m2pcie_0", 21, 1), M2PCIE("uncore_m2pcie_1", 22, 1),
	M2PCIE("uncore_m2pcie_2", 23, 1), M2PCIE("uncore_m2pcie_3", 21, 5),
	M3UPI("uncore_m3upi_0", 0x204D, 1), M3UPI("uncore_m3upi_1", 0x204E, 2),
	M3UPI("uncore_m3upi_2", 0x204D, 5),
};
