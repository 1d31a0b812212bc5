/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The uncore of a part with a discovery table (Sapphire Rapids onward) in a run: the
 * tables found and read through the backend (pmu/uncore_disc_box.h) before any event is
 * parsed, each package's table logged as hex (`discovery_table` records, as
 * `efipmu-host discovery` reads them), its units and every problem said with what it
 * means for a lab, the units placed per package and the write guard armed with them.
 */
#ifndef EFIPMU_RUN_UNCORE_DISC_JOB_H
#define EFIPMU_RUN_UNCORE_DISC_JOB_H

#include "run/run.h"
#include "pmu/uncore_pci.h"

/*
 * The boot CPU's family reads its uncore from a discovery table (or it is a server of no
 * family whose table is found, pmu/uncore_family.h): its tables found and its boxes made
 * into a->boxes, in mem (NULL: as made before; reads only), and true.
 */
bool uncore_disc_boxes_for(struct run *a, const struct box_alloc *mem);

/*
 * Where test-discovery-device named a function or BAR whose table cannot be read (no
 * function there, no memory BAR, the MMIO read failed): why; else NULL.
 */
const char *uncore_disc_named_why(const struct run *a);

/* What was found, logged and said; the scan's packages filled, the write guard armed. */
enum verdict uncore_disc_begin(struct run *a);

/*
 * The capture's part (issue 26 item 1): each table found, its place (DVSEC, BAR) and bytes,
 * as `machine` records of scope "discovery" in the parts of the `discovery_table` records.
 * The tables logged.
 */
unsigned uncore_disc_capture(struct run *a);

/*
 * The MSRs of the tables of cpu's package (uncore_disc_msrs: portals, global controls), into out
 * (uncore_disc_msrs_room of them): the capture reads them with the package's registers. Data
 * only (AP-safe).
 */
unsigned uncore_disc_msrs_of(const struct run *a, unsigned cpu, uint32_t *out);

/* The room a package's table MSRs may need: a portal and a global control a table found. */
unsigned uncore_disc_msrs_room(const struct run *a);

/*
 * Package package's CHA count: its table's against MSR msr_at's (the family's, Linux
 * SPR_MSR_UNC_CBO_CONFIG; msr_st its read's status), on the console and in an `uncore_chas`
 * record; 0 there is no evidence (Emerald Rapids).
 */
void uncore_disc_chas(struct run *a, unsigned package, uint32_t msr_at, pmu_status msr_st,
		      uint64_t msr);

struct package_leader;
/*
 * Issue 36 item 2: the tables of leader l's domain whose global control firmware left frozen
 * (freeze_all, uncore_disc_globals) cleared for the window of session s (planned, not yet
 * programmed), as Linux's global_init writes 0 (tip b575fc0e3357), and put back as found by
 * its restore. A session refused (firmware's counters in use) writes none of it. A domain's
 * tables: its package's; counted per die, a die's own portal tables, the package's others
 * on its first die (each control in one session only).
 */
void uncore_disc_thaw(const struct run *a, const struct package_leader *l,
		      struct uncore_session *s);

/*
 * After the domain's first window: each such global control, one line and an
 * `uncore_global` record (found, cleared, restored); ran: its leader ran session s,
 * restore_st the restore's status.
 */
void uncore_disc_say_thaw(struct run *a, const struct package_leader *l,
			  const struct uncore_session *s, bool ran, pmu_status restore_st);

/*
 * Whether package pkg has tables of one domain behind a portal on several dies: then its
 * dies are named in its tables' lines and in the records and rows of each die's boxes.
 */
bool uncore_disc_dies_named(const struct run *a, unsigned pkg);

/* Whether die `die` of package pkg counts box x, a die's own (box_desc.per_die). */
bool uncore_disc_die_counts(const struct run *a, unsigned pkg, unsigned die,
			    const struct box_desc *x);

#endif
