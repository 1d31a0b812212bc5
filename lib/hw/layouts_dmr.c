/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Diamond Rapids' counter controls (hw/layouts_dmr.h). Bits 7:0 event, 15:8 umask, 18 edge,
 * 22 enable as the generic control (Linux uncore_discovery.c generic formats); bit 16
 * (tid_en) is reserved on CBO, SBO and SANTA (66e2075426f3): reserved here on every unit.
 * The beyond-32 fields as the two patches' format attributes give them.
 */
#include "hw/layouts_dmr.h"

/* Bits 31:0 of every control but CXLCM's, tid_en (16) reserved. */
#define DMR_LOW                                          \
	{ "ev_sel", 0, 8, RA_RW, "event" },              \
	{ "umask", 8, 8, RA_RW, NULL },                  \
	{ "rsv", 16, 2, RA_RSV, NULL },                  \
	{ "edge_det", 18, 1, RA_RW, "edge" },            \
	{ "rsv", 19, 3, RA_RSV, NULL },                  \
	{ "en", 22, 1, RA_RW, "enable" },                \
	{ "invert", 23, 1, RA_RW, "inv" },               \
	{ "thresh", 24, 8, RA_RW, "cmask" }

static const struct reg_field umask_ext[] = {
	DMR_LOW,
	{ "umask_ext", 32, 32, RA_RW, NULL },
};

static const struct reg_field cxlcm[] = {
	{ "ev_sel", 0, 8, RA_RW, "event" },
	{ "umask", 8, 8, RA_RW, NULL },
	{ "rsv", 16, 2, RA_RSV, NULL },
	{ "edge_det", 18, 1, RA_RW, "edge" },
	{ "rsv", 19, 2, RA_RSV, NULL },
	{ "invert", 21, 1, RA_RW, "inv" },
	{ "en", 22, 1, RA_RW, "enable" },
	{ "thresh", 23, 9, RA_RW, "cmask" },
	{ "port_en", 32, 4, RA_RW, NULL },
	{ "rsv", 36, 28, RA_RSV, NULL },
};

static const struct reg_field pcie[] = {
	DMR_LOW,
	{ "thresh_ext", 32, 4, RA_RW, NULL },
	{ "rs3_sel", 36, 1, RA_RW, NULL },
	{ "rx_sel", 37, 1, RA_RW, NULL },
	{ "tx_sel", 38, 1, RA_RW, NULL },
	{ "iep_sel", 39, 1, RA_RW, NULL },
	{ "vc_sel", 40, 8, RA_RW, NULL },
	{ "port_sel", 48, 8, RA_RW, NULL },
	{ "rsv", 56, 8, RA_RSV, NULL },
};

const struct reg_layout layout_dmr_umask_ext_ctl = REG_LAYOUT("DMR_PMON_CTL_UMASK_EXT", umask_ext);
const struct reg_layout layout_dmr_cxlcm_ctl = REG_LAYOUT("DMR_CXLCM_PMON_CTL", cxlcm);
const struct reg_layout layout_dmr_pcie_ctl = REG_LAYOUT("DMR_PCIE4_PMON_CTL", pcie);
