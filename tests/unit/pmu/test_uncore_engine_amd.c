/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The uncore engine on AMD's boxes and the model (Genoa's CPUID): a UMC counter that
 * saturates is reported overflowed (its delta a lower bound), the L3 of another CCX is not
 * touched, and every register is as found after restore.
 */
#include "testutil.h"
#include "model_image.h"
#include "model/sim_workload.h"
#include "pmu/evspec.h"
#include "pmu/uncore.h"
#include "pmu/uncore_amd.h"
#include "boxes.h"

struct rig {
	struct pmu_backend b;
	struct model *m;
	struct cpu_info ci;
	struct box_set boxes;
	struct uncore_session s;
	uint64_t tables[UNCORE_SESSION_BYTES(4) / 8];
	struct pmu_event_req req[4];
};

static struct rig *rig_new(const char *profile, unsigned ncpus, const char *const *specs,
			   unsigned n)
{
	struct rig *r = calloc(1, sizeof(*r));
	struct evspec_error err;
	assert_non_null(r);
	uncore_session_init(&r->s, r->tables, 4);
	r->m = test_model_clean(profile, ncpus, 1, &r->b);
	assert_int_equal(pmu_discover(&r->b, 0, &r->ci), PMU_OK);
	r->ci.apic_id = 0;
	(void)uncore_boxes_make(&r->ci, &r->boxes, &test_box_alloc);
	for (unsigned i = 0; i < n; i++)
		if (evspec_parse(&r->ci, &r->boxes, specs[i], &r->req[i], &err))
			fail_msg("%s: %s", specs[i], err.msg);
	assert_int_equal(uncore_plan(&r->s, r->ci.uncore, r->req, n), PMU_OK);
	return r;
}

static void count(struct rig *r)
{
	assert_int_equal(uncore_program(&r->s, &r->b, 0, 0), PMU_OK);
	assert_int_equal(uncore_start(&r->s), PMU_OK);
	const struct kernel_desc *k = kernel_find("uncore");
	assert_non_null(k);
	assert_true(sim_workload_run(r->m, 0, k, MODEL_KERNEL_ITERATIONS) > 0);
	assert_int_equal(uncore_stop(&r->s), PMU_OK);
	assert_int_equal(uncore_read(&r->s), PMU_OK);
	assert_int_equal(uncore_restore(&r->s), PMU_OK);
}

static void test_umc_saturation_reported(void **state)
{
	(void)state;
	static const char *const specs[] = { "amd_umc_3/event=0x0a,rdwrmask=1/",
					     "amd_umc_3/event=0x0a,rdwrmask=2/" };
	struct rig *r = rig_new("zen4", 2, specs, 2);
	struct model_image *im = model_image_take(r->m);
	uint64_t top = (1ull << 48) - 1;
	assert_int_equal(uncore_set_preload(&r->s, 0, top - 9), PMU_OK);
	count(r);
	assert_true(r->s.ev[0].ovf_known && r->s.ev[0].overflow);
	assert_int_equal(r->s.ev[0].end, (1ull << 48) | top);
	assert_int_equal(r->s.ev[0].delta, 9);   /* what it could count: a lower bound */
	assert_true(r->s.ev[1].ovf_known && !r->s.ev[1].overflow);
	assert_true(r->s.ev[1].delta > 9);
	model_image_expect(im, r->m, "UMC run", NULL);
	free(im);
	box_set_fini(&r->boxes);
	free(r->m);
	free(r);
}

/*
 * Turin Dense drops UMC counter writes while the channel's controls are stopped: the engine
 * writes each counter with its control enabled, so the last UMC's clock counts from the start
 * it read, and its counter (found 0) is 0 again after restore, as every register is.
 */
