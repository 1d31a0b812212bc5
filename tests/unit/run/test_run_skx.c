/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Whole runs of Skylake-SP's uncore on the reference model (issue 24 item 3): the
 * default job's memory bandwidth per package and channel around the stream kernel, every
 * CHA CAPID6 counts, the CHA counts of CAPID6 and MSR 0x702 against each other, and what firmware may do
 * (a channel hidden, a CHA count that disagrees).
 */
#include <string.h>
#include "run_harness.h"
#include "model/sim_kernels.h"
#include "run/job_measure.h"

#define BASE "backend = sim\nsim-profile = skylake-sp\nsim-noise = none\nkernels = stream\n" \
	     "sim-firmware = clean\n"

static const char *const cha_events[] = { "UNC_CHA_CLOCKTICKS", "UNC_CHA_REQUESTS.READS" };

static void bandwidth_and_chas(void **state)
{
	(void)state;
	struct outcome o = start_cfg(BASE, 4, 2, 1, NULL);
	struct sim_counts k;
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_true(sim_kernel_counts(sim_kernel_code_find("stream"), logged_iterations(&o), &k));
	/* the iMC buses are not the U-box's: placed by the bus below them */
	assert_int_equal(fake_count(o.f->log, "\"box\":\"uncore_imc_5\",\"at\":\"pci 0000:7e:0d.2+0x0\""),
			 1);
	assert_int_equal(fake_count(o.f->log, "\"box\":\"uncore_upi_2\",\"at\":\"pci 0000:ff:10.0+0x0\""),
			 1);
	for (unsigned p = 0; p < 2; p++) {
		/* every line the kernel loads is one CAS read on one channel and one CHA read */
		assert_int_equal(package_sum(o.f->log, p, "UNC_M_CAS_COUNT.RD"), k.loads);
		assert_int_equal(package_sum(o.f->log, p, "UNC_M_CAS_COUNT.WR"), k.nt_stores);
	}
	assert_int_equal(fake_count(o.f->console, "P1 uncore_imc_5: read "), 1);
	assert_int_equal(fake_count(o.f->console, "kernel's LLC misses"), 2);
	assert_int_equal(fake_count(o.f->console, "]: PASS"), 2);
	assert_int_equal(fake_count(o.f->console, "P0 CHAs: 28 by CAPID6 (pci 0000:7e:1e.3+0x9c = "
				    "0xfffffff), 28 by MSR 0x702 bits 5:0: agree"), 1);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"uncore_chas\""), 2);
	/* the table by box type: the six channels' reads summed, then each channel's */
	char row[96];
	snprintf(row, sizeof(row), "  imc     UNC_M_CAS_COUNT.RD%20s6   %llu,%03llu\n", "",
		 (unsigned long long)k.loads / 1000, (unsigned long long)k.loads % 1000);
	assert_int_equal(fake_count(o.f->console, row), 2);
	assert_int_equal(fake_count(o.f->console, "    each: 168 167 167 167 167 167\n"), 2);
	assert_int_equal(fake_count(o.f->console, " uncore by box type: "), 2);
	/* each box type's clock, the PCU's among them (event 0 counts cycles on the model), the
	   iMC's from each channel's fixed DCLK counter (the model's DCLK runs at its uncore
	   clock), the channels against each other and the CHA against the UCLK */
	assert_int_equal(fake_count(o.f->console, "P1 clock of pcu: "), 1);
	assert_int_equal(fake_count(o.f->console, "P1 clock of imc: 7,007 ticks a box over the "
				    "window"), 1);
	assert_int_equal(fake_count(o.f->console, "    each: 7,007 7,007 7,007 7,007 7,007 7,007\n"),
			 2);
	assert_int_equal(fake_count(o.f->console, " ticks over the window, "), 4);   /* U, PCU */
	assert_int_equal(fake_count(o.f->console, "P1 clocks of imc: 7,007 to 7,007 ticks, within "
				    "2%: PASS"), 1);
	assert_int_equal(fake_count(o.f->console, "P0 clocks of ubox and cha: 7,007 to 7,007 ticks, "
				    "within 2%: PASS"), 1);
	/* every CHA CAPID6 counts, each package's 28 clocks against each other */
	assert_int_equal(fake_count(o.f->console, "P1 clock of cha: 7,007 ticks a box over the "
				    "window"), 1);
	assert_int_equal(fake_count(o.f->console, "    each: 7,007 x28\n"), 2);
	assert_int_equal(fake_count(o.f->console, "P1 clocks of cha: 7,007 to 7,007 ticks, within "
				    "2%: PASS"), 1);
	/* the table's rows fit 80 columns, the [SIM] mark included */
	for (const char *l = o.f->console; *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : "") {
		size_t len = strchr(l, '\n') ? (size_t)(strchr(l, '\n') - l) : strlen(l);
		if (!strncmp(l, "[SIM]   ", 8) && len > 80)
			fail_msg("table row of %zu columns: %.*s", len, (int)len, l);
	}
	assert_int_equal(fake_count(o.f->log, "\"by_capid\":28,"), 2);
	/* each line the kernel loads is one read of one of the 28 CHAs (hashed over them) */
	assert_chas_counted(&o, 2, 28, 28, cha_events, 2);
	for (unsigned p = 0; p < 2; p++)
		assert_int_equal(package_sum(o.f->log, p, "UNC_CHA_REQUESTS.READS"), k.loads);
	done(&o);
}

