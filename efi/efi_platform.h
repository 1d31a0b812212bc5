/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * lib/run/platform.h on UEFI: MP services (efi/mp.c), the console, the log
 * and CSV files on the boot volume (efi/logfile.c), pool and page memory,
 * the TSC and RFLAGS.IF. Only adapts: every decision is lib/run/'s.
 */
#ifndef EFIPMU_EFI_PLATFORM_H
#define EFIPMU_EFI_PLATFORM_H

#include <efi.h>
#include "logfile.h"
#include "mp.h"
#include "run/platform.h"
#include "run/rounds.h"

struct efi_platform {
	struct platform plat;
	struct mp mp;
	struct plat_cpu *cpu;           /* mp.count of them, from the pool */
	struct pmu_backend hw;          /* the real CPU, for CPUID */
	EFI_FILE_HANDLE root;           /* the boot volume, or NULL */
	struct logfile log, csv;
	BOOLEAN have_log, have_csv;
	struct rounds_host rounds;      /* MP services for lib/run/rounds.c (hooks may wrap it) */
};

/* Finds the CPUs (MP services, or the boot CPU alone) and fills p->plat. */
EFI_STATUS efi_platform_init(struct efi_platform *p, EFI_FILE_HANDLE root);
/*
 * Creates the run's log (output name, or run-NNNN.jsonl) and the CSV beside
 * it on the boot volume; without them the run goes on, console only.
 */
void efi_platform_open_logs(struct efi_platform *p, const char *output);
void efi_platform_close(struct efi_platform *p);
/* The CPUs' memory, once the run that read them is over. */
void efi_platform_free(struct efi_platform *p);

#endif
