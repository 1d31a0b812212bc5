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
#include "model/model_disc_units.h"
#include "model/model_discovery.h"
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
	uint8_t cha;            /* a CHA: its number + 1, present below the profile's count; 0: not */
	uint32_t ctl0, ctr0;    /* control / counter n at ctl0 + n / ctr0 + n */
	uint32_t filter;        /* 0: none */
	uint64_t filter_rsv;    /* filter bits that raise #GP */
	uint8_t nctr, width, thresh_bits;
	bool umask;             /* bits 15:8 are part of the event selection */
	uint64_t rsv;
	uint8_t stim_box;       /* enum model_unc_box */
	uint16_t edge_bit;      /* first bit of its counters' edge conditions (munc_edge_word) */
	const struct ctr_rule *rules;   /* NULL: every counter counts every event */
	uint32_t filter1;       /* a second filter register; 0: none */
	uint64_t filter1_rsv;
};

/* Does counter n of x count event code ev? */
static bool counts_on(const struct sbox *x, unsigned ev, unsigned n)
{
	for (const struct ctr_rule *r = x->rules; r && r->mask; r++)
		if (ev >= r->lo && ev <= r->hi)
			return (r->mask >> n) & 1;
	return true;
}

#define CBOX(n) { 0xD04u + 0x20u * (n), 0, 0xD10u + 0x20u * (n), 0xD16u + 0x20u * (n), \
		  0xD14u + 0x20u * (n), CBOX_FILT_RSV, 4, 44, 8, true, BOX_CTL_RSV,             \
		  MODEL_UNC_SNBEP_C0 + (n), 2 + 4 * (n), cbox_rules, 0, 0 }

static const struct sbox sboxes[] = {
	{ 0, 0, 0xC10u, 0xC16u, 0, 0, 2, 44, 5, true, U_CTL_RSV, MODEL_UNC_SNBEP_U, 0, NULL,
	  0, 0 },
	CBOX(0), CBOX(1), CBOX(2), CBOX(3), CBOX(4), CBOX(5), CBOX(6), CBOX(7),
	{ 0xC24u, 0, 0xC30u, 0xC36u, 0xC34u, PCU_FILT_RSV, 4, 48, 5, false, PCU_CTL_RSV,
	  MODEL_UNC_SNBEP_PCU, 34, NULL, 0, 0 },
};

/*
 * Skylake-SP (Intel 336274 as Linux uncore_snbep.c gives it: HSWEP_U_MSR_PMON_*, HSWEP_C0_*,
 * HSWEP_PCU_MSR_PMON_*): U-box controls 0x705-0x706, counters 0x709-0x70A, UCLK 0x703 / 0x704;
 * CHA n at 0xE00 + 0x10 n: box control, controls +1..+4, filter 0 +5 (TID 8:0, link 12:9,
 * state 26:17: SKX_CHA_MSR_PMON_BOX_FILTER_*), counters +8..+0xB; PCU box 0x710, controls
 * 0x711-0x714, filter 0x715, counters 0x717-0x71A. Every counter 48 bits. Box controls have
 * no freeze enable (Linux IVBEP_PMON_BOX_CTL_INT). IIO stack n (SKX_IIO0_MSR_PMON_*): box
 * 0xA40 + 0x20 n, controls 0xA48.., counters 0xA41.., 4 counters whose controls add thresh
 * 35:24, ch_mask 43:36, fc_mask 46:44 (SKX_IIO_PMON_RAW_EVENT_MASK_EXT); IRP n
 * (SKX_IRP0_MSR_PMON_*): box 0xA58 + 0x20 n, controls 0xA5B.., counters 0xA59.., 2 counters.
 * Model choices: a CHA at or beyond the
 * profile's count raises #GP; event 0 with umask 0 (UNC_CHA_CLOCKTICKS, Intel's list) counts
 * one per simulated cycle. Filter 1 (0xE06 + 0x10 n; Linux SKX_CHA_MSR_PMON_BOX_FILTER_* as
 * config1's high half, hswep_cbox_enable_event; Intel PCM's SKX_CHA_MSR_PMON_BOX_FILTER1_*):
 * remote 0, local 1, all opcodes 3, near memory 4, not near memory 5, opcodes 18:9 and
 * 28:19, C6 29, non-coherent 30, isochronous 31; bits 2 and 8:6 reserved. Filters do not
 * filter (simulated).
 */
