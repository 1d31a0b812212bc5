/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Which CPU speaks for each package: uncore registers are per package (Intel SDM Vol. 3B 18.8.2;
 * Intel 327043-001).
 */
#ifndef EFIPMU_TOPOLOGY_H
#define EFIPMU_TOPOLOGY_H

#include "pmu/cpuinfo.h"
#include "util/cpuset.h"

#define TOPO_MAX_PACKAGES 16

struct package_leader {
	uint32_t package;   /* package number from the topology */
	unsigned cpu;       /* lowest-numbered enabled, selected CPU of that package */
	unsigned cpus;      /* enabled, selected CPUs of that package */
	bool by_ccx;        /* topo_ccx_leaders: a leader of one CCX (AMD L3) */
	uint32_t ccx;       /* its CCX (pmu/uncore_amd.h uncore_ccx_of) */
	bool by_die;        /* topo_die_leaders: a leader of one die (firmware's Location2) */
	uint32_t die;       /* its die in its package */
	bool first_of_pkg;  /* the package's first CCX or die: it also counts the package's boxes */
};

/*
 * One leader per package among ci[0..n) that are enabled and in sel, in order
 * of first appearance. Returns how many packages (at most max); *more is set
 * when further packages did not fit.
 */
unsigned topo_package_leaders(const struct cpu_info *ci, unsigned n, const struct cpuset *sel,
			      struct package_leader *out, unsigned max, bool *more);

/*
 * The same per CCX (the CPUs sharing an L3, AMD): one leader per package and CCX, the first
 * of each package marked first_of_pkg. out holds n: every CCX has a CPU, so all fit.
 */
unsigned topo_ccx_leaders(const struct cpu_info *ci, unsigned n, const struct cpuset *sel,
			  struct package_leader *out);

/*
 * The same per die (cpu_info.die): one leader per package and die, the first of each package
 * marked first_of_pkg. out holds n.
 */
unsigned topo_die_leaders(const struct cpu_info *ci, unsigned n, const struct cpuset *sel,
			  struct package_leader *out);

#endif
