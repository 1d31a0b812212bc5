/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The machine a model makes of its profile, as the capture would read it (model_machine.c). */
#ifndef EFIPMU_MODEL_MACHINE_H
#define EFIPMU_MODEL_MACHINE_H

#include "capture/machine.h"
#include "model/model.h"
#include "pmu/pmon_registry.h"
#include "pmu/uncore_pci.h"
#include "pmu/uncore_disc_box.h"

/* What model_machine needs besides: the PCI scan's working space, the caller's memory. */
struct model_machine_scratch {
	struct uncore_pci_scan scan;
	struct pmon_registry reg;
	struct uncore_disc disc;   /* a discovery table's part: its tables */
	struct box_alloc mem;      /* the machine's boxes, while it is read (the caller's) */
};

/*
 * m's machine (model_init'ed, its CPUs placed; APIC id = CPU number) into out, after the
 * app's discovery on every CPU. PMU_ERR_NOSPACE past out's room (its CPUs; its portal tables:
 * those past it counted in out->portals_left) or MACHINE_MAX_PKGS, or when s->mem has no
 * memory for its boxes.
 */
pmu_status model_machine(struct model *m, struct machine *out, struct model_machine_scratch *s);

/* The dies of m's packages: the portal tables its machine may have (one a die), out's room. */
unsigned model_machine_dies(const struct model *m);

#endif
