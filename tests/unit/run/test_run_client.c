/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Panther Lake and Nova Lake on the model (issue 36): the default job finds the table behind
 * the part's portal MSR, counts every cNCU's clock and puts back what firmware left; a fault
 * on the portal is one line and no box of the table or outside it is written.
 */
#include "run_harness.h"
#include "machine_of_log.h"
#include "boxes.h"
#include "pmu/uncore_family.h"

#define CFG(profile) "backend = sim\nsim-profile = " profile "\nsim-noise = none\n"

static uint64_t msr_of(struct outcome *o, uint32_t msr)
{
	uint64_t v = 0;
	assert_int_equal(pmu_rdmsr(&o->r->backend, 0, msr, &v), PMU_OK);
	return v;
}

/* A count record of box's clock with a delta above 0. */
static void assert_clock_counted(const struct outcome *o, const char *box)
{
	char want[96];
	snprintf(want, sizeof(want), "\"box\":\"%s\",\"event\":\"clockticks\"", box);
	assert_int_equal(fake_count(o->f->log, want), 1);
	const char *at = strstr(o->f->log, want), *d = at ? strstr(at, "\"delta\":") : NULL;
	assert_non_null(d);
	assert_true(strtoull(d + 8, NULL, 10) > 0);
}

/* Panther Lake: the table behind MSR 0x201E, both cNCUs' clocks, each box control put back. */
static void ptl_default_job(void **state)
{
	(void)state;
	struct outcome o = start_cfg(CFG("panther-lake"), 4, 1, 1, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "package 0: discovery table behind MSR 0x201e "
				    "(read on CPU 0) at 0xd0000000: 5 units, 5 usable"), 1);
	assert_clock_counted(&o, "uncore_cncu_0");
	assert_clock_counted(&o, "uncore_cncu_1");
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"uncore_probe\""), 2);
	/*
	 * the global control as found (frozen: Panther Lake powers on so), logged, cleared for the
	 * window and put back; and the cNCUs as firmware left them (0)
	 */
	assert_int_equal(fake_count(o.f->log, "\"global_result\":\"read\",\"global_value\":\"0x1\""),
			 1);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"uncore_global\",\"schema\":2,\"simulated\":"
				    "true,\"package\":0,\"reg\":\"mmio 0xd0010000\",\"found\":\"0x1\","
				    "\"cleared\":true,\"restored\":true}"), 1);
	uint64_t g = 0;
	assert_int_equal(pmu_mmio_read(&o.r->backend, 0, 0xD0010000u, 4, &g), PMU_OK);
	assert_int_equal(g, 0x1);   /* frozen again, as found */
	assert_int_equal(msr_of(&o, 0x240E), 0);
	assert_int_equal(msr_of(&o, 0x254E), 0);
	assert_int_equal(msr_of(&o, 0x2402), 0);
	assert_int_equal(msr_of(&o, 0x2542), 0);
	/* the capture keeps the portal and its table, as a replay must answer them */
	struct machine *mc = test_machine_of_log(o.f->log, 4);
	assert_int_equal(mc->pkg[0].disc.len, 0);   /* no table behind a PCI BAR */
	assert_int_equal(mc->nportal, 1);   /* one die: one table */
	assert_int_equal(mc->portal[0].portal, 0x201E);
	assert_int_equal(mc->portal[0].cpu, 0);
	assert_int_equal(mc->portal[0].bar, 0xD0000000u);
	assert_int_equal(mc->portal[0].len, 6 * 32);
	bool portal = false;
	for (unsigned i = 0; i < mc->pkg[0].regs.n; i++)
		portal |= mc->pkg[0].regs.msr[i] == 0x201E && mc->pkg[0].regs.val[i] == 0xD0000000u;
	assert_true(portal);
	free(mc);
	done(&o);
}

/* Nova Lake: behind MSR 0x711, its one cNCU at 0x202E/0x2022/0x2028. */
static void nvl_default_job(void **state)
{
	(void)state;
	struct outcome o = start_cfg(CFG("nova-lake"), 4, 1, 1, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "family 18 model 0x1: counted through the "
				    "firmware's discovery table"), 1);
	assert_int_equal(fake_count(o.f->console, "discovery table behind MSR 0x711"), 1);
	assert_clock_counted(&o, "uncore_cncu");
	assert_int_equal(fake_count(o.f->log, "\"ctl\":\"msr 0x2022\""), 1);
	assert_int_equal(msr_of(&o, 0x202E), 0);
	assert_int_equal(msr_of(&o, 0x2022), 0);
	done(&o);
}