#define SKX_FILT_RSV (CTL_HIGH | 0xFull << 13 | 0x1Full << 27)
#define SKX_FILT1_RSV (CTL_HIGH | 1ull << 2 | 7ull << 6)
#define SKX_CHA(n) { 0xE00u + 0x10u * (n), (n) + 1, 0xE01u + 0x10u * (n), 0xE08u + 0x10u * (n), \
		     0xE05u + 0x10u * (n), SKX_FILT_RSV, 4, 48, 8, true, BOX_CTL_RSV,             \
		     MODEL_UNC_SKX_CHA0 + (n), 2 + 4 * (n), NULL, 0xE06u + 0x10u * (n),           \
		     SKX_FILT1_RSV }

#define IIO_CTL_RSV (~0x7FFFFFFFFFFFull | 7ull << 19 | 1ull << 16)
#define SKX_IIO(n) { 0xA40u + 0x20u * (n), 0, 0xA48u + 0x20u * (n), 0xA41u + 0x20u * (n), 0, 0,   \
		     4, 48, 12, true, IIO_CTL_RSV, 0, 118 + 4 * (n), NULL, 0, 0 }
#define SKX_IRP(n) { 0xA58u + 0x20u * (n), 0, 0xA5Bu + 0x20u * (n), 0xA59u + 0x20u * (n), 0, 0,   \
		     2, 48, 8, true, BOX_CTL_RSV, 0, 142 + 4 * (n), NULL, 0, 0 }

static const struct sbox skx_sboxes[] = {
	{ 0, 0, 0x705u, 0x709u, 0, 0, 2, 48, 5, true, U_CTL_RSV, MODEL_UNC_SKX_U, 0, NULL,
	  0, 0 },
	SKX_CHA(0), SKX_CHA(1), SKX_CHA(2), SKX_CHA(3), SKX_CHA(4), SKX_CHA(5), SKX_CHA(6),
	SKX_CHA(7), SKX_CHA(8), SKX_CHA(9), SKX_CHA(10), SKX_CHA(11), SKX_CHA(12), SKX_CHA(13),
	SKX_CHA(14), SKX_CHA(15), SKX_CHA(16), SKX_CHA(17), SKX_CHA(18), SKX_CHA(19),
	SKX_CHA(20), SKX_CHA(21), SKX_CHA(22), SKX_CHA(23), SKX_CHA(24), SKX_CHA(25),
	SKX_CHA(26), SKX_CHA(27),
	{ 0x710u, 0, 0x711u, 0x717u, 0x715u, PCU_FILT_RSV, 4, 48, 5, false, PCU_CTL_RSV,
	  MODEL_UNC_SKX_PCU, 114, NULL, 0, 0 },
	SKX_IIO(0), SKX_IIO(1), SKX_IIO(2), SKX_IIO(3), SKX_IIO(4), SKX_IIO(5),
	SKX_IRP(0), SKX_IRP(1), SKX_IRP(2), SKX_IRP(3), SKX_IRP(4), SKX_IRP(5),
};

/*
 * Ice Lake-SP (Linux uncore_snbep.c ICX_C34_MSR_PMON_*, icx_cha_msr_offsets, ICX_IIO_*,
 * ICX_IRP0_*, ICX_M2PCIE_*, icx_msr_offsets): U-box and PCU as Skylake-SP; CHA n at
 * ICX_CHA_BOX(n) (box, controls +1, filter 0 +5, counters +8); per stack n at 0, 0x20, 0x40,
 * 0x90, 0xB0, 0xD0: IIO box 0xA50, controls 0xA58, counters 0xA51; IRP 0xA4A, 0xA4D, 0xA4B
 * (2 counters); M2PCIe 0xA40, 0xA46, 0xA41. A CHA control holds the umask extension in
 * 57:32 (SNR_CHA_RAW_EVENT_MASK_EXT), an IIO control ch_mask 47:36 and fc_mask 50:48 (the
 * SNR IIO formats icx_uncore_iio uses). The same model choices as Skylake-SP.
 */
#define ICX_CHA_CTL_RSV (~0x03FFFFFFFFFFFFFFull | 3ull << 20)
#define ICX_IIO_CTL_RSV (~0x7FFFFFFFFFFFFull | 7ull << 19 | 1ull << 16)
/*
 * CHA n's box control as a rule: CHAs 0-33 from 0xE00 in steps of 0xE, one step left out
 * after CHA 17; CHAs 34-39 from 0xB60 in steps of 0xE (the addresses Linux lists as
 * icx_cha_msr_offsets, restated).
 */
