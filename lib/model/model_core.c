/*
 * Reference model of the architectural core PMU (seeds 003, 004; REGISTERS.md §1).
 * Bit positions are written out here from the seed text, not taken from the
 * tool's layout tables, so the tests can catch errors in those tables.
 */
#include "model/model_devs.h"
#include "hw/msr.h"

/* IA32_PERFEVTSELx bits (seed 003, REGISTERS.md §1.3). */
#define SEL_CODE_MASK 0xffffu     /* event select | umask << 8 */
#define SEL_USR       16
#define SEL_OS        17
#define SEL_EDGE      18
#define SEL_ANY       21
#define SEL_EN        22
#define SEL_INV       23
#define SEL_CMASK     24

/* IA32_FIXED_CTR_CTRL nibble (seed 004 figure 18-14, REGISTERS.md §1.4). */
#define FIX_EN_OS   0x1u
#define FIX_EN_USR  0x2u
#define FIX_ANY     0x4u
#define FIX_PMI     0x8u

/* GLOBAL_STATUS bits OVF_CTRL may clear besides the counters' (REGISTERS.md §1.5). */
#define OVF_UNCORE_BIT  61   /* v3+ (NHM onward) */
#define OVF_BUF_BIT     62
#define OVF_CONDCHG_BIT 63

#define FIXED_BASE 32        /* GLOBAL_CTRL/STATUS bit of FIXED_CTR0 */
#define MAX_GP 32            /* GLOBAL_CTRL has room for 32 GP counters */
#define RDPMC_FIXED_BIT 30

/* What FIXED_CTRi counts, as the architectural event it equals (REGISTERS.md §1.7). */
static const uint32_t fixed_code[] = {
	0x00C0,   /* FIXED_CTR0: Instructions Retired */
	0x003C,   /* FIXED_CTR1: UnHalted Core Cycles */
	0x013C,   /* FIXED_CTR2: UnHalted Reference Cycles */
};
#define N_FIXED_CODES (sizeof(fixed_code) / sizeof(fixed_code[0]))

/* CPUID.0AH of the profile (seed 004, REGISTERS.md §1.1), as model_init kept it. */
static struct pmu_cpuid leaf_0a(const struct model *m)
{
	return m->leaf_0a;
}

unsigned model_pmu_version(const struct model *m)
{
	return leaf_0a(m).eax & 0xff;
}

unsigned model_n_gp(const struct model *m)
{
	return (leaf_0a(m).eax >> 8) & 0xff;
}

unsigned model_gp_width(const struct model *m)
{
	return (leaf_0a(m).eax >> 16) & 0xff;
}

unsigned model_n_fixed(const struct model *m)
{
	return model_pmu_version(m) > 1 ? (leaf_0a(m).edx & 0x1f) : 0;
}

unsigned model_fixed_width(const struct model *m)
{
	return model_pmu_version(m) > 1 ? ((leaf_0a(m).edx >> 5) & 0xff) : 0;
}

