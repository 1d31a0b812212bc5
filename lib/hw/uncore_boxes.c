/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The uncore box types of each family (hw/box_type.h), one const table a family. Addresses
 * follow Intel's guides, then the kernel, where sources disagree.
 */
#include "hw/layouts_uncore.h"
#include "hw/uncore_boxes_server.h"

#define BIT(n) ((uint64_t)1 << (n))

/* ---- Nehalem/Westmere client (Intel SDM Vol. 3B 18.8.2.2; Linux and likwid) ---- */

/* Kernel: disable = 0, enable = EN_PCx | EN_FC0 (bit 32). */
static const struct uncore_gate nhm_global = {
	.layout = &layout_nhm_unc_global_ctrl, .stop_val = 0, .start_val = 0, .ctr_bit0 = 0, .fixed_bit = 32,
};

static const struct uncore_status nhm_status = {
	.layout = &layout_nhm_unc_global_status, .ovf_layout = &layout_nhm_unc_global_ovf_ctrl,
	.ctr_bit0 = 0, .fixed_bit = 32,
};

static const struct box_type nhm_types[] = {
	{ .name = "uncore", .desc = {
		.family = UNCORE_NHM_CLIENT,
		.ctl_layout = &layout_nhm_unc_perfevtsel, .n_counters = 8, .counter_width = 48,
		.ctl_base = 0x3C0, .ctl_stride = 1, .ctr_base = 0x3B0, .ctr_stride = 1,
		.enable_mask = BIT(22),
		.global_ctl = 0x391, .global = &nhm_global,
		.status_msr = 0x392, .ovf_msr = 0x393, .status = &nhm_status,
		.fixed_ctl = 0x395, .fixed_ctr = 0x394, .fixed_width = 48,
		/* Linux uncore_snb.c, likwid perfmon_nehalem_events.txt */
		.fixed_event = "UNCORE_CLOCK",
		.fixed_layout = &layout_nhm_unc_fixed_ctr_ctrl, .fixed_enable_mask = BIT(0),
	} },
};

/* ---- Nehalem-EX / Westmere-EX (Intel 323535-001; Linux and likwid) ---- */

/* U_PMON_GLOBAL_CTRL: EN_ALL (bit 28) unfreezes every box; bit 0 enables the U-box counter. */
static const struct uncore_gate nhmex_global_ubox = {
	.layout = &layout_nhmex_u_global_ctrl, .stop_val = 0, .start_val = BIT(28),
	.ctr_bit0 = 0, .fixed_bit = -1,
};

static const struct uncore_gate nhmex_global = {
	.layout = &layout_nhmex_u_global_ctrl, .stop_val = 0, .start_val = BIT(28),
	.ctr_bit0 = -1, .fixed_bit = -1,
};

/* BOX_CTRL bit n enables counter n (kernel enable_box). */
static const struct uncore_gate nhmex_mbox_gate = {
	.layout = &layout_nhmex_m_box_ctrl, .stop_val = 0, .start_val = 0, .ctr_bit0 = 0, .fixed_bit = -1,
};

static const struct uncore_status nhmex_mbox_status = {
	.layout = &layout_nhmex_m_box_status, .ovf_layout = &layout_nhmex_m_box_ovf_ctrl,
	.ctr_bit0 = 0, .fixed_bit = -1,
};

static const struct box_type nhmex_types[] = {
	{ .name = "uncore_ubox", .desc = {
		.family = UNCORE_NHM_EX,
		.ctl_layout = &layout_nhmex_u_evnt_sel, .n_counters = 1, .counter_width = 48,
		.ctl_base = 0xC10, .ctl_stride = 1, .ctr_base = 0xC11, .ctr_stride = 1,
		.enable_mask = BIT(22),
		.global_ctl = 0xC00, .global = &nhmex_global_ubox,
	} },
	/*
	 * M1 = M0 + 0x40 (Linux uncore_nhmex.c); the free-running 16-bit TIMESTAMP at box+4
	 * (Intel 323535-001), sub-registers DSP..ZDP at box+5..box+0xB.
	 */
	{ .name = "uncore_mbox", .num_boxes = 2, .stride = 0x40, .desc = {
		.family = UNCORE_NHM_EX,
		.ctl_layout = &layout_nhmex_m_cnt_ctl, .n_counters = 6, .counter_width = 48,
		.ctl_base = 0xCB0, .ctl_stride = 2, .ctr_base = 0xCB1, .ctr_stride = 2,
		.enable_mask = BIT(0),
		.global_ctl = 0xC00, .global = &nhmex_global,
		.box_ctl = 0xCA0, .box = &nhmex_mbox_gate,
		.status_msr = 0xCA1, .ovf_msr = 0xCA2, .status = &nhmex_mbox_status,
		.extra_lo = 0xCA5, .extra_hi = 0xCAB, .clock_msr = 0xCA4, .clock_width = 16,
		.freeze_pmi_mask = BIT(1),
	} },
};

/* ---- Sandy Bridge-EP (Intel 327043-001; Linux and likwid) ---- */

/*
 * Intel 327043-001: invert and edge_det act on the threshold comparison, so thresh must be
 * non-zero.
 */
