/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Per-model core PMU quirks: the NOTE of Intel SDM Vol. 3B 18.13.2.1; Linux events/intel/core.c. */
#include "pmu/core_engine.h"

/* Intel Core microarchitecture: Merom, Merom-L, Penryn, Dunnington. */
static const uint8_t core2_models[] = { 0x0F, 0x16, 0x17, 0x1D };
/* Errata AAK100 (0x1A), AAP53 (0x1E), BD53 (0x2C). */
static const uint8_t nhm_reset_models[] = { 0x1A, 0x1E, 0x2C };

#define FIXED_0_2 0x7u   /* FIXED_CTR0-2 */

#define MODELS(a) .models = (a), .nmodels = sizeof(a) / sizeof((a)[0])

/*
 * Intel SDM Vol. 3B 18.13.2.1 NOTE: early Core-microarchitecture parts may report version 2 with
 * wrong fixed-counter information in CPUID.0AH:EDX. They have three fixed
 * counters, 40 bits wide like their general-purpose ones.
 */
static bool core2_fixed(struct core_pmu *p, const struct cpu_info *ci)
{
	(void)ci;
	if (p->version != 2 || (p->fixed_mask == FIXED_0_2 && p->fixed_width == 40))
		return false;
	p->fixed_mask = FIXED_0_2;
	p->fixed_width = 40;
	return true;
}

/*
 * The kernel's rule (Intel SDM Vol. 3B 18.2, CPUID.0AH): versions 2-4 have at least three fixed
 * counters, whatever EDX says, except under a hypervisor. A width CPUID left at
 * 0 is taken from the general-purpose counters, as the kernel uses one width.
 */
static bool v2_min_fixed(struct core_pmu *p, const struct cpu_info *ci)
{
	if (ci->hypervisor || p->version < 2 || p->version > 4 || pmu_mask_run(p->fixed_mask) >= 3)
		return false;
	p->fixed_mask |= FIXED_0_2;
	if (!p->fixed_width)
		p->fixed_width = p->gp_width;
	return true;
}

/*
 * Alder Lake and Raptor Lake hybrids: CPUID.0AH on every core reports the
 * E-core's 6 general-purpose and 3 fixed counters; a P-core (core type 0x40)
 * has PMC6-7 and FIXED_CTR3 besides (Linux intel_pmu_init, its ADL/RPL case:
 * counters + 2, fixed + 1 on the big core when the part is hybrid). The dumped
 * i9-12900K with its E-cores disabled reports 8 and fixed 0-3 in CPUID itself
 * (data/cpuid/intel-06-97-alder-lake-pcores-only.txt).
 */
static const uint8_t adl_rpl_models[] = { 0x97, 0x9A, 0xB7, 0xBA, 0xBF };
#define ECORE_GP 0x3Fu
#define PCORE_GP 0xFFu
#define PCORE_FIXED 0xFu

static bool hybrid_pcore(struct core_pmu *p, const struct cpu_info *ci)
{
	if (ci->arch.core_type != CORE_TYPE_CORE || ci->arch.from_leaf_23 ||
	    p->gp_mask != ECORE_GP || p->fixed_mask != FIXED_0_2)
		return false;
	p->gp_mask = PCORE_GP;
	p->fixed_mask = PCORE_FIXED;
	return true;
}

#define NHM_RESET_GP 0xFu

/*
 * Nehalem/Westmere counter-reset erratum (Linux events/intel/core.c, as the kernel does
 * it): with PMC0-3 zeroed, run the magic events on them, GLOBAL_CTRL bits 0-3
 * on then off, then clear the four pairs. GLOBAL_CTRL keeps firmware's other
 * bits (global_off), so counters it owns outside PMC0-3 are not stopped.
 */
static pmu_status nhm_counter_reset(struct core_session *s)
{
	static const uint32_t magic[4] = { 0x4300B5, 0x4300D2, 0x4300B1, 0x4300B1 };
	unsigned n = s->snap.pmu.n_gp < 4 ? s->snap.pmu.n_gp : 4;
	uint64_t bits = ((uint64_t)1 << n) - 1;
	pmu_status st = PMU_OK;

	for (unsigned i = 0; i < n && !st; i++) {
		st = core_write(s, MSR_IA32_PERFEVTSEL0 + i, magic[i]);
		if (!st)
			st = core_write(s, MSR_IA32_PMC0 + i, 0);
	}
	if (!st)
		st = core_write(s, MSR_IA32_PERF_GLOBAL_CTRL, s->global_off | bits);
	if (!st)
		st = core_write(s, MSR_IA32_PERF_GLOBAL_CTRL, s->global_off);
	for (unsigned i = 0; i < n && !st; i++) {
		st = core_write(s, MSR_IA32_PERFEVTSEL0 + i, 0);
		if (!st)
			st = core_write(s, MSR_IA32_PMC0 + i, 0);
	}
	return st;
}

const struct core_quirk core_quirks[] = {
	{
		.name = "core2-v2-fixed",
		.desc = "Core microarchitecture reports version 2 with wrong fixed counters: 3 of 40 bits",
		.family = 6, MODELS(core2_models),
		.fix_pmu = core2_fixed,
	},
	{
		.name = "v2-min-3-fixed",
		.desc = "versions 2-4 have at least 3 fixed counters on bare metal (kernel rule)",
		.family = 6,
		.fix_pmu = v2_min_fixed,
	},
	{
		.name = "nhm-counter-reset",
		.desc = "errata AAK100/AAP53/BD53: magic events on PMC0-3 before programming",
		.family = 6, MODELS(nhm_reset_models),
		.before_program = nhm_counter_reset,
		.gp_touch = NHM_RESET_GP,
	},
	{
		.name = "adl-hybrid-pcore",
		.desc = "Alder/Raptor Lake P-cores have 8 GP and 4 fixed counters; CPUID.0AH gives "
			"the E-core's 6 and 3",
		.family = 6, MODELS(adl_rpl_models),
		.fix_pmu = hybrid_pcore,
	},
};
const unsigned core_quirk_count = sizeof(core_quirks) / sizeof(core_quirks[0]);

bool core_quirk_applies(const struct core_quirk *q, uint32_t family, uint32_t model)
{
	if (q->family != family)
		return false;
	if (!q->models)
		return true;
	for (unsigned i = 0; i < q->nmodels; i++)
		if (q->models[i] == model)
			return true;
	return false;
}
