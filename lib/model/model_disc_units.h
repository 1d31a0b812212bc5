/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The units of the model's discovery machines besides Sapphire Rapids' CHAs, iMC channels,
 * M2M, UPI and M3UPI: one statement each, read by the table the model's firmware publishes
 * (model_discovery.c) and by the registers that answer there (model_uncore_snbep.c for MSR
 * units, model_uncore_spr_pci.c for PCI and MMIO units). A unit of kind k, instance n: box
 * control at base + step n (a PCI unit: base and step in the table's devfn 19:12 | offset
 * 11:0 form under the package's bus, step a device; an MMIO unit: from the package's MMIO
 * base), controls at + ctl_off, counters at + ctr_off,
 * nctr of them, 48 bits. Placement is the firmware's (the table says where): written from
 * Intel PCM src/types.h where it gives the part's address (SPR_M2IOSF_IIO_*, SPR_IRP_UNIT_CTL;
 * BHS_* for Granite Rapids and Sierra Forest), else the model's choice, said so, in MSR
 * ranges and on devices no other unit uses.
 */
#ifndef EFIPMU_MODEL_DISC_UNITS_H
#define EFIPMU_MODEL_DISC_UNITS_H

#include <stdbool.h>
#include <stdint.h>

/* Kinds are X-macros: MDU_x(X, args) expands X(type, access, count, nctr, ctl_off, ctr_off, base, step, args). */
struct model_disc_kind {
	uint16_t type;          /* the table's box type (Linux uncore_snbep.c enum SPR_UNCORE_*) */
	uint8_t access;         /* 0 MSR, 1 MMIO, 2 PCI (Linux uncore_discovery.h UNCORE_ACCESS_*) */
	uint8_t count, nctr;
	uint16_t ctl_off, ctr_off;
	uint32_t base, step;
};

/* A kind as its row (the table's reading of it). */
#define MDU_ROW(type, access, count, nctr, ctl_off, ctr_off, base, step, ...) \
	{ (type), (access), (count), (nctr), (ctl_off), (ctr_off), (base), (step) }
/* A PCI unit's place under its bus: device, function, the box control's offset. */
#define MDU_PCI(dev, fn, off) ((uint32_t)(dev) << 15 | (uint32_t)(fn) << 12 | (off))
#define MDU_DEV (1u << 15)

/*
 * Sapphire and Emerald Rapids: IIO (type 1) at 0x3000 + 0x10 n and IRP (2) at 0x3400 +
 * 0x10 n, controls +2, counters +8 (PCM: SPR_M2IOSF_*, SPR_IRP_*); M2PCIe (3) at 0x3200 +
 * 0x10 n and the PCU (4) at 0x2FC0 are the model's choice. Six stacks of IIO, IRP and
 * M2PCIe (PCM's SPR has up to 12: six keep 64 CHAs' table within 4 KiB); IRP 2 counters as
 * Intel's list counts its events on 0-1, the others 4.
 */
#define MDU_SPR_IIO(X, ...)    X(1, 0, 6, 4, 2, 8, 0x3000u, 0x10u, __VA_ARGS__)
#define MDU_SPR_IRP(X, ...)    X(2, 0, 6, 2, 2, 8, 0x3400u, 0x10u, __VA_ARGS__)
#define MDU_SPR_M2PCIE(X, ...) X(3, 0, 6, 4, 2, 8, 0x3200u, 0x10u, __VA_ARGS__)
#define MDU_SPR_PCU(X, ...)    X(4, 0, 1, 4, 2, 8, 0x2FC0u, 0x10u, __VA_ARGS__)

/*
 * Granite Rapids and Sierra Forest (the types of Linux uncore_snbep.c gnr_uncores[]; PCM's
 * BHS_* places): IIO (1) at 0x2900 + 0x10 n and IRP (2) at 0x2A00 + 0x10 n, controls +2,
 * counters +8, 4 counters (Intel's lists count IRP events on 0-3); the U-box (5) at 0x3FF0,
 * controls 0x3FF2, counters 0x3FF8, 2 counters (BHS_UBOX_MSR_PMON_*). The model's choice:
 * the PCU (4) at 0x3FE0, MDF (11) 0x3F00 + 0x10 n, B2HOT (15) at 0x3F80 (MSR); B2CMI (16)
 * at devices 12-15 and B2UPI (18) at devices 9-11, function 0, as SPR's M2M (box 0x438,
 * controls +0x30, counters +8; Linux's generic PCI box: controls 8 apart). Six stacks, as
 * Sapphire Rapids' model; 4 B2CMI (one a memory controller), 3 B2UPI (one a UPI link).
 */
