/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The model's machine noise and window (model_noise.c), as model.c wires it into the backend. */
#ifndef EFIPMU_MODEL_NOISE_H
#define EFIPMU_MODEL_NOISE_H

#include "model/model.h"

/* cpu ran `cycles` more cycles: the timer and SMIs that fall due come now. */
void model_noise_advance(struct model *m, unsigned cpu, uint64_t cycles);
/*
 * Cycles cpu runs until its next timer tick or SMI falls due (at least 1;
 * UINT64_MAX: none will): model_noise_advance by up to that many at once does
 * what as many advances of 1 would.
 */
uint64_t model_noise_quiet(const struct model *m, unsigned cpu);

/* Backend ops (struct pmu_backend_ops), ctx the model. */
uint64_t model_irq_save(void *ctx, unsigned cpu);
void model_irq_restore(void *ctx, unsigned cpu, uint64_t saved);
void model_gated_run(void *ctx, unsigned cpu, struct pmu_gated_run *g);
pmu_status model_sim_wrmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t val);

#endif
