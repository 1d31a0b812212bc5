/*
 * What the built-in kernels execute, as the reference model knows it: its own
 * description of each kernel's asm (lib/check/kernels.c), read from the compiled
 * instructions and independent of the kernels' table of claims, so a wrong
 * claim, or asm changed under it, shows up as a FAIL on the model instead of
 * replaying itself.
 */
#ifndef EFIPMU_SIM_KERNELS_H
#define EFIPMU_SIM_KERNELS_H

#include <stdbool.h>
#include <stdint.h>

/*
 * One character per instruction of the asm, in order (sim_kernels_gen.h, made at build
 * time by tools/gen_sim_kernels.py from the disassembly of the compiled kernels):
 *   a  any instruction that neither touches memory nor branches
 *   l  reads memory (mov/add from memory)
 *   n  movnti: a non-temporal store
 *   x  lock-prefixed read-modify-write: a read and a write
 *   j  conditional branch never taken (the loop guard, with iterations >= 1)
 *   b  the loop's back edge: taken on every iteration but the last
 *   r  conditional branch on a random bit, then c  the branch that follows it on the
 *      same flags: of the pair exactly one is taken; r is mispredicted half the time
 */
struct sim_kernel_code {
	const char *name;
	const char *entry;   /* before the loop */
	const char *body;    /* once per iteration */
	const char *exit;    /* after the loop */
};

struct sim_counts {
	uint64_t instructions, branches, taken, mispredicts;
	uint64_t loads, stores, locked, nt_stores;
};

/* The model's description of a built-in kernel; NULL for a name it does not know. */
const struct sim_kernel_code *sim_kernel_code_find(const char *name);

/* What code executes for `iterations` (>= 1); false for 0 iterations or an unknown letter. */
bool sim_kernel_counts(const struct sim_kernel_code *code, uint64_t iterations,
		       struct sim_counts *out);

#endif
