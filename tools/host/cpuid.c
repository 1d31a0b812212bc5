/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu-host cpuid DUMP.txt: discovery on each logical CPU of a CPUID dump, with the uncore
 * boxes AMD's CPUID makes (the UMC split of 0x80000022).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "model/cpuid_dump.h"
#include "out/discovery.h"
#include "pmu/core_engine.h"
#include "pmu/cpuinfo.h"
#include "pmu/uncore_amd.h"
#include "util/fmt.h"

char *host_read_dump(const char *path, struct cpuid_dump *d)
{
	size_t len;
	char *text = read_whole(path, &len);
	unsigned lines = cpuid_dump_lines(text, len);
	*d = (struct cpuid_dump){
		.leaf = xcalloc(lines, sizeof(*d->leaf)), .leaf_cap = lines,
		.cpu = xcalloc(lines, sizeof(*d->cpu)), .cpu_number = xcalloc(lines, sizeof(unsigned)),
		.cpu_cap = lines,
	};
	if (cpuid_dump_parse(d, text, len))
		die("%s:%u: %s", path, d->error_line, d->error);
	return text;
}

void host_free_dump(struct cpuid_dump *d, char *text)
{
	free(text);
	free(d->leaf);
	free(d->cpu);
	free(d->cpu_number);
}

/* The app's discovery on each logical CPU of a CPUID dump, one JSON line each. */
int cmd_cpuid(int argc, char **argv)
{
	if (argc != 1)
		die("cpuid needs one DUMP file");
	struct cpuid_dump d;
	char *text = host_read_dump(argv[0], &d);
	struct pmu_backend b;
	cpuid_dump_backend(&d, &b);
	static char out[4096];
	for (unsigned i = 0; i < d.ncpu; i++) {
		struct cpu_info ci;
		struct core_pmu p;
		memset(&ci, 0, sizeof(ci));
		ci.index = i;
		pmu_status st = pmu_discover(&b, i, &ci);
		if (st)
			die("%s: CPU #%u: discovery failed: %s", argv[0], d.cpu_number[i],
			    pmu_status_str(st));
		core_pmu_from_cpu(&ci, &p);
		/* the boxes the engine would make from this CPU's CPUID (AMD's UMC split) */
		struct box_set boxes;
		memset(&boxes, 0, sizeof(boxes));
		(void)uncore_boxes_make(&ci, &boxes, &host_box_alloc);
		struct strbuf sb;
		sb_init(&sb, out, sizeof(out));
		discovery_line(&sb, d.cpu_number[i], &ci, &p, &boxes);
		box_set_fini(&boxes);
		puts(out);
	}
	host_free_dump(&d, text);
	return 0;
}
