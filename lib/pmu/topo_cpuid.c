/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "pmu/topo_cpuid.h"
#include "hw/regfield.h"
#include "util/fmt.h"

#define LEAF_BASIC 0x1u
#define LEAF_CACHE 0x4u
#define LEAF_TOPO 0xBu
#define LEAF_TOPO_V2 0x1Fu
#define LEAF_AMD_FEATURES 0x80000001u
#define LEAF_AMD_SIZES 0x80000008u
#define LEAF_AMD_IDS 0x8000001Eu
#define LEAF_AMD_TOPO 0x80000026u

/*
 * Leaves 0BH and 1FH, each subleaf (SDM vol. 2A, CPUID, table 3-8), and AMD's 0x80000026
 * laid out alike (APM vol. 3, appendix E, Fn8000_0026): EDX is the x2APIC ID.
 */
enum { XT_SHIFT, XT_COUNT, XT_TYPE };
static const struct reg_field xtopo[] = {
	[XT_SHIFT] = { "shift", 0, 5, RA_RO, NULL },               /* EAX[4:0] */
	[XT_COUNT] = { "logical_processors", 0, 16, RA_RO, NULL }, /* EBX[15:0]: 0 in subleaf 0: no leaf */
	[XT_TYPE] = { "level_type", 8, 8, RA_RO, NULL },           /* ECX[15:8]: 0 past the last level */
};

/* Leaf 1 EBX, EDX and leaf 4 EAX (SDM vol. 2A, CPUID, table 3-8). */
enum { L1_APIC_ID, L1_MAX_LP, L1_HTT, L4_MAX_CORES };
static const struct reg_field legacy[] = {
	[L1_APIC_ID] = { "initial_apic_id", 24, 8, RA_RO, NULL },      /* leaf 1 EBX[31:24] */
	[L1_MAX_LP] = { "max_logical_ids", 16, 8, RA_RO, NULL },       /* leaf 1 EBX[23:16] */
	[L1_HTT] = { "htt", 28, 1, RA_RO, NULL },                      /* leaf 1 EDX[28]: EBX[23:16] valid */
	[L4_MAX_CORES] = { "max_core_ids_m1", 26, 6, RA_RO, NULL },    /* leaf 4 EAX[31:26], minus 1 */
};

/* AMD64 APM vol. 3 (24594), appendix E: Fn8000_0001 ECX, Fn8000_0008 ECX, Fn8000_001E EBX/ECX. */
enum { A_TOPOEXT, A_APIC_ID_SIZE, A_NC, A_THREADS_M1, A_NODE, A_NODES_M1 };
static const struct reg_field amd[] = {
	[A_TOPOEXT] = { "TopologyExtensions", 22, 1, RA_RO, NULL },  /* 0x80000001 ECX[22] */
	[A_APIC_ID_SIZE] = { "ApicIdSize", 12, 4, RA_RO, NULL },     /* 0x80000008 ECX[15:12] */
	[A_NC] = { "NC", 0, 8, RA_RO, NULL },                        /* 0x80000008 ECX[7:0], minus 1 */
	[A_THREADS_M1] = { "ThreadsPerCore", 8, 8, RA_RO, NULL },    /* 0x8000001E EBX[15:8], minus 1 */
	[A_NODE] = { "NodeId", 0, 8, RA_RO, NULL },                  /* 0x8000001E ECX[7:0] */
	[A_NODES_M1] = { "NodesPerProcessor", 8, 3, RA_RO, NULL },   /* 0x8000001E ECX[10:8], minus 1 */
};

static uint32_t field(uint32_t reg, const struct reg_field *f)
{
	return (uint32_t)reg_get_field(reg, f);
}

static uint32_t low_mask(unsigned bits)
{
	return bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1;
}

/* Bits that tell n IDs apart: log2 of the power of 2 not below n (SDM vol. 2A, leaf 1 EBX). */
static uint8_t id_bits(uint32_t n)
{
	uint8_t b = 0;
	while (b < 32 && (1ull << b) < n)
		b++;
	return b;
}

static void add_level(struct cpu_topo *t, uint8_t type, uint8_t shift)
{
	t->level[t->nlevels++] = (struct topo_level){ .type = type, .shift = shift };
}

/*
 * 0BH, 1FH or 0x80000026, subleaf 0 up to the first of level type 0. PMU_ERR_UNSUPPORTED:
 * subleaf 0 counts no logical processor (SDM: the leaf is not supported); PMU_ERR_INVALID:
 * a shift below the one before it, or more levels than TOPO_MAX_LEVELS.
 */
