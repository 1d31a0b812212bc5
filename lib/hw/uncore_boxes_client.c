/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The client boxes a Panther Lake or Nova Lake part has outside its discovery table, at
 * fixed MSRs (hw/box_type.h rows; their boxes join the table's, family UNCORE_DISC). Linux
 * arch/x86/events/intel/uncore_snb.c: the MTL_UNC_* constants PTL keeps for its CBOX and
 * cNCU (tip 64ad6d6ede0c "Add Panther Lake support"), PTL's SANTA and ia_core_bridge (tip
 * 46da08a2bb4d "Add missing PMON units for Panther Lake"), Nova Lake's (tip e7d5f2ea0923
 * "Add Nova Lake support"). Keyed by model: one MSR is another box on another part (NVL's
 * cNCU 0x2022/0x2028 is PTL's ia_core_bridge).
 */
#include "hw/layouts_uncore.h"
#include "hw/box_type.h"

#define BIT(n) ((uint64_t)1 << (n))

/*
 * General counters: EVTSEL n and CTR n one MSR apart, 48 bits, the ADL/MTL control, counting
 * while its enable bit is set (Linux icl_uncore_msr_ops: no box control).
 */
#define CLIENT_BOX(sel, ctr)                                                                   \
	.family = UNCORE_DISC, .ctl_layout = &layout_adl_unc_ctl, .n_counters = 2,             \
	.counter_width = 48, .ctl_base = (sel), .ctl_stride = 1, .ctr_base = (ctr),            \
	.ctr_stride = 1, .enable_mask = BIT(22)

/*
 * The cNCU's box control gets SNB_UNC_GLOBAL_CTL_EN (bit 29) for the window, as Linux's
 * mtl_uncore_msr_init_box writes it; what firmware left there is put back after.
 */
static const struct uncore_gate cncu_gate = {
	.layout = &layout_mtl_cncu_box_ctl, .stop_val = 0, .start_val = BIT(29),
	.ctr_bit0 = -1, .fixed_bit = -1,
};

/*
 * The cNCU's fixed counter, the uncore clock (Linux mtl_uncore_cncu: single_fixed, 48 bits;
 * perf's name "clockticks"). PTL's cNCU has 2 counters by 46da08a2bb4d, but only the fixed
 * one's MSRs are published: the other is not driven.
 */
#define CNCU_BOX(bctl, fctl, fctr)                                                              \
	.family = UNCORE_DISC, .ctl_layout = &layout_adl_unc_ctl, .box_ctl = (bctl),            \
	.box = &cncu_gate, .fixed_ctl = (fctl), .fixed_ctr = (fctr), .fixed_width = 48,        \
	.fixed_event = "clockticks", .fixed_layout = &layout_adl_unc_fixed_ctl,                \
	.fixed_enable_mask = BIT(22)

/* Panther Lake: CBOX x6 and SANTA x2 0x10 apart, one ia_core_bridge, cNCU x2 0x140 apart. */
static const struct box_type ptl_types[] = {
	{ .name = "uncore_cbox", .num_boxes = 6, .stride = 0x10, .desc = { CLIENT_BOX(0x2442, 0x2448) } },
	{ .name = "uncore_santa", .num_boxes = 2, .stride = 0x10, .desc = { CLIENT_BOX(0x2412, 0x2418) } },
	{ .name = "uncore_ia_core_bridge", .desc = { CLIENT_BOX(0x2022, 0x2028) } },
	{ .name = "uncore_cncu", .num_boxes = 2, .stride = 0x140,
	  .desc = { CNCU_BOX(0x240E, 0x2402, 0x2408) } },
};

/* Nova Lake: CBOX x12 and SANTA x2 0x10 apart, one cNCU. */
static const struct box_type nvl_types[] = {
	{ .name = "uncore_cbox", .num_boxes = 12, .stride = 0x10, .desc = { CLIENT_BOX(0x2102, 0x2108) } },
	{ .name = "uncore_santa", .num_boxes = 2, .stride = 0x10, .desc = { CLIENT_BOX(0x2042, 0x2048) } },
	{ .name = "uncore_cncu", .desc = { CNCU_BOX(0x202E, 0x2022, 0x2028) } },
};

/* Models: Linux intel-family.h PANTHERLAKE_L 06_CC, NOVALAKE 18_01, NOVALAKE_L 18_03. */
static const uint8_t ptl_models[] = { 0xCC, 0 };
static const uint8_t nvl_models[] = { 0x01, 0x03, 0 };

static const struct client_row {
	uint32_t family;
	const uint8_t *models;
	struct box_family boxes;
} rows[] = {
	{ 6, ptl_models, { UNCORE_DISC, ptl_types, sizeof(ptl_types) / sizeof(ptl_types[0]) } },
	{ 18, nvl_models, { UNCORE_DISC, nvl_types, sizeof(nvl_types) / sizeof(nvl_types[0]) } },
};

const struct box_family *box_family_client(uint32_t family, uint32_t model)
{
	for (unsigned i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		for (const uint8_t *m = rows[i].models; rows[i].family == family && *m; m++)
			if (*m == model)
				return &rows[i].boxes;
	return NULL;
}
