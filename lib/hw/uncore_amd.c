/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * AMD's uncore box types (hw/uncore_amd.h): one const descriptor each, and the boxes made
 * from them for the CPU at hand. MSR numbers: AMD PPR 56176 (family 17h model 31h) and PPR
 * 55901 (family 19h model 11h), MSRC001_0230 (L3), MSRC001_0240 (DF), MSRC001_0800 (UMC);
 * counts and names as Linux arch/x86/events/amd/uncore.c gives them.
 */
#include "hw/uncore_amd.h"
#include "hw/layouts_amd_uncore.h"
#include "util/fmt.h"
#include "hw/box_set.h"

#define BIT(n) ((uint64_t)1 << (n))

/* The select fields a word leaves 0 that mean "none": then all (Linux uncore.c does so). */
static uint64_t field_or_all(uint64_t config, const struct box_desc *d, const char *name)
{
	const struct reg_field *f = reg_find_field(d->ctl_layout, name, pmu_strlen(name));
	return reg_get_field(config, f) ? config : config | reg_field_mask(f);
}

/* Family 17h: every slice and every thread of the CCX unless a mask says which. */
static uint64_t l3_fill_17h(const struct box_desc *d, uint64_t config)
{
	return field_or_all(field_or_all(config, d, "slicemask"), d, "threadmask");
}

/*
 * Family 19h: without a thread mask, every thread of every core of every slice. With one,
 * the word is taken as given (SliceId, CoreId or the EnAll bits as asked).
 */
static uint64_t l3_fill_19h(const struct box_desc *d, uint64_t config)
{
	const struct reg_field *t = reg_find_field(d->ctl_layout, "threadmask", 10);
	if (reg_get_field(config, t))
		return config;
	return field_or_all(field_or_all(config | reg_field_mask(t), d, "enallslices"), d,
			    "enallcores");
}

#define UMC_SATURATED BIT(48)

/* A UMC counter stops at its top and sets bit 48: its delta is then a lower bound. */
static bool umc_saturated(uint64_t end)
{
	return (end & UMC_SATURATED) != 0;
}

static const struct box_ops l3_ops_17h = { .fill_config = l3_fill_17h };
static const struct box_ops l3_ops_19h = { .fill_config = l3_fill_19h };
static const struct box_ops umc_ops = { .saturated = umc_saturated, .ctr_write_gated = true };

/* L3: 6 pairs from MSRC001_0230, 48-bit counters, EN bit 22, one set per CCX. */
#define AMD_L3(fam, layout, hooks) { .name = "amd_l3", .desc = {                              \
	.family = (fam), .ctl_layout = (layout), .n_counters = 6,                              \
	.counter_width = 48, .ctl_base = 0xC0010230, .ctl_stride = 2,                         \
	.ctr_base = 0xC0010231, .ctr_stride = 2, .enable_mask = BIT(22), .ops = (hooks),      \
	.per_ccx = true,                                                                       \
} }

/* DF: pairs from MSRC001_0240, 48-bit, EN bit 22, one set per socket; n_counters from CPUID. */
#define AMD_DF(layout, n) { .name = "amd_df", .desc = {                                        \
	.ctl_layout = (layout), .n_counters = (n), .counter_width = 48,                        \
	.ctl_base = 0xC0010240, .ctl_stride = 2, .ctr_base = 0xC0010241, .ctr_stride = 2,     \
	.enable_mask = BIT(22),                                                                \
} }

/* The types, by index: L3 of 17h and 19h, DF without and with PerfMonV2, UMC. */
enum { L3_17H, L3_19H, DF_LEGACY, DF_V2, UMC };

static const struct box_type types[] = {
	AMD_L3(UNCORE_AMD_17H, &layout_amd_l3_ctl_17h, &l3_ops_17h),
	AMD_L3(UNCORE_AMD_19H, &layout_amd_l3_ctl_19h, &l3_ops_19h),
	AMD_DF(&layout_amd_df_ctl, UNCORE_AMD_DF_LEGACY),
	AMD_DF(&layout_amd_df_ctl_v2, 0),
	/*
	 * UMC: pairs from MSRC001_0800, the active UMCs' in the order of the mask, NumUmcPmc /
	 * (active UMCs) each (Linux uncore.c amd_uncore_umc_ctx_init); EN bit 31; one set per
	 * socket.
	 */
	{ .name = "amd_umc", .num_boxes = UNCORE_AMD_MAX_UMC, .desc = {
		.ctl_layout = &layout_amd_umc_ctl, .counter_width = 48, .ctl_base = 0xC0010800,
		.ctl_stride = 2, .ctr_base = 0xC0010801, .ctr_stride = 2, .enable_mask = BIT(31),
		.ops = &umc_ops,
	} },
};

/* Box i of type t, of family fam, in group g of s (which has room: sized from CPUID). */
static struct box_inst *place(struct box_set *s, int g, const struct box_type *t, unsigned i,
			      uint32_t off, enum uncore_family fam)
{
	struct box_inst *b = box_set_add(s, (unsigned)g);
	box_type_place(t, i, off, b);
	b->d.family = fam;
	return b;
}

uint32_t uncore_amd_setup(enum uncore_family fam, const struct uncore_amd_facts *f,
			  struct box_set *s, const struct box_alloc *mem)
{
	unsigned active = pmu_popcount(f->umc_mask);
	unsigned per = f->perfmon_v2 && active ? f->umc_pmcs / active : 0;
	uint32_t left = f->perfmon_v2 ? f->umc_mask : 0;
	bool amd = fam == UNCORE_AMD_17H || fam == UNCORE_AMD_19H;
	if (box_set_init(s, fam, amd ? 2 + (per ? active : 0) : 0, 3, mem) || !amd)
		return s->unmade = amd ? left : 0;
	const struct box_type *l3 = &types[fam == UNCORE_AMD_17H ? L3_17H : L3_19H];
	const struct box_type *df = &types[f->perfmon_v2 ? DF_V2 : DF_LEGACY];
	(void)place(s, box_set_group(s, l3->name, NULL, false), l3, 0, 0, fam);
	struct box_inst *d = place(s, box_set_group(s, df->name, NULL, false), df, 0, 0, fam);
	if (f->perfmon_v2)
		d->d.n_counters = (uint8_t)(f->df_pmcs > UNCORE_AMD_MAX_DF ? UNCORE_AMD_MAX_DF :
					    f->df_pmcs);
	int g = box_set_group(s, types[UMC].name, NULL, true);
	for (unsigned i = 0, k = 0; i < 32 && per; i++) {
		if (!((f->umc_mask >> i) & 1) || i >= UNCORE_AMD_MAX_UMC)
			continue;
		/* numbered as the UMC, its pairs the k-th run of per */
		place(s, g, &types[UMC], i, k * per * 2, fam)->d.n_counters = (uint8_t)per;
		left &= ~(1u << i);
		k++;
	}
	box_set_done(s);
	return s->unmade = left;
}