#define ICX_CHA_BOX(n) ((n) < 34 ? 0xE00u + 0xEu * (n) + ((n) > 17 ? 0xEu : 0u) \
			: 0xB60u + 0xEu * ((n) >= 34 ? (n) - 34 : 0))
#define ICX_CHA(n) { ICX_CHA_BOX(n), (n) + 1, ICX_CHA_BOX(n) + 1, ICX_CHA_BOX(n) + 8,          \
		     ICX_CHA_BOX(n) + 5, SKX_FILT_RSV, 4, 48, 8, true, ICX_CHA_CTL_RSV,           \
		     MODEL_UNC_ICX_CHA0 + (n), 2 + 4 * (n), NULL, 0, 0 }
#define ICX_STACK(n, off)                                                                      \
	{ 0xA50u + (off), 0, 0xA58u + (off), 0xA51u + (off), 0, 0, 4, 48, 12, true,             \
	  ICX_IIO_CTL_RSV,                                                                       \
	  0, 166 + 12 * (n), NULL, 0, 0 },                                                       \
	{ 0xA4Au + (off), 0, 0xA4Du + (off), 0xA4Bu + (off), 0, 0, 2, 48, 8, true, BOX_CTL_RSV,  \
	  0, 170 + 12 * (n), NULL, 0, 0 },                                                       \
	{ 0xA40u + (off), 0, 0xA46u + (off), 0xA41u + (off), 0, 0, 4, 48, 8, true, BOX_CTL_RSV,  \
	  0, 174 + 12 * (n), NULL, 0, 0 }

static const struct sbox icx_sboxes[] = {
	{ 0, 0, 0x705u, 0x709u, 0, 0, 2, 48, 5, true, U_CTL_RSV, MODEL_UNC_ICX_U, 0, NULL, 0, 0 },
	ICX_CHA(0), ICX_CHA(1), ICX_CHA(2), ICX_CHA(3), ICX_CHA(4), ICX_CHA(5), ICX_CHA(6),
	ICX_CHA(7), ICX_CHA(8), ICX_CHA(9), ICX_CHA(10), ICX_CHA(11), ICX_CHA(12), ICX_CHA(13),
	ICX_CHA(14), ICX_CHA(15), ICX_CHA(16), ICX_CHA(17), ICX_CHA(18), ICX_CHA(19), ICX_CHA(20),
	ICX_CHA(21), ICX_CHA(22), ICX_CHA(23), ICX_CHA(24), ICX_CHA(25), ICX_CHA(26), ICX_CHA(27),
	ICX_CHA(28), ICX_CHA(29), ICX_CHA(30), ICX_CHA(31), ICX_CHA(32), ICX_CHA(33), ICX_CHA(34),
	ICX_CHA(35), ICX_CHA(36), ICX_CHA(37), ICX_CHA(38), ICX_CHA(39),
	{ 0x710u, 0, 0x711u, 0x717u, 0x715u, PCU_FILT_RSV, 4, 48, 5, false, PCU_CTL_RSV,
	  MODEL_UNC_ICX_PCU, 162, NULL, 0, 0 },
	ICX_STACK(0, 0x0), ICX_STACK(1, 0x20), ICX_STACK(2, 0x40), ICX_STACK(3, 0x90),
	ICX_STACK(4, 0xB0), ICX_STACK(5, 0xD0),
};

/* One family's MSR boxes. */
struct sbox_set {
	const struct sbox *box;
	unsigned n;
	uint32_t fixed_ctl, fixed_ctr;   /* the U-box's UCLK fixed counter; 0: none */
	uint64_t box_bits;               /* the box control bits that exist */
	bool clock_event0;               /* event 0 umask 0 counts cycles */
	uint32_t cha_msr;                /* reads the CHA count (bits 5:0); 0: none */
	uint64_t frz, rst_ctrl, rst_ctrs;   /* the box control's freeze and reset bits */
	/*
	 * The discovery table's global control (model_discovery.h), 0: none. While it holds
	 * anything but 0 no counter of the set counts (freeze_all: tip b575fc0e3357).
	 */
	uint32_t global_ctl;
	bool die_scope;                  /* a die's units: its die's CBB global control holds them */
};

static const struct sbox_set snbep_set = {
	sboxes, sizeof(sboxes) / sizeof(sboxes[0]), U_FIXED_CTL, U_FIXED_CTR,
	BOX_RST_CTRL | BOX_RST_CTRS | BOX_FRZ | BOX_FRZ_EN, false, 0, BOX_FRZ, BOX_RST_CTRL,
	BOX_RST_CTRS, 0, false,
};

