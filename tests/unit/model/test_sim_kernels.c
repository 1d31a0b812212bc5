/*
 * The model's own description of the kernels (lib/model/sim_kernels.c): counts for
 * literal iteration counts against values worked out by hand from the asm of
 * lib/check/kernels.c (the same figures tests/valgrind/check-kernels.sh measures
 * with callgrind at n = 1000), agreement with the claim table, and a wrong claim
 * failing the instruction check on the model instead of replaying itself.
 */
#include "testutil.h"
#include "check/kernels.h"
#include "hw/msr.h"
#include "model/sim_kernels.h"
#include "model/sim_workload.h"
#include "pmu/core_engine.h"
#include "pmu/cpuinfo.h"

static struct sim_counts counts(const char *kernel, uint64_t n)
{
	struct sim_counts c;
	assert_true(sim_kernel_counts(sim_kernel_code_find(kernel), n, &c));
	return c;
}

/*
 * By hand, n = 1000 (entry + n x body + exit; the loop's jnz taken n - 1 times):
 *   inst   11 + 10n + 7 = 10018 instructions; jz + n jnz = 1001 branches, 999 taken; 1 load.
 *   branch 4 + 14n = 14004; jz + 3n = 3001 branches; taken: one of the jz/jnz pair per
 *          iteration + 999 = 1999; the random jz mispredicted n/2 = 500 times; 1 load.
 *   stream 7 + 7n = 7007; 1001 branches, 999 taken; 3 + n = 1003 loads.
 *   chase  4 + 3n = 3004; 1001, 999; 2 + n = 1002 loads.
 *   idle   4 + 3n = 3004; 1001, 999; 1 load.
 *   uncore 12 + 8n + 2 = 8014; 1001, 999; 3 + 2n + 1 = 2004 loads (mov, lock add, the
 *          checksum load); 2n = 2000 stores (movnti, lock add); 1000 locked, 1000 nt.
 */
static void test_counts_by_hand(void **state)
{
	static const struct {
		const char *kernel;
		struct sim_counts want;   /* inst, branches, taken, misp, loads, stores, locked, nt */
	} cases[] = {
		{ "empty", { 0, 0, 0, 0, 0, 0, 0, 0 } },
		{ "inst", { 10018, 1001, 999, 0, 1, 0, 0, 0 } },
		{ "branch", { 14004, 3001, 1999, 500, 1, 0, 0, 0 } },
		{ "stream", { 7007, 1001, 999, 0, 1003, 0, 0, 0 } },
		{ "chase", { 3004, 1001, 999, 0, 1002, 0, 0, 0 } },
		{ "idle", { 3004, 1001, 999, 0, 1, 0, 0, 0 } },
		{ "uncore", { 8014, 1001, 999, 0, 2004, 2000, 1000, 1000 } },
	};
	(void)state;
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sim_counts c = counts(cases[i].kernel, 1000);
		if (memcmp(&c, &cases[i].want, sizeof(c)))
			fail_msg("%s: %llu inst %llu br %llu taken %llu misp %llu ld %llu st", cases[i].kernel,
				 (unsigned long long)c.instructions, (unsigned long long)c.branches,
				 (unsigned long long)c.taken, (unsigned long long)c.mispredicts,
				 (unsigned long long)c.loads, (unsigned long long)c.stores);
	}
	/* One iteration: the loop's jnz is not taken at all. */
	struct sim_counts one = counts("inst", 1);
	assert_int_equal(one.instructions, 28);
	assert_int_equal(one.branches, 2);
	assert_int_equal(one.taken, 0);
	/* No iterations, no kernel: nothing. */
	struct sim_counts c;
	assert_false(sim_kernel_counts(sim_kernel_code_find("inst"), 0, &c));
	assert_null(sim_kernel_code_find("no-such-kernel"));
	assert_false(sim_kernel_counts(NULL, 1, &c));
}

static uint64_t model_count(const struct sim_counts *c, enum kernel_event ev, bool *known)
{
	*known = true;
	switch (ev) {
	case KEV_INSTRUCTIONS: return c->instructions;
	case KEV_BRANCHES: case KEV_COND_BRANCHES: return c->branches;   /* no jmp in any kernel */
	case KEV_TAKEN_BRANCHES: return c->taken;
	case KEV_BRANCH_MISSES: return c->mispredicts;
	case KEV_LOADS: return c->loads;
	case KEV_STORES: return c->stores;
	case KEV_LOCKED: return c->locked;
	case KEV_NT_STORES: return c->nt_stores;
	default: *known = false; return 0;
	}
}

