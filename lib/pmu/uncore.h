/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The uncore engine: drives the boxes' const descriptors (hw/uncore_desc.h)
 * as Linux's uncore drivers do. Quirks are small hooks.
 * Intel SDM Vol. 3B 18.8.2 (Nehalem/Westmere client), Intel 323535-001 (Nehalem-EX/Westmere-EX),
 * Intel 327043-001 (Sandy Bridge-EP); Intel 327043-001, SDM Vol. 3B 18.8.2.2, Intel 323535-001.
 *
 * Uncore registers are per package: the engine is run once per package, on
 * one CPU of that package the caller picked from the topology.
 */
#ifndef EFIPMU_UNCORE_H
#define EFIPMU_UNCORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "pmu/backend.h"
#include "pmu/cpuinfo.h"
#include "pmu/ownership.h"
#include "pmu/restore_check.h"
#include "hw/event.h"
#include "hw/regfield.h"
#include "hw/box_set.h"
#include "hw/uncore_families.h"

struct uncore_counter;

/* Layout of a placed counter's control register (for decoding it). */
const struct reg_layout *uncore_counter_layout(const struct uncore_counter *e);

/*
 * Where one package's PCI boxes are (pmu/uncore_pci.c fills it): each found box
 * with the register key (pmu/regkey.h) of its function at offset 0.
 */
#define UNCORE_MAX_PCI_BOXES 40

struct uncore_pci_box {
	const struct box_desc *d;
	uint32_t base;
	uint32_t filter_base;           /* its filter's function (box_desc.filter_id), 0: absent */
};

struct uncore_pci_pkg {
	bool placed;                    /* a U-box put a bus on this package */
	bool unreached;                 /* none did, and buses lie outside every range: not read */
	uint16_t seg;
	uint8_t bus;                    /* the U-box's bus */
	unsigned n;
	/*
	 * CHAs present (Skylake-SP on): the popcount of the PCU's CAPID6 (with CAPID7 on Ice
	 * Lake-SP), read from config space at capid_at; 0: not read (capid_st says why).
	 */
	unsigned ncha;
	uint64_t capid;
	uint32_t capid_at;
	pmu_status capid_st;
	struct uncore_pci_box box[UNCORE_MAX_PCI_BOXES];
};

/* The key of register reg (an MSR, or an offset of a PCI box) of d on package map; 0: not there. */
uint32_t box_key(const struct uncore_pci_pkg *map, const struct box_desc *d, uint32_t reg, bool wide);
/* The key of register k of d's filter (box_filter.regs); 0: its function is not there. */
uint32_t filter_key(const struct uncore_pci_pkg *map, const struct box_desc *d, unsigned k);

/* ---- the engine ---- */

/*
 * A session's tables are its caller's memory, sized for the most events it will plan
 * (uncore_session_size): the run sizes each package's from its box set, so no fixed count
 * bounds a package's events. Per event at most: 2 gates (global, box), 1 status register,
 * 8 auxiliary registers (a filter of up to 4, asked and at 0: box_filter_regs.off), and
 * their saved records with its control and counter.
 */
#define UNCORE_GATES_PER_EVENT 2
#define UNCORE_STATUS_PER_EVENT 1
#define UNCORE_EXTRAS_PER_EVENT 8
#define UNCORE_SAVED_PER_EVENT (2 + UNCORE_GATES_PER_EVENT + UNCORE_EXTRAS_PER_EVENT)

#define UNCORE_FORCE 1u   /* program counters found enabled by firmware */

/* One programmed event (ev[i] is reqs[i]): where it went and what it counted. */
struct uncore_counter {
	const struct box_desc *box;
	unsigned idx;                   /* counter index or UNCORE_FIXED */
	uint32_t ctl_msr, ctr_msr;
	uint64_t config;                /* control word without enable bits */
	uint64_t ctl_val;               /* raw control written at program (with enable when a gate starts) */
	uint64_t ctl_on;                /* raw control value while counting */
	uint64_t preload;               /* value written to the counter before start */
	uint32_t extra_msr;             /* auxiliary MSR and its value, 0: none */
	uint64_t extra_val;
	uint64_t extra_val_hi;          /* a filter's bits 127:64 (box_filter.hi) */
	unsigned width;                 /* the box's, or what the job's probe found */
	uint64_t start, end, delta;     /* raw reads after program and after stop; delta mod 2^width */
	bool in_use;                    /* found enabled by firmware */
	bool ovf_known, overflow;       /* overflow status read (box has one) and its bit */
	pmu_status ctl_st;              /* first failed access to the control MSR */
	pmu_status ctr_st;              /* first failed access to the counter MSR */
};

