/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "capture/msr_list.h"
#include "hw/msr.h"
#include "pmu/core_engine.h"
#include "pmu/uncore.h"
#include "hw/uncore_families.h"

struct msr_set {
	uint32_t *m;
	unsigned n, cap;
};

/* msr once (0 is no register); what does not fit is dropped, the list stays sorted by arrival. */
static void add(struct msr_set *s, uint32_t msr)
{
	if (!msr)
		return;
	for (unsigned i = 0; i < s->n; i++)
		if (s->m[i] == msr)
			return;
	if (s->n < s->cap)
		s->m[s->n++] = msr;
}

/* Every register a core PMU descriptor names, for as many counters as the engine drives. */
static void add_desc(struct msr_set *s, const struct core_pmu_desc *d, unsigned gp)
{
	for (unsigned i = 0; i < gp; i++) {
		add(s, core_sel_msr(d, i));
		add(s, core_ctr_msr(d, i));
		if (d->wide_base)
			add(s, core_wide_msr(d, i));
	}
	for (unsigned i = 0; d->fixed_base && i < CORE_MAX_FIXED; i++)
		add(s, core_fixed_msr(d, i));
	add(s, d->fixed_ctrl);
	add(s, d->global_ctrl);
	add(s, d->global_status);
	add(s, d->global_clear);
	add(s, d->global_set);
}

/*
 * Intel (SDM Vol. 4 table 2-2): the widest architectural PMU (10 GP, fixed 0-6: what
 * CPUID.23H can name), then what discovery, the hand-off snapshot and the events read.
 */
static const uint32_t intel_more[] = {
	MSR_IA32_PERF_GLOBAL_INUSE, MSR_IA32_PERF_METRICS, MSR_IA32_PERF_CAPABILITIES,
	MSR_IA32_MISC_ENABLE, MSR_IA32_BIOS_SIGN_ID, MSR_IA32_DEBUGCTL, MSR_SMI_COUNT,
	MSR_OFFCORE_RSP_0, MSR_OFFCORE_RSP_1, MSR_PEBS_LD_LAT_THRESHOLD, MSR_PEBS_FRONTEND,
};

/* AMD (APM vol. 2 13.2): the legacy four, PerfCtrExtCore's six, PerfMonV2, HWCR, IRPERF. */
static const uint32_t amd_more[] = { MSR_AMD_HWCR, MSR_AMD_IRPERF };

unsigned capture_core_msrs(const char *vendor, unsigned arch_version, uint32_t *out,
			   unsigned cap)
{
	struct msr_set s = { out, 0, cap };
	if (pmu_vendor_amd(vendor)) {
		add_desc(&s, &core_pmu_amd_legacy, 4);
		add_desc(&s, &core_pmu_amd_v2, 6);
		for (unsigned i = 0; i < sizeof(amd_more) / sizeof(amd_more[0]); i++)
			add(&s, amd_more[i]);
		return s.n;
	}
	add_desc(&s, &core_pmu_intel, CORE_MAX_GP);
	if (arch_version >= 6)   /* the same counters at their v6 MSRs (hw/msr.h) */
		add_desc(&s, &core_pmu_intel_v6, CORE_MAX_GP);
	for (unsigned i = 0; i < sizeof(intel_more) / sizeof(intel_more[0]); i++)
		add(&s, intel_more[i]);
	return s.n;
}

/* A bound on a box's auxiliary range, against a descriptor typed wrong (the widest is 7). */
#define EXTRA_SPAN 0x40u

unsigned capture_uncore_msrs(const struct box_set *boxes, bool per_die, uint32_t *out,
			     unsigned cap)
{
	struct msr_set s = { out, 0, cap };
	/* model 0x1F's set: the client uncore's boxes, if any, answer there */
	for (unsigned b = 0; b < boxes->n; b++) {
		const struct box_desc *d = &boxes->box[b].d;
		if (d->pci || d->per_die != per_die)
			continue;
		add(&s, d->global_ctl);
		add(&s, d->box_ctl);
		add(&s, d->status_msr);
		add(&s, d->ovf_msr);
		add(&s, d->filter_msr);
		for (unsigned i = 0; i < d->n_counters; i++) {
			add(&s, box_ctl_msr(d, i));
			add(&s, box_ctr_msr(d, i));
		}
		add(&s, d->fixed_ctl);
		add(&s, d->fixed_ctr);
		add(&s, d->clock_msr);
		if (d->extra_lo && d->extra_hi >= d->extra_lo && d->extra_hi - d->extra_lo < EXTRA_SPAN)
			for (uint32_t m = d->extra_lo; m <= d->extra_hi; m++)
				add(&s, m);
	}
	/* the MSR the run counts CHAs by, beside CAPID6 or the discovery table */
	const struct uncore_pci_plat *pl = uncore_family_desc(boxes->fam)->pci;
	if (!per_die && pl && pl->cha_msr)
		add(&s, pl->cha_msr);
	return s.n;
}

bool capture_die_msrs(const struct box_set *boxes)
{
	for (unsigned b = 0; b < boxes->n; b++)
		if (boxes->box[b].d.per_die && !boxes->box[b].d.pci)
			return true;
	return false;
}
