/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * --cxl (run/job_cxl.c): every CXL device's Register Locator and the blocks it names
 * (`cxl` records), each CPMU decoded read-only (`cxl_cpmu`), and the clock ticks of one
 * that can freeze counted over the inst kernel against the TSC (`cxl_ticks`): PASS within
 * the bounds, FAIL outside them, NO-PMU where no CPMU could be counted. What a count wrote is
 * put back, read back and said once as the measurement's restore is (run/restore_report.h).
 */
#ifndef EFIPMU_RUN_JOB_CXL_H
#define EFIPMU_RUN_JOB_CXL_H

#include "run/verdict.h"

struct run;

enum verdict job_cxl(struct run *a, void *state);

#endif
