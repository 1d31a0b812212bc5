/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* A package's uncore counts by box type and its box clocks, on the console (issue 24 item 4). */
#ifndef EFIPMU_RUN_UNCORE_TABLE_H
#define EFIPMU_RUN_UNCORE_TABLE_H

#include "out/derived.h"
#include "run/run.h"

struct measure_state;
/*
 * in[k] is the median count of m->ureqs[k] on this package (a package domain counts
 * every request), ticks the window in TSC ticks: per box type and event the sum over its
 * boxes and each box's count, then each box type's clock (an event ...CLOCKTICKS) in MHz,
 * the clocks of one domain checked against each other: FAIL where they differ by more than
 * uncore_table.c's bound.
 */
enum verdict uncore_table(struct run *a, const struct measure_state *m, unsigned package,
			  const struct derived_input *in, uint64_t ticks);

#endif
