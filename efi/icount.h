/*
 * The kernels' instruction claims checked by a counter that is not the code
 * predicting them: under QEMU `-icount shift=N` on one vCPU with interrupts
 * off, the TSC advances exactly 2^N per instruction (QEMU-FACTS.md). The real
 * backend's gated window (efi/msr_asm.S) runs each kernel between two writes
 * of IA32_PERF_GLOBAL_CTRL's own value (harmless anywhere; TCG drops them),
 * so (ticks of kernel K) - (ticks of `empty`) must be expected(K, n) << N.
 */
#ifndef EFIPMU_ICOUNT_H
#define EFIPMU_ICOUNT_H

#include "app.h"

/*
 * BSP only, one enabled CPU, real backend. Logs an "icount" record per kernel
 * and iteration count, an "icount_window" record (N and the empty window's
 * instructions, to compare with the disassembly) and an "overhead" record
 * (`make bench` item 1: what the counters count besides the kernel, on the
 * engine's path and on a naive one). PASS when every claim holds.
 */
enum verdict job_icount(struct app *a);

#endif
