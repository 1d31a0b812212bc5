/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The uncore families' logic a run asks for by CPU, read from their rows
 * (hw/uncore_families.h): the default events of this CPU's boxes, and which CPUs read their
 * uncore from a discovery table and with which quirks. The run names no family or model.
 */
#ifndef EFIPMU_PMU_UNCORE_FAMILY_H
#define EFIPMU_PMU_UNCORE_FAMILY_H

#include "pmu/uncore.h"
#include "pmu/uncore_disc_box.h"

/*
 * The default uncore events of ci's family on its boxes, in order: fn(ctx, name, spec)
 * each (name NULL: the one evspec gives), until fn returns false.
 */
void uncore_defaults_each(const struct cpu_info *ci, const struct box_set *boxes,
			  bool (*fn)(void *ctx, const char *name, const char *spec), void *ctx);

/*
 * Whether ci's uncore is read from a discovery table: its family's is, or it is an Intel
 * part efipmu has no family for, of Sapphire Rapids' model number or later and not hybrid
 * (the hybrid clients' uncore has no table), counted through its table when firmware
 * publishes one, as Linux does for a model it does not list (arch/x86/events/intel/uncore.c:
 * generic_uncore_init when intel_uncore_has_discovery_tables).
 */
bool uncore_disc_wanted(const struct cpu_info *ci);
/* Sapphire Rapids (06_8F): Linux's UPI quirk applies to its table (pmu/uncore_disc_box.h). */
bool uncore_disc_spr(const struct cpu_info *ci);

/*
 * Where ci's tables are looked for (pmu/uncore_disc_box.h): its platform's row, the first
 * CPU of each die (dies, ndies, kept by the caller), its quirks.
 */
struct disc_where uncore_disc_where(const struct cpu_info *ci, const struct disc_die *dies,
				    unsigned ndies);
/*
 * A table was found for boot, a part of no family: ci, of boot's model and no family either,
 * is counted through it (its family becomes the table's).
 */
void uncore_disc_adopt(struct cpu_info *ci, const struct cpu_info *boot);

#endif
