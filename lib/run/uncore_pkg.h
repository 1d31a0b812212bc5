/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * One package's part of the uncore job (run/job_uncore.c): what its leader
 * CPU does in each step (round g, repeat r) and what the boot CPU reports of
 * it. The leader probes its boxes once, on the first step: that they hold what
 * is written, and the width of a fixed counter the sources disagree on.
 */
#ifndef EFIPMU_RUN_UNCORE_PKG_H
#define EFIPMU_RUN_UNCORE_PKG_H

#include "run/run.h"
#include "pmu/topology.h"
#include "run/imc_freerun.h"
#include "util/flag.h"

#define UPKG_MAX_PROBES 16   /* distinct boxes of one run */
#define UPKG_MAX_WIDTHS 4    /* fixed counters of unsure width */

/*
 * Written only by its leader (AP code: no printing, no files) while it runs a step. A
 * domain is a package, or on AMD a CCX: its L3, and on the package's first CCX also the
 * package's boxes (Data Fabric, UMCs).
 */
struct pkg_run {
	struct run *a;
	struct package_leader leader;
	unsigned evi[UNCORE_MAX_EVENTS];   /* session event i: a->meas->ureqs[evi[i]] */
	bool probed;                    /* the probes ran (first step) */
	unsigned nprobes;
	struct uncore_probe probe[UPKG_MAX_PROBES];
	const struct box_desc *probe_box[UPKG_MAX_PROBES];
	pmu_status probe_st;            /* first probe that did not hold or faulted */
	unsigned nwidths;
	struct uncore_width_probe width[UPKG_MAX_WIDTHS];
	const struct box_desc *width_box[UPKG_MAX_WIDTHS];
	struct uncore_session s;        /* this step's round, planned on the boot CPU */
	pmu_status restore_st;
	uint64_t checksum;
	uint64_t tsc_on, tsc_off;       /* around the counting window, for bandwidth */
	pmu_status cha_msr_st;          /* the CHA count's MSR (uncore_pci_plat.cha_msr), first step */
	unsigned nfw;                   /* MSR boxes whose firmware state was said, once each */
	const struct box_desc *fw_box[UNCORE_MAX_EVENTS];
	uint64_t cha_msr;
	struct imc_freerun fr;          /* the default job's: read around each window */
	uint32_t done;                  /* util/flag.h: set once the step's results are stored */
} __attribute__((aligned(64)));

/* Does this domain count box d: per-CCX boxes on every CCX, the others once per package. */
bool upkg_counts_box(const struct pkg_run *p, const struct box_desc *d);
/* The step on the leader: probes (first step), program, kernel, read, restore. */
void upkg_on_leader(void *ctx, unsigned cpu);
/* Counted in this step: the leader answered, its boxes hold values, nothing failed. */
bool upkg_counted(const struct pkg_run *p);
/*
 * The step's records on the boot CPU: probes (first step), hand-off and ownership
 * (first repeat of a round), counts with their round and repeat, console rows
 * when `rows`. The verdict.
 */
enum verdict upkg_report(struct run *a, struct pkg_run *p, unsigned round, unsigned repeat,
			 bool rows);

#endif
