/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The discovery table decoder and its checks (lib/pmu/uncore_discovery.c) on the
 * model's Sapphire Rapids socket (lib/model/model_discovery.c) and on every way
 * the model's firmware can break it; expected values are the sources' layout
 * worked out by hand (Linux uncore_discovery.h; PCM src/uncore_pmu_discovery.h).
 */
#include "testutil.h"
#include "hw/layouts_discovery.h"
#include "model/model_discovery.h"
#include "out/discovery_json.h"
#include "pmu/uncore_discovery.h"

static uint8_t bytes[16384];
static struct disc_table t;

static size_t table(enum model_disc_defect d)
{
	size_t len = model_disc_table(&model_disc_spr, d, bytes, sizeof(bytes));
	assert_true(len > 0);
	return len;
}

static unsigned count_type(uint16_t type)
{
	unsigned n = 0;
	for (unsigned i = 0; i < t.nunits; i++)
		n += t.unit[i].usable && t.unit[i].type == type;
	return n;
}

static bool has(const struct disc_unit *u, enum disc_problem p)
{
	return u->problems & (1u << p);
}

static void test_clean_table(void **state)
{
	(void)state;
	size_t len = table(MDD_NONE);
	assert_int_equal(len, (1 + 26) * 32);   /* 8 CHA + 8 iMC + 4 M2M + 3 UPI + 3 M3UPI */
	assert_int_equal(disc_parse(bytes, len, NULL, &t), PMU_OK);
	assert_int_equal(t.problems, 0);
	assert_int_equal(t.stride, 4);
	assert_int_equal(t.max_units, 26);
	assert_int_equal(t.nunits, 26);
	assert_int_equal(t.nusable, 26);
	assert_int_equal(count_type(0), 8);
	assert_int_equal(count_type(6), 8);
	const struct disc_unit *cha3 = &t.unit[3];
	assert_int_equal(cha3->access, DISC_MSR);
	assert_int_equal(cha3->box_ctl, 0x2030);
	assert_int_equal(cha3->ctl_offset, 2);
	assert_int_equal(cha3->ctr_offset, 8);
	assert_int_equal(cha3->counters, 4);
	assert_int_equal(cha3->width, 48);
	assert_int_equal(cha3->box_id, 3);
	const struct disc_unit *imc5 = &t.unit[8 + 5];
	assert_int_equal(imc5->type, 6);
	assert_int_equal(imc5->access, DISC_MMIO);
	assert_int_equal(imc5->box_ctl, 0xc0000000ull + 0x200000 + 0x22800 + 0x4000);
	const struct disc_unit *upi1 = &t.unit[20 + 2];
	assert_int_equal(upi1->type, 8);
	assert_int_equal(upi1->access, DISC_PCI);
	/* bus 0x7e, device 2 function 1, offset 0x318 */
	assert_int_equal(upi1->box_ctl, 0x7eull << 20 | (2 << 3 | 1) << 12 | 0x318);
	assert_string_equal(disc_type_name(upi1->type), "upi");
	assert_null(disc_type_name(10));
}

static void test_json_line(void **state)
{
	(void)state;
	assert_int_equal(disc_parse(bytes, table(MDD_NONE), NULL, &t), PMU_OK);
	char buf[512];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	disc_unit_json(&t.unit[8], &sb);
	assert_string_equal(buf, "{\"index\":8,\"type\":6,\"type_name\":\"imc\",\"box_id\":0,"
			    "\"access\":\"MMIO\",\"address\":\"0xc0022800\",\"counters\":4,"
			    "\"width\":48,\"ctl_offset\":\"0x40\",\"ctr_offset\":\"0x8\","
			    "\"usable\":true,\"problems\":[]}");
}

