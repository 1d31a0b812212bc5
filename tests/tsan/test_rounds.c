/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The rounds protocol (lib/run/rounds.c) with a thread per CPU, under
 * ThreadSanitizer (tests/tsan/suite.sh): CPUs in step over many rounds and
 * dispatches, late arrivals waited for, a CPU that misses the barrier or the
 * end of its round dropped (and back in the next dispatch), one that never
 * checks in, one that never returns (the block kept), a refused start, the
 * sequential mode, the test-ap-never-done hook in front of the platform. Misses are made by holding a CPU until the boot CPU has
 * given up on it (a flag set in between), never by racing a clock, so the
 * outcome does not depend on the load. Each test prints "ok NAME" or
 * "FAIL NAME: ..."; the last line is "tsan: N passed, N failed".
 */
#include <stdarg.h>
#include <stdio.h>
#include "hooks/never_done.h"
#include "platform_threads.h"

#define NR 256        /* rounds a test may run */
#define LONG_US 30000000u   /* a wait nobody healthy reaches, even under TSan and load */
/* The wait for a CPU held on purpose: a healthy one arrives far sooner, even under load. */
#define MISS_US 5000000u

/* What a CPU does in a round; set before the dispatch, read-only during it. */
struct plan {
	unsigned late_round[THR_MAX];    /* +1: sleeps late_us before the barrier of that round */
	uint64_t late_us;
	unsigned hold_round[THR_MAX];    /* +1: before the barrier, waits for `freed` */
	unsigned stuck_round[THR_MAX];   /* +1: after the barrier, waits for `freed` */
	unsigned free_after;             /* +1: between of that round sets `freed` */
	unsigned skip_every;             /* CPU 1 never syncs in rounds r % skip_every == 1 */
	bool exclusive;                  /* check that no in-step CPU is still in the last round */
};

struct state {
	struct thr_platform t;
	struct plan p;
	int freed;                       /* atomic */
	/* atomics, written by the CPUs */
	int pre[NR];                     /* CPUs that reached round r's barrier */
	int passed[NR];                  /* CPUs in step past it */
	int running[NR];                 /* in step, past the barrier, not yet at the round's end */
	int ran[THR_MAX];                /* rounds each CPU entered */
	int last_round[THR_MAX];         /* +1 */
	int out[THR_MAX];                /* +1: the round whose barrier said false */
	int saw_pre[THR_MAX][NR];        /* pre[r] as the CPU passed (-1: it did not sync) */
	int bad_order;                   /* a CPU began round r while one in step was in r - 1 */
	/* the boot CPU's, in between */
	unsigned betweens, between_order_bad, between_done_bad;
};

static unsigned npass, nfail;
static const char *cur;
static bool cur_failed;

