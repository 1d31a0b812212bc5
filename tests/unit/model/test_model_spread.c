/*
 * The bulk replay (lib/model/model_spread.c) against one cycle at a time: a
 * kernel replayed through sim_workload_run must leave every register, status
 * bit, edge and flag history and noise record exactly as model_run_cycle does,
 * called once per cycle with the spread's counts (what sim_workload.c did
 * before it had a bulk path). Every profile and kernel, counters wrapping
 * mid-kernel, timer ticks and SMIs inside it (one tick while interrupts are
 * off); then the configurations the devices refuse to take in bulk
 * (thresholds, edge detection, freezes on overflow, M-box up/down and flags).
 */
#include "testutil.h"
#include "check/kernels.h"
#include "model/sim_workload.h"
#include "model/model_noise.h"
#include "model/model_devs.h"

#define SEL(code) (0x430000ull | (code))   /* EN, OS, USR */
#define EN22 (1ull << 22)
#define ITER 300u
#define TOP48 0xFFFFFFFFFFFFull

static const char *const kernels[] = { "inst", "branch", "stream", "chase", "idle", "uncore" };
#define N_KERNELS (sizeof(kernels) / sizeof(kernels[0]))

/* Ticks and SMIs every few hundred cycles (odd periods), the first two due at the same cycle. */
static const struct model_noise_rates busy = {
	.tick_first = 497, .tick_period = 703, .tick_insts = 30, .tick_cycles = 91,
	.smi_first = 497, .smi_period = 1109, .smi_insts = 70, .smi_cycles = 213,
};

struct pair {
	struct model *bulk, *ref;
	struct pmu_backend bb, rb;
};

static struct pair pair_new(const char *profile, unsigned narrow)
{
	struct pair p;
	p.bulk = test_model(profile, 2, 1, &p.bb);
	p.ref = test_model(profile, 2, 1, &p.rb);
	p.bulk->broken.narrow_counters = p.ref->broken.narrow_counters = (uint8_t)narrow;
	model_set_noise(p.bulk, MODEL_NOISE_ALL, &busy);
	model_set_noise(p.ref, MODEL_NOISE_ALL, &busy);
	return p;
}

static void wr2(struct pair *p, uint32_t msr, uint64_t v)
{
	wr_on(&p->bb, 0, msr, v);
	wr_on(&p->rb, 0, msr, v);
}

/* The reference: the spread one cycle at a time. */
static void one_by_one(struct model *m, unsigned cpu, const struct model_spread *s)
{
	struct model_stim st[MODEL_SPREAD_STIMS];
	uint64_t rem[MODEL_SPREAD_STIMS] = { 0 };
	struct model_cycle c = { .cpl = s->cpl, .stim = st, .nstim = s->nstim };
	for (uint64_t i = 0; i < s->cycles; i++) {
		for (unsigned j = 0; j < s->nstim; j++) {
			rem[j] += s->total[j].count;
			st[j].code = s->total[j].code;
			st[j].count = rem[j] / s->cycles;
			rem[j] %= s->cycles;
		}
		model_run_cycle(m, cpu, &c);
	}
}

/* Every register either file holds has the same value in both; the private state is the same. */
static void same_file(const struct model_regfile *bulk, const struct model_regfile *ref,
		      const char *what)
{
	for (unsigned i = 0; i < bulk->n + ref->n; i++) {
		uint32_t msr = i < bulk->n ? bulk->msr[i] : ref->msr[i - bulk->n];
		uint64_t a = model_peek(bulk, msr), b = model_peek(ref, msr);
		if (a != b)
			fail_msg("%s MSR 0x%x: bulk 0x%llx, one by one 0x%llx", what, msr,
				 (unsigned long long)a, (unsigned long long)b);
	}
	assert_memory_equal(bulk->scratch, ref->scratch, sizeof(bulk->scratch));
}

static void same_noise(const struct model_cpu_noise *a, const struct model_cpu_noise *b)
{
	assert_int_equal(a->now, b->now);
	assert_int_equal(a->next_tick, b->next_tick);
	assert_int_equal(a->next_smi, b->next_smi);
	assert_int_equal(a->irq_off, b->irq_off);
	assert_int_equal(a->tick_pending, b->tick_pending);
	assert_int_equal(a->ticks, b->ticks);
	assert_int_equal(a->smis, b->smis);
}

static void same_state(const struct pair *p)
{
	for (unsigned c = 0; c < p->bulk->ncpus; c++) {
		same_file(&p->bulk->thread[c], &p->ref->thread[c], "thread");
		same_file(&p->bulk->core[c], &p->ref->core[c], "core");
		same_noise(&p->bulk->cpu_noise[c], &p->ref->cpu_noise[c]);
	}
	same_file(&p->bulk->pkg[0], &p->ref->pkg[0], "package");
}

