/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * What the uncore engine's files share: uncore.c (program .. restore) and uncore_plan.c
 * (the plan). Small helpers, static inline so each file keeps its own copy.
 */
#ifndef EFIPMU_UNCORE_INTERNAL_H
#define EFIPMU_UNCORE_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/uncore.h"

static inline uint64_t ev_enable(const struct uncore_counter *e)
{
	return e->idx == UNCORE_FIXED ? e->box->fixed_enable_mask : e->box->enable_mask;
}

/* No global or box control: the control's enable bit is what starts and stops it. */
static inline bool ctl_gated(const struct box_desc *d)
{
	return !d->global_ctl && !d->box_ctl;
}

static inline int bit_for(int8_t bit0, int8_t fixed_bit, unsigned idx)
{
	if (idx == UNCORE_FIXED)
		return fixed_bit;
	return bit0 < 0 ? -1 : bit0 + (int)idx;
}

static inline int status_bit(const struct uncore_counter *e)
{
	const struct box_desc *d = e->box;
	return d->status_msr ? bit_for(d->status->ctr_bit0, d->status->fixed_bit, e->idx) : -1;
}

static inline pmu_status fail(struct uncore_session *s, pmu_status st, unsigned ev)
{
	s->st = st;
	s->bad_event = ev;
	return st;
}

#endif
