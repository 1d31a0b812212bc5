/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Register ownership records and their replayable restore: see ownership.h. */
#include "pmu/ownership.h"
#include "hw/msr.h"
#include "pmu/regkey.h"
#include "util/fmt.h"

/* Index of the record read or written as msr, or n. */
static unsigned find_idx(const struct own_reg *reg, unsigned n, uint32_t msr)
{
	unsigned i = 0;
	while (i < n && reg[i].msr != msr && !(reg[i].wr_msr && reg[i].wr_msr == msr))
		i++;
	return i;
}

struct own_reg *own_find(struct own_reg *reg, unsigned n, uint32_t msr)
{
	unsigned i = find_idx(reg, n, msr);
	return i < n ? &reg[i] : NULL;
}

const struct own_reg *own_find_const(const struct own_reg *reg, unsigned n, uint32_t msr)
{
	unsigned i = find_idx(reg, n, msr);
	return i < n ? &reg[i] : NULL;
}

struct own_reg *own_add(struct own_reg *reg, unsigned *n, unsigned cap, uint32_t msr,
			enum own_scope scope, uint64_t orig)
{
	unsigned i = find_idx(reg, *n, msr);
	if (i < *n)
		return &reg[i];
	if (i >= cap)
		return NULL;
	struct own_reg *r = &reg[i];
	*n = i + 1;
	pmu_memset(r, 0, sizeof(*r));
	r->msr = msr;
	r->scope = (uint8_t)scope;
	r->orig = orig;
	r->ours = ~(uint64_t)0;
	r->restore_val = orig;
	return r;
}

bool own_mark_written(struct own_reg *reg, unsigned n, uint32_t msr)
{
	struct own_reg *r = own_find(reg, n, msr);
	if (r)
		r->written = true;
	return r != NULL;
}

static void note(pmu_status st, uint32_t msr, pmu_status *first, uint32_t *fail_msr)
{
	if (!st || *first)
		return;
	*first = st;
	if (fail_msr)
		*fail_msr = msr;
}

pmu_status own_restore(const struct own_reg *reg, unsigned n, const struct pmu_backend *b,
		       unsigned cpu, uint32_t *fail_msr)
{
	pmu_status first = PMU_OK;
	for (unsigned i = n; i-- > 0;) {
		const struct own_reg *r = &reg[i];
		if (r->written && r->has_quiet)
			note(pmu_reg_write(b, cpu, r->msr, r->quiet), r->msr, &first, fail_msr);
	}
	for (unsigned i = 0; i < n; i++) {
		const struct own_reg *r = &reg[i];
		uint32_t msr = r->wr_msr ? r->wr_msr : r->msr;
		if (!r->written || (r->has_quiet && r->quiet == r->restore_val && msr == r->msr))
			continue;
		if (r->en_msr)
			note(pmu_reg_write(b, cpu, r->en_msr, r->en_on), r->en_msr, &first, fail_msr);
		note(pmu_reg_write(b, cpu, msr, r->restore_val), msr, &first, fail_msr);
		if (r->en_msr)
			note(pmu_reg_write(b, cpu, r->en_msr, r->en_off), r->en_msr, &first, fail_msr);
		if (r->inexact)
			note(PMU_ERR_NOT_HELD, r->msr, &first, fail_msr);
	}
	return first;
}

void own_forget_writes(struct own_reg *reg, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		reg[i].written = false;
}

unsigned own_written_count(const struct own_reg *reg, unsigned n)
{
	unsigned c = 0;
	for (unsigned i = 0; i < n; i++)
		c += reg[i].written;
	return c;
}

/* Nehalem and Westmere (family 6): OFFCORE_RSP shared by a core's threads (ownership.h). */
static const uint8_t offcore_shared_models[] = { 0x1A, 0x1E, 0x1F, 0x2E, 0x25, 0x2C, 0x2F };

enum own_scope own_scope_of(uint32_t family, uint32_t model, uint32_t msr)
{
	if (msr != MSR_OFFCORE_RSP_0 && msr != MSR_OFFCORE_RSP_1)
		return OWN_THREAD;
	for (unsigned i = 0; family == 6 && i < sizeof(offcore_shared_models); i++)
		if (offcore_shared_models[i] == model)
			return OWN_CORE;
	return OWN_THREAD;
}

const char *own_scope_name(enum own_scope s)
{
	static const char *const names[] = { "thread", "core", "package", "die" };
	return (unsigned)s < sizeof(names) / sizeof(names[0]) ? names[s] : "?";
}

unsigned own_core_owner(const struct cpu_info *ci, unsigned n, const struct cpuset *sel, unsigned cpu)
{
	const struct cpu_info *me = NULL;
	for (unsigned i = 0; i < n && !me; i++)
		if (ci[i].index == cpu)
			me = &ci[i];
	if (!me)
		return cpu;
	unsigned owner = cpu;
	for (unsigned i = 0; i < n; i++) {
		const struct cpu_info *c = &ci[i];
		if (c->enabled && cpuset_has(sel, c->index) && c->package == me->package &&
		    c->core == me->core && c->index < owner)
			owner = c->index;
	}
	return owner;
}