static pmu_status extended_leaf(const struct pmu_backend *b, unsigned cpu, uint32_t leaf,
				struct cpu_topo *t)
{
	struct pmu_cpuid r;
	uint8_t prev = 0;
	for (uint32_t n = 0;; n++) {
		pmu_status st = pmu_cpuid(b, cpu, leaf, n, &r);
		if (st)
			return st;
		if (n == 0 && !field(r.ebx, &xtopo[XT_COUNT]))
			return PMU_ERR_UNSUPPORTED;
		uint8_t type = (uint8_t)field(r.ecx, &xtopo[XT_TYPE]);
		uint8_t shift = (uint8_t)field(r.eax, &xtopo[XT_SHIFT]);
		if (!type)
			return n ? PMU_OK : PMU_ERR_UNSUPPORTED;
		if (n == TOPO_MAX_LEVELS || shift < prev)
			return PMU_ERR_INVALID;
		if (n == 0)
			t->x2apic_id = r.edx;
		add_level(t, type, shift);
		prev = shift;
	}
}

/* Leaf 1's initial APIC ID; the package's IDs split into SMT and core bits. */
static pmu_status leaf_1(const struct pmu_backend *b, unsigned cpu, bool amd_cpu,
			 uint32_t max_leaf, uint32_t max_ext_leaf, struct cpu_topo *t)
{
	struct pmu_cpuid r;
	pmu_status st = pmu_cpuid(b, cpu, LEAF_BASIC, 0, &r);
	if (st)
		return st;
	t->x2apic_id = field(r.ebx, &legacy[L1_APIC_ID]);
	uint32_t lps = field(r.edx, &legacy[L1_HTT]) ? field(r.ebx, &legacy[L1_MAX_LP]) : 1;
	uint8_t pkg = id_bits(lps), core = pkg;
	if (amd_cpu && max_ext_leaf >= LEAF_AMD_SIZES) {
		/* APM vol. 3, Fn8000_0008 ECX: ApicIdSize, 0: the legacy NC + 1 */
		if ((st = pmu_cpuid(b, cpu, LEAF_AMD_SIZES, 0, &r)))
			return st;
		pkg = core = (uint8_t)field(r.ecx, &amd[A_APIC_ID_SIZE]);
		if (!pkg)
			pkg = core = id_bits(field(r.ecx, &amd[A_NC]) + 1);
	} else if (!amd_cpu && max_leaf >= LEAF_CACHE) {
		if ((st = pmu_cpuid(b, cpu, LEAF_CACHE, 0, &r)))
			return st;
		core = id_bits(field(r.eax, &legacy[L4_MAX_CORES]) + 1);
	} else if (!amd_cpu) {
		core = 0;   /* no leaf 4: one core */
	}
	if (core > pkg)
		pkg = core;
	add_level(t, TOPO_TYPE_SMT, (uint8_t)(pkg - core));
	add_level(t, TOPO_TYPE_CORE, pkg);
	return PMU_OK;
}

/* Zen 1-4: Fn8000_001E's extended APIC ID, threads per core and node; Fn8000_0008's size. */
static pmu_status amd_1e(const struct pmu_backend *b, unsigned cpu, struct cpu_topo *t)
{
	struct pmu_cpuid ids, sizes;
	pmu_status st = pmu_cpuid(b, cpu, LEAF_AMD_IDS, 0, &ids);
	if (st || (st = pmu_cpuid(b, cpu, LEAF_AMD_SIZES, 0, &sizes)))
		return st;
	uint8_t smt = id_bits(field(ids.ebx, &amd[A_THREADS_M1]) + 1);
	uint8_t pkg = (uint8_t)field(sizes.ecx, &amd[A_APIC_ID_SIZE]);
	if (!pkg)
		pkg = id_bits(field(sizes.ecx, &amd[A_NC]) + 1);
	if (pkg < smt)
		return PMU_ERR_INVALID;
	t->x2apic_id = ids.eax;
	add_level(t, TOPO_TYPE_SMT, smt);
	add_level(t, TOPO_TYPE_CORE, pkg);
	t->has_node = true;
	t->node = (uint8_t)field(ids.ecx, &amd[A_NODE]);
	t->nodes = (uint8_t)(field(ids.ecx, &amd[A_NODES_M1]) + 1);
	return PMU_OK;
}

