/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The parts' discovery units besides Sapphire Rapids' own (model_disc_units.h), as rows. */
#include <stddef.h>
#include "model/model_disc_units.h"

static const struct model_disc_kind spr_units[] = {
	MDU_SPR_IIO(MDU_ROW, 0), MDU_SPR_IRP(MDU_ROW, 0), MDU_SPR_M2PCIE(MDU_ROW, 0),
	MDU_SPR_PCU(MDU_ROW, 0),
};

static const struct model_disc_kind gnr_units[] = {
	MDU_GNR_IIO(MDU_ROW, 0), MDU_GNR_IRP(MDU_ROW, 0), MDU_GNR_PCU(MDU_ROW, 0),
	MDU_GNR_UBOX(MDU_ROW, 0), MDU_GNR_MDF(MDU_ROW, 0), MDU_GNR_B2HOT(MDU_ROW, 0),
	MDU_GNR_B2CMI(MDU_ROW, 0), MDU_GNR_B2UPI(MDU_ROW, 0), MDU_GNR_B2CXL(MDU_ROW, 0),
};

const struct model_disc_part model_disc_spr_part = {
	spr_units, sizeof(spr_units) / sizeof(spr_units[0]), false,
};

const struct model_disc_part model_disc_gnr_part = {
	gnr_units, sizeof(gnr_units) / sizeof(gnr_units[0]), true,
};
