/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The CPUID walk of the capture (lib/capture/cpuid_walk.c): every leaf and subleaf of
 * the real dumps the model's profiles answer from is found (the dumpers enumerate what
 * the manuals define), and the subleaf rules on a CPU made up leaf by leaf.
 */
#include "testutil.h"
#include "capture/cpuid_walk.h"

/* Every (leaf, subleaf) of the profile's dump within its maxima is in the walk of each CPU. */
static void walk_covers_dump(const char *profile, unsigned ncpus)
{
	struct pmu_backend b;
	struct model *m = test_model(profile, ncpus, 1, &b);
	struct cpuid_walk *w = malloc(sizeof(*w));
	assert_non_null(w);
	for (unsigned cpu = 0; cpu < ncpus; cpu++) {
		const struct model_cpuid_table *t = model_cpu_table(m, cpu);
		assert_int_equal(cpuid_walk(&b, cpu, w), PMU_OK);
		if (w->truncated)
			fail_msg("%s cpu %u: walk cut short after %u leaves", profile, cpu, w->n);
		const struct cpuid_entry *l0 = cpuid_walk_find(w, 0, 0);
		const struct cpuid_entry *e0 = cpuid_walk_find(w, 0x80000000u, 0);
		assert_non_null(l0);
		for (unsigned i = 0; t && i < t->n; i++) {
			const struct model_cpuid_leaf *l = &t->leaf[i];
			bool ext = l->leaf >= 0x80000000u;
			if (l->leaf >= 0x40000000u && l->leaf < 0x80000000u)
				continue;
			if ((!ext && l->leaf > l0->r.eax) || (ext && (!e0 || l->leaf > e0->r.eax)))
				continue;
			/* a subleaf past 0 of a leaf the walk reads once (no rule: Panther Lake's
			   RDT leaf 0x28 lists subleaf 6) */
			if (l->sub && !cpuid_leaf_has_subleaves(l->leaf))
				continue;
			const struct cpuid_entry *e = cpuid_walk_find(w, l->leaf, l->any_sub ? 0 : l->sub);
			if (!e)
				fail_msg("%s cpu %u: leaf 0x%x subleaf %u of the dump not walked", profile,
					 cpu, l->leaf, l->sub);
			struct pmu_cpuid want = model_cpuid_answer(m, cpu, e->leaf, e->sub);
			assert_memory_equal(&e->r, &want, sizeof(want));
		}
	}
	free(w);
	free(m);
}

static void test_every_dumped_leaf_walked(void **state)
{
	(void)state;
	for (unsigned i = 0; i < model_profile_count; i++)
		walk_covers_dump(model_profiles[i]->name, 4);
}

/* A CPU made of a table: leaves not listed read zeros, as reserved leaves do. */
struct fake_leaf {
	uint32_t leaf, sub;
	struct pmu_cpuid r;
};

static const struct fake_leaf *fake_tab;
static unsigned fake_n, fake_calls;

static pmu_status fake_cpuid(void *ctx, unsigned cpu, uint32_t leaf, uint32_t sub,
			     struct pmu_cpuid *out)
{
	(void)ctx;
	(void)cpu;
	fake_calls++;
	*out = (struct pmu_cpuid){ 0, 0, 0, 0 };
	for (unsigned i = 0; i < fake_n; i++)
		if (fake_tab[i].leaf == leaf && fake_tab[i].sub == sub)
			*out = fake_tab[i].r;
	return PMU_OK;
}

static const struct pmu_backend_ops fake_ops = { .cpuid = fake_cpuid };

static void walk_fake(const struct fake_leaf *t, unsigned n, struct cpuid_walk *w)
{
	struct pmu_backend b = { .ops = &fake_ops, .name = "fake" };
	fake_tab = t;
	fake_n = n;
	fake_calls = 0;
	assert_int_equal(cpuid_walk(&b, 0, w), PMU_OK);
}

static bool walked(const struct cpuid_walk *w, uint32_t leaf, uint32_t sub)
{
	return cpuid_walk_find(w, leaf, sub) != NULL;
}

