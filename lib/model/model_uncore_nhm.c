/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Reference model of the Nehalem/Westmere client-style uncore PMU (Intel SDM Vol. 3B
 * 18.8.2.2), one per package: 8 general counters, 1 fixed counter.
 *
 * Model choices where the seed is silent:
 * - Reserved bits (PERFEVTSEL 16, 19, 21 (Linux uncore_snb.c), 63:32; GLOBAL_CTRL 31:8, 47:33,
 *   62:52; FIXED_CTR_CTRL all but 0 and 2; OVF_CTRL all but 7:0, 32, 61, 63; counter bits 63:48)
 *   raise #GP and change nothing. GLOBAL_STATUS is read-only (#GP on write).
 * - OCC_CTR_RST is accepted and reads 0; the model keeps no queue occupancy counter.
 * - The edge/CMASK condition is tracked every cycle, also while the counter is disabled,
 *   and restarts deasserted when PERFEVTSELx is written.
 * - A counter with PMI set that overflows raises OVF_PMI (status bit 61); with PMI_FRZ
 *   (GLOBAL_CTRL bit 63) set this clears EN_PC0-7 and EN_FC0 at the end of that cycle.
 *   EN_PMI_COREx is stored: the model delivers no interrupts. CHG (bit 63) is set
 *   whenever an overflow changes the status.
 */
#include "model/model_uncore_common.h"

#define UNC_GLOBAL_CTRL   0x391u
#define UNC_GLOBAL_STATUS 0x392u
#define UNC_OVF_CTRL      0x393u
#define UNC_FIXED_CTR     0x394u
#define UNC_FIXED_CTRL    0x395u
#define UNC_ADDR_OPCODE   0x396u
#define UNC_PMC0          0x3B0u
#define UNC_EVTSEL0       0x3C0u
#define UNC_NCTR          8
#define UNC_WIDTH         48

#define EVTSEL_OCC_RST    (1ull << 17)
#define EVTSEL_EDGE       (1ull << 18)
#define EVTSEL_PMI        (1ull << 20)
#define EVTSEL_EN         (1ull << 22)
#define EVTSEL_INV        (1ull << 23)
#define EVTSEL_CMASK      (0xFFull << 24)
#define EVTSEL_RSV        (~0xFFFFFFFFull | 1ull << 16 | 1ull << 19 | 1ull << 21)

#define GCTL_EN_PC        0xFFull
#define GCTL_EN_FC0       (1ull << 32)
#define GCTL_PMI_FRZ      (1ull << 63)
#define GCTL_VALID        (GCTL_EN_PC | GCTL_EN_FC0 | 0xFull << 48 | GCTL_PMI_FRZ)

#define FIXED_EN          (1ull << 0)
#define FIXED_PMI         (1ull << 2)

#define STATUS_FC0        (1ull << 32)
#define STATUS_PMI        (1ull << 61)
#define STATUS_CHG        (1ull << 63)
#define STATUS_VALID      (GCTL_EN_PC | STATUS_FC0 | STATUS_PMI | STATUS_CHG)

static bool nhm_claims(const struct model *m, uint32_t msr)
{
	(void)m;
	return (msr >= UNC_GLOBAL_CTRL && msr <= UNC_ADDR_OPCODE) ||
	       munc_in(msr, UNC_PMC0, UNC_NCTR) ||
	       munc_in(msr, UNC_EVTSEL0, UNC_NCTR);
}

static pmu_status nhm_write(struct model *m, struct model_regfile *rf, uint32_t msr, uint64_t val)
{
	(void)m;
	bool is_ctr = msr == UNC_FIXED_CTR || munc_in(msr, UNC_PMC0, UNC_NCTR);
	if (is_ctr)
		return val & ~munc_mask(UNC_WIDTH) ? PMU_ERR_FAULT_GP : model_poke(rf, msr, val);
	if (munc_in(msr, UNC_EVTSEL0, UNC_NCTR)) {
		if (val & EVTSEL_RSV)
			return PMU_ERR_FAULT_GP;
		munc_set_bit(&rf->scratch[MUNC_SCR_EDGE], msr - UNC_EVTSEL0, false);
		return model_poke(rf, msr, val & ~EVTSEL_OCC_RST);
	}
	switch (msr) {
	case UNC_GLOBAL_CTRL:
		return val & ~GCTL_VALID ? PMU_ERR_FAULT_GP : model_poke(rf, msr, val);
	case UNC_FIXED_CTRL:
		return val & ~(FIXED_EN | FIXED_PMI) ? PMU_ERR_FAULT_GP : model_poke(rf, msr, val);
	case UNC_OVF_CTRL:
		if (val & ~STATUS_VALID)
			return PMU_ERR_FAULT_GP;
		return model_poke(rf, UNC_GLOBAL_STATUS, model_peek(rf, UNC_GLOBAL_STATUS) & ~val);
	case UNC_ADDR_OPCODE:
		return model_poke(rf, msr, val);
	default:
		return PMU_ERR_FAULT_GP;   /* GLOBAL_STATUS is read-only */
	}
}