/* Each level's ID, the package, and the core and thread as firmware numbers them. */
static void fill_ids(struct cpu_topo *t)
{
	uint8_t prev = 0, smt = 0;
	for (unsigned i = 0; i < t->nlevels; i++) {
		struct topo_level *l = &t->level[i];
		l->id = (t->x2apic_id & low_mask(l->shift)) >> prev;
		if (l->type == TOPO_TYPE_SMT)
			smt = l->shift;
		prev = l->shift;
	}
	t->package = prev >= 32 ? 0 : t->x2apic_id >> prev;
	t->thread = t->x2apic_id & low_mask(smt);
	t->core = (t->x2apic_id & low_mask(prev)) >> smt;
}

/* The source that answered, or the status that stopped the search. */
static pmu_status decode(const struct pmu_backend *b, unsigned cpu, bool amd_cpu,
			 uint32_t max_leaf, uint32_t max_ext_leaf, struct cpu_topo *t)
{
	pmu_status st = PMU_ERR_UNSUPPORTED;
	struct pmu_cpuid r;
	if (!amd_cpu && max_leaf >= LEAF_TOPO_V2) {
		t->source = TOPO_SRC_LEAF_1F;
		st = extended_leaf(b, cpu, LEAF_TOPO_V2, t);
	}
	if (st == PMU_ERR_UNSUPPORTED && !amd_cpu && max_leaf >= LEAF_TOPO) {
		t->source = TOPO_SRC_LEAF_0B;
		st = extended_leaf(b, cpu, LEAF_TOPO, t);
	}
	if (st == PMU_ERR_UNSUPPORTED && amd_cpu && max_ext_leaf >= LEAF_AMD_TOPO) {
		t->source = TOPO_SRC_AMD_26;
		st = extended_leaf(b, cpu, LEAF_AMD_TOPO, t);
	}
	if (st == PMU_ERR_UNSUPPORTED && amd_cpu && max_ext_leaf >= LEAF_AMD_IDS) {
		st = pmu_cpuid(b, cpu, LEAF_AMD_FEATURES, 0, &r);
		if (!st && field(r.ecx, &amd[A_TOPOEXT])) {
			t->source = TOPO_SRC_AMD_1E;
			st = amd_1e(b, cpu, t);
		} else if (!st) {
			st = PMU_ERR_UNSUPPORTED;
		}
	}
	if (st == PMU_ERR_UNSUPPORTED && max_leaf >= LEAF_BASIC) {
		t->source = TOPO_SRC_LEAF_1;
		st = leaf_1(b, cpu, amd_cpu, max_leaf, max_ext_leaf, t);
	}
	return st;
}

void topo_cpuid_decode(const struct pmu_backend *b, unsigned cpu, bool amd_cpu, uint32_t max_leaf,
		       uint32_t max_ext_leaf, struct cpu_topo *t)
{
	pmu_memset(t, 0, sizeof(*t));
	pmu_status st = decode(b, cpu, amd_cpu, max_leaf, max_ext_leaf, t);
	if (st) {
		pmu_memset(t, 0, sizeof(*t));
		t->st = st;
		return;
	}
	fill_ids(t);
}

const char *topo_source_name(uint8_t source)
{
	static const char *const names[] = {
		[TOPO_SRC_LEAF_1F] = "cpuid-1f", [TOPO_SRC_LEAF_0B] = "cpuid-0b",
		[TOPO_SRC_LEAF_1] = "cpuid-1", [TOPO_SRC_AMD_26] = "cpuid-80000026",
		[TOPO_SRC_AMD_1E] = "cpuid-8000001e",
	};
	return source < sizeof(names) / sizeof(names[0]) ? names[source] : NULL;
}

/*
 * A level is named by what its ID tells apart within the level above: SDM 1FH's types 1-5
 * (SMT, core, module, tile, die); APM Fn8000_0026's types 1-4 (core, complex, die, socket)
 * count the threads of a core, the cores of a CCX, the CCXs of a CCD, the CCDs of a socket.
 */
const char *topo_level_name(uint8_t source, uint8_t type)
{
	static const char *const intel[] = { NULL, "smt", "core", "module", "tile", "die" };
	static const char *const amd_26[] = { NULL, "smt", "core", "ccx", "ccd" };
	if (source == TOPO_SRC_AMD_26)
		return type < sizeof(amd_26) / sizeof(amd_26[0]) ? amd_26[type] : NULL;
	return type < sizeof(intel) / sizeof(intel[0]) ? intel[type] : NULL;
}
