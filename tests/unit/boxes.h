/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A test's uncore boxes (hw/box_set.h): memory from malloc, and a family's type-table boxes
 * made once in the test's process, by those tests that only need some family's boxes.
 */
#ifndef EFIPMU_TEST_BOXES_H
#define EFIPMU_TEST_BOXES_H

#include <stdlib.h>
#include "hw/box_set.h"
#include "pmu/cpuinfo.h"

static inline void *test_box_calloc(void *ctx, size_t bytes)
{
	(void)ctx;
	return calloc(1, bytes);
}

static inline void test_box_free(void *ctx, void *p)
{
	(void)ctx;
	free(p);
}

static const struct box_alloc test_box_alloc = { test_box_calloc, test_box_free, NULL };

/* The boxes of family fam's type table (none for a family without one). */
static inline const struct box_set *test_boxes(enum uncore_family fam)
{
	static struct box_set sets[UNCORE_DISC + 1];
	static bool made[UNCORE_DISC + 1];
	if (!made[fam] && !box_set_family(&sets[fam], fam, &test_box_alloc))
		made[fam] = true;
	return &sets[fam];
}

/* The same for the family of ci. */
static inline const struct box_set *test_boxes_of(const struct cpu_info *ci)
{
	return test_boxes(ci->uncore);
}

/* Box name (len bytes) of family fam's type table, or NULL. */
static inline const struct box_desc *family_box(enum uncore_family fam, const char *name,
						   size_t len)
{
	return box_find(test_boxes(fam), name, len);
}

#endif
