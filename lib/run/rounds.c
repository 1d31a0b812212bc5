/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The rounds protocol (run/rounds.h). The boot CPU writes the control line;
 * each CPU writes only its own line (its progress), the boot CPU its
 * `excluded` word, each through util/flag.h: a CPU's results, stored before
 * its flag, are seen by whoever saw the flag.
 */
#include "run/rounds.h"
#include "util/flag.h"

#define ROUNDS_LIMIT_MAX_US 600000000u   /* the most a dispatch is given: 10 min */

/* Written by the boot CPU only; every AP spins on it. */
struct rounds_ctl {
	uint32_t open;       /* round r may start when open > r */
	uint32_t release;    /* round r's barrier is released when release > r */
	uint32_t finished;   /* the boot CPU is done: every AP returns */
} __attribute__((aligned(64)));

/* One cache line per CPU. */
struct rounds_cpu {
	uint32_t checkin;
	uint32_t arrived;    /* r + 1: reached round r's barrier */
	uint32_t done;       /* r + 1: ended round r */
	uint32_t excluded;   /* the run went on without it (the boot CPU writes it) */
	uint32_t left;       /* its last access to this block: about to return */
	bool participant;    /* set before any AP starts, read-only after */
} __attribute__((aligned(64)));

struct rounds {
	struct rounds_ctl ctl;
	struct {
		struct platform *plat;
		const struct rounds_host *h;
		plat_round_fn fn;
		plat_between_fn between;
		void *arg;
		unsigned rounds;
		enum plat_mode mode;
		uint64_t timeout_us, timeout_ticks;
	} __attribute__((aligned(64))) p;   /* read-only once the APs run */
	struct rounds_cpu cpu[];             /* plat->ncpus of them */
};

struct plat_round {
	struct rounds *y;
	unsigned cpu, round;
	bool synced, in_step;
};

static uint64_t tsc(const struct rounds *y)
{
	return y->p.h->ops->tsc(y->p.h->ctx);
}

static void relax(const struct rounds *y)
{
	y->p.h->ops->pause(y->p.h->ctx);
}

static bool reached(const struct rounds *y, unsigned cpu, enum plat_miss phase, unsigned r)
{
	const struct rounds_cpu *c = &y->cpu[cpu];
	switch (phase) {
	case PLAT_MISS_CHECKIN:
		return flag_get(&c->checkin) != 0;
	case PLAT_MISS_BARRIER:
		return flag_get(&c->arrived) > r;
	default:
		return flag_get(&c->done) > r;
	}
}

/* The boot CPU waits for every AP still in the run to reach phase; the late ones are dropped. */
static void bsp_wait(struct rounds *y, enum plat_miss phase, unsigned r)
{
	struct platform *plat = y->p.plat;
	uint64_t deadline = tsc(y) + y->p.timeout_ticks;
	for (unsigned i = 0; i < plat->ncpus; i++) {
		struct rounds_cpu *c = &y->cpu[i];
		if (!c->participant || flag_get(&c->excluded) || i == plat->bsp)
			continue;
		while (!reached(y, i, phase, r) && tsc(y) < deadline)
			relax(y);
		if (reached(y, i, phase, r))
			continue;
		plat->cpu[i].miss = (uint8_t)phase;
		plat->cpu[i].miss_round = r;
		flag_set(&c->excluded, 1);
	}
}

bool rounds_sync(struct plat_round *rd)
{
	struct rounds *y = rd->y;
	struct rounds_cpu *c = &y->cpu[rd->cpu];
	if (rd->synced)
		return rd->in_step;
	rd->synced = true;
	rd->in_step = true;
	if (y->p.mode == PLAT_SEQUENTIAL)
		return true;
	if (rd->cpu == y->p.plat->bsp) {
		bsp_wait(y, PLAT_MISS_BARRIER, rd->round);
		flag_set(&y->ctl.release, rd->round + 1);
		return true;
	}
	flag_set(&c->arrived, rd->round + 1);
	while (flag_get(&y->ctl.release) <= rd->round && !flag_get(&c->excluded) &&
	       !flag_get(&y->ctl.finished))
		relax(y);
	rd->in_step = !flag_get(&c->excluded);
	return rd->in_step;
}

