/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* AMD core PMU register layouts (AMD64 APM vol. 2, 13.2 "Performance Monitoring Counters"). */
#ifndef EFIPMU_LAYOUTS_AMD_H
#define EFIPMU_LAYOUTS_AMD_H

#include "hw/regfield.h"

extern const struct reg_layout layout_amd_perf_ctl;
extern const struct reg_layout layout_amd_global_ctl;
extern const struct reg_layout layout_amd_global_status;
extern const struct reg_layout layout_amd_global_status_clr;

#endif
