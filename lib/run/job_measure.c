/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The measurement: the core job's round groups and the uncore job's rounds,
 * repeat by repeat, in one dispatch (the APs resident throughout). Repeat r
 * runs every core group on every measured CPU, then every uncore round on the
 * package leaders; its records reach the disk as run/log_sync.c says: a step
 * run for the first time before the next step, repeats of steps that already
 * ran together (log-sync).
 */
#include "run/job_steps.h"
#include "run/log_sync.h"
#include "run/measure.h"
#include "run/restore_report.h"

struct measure_job {
	struct core_job core;
	struct uncore_job uncore;
	unsigned per_repeat;   /* steps of a repeat: core groups, then uncore rounds */
	struct log_sync sync;
	unsigned health;       /* what health() was after the last step */
	struct restore_sum restored;   /* every step's restores read back */
};

static void uncore_tables_free(struct run *a, struct measure_state *m)
{
	run_free(a, m->uncore_mem);
	run_free(a, m->trial_mem);
	m->uncore_mem = m->trial_mem = NULL;
	m->ureqs = m->uncore_group = NULL;
	m->uround_of = NULL;
	m->nureqs = m->max_ureqs = 0;
	uncore_session_init(&m->uncore_trial, NULL, 0);
}

void measure_state_fini(struct run *a, void *state)
{
	struct measure_state *m = state;
	buffers_free(a, &m->bufs);
	uncore_tables_free(a, m);
}

bool measure_uncore_room(struct run *a, struct measure_state *m, unsigned n)
{
	size_t reqs = (size_t)n * sizeof(*m->ureqs);
	uncore_tables_free(a, m);
	m->uncore_mem = run_alloc(a, 2 * reqs + (size_t)n * sizeof(*m->uround_of));
	m->trial_mem = run_alloc(a, uncore_session_size(n));
	if (!m->uncore_mem || !m->trial_mem) {
		uncore_tables_free(a, m);
		sb_puts(&a->sb, "no memory for ");
		sb_dec(&a->sb, n);
		sb_puts(&a->sb, " uncore events: the uncore is not counted");
		run_say(a);
		return false;
	}
	m->ureqs = m->uncore_mem;
	m->uncore_group = m->ureqs + n;
	m->uround_of = (unsigned *)(m->uncore_group + n);
	m->max_ureqs = n;
	uncore_session_init(&m->uncore_trial, m->trial_mem, n);
	return true;
}

/* Step k is repeat k / per_repeat; within it, a core group, then an uncore round. */
static unsigned within(const struct measure_job *j, unsigned step)
{
	return step % j->per_repeat;
}

static bool is_uncore(struct run *a, unsigned step, void *ctx)
{
	const struct measure_job *j = ctx;
	(void)a;
	return within(j, step) >= j->core.groups;
}

static void step_begin(struct run *a, unsigned step, void *ctx)
{
	struct measure_job *j = ctx;
	unsigned i = within(j, step);
	if (i < j->core.groups)
		core_step_begin(a, &j->core, i);
	else
		uncore_step_begin(a, &j->uncore, i - j->core.groups);
}

static void uncore_round(struct run *a, unsigned cpu, unsigned step, void *ctx)
{
	(void)step;
	uncore_step_round(a, &((struct measure_job *)ctx)->uncore, cpu);
}

/* About ten progress lines however long the run, each after repeat r's flush. */
static bool progress_due(struct run *a, unsigned r)
{
	unsigned total = a->opt.repeats, every = total / 10 ? total / 10 : 1;
	return total >= 2 && (!((r + 1) % every) || r + 1 == total);
}

static void say_progress(struct run *a, unsigned r)
{
	sb_puts(&a->sb, "measured ");
	sb_dec(&a->sb, r + 1);
	sb_putc(&a->sb, '/');
	sb_dec(&a->sb, a->opt.repeats);
	sb_puts(&a->sb, " repeats");
	run_say(a);
}

/* What only falls in a run: CPUs and packages still measured, checks all passed. */
static unsigned health(struct run *a, const struct measure_job *j)
{
	unsigned n = j->core.all_ok + (j->uncore.v == VERDICT_PASS);
	for (unsigned i = 0; j->core.measured && i < a->plat->ncpus; i++)
		n += j->core.measured[i];
	for (unsigned i = 0; i < j->uncore.np; i++)
		n += j->uncore.alive[i];
	return n;
}

static void step_done(struct run *a, unsigned step, void *ctx)
{
	struct measure_job *j = ctx;
	unsigned i = within(j, step), r = step / j->per_repeat, was = j->health;
	if (i < j->core.groups) {
		core_step_done(a, &j->core, i, r);
		restore_sum_cores(&j->restored, a);
	} else {
		/* before the step's records: alive still says which leaders ran it */
		restore_sum_pkgs(&j->restored, j->uncore.pkgs, j->uncore.alive, j->uncore.np);
		uncore_step_done(a, &j->uncore, i - j->core.groups, r);
	}
	j->health = health(a, j);
	bool progress = i + 1 == j->per_repeat && progress_due(a, r);
	bool due = log_sync_step(&j->sync, step, j->health < was, plat_tsc(a->plat), a->logged);
	if (!due && !progress)
		return;
	plat_hold_records(a->plat, false);   /* every step held since the last flush: one flush */
	plat_hold_records(a->plat, true);
	log_sync_flushed(&j->sync, plat_tsc(a->plat), a->plat->tsc_per_us, a->logged);
	if (progress)
		say_progress(a, r);
}

enum verdict job_measure(struct run *a, struct measure_state *m)
{
	struct measure_job *j = run_alloc(a, sizeof(*j));
	if (!j)
		return run_refuse(a, "no memory for the measurement's tables", NULL, NULL);
	if (a->backend.records_only && a->opt.repeats > 1) {
		/* Every repeat writes the same registers again: one shows them all. */
		a->opt.repeats = 1;
		sb_puts(&a->sb, "dry run: one repeat");
		run_say(a);
	}
	enum verdict v = core_job_begin(a, m, &j->core);
	if (v == VERDICT_PASS)
		v = uncore_job_begin(a, m, &j->uncore);
	if (v != VERDICT_PASS) {
		core_job_end(a, &j->core);
		run_free(a, j);
		return v;
	}
	j->per_repeat = j->core.groups + j->uncore.rounds;
	struct measure_steps steps = { .steps = j->per_repeat * a->opt.repeats,
				       .step_begin = step_begin, .step_done = step_done,
				       .is_other = is_uncore, .other_round = uncore_round, .ctx = j };
	steps.per_dispatch = a->opt.dispatch_per_repeat ? 1 : 0;
	j->health = health(a, j);
	log_sync_begin(&j->sync, a->opt.log_sync_ms, j->per_repeat, a->logged);
	plat_hold_records(a->plat, true);
	if (steps.steps)
		measure_steps(a, m, &steps, PLAT_TOGETHER);
	/* the statistics and metrics over every repeat follow, flushed together */
	v = core_job_end(a, &j->core);   /* core table first */
	v = verdict_worse(v, uncore_job_end(a, &j->uncore));
	if (steps.steps)
		v = verdict_worse(v, restore_report(a, &j->restored));
	plat_hold_records(a->plat, false);
	run_free(a, j);
	return v;
}
