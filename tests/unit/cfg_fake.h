/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A few PCI configuration dwords held by a test, for the fake backends of the PCI tests: a
 * function is present when its id dword (offset 0) is stored; an absent one reads all ones
 * (PCI Local Bus 3.0 section 6.1), a present one 0 where nothing is stored.
 */
#ifndef EFIPMU_TEST_CFG_FAKE_H
#define EFIPMU_TEST_CFG_FAKE_H

#include "testutil.h"
#include "pmu/backend.h"

#define CFG_FAKE_REGS 64

struct cfg_fake {
	struct pmu_pci_addr a[CFG_FAKE_REGS];
	uint32_t v[CFG_FAKE_REGS];
	unsigned n;
};

static inline bool cfg_same(struct pmu_pci_addr x, struct pmu_pci_addr y)
{
	return x.seg == y.seg && x.bus == y.bus && x.dev == y.dev && x.fn == y.fn && x.off == y.off;
}

static inline uint32_t *cfg_slot(struct cfg_fake *f, struct pmu_pci_addr a)
{
	for (unsigned i = 0; i < f->n; i++)
		if (cfg_same(f->a[i], a))
			return &f->v[i];
	return NULL;
}

static inline void cfg_put(struct cfg_fake *f, struct pmu_pci_addr a, uint32_t v)
{
	uint32_t *p = cfg_slot(f, a);
	if (!p) {
		assert_true(f->n < CFG_FAKE_REGS);
		f->a[f->n] = a;
		p = &f->v[f->n++];
	}
	*p = v;
}

static inline uint32_t cfg_get(struct cfg_fake *f, struct pmu_pci_addr a)
{
	struct pmu_pci_addr id = a;
	id.off = 0;
	uint32_t *p = cfg_slot(f, a);
	return !cfg_slot(f, id) ? 0xFFFFFFFFu : p ? *p : 0;
}

/* The fakes have no MSR: every read raises #GP. */
static inline pmu_status cfg_no_msr(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val)
{
	(void)ctx, (void)cpu, (void)msr;
	*val = 0;
	return PMU_ERR_FAULT_GP;
}

#endif
