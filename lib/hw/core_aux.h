/*
 * Auxiliary MSRs that a core event reads while it counts (REGISTERS.md §1.2):
 * the offcore response selects (event 0xB7 / 0xBB, umask 0x01; Sapphire Rapids and
 * the hybrid P-cores 0x2A / 0x2B; the E-cores 0xB7 with umask 0x01 / 0x02) and the
 * load-latency threshold (Nehalem/Westmere 0x0B/0x10, Sandy Bridge on 0xCD/0x01,
 * the E-cores 0xD0/0x05). One row per (CPU models, core type, event): which MSR,
 * the bits it implements, the term of an event spec that sets it and the value
 * written when the spec gives none.
 */
#ifndef EFIPMU_CORE_AUX_H
#define EFIPMU_CORE_AUX_H

#include <stdint.h>

/* Hybrid core types, CPUID.1AH:EAX[31:24] (SDM vol. 2A, leaf 1AH). */
#define CORE_TYPE_ATOM 0x20
#define CORE_TYPE_CORE 0x40

struct core_aux {
	const char *term;          /* evspec term: "offcore_rsp", "ldlat" */
	const char *msr_name;
	uint32_t msr;
	uint8_t event, umask;      /* the event that uses it */
	uint64_t valid;            /* bits the MSR implements; the others are reserved (#GP) */
	uint64_t dflt;             /* written when neither the list nor a term gives a value */
	const uint8_t *models;     /* family 6 DisplayModels that have it */
	unsigned nmodels;
	uint8_t core_type;         /* hybrid: the core type (CPUID.1AH) that has it; 0 every CPU */
};

/* The row for this event (PERFEVTSEL event select and umask) on this CPU, or NULL. */
const struct core_aux *core_aux_for(uint32_t family, uint32_t model, uint8_t core_type,
				    uint8_t event, uint8_t umask);

/*
 * The other register of the same kind on this CPU (OFFCORE_RSP_1 for _0 and back),
 * or NULL: what a second event with another value can use.
 */
const struct core_aux *core_aux_alt(uint32_t family, uint32_t model, uint8_t core_type,
				    uint32_t msr);

/* The row of msr on this CPU, or NULL. */
const struct core_aux *core_aux_of(uint32_t family, uint32_t model, uint8_t core_type,
				   uint32_t msr);

#endif
