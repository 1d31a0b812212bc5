/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * One generic box type for the units an uncore discovery table describes (Sapphire Rapids
 * onward): as Linux's generic discovery PMU (arch/x86/events/intel/uncore_discovery.c)
 * does, each unit becomes a box from its own entry, so a part efipmu has no table for is
 * counted all the same. The boxes are made at discovery (pmu/uncore_disc_box.c) into the
 * machine's box set (hw/box_set.h) and driven by the one engine (pmu/uncore.c).
 *   access  control i            counter i            box control
 *   MSR     box + ctl_off + i    box + ctr_off + i    the MSR box
 *   PCI     off + ctl_off + 8 i  off + ctr_off + 8 i  off, in the unit's function
 *   MMIO    ctl_off + 4 i        ctr_off + 8 i        box control's address (16 KiB mapped)
 * (Linux uncore.h: uncore_pci_event_ctl with UNCORE_BOX_FLAG_CTL_OFFS8, which the generic
 * PCI box sets, and the MMIO boxes' 4-byte controls and 8-byte counters; UNCORE_GENERIC_
 * MMIO_SIZE 0x4000.) Freeze is box control bit 0 (GENERIC_PMON_BOX_CTL_FRZ).
 */
#ifndef EFIPMU_HW_UNCORE_DISC_H
#define EFIPMU_HW_UNCORE_DISC_H

#include <stdbool.h>
#include <stdint.h>
#include "hw/box_set.h"

#define UNCORE_DISC_MMIO_SIZE 0x4000u    /* Linux UNCORE_GENERIC_MMIO_SIZE */
/*
 * An MMIO box's register offsets count from this far below its box control, so box control
 * is never offset 0 (0 in a descriptor means "none"): the write guard opens [box control,
 * + UNCORE_DISC_MMIO_SIZE) only.
 */
#define UNCORE_DISC_MMIO_LO 0x1000u

/* What one usable unit of the table gives a box (a disc_unit's fields). */
struct disc_box_src {
	uint8_t access;            /* enum disc_access */
	uint16_t type, box_id;
	uint16_t nth;              /* its place among the units of its type: Linux's PMU index */
	uint64_t box_ctl;          /* an MSR, a physical address or the PCI address field */
	uint8_t ctl_offset, ctr_offset, counters, width;
	uint16_t device_id;        /* a PCI unit: its function's device id */
	const char *name;          /* its type as the platform names it; NULL: unnamed */
	const struct reg_layout *ctl;   /* its counter control; NULL: disc_type_ctl's */
};

/*
 * Makes the next box of s one for u: named as Linux names its PMU ("uncore_imc_1" for a
 * type Linux names, else "uncore_type_<type>_<box id>", its alias, which also names a named
 * one: box_alias). Its index in s, or -1 when s has no room.
 */
int uncore_disc_add(struct box_set *s, const struct disc_box_src *u);

#endif
