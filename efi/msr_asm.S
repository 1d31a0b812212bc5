/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The three instructions that can fault, each at a known address so the
 * exception handler (fault.c) recognises them, skips them (all are 2 bytes)
 * and reports the vector in r8. SysV ABI: called from C.
 *   uint64_t efipmu_asm_rdmsr(uint32_t msr, uint64_t *val)   -> 0 or vector+1
 *   uint64_t efipmu_asm_wrmsr(uint32_t msr, uint64_t val)    -> 0 or vector+1
 *   uint64_t efipmu_asm_rdpmc(uint32_t index, uint64_t *val) -> 0 or vector+1
 * The measured window's two writes are in each of gated.c's copies.
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

	.section .note.GNU-stack,"",@progbits
