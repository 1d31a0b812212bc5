/*
 * The model's reading of the kernels' asm (lib/check/kernel_bodies.h), one
 * letter per instruction (legend in sim_kernels.h), made at build time by
 * tools/gen_sim_kernels.py from the disassembly of the compiled host kernels:
 * a change to a body's asm changes what the model counts. It describes the body
 * only (the count register is %rcx in the host kernels, %r15 in the windows);
 * the window's own instructions are model.h's MODEL_GATE_INSTS, what `empty`
 * measures. None of it comes from the claim table: tests compare both, and
 * tests/valgrind/check-kernels.sh counts the real code with callgrind.
 */
#include <stddef.h>
#include "model/sim_kernels.h"
#include "model/sim_kernels_gen.h"
#include "util/fmt.h"

static const struct sim_kernel_code codes[] = { SIM_KERNEL_CODES };
#define N_CODES (sizeof(codes) / sizeof(codes[0]))

const struct sim_kernel_code *sim_kernel_code_find(const char *name)
{
	for (unsigned i = 0; i < N_CODES; i++)
		if (!pmu_strcmp(codes[i].name, name))
			return &codes[i];
	return NULL;
}

/* Adds times x the instructions of s; a back edge counts as taken here (the last exit is not). */
static bool add_block(const char *s, uint64_t times, struct sim_counts *c)
{
	for (; *s; s++) {
		c->instructions += times;
		switch (*s) {
		case 'a':
			break;
		case 'l':
			c->loads += times;
			break;
		case 'n':
			c->stores += times;
			c->nt_stores += times;
			break;
		case 'x':
			c->loads += times;
			c->stores += times;
			c->locked += times;
			break;
		case 'j':
			c->branches += times;
			break;
		case 'r':
			c->branches += times;
			c->mispredicts += times / 2;
			break;
		case 'b':
		case 'c':   /* taken exactly when its r was not: one taken per pair */
			c->branches += times;
			c->taken += times;
			break;
		default:
			return false;
		}
	}
	return true;
}

bool sim_kernel_counts(const struct sim_kernel_code *code, uint64_t iterations,
		       struct sim_counts *out)
{
	pmu_memset(out, 0, sizeof(*out));
	if (!code || !iterations)
		return false;
	if (!add_block(code->entry, 1, out) || !add_block(code->body, iterations, out) ||
	    !add_block(code->exit, 1, out))
		return false;
	/* The loop leaves through its back edge not taken, once. */
	for (const char *s = code->body; *s; s++)
		out->taken -= *s == 'b';
	return true;
}