/* fn on this CPU; a round that never synced still passes the barrier (the boot CPU releases it). */
static void run_round(struct rounds *y, unsigned cpu, unsigned r)
{
	struct plat_round rd = { y, cpu, r, false, false };
	y->p.fn(y->p.arg, cpu, r, &rd);
	if (!rd.synced && cpu == y->p.plat->bsp)
		rounds_sync(&rd);
	else if (!rd.synced)
		flag_set(&y->cpu[cpu].arrived, r + 1);
	flag_set(&y->cpu[cpu].done, r + 1);
}

/* Every AP's procedure for the whole dispatch. */
static void rounds_ap(void *arg, unsigned me)
{
	struct rounds *y = arg;
	if (!plat_listed(y->p.plat, me))
		return;   /* beyond the CPUs the platform lists: no line of its own */
	struct rounds_cpu *c = &y->cpu[me];
	flag_set(&c->checkin, 1);
	for (unsigned r = 0; c->participant && r < y->p.rounds; r++) {
		while (flag_get(&y->ctl.open) <= r && !flag_get(&c->excluded) &&
		       !flag_get(&y->ctl.finished))
			relax(y);
		if (flag_get(&c->excluded) || flag_get(&y->ctl.finished))
			break;
		run_round(y, me, r);
	}
	flag_set(&c->left, 1);
}

/* Round r is over everywhere: what each CPU did, then the caller's between (the APs wait). */
static void end_round(struct rounds *y, unsigned r)
{
	struct platform *plat = y->p.plat;
	for (unsigned i = 0; i < plat->ncpus; i++)
		plat->cpu[i].rounds_done = flag_get(&y->cpu[i].done);
	if (y->p.between)
		y->p.between(y->p.arg, r);
}

/* Sequential mode: one round on one AP per dispatch. */
struct one_round {
	struct rounds *y;
	unsigned cpu, round;
};

static void one_round_ap(void *arg, unsigned cpu)
{
	struct one_round *o = arg;
	(void)cpu;
	run_round(o->y, o->cpu, o->round);
}

static void run_sequential(struct rounds *y)
{
	struct platform *plat = y->p.plat;
	const struct rounds_host *h = y->p.h;
	for (unsigned r = 0; r < y->p.rounds; r++) {
		for (unsigned i = 0; i < plat->ncpus; i++) {
			struct rounds_cpu *c = &y->cpu[i];
			struct one_round o = { y, i, r };
			if (!c->participant || c->excluded)
				continue;
			if (i == plat->bsp) {
				run_round(y, i, r);
				continue;
			}
			pmu_status st = h->ops->run_on(h->ctx, i, one_round_ap, &o,
						       y->p.timeout_us);
			if (st) {
				bool late = st == PMU_ERR_TIMEOUT;
				plat->cpu[i].miss =
					(uint8_t)(late ? PLAT_MISS_FINISH : PLAT_MISS_CHECKIN);
				plat->cpu[i].miss_round = r;
				c->excluded = 1;
			}
		}
		end_round(y, r);
	}
}

/* The boot CPU drives the rounds; the APs run rounds_ap. */
static void run_together(struct rounds *y)
{
	unsigned bsp = y->p.plat->bsp;
	bsp_wait(y, PLAT_MISS_CHECKIN, 0);
	for (unsigned r = 0; r < y->p.rounds; r++) {
		flag_set(&y->ctl.open, r + 1);
		if (y->cpu[bsp].participant) {
			run_round(y, bsp, r);
		} else {
			struct plat_round rd = { y, bsp, r, false, false };
			rounds_sync(&rd);
		}
		bsp_wait(y, PLAT_MISS_FINISH, r);
		end_round(y, r);
	}
}

/* Every enabled AP (each one was started) has made its last access to y. */
static bool all_left(const struct rounds *y)
{
	const struct platform *plat = y->p.plat;
	uint64_t deadline = tsc(y) + y->p.timeout_ticks;
	for (unsigned i = 0; i < plat->ncpus; i++) {
		if (!plat->cpu[i].enabled || i == plat->bsp)
			continue;
		while (!flag_get(&y->cpu[i].left) && tsc(y) < deadline)
			relax(y);
		if (!flag_get(&y->cpu[i].left))
			return false;
	}
	return true;
}

