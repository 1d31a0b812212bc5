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
#include "hw/uncore_desc.h"

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
static const struct box_ops umc_ops = { .saturated = umc_saturated };

/* L3: 6 pairs from MSRC001_0230, 48-bit counters, EN bit 22, one set per CCX. */
#define AMD_L3(fam, layout, hooks) {                                                          \
	.name = "amd_l3", .family = (fam), .ctl_layout = (layout), .n_counters = 6,          \
	.counter_width = 48, .ctl_base = 0xC0010230, .ctl_stride = 2,                         \
	.ctr_base = 0xC0010231, .ctr_stride = 2, .enable_mask = BIT(22), .ops = (hooks),      \
	.per_ccx = true,                                                                       \
}

static const struct box_desc l3_17h = AMD_L3(UNCORE_AMD_17H, &layout_amd_l3_ctl_17h, &l3_ops_17h);
static const struct box_desc l3_19h = AMD_L3(UNCORE_AMD_19H, &layout_amd_l3_ctl_19h, &l3_ops_19h);

/* DF: pairs from MSRC001_0240, 48-bit, EN bit 22, one set per socket; n_counters from CPUID. */
static const struct box_desc df_legacy = {
	.name = "amd_df", .ctl_layout = &layout_amd_df_ctl, .n_counters = UNCORE_AMD_DF_LEGACY,
	.counter_width = 48, .ctl_base = 0xC0010240, .ctl_stride = 2,
	.ctr_base = 0xC0010241, .ctr_stride = 2, .enable_mask = BIT(22),
};

static const struct box_desc df_v2 = {
	.name = "amd_df", .ctl_layout = &layout_amd_df_ctl_v2, .counter_width = 48,
	.ctl_base = 0xC0010240, .ctl_stride = 2, .ctr_base = 0xC0010241, .ctr_stride = 2,
	.enable_mask = BIT(22),
};

/*
 * UMC: pairs from MSRC001_0800, the active UMCs' in the order of the mask, NumUmcPmc /
 * (active UMCs) each (Linux uncore.c amd_uncore_umc_ctx_init); EN bit 31; one set per socket.
 */
static const struct box_desc umc = {
	.ctl_layout = &layout_amd_umc_ctl, .counter_width = 48, .ctl_base = 0xC0010800,
	.ctl_stride = 2, .ctr_base = 0xC0010801, .ctr_stride = 2, .enable_mask = BIT(31),
	.ops = &umc_ops,
};

static const char *const umc_names[UNCORE_AMD_MAX_UMC] = {
	"amd_umc_0", "amd_umc_1", "amd_umc_2", "amd_umc_3", "amd_umc_4", "amd_umc_5",
	"amd_umc_6", "amd_umc_7", "amd_umc_8", "amd_umc_9", "amd_umc_10", "amd_umc_11",
	"amd_umc_12", "amd_umc_13", "amd_umc_14", "amd_umc_15",
};

struct box_desc uncore_amd_slot[UNCORE_AMD_SLOTS] = {
	[0 ... UNCORE_AMD_SLOTS - 1] = { .family = UNCORE_SLOT_EMPTY },
};

uint32_t uncore_amd_setup(enum uncore_family fam, const struct uncore_amd_facts *f)
{
	for (unsigned i = 0; i < UNCORE_AMD_SLOTS; i++)
		uncore_amd_slot[i] = (struct box_desc){ .family = UNCORE_SLOT_EMPTY };
	if (fam != UNCORE_AMD_17H && fam != UNCORE_AMD_19H)
		return 0;
	uncore_amd_slot[0] = fam == UNCORE_AMD_17H ? l3_17h : l3_19h;
	uncore_amd_slot[1] = f->perfmon_v2 ? df_v2 : df_legacy;
	uncore_amd_slot[1].family = fam;
	if (f->perfmon_v2)
		uncore_amd_slot[1].n_counters = f->df_pmcs > UNCORE_AMD_MAX_DF ? UNCORE_AMD_MAX_DF :
						f->df_pmcs;
	unsigned active = pmu_popcount(f->umc_mask);
	unsigned per = f->perfmon_v2 && active ? f->umc_pmcs / active : 0;
	uint32_t left = f->perfmon_v2 ? f->umc_mask : 0;
	for (unsigned i = 0, k = 0; i < 32 && per; i++) {
		if (!((f->umc_mask >> i) & 1) || i >= UNCORE_AMD_MAX_UMC)
			continue;
		struct box_desc *d = &uncore_amd_slot[2 + i];
		*d = umc;
		d->name = umc_names[i];
		d->family = fam;
		d->n_counters = (uint8_t)per;
		d->ctl_base = umc.ctl_base + k * per * 2;
		d->ctr_base = umc.ctr_base + k * per * 2;
		left &= ~(1u << i);
		k++;
	}
	return left;
}
