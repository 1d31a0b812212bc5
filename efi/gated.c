/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The measured window (lib/pmu/backend.h struct pmu_gated_run), one copy per
 * kernel with the kernel's body (lib/check/kernel_bodies.h) inline between the
 * two writes. The body counts in %r15, so %ecx keeps the MSR; everything else
 * the disabling write needs waits in callee-saved registers. From the
 * retirement of the enabling wrmsr to the disabling one the CPU executes
 * exactly the body, then
 *   xchg %rax,%r13   (the checksum out, the low half of off in)
 *   mov %r14d,%edx   (off, high half)
 * = the kernel + 2 instructions, neither a branch nor a memory access
 * (tools/bench/gated_window.py proves it on the binary for every copy).
 * Before the enabling write, from the first rdtsc: 10 instructions; after the
 * disabling one, up to the second rdtsc: 4 (lib/bench/overhead.c ENGINE_OUTSIDE).
 * A fault on either wrmsr resumes at its *_fail label (fault.c) with the
 * vector + 1 in r8. SysV ABI: uint64_t efipmu_gated_<name>(struct pmu_gated_run *g).
 */
#include "check/kernel_bodies.h"
#include "gated.h"

/* The offsets the copies use. */
_Static_assert(__builtin_offsetof(struct pmu_gated_run, on) == 0, "gated_run layout");
_Static_assert(__builtin_offsetof(struct pmu_gated_run, off) == 8, "gated_run layout");
_Static_assert(__builtin_offsetof(struct pmu_gated_run, arg) == 24, "gated_run layout");
_Static_assert(__builtin_offsetof(struct pmu_gated_run, result) == 32, "gated_run layout");
_Static_assert(__builtin_offsetof(struct pmu_gated_run, tsc_on) == 40, "gated_run layout");
_Static_assert(__builtin_offsetof(struct pmu_gated_run, tsc_off) == 48, "gated_run layout");
_Static_assert(__builtin_offsetof(struct pmu_gated_run, msr) == 56, "gated_run layout");

/* The copy's entry and its four labels, global (hidden) so that objdump names them. */
#define GATED_SYMS(name)							\
	".globl efipmu_gated_" #name ", efipmu_gate_on_" #name ", efipmu_gate_off_" #name "\n" \
	".globl efipmu_gate_on_fail_" #name ", efipmu_gate_off_fail_" #name "\n"	\
	".hidden efipmu_gated_" #name ", efipmu_gate_on_" #name ", efipmu_gate_off_" #name "\n" \
	".hidden efipmu_gate_on_fail_" #name ", efipmu_gate_off_fail_" #name "\n"

#define GATED_DEFINE(name, body)						\
	uint64_t efipmu_gated_##name(struct pmu_gated_run *g);			\
	extern const char efipmu_gate_on_##name[], efipmu_gate_on_fail_##name[];	\
	extern const char efipmu_gate_off_##name[], efipmu_gate_off_fail_##name[];	\
	__asm__(".pushsection .text\n"						\
		".p2align 4\n"							\
		GATED_SYMS(name)						\
		"efipmu_gated_" #name ":\n\t"					\
		"push %rbp\n\t"							\
		"push %r13\n\t"							\
		"push %r14\n\t"							\
		"push %r15\n\t"							\
		"mov %rdi, %rbp\n\t"						\
		"mov 8(%rbp), %r13\n\t"          /* off: wrmsr takes its low half from eax */ \
		"mov %r13, %r14\n\t"						\
		"shr $32, %r14\n\t"              /* off, high half */		\
		"rdtsc\n\t"							\
		"shl $32, %rdx\n\t"						\
		"or %rdx, %rax\n\t"						\
		"mov %rax, 40(%rbp)\n\t"         /* tsc_on */			\
		"mov 56(%rbp), %ecx\n\t"         /* msr */			\
		"mov (%rbp), %rax\n\t"           /* on */			\
		"mov %rax, %rdx\n\t"						\
		"shr $32, %rdx\n\t"						\
		"mov 24(%rbp), %rdi\n"           /* arg */			\
		"efipmu_gate_on_" #name ":\n\t"					\
		"wrmsr\n\t"							\
		body("%r15")							\
		"xchg %rax, %r13\n\t"						\
		"mov %r14d, %edx\n"						\
		"efipmu_gate_off_" #name ":\n\t"				\
		"wrmsr\n\t"							\
		"xor %r8d, %r8d\n\t"						\
		"jmp 8f\n"							\
		"efipmu_gate_off_fail_" #name ":\n\t"				\
		"or $0x100, %r8\n"						\
		"8:\tmov %r13, 32(%rbp)\n\t"     /* result */			\
		"rdtsc\n\t"							\
		"shl $32, %rdx\n\t"						\
		"or %rdx, %rax\n\t"						\
		"mov %rax, 48(%rbp)\n\t"         /* tsc_off */			\
		"mov %r8, %rax\n\t"						\
		"jmp 9f\n"							\
		"efipmu_gate_on_fail_" #name ":\n\t"				\
		"mov %r8, %rax\n"						\
		"9:\tpop %r15\n\t"						\
		"pop %r14\n\t"							\
		"pop %r13\n\t"							\
		"pop %rbp\n\t"							\
		"ret\n"								\
		".popsection\n");
KERNEL_BODIES(GATED_DEFINE)

#define GATED_ENTRY(name, body)							\
	{ kernel_##name, efipmu_gated_##name, efipmu_gate_on_##name,			\
	  efipmu_gate_on_fail_##name, efipmu_gate_off_##name, efipmu_gate_off_fail_##name },
const struct gated_copy gated_copies[] = { KERNEL_BODIES(GATED_ENTRY) };
const unsigned gated_copy_count = sizeof(gated_copies) / sizeof(gated_copies[0]);

const struct gated_copy *gated_copy_for(kernel_fn k)
{
	for (unsigned i = 0; i < gated_copy_count; i++)
		if (gated_copies[i].kernel == k)
			return &gated_copies[i];
	return NULL;
}
