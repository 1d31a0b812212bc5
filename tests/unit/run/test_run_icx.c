/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Whole runs of Ice Lake-SP's uncore on the reference model (issue 24 item 3): the iMC
 * channels in MMIO at the bases the config registers give, counted around the stream
 * kernel; the CHAs counted by CAPID6/7 and MSR 0x702, each present one by the default job; a BAR firmware left at 0 reported;
 * each memory controller's free-running counters against its channels' CAS counts.
 */
#include "run_harness.h"

#define BASE "backend = sim\nsim-profile = icelake-sp\nsim-noise = none\nkernels = stream\n" \
	     "sim-firmware = clean\n"

static const char *const cha_events[] = { "UNC_CHA_CLOCKTICKS", "UNC_CHA_REQUESTS.READS" };

static void mmio_bandwidth_and_chas(void **state)
{
	(void)state;
	struct outcome o = start_cfg(BASE, 4, 2, 1, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_cas_reads_are_loads(&o, 2);
	/* package 1's channel 7: controller 3's base + 0x22800 + 0x4000 */
	assert_int_equal(fake_count(o.f->log, "\"ctl\":\"mmio 0xc1126840\""), 1);
	assert_int_equal(fake_count(o.f->console, "P1 memory, 8 channels: read "), 1);
	assert_int_equal(fake_count(o.f->console, "]: PASS"), 2);
	assert_int_equal(fake_count(o.f->console, "P0 CHAs: 24 by CAPID6"), 1);
	assert_int_equal(fake_count(o.f->console, "24 by MSR 0x702 bits 5:0: agree"), 2);
	/* each channel's fixed clock (Intel's UNC_M_HCLOCKTICKS) against the others' */
	assert_int_equal(fake_count(o.f->console, "P1 clock of imc: 7,007 ticks a box over the "
				    "window"), 1);
	assert_int_equal(fake_count(o.f->console, "(UNC_M_HCLOCKTICKS)\n"), 2);
	assert_int_equal(fake_count(o.f->console, "P0 clocks of imc: 7,007 to 7,007 ticks, within "
				    "2%: PASS"), 1);
	assert_int_equal(fake_count(o.f->console, "P0 clocks of ubox and cha: 7,007 to 7,007 ticks, "
				    "within 2%: PASS"), 1);
	/* the 24 CHAs CAPID6 counts of the 40 the type has, each package's clocks compared */
	assert_chas_counted(&o, 2, 24, 40, cha_events, 2);
	for (unsigned p = 0; p < 2; p++)
		assert_int_equal(package_sum(o.f->log, p, "UNC_CHA_REQUESTS.READS"), stream_loads(&o));
	assert_int_equal(fake_count(o.f->console, "    each: 7,007 x24\n"), 2);
	assert_int_equal(fake_count(o.f->console, "P1 clocks of cha: 7,007 to 7,007 ticks, within "
				    "2%: PASS"), 1);
	/* and every CHA's MSRs read as on a fresh model after (Linux icx_cha_msr_offsets: from
	   0xB60 up to CHA 33's at 0xB60 + 0x47C, 14 each); a CHA: box control, 4 controls, a
	   filter, 4 counters */
	struct pmu_backend fresh;
	struct model *m = test_model("icelake-sp", 4, 2, &fresh);
	unsigned answered = 0;
	for (unsigned p = 0; p < 2; p++)
		answered += as_fresh(&o, &fresh, 2 * p, 0xB60, 0x47C + 14, false);
	assert_int_equal(answered, 2 * 24 * 10);
	free(m);
	done(&o);

	/* channel 7 of each package at twice the rate: FAIL, said */
	o = start_cfg(BASE, 4, 2, 1, NULL);
	assembled_model(o.r)->imc_clock_double = 1u << 7;
	finish(&o);
	assert_int_equal(o.v, VERDICT_FAIL);
	assert_int_equal(fake_count(o.f->console, "P1 clocks of imc: 7,007 to 14,014 ticks, NOT "
				    "within 2%: FAIL"), 1);
	/* the failed clock check is counted like a passed one (tally_counts_every_check) */
	assert_non_null(strstr(o.f->console, "6 box clock agreements, 2 memory bounds, 10 "
			       "free-running agreements, 480 restore read-backs\n"));
	done(&o);
}

/*
 * The free-running counters read around the window on each controller (4 a package), shown
 * and checked against the CAS counts of its two channels; none ever written; a controller's
 * stuck counters named, not checked, not a hang.
 */
static void freerunning(void **state)
{
	(void)state;
	struct outcome o = start_cfg(BASE, 4, 2, 1, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "P0 iMC controller 0 free-running: read "
				    "5524.076 MB/s, write 0.000 MB/s, DCLK 7,007\n"), 1);
	assert_int_equal(fake_count(o.f->console, "agree with the CAS counts (read 252 vs 252, "
				    "write 0 vs 0 lines, within 1/16 + 64): PASS"), 2);
	assert_int_equal(fake_count(o.f->console, "P1 memory controllers free-running: read "), 1);
	assert_int_equal(fake_count(o.f->console, "(read 1,003 vs 1,003, write 0 vs 0 lines"), 2);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"uncore_imc_freerun\""), 10);
	assert_int_equal(fake_count(o.f->log, "\"dclk\":7007,"), 10);
	/* three 8-byte counters, before and after, 4 controllers, 2 packages; no write to
	 * +0x2290..+0x22b7 (the model counts accesses there) */
	assert_int_equal(assembled_model(o.r)->freerun_reads, 3 * 2 * 4 * 2);
	assert_int_equal(assembled_model(o.r)->freerun_writes, 0);
	done(&o);

	o = start_cfg(BASE, 4, 2, 1, NULL);
	assembled_model(o.r)->imc_freerun_stuck = 1u << 2;
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "iMC controller 2 free-running counters do not move "
				    "(DCLK unchanged): not a second bandwidth source here"), 2);
	assert_int_equal(fake_count(o.f->log, "\"result\":\"do not move (DCLK unchanged)\""), 2);
	/* the package's line: the three others (753 of the 1,003 lines) */
	assert_int_equal(fake_count(o.f->console, "(read 753 vs 753, write 0 vs 0 lines"), 2);
	assert_int_equal(assembled_model(o.r)->freerun_writes, 0);
	done(&o);

	/* controller 1's read counter alone stuck: its DCLK moves, the sources disagree: FAIL */
	o = start_cfg(BASE, 4, 2, 1, NULL);
	assembled_model(o.r)->imc_freerun_rd_stuck = 1u << 1;
	finish(&o);
	assert_int_equal(o.v, VERDICT_FAIL);
	assert_int_equal(fake_count(o.f->console, "P0 iMC controller 1 free-running: read 0.000 MB/s"),
			 1);
	assert_int_equal(fake_count(o.f->console, "DISAGREE with the CAS counts (read 0 vs 251, write "
				    "0 vs 0 lines, beyond 1/16 + 64): FAIL"), 2);
	assert_int_equal(fake_count(o.f->log, "\"result\":\"DISAGREE\""), 4);   /* + packages' */
	done(&o);
}

