/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The discovery table a Sapphire Rapids or Emerald Rapids socket's firmware
 * publishes, as the model's machine has it, and the ways real firmware has
 * broken it (Linux arch/x86/events/intel/uncore_discovery.c and its history; PCM
 * src/uncore_pmu_discovery.cpp).
 * Written from the sources' description of the table, not from efipmu's decoder.
 */
#ifndef EFIPMU_MODEL_DISCOVERY_H
#define EFIPMU_MODEL_DISCOVERY_H

#include <stddef.h>
#include <stdint.h>

enum model_disc_defect {
	MDD_NONE,
	MDD_GLOBAL_ONES,     /* "Invalid Global Discovery State: 0xffff..." (BIOS setting off) */
	MDD_UNIT_ONES,       /* one unit read from an absent device: all ones */
	MDD_UNIT_ZERO,       /* one unit state left zero */
	MDD_ZERO_OFFSET,     /* one unit with ctr_offset 0 */
	MDD_DUP_ID,          /* two CHAs with the same box id */
	MDD_BAR_ZERO,        /* the iMC units point at a BAR firmware never programmed (0) */
	MDD_EVERY,           /* all of the unit defects above in one table */
	MDD_UPI_MISPLACED,   /* the UPI/M3UPI units name functions where nothing is (SPR's quirk) */
	MDD_COUNT
};

struct model_disc_part;

/*
 * The socket's units: CHAs (MSR), iMC channels (MMIO), M2M, UPI, M3UPI (PCI), and its part's
 * others (model_disc_units.h).
 */
struct model_disc_machine {
	unsigned chas, imcs, m2ms, upis;
	uint64_t mmio_base;      /* where firmware mapped the iMC registers */
	uint8_t bus;             /* the socket's uncore bus (segment 0) */
	const struct model_disc_part *part;   /* NULL: none besides those above */
};

/*
 * One socket of the model's sapphire-rapids machine: 8 CHAs, 4 memory controllers
 * of 2 channels, 4 M2M, 3 UPI links (an 8-core part's uncore; a full XCC has more); the
 * profiles' machines add their part's other units (model_disc_units.h), this one, the unit
 * tests' fixture, has none.
 */
extern const struct model_disc_machine model_disc_spr;

/* The defect's name as --sim-break and tests spell it; NULL past the last. */
const char *model_disc_defect_name(enum model_disc_defect d);

/*
 * Writes the table of machine m with defect d into buf (cap bytes); returns its
 * length, or 0 when it does not fit.
 */
size_t model_disc_table(const struct model_disc_machine *m, enum model_disc_defect d,
			uint8_t *buf, size_t cap);

#endif
