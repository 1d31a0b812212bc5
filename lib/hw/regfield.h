/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Register layouts as data. One const table of fields per register, written
 * straight from the spec tables; encoding, input validation and the decoded
 * log all go through the functions below and nothing else.
 */
#ifndef EFIPMU_REGFIELD_H
#define EFIPMU_REGFIELD_H

#include <stddef.h>
#include <stdint.h>
#include "util/fmt.h"
#include "util/status.h"

enum reg_access {
	RA_RW,   /* read/write */
	RA_RO,   /* read only: never encoded from user input */
	RA_WO,   /* write only: reads back as 0 (e.g. a reset bit) */
	RA_W1C,  /* write 1 to clear */
	RA_RSV,  /* reserved: software must write 0 */
	RA_IG,   /* ignored: reads 0, writes dropped */
};

struct reg_field {
	const char *name;     /* the spec's field name */
	uint8_t lsb;
	uint8_t width;
	uint8_t access;       /* enum reg_access */
	const char *aliases;  /* space-separated other names (perf's), or NULL */
};

/* Values of a field that the spec leaves undefined: never encoded or written. */
struct reg_undefined {
	const char *field;
	uint64_t values;      /* bit v: value v (< 64) */
};

struct reg_layout {
	const char *name;
	const struct reg_field *fields;
	unsigned nfields;
	const struct reg_undefined *undefined;   /* ends with field NULL; NULL: none */
};

#define REG_LAYOUT(lname, table) \
	{ .name = (lname), .fields = (table), .nfields = sizeof(table) / sizeof((table)[0]) }
#define REG_LAYOUT_UNDEF(lname, table, undef) \
	{ .name = (lname), .fields = (table), .nfields = sizeof(table) / sizeof((table)[0]), \
	  .undefined = (undef) }

uint64_t reg_field_mask(const struct reg_field *f);
uint64_t reg_field_max(const struct reg_field *f);
uint64_t reg_get_field(uint64_t word, const struct reg_field *f);

/* Field by name or alias, case-insensitive; name need not be NUL-terminated. */
const struct reg_field *reg_find_field(const struct reg_layout *l, const char *name, size_t len);
/* The bits of the field named name (NUL-terminated); 0 where l has no such field. */
uint64_t reg_named_mask(const struct reg_layout *l, const char *name);

/* Bits software may set: the union of RW, WO and W1C fields. */
uint64_t reg_settable_mask(const struct reg_layout *l);
/* Bits that read back what was written: the RW fields. */
uint64_t reg_holding_mask(const struct reg_layout *l);

/* Whether value is an encoding of l's field f that the spec leaves undefined. */
int reg_value_undefined(const struct reg_layout *l, const struct reg_field *f, uint64_t value);

/* Sets a field to value; PMU_ERR_RANGE if too wide, PMU_ERR_RESERVED for RO/RSV/IG fields. */
pmu_status reg_set_field(uint64_t *word, const struct reg_field *f, uint64_t value);

/*
 * Checks a whole word before it is written: every set bit must lie in a
 * settable field and inside allowed (the bits this CPU implements), else
 * PMU_ERR_RESERVED; no field may hold an undefined encoding, else
 * PMU_ERR_INVALID. On error *bad_bit is the lowest offending bit (for an
 * undefined encoding, its field's lsb).
 */
pmu_status reg_validate(const struct reg_layout *l, uint64_t word, uint64_t allowed,
			unsigned *bad_bit);

/* "name=value name=value ..." for every non-reserved field; zero fields too when all. */
void reg_decode(const struct reg_layout *l, uint64_t word, int all, struct strbuf *sb);
/* {"field":value,...} for every non-reserved field. */
void reg_decode_json(const struct reg_layout *l, uint64_t word, struct strbuf *sb);

#endif
