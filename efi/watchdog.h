/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The UEFI watchdog (UEFI 2.x, Boot Services SetWatchdogTimer): armed while
 * the app runs, so a hang ends in a reset, and put back on exit as it was
 * found. UEFI cannot read the watchdog back, so "as found" comes from how the
 * app was started:
 *  - from the UEFI Shell: the Shell switches the watchdog off for the programs
 *    it runs, so it is switched off again;
 *  - as a boot option: the boot manager armed 5 minutes before starting us
 *    (UEFI 2.x SetWatchdogTimer: "The watchdog timer is armed before the
 *    firmware's boot manager invokes an EFI boot option. The watchdog must be
 *    set to a period of 5 minutes."), so 5 minutes are armed again.
 */
#ifndef EFIPMU_WATCHDOG_H
#define EFIPMU_WATCHDOG_H

#include <efi.h>

#define WATCHDOG_RUN_S 600        /* while the app runs: far beyond any run, short of a lost lab day */
#define WATCHDOG_BOOT_OPTION_S 300

/*
 * Decides how the app was started (image: the app's image handle) and arms
 * WATCHDOG_RUN_S. Called again it re-arms another WATCHDOG_RUN_S (a long job
 * may do so between steps).
 */
void watchdog_begin(EFI_HANDLE image);
/* Puts the watchdog back as found (see above); nothing if watchdog_begin was not called. */
void watchdog_end(void);
/*
 * One line for the console and the log: what watchdog_begin armed and what
 * watchdog_end will leave, and why, e.g. "watchdog: 600 s while efipmu runs,
 * then off again (started from the UEFI Shell)".
 */
const char *watchdog_plan(void);

#endif