static void test_every_defect_named(void **state)
{
	(void)state;
	size_t len = table(MDD_EVERY);
	const struct disc_mmio_range bar = { 0xc0000000ull, 0x1000000 };
	const struct disc_bus_range bus = { 0, 0x7e, 0x7f };
	const struct disc_space where = { &bus, 1, &bar, 1, true, 0 };
	assert_int_equal(disc_parse(bytes, len, &where, &t), PMU_OK);
	assert_int_equal(t.nunits, 26);
	assert_true(has(&t.unit[1], DP_DUP_BOX_ID));      /* CHA 1 repeats CHA 0's id */
	assert_false(has(&t.unit[0], DP_DUP_BOX_ID));     /* the first one stays */
	assert_true(has(&t.unit[25], DP_ZERO_OFFSET));
	assert_true(has(&t.unit[24], DP_ALL_ONES));
	assert_true(has(&t.unit[23], DP_EMPTY));
	for (unsigned i = 8; i < 16; i++)                 /* the iMC BAR firmware left at 0 */
		assert_true(has(&t.unit[i], DP_OUTSIDE));
	assert_true(has(&t.unit[20], DP_QUIRK_SPR_UPI)); /* UPI and M3UPI: Linux's SPR quirk */
	assert_true(has(&t.unit[21], DP_QUIRK_SPR_UPI));
	assert_false(t.unit[20].usable);
	assert_true(t.unit[16].usable);                   /* M2M on the socket's bus */
	assert_int_equal(count_type(0), 7);
	assert_int_equal(count_type(6), 0);
	assert_string_equal(disc_problem_name(DP_OUTSIDE), "outside");
}

static void test_each_defect_alone(void **state)
{
	(void)state;
	static const struct { enum model_disc_defect d; unsigned unit; enum disc_problem p; }
	cases[] = {
		{ MDD_UNIT_ONES, 24, DP_ALL_ONES }, { MDD_UNIT_ZERO, 23, DP_EMPTY },
		{ MDD_ZERO_OFFSET, 25, DP_ZERO_OFFSET }, { MDD_DUP_ID, 1, DP_DUP_BOX_ID },
	};
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(disc_parse(bytes, table(cases[i].d), NULL, &t), PMU_OK);
		assert_int_equal(t.unit[cases[i].unit].problems, 1u << cases[i].p);
		assert_int_equal(t.nusable, 25);
	}
}

static void test_global_invalid(void **state)
{
	(void)state;
	assert_int_equal(disc_parse(bytes, table(MDD_GLOBAL_ONES), NULL, &t), PMU_ERR_INVALID);
	assert_int_equal(t.problems, 1u << DP_GLOBAL_INVALID);
	assert_int_equal(t.nunits, 0);
	assert_int_equal(disc_parse(bytes, 16, NULL, &t), PMU_ERR_INVALID);
	assert_int_equal(t.problems, 1u << DP_TRUNCATED);
}

static void test_truncated_table(void **state)
{
	(void)state;
	size_t len = table(MDD_NONE);
	assert_int_equal(disc_parse(bytes, len - 32 * 3, NULL, &t), PMU_OK);
	assert_int_equal(t.problems, 1u << DP_TRUNCATED);
	assert_int_equal(t.nunits, 23);
	/*
	 * Fewer bytes than the global state's own stride (fuzz_discovery found it): no unit,
	 * nothing read past the table (here 24 bytes of a stride of 255 qwords).
	 */
	uint8_t *few = malloc(24);
	assert_non_null(few);
	memcpy(few, bytes, 24);
	few[1] = 0xFF;   /* the stride: the global state's bits 15:8 */
	assert_int_equal(disc_parse(few, 24, NULL, &t), PMU_OK);
	assert_int_equal(t.problems, 1u << DP_TRUNCATED);
	assert_int_equal(t.nunits, 0);
	free(few);
}

/*
 * An MMIO unit whose address needs more bits than the CPU's physical address width (CPUID
 * 80000008H EAX[7:0]) is unreachable: named, not usable; where the width is not known the
 * 52-bit limit alone applies.
 */
