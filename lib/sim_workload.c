#include "sim_workload.h"

/* Event codes (event | umask << 8) the replay raises, per REGISTERS.md §1.7 and §5. */
enum {
	STIM_INST, STIM_INST_P_NHM, STIM_CYCLES, STIM_REF, STIM_BR, STIM_BR_NHM, STIM_MISP,
	STIM_MISP_NHM, STIM_N
};
static const uint32_t stim_code[STIM_N] = {
	[STIM_INST] = 0x00C0, [STIM_INST_P_NHM] = 0x01C0, [STIM_CYCLES] = 0x003C,
	[STIM_REF] = 0x013C, [STIM_BR] = 0x00C4, [STIM_BR_NHM] = 0x04C4, [STIM_MISP] = 0x00C5,
	[STIM_MISP_NHM] = 0x7F89,
};

static uint64_t claim(const struct kernel_desc *k, enum kernel_event ev, uint64_t iterations)
{
	const struct kernel_expect *e = kernel_expect_for(k, ev);
	int64_t v = e ? kernel_expected(e, iterations) : 0;
	return v > 0 ? (uint64_t)v : 0;
}

uint64_t sim_workload_run(struct model *m, unsigned cpu, const struct kernel_desc *k,
			  uint64_t iterations)
{
	uint64_t inst = claim(k, KEV_INSTRUCTIONS, iterations);
	uint64_t br = claim(k, KEV_BRANCHES, iterations);
	uint64_t misp = claim(k, KEV_BRANCH_MISSES, iterations);
	uint64_t acc_br = 0, acc_misp = 0;
	struct model_stim stim[STIM_N];
	struct model_cycle c = { .cpl = 0, .stim = stim, .nstim = STIM_N };
	for (unsigned i = 0; i < STIM_N; i++)
		stim[i].code = stim_code[i];
	for (uint64_t i = 0; i < inst; i++) {
		/* Bresenham: exactly br branches and misp mispredicts over inst cycles. */
		uint32_t b = 0, x = 0;
		acc_br += br;
		if (acc_br >= inst) {
			acc_br -= inst;
			b = 1;
		}
		acc_misp += misp;
		if (acc_misp >= inst) {
			acc_misp -= inst;
			x = 1;
		}
		stim[STIM_INST].count = stim[STIM_INST_P_NHM].count = 1;
		stim[STIM_CYCLES].count = stim[STIM_REF].count = 1;
		stim[STIM_BR].count = stim[STIM_BR_NHM].count = b;
		stim[STIM_MISP].count = stim[STIM_MISP_NHM].count = x;
		model_run_cycle(m, cpu, &c);
	}
	return inst;
}
