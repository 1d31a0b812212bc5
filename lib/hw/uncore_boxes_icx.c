/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The uncore boxes of Ice Lake-SP (06_6A, 06_6C) as const descriptors, from Linux
 * arch/x86/events/intel/uncore_snbep.c (icx_uncore_*, icx_uncore_pci_ids, ICX_*,
 * SNR_IMC_MMIO_*) and Intel PCM. The U-box and PCU are Skylake-SP's; box controls freeze
 * with bit 8; every counter 48 bits.
 */
#include "hw/uncore_boxes_server.h"

/*
 * CHA n: box control 0xB60 + icx_cha_msr_offsets[n] (CHA 0 at 0xE00 in steps of 0xE with a
 * gap after CHA 17, CHA 34-39 from 0xB60), controls +1.., counters +8.. (ICX_C34_MSR_PMON_*);
 * the control holds Intel's UMaskExt in 57:32 (layout_icx_cha_ctl). Its filter (TID only,
 * Linux icx_cha_hw_config) no list event needs: not driven.
 */
#define ICX_CHA(n, off) {                                                                      \
	.name = "uncore_cha_" #n, .family = UNCORE_ICX,                                        \
	.ctl_layout = &layout_icx_cha_ctl, .n_counters = 4, .counter_width = 48,              \
	.ctl_base = 0xB61 + (off), .ctl_stride = 1, .ctr_base = 0xB68 + (off), .ctr_stride = 1, \
	.enable_mask = BIT(22), .box_ctl = 0xB60 + (off), .box = &skx_box_gate,                \
	.cha_unit = (n) + 1,                                                                   \
}

/*
 * IIO stack n (box 0xA50, controls 0xA58.., counters 0xA51..), IRP n (0xA4A, 0xA4D.., 0xA4B..,
 * 2 counters) and M2PCIe n (0xA40, 0xA46.., 0xA41..), each at icx_msr_offsets[n]: 0, 0x20,
 * 0x40, 0x90, 0xB0, 0xD0 (ICX_IIO_MSR_PMON_*, ICX_IRP0_MSR_PMON_*, ICX_M2PCIE_MSR_PMON_*).
 */
#define ICX_MSR(pname, bctl, ctl, ctr, nctr, layout) {                                        \
	.name = (pname), .family = UNCORE_ICX,                                                 \
	.ctl_layout = (layout), .n_counters = (nctr), .counter_width = 48,                    \
	.ctl_base = (ctl), .ctl_stride = 1, .ctr_base = (ctr), .ctr_stride = 1,               \
	.enable_mask = BIT(22), .box_ctl = (bctl), .box = &skx_box_gate,                       \
}
#define ICX_STACK(n, off)                                                                      \
	ICX_MSR("uncore_iio_" #n, 0xA50 + (off), 0xA58 + (off), 0xA51 + (off), 4,            \
		&layout_icx_iio_ctl),                                                          \
	ICX_MSR("uncore_irp_" #n, 0xA4A + (off), 0xA4D + (off), 0xA4B + (off), 2,            \
		&layout_snbep_pci_ctl),                                                        \
	ICX_MSR("uncore_m2pcie_" #n, 0xA40 + (off), 0xA46 + (off), 0xA41 + (off), 4,         \
		&layout_snbep_pci_ctl)

/*
 * PCI boxes (icx_uncore_pci_ids): M2M 0-3 0x344A at 12.0-15.0 (box 0x438, controls 0x468 and
 * counters 0x440, 8 apart: SNR_M2M_PCI_PMON_*); UPI 0-2 0x3441 at 2.1-4.1 (box 0x318,
 * controls 0x350 and counters 0x320, 8 apart: ICX_UPI_PCI_PMON_*); M3UPI 0-2 0x3446 at
 * 5.1-7.1 (box 0xA0, controls 0xD8, counters 0xA8: ICX_M3UPI_PCI_PMON_*), 4 counters each.
 */
#define ICX_PCI(pname, id, d, f, ctl0, cstep, ctr0, bctl, lo, hi) {                            \
	.name = (pname), .family = UNCORE_ICX,                                                 \
	.ctl_layout = &layout_snbep_pci_ctl, .n_counters = 4, .counter_width = 48,            \
	.ctl_base = (ctl0), .ctl_stride = (cstep), .ctr_base = (ctr0), .ctr_stride = 8,       \
	.enable_mask = BIT(22), .box_ctl = (bctl), .box = &skx_box_gate,                       \
	.pci = &(const struct box_pci){ (id), (lo), (hi), BOX_PCI_AT(d, f), NULL },            \
}
/* M2M: its controls two dwords, the umask extension in the second (layout_icx_m2m_ctl) */
#define M2M(pname, d) {                                                                        \
	.name = (pname), .family = UNCORE_ICX,                                                 \
	.ctl_layout = &layout_icx_m2m_ctl, .n_counters = 4, .counter_width = 48,              \
	.ctl_base = 0x468, .ctl_stride = 8, .ctr_base = 0x440, .ctr_stride = 8,               \
	.enable_mask = BIT(22), .box_ctl = 0x438, .box = &skx_box_gate, .ctl_wide = true,      \
	.pci = &(const struct box_pci){ 0x344A, 0x438, 0x488, BOX_PCI_AT(d, 0), NULL },        \
}
#define UPI(pname, d) ICX_PCI(pname, 0x3441, d, 1, 0x350, 8, 0x320, 0x318, 0x318, 0x370)
#define M3UPI(pname, d) ICX_PCI(pname, 0x3446, d, 1, 0xD8, 4, 0xA8, 0xA0, 0xA0, 0xE8)

