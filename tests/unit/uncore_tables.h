/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A test's uncore session with tables of its own (pmu/uncore.h: the caller's memory), static
 * as the tests' sessions are, for up to max events.
 */
#ifndef EFIPMU_TEST_UNCORE_TABLES_H
#define EFIPMU_TEST_UNCORE_TABLES_H

#include "pmu/uncore.h"

#define TEST_UNC_EVENTS 48   /* more than any test plans but the one refused for its count */

#define UNC_TABLES(s, max)                                                             \
	do {                                                                           \
		static uint64_t tables_[UNCORE_SESSION_BYTES(max) / 8];                \
		uncore_session_init(&(s), tables_, (max));                             \
	} while (0)

#endif
