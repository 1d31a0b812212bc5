/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Sub-NUMA clusters (issue 33 item 1), from the firmware's SRAT (capture/srat.h) through the
 * backend: per package the proximity domains of its CPUs, hence SNC-N; where a public rule
 * maps uncore boxes to clusters (hw/snc_boxes.h), their ranges. Reads only: no register is
 * written for it.
 */
#ifndef EFIPMU_RUN_SNC_H
#define EFIPMU_RUN_SNC_H

struct run;

/*
 * After discovery: "no SRAT" in one line, or a malformed table named in one line (and its
 * record), or per package an `snc` record and, where a package runs more than one cluster,
 * a console line (packages alike collapsed).
 */
void snc_report(struct run *a);

/* The capture's copy of the SRAT's bytes: `machine` records of scope "srat", once a machine. */
void snc_capture(struct run *a);

#endif