/* Two descriptions written apart agree: every kernel, every claim the model can judge. */
static void test_agrees_with_the_claim_table(void **state)
{
	static const uint64_t ns[] = { 1, 2, 7, 1000, 123457 };
	(void)state;
	for (unsigned k = 0; k < kernel_count; k++) {
		const struct kernel_desc *d = &kernel_table[k];
		assert_non_null(sim_kernel_code_find(d->name));
		for (unsigned i = 0; i < sizeof(ns) / sizeof(ns[0]); i++) {
			struct sim_counts c = counts(d->name, ns[i]);
			for (unsigned j = 0; j < d->n_expect; j++) {
				bool known;
				uint64_t v = model_count(&c, d->expect[j].event, &known);
				if (known && !kernel_within(&d->expect[j], ns[i], (int64_t)v))
					fail_msg("%s n=%llu %s: model %llu, claim %lld", d->name,
						 (unsigned long long)ns[i],
						 kernel_event_name(d->expect[j].event), (unsigned long long)v,
						 (long long)kernel_expected(&d->expect[j], ns[i]));
			}
		}
	}
}

/* The app's instruction check on the model: (kernel - empty) instructions against the claim. */
struct sim_call {
	struct model *m;
	const struct kernel_desc *k;
	uint64_t n;
};

static uint64_t sim_call(const void *arg)
{
	const struct sim_call *c = arg;
	return sim_workload_run(c->m, 0, c->k, c->n);
}

static uint64_t instructions_of(struct model *m, const struct pmu_backend *b,
				const struct cpu_info *ci, const struct kernel_desc *k, uint64_t n)
{
	struct core_snapshot snap;
	struct core_session *s = calloc(1, sizeof(*s));
	assert_non_null(s);
	struct pmu_event_req q = { .name = "instructions", .config = 0x00C0 | 3u << 16, .fixed = 0,
				   .counter_mask = 0xF };
	assert_int_equal(core_snapshot(b, 0, ci, &snap), PMU_OK);
	assert_int_equal(core_prepare(s, b, 0, &snap, &q, 1, false), PMU_OK);
	struct sim_call call = { m, k, n };
	assert_int_equal(core_measure(s, sim_call, &call), PMU_OK);
	uint64_t d = s->ctr[0].delta;
	free(s);
	return d;
}

static bool instruction_check(struct model *m, const struct pmu_backend *b,
			      const struct cpu_info *ci, const struct kernel_desc *k, uint64_t n)
{
	uint64_t over = instructions_of(m, b, ci, kernel_find("empty"), n);
	uint64_t got = instructions_of(m, b, ci, k, n) - over;
	return kernel_within(kernel_expect_for(k, KEV_INSTRUCTIONS), n, (int64_t)got);
}

/* A kernel_desc whose claim is off by one instruction per iteration, or one in total, FAILs. */
static void test_wrong_claim_fails_on_the_model(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 1, 1, &b);
	struct cpu_info ci = { 0 };
	assert_int_equal(pmu_discover(&b, 0, &ci), PMU_OK);
	const struct kernel_desc *inst = kernel_find("inst");
	assert_true(instruction_check(m, &b, &ci, inst, 1000));
	/* the kernel's 10,018 and the gated window's 2 (model.h MODEL_GATE_INSTS) */
	assert_int_equal(instructions_of(m, &b, &ci, inst, 1000), 10020);

	struct kernel_desc wrong = *inst;
	struct kernel_expect *e = (struct kernel_expect *)kernel_expect_for(&wrong, KEV_INSTRUCTIONS);
	e->per_iter = 11;   /* the asm's loop has 10 */
	assert_false(instruction_check(m, &b, &ci, &wrong, 1000));
	e->per_iter = 10;
	e->fixed = 19;      /* the asm has 18 around the loop */
	assert_false(instruction_check(m, &b, &ci, &wrong, 1000));
	e->fixed = 18;
	assert_true(instruction_check(m, &b, &ci, &wrong, 1000));
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counts_by_hand),
		cmocka_unit_test(test_agrees_with_the_claim_table),
		cmocka_unit_test(test_wrong_claim_fails_on_the_model),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