static void test_past_phys_width(void **state)
{
	(void)state;
	size_t len = table(MDD_NONE);
	const uint64_t at = 1ull << 47 | 0x22800;   /* iMC 0's box control, one bit too high */
	static const struct disc_bus_range bus = { 0, 0, 255 };
	static const struct disc_mmio_range above_1m = { 0x100000ull, (1ull << 52) - 0x100000ull };
	struct disc_space where = { &bus, 1, &above_1m, 1, false, 46 };
	for (unsigned k = 0; k < 8; k++)   /* unit 8's second qword, little-endian */
		bytes[(8 + 1) * 32 + 8 + k] = (uint8_t)(at >> (8 * k));
	assert_int_equal(disc_parse(bytes, len, &where, &t), PMU_OK);
	assert_int_equal(t.unit[8].box_ctl, at);
	assert_int_equal(t.unit[8].problems, 1u << DP_PAST_PHYS);
	assert_false(t.unit[8].usable);
	assert_true(t.unit[9].usable);
	assert_string_equal(disc_problem_name(DP_PAST_PHYS), "past-phys-width");
	where.phys_bits = 48;
	assert_int_equal(disc_parse(bytes, len, &where, &t), PMU_OK);
	assert_true(t.unit[8].usable);
	where.phys_bits = 0;
	assert_int_equal(disc_parse(bytes, len, &where, &t), PMU_OK);
	assert_true(t.unit[8].usable);
}

static void test_cha_count_cross_check(void **state)
{
	(void)state;
	assert_int_equal(disc_parse(bytes, table(MDD_NONE), NULL, &t), PMU_OK);
	char buf[256];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	assert_int_equal(disc_cha_count(&t, 8, "MSR 0x2FFE", &sb), 8);
	assert_string_equal(buf, "CHAs: table 8, MSR 0x2FFE 8");
	sb_reset(&sb);
	/* Emerald Rapids XCC reads 0 there: no evidence, the table's count is kept. */
	assert_int_equal(disc_cha_count(&t, 0, "MSR 0x2FFE", &sb), 8);
	assert_non_null(strstr(buf, "table's count is kept"));
	sb_reset(&sb);
	assert_int_equal(disc_cha_count(&t, 6, "MSR 0x2FFE", &sb), 6);
	assert_non_null(strstr(buf, "the smaller count is used"));
}

/*
 * A platform's broken types (Diamond Rapids' MSE and SB2UCIE, as Linux skips them): every
 * usable unit of the type is left out with its problem named; the others stay.
 */
static void test_broken_types_skipped(void **state)
{
	(void)state;
	size_t len = table(MDD_NONE);
	assert_int_equal(disc_parse(bytes, len, NULL, &t), PMU_OK);
	unsigned usable = t.nusable, imc = count_type(6);
	const uint16_t broken[] = { 0x13, 6 };   /* a type the table lacks, and the iMC */
	assert_int_equal(disc_ignore_types(&t, broken, 2), imc);
	assert_int_equal(t.nusable, usable - imc);
	assert_int_equal(count_type(6), 0);
	assert_int_equal(count_type(0), 8);
	for (unsigned i = 0; i < t.nunits; i++)
		assert_int_equal(has(&t.unit[i], DP_BROKEN_TYPE), t.unit[i].type == 6);
	assert_string_equal(disc_problem_name(DP_BROKEN_TYPE), "broken-type");
	assert_int_equal(disc_ignore_types(&t, broken, 2), 0);   /* once */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_clean_table),
		cmocka_unit_test(test_json_line),
		cmocka_unit_test(test_every_defect_named),
		cmocka_unit_test(test_each_defect_alone),
		cmocka_unit_test(test_global_invalid),
		cmocka_unit_test(test_truncated_table),
		cmocka_unit_test(test_cha_count_cross_check),
		cmocka_unit_test(test_past_phys_width),
		cmocka_unit_test(test_broken_types_skipped),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
