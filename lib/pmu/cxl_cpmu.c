/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* A CXL CPMU decoded read-only, and its clock-ticks counter counted (cxl.h). */
#include "pmu/cxl.h"
#include "hw/layouts_cxl.h"
#include "pmu/regkey.h"
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

static pmu_status rd(const struct pmu_backend *b, unsigned cpu, uint32_t key, uint64_t *v,
		     pmu_status *first)
{
	pmu_status st = pmu_reg_read(b, cpu, key, v);
	if (st && !*first)
		*first = st;
	return st;
}

static pmu_status wr(const struct pmu_backend *b, unsigned cpu, uint32_t key, uint64_t v,
		     pmu_status *first)
{
	pmu_status st = pmu_reg_write(b, cpu, key, v);
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

/*
 * What the count writes, as ownership records in own_restore's order (pmu/ownership.h): the
 * counter and its configuration, written back while frozen, then the freeze register. The
 * overflow status is write-1-to-clear (CXL 3.0 8.2.7): cleared of the bits the count set
 * between the two, not put back.
 */
enum { OWN_CTR, OWN_CFG, OWN_FREEZE, OWN_N };

/* The records of counter n as found, each the block's 64-bit register of its slot. */
static pmu_status found(const struct pmu_backend *b, unsigned cpu, const struct cxl_cpmu *c,
			unsigned slot, struct own_reg *own, pmu_status *st)
{
	static const uint32_t off[OWN_N] = { CXL_CPMU_CTR(0), CXL_CPMU_CFG(0), CXL_CPMU_FREEZE };
	unsigned n = (unsigned)c->clock, k = 0;
	for (unsigned i = 0; i < OWN_N; i++) {
		uint32_t at = off[i] + (i == OWN_FREEZE ? 0 : 8u * n);
		uint64_t v = 0;
		if (rd(b, cpu, regkey_mmio(slot, at) | REGKEY_WIDE, &v, st))
			return *st;
		(void)own_add(own, &k, OWN_N, regkey_mmio(slot, at) | REGKEY_WIDE, OWN_PACKAGE, v);
		own[i].written = true;
	}
	/* a counter firmware left unfrozen and enabled counts again once the freeze is put back */
	own[OWN_CTR].check = OWN_CHECK_COUNTER;
	own[OWN_CTR].width = (uint8_t)c->width;
	own[OWN_CTR].live = !(own[OWN_FREEZE].orig >> n & 1) &&
			    field(own[OWN_CFG].orig, &cxl_cfg_fields[CF_ENABLE]);
	return PMU_OK;
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
	unsigned n = (unsigned)c->clock, slot = 0;
	uint64_t bit = 1ull << n, all = c->counters == 64 ? ~0ull : (1ull << c->counters) - 1;
	uint64_t mask = c->width >= 64 ? ~0ull : (1ull << c->width) - 1;
	if ((t->st = pmon_add_mmio(reg, c->base, CXL_CPMU_BYTES, "cxl_cpmu", 0, &slot)) != PMU_OK)
		return;
	struct own_reg own[OWN_N];
	uint32_t ovf_key = regkey_mmio(slot, CXL_CPMU_OVF) | REGKEY_WIDE;
	uint64_t ovf0 = 0, v = 0;
	pmu_status st = PMU_OK;
	if (rd(b, cpu, ovf_key, &ovf0, &st) || found(b, cpu, c, slot, own, &st)) {
		t->st = st;
		return;
	}
	uint32_t ctr = own[OWN_CTR].msr, freeze = own[OWN_FREEZE].msr;
	/* frozen, the counter set to 0 (writable while frozen), then it alone runs */
	if (!wr(b, cpu, freeze, all, &st) && !wr(b, cpu, own[OWN_CFG].msr, clock_cfg(c, n), &st) &&
	    !wr(b, cpu, ctr, 0, &st)) {
		uint64_t t0 = pmu_tsc(b, cpu);
		if (!wr(b, cpu, freeze, all & ~bit, &st))
			kernel(arg);
		(void)wr(b, cpu, freeze, all, &st);
		t->tsc = pmu_tsc(b, cpu) - t0;
		if (!rd(b, cpu, ctr, &v, &st))
			t->ticks = v & mask;
	}
	/* put back: counter and configuration while frozen, the overflow bits it set, the freeze */
	uint64_t ovf = 0;
	pmu_status rs = own_restore(own, OWN_FREEZE, b, cpu, NULL);
	if (!rd(b, cpu, ovf_key, &ovf, &rs) && (ovf & ~ovf0))
		(void)wr(b, cpu, ovf_key, ovf & ~ovf0, &rs);   /* write 1s to clear */
	pmu_status fz = own_restore(&own[OWN_FREEZE], 1, b, cpu, NULL);
	pmu_status back = restore_check(own, OWN_N, b, cpu, &t->readback, NULL);
	restore_check_one(b, cpu, ovf_key, ovf0, &t->readback);
	t->restored = !rs && !fz && !back && !t->readback.differ;
	t->st = st;
}

bool cxl_ticks_in_bounds(const struct cxl_ticks *t)
{
	return !t->st && t->tsc && t->ticks && t->ticks <= t->tsc * 2 && t->ticks >= (t->tsc + 15) / 16;
}
