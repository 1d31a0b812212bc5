/*
 * --fault-test: a #GP on purpose through every faulting path of the real
 * backend: a plain wrmsr, and the enabling and the disabling write of the
 * measured window (msr_asm.S efipmu_asm_gated_run). Each must come back as a
 * status, and the window's kernel must not run after a failed enable.
 *
 * The MSR is one CPUID says the CPU has, with a reserved bit set:
 *  - a core PMU (CPUID.0AH:EAX version >= 1, >= 1 counter): IA32_PERFEVTSEL0,
 *    bit 63 (bits 63:34 reserved, REGISTERS.md 1.3); every target has it;
 *  - else PKS (CPUID.(EAX=07H,ECX=0):ECX[31]): IA32_PKRS, bit 32 (bits 63:32
 *    reserved, SDM vol. 4). QEMU's TCG drops PMU writes without a fault but
 *    faults on PKRS bit 32 (QEMU-FACTS), so QEMU cases run with -cpu ...,+pks.
 * No other MSR is tried: a CPU with neither fails the test and says why.
 */
#include <stddef.h>
#include "fault_test.h"
#include "hw/msr.h"

#define MSR_IA32_PKRS 0x6E1u
#define PERFEVTSEL_RESERVED_BIT 63
#define PKRS_RESERVED_BIT 32
#define CPUID7_ECX_PKS_BIT 31

static uint64_t mark_ran(const void *arg)
{
	*(volatile uint32_t *)arg = 1;
	return 0x5a;
}

static void choose_msr(const struct pmu_backend *b, unsigned cpu, struct fault_test_result *r)
{
	struct pmu_cpuid id0, id;
	pmu_cpuid(b, cpu, 0, 0, &id0);
	if (id0.eax >= 0xA) {
		pmu_cpuid(b, cpu, 0xA, 0, &id);
		if ((id.eax & 0xff) >= 1 && ((id.eax >> 8) & 0xff) >= 1) {
			r->msr = MSR_IA32_PERFEVTSEL0;
			r->msr_name = "IA32_PERFEVTSEL0";
			r->bit = PERFEVTSEL_RESERVED_BIT;
			r->basis = "CPUID.0AH: a core PMU";
			return;
		}
	}
	if (id0.eax >= 7) {
		pmu_cpuid(b, cpu, 7, 0, &id);
		if ((id.ecx >> CPUID7_ECX_PKS_BIT) & 1) {
			r->msr = MSR_IA32_PKRS;
			r->msr_name = "IA32_PKRS";
			r->bit = PKRS_RESERVED_BIT;
			r->basis = "CPUID.07H:ECX[31]: PKS";
			return;
		}
	}
	r->fail = "no MSR known to fault here: CPUID lists neither a core PMU (0AH) nor PKS (07H:ECX[31])";
}

/* The three paths; the MSR holds cur throughout (every write that succeeds writes cur). */
static const char *provoke(const struct pmu_backend *b, unsigned cpu, uint32_t msr, uint64_t cur,
			   uint64_t bad)
{
	volatile uint32_t ran = 0;
	if (pmu_wrmsr(b, cpu, msr, bad) != PMU_ERR_FAULT_GP)
		return "plain wrmsr: no #GP reported";
	struct pmu_gated_run on = { .msr = msr, .on = bad, .off = cur, .kernel = mark_ran,
				    .arg = (const void *)&ran };
	pmu_gated_run(b, cpu, &on);
	if (on.on_st != PMU_ERR_FAULT_GP || on.off_st != PMU_OK)
		return "window, enabling write: no #GP reported";
	if (ran)
		return "window, enabling write: the kernel ran after a failed enable";
	struct pmu_gated_run off = { .msr = msr, .on = cur, .off = bad, .kernel = mark_ran,
				     .arg = (const void *)&ran };
	pmu_gated_run(b, cpu, &off);
	if (off.on_st != PMU_OK || !ran || off.result != 0x5a)
		return "window, disabling-write test: the enabling write or the kernel failed";
	if (off.off_st != PMU_ERR_FAULT_GP)
		return "window, disabling write: no #GP reported";
	return NULL;
}

void fault_test_on(const struct pmu_backend *b, unsigned cpu, struct fault_test_result *r)
{
	uint64_t cur, after;
	*r = (struct fault_test_result){ 0 };
	choose_msr(b, cpu, r);
	if (r->fail)
		return;
	if (pmu_rdmsr(b, cpu, r->msr, &cur)) {
		r->fail = "the chosen MSR cannot be read";
		return;
	}
	r->fail = provoke(b, cpu, r->msr, cur, cur | (1ull << r->bit));
	if (pmu_rdmsr(b, cpu, r->msr, &after) || after != cur) {
		pmu_wrmsr(b, cpu, r->msr, cur);
		if (!r->fail)
			r->fail = "the MSR changed although every write was meant to fault or keep it";
	}
}

void fault_test_describe(struct strbuf *sb, const struct fault_test_result *r)
{
	if (r->msr) {
		sb_puts(sb, r->msr_name);
		sb_puts(sb, " (");
		sb_hex(sb, r->msr);
		sb_puts(sb, "), reserved bit ");
		sb_dec(sb, r->bit);
		sb_puts(sb, ", chosen by ");
		sb_puts(sb, r->basis);
		sb_puts(sb, ": ");
	}
	sb_puts(sb, r->fail ? r->fail : "#GP caught on all 3 paths");
}

void fault_test_unexpected(void)
{
	/* Bit 63 set, bits 62:47 clear: non-canonical, so the load raises #GP (SDM vol. 3A 6.15). */
	__asm__ volatile("movq (%0), %%rax" : : "r"(0x8000000000000000ull) : "rax", "memory");
}
