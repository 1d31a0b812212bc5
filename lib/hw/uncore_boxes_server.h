/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The server uncores' descriptor tables beside the seed families' (hw/uncore_boxes.c):
 * Skylake-SP / Cascade Lake (hw/uncore_boxes_skx.c), and the hooks they share with
 * Sandy Bridge-EP's boxes.
 */
#ifndef EFIPMU_HW_UNCORE_BOXES_SERVER_H
#define EFIPMU_HW_UNCORE_BOXES_SERVER_H

#include "pmu/uncore.h"

/* Shared with Sandy Bridge-EP (hw/uncore_boxes.c): the U-box's threshold rule, the PCU filter. */
extern const struct box_ops snbep_ubox_ops;
extern const struct box_filter snbep_pcu_filter;
/* Freeze 8 stops a box, nothing else (Ivy Bridge-EP on). */
extern const struct uncore_gate skx_box_gate;

#define UNCORE_SKX_BOXES 60
extern const struct box_desc uncore_skx_boxes[UNCORE_SKX_BOXES];

#endif
