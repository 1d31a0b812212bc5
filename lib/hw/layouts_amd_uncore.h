/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * AMD uncore register layouts: the L3 cache PMCs of each CCX, the Data Fabric PMCs of each
 * socket and the Zen 4 memory controllers' (UMC) PMCs. AMD PPR for family 17h model 31h
 * (56176), PPR for family 19h model 11h (55901), AMD64 APM vol. 2 (24593) 13.2.
 */
#ifndef EFIPMU_LAYOUTS_AMD_UNCORE_H
#define EFIPMU_LAYOUTS_AMD_UNCORE_H

#include "hw/regfield.h"

extern const struct reg_layout layout_amd_l3_ctl_17h;
extern const struct reg_layout layout_amd_l3_ctl_19h;
extern const struct reg_layout layout_amd_df_ctl;
extern const struct reg_layout layout_amd_df_ctl_v2;
extern const struct reg_layout layout_amd_umc_ctl;
extern const struct reg_layout layout_amd_umc_ctr;

#endif