/* MSR 0x702: the CHA count in bits 5:0, as Intel PCM src/cpucounters.cpp reads it. */
static const struct sbox_set skx_set = {
	skx_sboxes, sizeof(skx_sboxes) / sizeof(skx_sboxes[0]), 0x703u, 0x704u,
	BOX_RST_CTRL | BOX_RST_CTRS | BOX_FRZ, true, 0x702u, BOX_FRZ, BOX_RST_CTRL, BOX_RST_CTRS, 0,
	false,
};

static const struct sbox *sbox_of(const struct sbox_set *s, const struct model *m, uint32_t msr)
{
	for (unsigned i = 0; i < s->n; i++) {
		const struct sbox *x = &s->box[i];
		if (x->cha && x->cha > m->chas)
			continue;
		if ((x->box_ctl && msr == x->box_ctl) || (x->filter && msr == x->filter) ||
		    (x->filter1 && msr == x->filter1) ||
		    munc_in(msr, x->ctl0, x->nctr) || munc_in(msr, x->ctr0, x->nctr))
			return x;
	}
	return NULL;
}

static bool set_claims(const struct sbox_set *s, const struct model *m, uint32_t msr)
{
	return (s->fixed_ctl && munc_in(msr, s->fixed_ctl, 2)) || (s->cha_msr && msr == s->cha_msr) ||
	       (s->global_ctl && msr == s->global_ctl) || sbox_of(s, m, msr);
}

static pmu_status zero_range(struct model_regfile *rf, uint32_t base, unsigned n)
{
	pmu_status st = PMU_OK;
	for (unsigned i = 0; i < n && !st; i++)
		st = model_poke(rf, base + i, 0);
	return st;
}

static pmu_status box_ctl_write(const struct sbox_set *s, struct model_regfile *rf,
				const struct sbox *x, uint64_t val)
{
	pmu_status st = PMU_OK;
	if (val & ~s->box_bits)
		return PMU_ERR_FAULT_GP;
	if (val & s->rst_ctrl)
		st = zero_range(rf, x->ctl0, x->nctr);
	if (!st && (val & s->rst_ctrs))
		st = zero_range(rf, x->ctr0, x->nctr);
	return st ? st : model_poke(rf, x->box_ctl, val & (s->frz | (s->box_bits & BOX_FRZ_EN)));
}

static const struct sbox_set icx_set = {
	icx_sboxes, sizeof(icx_sboxes) / sizeof(icx_sboxes[0]), 0x703u, 0x704u,
	BOX_RST_CTRL | BOX_RST_CTRS | BOX_FRZ, true, 0x702u, BOX_FRZ, BOX_RST_CTRL, BOX_RST_CTRS, 0,
	false,
};

/*
 * Sapphire Rapids and Emerald Rapids CHAs, as Intel PCM and Linux uncore_snbep.c give them
 * (SPR_C0_MSR_PMON_*, the box Linux's generic discovery code drives): CHA n at 0x2000 +
 * 0x10 n: box control, controls +2..+5, filter 0 +0xE, counters +8..+0xB, 48 bits; the box
 * control's bits are the generic ones (Linux uncore_discovery.h GENERIC_PMON_BOX_CTL_*):
 * freeze 0, reset controls 8, reset counters 9. MSR 0x2FFE (SPR_MSR_UNC_CBO_CONFIG) reads
 * the CHA count. Model choices: the model's count of CHAs (model.chas: one a core of the
 * shape, 64 at most, Emerald Rapids' 8592+) answer, the rest raise #GP; the filter is not
 * modelled (#GP); controls hold 31:0 as Skylake-SP's CHAs' and the umask extension in 63:32
 * (Linux spr_uncore_chabox: SPR_CHA_EVENT_MASK_EXT 0xffffffff), stored, not matched (stimuli
 * carry no request type); UNC_CHA_CLOCKTICKS (event 0x01, Intel's list) follows the
 * workload's cycle stimulus (sim_workload.c).
 */
#define GEN_FRZ      (1ull << 0)
#define GEN_RST_CTRL (1ull << 8)
#define GEN_RST_CTRS (1ull << 9)
#define SPR_CHA_CTL_RSV (3ull << 20)
#define SPR_CHA(n) { 0x2000u + 0x10u * (n), (n) + 1, 0x2002u + 0x10u * (n), 0x2008u + 0x10u * (n), \
		     0, 0, 4, 48, 8, true, SPR_CHA_CTL_RSV, MODEL_UNC_SPR_CHA0 + (n), 2 + 4 * (n),   \
		     NULL, 0, 0 }

