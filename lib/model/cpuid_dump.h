/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * CPUID dumps of real machines as InstLatx64 keeps them (AIDA64/EVEREST and
 * InstLatX64 tool output): one leaf/subleaf table per logical CPU, and a
 * backend whose CPUID answers from them, so the app's own discovery can run on
 * a machine nobody here has. Four layouts are read:
 *   A  "------[ Logical CPU #N ]------" or "------[ CPUID Registers / Logical CPU #N ]------"
 *      sections (other sections, MSR ones included, end a CPU);
 *   B  "CPU#NN AffMask: ..." lines starting each CPU;
 *   D  bare "CPUID xxxxxxxx: A-B-C-D" lines, CPUs apart by blank lines (or not at all);
 *   D' bare "CPUID xxxxxxxx<spaces/TAB>A-B-C-D", no colon.
 * A leaf 0 line after other leaves starts the next CPU in every layout.
 */
#ifndef EFIPMU_CPUID_DUMP_H
#define EFIPMU_CPUID_DUMP_H

#include <stddef.h>
#include "model/model.h"

struct cpuid_dump {
	struct model_cpuid_leaf *leaf;   /* the caller's storage, leaf_cap entries */
	unsigned leaf_cap, nleaf;
	struct model_cpuid_table *cpu;   /* the caller's storage: one table per CPU, into leaf[] */
	unsigned *cpu_number;            /* the dump's own number of each CPU */
	unsigned cpu_cap, ncpu;
	unsigned error_line;             /* where parsing stopped (1-based); 0 if it did not */
	const char *error;               /* what was wrong there */
};

/* An upper bound on the leaves and on the CPUs of text: its number of lines. */
unsigned cpuid_dump_lines(const char *text, size_t len);

/*
 * Reads text into d (storage and capacities set by the caller). PMU_ERR_INVALID
 * (a malformed CPUID line, a subleaf listed twice, no CPUID line at all) or
 * PMU_ERR_NOSPACE, with error_line and error set.
 */
pmu_status cpuid_dump_parse(struct cpuid_dump *d, const char *text, size_t len);

/*
 * A backend over d: CPU i answers CPUID from d->cpu[i] as the CPU would
 * (model_cpuid_table_answer); a dump holds no live MSRs or counters, so every
 * other access is PMU_ERR_UNSUPPORTED.
 */
void cpuid_dump_backend(struct cpuid_dump *d, struct pmu_backend *b);

#endif
