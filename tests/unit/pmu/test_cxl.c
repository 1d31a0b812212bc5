/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * CXL CPMUs (lib/pmu/cxl_find.c, cxl_cpmu.c) on the model's sapphire-rapids machine, whose
 * CXL type-3 device (lib/model/model_cxl.c) has a Register Locator and one CPMU: found,
 * decoded without a write, refused as Linux refuses a unit it cannot freeze, and its clock
 * ticks counted over a window within the TSC's bounds, every register put back.
 */
#include "testutil.h"
#include "hw/layouts_cxl.h"
#include "model/model_noise.h"
#include "pmu/cxl.h"

static struct model *now_m;

/* The window's kernel: the model's CPU 0 runs 10,000 cycles. */
static void run_cycles(void *arg)
{
	(void)arg;
	model_noise_advance(now_m, 0, 10000);
}

static void test_found(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sapphire-rapids", 2, 1, &b);
	static struct cxl_find f;
	assert_int_equal(cxl_find(&b, 0, &f), PMU_OK);
	assert_int_equal(f.locators, 1);
	assert_int_equal(f.n, 3);
	assert_int_equal(f.blk[0].id, 1);
	assert_int_equal(f.blk[1].id, 3);
	assert_int_equal(f.blk[1].offset, 0x10000);
	assert_int_equal(f.blk[2].id, CXL_BLOCK_CPMU);
	assert_string_equal(cxl_block_name(f.blk[2].id), "cpmu");
	assert_int_equal(f.blk[2].fn.bus, MODEL_CXL_BUS);
	assert_int_equal(f.blk[2].dvsec, 0x140);   /* after the CXL device DVSEC at 0x100 */
	assert_int_equal(f.blk[2].base, MODEL_CXL_BAR + MODEL_CXL_CPMU);
	free(m);
	m = test_model("icelake-sp", 2, 1, &b);   /* no CXL device: no locator */
	assert_int_equal(cxl_find(&b, 0, &f), PMU_OK);
	assert_int_equal(f.locators, 0);
	assert_int_equal(f.n, 0);
	assert_true(f.functions > 0);
	free(m);
}

static void test_decoded_read_only(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sapphire-rapids", 2, 1, &b);
	static struct cxl_find f;
	struct cxl_cpmu c;
	struct model_cxl before = m->cxl[0];
	assert_int_equal(cxl_find(&b, 0, &f), PMU_OK);
	assert_int_equal(cxl_cpmu_read(&b, 0, &f.blk[2], &c), PMU_OK);
	assert_true(c.identified);
	assert_null(c.refused);
	assert_int_equal(c.counters, 4);
	assert_int_equal(c.width, 48);
	assert_int_equal(c.nevcaps, 2);
	assert_int_equal(c.fixed, 1);
	assert_int_equal(c.configurable, 3);
	assert_int_equal(c.free_running, 0);
	assert_true(c.freeze && c.writable_frozen && c.ovf_int);
	assert_int_equal(c.version, 1);
	assert_int_equal(c.clock, 0);   /* the fixed counter on clock ticks */
	assert_memory_equal(&before.cfg, &m->cxl[0].cfg, sizeof(before.cfg));
	assert_int_equal(before.freeze, m->cxl[0].freeze);
	/* a memory-device block is no CPMU: its capability reads as none */
	assert_int_equal(cxl_cpmu_read(&b, 0, &f.blk[1], &c), PMU_ERR_INVALID);
	assert_false(c.identified);
	free(m);
}

/* The model's sapphire-rapids, its CPMU found and read (hostile: capability bits 48, 49 clear). */
static struct model *cpmu_of(struct pmu_backend *b, struct pmon_registry *reg, bool no_freeze,
			     struct cxl_cpmu *c)
{
	static struct cxl_find f;
	struct model *m = test_model("sapphire-rapids", 2, 1, b);
	pmon_reset(reg);
	b->pmon = reg;
	now_m = m;
	m->cxl[0].cap_no_freeze = no_freeze;
	assert_int_equal(cxl_find(b, 0, &f), PMU_OK);
	assert_int_equal(cxl_cpmu_read(b, 0, &f.blk[2], c), PMU_OK);
	return m;
}

