/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Reference model of the Sandy Bridge-EP MSR uncore boxes, one set per package:
 * the U-box (Intel 327043-001 2.2): two 44-bit counters and the UCLK fixed
 * counter; and, from Linux only (no Intel guide read), C-boxes 0-7 (Linux uncore_snbep.c: four
 * 44-bit counters) and the PCU (Linux uncore_snbep.c: four 48-bit counters).
 *
 * Model choices where the seed is silent:
 * - Every rsv field of U_MSR_PMON_CTLx (19, 21:20, 31:29) and bits 63:32 raise #GP and
 *   change nothing; so do counter bits above the width. Bit 16, which the seed's table
 *   does not list, is stored. C-box controls: 63:32 and 21:20 raise #GP; PCU controls:
 *   63:32 and 20. PCU bit 21 extends the event select (Intel's list marks events ExtSel;
 *   Linux uncore_snbep.c has SNBEP_PMON_CTL_EV_SEL_EXT in its PCU mask).
 * - rst (17) is write-only: it clears the counter (before the new control takes effect)
 *   and reads 0.
 * - thresh 0: the comparison is made with 0 (invert/edge are "in series following
 *   .thresh"): without invert every increment counts, with invert nothing counts, and
 *   edge_det sees a condition that is always true (one count when it starts).
 * - The threshold condition for edge_det is tracked every cycle, also while the counter
 *   is disabled, and restarts false when the control register is written.
 * - U_MSR_PMON_UCLK_FIXED_CTL: only enable (bit 22) is accepted; bit 20 is unconfirmed
 *   on model 0x2D (Linux uncore_snbep.c), so the model raises #GP for it.
 * - U_MSR_PMON_UCLK_FIXED_CTR: 44 bits, the guide's 43:0 like the U-box counters (Intel 327043-001:
 *   "44-bit wide", rsv 63:44); Linux uncore_snbep.c takes 48, which m->uclk_width
 *   selects, a variant for tests. Its rsv bits are dropped on write and read 0 (not #GP:
 *   the seed gives no attribute beyond "RV"), so all-ones reads back as the width.
 * - Counters wrap and continue; no status register is modelled (0xC15/0xC35 unconfirmed).
 * - C-box/PCU box control (Linux uncore_snbep.c): bit 0 zeroes the box's controls, bit 1 its
 *   counters (both read 0); freeze (8) stops the box's counters while set; freeze enable (16) is
 *   stored without effect; other bits raise #GP. Filters hold what is written; a bit
 *   outside their fields raises #GP and changes nothing (C-box: TID 4:0, NID 17:10,
 *   STATE 22:18, OPCODE 31:23; PCU: four bands 31:0; Linux uncore_snbep.c). Stimuli carry no
 *   TID/state/opcode/frequency, so filters do not filter (simulated).
 * - C-box events the kernel constrains (Linux uncore_snbep.c) count only on those counters:
 *   0x01, 0x11, 0x36, 0x3B on 0; 0x02, 0x04, 0x05, 0x07, 0x09, 0x12, 0x13, 0x21, 0x23,
 *   0x31-0x35, 0x37-0x39 on 0-1; 0x1B-0x1E on 2-3; 0x1F on 1-3. Elsewhere they count
 *   nothing (what hardware counts there is not documented: a model choice).
 *   The PCU matches the event code and bit 21 only (15:14, 30, 31 are occupancy
 *   controls, stored without effect).
 */
#include <stddef.h>
#include "model/model_uncore_common.h"

#define U_FIXED_CTL   0xC08u
#define U_FIXED_CTR   0xC09u
#define U_FIXED_WIDTH 44
#define FIXED_EN      (1ull << 22)

#define CTL_RST       (1ull << 17)
#define CTL_EDGE      (1ull << 18)
#define CTL_EN        (1ull << 22)
#define CTL_INV       (1ull << 23)
#define CTL_HIGH      (~0xFFFFFFFFull)
#define U_CTL_RSV     (CTL_HIGH | 7ull << 29 | 7ull << 19)
#define BOX_CTL_RSV   (CTL_HIGH | 3ull << 20)
#define PCU_CTL_RSV   (CTL_HIGH | 1ull << 20)
#define PCU_EXT_SHIFT 21
#define CBOX_FILT_RSV (CTL_HIGH | 0x1Full << 5)
#define PCU_FILT_RSV  CTL_HIGH

#define BOX_RST_CTRL  (1ull << 0)
#define BOX_RST_CTRS  (1ull << 1)
#define BOX_FRZ       (1ull << 8)
#define BOX_FRZ_EN    (1ull << 16)

