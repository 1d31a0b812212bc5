/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * One measurement run: options -> plan (events to counters and rounds, CPUs,
 * package leaders, kernel and buffer) -> windows -> results -> verdict ->
 * records. The platform (lib/run/platform.h) supplies CPUs, clock, console,
 * log and memory; the backend supplies MSRs. The boot CPU owns struct run;
 * AP code writes only its own cache-line-aligned struct run_cpu.
 */
#ifndef EFIPMU_RUN_RUN_H
#define EFIPMU_RUN_RUN_H

#include <stdbool.h>
#include <stdint.h>
#include "check/kernels.h"
#include "hw/event.h"
#include "out/logrec.h"
#include "pmu/backend.h"
#include "pmu/core_engine.h"
#include "pmu/cpuinfo.h"
#include "pmu/uncore.h"
#include "pmu/window.h"
#include "run/options.h"
#include "run/platform.h"
#include "run/verdict.h"
#include "util/fmt.h"
#include "util/flag.h"

#define RUN_MAX_EVENTS 32   /* core events of one run, split into rounds that fit the counters */
#define RUN_LINE_MAX 8192   /* one console line or log record (the uncore hand-off is long) */

struct job_states;
struct measure_state;
struct run_uncore;

#define RUN_FAULT_TEST_LINE 160

/*
 * The platform's self-test (--fault-test): provokes #GP on every faulting path
 * of the backend on this CPU (AP code: no printing). Writes one line into desc
 * (which MSR and bit, on what CPUID basis, what came back) and returns NULL
 * when every #GP came back as a status, else what failed. Every register it wrote is read
 * back after it into back (pmu/restore_check.h), which the job sums.
 */
typedef const char *(*run_fault_test_fn)(const struct pmu_backend *b, unsigned cpu, char *desc,
					 size_t cap, struct restore_tally *back);

/* What a platform offers to test its fault catching; a member may be NULL. */
struct run_faults {
	run_fault_test_fn test;   /* --fault-test */
	/*
	 * test-unexpected-fault (lib/hooks/unexpected.c): an access no catch
	 * window expects, on the calling CPU (AP code: no printing); it does not
	 * return on the boot CPU (the firmware's handler takes it).
	 */
	void (*stray)(void);
	/* The first such exception taken, as one line; false: none was. Boot CPU. */
	bool (*said)(struct strbuf *sb);
};

/* One CPU's results, written only by that CPU (cache-line aligned: no false sharing). */
struct run_cpu {
	struct cpu_info info;
	pmu_status st;
	const char *fault_test_fail;   /* --fault-test: NULL when every #GP came back as a status */
	char fault_test_desc[RUN_FAULT_TEST_LINE];
	struct restore_tally fault_test_back;   /* --fault-test: its registers read back after it */
	uint32_t done;                 /* util/flag.h: set once its discovery is stored */
	/* core measurement: the empty kernel (overhead) then the chosen kernel */
	struct core_snapshot snap;
	struct core_session empty, run;
	struct window_result win[2];   /* how the quiet windows of empty and run went */
	unsigned core_owner;           /* the sibling that owns this core's shared registers */
	pmu_status measure_st;
	pmu_status leftover_st;        /* run/leftover.c: replaying its restore after a timeout */
	/* run/measure.c: the sessions' backend is the run's with the round barrier before the window */
	struct pmu_backend synced;
	const struct pmu_backend *inner;
	const struct platform *plat;
	bool inner_irq;                /* the backend's interrupts too (the model's timer) */
	uint64_t inner_flags;
	struct plat_round *round;      /* the round this CPU is running; NULL between rounds */
	uint64_t tsc_arrival;          /* TSC on reaching this round's barrier (0: never reached) */
	uint64_t arrival[2];           /* tsc_arrival of the empty round and the kernel's */
} __attribute__((aligned(64)));

/*
 * Hybrid: P-cores' events in slot 0, E-cores' in slot 1, low-power E-cores' in slot 2 (where
 * their event list is another: run/hybrid.c); every CPU's in slot 0 otherwise.
 */
#define RUN_TYPE_SLOTS 3
unsigned run_type_slot(const struct cpu_info *ci);

/*
 * What a console line is about and where its name goes: a CPU (run_cpu_here), or a unit of a
 * package, a CCX or a box, named pre + number + post (run_unit_here); and the count the line
 * ends with, if left out for run_value_here, so that lines differing only in it agree.
 */
