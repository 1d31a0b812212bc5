/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Whole runs of the model's Diamond Rapids (issue 36 item 2): its two discovery domains found
 * (the IMH's device 0x09A1, the CBB's portal MSR 0x710 on each package's first CPU), their
 * broken units skipped as Linux does, the CBB's global control, frozen at power-on, cleared for
 * the window and put back; every CBO and iMC channel counting its clock (the other types' units
 * are boxes too, with no event to count by default).
 */
#include "run_harness.h"
#include "model/model_discovery.h"
#include "model/model_disc_units.h"

#define CFG "backend = sim\nsim-profile = diamond-rapids\nsim-noise = none\nsim-firmware = clean\n"

/* Package p's global control of domain dom (0 IMH, 1 CBB), read as the app reads it. */
static uint64_t global_of(struct outcome *o, unsigned p, unsigned dom)
{
	struct pmu_backend b;
	uint64_t v = ~0ull;
	model_backend(assembled_model(o->r), &b);
	assert_int_equal(b.ops->mmio_read(b.ctx, 0, 0x2000000000ull + 0x100000ull * p +
					  MODEL_DISC_GLOBALS_OFF + 8 * dom, 4, &v), PMU_OK);
	return v;
}

static void both_domains_counted(void **state)
{
	(void)state;
	struct outcome o = start_cfg(CFG, 4, 2, 1, NULL);
	/* the part powers on with the CBB frozen, the IMH not (Linux tip b575fc0e3357) */
	assert_int_equal(global_of(&o, 1, 1), MODEL_DISC_FROZEN);
	assert_int_equal(global_of(&o, 1, 0), 0);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "for family 19 model 0x1: counted through the "
				    "firmware's discovery table (35 boxes"), 1);
	assert_int_equal(fake_count(o.f->console, "package 1: discovery table at pci 0000:ff:00.1 "
				    "BAR0 0x2000100000: 9 units, 8 usable"), 1);
	/* 8 CBOs, one unit of each of the 19 other types (model_disc_units.h), SB2UCIE */
	assert_int_equal(fake_count(o.f->console, "package 1: discovery table behind MSR 0x710 "
				    "(read on CPU 2) at 0x2000140000: 28 units, 27 usable"), 1);
	assert_int_equal(fake_count(o.f->console, "(type 19 mse, box 0, MMIO 0xc0800000): not "
				    "counted: broken-type"), 1);
	assert_int_equal(fake_count(o.f->console, "(type 37 sb2ucie, box 0, MSR 0x2f00): not "
				    "counted: broken-type"), 2);
	assert_int_equal(fake_count(o.f->console, ": global control MMIO 0x2000080008 reads 0x1: "
				    "firmware left the uncore frozen (freeze_all); Linux clears it on "
				    "this domain"), 1);
	assert_int_equal(fake_count(o.f->console, "package 1: global control MMIO 0x2000180008 "
				    "found 0x1 (freeze_all): cleared for the window, put back after"),
			 1);
	assert_int_equal(fake_count(o.f->console, "global control MMIO 0x20000800"), 2);
	/* no CHA of type 0 to compare with MSR 0x2FFE */
	assert_int_equal(fake_count(o.f->console, "CHAs:"), 0);
	/* every CBO and iMC channel of both packages counted its clock; the clocks agree */
	assert_int_equal(fake_count(o.f->console, "CBO_CLOCKTICKS            cbo_"), 16);
	assert_int_equal(fake_count(o.f->console, "IMC_CLOCKTICKS            imc_"), 16);
	assert_true(package_sum(o.f->log, 0, "CBO_CLOCKTICKS") >= 8 * 1000);
	assert_true(package_sum(o.f->log, 1, "IMC_CLOCKTICKS") >= 8 * 1000);
	assert_int_equal(fake_count(o.f->console, "clocks of cbo: "), 2);
	assert_int_equal(fake_count(o.f->console, "clocks of imc: "), 2);
	/* one clear and one put-back a package, each control as found after */
	assert_int_equal(assembled_model(o.r)->disc_global_writes, 4);
	for (unsigned p = 0; p < 2; p++) {
		assert_int_equal(global_of(&o, p, 1), MODEL_DISC_FROZEN);
		assert_int_equal(global_of(&o, p, 0), 0);
	}
	done(&o);
}

