/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu-host: the records of one log (summary, compare, csv) and its counts grouped in series,
 * one (CPU, box, event, kernel) over its repeats.
 */
#ifndef EFIPMU_HOST_RUNLOG_H
#define EFIPMU_HOST_RUNLOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "out/logread.h"
#include "pmu/evspec.h"
#include "util/stats.h"

#define SIM_TAG "[SIM] "

struct count {
	uint64_t cpu, apic_id, package, counter, ctl_value, start, end, delta;
	struct regname ctl, ctr;   /* the control and counter registers, whatever their kind */
	char ctl_fields[192];      /* the log's decoded control, its fields not zero: "en=1 ..." */
	uint64_t repeat, tsc_ticks;
	char box[32], event[EVENT_NAME_MAX], kind[8], kernel[32];
	bool overflowed, sim;
	bool has_ccx;          /* AMD L3: the CCX it counted ("ccx") */
	uint64_t ccx;
	bool has_die;          /* a die's own MSR unit (Diamond Rapids' CBO): its die ("die") */
	uint64_t die;
};

struct check {
	uint64_t cpu, package, expected, measured;   /* cpu, or package when !has_cpu */
	uint64_t expected_min, expected_max;         /* a bound, where the check has one */
	char check[96], kernel[32], result[16], reason[160];
	bool sim, has_cpu;
	bool has_expected, has_min, has_max, has_measured;
};

/*
 * The machine and firmware a run names (issue 26 item 1): the capture's SMBIOS (its platform
 * machine record) and the header's firmware vendor and revision (the system table's); ""
 * where the log does not say. What compare and the store of runs key on.
 */
struct machine_ident {
	bool smbios;                  /* the capture's SMBIOS was read */
	char why_not[96];             /* else why: no capture, or the capture's smbios_why */
	char bios_vendor[64], bios_version[64], bios_date[32];
	char sys_maker[64], sys_product[64], board_maker[64], board_product[64];
	char cpu_part[64];            /* type 4 of the first populated socket: part, else version */
};

/* No identity yet: why_not says the log has no capture. */
void ident_init(struct machine_ident *id);
/* The identity in a machine record of scope platform (others are not read). */
void ident_from_platform(const struct logrec_view *v, struct machine_ident *id);
/* "MAKER PRODUCT" of the board (SMBIOS type 2), else of the system (type 1); "" if neither. */
void ident_board(const struct machine_ident *id, char *buf, size_t cap);
/* "BIOS VENDOR VERSION (DATE)"; "" without SMBIOS. */
void ident_bios(const struct machine_ident *id, char *buf, size_t cap);
/* "MAKER PRODUCT, BIOS VENDOR VERSION (DATE)" of the SMBIOS system, else why_not. */
void ident_line(const struct machine_ident *id, char *buf, size_t cap);

struct runlog {
	const char *path;
	bool have_header, have_verdict, header_sim, verdict_sim;
	char tool[16], version[16], backend[16], time[32], fw_vendor[64], cmdline[256];
	char options[600];   /* the header's effective settings */
	char fw_revision[32];
	struct machine_ident id;
	uint64_t tsc_hz, cpus_found, cpus_enabled;
	char verdict[16], reason[160];
	uint64_t cpus_ran, cpus_missing, cpus_with_pmu;
	struct count *counts;
	unsigned ncounts, cap_counts;
	struct check *checks;
	unsigned nchecks, cap_checks;
};

struct series {
	const struct count *first;
	unsigned n;
	uint64_t *deltas, *ticks;
	struct stats_u64 st, ticks_st;   /* deltas; TSC ticks of the windows (when logged) */
	bool sim, overflowed;
};

/* What a reader of the log wants besides the runlog: every record as it is read. */
struct load_hooks {
	bool strict;   /* a cut-off last line is an error, not skipped with a warning */
	void (*record)(void *ctx, const struct logrec_view *v, unsigned line);
	void *ctx;
};

/*
 * A run cut off mid-write leaves a last line without its newline: it is
 * skipped with a warning (refused when strict). Any other malformed line is an error (die).
 */
void load(struct runlog *g, const char *path);
void load_with(struct runlog *g, const char *path, const struct load_hooks *h);
void unload(struct runlog *g);

bool same_series(const struct count *a, const struct count *b);
/* In order of first appearance; the caller frees with free_series. */
struct series *make_series(const struct runlog *g, unsigned *count);
void free_series(struct series *s, unsigned n);

const char *sim_tag(bool sim);
/* "cpu 3" for core counts, "pkg 0" for uncore counts (counted once per package). */
const char *where(const struct count *c);
const char *check_label(const struct check *k);
/*
 * What a check expected, as its record says it: "expected 1,000", a bound ("expected at most
 * 1,100", "at least", "900 to 1,100") or "nothing expected"; and what it measured, "measured
 * 1,012" or "not measured".
 */
void check_expected(const struct check *k, char *buf, size_t cap);
void check_measured(const struct check *k, char *buf, size_t cap);
void print_header(const struct runlog *g, const char *label);

#endif
