/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The subleaves of each leaf, as the manuals define them: Intel SDM Vol. 2A, CPUID
 * ("Information Returned by CPUID Instruction", table 3-8) and AMD APM Vol. 3
 * (24594), appendix E "Obtaining Processor Information Via the CPUID Instruction".
 * A leaf not named here has subleaf 0 only.
 */
#include "capture/cpuid_walk.h"
#include <stddef.h>
#include "hw/msr.h"

#define BASIC_MAX_SANE 0x7Fu           /* no processor defines more; beyond: a broken CPUID */
#define HV_BASE 0x40000000u
#define EXT_BASE 0x80000000u
#define RANGE_SPAN 0xFFu               /* a range's leaves past its base, at most */
#define SUB_MAX 64u                    /* subleaves of one leaf, at most */

enum sub_rule {
	SUB_ONE,         /* subleaf 0 only */
	SUB_MAX_EAX,     /* subleaves 0..EAX of subleaf 0 */
	SUB_TO_TYPE4,    /* until EAX[4:0] (the cache type) is 0, that one included */
	SUB_TO_LEVEL,    /* until ECX[15:8] (the level type) is 0, that one included */
	SUB_TO_TYPE3,    /* 0, 1, then until EAX[3:0] (the subleaf type) is 0, included */
	SUB_XSAVE,       /* 0, 1, and n > 1 where bit n of XCR0's or IA32_XSS's set is */
	SUB_BITS_EDX,    /* 0 and n where bit n (n >= 1) of subleaf 0's EDX is set */
	SUB_BITS_EBX,    /* 0 and n where bit n (n >= 1) of subleaf 0's EBX is set */
	SUB_BITS_EAX,    /* 0 and n where bit n (n >= 1) of subleaf 0's EAX is set */
};

struct sub_rule_row {
	uint32_t leaf;
	uint8_t rule;
};

/* Each row cites the leaf's entry in Intel SDM Vol. 2A table 3-8 or AMD APM Vol. 3 appendix E. */
static const struct sub_rule_row rules[] = {
	{ 0x04, SUB_TO_TYPE4 },    /* SDM: Deterministic Cache Parameters, EAX[4:0] = 0: no more */
	{ 0x07, SUB_MAX_EAX },     /* SDM: Structured Extended Feature Flags, EAX: max subleaf */
	{ 0x0B, SUB_TO_LEVEL },    /* SDM: Extended Topology, ECX[15:8] = 0: invalid level */
	{ 0x0D, SUB_XSAVE },       /* SDM: Processor Extended State, subleaf n valid per XCR0/XSS bit */
	{ 0x0F, SUB_BITS_EDX },    /* SDM: RDT Monitoring, EDX bit n: resource n (subleaf n) */
	{ 0x10, SUB_BITS_EBX },    /* SDM: RDT Allocation, EBX bit n: ResID n (subleaf n) */
	{ 0x12, SUB_TO_TYPE3 },    /* SDM: SGX, subleaves 0, 1, EPC sections until type 0 */
	{ 0x14, SUB_MAX_EAX },     /* SDM: Processor Trace, EAX: max subleaf */
	{ 0x17, SUB_MAX_EAX },     /* SDM: SoC Vendor Attribute, EAX: MaxSOCID_Index */
	{ 0x18, SUB_MAX_EAX },     /* SDM: Deterministic Address Translation, EAX: max subleaf */
	{ 0x1A, SUB_ONE },         /* SDM: Native Model ID (hybrid core type), one subleaf */
	{ 0x1D, SUB_MAX_EAX },     /* SDM: Tile Information, EAX: max palette */
	{ 0x1F, SUB_TO_LEVEL },    /* SDM: V2 Extended Topology, as 0BH */
	{ 0x20, SUB_MAX_EAX },     /* SDM: Processor History Reset, EAX: max subleaf */
	{ 0x23, SUB_BITS_EAX },    /* SDM: Architectural PerfMon Extended, EAX bit n: subleaf n */
	{ 0x24, SUB_MAX_EAX },     /* SDM: AVX10 Converged Vector ISA, EAX: max subleaf */
	{ 0x8000001D, SUB_TO_TYPE4 },   /* APM: Cache Topology Information, CacheType 0: no more */
	{ 0x80000020, SUB_BITS_EBX },   /* APM: PQOS Extended Features, EBX bit n: subleaf n */
	{ 0x80000026, SUB_TO_LEVEL },   /* APM: Extended CPU Topology, LevelType 0: no more */
};

static enum sub_rule rule_of(uint32_t leaf)
{
	for (unsigned i = 0; i < sizeof(rules) / sizeof(rules[0]); i++)
		if (rules[i].leaf == leaf)
			return (enum sub_rule)rules[i].rule;
	return SUB_ONE;
}

bool cpuid_leaf_has_subleaves(uint32_t leaf)
{
	return rule_of(leaf) != SUB_ONE;
}

struct walker {
	const struct pmu_backend *b;
	unsigned cpu;
	struct cpuid_walk *w;
};

