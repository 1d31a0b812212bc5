/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The PMU validation suite (--selftest): checks, each PASS, FAIL or SKIP with
 * a reason, that the core PMU of a CPU and the uncore of a package behave as
 * the seeds say. It runs on the CPU it checks, through the backend only, and
 * puts back every register it writes. Kernels are run through the backend
 * (pmu_run_kernel, the gated run's descriptor): the real one runs their code,
 * the model replays them.
 *
 * Core (per CPU, selftest_core): registers exist and hold their writable bits,
 * counter widths, overflow + status + clear, EN / global / fixed ring enables,
 * the `inst` and `branch` kernels' exact counts after the empty kernel's
 * overhead, cycles against the TSC, CMASK / INV / edge, SMIs around kernels.
 * Uncore (per package, selftest_uncore): registers and widths of every box of
 * the family, overflow, the clock counters, threshold / invert / edge, M-box
 * count modes and freeze-after-N.
 */
#ifndef EFIPMU_SELFTEST_H
#define EFIPMU_SELFTEST_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/backend.h"
#include "pmu/core_engine.h"
#include "pmu/cpuinfo.h"
#include "check/kernels.h"
#include "pmu/restore_check.h"
#include "pmu/uncore.h"

enum selftest_result { SELFTEST_PASS, SELFTEST_FAIL, SELFTEST_SKIP };
enum selftest_scope { SELFTEST_CPU, SELFTEST_PACKAGE };

#define SELFTEST_NAME_MAX 28
#define SELFTEST_REASON_MAX 100
#define SELFTEST_MAX_CHECKS 192  /* Ice Lake-SP: 78 MSR, PCI and MMIO boxes, 2-3 checks each */

struct selftest_check {
	char name[SELFTEST_NAME_MAX];
	uint8_t scope;              /* enum selftest_scope */
	uint8_t result;             /* enum selftest_result */
	uint32_t where;             /* CPU index or package number */
	bool has_ccx;               /* a later CCX of the package (AMD L3): its number */
	uint32_t ccx;
	uint64_t expected, measured;
	char reason[SELFTEST_REASON_MAX];
};

/*
 * One kernel run as the suite asks for it. The kernels take a pointer to
 * struct kernel_args, which comes first, so the same pointer serves both.
 */
struct selftest_call {
	struct kernel_args args;
	const struct kernel_desc *k;
	unsigned cpu;
};

struct selftest_env {
	const struct pmu_backend *b;
	unsigned cpu;
	const struct cpu_info *ci;  /* pmu_discover of cpu */
	const struct box_set *boxes;   /* the machine's uncore boxes; NULL: none */
	uint64_t iterations;        /* of the inst and branch kernels */
	bool force;                 /* take counters firmware left enabled (restored after) */
	const struct uncore_pci_pkg *pci;   /* the package's PCI boxes as found; NULL: not scanned */
	bool ccx_only;              /* a CCX after its package's first (AMD): its L3 alone */
	uint32_t ccx;
};

#define SELFTEST_UNC_EVENTS 4   /* the most events one uncore check plans */

/* Scratch of one run: the engines' sessions are too large for an AP stack. */
union selftest_scratch {
	struct core_session core[2];
	struct {
		struct uncore_session s;
		uint64_t tables[UNCORE_SESSION_BYTES(SELFTEST_UNC_EVENTS) / 8];
	} unc;
};

#define SELFTEST_SAVE_MAX 64

/*
 * Registers written, as ownership records (pmu/ownership.h) of what they held first: put
 * back by own_restore and read back by restore_check (pmu/restore_check.h), as the engines'
 * records are.
 */
struct selftest_saved {
	unsigned n;
	struct own_reg own[SELFTEST_SAVE_MAX];
	pmu_status st;              /* first failure (of saving, restoring or reading back) */
	uint32_t bad_msr;
};

struct selftest_report {
	unsigned n;
	bool truncated;             /* more checks than SELFTEST_MAX_CHECKS */
	unsigned pass, fail, skip;
	bool absent;                /* the PMU checked is absent or does not hold values */
	uint64_t smi;               /* SMIs counted around the kernels */
	struct selftest_check c[SELFTEST_MAX_CHECKS];
	struct selftest_saved saved;   /* the registers written and not yet put back */
	struct restore_tally readback; /* every restore read back: the suite's and its engines' */
	union selftest_scratch scratch;
};

/* Core PMU of env->cpu. Starts a fresh report. */
void selftest_core(const struct selftest_env *env, struct selftest_report *r);
/* Uncore of the package env->cpu belongs to (numbered package). Starts a fresh report. */
void selftest_uncore(const struct selftest_env *env, uint32_t package, struct selftest_report *r);

const char *selftest_result_str(enum selftest_result res);


/* ---- shared by lib/selftest*.c ---- */

struct selftest_run {
	const struct selftest_env *env;
	struct selftest_report *r;
	uint32_t where;
	uint8_t scope;
	bool smi_ok;                /* MSR_SMI_COUNT reads */
};

/* Starts a fresh report for one CPU or package; probes MSR_SMI_COUNT. */
void st_begin(struct selftest_run *t, const struct selftest_env *env, struct selftest_report *r,
	      enum selftest_scope scope, uint32_t where);
/* The "restore" check: every saved register went back. */
void st_restore_check(struct selftest_run *t);
/* The "smi count" check: SMIs around the kernels, or SKIP where the MSR faults. */
void st_smi_check(struct selftest_run *t);

struct selftest_check *st_add(struct selftest_run *t, const char *name, enum selftest_result res,
			      uint64_t expected, uint64_t measured);
/* Turns a check added as PASS or SKIP into a FAIL. */
void st_fail(struct selftest_run *t, struct selftest_check *c);
/* Appends to the reason of c. */
void st_why(struct selftest_check *c, const char *text);
void st_why_hex(struct selftest_check *c, uint64_t v);
void st_why_dec(struct selftest_check *c, uint64_t v);
/* A check that could not run: SKIP with "what: status". */
void st_skip(struct selftest_run *t, const char *name, const char *what, pmu_status st);

/* Reads msr into the save list (first time only), then writes val. */
pmu_status st_write(struct selftest_run *t, uint32_t msr, uint64_t val);
pmu_status st_read(struct selftest_run *t, uint32_t msr, uint64_t *val);
/*
 * What a saved record needs beyond its value (its write alias, quiet value, read-back rule),
 * set by the suite that wrote it, and its rank: own_restore's second pass puts the records
 * back lowest rank first (counters, controls, then gates), last saved first within a rank.
 */
typedef unsigned (*st_refine_fn)(const struct selftest_run *t, struct own_reg *r, const void *ctx);
/*
 * Puts back every saved register (own_restore, refined by refine(t, r, ctx) when given) and
 * reads each back on this CPU into the report's readback (restore_check).
 */
void st_restore(struct selftest_run *t, st_refine_fn refine, const void *ctx);
/* A counter's record read back modulo width, counting on (live) where firmware left it so; rank 0. */
unsigned st_counter(struct own_reg *r, unsigned width, bool live);
/* What firmware left in key: its saved record's value, else the register's own (never written). */
uint64_t st_found(const struct selftest_run *t, uint32_t key);

/* Writes two bit patterns of mask, reads each back, puts orig back. PMU_ERR_NOT_HELD on a mismatch. */
pmu_status st_holds(struct selftest_run *t, uint32_t msr, uint64_t mask, uint64_t *wrote,
		    uint64_t *read);

/* A kernel call for the runner; the run's SMIs are added to the report. */
void st_call(const struct selftest_run *t, struct selftest_call *c, const struct kernel_desc *k,
	     uint64_t iterations);
/* Runs k with c's arguments through the backend (the model replays it). */
uint64_t st_run(const struct selftest_run *t, const struct selftest_call *c);
uint64_t st_smi_read(const struct selftest_run *t);

/* |a - b| <= tol */
bool st_near(uint64_t a, uint64_t b, uint64_t tol);
/* Number of low bits set in v before the first clear one. */
unsigned st_ones(uint64_t v);

#endif