/*
 * After the default run, every CHA's MSRs of both packages (CHA n's from 0xE00 + 0x10 n,
 * Linux HSWEP_C0_MSR_PMON_*) read as on a fresh model (clean firmware: reset values).
 */
static void chas_restored(void **state)
{
	(void)state;
	struct outcome o = start_cfg(BASE, 4, 2, 1, NULL);
	struct pmu_backend fresh;
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	struct model *m = test_model("skylake-sp", 4, 2, &fresh);
	unsigned answered = 0;
	for (unsigned p = 0; p < 2; p++)   /* package 1's leader: CPU 2 */
		answered += as_fresh(&o, &fresh, 2 * p, 0xE00, 28 * 0x10, false);
	/* a CHA: box control, 4 controls, 2 filters, 4 counters */
	assert_int_equal(answered, 2 * 28 * 11);
	free(m);
	done(&o);
}

/* A part of 20 CHAs (CAPID6 and MSR 0x702 say 20): the default counts CHAs 0-19, PASS. */
static void fewer_chas_fewer_planned(void **state)
{
	(void)state;
	struct outcome o = start_cfg(BASE, 4, 2, 1, NULL);
	assembled_model(o.r)->chas = 20;
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "20 by CAPID6"), 2);
	assert_chas_counted(&o, 2, 20, 28, cha_events, 2);
	assert_int_equal(fake_count(o.f->console, "    each: 7,007 x20\n"), 2);
	assert_int_equal(package_sum(o.f->log, 1, "UNC_CHA_REQUESTS.READS"), stream_loads(&o));
	done(&o);
}

/* Package 0's PCU function hidden: no CAPID6 there, so CHA 0 alone on each package, said. */
static void no_pcu_cha_0_alone(void **state)
{
	(void)state;
	struct outcome o = start_cfg(BASE, 4, 2, 1, NULL);
	assert_int_equal(model_pci_hide(assembled_model(o.r), 0, 30, 3), PMU_OK);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "uncore defaults: CHA 0 alone (package 0: no PCU "
				    "function): only the PCU's CAPID6 counts the CHAs present\n"), 1);
	assert_int_equal(fake_count(o.f->console, "P0 CHAs: no PCU function (device 0x2083)"), 1);
	assert_chas_counted(&o, 2, 1, 28, cha_events, 2);
	done(&o);
}

/*
 * A backend without PCI configuration access (as QEMU's guest may be): no CAPID6, so CHA 0
 * alone, said, with the MSR boxes' other defaults; the iMC's left out.
 */
static void no_pci_access_cha_0_alone(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("skylake-sp", 2, 1, &b);
	struct pmu_backend_ops ops = *b.ops;
	model_set_firmware(m, MODEL_FW_CLEAN);
	ops.pci_read = NULL;
	ops.pci_write = NULL;
	b.ops = &ops;
	b.simulated = false;   /* behind the real backend's name, as test_run_spr's run_as */
	b.name = "real";
	struct outcome o = start_cfg("backend = real\nkernels = stream\n", 2, 1, 1, &b);
	finish(&o);
	assert_int_equal(o.v, VERDICT_NO_PMU);
	assert_int_equal(fake_count(o.f->console, "uncore defaults: CHA 0 alone (no uncore PCI "
				    "device read): only the PCU's CAPID6 counts the CHAs present\n"), 1);
	assert_int_equal(fake_count(o.f->console, "event(s) of PCI boxes left out"), 1);
	assert_chas_counted(&o, 1, 1, 28, cha_events, 2);
	done(&o);
	free(m);
}

/*
 * The plain run (no kernel, no events): around `stream`, said, so each socket's memory line
 * counts the kernel's reads; a kernel asked for is kept (`inst`: next to no memory lines read).
 */
static void default_job_moves_memory(void **state)
{
	(void)state;
	struct outcome o = start_cfg("backend = sim\nsim-profile = skylake-sp\nsim-noise = none\n"
				     "sim-firmware = clean\n", 4, 2, 1, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "kernel stream: the default on this part"), 1);
	assert_cas_reads_are_loads(&o, 2);
	assert_int_equal(fake_count(o.f->console, "within the stream kernel's LLC misses"), 2);
	done(&o);
	o = start_cfg("backend = sim\nsim-profile = skylake-sp\nsim-noise = none\n"
		      "sim-firmware = clean\nkernels = inst\n", 4, 2, 1, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "kernel stream"), 0);
	/* the inst kernel's window reads next to nothing (the model's one line), not stream's */
	assert_true(package_sum(o.f->log, 0, "UNC_M_CAS_COUNT.RD") < stream_loads(&o) / 100);
	done(&o);
}

