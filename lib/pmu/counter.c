/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "pmu/counter.h"

uint64_t counter_mask(unsigned width)
{
	return width >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << width) - 1;
}

uint64_t counter_delta(uint64_t start, uint64_t end, unsigned width)
{
	/* Unsigned subtraction wraps modulo 2^64; the mask reduces it modulo 2^width. */
	return (end - start) & counter_mask(width);
}

uint64_t counter_legacy_write_value(uint32_t v32, unsigned width)
{
	uint64_t v = v32;
	if (v32 & 0x80000000u)
		v |= ~(uint64_t)0xffffffffu;
	return v & counter_mask(width);
}

bool counter_legacy_writable(uint64_t v, unsigned width)
{
	return v <= counter_mask(width) && counter_legacy_write_value((uint32_t)v, width) == v;
}

uint64_t counter_preload_for(uint64_t n, unsigned width)
{
	return (0 - n) & counter_mask(width);
}
