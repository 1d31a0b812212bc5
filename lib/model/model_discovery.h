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
 * The global control the model's Sapphire/Emerald Rapids table names (q1 of its global
 * state, MSR access): a model choice, Linux names none for these parts.
 */
#define MODEL_DISC_SPR_GLOBAL 0x2FF0u
/* CBB die d's global control's key in its package's file (die 0's: MODEL_DISC_SPR_GLOBAL). */
uint32_t model_disc_cbb_global(unsigned d);

/*
 * What the model's global control holds at power-on where freeze_all is set (the bit's
 * position is not published: Linux's global_init writes 0 to the whole dword, tip
 * b575fc0e3357; the model sets bit 0, its choice). While it is not 0 no unit counter of
 * the table's domain counts.
 */
#define MODEL_DISC_FROZEN 0x1u

/*
 * The socket's units: CHAs (MSR), iMC channels (MMIO), M2M, UPI, M3UPI (PCI), and its part's
 * others (model_disc_units.h).
 */
struct model_disc_machine {
	unsigned chas, imcs, m2ms, upis;
	uint64_t mmio_base;      /* where firmware mapped the iMC registers */
	uint8_t bus;             /* the socket's uncore bus (segment 0) */
	const struct model_disc_part *part;   /* NULL: none besides those above */
	uint32_t global_on;      /* its global control at power-on: 0, or MODEL_DISC_FROZEN */
};

/*
 * One socket of the model's sapphire-rapids machine: 8 CHAs, 4 memory controllers
 * of 2 channels, 4 M2M, 3 UPI links (an 8-core part's uncore; a full XCC has more); the
 * profiles' machines add their part's other units (model_disc_units.h), this one, the unit
 * tests' fixture, has none; its
 * global control 0 at power-on (Linux clears it on no SPR/EMR domain: tip e75462f6c7ea).
 */
extern const struct model_disc_machine model_disc_spr;

/*
 * A part whose uncore has two discovery domains, as Diamond Rapids (Linux tip 6daf2c35b835
 * "Add IMH PMON support for Diamond Rapids", 66e2075426f3 "Add CBB PMON support",
 * b575fc0e3357 "Add domain global init callback"): a PCI discovery device (the IMH die's)
 * whose table lists the memory controllers, and a portal MSR per die (the CBB's) holding its
 * table's physical address, which lists the CBOs. The model serves both from the package's
 * table BAR (model_uncore_spr_pci.c): the IMH table at the BAR, the CBB table at
 * MODEL_DISC_CBB_OFF, the global controls (MMIO, 32 bits) at MODEL_DISC_GLOBALS_OFF (IMH)
 * and + 8 (CBB): model choices, the addresses are firmware's on a real part.
 */
struct model_disc_domains {
	uint16_t device;          /* the IMH domain's discovery device */
	uint32_t portal;          /* the CBB domain's portal MSR */
	uint32_t global_on[2];    /* each domain's global control at power-on: IMH, CBB */
};

#define MODEL_DISC_CBB_OFF 0x40000u
#define MODEL_DISC_GLOBALS_OFF 0x80000u

/* Diamond Rapids: device 0x09A1, portal MSR 0x710; the CBB frozen at power-on (DMR-7). */
extern const struct model_disc_domains model_disc_dmr;

/*
 * Domain dom's table (0 IMH, 1 CBB) of a package of part p whose machine is m and table BAR
 * bar, into buf (cap bytes); its length, or 0 when it does not fit. IMH: 2 m->imcs iMC
 * channels (type 6, MMIO as Sapphire Rapids' but with their counters at + 0x20, past the
 * fixed counter Linux puts at + 0x10/0x18) and one MSE unit (type 0x13, broken: Linux
 * ignores it). CBB die `die` (0 for IMH): m->chas - die CBOs, at least one (type 0x1F, MSR
 * 0x2000 + 0x10 n as Sapphire Rapids' CHAs; fewer on each later die, the model's choice, so
 * that one die's table is never taken for another's) and one SB2UCIE unit (type 0x25,
 * broken); its global control at bar + MODEL_DISC_GLOBALS_OFF + 8 + 8 die.
 */
size_t model_disc_domains_table(const struct model_disc_domains *p,
				const struct model_disc_machine *m, unsigned dom, unsigned die,
				uint64_t bar, uint8_t *buf, size_t cap);

/* The defect's name as --sim-break and tests spell it; NULL past the last. */
const char *model_disc_defect_name(enum model_disc_defect d);

/*
 * Writes the table of machine m with defect d into buf (cap bytes); returns its
 * length, or 0 when it does not fit.
 */
size_t model_disc_table(const struct model_disc_machine *m, enum model_disc_defect d,
			uint8_t *buf, size_t cap);

#endif
