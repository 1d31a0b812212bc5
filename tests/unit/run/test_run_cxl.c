/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Whole --cxl runs on the reference model (issue 36 item 6): sapphire-rapids' CXL type-3
 * device found through its Register Locator, its CPMU decoded and its clock ticks counted
 * over the inst kernel within the TSC's bounds, every register put back; a CPMU that cannot
 * freeze refused as Linux refuses it; a machine without CXL says no CPMU was claimed; a dry
 * run decodes the CPMU and writes nothing to it.
 */
#include "run_harness.h"

#define CFG(profile) "backend = sim\nsim-profile = " profile "\nsim-noise = none\ncxl\n"

static void counted_and_restored(void **state)
{
	(void)state;
	struct outcome o = start_cfg(CFG("sapphire-rapids"), 4, 2, 2, NULL);
	assert_int_equal(o.v, VERDICT_PASS);
	struct model_cxl before = assembled_model(o.r)->cxl[0];
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "CXL: 1 Register Locator among "), 1);
	assert_int_equal(fake_count(o.f->console, "pci 0000:0c:00.0 locator at 0x140 entry 2: cpmu, "
				    "BAR 0 + 0x20000 = 0xe0020000"), 1);
	assert_int_equal(fake_count(o.f->console, "CPMU 0xe0020000: 4 counters (1 fixed, "
				    "3 configurable, 0 free-running) of 48 bits, 2 event "
				    "capabilities, filters 0x1, freeze, writable while frozen, "
				    "version 1"), 1);
	assert_int_equal(fake_count(o.f->console, "event capability 0: vendor 0x1e98 group 0x0000 "
				    "events 0x1\n"), 1);
	assert_int_equal(fake_count(o.f->console, "event capability 1: vendor 0x1e98 group 0x0020 "
				    "events 0x7f\n"), 1);
	assert_int_equal(fake_count(o.f->log, "\"events\":[{\"vendor\":\"0x1e98\",\"group\":\"0x0\","
				    "\"mask\":\"0x1\"},{\"vendor\":\"0x1e98\",\"group\":\"0x20\","
				    "\"mask\":\"0x7f\"}]"), 1);
	assert_int_equal(fake_count(o.f->console, "clock_ticks over the inst kernel: "), 1);
	assert_int_equal(fake_count(o.f->console, "restored: PASS"), 1);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"cxl\""), 3);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"cxl_cpmu\""), 1);
	assert_int_equal(fake_count(o.f->log, "\"block\":\"cpmu\""), 1);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"cxl_ticks\""), 1);
	assert_int_equal(fake_count(o.f->log, "\"restored\":true,\"status\":\"ok\",\"result\":\"PASS\""),
			 1);
	assert_int_equal(fake_count(o.f->console, "1 CXL clock-tick count"), 1);
	const struct model_cxl *x = &assembled_model(o.r)->cxl[0];
	assert_memory_equal(before.cfg, x->cfg, sizeof(before.cfg));
	assert_int_equal(x->freeze, before.freeze);
	assert_int_equal(x->ovf, before.ovf);
	assert_int_equal(x->ctr[0], before.ctr[0]);
	assert_all_simulated(o.f);
	done(&o);
}

static void refused_without_freeze(void **state)
{
	(void)state;
	struct outcome o = start_cfg(CFG("sapphire-rapids"), 4, 2, 2, NULL);
	assembled_model(o.r)->cxl[0].cap_no_freeze = true;
	finish(&o);
	assert_int_equal(o.v, VERDICT_NO_PMU);
	assert_int_equal(fake_count(o.f->console, "no freeze, not writable while frozen, version 1: "
				    "not counted, it cannot freeze its counters"), 1);
	assert_int_equal(fake_count(o.f->console, "CXL: no CPMU could be counted: no CPMU claimed"), 1);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"cxl_ticks\""), 0);
	done(&o);
}

static void none_there(void **state)
{
	(void)state;
	struct outcome o = run_cfg(CFG("icelake-sp"), 4, 2);
	assert_int_equal(o.v, VERDICT_NO_PMU);
	assert_int_equal(fake_count(o.f->console, "CXL: 0 Register Locators among "), 1);
	assert_int_equal(fake_count(o.f->console, "CXL: no CPMU among the located blocks: no CPMU "
				    "claimed"), 1);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"cxl\""), 0);
	done(&o);
}

static void dry_run(void **state)
{
	(void)state;
	struct outcome o = run_cfg(CFG("sapphire-rapids") "dry-run\n", 4, 2);
	/* the CPMU's writes would be MMIO the dry run does not make: decoded, not counted */
	assert_int_equal(o.v, VERDICT_NO_CHECK);
	assert_int_equal(fake_count(o.f->console, "dry run: the CPMU is decoded, not counted"), 1);
	assert_int_equal(fake_count(o.f->console, "a dry run counts no CXL CPMU"), 1);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"cxl_ticks\""), 0);
	assert_int_equal(assembled_model(o.r)->cxl[0].cfg[0], 1 | 1ull << 24);   /* untouched */
	done(&o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(counted_and_restored),
		cmocka_unit_test(refused_without_freeze),
		cmocka_unit_test(none_there),
		cmocka_unit_test(dry_run),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
