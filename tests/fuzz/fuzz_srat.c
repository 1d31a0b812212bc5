/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The SRAT parser (lib/capture/srat.c) on any bytes, as firmware may publish them: nothing read
 * outside the input, every walk ends, a table refused names why and keeps no processor, a
 * table taken keeps each processor once and no more than the table has room for.
 */
#include "fuzz.h"
#include "capture/srat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct srat_cpu cpu[4096 / SRAT_MIN_CPU_ENTRY];
	struct srat_result r;
	uint8_t *copy = malloc(size ? size : 1);
	FUZZ_CHECK(copy != NULL);
	memcpy(copy, data, size);
	unsigned cap = srat_max_cpus(size);
	if (cap > sizeof(cpu) / sizeof(cpu[0]))
		cap = sizeof(cpu) / sizeof(cpu[0]);   /* a longer regression input: NOSPACE allowed */
	pmu_status st = srat_parse(copy, size, cpu, cap, &r);
	FUZZ_CHECK(memchr(r.problem, '\0', sizeof(r.problem)) != NULL);
	if (st == PMU_ERR_INVALID) {
		FUZZ_CHECK(r.problem[0] != '\0' && r.ncpus == 0);
	} else {
		FUZZ_CHECK((st == PMU_OK || st == PMU_ERR_NOSPACE) && r.problem[0] == '\0' &&
			   r.ncpus <= cap);
		for (unsigned i = 0; i < r.ncpus; i++) {
			uint32_t d;
			FUZZ_CHECK(!srat_domain_of(cpu, i, cpu[i].apic_id, &d));
		}
	}
	free(copy);
	return 0;
}
