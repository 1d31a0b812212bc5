/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The state of the measuring jobs (measure, and bench, which counts the same
 * way): the core events in rounds, the uncore events in rounds, the kernel
 * and its buffer, and the measurement in flight. The run makes it from the
 * job table (run/jobs.c: state_size) before the job resolves its settings and
 * gives it back in run_fini; no other job has one.
 */
#ifndef EFIPMU_RUN_JOB_MEASURE_H
#define EFIPMU_RUN_JOB_MEASURE_H

#include "run/buffers.h"
#include "run/run.h"

/*
 * The core events of one core type's CPUs (all CPUs but on hybrid parts), split into
 * rounds that fit its counters.
 */
struct run_core_events {
	struct pmu_event_req events[RUN_MAX_EVENTS];   /* resolved on a CPU of this core type */
	unsigned nevents;
	unsigned round_of[RUN_MAX_EVENTS];   /* events[i] is counted in round round_of[i] */
	bool instructions_added;       /* events[] ends with instructions the user left out */
	struct pmu_event_req reqs[CORE_MAX_EVENTS];    /* its events of the round being run */
	unsigned nreqs;
};

struct measure_state {
	/*
	 * The core measurement job, resolved on the boot CPU before any CPU runs it; on a
	 * hybrid part again per core type once every CPU is discovered (run/job_core.c):
	 * each CPU programs its type's events (run_type_slot).
	 */
	struct run_core_events core[RUN_TYPE_SLOTS];
	unsigned nrounds;              /* the most rounds any core type's events take */
	/* uncore events, counted once per package: room for max_ureqs (measure_uncore_room) */
	struct pmu_event_req *ureqs;
	unsigned nureqs, max_ureqs;
	unsigned *uround_of, nurounds; /* ureqs[i] is counted in round uround_of[i] */
	const struct kernel_desc *kernel;
	uint64_t iterations;
	struct run_buffers bufs;       /* the memory kernels' buffer, shared by every CPU */
	bool skew_said;                /* measure_report: the console line once per run */
	/* the planners' trial rounds (their msg: the engine's words for a refusal) */
	struct core_session core_trial;                   /* run/job_core.c */
	struct uncore_session uncore_trial;               /* run/job_uncore.c */
	struct pmu_event_req *uncore_group;               /* ... and its events */
	void *uncore_mem, *trial_mem;                     /* ... their allocations */
	unsigned round_base;           /* the dispatch's round of the step being reported */
};

/* Gives back the state's buffer and tables (the job table's fini of measure and bench). */
void measure_state_fini(struct run *a, void *state);

/*
 * Room in m for n uncore events (none kept): ureqs, their rounds and the planner's group and
 * trial session. False, said in one line, without the memory.
 */
bool measure_uncore_room(struct run *a, struct measure_state *m, unsigned n);

#endif
