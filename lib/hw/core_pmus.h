/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Each kind of core PMU as data (issue 16): where its counters and controls
 * are, how its event select is laid out and which global registers gate it.
 * The core engine (lib/pmu/core_engine.c) drives every one the same way;
 * core_pmu_desc_for picks the CPU's from what discovery found.
 */
#ifndef EFIPMU_CORE_PMUS_H
#define EFIPMU_CORE_PMUS_H

#include <stdbool.h>
#include <stdint.h>
#include "hw/regfield.h"

/* A perf generic name on a vendor without Intel's architectural events. */
struct core_generic {
	const char *name;
	uint16_t event;        /* 12 bits on AMD */
	uint8_t umask;
};

struct core_pmu_desc {
	const char *name;
	/* Short register names for messages: select, counter, global control/status/clear. */
	const char *sel_name, *ctr_name, *gctl_name, *gstatus_name, *gclear_name;
	const struct reg_layout *sel;      /* the event select's fields */
	uint32_t sel_base, ctr_base;       /* general-purpose counter n: base + n * stride */
	uint8_t stride;
	uint32_t wide_base;                /* full-width alias of counter 0 (A_PMC0); 0: none */
	bool ctr_full_width;               /* the counter itself takes full-width writes */
	uint32_t fixed_base, fixed_ctrl;   /* fixed counters and their control; 0: none */
	uint8_t fixed_stride;              /* fixed counter i: fixed_base + i * fixed_stride */
	/* 0: no global control; each counter is gated by its own EN (Intel v1, AMD before v2). */
	uint32_t global_ctrl, global_status, global_clear;
	/* Sets GLOBAL_STATUS bits (write 1 sets), from version global_set_from on; 0: none. */
	uint32_t global_set;
	uint8_t global_set_from;
	uint64_t sel_refused;              /* select bits never set before an OS runs (not INT) */
	const char *refused_why;
	bool smi_count;                    /* MSR_SMI_COUNT (0x34) exists: Intel only */
	bool debugctl_freeze;              /* IA32_DEBUGCTL's perfmon freeze bits 12, 14: Intel only */
	const char *default_events;        /* the default job's core events */
	const struct core_generic *generic;   /* perf's generic names; NULL: architectural events */
	unsigned n_generic;
};

extern const struct core_pmu_desc core_pmu_intel_v1, core_pmu_intel, core_pmu_intel_ext,
	core_pmu_intel_v6, core_pmu_amd_legacy, core_pmu_amd_ext, core_pmu_amd_v2;

/* The control / counter MSR of general-purpose counter n. */
static inline uint32_t core_sel_msr(const struct core_pmu_desc *d, unsigned n)
{
	return d->sel_base + n * d->stride;
}

static inline uint32_t core_ctr_msr(const struct core_pmu_desc *d, unsigned n)
{
	return d->ctr_base + n * d->stride;
}

/* Fixed counter i's MSR. */
static inline uint32_t core_fixed_msr(const struct core_pmu_desc *d, unsigned i)
{
	return d->fixed_base + i * d->fixed_stride;
}

/* Where counter n takes a full-width write: the alias (IA32_A_PMCx), or the counter itself. */
static inline uint32_t core_wide_msr(const struct core_pmu_desc *d, unsigned n)
{
	return d->wide_base ? d->wide_base + n * d->stride : core_ctr_msr(d, n);
}

#endif
