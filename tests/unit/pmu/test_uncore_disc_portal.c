/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Discovery tables behind MSR portals (lib/pmu/uncore_disc_portal.c) on a fake platform
 * held by the test: two dies, their portal MSR per CPU, the model's Sapphire Rapids table
 * (lib/model/model_discovery.c) in MMIO at the address one die's portal holds. Linux's rule
 * (tip cf002dafedd0): read once per die on a CPU of that die; a fault or 0 is no table.
 */
#include "testutil.h"
#include "hw/layouts_discovery.h"
#include "model/model_discovery.h"
#include "pmu/uncore_disc_box.h"
#include "pmu/uncore_disc_find.h"
#include "pmu/uncore_discovery.h"

#define TABLE_AT 0xFED00000ull
#define PORTAL 0x710u

struct fake {
	uint64_t portal[4];        /* the portal's value on CPU i */
	bool faults[4];            /* CPU i's read faults */
	unsigned reads[4], other_msr, writes;
	uint8_t mem[4096];
};

static struct fake f;

static pmu_status f_rdmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val)
{
	struct fake *x = ctx;
	*val = 0;
	if (msr != PORTAL || cpu >= 4) {
		x->other_msr++;
		return PMU_ERR_FAULT_GP;
	}
	x->reads[cpu]++;
	if (x->faults[cpu])
		return PMU_ERR_FAULT_GP;
	*val = x->portal[cpu];
	return PMU_OK;
}

static pmu_status f_wrmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t val)
{
	struct fake *x = ctx;
	(void)cpu, (void)msr, (void)val;
	x->writes++;
	return PMU_OK;
}

static pmu_status f_mmio_read(void *ctx, unsigned cpu, uint64_t addr, unsigned bytes, uint64_t *val)
{
	struct fake *x = ctx;
	(void)cpu;
	*val = ~0ull;
	if (addr < TABLE_AT || addr + bytes > TABLE_AT + sizeof(x->mem))
		return PMU_OK;
	*val = 0;
	for (unsigned i = bytes; i--;)
		*val = *val << 8 | x->mem[addr - TABLE_AT + i];
	return PMU_OK;
}

static const struct pmu_backend_ops ops = { .rdmsr = f_rdmsr, .wrmsr = f_wrmsr,
					    .mmio_read = f_mmio_read };
static struct pmu_backend b = { .ops = &ops, .ctx = &f, .name = "fake" };
#define SLOTS 4   /* the finder's room: the caller's, as a run's for its dies */
static struct disc_found found[SLOTS];
static struct disc_portal_miss missed[SLOTS];
static struct disc_find out;
static struct disc_table t;

static void reset(void)
{
	memset(&f, 0, sizeof(f));
	memset(&out, 0, sizeof(out));
	out = (struct disc_find){ .cap = SLOTS, .t = found, .miss = missed };
	assert_true(model_disc_table(&model_disc_spr, MDD_NONE, f.mem, sizeof(f.mem)) > 0);
}

/* Die 0 (CPU 0) holds the table, die 1 (CPU 2) reads 0: one table, one miss, CPU 1 untouched. */
static void test_one_read_per_die(void **state)
{
	(void)state;
	reset();
	f.portal[0] = TABLE_AT;
	const struct disc_die dies[] = { { 0, 0, 0 }, { 2, 0, 1 } };
	assert_int_equal(disc_find_msr(&b, NULL, PORTAL, 1, dies, 2, &out), 1);
	assert_int_equal(f.reads[0], 1);
	assert_int_equal(f.reads[1], 0);
	assert_int_equal(f.reads[2], 1);
	assert_int_equal(f.other_msr + f.writes, 0);   /* reads only, and only the portal */
	assert_int_equal(out.n, 1);
	assert_int_equal(out.t[0].portal, PORTAL);
	assert_int_equal(out.t[0].domain, 1);
	assert_int_equal(out.t[0].pkg, 0);
	assert_int_equal(out.t[0].die, 0);
	assert_int_equal(out.t[0].bar, TABLE_AT);
	assert_int_equal(out.t[0].st, PMU_OK);
	assert_int_equal(out.t[0].len, (1 + 26) * 32);
	assert_memory_equal(out.t[0].bytes, f.mem, out.t[0].len);
	/* checked as a BAR's table is */
	assert_int_equal(disc_parse(out.t[0].bytes, out.t[0].len, NULL, &t), PMU_OK);
	assert_int_equal(t.nunits, 26);
	assert_int_equal(out.nmiss, 1);
	assert_int_equal(out.miss[0].cpu, 2);
	assert_int_equal(out.miss[0].pkg, 0);
	assert_int_equal(out.miss[0].die, 1);
	assert_int_equal(out.miss[0].st, PMU_OK);   /* it read, 0 */
}