/* Firmware left the iMC base at 0: said with where it was read, no MMIO touched, FAIL. */
static void bar_of_zero(void **state)
{
	(void)state;
	struct outcome o = start_cfg(BASE, 2, 1, 1, NULL);
	assembled_model(o.r)->mmio_bar_zero = true;
	finish(&o);
	assert_int_equal(fake_count(o.f->console, "package 0: 8 MMIO box(es) not mapped"), 1);
	assert_int_equal(fake_count(o.f->console, "their base (pci 0000:7d:00.1+0xd0) reads 0, a BAR "
				    "firmware did not program"), 1);
	for (unsigned i = 0; i < assembled_model(o.r)->log_len[0]; i++)   /* no MMIO touched */
		assert_true(assembled_model(o.r)->log[0][i].op != MOP_MMIO_RD &&
			    assembled_model(o.r)->log[0][i].op != MOP_MMIO_WR);
	assert_int_not_equal(o.v, VERDICT_PASS);
	done(&o);
}

/*
 * The verdict counts every check that decides it (issue 35 item 2): each box clock, memory
 * bound and free-running agreement the log records, by kind (a failed one too:
 * mmio_bandwidth_and_chas).
 */
static void tally_counts_every_check(void **state)
{
	(void)state;
	struct outcome o = start_cfg(BASE, 4, 2, 1, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->log, "\"check\":\"box clocks of one domain agree\""), 6);
	assert_int_equal(fake_count(o.f->log, "\"check\":\"memory lines read vs the kernel's LLC "
				    "misses\""), 2);
	assert_int_equal(fake_count(o.f->log, "\"cas_write\":0,\"result\":\"agree\""), 10);
	/* uncore probes: each package's U-box, PCU and 24 CHAs */
	assert_non_null(strstr(o.f->console, "VERDICT: PASS - 4 CPUs, 558 checks: 4 instructions, "
			       "4 branches, 52 uncore probes, 6 box clock agreements, 2 memory bounds, "
			       "10 free-running agreements, 480 restore read-backs\n"));
	assert_non_null(strstr(o.f->log, "\"checks\":558,\"checks_by_kind\":{\"instructions\":4,"
			       "\"branches\":4,\"uncore probes\":52,\"box clock agreements\":6,"
			       "\"memory bounds\":2,\"free-running agreements\":10,"
			       "\"restore read-backs\":480}"));
	/* a box clock check's record carries what it compared: the most ticks and their bound */
	assert_int_equal(fake_count(o.f->log, "\"measured\":7007,\"expected_max\":7147,"), 6);
	done(&o);
}

/*
 * The default job's stream kernel sizes its buffer from the real CPU's caches: a CPU whose
 * CPUID names none (QEMU's qemu64) runs the plain default kernel instead, said, never an ERROR.
 */
static void no_cache_named(void **state)
{
	(void)state;
	static const char cfg[] = "backend = sim\nsim-profile = icelake-sp\nsim-noise = none\n";
	struct outcome o = outcome_new(4, 2, 1);
	o.f->no_cache = true;
	init_cfg(&o, cfg, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_non_null(strstr(o.f->console, "kernel inst: stream would be the default on this part, "
			       "but CPUID leaves 4 and 2 name no cache to size its buffer; the memory "
			       "channels are counted without a bound\n"));
	assert_null(strstr(o.f->console, "memory lines read"));
	assert_int_equal(fake_count(o.f->console, "P0 uncore_imc_0: read "), 1);
	done(&o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(mmio_bandwidth_and_chas),
		cmocka_unit_test(bar_of_zero),
		cmocka_unit_test(freerunning),
		cmocka_unit_test(tally_counts_every_check),
		cmocka_unit_test(no_cache_named),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
