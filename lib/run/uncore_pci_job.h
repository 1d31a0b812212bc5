/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The uncore's PCI boxes in a run (run/uncore_pci_job.c): the platform scanned
 * once from the boot CPU before the uncore job places its rounds, what was
 * found said on the console and logged (an `uncore_pci` record), the firmware
 * state of each box named with what it means for the lab, and the write guard
 * armed with the boxes found: no PCI write reaches anything else.
 */
#ifndef EFIPMU_RUN_UNCORE_PCI_JOB_H
#define EFIPMU_RUN_UNCORE_PCI_JOB_H

#include "run/run.h"
#include "pmu/uncore_pci.h"
#include "out/derived.h"
#include "run/imc_freerun.h"

struct measure_state;
/*
 * Scans when the events of the measurement `asking` ask a PCI box, or always when it is NULL
 * (--list, --selftest); with --list the functions scanned are listed. VERDICT_PASS unless
 * nothing can be counted.
 */
enum verdict uncore_pci_begin(struct run *a, const struct measure_state *asking);
/* The boxes of package pkg as a's scan placed them; NULL before a scan. */
const struct uncore_pci_pkg *uncore_pci_pkg_for(const struct run *a, unsigned pkg);

/*
 * What firmware left in box `box` of package p, named (an `uncore_fw_box` record and a
 * console line each) when it is frozen or has counters enabled (on: bit i counter i, 0x80
 * the fixed counter); ctl is its box control as found. Both the PCI boxes (the scan) and the
 * MSR boxes (the uncore job's hand-off) are said through it.
 */
void uncore_say_fw_box(struct run *a, unsigned p, const char *box, uint32_t ctl, bool frozen,
		       uint8_t on);

/*
 * Per package, where the family counts its CHAs (Skylake-SP on): the count CAPID6 gives
 * (the scan read it) against the count the leader read from the family's MSR (msr_st its
 * status), on the console and in an `uncore_chas` record; a mismatch is said, not judged.
 */
void uncore_pci_chas(struct run *a, unsigned package, pmu_status msr_st, uint64_t msr);

/*
 * The CHAs the default job counts on every package (each counts every default event:
 * run/uncore_table.c), after the scan: CHAs 0 to n - 1 for the least n the PCU's CAPID6
 * counts on a placed package; 1 (CHA 0 alone), said, where a package's CAPID6 was not read
 * (no PCU function, as under QEMU) or no package was placed; UINT8_MAX (every CHA) where the
 * family counts none by CAPID6 (a discovery table's boxes are those present).
 */
unsigned uncore_pci_default_chas(struct run *a);

/*
 * After the uncore job's statistics, per package: each memory channel's read and write
 * bandwidth (CAS x 64 bytes over the window, ticks of the TSC) and, around a kernel that
 * claims its LLC misses, a check that the channels' reads are within that claim: every
 * line the kernel misses is read from memory. in[i] is ureqs[i]'s median delta.
 * The check's verdict (PASS when nothing was checked).
 */
enum verdict uncore_pci_bandwidth(struct run *a, const struct measure_state *m, unsigned package,
				  const struct derived_input *in, uint64_t ticks,
				  const struct imc_freerun *fr);

#endif
