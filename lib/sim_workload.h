/*
 * What a kernel run looks like to the reference model: the model sees no
 * real instructions, so `--backend sim` replays the kernel's claimed counts
 * as cycles of event stimuli. One cycle per instruction (IPC 1), the claimed
 * branches and mispredicts spread evenly. Every count this yields is simulated.
 */
#ifndef EFIPMU_SIM_WORKLOAD_H
#define EFIPMU_SIM_WORKLOAD_H

#include <stdint.h>
#include "kernels.h"
#include "model.h"

/* Simulated instructions of the run (the kernel's claim for `iterations`). */
uint64_t sim_workload_run(struct model *m, unsigned cpu, const struct kernel_desc *k,
			  uint64_t iterations);

#endif
