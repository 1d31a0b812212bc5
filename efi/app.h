/* State of one run of the app, shared by efi/ files; the BSP owns it. */
#ifndef EFIPMU_APP_H
#define EFIPMU_APP_H

#include <efi.h>
#include "pmu/backend.h"
#include "pmu/core_engine.h"
#include "pmu/cpuinfo.h"
#include "hw/event.h"
#include "util/fmt.h"
#include "check/kernels.h"
#include "logfile.h"
#include "out/logrec.h"
#include "model/model.h"
#include "mp.h"
#include "run/options.h"
#include "pmu/uncore.h"

/* Verdicts, also QEMU's exit status through isa-debug-exit: (v << 1) | 1. */
enum verdict {
	VERDICT_PASS = 1,
	VERDICT_FAIL = 2,
	VERDICT_NO_PMU = 3,     /* ran, and the PMU is absent or does not hold values */
	VERDICT_ERROR = 4,      /* bad input or configuration: nothing ran */
};

#define JOB_MAX_EVENTS 32   /* core events of one run, split into rounds that fit the counters */

/* One CPU's results, written only by that CPU (cache-line aligned: no false sharing). */
struct cpu_slot {
	struct cpu_info info;
	pmu_status st;
	const char *fault_test_fail;   /* --fault-test: NULL when every #GP came back as a status */
	volatile UINT32 done;
	/* core measurement: the empty kernel (overhead) then the chosen kernel */
	struct core_snapshot snap;
	struct core_session empty, run;
	pmu_status measure_st;
	/* measure.c: the sessions' backend is the app's with the round barrier before the window */
	struct pmu_backend synced;
	const struct pmu_backend *inner;
	struct mp_round *round;        /* the round this CPU is running; NULL between rounds */
} __attribute__((aligned(64)));

struct app {
	EFI_HANDLE image;
	struct efipmu_options opt;
	char cmdline[512];
	struct pmu_backend backend;
	struct model *model;          /* --backend sim */
	struct mp mp;
	struct cpu_slot slot[MP_MAX_CPUS];
	EFI_FILE_HANDLE root;
	struct logfile log;
	BOOLEAN have_log;
	struct logfile csv;            /* the counts again, for spreadsheets */
	BOOLEAN have_csv;
	BOOLEAN skew_said;             /* measure_report: the console line once per run */
	char line[8192];               /* one console line or log record (the uncore hand-off is long) */
	struct strbuf sb;
	/* the core measurement job, resolved on the BSP before any CPU runs it */
	struct pmu_event_req events[JOB_MAX_EVENTS];     /* core events, all rounds */
	unsigned nevents;
	struct pmu_event_req reqs[CORE_MAX_EVENTS];      /* core events of the round measure_all runs */
	unsigned nreqs;
	struct pmu_event_req ureqs[UNCORE_MAX_EVENTS];   /* uncore events, counted once per package */
	unsigned nureqs;
	const struct kernel_desc *kernel;
	uint64_t iterations;
};

/*
 * Resolves -e (core events into reqs, uncore events into ureqs) and -k on the
 * BSP before any CPU is touched: VERDICT_ERROR with one line on bad input.
 */
enum verdict job_resolve(struct app *a);
/* Counts the core events around the kernel on every selected CPU. */
enum verdict job_core(struct app *a);
/* Plans the uncore events (or the family's defaults) on the BSP: bad input writes nothing. */
enum verdict job_uncore_check(struct app *a);
/* Counts the uncore events once per package, from one CPU of each. */
enum verdict job_uncore(struct app *a);
/* --selftest: the validation suite on every selected CPU and package (efi/job_selftest.c). */
enum verdict job_selftest(struct app *a);
/* --list: what the boot CPU has (core PMU, uncore boxes, event names). */
enum verdict job_list(struct app *a);
/* --decode BOX VALUE: the fields of a raw value; VERDICT_ERROR for an unknown register. */
enum verdict job_decode(struct app *a);
/* --dry-run, after discovery: the backend becomes a recording overlay (VERDICT_ERROR: no memory). */
enum verdict dryrun_wrap(struct app *a);
/* Prints and logs every recorded write per CPU; VERDICT_FAIL when a record overflowed. */
enum verdict dryrun_report(struct app *a);
/* --bench: start and stop skew, barrier against one StartupThisAP per CPU (efi/bench_skew.c). */
enum verdict job_bench(struct app *a);
/* stall-cpu N (efi/stall.c): VERDICT_ERROR with one line when CPU N cannot be stalled. */
enum verdict stall_check(struct app *a);
/* AP: spins forever when cpu is the one stall-cpu names. */
void stall_if_asked(const struct app *a, unsigned cpu);

/* efi/report.c. Prints sb on the console (prefixed "[SIM] " for simulated data) and resets it. */
void app_say(struct app *a, BOOLEAN simulated);
/* Writes the record in sb to the log (if any) and resets it. */
void app_record(struct app *a);
/* Logs one count (record and CSV row). */
void app_count(struct app *a, const struct count_rec *r);
/* Opens the CSV named after the log, with its header line. */
void app_open_csv(struct app *a);
struct derived_set;
/* The derived metrics present in set: a "derived" record and "<where> <n>: IPC 1.234; ...". */
void app_derived(struct app *a, const char *where, UINTN n, const struct derived_set *set);
/* One line "efipmu: <what> '<name>': <why>" (name and why may be NULL): VERDICT_ERROR. */
enum verdict app_refuse(struct app *a, const char *what, const char *name, const char *why);
/* ERROR over FAIL over NO-PMU over PASS. */
enum verdict verdict_worse(enum verdict x, enum verdict y);
/*
 * The console row of one count: WHERE EVENT(25) COUNTER CONTROL DELTA, 74 columns
 * (80 with [SIM]); with -v the control's fields (layout l) follow.
 */
void app_count_row(struct app *a, const char *where, const char *event, const char *counter,
		   const struct reg_layout *l, uint32_t ctl_msr, uint64_t ctl, uint64_t delta,
		   BOOLEAN overflowed);
/* Its heading, with `where` naming the first column ("CPU", "PKG"). */
void app_count_header(struct app *a, const char *where);

#endif
