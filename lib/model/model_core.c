/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Reference model of the architectural core PMU (Intel SDM Vol. 3B 18.2, 18.13.2.1).
 * Bit positions are written out here from the seed text, not taken from the
 * tool's layout tables, so the tests can catch errors in those tables.
 */
#include "model/model_devs.h"
#include "hw/msr.h"
#include "util/fmt.h"

/* IA32_PERFEVTSELx bits (Intel SDM Vol. 3B 18.2, 18.2.1.1). */
#define SEL_CODE_MASK 0xffffu     /* event select | umask << 8 */
#define SEL_USR       16
#define SEL_OS        17
#define SEL_EDGE      18
#define SEL_ANY       21
#define SEL_EQ        36                /* SDM vol. 3B: where CPUID.23H.0:EBX[1] says so */
#define SEL_UMASK2    (0xFFull << 40)   /* where CPUID.23H.0:EBX[0] says so */
#define SEL_RDPMC_UD  37                /* where EBX[2] says so (Linux 59af95e028d4) */
#define SEL_INT       20
#define SEL_EN        22
#define SEL_INV       23
#define SEL_CMASK     24

/* IA32_FIXED_CTR_CTRL nibble (Intel SDM Vol. 3B 18.13.2.1, figure 18-14). */
#define FIX_EN_OS   0x1u
#define FIX_EN_USR  0x2u
#define FIX_ANY     0x4u
#define FIX_PMI     0x8u

/* GLOBAL_STATUS bits OVF_CTRL may clear besides the counters' (Intel SDM Vol. 3B 18.13.2.1). */
#define OVF_UNCORE_BIT  61   /* v3+ (NHM onward) */
#define OVF_BUF_BIT     62
#define OVF_CONDCHG_BIT 63

#define FIXED_BASE 32        /* GLOBAL_CTRL/STATUS bit of FIXED_CTR0 */
#define MAX_GP 32            /* GLOBAL_CTRL has room for 32 GP counters */
#define MAX_FIXED 16         /* 16 nibbles fill FIXED_CTR_CTRL */
#define ANY_DEPRECATED_BIT 15   /* CPUID.0AH:EDX[15]: no AnyThread (Intel SDM Vol. 3B 18.2) */
/*
 * v4+ (Intel SDM Vol. 3B 18.13.2.1): GLOBAL_STATUS freeze bits; counting stops while CTR_Frz is
 * set.
 */
#define LBR_FRZ_BIT 58
#define CTR_FRZ_BIT 59
#define METRICS_BIT 48       /* GLOBAL_CTRL EN_PERF_METRICS, GLOBAL_STATUS its overflow */
#define RDPMC_FIXED_BIT 30

/* What FIXED_CTRi counts, as the architectural event it equals (Intel SDM Vol. 3B table 18-1). */
static const uint32_t fixed_code[] = {
	0x00C0,   /* FIXED_CTR0: Instructions Retired */
	0x003C,   /* FIXED_CTR1: UnHalted Core Cycles */
	0x013C,   /* FIXED_CTR2: UnHalted Reference Cycles */
	0x003C,   /* FIXED_CTR3: TOPDOWN.SLOTS, the width times the unhalted cycles */
};
#define N_FIXED_CODES (sizeof(fixed_code) / sizeof(fixed_code[0]))

static uint32_t mask32(unsigned n)
{
	return n >= 32 ? 0xFFFFFFFFu : (1u << n) - 1;
}

