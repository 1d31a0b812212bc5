/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Sets of logical CPU numbers (as --cpus names them), fixed size, no allocation. */
#ifndef EFIPMU_CPUSET_H
#define EFIPMU_CPUSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "util/fmt.h"
#include "util/status.h"

#define CPUSET_MAX 4096   /* lib/run/platform.h's PLAT_MAX_CPUS */

struct cpuset {
	uint64_t bits[CPUSET_MAX / 64];
};

void cpuset_clear(struct cpuset *s);
/* Every CPU number: "all" means every enabled CPU, so callers intersect with what exists. */
void cpuset_fill(struct cpuset *s);
void cpuset_add(struct cpuset *s, unsigned cpu);   /* ignores cpu >= CPUSET_MAX */
bool cpuset_has(const struct cpuset *s, unsigned cpu);
unsigned cpuset_count(const struct cpuset *s);
bool cpuset_is_all(const struct cpuset *s);

/*
 * Parses "all" or a comma list of numbers and ranges ("0,2-5") from s[0..n).
 * On error *out is unchanged, *why (if why) says what is wrong, and the status is
 * PMU_ERR_RANGE for a CPU number >= CPUSET_MAX, PMU_ERR_INVALID for anything else.
 */
pmu_status cpuset_parse(const char *s, size_t n, struct cpuset *out, const char **why);

/* "all", "none", or the shortest list of numbers and ranges ("0,2-5"). */
void cpuset_format(const struct cpuset *s, struct strbuf *sb);

#endif
