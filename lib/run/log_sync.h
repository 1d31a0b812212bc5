/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * When a measurement's held records go to the disk (the log-sync setting),
 * as a database's group commit. A step that does something for the first
 * time in the run (every step of the first repeat, and after trouble, when a
 * CPU or a package fell out or a check failed, every step until each has
 * run once more on the new set) is flushed before the next step runs: a hang
 * comes with something new, and its last records are the diagnosis. Repeats
 * of steps that already completed are flushed together, once `every` TSC
 * ticks passed since the last flush (log-sync MS), or at each repeat's end
 * (log-sync = each). The caller flushes at the job's end, before the verdict.
 */
#ifndef EFIPMU_RUN_LOG_SYNC_H
#define EFIPMU_RUN_LOG_SYNC_H

#include <stdbool.h>
#include <stdint.h>

#define LOG_SYNC_EACH 0u            /* log-sync = each: every repeat flushed when it ends */
#define LOG_SYNC_DEFAULT_MS 100u    /* README "Benchmarks": the repeat cost against the loss */

struct log_sync {
	uint32_t ms;            /* the setting */
	uint64_t every;         /* TSC ticks between group flushes; 0: at each repeat's end */
	uint64_t last;          /* TSC at the end of the last flush */
	unsigned per_repeat;    /* steps of a repeat */
	unsigned fresh_until;   /* the steps below this one do something for the first time */
};

/* Before step 0: ms is the setting, LOG_SYNC_EACH or milliseconds. */
void log_sync_begin(struct log_sync *s, uint32_t ms, unsigned per_repeat);
/* Step `step` ended (with trouble, as above), now the TSC: must its records reach the disk now? */
bool log_sync_step(struct log_sync *s, unsigned step, bool trouble, uint64_t now);
/*
 * The held records reached the disk; now is the TSC after the flush, at
 * tsc_per_us ticks a microsecond (the rate is known once the APs run; the
 * first step is always flushed). With no known rate, each repeat is flushed.
 */
void log_sync_flushed(struct log_sync *s, uint64_t now, uint64_t tsc_per_us);

#endif