/* Runs kernel on cpu both ways; the cycles it took. */
static uint64_t run_both(struct pair *p, unsigned cpu, const char *kernel)
{
	const struct kernel_desc *k = kernel_find(kernel);
	struct model_stim stim[MODEL_SPREAD_STIMS];
	struct model_spread s;
	assert_non_null(k);
	sim_workload_spread(p->ref, k, ITER, stim, &s);
	one_by_one(p->ref, cpu, &s);
	assert_int_equal(sim_workload_run(p->bulk, cpu, k, ITER), s.cycles);
	return s.cycles;
}

/* Core: instructions, branches, mispredicts, cycles and the fixed counters, some near the top. */
static void program_core(struct pair *p)
{
	wr2(p, 0x186, SEL(0x00C0));
	wr2(p, 0x187, SEL(0x00C4));
	wr2(p, 0x188, SEL(0x00C5));
	wr2(p, 0x189, SEL(0x003C));
	wr2(p, 0xC1, 0xFFFFF000);              /* sign-extended: 4,096 below the top */
	wr2(p, 0xC2, 0xFFFFFF00);              /* 256 branches below the top */
	wr2(p, 0x38D, 0x333);
	wr2(p, 0x309, TOP48 - 5000);
	wr2(p, 0x38F, 0x70000000Full);
}

enum uncore { NHM, EX, SNBEP, NO_UNCORE };

/* The profile's uncore: the events the kernels raise, a counter close to its top. */
static void program_uncore(struct pair *p, enum uncore u)
{
	if (u == NHM) {
		static const uint64_t sel[] = { 0x072C, 0x0F2C, 0x1020, 0x382F, 0x2020 };
		for (unsigned i = 0; i < 5; i++)
			wr2(p, 0x3C0 + i, sel[i] | EN22);
		wr2(p, 0x3B0, TOP48 - 40);
		wr2(p, 0x394, TOP48 - 3000);
		wr2(p, 0x395, 1);
		wr2(p, 0x391, 0x1000000FFull);
	} else if (u == EX) {                                   /* U-box and both M-boxes */
		wr2(p, 0xC10, 0x02 | EN22);
		wr2(p, 0xCA0, 0x3);
		wr2(p, 0xCB0, 1 | 0x1Bu << 9 | 1 << 6);                 /* clocks, wrap */
		wr2(p, 0xCB1, TOP48 - 2000);
		wr2(p, 0xCB2, 1 | 0x1Au << 9);                          /* commands, stop at top */
		wr2(p, 0xCB3, TOP48 - 100);
		wr2(p, 0xCE0, 0x3);
		wr2(p, 0xCF0, 1 | 0x1Bu << 9 | 1 << 6);
		wr2(p, 0xCF2, 1 | 0x1Au << 9 | 1 << 2);                 /* counts down from 0 */
		wr2(p, 0xC00, 1ull << 28 | 1);
	} else if (u == SNBEP) {
		wr2(p, 0xC08, EN22);
		wr2(p, 0xC10, 0x44 | EN22);
		wr2(p, 0xD10, 0x0334 | EN22);
		wr2(p, 0xD11, 0x0534 | EN22 | 1ull << 23);              /* invert, threshold 0 */
		wr2(p, 0xD12, 0x0A35 | EN22 | 1ull << 18);      /* edge, threshold 0: one count */
		wr2(p, 0xD16, (1ull << 44) - 30);
		for (unsigned c = 0; c < 8; c++)
			wr2(p, 0xD13 + 0x20 * c, EN22);
	}
}

/* Every kernel on both CPUs of the profile, linear counters: equal, and mostly in bulk. */
static void check_profile(const char *profile, enum uncore u, unsigned narrow)
{
	struct pair p = pair_new(profile, narrow);
	uint64_t cycles = 0;
	program_core(&p);
	program_uncore(&p, u);
	for (unsigned i = 0; i < N_KERNELS; i++) {
		for (unsigned cpu = 0; cpu < 2; cpu++) {
			bool quiet = cpu == 0 && i == 1;   /* a tick waits while interrupts are off */
			uint64_t sb = quiet ? model_irq_save(p.bulk, 0) : 0;
			uint64_t sr = quiet ? model_irq_save(p.ref, 0) : 0;
			cycles += run_both(&p, cpu, kernels[i]);
			same_state(&p);
			model_irq_restore(p.bulk, 0, sb);
			model_irq_restore(p.ref, 0, sr);
		}
	}
	same_state(&p);
	/* The noise came inside the kernels: at least 15 ticks and SMIs. */
	assert_true(p.bulk->cpu_noise[0].ticks >= 15 && p.bulk->cpu_noise[1].smis >= 15);
	const struct model_replayed *r = &p.bulk->replayed[0];
	assert_true(r->bulk > 20 * r->single);
	assert_true(cycles > 20000);
	free(p.bulk);
	free(p.ref);
}

