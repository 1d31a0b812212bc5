/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The uncore box types of Skylake-SP and Cascade Lake (06_55), from
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
#define SKX_PCI(id, d, f, ctl0, cstep, ctr0, bctl, nctr, lo, hi)                                \
	.family = UNCORE_SKX,                                                                  \
	.ctl_layout = &layout_snbep_pci_ctl, .n_counters = (nctr), .counter_width = 48,       \
	.ctl_base = (ctl0), .ctl_stride = (cstep), .ctr_base = (ctr0), .ctr_stride = 8,       \
	.enable_mask = BIT(22), .box_ctl = (bctl), .box = &skx_box_gate,                       \
	.pci = &(const struct box_pci){ (id), (lo), (hi), BOX_PCI_AT(d, f), NULL }

const struct box_type uncore_skx_types[UNCORE_SKX_TYPES] = {
	SERVER_UBOX(UNCORE_SKX), SERVER_PCU(UNCORE_SKX),
	/*
	 * CHA n: box control 0xE00 + 0x10 n, controls +1.., counters +8.., filters +5 and +6
	 * (Linux HSWEP_C0_MSR_PMON_*, HSWEP_CBO_MSR_OFFSET, which skx_uncore_chabox uses).
	 */
	{ .name = "uncore_cha", .num_boxes = 28, .stride = 0x10, .desc = {
		.family = UNCORE_SKX,
		.ctl_layout = &layout_snbep_cbox_ctl, .n_counters = 4, .counter_width = 48,
		.ctl_base = 0xE01, .ctl_stride = 1, .ctr_base = 0xE08, .ctr_stride = 1,
		.enable_mask = BIT(22), .box_ctl = 0xE00, .box = &skx_box_gate, .cha_unit = 1,
		.extra_lo = 0xE05, .extra_hi = 0xE06, .filter_msr = 0xE05, .filter = &skx_cha_filter,
	} },
	/* IIO stack n: box 0xA40 + 0x20 n, controls 0xA48.., counters 0xA41.. (Linux SKX_IIO0_MSR_*) */
	{ .name = "uncore_iio", .num_boxes = 6, .stride = 0x20, .desc = {
		.family = UNCORE_SKX,
		.ctl_layout = &layout_skx_iio_ctl, .n_counters = 4, .counter_width = 48,
		.ctl_base = 0xA48, .ctl_stride = 1, .ctr_base = 0xA41, .ctr_stride = 1,
		.enable_mask = BIT(22), .box_ctl = 0xA40, .box = &skx_box_gate,
	} },
	/* IRP n: box 0xA58 + 0x20 n, controls 0xA5B.., counters 0xA59.., 2 counters (SKX_IRP0_*) */
	{ .name = "uncore_irp", .num_boxes = 6, .stride = 0x20, .desc = {
		.family = UNCORE_SKX,
		.ctl_layout = &layout_snbep_pci_ctl, .n_counters = 2, .counter_width = 48,
		.ctl_base = 0xA5B, .ctl_stride = 1, .ctr_base = 0xA59, .ctr_stride = 1,
		.enable_mask = BIT(22), .box_ctl = 0xA58, .box = &skx_box_gate,
	} },
	{ .name = "uncore_imc", .num_boxes = 6, .desc = {
		SKX_PCI(0, 0, 0, 0xD8, 4, 0xA0, 0xF4, 4, 0xA0, 0xF8),
		.fixed_ctl = 0xF0, .fixed_ctr = 0xD0, .fixed_width = 48,
		.fixed_event = "UNC_M_DCLOCKTICKS",
		.fixed_layout = &layout_snbep_imc_fixed_ctl, .fixed_enable_mask = BIT(22),
	  }, .ids = (const struct box_pci_id[]){
		{ 0x2042, BOX_PCI_AT(10, 2), 0 }, { 0x2046, BOX_PCI_AT(10, 6), 0 },
		{ 0x204A, BOX_PCI_AT(11, 2), 0 }, { 0x2042, BOX_PCI_AT(12, 2), 0 },
		{ 0x2046, BOX_PCI_AT(12, 6), 0 }, { 0x204A, BOX_PCI_AT(13, 2), 0 } } },
	{ .name = "uncore_m2m", .num_boxes = 2, .dev_step = 1, .desc = {
		SKX_PCI(0x2066, 8, 0, 0x228, 8, 0x200, 0x258, 4, 0x200, 0x25C) } },
	{ .name = "uncore_upi", .num_boxes = 3, .dev_step = 1, .desc = {
		SKX_PCI(0x2058, 14, 0, 0x350, 8, 0x318, 0x378, 4, 0x318, 0x37C) } },
	{ .name = "uncore_m2pcie", .num_boxes = 4, .desc = {
		SKX_PCI(0, 0, 0, 0xD8, 4, 0xA0, 0xF4, 4, 0xA0, 0xF8),
	  }, .ids = (const struct box_pci_id[]){
		{ 0x2088, BOX_PCI_AT(21, 1), 0 }, { 0x2088, BOX_PCI_AT(22, 1), 0 },
		{ 0x2088, BOX_PCI_AT(23, 1), 0 }, { 0x2088, BOX_PCI_AT(21, 5), 0 } } },
	{ .name = "uncore_m3upi", .num_boxes = 3, .desc = {
		SKX_PCI(0, 0, 0, 0xD8, 4, 0xA0, 0xF4, 3, 0xA0, 0xF8),
	  }, .ids = (const struct box_pci_id[]){
		{ 0x204D, BOX_PCI_AT(18, 1), 0 }, { 0x204E, BOX_PCI_AT(18, 2), 0 },
		{ 0x204D, BOX_PCI_AT(18, 5), 0 } } },
};