/* The counters of a kind of core (model_cpu_kind) from its leaves and the profile. */
static struct model_core_geom geom_compute(const struct model *m, unsigned kind)
{
	struct pmu_cpuid a = m->leaf_0a[kind];
	struct model_core_geom g = { 0, 0, 0, 0, 0, false, false, false, false, false };
	g.version = a.eax & 0xff;
	g.gp_mask = mask32((a.eax >> 8) & 0xff) & mask32(MAX_GP);
	g.gp_width = (a.eax >> 16) & 0xff;
	if (g.version > 1) {
		g.fixed_mask = mask32(a.edx & 0x1f) | (g.version >= 5 ? a.ecx : 0);
		g.fixed_mask &= mask32(MAX_FIXED);
		g.fixed_width = (a.edx >> 5) & 0xff;
	}
	g.anythread = g.version >= 3 && !((a.edx >> ANY_DEPRECATED_BIT) & 1);
	/*
	 * SDM vol. 2A, leaf 23H: subleaf 0 EAX[1] says subleaf 1 lists the counters, EAX the GP
	 * and EBX the fixed ones (bitmaps); subleaf 0 EBX[0] UMASK2, EBX[1] EQ.
	 */
	const struct pmu_cpuid *x = m->leaf_23[kind];
	if (g.version >= 5 && ((x[0].eax >> 1) & 1)) {
		g.gp_mask = x[1].eax;
		g.fixed_mask = x[1].ebx & mask32(MAX_FIXED);
	}
	g.umask2 = x[0].ebx & 1;
	g.eq = (x[0].ebx >> 1) & 1;
	g.rdpmc_ud = (x[0].ebx >> 2) & 1;
	if (!kind && m->p->pcore_gp_mask) {
		g.gp_mask = m->p->pcore_gp_mask;
		g.fixed_mask = m->p->pcore_fixed_mask;
	}
	g.perf_metrics = ((m->p->perf_cap >> PERF_CAP_PERF_METRICS_BIT) & 1) &&
			 ((g.fixed_mask >> FIXED_SLOTS) & 1);
	return g;
}

void model_core_geom_init(struct model *m)
{
	for (unsigned k = 0; k < MODEL_CORE_KINDS; k++)
		m->core_geom[k] = geom_compute(m, k);
}

/* A CPU's counters as model_init worked them out: the core asks at every access and cycle. */
static const struct model_core_geom *geom_of(const struct model *m, unsigned cpu)
{
	return &m->core_geom[model_cpu_kind(m, cpu)];
}

unsigned model_pmu_version(const struct model *m)
{
	return geom_of(m, 0)->version;
}

static unsigned cpu_of(const struct model *m, const struct model_regfile *rf)
{
	return (unsigned)(rf - m->thread);
}

/* msr is counter i of a mask's (base + i, i a bit of mask). */
static bool in_mask(uint32_t msr, uint32_t base, uint32_t mask)
{
	return msr >= base && msr < base + 32 && ((mask >> (msr - base)) & 1);
}

static uint64_t bit(unsigned n)
{
	return 1ull << n;
}

static uint64_t low_mask(unsigned nbits)
{
	return nbits >= 64 ? ~0ull : bit(nbits) - 1;
}

static unsigned min_u(unsigned a, unsigned b)
{
	return a < b ? a : b;
}

/* Width CPUID declares for a GP or fixed counter. */
static unsigned cpuid_width(const struct model_core_geom *g, bool fixed)
{
	return min_u(fixed ? g->fixed_width : g->gp_width, 64);
}

/* Width the counter really has: CPUID's, less the narrow_counters defect. */
static unsigned real_width(const struct model *m, const struct model_core_geom *g, bool fixed)
{
	unsigned w = cpuid_width(g, fixed);
	return w > m->broken.narrow_counters ? w - m->broken.narrow_counters : 0;
}

static uint32_t counter_msr(bool fixed, unsigned i)
{
	return fixed ? MSR_IA32_FIXED_CTR0 + i : MSR_IA32_PMC0 + i;
}

static uint64_t counter_get(const struct model *m, const struct model_core_geom *g,
			    const struct model_regfile *rf, bool fixed, unsigned i)
{
	return model_peek(rf, counter_msr(fixed, i)) & low_mask(real_width(m, g, fixed));
}

/* A counter keeps only the bits it has: a value wider than that is silently cut. */
static pmu_status counter_set(const struct model *m, const struct model_core_geom *g,
			      struct model_regfile *rf, bool fixed, unsigned i, uint64_t val)
{
	return model_poke(rf, counter_msr(fixed, i), val & low_mask(real_width(m, g, fixed)));
}

/* Bits of GLOBAL_CTRL / GLOBAL_STATUS that name an existing counter (and PERF_METRICS). */
static uint64_t counter_bits(const struct model_core_geom *g)
{
	return g->gp_mask | (uint64_t)g->fixed_mask << FIXED_BASE |
	       (g->perf_metrics ? bit(METRICS_BIT) : 0);
}

static uint64_t evtsel_writable(const struct model_core_geom *g)
{
	uint64_t all = low_mask(32) | (g->eq ? bit(SEL_EQ) : 0) | (g->umask2 ? SEL_UMASK2 : 0) |
		       (g->rdpmc_ud ? bit(SEL_RDPMC_UD) : 0);
	return g->anythread ? all : all & ~bit(SEL_ANY);
}