static const struct sbox spr_sboxes[] = {
	SPR_CHA(0), SPR_CHA(1), SPR_CHA(2), SPR_CHA(3), SPR_CHA(4), SPR_CHA(5), SPR_CHA(6),
	SPR_CHA(7), SPR_CHA(8), SPR_CHA(9), SPR_CHA(10), SPR_CHA(11), SPR_CHA(12), SPR_CHA(13),
	SPR_CHA(14), SPR_CHA(15), SPR_CHA(16), SPR_CHA(17), SPR_CHA(18), SPR_CHA(19),
	SPR_CHA(20), SPR_CHA(21), SPR_CHA(22), SPR_CHA(23), SPR_CHA(24), SPR_CHA(25),
	SPR_CHA(26), SPR_CHA(27), SPR_CHA(28), SPR_CHA(29), SPR_CHA(30), SPR_CHA(31),
	SPR_CHA(32), SPR_CHA(33), SPR_CHA(34), SPR_CHA(35), SPR_CHA(36), SPR_CHA(37),
	SPR_CHA(38), SPR_CHA(39), SPR_CHA(40), SPR_CHA(41), SPR_CHA(42), SPR_CHA(43),
	SPR_CHA(44), SPR_CHA(45), SPR_CHA(46), SPR_CHA(47), SPR_CHA(48), SPR_CHA(49),
	SPR_CHA(50), SPR_CHA(51), SPR_CHA(52), SPR_CHA(53), SPR_CHA(54), SPR_CHA(55),
	SPR_CHA(56), SPR_CHA(57), SPR_CHA(58), SPR_CHA(59), SPR_CHA(60), SPR_CHA(61),
	SPR_CHA(62), SPR_CHA(63)
};

static const struct sbox_set spr_set = {
	spr_sboxes, sizeof(spr_sboxes) / sizeof(spr_sboxes[0]), 0, 0,
	GEN_FRZ | GEN_RST_CTRL | GEN_RST_CTRS, false, 0x2FFEu, GEN_FRZ, GEN_RST_CTRL, GEN_RST_CTRS,
	MODEL_DISC_SPR_GLOBAL, false,
};

/*
 * Diamond Rapids' CBOs (the model's: at Sapphire Rapids' CHAs' MSRs, model_disc_dmr.c), each
 * CBB die's own: no CHA count MSR (0x2FFE's meaning there is not published).
 */
static const struct sbox_set dmr_cbo_set = {
	spr_sboxes, sizeof(spr_sboxes) / sizeof(spr_sboxes[0]), 0, 0,
	GEN_FRZ | GEN_RST_CTRL | GEN_RST_CTRS, false, 0, GEN_FRZ, GEN_RST_CTRL, GEN_RST_CTRS,
	MODEL_DISC_SPR_GLOBAL, true,
};

/*
 * The discovery machine's other MSR units (model_disc_units.h), the box control's bits the
 * generic ones as the CHA's. Controls (Linux uncore_snbep.c formats): the IIO's as Ice
 * Lake-SP's (thresh 35:24, ch_mask 47:36, fc_mask 50:48); the others' umask extension 55:32
 * (SPR_UNCORE_COMMON_FORMAT, SPR_RAW_EVENT_MASK_EXT 0xffffff), 63:56 and 21:20 raising #GP.
 * The model has no traffic for them: their counters count nothing (no stimulus), written and
 * read as 48 bits. Edge conditions from bit 512, past the CHAs' and the PCI units'.
 */
#define SPR_EXT_CTL_RSV (0xFFull << 56 | 3ull << 20)
#define DU_SBOX(type, access, count, nctr, ctl_off, ctr_off, base, step, n, rsv, thresh, edge) \
	{ (base) + (step) * (n), 0, (base) + (step) * (n) + (ctl_off),                         \
	  (base) + (step) * (n) + (ctr_off), 0, 0, (nctr), 48, (thresh), true, (rsv), 0,        \
	  (edge) + 4 * (n), NULL, 0, 0 }
#define DU_TWO(kind, rsv, thresh, edge)                                                         \
	kind(DU_SBOX, 0, rsv, thresh, edge), kind(DU_SBOX, 1, rsv, thresh, edge)
