/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The width of a fixed counter the sources disagree on (SNB-EP UCLK: Linux 48
 * bits, the guide's table and likwid 44), read off the
 * hardware: what it keeps of an all-ones write. Every access goes through the
 * backend, which reports a fault as a status; nothing is left changed.
 */
#include "pmu/uncore.h"
#include "util/fmt.h"

/* n when v is 2^n - 1 (n >= 1), else 0. */
static unsigned low_ones(uint64_t v)
{
	if (!v || (v & (v + 1)))
		return 0;
	unsigned n = 0;
	for (; v; v >>= 1)
		n++;
	return n;
}

static pmu_status failed(struct uncore_width_probe *out, pmu_status st, uint32_t msr)
{
	out->st = st;
	out->fault_msr = msr;
	return st;
}

pmu_status uncore_probe_width(const struct pmu_backend *b, unsigned cpu, const struct box_desc *d,
			      struct uncore_width_probe *out)
{
	pmu_memset(out, 0, sizeof(*out));
	out->ctl_msr = d->fixed_ctl;
	out->ctr_msr = d->fixed_ctr;
	if (!d->fixed_ctl)
		return out->st = PMU_ERR_UNSUPPORTED;
	pmu_status st = pmu_rdmsr(b, cpu, d->fixed_ctl, &out->ctl);
	if (st)
		return failed(out, st, d->fixed_ctl);
	/* The enable bit clear stops it: no box of these families counts it otherwise. */
	if (out->ctl & d->fixed_enable_mask)
		return out->st = PMU_ERR_IN_USE;
	if ((st = pmu_rdmsr(b, cpu, d->fixed_ctr, &out->orig)))
		return failed(out, st, d->fixed_ctr);
	if ((st = pmu_wrmsr(b, cpu, d->fixed_ctr, ~(uint64_t)0)))
		return failed(out, st, d->fixed_ctr);   /* a faulting write changed nothing */
	pmu_status rd = pmu_rdmsr(b, cpu, d->fixed_ctr, &out->readback);
	st = pmu_wrmsr(b, cpu, d->fixed_ctr, out->orig);
	restore_check_one(b, cpu, d->fixed_ctr, out->orig, &out->restored);
	if (st)
		return failed(out, st, d->fixed_ctr);
	if (rd)
		return failed(out, rd, d->fixed_ctr);
	unsigned w = low_ones(out->readback), max = d->fixed_width_max ? d->fixed_width_max : d->fixed_width;
	if (w < d->fixed_width || w > max)
		return out->st = PMU_ERR_NOT_HELD;
	out->width = w;
	return PMU_OK;
}
