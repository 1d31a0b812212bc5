/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "pmu/topology.h"
#include "pmu/uncore_amd.h"

static unsigned leaders(const struct cpu_info *ci, unsigned n, const struct cpuset *sel,
			struct package_leader *out, unsigned max, bool *more, bool by_ccx)
{
	unsigned np = 0;
	*more = false;
	for (unsigned i = 0; i < n; i++) {
		if (!ci[i].enabled || !cpuset_has(sel, ci[i].index))
			continue;
		uint32_t ccx = by_ccx ? uncore_ccx_of(&ci[i]) : 0;
		unsigned p = 0;
		bool seen_pkg = false;
		for (; p < np && (out[p].package != ci[i].package || out[p].ccx != ccx); p++)
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
						   .cpus = 1, .by_ccx = by_ccx, .ccx = ccx,
						   .first_of_pkg = !seen_pkg };
		np++;
	}
	return np;
}

unsigned topo_package_leaders(const struct cpu_info *ci, unsigned n, const struct cpuset *sel,
			      struct package_leader *out, unsigned max, bool *more)
{
	return leaders(ci, n, sel, out, max, more, false);
}

unsigned topo_ccx_leaders(const struct cpu_info *ci, unsigned n, const struct cpuset *sel,
			  struct package_leader *out)
{
	bool more;
	return leaders(ci, n, sel, out, n, &more, true);
}
