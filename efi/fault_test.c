/*
 * --fault-test: the #GP QEMU raises on purpose (QEMU-FACTS: wrmsr to 0x6E1,
 * PKRS, with bit 32 set) through every faulting path of the real backend: a
 * plain wrmsr, and the enabling and the disabling write of the measured
 * window (msr_asm.S efipmu_asm_gated_run). Each must come back as a status,
 * and the window's kernel must not run after a failed enable.
 */
#include <efi.h>
#include "fault_test.h"

#define FAULT_MSR 0x6E1
#define FAULT_VALUE (1ull << 32)

static uint64_t mark_ran(const void *arg)
{
	*(volatile uint32_t *)arg = 1;
	return 0x5a;
}

const char *fault_test_run(const struct pmu_backend *b, unsigned cpu)
{
	volatile uint32_t ran = 0;
	if (pmu_wrmsr(b, cpu, FAULT_MSR, FAULT_VALUE) != PMU_ERR_FAULT_GP)
		return "plain wrmsr: no #GP reported";
	struct pmu_gated_run on = { .msr = FAULT_MSR, .on = FAULT_VALUE, .kernel = mark_ran,
				    .arg = (const void *)&ran };
	pmu_gated_run(b, cpu, &on);
	if (on.on_st != PMU_ERR_FAULT_GP || on.off_st != PMU_OK)
		return "window, enabling write: no #GP reported";
	if (ran)
		return "window, enabling write: the kernel ran after a failed enable";
	/* QEMU's PKRS takes any 32-bit value: rewrite its own value, then fault on the way out. */
	struct pmu_gated_run off = { .msr = FAULT_MSR, .off = FAULT_VALUE, .kernel = mark_ran,
				     .arg = (const void *)&ran };
	if (pmu_rdmsr(b, cpu, FAULT_MSR, &off.on))
		return "PKRS (0x6E1) cannot be read here: the disabling write needs an MSR that takes a value";
	pmu_gated_run(b, cpu, &off);
	if (off.on_st != PMU_OK || !ran || off.result != 0x5a)
		return "window, disabling-write test: the enabling write or the kernel failed";
	if (off.off_st != PMU_ERR_FAULT_GP)
		return "window, disabling write: no #GP reported";
	return NULL;
}
