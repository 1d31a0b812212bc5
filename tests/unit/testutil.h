/* Shared cmocka includes for the unit tests. */
#ifndef EFIPMU_TESTUTIL_H
#define EFIPMU_TESTUTIL_H
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "model.h"

/* A fresh model of a named profile; freed with free(). */
static inline struct model *test_model(const char *profile, unsigned ncpus, unsigned npkgs,
				       struct pmu_backend *b)
{
	struct model *m = calloc(1, sizeof(*m));
	assert_non_null(m);
	const struct model_profile *p = model_profile_find(profile);
	assert_non_null(p);
	assert_int_equal(model_init(m, p, ncpus, npkgs), PMU_OK);
	model_backend(m, b);
	return m;
}
#endif