static uint64_t fixed_ctrl_writable(const struct model_core_geom *g)
{
	uint64_t nib = FIX_EN_OS | FIX_EN_USR | FIX_PMI | (g->anythread ? FIX_ANY : 0);
	uint64_t w = 0;
	for (unsigned i = 0; i < MAX_FIXED; i++)
		if ((g->fixed_mask >> i) & 1)
			w |= nib << (4 * i);
	return w;
}

/* What OVF_CTRL (v4: STATUS_RESET) clears and, v4, STATUS_SET sets (no CondChgd). */
static uint64_t ovf_ctrl_writable(const struct model_core_geom *g)
{
	uint64_t w = counter_bits(g) | bit(OVF_BUF_BIT) | bit(OVF_CONDCHG_BIT);
	if (g->version >= 3)
		w |= bit(OVF_UNCORE_BIT);
	if (g->version >= 4)
		w |= bit(LBR_FRZ_BIT) | bit(CTR_FRZ_BIT);
	return w;
}

/*
 * Architectural PerfMon v6 (CPUID.0AH:EAX[7:0] 6; Linux "perf/x86/intel: Support Perfmon
 * MSRs aliasing" 149fd4712bcd, msr-index.h MSR_IA32_PMC_V6_*): GP counter n also at
 * 0x1900 + 4n, its event select ("config A") at 0x1901 + 4n, fixed counter i at
 * 0x1980 + 4i. One counter, either number: the legacy MSR msr names (its state is kept
 * there), 0 where msr is no alias of a counter this core has.
 */
#define V6_GP_CTR  0x1900u
#define V6_FX_CTR  0x1980u
#define V6_STEP    4u
#define V6_CFG_A   1u        /* the select's offset from its counter */

static uint32_t v6_legacy(const struct model_core_geom *g, uint32_t msr)
{
	if (g->version < 6)
		return 0;
	if (msr >= V6_GP_CTR && msr < V6_GP_CTR + V6_STEP * MAX_GP) {
		unsigned n = (msr - V6_GP_CTR) / V6_STEP, k = (msr - V6_GP_CTR) % V6_STEP;
		if (!((g->gp_mask >> n) & 1) || k > V6_CFG_A)
			return 0;   /* config B and C (auto counter reload) are not modelled */
		return k == V6_CFG_A ? MSR_IA32_PERFEVTSEL0 + n : MSR_IA32_PMC0 + n;
	}
	if (msr >= V6_FX_CTR && msr < V6_FX_CTR + V6_STEP * MAX_FIXED && !(msr % V6_STEP)) {
		unsigned i = (msr - V6_FX_CTR) / V6_STEP;
		return (g->fixed_mask >> i) & 1 ? MSR_IA32_FIXED_CTR0 + i : 0;
	}
	return 0;
}

static bool claims_on(const struct model_core_geom *g, bool fw, uint32_t msr)
{
	if (!g->version)
		return false;
	if (v6_legacy(g, msr))
		return true;
	if (in_mask(msr, MSR_IA32_PMC0, g->gp_mask) ||
	    in_mask(msr, MSR_IA32_PERFEVTSEL0, g->gp_mask))
		return true;
	if (fw && in_mask(msr, MSR_IA32_A_PMC0, g->gp_mask))
		return true;
	if (g->version < 2)
		return false;
	if (g->version >= 4 && (msr == MSR_IA32_PERF_GLOBAL_STATUS_SET ||
				msr == MSR_IA32_PERF_GLOBAL_INUSE))
		return true;
	if (g->perf_metrics && msr == MSR_IA32_PERF_METRICS)
		return true;
	return in_mask(msr, MSR_IA32_FIXED_CTR0, g->fixed_mask) || msr == MSR_IA32_FIXED_CTR_CTRL ||
	       msr == MSR_IA32_PERF_GLOBAL_STATUS || msr == MSR_IA32_PERF_GLOBAL_CTRL ||
	       msr == MSR_IA32_PERF_GLOBAL_OVF_CTRL;
}

static bool fw_write(const struct model *m)
{
	return (m->p->perf_cap >> PERF_CAP_FW_WRITE_BIT) & 1;
}

