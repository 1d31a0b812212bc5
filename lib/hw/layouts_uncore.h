/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Uncore register layouts (Intel SDM Vol. 3B 18.8.2.2, Intel 323535-001, Intel 327043-001). */
#ifndef EFIPMU_LAYOUTS_UNCORE_H
#define EFIPMU_LAYOUTS_UNCORE_H

#include "hw/regfield.h"

/* Nehalem/Westmere client uncore (Intel SDM Vol. 3B 18.8.2.2) */
extern const struct reg_layout layout_nhm_unc_perfevtsel;
extern const struct reg_layout layout_nhm_unc_fixed_ctr_ctrl;
extern const struct reg_layout layout_nhm_unc_global_ctrl;
extern const struct reg_layout layout_nhm_unc_global_status;
extern const struct reg_layout layout_nhm_unc_global_ovf_ctrl;

/* Nehalem-EX / Westmere-EX (Intel 323535-001) */
extern const struct reg_layout layout_nhmex_u_global_ctrl;
extern const struct reg_layout layout_nhmex_u_evnt_sel;
extern const struct reg_layout layout_nhmex_m_cnt_ctl;
extern const struct reg_layout layout_nhmex_m_box_ctrl;
extern const struct reg_layout layout_nhmex_m_box_status;
extern const struct reg_layout layout_nhmex_m_box_ovf_ctrl;

/* Sandy Bridge-EP (Intel 327043-001) */
extern const struct reg_layout layout_snbep_u_pmon_ctl;
extern const struct reg_layout layout_snbep_uclk_fixed_ctl;
extern const struct reg_layout layout_snbep_box_ctl;
extern const struct reg_layout layout_snbep_cbox_ctl;
extern const struct reg_layout layout_snbep_pcu_ctl;
extern const struct reg_layout layout_snbep_cbox_filter;
extern const struct reg_layout layout_snbep_pcu_filter;
extern const struct reg_layout layout_snbep_ha_match;
extern const struct reg_layout layout_snbep_qpi_match, layout_snbep_qpi_mask;
extern const struct reg_layout layout_snbep_qpi_match_raw, layout_snbep_qpi_mask_raw;
/* Sandy Bridge-EP PCI boxes (Intel 327043; Linux uncore_snbep.c) */
extern const struct reg_layout layout_snbep_pci_ctl;
extern const struct reg_layout layout_snbep_qpi_ctl;
extern const struct reg_layout layout_snbep_imc_fixed_ctl;
/* Skylake-SP and Ice Lake-SP (Intel 336274; Linux uncore_snbep.c) */
extern const struct reg_layout layout_skx_box_ctl;
extern const struct reg_layout layout_skx_iio_ctl;
extern const struct reg_layout layout_skx_cha_filter;
extern const struct reg_layout layout_icx_iio_ctl;
extern const struct reg_layout layout_icx_cha_ctl;
extern const struct reg_layout layout_icx_m2m_ctl;

/* Every layout above, for tests and listings. */
/* Alder Lake to Nova Lake client boxes (Linux uncore_snb.c) */
extern const struct reg_layout layout_adl_unc_ctl;
extern const struct reg_layout layout_adl_unc_fixed_ctl;
extern const struct reg_layout layout_mtl_cncu_box_ctl;

extern const struct reg_layout *const uncore_layouts[];
extern const unsigned uncore_layout_count;

#endif
