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
 * (log-sync = each), and in both modes once the records held since the last
 * flush reach LOG_SYNC_GROUP_BYTES. The caller flushes at the job's end,
 * before the verdict.
 */
#ifndef EFIPMU_RUN_LOG_SYNC_H
#define EFIPMU_RUN_LOG_SYNC_H

#include <stdbool.h>
#include <stdint.h>

#define LOG_SYNC_EACH 0u            /* log-sync = each: every repeat flushed when it ends */
#define LOG_SYNC_DEFAULT_MS 100u    /* docs/bench.md "Why 100 ms": repeat cost against loss */
/*
 * What a cut can leave cut or zeroed at the log's end is the group whose flush was under
 * way (EDK2's FAT driver keeps written data in its cache until Flush, then writes its pages
 * and the directory entry in its own order: docs/log.md). This bounds that group
 * whatever the machine's speed: 256 KiB and the records of the step that reached it.
 */
#define LOG_SYNC_GROUP_BYTES (256u * 1024u)

struct log_sync {
	uint32_t ms;            /* the setting */
	uint64_t every;         /* TSC ticks between group flushes; 0: at each repeat's end */
	uint64_t last;          /* TSC at the end of the last flush */
	uint64_t flushed;       /* the log's bytes (struct run's logged) at the last flush */
	unsigned per_repeat;    /* steps of a repeat */
	unsigned fresh_until;   /* the steps below this one do something for the first time */
};

/* Before step 0: ms is the setting, LOG_SYNC_EACH or milliseconds; logged the log's bytes. */
void log_sync_begin(struct log_sync *s, uint32_t ms, unsigned per_repeat, uint64_t logged);
/*
 * Step `step` ended (with trouble, as above), now the TSC, logged the log's bytes so far:
 * must the records held since the last flush reach the disk now?
 */
bool log_sync_step(struct log_sync *s, unsigned step, bool trouble, uint64_t now,
		   uint64_t logged);
/*
 * The held records reached the disk, the log being `logged` bytes long; now is the TSC
 * after the flush, at tsc_per_us ticks a microsecond (the rate is known once the APs run;
 * the first step is always flushed). With no known rate, each repeat is flushed.
 */
void log_sync_flushed(struct log_sync *s, uint64_t now, uint64_t tsc_per_us, uint64_t logged);

#endif
