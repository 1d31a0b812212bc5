/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "model/model_dump.h"
#include "model/model_loaded.h"
#include "pmu/cpuinfo.h"
#include "pmu/topo_cpuid.h"
#include "util/fmt.h"

static struct pmu_cpuid raw(const struct model_cpuid_table *t, uint32_t leaf, uint32_t sub)
{
	const struct model_cpuid_leaf *l = model_cpuid_find(t, leaf, sub);
	return l ? (struct pmu_cpuid){ l->eax, l->ebx, l->ecx, l->edx } : (struct pmu_cpuid){ 0 };
}

/*
 * A CPU's APIC ID, package and core (within the package) as the app decodes its own leaves
 * (pmu/topo_cpuid.h); one it cannot decode: leaf 1's initial APIC ID, its own core of package 0.
 */
static struct model_dump_place place_of(const struct pmu_backend *b, const struct cpuid_dump *d,
					unsigned cpu, bool amd)
{
	const struct model_cpuid_table *t = &d->cpu[cpu];
	struct cpu_topo topo;
	topo_cpuid_decode(b, cpu, amd, raw(t, 0, 0).eax, raw(t, 0x80000000u, 0).eax, &topo);
	if (topo.st)
		return (struct model_dump_place){ raw(t, 1, 0).ebx >> 24, 0, cpu, 0 };
	return (struct model_dump_place){ topo.x2apic_id, topo.package, topo.core, 0 };
}

pmu_status model_dump_machine(struct cpuid_dump *d, struct machine *out,
			      const struct model_profile **base, struct model_dump_scratch *s,
			      struct model *mod, size_t bytes, const char **why)
{
	struct model_dump_place *pl = s->place;
	uint32_t pkgs[MACHINE_MAX_PKGS];
	unsigned npkgs = 0, per[MACHINE_MAX_PKGS] = { 0 };
	*why = "no CPU with CPUID leaf 1";
	if (!d->ncpu || !model_cpuid_find(&d->cpu[0], 1, 0))
		return PMU_ERR_INVALID;
	*why = "more logical CPUs (or packages) than a profile holds";
	if (d->ncpu > out->cap || d->ncpu > s->cap || d->ncpu > MODEL_MAX_CPUS)
		return PMU_ERR_INVALID;
	struct pmu_cpuid r0 = raw(&d->cpu[0], 0, 0);
	char vendor[13];
	pmu_memcpy(vendor, &r0.ebx, 4);
	pmu_memcpy(vendor + 4, &r0.edx, 4);
	pmu_memcpy(vendor + 8, &r0.ecx, 4);
	vendor[12] = 0;
	struct pmu_backend b;
	cpuid_dump_backend(d, &b);
	for (unsigned i = 0; i < d->ncpu; i++) {
		pl[i] = place_of(&b, d, i, pmu_vendor_amd(vendor));
		unsigned k = 0;
		while (k < npkgs && pkgs[k] != pl[i].package)
			k++;
		if (k == npkgs && (npkgs == MACHINE_MAX_PKGS || npkgs == MODEL_MAX_PKGS))
			return PMU_ERR_INVALID;
		if (k == npkgs)
			pkgs[npkgs++] = pl[i].package;
		pl[i].pkg = k;
		per[k]++;
	}
	*why = "its CPUs are not spread evenly over its packages (a profile's model needs that)";
	for (unsigned k = 1; k < npkgs; k++)
		if (per[k] != per[0])
			return PMU_ERR_INVALID;
	uint32_t leaf_0a = raw(&d->cpu[0], 0xA, 0).eax;
	*base = model_base_for(vendor, raw(&d->cpu[0], 1, 0).eax, &leaf_0a);
	*why = "the base profile's model cannot make that topology";
	pmu_status st = model_init(mod, bytes, *base, d->ncpu, npkgs);
	for (unsigned i = 0; !st && i < d->ncpu; i++) {
		st = model_place_cpu(mod, i, pl[i].pkg);
		if (!st)
			st = model_place_core(mod, i, pl[i].core);
	}
	if (!st)
		st = model_machine(mod, out, &s->machine);
	if (st)
		return st;
	/* the dump's own CPUID, walked as a capture walks a CPU */
	for (unsigned i = 0; i < d->ncpu; i++) {
		out->cpu[i].apic_id = pl[i].apic;
		(void)cpuid_walk(&b, i, &out->cpu[i].walk);
	}
	*why = NULL;
	return PMU_OK;
}