/* Event codes lo..hi count only on the counters of mask. */
struct ctr_rule {
	uint8_t lo, hi, mask;
};

static const struct ctr_rule cbox_rules[] = {
	{ 0x01, 0x01, 0x1 }, { 0x11, 0x11, 0x1 }, { 0x36, 0x36, 0x1 }, { 0x3B, 0x3B, 0x1 },
	{ 0x02, 0x02, 0x3 }, { 0x04, 0x05, 0x3 }, { 0x07, 0x07, 0x3 }, { 0x09, 0x09, 0x3 },
	{ 0x12, 0x13, 0x3 }, { 0x21, 0x21, 0x3 }, { 0x23, 0x23, 0x3 }, { 0x31, 0x35, 0x3 },
	{ 0x37, 0x39, 0x3 }, { 0x1B, 0x1E, 0xC }, { 0x1F, 0x1F, 0xE }, { 0, 0, 0 },
};

struct sbox {
	uint32_t box_ctl;       /* 0: none (U-box) */
	uint32_t ctl0, ctr0;    /* control / counter n at ctl0 + n / ctr0 + n */
	uint32_t filter;        /* 0: none */
	uint64_t filter_rsv;    /* filter bits that raise #GP */
	uint8_t nctr, width, thresh_bits;
	bool umask;             /* bits 15:8 are part of the event selection */
	uint64_t rsv;
	uint8_t stim_box;       /* enum model_unc_box */
	uint8_t edge_bit;       /* first bit of its counters in scratch[MUNC_SCR_EDGE] */
	const struct ctr_rule *rules;   /* NULL: every counter counts every event */
};

/* Does counter n of x count event code ev? */
static bool counts_on(const struct sbox *x, unsigned ev, unsigned n)
{
	for (const struct ctr_rule *r = x->rules; r && r->mask; r++)
		if (ev >= r->lo && ev <= r->hi)
			return (r->mask >> n) & 1;
	return true;
}

#define CBOX(n) { 0xD04u + 0x20u * (n), 0xD10u + 0x20u * (n), 0xD16u + 0x20u * (n), \
		  0xD14u + 0x20u * (n), CBOX_FILT_RSV, 4, 44, 8, true, BOX_CTL_RSV,             \
		  MODEL_UNC_SNBEP_C0 + (n), 2 + 4 * (n), cbox_rules }

static const struct sbox sboxes[] = {
	{ 0, 0xC10u, 0xC16u, 0, 0, 2, 44, 5, true, U_CTL_RSV, MODEL_UNC_SNBEP_U, 0, NULL },
	CBOX(0), CBOX(1), CBOX(2), CBOX(3), CBOX(4), CBOX(5), CBOX(6), CBOX(7),
	{ 0xC24u, 0xC30u, 0xC36u, 0xC34u, PCU_FILT_RSV, 4, 48, 5, false, PCU_CTL_RSV,
	  MODEL_UNC_SNBEP_PCU, 34, NULL },
};
#define N_SBOXES (sizeof(sboxes) / sizeof(sboxes[0]))

static const struct sbox *sbox_of(uint32_t msr)
{
	for (unsigned i = 0; i < N_SBOXES; i++) {
		const struct sbox *x = &sboxes[i];
		if ((x->box_ctl && msr == x->box_ctl) || (x->filter && msr == x->filter) ||
		    munc_in(msr, x->ctl0, x->nctr) || munc_in(msr, x->ctr0, x->nctr))
			return x;
	}
	return NULL;
}

static bool snbep_claims(const struct model *m, uint32_t msr)
{
	(void)m;
	return munc_in(msr, U_FIXED_CTL, 2) || sbox_of(msr);
}

static pmu_status zero_range(struct model_regfile *rf, uint32_t base, unsigned n)
{
	pmu_status st = PMU_OK;
	for (unsigned i = 0; i < n && !st; i++)
		st = model_poke(rf, base + i, 0);
	return st;
}

static pmu_status box_ctl_write(struct model_regfile *rf, const struct sbox *x, uint64_t val)
{
	pmu_status st = PMU_OK;
	if (val & ~(BOX_RST_CTRL | BOX_RST_CTRS | BOX_FRZ | BOX_FRZ_EN))
		return PMU_ERR_FAULT_GP;
	if (val & BOX_RST_CTRL)
		st = zero_range(rf, x->ctl0, x->nctr);
	if (!st && (val & BOX_RST_CTRS))
		st = zero_range(rf, x->ctr0, x->nctr);
	return st ? st : model_poke(rf, x->box_ctl, val & (BOX_FRZ | BOX_FRZ_EN));
}

