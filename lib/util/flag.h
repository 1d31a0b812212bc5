/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The one rule for a word one CPU sets and another reads (a slot's done, a round's progress,
 * a handler's state): stored with release and read with acquire, so what the setter stored
 * before the flag is seen by whoever saw the flag. On x86 both are plain moves (Intel SDM
 * vol. 3A, 9.2.2 "Memory Ordering in P6 and More Recent Processor Families"); the compiler
 * may neither reorder the stores around them nor keep the flag in a register.
 */
#ifndef EFIPMU_UTIL_FLAG_H
#define EFIPMU_UTIL_FLAG_H

#include <stdint.h>

static inline uint32_t flag_get(const uint32_t *w)
{
	return __atomic_load_n(w, __ATOMIC_ACQUIRE);
}

static inline void flag_set(uint32_t *w, uint32_t v)
{
	__atomic_store_n(w, v, __ATOMIC_RELEASE);
}

#endif
