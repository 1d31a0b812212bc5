/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The restore read back: after own_restore (pmu/ownership.h) puts a set back, every record
 * it wrote is read again through the backend, on the CPU that restored it, and compared
 * with the value put back by the record's rule (enum own_check, set by the engine per
 * register kind):
 *   OWN_CHECK_EXACT    the value put back, bit for bit;
 *   OWN_CHECK_COUNTER  modulo 2^width; exactly, unless firmware left the counter counting
 *                      (live): then not behind the value put back and at most
 *                      RESTORE_AHEAD_MAX events ahead of it;
 *   OWN_CHECK_NONE     not read (a read-only status register whose bits counting moves).
 * A read that faults is a difference. The counts and the first differences go into a tally
 * the caller owns (an AP's own session: no console, no file).
 */
#ifndef EFIPMU_RESTORE_CHECK_H
#define EFIPMU_RESTORE_CHECK_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/backend.h"
#include "pmu/ownership.h"

/*
 * A live counter's lead over the value put back: it counts from the restore's last write
 * (its gate) to the read-back, microseconds; 2^32 events is a second at 4 GHz, past any
 * SMI that may fall between them.
 */
#define RESTORE_AHEAD_MAX (1ull << 32)

#define RESTORE_DIFFS 4   /* differences a tally names; it counts them all */

struct restore_diff {
	uint32_t key;          /* the register (pmu/regkey.h) */
	unsigned cpu;          /* the CPU that read it back */
	uint64_t found, expected;
	pmu_status st;         /* PMU_OK, or the read's fault (found then 0) */
};

struct restore_tally {
	unsigned read;         /* registers read back */
	unsigned differ;       /* of them, not as put back (or their read faulted) */
	unsigned faulted;      /* of those, the read faulted */
	unsigned not_compared; /* written and restored, not read (OWN_CHECK_NONE) */
	unsigned ndiff;        /* kept in diff[], the first RESTORE_DIFFS */
	struct restore_diff diff[RESTORE_DIFFS];
};

/* What r's register should read after its restore: the value put back, as its write leaves it. */
uint64_t restore_expected(const struct own_reg *r);

/* Does found, read after the restore, agree with r by its rule? */
bool restore_agrees(const struct own_reg *r, uint64_t found);

/*
 * Reads back every written record of reg[0..n) on cpu through b, into t (added to it).
 * Returns the first read's fault (*fault_key its register, when given), else PMU_OK: the
 * engine reports it as a restore problem; a difference is the run's to judge.
 */
pmu_status restore_check(const struct own_reg *reg, unsigned n, const struct pmu_backend *b,
			 unsigned cpu, struct restore_tally *t, uint32_t *fault_key);

/*
 * One register key a probe put back to val outside any ownership set (the uncore probes, the
 * SMM freeze bit of IA32_DEBUGCTL), read back exactly into t.
 */
void restore_check_one(const struct pmu_backend *b, unsigned cpu, uint32_t key, uint64_t val,
		       struct restore_tally *t);

/* Adds from's counts to into, and its differences while into has room. */
void restore_tally_add(struct restore_tally *into, const struct restore_tally *from);

#endif
