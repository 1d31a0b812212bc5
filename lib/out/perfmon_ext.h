/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Every subleaf of CPUID leaf 0x23 as JSON: the cpu record's and efipmu-host cpuid's. */
#ifndef EFIPMU_PERFMON_EXT_H
#define EFIPMU_PERFMON_EXT_H

#include "pmu/cpuinfo.h"
#include "util/fmt.h"

/*
 * "cpuid_23":{"subleaves","umask2","eq","rdpmc_user_disable","ebx","ecx","gp_mask",
 * "fixed_mask", then each further subleaf subleaf 0 lists: "acr" {...}, "arch_events"
 * and its names, "pebs_caps", "pebs" {...}}; nothing where leaf 0x23 was not read.
 */
void perfmon_ext_json(struct strbuf *sb, const struct pmu_arch_info *a);

#endif
