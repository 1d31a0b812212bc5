/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Reference model of AMD's core performance counters, written from the AMD64
 * APM vol. 2 (rev. 3.42) 13.2 "Performance Monitoring Counters" and the PPRs
 * for family 17h/19h, not from the tool's descriptors (hw/core_pmus.c):
 * - PerfEvtSel0-3 / PerfCtr0-3 at 0xC0010000-3 / 0xC0010004-7 on every part;
 * - with PerfCtrExtCore (CPUID 0x80000001 ECX[23]) six PERF_CTL/PERF_CTR pairs at
 *   0xC0010200 + 2n / + 2n + 1, and the legacy MSRs "are aliased" to the first
 *   four of them (APM 13.2.1): both names reach one register;
 * - with PerfMonV2 (CPUID 0x80000022 EAX[0], EBX[3:0] counters) PerfCntrGlobalCtl
 *   0xC0000301 gates each counter with its EN (both must be set), PerfCntrGlobalStatus
 *   0xC0000300 (read only) latches overflows, PerfCntrGlobalStatusClr 0xC0000302 and
 *   StatusSet 0xC0000303 clear and set them with 1s;
 * - counters are 48 bits wide and wrap; an MSR of a part that lacks it raises #GP.
 * PERF_CTL: event 7:0 and 35:32, umask 15:8, USR 16, OS 17, edge 18, INT 20, EN 22,
 * INV 23, CntMask 31:24, GuestOnly 40, HostOnly 41; a 1 in any other bit is #GP.
 * IRPERF (0xC00000E9, CPUID 0x80000008 EBX[1]) counts retired instructions while
 * HWCR (0xC0010015) bit 30 IRPerfEn is set. Events the model knows (PPR "Core
 * Performance Monitor Counters"): PMCx0C0 Retired Instructions, PMCx076 Cycles not in
 * Halt, PMCx0C2 Retired Branch Instructions, PMCx0C3 Retired Branch Instructions
 * Mispredicted; each is mapped onto the stimulus the kernels' replay raises for that
 * work (model.h: core codes name it by Intel's architectural event). Other events
 * count nothing here.
 */
#include "model/model_devs.h"

#define LEGACY_CTL 0xC0010000u
#define LEGACY_CTR 0xC0010004u
#define LEGACY_N 4u
#define EXT_CTL 0xC0010200u
#define EXT_N 6u
#define G_STATUS 0xC0000300u
#define G_CTL 0xC0000301u
#define G_CLR 0xC0000302u
#define G_SET 0xC0000303u
#define HWCR 0xC0010015u
#define IRPERF 0xC00000E9u
#define HWCR_IRPERF_EN 30
#define RETIRED 0x00C0u   /* the stimulus of retired instructions (model.h) */
#define WIDTH 48u
#define MAX_N 16u   /* NumPerfCtrCore is 4 bits */

#define SEL_USR 16
#define SEL_OS 17
#define SEL_EDGE 18
#define SEL_EN 22
#define SEL_INV 23
#define SEL_CMASK 24
#define SEL_WRITABLE (0x7FFFFull | 1ull << 20 | 0xFFC00000ull | 0xFull << 32 | 3ull << 40)

static uint64_t bit(unsigned n)
{
	return 1ull << n;
}

static uint64_t low_mask(unsigned n)
{
	return n >= 64 ? ~0ull : bit(n) - 1;
}

void model_core_amd_init(struct model *m)
{
	const struct model_profile *p = m->p;
	uint32_t max_ext = model_cpuid_raw(p, 0x80000000u, 0).eax;
	struct model_amd_geom *g = &m->amd_geom;
	g->ext_core = (model_cpuid_raw(p, 0x80000001u, 0).ecx >> 23) & 1;
	/* PerfMonV2 only where the maximum extended leaf reaches 0x80000022. */
	g->perfmon_v2 = max_ext >= 0x80000022u && (model_cpuid_raw(p, 0x80000022u, 0).eax & 1);
	unsigned n = model_cpuid_raw(p, 0x80000022u, 0).ebx & 0xF;
	g->n_ctr = g->perfmon_v2 ? (n < MAX_N ? n : MAX_N) : g->ext_core ? EXT_N : LEGACY_N;
	g->irperf = max_ext >= 0x80000008u && ((model_cpuid_raw(p, 0x80000008u, 0).ebx >> 1) & 1);
}

static bool ext_core(const struct model *m)
{
	return m->amd_geom.ext_core;
}

static bool perfmon_v2(const struct model *m)
{
	return m->amd_geom.perfmon_v2;
}

static unsigned n_ctr(const struct model *m)
{
	return m->amd_geom.n_ctr;
}

static bool irperf(const struct model *m)
{
	return m->amd_geom.irperf;
}

/* Where counter n's control (ctr false) or count is stored: the extended MSR where there is one. */
static uint32_t home(const struct model *m, unsigned n, bool ctr)
{
	if (ext_core(m))
		return EXT_CTL + 2 * n + ctr;
	return (ctr ? LEGACY_CTR : LEGACY_CTL) + n;
}

/* Counter number and kind of msr; false when it is none of this part's counter registers. */
static bool decode(const struct model *m, uint32_t msr, unsigned *n, bool *ctr)
{
	if (msr >= LEGACY_CTL && msr < LEGACY_CTR + LEGACY_N) {
		*ctr = msr >= LEGACY_CTR;
		*n = msr - (*ctr ? LEGACY_CTR : LEGACY_CTL);
		return true;
	}
	if (!ext_core(m) || msr < EXT_CTL || msr >= EXT_CTL + 2 * n_ctr(m))
		return false;
	*n = (msr - EXT_CTL) / 2;
	*ctr = (msr - EXT_CTL) & 1;
	return true;
}

static bool amd_claims(const struct model *m, uint32_t msr)
{
	unsigned n;
	bool ctr;
	if (decode(m, msr, &n, &ctr))
		return true;
	if (perfmon_v2(m) && msr >= G_STATUS && msr <= G_SET)
		return true;
	return irperf(m) && (msr == IRPERF || msr == HWCR);
}

static unsigned real_width(const struct model *m)
{
	return WIDTH > m->broken.narrow_counters ? WIDTH - m->broken.narrow_counters : 0;
}

static uint64_t ctr_mask(const struct model *m)
{
	return low_mask(real_width(m));
}

static pmu_status amd_write(struct model *m, struct model_regfile *rf, uint32_t msr, uint64_t val)
{
	unsigned n;
	bool ctr;
	if (decode(m, msr, &n, &ctr)) {
		uint64_t ok = ctr ? low_mask(WIDTH) : SEL_WRITABLE;
		if (val & ~ok)
			return PMU_ERR_FAULT_GP;
		if (!ctr)   /* a new selection starts with its condition deasserted */
			rf->scratch[MODEL_SCRATCH_CORE_EDGE] &= ~bit(n);
		return model_poke(rf, home(m, n, ctr), ctr ? val & ctr_mask(m) : val);
	}
	uint64_t counters = low_mask(n_ctr(m));
	uint64_t status = model_peek(rf, G_STATUS);
	switch (msr) {
	case G_CTL:
		return (val & ~counters) ? PMU_ERR_FAULT_GP : model_poke(rf, msr, val);
	case G_CLR:
	case G_SET:
		if (val & ~counters)
			return PMU_ERR_FAULT_GP;
		return model_poke(rf, G_STATUS, msr == G_CLR ? status & ~val : status | val);
	case HWCR:
		return model_poke(rf, msr, val);
	default:
		return PMU_ERR_FAULT_GP;   /* GlobalStatus and IRPERF: read only in the model */
	}
}

static pmu_status amd_read(struct model *m, struct model_regfile *rf, uint32_t msr, uint64_t *val)
{
	unsigned n;
	bool ctr;
	if (decode(m, msr, &n, &ctr))
		*val = model_peek(rf, home(m, n, ctr)) & (ctr ? ctr_mask(m) : ~0ull);
	else if (msr == G_CLR || msr == G_SET)
		*val = 0;
	else
		*val = model_peek(rf, msr);
	return PMU_OK;
}

/* RDPMC ECX = n reads counter n (APM vol. 3, RDPMC); past the counters, #GP. */
static pmu_status amd_rdpmc(struct model *m, struct model_regfile *rf, uint32_t index,
			    uint64_t *val)
{
	if (index >= n_ctr(m))
		return PMU_ERR_FAULT_GP;
	*val = model_peek(rf, home(m, index, true)) & ctr_mask(m);
	return PMU_OK;
}

/* The stimulus (model.h) an AMD event counts: the work it names, as the replay raises it. */
static uint32_t stim_of(uint64_t sel)
{
	static const struct { uint16_t event; uint32_t stim; } map[] = {
		{ 0x0C0, 0x00C0 },   /* Retired Instructions */
		{ 0x076, 0x003C },   /* Cycles not in Halt */
		{ 0x0C2, 0x00C4 },   /* Retired Branch Instructions */
		{ 0x0C3, 0x00C5 },   /* Retired Branch Instructions Mispredicted */
	};
	unsigned event = (unsigned)(sel & 0xFF) | (unsigned)((sel >> 32) & 0xF) << 8;
	if ((sel >> 8) & 0xFF)
		return 0;   /* the model knows these events with unit mask 0 only */
	for (unsigned i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (map[i].event == event)
			return map[i].stim;
	return 0;
}

/* Adds inc at the counter's width; a carry out of it latches the PerfMonV2 status bit. */
static void advance(struct model *m, struct model_regfile *rf, unsigned n, uint64_t inc)
{
	uint32_t msr = home(m, n, true);
	uint64_t mask = ctr_mask(m), old = model_peek(rf, msr) & mask, sum = old + inc;
	if (!inc)
		return;
	if ((sum < old || sum > mask) && perfmon_v2(m))
		(void)model_poke(rf, G_STATUS, model_peek(rf, G_STATUS) | bit(n));
	(void)model_poke(rf, msr, sum & mask);
}

/*
 * One counter for one cycle: USR counts at CPL > 0, OS at CPL 0; EN and, with PerfMonV2,
 * the PerfCntrGlobalCtl bit enable it. CntMask 0 adds the event count; non-zero adds 1
 * when the count is >= CntMask (< with Inv); Edge counts the condition's rising edges.
 */
static void count(struct model *m, struct model_regfile *rf, const struct model_cycle *c,
		  unsigned n)
{
	uint64_t sel = model_peek(rf, home(m, n, false));
	uint64_t *hist = &rf->scratch[MODEL_SCRATCH_CORE_EDGE];
	bool was = (*hist >> n) & 1, cond = false;
	bool en = m->broken.ignore_enable ||
		  (((sel >> SEL_EN) & 1) && (!perfmon_v2(m) || ((model_peek(rf, G_CTL) >> n) & 1)));
	bool ring = (sel >> (c->cpl ? SEL_USR : SEL_OS)) & 1;
	uint32_t stim = stim_of(sel);
	uint64_t inc = 0;
	if (en && ring && stim) {
		uint64_t occ = model_cycle_events(c, stim);
		unsigned cmask = (sel >> SEL_CMASK) & 0xFF;
		cond = cmask ? (((sel >> SEL_INV) & 1) ? occ < cmask : occ >= cmask) : occ > 0;
		inc = cmask ? cond : occ;
	}
	*hist = cond ? *hist | bit(n) : *hist & ~bit(n);
	if ((sel >> SEL_EDGE) & 1)
		inc = cond && !was;
	advance(m, rf, n, inc);
}

static void amd_cycle(struct model *m, struct model_regfile *rf, const struct model_cycle *c)
{
	for (unsigned n = 0; n < n_ctr(m); n++)
		count(m, rf, c, n);
	if (irperf(m) && ((model_peek(rf, HWCR) >> HWCR_IRPERF_EN) & 1))
		(void)model_poke(rf, IRPERF,
				 model_peek(rf, IRPERF) + model_cycle_events(c, RETIRED));
}

const struct model_dev model_dev_amd_core = {
	.name = "amd-core",
	.claims = amd_claims,
	.read = amd_read,
	.write = amd_write,
	.cycle = amd_cycle,
	.rdpmc = amd_rdpmc,
};
