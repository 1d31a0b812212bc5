/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The one verdict of a run, decided here for every job from the facts it
 * hands over (no job prints or logs its own): the outcome, and what the run
 * proved, its checks by kind. Also QEMU's exit status through isa-debug-exit:
 * (v << 1) | 1.
 */
#ifndef EFIPMU_RUN_VERDICT_H
#define EFIPMU_RUN_VERDICT_H

#include <stdbool.h>
#include "util/fmt.h"

enum verdict {
	VERDICT_PASS = 1,
	VERDICT_FAIL = 2,
	VERDICT_NO_PMU = 3,     /* ran, and the PMU is absent or does not hold values */
	VERDICT_ERROR = 4,      /* bad input or configuration: nothing ran */
	VERDICT_DISTURBED = 5,  /* every count is right, but a window never got quiet (SMIs) */
	VERDICT_NO_CHECK = 6,   /* ran, and nothing it counted could be checked: it proves nothing */
};

/* What a check compared: a kernel's exact claim per event, or another job's own proof. */
enum check_kind {
	CHECK_INSTRUCTIONS,     /* instructions retired against the kernel's exact claim */
	CHECK_BRANCHES,
	CHECK_LOADS,
	CHECK_STORES,
	CHECK_BOUNDED,          /* mispredicts, LLC references and misses within the claim's bounds */
	CHECK_UNCORE_PROBES,    /* an uncore box's control register holds what was written */
	CHECK_SELFTEST,         /* a check of the validation suite */
	CHECK_FAULT_PATHS,      /* a CPU's every #GP path came back as a status */
	CHECK_ICOUNT,           /* an instruction claim against QEMU -icount's TSC */
	CHECK_SKEW,             /* a skew measured from windows of at least 2 CPUs */
	CHECK_WRITE_LOGS,       /* a CPU's every would-be write recorded (dry run) */
	CHECK_BOX_CLOCKS,       /* the boxes of one clock domain tick alike */
	CHECK_MEMORY_BOUNDS,    /* a package's memory lines within the kernel's LLC misses */
	CHECK_FREERUN,          /* free-running bandwidth counters agree with the CAS counts */
	CHECK_CXL_TICKS,        /* a CXL CPMU's clock ticks within the TSC's bounds */
	CHECK_RESTORE,          /* a restored register read back as put back (pmu/restore_check.h) */
	CHECK_KINDS
};

#define VERDICT_WAIVED_REFS 4   /* references the verdict names; more are in the check records */

/* The checks a job made, by kind: what its verdict proved. */
struct verdict_checks {
	unsigned n[CHECK_KINDS];
	const char *none_why;          /* why it could check nothing, or NULL */
	unsigned disturbed;            /* windows that never got quiet (SMIs in every attempt) */
	/* of the checks above, those that failed as a known erratum or a lab's waiver says */
	unsigned waived;
	unsigned nrefs;                /* distinct references of them, up to VERDICT_WAIVED_REFS */
	const char *waived_by[VERDICT_WAIVED_REFS];
	bool more_refs;                /* another reference did not fit: the check records have it */
};

/* What a run found, for verdict_decide. */
struct verdict_input {
	enum verdict job;              /* what the job concluded from its own checks */
	bool claims;                   /* the job checks claims: without a check it proves nothing */
	bool pmu_claims;               /* its claims are about the PMU: a CPU without one is NO-PMU */
	struct verdict_checks checks;
	unsigned ran;                  /* selected CPUs that answered discovery */
	unsigned missing;              /* selected CPUs that did not (or whose discovery failed) */
	unsigned unfinished;           /* of those that ran: missed a barrier or their round */
	unsigned with_pmu;             /* of those that ran: a core PMU is present */
	unsigned disturbed;            /* windows that never got quiet within their attempts */
	bool fault_test;               /* --fault-test: the job is the fault test ... */
	unsigned faults_caught;        /* ... and this many CPUs got every #GP back as a status */
	const char *no_pmu_reason;     /* why a CPU has no PMU (discovery's words), or NULL */
	unsigned unusable;             /* CPUs whose PMU exists but efipmu cannot use it here ... */
	const char *unusable_reason;   /* ... and why (AMD, Limit CPUID Maxval) */
	const char *log_lost;          /* why the log is incomplete, or NULL */
};

struct verdict_result {
	enum verdict v;
	const char *reason;            /* one phrase for the console and the record, or NULL */
};

/*
 * A waived check (run/waiver.h) failed as a known erratum or the lab's waiver says: it is
 * neither passed nor failed, so a run whose only failures are waived keeps the verdict of
 * the rest (PASS), its line and record naming the waived checks and their references.
 *
 * ERROR (the job refused) over FAIL (a CPU missing, a check failed, the log
 * lost, a PMU that exists but cannot be used: never "no PMU") over DISTURBED
 * (counts right, windows never quiet) over NO-PMU (no core PMU on a CPU that
 * ran, for a job whose claims are the PMU's) over NO-CHECK (a job that checks
 * claims checked none) over PASS.
 */
struct verdict_result verdict_decide(const struct verdict_input *in);
/* The worse of two: the order above. */
enum verdict verdict_worse(enum verdict x, enum verdict y);
/* "PASS", "FAIL", "NO-PMU", "ERROR", "DISTURBED", "NO-CHECK". */
const char *verdict_name(enum verdict v);
/* "instructions", "branches", ... "uncore probes": the console's and the record's word. */
const char *verdict_check_name(enum check_kind k);
/* Adds a waived check with reference ref to c's tally. */
void verdict_waived(struct verdict_checks *c, const char *ref);
/* Every check of c. */
unsigned verdict_checks_total(const struct verdict_checks *c);
/*
 * The verdict record's keys after its "rec" (the caller begins and ends it):
 * verdict, CPUs, checks by kind, reason, log loss.
 */
void verdict_record(struct strbuf *sb, const struct verdict_input *in,
		    const struct verdict_result *r);
/*
 * The console line: "VERDICT: PASS - 4 CPUs, 12 checks: 4 instructions,
 * 4 branches, 4 uncore probes" (the CPUs that did not answer or finish, and
 * those without a core PMU where the job's claims are the PMU's, before the checks).
 */
void verdict_line(struct strbuf *sb, const struct verdict_input *in,
		  const struct verdict_result *r);

#endif
