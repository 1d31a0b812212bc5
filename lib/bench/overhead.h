/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* `make bench` item 1: the engine's window overhead against a naive path (bench/overhead.c). */
#ifndef EFIPMU_BENCH_OVERHEAD_H
#define EFIPMU_BENCH_OVERHEAD_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/restore_check.h"
#include "run/run.h"

/*
 * On the boot CPU, under QEMU -icount shift: logs an "overhead" record and
 * prints the engine's and the naive path's instructions besides the kernel,
 * from the empty kernel's window of empty_ticks. false when the naive path's
 * own count does not hold (its fixed part is not the assembly's) or it could
 * not run. The PERFEVTSELx it rewrote are read back into back.
 */
bool bench_overhead(struct run *a, uint64_t empty_ticks, unsigned shift, struct restore_tally *back);

#endif
