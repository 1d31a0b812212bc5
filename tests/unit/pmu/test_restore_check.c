/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The restore read-back's rule (pmu/restore_check.h) against a backend of a few MSRs whose
 * values the test sets as a machine would leave them after a restore: a control exactly; a
 * stopped counter exactly at its width; a counter firmware left counting ahead within the
 * bound, never behind; a read-only status register not read; a faulting read a difference.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "pmu/restore_check.h"

struct regs {
	uint32_t msr[8];
	uint64_t val[8];
	unsigned n, reads;
};

static pmu_status rd(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val)
{
	struct regs *r = ctx;
	(void)cpu;
	r->reads++;
	for (unsigned i = 0; i < r->n; i++)
		if (r->msr[i] == msr) {
			*val = r->val[i];
			return PMU_OK;
		}
	*val = 0;
	return PMU_ERR_FAULT_GP;
}

static pmu_status wr(void *ctx, unsigned cpu, uint32_t msr, uint64_t val)
{
	(void)ctx, (void)cpu, (void)msr, (void)val;
	return PMU_ERR_FAULT_GP;   /* the read-back writes nothing */
}

static const struct pmu_backend_ops ops = { .rdmsr = rd, .wrmsr = wr };

static void set(struct regs *r, uint32_t msr, uint64_t v)
{
	r->msr[r->n] = msr;
	r->val[r->n++] = v;
}

static struct own_reg rec(uint32_t msr, uint64_t orig, enum own_check check, unsigned width,
			  bool live)
{
	struct own_reg r = { .msr = msr, .written = true, .orig = orig, .restore_val = orig,
			     .check = (uint8_t)check, .width = (uint8_t)width, .live = live };
	return r;
}

/* One record read back from a machine where msr holds v: does it agree? */
static bool agrees(struct own_reg r, uint64_t v, unsigned *differ)
{
	struct regs m = { .n = 0 };
	struct pmu_backend b = { .ops = &ops, .ctx = &m, .name = "test" };
	struct restore_tally t = { 0 };
	set(&m, r.msr, v);
	assert_int_equal(restore_check(&r, 1, &b, 0, &t, NULL), PMU_OK);
	*differ = t.differ;
	return !t.differ;
}

static void controls_exactly(void **state)
{
	(void)state;
	unsigned d;
	assert_true(agrees(rec(0x186, 0x4300c4, OWN_CHECK_EXACT, 0, false), 0x4300c4, &d));
	assert_false(agrees(rec(0x186, 0x0, OWN_CHECK_EXACT, 0, false), 0x400000, &d));
	assert_int_equal(d, 1);
	/* every bit counts, the top one too */
	assert_false(agrees(rec(0x38f, 0x7000000ff, OWN_CHECK_EXACT, 0, false),
			    0x8000000700000000ull | 0xff, &d));
}

static void stopped_counter_exactly_at_width(void **state)
{
	(void)state;
	unsigned d;
	/* bits above a 48-bit counter's width are not the counter's */
	assert_true(agrees(rec(0xc1, 0x1234, OWN_CHECK_COUNTER, 48, false), 0xffff000000001234ull, &d));
	/* one event ahead is a restore that did not hold: firmware's counter was stopped */
	assert_false(agrees(rec(0xc1, 0x1234, OWN_CHECK_COUNTER, 48, false), 0x1235, &d));
	/* the counter as the run left it (a skipped restore) */
	assert_false(agrees(rec(0xc1, 0, OWN_CHECK_COUNTER, 48, false), 10018, &d));
	/* a legacy PMCx write of 0x80000000 reads back sign-extended (Intel SDM Vol. 4 table 2-2) */
	struct own_reg legacy = rec(0xc1, 0x12380000000ull, OWN_CHECK_COUNTER, 48, false);
	legacy.inexact = true;
	legacy.restore_val = 0x80000000u;
	assert_true(agrees(legacy, 0xffff80000000ull, &d));
	assert_false(agrees(legacy, 0x12380000000ull, &d));
}

