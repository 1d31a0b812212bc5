/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The one place that builds the run's backend (run/backend_build.c): the real
 * one as the platform gives it, or the reference model for backend = sim, and
 * the test hooks as decorators around it. Nothing else in lib/run, lib/pmu or
 * lib/check knows the model or the hooks.
 */
#ifndef EFIPMU_RUN_BACKEND_BUILD_H
#define EFIPMU_RUN_BACKEND_BUILD_H

#include "run/run.h"

/* backend = sim: the model of opt.sim_profile on the platform's topology (VERDICT_ERROR said). */
enum verdict backend_sim(struct run *a);
/* The test hooks the settings ask for, checked and laid over a->backend (VERDICT_ERROR said). */
enum verdict backend_hooks(struct run *a);
/* Gives back what the two took. */
void backend_free(struct run *a);

#endif
