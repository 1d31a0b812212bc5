/* The reference model's devices: one per register range with its own semantics. */
#ifndef EFIPMU_MODEL_DEVS_H
#define EFIPMU_MODEL_DEVS_H

#include "model.h"

extern const struct model_dev model_dev_misc;   /* BIOS_SIGN_ID, MISC_ENABLE, PERF_CAPABILITIES, SMI_COUNT */
extern const struct model_dev model_dev_core;   /* architectural core PMU (seeds 003, 004) */

/* CPUID.0AH fields of the model's profile, as the core device sees them. */
unsigned model_n_gp(const struct model *m);
unsigned model_gp_width(const struct model *m);
unsigned model_n_fixed(const struct model *m);
unsigned model_fixed_width(const struct model *m);
unsigned model_pmu_version(const struct model *m);

#endif
