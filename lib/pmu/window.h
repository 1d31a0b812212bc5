/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The one quiet window every exact measurement uses (issue 14 item 2).
 *
 * Around all attempts: IA32_DEBUGCTL FREEZE_WHILE_SMM (bit 14) is set where
 * IA32_PERF_CAPABILITIES[12] says it exists (Intel SDM Vol. 4 table 2-2), and the
 * register is put back exactly as found. Each attempt, with the CPU's
 * interrupts off through the backend (irq_save), reads MSR_SMI_COUNT (0x34)
 * right before the enabling write, runs core_measure (program, start,
 * kernel, stop, read, restore) and reads MSR_SMI_COUNT again. An attempt
 * that saw an SMI while the counters were not frozen is taken again, up to
 * max_attempts. A window that never got quiet is disturbed: its counts are
 * not exact, but that is no PMU failure (the status stays PMU_OK).
 *
 * The counts, kernel result and TSC of the last attempt are in the session,
 * as core_measure leaves them.
 */
#ifndef EFIPMU_WINDOW_H
#define EFIPMU_WINDOW_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/core_engine.h"

#define WINDOW_DEFAULT_ATTEMPTS 5

struct window_opts {
	/*
	 * Optional: called with interrupts off right before the first attempt's
	 * enabling write (the run's barrier; later attempts are this CPU's alone).
	 * false: the CPUs are not in step; the window is measured all the same.
	 */
	bool (*sync)(void *ctx);
	void *sync_ctx;
	unsigned max_attempts;   /* 0: WINDOW_DEFAULT_ATTEMPTS */
};

struct window_result {
	unsigned attempts;       /* core_measure runs */
	uint64_t smis;           /* SMIs seen over all attempts */
	bool smi_known;          /* MSR_SMI_COUNT was read around every attempt */
	bool smm_frozen;         /* the counters stood still in SMM (FREEZE_WHILE_SMM set) */
	bool irq_off;            /* the backend turned interrupts off */
	bool in_step;            /* sync returned true, or there was none */
	bool disturbed;          /* never quiet: the counts are not exact */
	const char *reason;      /* why disturbed, else NULL */
	const char *note;        /* what could not be checked (SMIs, interrupts), else NULL */
};

/*
 * Measures kernel(arg) on s (core_prepare'd, preloads set) in the quiet
 * window. Errors are core_measure's (the registers restored), or the
 * restoring write of IA32_DEBUGCTL (s->restore_st / restore_msr);
 * PMU_ERR_INVALID when s is not prepared, with nothing written.
 */
pmu_status pmu_window_measure(struct core_session *s, uint64_t (*kernel)(const void *),
			      const void *arg, const struct window_opts *o, struct window_result *r);

#endif