/* Firmware hid channel 4 of package 1: named with what it means, FAIL on bare metal. */
static void hidden_channel(void **state)
{
	(void)state;
	struct outcome o = start_cfg(BASE, 4, 2, 1, NULL);
	assert_int_equal(model_pci_hide(assembled_model(o.r), 1, 12, 6), PMU_OK);
	finish(&o);
	assert_int_equal(fake_count(o.f->console, "package 1: uncore_imc_4 (device 0x2046) not "
				    "visible: hidden by firmware or not populated"), 1);
	assert_int_equal(fake_count(o.f->console, "package 0: uncore_imc_4"), 0);
	assert_int_equal(o.v, VERDICT_FAIL);
	done(&o);
}

/* MSR 0x702 says 26 CHAs where CAPID6 has 28: the mismatch is said and logged. */
static void cha_counts_disagree(void **state)
{
	(void)state;
	struct outcome o = start_cfg(BASE, 2, 1, 1, NULL);
	assembled_model(o.r)->cha_msr_count = 26;
	finish(&o);
	assert_int_equal(fake_count(o.f->console, "28 by CAPID6"), 1);
	assert_int_equal(fake_count(o.f->console, "26 by MSR 0x702 bits 5:0: MISMATCH"), 1);
	assert_int_equal(fake_count(o.f->log, "\"by_msr\":26,\"result\":\"mismatch\""), 1);
	done(&o);
}

/* A 20-core part: CHA 27 asked by name is refused on CAPID6's count, no MSR written. */
static void cha_beyond_the_count(void **state)
{
	(void)state;
	struct outcome o = start_cfg(BASE "events = uncore_cha_27/UNC_CHA_CLOCKTICKS/\n", 2, 1, 1,
				     NULL);
	assembled_model(o.r)->chas = 20;
	finish(&o);
	assert_int_not_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "uncore_cha_27 not present: CAPID6 counts 20 CHAs "
				    "on this package"), 1);
	for (unsigned i = 0; i < assembled_model(o.r)->log_len[0]; i++)
		assert_false(assembled_model(o.r)->log[0][i].op == MOP_WRMSR &&
			     assembled_model(o.r)->log[0][i].msr >= 0xE00);
	done(&o);
}

/*
 * CHA 0 left frozen by firmware on package 0 (sim-break uncore-frozen): named once from the
 * hand-off with what it means, in a record; counted unfrozen, frozen again after.
 */
static void cha_left_frozen(void **state)
{
	(void)state;
	struct outcome o = start_cfg(BASE "sim-break = uncore-frozen\n", 4, 2, 1, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "package 0: uncore_cha_0 found frozen by firmware "
				    "(box control 0x100): it counts nothing until unfrozen; efipmu "
				    "unfreezes it for its window and freezes it again after"), 1);
	assert_int_equal(fake_count(o.f->console, "found frozen"), 1);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"uncore_fw_box\""), 1);
	assert_int_equal(fake_count(o.f->log, "\"package\":0,\"box\":\"uncore_cha_0\",\"box_ctl\":"
				    "\"0x100\",\"frozen\":\"yes\",\"enabled\":\"0x0\""), 1);
	assert_true(package_sum(o.f->log, 0, "UNC_CHA_CLOCKTICKS") > 0);
	assert_int_equal(model_peek(model_file_for(assembled_model(o.r), 0, 0xE00), 0xE00), 0x100);
	done(&o);
}

/* CHA 0's counter 0 left enabled (uncore-counting): named, left alone without --force. */
static void cha_left_counting(void **state)
{
	(void)state;
	struct outcome o = start_cfg(BASE "sim-break = uncore-counting\n", 4, 2, 1, NULL);
	finish(&o);
	assert_int_equal(fake_count(o.f->console, "package 0: uncore_cha_0 has counters firmware left "
				    "enabled (mask 0x1): another agent may be counting; they are left "
				    "alone without --force"), 1);
	assert_int_equal(fake_count(o.f->console, "left enabled"), 1);
	assert_int_equal(fake_count(o.f->log, "\"box\":\"uncore_cha_0\",\"box_ctl\":\"0x0\","
				    "\"frozen\":\"no\",\"enabled\":\"0x1\""), 1);
	assert_int_equal(model_peek(model_file_for(assembled_model(o.r), 0, 0xE01), 0xE01), 0x400000);
	assert_int_equal(o.v, VERDICT_FAIL);
	done(&o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(bandwidth_and_chas),
		cmocka_unit_test(chas_restored),
		cmocka_unit_test(fewer_chas_fewer_planned),
		cmocka_unit_test(no_pcu_cha_0_alone),
		cmocka_unit_test(no_pci_access_cha_0_alone),
		cmocka_unit_test(default_job_moves_memory),
		cmocka_unit_test(hidden_channel),
		cmocka_unit_test(cha_counts_disagree),
		cmocka_unit_test(cha_beyond_the_count),
		cmocka_unit_test(cha_left_frozen),
		cmocka_unit_test(cha_left_counting),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
