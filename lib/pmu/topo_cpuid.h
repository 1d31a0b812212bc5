/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A CPU's place in the machine as its own CPUID says it: the x2APIC ID (32 bits) and the
 * topology levels it is split into. Intel: leaf 1FH, else 0BH, else leaves 1 and 4
 * (SDM vol. 2A, CPUID, table 3-8). AMD: 0x80000026, else 0x8000001E with 0x80000008
 * (AMD64 APM vol. 3 (24594), appendix E). Runs on the CPU itself: no output, no allocation.
 */
#ifndef EFIPMU_TOPO_CPUID_H
#define EFIPMU_TOPO_CPUID_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/backend.h"

enum topo_source {
	TOPO_SRC_NONE,     /* not decoded (cpu_topo.st says why) */
	TOPO_SRC_LEAF_1F,
	TOPO_SRC_LEAF_0B,
	TOPO_SRC_LEAF_1,   /* leaf 1's 8-bit initial APIC ID; Intel leaf 4 / AMD 0x80000008 */
	TOPO_SRC_AMD_26,
	TOPO_SRC_AMD_1E,
};

/* Level types: the leaf's own numbering (SDM 1FH; APM 0x80000026), 1 and 2 for the others. */
#define TOPO_TYPE_SMT 1
#define TOPO_TYPE_CORE 2
#define TOPO_MAX_LEVELS 8

struct topo_level {
	uint8_t type;    /* the leaf's level type; an unknown one is kept by number */
	uint8_t shift;   /* x2APIC ID >> shift: the ID of the level above */
	uint32_t id;     /* this level's ID within the one above: the bits since the last shift */
};

struct cpu_topo {
	pmu_status st;        /* PMU_OK; UNSUPPORTED: no leaf; INVALID: shifts; a CPUID read's */
	uint8_t source;       /* enum topo_source */
	uint8_t nlevels;
	uint32_t x2apic_id;
	uint32_t package;     /* x2APIC ID >> the last level's shift */
	uint32_t core;        /* in the package: the bits from the SMT level's shift up */
	uint32_t thread;      /* the SMT level's ID (0 without one) */
	bool has_node;        /* AMD 0x8000001E: ECX NodeId and NodesPerProcessor */
	uint8_t node, nodes;
	struct topo_level level[TOPO_MAX_LEVELS];
};

/* cpu's topology from its leaves, CPUID's maxima (leaf 0, 0x80000000 EAX) respected. */
void topo_cpuid_decode(const struct pmu_backend *b, unsigned cpu, bool amd, uint32_t max_leaf,
		       uint32_t max_ext_leaf, struct cpu_topo *t);

/* "cpuid-1f", "cpuid-0b", "cpuid-1", "cpuid-80000026", "cpuid-8000001e"; NULL for NONE. */
const char *topo_source_name(uint8_t source);
/* "smt", "core", "module", "tile", "die"; AMD 0x80000026 "smt", "core", "ccx", "ccd". NULL: unknown. */
const char *topo_level_name(uint8_t source, uint8_t type);

#endif
