/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* --bench (`make bench` item 2): start and stop skew, barrier against one dispatch per CPU. */
#ifndef EFIPMU_BENCH_JOB_BENCH_H
#define EFIPMU_BENCH_JOB_BENCH_H

#include "run/verdict.h"

struct run;

/* Both modes' skews, records and lines; its checks: the modes whose skew was measured. */
enum verdict job_bench(struct run *a);

#endif