#define RUN_MARK_VALUES 4
struct run_mark {
	bool set, unit, has_reg;
	uint16_t width;   /* 0: "CPU 5" in the text; else a column this wide */
	uint32_t cpu;     /* the CPU, or the unit's number */
	size_t at;
	uint32_t pkg;     /* a unit's package */
	char pre[16], post[8];
	unsigned nval;    /* counts left out, in the order of the text (run_value_here) */
	struct run_value {
		size_t at;
		uint64_t v;
		bool milli;   /* thousandths: "1.002" */
	} val[RUN_MARK_VALUES];
	size_t rat;       /* where the register goes: named for one unit, its kind for many */
	uint32_t reg;
};

struct collapse;
struct waiver_set;

struct run {
	const struct platform *plat;
	struct efipmu_options opt;
	const char *cmdline;
	const struct run_header *header;   /* run_main's: the firmware's identity, for the capture */
	struct pmu_backend backend;
	bool simulated;                /* every console line and record says so: run_say, run_record */
	/* what the assembly built the backend of (the model, the hooks): its alone, or NULL */
	void *assembled;
	const struct run_faults *faults;         /* the platform's, or NULL */
	struct run_cpu *slot;          /* plat->ncpus of them, in slot_mem */
	/* the machine's uncore boxes, from the boot CPU's discovery (run_make_boxes) */
	struct box_set boxes;
	struct run_uncore *unc;        /* its discovery tables and PCI scan (run/uncore_state.h) */
	void *slot_mem;
	struct verdict_checks checks;  /* what the job checked, by kind: the verdict's proof */
	struct waiver_set *waivers;    /* the lab's waivers (opt.waivers), or NULL: run/waive_run.c */
	char line[RUN_LINE_MAX];
	struct strbuf sb;
	struct run_mark mark;          /* the CPU the line in sb is about, if set */
	struct collapse *collapse;     /* run/collapse.c: per-CPU lines kept, or NULL: each said */
	uint64_t logged;               /* bytes of records given to the log so far, newlines too */
	struct job_states *jobs;       /* run/jobs.c's alone: each wanted job's own state */
};

/*
 * Prepares r for a run on plat with settings opt (already parsed): the
 * backend is `real`, or for backend sim the model built here. Touches no
 * MSR and writes no record; VERDICT_ERROR with one console line when it
 * cannot (unknown profile or defect, no memory). run_fini in any case.
 */
/*
 * How the program around the run builds its backend (issue 34 item 4): the reference model
 * for backend = sim and the test hooks over the backend, each VERDICT_ERROR said; free gives
 * back what they took. The entry point gives it as its platform's assembly.
 */
struct run_assembly {
	enum verdict (*sim)(struct run *a);
	enum verdict (*hooks)(struct run *a);
	void (*free)(struct run *a);
};

enum verdict run_init(struct run *a, const struct platform *plat, const struct efipmu_options *opt,
		    const char *cmdline, const struct pmu_backend *real,
		    const struct run_faults *faults);
/*
 * The whole run after settings: the model (backend sim), header, discovery on
 * every selected CPU, the job, the verdict and its records. The caller has
 * created the log (plat->ops->record) and frees with run_fini.
 */
enum verdict run_main(struct run *a, const struct run_header *h);
/* Gives back what run_init and the run allocated. */
void run_fini(struct run *a);

/* ---- run/say.c: the one door to console and log; "simulated" is marked here, once ---- */

/*
 * Prints sb on the console ("[SIM] " first in a simulated run) and resets it; a line about
 * one CPU (run_cpu_here) may be kept to be said with the CPUs whose lines agree.
 */
void run_say(struct run *a);
/*
 * The line in sb is about cpu, whose name goes here: "CPU 5" (width 0), or a column of
 * width characters the caller leaves blank ("5", padded). Past 16 selected CPUs without
 * verbose, run_say keeps such lines, and the CPUs whose lines agree but for the name are
 * said once per package and core type ("CPUs 0-111,224-335 (P0)", run/collapse.c) before
 * the next line about no one CPU.
 */
void run_cpu_here(struct run *a, unsigned cpu, unsigned width);
/*
 * The line in sb is about unit n of package pkg (a CCX, a box), named pre, n, post ("P0.X" 2 "",
 * "imc_" 3 ".1") in a column of width characters the caller leaves blank; collapsing, the
 * units whose lines agree are said once ("P0.X0-47", "imc_0-7.1").
 */
void run_unit_here(struct run *a, unsigned pkg, const char *pre, unsigned n, const char *post,
		   unsigned width);

