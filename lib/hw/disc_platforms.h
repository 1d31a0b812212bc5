/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Where each Intel platform's uncore discovery tables are found: one const row a platform,
 * up to two domains each, a domain a PCI device (its DVSEC, pmu/uncore_disc_find.h) or an
 * MSR portal that holds the table's physical address, read once per die on a CPU of that
 * die. As Linux after "perf/x86/intel/uncore: Support per-platform discovery base devices"
 * (tip e75462f6c7ea) and the patches that fill its rows (FRONTIER-style citations in the .c).
 * A part no row names gets the generic row (Linux generic_uncore_init, tip 1897336728b4):
 * PCI, then MSR 0x201E "best effort". An MSR is read as a portal only on the models of a
 * row naming it: on Skylake-SP and Ice Lake-SP, MSRs 0x710/0x711 are the PCU's PMON box
 * control and first counter control (Linux uncore_snbep.c SKX_PCU_MSR_PMON_*), never portals.
 */
#ifndef EFIPMU_HW_DISC_PLATFORMS_H
#define EFIPMU_HW_DISC_PLATFORMS_H

#include <stdbool.h>
#include <stdint.h>
#include "hw/regfield.h"

#define DISC_MAX_DOMAINS 2

enum disc_via { DISC_VIA_NONE, DISC_VIA_PCI, DISC_VIA_MSR };

struct disc_domain {
	uint8_t via;          /* enum disc_via; NONE ends the row's domains */
	uint16_t device;      /* PCI: the discovery device's id (none there: every Intel function) */
	uint32_t msr;         /* MSR: the portal */
	bool global_init;     /* Linux clears this domain's global control before using it */
	const char *name;     /* the domain as the sources name it ("IMH", "CBB", "package") */
	const uint16_t *ignored;   /* unit types Linux ignores in this domain (broken PMON) */
	uint8_t nignored;
};

/* A unit type as the platform's Linux array names it, and its counter control's layout. */
struct disc_type_row {
	uint16_t type;
	const char *name;
	const struct reg_layout *ctl;   /* NULL: the generic control (hw/layouts_discovery.h) */
};

struct disc_platform {
	const char *name;     /* "diamond-rapids", ...; "generic" for the fallback */
	uint32_t family;      /* display family */
	const uint8_t *models;   /* display models, 0 ends; NULL: the generic row */
	struct disc_domain dom[DISC_MAX_DOMAINS];
	const struct disc_type_row *types;   /* NULL: Sapphire/Granite Rapids' (disc_type_name) */
	uint8_t ntypes;
};

/* The row of an Intel family/model: its platform's, else the generic one (never NULL). */
const struct disc_platform *disc_platform_for(uint32_t family, uint32_t model);

/*
 * Unit type t as platform p names it ("cbo"), or NULL where p's Linux array has no entry
 * (Linux then names it uncore_type_<t>).
 */
const char *disc_platform_type_name(const struct disc_platform *p, uint16_t t);
/* Type t's counter control layout on p (a row of its own, else disc_type_ctl's). */
const struct reg_layout *disc_platform_type_ctl(const struct disc_platform *p, uint16_t t);

/* Whether a row other than the generic one names the part. */
bool disc_platform_listed(uint32_t family, uint32_t model);

#endif
