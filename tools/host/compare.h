/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu-host: compare's rules (compare.c), shared by compare, report --base and db regressions
 * so that a run is judged against another one way only.
 */
#ifndef EFIPMU_HOST_COMPARE_H
#define EFIPMU_HOST_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "runlog.h"

#define DEFAULT_TOLERANCE_MILLI 5000   /* 5 %, in thousandths of a percent */

/* "5", "0.5", "2.125" (a percentage) in thousandths of a percent; dies on anything else. */
uint64_t parse_percent(const char *s);

/* compare's rules: each difference of NEW from BASE is one row, in compare's order. */
enum cmp_kind {
	CMP_COUNT_MISSING,   /* a series of BASE missing in NEW: regressed */
	CMP_COUNT_MOVED,     /* medians apart beyond the tolerance: regressed */
	CMP_COUNT_ADDED,     /* only in NEW */
	CMP_CHECK_MISSING,   /* a check of BASE missing in NEW: regressed */
	CMP_CHECK_CHANGED,   /* PASS -> not PASS (regressed) or back */
	CMP_VERDICT,         /* verdicts differ, or NEW has none */
};

struct cmp_row {
	enum cmp_kind kind;
	const struct series *a, *b;    /* counts (a: BASE, b: NEW; one may be NULL) */
	const struct check *x, *y;     /* checks */
	bool regressed;
};

struct tally {
	unsigned counts, moved, missing, added, checks, regressed_checks, fixed_checks, missing_checks;
	bool verdict_regressed;
	unsigned regressions;
};

typedef void cmp_emit(void *ctx, const struct cmp_row *r);
void compare_runs(const struct runlog *a, const struct runlog *b, uint64_t tol, struct tally *t,
		  cmp_emit *emit, void *ctx);   /* emit NULL: only the tally */
/* compare's line for a row (without the newline); change() the signed change "+12.345%". */
void compare_row_text(const struct runlog *a, const struct runlog *b, const struct cmp_row *r,
		      char *buf, size_t cap);
const char *change(uint64_t base, uint64_t now);
/*
 * compare's first line: whether the two runs come from the same machine (SMBIOS system, board,
 * CPU part) and the same firmware (system table vendor and revision, SMBIOS BIOS vendor,
 * version and date), naming each fact that differs.
 */
void compare_machines(const struct runlog *a, const struct runlog *b, char *buf, size_t cap);
/* An emitter printing compare's line of each row after indent, for compare_runs. */
struct compare_print {
	const struct runlog *a, *b;
	const char *indent;
};
void compare_print_row(void *ctx, const struct cmp_row *r);

#endif
