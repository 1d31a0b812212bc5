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

/*
 * Written only by its leader (AP code: no printing, no files) while it runs a step. A
 * domain is a package, or on AMD a CCX: its L3, and on the package's first CCX also the
 * package's boxes (Data Fabric, UMCs); or a die: its own MSR units behind a portal (Diamond
 * Rapids' CBB), and on the package's first die also the package's boxes.
 */
struct pkg_run {
	struct run *a;
	const struct measure_state *m;  /* the measurement it is part of */
	struct package_leader leader;
	/*
	 * The tables below hold max entries, the events this domain counts (no more distinct
	 * boxes than that): memory of their own per domain (upkg_tables_init).
	 */
	unsigned max;
	void *mem;                      /* their allocation (run_alloc_lines' base), the session's too */
	unsigned *evi;                  /* session event i: m->ureqs[evi[i]] */
	bool probed;                    /* the probes ran (first step) */
	unsigned nprobes;
	struct uncore_probe *probe;
	const struct box_desc **probe_box;
	pmu_status probe_st;            /* first probe that did not hold or faulted */
	unsigned nwidths;               /* fixed counters of unsure width */
	struct uncore_width_probe *width;
	const struct box_desc **width_box;
	struct uncore_session s;        /* this step's round, planned on the boot CPU */
	pmu_status restore_st;
	uint64_t checksum;
	uint64_t tsc_on, tsc_off;       /* around the counting window, for bandwidth */
	pmu_status cha_msr_st;          /* the CHA count's MSR (uncore_pci_plat.cha_msr), first step */
	unsigned nfw;                   /* MSR boxes whose firmware state was said, once each */
	const struct box_desc **fw_box;
	uint64_t cha_msr;
	struct imc_freerun fr;          /* the default job's: read around each window */
	uint32_t done;                  /* util/flag.h: set once the step's results are stored */
} __attribute__((aligned(64)));

/* Bytes of the tables of a domain of up to max events. */
size_t upkg_tables_size(unsigned max);
/* Gives p its tables in mem (upkg_tables_size(max) bytes, 8-byte aligned), its session's too. */
void upkg_tables_init(struct pkg_run *p, void *mem, unsigned max);

/* Does this domain count the package's boxes: a package, or its first CCX or die. */
bool upkg_counts_package(const struct pkg_run *p);
/*
 * Does this domain count box d: per-CCX boxes on every CCX, per-die boxes on each die whose
 * table lists them, the others once per package.
 */
bool upkg_counts_box(const struct pkg_run *p, const struct box_desc *d);
/* Records and rows of a die's domain name it: its package has tables on several dies. */
bool upkg_die_named(const struct pkg_run *p);
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
