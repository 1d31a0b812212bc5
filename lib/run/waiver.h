/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Waivers: a failing check that a known erratum (hw/errata.h) or a lab's own waiver file
 * (setting "waivers = FILE") explains ends WAIVED with that reference, never PASS. The
 * file is parsed strictly: a bad line is one error naming FILE:LINE and nothing runs.
 *
 * A waiver file has one waiver a line, '#' comments and blank lines allowed:
 *   signature=06-2d-7 check=instructions event=INST_RETIRED.ANY_P ref=LAB-17 board A2
 * signature FF-MM or FF-MM-S (hex, as the console's FAM-MOD column), microcode-below=N
 * (microcode revisions below N), check=KIND (instructions, branches, loads, stores,
 * bounded, box-clocks) and event=NAME (the check's event as the log names it), each at most once and
 * at least a check or an event; ref= last, the rest of the line, is the reference shown.
 */
#ifndef EFIPMU_RUN_WAIVER_H
#define EFIPMU_RUN_WAIVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "hw/event.h"
#include "run/verdict.h"
#include "util/status.h"

#define WAIVER_MAX 32           /* waivers a file may hold */
#define WAIVER_REF_MAX 80       /* characters of a reference */
#define WAIVER_FILE_MAX 8192    /* bytes of a waiver file */
#define WAIVER_LINE_MAX 256     /* a waiver written back (waiver_format), or described */

struct waiver {
	uint16_t line;                  /* of the file, from 1 */
	bool has_sig, has_stepping;
	uint8_t family, model, stepping;
	uint32_t microcode_below;       /* 0: any microcode */
	int8_t kind;                    /* enum check_kind, -1 any */
	char event[EVENT_NAME_MAX];     /* "" any */
	char ref[WAIVER_REF_MAX];
	unsigned matched;               /* checks it waived in this run */
};

struct waiver_set {
	unsigned n;
	struct waiver w[WAIVER_MAX];
};

/* What failed: the CPU it ran on and the check's event, for waiver_match. */
struct waiver_subject {
	uint32_t family, model, stepping, microcode;
	uint8_t core_type;
	uint32_t native_model;
	bool intel;
	enum check_kind kind;
	const char *event;              /* the check's event, as its record names it */
	bool gp;                        /* counted on a general-purpose counter ... */
	uint64_t config;                /* ... with this PERFEVTSEL value (EN left out) */
};

/* Why a check is waived: a reference and where it comes from. */
struct waiver_hit {
	const char *ref;                /* "SKL091", or the lab's text */
	const char *list;               /* an erratum: the Intel list that names it; else NULL */
	const struct waiver *lab;       /* a lab's waiver: its line; else NULL */
};

/*
 * Parses a waiver file's text (n bytes) into out. PMU_OK, or an error with "LINE: why"
 * in err (cap bytes); out is then empty.
 */
pmu_status waiver_parse(const char *text, size_t n, struct waiver_set *out, char *err, size_t cap);
/*
 * The erratum or lab waiver (lab, may be NULL) that explains s failing: true with hit set
 * (a lab waiver's matched count raised), false when none does. Errata come first.
 */
bool waiver_match(struct waiver_set *lab, const struct waiver_subject *s, struct waiver_hit *hit);
/* w as a line of a waiver file, its keys in the order above. */
void waiver_format(const struct waiver *w, struct strbuf *sb);
/* "SKL091 (Intel event list skylakex_core, title UNCONFIRMED)" or "LAB-17 (FILE:3)". */
void waiver_describe(const struct waiver_hit *hit, const char *file, struct strbuf *sb);

#endif