static bool in_range(uint32_t msr, uint32_t base, unsigned n)
{
	return msr >= base && msr < base + n;
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

static unsigned n_gp(const struct model *m)
{
	return min_u(model_n_gp(m), MAX_GP);
}

static unsigned n_fixed(const struct model *m)
{
	return min_u(model_n_fixed(m), 16);   /* 16 nibbles fill FIXED_CTR_CTRL */
}

/* Width CPUID declares for a GP or fixed counter. */
static unsigned cpuid_width(const struct model *m, bool fixed)
{
	return min_u(fixed ? model_fixed_width(m) : model_gp_width(m), 64);
}

/* Width the counter really has: CPUID's, less the narrow_counters defect. */
static unsigned real_width(const struct model *m, bool fixed)
{
	unsigned w = cpuid_width(m, fixed);
	return w > m->broken.narrow_counters ? w - m->broken.narrow_counters : 0;
}

static uint32_t counter_msr(bool fixed, unsigned i)
{
	return fixed ? MSR_IA32_FIXED_CTR0 + i : MSR_IA32_PMC0 + i;
}

static uint64_t counter_get(const struct model *m, const struct model_regfile *rf, bool fixed,
			    unsigned i)
{
	return model_peek(rf, counter_msr(fixed, i)) & low_mask(real_width(m, fixed));
}

/* A counter keeps only the bits it has: a value wider than that is silently cut. */
static pmu_status counter_set(const struct model *m, struct model_regfile *rf, bool fixed,
			      unsigned i, uint64_t val)
{
	return model_poke(rf, counter_msr(fixed, i), val & low_mask(real_width(m, fixed)));
}

/* Bits of GLOBAL_CTRL / GLOBAL_STATUS that name an existing counter. */
static uint64_t counter_bits(const struct model *m)
{
	return low_mask(n_gp(m)) | low_mask(n_fixed(m)) << FIXED_BASE;
}

static uint64_t evtsel_writable(const struct model *m)
{
	uint64_t all = low_mask(32);
	return model_pmu_version(m) >= 3 ? all : all & ~bit(SEL_ANY);
}

static uint64_t fixed_ctrl_writable(const struct model *m)
{
	uint64_t nib = FIX_EN_OS | FIX_EN_USR | FIX_PMI | (model_pmu_version(m) >= 3 ? FIX_ANY : 0);
	uint64_t w = 0;
	for (unsigned i = 0; i < n_fixed(m); i++)
		w |= nib << (4 * i);
	return w;
}

static uint64_t ovf_ctrl_writable(const struct model *m)
{
	uint64_t w = counter_bits(m) | bit(OVF_BUF_BIT) | bit(OVF_CONDCHG_BIT);
	return model_pmu_version(m) >= 3 ? w | bit(OVF_UNCORE_BIT) : w;
}

static bool core_claims(const struct model *m, uint32_t msr)
{
	unsigned ngp = model_n_gp(m), nfix = model_n_fixed(m);
	bool fw = (m->p->perf_cap >> PERF_CAP_FW_WRITE_BIT) & 1;
	if (!model_pmu_version(m))
		return false;
	if (in_range(msr, MSR_IA32_PMC0, ngp) || in_range(msr, MSR_IA32_PERFEVTSEL0, ngp))
		return true;
	if (fw && in_range(msr, MSR_IA32_A_PMC0, ngp))
		return true;
	if (model_pmu_version(m) < 2)
		return false;
	return in_range(msr, MSR_IA32_FIXED_CTR0, nfix) || msr == MSR_IA32_FIXED_CTR_CTRL ||
	       msr == MSR_IA32_PERF_GLOBAL_STATUS || msr == MSR_IA32_PERF_GLOBAL_CTRL ||
	       msr == MSR_IA32_PERF_GLOBAL_OVF_CTRL;
}

/* Stores val if it sets no bit outside writable; #GP and nothing stored otherwise. */
static pmu_status store_checked(struct model_regfile *rf, uint32_t msr, uint64_t val,
				uint64_t writable)
{
	return (val & ~writable) ? PMU_ERR_FAULT_GP : model_poke(rf, msr, val);
}

static pmu_status core_write(struct model *m, struct model_regfile *rf, uint32_t msr, uint64_t val)
{
	if (in_range(msr, MSR_IA32_PERFEVTSEL0, model_n_gp(m))) {
		/* A new selection starts with the condition deasserted: its first assertion is an edge. */
		pmu_status st = store_checked(rf, msr, val, evtsel_writable(m));
		if (!st)
			rf->scratch[MODEL_SCRATCH_CORE_EDGE] &= ~bit(msr - MSR_IA32_PERFEVTSEL0);
		return st;
	}
	if (in_range(msr, MSR_IA32_PMC0, model_n_gp(m))) {
		/* Legacy write: the low 32 bits, sign-extended from bit 31 (REGISTERS.md §1.2). */
		uint64_t v = val & low_mask(32);
		if (v & bit(31))
			v |= ~low_mask(32);
		return counter_set(m, rf, false, msr - MSR_IA32_PMC0, v);
	}
	if (in_range(msr, MSR_IA32_A_PMC0, model_n_gp(m))) {
		/* Full-width alias: bits beyond the CPUID width must be 0. */
		if (val & ~low_mask(cpuid_width(m, false)))
			return PMU_ERR_FAULT_GP;
		return counter_set(m, rf, false, msr - MSR_IA32_A_PMC0, val);
	}
	if (in_range(msr, MSR_IA32_FIXED_CTR0, model_n_fixed(m))) {
		/* Seed 004: bits beyond the fixed width are reserved, written as zeros. */
		if (val & ~low_mask(cpuid_width(m, true)))
			return PMU_ERR_FAULT_GP;
		return counter_set(m, rf, true, msr - MSR_IA32_FIXED_CTR0, val);
	}
	switch (msr) {
	case MSR_IA32_FIXED_CTR_CTRL:
		return store_checked(rf, msr, val, fixed_ctrl_writable(m));
	case MSR_IA32_PERF_GLOBAL_CTRL:
		return store_checked(rf, msr, val, counter_bits(m));
	case MSR_IA32_PERF_GLOBAL_OVF_CTRL:
		if (val & ~ovf_ctrl_writable(m))
			return PMU_ERR_FAULT_GP;
		return model_poke(rf, MSR_IA32_PERF_GLOBAL_STATUS,
				  model_peek(rf, MSR_IA32_PERF_GLOBAL_STATUS) & ~val);
	default:
		return PMU_ERR_FAULT_GP;   /* GLOBAL_STATUS is read-only */
	}
}

static pmu_status core_read(struct model *m, struct model_regfile *rf, uint32_t msr, uint64_t *val)
{
	if (in_range(msr, MSR_IA32_PMC0, model_n_gp(m)))
		*val = counter_get(m, rf, false, msr - MSR_IA32_PMC0);
	else if (in_range(msr, MSR_IA32_A_PMC0, model_n_gp(m)))
		*val = counter_get(m, rf, false, msr - MSR_IA32_A_PMC0);
	else if (in_range(msr, MSR_IA32_FIXED_CTR0, model_n_fixed(m)))
		*val = counter_get(m, rf, true, msr - MSR_IA32_FIXED_CTR0);
	else if (msr == MSR_IA32_PERF_GLOBAL_OVF_CTRL)
		*val = 0;   /* write-1-to-clear: nothing to read back */
	else
		*val = model_peek(rf, msr);
	return PMU_OK;
}

/* Index bit 30 selects the fixed counters; any other high bit or out-of-range index is #GP. */
static pmu_status core_rdpmc(struct model *m, struct model_regfile *rf, uint32_t index,
			     uint64_t *val)
{
	bool fixed = (index >> RDPMC_FIXED_BIT) & 1;
	uint32_t i = index & ~(uint32_t)bit(RDPMC_FIXED_BIT);
	if (!model_pmu_version(m) || i >= (fixed ? model_n_fixed(m) : model_n_gp(m)))
		return PMU_ERR_FAULT_GP;
	*val = counter_get(m, rf, fixed, i);
	return PMU_OK;
}

/* Adds inc at the counter's real width; a carry out of it sets the GLOBAL_STATUS bit. */
static void advance(struct model *m, struct model_regfile *rf, bool fixed, unsigned i, uint64_t inc)
{
	if (!inc)
		return;
	uint64_t mask = low_mask(real_width(m, fixed));
	uint64_t old = counter_get(m, rf, fixed, i), sum = old + inc;
	/* The pokes cannot fail: the thread file has room for many times the core's registers. */
	if (sum < old || sum > mask) {
		uint64_t st = model_peek(rf, MSR_IA32_PERF_GLOBAL_STATUS);
		(void)model_poke(rf, MSR_IA32_PERF_GLOBAL_STATUS,
				 st | bit(fixed ? FIXED_BASE + i : i));
	}
	(void)counter_set(m, rf, fixed, i, sum);
}

static bool global_enabled(const struct model *m, const struct model_regfile *rf, unsigned b)
{
	if (m->broken.ignore_enable || model_pmu_version(m) < 2)
		return true;
	return (model_peek(rf, MSR_IA32_PERF_GLOBAL_CTRL) >> b) & 1;
}

/* Whether GP counter n, selection sel, counts in a cycle at cpl: its enables and ring. */
static bool gp_counting(const struct model *m, const struct model_regfile *rf, uint64_t sel,
			unsigned n, uint8_t cpl)
{
	bool en = m->broken.ignore_enable || ((sel >> SEL_EN) & 1);
	bool ring = (sel >> (cpl ? SEL_USR : SEL_OS)) & 1;
	return en && global_enabled(m, rf, n) && ring;
}

/*
 * One GP counter for one cycle, per seed 003:
 * - USR counts at CPL > 0, OS at CPL 0; EN enables (and, v2+, the GLOBAL_CTRL bit).
 * - CMASK = 0: "the counter is incremented each cycle by the event count", INV is ignored.
 * - CMASK != 0: "If the event count is greater than or equal to this mask, the counter is
 *   incremented by one"; INV inverts that to "less than".
 * - E: "counts the number of deasserted to asserted transitions for any condition that can be
 *   expressed by the other fields". The condition is the CMASK/INV comparison (CMASK = 0:
 *   count > 0) qualified by the ring and the enables, so a cycle in a ring not counted, or
 *   while disabled, deasserts it. Last cycle's condition is kept per counter in scratch.
 */
static void count_gp(struct model *m, struct model_regfile *rf, const struct model_cycle *c,
		     unsigned n)
{
	uint64_t sel = model_peek(rf, MSR_IA32_PERFEVTSEL0 + n);
	uint64_t *hist = &rf->scratch[MODEL_SCRATCH_CORE_EDGE];
	bool was = (*hist >> n) & 1, cond = false;
	uint64_t inc = 0;

	if (gp_counting(m, rf, sel, n, c->cpl)) {
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
	advance(m, rf, false, n, inc);
}

/*
 * FIXED_CTRi counts its architectural event when its nibble's enable takes the ring
 * (1 OS, 2 user, 3 all) and GLOBAL_CTRL bit 32+i is set. With ignore_enable a nibble
 * of 0 ("off") counts in every ring; the ring choice of a non-zero nibble still holds.
 */
static void count_fixed(struct model *m, struct model_regfile *rf, const struct model_cycle *c,
			unsigned i)
{
	unsigned en = (model_peek(rf, MSR_IA32_FIXED_CTR_CTRL) >> (4 * i)) & 3;
	if (!en && m->broken.ignore_enable)
		en = FIX_EN_OS | FIX_EN_USR;
	if (!(en & (c->cpl ? FIX_EN_USR : FIX_EN_OS)) || !global_enabled(m, rf, FIXED_BASE + i))
		return;
	advance(m, rf, true, i, model_cycle_events(c, fixed_code[i]));
}

static void core_cycle(struct model *m, struct model_regfile *rf, const struct model_cycle *c)
{
	if (!model_pmu_version(m))
		return;
	for (unsigned n = 0; n < n_gp(m); n++)
		count_gp(m, rf, c, n);
	/* Fixed counters beyond the three architectural ones have no event here. */
	for (unsigned i = 0; i < min_u(n_fixed(m), N_FIXED_CODES); i++)
		count_fixed(m, rf, c, i);
}

/*
 * n cycles at once (struct model_dev.cycles): a counter without CMASK or E adds the
 * events it sees, so n cycles add their sum; a counting one with either is refused.
 * The cycles are stimuli here, so the core has no clock of its own to move by n.
 */
static bool core_cycles(struct model *m, struct model_regfile *rf, const struct model_cycle *sum,
			uint64_t n)
{
	(void)n;
	for (unsigned i = 0; model_pmu_version(m) && i < n_gp(m); i++) {
		uint64_t sel = model_peek(rf, MSR_IA32_PERFEVTSEL0 + i);
		bool shaped = ((sel >> SEL_CMASK) & 0xff) || ((sel >> SEL_EDGE) & 1);
		if (shaped && gp_counting(m, rf, sel, i, sum->cpl))
			return false;
	}
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