/*
 * Leaf 0xD: subleaves 0, 1 and n where XCR0 (sub 0 EDX:EAX) or IA32_XSS (sub 1 EDX:ECX)
 * has bit n; leaf 0x23 the subleaves its EAX bitmap names; leaf 4 up to the first null
 * cache, included; 0xB and 0x1F up to level type 0, included; leaf 7 up to EAX; 0x12 only
 * with SGX; the hypervisor range only under CPUID.1:ECX[31]; extended leaves to their max.
 */
static void test_subleaf_rules(void **state)
{
	(void)state;
	static const struct fake_leaf t[] = {
		{ 0, 0, { 0x23, 0, 0, 0 } },
		{ 1, 0, { 0x806F8, 0, 1u << 31, 0 } },
		{ 4, 0, { 0x121, 0, 0, 0 } }, { 4, 1, { 0x122, 0, 0, 0 } },
		{ 7, 0, { 2, 0, 0, 0 } },
		{ 0xB, 0, { 1, 2, 0x100, 0 } }, { 0xB, 1, { 4, 8, 0x201, 0 } },
		{ 0xD, 0, { 0x2E7, 0, 0, 0x8 } }, { 0xD, 1, { 0xF, 0, 0x1900, 0 } },
		{ 0x1F, 0, { 1, 2, 0x100, 0 } }, { 0x1F, 1, { 4, 8, 0x201, 0 } },
		{ 0x1F, 2, { 6, 8, 0x502, 0 } },
		{ 0x23, 0, { 0xB, 0, 0, 0 } },
		{ 0x40000000, 0, { 0x40000001, 0, 0, 0 } },
		{ 0x80000000, 0, { 0x80000008, 0, 0, 0 } },
	};
	struct cpuid_walk *w = malloc(sizeof(*w));
	assert_non_null(w);
	walk_fake(t, sizeof(t) / sizeof(t[0]), w);
	assert_true(walked(w, 4, 2) && !walked(w, 4, 3));
	assert_true(walked(w, 7, 2) && !walked(w, 7, 3));
	assert_true(walked(w, 0xB, 2) && !walked(w, 0xB, 3));
	assert_true(walked(w, 0x1F, 3) && !walked(w, 0x1F, 4));
	const uint32_t xsave[] = { 0, 1, 2, 5, 6, 7, 8, 9, 11, 12, 35 };
	unsigned nx = 0;
	for (unsigned s = 0; s < 64; s++)
		nx += walked(w, 0xD, s);
	assert_int_equal(nx, sizeof(xsave) / sizeof(xsave[0]));
	for (unsigned i = 0; i < sizeof(xsave) / sizeof(xsave[0]); i++)
		assert_true(walked(w, 0xD, xsave[i]));
	assert_true(walked(w, 0x23, 0) && walked(w, 0x23, 1) && walked(w, 0x23, 3));
	assert_false(walked(w, 0x23, 2));
	assert_true(walked(w, 0x12, 0) && !walked(w, 0x12, 1));   /* no SGX bit */
	assert_true(walked(w, 0x40000001, 0));
	assert_true(walked(w, 0x80000008, 0) && !walked(w, 0x80000009, 0));
	assert_true(walked(w, 0x22, 0) && !walked(w, 0x24, 0));
	assert_false(w->truncated);
	free(w);
}

/* A maximum no processor has (CPUID.0:EAX = 0xFFFF) is bounded and said, never followed. */
static void test_absurd_maximum_bounded(void **state)
{
	(void)state;
	static const struct fake_leaf t[] = {
		{ 0, 0, { 0xFFFF, 0, 0, 0 } },
		{ 0x80000000, 0, { 0x8000FFFF, 0, 0, 0 } },
	};
	struct cpuid_walk *w = malloc(sizeof(*w));
	assert_non_null(w);
	walk_fake(t, 2, w);
	assert_true(w->truncated);
	assert_true(fake_calls < 1000);
	assert_int_equal(w->n, CPUID_WALK_MAX);
	free(w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_dumped_leaf_walked),
		cmocka_unit_test(test_subleaf_rules),
		cmocka_unit_test(test_absurd_maximum_bounded),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
