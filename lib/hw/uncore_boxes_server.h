/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The server uncores' type tables beside the seed families' (hw/uncore_boxes.c):
 * Skylake-SP / Cascade Lake (hw/uncore_boxes_skx.c), Ice Lake-SP (hw/uncore_boxes_icx.c),
 * the boxes both have, and the hooks they share with
 * Sandy Bridge-EP's boxes.
 */
#ifndef EFIPMU_HW_UNCORE_BOXES_SERVER_H
#define EFIPMU_HW_UNCORE_BOXES_SERVER_H

#include "hw/box_type.h"
#include "hw/layouts_uncore.h"

#define BIT(n) ((uint64_t)1 << (n))

/* Shared with Sandy Bridge-EP (hw/uncore_boxes.c): the U-box's threshold rule, the PCU filter. */
extern const struct box_ops snbep_ubox_ops;
extern const struct box_filter snbep_pcu_filter;
/* Freeze 8 stops a box, nothing else (Ivy Bridge-EP on). */
extern const struct uncore_gate skx_box_gate;

/*
 * U-box: Linux skx_uncore_ubox (the Haswell-EP registers, which Ice Lake-SP keeps): controls
 * 0x705-0x706, counters 0x709-0x70A, the UCLK fixed counter's control 0x703 and counter
 * 0x704, 48 bits each.
 */
#define SERVER_UBOX(fam) { .name = "uncore_ubox", .desc = {                                \
	.family = (fam),                                                                       \
	.ctl_layout = &layout_snbep_u_pmon_ctl, .n_counters = 2, .counter_width = 48,         \
	.ctl_base = 0x705, .ctl_stride = 1, .ctr_base = 0x709, .ctr_stride = 1,               \
	.enable_mask = BIT(22),                                                                \
	.fixed_ctl = 0x703, .fixed_ctr = 0x704, .fixed_width = 48,                             \
	.fixed_event = "UNC_U_CLOCKTICKS",                                                     \
	.fixed_layout = &layout_snbep_uclk_fixed_ctl, .fixed_enable_mask = BIT(22),           \
	.ops = &snbep_ubox_ops,                                                                \
} }

/* PCU: Linux skx_uncore_pcu (HSWEP_PCU_MSR_PMON_*, Ice Lake-SP's too): box 0x710, controls 0x711 */
#define SERVER_PCU(fam) { .name = "uncore_pcu", .desc = {                                  \
	.family = (fam),                                                                       \
	.ctl_layout = &layout_snbep_pcu_ctl, .n_counters = 4, .counter_width = 48,            \
	.ctl_base = 0x711, .ctl_stride = 1, .ctr_base = 0x717, .ctr_stride = 1,               \
	.enable_mask = BIT(22),                                                                \
	.box_ctl = 0x710, .box = &skx_box_gate,                                                \
	.extra_lo = 0x715, .extra_hi = 0x715,   /* frequency-band filter */                    \
	.filter_msr = 0x715, .filter = &snbep_pcu_filter,                                      \
} }

#define UNCORE_SKX_TYPES 10
extern const struct box_type uncore_skx_types[UNCORE_SKX_TYPES];
#define UNCORE_ICX_TYPES 10
extern const struct box_type uncore_icx_types[UNCORE_ICX_TYPES];

#endif
