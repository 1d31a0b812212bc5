/* The generated event tables (tools/gen_events.py) against the perfmon JSON they came from. */
#include "testutil.h"
#include "pmu/evspec.h"

static const struct ev_model *model(uint8_t m)
{
	for (unsigned i = 0; i < ev_model_count; i++)
		if (ev_models[i].model == m)
			return &ev_models[i];
	return NULL;
}

static const struct ev_def *find(uint8_t m, const char *name)
{
	const struct ev_model *em = model(m);
	assert_non_null(em);
	return ev_find(em->core, name, strlen(name));
}

/* Sizes are the JSON files' event counts (REGISTERS.md §7 lists the files). */
static void test_models_and_sizes(void **state)
{
	(void)state;
	static const struct { uint8_t model; const char *list; unsigned n; } t[] = {
		{ 0x1a, "NHM-EP", 558 }, { 0x1e, "NHM-EP", 558 }, { 0x1f, "NHM-EP", 558 },
		{ 0x2e, "NHM-EX", 553 }, { 0x25, "WSM-EP-SP", 576 }, { 0x2c, "WSM-EP-DP", 542 },
		{ 0x2f, "WSM-EX", 579 }, { 0x2d, "JKT", 354 },
	};
	assert_int_equal(ev_model_count, 8);
	for (unsigned i = 0; i < 8; i++) {
		const struct ev_model *m = model(t[i].model);
		assert_non_null(m);
		assert_string_equal(m->core->name, t[i].list);
		assert_string_equal(m->core->pmu, "cpu");
		assert_int_equal(m->core->n, t[i].n);
		if (t[i].model == 0x2d) {
			assert_non_null(m->uncore);
			assert_string_equal(m->uncore->pmu, "uncore_ubox");
			assert_int_equal(m->uncore->n, 24);
		} else {
			assert_null(m->uncore);
		}
	}
	assert_ptr_equal(model(0x1a)->core, model(0x1f)->core);
	assert_null(model(0x2a));
}

/* Sorted, unique, every event countable somewhere, masks consistent. */
static void test_list_invariants(void **state)
{
	(void)state;
	for (unsigned i = 0; i < ev_model_count; i++) {
		const struct ev_list *lists[2] = { ev_models[i].core, ev_models[i].uncore };
		for (unsigned k = 0; k < 2 && lists[k]; k++) {
			const struct ev_list *l = lists[k];
			unsigned nfixed = 0;
			for (unsigned j = 0; j < l->n; j++) {
				const struct ev_def *d = &l->events[j];
				if (j)
					assert_true(strcmp(l->events[j - 1].name, d->name) < 0);
				assert_true((d->ctr != 0) != (d->fixed >= 0));
				assert_int_equal(d->ctr & ~d->ctr_htoff, 0);
				assert_true(d->fixed < 3);
				nfixed += d->fixed >= 0;
				if (d->event == 0xb7 && d->umask == 1)
					assert_int_equal(d->msr, 0x1a6);
				if (!d->msr)
					assert_int_equal(d->msr_val, 0);
			}
			/* INST_RETIRED.ANY, CPU_CLK_UNHALTED.THREAD, .REF(_TSC); JKT adds THREAD_ANY. */
			if (k == 0)
				assert_int_equal(nfixed, ev_models[i].model == 0x2d ? 4 : 3);
		}
	}
}

static void test_fixed_counter_numbering(void **state)
{
	(void)state;
	/* NHM JSON says "Fixed counter 1..3", JKT "0..2": both map to FIXED_CTR0..2. */
	static const uint8_t models[] = { 0x1a, 0x2e, 0x25, 0x2c, 0x2f, 0x2d };
	for (unsigned i = 0; i < sizeof(models); i++) {
		assert_int_equal(find(models[i], "INST_RETIRED.ANY")->fixed, 0);
		assert_int_equal(find(models[i], "CPU_CLK_UNHALTED.THREAD")->fixed, 1);
	}
	assert_int_equal(find(0x1a, "CPU_CLK_UNHALTED.REF")->fixed, 2);
	assert_int_equal(find(0x2d, "CPU_CLK_UNHALTED.REF_TSC")->fixed, 2);
	const struct ev_def *any = find(0x2d, "CPU_CLK_UNHALTED.THREAD_ANY");
	assert_int_equal(any->fixed, 1);   /* JSON says "Fixed counter 2": a known error */
	assert_int_equal(any->flags, EVF_ANY);
}

static void test_known_entries(void **state)
{
	(void)state;
	const struct ev_def *d = find(0x1a, "L1D.REPL");
	assert_int_equal(d->event, 0x51);
	assert_int_equal(d->umask, 0x01);
	assert_int_equal(d->ctr, 0x3);
	d = find(0x1a, "UOPS_EXECUTED.CORE_STALL_CYCLES");
	assert_int_equal(d->cmask, 1);
	assert_int_equal(d->flags, EVF_INV | EVF_ANY);
	d = find(0x1a, "OFFCORE_RESPONSE_0.ANY_DATA.ANY_LLC_MISS");
	assert_int_equal(d->msr, 0x1a6);
	assert_int_equal(d->msr_val, 0xf811);
	assert_int_equal(d->ctr, 0x4);
	d = find(0x1a, "MEM_INST_RETIRED.LATENCY_ABOVE_THRESHOLD_4");
	assert_int_equal(d->msr, 0x3f6);
	assert_int_equal(d->msr_val, 4);
	assert_int_equal(d->ctr, 0x8);
	d = find(0x2d, "CYCLE_ACTIVITY.CYCLES_L1D_PENDING");
	assert_int_equal(d->cmask, 2);
	assert_int_equal(d->ctr, 0x4);
	assert_int_equal(d->ctr_htoff, 0x4);
	d = find(0x2d, "UOPS_ISSUED.ANY");
	assert_int_equal(d->ctr, 0xf);
	assert_int_equal(d->ctr_htoff, 0xff);
	d = find(0x2d, "OFFCORE_RESPONSE.DEMAND_DATA_RD.LLC_MISS.LOCAL_DRAM");
	assert_int_equal(d->event, 0xb7);   /* JSON "0xB7, 0xBB": the RSP_0 encoding */
	assert_int_equal(d->msr, 0x1a6);
	assert_int_equal(d->msr_val, 0x600400001ull);
	d = find(0x2c, "ARITH.DIV");
	assert_int_equal(d->flags, EVF_INV | EVF_EDGE);
	assert_null(find(0x1a, "BR_MISP_RETIRED.ALL_BRANCHES"));
	assert_non_null(find(0x2d, "br_misp_retired.all_branches"));

	const struct ev_list *u = model(0x2d)->uncore;
	d = ev_find(u, "UNC_U_LOCK_CYCLES", 17);
	assert_non_null(d);
	assert_int_equal(d->event, 0x44);
	assert_int_equal(d->ctr, 0x3);
	d = ev_find(u, "UNC_U_CLOCKTICKS", 16);
	assert_int_equal(d->fixed, 0);
	assert_null(ev_find(u, "UNC_C_CLOCKTICKS", 16));   /* only the U-box is taken */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_models_and_sizes),
		cmocka_unit_test(test_list_invariants),
		cmocka_unit_test(test_fixed_counter_numbering),
		cmocka_unit_test(test_known_entries),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
