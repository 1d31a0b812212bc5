/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Intel's uncore discovery table (Sapphire Rapids onward): the layouts of its
 * global and unit states and the box types they name. Facts from Linux
 * (arch/x86/events/intel/uncore_discovery.h, uncore_snbep.c) and Intel PCM
 * (src/uncore_pmu_discovery.h), the public implementations of the table.
 */
#ifndef EFIPMU_LAYOUTS_DISCOVERY_H
#define EFIPMU_LAYOUTS_DISCOVERY_H

#include <stdint.h>
#include "hw/regfield.h"

/* Fields of the three qwords of the global state and of a unit's state, in table order. */
enum disc_global_field { DG_TYPE, DG_STRIDE, DG_MAX_UNITS, DG_ACCESS, DG_GLOBAL_CTL,
			 DG_STATUS_OFFSET, DG_NUM_STATUS, DG_NFIELDS };
enum disc_unit_field { DU_NUM_REGS, DU_CTL_OFFSET, DU_BIT_WIDTH, DU_CTR_OFFSET,
		       DU_STATUS_OFFSET, DU_ACCESS, DU_BOX_CTL, DU_BOX_TYPE, DU_BOX_ID,
		       DU_NFIELDS };

/* Field f and the qword (0..2) of the state it lives in. */
struct disc_field {
	struct reg_field f;
	uint8_t qword;
};

extern const struct disc_field disc_global_fields[DG_NFIELDS];
extern const struct disc_field disc_unit_fields[DU_NFIELDS];

/* How a unit's registers are reached (the access type field). */
enum disc_access { DISC_MSR = 0, DISC_MMIO = 1, DISC_PCI = 2, DISC_ACCESS_NONE = 3 };

/* A PCI unit's box control address: domain 30:28, bus 27:20, devfn 19:12, offset 11:0. */
extern const struct reg_field disc_pci_addr_fields[4];

/* A discovered unit's counter control and box control (Linux's generic discovery PMU). */
extern const struct reg_layout layout_disc_ctl, layout_disc_box_ctl;

/* Linux's name of box type t ("cha", "imc", ...); NULL for a type no source names. */
const char *disc_type_name(uint16_t type);
/* Box type t's counter control: its own where Linux gives the type formats, else generic. */
const struct reg_layout *disc_type_ctl(uint16_t type);
/* "MSR", "MMIO", "PCI" or "none". */
const char *disc_access_name(unsigned access);

#endif
