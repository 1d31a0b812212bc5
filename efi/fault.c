/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Catches the #GP raised by our rdmsr/wrmsr/rdpmc (msr_asm.S) and by the two
 * wrmsr of each measured window (gated.c) on any CPU: the handler skips the
 * 2-byte instruction (or resumes at the window's failure label) and puts
 * vector+1 in r8, which the asm returns. #GP is the only vector
 * hooked: a missing or reserved MSR and rdpmc with a bad index all raise #GP
 * (SDM vol. 2 RDMSR, WRMSR, RDPMC).
 *
 * Any other #GP is not ours to swallow. It is said on COM1 by port I/O (every
 * CPU) and, on the boot CPU when the fault is in our own code, on the console.
 * Then:
 *  - the boot CPU unregisters our handler and returns: the instruction runs
 *    again and faults into the firmware's own handler, as if we had never
 *    hooked #GP (EDK2: a register dump on the serial port naming the image,
 *    then it stops);
 *  - an AP keeps the handler (other CPUs still need it) and stops here, its
 *    fault recorded for the boot CPU to report; MP services takes the AP back
 *    (INIT) when the boot CPU's wait for it times out.
 */
#include <efi.h>
#include <efilib.h>
#include "console.h"
#include "gated.h"
#include "hw.h"
#include "protocols.h"
#include "util/flag.h"

extern const char efipmu_rdmsr_insn[], efipmu_wrmsr_insn[], efipmu_rdpmc_insn[];

/* Our plain faulting instructions (msr_asm.S): each resumes at the next instruction. */
static const char *const ours[] = { efipmu_rdmsr_insn, efipmu_wrmsr_insn, efipmu_rdpmc_insn };

/* Where to resume after a #GP at rip, or 0: none of ours (the windows' writes: gated.c). */
static UINT64 resume_at(UINT64 rip)
{
	for (UINTN i = 0; i < sizeof(ours) / sizeof(ours[0]); i++)
		if (rip == (UINT64)ours[i])
			return rip + 2;   /* all are 2 bytes */
	for (unsigned i = 0; i < gated_copy_count; i++) {
		const struct gated_copy *c = &gated_copies[i];
		if (rip == (UINT64)c->on)
			return (UINT64)c->on_fail;
		if (rip == (UINT64)c->off)
			return (UINT64)c->off_fail;
	}
	return 0;
}

#define VEC_GP 13

extern EFI_HANDLE LibImageHandle;   /* gnu-efi's lib.h: set by InitializeLib */

static EFIPMU_CPU_ARCH *cpu_arch;
static UINT32 hooked;   /* util/flag.h: a CPU's handler clears it, the boot CPU reads it */
static UINT32 bsp_apic_id;
static UINT64 image_base, image_size;

static struct fault_record first_unexpected;
static UINT32 unexpected_claimed, unexpected_ready;
static UINT32 com1_lock;   /* a lock: taken by exchange, given back by a release store */

UINT32 hw_apic_id(void)
{
	UINT32 a, b, c, d;
	__asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0), "c"(0));
	if (a >= 0xB) {
		__asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0xB), "c"(0));
		if (b & 0xffff)   /* SDM vol. 2 CPUID leaf 0BH: EBX = 0 means the leaf is absent */
			return d;
	}
	__asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(1), "c"(0));
	return b >> 24;
}

/* The SDM's mnemonics for the exceptions (vol. 3A table 6-1); "" where it has none. */
static const char *const vector_name[] = {
	"#DE", "#DB", "NMI", "#BP", "#OF", "#BR", "#UD", "#NM", "#DF", "", "#TS", "#NP", "#SS",
	"#GP", "#PF", "", "#MF", "#AC", "#MC", "#XM", "#VE", "#CP",
};

void fault_describe(struct strbuf *sb, const struct fault_record *r)
{
	sb_puts(sb, "unexpected exception ");
	if (r->vector < sizeof(vector_name) / sizeof(vector_name[0]) && vector_name[r->vector][0]) {
		sb_puts(sb, vector_name[r->vector]);
		sb_putc(sb, ' ');
	}
	sb_puts(sb, "(vector ");
	sb_dec(sb, r->vector);
	sb_puts(sb, ", error code ");
	sb_hex(sb, r->error_code);
	sb_puts(sb, ") at RIP ");
	sb_hex(sb, r->rip);
	if (r->in_image) {
		sb_puts(sb, " (efipmu.efi+");
		sb_hex(sb, r->image_offset);
		sb_putc(sb, ')');
	} else {
		sb_puts(sb, " (outside efipmu.efi)");
	}
	sb_puts(sb, " on the CPU with APIC id ");
	sb_dec(sb, r->apic_id);
	if (r->on_bsp)
		sb_puts(sb, " (boot CPU)");
}

