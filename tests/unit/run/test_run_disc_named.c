/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The test-only setting test-discovery-device (issue 25 item 7) on the reference model's
 * Sapphire Rapids: the table is read from the function and BAR it names (disc_find_at)
 * instead of the scan's, giving the same boxes and counts; a name that reaches no table,
 * or a CPU whose uncore has no discovery table, refuses the setting before anything runs
 * (one line naming it, no log).
 */
#include "run_harness.h"

#define SPR "backend = sim\nsim-profile = sapphire-rapids\nsim-noise = none\n" \
	    "sim-firmware = clean\nevents = uncore_imc_0/UNC_M_CAS_COUNT.RD/\n"
#define PKG0 "package 0: discovery table at pci 0000:7f:00.1 BAR0 0x2000000000: 45 units, " \
	     "45 usable"

static uint64_t cas_reads(const char *cfg)
{
	struct outcome o = start_cfg(cfg, 2, 1, 1, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, PKG0), 1);
	uint64_t n = package_sum(o.f->log, 0, "UNC_M_CAS_COUNT.RD");
	done(&o);
	return n;
}

/* Package 0's discovery device named by hand: its table, its boxes, the same count. */
static void named_device_reads_its_table(void **state)
{
	(void)state;
	uint64_t by_scan = cas_reads(SPR);
	assert_true(by_scan > 0);
	assert_int_equal(cas_reads(SPR "test-discovery-device = 0000:7f:00.1/0\n"), by_scan);
}

static void refused(const char *cfg, const char *line)
{
	struct outcome o = start_cfg(cfg, 2, 1, 1, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_ERROR);
	if (!strstr(o.f->console, line))
		fail_msg("console lacks '%s':\n%s", line, o.f->console);
	assert_int_equal(o.f->log_records, 0);
	done(&o);
}

static void nothing_to_read_is_refused(void **state)
{
	(void)state;
	refused(SPR "test-discovery-device = 0000:7e:00.1/0\n",
		"efipmu: efipmu.cfg:6: test-discovery-device '0000:7e:00.1/0': no function there\n");
	/* BAR 1 of the device is the upper half of its 64-bit BAR 0 */
	refused(SPR "test-discovery-device = 0000:7f:00.1/1\n",
		"efipmu: efipmu.cfg:6: test-discovery-device '0000:7f:00.1/1': the upper dword of "
		"the 64-bit BAR before it\n");
	refused("backend = sim\nsim-profile = sandy-bridge-ep\n"
		"test-discovery-device = 0000:00:03.0/2\n",
		"efipmu: efipmu.cfg:3: test-discovery-device '0000:00:03.0/2': the boot CPU's uncore "
		"has no discovery table (Sapphire Rapids onward): nothing to read it for\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(named_device_reads_its_table),
		cmocka_unit_test(nothing_to_read_is_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
