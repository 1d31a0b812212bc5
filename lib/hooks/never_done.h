/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * test-ap-never-done, a test hook: firmware never says the APs of a dispatch
 * are done, as a firmware bug would, so the app must not return to firmware
 * (efi/main.c) and the run says its results may be incomplete. A decorator
 * of the platform's rounds operations (lib/run/rounds.h).
 */
#ifndef EFIPMU_HOOKS_NEVER_DONE_H
#define EFIPMU_HOOKS_NEVER_DONE_H

#include "run/rounds.h"

struct never_done {
	struct rounds_host inner;
	bool started;   /* a dispatch was started: from then on it is never settled */
};

/* h becomes h with every dispatch started through it never settled. */
void never_done_init(struct never_done *n, struct rounds_host *h);

#endif
