/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu-host report: its pictures besides the skew timeline and the checks' heat map
 * (report_plots.c, issue 37 item 6): each core count per CPU as a heat map against its
 * package's median, and the memory bandwidth per socket and channel. Inline SVG, no script.
 */
#ifndef EFIPMU_HOST_REPORT_PLOTS_H
#define EFIPMU_HOST_REPORT_PLOTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "runlog.h"
#include "util/cpuset.h"

/* The packages of a log's cpu records, ascending, and each one's CPUs. */
struct plot_pkgs {
	unsigned n;
	const uint64_t *pk;
	const struct cpuset *cpus;
};

/* A package's memory bandwidth as the run logged it (its derived record, the median window). */
struct plot_bw {
	uint64_t package;
	char kernel[32];
	uint64_t read_milli, all_milli;   /* thousandths of MB/s; 0: not logged */
};

/* Each core event and kernel: a band per package, a cell per CPU coloured by its count
 * (median over repeats) against the package's median. */
void plot_count_heat(FILE *o, const struct runlog *g, const struct plot_pkgs *p, bool sim);

/* The memory lines (CAS counts) per package and channel as bytes, and over the package's
 * window (from bw) as MB/s: an SVG and a table per kernel. */
void plot_memory(FILE *o, const struct runlog *g, const struct plot_bw *bw, unsigned nbw,
		 bool sim);

#endif
