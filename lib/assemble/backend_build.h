/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The one place that builds the run's backend, above the run (issue 34 item 4): the
 * reference model for backend = sim and the test hooks as decorators around the backend.
 * The program's entry point (efi/platform.c, the host tool, the tests) hands it to the run
 * as its platform's assembly; nothing in lib/run, lib/pmu or lib/check knows the model or
 * the hooks.
 */
#ifndef EFIPMU_ASSEMBLE_BACKEND_BUILD_H
#define EFIPMU_ASSEMBLE_BACKEND_BUILD_H

#include "run/run.h"

/*
 * sim: the model of opt.sim_profile on the platform's topology; hooks: the test hooks the
 * settings ask for, checked and laid over a->backend (each VERDICT_ERROR said); free: gives
 * back what the two took.
 */
extern const struct run_assembly backend_assembly;

struct model;
/* The reference model a's backend is (backend sim), or NULL: for the tests that poke it. */
struct model *assembled_model(const struct run *a);

#endif
