/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "util/stats.h"

void stats_compute(uint64_t *v, unsigned n, struct stats_u64 *out)
{
	/* Insertion sort: n is at most a few thousand repeats. */
	for (unsigned i = 1; i < n; i++) {
		uint64_t x = v[i];
		unsigned j = i;
		for (; j && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
	out->n = n;
	out->min = n ? v[0] : 0;
	out->max = n ? v[n - 1] : 0;
	out->median = n ? v[(n - 1) / 2] : 0;
}
