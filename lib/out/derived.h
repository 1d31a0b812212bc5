/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Metrics derived from measured counts, in integers (no floating point in
 * lib/): values are fixed-point thousandths of their unit. A metric is
 * present only when every input it needs was measured and is non-zero;
 * an absent metric is never shown as 0.
 */
#ifndef EFIPMU_DERIVED_H
#define EFIPMU_DERIVED_H

#include <stdbool.h>
#include <stdint.h>
#include "util/fmt.h"

/* What a measured event stands for, by the names the app logs. */
enum derived_role {
	DR_NONE,
	DR_INSTRUCTIONS,     /* instructions, INST_RETIRED.ANY(_P), Instruction Retired */
	DR_CYCLES,           /* cycles, cpu-cycles, CPU_CLK_UNHALTED.THREAD(_P) / .CORE(_P) */
	DR_BRANCHES,         /* branches, BR_INST_RETIRED.ALL_BRANCHES */
	DR_BRANCH_MISSES,    /* branch-misses, BR_MISP_RETIRED.ALL_BRANCHES */
	DR_LLC_REFS,         /* cache-references, LONGEST_LAT_CACHE.REFERENCE, LLC_REFERENCES */
	DR_LLC_MISSES,       /* cache-misses, LONGEST_LAT_CACHE.MISS, LLC_MISSES */
	DR_MEM_READ_LINES,   /* 64-byte lines read from memory: UNC_M_CAS_COUNT.RD, UNC_QMC_NORMAL_READS.ANY */
	DR_MEM_WRITE_LINES,  /* lines written: UNC_M_CAS_COUNT.WR, UNC_QMC_WRITES.FULL.ANY */
	DR_MEM_LINES,        /* both: UNC_M_CAS_COUNT.ALL */
	DR_ROLE_COUNT
};

enum derived_id {
	DM_IPC,              /* instructions / cycles */
	DM_CPI,              /* cycles / instructions */
	DM_BRANCH_MISS,      /* branch-misses / branches, in % */
	DM_LLC_MISS,         /* LLC misses / LLC references, in % */
	DM_MEM_READ_BW,      /* MB/s (10^6 bytes) over the TSC window */
	DM_MEM_WRITE_BW,
	DM_MEM_BW,           /* read + write (or the .ALL event) */
	DM_TD_RETIRING,      /* top-down level 1 from IA32_PERF_METRICS, % of the slots */
	DM_TD_BAD_SPEC,
	DM_TD_FE_BOUND,
	DM_TD_BE_BOUND,
	DM_COUNT
};

#define DERIVED_LINE_BYTES 64u

struct derived_input {
	const char *event;   /* as logged: "instructions", "cpu/INST_RETIRED.ANY/", ... */
	uint64_t delta;
};

struct derived_metric {
	const char *name;    /* "IPC", "branch-mispredict ratio", ... */
	const char *unit;    /* "", "%", "MB/s" */
	bool present;
	uint64_t milli;      /* value * 1000, rounded to nearest */
};

struct derived_set {
	struct derived_metric m[DM_COUNT];
};

/*
 * The level-1 top-down metrics of an IA32_PERF_METRICS value (hw/layouts_core.c: each
 * field the fraction of TOPDOWN.SLOTS times 0xFF), into out's DM_TD_* in %.
 */
void derived_topdown(uint64_t perf_metrics, struct derived_set *out);

/* Role of an event name (case-insensitive; a "pmu/NAME/" wrapper without terms is looked through). */
enum derived_role derived_role_of(const char *event);

/*
 * Metrics of one CPU (core events) or one package (uncore events). The first
 * event of each role counts, but memory lines, which add up over the channels. Bandwidth needs the window in TSC ticks and the
 * TSC rate in Hz; 0 for either leaves it absent.
 */
void derived_compute(const struct derived_input *in, unsigned n, uint64_t tsc_ticks, uint64_t tsc_hz,
		     struct derived_set *out);

/* Thousandths as a decimal: 1234 -> "1.234", 5 -> "0.005". */
void derived_fmt_milli(struct strbuf *sb, uint64_t milli);
/* "IPC 1.234", "branch-mispredict ratio 2.500%", "memory bandwidth 812.345 MB/s"; nothing if absent. */
void derived_fmt(struct strbuf *sb, const struct derived_metric *m);

/* (a * b) / c rounded to nearest, in 128-bit arithmetic; false if c is 0 or it does not fit. */
bool derived_muldiv(uint64_t a, uint64_t b, uint64_t c, uint64_t *out);
/* Lines of 64 bytes over ticks at hz in thousandths of MB/s; false: nothing (0) or overflow. */
bool derived_bandwidth(uint64_t lines, uint64_t ticks, uint64_t hz, uint64_t *milli);

#endif
