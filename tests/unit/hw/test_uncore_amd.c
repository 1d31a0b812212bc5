/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * AMD's uncore layouts against the PPRs' bit positions (AMD PPR 56176 ChL3PmcCfg and DF
 * PerfCtl; PPR 55901 ChL3PmcCfg, DF PerfCtl and UMC PerfCtl/PerfCtr), typed by hand, and the
 * boxes made from CPUID 0x80000022 (counts, MSR bases, names) as Linux amd/uncore.c makes them.
 */
#include "testutil.h"
#include "hw/layouts_amd_uncore.h"
#include "pmu/uncore.h"
#include "pmu/uncore_amd.h"
#include "boxes.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

struct pos {
	const char *name;
	unsigned lsb, width;
};

/* Each named field where the PPR puts it; every other bit reserved (tiles 64 bits once). */
static void expect_layout(const struct reg_layout *l, const struct pos *p, unsigned n)
{
	uint64_t named = 0, covered = 0;
	for (unsigned i = 0; i < n; i++) {
		const struct reg_field *f = reg_find_field(l, p[i].name, strlen(p[i].name));
		if (!f)
			fail_msg("%s has no field %s", l->name, p[i].name);
		if (f->lsb != p[i].lsb || f->width != p[i].width || f->access != RA_RW)
			fail_msg("%s.%s at %u:%u, PPR %u:%u", l->name, p[i].name, f->lsb + f->width - 1,
				 f->lsb, p[i].lsb + p[i].width - 1, p[i].lsb);
		named |= reg_field_mask(f);
	}
	for (unsigned i = 0; i < l->nfields; i++) {
		const struct reg_field *f = &l->fields[i];
		assert_int_equal(covered & reg_field_mask(f), 0);
		covered |= reg_field_mask(f);
		if (!(reg_field_mask(f) & named))
			assert_int_equal(f->access, RA_RSV);
	}
	assert_true(covered == ~0ull);
}

static void test_layouts_at_the_ppr_bits(void **state)
{
	(void)state;
	static const struct pos l3_17h[] = {
		{ "event", 0, 8 }, { "umask", 8, 8 }, { "en", 22, 1 }, { "slicemask", 48, 4 },
		{ "threadmask", 56, 8 },
	};
	static const struct pos l3_19h[] = {
		{ "event", 0, 8 }, { "umask", 8, 8 }, { "en", 22, 1 }, { "coreid", 42, 3 },
		{ "enallslices", 46, 1 }, { "enallcores", 47, 1 }, { "sliceid", 48, 3 },
		{ "threadmask", 56, 2 },
	};
	static const struct pos df[] = {
		{ "event", 0, 8 }, { "umask", 8, 8 }, { "en", 22, 1 }, { "event_hi", 32, 4 },
		{ "event_top", 59, 2 },
	};
	static const struct pos df_v2[] = {
		{ "event", 0, 8 }, { "umask", 8, 8 }, { "en", 22, 1 }, { "umask_hi", 24, 4 },
		{ "event_hi", 32, 6 },
	};
	static const struct pos umc[] = {
		{ "event", 0, 8 }, { "rdwrmask", 8, 2 }, { "en", 31, 1 },
	};
	static const struct pos umc_ctr[] = { { "count", 0, 48 }, { "overflow", 48, 1 } };
	expect_layout(&layout_amd_l3_ctl_17h, l3_17h, NELEM(l3_17h));
	expect_layout(&layout_amd_l3_ctl_19h, l3_19h, NELEM(l3_19h));
	expect_layout(&layout_amd_df_ctl, df, NELEM(df));
	expect_layout(&layout_amd_df_ctl_v2, df_v2, NELEM(df_v2));
	expect_layout(&layout_amd_umc_ctl, umc, NELEM(umc));
	expect_layout(&layout_amd_umc_ctr, umc_ctr, NELEM(umc_ctr));
}

/* The boxes the last setup made, as a run keeps its machine's. */
static struct box_set made;

static uint32_t setup(enum uncore_family fam, const struct uncore_amd_facts *f)
{
	box_set_fini(&made);
	return uncore_amd_setup(fam, f, &made, &test_box_alloc);
}

static const struct box_desc *box(enum uncore_family fam, const char *name)
{
	return made.fam == fam ? box_find(&made, name, strlen(name)) : NULL;
}

