/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The microkernels' code, defined once (issue 13) and assembled twice:
 *  - as the host kernels kernel_<name> (kernels.c: body + ret, SysV ABI), which
 *    the claim table, the model's description and tests/valgrind check;
 *  - inline between the two writes of the real backend's measured window
 *    (efi/gated.c: one copy per kernel, no call and no ret in the window).
 * Each body is AT&T text for top-level asm (single %), parameterised by its
 * loop-count register C: "%rcx" in the host kernels; the gated copies pass
 * another, so that %ecx still holds the MSR at the disabling wrmsr.
 * On entry rdi points to struct kernel_args; the checksum is left in rax.
 * Bodies use only C and the caller-saved rax, rdx, rsi, rdi, r8-r11, numbered
 * local labels only (a body may be assembled many times in one file), and no
 * unconditional jumps, so "all branches" equals "conditional branches". Every
 * loop is guarded (`test; jz`) so that 0 iterations cannot wrap the count.
 */
#ifndef EFIPMU_KERNEL_BODIES_H
#define EFIPMU_KERNEL_BODIES_H

#include <stdint.h>

/* Nothing: the window's own instructions. rax is left as is. */
#define KERNEL_BODY_EMPTY(C) ""

/* 18 fixed; per iteration 8 independent adds + dec + jnz. Checksum 36 * n. */
#define KERNEL_BODY_INST(C)		\
	"mov (%rdi), " C "\n\t"		\
	"xor %eax, %eax\n\t"		\
	"xor %edx, %edx\n\t"		\
	"xor %esi, %esi\n\t"		\
	"xor %edi, %edi\n\t"		\
	"xor %r8d, %r8d\n\t"		\
	"xor %r9d, %r9d\n\t"		\
	"xor %r10d, %r10d\n\t"		\
	"xor %r11d, %r11d\n\t"		\
	"test " C ", " C "\n\t"		\
	"jz 2f\n"			\
	"1:\tadd $1, %rax\n\t"		\
	"add $2, %rdx\n\t"		\
	"add $3, %rsi\n\t"		\
	"add $4, %rdi\n\t"		\
	"add $5, %r8\n\t"		\
	"add $6, %r9\n\t"		\
	"add $7, %r10\n\t"		\
	"add $8, %r11\n\t"		\
	"dec " C "\n\t"			\
	"jnz 1b\n"			\
	"2:\tadd %rdx, %rax\n\t"	\
	"add %rsi, %rax\n\t"		\
	"add %rdi, %rax\n\t"		\
	"add %r8, %rax\n\t"		\
	"add %r9, %rax\n\t"		\
	"add %r10, %rax\n\t"		\
	"add %r11, %rax\n\t"

/*
 * 4 fixed; per iteration a xorshift64 step (9), a branch on its low bit that
 * no predictor can learn, then a second branch on the same flags so that both
 * paths are 3 instructions with one taken and one not-taken conditional
 * branch, and the loop (2). Checksum: the final xorshift state.
 */
#define KERNEL_BODY_BRANCH(C)			\
	"mov (%rdi), " C "\n\t"			\
	"movabs $0x9e3779b97f4a7c15, %rax\n\t"	\
	"test " C ", " C "\n\t"			\
	"jz 3f\n"				\
	"1:\tmov %rax, %rdx\n\t"		\
	"shl $13, %rdx\n\t"			\
	"xor %rdx, %rax\n\t"			\
	"mov %rax, %rdx\n\t"			\
	"shr $7, %rdx\n\t"			\
	"xor %rdx, %rax\n\t"			\
	"mov %rax, %rdx\n\t"			\
	"shl $17, %rdx\n\t"			\
	"xor %rdx, %rax\n\t"			\
	"test $1, %al\n\t"			\
	"jz 2f\n\t"      /* random: taken when the bit is 0 */	\
	"jnz 4f\n"       /* bit 1: always taken */		\
	"2:\tjnz 4f\n"   /* bit 0: never taken */		\
	"4:\tdec " C "\n\t"			\
	"jnz 1b\n"				\
	"3:\n\t"

/*
 * 7 fixed; per iteration one load from the next line, KERNEL_STREAM_STRIDE
 * (4160: kernels.c asserts it) further on modulo bytes (branch-free wrap),
 * 7 instructions. Checksum: sum of the first word of every line loaded.
 */