/* A faulting portal (an MSR this part does not have) is a miss with the fault's status. */
static void test_fault_is_no_table(void **state)
{
	(void)state;
	reset();
	f.faults[0] = true;
	f.portal[1] = TABLE_AT;
	const struct disc_die dies[] = { { 0, 0, 0 }, { 1, 1, 0 } };
	assert_int_equal(disc_find_msr(&b, NULL, PORTAL, 0, dies, 2, &out), 1);
	assert_int_equal(out.nmiss, 1);
	assert_int_equal(out.miss[0].st, PMU_ERR_FAULT_GP);
	assert_int_equal(out.miss[0].msr, PORTAL);
	assert_int_equal(out.t[0].pkg, 1);   /* package 1's table */
	assert_int_equal(out.t[0].cpu, 1);
}

/* A portal naming memory with no table: read as such, its global state invalid. */
static void test_bad_address_checked(void **state)
{
	(void)state;
	reset();
	f.portal[0] = 0x100000;   /* nothing the fake maps: all ones */
	const struct disc_die dies[] = { { 0, 0, 0 } };
	assert_int_equal(disc_find_msr(&b, NULL, PORTAL, 0, dies, 1, &out), 1);
	assert_int_equal(out.t[0].st, PMU_OK);
	assert_int_equal(disc_parse(out.t[0].bytes, out.t[0].len, NULL, &t), PMU_ERR_INVALID);
	assert_true(t.problems & 1u << DP_GLOBAL_INVALID);
}

/*
 * The global control as the table's access type says: the model's table names MSR 0x2FF0
 * (the fake has none: the fault comes back); an MMIO one is read as a 32-bit dword (Linux's
 * global_init writes a 32-bit 0 there), here the table's own q1 low dword.
 */
static void test_global_control(void **state)
{
	(void)state;
	reset();
	uint64_t v = 1;
	assert_int_equal(disc_parse(f.mem, sizeof(f.mem), NULL, &t), PMU_OK);
	assert_int_equal(t.access, DISC_MSR);
	assert_int_equal(t.global_ctl, 0x2ff0);
	assert_int_equal(disc_global_read(&b, 0, &t, &v), PMU_ERR_FAULT_GP);
	assert_int_equal(v, 0);
	assert_int_equal(f.other_msr, 1);
	t.access = DISC_MMIO;
	t.global_ctl = TABLE_AT + 8;
	f.mem[12] = 0x5A;   /* past the dword: not read */
	assert_int_equal(disc_global_read(&b, 0, &t, &v), PMU_OK);
	assert_int_equal(v, 0x2ff0);
	t.access = DISC_ACCESS_NONE;
	assert_int_equal(disc_global_read(&b, 0, &t, &v), PMU_ERR_UNSUPPORTED);
	assert_int_equal(f.writes, 0);
}

/* A reader the caller gives (a run sends each read to its die's CPU) is what reads the portal. */
static unsigned sent[4];

static pmu_status send(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val)
{
	sent[cpu]++;
	return f_rdmsr(ctx, cpu, msr, val);
}

static void test_reader_used(void **state)
{
	(void)state;
	reset();
	memset(sent, 0, sizeof(sent));
	f.portal[3] = TABLE_AT;
	const struct disc_die dies[] = { { 1, 0, 0 }, { 3, 1, 0 } };
	const struct disc_msr_reader rd = { send, &f };
	assert_int_equal(disc_find_msr(&b, &rd, PORTAL, 0, dies, 2, &out), 1);
	assert_int_equal(sent[1], 1);
	assert_int_equal(sent[3], 1);
	assert_int_equal(sent[0] + sent[2], 0);
	assert_int_equal(out.t[0].cpu, 3);
	assert_int_equal(out.t[0].pkg, 1);
}

/* More dies than misses kept: every one counted (the run says those past the kept as a number). */
static void test_misses_past_kept(void **state)
{
	(void)state;
	reset();
	struct disc_die dies[SLOTS + 6];
	for (unsigned d = 0; d < SLOTS + 6; d++)
		dies[d] = (struct disc_die){ 4 + d, d / 2, d % 2 };   /* no such CPU: each faults */
	assert_int_equal(disc_find_msr(&b, NULL, PORTAL, 0, dies, SLOTS + 6, &out), 0);
	assert_int_equal(out.nmiss, SLOTS + 6);
	assert_int_equal(out.miss[SLOTS - 1].pkg, (SLOTS - 1) / 2);
	assert_int_equal(out.miss[SLOTS - 1].die, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_read_per_die),
		cmocka_unit_test(test_fault_is_no_table),
		cmocka_unit_test(test_bad_address_checked),
		cmocka_unit_test(test_global_control),
		cmocka_unit_test(test_reader_used),
		cmocka_unit_test(test_misses_past_kept),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
