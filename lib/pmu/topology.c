/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "pmu/topology.h"

unsigned topo_package_leaders(const struct cpu_info *ci, unsigned n, const struct cpuset *sel,
			      struct package_leader *out, unsigned max, bool *more)
{
	unsigned np = 0;
	*more = false;
	for (unsigned i = 0; i < n; i++) {
		if (!ci[i].enabled || !cpuset_has(sel, ci[i].index))
			continue;
		unsigned p = 0;
		while (p < np && out[p].package != ci[i].package)
			p++;
		if (p < np) {
			out[p].cpus++;
			continue;
		}
		if (np == max) {
			*more = true;
			continue;
		}
		out[np].package = ci[i].package;
		out[np].cpu = ci[i].index;
		out[np].cpus = 1;
		np++;
	}
	return np;
}
