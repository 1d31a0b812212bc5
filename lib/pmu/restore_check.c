/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The restore read back: see restore_check.h. */
#include "pmu/restore_check.h"
#include "pmu/counter.h"
#include "pmu/regkey.h"

uint64_t restore_expected(const struct own_reg *r)
{
	if (r->check != OWN_CHECK_COUNTER)
		return r->restore_val;
	/* a legacy PMCx write keeps 32 bits, sign-extended (Intel SDM Vol. 4 table 2-2) */
	if (r->inexact)
		return counter_legacy_write_value((uint32_t)r->restore_val, r->width);
	return r->orig & counter_mask(r->width);
}

bool restore_agrees(const struct own_reg *r, uint64_t found)
{
	uint64_t want = restore_expected(r);
	if (r->check != OWN_CHECK_COUNTER)
		return found == want;
	uint64_t ahead = counter_delta(want, found & counter_mask(r->width), r->width);
	return r->live ? ahead <= RESTORE_AHEAD_MAX : !ahead;
}

static void differs(struct restore_tally *t, const struct own_reg *r, unsigned cpu,
		    uint64_t found, pmu_status st)
{
	t->differ++;
	t->faulted += st != PMU_OK;
	if (t->ndiff >= RESTORE_DIFFS)
		return;
	struct restore_diff *d = &t->diff[t->ndiff++];
	d->key = r->msr;
	d->cpu = cpu;
	d->found = found;
	d->expected = restore_expected(r);
	d->st = st;
}

pmu_status restore_check(const struct own_reg *reg, unsigned n, const struct pmu_backend *b,
			 unsigned cpu, struct restore_tally *t, uint32_t *fault_key)
{
	pmu_status first = PMU_OK;
	for (unsigned i = 0; i < n; i++) {
		const struct own_reg *r = &reg[i];
		if (!r->written)
			continue;
		if (r->check == OWN_CHECK_NONE) {
			t->not_compared++;
			continue;
		}
		uint64_t found = 0;
		pmu_status st = pmu_reg_read(b, cpu, r->msr, &found);
		t->read++;
		if (st || !restore_agrees(r, found))
			differs(t, r, cpu, st ? 0 : found, st);
		if (st && !first) {
			first = st;
			if (fault_key)
				*fault_key = r->msr;
		}
	}
	return first;
}

void restore_check_one(const struct pmu_backend *b, unsigned cpu, uint32_t key, uint64_t val,
		       struct restore_tally *t)
{
	struct own_reg r = { .msr = key, .written = true, .orig = val, .restore_val = val };
	(void)restore_check(&r, 1, b, cpu, t, NULL);   /* a fault is in t */
}

void restore_tally_add(struct restore_tally *into, const struct restore_tally *from)
{
	into->read += from->read;
	into->differ += from->differ;
	into->faulted += from->faulted;
	into->not_compared += from->not_compared;
	for (unsigned i = 0; i < from->ndiff && into->ndiff < RESTORE_DIFFS; i++)
		into->diff[into->ndiff++] = from->diff[i];
}