struct uncore_gate_use {
	uint32_t msr;
	bool global;                    /* started last, stopped first */
	uint64_t ctr_bits;              /* enable bits of our counters */
	uint64_t run_bits, stop_bits;   /* the descriptors' start_val / stop_val */
	uint64_t stop_val, start_val;   /* written: from what was found (uncore_program) */
};

/* An auxiliary register the run writes: what an event asks, or a used box's filter at 0. */
struct uncore_extra {
	uint32_t msr;
	uint64_t val;
};

struct uncore_status_use {
	uint32_t msr, ovf_msr;
	uint64_t mine;                  /* status bits of our counters */
	uint64_t before, after;         /* raw status at program and at read */
	pmu_status st;
};

enum uncore_phase {
	UNC_NEW, UNC_PLANNED, UNC_PROGRAMMED, UNC_STARTED, UNC_STOPPED, UNC_READ, UNC_RESTORED,
};

/* Everything one package's run needs; its tables hold max events (uncore_session_init). */
struct uncore_session {
	const struct pmu_backend *b;
	unsigned cpu;
	enum uncore_family fam;
	unsigned flags;
	enum uncore_phase phase;

	unsigned max;                   /* events the tables hold */
	unsigned n;
	struct uncore_counter *ev;
	/* Ownership records (pmu/ownership.h), package scope, in restore order. */
	unsigned nsaved;
	struct own_reg *saved;
	unsigned ngates;
	struct uncore_gate_use *gate;
	unsigned nstatus;
	struct uncore_status_use *status;
	unsigned nextras;
	struct uncore_extra *extra;
	bool *moved;                    /* the plan's: events an augmenting path moved */

	pmu_status st;                  /* first error; phases after it do nothing */
	unsigned bad_event;             /* request at fault, for validation errors */
	char msg[128];                  /* why uncore_plan refused bad_event (no event name) */
	unsigned bad_bit;               /* offending bit for PMU_ERR_RESERVED */
	uint32_t fault_msr;             /* MSR whose access failed */
	bool fault_write;
	unsigned n_in_use;
	pmu_status restore_st;          /* first restore write that failed, and its MSR */
	uint32_t restore_msr;
	struct restore_tally readback;  /* its restore read back (pmu/restore_check.h) */
	const struct uncore_pci_pkg *pci;   /* the package's PCI boxes (uncore_plan_pci) */
	bool pci_unplaced;              /* planned without a map: PCI boxes never programmed */
};

/* Bytes of the tables of a session of up to max events (8-byte aligned memory). */
#define UNCORE_TABLE_BYTES(each, n) (((each) * (size_t)(n) + 7) & ~(size_t)7)
#define UNCORE_SESSION_BYTES(max)                                                        \
	(UNCORE_TABLE_BYTES(sizeof(struct uncore_counter), (max)) +                      \
	 UNCORE_TABLE_BYTES(sizeof(struct own_reg), (max) * UNCORE_SAVED_PER_EVENT) +    \
	 UNCORE_TABLE_BYTES(sizeof(struct uncore_gate_use), (max) * UNCORE_GATES_PER_EVENT) + \
	 UNCORE_TABLE_BYTES(sizeof(struct uncore_status_use), (max) * UNCORE_STATUS_PER_EVENT) + \
	 UNCORE_TABLE_BYTES(sizeof(struct uncore_extra), (max) * UNCORE_EXTRAS_PER_EVENT) + \
	 UNCORE_TABLE_BYTES(sizeof(bool), (max)))
size_t uncore_session_size(unsigned max);
/* Gives s its tables in mem, uncore_session_size(max) bytes; the plans keep them. */
void uncore_session_init(struct uncore_session *s, void *mem, unsigned max);

/*
 * Validates and places every request; touches no MSR. More than s->max requests:
 * PMU_ERR_NO_COUNTER, msg naming both counts. Errors: PMU_ERR_INVALID
 * (core request, bad extra MSR, forbidden config), PMU_ERR_UNSUPPORTED (box not
 * of this CPU's family), PMU_ERR_RESERVED (bad_bit set), PMU_ERR_NO_COUNTER
 * (no counter of its box can take it, or the others leave none it may use, or two
 * events want one extra MSR at different values: events for another round).
 * msg says why in one line. Enable bits in config are the engine's and ignored.
 * Events go on the counters their counter_mask allows (Intel's "Counter" field):
 * a placement is found whenever one exists (augmenting paths, most constrained first).
 * A request with fixed >= 0 takes the box's fixed counter; its config is then the fixed
 * control word (0 for the clock). counter_mask 0 means any general counter.
 */
