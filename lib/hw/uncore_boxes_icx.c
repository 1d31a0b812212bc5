/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The uncore box types of Ice Lake-SP (06_6A, 06_6C), from Linux
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
static const uint16_t cha_offsets[40] = {
	0x2A0, 0x2AE, 0x2BC, 0x2CA, 0x2D8, 0x2E6, 0x2F4, 0x302, 0x310, 0x31E, 0x32C, 0x33A,
	0x348, 0x356, 0x364, 0x372, 0x380, 0x38E, 0x3AA, 0x3B8, 0x3C6, 0x3D4, 0x3E2, 0x3F0,
	0x3FE, 0x40C, 0x41A, 0x428, 0x436, 0x444, 0x452, 0x460, 0x46E, 0x47C, 0x0, 0xE,
	0x1C, 0x2A, 0x38, 0x46,
};

/*
 * IIO stack n (box 0xA50, controls 0xA58.., counters 0xA51..), IRP n (0xA4A, 0xA4D.., 0xA4B..,
 * 2 counters) and M2PCIe n (0xA40, 0xA46.., 0xA41..), each at icx_msr_offsets[n] (Linux
 * ICX_IIO_MSR_PMON_*, ICX_IRP0_MSR_PMON_*, ICX_M2PCIE_MSR_PMON_*), listed stack by stack.
 */
static const uint16_t stack_offsets[6] = { 0, 0x20, 0x40, 0x90, 0xB0, 0xD0 };

#define ICX_MSR(bctl, ctl, ctr, nctr, layout)                                                  \
	.family = UNCORE_ICX,                                                                  \
	.ctl_layout = (layout), .n_counters = (nctr), .counter_width = 48,                    \
	.ctl_base = (ctl), .ctl_stride = 1, .ctr_base = (ctr), .ctr_stride = 1,               \
	.enable_mask = BIT(22), .box_ctl = (bctl), .box = &skx_box_gate

/*
 * PCI boxes (icx_uncore_pci_ids): M2M 0-3 0x344A at 12.0-15.0 (box 0x438, controls 0x468 and
 * counters 0x440, 8 apart: SNR_M2M_PCI_PMON_*); UPI 0-2 0x3441 at 2.1-4.1 (box 0x318,
 * controls 0x350 and counters 0x320, 8 apart: ICX_UPI_PCI_PMON_*); M3UPI 0-2 0x3446 at
 * 5.1-7.1 (box 0xA0, controls 0xD8, counters 0xA8: ICX_M3UPI_PCI_PMON_*), 4 counters each.
 */
#define ICX_PCI(id, d, f, ctl0, cstep, ctr0, bctl, lo, hi)                                     \
	.family = UNCORE_ICX,                                                                  \
	.ctl_layout = &layout_snbep_pci_ctl, .n_counters = 4, .counter_width = 48,            \
	.ctl_base = (ctl0), .ctl_stride = (cstep), .ctr_base = (ctr0), .ctr_stride = 8,       \
	.enable_mask = BIT(22), .box_ctl = (bctl), .box = &skx_box_gate,                       \
	.pci = &(const struct box_pci){ (id), (lo), (hi), BOX_PCI_AT(d, f), NULL }

const struct box_type uncore_icx_types[UNCORE_ICX_TYPES] = {
	SERVER_UBOX(UNCORE_ICX), SERVER_PCU(UNCORE_ICX),
	{ .name = "uncore_cha", .num_boxes = 40, .offsets = cha_offsets, .desc = {
		.family = UNCORE_ICX,
		.ctl_layout = &layout_icx_cha_ctl, .n_counters = 4, .counter_width = 48,
		.ctl_base = 0xB61, .ctl_stride = 1, .ctr_base = 0xB68, .ctr_stride = 1,
		.enable_mask = BIT(22), .box_ctl = 0xB60, .box = &skx_box_gate, .cha_unit = 1,
	} },
	{ .name = "uncore_iio", .num_boxes = 6, .offsets = stack_offsets, .with_next = true,
	  .desc = { ICX_MSR(0xA50, 0xA58, 0xA51, 4, &layout_icx_iio_ctl) } },
	{ .name = "uncore_irp", .num_boxes = 6, .offsets = stack_offsets, .with_next = true,
	  .desc = { ICX_MSR(0xA4A, 0xA4D, 0xA4B, 2, &layout_snbep_pci_ctl) } },
	{ .name = "uncore_m2pcie", .num_boxes = 6, .offsets = stack_offsets,
	  .desc = { ICX_MSR(0xA40, 0xA46, 0xA41, 4, &layout_snbep_pci_ctl) } },
	/* M2M: its controls two dwords, the umask extension in the second (layout_icx_m2m_ctl) */
	{ .name = "uncore_m2m", .num_boxes = 4, .dev_step = 1, .desc = {
		.family = UNCORE_ICX,
		.ctl_layout = &layout_icx_m2m_ctl, .n_counters = 4, .counter_width = 48,
		.ctl_base = 0x468, .ctl_stride = 8, .ctr_base = 0x440, .ctr_stride = 8,
		.enable_mask = BIT(22), .box_ctl = 0x438, .box = &skx_box_gate, .ctl_wide = true,
		.pci = &(const struct box_pci){ 0x344A, 0x438, 0x488, BOX_PCI_AT(12, 0), NULL },
	} },
	{ .name = "uncore_upi", .num_boxes = 3, .dev_step = 1,
	  .desc = { ICX_PCI(0x3441, 2, 1, 0x350, 8, 0x320, 0x318, 0x318, 0x370) } },
	{ .name = "uncore_m3upi", .num_boxes = 3, .dev_step = 1,
	  .desc = { ICX_PCI(0x3446, 5, 1, 0xD8, 4, 0xA8, 0xA0, 0xA0, 0xE8) } },
	/*
	 * iMC channel n, memory controller n / 2, in MMIO (Linux icx_uncore_imc, SNR_IMC_MMIO_*):
	 * the controller's base from device 0x3451 (uncore_pci_plat), the channel's box control
	 * at + 0x22800 + 0x4000 (n % 2) (its 16 KiB the write guard opens), controls +0x40 + 4 i,
	 * counters +0x08 + 8 i (8 bytes), the fixed counter's control +0x54 and counter +0x38
	 * (SNR_IMC_MMIO_PMON_FIXED_*), which Intel's list names UNC_M_HCLOCKTICKS ("FIXED").
	 */
	{ .name = "uncore_imc", .num_boxes = 8, .stride = 0x4000, .per_mc = 2, .desc = {
		.family = UNCORE_ICX,
		.ctl_layout = &layout_snbep_pci_ctl, .n_counters = 4, .counter_width = 48,
		.ctl_base = 0x22840, .ctl_stride = 4, .ctr_base = 0x22808, .ctr_stride = 8,
		.enable_mask = BIT(22), .box_ctl = 0x22800, .box = &skx_box_gate,
		.fixed_ctl = 0x22854, .fixed_ctr = 0x22838,
		.fixed_width = 48, .fixed_event = "UNC_M_HCLOCKTICKS",
		.fixed_layout = &layout_snbep_imc_fixed_ctl, .fixed_enable_mask = BIT(22),
		.pci = &(const struct box_pci){ 0x3451, 0, 0, 0,
			&(const struct box_mmio){ 0, 0x22800, 0x4000 } },
	} },
};
