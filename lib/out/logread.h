/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Reading one JSON Lines record of the run log back (schema in docs/log.md),
 * without libc: the line is checked as JSON and its top-level keys are
 * indexed into a fixed-size view pointing into the line. Nested objects and
 * arrays are validated and kept as raw text (logread_get_obj re-reads one).
 * Built to be fuzzed: bounded nesting, no read past len, no allocation.
 */
#ifndef EFIPMU_LOGREAD_H
#define EFIPMU_LOGREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "pmu/regname.h"
#include "util/status.h"

#define LOGREAD_MAX_KEYS 48
#define LOGREAD_MAX_DEPTH 16   /* nesting of objects and arrays, the record itself included */

enum logval_type { LV_STRING, LV_NUMBER, LV_BOOL, LV_NULL, LV_OBJECT, LV_ARRAY };

struct logval {
	const char *key;      /* raw key text inside the quotes (escapes not decoded) */
	size_t key_len;
	uint8_t type;         /* enum logval_type */
	const char *raw;      /* strings: between the quotes; others: the value's whole text */
	size_t raw_len;
	bool is_u64, is_i64;  /* LV_NUMBER: an integer that fits */
	uint64_t u;
	int64_t i;
	bool b;               /* LV_BOOL */
};

struct logrec_view {
	unsigned n;
	struct logval v[LOGREAD_MAX_KEYS];
	size_t err_pos;        /* on error: byte offset where the line went wrong */
	const char *err;       /* on error: what was wrong, one short phrase */
};

/*
 * Parses one record: a JSON object, optionally surrounded by whitespace and
 * ended by "\n" or "\r\n". PMU_ERR_INVALID: not well-formed JSON, not an
 * object, duplicate key, or nesting deeper than LOGREAD_MAX_DEPTH;
 * PMU_ERR_NOSPACE: more than LOGREAD_MAX_KEYS keys. out->err says which.
 */
pmu_status logread_line(const char *line, size_t len, struct logrec_view *out);

/*
 * The next record of text[*pos..len) that parses, in v, *pos moved past its line; lines
 * that are not JSON objects (a cut last line, a blank) are passed over. false: no more.
 * Every reader of a log goes through it: any valid spacing, key order and escapes.
 */
bool logread_next(const char *text, size_t len, size_t *pos, struct logrec_view *v);

/* The value of key (NUL-terminated, compared with escapes decoded), or NULL. */
const struct logval *logread_find(const struct logrec_view *v, const char *key);

/*
 * Lookups: PMU_ERR_NOT_FOUND without the key, PMU_ERR_INVALID for a value of
 * another type, PMU_ERR_RANGE for a number that does not fit.
 * Numbers read from integers or from hex strings ("0x1a3", as the log writes them).
 */
pmu_status logread_get_u64(const struct logrec_view *v, const char *key, uint64_t *out);
pmu_status logread_get_i64(const struct logrec_view *v, const char *key, int64_t *out);
pmu_status logread_get_bool(const struct logrec_view *v, const char *key, bool *out);
/* A register by its name (pmu/regname.h): "msr 0x186", "pci 0000:7f:10.4+0xd8", "mmio 0x..". */
pmu_status logread_get_reg(const struct logrec_view *v, const char *key, struct regname *out);
/* Decoded string, NUL-terminated; PMU_ERR_NOSPACE (truncated) if it does not fit cap. */
pmu_status logread_get_str(const struct logrec_view *v, const char *key, char *buf, size_t cap);
/* The nested object under key, read as a view of its own. */
pmu_status logread_get_obj(const struct logrec_view *v, const char *key, struct logrec_view *out);
/*
 * The elements of an array a view holds (validated with its record), one at a time: the
 * next from *pos (0 at first) in *out, *pos moved past it. false after the last, or when
 * arr is not an array.
 */
bool logread_elem(const struct logval *arr, size_t *pos, struct logval *out);

/* True when key holds the string want (e.g. logread_str_is(v, "rec", "count")). */
bool logread_str_is(const struct logrec_view *v, const char *key, const char *want);
/* "simulated":true */
bool logread_simulated(const struct logrec_view *v);

/* Decodes the string escapes of raw[0..n) into buf (NUL-terminated); false if truncated. */
bool logread_unescape(const char *raw, size_t n, char *buf, size_t cap);

#endif