pmu_status uncore_plan(struct uncore_session *s, enum uncore_family fam,
		       const struct pmu_event_req *reqs, unsigned n);
/*
 * The same for one package whose PCI boxes map gives: a PCI box it lacks is
 * PMU_ERR_ABSENT ("not visible ... hidden by firmware or not populated").
 * uncore_plan is this with no map: PCI boxes are checked and placed but the
 * session is refused by uncore_program (PMU_ERR_ABSENT), so nothing is written.
 */
pmu_status uncore_plan_pci(struct uncore_session *s, enum uncore_family fam,
			   const struct uncore_pci_pkg *map, const struct pmu_event_req *reqs,
			   unsigned n);

/*
 * Register key (pmu/regkey.h) = val for the window: written with the extras at program and
 * put back as found at restore (a discovery table's global control with freeze_all set,
 * cleared as Linux's global_init does). After plan, before program; PMU_ERR_INVALID
 * unplanned or key already given another value, PMU_ERR_NOSPACE past UNCORE_MAX_EXTRAS (the
 * session then refused: nothing is written).
 */
pmu_status uncore_plan_write(struct uncore_session *s, uint32_t key, uint64_t val);

/* Counter value written before start instead of 0 (overflow tests). Between plan and program. */
pmu_status uncore_set_preload(struct uncore_session *s, unsigned ev, uint64_t value);

/*
 * Freeze-after-N (Intel 323535-001): preload event ev with (2^width - 1) - n and set
 * the box's PMI bit, so the uncore freezes on its overflow. Between plan and program.
 */
pmu_status uncore_freeze_after(struct uncore_session *s, unsigned ev, uint64_t n);

/*
 * Saves every register it will touch, refuses counters already enabled
 * (PMU_ERR_IN_USE) unless UNCORE_FORCE, then disables the gates, clears the
 * overflow bits, writes extras, controls and counters. Any fault: what was
 * written is restored, fault_msr tells where.
 */
pmu_status uncore_program(struct uncore_session *s, const struct pmu_backend *b, unsigned cpu,
			  unsigned flags);
pmu_status uncore_start(struct uncore_session *s);
pmu_status uncore_stop(struct uncore_session *s);
/* Reads end counts, deltas and overflow bits; clears the overflow bits it saw. */
pmu_status uncore_read(struct uncore_session *s);
/*
 * Puts every written register back: gates stopped, controls without enables,
 * then counters, extras, controls and gates as found (own_restore of saved);
 * safe to call twice.
 */
pmu_status uncore_restore(struct uncore_session *s);

/* ---- does the box hold what is written? (QEMU TCG drops uncore writes) ---- */

struct uncore_probe {
	uint32_t msr;
	uint64_t orig, pattern[2], readback[2];
	pmu_status st;
	struct restore_tally restored;  /* msr read back after it was put back */
};

/*
 * Writes two patterns of holding bits (enable clear) to counter 0's control and
 * reads them back, then restores it. PMU_OK: holds; PMU_ERR_NOT_HELD; or the fault.
 */
pmu_status uncore_probe_holds(const struct pmu_backend *b, unsigned cpu, const struct box_desc *d,
			      struct uncore_probe *out);

/* ---- how wide is a fixed counter the sources disagree on? ---- */

struct uncore_width_probe {
	uint32_t ctl_msr, ctr_msr;
	uint64_t ctl, orig, readback;   /* control and counter as found; counter after all-ones */
	unsigned width;                 /* 0: unknown (st says why) */
	pmu_status st;
	uint32_t fault_msr;             /* the access that failed, 0: none */
	struct restore_tally restored;  /* the counter read back after it was put back */
};

/*
 * With the fixed counter stopped (its enable bit clear: a counter firmware runs
 * is PMU_ERR_IN_USE, left alone), writes all-ones to it, reads back and writes
 * what was found. The width is the run of low ones read back, kept only within
 * fixed_width..fixed_width_max (else PMU_ERR_NOT_HELD: QEMU reads 0). A fault
 * stops the probe; whatever it had written is put back.
 */
pmu_status uncore_probe_width(const struct pmu_backend *b, unsigned cpu, const struct box_desc *d,
			      struct uncore_width_probe *out);

#endif
