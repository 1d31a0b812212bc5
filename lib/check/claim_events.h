/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Which of a kernel's claims (check/kernels.h) a core event counts on a CPU:
 * the events whose count the claim predicts, so the run checks every count
 * it has a claim for, not only instructions.
 */
#ifndef EFIPMU_CHECK_CLAIM_EVENTS_H
#define EFIPMU_CHECK_CLAIM_EVENTS_H

#include "check/kernels.h"
#include "hw/event.h"
#include "pmu/cpuinfo.h"

/*
 * The claim core event r counts on ci: KEV_INSTRUCTIONS, KEV_BRANCHES, KEV_LOADS,
 * KEV_STORES (exact), KEV_BRANCH_MISSES, KEV_LLC_REFERENCES, KEV_LLC_MISSES
 * (bounded); KEV_COUNT when none (another event, or counted with cmask, inv,
 * edge or without ring 0, where the kernel runs).
 */
enum kernel_event claim_event(const struct cpu_info *ci, const struct pmu_event_req *r);

#endif
