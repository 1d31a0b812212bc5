/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The run's side of waivers (run/waiver.h): the lab's file read before anything runs, its
 * waivers logged (so a replay waives as the run did), a failing check looked up, and the
 * waivers that matched nothing named at the end.
 */
#ifndef EFIPMU_RUN_WAIVE_RUN_H
#define EFIPMU_RUN_WAIVE_RUN_H

#include "run/run.h"
#include "run/waiver.h"

/* waivers = FILE: read and parsed; VERDICT_ERROR with one line ("efipmu: FILE:3: why"). */
enum verdict waive_load(struct run *a);
/* With a lab's file: one console line, and a "waiver" record for each of its waivers. */
void waive_records(struct run *a);
/* A check of kind k on CPU ci's part (its signature, microcode, core type), no event yet. */
struct waiver_subject waive_subject(const struct cpu_info *ci, enum check_kind k);
/* Whether s failing is waived: true with hit set and the verdict's tally counting it. */
bool waive_check(struct run *a, const struct waiver_subject *s, struct waiver_hit *hit);
/* The check record's "waived_by" (the reference) and "waiver" (where it comes from) keys. */
void waive_keys(struct run *a, const struct waiver_hit *hit);
/* Each lab waiver that waived no check: a console line and a "waiver_unmatched" record. */
void waive_unmatched(struct run *a);

#endif
