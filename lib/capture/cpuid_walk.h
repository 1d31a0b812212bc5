/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Every CPUID leaf and subleaf a logical CPU defines, read through the backend:
 * the basic leaves up to CPUID.0:EAX, the hypervisor leaves up to CPUID.40000000H:EAX
 * (where CPUID.1:ECX[31] says one is there), the extended leaves up to
 * CPUID.80000000H:EAX, each leaf's subleaves by the rule its manual gives
 * (cpuid_walk.c). Read-only; AP-safe (no console, no allocation).
 */
#ifndef EFIPMU_CPUID_WALK_H
#define EFIPMU_CPUID_WALK_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/backend.h"

#define CPUID_WALK_MAX 320     /* leaves and subleaves kept per CPU */

struct cpuid_entry {
	uint32_t leaf, sub;
	struct pmu_cpuid r;
};

struct cpuid_walk {
	unsigned n;
	bool truncated;            /* more than CPUID_WALK_MAX, or a maximum past its sanity bound */
	pmu_status st;             /* the first failed CPUID (its leaf in fail_leaf); PMU_OK */
	uint32_t fail_leaf;
	struct cpuid_entry e[CPUID_WALK_MAX];
};

/* Reads every leaf and subleaf of cpu into w (cleared first). Returns w->st. */
pmu_status cpuid_walk(const struct pmu_backend *b, unsigned cpu, struct cpuid_walk *w);

/* Whether the manuals give leaf subleaves (else ECX is ignored: subleaf 0 answers all). */
bool cpuid_leaf_has_subleaves(uint32_t leaf);

/* The entry of (leaf, sub) in w, or NULL. */
const struct cpuid_entry *cpuid_walk_find(const struct cpuid_walk *w, uint32_t leaf, uint32_t sub);

#endif