static void test_nehalem_ep(void **state)
{
	(void)state;
	check_profile("nehalem-ep", NHM, 0);
}

static void test_westmere_ex(void **state)
{
	(void)state;
	check_profile("westmere-ex", EX, 0);
}

static void test_sandy_bridge_ep(void **state)
{
	(void)state;
	check_profile("sandy-bridge-ep", SNBEP, 0);
}

/*
 * A v5 part: FIXED_CTR3 counts the slots (5 a cycle) near its top, and with GLOBAL_CTRL bit
 * 48 PERF_METRICS splits them, which the bulk path leaves to single cycles (one kernel
 * apart, so most of the replay stays in bulk).
 */
static void test_icelake_sp_slots(void **state)
{
	(void)state;
	struct pair p = pair_new("icelake-sp", 0);
	program_core(&p);
	wr2(&p, 0x38D, 0x3333);
	wr2(&p, 0x30C, TOP48 - 7000);
	wr2(&p, 0x38F, 0xF0000000Full);
	for (unsigned i = 0; i < N_KERNELS; i++) {
		if (i == 1)
			wr2(&p, 0x38F, 1ull << 48 | 0xF0000000Full);   /* PERF_METRICS: single cycles */
		run_both(&p, 0, kernels[i]);
		same_state(&p);
		if (i == 1)
			wr2(&p, 0x38F, 0xF0000000Full);
	}
	const struct model_replayed *r = &p.bulk->replayed[0];
	assert_true(r->single > 0 && r->bulk > r->single);
	free(p.bulk);
	free(p.ref);
}

/* Core counters 40 bits short (8 bits wide): they wrap many times inside one bulk step. */
static void test_narrow_counters_wrap_often(void **state)
{
	(void)state;
	check_profile("nehalem-ex", EX, 40);
}

/*
 * What a device must take one cycle at a time, one reason each (over the
 * configuration of check_profile): taken in bulk, each would count otherwise.
 */
struct shaped {
	const char *profile;
	enum uncore u;
	uint32_t msr;
	uint64_t val, val2;   /* val2: a second register's, at msr2 (0: none) */
	uint32_t msr2;
};

static const struct shaped shaped[] = {
	{ "westmere-ep", NHM, 0x187, SEL(0x00C4) | 1ull << 24, 0, 0 },          /* CMASK 1 */
	{ "nehalem-ex", EX, 0x186, SEL(0x00C0) | 2ull << 24 | 1ull << 23, 0, 0 },  /* < 2 */
	{ "sandy-bridge-ep", SNBEP, 0x187, SEL(0x00C4) | 1ull << 18, 0, 0 },    /* edge */
	{ "nehalem-ep", NHM, 0x3C1, 0x0F2C | EN22 | 1ull << 24, 0, 0 },         /* CMASK 1 */
	{ "nehalem-ep", NHM, 0x3C2, 0x1020 | EN22 | 1ull << 18, 0, 0 },         /* edge */
	/* an overflow with PMI freezes the box: a counter's, the fixed one's */
	{ "nehalem-ep", NHM, 0x3C0, 0x072C | EN22 | 1ull << 20, 0x1000000FFull | 1ull << 63, 0x391 },
	{ "nehalem-ep", NHM, 0x395, 1 | 1 << 2, 0x1000000FFull | 1ull << 63, 0x391 },
	{ "westmere-ex", EX, 0xC10, 0x02 | EN22 | 1ull << 18, 0, 0 },           /* U edge */
	{ "westmere-ex", EX, 0xCB0, 1 | 0x1Bu << 9 | 1 << 6 | 1 << 1, 0, 0 },   /* pmi: freeze */
	{ "sandy-bridge-ep", SNBEP, 0xD10, 0x0334 | EN22 | 1ull << 24, 0, 0 },  /* threshold 1 */
};

static void test_shaped_configurations(void **state)
{
	(void)state;
	static const char *const some[] = { "uncore", "inst" };
	for (unsigned i = 0; i < sizeof(shaped) / sizeof(shaped[0]); i++) {
		const struct shaped *c = &shaped[i];
		struct pair p = pair_new(c->profile, 0);
		program_core(&p);
		program_uncore(&p, c->u);
		if (c->msr2)
			wr2(&p, c->msr2, c->val2);
		wr2(&p, c->msr, c->val);
		for (unsigned k = 0; k < 2; k++) {
			run_both(&p, 0, some[k]);
			same_state(&p);
		}
		free(p.bulk);
		free(p.ref);
	}
}

