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

/*
 * Where a dump's CPU sits: its APIC ID, its package's (as CPUID numbers it), its core, and
 * the model package it goes to (packages in the order their first CPU appears).
 */
struct model_dump_place {
	uint32_t apic, package, core;
	unsigned pkg;
};

/*
 * What model_dump_machine needs besides: the scan's space and each CPU's place, room for
 * `cap` CPUs (allocate model_dump_scratch_bytes(cap): sized from the dump, not a maximum).
 */
struct model_dump_scratch {
	struct model_machine_scratch machine;
	unsigned cap;
	struct model_dump_place place[];
};

static inline size_t model_dump_scratch_bytes(unsigned cap)
{
	return sizeof(struct model_dump_scratch) + (size_t)cap * sizeof(struct model_dump_place);
}

/*
 * d's machine into out, its unseen parts from *base (set), made by the base profile's model
 * in the block mod of `bytes` (model_bytes(d->ncpu)). Each CPU's place from its
 * CPUID as the app decodes it (pmu/topo_cpuid.h), else the initial APIC ID of leaf 1
 * EBX[31:24], each CPU its own core of package 0. PMU_ERR_INVALID with *why: no CPU with
 * leaf 1, more CPUs than out or s has room for, or CPUs not spread evenly over their packages.
 */
pmu_status model_dump_machine(struct cpuid_dump *d, struct machine *out,
			      const struct model_profile **base, struct model_dump_scratch *s,
			      struct model *mod, size_t bytes, const char **why);

#endif