#define KERNEL_BODY_STREAM(C)		\
	"mov (%rdi), " C "\n\t"		\
	"mov 8(%rdi), %rsi\n\t"		\
	"mov 16(%rdi), %rdx\n\t"	\
	"xor %eax, %eax\n\t"		\
	"xor %r8d, %r8d\n\t"		\
	"test " C ", " C "\n\t"		\
	"jz 2f\n"			\
	"1:\tadd (%rsi,%r8), %rax\n\t"	\
	"add $4160, %r8\n\t"		\
	"mov %r8, %r9\n\t"		\
	"sub %rdx, %r9\n\t"		\
	"cmovae %r9, %r8\n\t"		\
	"dec " C "\n\t"			\
	"jnz 1b\n"			\
	"2:\n\t"

/* 4 fixed; per iteration one dependent load + loop. Checksum: the last pointer. */
#define KERNEL_BODY_CHASE(C)		\
	"mov (%rdi), " C "\n\t"		\
	"mov 8(%rdi), %rax\n\t"		\
	"test " C ", " C "\n\t"		\
	"jz 2f\n"			\
	"1:\tmov (%rax), %rax\n\t"	\
	"dec " C "\n\t"			\
	"jnz 1b\n"			\
	"2:\n\t"

/*
 * 4 fixed; per iteration pause + loop, so unhalted cycles run far ahead of
 * instructions. (hlt would stop the reference clock too, but it is privileged
 * on the host and needs a wake-up interrupt in the app.) Checksum: n.
 */
#define KERNEL_BODY_IDLE(C)		\
	"mov (%rdi), " C "\n\t"		\
	"mov " C ", %rax\n\t"		\
	"test " C ", " C "\n\t"		\
	"jz 2f\n"			\
	"1:\tpause\n\t"			\
	"dec " C "\n\t"			\
	"jnz 1b\n"			\
	"2:\n\t"

/*
 * Memory traffic for the uncore boxes. The buffer is split into a read half
 * [0, h), a write half [h, 2h) and a lock line (the last 64 bytes). Per
 * iteration: load a line, movnti its first word to the same line of the write
 * half, lock-add 1 to the lock word, step 64 bytes (wrap at h), loop: 8.
 * 14 fixed (12 before the loop, sfence and the checksum load after).
 * Checksum: the lock word after the run (its old value + n).
 */
#define KERNEL_BODY_UNCORE(C)			\
	"mov (%rdi), " C "\n\t"			\
	"mov 8(%rdi), %rsi\n\t"			\
	"mov 16(%rdi), %rdx\n\t"		\
	"lea -64(%rsi,%rdx), %r9\n\t"		\
	"sub $64, %rdx\n\t"			\
	"shr $1, %rdx\n\t"			\
	"and $-64, %rdx\n\t"			\
	"lea (%rsi,%rdx), %r8\n\t"		\
	"xor %eax, %eax\n\t"			\
	"xor %r10d, %r10d\n\t"			\
	"test " C ", " C "\n\t"			\
	"jz 2f\n"				\
	"1:\tmov (%rsi,%rax), %r11\n\t"		\
	"movnti %r11, (%r8,%rax)\n\t"		\
	"lock addq $1, (%r9)\n\t"		\
	"add $64, %rax\n\t"			\
	"cmp %rdx, %rax\n\t"			\
	"cmovae %r10, %rax\n\t"			\
	"dec " C "\n\t"				\
	"jnz 1b\n"				\
	"2:\tsfence\n\t"			\
	"mov (%r9), %rax\n\t"

/*
 * Every kernel, in the table's order: X(name, body macro). The host kernels and
 * the gated copies are both made from this list, so neither can miss one.
 */
#define KERNEL_BODIES(X)			\
	X(empty, KERNEL_BODY_EMPTY)		\
	X(inst, KERNEL_BODY_INST)		\
	X(branch, KERNEL_BODY_BRANCH)		\
	X(stream, KERNEL_BODY_STREAM)		\
	X(chase, KERNEL_BODY_CHASE)		\
	X(idle, KERNEL_BODY_IDLE)		\
	X(uncore, KERNEL_BODY_UNCORE)

/* The host kernels (kernels.c), each the body then ret: a kernel_fn. */
#define KERNEL_DECLARE(name, body) \
	__attribute__((visibility("hidden"))) uint64_t kernel_##name(const void *args);
KERNEL_BODIES(KERNEL_DECLARE)
#undef KERNEL_DECLARE

#endif