/* Die d's CBB global control of package p (model_disc_domains_table: 8 past die 0's). */
static uint64_t die_global_of(struct outcome *o, unsigned p, unsigned d)
{
	struct pmu_backend b;
	uint64_t v = ~0ull;
	model_backend(assembled_model(o->r), &b);
	assert_int_equal(b.ops->mmio_read(b.ctx, 0, 0x2000000000ull + 0x100000ull * p +
					  MODEL_DISC_GLOBALS_OFF + 8 + 8 * d, 4, &v), PMU_OK);
	return v;
}

/* Each of the n lines on the console once. */
static void said_once(const struct outcome *o, const char *const *line, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (fake_count(o->f->console, line[i]) != 1)
			fail_msg("not said once: %s", line[i]);
}

/* 8 CPUs in 2 packages of 2 CBB dies each (firmware's Location2), the run prepared. */
static struct outcome two_by_two(const char *cfg)
{
	struct outcome o = outcome_new(8, 2, 1);
	fake_platform_dies(o.f, 2);
	init_cfg(&o, cfg, NULL);
	return o;
}

/*
 * Issue 36 item 1: the portal read once per die on that die's first CPU (CPUs 0, 2, 4, 6),
 * each die's own table found and checked (die 1's CBB lists one CBO fewer in the model, so a
 * table taken for another's shows), each die's global control cleared for the window and put
 * back, the IMH table once per package; every register as on a fresh model after.
 */
static void every_die_read(void **state)
{
	(void)state;
	struct outcome o = two_by_two(CFG);
	for (unsigned p = 0; p < 2; p++)
		for (unsigned d = 0; d < 2; d++)
			assert_int_equal(die_global_of(&o, p, d), MODEL_DISC_FROZEN);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "uncore discovery: portals read on the first CPU "
				    "of each of 4 dies (2 packages; dies from firmware's Location2)"),
			 1);
	static const char *const found[] = {
		"package 0 die 0: discovery table behind MSR 0x710 (read on CPU 0) at 0x2000040000: "
		"28 units, 27 usable\n",
		"package 0 die 1: discovery table behind MSR 0x710 (read on CPU 2) at 0x2000048000: "
		"27 units, 26 usable\n",
		"package 1 die 0: discovery table behind MSR 0x710 (read on CPU 4) at 0x2000140000: "
		"28 units, 27 usable\n",
		"package 1 die 1: discovery table behind MSR 0x710 (read on CPU 6) at 0x2000148000: "
		"27 units, 26 usable\n",
	};
	said_once(&o, found, 4);
	/* the IMH table once a package, from the PCI scan */
	assert_int_equal(fake_count(o.f->console, "discovery table at pci "), 2);
	assert_int_equal(fake_count(o.f->console, "behind MSR 0x710"), 4);
	/* each CPU's die in its record and the capture's, as firmware gave it */
	assert_int_equal(fake_count(o.f->log, "\"package\":1,\"core\":2,\"thread\":0,\"die\":1,"), 2);
	assert_int_equal(fake_count(o.f->log, "\"die\":1,\"bsp\":false,"), 4);
	/* each die's table in the log and the capture, its die named */
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"discovery\",\"schema\":2,\"simulated\":"
				    "true,\"package\":1,\"die\":1,\"units\":27,\"usable\":26,"), 1);
	assert_int_equal(fake_count(o.f->log, "\"scope\":\"discovery\",\"package\":1,\"die\":1,"), 1);
	static const char *const thawed[] = {
		"package 0 die 0: global control MMIO 0x2000080008 found 0x1 (freeze_all): cleared for "
		"the window, put back after",
		"package 0 die 1: global control MMIO 0x2000080010 found 0x1 (freeze_all): cleared for "
		"the window, put back after",
		"package 1 die 0: global control MMIO 0x2000180008 found 0x1 (freeze_all): cleared for "
		"the window, put back after",
		"package 1 die 1: global control MMIO 0x2000180010 found 0x1 (freeze_all): cleared for "
		"the window, put back after",
	};
	said_once(&o, thawed, 4);
	/*
	 * Each die's CBOs counted on that die's first CPU (the default job's CBO clock of each
	 * box): 8 on die 0, 7 on die 1, in records naming the die, said as "P0.D1" rows, each
	 * die's clocks checked against each other; the iMC channels the package's, unnamed.
	 */
	assert_int_equal(fake_count(o.f->console, "P0.D0 CBO_CLOCKTICKS          cbo_"), 8);
	assert_int_equal(fake_count(o.f->console, "P0.D1 CBO_CLOCKTICKS          cbo_"), 7);
	assert_int_equal(fake_count(o.f->console, "P1.D0 CBO_CLOCKTICKS          cbo_"), 8);
	assert_int_equal(fake_count(o.f->console, "P1.D1 CBO_CLOCKTICKS          cbo_"), 7);
	assert_int_equal(fake_count(o.f->console, "P1  IMC_CLOCKTICKS            imc_"), 8);
	assert_int_equal(fake_count(o.f->log, "\"package\":1,\"die\":1,\"box\":\"uncore_cbo_"), 7);
	assert_int_equal(fake_count(o.f->log, "\"package\":0,\"die\":0,\"box\":\"uncore_cbo_"), 8);
	assert_int_equal(fake_count(o.f->log, "\"die\":1,\"box\":\"uncore_imc_"), 0);
	for (unsigned p = 0; p < 2; p++)
		assert_true(package_sum(o.f->log, p, "CBO_CLOCKTICKS") >= (8 + 7) * 1000);
	static const char *const clocks[] = {
		"P0.D0 clocks of cbo: ", "P0.D1 clocks of cbo: ", "P1.D0 clocks of cbo: ",
		"P1.D1 clocks of cbo: ",
	};
	said_once(&o, clocks, 4);
	assert_int_equal(fake_count(o.f->console, "clocks of cbo: 10,018 to 10,018 ticks, within "
				    "2%: PASS"), 4);
	/* die 1's counts read on die 1's CPU: its ownership record names it */
	assert_int_equal(fake_count(o.f->log, "\"box\":\"uncore\",\"cpu\":6,\"package\":1,\"die\":1,"
				    "\"registers\":"), 1);
	/* one clear and one put-back a die */
	assert_int_equal(assembled_model(o.r)->disc_global_writes, 8);
	for (unsigned p = 0; p < 2; p++) {
		for (unsigned d = 0; d < 2; d++)
			assert_int_equal(die_global_of(&o, p, d), MODEL_DISC_FROZEN);
		assert_int_equal(global_of(&o, p, 0), 0);
	}
	/* every CBO's and other CBB unit's MSRs, of every die, as on a fresh model of the shape */
	struct pmu_backend fresh;
	struct model *m = test_model("diamond-rapids", 8, 2, &fresh);
	for (unsigned i = 0; i < 8; i++)
		assert_int_equal(model_place_die(m, i, (i % 4) / 2), PMU_OK);
	for (unsigned c = 0; c < 8; c++)
		for (uint32_t msr = 0x2000; msr < MDU_DMR_BASE + 0x10 * MDU_DMR_SLOTS; msr++) {
			if (msr == 0x2000 + 0x10 * 8)
				msr = MDU_DMR_BASE;   /* the CBB's other units' */
			uint64_t now = 0, then = 0;
			assert_int_equal(pmu_rdmsr(&o.r->backend, c, msr, &now),
					 pmu_rdmsr(&fresh, c, msr, &then));
			if (now != then)
				fail_msg("msr %#x of CPU %u: %#llx after the run, %#llx fresh", msr, c,
					 (unsigned long long)now, (unsigned long long)then);
		}
	free(m);
	done(&o);
}