/* n cycles whose events add up to c's: n = 1, or a bulk nhm_cycles allows. */
static void nhm_span(struct model_regfile *rf, const struct model_cycle *c, uint64_t n_cycles)
{
	uint64_t gctl = model_peek(rf, UNC_GLOBAL_CTRL), ovf = 0;
	bool pmi = false;
	for (unsigned n = 0; n < UNC_NCTR; n++) {
		uint64_t sel = model_peek(rf, UNC_EVTSEL0 + n);
		uint64_t ev = model_cycle_events(c, MODEL_UNC_STIM(MODEL_UNC_NHM, sel, sel >> 8));
		uint64_t inc = munc_shape(rf, n, ev, (unsigned)munc_field(sel, 24, 8), sel & EVTSEL_INV,
					  sel & EVTSEL_EDGE, false);
		if (!(sel & EVTSEL_EN) || !((gctl >> n) & 1))
			continue;
		if (munc_add(rf, UNC_PMC0 + n, inc, UNC_WIDTH)) {
			ovf |= 1ull << n;
			pmi |= (sel & EVTSEL_PMI) != 0;
		}
	}
	uint64_t fctl = model_peek(rf, UNC_FIXED_CTRL);
	if ((fctl & FIXED_EN) && (gctl & GCTL_EN_FC0) &&
	    munc_add(rf, UNC_FIXED_CTR, n_cycles, UNC_WIDTH)) {
		ovf |= STATUS_FC0;
		pmi |= (fctl & FIXED_PMI) != 0;
	}
	if (!ovf)
		return;
	uint64_t st = model_peek(rf, UNC_GLOBAL_STATUS);
	uint64_t nst = st | ovf | (pmi ? STATUS_PMI : 0);
	(void)model_poke(rf, UNC_GLOBAL_STATUS, nst == st ? st : nst | STATUS_CHG);
	if (pmi && (gctl & GCTL_PMI_FRZ))
		(void)model_poke(rf, UNC_GLOBAL_CTRL, gctl & ~(GCTL_EN_PC | GCTL_EN_FC0));
}

static void nhm_cycle(struct model *m, struct model_regfile *rf, const struct model_cycle *c)
{
	(void)m;
	nhm_span(rf, c, 1);
}

/*
 * n cycles at once (struct model_dev.cycles), unless a counting counter has a
 * CMASK or edge detection, or could freeze the box at an overflow (PMI with PMI_FRZ).
 */
static bool nhm_cycles(struct model *m, struct model_regfile *rf, const struct model_cycle *sum,
		       uint64_t n)
{
	(void)m;
	uint64_t gctl = model_peek(rf, UNC_GLOBAL_CTRL), fctl = model_peek(rf, UNC_FIXED_CTRL);
	uint64_t shaped = EVTSEL_EDGE | EVTSEL_CMASK | (gctl & GCTL_PMI_FRZ ? EVTSEL_PMI : 0);
	for (unsigned i = 0; i < UNC_NCTR; i++) {
		uint64_t sel = model_peek(rf, UNC_EVTSEL0 + i);
		if ((sel & EVTSEL_EN) && ((gctl >> i) & 1) && (sel & shaped))
			return false;
	}
	if ((gctl & GCTL_PMI_FRZ) && (gctl & GCTL_EN_FC0) && (fctl & FIXED_EN) && (fctl & FIXED_PMI))
		return false;
	nhm_span(rf, sum, n);
	return true;
}

const struct model_dev model_dev_nhm_uncore = {
	.name = "nhm-uncore",
	.package_scope = true,
	.claims = nhm_claims,
	.write = nhm_write,
	.cycle = nhm_cycle,
	.cycles = nhm_cycles,
};
