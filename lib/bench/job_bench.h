/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The bench's jobs: --bench (`make bench` item 2) and --icount-check (item 1 with it). */
#ifndef EFIPMU_BENCH_JOB_BENCH_H
#define EFIPMU_BENCH_JOB_BENCH_H

#include "run/job.h"
#include "run/verdict.h"

struct run;

/* Both modes' skews, records and lines; its checks: the modes whose skew was measured. */
enum verdict job_bench(struct run *a, void *state);

/*
 * --icount-check (bench/job_icount.c): the kernels' claims against QEMU -icount's TSC, and the
 * engine's window overhead against the naive path (bench/overhead.h).
 */
enum verdict job_icount(struct run *a, void *state);

/* Both, as the program's entry point registers them with the run (struct platform.jobs). */
extern const struct run_registered bench_jobs;

#endif
