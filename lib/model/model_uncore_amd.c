/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Reference model of AMD's uncore, written from AMD PPR 56176 (family 17h model 31h),
 * PPR 55901 (family 19h model 11h) and the facts of Linux arch/x86/events/amd/uncore.c,
 * not from efipmu's descriptors (lib/hw/uncore_amd.c):
 * - L3 (one per CCX, its CPUs share the file: model_ccx_slot): ChL3PmcCfg n at
 *   MSRC001_0230 + 2n, ChL3Pmc at + 1, six 48-bit counters that wrap; EN bit 22.
 *   Family 17h selects slices with SliceMask 51:48 (four slices) and threads with ThreadMask
 *   63:56; family 19h one slice with SliceId 50:48 or all with EnAllSlices (46) of eight,
 *   one core with CoreId 44:42 or all with EnAllCores (47), the SMT threads with ThreadMask
 *   57:56.
 * - Data Fabric (one per socket): PerfCtl n at MSRC001_0240 + 2n, 48-bit counters, EN bit 22;
 *   4 counters and a 14-bit event (7:0, 35:32, 60:59) before PerfMonV2; with it CPUID
 *   0x80000022 EBX[15:10] counters, event 7:0 and 37:32, a 12-bit umask 15:8 and 27:24.
 * - UMC (Zen 4, one set per active memory controller, CPUID 0x80000022 ECX): PerfCtl n at
 *   MSRC001_0800 + 2n, the active UMCs' counters one after another, EBX[21:16] in all;
 *   EN bit 31, event 7:0, RdWrMask 9:8; a counter stops at 2^48 - 1 and sets bit 48; a write
 *   to a counter is dropped while no control of its UMC is enabled (FreeBSD PR #2422).
 * - Set bits outside a control's fields raise #GP and change nothing.
 *
 * Model choices (the model has no cache and one memory path):
 * - Every load the kernel makes is an L3 lookup (lines spread over the slices, sim_workload.c),
 *   counted by event 0x04 (L3LookupState) with any umask bit: the model has no line states.
 *   The requests come from core 0 thread 0 of the CCX (the CPU running the kernel is the
 *   CCX's first): they count when ThreadMask has bit 0 and, on 19h, CoreId is 0 or EnAllCores.
 * - The memory lines the kernel reads and writes go to DRAM channel 0 behind the first
 *   active UMC. The DF counts them with the encodings of perf's event lists (Linux
 *   tools/perf/pmu-events amdzen3 and amdzen4 data-fabric.json): event 0x07 umask 0x38
 *   (channel 0 data beats, reads and writes) before PerfMonV2, event 0x1F umask 0x7FE
 *   (channel 0 read beats) with it; one count a line. UMC event 0x0A (CAS commands, amdzen4
 *   memory-controller.json) counts reads for RdWrMask 1, writes for 2, both for 0 or 3;
 *   event 0x00 (the memory clock) counts every cycle on every active UMC.
 */
#include "model/model_uncore_common.h"

#define AMD_EN          (1ull << 22)
#define UMC_EN          (1ull << 31)
#define WIDTH           48
#define UMC_SATURATED   (1ull << 48)

#define L3_CTL0   0xC0010230u
#define L3_N      6u
#define DF_CTL0   0xC0010240u
#define DF_LEGACY 4u
#define UMC_CTL0  0xC0010800u

/* Fields each control may set (PPR 56176, 55901). */
#define L3_VALID_17H  (0xFFFFull | AMD_EN | 0xFull << 48 | 0xFFull << 56)
#define L3_VALID_19H  (0xFFFFull | AMD_EN | 7ull << 42 | 3ull << 46 | 7ull << 48 | 3ull << 56)
#define DF_VALID      (0xFFFFull | AMD_EN | 0xFull << 32 | 3ull << 59)
#define DF_VALID_V2   (0xFFFFull | AMD_EN | 0xFull << 24 | 0x3Full << 32)
#define UMC_VALID     (0x3FFull | UMC_EN)

static struct pmu_cpuid leaf(const struct model *m, uint32_t l)
{
	return model_cpuid_table_answer(m->p->cpuid, l, 0);
}

static bool family_19h(const struct model *m)
{
	uint32_t eax = leaf(m, 1).eax;
	return ((eax >> 8) & 0xF) + ((eax >> 20) & 0xFF) >= 0x19;
}

static bool perfmon_v2(const struct model *m)
{
	return model_cpuid_leaf_answered(m->p->cpuid, 0x80000022u) == 0x80000022u &&
	       (leaf(m, 0x80000022u).eax & 1);
}

/* Counters of the DF and of all UMCs, and the active UMCs, as CPUID gives them. */
static unsigned df_count(const struct model *m)
{
	return perfmon_v2(m) ? (leaf(m, 0x80000022u).ebx >> 10) & 0x3F : DF_LEGACY;
}

static unsigned umc_count(const struct model *m)
{
	return perfmon_v2(m) ? (leaf(m, 0x80000022u).ebx >> 16) & 0x3F : 0;
}

static unsigned umc_active(const struct model *m)
{
	unsigned n = 0;
	for (uint32_t v = perfmon_v2(m) ? leaf(m, 0x80000022u).ecx : 0; v; v &= v - 1)
		n++;
	return n;
}

/* A control (even offset) or counter of a bank of n pairs from ctl0: stored as written. */
static pmu_status bank_write(struct model_regfile *rf, uint32_t msr, uint32_t ctl0, uint64_t val,
			     uint64_t valid, uint64_t ctr_bits)
{
	bool ctl = !((msr - ctl0) & 1);
	if (val & ~(ctl ? valid : ctr_bits))
		return PMU_ERR_FAULT_GP;
	return model_poke(rf, msr, val);
}

/* ---- L3 ---- */

static bool l3_claims(const struct model *m, uint32_t msr)
{
	(void)m;
	return munc_in(msr, L3_CTL0, 2 * L3_N);
}

static pmu_status l3_write(struct model *m, struct model_regfile *rf, uint32_t msr, uint64_t val)
{
	return bank_write(rf, msr, L3_CTL0, val, family_19h(m) ? L3_VALID_19H : L3_VALID_17H,
			  munc_mask(WIDTH));
}

/* Does a lookup in slice s (of the stimulus' eight) count under ctl? */
static bool l3_selects(const struct model *m, uint64_t ctl, unsigned s)
{
	if (munc_field(ctl, 0, 8) != 0x04 || !munc_field(ctl, 8, 8))
		return false;
	if (!family_19h(m))
		return (munc_field(ctl, 48, 4) >> (s % 4) & 1) && (munc_field(ctl, 56, 8) & 1);
	bool slice = munc_field(ctl, 46, 1) || munc_field(ctl, 48, 3) == s;
	bool core = munc_field(ctl, 47, 1) || munc_field(ctl, 42, 3) == 0;
	return slice && core && (munc_field(ctl, 56, 2) & 1);
}

static void l3_cycle(struct model *m, struct model_regfile *rf, const struct model_cycle *c)
{
	for (unsigned n = 0; n < L3_N; n++) {
		uint64_t ctl = model_peek(rf, L3_CTL0 + 2 * n), inc = 0;
		if (!(ctl & AMD_EN))
			continue;
		for (unsigned s = 0; s < 8; s++)
			if (l3_selects(m, ctl, s))
				inc += model_cycle_events(c, MODEL_UNC_STIM(MODEL_UNC_AMD_L3,
									    MODEL_AMD_L3_LOOKUP, s));
		(void)munc_add(rf, L3_CTL0 + 2 * n + 1, inc, WIDTH);
	}
}

/* Every count is a sum of the cycle's stimuli: n cycles are one cycle of their sum. */
static bool l3_cycles(struct model *m, struct model_regfile *rf, const struct model_cycle *sum,
		      uint64_t n)
{
	(void)n;
	l3_cycle(m, rf, sum);
	return true;
}

const struct model_dev model_dev_amd_l3 = {
	.name = "amd-l3",
	.ccx_scope = true,
	.claims = l3_claims,
	.write = l3_write,
	.cycle = l3_cycle,
	.cycles = l3_cycles,
};

/* ---- Data Fabric ---- */

static bool df_claims(const struct model *m, uint32_t msr)
{
	return munc_in(msr, DF_CTL0, 2 * df_count(m));
}

static pmu_status df_write(struct model *m, struct model_regfile *rf, uint32_t msr, uint64_t val)
{
	return bank_write(rf, msr, DF_CTL0, val, perfmon_v2(m) ? DF_VALID_V2 : DF_VALID,
			  munc_mask(WIDTH));
}

static uint64_t df_events(const struct model *m, uint64_t ctl, const struct model_cycle *c)
{
	uint64_t rd = model_cycle_events(c, MODEL_UNC_STIM(MODEL_UNC_AMD_DF, MODEL_AMD_DRAM_RD, 0));
	uint64_t wr = model_cycle_events(c, MODEL_UNC_STIM(MODEL_UNC_AMD_DF, MODEL_AMD_DRAM_WR, 0));
	uint64_t ev, um;
	if (perfmon_v2(m)) {
		ev = munc_field(ctl, 0, 8) | munc_field(ctl, 32, 6) << 8;
		um = munc_field(ctl, 8, 8) | munc_field(ctl, 24, 4) << 8;
		return ev == 0x1F && um == 0x7FE ? rd : 0;
	}
	ev = munc_field(ctl, 0, 8) | munc_field(ctl, 32, 4) << 8 | munc_field(ctl, 59, 2) << 12;
	um = munc_field(ctl, 8, 8);
	return ev == 0x07 && um == 0x38 ? rd + wr : 0;
}

static void df_cycle(struct model *m, struct model_regfile *rf, const struct model_cycle *c)
{
	for (unsigned n = 0; n < df_count(m); n++) {
		uint64_t ctl = model_peek(rf, DF_CTL0 + 2 * n);
		if (ctl & AMD_EN)
			(void)munc_add(rf, DF_CTL0 + 2 * n + 1, df_events(m, ctl, c), WIDTH);
	}
}

static bool df_cycles(struct model *m, struct model_regfile *rf, const struct model_cycle *sum,
		      uint64_t n)
{
	(void)n;
	df_cycle(m, rf, sum);
	return true;
}

const struct model_dev model_dev_amd_df = {
	.name = "amd-df",
	.package_scope = true,
	.claims = df_claims,
	.write = df_write,
	.cycle = df_cycle,
	.cycles = df_cycles,
};

/* ---- UMC ---- */

static bool umc_claims(const struct model *m, uint32_t msr)
{
	return umc_active(m) && munc_in(msr, UMC_CTL0, 2 * (umc_count(m) + m->umc_unclaimed));
}

/*
 * Counter n's channel: the UMC whose run of counters it is in (CPUID 0x80000022 EBX[21:16] /
 * active UMCs each). A counter write is dropped, silently, while no control of its channel has
 * its enable bit (the channel's clock is gated: FreeBSD PR #2422, seen on Genoa and Turin).
 */
static bool umc_channel_on(const struct model *m, const struct model_regfile *rf, unsigned n)
{
	unsigned per = umc_count(m) / umc_active(m), first = per ? n / per * per : n;
	for (unsigned k = first; k < first + (per ? per : 1); k++)
		if (model_peek(rf, UMC_CTL0 + 2 * k) & UMC_EN)
			return true;
	return false;
}

static pmu_status umc_write(struct model *m, struct model_regfile *rf, uint32_t msr, uint64_t val)
{
	bool ctr = (msr - UMC_CTL0) & 1;
	if (ctr && !(val & ~(munc_mask(WIDTH) | UMC_SATURATED)) &&
	    !umc_channel_on(m, rf, (msr - UMC_CTL0) / 2))
		return PMU_OK;
	return bank_write(rf, msr, UMC_CTL0, val, UMC_VALID, munc_mask(WIDTH) | UMC_SATURATED);
}

/* Adds n without wrapping: at 2^48 - 1 the counter stops and sets bit 48. */
static void umc_add(struct model_regfile *rf, uint32_t msr, uint64_t n)
{
	uint64_t v = model_peek(rf, msr), max = munc_mask(WIDTH), cnt = v & max;
	if (!n)
		return;
	(void)model_poke(rf, msr, n > max - cnt ? max | UMC_SATURATED : v + n);
}

/* n cycles: the clock adds n; DRAM traffic reaches the first active UMC's counters only. */
static void umc_span(struct model *m, struct model_regfile *rf, const struct model_cycle *c,
		     uint64_t cycles)
{
	unsigned active = umc_active(m);
	if (!active)
		return;   /* no UMC: nothing claims the registers */
	unsigned per = umc_count(m) / active;
	uint64_t rd = model_cycle_events(c, MODEL_UNC_STIM(MODEL_UNC_AMD_UMC, MODEL_AMD_DRAM_RD, 0));
	uint64_t wr = model_cycle_events(c, MODEL_UNC_STIM(MODEL_UNC_AMD_UMC, MODEL_AMD_DRAM_WR, 0));
	for (unsigned n = 0; n < umc_count(m); n++) {
		uint64_t ctl = model_peek(rf, UMC_CTL0 + 2 * n), inc = 0;
		unsigned mask = (unsigned)munc_field(ctl, 8, 2);
		if (!(ctl & UMC_EN))
			continue;
		if (munc_field(ctl, 0, 8) == 0x00)
			inc = cycles;
		else if (munc_field(ctl, 0, 8) == 0x0A && n < per)
			inc = (mask == 2 ? 0 : rd) + (mask == 1 ? 0 : wr);
		umc_add(rf, UMC_CTL0 + 2 * n + 1, inc);
	}
}

static void umc_cycle(struct model *m, struct model_regfile *rf, const struct model_cycle *c)
{
	umc_span(m, rf, c, 1);
}

static bool umc_cycles(struct model *m, struct model_regfile *rf, const struct model_cycle *sum,
		       uint64_t n)
{
	umc_span(m, rf, sum, n);
	return true;
}

const struct model_dev model_dev_amd_umc = {
	.name = "amd-umc",
	.package_scope = true,
	.claims = umc_claims,
	.write = umc_write,
	.cycle = umc_cycle,
	.cycles = umc_cycles,
};
