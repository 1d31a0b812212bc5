/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "hw/layouts_discovery.h"
#include "hw/layouts_uncore.h"

/*
 * Global discovery state, three qwords at the table's base (Linux
 * uncore_discovery.h union uncore_global_discovery; PCM uncore_pmu_discovery.h
 * GlobalPMU): the stride is in units of 8 bytes.
 */
const struct disc_field disc_global_fields[DG_NFIELDS] = {
	[DG_TYPE] = { { "type", 0, 8, RA_RO, NULL }, 0 },
	[DG_STRIDE] = { { "stride", 8, 8, RA_RO, NULL }, 0 },
	[DG_MAX_UNITS] = { { "max_units", 16, 10, RA_RO, NULL }, 0 },
	[DG_ACCESS] = { { "access_type", 62, 2, RA_RO, NULL }, 0 },
	[DG_GLOBAL_CTL] = { { "global_ctl", 0, 64, RA_RO, NULL }, 1 },
	[DG_STATUS_OFFSET] = { { "status_offset", 0, 8, RA_RO, NULL }, 2 },
	[DG_NUM_STATUS] = { { "num_status", 8, 16, RA_RO, NULL }, 2 },
};

/* Unit discovery state i, three qwords at base + (i + 1) * stride * 8 (same sources). */
const struct disc_field disc_unit_fields[DU_NFIELDS] = {
	[DU_NUM_REGS] = { { "num_regs", 0, 8, RA_RO, NULL }, 0 },
	[DU_CTL_OFFSET] = { { "ctl_offset", 8, 8, RA_RO, NULL }, 0 },
	[DU_BIT_WIDTH] = { { "bit_width", 16, 8, RA_RO, NULL }, 0 },
	[DU_CTR_OFFSET] = { { "ctr_offset", 24, 8, RA_RO, NULL }, 0 },
	[DU_STATUS_OFFSET] = { { "status_offset", 32, 8, RA_RO, NULL }, 0 },
	[DU_ACCESS] = { { "access_type", 62, 2, RA_RO, NULL }, 0 },
	[DU_BOX_CTL] = { { "box_ctl", 0, 64, RA_RO, NULL }, 1 },
	[DU_BOX_TYPE] = { { "box_type", 0, 16, RA_RO, NULL }, 2 },
	[DU_BOX_ID] = { { "box_id", 16, 16, RA_RO, NULL }, 2 },
};

/* Linux uncore_discovery.h UNCORE_DISCOVERY_PCI_{DOMAIN,BUS,DEVFN,BOX_CTRL}. */
const struct reg_field disc_pci_addr_fields[4] = {
	{ "domain", 28, 3, RA_RO, NULL },
	{ "bus", 20, 8, RA_RO, NULL },
	{ "devfn", 12, 8, RA_RO, NULL },
	{ "offset", 0, 12, RA_RO, NULL },
};

/*
 * A discovered unit's registers as Linux's generic discovery PMU drives them
 * (arch/x86/events/intel/uncore_discovery.c, generic_uncore_formats_attr and
 * GENERIC_PMON_*): counter control event 7:0, umask 15:8, edge 18, invert 23,
 * threshold 31:24, and the enable bit 22 Sapphire Rapids' own PMUs set
 * (uncore_snbep.c, SNBEP_PMON_CTL_EN; UNCONFIRMED for every unit type); box control
 * freeze 0, reset of the controls 8 and of the counters 9.
 */
/* Bits 15:0 and 31:18, every discovered unit's control alike (the sources above). */
#define DISC_CTL_UMASK { "ev_sel", 0, 8, RA_RW, "event" }, { "umask", 8, 8, RA_RW, NULL }
#define DISC_CTL_THRESH                                                                     \
	{ "edge_det", 18, 1, RA_RW, "edge" }, { "rsv", 19, 3, RA_RSV, NULL },               \
	{ "en", 22, 1, RA_RW, "enable" }, { "invert", 23, 1, RA_RW, "inv" },                \
	{ "thresh", 24, 8, RA_RW, "cmask" }

static const struct reg_field disc_ctl[] = {
	DISC_CTL_UMASK,
	{ "rsv", 16, 2, RA_RSV, NULL },
	DISC_CTL_THRESH,
	{ "rsv", 32, 32, RA_RSV, NULL },
};

