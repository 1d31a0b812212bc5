/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* One JSON line of what discovery found on a CPU (efipmu-host cpuid). */
#ifndef EFIPMU_DISCOVERY_H
#define EFIPMU_DISCOVERY_H

#include "pmu/core_engine.h"
#include "util/fmt.h"

/*
 * {"cpu","vendor","family","model","core_type","pmu_version","gp","gp_width",
 *  "fixed":[indices],"fixed_width","perfmon_v2","cpuid_23":{...} (out/perfmon_ext.h),
 *  "notes":[...]}: the counters after the
 * quirk hooks (p from core_pmu_from_cpu(ci)); notes name the leaves discovery ignored
 * and why, the quirks applied and what the core engine leaves out.
 */
void discovery_line(struct strbuf *sb, unsigned cpu, const struct cpu_info *ci,
		    const struct core_pmu *p);

#endif
