/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The one verdict of a run, decided here for every job from what the run
 * counted (no job prints its own). Also QEMU's exit status through
 * isa-debug-exit: (v << 1) | 1.
 */
#ifndef EFIPMU_RUN_VERDICT_H
#define EFIPMU_RUN_VERDICT_H

#include <stdbool.h>

enum verdict {
	VERDICT_PASS = 1,
	VERDICT_FAIL = 2,
	VERDICT_NO_PMU = 3,     /* ran, and the PMU is absent or does not hold values */
	VERDICT_ERROR = 4,      /* bad input or configuration: nothing ran */
	VERDICT_DISTURBED = 5,  /* every count is right, but a window never got quiet (SMIs) */
};

/* What a run found, for verdict_decide. */
struct verdict_input {
	enum verdict job;              /* what the job concluded from its own checks */
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
 * ERROR (the job refused) over FAIL (a CPU missing, a check failed, the log
 * lost, a PMU that exists but cannot be used: never "no PMU") over DISTURBED (counts right, windows never quiet) over NO-PMU (no
 * core PMU on a CPU that ran) over PASS.
 */
struct verdict_result verdict_decide(const struct verdict_input *in);
/* The worse of two: the order above. */
enum verdict verdict_worse(enum verdict x, enum verdict y);
/* "PASS", "FAIL", "NO-PMU", "ERROR", "DISTURBED". */
const char *verdict_name(enum verdict v);

#endif
