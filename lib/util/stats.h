/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Min, median and max of repeated counts (-n N): exact integers, no scaling. */
#ifndef EFIPMU_STATS_H
#define EFIPMU_STATS_H

#include <stdint.h>

struct stats_u64 {
	unsigned n;
	uint64_t min, median, max;   /* median of an even n: the lower middle value */
};

/* Sorts v[0..n) in place. n == 0 gives all zeros. */
void stats_compute(uint64_t *v, unsigned n, struct stats_u64 *out);

#endif
