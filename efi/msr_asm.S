/*
 * The three instructions that can fault, each at a known address so the
 * exception handler (fault.c) recognises them, skips them (all are 2 bytes)
 * and reports the vector in r8. SysV ABI: called from C.
 *   uint64_t efipmu_asm_rdmsr(uint32_t msr, uint64_t *val)   -> 0 or vector+1
 *   uint64_t efipmu_asm_wrmsr(uint32_t msr, uint64_t val)    -> 0 or vector+1
 *   uint64_t efipmu_asm_rdpmc(uint32_t index, uint64_t *val) -> 0 or vector+1
 *   uint64_t efipmu_asm_gated_run(struct pmu_gated_run *g)
 *        -> 0, vector+1 (enabling write faulted) or 0x100 | vector+1 (disabling)
 */
	.text
	.globl efipmu_asm_rdmsr, efipmu_rdmsr_insn
efipmu_asm_rdmsr:
	mov %edi, %ecx
	xor %eax, %eax
	xor %edx, %edx
	xor %r8d, %r8d
efipmu_rdmsr_insn:
	rdmsr
	shl $32, %rdx
	mov %eax, %eax
	or %rdx, %rax
	mov %rax, (%rsi)
	mov %r8, %rax
	ret

	.globl efipmu_asm_wrmsr, efipmu_wrmsr_insn
efipmu_asm_wrmsr:
	mov %edi, %ecx
	mov %rsi, %rax
	mov %rsi, %rdx
	shr $32, %rdx
	xor %r8d, %r8d
efipmu_wrmsr_insn:
	wrmsr
	mov %r8, %rax
	ret

	.globl efipmu_asm_rdpmc, efipmu_rdpmc_insn
efipmu_asm_rdpmc:
	mov %edi, %ecx
	xor %eax, %eax
	xor %edx, %edx
	xor %r8d, %r8d
efipmu_rdpmc_insn:
	rdpmc
	shl $32, %rdx
	mov %eax, %eax
	or %rdx, %rax
	mov %rax, (%rsi)
	mov %r8, %rax
	ret

/*
 * The measured window (lib/pmu/backend.h struct pmu_gated_run; offsets checked in
 * msr_real.c). Everything the disabling write needs, except what the kernel
 * may clobber, waits in callee-saved registers, so from the retirement of the
 * enabling wrmsr to the disabling one the CPU executes exactly:
 *   call *%r15; the kernel (body and ret); xchg %rax,%r13 (the result out, the
 *   low half of off in); mov %r12d,%ecx; mov %r14d,%edx   = kernel + 4 instructions.
 * A fault on either wrmsr resumes at its *_fail label (fault.c) with the
 * vector + 1 in r8.
 */
	.globl efipmu_asm_gated_run, efipmu_gate_on_insn, efipmu_gate_off_insn
	.globl efipmu_gate_on_fail, efipmu_gate_off_fail
efipmu_asm_gated_run:
	push %rbp
	push %r12
	push %r13
	push %r14
	push %r15                    /* 5 pushes: a 16-byte aligned stack at the call */
	mov %rdi, %rbp
	mov 56(%rbp), %r12d          /* msr */
	mov 8(%rbp), %r13            /* off: wrmsr takes its low half from eax */
	mov %r13, %r14
	shr $32, %r14                /* off, high half */
	mov 16(%rbp), %r15           /* kernel */
	rdtsc
	shl $32, %rdx
	or %rdx, %rax
	mov %rax, 40(%rbp)           /* tsc_on */
	mov %r12d, %ecx
	mov (%rbp), %rax             /* on */
	mov %rax, %rdx
	shr $32, %rdx
	mov 24(%rbp), %rdi           /* arg */
efipmu_gate_on_insn:
	wrmsr
	call *%r15
	xchg %rax, %r13
	mov %r12d, %ecx
	mov %r14d, %edx
efipmu_gate_off_insn:
	wrmsr
	xor %r8d, %r8d
	jmp 1f
efipmu_gate_off_fail:
	or $0x100, %r8
1:	mov %r13, 32(%rbp)           /* result */
	rdtsc
	shl $32, %rdx
	or %rdx, %rax
	mov %rax, 48(%rbp)           /* tsc_off */
	mov %r8, %rax
	jmp 2f
efipmu_gate_on_fail:
	mov %r8, %rax
2:	pop %r15
	pop %r14
	pop %r13
	pop %r12
	pop %rbp
	ret

	.section .note.GNU-stack,"",@progbits