/*
 * The count v goes here, at the end of the marked line in sb: collapsing, lines that differ
 * only in it agree and say their counts' range ("10,011..10,304"); unmarked, said at once.
 */
void run_value_here(struct run *a, uint64_t v);
/* The same for a value in thousandths ("1.002"; "0.998..1.002"), as derived metrics are. */
void run_milli_here(struct run *a, uint64_t milli);
/* The register key goes here in the marked unit's line ("0x2002"; for units said together "msr"). */
void run_reg_here(struct run *a, uint32_t key);
/* Collapses per-CPU lines when the run has more than 16 selected CPUs, said in one line. */
void collapse_start(struct run *a);
/* The lines kept, said. */
void collapse_flush(struct run *a);
/* The line in sb about the marked CPU: kept, or said at once (not collapsing). */
void collapse_keep(struct run *a);
/* Starts record rec in sb, marked simulated in a simulated run. */
void run_begin(struct run *a, const char *rec);
/* Writes the record in sb to the log and resets it. */
void run_record(struct run *a);
/* The same from a buffer of the caller's (a record longer than RUN_LINE_MAX). */
void run_record_from(struct run *a, struct strbuf *sb);
/* Logs one count (record and CSV row). */
void run_count(struct run *a, const struct count_rec *r);
/* One line "efipmu: <what> '<name>': <why>" (name and why may be NULL): VERDICT_ERROR. */
enum verdict run_refuse(struct run *a, const char *what, const char *name, const char *why);
/* The same about setting id, after where it was set: "efipmu: efipmu.cfg:3: <what> ...". */
enum verdict run_refuse_setting(struct run *a, enum opt_id id, const char *what, const char *name,
				const char *why);
/*
 * Setting id, given, which this program or platform cannot honour: refused, never ignored,
 * as "efipmu: efipmu.cfg:3: <setting>: <why>".
 */
enum verdict run_refuse_unable(struct run *a, enum opt_id id, const char *why);
struct derived_set;
/*
 * The derived metrics present in set, over the runs of kernel: a "derived" record and
 * "<where> <n>: IPC 1.234; ...".
 */
void run_derived(struct run *a, const char *kernel, const char *where, unsigned n,
		 const struct derived_set *set);
/*
 * The console row of one count: WHERE EVENT(25) COUNTER CONTROL DELTA, 74 columns
 * (80 with [SIM]); with -v the control's fields (layout l) follow. A CPU's row: where ""
 * after run_cpu_here(a, cpu, 4). A box of a numbered type: counter NULL and u its name
 * ("imc_" 3 ".1"), a unit of the package the row is about (said with the boxes that agree).
 */
struct row_unit {
	unsigned pkg;
	const char *pre;
	unsigned n;
	const char *post;
};
void run_count_row(struct run *a, const char *where, const char *event, const char *counter,
		   const struct row_unit *u, const struct reg_layout *l, uint32_t ctl_msr,
		   uint64_t ctl, uint64_t delta, bool overflowed);
/* Its heading, with `where` naming the first column ("CPU", "PKG"). */
void run_count_header(struct run *a, const char *where);
struct stats_u64;
/*
 * Min, median and max over the repeats of kernel of one event on CPU or package n (where
 * "CPU" or "PKG"), of CCX ccx (AMD L3) or die die (-1: none): a "stats" record and a
 * console row under run_stats_header.
 */
void run_stats(struct run *a, const char *kernel, const char *where, unsigned n, int ccx,
	       int die, const char *box, const char *event, const struct stats_u64 *st);
void run_stats_header(struct run *a, const char *where);
/*
 * The clock that times an uncore window on cpu, and its rate: the backend's TSC where it has
 * one of its own (the model's machine), else the platform's.
 */
static inline uint64_t run_window_tsc(const struct run *a, unsigned cpu)
{
	return a->backend.tsc_per_us ? pmu_tsc(&a->backend, cpu) : plat_tsc(a->plat);
}

static inline uint64_t run_window_hz(const struct run *a)
{
	return (a->backend.tsc_per_us ? a->backend.tsc_per_us : a->plat->tsc_per_us) * 1000000ull;
}

