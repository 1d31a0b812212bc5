/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Auxiliary MSRs that a core event reads while it counts (Intel SDM Vol. 4 table 2-2):
 * the offcore response selects (event 0xB7 / 0xBB, umask 0x01) and the
 * load-latency threshold (Nehalem/Westmere 0x0B/0x10, Sandy Bridge 0xCD/0x01).
 * One row per (CPU models, event): which MSR, the bits it implements, the term
 * of an event spec that sets it and the value written when the spec gives none.
 */
#ifndef EFIPMU_CORE_AUX_H
#define EFIPMU_CORE_AUX_H

#include <stdint.h>

struct core_aux {
	const char *term;          /* evspec term: "offcore_rsp", "ldlat" */
	const char *msr_name;
	uint32_t msr;
	uint8_t event, umask;      /* the event that uses it */
	uint64_t valid;            /* bits the MSR implements; the others are reserved (#GP) */
	uint64_t dflt;             /* written when neither the list nor a term gives a value */
	const uint8_t *models;     /* family 6 DisplayModels that have it */
	unsigned nmodels;
};

/* The row for this event (PERFEVTSEL event select and umask) on this CPU, or NULL. */
const struct core_aux *core_aux_for(uint32_t family, uint32_t model, uint8_t event, uint8_t umask);

/*
 * The other register of the same kind on this CPU (OFFCORE_RSP_1 for _0 and back),
 * or NULL: what a second event with another value can use.
 */
const struct core_aux *core_aux_alt(uint32_t family, uint32_t model, uint32_t msr);

/* The row of msr on this CPU, or NULL. */
const struct core_aux *core_aux_of(uint32_t family, uint32_t model, uint32_t msr);

#endif
