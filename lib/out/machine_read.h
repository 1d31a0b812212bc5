/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A log's `machine` records (run/job_capture.c) read back into a struct machine: the
 * capture as data again, for efipmu-host profile. A log is untrusted: every row is
 * checked, the first problem is named with its line.
 */
#ifndef EFIPMU_MACHINE_READ_H
#define EFIPMU_MACHINE_READ_H

#include <stddef.h>
#include "capture/machine.h"
#include "out/logread.h"
#include "util/cpuset.h"
#include "util/status.h"

_Static_assert(CPUSET_MAX >= MACHINE_MAX_CPUS, "the CPUs seen are a cpuset");

struct machine_reader {
	struct machine *m;
	unsigned line;          /* lines read */
	unsigned records;       /* machine records taken */
	struct cpuset seen_cpu;
	char err[160];          /* the first problem, with its line; "" when none */
	struct logrec_view view, item;   /* the record, a nested object of it */
};

/*
 * The room text's machine records call for: *cpus the machine records (its CPUs are fewer:
 * numbered without a gap), *dies the more of the portal tables they start (each die's part
 * 0) and the die records; v the caller's scratch.
 */
void machine_read_room(const char *text, size_t len, struct logrec_view *v, unsigned *cpus,
		       unsigned *dies);

/* m empty (its room kept): at most m->cap CPUs are read into it. */
void machine_read_init(struct machine_reader *r, struct machine *m);

/* One line of the log (any record; machine records are taken). PMU_ERR_INVALID: r->err. */
pmu_status machine_read_line(struct machine_reader *r, const char *line, size_t len);

/* After the last line: the CPUs are 0..n-1 without a gap, a platform record came. */
pmu_status machine_read_end(struct machine_reader *r);

#endif
