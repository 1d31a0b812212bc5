/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Reading and checking an uncore discovery table (Sapphire Rapids onward): the
 * firmware's own description of a socket's PMON units. Firmware gets it wrong
 * (Linux uncore_discovery.c and its history; likwid #689, #633, PR #639; PCM
 * #758), so every unit is checked and each problem named, handled as Linux does.
 * Pure decoding: the bytes come from the app (the table's BAR), a log or a file.
 */
#ifndef EFIPMU_UNCORE_DISCOVERY_H
#define EFIPMU_UNCORE_DISCOVERY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "util/fmt.h"
#include "util/status.h"

#define DISC_MAX_UNITS 512   /* the global state's max_units is 10 bits: up to 1023 */

/* What can be wrong with the table or one unit (bits of `problems`). */
enum disc_problem {
	DP_GLOBAL_INVALID,  /* global state all ones or zero: table disabled or unreadable */
	DP_STRIDE,          /* global stride 0 or under the 3 qwords of a state */
	DP_TRUNCATED,       /* fewer bytes than max_units states need */
	DP_TOO_MANY,        /* more units than efipmu keeps */
	DP_EMPTY,           /* a unit state whose first or second qword is 0: skipped */
	DP_ALL_ONES,        /* a qword of all ones: read from an absent device, skipped */
	DP_ZERO_OFFSET,     /* box control, ctl_offset or ctr_offset 0: dropped */
	DP_NO_COUNTERS,     /* num_regs 0: nothing to count */
	DP_WIDTH,           /* bit_width 0 or over 64 */
	DP_ACCESS,          /* access type 3: no way to reach the unit */
	DP_DUP_BOX_ID,      /* a box id already seen for this type: dropped */
	DP_OUTSIDE,         /* address outside every MCFG bus range or BAR given */
	DP_QUIRK_SPR_UPI,   /* SPR UPI/M3UPI entries Linux ignores: they may point at nothing */
	DP_ABSENT,          /* a PCI unit whose function reads all ones (uncore_disc_find.h) */
	DP_PAST_PHYS,       /* an MMIO unit past the CPU's physical address width: unreachable */
	DP_BROKEN_TYPE,     /* a type Linux ignores on this platform: its PMON is broken */
	DP_COUNT
};

struct disc_unit {
	uint16_t index;            /* its place in the table */
	uint16_t type, box_id;
	uint8_t access;            /* enum disc_access */
	uint8_t counters, width, ctl_offset, ctr_offset, status_offset;
	uint64_t box_ctl;          /* MSR number, physical address or PCI address */
	uint32_t problems;         /* bits of enum disc_problem */
	bool usable;               /* no problem that makes Linux skip or drop it */
	bool relocated;            /* box_ctl is the device of its id's, not the table's */
};

struct disc_table {
	uint8_t type, stride, access;
	uint16_t max_units;
	uint64_t global_ctl;
	uint8_t status_offset;
	uint16_t num_status;
	uint32_t problems;         /* the table's own (DP_GLOBAL_INVALID .. DP_TOO_MANY) */
	unsigned nunits, nusable;
	struct disc_unit unit[DISC_MAX_UNITS];
};

/* Where units may lie: PCI buses per segment (from MCFG) and MMIO windows (BARs). */
struct disc_bus_range {
	uint16_t segment;
	uint8_t start, end;
};
struct disc_mmio_range {
	uint64_t base, size;
};
struct disc_space {
	const struct disc_bus_range *buses;
	unsigned nbuses;
	const struct disc_mmio_range *mmio;
	unsigned nmmio;
	bool spr_quirks;           /* the part is Sapphire Rapids (06_8F): its UPI quirk applies */
	uint8_t phys_bits;         /* the CPU's physical address width; 0: not known */
};

/*
 * Decodes len bytes of a table (little-endian qwords) into t and checks every unit;
 * where (may be NULL) gives the address space to check against. PMU_ERR_INVALID when
 * the global state is unusable (t->problems says why); units are kept with their
 * problems either way.
 */
pmu_status disc_parse(const uint8_t *bytes, size_t len, const struct disc_space *where,
		      struct disc_table *t);

/*
 * Marks every usable unit of t whose type is one of types[0..n) DP_BROKEN_TYPE and unusable
 * (a platform's ignored types, hw/disc_platforms.h). Returns how many.
 */
unsigned disc_ignore_types(struct disc_table *t, const uint16_t *types, unsigned n);

/* The problem's name ("all-ones", ...) and what it means for a lab, one short sentence. */
const char *disc_problem_name(enum disc_problem p);
const char *disc_problem_why(enum disc_problem p);

/*
 * The CHA count of the table against another source's (SPR: MSR 0x2FFE, or the
 * CAPID registers). 0 from the other source is no evidence (EMR XCC reads 0 there,
 * Linux then keeps the table's): returns the count to use and says in sb what was
 * compared, when sb is not NULL.
 */
unsigned disc_cha_count(const struct disc_table *t, unsigned other, const char *other_name,
			struct strbuf *sb);

#endif
