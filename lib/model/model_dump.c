/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "model/model_dump.h"
#include "model/model_loaded.h"
#include "util/fmt.h"

#define TOPOLOGY_LEAF 0xB
#define LEVEL_CORE 2                 /* leaf 0xB ECX[15:8]: the level type "Core" */

static struct pmu_cpuid raw(const struct model_cpuid_table *t, uint32_t leaf, uint32_t sub)
{
	const struct model_cpuid_leaf *l = model_cpuid_find(t, leaf, sub);
	return l ? (struct pmu_cpuid){ l->eax, l->ebx, l->ecx, l->edx } : (struct pmu_cpuid){ 0 };
}

/* A CPU's APIC ID, package and core (within the package) from its own leaves. */
static struct model_dump_place place_of(const struct model_cpuid_table *t, unsigned cpu)
{
	struct pmu_cpuid smt = raw(t, TOPOLOGY_LEAF, 0), core = raw(t, TOPOLOGY_LEAF, 1);
	if (raw(t, 0, 0).eax < TOPOLOGY_LEAF || !smt.ebx)
		return (struct model_dump_place){ raw(t, 1, 0).ebx >> 24, 0, cpu };
	unsigned smt_bits = smt.eax & 0x1F;
	unsigned pkg_bits = ((core.ecx >> 8) & 0xFF) == LEVEL_CORE ? core.eax & 0x1F : smt_bits;
	uint32_t apic = smt.edx;
	uint32_t in_pkg = pkg_bits >= 32 ? apic : apic & ((1u << pkg_bits) - 1);
	uint32_t package = pkg_bits >= 32 ? 0 : apic >> pkg_bits;
	return (struct model_dump_place){ apic, package, in_pkg >> smt_bits };
}

pmu_status model_dump_machine(struct cpuid_dump *d, struct machine *out,
			      const struct model_profile **base, struct model_dump_scratch *s,
			      struct model *mod, size_t bytes, const char **why)
{
	struct model_dump_place *pl = s->place;
	uint32_t pkgs[MACHINE_MAX_PKGS];
	unsigned npkgs = 0, per[MACHINE_MAX_PKGS] = { 0 }, *idx = s->idx;
	*why = "no CPU with CPUID leaf 1";
	if (!d->ncpu || !model_cpuid_find(&d->cpu[0], 1, 0))
		return PMU_ERR_INVALID;
	*why = "more logical CPUs (or packages) than a profile holds";
	if (d->ncpu > out->cap || d->ncpu > MODEL_MAX_CPUS)
		return PMU_ERR_INVALID;
	for (unsigned i = 0; i < d->ncpu; i++) {
		pl[i] = place_of(&d->cpu[i], i);
		unsigned k = 0;
		while (k < npkgs && pkgs[k] != pl[i].package)
			k++;
		if (k == npkgs && (npkgs == MACHINE_MAX_PKGS || npkgs == MODEL_MAX_PKGS))
			return PMU_ERR_INVALID;
		if (k == npkgs)
			pkgs[npkgs++] = pl[i].package;
		idx[i] = k;
		per[k]++;
	}
	*why = "its CPUs are not spread evenly over its packages (a profile's model needs that)";
	for (unsigned k = 1; k < npkgs; k++)
		if (per[k] != per[0])
			return PMU_ERR_INVALID;
	struct pmu_cpuid r0 = raw(&d->cpu[0], 0, 0);
	char vendor[13];
	pmu_memcpy(vendor, &r0.ebx, 4);
	pmu_memcpy(vendor + 4, &r0.edx, 4);
	pmu_memcpy(vendor + 8, &r0.ecx, 4);
	vendor[12] = 0;
	uint32_t leaf_0a = raw(&d->cpu[0], 0xA, 0).eax;
	*base = model_base_for(vendor, raw(&d->cpu[0], 1, 0).eax, &leaf_0a);
	*why = "the base profile's model cannot make that topology";
	pmu_status st = model_init(mod, bytes, *base, d->ncpu, npkgs);
	for (unsigned i = 0; !st && i < d->ncpu; i++) {
		st = model_place_cpu(mod, i, idx[i]);
		if (!st)
			st = model_place_core(mod, i, pl[i].core);
	}
	if (!st)
		st = model_machine(mod, out, &s->machine);
	if (st)
		return st;
	/* the dump's own CPUID, walked as a capture walks a CPU */
	struct pmu_backend b;
	cpuid_dump_backend(d, &b);
	for (unsigned i = 0; i < d->ncpu; i++) {
		out->cpu[i].apic_id = pl[i].apic;
		(void)cpuid_walk(&b, i, &out->cpu[i].walk);
	}
	*why = NULL;
	return PMU_OK;
}
