/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "util/status.h"

static const char *const names[PMU_STATUS_COUNT] = {
	[PMU_OK] = "ok",
	[PMU_ERR_FAULT_GP] = "#GP fault",
	[PMU_ERR_FAULT_UD] = "#UD fault",
	[PMU_ERR_INVALID] = "invalid input",
	[PMU_ERR_UNKNOWN_NAME] = "unknown name",
	[PMU_ERR_RANGE] = "value out of range",
	[PMU_ERR_RESERVED] = "reserved bit set",
	[PMU_ERR_NO_COUNTER] = "no counter available",
	[PMU_ERR_IN_USE] = "counter in use",
	[PMU_ERR_NOSPACE] = "out of space",
	[PMU_ERR_UNSUPPORTED] = "unsupported",
	[PMU_ERR_NOT_FOUND] = "not found",
	[PMU_ERR_IO] = "I/O error",
	[PMU_ERR_TIMEOUT] = "timeout",
	[PMU_ERR_NOT_HELD] = "register does not hold written value",
	[PMU_ERR_ABSENT] = "device absent (reads all-ones)",
	[PMU_ERR_REFUSED] = "write refused: not an identified PMON box",
};

const char *pmu_status_str(pmu_status st)
{
	if ((unsigned)st >= PMU_STATUS_COUNT || !names[st])
		return "unknown status";
	return names[st];
}