static void test_counted_and_restored(void **state)
{
	(void)state;
	struct pmu_backend b;
	static struct pmon_registry reg;
	struct cxl_cpmu c;
	struct cxl_ticks t;
	struct model *m = cpmu_of(&b, &reg, false, &c);
	/* read-only until identified: the guard refuses a write before the count adds it */
	assert_int_equal(pmu_mmio_write(&b, 0, c.base + CXL_CPMU_FREEZE, 8, ~0ull), PMU_ERR_REFUSED);
	m->cxl[0].freeze = 0x6;   /* firmware's: counters 1 and 2 frozen */
	struct model_cxl before = m->cxl[0];
	cxl_cpmu_count(&b, 0, &reg, &c, run_cycles, NULL, &t);
	assert_int_equal(t.st, PMU_OK);
	assert_true(t.restored);
	/* counter, configuration and freeze put back, the overflow status cleared: read back */
	assert_int_equal(t.readback.read, 4);
	assert_int_equal(t.readback.differ, 0);
	assert_true(t.tsc >= 10000);
	/* the model's clock: one tick every two TSC ticks */
	assert_true(t.ticks * MODEL_CXL_TSC_PER_TICK <= t.tsc &&
		    t.ticks * MODEL_CXL_TSC_PER_TICK + MODEL_CXL_TSC_PER_TICK > t.tsc);
	assert_true(cxl_ticks_in_bounds(&t));
	assert_int_equal(m->cxl[0].freeze, before.freeze);
	assert_memory_equal(&before.cfg, &m->cxl[0].cfg, sizeof(before.cfg));
	assert_int_equal(m->cxl[0].ctr[0], before.ctr[0]);
	assert_int_equal(m->cxl[0].ovf, before.ovf);
	assert_int_equal(reg.n, 1);
	free(m);
}

/* Every counter configurable (a variant): the first takes clock ticks, events bit 0, index 0. */
static void test_configurable_counted(void **state)
{
	(void)state;
	struct pmu_backend b;
	static struct pmon_registry reg;
	struct cxl_cpmu c;
	struct cxl_ticks t;
	struct model *m = cpmu_of(&b, &reg, false, &c);
	model_cxl_init(m, true);   /* then read again */
	struct model_cxl before = m->cxl[0];
	assert_int_equal(cxl_cpmu_read(&b, 0, &(struct cxl_block){ .base = c.base, .id = 4 }, &c),
			 PMU_OK);
	assert_int_equal(c.fixed, 0);
	assert_int_equal(c.configurable, 4);
	assert_int_equal(c.clock, 0);
	cxl_cpmu_count(&b, 0, &reg, &c, run_cycles, NULL, &t);
	assert_int_equal(t.st, PMU_OK);
	assert_true(cxl_ticks_in_bounds(&t) && t.restored);
	assert_true(t.ticks * MODEL_CXL_TSC_PER_TICK <= t.tsc);
	assert_memory_equal(&before.cfg, &m->cxl[0].cfg, sizeof(before.cfg));
	free(m);
}

static void test_refused_without_freeze(void **state)
{
	(void)state;
	struct pmu_backend b;
	static struct pmon_registry reg;
	struct cxl_cpmu c;
	struct cxl_ticks t;
	struct model *m = cpmu_of(&b, &reg, true, &c);
	assert_true(c.identified);
	assert_non_null(c.refused);
	assert_non_null(strstr(c.refused, "cannot freeze"));
	cxl_cpmu_count(&b, 0, &reg, &c, run_cycles, NULL, &t);
	assert_int_equal(t.st, PMU_ERR_UNSUPPORTED);
	assert_int_equal(reg.n, 0);   /* never put in the write guard */
	free(m);
}

static void test_bounds(void **state)
{
	(void)state;
	struct cxl_ticks t = { .ticks = 500, .tsc = 1000, .restored = true };
	assert_true(cxl_ticks_in_bounds(&t));
	t.ticks = 0;   /* a clock that did not tick */
	assert_false(cxl_ticks_in_bounds(&t));
	t.ticks = 62;   /* slower than 1/16 of the TSC */
	assert_false(cxl_ticks_in_bounds(&t));
	t.ticks = 2001;   /* faster than twice it */
	assert_false(cxl_ticks_in_bounds(&t));
	t.ticks = 2000;
	assert_true(cxl_ticks_in_bounds(&t));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_found),
		cmocka_unit_test(test_decoded_read_only),
		cmocka_unit_test(test_counted_and_restored),
		cmocka_unit_test(test_configurable_counted),
		cmocka_unit_test(test_refused_without_freeze),
		cmocka_unit_test(test_bounds),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