#define DU_SIX(kind, rsv, thresh, edge)                                                         \
	DU_TWO(kind, rsv, thresh, edge), kind(DU_SBOX, 2, rsv, thresh, edge),                   \
	kind(DU_SBOX, 3, rsv, thresh, edge), kind(DU_SBOX, 4, rsv, thresh, edge),               \
	kind(DU_SBOX, 5, rsv, thresh, edge)

static const struct sbox spr_unit_sboxes[] = {
	DU_SIX(MDU_SPR_IIO, ICX_IIO_CTL_RSV, 12, 512), DU_SIX(MDU_SPR_IRP, SPR_EXT_CTL_RSV, 8, 536),
	DU_SIX(MDU_SPR_M2PCIE, SPR_EXT_CTL_RSV, 8, 560), MDU_SPR_PCU(DU_SBOX, 0, SPR_EXT_CTL_RSV, 8, 584),
};

/* Granite Rapids and Sierra Forest: their MSR units (model_disc_units.h). */
static const struct sbox gnr_unit_sboxes[] = {
	DU_SIX(MDU_GNR_IIO, ICX_IIO_CTL_RSV, 12, 512), DU_SIX(MDU_GNR_IRP, SPR_EXT_CTL_RSV, 8, 536),
	MDU_GNR_PCU(DU_SBOX, 0, SPR_EXT_CTL_RSV, 8, 560), MDU_GNR_UBOX(DU_SBOX, 0, SPR_EXT_CTL_RSV, 8, 564),
	DU_TWO(MDU_GNR_MDF, SPR_EXT_CTL_RSV, 8, 568), MDU_GNR_B2HOT(DU_SBOX, 0, SPR_EXT_CTL_RSV, 8, 576),
};

static const struct sbox_set gnr_units_set = {
	gnr_unit_sboxes, sizeof(gnr_unit_sboxes) / sizeof(gnr_unit_sboxes[0]), 0, 0,
	GEN_FRZ | GEN_RST_CTRL | GEN_RST_CTRS, false, 0, GEN_FRZ, GEN_RST_CTRL, GEN_RST_CTRS,
	MODEL_DISC_SPR_GLOBAL, false,
};

/*
 * Diamond Rapids' other units (model_disc_units.h MDU_DMR_ALL), the generic box bits. A
 * control holds the bits its type's Linux format names (tip 6daf2c35b835, 66e2075426f3) and
 * the enable bit 22; the others raise #GP: the umask extension 63:32 on SCA, HAMVF, ULA, DDA,
 * SBO, UBR, CPC, ITC, OTC; CXLCM's invert at 21 and port_en 35:32; the PCIe units' 55:32
 * (thresh_ext, the selects, vc_sel, port_sel); none above 31 on the others. Bits 16, 17 and
 * 19 are stored as the SPR CHA's (tid_en exists there, unused: 66e2075426f3). No traffic:
 * their counters count nothing.
 */
#define DMR_HIGH(t)                                                                            \
	((t) == 0x18 ? 0xFull : (t) == 0x2D || (t) == 0x33 ? 0xFFFFFFull :                       \
	 (t) == 0x17 || (t) == 0x1E || ((t) >= 0x23 && (t) <= 0x2B && (t) != 0x25) ||            \
	 ((t) >= 0x2F && (t) <= 0x31) ? 0xFFFFFFFFull : 0)
#define DMR_RSV(t) (~DMR_HIGH(t) << 32 | ((t) == 0x18 ? 1ull << 20 : 3ull << 20))
#define DMR_SBOX(type, access, count, nctr, ctl_off, ctr_off, base, step, ...)                  \
	{ (base), 0, (base) + (ctl_off), (base) + (ctr_off), 0, 0, (nctr), 48, 8, true,          \
	  DMR_RSV(type), 0, 512 + ((base) - MDU_DMR_BASE) / 4, NULL, 0, 0 }

static const struct sbox dmr_unit_sboxes[] = { MDU_DMR_ALL(DMR_SBOX) };

static const struct sbox_set dmr_units_set = {
	dmr_unit_sboxes, sizeof(dmr_unit_sboxes) / sizeof(dmr_unit_sboxes[0]), 0, 0,
	GEN_FRZ | GEN_RST_CTRL | GEN_RST_CTRS, false, 0, GEN_FRZ, GEN_RST_CTRL, GEN_RST_CTRS,
	MODEL_DISC_SPR_GLOBAL, true,
};

