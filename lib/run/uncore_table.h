/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* A package's uncore counts by box type and its box clocks, on the console (issue 24 item 4). */
#ifndef EFIPMU_RUN_UNCORE_TABLE_H
#define EFIPMU_RUN_UNCORE_TABLE_H

#include "out/derived.h"
#include "run/run.h"

struct measure_state;
/* A domain of the uncore job: a package, or one die of it (die >= 0: "P0.D1", a `die` key). */
struct uncore_domain {
	unsigned package;
	int die;
};
/*
 * in[k] is the median count of m->ureqs[k] on domain d (in[k].event NULL: a request d does
 * not count, another die's), ticks the window in TSC ticks: per box type and event the sum
 * over its boxes and each box's count, then each box type's clock (an event ...CLOCKTICKS)
 * in MHz, the clocks of one domain checked against each other: FAIL where they differ by
 * more than uncore_table.c's bound.
 */
enum verdict uncore_table(struct run *a, const struct measure_state *m,
			  const struct uncore_domain *d, const struct derived_input *in,
			  uint64_t ticks);

#endif