static void test_umc_write_order_sticks(void **state)
{
	(void)state;
	static const char *const specs[] = { "amd_umc_11/event=0x00/" };
	struct rig *r = rig_new("turin-dense", 2, specs, 1);
	struct model_image *im = model_image_take(r->m);
	assert_int_equal(uncore_set_preload(&r->s, 0, 1000), PMU_OK);
	count(r);
	assert_int_equal(r->s.ev[0].ctr_msr, 0xC0010800 + 11 * 8 + 1);
	assert_int_equal(r->s.ev[0].start, 1000);   /* the preload held */
	assert_true(r->s.ev[0].delta > 0 && !r->s.ev[0].overflow);
	model_image_expect(im, r->m, "Turin Dense UMC run", NULL);
	free(im);
	box_set_fini(&r->boxes);
	free(r->m);
	free(r);
}

/* CPU 0 counts its CCX's L3: the other CCX's file (CPUs 8-15) is never written. */
static void test_l3_of_one_ccx(void **state)
{
	(void)state;
	static const char *const specs[] = { "amd_l3/event=0x04,umask=0xff/",
					     "amd_df/event=0x1f,umask=0x7fe/" };
	struct rig *r = rig_new("zen4", 16, specs, 2);
	struct model_image *im = model_image_take(r->m);
	count(r);
	assert_true(r->s.ev[0].delta > 0);
	assert_int_equal(r->s.ev[0].delta, r->s.ev[1].delta);   /* each load: a lookup, a read */
	assert_int_equal(r->m->ccx[8].n, 0);
	model_image_expect(im, r->m, "L3 and DF run", NULL);
	free(im);
	box_set_fini(&r->boxes);
	free(r->m);
	free(r);
}

/*
 * The legacy Data Fabric's 14-bit event as perf's event14 format places it
 * (config:0-7,32-35,59-60, Linux arch/x86/events/amd/uncore.c): event= spills into
 * event_hi and then event_top; wider is refused.
 */
static void test_df_event14_spills(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model_clean("zen2", 2, 1, &b);
	struct cpu_info ci;
	struct box_set boxes;
	struct pmu_event_req req;
	struct evspec_error err;
	assert_int_equal(pmu_discover(&b, 0, &ci), PMU_OK);
	(void)uncore_boxes_make(&ci, &boxes, &test_box_alloc);
	const struct { const char *spec; uint64_t config; } t[] = {
		{ "amd_df/event=0x1c7,umask=0x38/", 0xc7 | 0x38 << 8 | 1ull << 32 },
		{ "amd_df/event=0x3fff,umask=0x38/", 0xff | 0x38 << 8 | 0xfull << 32 | 3ull << 59 },
		{ "amd_df/event=0x1007/", 0x07 | 1ull << 59 },
		{ "amd_df/event=0xc7,event_top=2/", 0xc7 | 2ull << 59 },
	};
	for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		if (evspec_parse(&ci, &boxes, t[i].spec, &req, &err))
			fail_msg("%s: %s", t[i].spec, err.msg);
		if (req.config != t[i].config)
			fail_msg("%s: config %#llx, expected %#llx", t[i].spec,
				 (unsigned long long)req.config, (unsigned long long)t[i].config);
	}
	assert_int_not_equal(evspec_parse(&ci, &boxes, "amd_df/event=0x4000/", &req, &err), PMU_OK);
	assert_string_equal(err.msg, "field 'event' value 0x4000 too wide (max 0x3fff)");
	box_set_fini(&boxes);
	free(m);
}

/* The CCX of a CPU: its APIC id without the L3-sharing bits (a count rounded up to 2^n). */
static void test_ccx_of_apic_id(void **state)
{
	(void)state;
	struct cpu_info ci = { .apic_id = 0x13 };
	static const struct { uint16_t sharing; uint32_t ccx; } c[] = {
		{ 8, 2 }, { 6, 2 }, { 16, 1 }, { 2, 9 }, { 0, 0 },
	};
	for (unsigned i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		ci.amd_uncore.l3_sharing = c[i].sharing;
		assert_int_equal(uncore_ccx_of(&ci), c[i].ccx);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_umc_saturation_reported),
		cmocka_unit_test(test_l3_of_one_ccx),
		cmocka_unit_test(test_umc_write_order_sticks),
		cmocka_unit_test(test_ccx_of_apic_id),
		cmocka_unit_test(test_df_event14_spills),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