/*
 * A die whose portal faults (CPU 2: package 0 die 1) says so in one line naming its package
 * and die; the other dies' tables are read and their CBOs counted.
 */
static void faulting_die_said(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("diamond-rapids", 8, 2, &b);
	for (unsigned i = 0; i < 8; i++)
		assert_int_equal(model_place_die(m, i, (i % 4) / 2), PMU_OK);
	model_set_firmware(m, MODEL_FW_CLEAN);
	assert_int_equal(model_inject_fault(m, 0x710, 2), PMU_OK);
	b.simulated = false;
	b.name = "real";
	struct outcome o = outcome_new(8, 2, 1);
	fake_platform_dies(o.f, 2);
	init_cfg(&o, "backend = real\n", &b);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "uncore discovery: MSR 0x710 on CPU 2 (package 0 "
				    "die 1): #GP fault: no discovery table behind this portal on its "
				    "die"), 1);
	assert_int_equal(fake_count(o.f->console, "behind MSR 0x710"), 3);
	/* package 0's table alone behind its portal: no die named there */
	assert_int_equal(fake_count(o.f->console, "package 0: discovery table behind MSR 0x710 "
				    "(read on CPU 0)"), 1);
	assert_int_equal(fake_count(o.f->console, "package 1 die 1: discovery table behind MSR "
				    "0x710 (read on CPU 6)"), 1);
	/*
	 * die 1 of package 0 has no table: none of its CBOs counted, every other die's are;
	 * package 0's one die with a table not named in its rows and records
	 */
	assert_int_equal(fake_count(o.f->console, " CBO_CLOCKTICKS "), 8 + 8 + 7 + 3);
	assert_int_equal(fake_count(o.f->console, "P0  CBO_CLOCKTICKS            cbo_"), 8);
	assert_int_equal(fake_count(o.f->console, "P1.D0 CBO_CLOCKTICKS          cbo_"), 8);
	assert_int_equal(fake_count(o.f->console, "P1.D1 CBO_CLOCKTICKS          cbo_"), 7);
	assert_int_equal(fake_count(o.f->log, "\"package\":0,\"die\":0,\"box\""), 0);
	assert_int_equal(fake_count(o.f->log, "\"package\":1,\"die\":0,\"box\""), 8);
	done(&o);
	free(m);
}