/*
 * iMC channel n, memory controller n / 2, in MMIO (Linux icx_uncore_imc, SNR_IMC_MMIO_*): the
 * controller's base from device 0x3451 (uncore_pci_plat), the channel's box control at
 * + 0x22800 + 0x4000 (n % 2) (its 16 KiB the write guard opens), controls +0x40 + 4 i,
 * counters +0x08 + 8 i (8 bytes), the fixed counter's control +0x54 and counter +0x38
 * (SNR_IMC_MMIO_PMON_FIXED_*), which Intel's list names UNC_M_HCLOCKTICKS ("FIXED").
 */
#define ICX_IMC(n) {                                                                           \
	.name = "uncore_imc_" #n, .family = UNCORE_ICX,                                        \
	.ctl_layout = &layout_snbep_pci_ctl, .n_counters = 4, .counter_width = 48,            \
	.ctl_base = 0x22840 + 0x4000 * ((n) % 2), .ctl_stride = 4,                             \
	.ctr_base = 0x22808 + 0x4000 * ((n) % 2), .ctr_stride = 8,                             \
	.enable_mask = BIT(22), .box_ctl = 0x22800 + 0x4000 * ((n) % 2), .box = &skx_box_gate, \
	.fixed_ctl = 0x22854 + 0x4000 * ((n) % 2), .fixed_ctr = 0x22838 + 0x4000 * ((n) % 2),  \
	.fixed_width = 48, .fixed_event = "UNC_M_HCLOCKTICKS",                                 \
	.fixed_layout = &layout_snbep_imc_fixed_ctl, .fixed_enable_mask = BIT(22),            \
	.pci = &(const struct box_pci){ 0x3451, 0, 0, 0,                                        \
		&(const struct box_mmio){ (n) / 2, 0x22800 + 0x4000 * ((n) % 2), 0x4000 } },  \
}

const struct box_desc uncore_icx_boxes[UNCORE_ICX_BOXES] = {
	SERVER_UBOX(UNCORE_ICX), SERVER_PCU(UNCORE_ICX),
	ICX_CHA(0, 0x2A0), ICX_CHA(1, 0x2AE), ICX_CHA(2, 0x2BC), ICX_CHA(3, 0x2CA),
	ICX_CHA(4, 0x2D8), ICX_CHA(5, 0x2E6), ICX_CHA(6, 0x2F4), ICX_CHA(7, 0x302),
	ICX_CHA(8, 0x310), ICX_CHA(9, 0x31E), ICX_CHA(10, 0x32C), ICX_CHA(11, 0x33A),
	ICX_CHA(12, 0x348), ICX_CHA(13, 0x356), ICX_CHA(14, 0x364), ICX_CHA(15, 0x372),
	ICX_CHA(16, 0x380), ICX_CHA(17, 0x38E), ICX_CHA(18, 0x3AA), ICX_CHA(19, 0x3B8),
	ICX_CHA(20, 0x3C6), ICX_CHA(21, 0x3D4), ICX_CHA(22, 0x3E2), ICX_CHA(23, 0x3F0),
	ICX_CHA(24, 0x3FE), ICX_CHA(25, 0x40C), ICX_CHA(26, 0x41A), ICX_CHA(27, 0x428),
	ICX_CHA(28, 0x436), ICX_CHA(29, 0x444), ICX_CHA(30, 0x452), ICX_CHA(31, 0x460),
	ICX_CHA(32, 0x46E), ICX_CHA(33, 0x47C), ICX_CHA(34, 0x0), ICX_CHA(35, 0xE),
	ICX_CHA(36, 0x1C), ICX_CHA(37, 0x2A), ICX_CHA(38, 0x38), ICX_CHA(39, 0x46),
	ICX_STACK(0, 0x0), ICX_STACK(1, 0x20), ICX_STACK(2, 0x40), ICX_STACK(3, 0x90),
	ICX_STACK(4, 0xB0), ICX_STACK(5, 0xD0),
	M2M("uncore_m2m_0", 12), M2M("uncore_m2m_1", 13), M2M("uncore_m2m_2", 14),
	M2M("uncore_m2m_3", 15),
	UPI("uncore_upi_0", 2), UPI("uncore_upi_1", 3), UPI("uncore_upi_2", 4),
	M3UPI("uncore_m3upi_0", 5), M3UPI("uncore_m3upi_1", 6), M3UPI("uncore_m3upi_2", 7),
	ICX_IMC(0), ICX_IMC(1), ICX_IMC(2), ICX_IMC(3), ICX_IMC(4), ICX_IMC(5), ICX_IMC(6),
	ICX_IMC(7),
};
