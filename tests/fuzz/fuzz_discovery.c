/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * An uncore discovery table, any bytes (issue 35 item 8): the app reads it from firmware's
 * memory (a BAR, MSR portals) and efipmu-host from a lab's log. Every unit stays within the
 * table, each unit's problems are known ones, a usable unit has none that drops it, and the
 * decoded topology answers (the CHA count) without reading past the table.
 */
#include "fuzz.h"
#include "pmu/uncore_discovery.h"

/* The problems after which Linux skips or drops a unit (pmu/uncore_discovery.h). */
#define DROPPING ((1u << DP_EMPTY) | (1u << DP_ALL_ONES) | (1u << DP_ZERO_OFFSET) | \
		  (1u << DP_NO_COUNTERS) | (1u << DP_WIDTH) | (1u << DP_ACCESS) |    \
		  (1u << DP_DUP_BOX_ID) | (1u << DP_PAST_PHYS))

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct disc_table t;
	static const struct disc_bus_range buses[] = { { 0, 0x00, 0x7F } };
	static const struct disc_mmio_range mmio[] = { { 0xC0000000ull, 0x10000000ull } };
	const struct disc_space where = { buses, 1, mmio, 1, (size & 1) != 0, (uint8_t)(size % 65) };
	uint8_t *copy = malloc(size ? size : 1);   /* its own buffer: ASan sees a read past it */
	FUZZ_CHECK(copy != NULL);
	memcpy(copy, data, size);
	pmu_status st = disc_parse(copy, size, (size & 2) ? &where : NULL, &t);
	FUZZ_CHECK(st == PMU_OK || st == PMU_ERR_INVALID);
	FUZZ_CHECK(t.nunits <= DISC_MAX_UNITS && t.nusable <= t.nunits);
	FUZZ_CHECK(!(t.problems >> DP_COUNT));
	unsigned usable = 0;
	for (unsigned i = 0; i < t.nunits; i++) {
		const struct disc_unit *u = &t.unit[i];
		FUZZ_CHECK(!(u->problems >> DP_COUNT));
		FUZZ_CHECK(!u->usable || !(u->problems & DROPPING));
		FUZZ_CHECK(!u->usable || (u->counters && u->width && u->width <= 64));
		usable += u->usable;
		for (unsigned p = 0; p < DP_COUNT; p++)
			if (u->problems >> p & 1)
				FUZZ_CHECK(disc_problem_name((enum disc_problem)p) &&
					   disc_problem_why((enum disc_problem)p));
	}
	FUZZ_CHECK(usable == t.nusable);
	char line[256];
	struct strbuf sb;
	sb_init(&sb, line, sizeof(line));
	(void)disc_cha_count(&t, size & 0x3F, "fuzz", &sb);
	FUZZ_CHECK(memchr(line, '\0', sizeof(line)) != NULL);
	free(copy);
	return 0;
}