/*
 * Repeated (-n 2): each die's CBO statistics in `stats` records naming the die and "P0.D1"
 * rows; an event on die 1's CBO 3 alone (-e) is counted on each die that has it, on its CPU.
 */
static void die_stats_and_events(void **state)
{
	(void)state;
	struct outcome o = two_by_two(CFG "repeats = 2\n");
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"stats\""), 8 * 4 + 2 * (8 + 8 + 7));
	assert_int_equal(fake_count(o.f->log, "\"package\":1,\"die\":1,\"box\":\"uncore_cbo_"),
			 7 * 3);
	assert_int_equal(fake_count(o.f->console, "P1.D1 CBO_CLOCKTICKS"), 7);
	done(&o);

	o = two_by_two(CFG "events = uncore_cbo_3/event=0x01/\n");
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->log, "\"box\":\"uncore_cbo_3\",\"event\""), 4);
	for (unsigned c = 0; c < 8; c += 2) {   /* each die's on its first CPU, the model's APIC id */
		char want[96];
		snprintf(want, sizeof(want), "\"cpu\":%u,\"apic_id\":%u,\"package\":%u,\"die\":%u,"
			 "\"box\":\"uncore_cbo_3\"", c, c / 4 * 128 + c % 4 * 2, c / 4, c / 2 % 2);
		if (fake_count(o.f->log, want) != 1)
			fail_msg("not once: %s", want);
	}
	done(&o);
}

/*
 * At 32 CPUs (2 packages of 2 dies of 8 cores: 16 CBOs a package's die 0, 15 its die 1) the
 * console says each die's CBO clocks once, the boxes that agree together (run/collapse.c).
 */
static void die_rows_collapse(void **state)
{
	(void)state;
	struct outcome o = outcome_new(32, 2, 1);
	fake_platform_dies(o.f, 2);
	init_cfg(&o, CFG, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	static const char *const rows[] = {
		"[SIM] P0.D0 CBO_CLOCKTICKS          cbo_0-15.0 msr=0x400001   10,018\n",
		"[SIM] P0.D1 CBO_CLOCKTICKS          cbo_0-14.0 msr=0x400001   10,018\n",
		"[SIM] P1.D0 CBO_CLOCKTICKS          cbo_0-15.0 msr=0x400001   10,018\n",
		"[SIM] P1.D1 CBO_CLOCKTICKS          cbo_0-14.0 msr=0x400001   10,018\n",
		"[SIM] P1  IMC_CLOCKTICKS            imc_0-7.0 mmio=0x400101   10,018\n",
	};
	said_once(&o, rows, 5);
	assert_int_equal(fake_count(o.f->console, "CBO_CLOCKTICKS "), 4 + 4);   /* + the tables */
	done(&o);
}

/* Firmware without Location2: one die a package, said; the run as before (package's first CPU). */
static void no_location2_one_die(void **state)
{
	(void)state;
	struct outcome o = start_cfg(CFG, 8, 2, 1, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "uncore discovery: portals read on the first CPU "
				    "of each of 2 dies (2 packages; firmware gives no die (PI 1.7 "
				    "Location2): one a package)"), 1);
	assert_int_equal(fake_count(o.f->console, "behind MSR 0x710"), 2);
	assert_int_equal(fake_count(o.f->log, "\"die\":"), 0);
	done(&o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(both_domains_counted),
		cmocka_unit_test(every_die_read),
		cmocka_unit_test(faulting_die_said),
		cmocka_unit_test(die_stats_and_events),
		cmocka_unit_test(die_rows_collapse),
		cmocka_unit_test(no_location2_one_die),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