/*
 * The unit types Linux gives Sapphire Rapids' formats (uncore_snbep.c spr_uncores,
 * gnr_uncores): the CHA's umask is config 8-15 and 32-63 (spr_uncore_chabox: format
 * umask_ext5, SPR_CHA_EVENT_MASK_EXT 0xffffffff; tid_en2 16); IRP, M2PCIe, M2M, UPI,
 * M3UPI, MDF and Granite Rapids' B2CMI, B2UPI and PCIe units take 8-15 and 32-55
 * (SPR_UNCORE_COMMON_FORMAT: umask_ext4, SPR_RAW_EVENT_MASK_EXT 0xffffff); the IIO the
 * SNR IIO formats (thresh 35:24, ch_mask 47:36, fc_mask 50:48), as Ice Lake-SP's.
 */
static const struct reg_field disc_cha_ctl[] = {
	DISC_CTL_UMASK,
	{ "tid_en", 16, 1, RA_RW, NULL },
	{ "rsv", 17, 1, RA_RSV, NULL },
	DISC_CTL_THRESH,
	{ "umask_ext", 32, 32, RA_RW, NULL },
};

static const struct reg_field disc_ext_ctl[] = {
	DISC_CTL_UMASK,
	{ "rsv", 16, 2, RA_RSV, NULL },
	DISC_CTL_THRESH,
	{ "umask_ext", 32, 24, RA_RW, NULL },
	{ "rsv", 56, 8, RA_RSV, NULL },
};

static const struct reg_field disc_box_ctl[] = {
	{ "frz", 0, 1, RA_RW, "freeze" },
	{ "rsv", 1, 7, RA_RSV, NULL },
	{ "rst_ctrl", 8, 1, RA_WO, NULL },
	{ "rst_ctrs", 9, 1, RA_WO, NULL },
	{ "rsv", 10, 54, RA_RSV, NULL },
};

const struct reg_layout layout_disc_ctl = REG_LAYOUT("GENERIC_PMON_CTL", disc_ctl);
const struct reg_layout layout_disc_box_ctl = REG_LAYOUT("GENERIC_PMON_BOX_CTL", disc_box_ctl);
static const struct reg_layout disc_cha = REG_LAYOUT("SPR_CHA_PMON_CTL", disc_cha_ctl);
static const struct reg_layout disc_ext = REG_LAYOUT("SPR_PMON_CTL", disc_ext_ctl);

/*
 * Box types: Sapphire Rapids 0-13 (Linux uncore_snbep.c enum SPR_UNCORE_*; PCM
 * adds 12 CXLCM and 13 CXLDP), Granite Rapids adds 5 and 15-22 (Linux enum
 * GNR_UNCORE_*). Names as Linux names the PMUs (uncore_<name>_<box id>); the
 * control as Linux's formats for the type give it (NULL: the generic one).
 */
static const struct disc_type_row {
	const char *name;
	const struct reg_layout *ctl;
} types[] = {
	[0] = { "cha", &disc_cha }, [1] = { "iio", &layout_icx_iio_ctl },
	[2] = { "irp", &disc_ext }, [3] = { "m2pcie", &disc_ext }, [4] = { "pcu", NULL },
	[5] = { "ubox", NULL }, [6] = { "imc", &disc_ext }, [7] = { "m2m", &disc_ext },
	[8] = { "upi", &disc_ext }, [9] = { "m3upi", &disc_ext }, [11] = { "mdf", &disc_ext },
	[12] = { "cxlcm", &disc_ext }, [13] = { "cxldp", &disc_ext }, [15] = { "b2hot", NULL },
	[16] = { "b2cmi", &disc_ext }, [17] = { "b2cxl", &disc_ext }, [18] = { "b2upi", &disc_ext },
	[20] = { "mdf_sbo", NULL }, [21] = { "pciex16", &disc_ext }, [22] = { "pciex8", &disc_ext },
};

const char *disc_type_name(uint16_t type)
{
	return type < sizeof(types) / sizeof(types[0]) ? types[type].name : NULL;
}

const struct reg_layout *disc_type_ctl(uint16_t type)
{
	const struct reg_layout *l = type < sizeof(types) / sizeof(types[0]) ? types[type].ctl : NULL;
	return l ? l : &layout_disc_ctl;
}

const char *disc_access_name(unsigned access)
{
	static const char *const names[] = { "MSR", "MMIO", "PCI", "none" };
	return access < 4 ? names[access] : "none";
}