/* Any spread both ways, on CPU 0 of a model of profile programmed by the caller. */
static void spread_both(struct pair *p, const struct model_stim *total, unsigned n, uint64_t cycles)
{
	struct model_spread s = { .cpl = 0, .total = total, .nstim = n, .cycles = cycles };
	one_by_one(p->ref, 0, &s);
	assert_int_equal(model_run_spread(p->bulk, 0, &s), PMU_OK);
	same_state(p);
}

#define M0(ev, sig) MODEL_UNC_STIM(MODEL_UNC_EX_M0, (ev), (sig))

/*
 * M-box counter 0 of a Nehalem-EX programmed ctl, from preload, over two spreads of
 * stimuli no kernel raises (decrements, flag events in cycles 333, 666 and 999 of each, up to
 * 3 events a cycle), wrapping and not. The cycles its device took one by one in the
 * second spread: more than 1,000 where the configuration is never linear.
 */
static void mbox_case(uint64_t ctl, uint64_t preload, bool linear_later)
{
	const struct model_stim total[] = {
		{ M0(0x1A, MODEL_MBOX_INC), 2500 }, { M0(0x1A, MODEL_MBOX_DEC), 1700 },
		{ M0(0x05, MODEL_MBOX_FLAG), 3 }, { 0x00C0, 2500 },
	};
	for (uint64_t wrap = 0; wrap < 2; wrap++) {
		struct pair p = pair_new("nehalem-ex", 0);
		program_core(&p);
		wr2(&p, 0xCA0, 1);
		wr2(&p, 0xCB0, ctl | wrap << 6);
		wr2(&p, 0xCB1, preload);
		wr2(&p, 0xC00, 1ull << 28 | 1);
		spread_both(&p, total, 4, 1000);
		uint64_t first = p.bulk->replayed[0].single;
		spread_both(&p, total, 4, 1000);
		uint64_t second = p.bulk->replayed[0].single - first;
		assert_true(linear_later ? second < 100 : second > 1000);
		free(p.bulk);
		free(p.ref);
	}
}

/* Counting up and down (count_mode 10) and waiting for a flag go one cycle at a time. */
static void test_mbox_up_down_and_flags(void **state)
{
	(void)state;
	mbox_case(1 | 0x1Au << 9 | 2 << 2, 40, false);                  /* up and down */
	mbox_case(1 | 0x1Au << 9 | 1 << 7 | 5 << 19 | 1 << 4, 0, true);  /* after the flag */
	mbox_case(1 | 0x1Au << 9 | 1 << 2, 700, true);                  /* down: linear */
	mbox_case(1 | 0x1Au << 9, TOP48 - 3000, true);                  /* up: linear */
}

/* Counts so large that a step of the spread holds only a few cycles (rem + k * total < 2^64). */
static void test_huge_counts_in_short_steps(void **state)
{
	(void)state;
	const struct model_stim total[] = { { 0x00C0, 1ull << 62 }, { 0x00C4, (1ull << 62) / 3 } };
	struct pair p = pair_new("nehalem-ep", 0);
	program_core(&p);
	spread_both(&p, total, 2, 1000);
	free(p.bulk);
	free(p.ref);
}

/*
 * A handler lands between the cycles it is due between: edges of 2 instructions a
 * cycle (runs of 2s among 1s) split where a handler's cycles (at most 1) come.
 */
static void test_noise_lands_on_its_cycle(void **state)
{
	(void)state;
	const struct model_stim total[] = { { 0x00C0, 1800 }, { 0x003C, 1000 } };
	struct pair p = pair_new("westmere-ep", 0);
	program_core(&p);
	wr2(&p, 0x187, SEL(0x00C0) | 2ull << 24 | 1ull << 18);   /* edge of >= 2 instructions */
	for (unsigned i = 0; i < 4; i++)
		spread_both(&p, total, 2, 1000);
	free(p.bulk);
	free(p.ref);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nehalem_ep),
		cmocka_unit_test(test_westmere_ex),
		cmocka_unit_test(test_sandy_bridge_ep),
		cmocka_unit_test(test_narrow_counters_wrap_often),
		cmocka_unit_test(test_icelake_sp_slots),
		cmocka_unit_test(test_shaped_configurations),
		cmocka_unit_test(test_mbox_up_down_and_flags),
		cmocka_unit_test(test_huge_counts_in_short_steps),
		cmocka_unit_test(test_noise_lands_on_its_cycle),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
