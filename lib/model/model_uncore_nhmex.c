/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Reference model of the Nehalem-EX / Westmere-EX (Xeon 7500 / E7) uncore:
 * the U-box (Linux uncore_nhmex.c) and both M-boxes (Intel 323535-001 table 2-67; Linux
 * uncore_nhmex.c), one set per package. The U-box device runs the cycle of every box, so that a
 * freeze requested by an overflow takes effect for all boxes at the same cycle boundary.
 *
 * Model choices where the seed is silent or says "undefined":
 * - U_PMON_GLOBAL_CTRL: a box counts only while EN_ALL (28) is set and FRZ_ALL (31) clear.
 *   RST_ALL (29) is stored; writing it as 1 clears every counter and they stay 0 (held in
 *   reset) until it is written back to 0. Other bits are stored. The U-box counter also
 *   needs EN (0). U status bit 0 = U counter overflow; U_PMON_GLOBAL_STATUS and M-box
 *   BOX_STATUS are read-only (#GP on write); the OVF_CTRL registers clear status bits
 *   written as 1 and read 0 (M-box: bits other than 5:0 raise #GP).
 * - U_PMON_EVNT_SEL: event 7:0, edge 18, enable 22 count; other bits are stored.
 * - M_MSR_PMU_CNT_CTL: a nonzero rsv field (8, 18:14, 24:22, 62:61) or count_mode 11 raises
 *   #GP and changes nothing (the seed says "undefined"); ig bits (60:25, 63) are dropped.
 * - count_mode 00 adds the inc_sel occurrences (MODEL_MBOX_INC), 01 subtracts them,
 *   10 adds the occurrences and subtracts the MODEL_MBOX_DEC signals of the same code.
 * - wrap_mode 0: at over/underflow the counter sticks at 2^48-1 / 0 and stops until its
 *   CNT_CTL or CNT is written or RST_ALL is set. wrap_mode 1: it wraps and continues.
 *   Both set BOX_STATUS bit n.
 * - storage_mode != 0: counting needs the counter's count-enable flag. flag_mode 1: the flag
 *   is set in a cycle where the set_flag_sel event occurs (it counts from that cycle on) and
 *   stays set until CNT_CTL is written. With flag_mode 0 nothing sets the flag. The flag only
 *   changes while the counter is enabled.
 * - An over/underflow of an M-box counter with pmi_en clears EN_ALL at the END of that
 *   cycle: every box has counted that cycle, none counts after ("freeze after N"). With the
 *   seed's preload (2^48-1)-N the carry out of bit 47 happens on event N+1.
 * - TIMESTAMP is a free-running 16-bit counter (+1 per cycle, Intel 323535-001); it and the other
 *   sub-registers (DSP, ISS, MAP, MSC_THR, PGT, PLD, ZDP) are otherwise plain storage.
 *   TIMESTAMP and the counters raise #GP on bits above their width.
 */
#include "model/model_uncore_common.h"

#define U_CTRL     0xC00u
#define U_STATUS   0xC01u
#define U_OVF      0xC02u
#define U_EVSEL    0xC10u
#define U_CTR      0xC11u
#define U_EN       (1ull << 0)
#define U_EN_ALL   (1ull << 28)
#define U_RST_ALL  (1ull << 29)
#define U_FRZ_ALL  (1ull << 31)
#define U_SEL_EDGE (1ull << 18)
#define U_SEL_EN   (1ull << 22)

#define WIDTH      48
#define M_BOXES    2
#define M_NCTR     6
#define M_BASE(b)  (0xCA0u + 0x40u * (b))
#define M_CTRL     0x0u          /* offsets from M_BASE */
#define M_STATUS   0x1u
#define M_OVF      0x2u
#define M_TS       0x4u
#define M_SUB_LAST 0xBu          /* 0x5-0xB: DSP, ISS, MAP, MSC_THR, PGT, PLD, ZDP */
#define M_CNT_CTL0 0x10u         /* CNT_CTLn at +0x10+2n, CNTn at +0x11+2n */
#define M_TS_WIDTH 16

#define CC_EN       (1ull << 0)
#define CC_PMI      (1ull << 1)
#define CC_WRAP     (1ull << 6)
#define CC_FLAGMODE (1ull << 7)
#define CC_RSV      (1ull << 8 | 0x1Full << 14 | 7ull << 22 | 3ull << 61)
#define CC_IG       (0xFFFFFFFFFull << 25 | 1ull << 63)

enum { MODE_UP, MODE_DOWN, MODE_BOTH };

static unsigned mbox_of(uint32_t msr)
{
	return msr >= M_BASE(1) ? 1 : 0;
}

static bool mbox_claims(const struct model *m, uint32_t msr)
{
	(void)m;
	for (unsigned b = 0; b < M_BOXES; b++) {
		uint32_t base = M_BASE(b);
		if (munc_in(msr, base, M_OVF + 1) || munc_in(msr, base + M_TS, M_SUB_LAST - M_TS + 1) ||
		    munc_in(msr, base + M_CNT_CTL0, 2 * M_NCTR))
			return true;
	}
	return false;
}

/* Bit of counter n of box b in the M-box flag/stop scratch words. */
static unsigned mbit(unsigned b, unsigned n)
{
	return b * M_NCTR + n;
}

static pmu_status mbox_write(struct model *m, struct model_regfile *rf, uint32_t msr, uint64_t val)
{
	(void)m;
	unsigned b = mbox_of(msr);
	uint32_t off = msr - M_BASE(b);
	if (off >= M_CNT_CTL0) {
		unsigned n = (off - M_CNT_CTL0) / 2;
		bool is_ctl = !(off & 1);
		if (is_ctl && ((val & CC_RSV) || munc_field(val, 2, 2) == 3))
			return PMU_ERR_FAULT_GP;
		if (!is_ctl && (val & ~munc_mask(WIDTH)))
			return PMU_ERR_FAULT_GP;
		pmu_status st = model_poke(rf, msr, is_ctl ? val & ~CC_IG : val);
		if (st)
			return st;
		munc_set_bit(&rf->scratch[MUNC_SCR_MSTOP], mbit(b, n), false);
		if (is_ctl)
			munc_set_bit(&rf->scratch[MUNC_SCR_MFLAG], mbit(b, n), false);
		return PMU_OK;
	}
	switch (off) {
	case M_STATUS:
		return PMU_ERR_FAULT_GP;
	case M_OVF:
		if (val & ~munc_mask(M_NCTR))
			return PMU_ERR_FAULT_GP;
		return model_poke(rf, M_BASE(b) + M_STATUS, model_peek(rf, M_BASE(b) + M_STATUS) & ~val);
	case M_TS:
		return val & ~munc_mask(M_TS_WIDTH) ? PMU_ERR_FAULT_GP : model_poke(rf, msr, val);
	default:
		return model_poke(rf, msr, val);   /* BOX_CTRL and the sub-registers */
	}
}

const struct model_dev model_dev_nhmex_mbox = {
	.name = "nhmex-mbox",
	.package_scope = true,
	.claims = mbox_claims,
	.write = mbox_write,
};

/* Zeroes every counter of the package's EX boxes (RST_ALL). */
static pmu_status reset_all(struct model_regfile *rf)
{
	pmu_status st = model_poke(rf, U_CTR, 0);
	for (unsigned b = 0; b < M_BOXES && !st; b++)
		for (unsigned n = 0; n < M_NCTR && !st; n++)
			st = model_poke(rf, M_BASE(b) + M_CNT_CTL0 + 2 * n + 1, 0);
	rf->scratch[MUNC_SCR_MSTOP] = 0;
	return st;
}

static bool ubox_claims(const struct model *m, uint32_t msr)
{
	(void)m;
	return munc_in(msr, U_CTRL, 3) || munc_in(msr, U_EVSEL, 2);
}

static pmu_status ubox_write(struct model *m, struct model_regfile *rf, uint32_t msr, uint64_t val)
{
	(void)m;
	switch (msr) {
	case U_CTRL:
		if (val & U_RST_ALL) {
			pmu_status st = reset_all(rf);
			if (st)
				return st;
		}
		return model_poke(rf, msr, val);
	case U_STATUS:
		return PMU_ERR_FAULT_GP;
	case U_OVF:
		return model_poke(rf, U_STATUS, model_peek(rf, U_STATUS) & ~val);
	case U_EVSEL:
		munc_set_bit(&rf->scratch[MUNC_SCR_EDGE], 0, false);
		return model_poke(rf, msr, val);
	default:
		return val & ~munc_mask(WIDTH) ? PMU_ERR_FAULT_GP : model_poke(rf, msr, val);
	}
}

/* New value of an M-box counter for one cycle; sets *flow on over/underflow. */
static uint64_t mbox_step(uint64_t v, uint64_t up, uint64_t down, bool wrap, bool *flow)
{
	uint64_t max = munc_mask(WIDTH);
	if (up >= down) {
		uint64_t d = up - down;
		*flow = d > max - v;
		return *flow && !wrap ? max : (v + d) & max;
	}
	uint64_t d = down - up;
	*flow = d > v;
	return *flow && !wrap ? 0 : (v - d) & max;
}

/* Whether counter n of M-box b counts now (`on`: the U-box lets every box count). */
static bool mbox_counting(const struct model_regfile *rf, unsigned b, unsigned n, bool on)
{
	uint64_t box = model_peek(rf, M_BASE(b) + M_CTRL);
	uint64_t ctl = model_peek(rf, M_BASE(b) + M_CNT_CTL0 + 2 * n);
	bool stopped = (rf->scratch[MUNC_SCR_MSTOP] >> mbit(b, n)) & 1;
	return on && (ctl & CC_EN) && ((box >> n) & 1) && !stopped;
}

/* n_cycles of M-box b whose events add up to c's; true if a pmi_en counter over/underflowed. */
static bool mbox_span(struct model_regfile *rf, unsigned b, const struct model_cycle *c, bool on,
		      uint64_t n_cycles)
{
	uint32_t base = M_BASE(b);
	uint64_t ovf = 0;
	bool pmi = false;
	(void)model_poke(rf, base + M_TS,
			 (model_peek(rf, base + M_TS) + n_cycles) & munc_mask(M_TS_WIDTH));
	for (unsigned n = 0; n < M_NCTR; n++) {
		uint64_t ctl = model_peek(rf, base + M_CNT_CTL0 + 2 * n);
		unsigned bit = mbit(b, n);
		if (!mbox_counting(rf, b, n, on))
			continue;
		uint32_t inc = (uint32_t)munc_field(ctl, 9, 5), flag = (uint32_t)munc_field(ctl, 19, 3);
		unsigned box_id = MODEL_UNC_EX_M0 + b;
		if ((ctl & CC_FLAGMODE) && model_cycle_events(c, MODEL_UNC_STIM(box_id, flag, MODEL_MBOX_FLAG)))
			munc_set_bit(&rf->scratch[MUNC_SCR_MFLAG], bit, true);
		if (munc_field(ctl, 4, 2) && !((rf->scratch[MUNC_SCR_MFLAG] >> bit) & 1))
			continue;
		uint64_t occ = model_cycle_events(c, MODEL_UNC_STIM(box_id, inc, MODEL_MBOX_INC));
		uint64_t dec = model_cycle_events(c, MODEL_UNC_STIM(box_id, inc, MODEL_MBOX_DEC));
		unsigned mode = (unsigned)munc_field(ctl, 2, 2);
		uint64_t up = mode == MODE_DOWN ? 0 : occ;
		uint64_t down = mode == MODE_UP ? 0 : mode == MODE_DOWN ? occ : dec;
		uint32_t cnt = base + M_CNT_CTL0 + 2 * n + 1;
		bool flow;
		uint64_t v = mbox_step(model_peek(rf, cnt), up, down, ctl & CC_WRAP, &flow);
		(void)model_poke(rf, cnt, v);
		if (!flow)
			continue;
		ovf |= 1ull << n;
		pmi |= (ctl & CC_PMI) != 0;
		if (!(ctl & CC_WRAP))
			munc_set_bit(&rf->scratch[MUNC_SCR_MSTOP], bit, true);
	}
	if (ovf)
		(void)model_poke(rf, base + M_STATUS, model_peek(rf, base + M_STATUS) | ovf);
	return pmi;
}

/* Whether the U-box lets every box count. */
static bool ex_on(const struct model_regfile *rf)
{
	uint64_t g = model_peek(rf, U_CTRL);
	return (g & U_EN_ALL) && !(g & (U_FRZ_ALL | U_RST_ALL));
}

static bool ubox_counting(const struct model_regfile *rf)
{
	return ex_on(rf) && (model_peek(rf, U_CTRL) & U_EN) && (model_peek(rf, U_EVSEL) & U_SEL_EN);
}

/* n_cycles of every EX box whose events add up to c's: n = 1, or a bulk ex_cycles allows. */
static void ex_span(struct model_regfile *rf, const struct model_cycle *c, uint64_t n_cycles)
{
	uint64_t g = model_peek(rf, U_CTRL);
	bool on = ex_on(rf);
	uint64_t sel = model_peek(rf, U_EVSEL);
	uint64_t ev = model_cycle_events(c, MODEL_UNC_STIM(MODEL_UNC_EX_U, sel, 0));
	uint64_t inc = munc_shape(rf, 0, ev, 0, false, sel & U_SEL_EDGE, false);
	if (ubox_counting(rf) && munc_add(rf, U_CTR, inc, WIDTH))
		(void)model_poke(rf, U_STATUS, model_peek(rf, U_STATUS) | 1);
	bool freeze = false;
	for (unsigned b = 0; b < M_BOXES; b++)
		freeze |= mbox_span(rf, b, c, on, n_cycles);
	if (freeze)
		(void)model_poke(rf, U_CTRL, g & ~U_EN_ALL);
}

static void ex_cycle(struct model *m, struct model_regfile *rf, const struct model_cycle *c)
{
	(void)m;
	ex_span(rf, c, 1);
}

/*
 * Whether counter n of M-box b adds the sum of its cycles' events: not when it
 * could freeze every box at an overflow (pmi_en), when it counts up and down
 * (count_mode 10: the order decides under- and overflows) or waits for its flag.
 */
static bool mbox_linear(const struct model_regfile *rf, unsigned b, unsigned n)
{
	uint64_t ctl = model_peek(rf, M_BASE(b) + M_CNT_CTL0 + 2 * n);
	bool flag = (rf->scratch[MUNC_SCR_MFLAG] >> mbit(b, n)) & 1;
	return !(ctl & CC_PMI) && munc_field(ctl, 2, 2) != MODE_BOTH && (flag || !(ctl & CC_FLAGMODE));
}

/* n cycles at once (struct model_dev.cycles), where every counting counter is linear. */
static bool ex_cycles(struct model *m, struct model_regfile *rf, const struct model_cycle *sum,
		      uint64_t n)
{
	(void)m;
	if (ubox_counting(rf) && (model_peek(rf, U_EVSEL) & U_SEL_EDGE))
		return false;
	for (unsigned b = 0; b < M_BOXES; b++)
		for (unsigned i = 0; i < M_NCTR; i++)
			if (mbox_counting(rf, b, i, ex_on(rf)) && !mbox_linear(rf, b, i))
				return false;
	ex_span(rf, sum, n);
	return true;
}

const struct model_dev model_dev_nhmex_ubox = {
	.name = "nhmex-ubox",
	.package_scope = true,
	.claims = ubox_claims,
	.write = ubox_write,
	.cycle = ex_cycle,
	.cycles = ex_cycles,
};
