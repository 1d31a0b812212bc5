/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Core PMU register layouts (Intel SDM Vol. 3B 18.2.1.1, 18.13.2.1; Vol. 4 table 2-2). */
#ifndef EFIPMU_LAYOUTS_CORE_H
#define EFIPMU_LAYOUTS_CORE_H

#include "hw/regfield.h"

extern const struct reg_layout layout_perfevtsel;
extern const struct reg_layout layout_perfevtsel_ext;   /* with EQ and UMASK2 (CPUID.23H) */
extern const struct reg_layout layout_pmc_v6_cfg_a;     /* the same at 0x1901 + 4n (v6) */
extern const struct reg_layout layout_fixed_ctr_ctrl;
extern const struct reg_layout layout_global_ctrl;
extern const struct reg_layout layout_global_status;
extern const struct reg_layout layout_global_ovf_ctrl;
extern const struct reg_layout layout_perf_capabilities;
extern const struct reg_layout layout_perf_metrics;

#endif
