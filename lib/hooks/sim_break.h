/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * sim-break NAME, a test hook: the reference model gets a deliberate defect,
 * so tests can show the validation suite catches broken hardware.
 */
#ifndef EFIPMU_HOOKS_SIM_BREAK_H
#define EFIPMU_HOOKS_SIM_BREAK_H

#include "run/run.h"

struct model;
/* Gives m the defect opt.sim_break names; VERDICT_ERROR with one line for an unknown one. */
enum verdict sim_break_apply(struct run *a, struct model *m);
/* "the model has a deliberate defect: NAME", when it has one. */
void sim_break_say(struct run *a);

#endif
