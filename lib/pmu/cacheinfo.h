/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The caches of a CPU from CPUID: leaf 4 (deterministic cache parameters,
 * Intel SDM vol. 2A "CPUID—Deterministic Cache Parameters Leaf"), or leaf 2's
 * one-byte descriptors where leaf 4 is missing. The memory kernels size their
 * buffers from the last-level cache found here.
 */
#ifndef EFIPMU_CACHEINFO_H
#define EFIPMU_CACHEINFO_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/backend.h"
#include "util/status.h"

#define CACHE_MAX_LEVELS 8   /* leaf 4 subleaves read at most */

enum cache_type { CACHE_NULL = 0, CACHE_DATA = 1, CACHE_INSTRUCTION = 2, CACHE_UNIFIED = 3 };

enum cache_source { CACHE_SRC_NONE, CACHE_SRC_LEAF4, CACHE_SRC_LEAF2 };

struct cache_desc {
	uint8_t level;        /* 1, 2, 3 */
	uint8_t type;         /* enum cache_type */
	uint32_t line, ways, partitions, sets;   /* 0 where leaf 2 does not say */
	uint32_t sharing;     /* logical processors sharing it (leaf 4 EAX[25:14] + 1); 0: unknown */
	uint64_t bytes;
};

struct cache_info {
	unsigned n;
	struct cache_desc c[CACHE_MAX_LEVELS];
	uint8_t source;       /* enum cache_source */
	uint8_t llc_level;
	uint64_t llc_bytes;   /* largest data or unified cache of the highest level */
};

/* One leaf 4 subleaf; false for the null type that ends the list. */
bool cache_decode_leaf4(const struct pmu_cpuid *r, struct cache_desc *out);

/* A leaf 2 descriptor byte naming a data or unified L2/L3 cache; false for any other byte. */
bool cache_leaf2_descriptor(uint8_t d, struct cache_desc *out);

/*
 * Leaf 4 when CPUID.0:EAX >= 4 and it names a cache, else leaf 2.
 * PMU_ERR_UNSUPPORTED when neither names a data or unified cache.
 */
pmu_status cache_info_read(const struct pmu_backend *b, unsigned cpu, struct cache_info *out);

#endif
