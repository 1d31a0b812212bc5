/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * --list: what this CPU has, as text. The core PMU (version, counters and
 * widths after the quirk hooks, full-width writes, architectural events
 * CPUID.0AH:EBX offers), the uncore boxes of its family with their MSRs, and
 * the event names of the generated lists for its model.
 *
 * The text is long (hundreds of event names), so it comes a line at a time:
 * each line is built in sb (reset before every line, at least 80 bytes) and
 * handed to fn; no line is wider than 79 columns and none holds a newline.
 */
#ifndef EFIPMU_LISTING_H
#define EFIPMU_LISTING_H

#include <stddef.h>
#include "pmu/cpuinfo.h"
#include "hw/box_set.h"
#include "util/fmt.h"

#define LISTING_WIDTH 74   /* 80 columns with the app's "[SIM] " mark */

typedef void (*listing_line_fn)(void *ctx, const char *line, size_t len);

/* What ci has; boxes: its machine's uncore boxes (NULL: none). */
void listing_write(const struct cpu_info *ci, const struct box_set *boxes, struct strbuf *sb,
		   listing_line_fn fn, void *ctx);

#endif