/* The model's machine: sim-profile-file's name, else sim-profile's. */
const char *run_profile_name(const struct run *a);
/* Zeroed memory from the platform. */
void *run_alloc(struct run *a, size_t bytes);
void run_free(struct run *a, void *p);
struct package_leader;
/* What the uncore's leaders lead: a package, a CCX (AMD L3) or a die (per_die boxes). */
enum run_by { RUN_BY_PACKAGE, RUN_BY_CCX, RUN_BY_DIE };
/*
 * The leaders (pmu/topology.h) among the selected CPUs that answered discovery: one per CCX
 * or die (as many as the machine has), else one per package, *more set past
 * TOPO_MAX_PACKAGES. *n of them to run_free, or NULL without memory.
 */
struct package_leader *run_leaders(struct run *a, enum run_by by, unsigned *n, bool *more);
/* bytes of zeroed memory on a cache line of their own, *base to run_free; NULL without memory */
void *run_alloc_lines(struct run *a, size_t bytes, void **base);
/*
 * a->boxes made from the boot CPU's discovery (its discovery table read first, reads only),
 * once; after a later discovery the same boxes, their family given to the CPUs again. The
 * active AMD UMCs no box was made for (hw/uncore_amd.h).
 */
uint32_t run_make_boxes(struct run *a);

/* ---- the jobs (each run/job_*.c) ---- */

/*
 * Resolves -e and -k for the boot CPU into the measuring job's state m and plans the core
 * events into rounds (on a hybrid part its core type's: job_prepare resolves every type's on
 * its CPUs), reading only: VERDICT_ERROR with one line. Runs before the log exists.
 */
enum verdict job_resolve(struct run *a, struct measure_state *m);
/*
 * On a hybrid part each core type's events, resolved on one of its CPUs (said: the CPUs
 * an event leaves out); the kernel's buffer, once the log exists (it is logged).
 * VERDICT_ERROR with one line.
 */
enum verdict job_prepare(struct run *a, struct measure_state *m);
/* Each core type's events of round g into its reqs; evi[t][c], when given: reqs[c]'s index. */
void run_core_round(struct measure_state *m, unsigned g, unsigned (*evi)[CORE_MAX_EVENTS]);
/*
 * Counts the core events around the kernel on every selected CPU and the uncore
 * events once per package, from one CPU of each, repeat by repeat (run/job_measure.c).
 */
enum verdict job_measure(struct run *a, struct measure_state *m);
/* Plans the uncore events (or the family's defaults) on the boot CPU: bad input writes nothing. */
enum verdict job_uncore_check(struct run *a, struct measure_state *m);
/* Hybrid (run/hybrid.c): the general-purpose and fixed counters the engine drives on ci. */
void run_core_counters(const struct cpu_info *ci, unsigned *gp, unsigned *fixed);
/* Hybrid: one console line per core type, its CPUs and counters; nothing otherwise. */
void run_say_core_types(struct run *a);
/* --selftest: the validation suite on every selected CPU and package. */
enum verdict job_selftest(struct run *a, void *state);
/* --list: what the boot CPU has (core PMU, uncore boxes, event names). */
enum verdict job_list(struct run *a, void *state);
/* --decode BOX VALUE: the fields of a raw value; VERDICT_ERROR for an unknown register. */
enum verdict job_decode(struct run *a, void *state);
/*
 * --dry-run, after discovery: the backend becomes a recording overlay in the job's
 * state, a struct dryrun (VERDICT_ERROR: no memory).
 */
enum verdict dryrun_wrap(struct run *a, void *state);
/* Gives back the overlay's records (the job's fini; jobs_fini frees the state itself). */
void dryrun_free(struct run *a, void *state);
/*
 * After the job it wrapped (whose verdict v its counters, never moving, cannot make):
 * prints and logs every recorded write per CPU; VERDICT_FAIL when a record overflowed.
 */
enum verdict dryrun_report(struct run *a, void *state, enum verdict v);
/*
 * capture (run/job_capture.c, unless capture = off; the job table's first row): the machine
 * as `machine` records, one per CPU, one per package and one for the platform (firmware
 * identity from a->header), and one console line. Reads only, through the backend: a model
 * run captures the model. Never fails the run: what it could not read it says.
 */
enum verdict job_capture(struct run *a, void *state);
/* The capture's state: its per-CPU slots, kept to run_fini (a late CPU may write them). */
struct capture_state {
	void *slot_mem;
	void *more;   /* the leaders' table MSRs (job_capture.c) */
	void *dies;   /* each die's leader's registers of its die */
};
/* Gives them back (the capture's fini). */
void capture_state_fini(struct run *a, void *state);
/* capture = on|off (or unset): VERDICT_ERROR with one line for anything else. */
enum verdict capture_check_setting(struct run *a);

#endif