static unsigned uclk_width(const struct model *m)
{
	return m->uclk_width ? m->uclk_width : U_FIXED_WIDTH;
}

static pmu_status snbep_write(struct model *m, struct model_regfile *rf, uint32_t msr, uint64_t val)
{
	if (msr == U_FIXED_CTL)
		return val & ~FIXED_EN ? PMU_ERR_FAULT_GP : model_poke(rf, msr, val);
	if (msr == U_FIXED_CTR)
		return model_poke(rf, msr, val & munc_mask(uclk_width(m)));
	const struct sbox *x = sbox_of(msr);
	if (msr == x->box_ctl)
		return box_ctl_write(rf, x, val);
	if (munc_in(msr, x->ctr0, x->nctr))
		return val & ~munc_mask(x->width) ? PMU_ERR_FAULT_GP : model_poke(rf, msr, val);
	if (!munc_in(msr, x->ctl0, x->nctr))   /* filter */
		return val & x->filter_rsv ? PMU_ERR_FAULT_GP : model_poke(rf, msr, val);
	unsigned n = msr - x->ctl0;
	if (val & x->rsv)
		return PMU_ERR_FAULT_GP;
	if (val & CTL_RST) {
		pmu_status st = model_poke(rf, x->ctr0 + n, 0);
		if (st)
			return st;
	}
	munc_set_bit(&rf->scratch[MUNC_SCR_EDGE], x->edge_bit + n, false);
	return model_poke(rf, msr, val & ~CTL_RST);
}

static void sbox_cycle(struct model_regfile *rf, const struct sbox *x, const struct model_cycle *c)
{
	bool frozen = x->box_ctl && (model_peek(rf, x->box_ctl) & BOX_FRZ);
	for (unsigned n = 0; n < x->nctr; n++) {
		uint64_t ctl = model_peek(rf, x->ctl0 + n);
		/* No umask (PCU): the event-select extension stands in the stimulus' umask slot. */
		uint32_t code = MODEL_UNC_STIM(x->stim_box, ctl,
					       x->umask ? ctl >> 8 : (ctl >> PCU_EXT_SHIFT) & 1);
		unsigned thresh = (unsigned)munc_field(ctl, 24, x->thresh_bits);
		uint64_t inc = munc_shape(rf, x->edge_bit + n, model_cycle_events(c, code), thresh, ctl & CTL_INV,
					  ctl & CTL_EDGE, true);
		if ((ctl & CTL_EN) && !frozen && counts_on(x, ctl & 0xFF, n))
			(void)munc_add(rf, x->ctr0 + n, inc, x->width);
	}
}

/* n_cycles whose events add up to c's: n = 1, or a bulk snbep_cycles allows. */
static void snbep_span(const struct model *m, struct model_regfile *rf, const struct model_cycle *c,
		       uint64_t n_cycles)
{
	for (unsigned i = 0; i < N_SBOXES; i++)
		sbox_cycle(rf, &sboxes[i], c);
	if (model_peek(rf, U_FIXED_CTL) & FIXED_EN)
		(void)munc_add(rf, U_FIXED_CTR, n_cycles, uclk_width(m));
}

static void snbep_cycle(struct model *m, struct model_regfile *rf, const struct model_cycle *c)
{
	snbep_span(m, rf, c, 1);
}

/*
 * n cycles at once (struct model_dev.cycles), unless a counting counter has a
 * threshold. Threshold 0 compares with 0: the condition never changes, so edge
 * detection counts at most in the first cycle and invert counts nothing, bulk or not.
 */
static bool snbep_cycles(struct model *m, struct model_regfile *rf, const struct model_cycle *sum,
			 uint64_t n)
{
	for (unsigned i = 0; i < N_SBOXES; i++) {
		const struct sbox *x = &sboxes[i];
		bool frozen = x->box_ctl && (model_peek(rf, x->box_ctl) & BOX_FRZ);
		for (unsigned j = 0; j < x->nctr && !frozen; j++) {
			uint64_t ctl = model_peek(rf, x->ctl0 + j);
			if ((ctl & CTL_EN) && munc_field(ctl, 24, x->thresh_bits))
				return false;
		}
	}
	snbep_span(m, rf, sum, n);
	return true;
}

const struct model_dev model_dev_snbep_uncore = {
	.name = "snbep-uncore",
	.package_scope = true,
	.claims = snbep_claims,
	.write = snbep_write,
	.cycle = snbep_cycle,
	.cycles = snbep_cycles,
};
