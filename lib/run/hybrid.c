/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Hybrid processors (Alder Lake on): the console groups what it says by core type
 * (CPUID.1AH:EAX[31:24]), each type with its own counters (leaf 0x23 where present,
 * the quirk hooks otherwise: pmu/core_quirks.c); AMD's (Strix Point's Zen 5 and Zen 5c) by
 * CPUID 0x80000026 CoreType, one line each.
 */
#include "run/run.h"
#include "pmu/core_engine.h"
#include "pmu/evspec.h"

/*
 * An E-core whose event list's mapfile row is Intel's LowPower_Atom has its own slot: its own
 * list and counters, so its own plan (Arrow Lake-H, 06_C5: intel/perfmon mapfile.csv gives
 * native model ID 2 Crestmont's list beside ID 3 Skymont's; the dump's logical CPUs #14-15
 * read CPUID.1AH EAX 0x20000002).
 */
unsigned run_type_slot(const struct cpu_info *ci)
{
	const struct ev_model *m;
	if (ci->arch.core_type != CORE_TYPE_ATOM)
		return 0;
	m = ev_model_for(ci);
	return m && m->low_power ? 2 : 1;
}

/* "0-3" for a run of bits, "0,1,2,4,5,6" otherwise. */
static void put_bits(struct strbuf *sb, uint32_t mask)
{
	unsigned n = pmu_popcount(mask), lo = 0;
	while (mask && !((mask >> lo) & 1))
		lo++;
	if (n > 1 && mask == (((1u << n) - 1) << lo)) {
		sb_dec(sb, lo);
		sb_putc(sb, '-');
		sb_dec(sb, lo + n - 1);
		return;
	}
	for (unsigned i = 0, first = 1; i < 32; i++) {
		if (!((mask >> i) & 1))
			continue;
		if (!first)
			sb_putc(sb, ',');
		sb_dec(sb, i);
		first = 0;
	}
}

void run_core_counters(const struct cpu_info *ci, unsigned *gp, unsigned *fixed)
{
	struct core_pmu p;
	core_pmu_from_cpu(ci, &p);
	*gp = p.n_gp;
	*fixed = pmu_popcount(p.fixed_mask & ((1u << CORE_MAX_FIXED) - 1));
}

/*
 * A CPU's hybrid type: Intel's CPUID.1AH:EAX[31:24], else AMD's CPUID 0x80000026 CoreType
 * (pmu_arch_info.amd_core_type, 0x100 above Intel's codes); 0 when not hybrid.
 */
static unsigned type_of(const struct cpu_info *ci)
{
	if (ci->arch.core_type)
		return ci->arch.core_type;
	return ci->arch.amd_core_type ? 0x100u + ci->arch.amd_core_type : 0;
}

/* CPU j is of type t with the counters CPUID gives CPU i. */
static bool same_kind(const struct run *a, unsigned i, unsigned j, unsigned t)
{
	const struct cpu_info *x = &a->slot[i].info, *y = &a->slot[j].info;
	return y->enabled && type_of(y) == t && y->arch.gp_mask == x->arch.gp_mask &&
	       y->arch.fixed_mask == x->arch.fixed_mask;
}

/*
 * One line per core type and counters: its CPUs and the counters the engine drives on
 * them (Arrow Lake-H's low-power E-cores share the E-cores' type, not their fixed counters).
 */
void run_say_core_types(struct run *a)
{
	static const struct { unsigned type; const char *label; } types[] = {
		{ CORE_TYPE_CORE, "P-cores (core type core)" },
		{ CORE_TYPE_ATOM, "E-cores (core type atom)" },
		{ 0x101, "performance cores (CPUID 0x80000026 CoreType 0)" },
		{ 0x102, "efficiency cores (CPUID 0x80000026 CoreType 1)" },
	};
	for (unsigned t = 0; t < sizeof(types) / sizeof(types[0]); t++) {
		for (unsigned i = 0; i < a->plat->ncpus; i++) {
			bool first = same_kind(a, i, i, types[t].type);
			for (unsigned j = 0; j < i && first; j++)
				first = !same_kind(a, i, j, types[t].type);
			if (!first)
				continue;   /* said with an earlier CPU of its kind, or not of type t */
			struct core_pmu p;
			core_pmu_from_cpu(&a->slot[i].info, &p);
			sb_puts(&a->sb, types[t].label);
			sb_puts(&a->sb, ": CPUs ");
			for (unsigned j = i; j < a->plat->ncpus; j++) {
				if (!same_kind(a, i, j, types[t].type))
					continue;
				if (j != i)
					sb_putc(&a->sb, ',');
				sb_dec(&a->sb, j);
			}
			sb_puts(&a->sb, "; PMC ");
			put_bits(&a->sb, p.gp_mask & ((1u << p.n_gp) - 1));
			if (types[t].type < 0x100) {   /* AMD's cores have no fixed counters */
				sb_puts(&a->sb, ", FIXED_CTR ");
				put_bits(&a->sb, p.fixed_mask & ((1u << CORE_MAX_FIXED) - 1));
			}
			run_say(a);
		}
	}
}
