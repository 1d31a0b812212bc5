/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Model of the non-PMU MSRs discovery and the window use: values come from the profile. */
#include "model/model_devs.h"
#include "hw/msr.h"

/*
 * IA32_DEBUGCTL bits these CPUs define (Intel SDM Vol. 4 table 2-2): 0 LBR, 1 BTF,
 * 6-13 TR .. ENABLE_UNCORE_PMI; 14 FREEZE_WHILE_SMM only where
 * PERF_CAPABILITIES[12] says so; 15 (RTM_DEBUG) is for TSX parts, none here.
 * Setting any other bit is #GP.
 */
#define DEBUGCTL_DEFINED 0x3FC3ull
#define PERF_CAP_FREEZE_SMM_BIT 12

bool model_has_freeze_smm(const struct model *m)
{
	return (m->p->perf_cap >> PERF_CAP_FREEZE_SMM_BIT) & 1;
}

static uint64_t debugctl_writable(const struct model *m)
{
	return DEBUGCTL_DEFINED | (model_has_freeze_smm(m) ? MODEL_DEBUGCTL_FREEZE_SMM : 0);
}

static bool misc_claims(const struct model *m, uint32_t msr)
{
	switch (msr) {
	case MSR_IA32_BIOS_SIGN_ID:
	case MSR_IA32_MISC_ENABLE:
	case MSR_SMI_COUNT:
	case MSR_IA32_DEBUGCTL:
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
	case MSR_IA32_DEBUGCTL:
		return (val & ~debugctl_writable(m)) ? PMU_ERR_FAULT_GP : model_poke(rf, msr, val);
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