/*
 * The platform's limit on the dispatch bounds the whole of it (each of our
 * waits is bounded by timeout_us): every wait of every round, at most
 * ROUNDS_LIMIT_MAX_US, so a stuck AP is ended in bounded time.
 */
static uint64_t dispatch_limit_us(uint64_t timeout_us, unsigned rounds)
{
	uint64_t per_round = 2 * timeout_us;
	if (per_round && (uint64_t)rounds + 1 < ROUNDS_LIMIT_MAX_US / per_round)
		return per_round * (rounds + 1);
	return ROUNDS_LIMIT_MAX_US;
}

/* Together: start the APs, drive the rounds, and say whether y may be freed. */
static pmu_status run_started(struct rounds *y, bool aps, bool *keep)
{
	struct platform *plat = y->p.plat;
	const struct rounds_host *h = y->p.h;
	pmu_status st = PMU_OK;
	if (aps)
		st = h->ops->start_aps(h->ctx, rounds_ap, y,
				       dispatch_limit_us(y->p.timeout_us, y->p.rounds));
	if (st) {
		/* nobody started: no AP waits, every AP is reported as never checked in */
		for (unsigned i = 0; i < plat->ncpus; i++) {
			bool out = y->cpu[i].participant && i != plat->bsp;
			y->cpu[i].excluded = out;
			plat->cpu[i].miss = (uint8_t)(out ? PLAT_MISS_CHECKIN : PLAT_MISS_NONE);
		}
	}
	run_together(y);
	flag_set(&y->ctl.finished, 1);
	/* APs beyond the platform's list have no flag: only the platform can say they are gone */
	if (aps && !st && (plat->found > plat->ncpus || !all_left(y)) && !rounds_settle(h)) {
		plat->rounds_leaked = true;
		*keep = true;
		return PMU_ERR_TIMEOUT;
	}
	return st ? PMU_ERR_UNSUPPORTED : PMU_OK;
}

pmu_status rounds_run(struct platform *plat, const struct rounds_host *h, const struct cpuset *cpus,
		      unsigned rounds, plat_round_fn fn, plat_between_fn between, void *arg,
		      uint64_t timeout_us, enum plat_mode mode)
{
	if (!rounds_settle(h))
		return PMU_ERR_UNSUPPORTED;
	void *mem = h->ops->alloc(h->ctx, sizeof(struct rounds) +
				  plat->ncpus * sizeof(struct rounds_cpu) + 63);
	if (!mem)
		return PMU_ERR_UNSUPPORTED;
	struct rounds *y = (struct rounds *)(((uintptr_t)mem + 63) & ~(uintptr_t)63);
	bool aps = false, keep = false, missed = false;
	pmu_status st = PMU_OK;
	y->p.plat = plat;
	y->p.h = h;
	y->p.fn = fn;
	y->p.between = between;
	y->p.arg = arg;
	y->p.rounds = rounds;
	y->p.mode = mode;
	y->p.timeout_us = timeout_us;
	y->p.timeout_ticks = timeout_us * (plat->tsc_per_us ? plat->tsc_per_us : 1);
	for (unsigned i = 0; i < plat->ncpus; i++) {
		struct plat_cpu *c = &plat->cpu[i];
		c->in_rounds = c->enabled && cpuset_has(cpus, i);
		c->miss = PLAT_MISS_NONE;
		c->miss_round = 0;
		c->rounds_done = 0;
		y->cpu[i].participant = c->in_rounds;
		aps |= c->in_rounds && i != plat->bsp;
	}
	if (mode == PLAT_SEQUENTIAL)
		run_sequential(y);
	else
		st = run_started(y, aps, &keep);
	if (keep)
		return st;   /* y stays allocated: an AP may still write it */
	for (unsigned i = 0; i < plat->ncpus; i++) {
		plat->cpu[i].rounds_done = flag_get(&y->cpu[i].done);
		missed |= plat->cpu[i].miss != PLAT_MISS_NONE;
	}
	h->ops->free(h->ctx, mem);
	if (st)
		return st;
	return missed ? PMU_ERR_TIMEOUT : PMU_OK;
}
