/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The restore read-back of a measurement (pmu/restore_check.h), summed on the boot CPU
 * from each step's sessions and said once: "restore checked: N registers read back,
 * M differ", each differing register once with the CPUs that read it so, a
 * `restore_check` record, N checks of kind "restore read-backs"; a difference is FAIL.
 */
#ifndef EFIPMU_RUN_RESTORE_REPORT_H
#define EFIPMU_RUN_RESTORE_REPORT_H

#include "pmu/restore_check.h"
#include "run/run.h"
#include "util/cpuset.h"

struct pkg_run;

#define RESTORE_GROUPS 8   /* distinct differences named; the rest only counted */

struct restore_sum {
	struct restore_tally t;   /* the counts (its diff[] unused) */
	unsigned ngroups;
	bool full;                /* a difference found no group left: not named */
	struct restore_group {    /* one register read back alike, and who read it so */
		uint32_t key;
		uint64_t found, expected;
		pmu_status st;
		struct cpuset cpus;
	} g[RESTORE_GROUPS];
};

/* Adds a session's tally (its differences grouped). */
void restore_sum_add(struct restore_sum *s, const struct restore_tally *t);
/*
 * After a core step: the sessions of every CPU that finished it (AP data, read once it
 * answered), and after an uncore step those of the packages whose leader ran it.
 */
void restore_sum_cores(struct restore_sum *s, const struct run *a);
void restore_sum_pkgs(struct restore_sum *s, const struct pkg_run *p, const bool *alive,
		      unsigned np);
/* The line(s), the record and the checks; VERDICT_FAIL when a register differs, else PASS. */
enum verdict restore_report(struct run *a, const struct restore_sum *s);

#endif
