/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Status codes shared by lib/ and efi/: every fallible call returns one. */
#ifndef EFIPMU_STATUS_H
#define EFIPMU_STATUS_H

typedef enum pmu_status {
	PMU_OK = 0,
	PMU_ERR_FAULT_GP,     /* the access raised #GP (missing MSR, reserved bit) */
	PMU_ERR_FAULT_UD,     /* the access raised #UD (rdpmc not allowed) */
	PMU_ERR_INVALID,      /* malformed input */
	PMU_ERR_UNKNOWN_NAME, /* no event, field or option of that name */
	PMU_ERR_RANGE,        /* value too wide for its field */
	PMU_ERR_RESERVED,     /* value sets a reserved bit */
	PMU_ERR_NO_COUNTER,   /* no counter can take the event */
	PMU_ERR_IN_USE,       /* counter already enabled by firmware */
	PMU_ERR_NOSPACE,      /* a fixed-size buffer or table is full */
	PMU_ERR_UNSUPPORTED,  /* this CPU or backend lacks the feature */
	PMU_ERR_NOT_FOUND,
	PMU_ERR_IO,
	PMU_ERR_TIMEOUT,
	PMU_ERR_NOT_HELD,     /* register does not hold the value written */
	PMU_ERR_ABSENT,       /* no device answers there: its config space reads all-ones */
	PMU_ERR_REFUSED,      /* a write to a register of no PMON box the tool identified */
	PMU_STATUS_COUNT
} pmu_status;

const char *pmu_status_str(pmu_status st);

static inline int pmu_is_fault(pmu_status st)
{
	return st == PMU_ERR_FAULT_GP || st == PMU_ERR_FAULT_UD;
}

#endif