/* Any kind of core's: a hybrid's E-cores have what its P-cores lack, or the reverse. */
static bool core_claims(const struct model *m, uint32_t msr)
{
	for (unsigned k = 0; k < MODEL_CORE_KINDS; k++)
		if (claims_on(&m->core_geom[k], fw_write(m), msr))
			return true;
	return false;
}

/* Stores val if it sets no bit outside writable; #GP and nothing stored otherwise. */
static pmu_status store_checked(struct model_regfile *rf, uint32_t msr, uint64_t val,
				uint64_t writable)
{
	return (val & ~writable) ? PMU_ERR_FAULT_GP : model_poke(rf, msr, val);
}

/*
 * IA32_PERF_METRICS (SDM vol. 3B 21.3.9.3): level-1 top-down fractions of the slots
 * FIXED_CTR3 counted while GLOBAL_CTRL bit 48 was set, each in 1/0xFF units: retiring
 * 7:0, bad speculation 15:8, front-end bound 23:16, back-end bound 31:24 (the level-2
 * bytes 63:32 of later parts stay 0 here). A write stores the value and starts the
 * fractions afresh. How a cycle's slots split is the model's choice (simulated): one
 * slot per instruction retired, a mispredicted branch loses the cycle's other slots,
 * the rest wait on the back end; nothing is front-end bound.
 */
#define TD_N 4

static uint64_t *td_acc(struct model_regfile *rf)
{
	return &rf->scratch[MODEL_SCRATCH_CORE_TOPDOWN];
}

static uint64_t metrics_read(struct model_regfile *rf)
{
	const uint64_t *acc = td_acc(rf);
	uint64_t sum = 0, v = 0;
	for (unsigned k = 0; k < TD_N; k++)
		sum += acc[k];
	if (!sum)
		return model_peek(rf, MSR_IA32_PERF_METRICS);
	for (unsigned k = 0; k < TD_N; k++)
		v |= (acc[k] * 0xFF / sum) << (8 * k);
	return v;
}

static void metrics_count(struct model_regfile *rf, const struct model_cycle *c, uint64_t slots)
{
	uint64_t *acc = td_acc(rf);
	uint64_t ret = model_cycle_events(c, 0x00C0), misp = model_cycle_events(c, 0x00C5);
	ret = ret < slots ? ret : slots;
	uint64_t bad = misp ? slots - ret : 0;
	acc[0] += ret;
	acc[1] += bad;
	acc[3] += slots - ret - bad;
}

/*
 * IA32_PERF_GLOBAL_INUSE (v4+, read only; SDM vol. 3B 20.2.4.3): bit n PERFEVTSELn's
 * event select is not 0, bit 32+i FIXED_CTRi's enables are not 0, bit 63 a PMI is
 * asked for (an INT or PMI bit set).
 */
static uint64_t inuse_read(const struct model_core_geom *g, const struct model_regfile *rf)
{
	uint64_t v = 0, fc = model_peek(rf, MSR_IA32_FIXED_CTR_CTRL);
	for (unsigned n = 0; n < MAX_GP; n++) {
		uint64_t sel = model_peek(rf, MSR_IA32_PERFEVTSEL0 + n);
		if (!((g->gp_mask >> n) & 1))
			continue;
		v |= (sel & 0xff) ? bit(n) : 0;
		v |= ((sel >> SEL_INT) & 1) ? bit(63) : 0;
	}
	for (unsigned i = 0; i < MAX_FIXED; i++) {
		if (!((g->fixed_mask >> i) & 1))
			continue;
		v |= ((fc >> (4 * i)) & 3) ? bit(FIXED_BASE + i) : 0;
		v |= ((fc >> (4 * i)) & FIX_PMI) ? bit(63) : 0;
	}
	return v;
}