static const struct sbox_set spr_units_set = {
	spr_unit_sboxes, sizeof(spr_unit_sboxes) / sizeof(spr_unit_sboxes[0]), 0, 0,
	GEN_FRZ | GEN_RST_CTRL | GEN_RST_CTRS, false, 0, GEN_FRZ, GEN_RST_CTRL, GEN_RST_CTRS,
	MODEL_DISC_SPR_GLOBAL, false,
};

/* SNB-EP's UCLK: the guide's 44 bits or m->uclk_width; Skylake-SP's 48 (Linux skx_uncore_ubox). */
static unsigned uclk_width(const struct sbox_set *s, const struct model *m)
{
	if (s != &snbep_set)
		return 48;
	return m->uclk_width ? m->uclk_width : U_FIXED_WIDTH;
}

/* The CHA count MSR: the profile's count, or a hostile variant's (model.cha_msr_count). */
static pmu_status set_read(const struct sbox_set *s, struct model *m, struct model_regfile *rf,
			   uint32_t msr, uint64_t *val)
{
	if (s->cha_msr && msr == s->cha_msr) {
		*val = m->disc_cha_msr_zero && s == &spr_set ? 0
		       : m->cha_msr_count ? m->cha_msr_count : m->chas;
		return PMU_OK;
	}
	*val = model_peek(rf, msr);
	return PMU_OK;
}

static pmu_status set_write(const struct sbox_set *s, struct model *m, struct model_regfile *rf,
			    uint32_t msr, uint64_t val)
{
	if (s->cha_msr && msr == s->cha_msr)
		return PMU_ERR_FAULT_GP;   /* read-only */
	if (s->global_ctl && msr == s->global_ctl) {
		m->disc_global_writes++;
		return model_poke(rf, msr, val);
	}
	if (s->fixed_ctl && msr == s->fixed_ctl)
		return val & ~FIXED_EN ? PMU_ERR_FAULT_GP : model_poke(rf, msr, val);
	if (s->fixed_ctl && msr == s->fixed_ctr)
		return model_poke(rf, msr, val & munc_mask(uclk_width(s, m)));
	const struct sbox *x = sbox_of(s, m, msr);
	if (msr == x->box_ctl)
		return box_ctl_write(s, rf, x, val);
	if (munc_in(msr, x->ctr0, x->nctr))
		return val & ~munc_mask(x->width) ? PMU_ERR_FAULT_GP : model_poke(rf, msr, val);
	if (x->filter1 && msr == x->filter1)
		return val & x->filter1_rsv ? PMU_ERR_FAULT_GP : model_poke(rf, msr, val);
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
	munc_set_bit(munc_edge_word(rf, x->edge_bit + n), (x->edge_bit + n) & 63, false);
	return model_poke(rf, msr, val & ~CTL_RST);
}

/*
 * The set's global control: in its file, or for a die's units (a die file, model.h
 * die_scope) that die's CBB control, which its package's file holds (model_uncore_spr_pci.c).
 */
static uint64_t global_of(const struct sbox_set *s, const struct model *m,
			  const struct model_regfile *rf)
{
	if (!s->global_ctl)
		return 0;
	if (s->die_scope) {   /* rf is a die's file (SET_DEV die_scope) */
		unsigned c = (unsigned)(rf - m->die);
		return model_peek(&m->pkg[m->pkg_of[c]], model_disc_cbb_global(m->die_of[c]));
	}
	return model_peek(rf, s->global_ctl);
}

/* Box x holds still: its box control's freeze bit, or the table's global control not 0. */
static bool box_frozen(const struct sbox_set *s, const struct model *m,
		       const struct model_regfile *rf, const struct sbox *x)
{
	return (x->box_ctl && (model_peek(rf, x->box_ctl) & s->frz)) || global_of(s, m, rf);
}

static void sbox_cycle(const struct sbox_set *s, const struct model *m, struct model_regfile *rf,
		       const struct sbox *x,
		       const struct model_cycle *c, uint64_t n_cycles)
{
	bool frozen = box_frozen(s, m, rf, x);
	for (unsigned n = 0; n < x->nctr; n++) {
		uint64_t ctl = model_peek(rf, x->ctl0 + n);
		/* No umask (PCU): the event-select extension stands in the stimulus' umask slot. */
		uint32_t code = MODEL_UNC_STIM(x->stim_box, ctl,
					       x->umask ? ctl >> 8 : (ctl >> PCU_EXT_SHIFT) & 1);
		unsigned thresh = (unsigned)munc_field(ctl, 24, x->thresh_bits);
		uint64_t events = s->clock_event0 && !(ctl & 0xFFFF) ? n_cycles
								      : model_cycle_events(c, code);
		uint64_t inc = munc_shape(rf, x->edge_bit + n, events, thresh, ctl & CTL_INV,
					  ctl & CTL_EDGE, true);
		if ((ctl & CTL_EN) && !frozen && counts_on(x, ctl & 0xFF, n))
			(void)munc_add(rf, x->ctr0 + n, inc, x->width);
	}
}