/* Genoa's CPUID (data/cpuid: EBX 0x44106, ECX 0x8): 16 DF counters, UMC 3 with 4. */
static void test_boxes_from_genoa_cpuid(void **state)
{
	(void)state;
	const struct uncore_amd_facts f = { .l3_sharing = 8, .perfmon_v2 = true, .df_pmcs = 16,
					    .umc_pmcs = 4, .umc_mask = 0x8 };
	assert_int_equal(setup(UNCORE_AMD_19H, &f), 0);
	const struct box_desc *l3 = box(UNCORE_AMD_19H, "amd_l3");
	assert_non_null(l3);
	assert_ptr_equal(l3->ctl_layout, &layout_amd_l3_ctl_19h);
	assert_true(l3->per_ccx);
	assert_int_equal(l3->n_counters, 6);
	assert_int_equal(box_ctl_msr(l3, 5), 0xC001023A);
	assert_int_equal(box_ctr_msr(l3, 5), 0xC001023B);
	const struct box_desc *df = box(UNCORE_AMD_19H, "amd_df");
	assert_ptr_equal(df->ctl_layout, &layout_amd_df_ctl_v2);
	assert_false(df->per_ccx);
	assert_int_equal(df->n_counters, 16);
	assert_int_equal(box_ctr_msr(df, 15), 0xC001025F);
	const struct box_desc *u = box(UNCORE_AMD_19H, "amd_umc_3");
	assert_non_null(u);
	assert_int_equal(u->n_counters, 4);
	assert_int_equal(box_ctl_msr(u, 0), 0xC0010800);
	assert_int_equal(box_ctr_msr(u, 3), 0xC0010807);
	assert_int_equal(u->enable_mask, 1ull << 31);
	assert_null(box(UNCORE_AMD_19H, "amd_umc_0"));
	assert_null(box(UNCORE_AMD_17H, "amd_l3"));
}

/*
 * Twelve active UMCs of 4 counters each (48 in all): the MSRs follow the mask's order, so
 * UMC 5 starts 5 x 4 pairs in; a gap in the mask shifts the later ones down.
 */
static void test_umc_bases_follow_the_active_mask(void **state)
{
	(void)state;
	struct uncore_amd_facts f = { .perfmon_v2 = true, .df_pmcs = 16, .umc_pmcs = 48,
				      .umc_mask = 0xFFF };
	assert_int_equal(setup(UNCORE_AMD_19H, &f), 0);
	assert_int_equal(box_ctl_msr(box(UNCORE_AMD_19H, "amd_umc_5"), 0), 0xC0010800 + 5 * 8);
	assert_int_equal(box_ctl_msr(box(UNCORE_AMD_19H, "amd_umc_11"), 3), 0xC0010800 + 11 * 8 + 6);
	f.umc_mask = 0x5;   /* UMCs 0 and 2, 24 counters each */
	f.umc_pmcs = 48;
	assert_int_equal(setup(UNCORE_AMD_19H, &f), 0);
	assert_int_equal(box(UNCORE_AMD_19H, "amd_umc_2")->n_counters, 24);
	assert_int_equal(box_ctl_msr(box(UNCORE_AMD_19H, "amd_umc_2"), 0), 0xC0010800 + 48);
	assert_null(box(UNCORE_AMD_19H, "amd_umc_1"));
	f.umc_mask = 1u << 20 | 1;   /* one beyond the boxes efipmu makes: returned */
	assert_int_equal(setup(UNCORE_AMD_19H, &f), 1u << 20);
}

/* Before PerfMonV2: 4 DF counters in the legacy layout, no UMC whatever ECX says. */
static void test_legacy_df_and_17h_l3(void **state)
{
	(void)state;
	const struct uncore_amd_facts f = { .l3_sharing = 6, .umc_mask = 0xF, .umc_pmcs = 16 };
	assert_int_equal(setup(UNCORE_AMD_17H, &f), 0);
	const struct box_desc *df = box(UNCORE_AMD_17H, "amd_df");
	assert_ptr_equal(df->ctl_layout, &layout_amd_df_ctl);
	assert_int_equal(df->n_counters, 4);
	assert_int_equal(box_ctl_msr(df, 3), 0xC0010246);
	assert_ptr_equal(box(UNCORE_AMD_17H, "amd_l3")->ctl_layout, &layout_amd_l3_ctl_17h);
	assert_null(box(UNCORE_AMD_17H, "amd_umc_0"));
	/* another family: no AMD box */
	assert_int_equal(setup(UNCORE_SNB_EP, &f), 0);
	assert_null(box(UNCORE_AMD_17H, "amd_l3"));
	assert_null(box(UNCORE_SNB_EP, "amd_l3"));
}