static pmu_status core_write(struct model *m, struct model_regfile *rf, uint32_t msr, uint64_t val)
{
	const struct model_core_geom *g = geom_of(m, cpu_of(m, rf));
	if (!claims_on(g, fw_write(m), msr))
		return PMU_ERR_FAULT_GP;   /* the other core type's counter */
	/*
	 * A v6 alias writes its counter: at full width where PERF_CAPABILITIES[13] says
	 * counters take it (Linux writes full-width periods there), else as the legacy PMC.
	 */
	uint32_t legacy = v6_legacy(g, msr);
	if (legacy && fw_write(m) && in_mask(legacy, MSR_IA32_PMC0, g->gp_mask))
		msr = legacy - MSR_IA32_PMC0 + MSR_IA32_A_PMC0;
	else if (legacy)
		msr = legacy;
	if (in_mask(msr, MSR_IA32_PERFEVTSEL0, g->gp_mask)) {
		/*
		 * A new selection starts with the condition deasserted: its first assertion is an
		 * edge.
		 */
		pmu_status st = store_checked(rf, msr, val, evtsel_writable(g));
		if (!st)
			rf->scratch[MODEL_SCRATCH_CORE_EDGE] &= ~bit(msr - MSR_IA32_PERFEVTSEL0);
		return st;
	}
	if (in_mask(msr, MSR_IA32_PMC0, g->gp_mask)) {
		/*
		 * Legacy write: the low 32 bits, sign-extended from bit 31 (Intel SDM Vol. 4 table
		 * 2-2).
		 */
		uint64_t v = val & low_mask(32);
		if (v & bit(31))
			v |= ~low_mask(32);
		return counter_set(m, g, rf, false, msr - MSR_IA32_PMC0, v);
	}
	if (in_mask(msr, MSR_IA32_A_PMC0, g->gp_mask)) {
		/* Full-width alias: bits beyond the CPUID width must be 0. */
		if (val & ~low_mask(cpuid_width(g, false)))
			return PMU_ERR_FAULT_GP;
		return counter_set(m, g, rf, false, msr - MSR_IA32_A_PMC0, val);
	}
	if (in_mask(msr, MSR_IA32_FIXED_CTR0, g->fixed_mask)) {
		/*
		 * Intel SDM Vol. 3B 18.13.2.1: bits beyond the fixed width are reserved, written as
		 * zeros.
		 */
		if (val & ~low_mask(cpuid_width(g, true)))
			return PMU_ERR_FAULT_GP;
		return counter_set(m, g, rf, true, msr - MSR_IA32_FIXED_CTR0, val);
	}
	uint64_t status = model_peek(rf, MSR_IA32_PERF_GLOBAL_STATUS);
	switch (msr) {
	case MSR_IA32_FIXED_CTR_CTRL:
		return store_checked(rf, msr, val, fixed_ctrl_writable(g));
	case MSR_IA32_PERF_GLOBAL_CTRL:
		return store_checked(rf, msr, val, counter_bits(g));
	case MSR_IA32_PERF_GLOBAL_OVF_CTRL:
		if (val & ~ovf_ctrl_writable(g))
			return PMU_ERR_FAULT_GP;
		return model_poke(rf, MSR_IA32_PERF_GLOBAL_STATUS, status & ~val);
	case MSR_IA32_PERF_GLOBAL_STATUS_SET:
		if (val & ~(ovf_ctrl_writable(g) & ~bit(OVF_CONDCHG_BIT)))
			return PMU_ERR_FAULT_GP;
		return model_poke(rf, MSR_IA32_PERF_GLOBAL_STATUS, status | val);
	case MSR_IA32_PERF_METRICS:
		pmu_memset(td_acc(rf), 0, TD_N * sizeof(uint64_t));
		return model_poke(rf, msr, val);
	default:
		return PMU_ERR_FAULT_GP;   /* GLOBAL_STATUS and GLOBAL_INUSE are read-only */
	}
}

static pmu_status core_read(struct model *m, struct model_regfile *rf, uint32_t msr, uint64_t *val)
{
	const struct model_core_geom *g = geom_of(m, cpu_of(m, rf));
	if (!claims_on(g, fw_write(m), msr))
		return PMU_ERR_FAULT_GP;
	if (v6_legacy(g, msr))
		msr = v6_legacy(g, msr);
	if (in_mask(msr, MSR_IA32_PMC0, g->gp_mask))
		*val = counter_get(m, g, rf, false, msr - MSR_IA32_PMC0);
	else if (in_mask(msr, MSR_IA32_A_PMC0, g->gp_mask))
		*val = counter_get(m, g, rf, false, msr - MSR_IA32_A_PMC0);
	else if (in_mask(msr, MSR_IA32_FIXED_CTR0, g->fixed_mask))
		*val = counter_get(m, g, rf, true, msr - MSR_IA32_FIXED_CTR0);
	else if (msr == MSR_IA32_PERF_GLOBAL_OVF_CTRL || msr == MSR_IA32_PERF_GLOBAL_STATUS_SET)
		*val = 0;   /* write-1-to-clear / to-set: nothing to read back */
	else if (msr == MSR_IA32_PERF_GLOBAL_INUSE)
		*val = inuse_read(g, rf);
	else if (msr == MSR_IA32_PERF_METRICS)
		*val = metrics_read(rf);
	else
		*val = model_peek(rf, msr);
	return PMU_OK;
}