static pmu_status snbep_thresh_needed(const struct box_desc *d, uint64_t config)
{
	const struct reg_field *thresh = reg_find_field(d->ctl_layout, "thresh", 6);
	const struct reg_field *inv = reg_find_field(d->ctl_layout, "invert", 6);
	const struct reg_field *edge = reg_find_field(d->ctl_layout, "edge_det", 8);
	if (!reg_get_field(config, thresh) && (reg_get_field(config, inv) || reg_get_field(config, edge)))
		return PMU_ERR_INVALID;
	return PMU_OK;
}

const struct box_ops snbep_ubox_ops = { .check_config = snbep_thresh_needed };

/* Kernel/likwid: FRZ_EN | FRZ freezes, FRZ_EN alone runs (Linux uncore_snbep.c). */
static const struct uncore_gate snbep_box_gate = {
	.layout = &layout_snbep_box_ctl, .stop_val = BIT(16) | BIT(8), .start_val = BIT(16),
	.ctr_bit0 = -1, .fixed_bit = -1,
};

/*
 * Intel's list on the events that use the state field (UNC_C_LLC_LOOKUP.*): "One must ALWAYS
 * ... select a state or states to match. Otherwise, the event will count nothing": by name
 * they match every state (0x1F, FMESI) unless a state term says which.
 */
static const struct box_filter snbep_cbox_filter = {
	.layout = &layout_snbep_cbox_filter, .open_field = "tid", .open_enable = "tid_en",
	.all_fields = (const char *const[]){ "state", NULL },
};

const struct box_filter snbep_pcu_filter = { .layout = &layout_snbep_pcu_filter };

/*
 * SNB-EP PCI boxes (Intel 327043; Linux uncore_snbep.c snbep_uncore_pci_ids and the
 * SNBEP_PCI_PMON_* offsets; Intel PCM src/types.h): box control 0xF4, counter controls
 * 0xD8 + 4 i, counters 0xA0 + 8 i in two dwords, the iMC's fixed DCLK counter at
 * 0xF0 / 0xD0. Found by device id; the tool writes only 0xA0-0xF7 of each, the HA's
 * match registers 0x40-0x4B (its filter: layout_snbep_ha_match, three dwords 4 apart), and
 * a QPI port's match and mask dwords 0x228/0x22C/0x238/0x23C of the port's filter function
 * fid (0x3C86 / 0x3C96, Linux SNBEP_Q_Py_PCI_PMON_PKT_MATCH0/MASK0).
 */
static const struct box_filter snbep_ha_match = {
	.layout = &layout_snbep_ha_match,
	.regs = &(const struct filter_regs){ 3, { 0, 32, 48 }, { 0, 4, 8 } },
};

/* Only event 0x38 with event_ext (UNC_Q_CTO_COUNT) takes them (Linux snbep_qpi_hw_config). */
static const struct box_filter snbep_qpi_filter = {
	.layout = &layout_snbep_qpi_match, .raw = &layout_snbep_qpi_match_raw,
	.hi = &layout_snbep_qpi_mask, .hi_raw = &layout_snbep_qpi_mask_raw,
	.regs = &(const struct filter_regs){ 4, { 0, 32, 64, 96 }, { 0, 4, 0x10, 0x14 } },
	.sel_mask = 0xFF | BIT(21), .sel_val = 0x38 | BIT(21),
};

/* SNB-EP's PCI boxes' registers (see above), id: the function's device id. */
#define SNBEP_PCI_BOX(ctl, nctr, w, id)                                                        \
	.family = UNCORE_SNB_EP, .ctl_layout = (ctl), .n_counters = (nctr), .counter_width = (w), \
	.ctl_base = 0xD8, .ctl_stride = 4, .ctr_base = 0xA0, .ctr_stride = 8,                 \
	.enable_mask = BIT(22), .box_ctl = 0xF4, .box = &snbep_box_gate,                       \
	.pci = &(const struct box_pci){ (id), 0xA0, 0xF8, 0, NULL }