/* The hooks: L3 selections left 0 are filled (Linux amd/uncore.c), a UMC counter's bit 48. */
static void test_hooks(void **state)
{
	(void)state;
	const struct uncore_amd_facts f = { .perfmon_v2 = true, .umc_pmcs = 4, .umc_mask = 1 };
	assert_int_equal(setup(UNCORE_AMD_19H, &f), 0);
	const struct box_desc *l3 = box(UNCORE_AMD_19H, "amd_l3");
	assert_int_equal(l3->ops->fill_config(l3, 0xff04), 0x0300C0000000ff04ull);
	/* a thread mask given: taken as is (slice 0, core 0 unless asked) */
	assert_int_equal(l3->ops->fill_config(l3, 0x0100000000000004ull), 0x0100000000000004ull);
	(void)setup(UNCORE_AMD_17H, &f);
	l3 = box(UNCORE_AMD_17H, "amd_l3");
	assert_int_equal(l3->ops->fill_config(l3, 0x04), 0xFF0F000000000004ull);
	assert_int_equal(l3->ops->fill_config(l3, 0x0002000000000004ull), 0xFF02000000000004ull);
	(void)setup(UNCORE_AMD_19H, &f);
	const struct box_desc *u = box(UNCORE_AMD_19H, "amd_umc_0");
	assert_true(u->ops->saturated((1ull << 48) | ((1ull << 48) - 1)));
	assert_false(u->ops->saturated((1ull << 48) - 1));
}

/* The shape CPUID 0x80000022 gives, as shape() names it ("" when it adds up). */
static const char *shape(unsigned pmcs, uint32_t mask)
{
	static char line[160];
	struct uncore_amd_facts f = { .perfmon_v2 = true, .umc_pmcs = (uint8_t)pmcs,
				      .umc_mask = mask };
	struct strbuf sb;
	sb_init(&sb, line, sizeof(line));
	if (!uncore_amd_shape(&f, &sb))
		return "";
	return line;
}

/*
 * UMC shapes from real dumps (0x80000022 of the InstLatx64 dumps in data/cpuid/): Turin's
 * 48 for 12, Granite Ridge's 8 for 2, Genoa 9124's 4 for 1 add up (nothing said); Bergamo's
 * 32 for 12 does not divide, and counters without UMCs or UMCs without counters are named.
 */
static void test_umc_shape_named(void **state)
{
	(void)state;
	assert_string_equal(shape(48, 0xFFF), "");
	assert_string_equal(shape(8, 0x3), "");
	assert_string_equal(shape(4, 0x8), "");
	assert_string_equal(shape(0, 0), "");
	assert_string_equal(shape(32, 0xFFF),
			    "CPUID 0x80000022 claims 32 UMC counters (EBX[21:16]) for 12 active "
			    "UMCs (ECX 0xfff): not a whole number each; 2 each taken, the last 8 "
			    "left alone");
	assert_string_equal(shape(16, 0),
			    "CPUID 0x80000022 claims 16 UMC counters (EBX[21:16]) for 0 active "
			    "UMCs (ECX 0x0): no UMC to give them to; no UMC counted");
	assert_string_equal(shape(0, 0xF),
			    "CPUID 0x80000022 claims 0 UMC counters (EBX[21:16]) for 4 active "
			    "UMCs (ECX 0xf): no counter for them; no UMC counted");
	assert_string_equal(shape(8, 0xFFF),
			    "CPUID 0x80000022 claims 8 UMC counters (EBX[21:16]) for 12 active "
			    "UMCs (ECX 0xfff): fewer than one each; no UMC counted");
	/* Bergamo's shape makes 2 each, as said: UMC 11 from 0xC0010800 + 11 x 2 pairs */
	struct uncore_amd_facts f = { .perfmon_v2 = true, .umc_pmcs = 32, .umc_mask = 0xFFF };
	assert_int_equal(setup(UNCORE_AMD_19H, &f), 0);
	assert_int_equal(box(UNCORE_AMD_19H, "amd_umc_11")->n_counters, 2);
	assert_int_equal(box_ctl_msr(box(UNCORE_AMD_19H, "amd_umc_11"), 0), 0xC0010800 + 11 * 4);
	/* without PerfMonV2 there are no UMC counters to name */
	f.perfmon_v2 = false;
	struct strbuf sb;
	char line[8];
	sb_init(&sb, line, sizeof(line));
	assert_false(uncore_amd_shape(&f, &sb));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layouts_at_the_ppr_bits),
		cmocka_unit_test(test_boxes_from_genoa_cpuid),
		cmocka_unit_test(test_umc_bases_follow_the_active_mask),
		cmocka_unit_test(test_legacy_df_and_17h_l3),
		cmocka_unit_test(test_hooks),
		cmocka_unit_test(test_umc_shape_named),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