/* Index bit 30 selects the fixed counters; any other high bit or a counter not there is #GP. */
static pmu_status core_rdpmc(struct model *m, struct model_regfile *rf, uint32_t index,
			     uint64_t *val)
{
	const struct model_core_geom *g = geom_of(m, cpu_of(m, rf));
	bool fixed = (index >> RDPMC_FIXED_BIT) & 1;
	uint32_t i = index & ~(uint32_t)bit(RDPMC_FIXED_BIT);
	if (!g->version || i >= 32 || !(((fixed ? g->fixed_mask : g->gp_mask) >> i) & 1))
		return PMU_ERR_FAULT_GP;
	*val = counter_get(m, g, rf, fixed, i);
	return PMU_OK;
}

/* Adds inc at the counter's real width; a carry out of it sets the GLOBAL_STATUS bit. */
static void advance(struct model *m, const struct model_core_geom *g, struct model_regfile *rf,
		    bool fixed, unsigned i, uint64_t inc)
{
	if (!inc)
		return;
	uint64_t mask = low_mask(real_width(m, g, fixed));
	uint64_t old = counter_get(m, g, rf, fixed, i), sum = old + inc;
	/* The pokes cannot fail: the thread file has room for many times the core's registers. */
	if (sum < old || sum > mask) {
		uint64_t st = model_peek(rf, MSR_IA32_PERF_GLOBAL_STATUS);
		(void)model_poke(rf, MSR_IA32_PERF_GLOBAL_STATUS,
				 st | bit(fixed ? FIXED_BASE + i : i));
	}
	(void)counter_set(m, g, rf, fixed, i, sum);
}

static bool global_enabled(const struct model *m, const struct model_core_geom *g,
			   const struct model_regfile *rf, unsigned b)
{
	if (m->broken.ignore_enable || g->version < 2)
		return true;
	return (model_peek(rf, MSR_IA32_PERF_GLOBAL_CTRL) >> b) & 1;
}

/* Whether GP counter n, selection sel, counts in a cycle at cpl: its enables and ring. */
static bool gp_counting(const struct model *m, const struct model_core_geom *g,
			const struct model_regfile *rf,
			uint64_t sel, unsigned n, uint8_t cpl)
{
	bool en = m->broken.ignore_enable || ((sel >> SEL_EN) & 1);
	bool ring = (sel >> (cpl ? SEL_USR : SEL_OS)) & 1;
	return en && global_enabled(m, g, rf, n) && ring;
}

/*
 * One GP counter for one cycle, per Intel SDM Vol. 3B 18.2:
 * - USR counts at CPL > 0, OS at CPL 0; EN enables (and, v2+, the GLOBAL_CTRL bit).
 * - CMASK = 0: "the counter is incremented each cycle by the event count", INV is ignored.
 * - CMASK != 0: "If the event count is greater than or equal to this mask, the counter is
 *   incremented by one"; INV inverts that to "less than".
 * - E: "counts the number of deasserted to asserted transitions for any condition that can be
 *   expressed by the other fields". The condition is the CMASK/INV comparison (CMASK = 0:
 *   count > 0) qualified by the ring and the enables, so a cycle in a ring not counted, or
 *   while disabled, deasserts it. Last cycle's condition is kept per counter in scratch.
 */
static void count_gp(struct model *m, const struct model_core_geom *g, struct model_regfile *rf,
		     const struct model_cycle *c, unsigned n)
{
	uint64_t sel = model_peek(rf, MSR_IA32_PERFEVTSEL0 + n);
	uint64_t *hist = &rf->scratch[MODEL_SCRATCH_CORE_EDGE];
	bool was = (*hist >> n) & 1, cond = false;
	uint64_t inc = 0;

	if (gp_counting(m, g, rf, sel, n, c->cpl)) {
		uint64_t occ = model_cycle_events(c, (uint32_t)(sel & SEL_CODE_MASK));
		unsigned cmask = (sel >> SEL_CMASK) & 0xff;
		if (!cmask) {
			cond = occ > 0;
			inc = occ;
		} else {
			cond = ((sel >> SEL_INV) & 1) ? occ < cmask : occ >= cmask;
			inc = cond;
		}
	}
	*hist = cond ? *hist | bit(n) : *hist & ~bit(n);
	if ((sel >> SEL_EDGE) & 1)
		inc = cond && !was;
	advance(m, g, rf, false, n, inc);
}