#define MDU_GNR_IIO(X, ...)    X(1, 0, 6, 4, 2, 8, 0x2900u, 0x10u, __VA_ARGS__)
#define MDU_GNR_IRP(X, ...)    X(2, 0, 6, 4, 2, 8, 0x2A00u, 0x10u, __VA_ARGS__)
#define MDU_GNR_PCU(X, ...)    X(4, 0, 1, 4, 2, 8, 0x3FE0u, 0x10u, __VA_ARGS__)
#define MDU_GNR_UBOX(X, ...)   X(5, 0, 1, 2, 2, 8, 0x3FF0u, 0x10u, __VA_ARGS__)
#define MDU_GNR_MDF(X, ...)    X(11, 0, 2, 4, 2, 8, 0x3F00u, 0x10u, __VA_ARGS__)
#define MDU_GNR_B2HOT(X, ...)  X(15, 0, 1, 4, 2, 8, 0x3F80u, 0x10u, __VA_ARGS__)
#define MDU_GNR_B2CMI(X, ...)  X(16, 2, 4, 4, 0x30, 8, MDU_PCI(12, 0, 0x438), MDU_DEV, __VA_ARGS__)
#define MDU_GNR_B2UPI(X, ...)  X(18, 2, 3, 4, 0x30, 8, MDU_PCI(9, 0, 0x438), MDU_DEV, __VA_ARGS__)
/*
 * B2CXL (17): MMIO (SPR_UNCORE_MMIO_COMMON_FORMAT), two units at the package's MMIO base
 * + 0x800000 + 0x10000 n, controls +0x40 (4 apart) and counters +8 as an iMC channel's:
 * the model's choice, base and step from the package's MMIO base.
 */
#define MDU_GNR_B2CXL(X, ...)  X(17, 1, 2, 4, 0x40, 8, 0x800000u, 0x10000u, __VA_ARGS__)

/*
 * Diamond Rapids' units besides its CBOs and iMC channels: one of each type Linux drives
 * (dmr_uncores[]: tip 6daf2c35b835 IMH, 66e2075426f3 CBB) but the broken MSE and SB2UCIE,
 * each an MSR unit of the CBB domain's table, in slot order at 0x2100 + 0x10 slot, controls
 * +2, counters +8, 4 of 48 bits: the model's choice, no firmware's place being published
 * (Linux names the PCU, U-box and CXLCM IMH units; one table holds them here).
 */
#define MDU_DMR_BASE 0x2100u
#define MDU_DMR(X, type, slot) X((type), 0, 1, 4, 2, 8, MDU_DMR_BASE + 0x10u * (slot), 0x10u, )
#define MDU_DMR_ALL(X)                                                                         \
	MDU_DMR(X, 0x04, 0), MDU_DMR(X, 0x05, 1), MDU_DMR(X, 0x17, 2), MDU_DMR(X, 0x18, 3),    \
	MDU_DMR(X, 0x1E, 4), MDU_DMR(X, 0x20, 5), MDU_DMR(X, 0x21, 6), MDU_DMR(X, 0x22, 7),    \
	MDU_DMR(X, 0x23, 8), MDU_DMR(X, 0x24, 9), MDU_DMR(X, 0x26, 10), MDU_DMR(X, 0x2B, 11),  \
	MDU_DMR(X, 0x2D, 12), MDU_DMR(X, 0x2E, 13), MDU_DMR(X, 0x2F, 14), MDU_DMR(X, 0x30, 15), \
	MDU_DMR(X, 0x31, 16), MDU_DMR(X, 0x32, 17), MDU_DMR(X, 0x33, 18)
#define MDU_DMR_SLOTS 19u

/*
 * A part's machine: its units besides the CHAs, the iMC channels and the UPI links, and
 * whether it has Sapphire Rapids' M2M and M3UPI (Granite Rapids has B2CMI and B2UPI).
 */
struct model_disc_part {
	const struct model_disc_kind *units;
	unsigned nunits;
	bool no_m2m_m3upi;
};

extern const struct model_disc_part model_disc_spr_part, model_disc_gnr_part;

#endif
