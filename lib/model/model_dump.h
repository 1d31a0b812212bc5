/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The machine of a CPUID dump (issue 26 item 2: `efipmu-host cpuid` dumps convert to
 * profiles too): each logical CPU's CPUID is the dump's, read by the capture's own walk;
 * what a dump cannot say (MSRs and their hand-off values, the uncore, its PCI boxes) is
 * the machine the model makes of the built-in profile of the same vendor, family and
 * model (model_base_for, as a profile file's unseen parts are).
 */
#ifndef EFIPMU_MODEL_DUMP_H
#define EFIPMU_MODEL_DUMP_H

#include "model/cpuid_dump.h"
#include "model/model_machine.h"

/* Where a dump's CPU sits: its APIC ID, its package's (as CPUID numbers it), its core. */
struct model_dump_place {
	uint32_t apic, package, core;
};

/* What model_dump_machine needs besides: the scan's space, each CPU's place and package. */
struct model_dump_scratch {
	struct model_machine_scratch machine;
	struct model_dump_place place[MACHINE_MAX_CPUS];
	unsigned idx[MACHINE_MAX_CPUS];
};

/*
 * d's machine into out, its unseen parts from *base (set), made by the base profile's model
 * in the block mod of `bytes` (model_bytes(d->ncpu)). Each CPU's place from its
 * CPUID as the app decodes it (pmu/topo_cpuid.h), else the initial APIC ID of leaf 1
 * EBX[31:24], each CPU its own core of package 0. PMU_ERR_INVALID with *why: no CPU with
 * leaf 1, more CPUs than out has room for, or CPUs not spread evenly over their packages.
 */
pmu_status model_dump_machine(struct cpuid_dump *d, struct machine *out,
			      const struct model_profile **base, struct model_dump_scratch *s,
			      struct model *mod, size_t bytes, const char **why);

#endif
