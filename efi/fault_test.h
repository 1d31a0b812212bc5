#ifndef EFIPMU_FAULT_TEST_H
#define EFIPMU_FAULT_TEST_H

#include "pmu/backend.h"

/* Provokes a #GP on each faulting path of the backend on this CPU: NULL when every one came back. */
const char *fault_test_run(const struct pmu_backend *b, unsigned cpu);

#endif
