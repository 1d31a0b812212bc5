/*
 * Uncore boxes as data: one const descriptor per box type, driven by one
 * engine (as Linux's uncore drivers do). Quirks are small hooks.
 * REGISTERS.md §2 (Nehalem/Westmere client), §3 (Nehalem-EX/Westmere-EX),
 * §4 (Sandy Bridge-EP); seeds 000, 001, 002.
 */
#ifndef EFIPMU_UNCORE_H
#define EFIPMU_UNCORE_H

#include <stddef.h>
#include <stdint.h>
#include "cpuinfo.h"
#include "regfield.h"

struct box_desc {
	const char *name;               /* perf-style PMU name: "uncore", "uncore_ubox", "uncore_mbox_0" */
	enum uncore_family family;
	const struct reg_layout *ctl_layout;   /* event-select / counter-control layout */
	uint8_t n_counters;
	uint8_t counter_width;
	uint32_t ctl_base, ctl_stride;  /* control MSR of counter i = ctl_base + i * ctl_stride */
	uint32_t ctr_base, ctr_stride;  /* counter MSR of counter i = ctr_base + i * ctr_stride */
	uint64_t enable_mask;           /* the enable bit(s) in the control word */
	/* Remaining members (box/global control, fixed counter, hooks) belong to uncore.c. */
	const struct box_ops *ops;
	uint32_t box_ctl;               /* 0: none */
	uint32_t fixed_ctl, fixed_ctr;  /* 0: no fixed counter */
	uint8_t fixed_width;
	const struct reg_layout *fixed_layout;
};

/* Box of that perf name for this uncore family, or NULL. name need not be NUL-terminated. */
const struct box_desc *box_find(enum uncore_family fam, const char *name, size_t len);

#endif
