/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* A CXL CPMU decoded read-only, and its clock-ticks counter counted (cxl.h). */
#include "pmu/cxl.h"
#include "hw/layouts_cxl.h"
#include "util/fmt.h"

static uint64_t field(uint64_t q, const struct reg_field *f)
{
	return reg_get_field(q, f);
}

/* Does event capability register i of c offer clock ticks (vendor 0x1E98, group 0, bit 0)? */
static bool clock_evcap(const struct cxl_cpmu *c, unsigned i)
{
	uint64_t e = c->evcap[i];
	return i < c->nevcaps && field(e, &cxl_evcap_fields[CE_VENDOR]) == CXL_VENDOR &&
	       field(e, &cxl_evcap_fields[CE_GROUP]) == CXL_GROUP_BASE &&
	       (field(e, &cxl_evcap_fields[CE_MASK]) & CXL_EVENT_CLOCK_TICKS);
}

/*
 * The counter for clock ticks: a fixed one whose events are exactly clock ticks (its events
 * and index are read-only, CXL 3.0 8.2.7), else the first configurable one (any
 * capability register offering them, found by clock_evcap); free-running counters are left
 * alone, as Linux leaves them.
 */
static int clock_counter(const struct cxl_cpmu *c)
{
	for (unsigned n = 0; n < c->counters; n++) {
		uint64_t q = c->cfg[n];
		if (field(q, &cxl_cfg_fields[CF_TYPE]) == CXL_FIXED &&
		    field(q, &cxl_cfg_fields[CF_EVENTS]) == CXL_EVENT_CLOCK_TICKS &&
		    clock_evcap(c, (unsigned)field(q, &cxl_cfg_fields[CF_EVCAP])))
			return (int)n;
	}
	for (unsigned n = 0; n < c->counters; n++)
		if (field(c->cfg[n], &cxl_cfg_fields[CF_TYPE]) == CXL_CONFIGURABLE)
			for (unsigned i = 0; i < c->nevcaps; i++)
				if (clock_evcap(c, i))
					return (int)n;
	return -1;
}

/* The configurable counter's capability index offering clock ticks (a fixed one keeps its own). */
static unsigned clock_index(const struct cxl_cpmu *c)
{
	for (unsigned i = 0; i < c->nevcaps; i++)
		if (clock_evcap(c, i))
			return i;
	return 0;
}

static void decode(struct cxl_cpmu *c)
{
	uint64_t q = c->cap;
	c->counters = (unsigned)field(q, &cxl_cap_fields[CC_COUNTERS]) + 1;
	c->width = (unsigned)field(q, &cxl_cap_fields[CC_WIDTH]);
	c->nevcaps = (unsigned)field(q, &cxl_cap_fields[CC_EVCAPS]) + 1;
	c->filters = (unsigned)field(q, &cxl_cap_fields[CC_FILTERS]);
	c->writable_frozen = field(q, &cxl_cap_fields[CC_WRITABLE_FROZEN]);
	c->freeze = field(q, &cxl_cap_fields[CC_FREEZE]);
	c->ovf_int = field(q, &cxl_cap_fields[CC_OVF_INT]);
	c->version = (unsigned)field(q, &cxl_cap_fields[CC_VERSION]);
}

pmu_status cxl_cpmu_read(const struct pmu_backend *b, unsigned cpu, const struct cxl_block *blk,
			 struct cxl_cpmu *c)
{
	pmu_memset(c, 0, sizeof(*c));
	c->clock = -1;
	c->base = blk->base;
	if (!blk->base) {
		c->refused = blk->why;
		return PMU_ERR_ABSENT;
	}
	pmu_status st = pmu_mmio_read(b, cpu, c->base + CXL_CPMU_CAP, 8, &c->cap);
	if (st) {
		c->refused = "its capability register cannot be read (MMIO)";
		return st;
	}
	decode(c);
	/* all-ones (nothing there) or 0, a width of no counter: not a CPMU's capability */
	if (c->cap == ~0ull || !c->cap || !c->width || c->width > 64) {
		c->refused = "its capability register does not read as a CPMU's";
		return PMU_ERR_INVALID;
	}
	c->identified = true;
	for (unsigned i = 0; i < c->nevcaps; i++)
		if ((st = pmu_mmio_read(b, cpu, c->base + CXL_CPMU_EVCAP(i), 8, &c->evcap[i])) != PMU_OK)
			break;
	for (unsigned n = 0; n < c->counters && !st; n++) {
		if ((st = pmu_mmio_read(b, cpu, c->base + CXL_CPMU_CFG(n), 8, &c->cfg[n])) != PMU_OK)
			break;
		unsigned type = (unsigned)field(c->cfg[n], &cxl_cfg_fields[CF_TYPE]);
		c->free_running += type == CXL_FREE_RUNNING;
		c->fixed += type == CXL_FIXED;
		c->configurable += type == CXL_CONFIGURABLE;
	}
	if (st) {
		c->refused = "an event capability or counter configuration cannot be read (MMIO)";
		return st;
	}
	if (!c->freeze || !c->writable_frozen)   /* cxl_pmu.c: "Counters not writable while frozen" */
		c->refused = "it cannot freeze its counters, or they are not writable while frozen "
			     "(Linux's cxl_pmu refuses it)";
	else if ((c->clock = clock_counter(c)) < 0)
		c->refused = "no fixed or configurable counter counts clock ticks";
	return PMU_OK;
}

struct saved {
	uint64_t freeze, ovf, cfg, ctr;
};

