/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * What an uncore family adds beyond its box types (hw/box_type.h), one const row a family:
 * its default events, whether they count memory around the stream kernel, whether its
 * boxes are a discovery table's, where its PCI boxes and CHAs are found, its free-running
 * counters, why it has no clock. The run asks the row (lib/run names no family); the
 * engine's family logic (pmu/uncore_family.h) reads it.
 */
#ifndef EFIPMU_HW_UNCORE_FAMILIES_H
#define EFIPMU_HW_UNCORE_FAMILIES_H

#include "hw/uncore_desc.h"

/* A default event: its name (NULL: the one evspec gives) and spec. */
struct uncore_default {
	const char *name, *spec;
	int8_t perfmon_v2;   /* -1: on every part; else only where AMD PerfMonV2 is (1) or not (0) */
};

/* An event of a box: its name and terms, counted as "<box>/<terms>/". */
struct uncore_box_event {
	const char *name, *terms;
};

/* The default events of each box of a name. */
struct uncore_box_defaults {
	const char *box;              /* a box's name, or with prefix the start of several */
	bool prefix;
	const uint8_t *models;        /* only on these models (0 ends the list); NULL: on every */
	const struct uncore_box_event *ev;
	unsigned n;
	uint8_t family;               /* the models' display family; 0: 6 */
};

/*
 * Free-running counters (Linux uncore.h struct freerunning_counters): num_counters of them at
 * a box's base + counter_base + counter_offset * i, bits wide, with no control: read, never
 * written. Each counter's name (its key in records) and what it counts.
 */
enum freerun_role { FR_READ_LINES, FR_WRITE_LINES, FR_CLOCK };

struct freerun_ctr {
	const char *name;
	enum freerun_role role;
};

struct freerun_type {
	uint32_t counter_base, counter_offset;
	uint8_t num_counters, bits;
	const struct freerun_ctr *ctr;
};

struct uncore_family_desc {
	enum uncore_family fam;
	const char *name;             /* as the log and the console name it */
	/*
	 * Which processors have it: Intel family 6's models (0 ends the list; NULL: none), and
	 * AMD's families from amd_from on (the row of the highest one at or below the CPU's
	 * family wins; 0: no AMD family). A new part of a known family is a model in its row.
	 */
	const uint8_t *intel_models;
	uint8_t amd_from;
	const struct uncore_default *defaults;
	unsigned ndefaults;
	const struct uncore_box_defaults *box_defaults;
	unsigned nbox_defaults;
	bool default_memory;          /* its defaults are memory channels: the default job's kernel is stream */
	bool disc;                    /* its boxes are a discovery table's (hw/uncore_disc.h) */
	const struct uncore_pci_plat *pci;   /* NULL: no PCI boxes */
	/* at each memory controller's MMIO base (its channels' region), in the default job */
	const struct freerun_type *freerun;
	unsigned nfreerun;
	const char *no_clock_why;     /* why efipmu counts no fixed clock of this uncore, or NULL */
};

/* The family's row; a row of nothing for a family without one (UNCORE_NONE). */
const struct uncore_family_desc *uncore_family_desc(enum uncore_family fam);
/* Every family's row (*n of them), for choosing one by processor (pmu/cpuinfo.c). */
const struct uncore_family_desc *uncore_family_rows(unsigned *n);

#endif
