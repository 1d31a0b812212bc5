/* Core PMU register layouts (seeds 003 and 004, REGISTERS.md §1.3–§1.6). */
#ifndef EFIPMU_LAYOUTS_CORE_H
#define EFIPMU_LAYOUTS_CORE_H

#include "hw/regfield.h"

extern const struct reg_layout layout_perfevtsel;
extern const struct reg_layout layout_perfevtsel_ext;   /* with EQ and UMASK2 (CPUID.23H) */
extern const struct reg_layout layout_fixed_ctr_ctrl;
extern const struct reg_layout layout_global_ctrl;
extern const struct reg_layout layout_global_status;
extern const struct reg_layout layout_global_ovf_ctrl;
extern const struct reg_layout layout_perf_capabilities;
extern const struct reg_layout layout_perf_metrics;

#endif
