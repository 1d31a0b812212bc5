/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * What a kernel run looks like to the reference model: the model sees no
 * real instructions, so `--backend sim` replays what the kernel executes, from
 * the model's own description of its code (sim_kernels.c, not the kernel's
 * claims), as cycles of event stimuli. One cycle per instruction (IPC 1);
 * every other count is spread evenly over those cycles, so a run raises
 * exactly that number of each stimulus (a spread: model_run_spread replays it,
 * in bulk between noise events). Every count this yields is simulated.
 *
 * Each cycle carries, for the devices the model's profile has:
 *   core (Intel SDM Vol. 3B table 18-1; Intel's perfmon lists): instructions, core and reference cycles (1 per cycle),
 *     branches and mispredicts; instructions that read and that write memory
 *     (MEM_INST_RETIRED.LOADS/STORES 0BH/01H, 02H on Nehalem; MEM_UOPS_RETIRED.ALL_LOADS/
 *     ALL_STORES D0H/81H, 82H from Sandy Bridge: SDM vol. 3B, chapter 19's event tables);
 *   uncore (package of cpu; the model has no cache, so every load is a memory
 *   read and every non-temporal store a partial-line memory write):
 *     NHM/WSM client (Linux uncore_snb.c, likwid): reads -> UNC_QMC_NORMAL_READS.ANY
 *       (0x2C, umask 0x07 and the
 *       kernel's 0x0F), UNC_QHL_REQUESTS.LOCAL_READS (0x20/0x10); nt stores ->
 *       UNC_QMC_WRITES.PARTIAL_ANY (0x2F/0x38), UNC_QHL_REQUESTS.LOCAL_WRITES (0x20/0x20);
 *     NHM-EX/WSM-EX (likwid perfmon_nehalemEX_events.txt): every cycle -> MBOX_CLOCKTICKS
 *       (inc_sel 0x1B) on both
 *       M-boxes; reads and nt stores -> BBOX_CMDS_ALL (inc_sel 0x1A) on M-box 0 (the
 *       buffer sits behind one controller); locked ops -> U-box BUF_VALID_LOCK (0x02);
 *     SNB-EP (Intel 327043-001 2.2; Intel's JKT uncore list): every cycle -> UNC_C_CLOCKTICKS
 *       (0x00) on C-boxes 0-7 and UNC_P_CLOCKTICKS (0x00) on the PCU; reads ->
 *       UNC_C_LLC_LOOKUP.DATA_READ (0x34/0x03) and UNC_C_TOR_INSERTS.MISS_ALL (0x35/0x0A)
 *       on C-box 0; nt stores -> UNC_C_LLC_LOOKUP.WRITE (0x34/0x05) on C-box 0; locked
 *       ops -> UNC_U_LOCK_CYCLES (0x44).
 *   Uncore clock (fixed) counters need no stimulus: they count the cycles themselves.
 */
#ifndef EFIPMU_SIM_WORKLOAD_H
#define EFIPMU_SIM_WORKLOAD_H

#include <stdint.h>
#include "check/kernels.h"
#include "model/model.h"

/*
 * The run as a spread (model.h) over m's devices, stim its room (MODEL_SPREAD_STIMS):
 * 0 cycles for a kernel the model lacks.
 */
void sim_workload_spread(const struct model *m, const struct kernel_desc *k,
			 uint64_t iterations, struct model_stim *stim, struct model_spread *out);

/* Simulated instructions of the run on cpu; 0 (nothing run) for a kernel the model lacks. */
uint64_t sim_workload_run(struct model *m, unsigned cpu, const struct kernel_desc *k,
			  uint64_t iterations);

#endif