/*
 * FIXED_CTRi counts its architectural event when its nibble's enable takes the ring
 * (1 OS, 2 user, 3 all) and GLOBAL_CTRL bit 32+i is set. With ignore_enable a nibble
 * of 0 ("off") counts in every ring; the ring choice of a non-zero nibble still holds.
 * FIXED_CTR3 counts TOPDOWN.SLOTS: the profile's width per unhalted cycle (
 * Intel SDM Vol. 4 table 2-2), and with GLOBAL_CTRL bit 48 PERF_METRICS splits them.
 */
static void count_fixed(struct model *m, const struct model_core_geom *g,
			struct model_regfile *rf, const struct model_cycle *c, unsigned i)
{
	unsigned en = (model_peek(rf, MSR_IA32_FIXED_CTR_CTRL) >> (4 * i)) & 3;
	if (!en && m->broken.ignore_enable)
		en = FIX_EN_OS | FIX_EN_USR;
	if (!(en & (c->cpl ? FIX_EN_USR : FIX_EN_OS)) || !global_enabled(m, g, rf, FIXED_BASE + i))
		return;
	uint64_t n = model_cycle_events(c, fixed_code[i]);
	if (i == FIXED_SLOTS) {
		n *= m->p->slots;
		if (g->perf_metrics && global_enabled(m, g, rf, METRICS_BIT))
			metrics_count(rf, c, n);
	}
	advance(m, g, rf, true, i, n);
}

static void core_cycle(struct model *m, struct model_regfile *rf, const struct model_cycle *c)
{
	const struct model_core_geom *g = geom_of(m, cpu_of(m, rf));
	if (!g->version)
		return;
	/* v4+: nothing counts while firmware (or a PMI) left CTR_Frz set. */
	if (g->version >= 4 && ((model_peek(rf, MSR_IA32_PERF_GLOBAL_STATUS) >> CTR_FRZ_BIT) & 1))
		return;
	for (unsigned n = 0; n < MAX_GP; n++)
		if ((g->gp_mask >> n) & 1)
			count_gp(m, g, rf, c, n);
	/* Fixed counters past TOPDOWN.SLOTS (FIXED_CTR4-6) have no event here. */
	for (unsigned i = 0; i < N_FIXED_CODES; i++)
		if ((g->fixed_mask >> i) & 1)
			count_fixed(m, g, rf, c, i);
}

/*
 * n cycles at once (struct model_dev.cycles): a counter without CMASK or E adds the
 * events it sees, so n cycles add their sum; a counting one with either is refused, and
 * so is PERF_METRICS counting (a cycle's mispredict decides that cycle's lost slots).
 * The cycles are stimuli here, so the core has no clock of its own to move by n.
 */
static bool core_cycles(struct model *m, struct model_regfile *rf, const struct model_cycle *sum,
			uint64_t n)
{
	(void)n;
	const struct model_core_geom *g = geom_of(m, cpu_of(m, rf));
	for (unsigned i = 0; g->version && i < MAX_GP; i++) {
		uint64_t sel = model_peek(rf, MSR_IA32_PERFEVTSEL0 + i);
		bool shaped = ((sel >> SEL_CMASK) & 0xff) || ((sel >> SEL_EDGE) & 1);
		if (((g->gp_mask >> i) & 1) && shaped && gp_counting(m, g, rf, sel, i, sum->cpl))
			return false;
	}
	if (g->perf_metrics && global_enabled(m, g, rf, METRICS_BIT))
		return false;
	core_cycle(m, rf, sum);
	return true;
}

const struct model_dev model_dev_core = {
	.name = "core",
	.claims = core_claims,
	.read = core_read,
	.write = core_write,
	.cycle = core_cycle,
	.cycles = core_cycles,
	.rdpmc = core_rdpmc,
};
