/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Counter arithmetic at the width CPUID reports (40, 44, 48 bits, ...).
 * Counters wrap at 2^width; a legacy IA32_PMCx write takes the low 32 bits
 * and sign-extends them from bit 31 up to the counter width (Intel SDM Vol. 4 table 2-2).
 */
#ifndef EFIPMU_COUNTER_H
#define EFIPMU_COUNTER_H

#include <stdbool.h>
#include <stdint.h>

/* The counter's bits: 2^width - 1 (all ones for width >= 64, 0 for width 0). */
uint64_t counter_mask(unsigned width);

/* Events counted from start to end, across at most one wrap. */
uint64_t counter_delta(uint64_t start, uint64_t end, unsigned width);

/* What a width-bit counter holds after a legacy write of v32. */
uint64_t counter_legacy_write_value(uint32_t v32, unsigned width);

/* True when a legacy write can leave the counter holding v (v < 2^31, or the top of the range). */
bool counter_legacy_writable(uint64_t v, unsigned width);

/*
 * Preload that makes the counter overflow on the n-th event: 2^width - n
 * (n = 0 and n >= 2^width give 0, a full period). Reachable with a legacy
 * write only for n <= 2^31; beyond that it needs IA32_A_PMCx.
 */
uint64_t counter_preload_for(uint64_t n, unsigned width);

#endif
