/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Known PMU errata as data: which event, on which CPUs, a vendor's specification update
 * says does not count as documented. Generated (tools/gen_errata.py) from the "Errata"
 * field of Intel's event lists; a check that fails on such an event ends WAIVED with the
 * erratum as its reference (run/waiver.h), never PASS.
 */
#ifndef EFIPMU_HW_ERRATA_H
#define EFIPMU_HW_ERRATA_H

#include <stdint.h>

struct erratum {
	const char *id;          /* the specification update's number, "SKL091" */
	const char *list;        /* Intel's event list that names it, "skylakex_core" */
	const char *event;       /* the event it flags, as that list names it */
	uint8_t family, model;   /* CPUID display family and model */
	uint16_t steppings;      /* bit n: stepping n */
	uint8_t core_type;       /* hybrid: CPUID.1AH:EAX[31:24] of the core it is about; 0 any */
	uint32_t native_model;   /* hybrid: CPUID.1AH:EAX[23:0]; 0 any */
	uint8_t code, umask, cmask, inv;   /* the event's PERFEVTSEL encoding */
};

extern const struct erratum errata[];
extern const unsigned errata_count;

#endif
