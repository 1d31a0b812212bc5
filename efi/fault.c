/*
 * Catches #GP and #UD raised by our rdmsr/wrmsr/rdpmc (msr_asm.S) on any CPU:
 * the handler skips the 2-byte instruction (or resumes at its failure label)
 * and puts vector+1 in r8, which the asm stub returns. Any other fault is not ours to swallow: the CPU stops.
 */
#include <efi.h>
#include <efilib.h>
#include "hw.h"
#include "protocols.h"

extern const char efipmu_rdmsr_insn[], efipmu_wrmsr_insn[], efipmu_rdpmc_insn[];
extern const char efipmu_gate_on_insn[], efipmu_gate_off_insn[];
extern const char efipmu_gate_on_fail[], efipmu_gate_off_fail[];

/* Our faulting instructions and where to resume after each (NULL: the next instruction). */
static const struct {
	const char *insn, *resume;
} ours[] = {
	{ efipmu_rdmsr_insn, NULL },
	{ efipmu_wrmsr_insn, NULL },
	{ efipmu_rdpmc_insn, NULL },
	{ efipmu_gate_on_insn, efipmu_gate_on_fail },
	{ efipmu_gate_off_insn, efipmu_gate_off_fail },
};

#define VEC_UD 6
#define VEC_GP 13

static EFIPMU_CPU_ARCH *cpu_arch;
static volatile UINT64 unexpected_rip;

static VOID EFIAPI fault_handler(EFI_EXCEPTION_TYPE type, EFI_SYSTEM_CONTEXT ctx)
{
	EFI_SYSTEM_CONTEXT_X64 *x = ctx.SystemContextX64;
	UINT64 rip = x->Rip;
	for (UINTN i = 0; i < sizeof(ours) / sizeof(ours[0]); i++) {
		if (rip != (UINT64)ours[i].insn)
			continue;
		x->R8 = (UINT64)type + 1;
		x->Rip = ours[i].resume ? (UINT64)ours[i].resume : rip + 2;   /* all are 2 bytes */
		return;
	}
	unexpected_rip = rip ? rip : 1;
	for (;;)
		__asm__ volatile("cli; hlt");
}

EFI_STATUS fault_catch_install(void)
{
	EFI_GUID guid = EFIPMU_CPU_ARCH_GUID;
	EFI_STATUS st = uefi_call_wrapper(BS->LocateProtocol, 3, &guid, NULL, (VOID **)&cpu_arch);
	if (EFI_ERROR(st))
		return st;
	st = cpu_arch->RegisterInterruptHandler(cpu_arch, VEC_GP, fault_handler);
	if (EFI_ERROR(st))
		return st;
	st = cpu_arch->RegisterInterruptHandler(cpu_arch, VEC_UD, fault_handler);
	if (EFI_ERROR(st)) {
		cpu_arch->RegisterInterruptHandler(cpu_arch, VEC_GP, NULL);
		return st;
	}
	return EFI_SUCCESS;
}

void fault_catch_remove(void)
{
	if (!cpu_arch)
		return;
	cpu_arch->RegisterInterruptHandler(cpu_arch, VEC_GP, NULL);
	cpu_arch->RegisterInterruptHandler(cpu_arch, VEC_UD, NULL);
	cpu_arch = NULL;
}

UINT64 fault_unexpected_rip(void)
{
	return unexpected_rip;
}
