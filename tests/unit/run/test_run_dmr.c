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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(both_domains_counted),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
