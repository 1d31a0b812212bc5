/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A CPUID dump, any text (issue 35 item 8): efipmu-host reads a lab's or InstLatx64's dumps
 * into profiles. The reader stays within the storage its line count sized, names where it
 * stopped, and its backend answers every leaf of every CPU it kept.
 */
#include "fuzz.h"
#include "model/cpuid_dump.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size);
	unsigned lines = cpuid_dump_lines(text, size);
	FUZZ_CHECK(lines <= size + 1);
	struct cpuid_dump d = { 0 };
	d.leaf_cap = d.cpu_cap = lines;
	d.leaf = calloc(lines + 1, sizeof(*d.leaf));
	d.cpu = calloc(lines + 1, sizeof(*d.cpu));
	d.cpu_number = calloc(lines + 1, sizeof(*d.cpu_number));
	FUZZ_CHECK(d.leaf && d.cpu && d.cpu_number);
	pmu_status st = cpuid_dump_parse(&d, text, size);
	if (st == PMU_OK) {
		FUZZ_CHECK(d.ncpu >= 1 && d.ncpu <= d.cpu_cap && d.nleaf <= d.leaf_cap);
		struct pmu_backend b;
		struct pmu_cpuid r;
		cpuid_dump_backend(&d, &b);
		for (unsigned c = 0; c < d.ncpu; c++)
			for (unsigned k = 0; k < d.cpu[c].n; k++)
				(void)b.ops->cpuid(b.ctx, c, d.cpu[c].leaf[k].leaf,
						   d.cpu[c].leaf[k].sub, &r);
	} else {
		FUZZ_CHECK(st == PMU_ERR_INVALID || st == PMU_ERR_NOSPACE);
		FUZZ_CHECK(d.error != NULL && d.error_line <= lines);
	}
	free(d.leaf);
	free(d.cpu);
	free(d.cpu_number);
	free(text);
	return 0;
}
