/* Every field of every core PMU layout encodes, decodes and refuses what it must (seeds 003, 004). */
#include "testutil.h"
#include "hw/layouts_core.h"

static const struct reg_layout *const layouts[] = {
	&layout_perfevtsel, &layout_fixed_ctr_ctrl, &layout_global_ctrl,
	&layout_global_status, &layout_global_ovf_ctrl, &layout_perf_capabilities,
};

/* The fields of each layout tile bits 63:0 exactly once. */
static void test_fields_cover_64_bits_once(void **state)
{
	(void)state;
	for (unsigned l = 0; l < sizeof(layouts) / sizeof(layouts[0]); l++) {
		uint64_t seen = 0;
		for (unsigned i = 0; i < layouts[l]->nfields; i++) {
			uint64_t m = reg_field_mask(&layouts[l]->fields[i]);
			assert_int_equal(seen & m, 0);
			seen |= m;
		}
		assert_true(seen == ~(uint64_t)0);
	}
}

/* Settable fields round-trip at 1 and at their maximum; decode names them. */
static void test_every_field_round_trips(void **state)
{
	(void)state;
	char buf[1024];
	struct strbuf sb;
	for (unsigned l = 0; l < sizeof(layouts) / sizeof(layouts[0]); l++) {
		const struct reg_layout *lay = layouts[l];
		for (unsigned i = 0; i < lay->nfields; i++) {
			const struct reg_field *f = &lay->fields[i];
			uint64_t w = 0;
			if (f->access == RA_RSV || f->access == RA_IG)
				continue;
			assert_ptr_equal(reg_find_field(lay, f->name, strlen(f->name)), f);
			if (f->access == RA_RO) {
				assert_int_equal(reg_set_field(&w, f, 1), PMU_ERR_RESERVED);
				continue;
			}
			assert_int_equal(reg_set_field(&w, f, reg_field_max(f)), PMU_OK);
			assert_true(w == reg_field_mask(f));
			assert_true(reg_get_field(w, f) == reg_field_max(f));
			assert_int_equal(reg_validate(lay, w, ~(uint64_t)0, NULL), PMU_OK);
			assert_int_equal(reg_set_field(&w, f, 1), PMU_OK);
			assert_true(w == (uint64_t)1 << f->lsb);
			if (f->width < 64)
				assert_int_equal(reg_set_field(&w, f, reg_field_max(f) + 1), PMU_ERR_RANGE);
			sb_init(&sb, buf, sizeof(buf));
			reg_decode(lay, w, 0, &sb);
			char want[64];
			snprintf(want, sizeof(want), "%s=%s", f->name, f->width == 1 ? "1" : "0x1");
			assert_string_equal(buf, want);
		}
	}
}

static void test_perfevtsel_positions_from_seed_003(void **state)
{
	(void)state;
	static const struct { const char *name; unsigned lsb, width; } seed[] = {
		{ "event", 0, 8 }, { "umask", 8, 8 }, { "usr", 16, 1 }, { "os", 17, 1 },
		{ "edge", 18, 1 }, { "pc", 19, 1 }, { "int", 20, 1 }, { "any", 21, 1 },
		{ "en", 22, 1 }, { "inv", 23, 1 }, { "cmask", 24, 8 },
	};
	for (unsigned i = 0; i < sizeof(seed) / sizeof(seed[0]); i++) {
		const struct reg_field *f = reg_find_field(&layout_perfevtsel, seed[i].name,
							   strlen(seed[i].name));
		assert_non_null(f);
		assert_int_equal(f->lsb, seed[i].lsb);
		assert_int_equal(f->width, seed[i].width);
	}
	unsigned bad = 0;
	assert_int_equal(reg_validate(&layout_perfevtsel, 1ull << 32, ~(uint64_t)0, &bad),
			 PMU_ERR_RESERVED);
	assert_int_equal(bad, 32);
	/* AnyThread masked off by the caller on v2 parts */
	assert_int_equal(reg_validate(&layout_perfevtsel, 1ull << 21, ~(1ull << 21), &bad),
			 PMU_ERR_RESERVED);
	assert_int_equal(bad, 21);
}

static void test_fixed_and_global_positions_from_seed_004(void **state)
{
	(void)state;
	const struct reg_field *f = reg_find_field(&layout_fixed_ctr_ctrl, "en2", 3);
	assert_int_equal(f->lsb, 8);
	assert_int_equal(f->width, 2);
	f = reg_find_field(&layout_fixed_ctr_ctrl, "pmi1", 4);
	assert_int_equal(f->lsb, 7);
	f = reg_find_field(&layout_global_ctrl, "en_fixed0", 9);
	assert_int_equal(f->lsb, 32);
	f = reg_find_field(&layout_global_ovf_ctrl, "clr_ovf_fixed2", 14);
	assert_int_equal(f->lsb, 34);
	assert_int_equal(f->access, RA_W1C);
	f = reg_find_field(&layout_global_status, "cond_chgd", 9);
	assert_int_equal(f->lsb, 63);
	f = reg_find_field(&layout_perf_capabilities, "fw_write", 8);
	assert_int_equal(f->lsb, 13);
	unsigned bad = 0;
	assert_int_equal(reg_validate(&layout_fixed_ctr_ctrl, 1ull << 28, ~(uint64_t)0, &bad),
			 PMU_ERR_RESERVED);
	assert_int_equal(bad, 28);   /* past FIXED_CTR6's nibble */
	assert_int_equal(reg_validate(&layout_global_ctrl, 1ull << 10, ~(uint64_t)0, &bad),
			 PMU_ERR_RESERVED);
	assert_int_equal(reg_validate(&layout_global_ctrl, 1ull << 49, ~(uint64_t)0, &bad),
			 PMU_ERR_RESERVED);
	f = reg_find_field(&layout_global_ctrl, "en_perf_metrics", 15);
	assert_int_equal(f->lsb, 48);
	f = reg_find_field(&layout_global_status, "ctr_frz", 7);
	assert_int_equal(f->lsb, 59);
	f = reg_find_field(&layout_fixed_ctr_ctrl, "en3", 3);
	assert_int_equal(f->lsb, 12);
	assert_int_equal(reg_validate(&layout_global_status, 1, ~(uint64_t)0, &bad),
			 PMU_ERR_RESERVED);   /* read-only: nothing of it may be written */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fields_cover_64_bits_once),
		cmocka_unit_test(test_every_field_round_trips),
		cmocka_unit_test(test_perfevtsel_positions_from_seed_003),
		cmocka_unit_test(test_fixed_and_global_positions_from_seed_004),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