static void bad(const char *fmt, ...)
{
	va_list ap;
	if (!cur_failed)
		printf("FAIL %s:", cur);
	cur_failed = true;
	printf(" ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf(";");
}

#define CHECK(c, ...) do { if (!(c)) bad(__VA_ARGS__); } while (0)

static void begin(const char *name)
{
	cur = name;
	cur_failed = false;
}

static void end(void)
{
	if (cur_failed) {
		printf("\n");
		nfail++;
	} else {
		printf("ok   %s\n", cur);
		npass++;
	}
}

static int ld(const int *p)
{
	return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

static void add(int *p, int v)
{
	__atomic_fetch_add(p, v, __ATOMIC_ACQ_REL);
}

static void wait_freed(struct state *s)
{
	while (!ld(&s->freed))
		thr_sleep_us(200);
}

static void round_fn(void *ctx, unsigned cpu, unsigned r, struct plat_round *rd)
{
	struct state *s = ctx;
	const struct plan *p = &s->p;
	add(&s->ran[cpu], 1);
	__atomic_store_n(&s->last_round[cpu], (int)r + 1, __ATOMIC_RELEASE);
	if (p->exclusive && r > 0 && ld(&s->running[r - 1]))
		add(&s->bad_order, 1);
	__atomic_store_n(&s->saw_pre[cpu][r], -1, __ATOMIC_RELEASE);
	if (cpu == 1 && p->skip_every && r % p->skip_every == 1)
		return;   /* never syncs: the protocol passes its barrier for it */
	if (p->late_round[cpu] == r + 1)
		thr_sleep_us(p->late_us);
	if (p->hold_round[cpu] == r + 1)
		wait_freed(s);
	add(&s->pre[r], 1);
	if (!rounds_sync(rd)) {
		__atomic_store_n(&s->out[cpu], (int)r + 1, __ATOMIC_RELEASE);
		return;
	}
	__atomic_store_n(&s->saw_pre[cpu][r], ld(&s->pre[r]), __ATOMIC_RELEASE);
	add(&s->passed[r], 1);
	add(&s->running[r], 1);
	if (p->stuck_round[cpu] == r + 1)
		wait_freed(s);
	add(&s->running[r], -1);
}

/* On the boot CPU after round r: every CPU still in step ended r (cpu[].rounds_done). */
static void between_fn(void *ctx, unsigned r)
{
	struct state *s = ctx;
	if (r != s->betweens)
		s->between_order_bad++;
	s->betweens++;
	for (unsigned i = 0; i < s->t.plat.ncpus; i++) {
		const struct plat_cpu *c = &s->t.cpu[i];
		if (c->in_rounds && c->miss == PLAT_MISS_NONE && c->rounds_done != r + 1)
			s->between_done_bad++;
	}
	if (s->p.free_after == r + 1)
		__atomic_store_n(&s->freed, 1, __ATOMIC_RELEASE);
}

static struct state *new_state(unsigned ncpus, unsigned bsp)
{
	struct state *s = calloc(1, sizeof(*s));
	if (!s)
		abort();
	thr_platform_init(&s->t, ncpus, bsp);
	return s;
}

static void all_cpus(struct cpuset *set, unsigned n)
{
	cpuset_clear(set);
	for (unsigned i = 0; i < n; i++)
		cpuset_add(set, i);
}

static pmu_status run(struct state *s, const struct cpuset *set, unsigned rounds,
		      uint64_t timeout_us, enum plat_mode mode)
{
	return rounds_run(&s->t.plat, &s->t.host, set, rounds, round_fn, between_fn, s, timeout_us,
			  mode);
}

/*
 * The barrier held in round r: every CPU that passed it in step saw every
 * other one's arrival first.
 */
static void check_barrier(struct state *s, unsigned rounds)
{
	for (unsigned r = 0; r < rounds; r++)
		for (unsigned i = 0; i < s->t.plat.ncpus; i++) {
			int saw = ld(&s->saw_pre[i][r]);
			if (saw > 0 && saw < ld(&s->passed[r]))
				CHECK(0, "round %u: CPU %u passed the barrier after %d of %d arrived",
				      r, i, saw, ld(&s->passed[r]));
		}
}

static void finish(struct state *s)
{
	__atomic_store_n(&s->freed, 1, __ATOMIC_RELEASE);
	__atomic_store_n(&s->t.hold_checkin, 0, __ATOMIC_RELEASE);
	CHECK(thr_platform_fini(&s->t), "an AP never returned, even released");
	free(s);
}

/* 4 CPUs, 200 rounds in one dispatch, CPU 1 never syncing in some: all in step, in order. */
static void test_many_rounds(void)
{
	struct state *s = new_state(4, 0);
	struct cpuset set;
	begin("many rounds in one dispatch, in step");
	all_cpus(&set, 4);
	s->p.skip_every = 5;
	s->p.exclusive = true;
	for (unsigned i = 0; i < 4; i++)
		s->p.late_round[i] = 1 + (37 * i + 11) % 200;   /* each CPU late once */
	s->p.late_us = 2000;
	pmu_status st = run(s, &set, 200, LONG_US, PLAT_TOGETHER);
	CHECK(st == PMU_OK, "status %d", st);
	CHECK(s->t.starts == 1, "%u dispatches", s->t.starts);
	CHECK(s->betweens == 200 && !s->between_order_bad, "between %u times, %u out of order",
	      s->betweens, s->between_order_bad);
	CHECK(!s->between_done_bad, "%u CPUs had not ended the round at between",
	      s->between_done_bad);
	CHECK(!ld(&s->bad_order), "%d rounds began beside the last", ld(&s->bad_order));
	for (unsigned i = 0; i < 4; i++) {
		const struct plat_cpu *c = &s->t.cpu[i];
		CHECK(c->miss == PLAT_MISS_NONE, "CPU %u missed (%u)", i, c->miss);
		CHECK(c->rounds_done == 200, "CPU %u ended %u rounds", i, c->rounds_done);
		CHECK(ld(&s->ran[i]) == 200, "CPU %u ran %d rounds", i, ld(&s->ran[i]));
	}
	for (unsigned r = 0; r < 200; r++)
		CHECK(ld(&s->passed[r]) == (r % 5 == 1 ? 3 : 4), "round %u: %d in step", r,
		      ld(&s->passed[r]));
	check_barrier(s, 200);
	finish(s);
	end();
}

/*
 * A two-socket Turin's 768 CPUs (a thread each) over a few rounds in one dispatch, as a
 * measurement's steps: every CPU in step in every round, the barrier held.
 */
static void test_768_cpus(void)
{
	enum { N = 768, ROUNDS = 4 };
	struct state *s = new_state(N, 0);
	struct cpuset set;
	begin("768 CPUs in step over a few rounds");
	all_cpus(&set, N);
	s->p.exclusive = true;
	pmu_status st = run(s, &set, ROUNDS, LONG_US, PLAT_TOGETHER);
	CHECK(st == PMU_OK, "status %d", st);
	CHECK(s->betweens == ROUNDS && !s->between_order_bad && !s->between_done_bad,
	      "between %u times, %u out of order, %u CPUs not done", s->betweens,
	      s->between_order_bad, s->between_done_bad);
	CHECK(!ld(&s->bad_order), "%d rounds began beside the last", ld(&s->bad_order));
	for (unsigned r = 0; r < ROUNDS; r++)
		CHECK(ld(&s->passed[r]) == N, "round %u: %d in step", r, ld(&s->passed[r]));
	for (unsigned i = 0; i < N; i++)
		CHECK(s->t.cpu[i].rounds_done == ROUNDS, "CPU %u ended %u rounds", i,
		      s->t.cpu[i].rounds_done);
	check_barrier(s, ROUNDS);
	finish(s);
	end();
}

/* A CPU 300 ms late at a barrier, well within the timeout: the others wait for it. */
static void test_late_arrival(void)
{
	struct state *s = new_state(4, 0);
	struct cpuset set;
	begin("a late CPU is waited for");
	all_cpus(&set, 4);
	s->p.late_round[2] = 4;
	s->p.late_round[0] = 6;   /* the boot CPU late too: the APs wait at the barrier */
	s->p.late_us = 300000;
	pmu_status st = run(s, &set, 8, LONG_US, PLAT_TOGETHER);
	CHECK(st == PMU_OK, "status %d", st);
	for (unsigned i = 0; i < 4; i++)
		CHECK(s->t.cpu[i].miss == PLAT_MISS_NONE && s->t.cpu[i].rounds_done == 8,
		      "CPU %u: miss %u, %u rounds", i, s->t.cpu[i].miss, s->t.cpu[i].rounds_done);
	for (unsigned r = 0; r < 8; r++)
		CHECK(ld(&s->passed[r]) == 4, "round %u: %d in step", r, ld(&s->passed[r]));
	check_barrier(s, 8);
	finish(s);
	end();
}

/*
 * CPU 2 held before round 2's barrier until the boot CPU gave up on it: it
 * misses the barrier, its sync says so, it takes no further round; the others
 * run all 6. The next dispatch takes it again.
 */
static void test_missed_barrier(void)
{
	struct state *s = new_state(4, 0);
	struct cpuset set;
	begin("a stalled CPU misses the barrier, back in the next dispatch");
	all_cpus(&set, 4);
	s->p.hold_round[2] = 3;
	s->p.free_after = 3;
	s->p.exclusive = true;
	pmu_status st = run(s, &set, 6, MISS_US, PLAT_TOGETHER);
	CHECK(st == PMU_ERR_TIMEOUT, "status %d", st);
	CHECK(s->t.cpu[2].miss == PLAT_MISS_BARRIER, "CPU 2 miss %u", s->t.cpu[2].miss);
	CHECK(s->t.cpu[2].miss_round == 2, "CPU 2 missed round %u", s->t.cpu[2].miss_round);
	CHECK(ld(&s->out[2]) == 3, "CPU 2's barrier said false in round %d", ld(&s->out[2]) - 1);
	CHECK(ld(&s->ran[2]) == 3 && ld(&s->last_round[2]) == 3, "CPU 2 ran %d rounds, last %d",
	      ld(&s->ran[2]), ld(&s->last_round[2]) - 1);
	CHECK(s->t.cpu[2].rounds_done == 3, "CPU 2 ended %u rounds", s->t.cpu[2].rounds_done);
	CHECK(!s->t.plat.rounds_leaked, "the block was kept");
	for (unsigned i = 0; i < 4; i++) {
		if (i == 2)
			continue;
		CHECK(s->t.cpu[i].miss == PLAT_MISS_NONE && s->t.cpu[i].rounds_done == 6,
		      "CPU %u: miss %u, %u rounds", i, s->t.cpu[i].miss, s->t.cpu[i].rounds_done);
	}
	CHECK(ld(&s->passed[2]) == 3, "round 2: %d in step", ld(&s->passed[2]));
	CHECK(!ld(&s->bad_order), "%d rounds began beside the last", ld(&s->bad_order));
	check_barrier(s, 6);
	/* the next dispatch: every CPU in step again, the miss forgotten */
	memset(&s->p, 0, sizeof(s->p));
	memset(s->passed, 0, sizeof(s->passed));
	s->betweens = 0;
	st = run(s, &set, 3, LONG_US, PLAT_TOGETHER);
	CHECK(st == PMU_OK, "next dispatch: status %d", st);
	CHECK(s->t.cpu[2].miss == PLAT_MISS_NONE && s->t.cpu[2].rounds_done == 3,
	      "next dispatch: CPU 2 miss %u, %u rounds", s->t.cpu[2].miss, s->t.cpu[2].rounds_done);
	for (unsigned r = 0; r < 3; r++)
		CHECK(ld(&s->passed[r]) == 4, "next dispatch, round %u: %d in step", r,
		      ld(&s->passed[r]));
	finish(s);
	end();
}

/* CPU 3 passes round 1's barrier and is held there: it did not end its round. */
static void test_missed_finish(void)
{
	struct state *s = new_state(4, 0);
	struct cpuset set;
	begin("a CPU that does not end its round");
	all_cpus(&set, 4);
	s->p.stuck_round[3] = 2;
	s->p.free_after = 2;
	pmu_status st = run(s, &set, 4, MISS_US, PLAT_TOGETHER);
	CHECK(st == PMU_ERR_TIMEOUT, "status %d", st);
	CHECK(s->t.cpu[3].miss == PLAT_MISS_FINISH && s->t.cpu[3].miss_round == 1,
	      "CPU 3 miss %u in round %u", s->t.cpu[3].miss, s->t.cpu[3].miss_round);
	CHECK(ld(&s->ran[3]) == 2, "CPU 3 ran %d rounds", ld(&s->ran[3]));
	CHECK(ld(&s->passed[1]) == 4 && ld(&s->passed[2]) == 3, "in step: %d then %d",
	      ld(&s->passed[1]), ld(&s->passed[2]));
	CHECK(s->t.cpu[0].rounds_done == 4 && s->t.cpu[1].rounds_done == 4, "others ended %u, %u",
	      s->t.cpu[0].rounds_done, s->t.cpu[1].rounds_done);
	check_barrier(s, 4);
	finish(s);
	end();
}

/*
 * CPU 2 stuck in round 1 for good: the run goes on, and since it never
 * leaves and the platform never says it is gone, the block is kept
 * (rounds_leaked); released later, it writes there safely.
 */
static void test_never_returns(void)
{
	struct state *s = new_state(3, 0);
	struct cpuset set;
	begin("a CPU that never returns: the block is kept");
	all_cpus(&set, 3);
	s->p.stuck_round[2] = 2;
	s->t.settle_ms = 100;
	pmu_status st = run(s, &set, 5, MISS_US, PLAT_TOGETHER);
	CHECK(st == PMU_ERR_TIMEOUT, "status %d", st);
	CHECK(s->t.plat.rounds_leaked, "the block was not kept");
	CHECK(s->t.cpu[2].miss == PLAT_MISS_FINISH && s->t.cpu[2].miss_round == 1,
	      "CPU 2 miss %u in round %u", s->t.cpu[2].miss, s->t.cpu[2].miss_round);
	CHECK(s->t.cpu[0].rounds_done == 5 && s->t.cpu[1].rounds_done == 5, "others ended %u, %u",
	      s->t.cpu[0].rounds_done, s->t.cpu[1].rounds_done);
	unsigned kept = 0;
	for (unsigned i = 0; i < THR_ALLOCS; i++)
		kept += s->t.live[i] != NULL;
	CHECK(kept == 1, "%u blocks kept", kept);
	/* another dispatch is refused while the platform has not settled the last */
	st = run(s, &set, 1, 100000, PLAT_TOGETHER);
	CHECK(st == PMU_ERR_UNSUPPORTED, "a dispatch over an unsettled one: status %d", st);
	finish(s);
	end();
}

/* CPU 1 never starts the procedure: missed at check-in, the others run. */
static void test_never_checks_in(void)
{
	struct state *s = new_state(4, 0);
	struct cpuset set;
	begin("a CPU that never checks in");
	all_cpus(&set, 4);
	s->t.hold_checkin = 1 << 1;
	s->t.settle_ms = 100;
	pmu_status st = run(s, &set, 3, MISS_US, PLAT_TOGETHER);
	CHECK(st == PMU_ERR_TIMEOUT, "status %d", st);
	CHECK(s->t.cpu[1].miss == PLAT_MISS_CHECKIN && s->t.cpu[1].miss_round == 0,
	      "CPU 1 miss %u in round %u", s->t.cpu[1].miss, s->t.cpu[1].miss_round);
	CHECK(ld(&s->ran[1]) == 0 && s->t.cpu[1].rounds_done == 0, "CPU 1 ran %d rounds",
	      ld(&s->ran[1]));
	CHECK(s->t.plat.rounds_leaked, "an AP never left, yet the block was freed");
	for (unsigned r = 0; r < 3; r++)
		CHECK(ld(&s->passed[r]) == 3, "round %u: %d in step", r, ld(&s->passed[r]));
	check_barrier(s, 3);
	finish(s);
	end();
}

/* The platform refuses to start the APs: each is missed at check-in, the boot CPU runs alone. */
static void test_start_refused(void)
{
	struct state *s = new_state(3, 0);
	struct cpuset set;
	begin("a refused start");
	all_cpus(&set, 3);
	s->t.refuse_start = true;
	pmu_status st = run(s, &set, 4, LONG_US, PLAT_TOGETHER);
	CHECK(st == PMU_ERR_UNSUPPORTED, "status %d", st);
	CHECK(s->t.cpu[1].miss == PLAT_MISS_CHECKIN && s->t.cpu[2].miss == PLAT_MISS_CHECKIN,
	      "misses %u %u", s->t.cpu[1].miss, s->t.cpu[2].miss);
	CHECK(s->t.cpu[0].rounds_done == 4 && s->betweens == 4, "boot CPU %u rounds, %u betweens",
	      s->t.cpu[0].rounds_done, s->betweens);
	finish(s);
	end();
}

/*
 * The boot CPU (2 of 5) coordinates without measuring, CPU 4 not in the set,
 * one CPU more than the list (found): 60 dispatches of 3 rounds each.
 */
static void test_repeated_dispatches(void)
{
	struct state *s = new_state(5, 2);
	struct cpuset set;
	begin("60 dispatches, the boot CPU coordinating only");
	cpuset_clear(&set);
	cpuset_add(&set, 0);
	cpuset_add(&set, 1);
	cpuset_add(&set, 3);
	s->t.plat.found = 6;
	s->p.exclusive = true;
	for (unsigned d = 0; d < 60; d++) {
		memset(s->passed, 0, sizeof(s->passed));
		s->betweens = 0;
		s->p.late_round[d % 4] = d % 3 + 1;
		s->p.late_us = 500;
		pmu_status st = run(s, &set, 3, LONG_US, PLAT_TOGETHER);
		CHECK(st == PMU_OK, "dispatch %u: status %d", d, st);
		for (unsigned r = 0; r < 3; r++)
			CHECK(ld(&s->passed[r]) == 3, "dispatch %u round %u: %d in step", d, r,
			      ld(&s->passed[r]));
		memset(s->p.late_round, 0, sizeof(s->p.late_round));
		check_barrier(s, 3);
	}
	CHECK(s->t.starts == 60, "%u starts", s->t.starts);
	CHECK(ld(&s->ran[2]) == 0 && ld(&s->ran[4]) == 0, "CPUs 2 and 4 ran %d, %d rounds",
	      ld(&s->ran[2]), ld(&s->ran[4]));
	CHECK(ld(&s->ran[0]) == 180 && ld(&s->ran[3]) == 180, "CPUs 0 and 3 ran %d, %d rounds",
	      ld(&s->ran[0]), ld(&s->ran[3]));
	CHECK(!s->t.cpu[4].in_rounds && s->t.cpu[4].rounds_done == 0, "CPU 4 was in the rounds");
	CHECK(!ld(&s->bad_order), "%d rounds began beside the last", ld(&s->bad_order));
	finish(s);
	end();
}

/* Sequential: one run_on per AP and round, each barrier passes at once. */
static void test_sequential(void)
{
	struct state *s = new_state(3, 0);
	struct cpuset set;
	begin("sequential mode");
	all_cpus(&set, 3);
	pmu_status st = run(s, &set, 4, LONG_US, PLAT_SEQUENTIAL);
	CHECK(st == PMU_OK, "status %d", st);
	CHECK(s->t.starts == 0 && s->t.runs_on == 8, "%u starts, %u run_on", s->t.starts,
	      s->t.runs_on);
	for (unsigned i = 0; i < 3; i++)
		CHECK(s->t.cpu[i].rounds_done == 4 && ld(&s->ran[i]) == 4, "CPU %u: %u rounds", i,
		      s->t.cpu[i].rounds_done);
	finish(s);
	end();
}

/*
 * test-ap-never-done (lib/hooks/never_done.c) in front of the platform: the
 * first dispatch runs, but its end is never settled, so the next is refused.
 */
static void test_never_done_hook(void)
{
	struct state *s = new_state(3, 0);
	struct never_done nd;
	struct rounds_host h;
	struct cpuset set;
	begin("test-ap-never-done: a dispatch is never settled");
	all_cpus(&set, 3);
	h = s->t.host;
	CHECK(rounds_settle(&h), "nothing started, yet not settled");
	never_done_init(&nd, &h);
	pmu_status st = rounds_run(&s->t.plat, &h, &set, 2, round_fn, between_fn, s, LONG_US,
				   PLAT_TOGETHER);
	CHECK(st == PMU_OK && s->t.cpu[2].rounds_done == 2, "first dispatch: status %d", st);
	CHECK(!rounds_settle(&h), "the dispatch was settled through the hook");
	st = rounds_run(&s->t.plat, &h, &set, 1, round_fn, between_fn, s, LONG_US, PLAT_TOGETHER);
	CHECK(st == PMU_ERR_UNSUPPORTED, "second dispatch: status %d", st);
	CHECK(s->t.starts == 1, "%u starts", s->t.starts);
	finish(s);
	end();
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	test_many_rounds();
	test_late_arrival();
	test_missed_barrier();
	test_missed_finish();
	test_never_returns();
	test_never_checks_in();
	test_start_refused();
	test_repeated_dispatches();
	test_sequential();
	test_never_done_hook();
	test_768_cpus();
	printf("tsan: %u passed, %u failed\n", npass, nfail);
	return nfail != 0;
}
