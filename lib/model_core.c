/* Reference model of the architectural core PMU (seeds 003, 004; REGISTERS.md §1). */
#include "model_devs.h"
#include "msr.h"

unsigned model_pmu_version(const struct model *m)
{
	return m->p->cpuid_0a[0] & 0xff;
}

unsigned model_n_gp(const struct model *m)
{
	return (m->p->cpuid_0a[0] >> 8) & 0xff;
}

unsigned model_gp_width(const struct model *m)
{
	return (m->p->cpuid_0a[0] >> 16) & 0xff;
}

unsigned model_n_fixed(const struct model *m)
{
	return model_pmu_version(m) > 1 ? (m->p->cpuid_0a[3] & 0x1f) : 0;
}

unsigned model_fixed_width(const struct model *m)
{
	return model_pmu_version(m) > 1 ? ((m->p->cpuid_0a[3] >> 5) & 0xff) : 0;
}

static bool in_range(uint32_t msr, uint32_t base, unsigned n)
{
	return msr >= base && msr < base + n;
}

static bool core_claims(const struct model *m, uint32_t msr)
{
	unsigned ngp = model_n_gp(m), nfix = model_n_fixed(m);
	bool fw = (m->p->perf_cap >> PERF_CAP_FW_WRITE_BIT) & 1;
	if (!model_pmu_version(m))
		return false;
	if (in_range(msr, MSR_IA32_PMC0, ngp) || in_range(msr, MSR_IA32_PERFEVTSEL0, ngp))
		return true;
	if (fw && in_range(msr, MSR_IA32_A_PMC0, ngp))
		return true;
	if (model_pmu_version(m) < 2)
		return false;
	return in_range(msr, MSR_IA32_FIXED_CTR0, nfix) || msr == MSR_IA32_FIXED_CTR_CTRL ||
	       msr == MSR_IA32_PERF_GLOBAL_STATUS || msr == MSR_IA32_PERF_GLOBAL_CTRL ||
	       msr == MSR_IA32_PERF_GLOBAL_OVF_CTRL;
}

const struct model_dev model_dev_core = {
	.name = "core",
	.claims = core_claims,
};
