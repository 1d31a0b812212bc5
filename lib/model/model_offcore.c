/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * MSR_OFFCORE_RSP_0/1 (Intel SDM Vol. 4 table 2-2): plain registers holding the Linux
 * valid-bit masks (arch/x86/events/intel/core.c, *_extra_regs); RSP_1 from
 * Westmere on. A write setting a bit outside the mask raises #GP and changes nothing.
 *
 * Scope: on Nehalem/Westmere the two threads of a core share them (Linux
 * arch/x86/events/intel/core.c shares these "extra regs" between HT siblings
 * there; on Sandy Bridge they are per thread, PMU_FL_NO_HT_SHARING: "all extra
 * regs are per-cpu when HT is on"). So there are two devices, one per scope.
 */
#include "model/model_devs.h"
#include "hw/msr.h"

/* The writable bits of msr on this CPU of the profile; 0: it has no such MSR. */
static uint64_t offcore_writable(const struct model *m, unsigned cpu, uint32_t msr)
{
	uint32_t sig = model_cpuid_raw(m->p, 1, 0).eax;
	uint32_t model = ((sig >> 4) & 0xf) | ((sig >> 12) & 0xf0);
	bool nehalem = model == 0x1a || model == 0x1e || model == 0x1f || model == 0x2e;
	bool atom = model_cpu_is_atom(m, cpu);
	if (!model_pmu_version(m) || (msr != MSR_OFFCORE_RSP_0 && (msr != MSR_OFFCORE_RSP_1 || nehalem)))
		return 0;
	if (model == 0x2d || model == 0x55)
		return 0x3FFFFF8FFFull;
	if (model == 0x6a)
		return 0x3FFFFFBFFFull;   /* icl_extra_regs */
	if (model == 0x8f || model == 0xcf || model == 0x97 || model == 0xad || (model == 0xaa && !atom))
		return 0x3FFFFFFFFFull;   /* spr/glc, rwc (Granite Rapids too), adl grt/glc_extra_regs */
	if (model == 0xbd && !atom)
		return 0xFFFFFFFFFFFull;  /* lnc_extra_regs */
	/* cmt_extra_regs: Crestmont (Sierra Forest's too), Skymont, Darkmont (Clearwater Forest) */
	if (model == 0xaa || model == 0xbd || model == 0xaf || model == 0xdd)
		return msr == MSR_OFFCORE_RSP_0 ? 0x800FF3FFFFFFFFFFull : 0xFF3FFFFFFFFFFull;
	if (model == 0x2a)
		return 0x3F807F8FFFull;
	return 0xFFFF;
}

static bool offcore_claims(const struct model *m, uint32_t msr)
{
	return offcore_writable(m, 0, msr) != 0;
}

static pmu_status offcore_write(struct model *m, struct model_regfile *rf, uint32_t msr, uint64_t val)
{
	unsigned cpu = (unsigned)(rf - m->thread);
	return (val & ~offcore_writable(m, cpu, msr)) ? PMU_ERR_FAULT_GP : model_poke(rf, msr, val);
}

const struct model_dev model_dev_offcore_shared = {
	.name = "offcore-rsp (per core)",
	.core_scope = true,
	.claims = offcore_claims,
	.write = offcore_write,
};

const struct model_dev model_dev_offcore = {
	.name = "offcore-rsp",
	.claims = offcore_claims,
	.write = offcore_write,
};