/* Several CPUs may fault at once: one line at a time, but never wait long for a stuck holder. */
static void com1_say(const char *text)
{
	unsigned spins = 0;
	while (__atomic_exchange_n(&com1_lock, 1, __ATOMIC_ACQUIRE) && ++spins < 10000000u)
		hw_pause();
	com1_write(text);
	__atomic_store_n(&com1_lock, 0, __ATOMIC_RELEASE);
}

/* Records and says the fault; TRUE when the boot CPU took it. */
static BOOLEAN unexpected(EFI_EXCEPTION_TYPE type, const EFI_SYSTEM_CONTEXT_X64 *x)
{
	struct fault_record r = { 0 };
	char line[200];
	struct strbuf sb;
	r.vector = (UINT64)type;
	r.error_code = x->ExceptionData;
	r.rip = x->Rip;
	r.apic_id = hw_apic_id();
	r.on_bsp = r.apic_id == bsp_apic_id;
	r.in_image = r.rip >= image_base && r.rip - image_base < image_size;
	r.image_offset = r.in_image ? r.rip - image_base : 0;
	if (!__atomic_exchange_n(&unexpected_claimed, 1, __ATOMIC_ACQ_REL)) {
		first_unexpected = r;
		flag_set(&unexpected_ready, 1);
	}
	sb_init(&sb, line, sizeof(line));
	sb_puts(&sb, "\nefipmu: ");
	fault_describe(&sb, &r);
	sb_puts(&sb, r.on_bsp ? "; handing it to the firmware\n"
			      : "; this CPU stops until the firmware takes it back\n");
	com1_say(line);
	/* Firmware code may hold the console's locks: only a fault in our own code may print. */
	if (r.on_bsp && r.in_image)
		con_write(line);
	return r.on_bsp;
}

static VOID EFIAPI fault_handler(EFI_EXCEPTION_TYPE type, EFI_SYSTEM_CONTEXT ctx)
{
	EFI_SYSTEM_CONTEXT_X64 *x = ctx.SystemContextX64;
	UINT64 resume = resume_at(x->Rip);
	if (resume) {
		x->R8 = (UINT64)type + 1;
		x->Rip = resume;
		return;
	}
	if (unexpected(type, x)) {
		/* Rip unchanged: the instruction faults again, into the firmware's handler. */
		flag_set(&hooked, 0);
		cpu_arch->RegisterInterruptHandler(cpu_arch, type, NULL);
		return;
	}
	for (;;)
		__asm__ volatile("cli; hlt");
}

EFI_STATUS fault_catch_install(void)
{
	EFI_GUID guid = EFIPMU_CPU_ARCH_GUID;
	EFI_LOADED_IMAGE *li = NULL;
	EFI_STATUS st = uefi_call_wrapper(BS->HandleProtocol, 3, LibImageHandle, &LoadedImageProtocol,
					  (VOID **)&li);
	if (EFI_ERROR(st))
		return st;
	image_base = (UINT64)li->ImageBase;
	image_size = li->ImageSize;
	bsp_apic_id = hw_apic_id();
	st = uefi_call_wrapper(BS->LocateProtocol, 3, &guid, NULL, (VOID **)&cpu_arch);
	if (EFI_ERROR(st))
		return st;
	st = cpu_arch->RegisterInterruptHandler(cpu_arch, VEC_GP, fault_handler);
	if (EFI_ERROR(st))
		return st;
	flag_set(&hooked, 1);
	return EFI_SUCCESS;
}

void fault_catch_remove(void)
{
	if (cpu_arch && flag_get(&hooked))
		cpu_arch->RegisterInterruptHandler(cpu_arch, VEC_GP, NULL);
	flag_set(&hooked, 0);
	cpu_arch = NULL;
}

BOOLEAN fault_unexpected(struct fault_record *r)
{
	if (!flag_get(&unexpected_ready))
		return FALSE;
	*r = first_unexpected;
	return TRUE;
}
