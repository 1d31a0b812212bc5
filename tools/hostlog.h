/*
 * What the host tool's commands share (tools/efipmu-host.c defines it): its error exit, the
 * log as read back, the series of one count over its repeats and compare's rules, so that
 * report (tools/report.c) and db (tools/db.c) judge a run exactly as compare does.
 */
#ifndef EFIPMU_HOSTLOG_H
#define EFIPMU_HOSTLOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "out/logread.h"
#include "pmu/evspec.h"
#include "util/stats.h"

#define EXIT_REGRESSED 1   /* compare: a check regressed; dry-run: a phase failed */
#define EXIT_ERROR 2
#define DEFAULT_TOLERANCE_MILLI 5000   /* 5 %, in thousandths of a percent */

void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
void *xcalloc(size_t n, size_t size);
char *read_whole(const char *path, size_t *len);
uint64_t parse_percent(const char *s);
const char *grouped(uint64_t v);

struct count {
	uint64_t cpu, apic_id, package, counter, ctl_msr, ctl_value, ctr_msr, start, end, delta;
	uint64_t repeat, tsc_ticks;
	char box[32], event[EVENT_NAME_MAX], kind[8], kernel[32];
	bool overflowed, sim;
};

struct check {
	uint64_t cpu, package, expected, measured;   /* cpu, or package when !has_cpu */
	char check[96], kernel[32], result[16], reason[160];
	bool sim, has_cpu;
};

struct runlog {
	const char *path;
	bool have_header, have_verdict, header_sim, verdict_sim;
	char tool[16], version[16], backend[16], time[32], fw_vendor[64], cmdline[256];
	uint64_t tsc_hz, cpus_found, cpus_enabled;
	char verdict[16], reason[160];
	uint64_t cpus_ran, cpus_missing, cpus_with_pmu;
	struct count *counts;
	unsigned ncounts, cap_counts;
	struct check *checks;
	unsigned nchecks, cap_checks;
};

/* What a reader of the log wants besides the runlog: every record as it is read. */
struct load_hooks {
	bool strict;   /* a cut-off last line is an error, not skipped with a warning */
	void (*record)(void *ctx, const struct logrec_view *v, unsigned line);
	void *ctx;
};

/* Reads a log; a malformed record ends the tool with its line number (die). */
void load(struct runlog *g, const char *path);
void load_with(struct runlog *g, const char *path, const struct load_hooks *h);
void unload(struct runlog *g);

/* One (CPU, box, event, kernel) over its repeats. */
struct series {
	const struct count *first;
	unsigned n;
	uint64_t *deltas, *ticks;
	struct stats_u64 st, ticks_st;   /* deltas; TSC ticks of the windows (when logged) */
	bool sim, overflowed;
};

struct series *make_series(const struct runlog *g, unsigned *count);
void free_series(struct series *s, unsigned n);
const char *where(const struct count *c);          /* "cpu 3", "pkg 0" */
const char *check_label(const struct check *k);    /* "cpu 1 kernel ... (inst)" */

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
/* An emitter printing compare's line of each row after indent, for compare_runs. */
struct compare_print {
	const struct runlog *a, *b;
	const char *indent;
};
void compare_print_row(void *ctx, const struct cmp_row *r);

/* What report.c's page is made of. */
struct report_args {
	const char *path, *label;   /* the log, and what the page calls it */
	const char *base;           /* NULL: no comparison */
	uint64_t tol;
	const char *board;          /* the board a store was told at import; NULL: none */
};
void report_write(FILE *o, const struct report_args *a);

/* The commands of their own files. */
int cmd_report(int argc, char **argv);   /* report.c */
int cmd_db(int argc, char **argv);       /* db.c */

#endif
