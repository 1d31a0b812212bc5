/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "pmu/cacheinfo.h"
#include "util/fmt.h"

#define LEAF4_SUBLEAVES_MAX 16   /* a part with more is broken: stop reading */

bool cache_decode_leaf4(const struct pmu_cpuid *r, struct cache_desc *out)
{
	pmu_memset(out, 0, sizeof(*out));
	out->type = r->eax & 0x1f;
	if (out->type == CACHE_NULL)
		return false;
	out->level = (r->eax >> 5) & 7;
	out->sharing = ((r->eax >> 14) & 0xfff) + 1;
	out->line = (r->ebx & 0xfff) + 1;
	out->partitions = ((r->ebx >> 12) & 0x3ff) + 1;
	out->ways = ((r->ebx >> 22) & 0x3ff) + 1;
	out->sets = r->ecx + 1;
	out->bytes = (uint64_t)out->line * out->partitions * out->ways * out->sets;
	return true;
}

/* Intel SDM vol. 2A Table 3-12, the data and unified L2/L3 entries. */
struct leaf2_entry {
	uint8_t desc, level, ways, line;
	uint16_t kib;
};

static const struct leaf2_entry leaf2_table[] = {
	{ 0x1D, 2, 2, 64, 128 },   { 0x21, 2, 8, 64, 256 },    { 0x22, 3, 4, 64, 512 },
	{ 0x23, 3, 8, 64, 1024 },  { 0x24, 2, 16, 64, 1024 },  { 0x25, 3, 8, 64, 2048 },
	{ 0x29, 3, 8, 64, 4096 },  { 0x41, 2, 4, 32, 128 },    { 0x42, 2, 4, 32, 256 },
	{ 0x43, 2, 4, 32, 512 },   { 0x44, 2, 4, 32, 1024 },   { 0x45, 2, 4, 32, 2048 },
	{ 0x46, 3, 4, 64, 4096 },  { 0x47, 3, 8, 64, 8192 },   { 0x48, 2, 12, 64, 3072 },
	/* 0x49 is an L3 only on family 0FH model 06H, which has no PMU of interest here */
	{ 0x49, 2, 16, 64, 4096 }, { 0x4A, 3, 12, 64, 6144 },  { 0x4B, 3, 16, 64, 8192 },
	{ 0x4C, 3, 12, 64, 12288 }, { 0x4D, 3, 16, 64, 16384 }, { 0x4E, 2, 24, 64, 6144 },
	{ 0x78, 2, 4, 64, 1024 },  { 0x79, 2, 8, 64, 128 },    { 0x7A, 2, 8, 64, 256 },
	{ 0x7B, 2, 8, 64, 512 },   { 0x7C, 2, 8, 64, 1024 },   { 0x7D, 2, 8, 64, 2048 },
	{ 0x7F, 2, 2, 64, 512 },   { 0x80, 2, 8, 64, 512 },    { 0x82, 2, 8, 32, 256 },
	{ 0x83, 2, 8, 32, 512 },   { 0x84, 2, 8, 32, 1024 },   { 0x85, 2, 8, 32, 2048 },
	{ 0x86, 2, 4, 64, 512 },   { 0x87, 2, 8, 64, 1024 },   { 0xD0, 3, 4, 64, 512 },
	{ 0xD1, 3, 4, 64, 1024 },  { 0xD2, 3, 4, 64, 2048 },   { 0xD6, 3, 8, 64, 1024 },
	{ 0xD7, 3, 8, 64, 2048 },  { 0xD8, 3, 8, 64, 4096 },   { 0xDC, 3, 12, 64, 1536 },
	{ 0xDD, 3, 12, 64, 3072 }, { 0xDE, 3, 12, 64, 6144 },  { 0xE2, 3, 16, 64, 2048 },
	{ 0xE3, 3, 16, 64, 4096 }, { 0xE4, 3, 16, 64, 8192 },  { 0xEA, 3, 24, 64, 12288 },
	{ 0xEB, 3, 24, 64, 18432 }, { 0xEC, 3, 24, 64, 24576 },
};

bool cache_leaf2_descriptor(uint8_t d, struct cache_desc *out)
{
	for (unsigned i = 0; i < sizeof(leaf2_table) / sizeof(leaf2_table[0]); i++) {
		const struct leaf2_entry *e = &leaf2_table[i];
		if (e->desc != d)
			continue;
		pmu_memset(out, 0, sizeof(*out));
		out->level = e->level;
		out->type = CACHE_UNIFIED;
		out->ways = e->ways;
		out->line = e->line;
		out->bytes = (uint64_t)e->kib * 1024;
		return true;
	}
	return false;
}

static void add(struct cache_info *ci, const struct cache_desc *c)
{
	if (ci->n < CACHE_MAX_LEVELS)
		ci->c[ci->n++] = *c;
}

static pmu_status read_leaf4(const struct pmu_backend *b, unsigned cpu, struct cache_info *ci)
{
	for (uint32_t sub = 0; sub < LEAF4_SUBLEAVES_MAX; sub++) {
		struct pmu_cpuid r;
		struct cache_desc c;
		pmu_status st = pmu_cpuid(b, cpu, 4, sub, &r);
		if (st)
			return st;
		if (!cache_decode_leaf4(&r, &c))
			break;
		add(ci, &c);
	}
	return PMU_OK;
}

/* AL says how many times leaf 2 must be read; a register with bit 31 set holds no descriptors. */
static pmu_status read_leaf2(const struct pmu_backend *b, unsigned cpu, struct cache_info *ci)
{
	unsigned rounds = 1;
	for (unsigned i = 0; i < rounds && i < 16; i++) {
		struct pmu_cpuid r;
		pmu_status st = pmu_cpuid(b, cpu, 2, 0, &r);
		if (st)
			return st;
		if (i == 0)
			rounds = r.eax & 0xff;
		const uint32_t regs[4] = { r.eax & ~0xffu, r.ebx, r.ecx, r.edx };
		for (unsigned k = 0; k < 4; k++) {
			if (regs[k] >> 31)
				continue;
			for (unsigned byte = 0; byte < 4; byte++) {
				struct cache_desc c;
				if (cache_leaf2_descriptor((uint8_t)(regs[k] >> (8 * byte)), &c))
					add(ci, &c);
			}
		}
	}
	return PMU_OK;
}

pmu_status cache_info_read(const struct pmu_backend *b, unsigned cpu, struct cache_info *out)
{
	struct pmu_cpuid r0;
	pmu_memset(out, 0, sizeof(*out));
	pmu_status st = pmu_cpuid(b, cpu, 0, 0, &r0);
	if (!st && r0.eax >= 4) {
		st = read_leaf4(b, cpu, out);
		out->source = out->n ? CACHE_SRC_LEAF4 : CACHE_SRC_NONE;
	}
	if (!st && !out->n && r0.eax >= 2) {
		st = read_leaf2(b, cpu, out);
		out->source = out->n ? CACHE_SRC_LEAF2 : CACHE_SRC_NONE;
	}
	if (st)
		return st;
	for (unsigned i = 0; i < out->n; i++) {
		const struct cache_desc *c = &out->c[i];
		if (c->type == CACHE_INSTRUCTION || c->level < out->llc_level)
			continue;
		if (c->level > out->llc_level || c->bytes > out->llc_bytes) {
			out->llc_level = c->level;
			out->llc_bytes = c->bytes;
		}
	}
	return out->llc_bytes ? PMU_OK : PMU_ERR_UNSUPPORTED;
}