/* One (leaf, sub) read and kept; false when it failed or the table is full. */
static bool take(struct walker *k, uint32_t leaf, uint32_t sub, struct pmu_cpuid *r)
{
	struct cpuid_walk *w = k->w;
	pmu_status st = pmu_cpuid(k->b, k->cpu, leaf, sub, r);
	if (st) {
		if (!w->st) {
			w->st = st;
			w->fail_leaf = leaf;
		}
		return false;
	}
	if (w->n >= CPUID_WALK_MAX) {
		w->truncated = true;
		return false;
	}
	w->e[w->n++] = (struct cpuid_entry){ leaf, sub, *r };
	return true;
}

/* Subleaves from `from` up while `more` says the last one read was not the end. */
static void take_until(struct walker *k, uint32_t leaf, uint32_t from, enum sub_rule rule)
{
	struct pmu_cpuid r;
	for (uint32_t s = from; s < SUB_MAX; s++) {
		if (!take(k, leaf, s, &r))
			return;
		bool end = rule == SUB_TO_TYPE4 ? (r.eax & 0x1F) == 0 :
			   rule == SUB_TO_LEVEL ? ((r.ecx >> 8) & 0xFF) == 0 :
			   (r.eax & 0xF) == 0;   /* SUB_TO_TYPE3 */
		if (end)
			return;
	}
	k->w->truncated = true;
}

/* Subleaf 0 and each n (1 <= n < 64) whose bit is set in `bits`. */
static void take_bits(struct walker *k, uint32_t leaf, uint64_t bits, uint32_t from)
{
	struct pmu_cpuid r;
	for (uint32_t s = from; s < SUB_MAX; s++)
		if (((bits >> s) & 1) && !take(k, leaf, s, &r))
			return;
}

static void walk_leaf(struct walker *k, uint32_t leaf, bool sgx)
{
	struct pmu_cpuid r0, r1;
	enum sub_rule rule = rule_of(leaf);
	if (rule == SUB_TO_TYPE4 || rule == SUB_TO_LEVEL) {
		take_until(k, leaf, 0, rule);
		return;
	}
	if (!take(k, leaf, 0, &r0))
		return;
	switch (rule) {
	case SUB_MAX_EAX:
		if (r0.eax >= SUB_MAX)
			k->w->truncated = true;
		for (uint32_t s = 1; s <= r0.eax && s < SUB_MAX; s++)
			if (!take(k, leaf, s, &r1))
				return;
		break;
	case SUB_TO_TYPE3:
		/* SDM: leaf 12H is valid only where CPUID.(EAX=07H,ECX=0):EBX[2] (SGX) is set */
		if (sgx && take(k, leaf, 1, &r1))
			take_until(k, leaf, 2, rule);
		break;
	case SUB_XSAVE:
		if (!take(k, leaf, 1, &r1))
			return;
		take_bits(k, leaf, ((uint64_t)r0.edx << 32 | r0.eax | (uint64_t)r1.edx << 32 | r1.ecx), 2);
		break;
	case SUB_BITS_EDX:
		take_bits(k, leaf, r0.edx, 1);
		break;
	case SUB_BITS_EBX:
		take_bits(k, leaf, r0.ebx, 1);
		break;
	case SUB_BITS_EAX:
		take_bits(k, leaf, r0.eax, 1);
		break;
	default:
		break;
	}
}

/* Leaves base..max of one range (max read from base's EAX, bounded by span). */
static void walk_range(struct walker *k, uint32_t base, uint32_t max, bool sgx)
{
	if (max - base > RANGE_SPAN) {
		k->w->truncated = true;
		max = base + RANGE_SPAN;
	}
	for (uint32_t leaf = base; leaf <= max; leaf++)
		walk_leaf(k, leaf, sgx);
}

pmu_status cpuid_walk(const struct pmu_backend *b, unsigned cpu, struct cpuid_walk *w)
{
	struct walker k = { b, cpu, w };
	struct pmu_cpuid r0, r1, r7;
	w->n = 0;
	w->truncated = false;
	w->st = PMU_OK;
	w->fail_leaf = 0;
	if (pmu_cpuid(b, cpu, 0, 0, &r0)) {
		w->st = PMU_ERR_UNSUPPORTED;
		return w->st;
	}
	uint32_t max = r0.eax;
	if (max > BASIC_MAX_SANE) {
		w->truncated = true;
		max = BASIC_MAX_SANE;
	}
	bool sgx = max >= 7 && !pmu_cpuid(b, cpu, 7, 0, &r7) && ((r7.ebx >> 2) & 1);
	walk_range(&k, 0, max, sgx);
	/* SDM Vol. 2A CPUID.1:ECX[31] is 0 on hardware; hypervisors answer 40000000H and up */
	if (max >= 1 && !pmu_cpuid(b, cpu, 1, 0, &r1) && ((r1.ecx >> CPUID1_ECX_HYPERVISOR_BIT) & 1) &&
	    !pmu_cpuid(b, cpu, HV_BASE, 0, &r0))
		walk_range(&k, HV_BASE, r0.eax > HV_BASE ? r0.eax : HV_BASE, false);
	if (!pmu_cpuid(b, cpu, EXT_BASE, 0, &r0) && r0.eax >= EXT_BASE)
		walk_range(&k, EXT_BASE, r0.eax, false);
	return w->st;
}

const struct cpuid_entry *cpuid_walk_find(const struct cpuid_walk *w, uint32_t leaf, uint32_t sub)
{
	for (unsigned i = 0; i < w->n; i++)
		if (w->e[i].leaf == leaf && w->e[i].sub == sub)
			return &w->e[i];
	return NULL;
}