/* A model machine of profile as the real backend, firmware clean; fault: an MSR that faults. */
static struct model *machine(const char *profile, uint32_t fault, struct pmu_backend *b)
{
	struct model *m = test_model(profile, 2, 1, b);
	model_set_firmware(m, MODEL_FW_CLEAN);
	if (fault)
		assert_int_equal(model_inject_fault(m, fault, -1), PMU_OK);
	b->simulated = false;
	b->name = "real";
	return m;
}

/* Firmware left cNCU 0 enabled (bit 29): counted all the same, left so after the run. */
static void ptl_firmware_enable_kept(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = machine("panther-lake", 0, &b);
	assert_int_equal(pmu_wrmsr(&b, 0, 0x240E, 1u << 29), PMU_OK);
	struct outcome o = start_cfg("backend = real\n", 2, 1, 1, &b);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_clock_counted(&o, "uncore_cncu_0");
	assert_clock_counted(&o, "uncore_cncu_1");
	done(&o);
	uint64_t v = 0;
	assert_int_equal(pmu_rdmsr(&b, 0, 0x240E, &v), PMU_OK);
	assert_int_equal(v, 1u << 29);
	assert_int_equal(pmu_rdmsr(&b, 0, 0x254E, &v), PMU_OK);
	assert_int_equal(v, 0);
	free(m);
}

/* MSR 0x201E faults: one line, no table, and not one register of a box written. */
static void ptl_portal_fault(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = machine("panther-lake", 0x201E, &b);
	struct outcome o = start_cfg("backend = real\n", 2, 1, 1, &b);
	finish(&o);
	assert_int_not_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "0x201e"), 1);
	assert_int_equal(fake_count(o.f->console, "uncore discovery: MSR 0x201e on CPU 0 (package 0 "
				    "die 0): #GP fault: no discovery table behind this portal on its "
				    "die"), 1);
	/* the fake platform gives no die: said, one die a package */
	assert_int_equal(fake_count(o.f->console, "uncore discovery: portals read on the first CPU "
				    "of each of 1 die (1 package; firmware gives no die (PI 1.7 "
				    "Location2): one a package)"), 1);
	for (unsigned c = 0; c < m->ncpus; c++) {
		assert_false(m->log_overflow[c]);   /* every access is in the log */
		for (unsigned i = 0; i < m->log_len[c]; i++) {
			const struct model_access *x = &m->log[c][i];
			assert_true(x->op != MOP_MMIO_WR && x->op != MOP_PCI_WR);
			assert_false(x->op == MOP_WRMSR && x->msr >= 0x2000 && x->msr < 0x2600);
		}
	}
	done(&o);
	free(m);
}

static bool count_spec(void *ctx, const char *name, const char *spec)
{
	(void)name;
	unsigned *n = ctx;
	*n += strstr(spec, "/clockticks/") != NULL;
	return true;
}

/* The clocks the defaults give a set of client boxes on the part of that family and model. */
static unsigned default_clocks(uint32_t family, uint32_t model, const struct box_family *f)
{
	struct box_set s;
	struct cpu_info ci;
	unsigned n = 0;
	assert_int_equal(box_set_init(&s, UNCORE_DISC, box_family_boxes(f), f->ntypes,
				      &test_box_alloc), PMU_OK);
	assert_int_equal(box_set_add_family(&s, f), box_family_boxes(f));
	box_set_done(&s);
	memset(&ci, 0, sizeof(ci));
	strcpy(ci.vendor, "GenuineIntel");
	ci.family = family;
	ci.model = model;
	ci.uncore = UNCORE_DISC;
	uncore_defaults_each(&ci, &s, count_spec, &n);
	box_set_fini(&s);
	return n;
}

/*
 * The defaults' clock rules are keyed by family and model: every cNCU of Panther Lake and
 * Nova Lake, none on Diamond Rapids (19_01, Nova Lake's model number), whose table has cNCUs.
 */
static void default_clocks_by_part(void **state)
{
	(void)state;
	const struct box_family *ptl = box_family_client(6, 0xCC), *nvl = box_family_client(18, 1);
	assert_int_equal(default_clocks(6, 0xCC, ptl), 2);
	assert_int_equal(default_clocks(18, 0x01, nvl), 1);
	assert_int_equal(default_clocks(18, 0x03, nvl), 1);
	assert_int_equal(default_clocks(19, 0x01, nvl), 0);
	assert_int_equal(default_clocks(6, 0x01, nvl), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ptl_default_job),
		cmocka_unit_test(nvl_default_job),
		cmocka_unit_test(ptl_firmware_enable_kept),
		cmocka_unit_test(ptl_portal_fault),
		cmocka_unit_test(default_clocks_by_part),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
