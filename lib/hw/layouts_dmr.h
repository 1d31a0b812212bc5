/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Diamond Rapids' discovered units whose counter control differs from the generic one
 * (hw/layouts_discovery.h), as Linux's formats give them (tip 6daf2c35b835 "Add IMH PMON
 * support for Diamond Rapids", 66e2075426f3 "Add CBB PMON support for Diamond Rapids").
 */
#ifndef EFIPMU_HW_LAYOUTS_DMR_H
#define EFIPMU_HW_LAYOUTS_DMR_H

#include "hw/regfield.h"

/* The generic control with the umask extension in bits 63:32 (SCA, HAMVF, CBO, ULA, ...). */
extern const struct reg_layout layout_dmr_umask_ext_ctl;
/* CXLCM: invert at 21, threshold 31:23, port_en 35:32. */
extern const struct reg_layout layout_dmr_cxlcm_ctl;
/* PCIE4 and PCIE6: threshold extension, the rs3/rx/tx/iep selects, VC and port selects. */
extern const struct reg_layout layout_dmr_pcie_ctl;

#endif