/* n_cycles whose events add up to c's: n = 1, or a bulk set_cycles allows. */
static void set_span(const struct sbox_set *s, const struct model *m, struct model_regfile *rf,
		     const struct model_cycle *c, uint64_t n_cycles)
{
	for (unsigned i = 0; i < s->n; i++)
		if (!s->box[i].cha || s->box[i].cha <= m->chas)
			sbox_cycle(s, m, rf, &s->box[i], c, n_cycles);
	if (s->fixed_ctl && (model_peek(rf, s->fixed_ctl) & FIXED_EN))
		(void)munc_add(rf, s->fixed_ctr, n_cycles, uclk_width(s, m));
}

/*
 * n cycles at once (struct model_dev.cycles), unless a counting counter has a
 * threshold. Threshold 0 compares with 0: the condition never changes, so edge
 * detection counts at most in the first cycle and invert counts nothing, bulk or not.
 */
static bool set_cycles(const struct sbox_set *s, struct model *m, struct model_regfile *rf,
		       const struct model_cycle *sum, uint64_t n)
{
	for (unsigned i = 0; i < s->n; i++) {
		const struct sbox *x = &s->box[i];
		bool frozen = box_frozen(s, m, rf, x);
		for (unsigned j = 0; j < x->nctr && !frozen; j++) {
			uint64_t ctl = model_peek(rf, x->ctl0 + j);
			if ((ctl & CTL_EN) && munc_field(ctl, 24, x->thresh_bits))
				return false;
		}
	}
	set_span(s, m, rf, sum, n);
	return true;
}

/* The families' devices: the engine above with their set, shared by a package or a die. */
#define SET_DEV(pre, set, dname, scope)                                                        \
static bool pre##_claims(const struct model *m, uint32_t msr)                                  \
{                                                                                              \
	return set_claims(&(set), m, msr);                                                     \
}                                                                                              \
static pmu_status pre##_read(struct model *m, struct model_regfile *rf, uint32_t msr,        \
			     uint64_t *val)                                                    \
{                                                                                              \
	return set_read(&(set), m, rf, msr, val);                                              \
}                                                                                              \
static pmu_status pre##_write(struct model *m, struct model_regfile *rf, uint32_t msr,       \
			      uint64_t val)                                                    \
{                                                                                              \
	return set_write(&(set), m, rf, msr, val);                                             \
}                                                                                              \
static void pre##_cycle(struct model *m, struct model_regfile *rf, const struct model_cycle *c) \
{                                                                                              \
	set_span(&(set), m, rf, c, 1);                                                         \
}                                                                                              \
static bool pre##_cycles(struct model *m, struct model_regfile *rf,                           \
			 const struct model_cycle *sum, uint64_t n)                            \
{                                                                                              \
	return set_cycles(&(set), m, rf, sum, n);                                              \
}                                                                                              \
const struct model_dev model_dev_##pre##_uncore = {                                            \
	.name = (dname), .scope = true, .claims = pre##_claims, .read = pre##_read,            \
	.write = pre##_write, .cycle = pre##_cycle, .cycles = pre##_cycles,                    \
}

SET_DEV(snbep, snbep_set, "snbep-uncore", package_scope);
SET_DEV(skx, skx_set, "skx-uncore", package_scope);
SET_DEV(icx, icx_set, "icx-uncore", package_scope);
SET_DEV(spr, spr_set, "spr-uncore", package_scope);

pmu_status model_disc_cha_msr_zero(struct model *m)
{
	for (unsigned i = 0; i < m->p->ndevs; i++)
		if (m->p->devs[i] == &model_dev_spr_uncore) {
			m->disc_cha_msr_zero = true;
			return PMU_OK;
		}
	return PMU_ERR_UNSUPPORTED;
}
SET_DEV(spr_units, spr_units_set, "spr-msr-units", package_scope);
SET_DEV(gnr_units, gnr_units_set, "gnr-msr-units", package_scope);
SET_DEV(dmr_cbo, dmr_cbo_set, "dmr-cbo", die_scope);
SET_DEV(dmr_units, dmr_units_set, "dmr-msr-units", die_scope);
