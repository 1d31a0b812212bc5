/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * What one run knows of the machine's uncore beyond its boxes (struct run's unc, made by
 * run_init and given back by run_fini): the discovery tables read (run/uncore_disc_job.c),
 * the PCI scan and the write guard it armed (run/uncore_pci_job.c). Nothing of it is
 * global: two runs alive in one process each see their own machine.
 */
#ifndef EFIPMU_RUN_UNCORE_STATE_H
#define EFIPMU_RUN_UNCORE_STATE_H

#include "pmu/uncore_disc_box.h"
#include "pmu/uncore_pci.h"

struct run_uncore {
	struct uncore_disc disc;
	bool built;                  /* disc holds the tables found (a family with one) */
	bool by_name;                /* test-discovery-device: read from the function it names */
	struct uncore_pci_scan scan;
	struct pmon_registry pmon;   /* the write guard (the backend's pmon once scanned) */
	bool scanned;
};

#endif
