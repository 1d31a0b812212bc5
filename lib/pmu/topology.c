/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "pmu/topology.h"
#include "pmu/uncore_amd.h"

enum group { BY_PACKAGE, BY_CCX, BY_DIE };

static unsigned leaders(const struct cpu_info *ci, unsigned n, const struct cpuset *sel,
			struct package_leader *out, unsigned max, bool *more, enum group g)
{
	unsigned np = 0;
	*more = false;
	for (unsigned i = 0; i < n; i++) {
		if (!ci[i].enabled || !cpuset_has(sel, ci[i].index))
			continue;
		uint32_t ccx = g == BY_CCX ? uncore_ccx_of(&ci[i]) : 0;
		uint32_t die = g == BY_DIE ? ci[i].die : 0;
		unsigned p = 0;
		bool seen_pkg = false;
		for (; p < np && (out[p].package != ci[i].package || out[p].ccx != ccx ||
				  out[p].die != die); p++)
			seen_pkg = seen_pkg || out[p].package == ci[i].package;
		if (p < np) {
			out[p].cpus++;
			continue;
		}
		if (np == max) {
			*more = true;
			continue;
		}
		out[np] = (struct package_leader){ .package = ci[i].package, .cpu = ci[i].index,
						   .cpus = 1, .by_ccx = g == BY_CCX, .ccx = ccx,
						   .by_die = g == BY_DIE, .die = die,
						   .first_of_pkg = !seen_pkg };
		np++;
	}
	return np;
}

unsigned topo_package_leaders(const struct cpu_info *ci, unsigned n, const struct cpuset *sel,
			      struct package_leader *out, unsigned max, bool *more)
{
	return leaders(ci, n, sel, out, max, more, BY_PACKAGE);
}

unsigned topo_ccx_leaders(const struct cpu_info *ci, unsigned n, const struct cpuset *sel,
			  struct package_leader *out)
{
	bool more;
	return leaders(ci, n, sel, out, n, &more, BY_CCX);
}

unsigned topo_die_leaders(const struct cpu_info *ci, unsigned n, const struct cpuset *sel,
			  struct package_leader *out)
{
	bool more;
	return leaders(ci, n, sel, out, n, &more, BY_DIE);
}
