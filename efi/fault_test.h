/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#ifndef EFIPMU_FAULT_TEST_H
#define EFIPMU_FAULT_TEST_H

#include <stdint.h>
#include "pmu/backend.h"
#include "pmu/restore_check.h"
#include "util/fmt.h"

/* What --fault-test used and found on one CPU. */
struct fault_test_result {
	uint32_t msr;           /* the MSR the #GPs were provoked with; 0: none known on this CPU */
	const char *msr_name;   /* "IA32_PERFEVTSEL0", "IA32_PKRS"; NULL with msr 0 */
	unsigned bit;           /* the reserved bit set to provoke them */
	const char *basis;      /* the CPUID fact the choice rests on */
	const char *fail;       /* NULL: every path came back with a #GP and the MSR is unchanged */
	const char *kernel;     /* the kernel whose window failed; NULL: no window failed */
	unsigned paths;         /* paths that came back with their #GP */
};

/*
 * Provokes a #GP on each faulting path of the backend on this CPU with an MSR
 * the CPU has (CPUID says which) and a reserved bit set: a plain wrmsr, the
 * enabling and the disabling write of every kernel's measured window. The MSR's value is
 * read first and read back afterwards into back (restore_check_one: written back, and a
 * failure, if it changed).
 */
void fault_test_on(const struct pmu_backend *b, unsigned cpu, struct fault_test_result *r,
		   struct restore_tally *back);
/*
 * One line: "IA32_PKRS (0x6e1), reserved bit 32, chosen by CPUID.07H:ECX[31]:
 * PKS: #GP caught on all 15 paths", or what failed.
 */
void fault_test_describe(struct strbuf *sb, const struct fault_test_result *r);

/*
 * Test hook for the unexpected-exception path (fault.c): a load from a
 * non-canonical address, a #GP at an address that is none of our MSR
 * instructions. Does not return on the boot CPU (the firmware handles it).
 */
void fault_test_unexpected(void);

#endif