static const struct box_type snbep_types[] = {
	{ .name = "uncore_ubox", .desc = {
		.family = UNCORE_SNB_EP,
		.ctl_layout = &layout_snbep_u_pmon_ctl, .n_counters = 2, .counter_width = 44,
		.ctl_base = 0xC10, .ctl_stride = 1, .ctr_base = 0xC16, .ctr_stride = 1,
		.enable_mask = BIT(22),
		/*
		 * UCLK width: Linux 48, likwid and the guide's bit range 43:0 (Intel 327043-001)
		 * 44. 44 is right for either while a delta stays below 2^44; the run probes which.
		 */
		.fixed_ctl = 0xC08, .fixed_ctr = 0xC09, .fixed_width = 44, .fixed_width_max = 48,
		.fixed_event = "UNC_U_CLOCKTICKS",   /* Intel's list, Intel 327043-001 2.2 */
		.fixed_layout = &layout_snbep_uclk_fixed_ctl, .fixed_enable_mask = BIT(22),
		.ops = &snbep_ubox_ops,
	} },
	/* C-box n = C0 + 0x20 n (Linux uncore_snbep.c); the filter is its one extra MSR. */
	{ .name = "uncore_cbox", .num_boxes = 8, .stride = 0x20, .desc = {
		.family = UNCORE_SNB_EP,
		.ctl_layout = &layout_snbep_cbox_ctl, .n_counters = 4, .counter_width = 44,
		.ctl_base = 0xD10, .ctl_stride = 1, .ctr_base = 0xD16, .ctr_stride = 1,
		.enable_mask = BIT(22),
		.box_ctl = 0xD04, .box = &snbep_box_gate,
		.extra_lo = 0xD14, .extra_hi = 0xD14,
		.filter_msr = 0xD14, .filter = &snbep_cbox_filter,
	} },
	{ .name = "uncore_pcu", .desc = {
		.family = UNCORE_SNB_EP,
		.ctl_layout = &layout_snbep_pcu_ctl, .n_counters = 4, .counter_width = 48,
		.ctl_base = 0xC30, .ctl_stride = 1, .ctr_base = 0xC36, .ctr_stride = 1,
		.enable_mask = BIT(22),
		.box_ctl = 0xC24, .box = &snbep_box_gate,
		.extra_lo = 0xC34, .extra_hi = 0xC34,   /* frequency-band filter */
		.filter_msr = 0xC34, .filter = &snbep_pcu_filter,
	} },
	{ .name = "uncore_ha", .desc = {
		SNBEP_PCI_BOX(&layout_snbep_pci_ctl, 4, 48, 0x3C46),
		.extra_lo = 0x40, .extra_hi = 0x40, .filter_msr = 0x40, .filter = &snbep_ha_match,
	} },
	{ .name = "uncore_imc", .num_boxes = 4, .desc = {
		SNBEP_PCI_BOX(&layout_snbep_pci_ctl, 4, 48, 0),
		.fixed_ctl = 0xF0, .fixed_ctr = 0xD0, .fixed_width = 48,
		.fixed_event = "UNC_M_CLOCKTICKS",   /* Intel's list: "Uncore Fixed Counter" */
		.fixed_layout = &layout_snbep_imc_fixed_ctl, .fixed_enable_mask = BIT(22),
	  }, .ids = (const struct box_pci_id[]){ { 0x3CB0, 0, 0 }, { 0x3CB1, 0, 0 },
						  { 0x3CB4, 0, 0 }, { 0x3CB5, 0, 0 } } },
	{ .name = "uncore_qpi", .num_boxes = 2, .desc = {
		SNBEP_PCI_BOX(&layout_snbep_qpi_ctl, 4, 48, 0),
		.extra_lo = 0x228, .extra_hi = 0x228, .filter_msr = 0x228,
		.filter = &snbep_qpi_filter,
	  }, .ids = (const struct box_pci_id[]){ { 0x3C41, 0, 0x3C86 }, { 0x3C42, 0, 0x3C96 } } },
	{ .name = "uncore_r2pcie", .desc = { SNBEP_PCI_BOX(&layout_snbep_pci_ctl, 4, 44, 0x3C43) } },
	{ .name = "uncore_r3qpi", .num_boxes = 2, .desc = {
		SNBEP_PCI_BOX(&layout_snbep_pci_ctl, 3, 44, 0),
	  }, .ids = (const struct box_pci_id[]){ { 0x3C44, 0, 0 }, { 0x3C45, 0, 0 } } },
};

static const struct box_family families[] = {
	{ UNCORE_NHM_CLIENT, nhm_types, sizeof(nhm_types) / sizeof(nhm_types[0]) },
	{ UNCORE_NHM_EX, nhmex_types, sizeof(nhmex_types) / sizeof(nhmex_types[0]) },
	{ UNCORE_SNB_EP, snbep_types, sizeof(snbep_types) / sizeof(snbep_types[0]) },
	{ UNCORE_SKX, uncore_skx_types, UNCORE_SKX_TYPES },
	{ UNCORE_ICX, uncore_icx_types, UNCORE_ICX_TYPES },
};

const struct box_family *box_family_of(enum uncore_family fam)
{
	if (fam == UNCORE_UNCONFIRMED)
		fam = UNCORE_NHM_CLIENT;   /* model 0x1F may have the client uncore: probed first */
	for (unsigned i = 0; i < sizeof(families) / sizeof(families[0]); i++)
		if (families[i].fam == fam)
			return &families[i];
	return NULL;
}

uint32_t box_ctl_msr(const struct box_desc *d, unsigned i)
{
	if (i == UNCORE_FIXED)
		return d->fixed_ctl;
	return i < d->n_counters ? d->ctl_base + i * d->ctl_stride : 0;
}

uint32_t box_ctr_msr(const struct box_desc *d, unsigned i)
{
	if (i == UNCORE_FIXED)
		return d->fixed_ctr;
	return i < d->n_counters ? d->ctr_base + i * d->ctr_stride : 0;
}

unsigned box_counter_width(const struct box_desc *d, unsigned i)
{
	return i == UNCORE_FIXED ? d->fixed_width : d->counter_width;
}