static pmu_status rd(const struct pmu_backend *b, unsigned cpu, uint64_t at, uint64_t *v,
		     pmu_status *first)
{
	pmu_status st = pmu_mmio_read(b, cpu, at, 8, v);
	if (st && !*first)
		*first = st;
	return st;
}

static pmu_status wr(const struct pmu_backend *b, unsigned cpu, uint64_t at, uint64_t v,
		     pmu_status *first)
{
	pmu_status st = pmu_mmio_write(b, cpu, at, 8, v);
	if (st && !*first)
		*first = st;
	return st;
}

/* The configuration that counts clock ticks on counter n (its type field kept). */
static uint64_t clock_cfg(const struct cxl_cpmu *c, unsigned n)
{
	uint64_t q = c->cfg[n] & reg_field_mask(&cxl_cfg_fields[CF_TYPE]);
	if (field(c->cfg[n], &cxl_cfg_fields[CF_TYPE]) == CXL_FIXED)
		q = c->cfg[n] & ~(reg_field_mask(&cxl_cfg_fields[CF_INT]) |
				  reg_field_mask(&cxl_cfg_fields[CF_FREEZE_OVF]) |
				  reg_field_mask(&cxl_cfg_fields[CF_EDGE]) |
				  reg_field_mask(&cxl_cfg_fields[CF_INVERT]) |
				  reg_field_mask(&cxl_cfg_fields[CF_THRESHOLD]));
	else
		q |= (uint64_t)CXL_EVENT_CLOCK_TICKS << cxl_cfg_fields[CF_EVENTS].lsb |
		     (uint64_t)clock_index(c) << cxl_cfg_fields[CF_EVCAP].lsb;
	return q | reg_field_mask(&cxl_cfg_fields[CF_ENABLE]);
}

void cxl_cpmu_count(const struct pmu_backend *b, unsigned cpu, struct pmon_registry *reg,
		    const struct cxl_cpmu *c, void (*kernel)(void *arg), void *arg,
		    struct cxl_ticks *t)
{
	pmu_memset(t, 0, sizeof(*t));
	if (!c->identified || c->refused || c->clock < 0) {
		t->st = PMU_ERR_UNSUPPORTED;
		return;
	}
	unsigned n = (unsigned)c->clock;
	uint64_t bit = 1ull << n, all = c->counters == 64 ? ~0ull : (1ull << c->counters) - 1;
	uint64_t mask = c->width >= 64 ? ~0ull : (1ull << c->width) - 1;
	if ((t->st = pmon_add_mmio(reg, c->base, CXL_CPMU_BYTES, "cxl_cpmu", 0, NULL)) != PMU_OK)
		return;
	struct saved s;
	pmu_status st = PMU_OK;
	if (rd(b, cpu, c->base + CXL_CPMU_FREEZE, &s.freeze, &st) ||
	    rd(b, cpu, c->base + CXL_CPMU_OVF, &s.ovf, &st) ||
	    rd(b, cpu, c->base + CXL_CPMU_CFG(n), &s.cfg, &st) ||
	    rd(b, cpu, c->base + CXL_CPMU_CTR(n), &s.ctr, &st)) {
		t->st = st;
		return;
	}
	uint64_t v = 0;
	/* frozen, the counter set to 0 (writable while frozen), then it alone runs */
	if (!wr(b, cpu, c->base + CXL_CPMU_FREEZE, all, &st) &&
	    !wr(b, cpu, c->base + CXL_CPMU_CFG(n), clock_cfg(c, n), &st) &&
	    !wr(b, cpu, c->base + CXL_CPMU_CTR(n), 0, &st)) {
		uint64_t t0 = pmu_tsc(b, cpu);
		if (!wr(b, cpu, c->base + CXL_CPMU_FREEZE, all & ~bit, &st))
			kernel(arg);
		(void)wr(b, cpu, c->base + CXL_CPMU_FREEZE, all, &st);
		t->tsc = pmu_tsc(b, cpu) - t0;
		if (!rd(b, cpu, c->base + CXL_CPMU_CTR(n), &v, &st))
			t->ticks = v & mask;
	}
	/* put back: configuration and counter while frozen, the overflow bits it set, the freeze */
	uint64_t ovf = 0, back[3];
	(void)wr(b, cpu, c->base + CXL_CPMU_CFG(n), s.cfg, &st);
	(void)wr(b, cpu, c->base + CXL_CPMU_CTR(n), s.ctr, &st);
	if (!rd(b, cpu, c->base + CXL_CPMU_OVF, &ovf, &st) && (ovf & ~s.ovf))
		(void)wr(b, cpu, c->base + CXL_CPMU_OVF, ovf & ~s.ovf, &st);   /* write 1s to clear */
	(void)wr(b, cpu, c->base + CXL_CPMU_FREEZE, s.freeze, &st);
	t->restored = !rd(b, cpu, c->base + CXL_CPMU_CFG(n), &back[0], &st) &&
		      !rd(b, cpu, c->base + CXL_CPMU_OVF, &back[1], &st) &&
		      !rd(b, cpu, c->base + CXL_CPMU_FREEZE, &back[2], &st) && back[0] == s.cfg &&
		      back[1] == s.ovf && back[2] == s.freeze;
	t->st = st;
}

bool cxl_ticks_in_bounds(const struct cxl_ticks *t)
{
	return !t->st && t->tsc && t->ticks && t->ticks <= t->tsc * 2 && t->ticks >= (t->tsc + 15) / 16;
}
