/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * lib/run/platform.h on the host, for efipmu-host replay: the CPUs of a captured machine run
 * one after another on this thread (the model needs no real concurrency), the log and the
 * console kept in memory, the profile and the lab's waiver file readable.
 */
#ifndef EFIPMU_HOST_PLATFORM_H
#define EFIPMU_HOST_PLATFORM_H

#include <stddef.h>
#include "capture/machine.h"
#include "run/platform.h"

struct host_platform {
	struct platform plat;
	struct plat_cpu *cpu;           /* the machine's ncpus */
	struct pmu_backend hw;          /* CPUID only: nothing (the model is the machine) */
	uint64_t clock;
	const char *file_name, *file_text;
	const char *waivers_name, *waivers_text;   /* the run's waiver file, as its log gave it */
	char *log, *console;
	size_t log_len, log_cap, console_len, console_cap;
};

/* The machine's CPUs and topology; file_name/file_text the one file its volume has. */
void host_platform_init(struct host_platform *h, const struct machine *m, const char *file_name,
			const char *file_text);
void host_platform_fini(struct host_platform *h);

#endif
