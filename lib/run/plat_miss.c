/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "run/platform.h"

const char *plat_miss_str(enum plat_miss m)
{
	switch (m) {
	case PLAT_MISS_NONE:
		return "in step";
	case PLAT_MISS_CHECKIN:
		return "did not start";
	case PLAT_MISS_BARRIER:
		return "missed the barrier";
	case PLAT_MISS_FINISH:
		return "did not end its round";
	}
	return "?";
}