static void live_counter_ahead_within_bound(void **state)
{
	(void)state;
	unsigned d;
	uint64_t top = (1ull << 48) - 3;
	assert_true(agrees(rec(0x309, 1000, OWN_CHECK_COUNTER, 48, true), 1000, &d));
	assert_true(agrees(rec(0x309, 1000, OWN_CHECK_COUNTER, 48, true), 1000 + 5000, &d));
	assert_true(agrees(rec(0x309, 1000, OWN_CHECK_COUNTER, 48, true),
			   1000 + RESTORE_AHEAD_MAX, &d));
	assert_false(agrees(rec(0x309, 1000, OWN_CHECK_COUNTER, 48, true),
			    1000 + RESTORE_AHEAD_MAX + 1, &d));
	/* behind by one: modulo 2^48 that is almost a full period ahead */
	assert_false(agrees(rec(0x309, 1000, OWN_CHECK_COUNTER, 48, true), 999, &d));
	/* wrapped past the top since the restore: ahead by 10, modulo the width */
	assert_true(agrees(rec(0x309, top, OWN_CHECK_COUNTER, 48, true), 7, &d));
}

static void status_not_read_fault_differs(void **state)
{
	(void)state;
	struct regs m = { .n = 0 };
	struct pmu_backend b = { .ops = &ops, .ctx = &m, .name = "test" };
	struct restore_tally t = { 0 };
	struct own_reg r[4] = {
		rec(0x38e, 0x1, OWN_CHECK_NONE, 0, false),      /* read-only status */
		rec(0x186, 0x0, OWN_CHECK_EXACT, 0, false),     /* not there: the read faults */
		rec(0x38d, 0xb0, OWN_CHECK_EXACT, 0, false),
		rec(0x187, 0x0, OWN_CHECK_EXACT, 0, false),
	};
	r[3].written = false;                               /* never written: not read */
	set(&m, 0x38e, 0x8000000000000000ull);
	set(&m, 0x38d, 0xb0);
	set(&m, 0x187, 0x1);
	uint32_t key = 0;
	assert_int_equal(restore_check(r, 4, &b, 3, &t, &key), PMU_ERR_FAULT_GP);
	assert_int_equal(key, 0x186);
	assert_int_equal(m.reads, 2);
	assert_int_equal(t.read, 2);
	assert_int_equal(t.not_compared, 1);
	assert_int_equal(t.differ, 1);
	assert_int_equal(t.faulted, 1);
	assert_int_equal(t.ndiff, 1);
	assert_int_equal(t.diff[0].key, 0x186);
	assert_int_equal(t.diff[0].cpu, 3);
	assert_int_equal(t.diff[0].st, PMU_ERR_FAULT_GP);
}

/* A tally names its first RESTORE_DIFFS differences and counts every one. */
static void tally_counts_past_names(void **state)
{
	(void)state;
	struct restore_tally a = { 0 }, b = { 0 };
	b.read = 7;
	b.differ = 6;
	b.ndiff = RESTORE_DIFFS;
	for (unsigned i = 0; i < RESTORE_DIFFS; i++)
		b.diff[i].key = 0x186 + i;
	restore_tally_add(&a, &b);
	restore_tally_add(&a, &b);
	assert_int_equal(a.read, 14);
	assert_int_equal(a.differ, 12);
	assert_int_equal(a.ndiff, RESTORE_DIFFS);
	assert_int_equal(a.diff[RESTORE_DIFFS - 1].key, 0x186 + RESTORE_DIFFS - 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(controls_exactly),
		cmocka_unit_test(stopped_counter_exactly_at_width),
		cmocka_unit_test(live_counter_ahead_within_bound),
		cmocka_unit_test(status_not_read_fault_differs),
		cmocka_unit_test(tally_counts_past_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
