/* Model of the non-PMU MSRs discovery reads: values come from the profile. */
#include "model/model_devs.h"
#include "hw/msr.h"

static bool misc_claims(const struct model *m, uint32_t msr)
{
	switch (msr) {
	case MSR_IA32_BIOS_SIGN_ID:
	case MSR_IA32_MISC_ENABLE:
	case MSR_SMI_COUNT:
		return true;
	case MSR_IA32_PERF_CAPABILITIES:
		return (model_cpuid_raw(m->p, 1, 0).ecx >> CPUID1_ECX_PDCM_BIT) & 1;
	default:
		return false;
	}
}

static pmu_status misc_read(struct model *m, struct model_regfile *rf, uint32_t msr, uint64_t *val)
{
	unsigned cpu = (unsigned)(rf - m->thread);
	switch (msr) {
	case MSR_IA32_BIOS_SIGN_ID:
		*val = m->ucode_latch[cpu];
		return PMU_OK;
	case MSR_IA32_MISC_ENABLE:
		*val = m->p->misc_enable;
		return PMU_OK;
	case MSR_IA32_PERF_CAPABILITIES:
		*val = m->p->perf_cap;
		return PMU_OK;
	default:
		*val = model_peek(rf, msr);
		return PMU_OK;
	}
}

static pmu_status misc_write(struct model *m, struct model_regfile *rf, uint32_t msr, uint64_t val)
{
	unsigned cpu = (unsigned)(rf - m->thread);
	switch (msr) {
	case MSR_IA32_BIOS_SIGN_ID:
		m->ucode_latch[cpu] = val;
		return PMU_OK;
	case MSR_IA32_MISC_ENABLE:
		/* Bit 7 is read-only; the model keeps the whole register fixed. */
		return val == m->p->misc_enable ? PMU_OK : PMU_ERR_FAULT_GP;
	default:
		return PMU_ERR_FAULT_GP;   /* PERF_CAPABILITIES and SMI_COUNT are read-only */
	}
}

const struct model_dev model_dev_misc = {
	.name = "misc",
	.claims = misc_claims,
	.read = misc_read,
	.write = misc_write,
};
