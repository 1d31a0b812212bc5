/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A resolved event request: what the event-spec parser produces and the
 * engines program. Core events carry a PERFEVTSEL word (or a fixed counter);
 * uncore events carry the box descriptor and its control word.
 */
#ifndef EFIPMU_EVENT_H
#define EFIPMU_EVENT_H

#include <stdint.h>

struct box_desc;

#define EVENT_NAME_MAX 64

struct pmu_event_req {
	char name[EVENT_NAME_MAX];   /* as the user wrote it, or the event's list name */
	const struct box_desc *box;  /* NULL: core PMU */
	uint64_t config;             /* control word without the enable bit(s) */
	int fixed;                   /* core: fixed counter index it must/can use, -1 none */
	uint32_t counter_mask;       /* general-purpose counters allowed (bit n = counter n) */
	uint64_t extra_msr_val;      /* value for an auxiliary MSR (offcore, M-box sub-register) */
	uint32_t extra_msr;          /* 0: none */
	uint64_t extra_msr_val_hi;   /* a filter's bits 127:64 (box_filter.hi: SNB-EP QPI mask) */
	uint8_t core_type;           /* hybrid: only CPUs of this core type (CPUID.1AH), 0: all */
	const char *list;            /* Intel's list it was named from ("file" of ev_list), or NULL */
	uint16_t item;               /* evspec_parse_list: which spec of the list (a hybrid bare
	                              * name's requests, one per core type, share it) */
};

#endif
