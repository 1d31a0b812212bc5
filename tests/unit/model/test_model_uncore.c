/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The reference model's uncore boxes against the manuals' text: Intel SDM Vol. 3B 18.8.2.2 (NHM/WSM
 * client uncore), Intel 323535-001 (Xeon 7500 M-box, with the U-box of 
 * Linux uncore_nhmex.c) and Intel 327043-001 (SNB-EP U-box). All accesses go through the sim
 * backend.
 */
#include "testutil.h"
#include "model/model_devs.h"
#include "model/model_discovery.h"

#define MAX48 ((1ull << 48) - 1)
#define MAX44 ((1ull << 44) - 1)
#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

static void wr(const struct pmu_backend *b, uint32_t msr, uint64_t v)
{
	wr_on(b, 0, msr, v);
}

static uint64_t rd(const struct pmu_backend *b, uint32_t msr)
{
	return rd_on(b, 0, msr);
}

/* The write raises #GP and leaves the register as it was. */
static void assert_gp(const struct pmu_backend *b, uint32_t msr, uint64_t v)
{
	uint64_t before = rd(b, msr);
	assert_int_equal(pmu_wrmsr(b, 0, msr, v), PMU_ERR_FAULT_GP);
	assert_int_equal(rd(b, msr), before);
}

/* One cycle per entry of counts, each with `counts[i]` occurrences of code, on CPU 0. */
static void run_counts(struct model *m, uint32_t code, const uint32_t *counts, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		struct model_stim s = { code, counts[i] };
		struct model_cycle c = { 0, &s, 1 };
		model_run_cycle(m, 0, &c);
	}
}

/* times cycles on cpu with the same stimuli each. */
static void run_on(struct model *m, unsigned cpu, const struct model_stim *s, unsigned ns, unsigned times)
{
	struct model_cycle c = { 0, s, ns };
	for (unsigned i = 0; i < times; i++)
		model_run_cycle(m, cpu, &c);
}

static void run(struct model *m, const struct model_stim *s, unsigned ns, unsigned times)
{
	run_on(m, 0, s, ns, times);
}

/* ---- Nehalem/Westmere client uncore (Intel SDM Vol. 3B 18.8.2.2) ---- */

#define NHM_GCTL    0x391u
#define NHM_STATUS  0x392u
#define NHM_OVF     0x393u
#define NHM_FCTR    0x394u
#define NHM_FCTL    0x395u
#define NHM_PMC(n)  (0x3B0u + (n))
#define NHM_SEL(n)  (0x3C0u + (n))
#define NHM_EN      (1ull << 22)
#define NHM_EDGE    (1ull << 18)
#define NHM_INV     (1ull << 23)
#define NHM_PMI     (1ull << 20)
#define NHM_CMASK(c) ((uint64_t)(c) << 24)
#define QHL_IOH_READS (0x20 | 0x01 << 8)   /* UNC_QHL_REQUESTS.IOH_READS */
#define NHM_CODE    MODEL_UNC_STIM(MODEL_UNC_NHM, 0x20, 0x01)

static const uint32_t pattern[] = { 1, 2, 3, 0, 5 };   /* >=2: 3 cycles, <2: 2 cycles, sum 11 */

/* Counter 0 programmed with extra bits, counted over pattern; returns its value. */
static uint64_t nhm_count_pattern(uint64_t extra)
{
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 2, 1, &b);
	wr(&b, NHM_SEL(0), QHL_IOH_READS | NHM_EN | extra);
	wr(&b, NHM_GCTL, 1);
	run_counts(m, NHM_CODE, pattern, N_OF(pattern));
	uint64_t v = rd(&b, NHM_PMC(0));
	free(m);
	return v;
}

static void test_nhm_counts_when_enabled(void **state)
{
	(void)state;
	assert_int_equal(nhm_count_pattern(0), 11);
}

static void test_nhm_needs_local_en(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 2, 1, &b);
	wr(&b, NHM_SEL(0), QHL_IOH_READS);
	wr(&b, NHM_GCTL, 0xFF);
	run_counts(m, NHM_CODE, pattern, N_OF(pattern));
	assert_int_equal(rd(&b, NHM_PMC(0)), 0);
	wr(&b, NHM_SEL(0), QHL_IOH_READS | NHM_EN);
	run_counts(m, NHM_CODE, pattern, N_OF(pattern));
	assert_int_equal(rd(&b, NHM_PMC(0)), 11);
	free(m);
}

static void test_nhm_needs_global_en_pc(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("westmere-ep", 2, 1, &b);
	wr(&b, NHM_SEL(3), QHL_IOH_READS | NHM_EN);
	wr(&b, NHM_GCTL, 0xF7 | 1ull << 32);   /* every enable but EN_PC3 */
	run_counts(m, NHM_CODE, pattern, N_OF(pattern));
	assert_int_equal(rd(&b, NHM_PMC(3)), 0);
	wr(&b, NHM_GCTL, 1u << 3);
	run_counts(m, NHM_CODE, pattern, N_OF(pattern));
	assert_int_equal(rd(&b, NHM_PMC(3)), 11);
	free(m);
}

static void test_nhm_event_and_umask_select(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 2, 1, &b);
	wr(&b, NHM_SEL(0), QHL_IOH_READS | NHM_EN);
	wr(&b, NHM_SEL(1), 0x20 | 0x02 << 8 | NHM_EN);
	wr(&b, NHM_GCTL, 3);
	struct model_stim s[] = {
		{ MODEL_UNC_STIM(MODEL_UNC_NHM, 0x20, 0x02), 4 },
		{ MODEL_UNC_STIM(MODEL_UNC_NHM, 0x2C, 0x01), 8 },
		{ QHL_IOH_READS, 16 },                       /* a core code: not an uncore event */
		{ MODEL_UNC_STIM(MODEL_UNC_SNBEP_U, 0x20, 0x01), 32 },
	};
	run(m, s, N_OF(s), 2);
	assert_int_equal(rd(&b, NHM_PMC(0)), 0);
	assert_int_equal(rd(&b, NHM_PMC(1)), 8);
	free(m);
}

static void test_nhm_cmask_ge(void **state)
{
	(void)state;
	assert_int_equal(nhm_count_pattern(NHM_CMASK(2)), 3);
}

static void test_nhm_cmask_inv_lt(void **state)
{
	(void)state;
	assert_int_equal(nhm_count_pattern(NHM_CMASK(2) | NHM_INV), 2);
}

static void test_nhm_cmask_zero_has_no_effect(void **state)
{
	(void)state;
	assert_int_equal(nhm_count_pattern(NHM_INV), 11);
}

static void test_nhm_edge(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 2, 1, &b);
	static const uint32_t p[] = { 0, 1, 1, 0, 2, 3, 0 };
	static const uint32_t q[] = { 2, 3, 1, 2, 1, 1, 4 };
	wr(&b, NHM_GCTL, 7);
	wr(&b, NHM_SEL(0), QHL_IOH_READS | NHM_EN | NHM_EDGE);
	run_counts(m, NHM_CODE, p, N_OF(p));
	assert_int_equal(rd(&b, NHM_PMC(0)), 2);   /* two deasserted-to-asserted transitions */
	wr(&b, NHM_SEL(1), QHL_IOH_READS | NHM_EN | NHM_EDGE | NHM_CMASK(2));
	wr(&b, NHM_SEL(2), QHL_IOH_READS | NHM_EN | NHM_EDGE | NHM_CMASK(2) | NHM_INV);
	run_counts(m, NHM_CODE, q, N_OF(q));
	assert_int_equal(rd(&b, NHM_PMC(1)), 3);   /* >=2: T T F T F F T */
	assert_int_equal(rd(&b, NHM_PMC(2)), 2);   /* <2:  F F T F T T F */
	free(m);
}

static void test_nhm_occ_ctr_rst_reads_zero(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 2, 1, &b);
	wr(&b, NHM_PMC(0), 5);
	wr(&b, NHM_SEL(0), QHL_IOH_READS | NHM_EN | 1ull << 17);
	assert_int_equal(rd(&b, NHM_SEL(0)), QHL_IOH_READS | NHM_EN);
	assert_int_equal(rd(&b, NHM_PMC(0)), 5);   /* it resets the occupancy counter, not the PMC */
	free(m);
}

static void test_nhm_reserved_bits_gp(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 2, 1, &b);
	static const unsigned sel_rsv[] = { 16, 19, 21, 32, 63 };
	static const unsigned gctl_rsv[] = { 8, 31, 33, 47, 52, 62 };
	wr(&b, NHM_SEL(0), QHL_IOH_READS | NHM_EN | NHM_PMI | NHM_CMASK(0xFF));
	wr(&b, NHM_GCTL, 0x800F0001000000FFull);
	for (unsigned i = 0; i < N_OF(sel_rsv); i++)
		assert_gp(&b, NHM_SEL(0), QHL_IOH_READS | 1ull << sel_rsv[i]);
	for (unsigned i = 0; i < N_OF(gctl_rsv); i++)
		assert_gp(&b, NHM_GCTL, 1ull << gctl_rsv[i]);
	assert_gp(&b, NHM_FCTL, 1u << 1);
	assert_gp(&b, NHM_FCTL, 1u << 3);
	assert_gp(&b, NHM_PMC(7), 1ull << 48);
	assert_gp(&b, NHM_FCTR, 1ull << 48);
	assert_gp(&b, NHM_OVF, 1u << 8);
	assert_gp(&b, NHM_STATUS, 1);
	free(m);
}

static void test_nhm_overflow_wraps_and_sets_status(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 2, 1, &b);
	wr(&b, NHM_PMC(2), MAX48 - 1);
	wr(&b, NHM_SEL(2), QHL_IOH_READS | NHM_EN);
	wr(&b, NHM_GCTL, 1u << 2);
	struct model_stim s = { NHM_CODE, 1 };
	run(m, &s, 1, 1);
	assert_int_equal(rd(&b, NHM_PMC(2)), MAX48);
	assert_int_equal(rd(&b, NHM_STATUS), 0);
	s.count = 3;
	run(m, &s, 1, 1);
	assert_int_equal(rd(&b, NHM_PMC(2)), 2);   /* 48-bit wrap, counting continues */
	assert_int_equal(rd(&b, NHM_STATUS), 1ull << 2 | 1ull << 63);   /* Ovf_PC2 + CHG, no PMI */
	wr(&b, NHM_OVF, 1u << 2);
	assert_int_equal(rd(&b, NHM_STATUS), 1ull << 63);
	wr(&b, NHM_OVF, 1ull << 63);
	assert_int_equal(rd(&b, NHM_STATUS), 0);
	assert_int_equal(rd(&b, NHM_OVF), 0);
	free(m);
}

static void test_nhm_fixed_counter(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 2, 1, &b);
	wr(&b, NHM_FCTL, 1);
	run(m, NULL, 0, 3);   /* EN_FC0 clear */
	assert_int_equal(rd(&b, NHM_FCTR), 0);
	wr(&b, NHM_GCTL, 1ull << 32);
	run(m, NULL, 0, 10);
	assert_int_equal(rd(&b, NHM_FCTR), 10);
	wr(&b, NHM_FCTL, 0);
	run(m, NULL, 0, 4);
	assert_int_equal(rd(&b, NHM_FCTR), 10);
	wr(&b, NHM_FCTR, MAX48);
	wr(&b, NHM_FCTL, 1);
	run(m, NULL, 0, 2);
	assert_int_equal(rd(&b, NHM_FCTR), 1);
	assert_int_equal(rd(&b, NHM_STATUS), 1ull << 32 | 1ull << 63);
	free(m);
}

static void test_nhm_pmi_and_pmi_frz(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 2, 1, &b);
	uint64_t gctl = 0x3 | 1ull << 32 | 1ull << 48 | 1ull << 63;
	wr(&b, NHM_PMC(0), MAX48);
	wr(&b, NHM_SEL(0), QHL_IOH_READS | NHM_EN | NHM_PMI);
	wr(&b, NHM_SEL(1), QHL_IOH_READS | NHM_EN);
	wr(&b, NHM_FCTL, 1);
	wr(&b, NHM_GCTL, gctl);
	struct model_stim s = { NHM_CODE, 1 };
	run(m, &s, 1, 4);
	assert_int_equal(rd(&b, NHM_PMC(0)), 0);   /* overflowed in cycle 1, then frozen */
	assert_int_equal(rd(&b, NHM_PMC(1)), 1);
	assert_int_equal(rd(&b, NHM_FCTR), 1);
	assert_int_equal(rd(&b, NHM_STATUS), 1ull | 1ull << 61 | 1ull << 63);
	assert_int_equal(rd(&b, NHM_GCTL), 1ull << 48 | 1ull << 63);
	wr(&b, NHM_GCTL, gctl);   /* software re-enables */
	run(m, &s, 1, 2);
	assert_int_equal(rd(&b, NHM_PMC(1)), 3);
	free(m);
}

static void test_nhm_overflow_without_pmi_does_not_freeze(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 2, 1, &b);
	wr(&b, NHM_PMC(0), MAX48);
	wr(&b, NHM_SEL(0), QHL_IOH_READS | NHM_EN);
	wr(&b, NHM_GCTL, 1 | 1ull << 63);
	struct model_stim s = { NHM_CODE, 1 };
	run(m, &s, 1, 3);
	assert_int_equal(rd(&b, NHM_PMC(0)), 2);
	assert_int_equal(rd(&b, NHM_STATUS), 1ull | 1ull << 63);
	assert_int_equal(rd(&b, NHM_GCTL), 1 | 1ull << 63);
	free(m);
}

static void test_nhm_package_scope(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 4, 2, &b);   /* CPUs 0,1: pkg 0; 2,3: pkg 1 */
	wr_on(&b, 1, NHM_SEL(0), QHL_IOH_READS | NHM_EN);
	wr_on(&b, 1, NHM_GCTL, 1);
	assert_int_equal(rd_on(&b, 0, NHM_SEL(0)), QHL_IOH_READS | NHM_EN);
	assert_int_equal(rd_on(&b, 2, NHM_SEL(0)), 0);
	wr_on(&b, 3, NHM_SEL(0), QHL_IOH_READS | NHM_EN | NHM_CMASK(2));
	wr_on(&b, 3, NHM_GCTL, 1);
	struct model_stim s = { NHM_CODE, 3 };
	run_on(m, 0, &s, 1, 2);    /* package 0 only */
	run_on(m, 2, &s, 1, 5);    /* package 1 only */
	assert_int_equal(rd_on(&b, 1, NHM_PMC(0)), 6);
	assert_int_equal(rd_on(&b, 0, NHM_PMC(0)), 6);
	assert_int_equal(rd_on(&b, 3, NHM_PMC(0)), 5);
	assert_int_equal(rd_on(&b, 0, NHM_SEL(0)), QHL_IOH_READS | NHM_EN);
	free(m);
}

/* ---- Nehalem-EX / Westmere-EX U-box and M-boxes (Intel 323535-001) ---- */

#define U_CTRL       0xC00u
#define U_STATUS     0xC01u
#define U_OVF        0xC02u
#define U_EVSEL      0xC10u
#define U_CTR        0xC11u
#define EN_ALL       (1ull << 28)
#define RST_ALL      (1ull << 29)
#define FRZ_ALL      (1ull << 31)
#define MB(b)        (0xCA0u + 0x40u * (b))
#define M_CTL(b, n)  (MB(b) + 0x10u + 2u * (n))
#define M_CNT(b, n)  (MB(b) + 0x11u + 2u * (n))
#define CC_EN        1ull
#define CC_PMI       (1ull << 1)
#define CC_DOWN      (1ull << 2)
#define CC_BOTH      (2ull << 2)
#define CC_STORAGE   (1ull << 4)
#define CC_WRAP      (1ull << 6)
#define CC_FLAG      (1ull << 7)
#define CC_INC(e)    ((uint64_t)(e) << 9)
#define CC_SETF(f)   ((uint64_t)(f) << 19)
#define DRAM_CMD     0x0A
#define CLOCKTICKS   0x1B
#define M_INC(b, e)  MODEL_UNC_STIM(MODEL_UNC_EX_M0 + (b), e, MODEL_MBOX_INC)
#define M_DEC(b, e)  MODEL_UNC_STIM(MODEL_UNC_EX_M0 + (b), e, MODEL_MBOX_DEC)
#define M_SETF(b, f) MODEL_UNC_STIM(MODEL_UNC_EX_M0 + (b), f, MODEL_MBOX_FLAG)

/* An EX model with EN_ALL set and box b's counter 0 programmed as ctl, preloaded with v. */
static struct model *ex_model(struct pmu_backend *b, unsigned box, uint64_t ctl, uint64_t v)
{
	struct model *m = test_model("nehalem-ex", 2, 1, b);
	wr(b, MB(box), 0x3F);
	wr(b, M_CNT(box, 0), v);
	wr(b, M_CTL(box, 0), ctl);
	wr(b, U_CTRL, EN_ALL);
	return m;
}

static void test_mbox_counts_inc_sel_up(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = ex_model(&b, 0, CC_EN | CC_WRAP | CC_INC(DRAM_CMD), 0);
	static const uint32_t p[] = { 1, 2, 3 };
	run_counts(m, M_INC(0, DRAM_CMD), p, N_OF(p));
	run_counts(m, M_INC(0, CLOCKTICKS), p, N_OF(p));   /* other inc_sel */
	run_counts(m, M_INC(1, DRAM_CMD), p, N_OF(p));     /* other M-box */
	run_counts(m, M_DEC(0, DRAM_CMD), p, N_OF(p));     /* decrement signal: ignored when up */
	assert_int_equal(rd(&b, M_CNT(0, 0)), 6);
	free(m);
}

static void test_mbox_gating(void **state)
{
	(void)state;
	static const struct { uint64_t ctl, box, uctl; } off[] = {
		{ CC_INC(DRAM_CMD), 0x3F, EN_ALL },                    /* en clear */
		{ CC_EN | CC_INC(DRAM_CMD), 0x3E, EN_ALL },            /* box ctrl bit 0 clear */
		{ CC_EN | CC_INC(DRAM_CMD), 0x3F, 0 },                 /* EN_ALL clear */
		{ CC_EN | CC_INC(DRAM_CMD), 0x3F, EN_ALL | FRZ_ALL },
		{ CC_EN | CC_INC(DRAM_CMD), 0x3F, EN_ALL | RST_ALL },
		{ CC_EN | CC_INC(DRAM_CMD), 0x01, EN_ALL },            /* control: counts */
	};
	struct model_stim s = { M_INC(0, DRAM_CMD), 2 };
	for (unsigned i = 0; i < N_OF(off); i++) {
		struct pmu_backend b;
		struct model *m = ex_model(&b, 0, off[i].ctl, 0);
		wr(&b, MB(0), off[i].box);
		wr(&b, U_CTRL, off[i].uctl);
		run(m, &s, 1, 3);
		assert_int_equal(rd(&b, M_CNT(0, 0)), i + 1 == N_OF(off) ? 6 : 0);
		free(m);
	}
}

static void test_mbox_count_down(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = ex_model(&b, 0, CC_EN | CC_DOWN | CC_INC(DRAM_CMD), 100);
	static const uint32_t p[] = { 3, 4 };
	run_counts(m, M_INC(0, DRAM_CMD), p, N_OF(p));
	assert_int_equal(rd(&b, M_CNT(0, 0)), 93);
	assert_int_equal(rd(&b, MB(0) + 1), 0);
	free(m);
}

static void test_mbox_count_both(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = ex_model(&b, 1, CC_EN | CC_BOTH | CC_INC(DRAM_CMD), 10);
	struct model_stim s1[] = { { M_INC(1, DRAM_CMD), 5 }, { M_DEC(1, DRAM_CMD), 1 } };
	struct model_stim s2[] = { { M_DEC(1, DRAM_CMD), 3 } };
	struct model_stim s3[] = { { M_INC(1, DRAM_CMD), 2 } };
	run(m, s1, 2, 1);
	assert_int_equal(rd(&b, M_CNT(1, 0)), 14);
	run(m, s2, 1, 1);
	assert_int_equal(rd(&b, M_CNT(1, 0)), 11);
	run(m, s3, 1, 1);
	assert_int_equal(rd(&b, M_CNT(1, 0)), 13);
	free(m);
}

static void test_mbox_wrap0_stops_at_overflow(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = ex_model(&b, 0, CC_EN | CC_BOTH | CC_INC(DRAM_CMD), MAX48 - 1);
	struct model_stim up = { M_INC(0, DRAM_CMD), 5 }, dn = { M_DEC(0, DRAM_CMD), 3 };
	run(m, &up, 1, 1);
	assert_int_equal(rd(&b, M_CNT(0, 0)), MAX48);
	assert_int_equal(rd(&b, MB(0) + 1), 1);
	run(m, &dn, 1, 2);
	assert_int_equal(rd(&b, M_CNT(0, 0)), MAX48);   /* stopped, not just saturated */
	wr(&b, M_CNT(0, 0), 10);                        /* a new sample restarts it */
	run(m, &dn, 1, 1);
	assert_int_equal(rd(&b, M_CNT(0, 0)), 7);
	free(m);
}

static void test_mbox_wrap0_stops_at_underflow(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = ex_model(&b, 0, CC_EN | CC_BOTH | CC_INC(DRAM_CMD), 2);
	struct model_stim up = { M_INC(0, DRAM_CMD), 4 }, dn = { M_DEC(0, DRAM_CMD), 5 };
	run(m, &dn, 1, 1);
	assert_int_equal(rd(&b, M_CNT(0, 0)), 0);
	assert_int_equal(rd(&b, MB(0) + 1), 1);
	run(m, &up, 1, 1);
	assert_int_equal(rd(&b, M_CNT(0, 0)), 0);
	wr(&b, M_CTL(0, 0), CC_EN | CC_BOTH | CC_INC(DRAM_CMD));
	run(m, &up, 1, 1);
	assert_int_equal(rd(&b, M_CNT(0, 0)), 4);
	free(m);
}

static void test_mbox_wrap1_wraps_and_continues(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = ex_model(&b, 0, CC_EN | CC_WRAP | CC_INC(DRAM_CMD), MAX48 - 1);
	wr(&b, M_CTL(0, 1), CC_EN | CC_WRAP | CC_DOWN | CC_INC(DRAM_CMD));
	wr(&b, M_CNT(0, 1), 1);
	struct model_stim s = { M_INC(0, DRAM_CMD), 5 };
	run(m, &s, 1, 1);
	assert_int_equal(rd(&b, M_CNT(0, 0)), 3);
	assert_int_equal(rd(&b, M_CNT(0, 1)), MAX48 - 3);
	assert_int_equal(rd(&b, MB(0) + 1), 3);
	run(m, &s, 1, 1);
	assert_int_equal(rd(&b, M_CNT(0, 0)), 8);
	assert_int_equal(rd(&b, M_CNT(0, 1)), MAX48 - 8);
	free(m);
}

static void test_mbox_storage_mode_needs_flag(void **state)
{
	(void)state;
	struct pmu_backend b;
	uint64_t ctl = CC_EN | CC_WRAP | CC_STORAGE | CC_FLAG | CC_INC(DRAM_CMD) | CC_SETF(3);
	struct model *m = ex_model(&b, 0, ctl, 0);
	struct model_stim inc = { M_INC(0, DRAM_CMD), 1 };
	struct model_stim wrong[] = { inc, { M_SETF(0, 4), 1 }, { M_SETF(1, 3), 1 } };
	struct model_stim set[] = { inc, { M_SETF(0, 3), 1 } };
	run(m, &inc, 1, 3);
	run(m, wrong, N_OF(wrong), 2);
	assert_int_equal(rd(&b, M_CNT(0, 0)), 0);
	run(m, set, N_OF(set), 1);     /* the flag is set: counts from this cycle */
	run(m, &inc, 1, 2);            /* and stays set */
	assert_int_equal(rd(&b, M_CNT(0, 0)), 3);
	wr(&b, M_CTL(0, 0), ctl);      /* rewriting the control clears the flag */
	run(m, &inc, 1, 2);
	assert_int_equal(rd(&b, M_CNT(0, 0)), 3);
	free(m);
}

static void test_mbox_flag_mode_and_storage_mode_apart(void **state)
{
	(void)state;
	struct pmu_backend b;
	/* storage_mode without flag_mode: nothing sets the flag, never counts */
	struct model *m = ex_model(&b, 0, CC_EN | CC_STORAGE | CC_INC(DRAM_CMD) | CC_SETF(3), 0);
	/* flag_mode without storage_mode: no flag needed, counts */
	wr(&b, M_CTL(0, 1), CC_EN | CC_FLAG | CC_INC(DRAM_CMD) | CC_SETF(3));
	struct model_stim s[] = { { M_INC(0, DRAM_CMD), 1 }, { M_SETF(0, 3), 1 } };
	run(m, s, 1, 2);
	run(m, s, 2, 2);
	assert_int_equal(rd(&b, M_CNT(0, 0)), 0);
	assert_int_equal(rd(&b, M_CNT(0, 1)), 4);
	free(m);
}

static void test_mbox_reserved_bits_gp(void **state)
{
	(void)state;
	struct pmu_backend b;
	uint64_t ctl = CC_EN | CC_PMI | CC_BOTH | 3ull << 4 | CC_WRAP | CC_FLAG | CC_INC(0x1F) | CC_SETF(7);
	struct model *m = ex_model(&b, 1, ctl, 0);
	static const unsigned rsv[] = { 8, 14, 16, 18, 22, 23, 24, 61, 62 };
	assert_int_equal(rd(&b, M_CTL(1, 0)), ctl);
	for (unsigned i = 0; i < N_OF(rsv); i++)
		assert_gp(&b, M_CTL(1, 0), CC_EN | 1ull << rsv[i]);
	assert_gp(&b, M_CTL(1, 0), CC_EN | 3ull << 2);   /* count_mode 11 */
	assert_gp(&b, M_CNT(1, 0), 1ull << 48);
	assert_gp(&b, MB(1) + 1, 0);                     /* BOX_STATUS is read-only */
	assert_gp(&b, MB(1) + 2, 1u << 6);
	assert_gp(&b, MB(1) + 4, 1u << 16);              /* 16-bit timestamp */
	free(m);
}

static void test_mbox_ig_bits_dropped(void **state)
{
	(void)state;
	struct pmu_backend b;
	uint64_t ctl = CC_EN | CC_INC(DRAM_CMD);
	struct model *m = ex_model(&b, 0, ctl | 1ull << 25 | 1ull << 40 | 1ull << 60 | 1ull << 63, 0);
	assert_int_equal(rd(&b, M_CTL(0, 0)), ctl);
	free(m);
}

static void test_mbox_freeze_after_n(void **state)
{
	(void)state;
	enum { N = 10 };
	struct pmu_backend b;
	struct model *m = ex_model(&b, 0, CC_EN | CC_PMI | CC_WRAP | CC_INC(DRAM_CMD), MAX48 - N);
	wr(&b, M_CTL(0, 1), CC_EN | CC_WRAP | CC_INC(CLOCKTICKS));
	wr(&b, MB(1), 1);
	wr(&b, M_CTL(1, 0), CC_EN | CC_WRAP | CC_INC(CLOCKTICKS));
	wr(&b, U_EVSEL, 0x04 | 1u << 22);
	wr(&b, U_CTRL, EN_ALL | 1);
	struct model_stim s[] = {
		{ M_INC(0, DRAM_CMD), 1 }, { M_INC(0, CLOCKTICKS), 1 }, { M_INC(1, CLOCKTICKS), 1 },
		{ MODEL_UNC_STIM(MODEL_UNC_EX_U, 0x04, 0), 1 },
	};
	run(m, s, N_OF(s), N);
	assert_int_equal(rd(&b, M_CNT(0, 0)), MAX48);   /* N events: no carry yet */
	assert_int_equal(rd(&b, U_CTRL), EN_ALL | 1);
	run(m, s, N_OF(s), 1 + 5);                      /* carry on event N+1, then frozen */
	assert_int_equal(rd(&b, M_CNT(0, 0)), 0);
	assert_int_equal((rd(&b, M_CNT(0, 0)) - (MAX48 - N)) & MAX48, N + 1);
	assert_int_equal(rd(&b, M_CNT(0, 1)), N + 1);   /* every box froze at the same cycle */
	assert_int_equal(rd(&b, M_CNT(1, 0)), N + 1);
	assert_int_equal(rd(&b, U_CTR), N + 1);
	assert_int_equal(rd(&b, U_CTRL), 1);            /* EN_ALL cleared */
	assert_int_equal(rd(&b, MB(0) + 1), 1);
	wr(&b, U_CTRL, EN_ALL | 1);
	run(m, s, N_OF(s), 1);
	assert_int_equal(rd(&b, M_CNT(0, 0)), 1);
	assert_int_equal(rd(&b, U_CTR), N + 2);
	free(m);
}

static void test_mbox_overflow_without_pmi_does_not_freeze(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = ex_model(&b, 0, CC_EN | CC_WRAP | CC_INC(DRAM_CMD), MAX48);
	struct model_stim s = { M_INC(0, DRAM_CMD), 1 };
	run(m, &s, 1, 3);
	assert_int_equal(rd(&b, M_CNT(0, 0)), 2);
	assert_int_equal(rd(&b, U_CTRL), EN_ALL);
	free(m);
}

static void test_ex_rst_all(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = ex_model(&b, 1, CC_EN | CC_WRAP | CC_INC(CLOCKTICKS), 50);
	wr(&b, M_CNT(0, 5), 7);
	wr(&b, U_CTR, 9);
	wr(&b, U_EVSEL, 0x04 | 1u << 22);
	wr(&b, U_CTRL, EN_ALL | 1 | RST_ALL);
	assert_int_equal(rd(&b, U_CTRL), EN_ALL | 1 | RST_ALL);
	struct model_stim s[] = { { M_INC(1, CLOCKTICKS), 1 }, { MODEL_UNC_STIM(MODEL_UNC_EX_U, 4, 0), 1 } };
	run(m, s, N_OF(s), 3);   /* held in reset */
	assert_int_equal(rd(&b, M_CNT(1, 0)), 0);
	assert_int_equal(rd(&b, M_CNT(0, 5)), 0);
	assert_int_equal(rd(&b, U_CTR), 0);
	wr(&b, U_CTRL, EN_ALL | 1);
	run(m, s, N_OF(s), 3);
	assert_int_equal(rd(&b, M_CNT(1, 0)), 3);
	assert_int_equal(rd(&b, U_CTR), 3);
	free(m);
}

static void test_mbox1_is_mbox0_plus_0x40(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = ex_model(&b, 1, CC_EN | CC_WRAP | CC_INC(DRAM_CMD), 0);
	wr(&b, 0xCF7, 0x1234);   /* M1 CNT3 (likwid's 0xCB7 is M0's) */
	assert_int_equal(rd(&b, 0xCB7), 0);
	struct model_stim s = { M_INC(0, DRAM_CMD), 1 };
	run(m, &s, 1, 2);
	assert_int_equal(rd(&b, 0xCF1), 0);
	s.code = M_INC(1, DRAM_CMD);
	run(m, &s, 1, 2);
	assert_int_equal(rd(&b, 0xCF1), 2);
	assert_int_equal(rd(&b, 0xCB1), 0);
	assert_int_equal(rd(&b, 0xCF7), 0x1234);
	free(m);
}

static void test_mbox_status_clear_and_subregs(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = ex_model(&b, 0, CC_EN | CC_WRAP | CC_INC(DRAM_CMD), MAX48);
	struct model_stim s = { M_INC(0, DRAM_CMD), 1 };
	run(m, &s, 1, 1);
	assert_int_equal(rd(&b, MB(0) + 1), 1);
	wr(&b, MB(0) + 2, 1);
	assert_int_equal(rd(&b, MB(0) + 1), 0);
	assert_int_equal(rd(&b, MB(0) + 2), 0);
	for (uint32_t r = MB(0) + 5; r <= MB(0) + 0xB; r++) {   /* DSP ISS MAP MSC_THR PGT PLD ZDP */
		wr(&b, r, 0xABCD0000u + r);
		assert_int_equal(rd(&b, r), 0xABCD0000u + r);
	}
	wr(&b, MB(0) + 4, 0xFFFE);   /* free-running 16-bit timestamp */
	run(m, NULL, 0, 3);
	assert_int_equal(rd(&b, MB(0) + 4), 1);
	assert_int_equal(pmu_wrmsr(&b, 0, MB(0) + 3, 0), PMU_ERR_FAULT_GP);   /* not a register */
	assert_int_equal(pmu_wrmsr(&b, 0, MB(0) + 0xC, 0), PMU_ERR_FAULT_GP);
	free(m);
}

static void test_ex_ubox_counter(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("westmere-ex", 2, 1, &b);
	static const uint32_t p[] = { 0, 1, 1, 0, 2, 3, 0 };
	uint32_t code = MODEL_UNC_STIM(MODEL_UNC_EX_U, 0x50, 0);
	wr(&b, U_EVSEL, 0x50 | 1u << 22);
	wr(&b, U_CTRL, EN_ALL);             /* the U-box counter also needs EN (bit 0) */
	run_counts(m, code, p, N_OF(p));
	assert_int_equal(rd(&b, U_CTR), 0);
	wr(&b, U_CTRL, EN_ALL | 1);
	run_counts(m, code, p, N_OF(p));
	assert_int_equal(rd(&b, U_CTR), 7);
	wr(&b, U_EVSEL, 0x50 | 1u << 22 | 1u << 18);
	run_counts(m, code, p, N_OF(p));
	assert_int_equal(rd(&b, U_CTR), 9);
	wr(&b, U_CTR, MAX48);
	run_counts(m, code, p, 2);
	assert_int_equal(rd(&b, U_CTR), 0);
	assert_int_equal(rd(&b, U_STATUS), 1);
	assert_gp(&b, U_STATUS, 0);
	wr(&b, U_OVF, 1);
	assert_int_equal(rd(&b, U_STATUS), 0);
	assert_gp(&b, U_CTR, 1ull << 48);
	free(m);
}

static void test_uncore_boxes_per_profile(void **state)
{
	(void)state;
	static const struct { const char *p; uint32_t msr; bool ok; } t[] = {
		{ "nehalem-ep", NHM_GCTL, true }, { "westmere-ep", NHM_SEL(7), true },
		{ "nehalem-ex", 0xCFB, true }, { "westmere-ex", U_CTRL, true },
		{ "sandy-bridge-ep", 0xC17, true },
		{ "nehalem-ep", MB(0), false }, { "nehalem-ex", NHM_GCTL, false },
		{ "sandy-bridge-ep", NHM_PMC(0), false }, { "sandy-bridge-ep", MB(0), false },
		{ "sandy-bridge-ep", U_CTRL, false }, { "no-pmu", NHM_GCTL, false },
		{ "nehalem-ex", 0xCBC, false }, { "nehalem-ex", 0xCA3, false },
	};
	for (unsigned i = 0; i < N_OF(t); i++) {
		struct pmu_backend b;
		struct model *m = test_model(t[i].p, 2, 1, &b);
		uint64_t v;
		assert_int_equal(pmu_rdmsr(&b, 1, t[i].msr, &v), t[i].ok ? PMU_OK : PMU_ERR_FAULT_GP);
		free(m);
	}
}

static void test_ex_package_scope(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ex", 4, 2, &b);
	wr_on(&b, 1, MB(0), 1);
	wr_on(&b, 1, M_CTL(0, 0), CC_EN | CC_WRAP | CC_INC(CLOCKTICKS));
	wr_on(&b, 0, U_CTRL, EN_ALL);
	struct model_stim s = { M_INC(0, CLOCKTICKS), 1 };
	run_on(m, 0, &s, 1, 4);
	run_on(m, 3, &s, 1, 4);   /* package 1 is not programmed */
	assert_int_equal(rd_on(&b, 1, M_CNT(0, 0)), 4);
	assert_int_equal(rd_on(&b, 2, M_CNT(0, 0)), 0);
	assert_int_equal(rd_on(&b, 3, M_CTL(0, 0)), 0);
	free(m);
}

/* ---- Sandy Bridge-EP U-box (Intel 327043-001 2.2) ---- */

#define SU_FCTL     0xC08u
#define SU_FCTR     0xC09u
#define SU_CTL(n)   (0xC10u + (n))
#define SU_CTR(n)   (0xC16u + (n))
#define SU_EN       (1ull << 22)
#define SU_EDGE     (1ull << 18)
#define SU_INV      (1ull << 23)
#define SU_RST      (1ull << 17)
#define SU_THR(t)   ((uint64_t)(t) << 24)
#define MSI_RCVD    (0x42 | 0x02 << 8)   /* UNC_U_EVENT_MSG.MSI_RCVD */
#define SU_CODE     MODEL_UNC_STIM(MODEL_UNC_SNBEP_U, 0x42, 0x02)

/* U counter 1 programmed with MSI_RCVD | EN | extra, counted over p; returns its value. */
static uint64_t su_count(uint64_t extra, const uint32_t *p, unsigned n)
{
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	wr(&b, SU_CTL(1), MSI_RCVD | SU_EN | extra);
	run_counts(m, SU_CODE, p, n);
	uint64_t v = rd(&b, SU_CTR(1));
	free(m);
	return v;
}

static void test_snbep_u_counts(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	wr(&b, SU_CTL(0), MSI_RCVD);   /* en clear */
	run_counts(m, SU_CODE, pattern, N_OF(pattern));
	assert_int_equal(rd(&b, SU_CTR(0)), 0);
	wr(&b, SU_CTL(0), MSI_RCVD | SU_EN);
	run_counts(m, SU_CODE, pattern, N_OF(pattern));
	run_counts(m, MODEL_UNC_STIM(MODEL_UNC_SNBEP_U, 0x42, 0x04), pattern, N_OF(pattern));
	run_counts(m, MODEL_UNC_STIM(MODEL_UNC_NHM, 0x42, 0x02), pattern, N_OF(pattern));
	assert_int_equal(rd(&b, SU_CTR(0)), 11);
	assert_int_equal(rd(&b, SU_CTR(1)), 0);
	free(m);
}

static void test_snbep_u_thresh_and_invert(void **state)
{
	(void)state;
	assert_int_equal(su_count(SU_THR(2), pattern, N_OF(pattern)), 3);
	assert_int_equal(su_count(SU_THR(2) | SU_INV, pattern, N_OF(pattern)), 2);
	assert_int_equal(su_count(SU_THR(31), pattern, N_OF(pattern)), 0);
	assert_int_equal(su_count(SU_THR(31) | SU_INV, pattern, N_OF(pattern)), 5);
	/* thresh 0: compared with 0, so invert never counts */
	assert_int_equal(su_count(SU_INV, pattern, N_OF(pattern)), 0);
}

static void test_snbep_u_edge(void **state)
{
	(void)state;
	static const uint32_t p[] = { 0, 1, 1, 0, 2, 3, 0 };
	static const uint32_t q[] = { 1, 0, 0, 1, 0, 1 };
	assert_int_equal(su_count(SU_THR(1) | SU_EDGE, p, N_OF(p)), 2);            /* rising */
	assert_int_equal(su_count(SU_THR(1) | SU_EDGE | SU_INV, q, N_OF(q)), 2);   /* falling */
	assert_int_equal(su_count(SU_THR(2) | SU_EDGE, p, N_OF(p)), 1);
	/* thresh 0: the comparison is always true, one rising edge when it starts */
	assert_int_equal(su_count(SU_EDGE, p, N_OF(p)), 1);
	assert_int_equal(su_count(SU_EDGE | SU_INV, p, N_OF(p)), 0);
}

static void test_snbep_u_rst(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	wr(&b, SU_CTR(0), 100);
	wr(&b, SU_CTR(1), 200);
	wr(&b, SU_CTL(0), MSI_RCVD | SU_EN | SU_RST);
	assert_int_equal(rd(&b, SU_CTR(0)), 0);
	assert_int_equal(rd(&b, SU_CTR(1)), 200);
	assert_int_equal(rd(&b, SU_CTL(0)), MSI_RCVD | SU_EN);
	run_counts(m, SU_CODE, pattern, 2);
	assert_int_equal(rd(&b, SU_CTR(0)), 3);
	free(m);
}

static void test_snbep_u_44bit_wrap(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	wr(&b, SU_CTR(0), MAX44 - 1);
	wr(&b, SU_CTL(0), MSI_RCVD | SU_EN);
	run_counts(m, SU_CODE, pattern, 3);   /* 1 + 2 + 3 */
	assert_int_equal(rd(&b, SU_CTR(0)), 4);
	assert_gp(&b, SU_CTR(0), 1ull << 44);
	free(m);
}

static void test_snbep_u_reserved_bits_gp(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	static const unsigned rsv[] = { 19, 20, 21, 29, 30, 31, 32, 63 };
	wr(&b, SU_CTL(1), MSI_RCVD | SU_EN | SU_EDGE | SU_INV | SU_THR(0x1F));
	for (unsigned i = 0; i < N_OF(rsv); i++)
		assert_gp(&b, SU_CTL(1), MSI_RCVD | 1ull << rsv[i]);
	free(m);
}

static void test_snbep_uclk_fixed(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	run(m, NULL, 0, 3);
	assert_int_equal(rd(&b, SU_FCTR), 0);
	wr(&b, SU_FCTL, SU_EN);
	run(m, NULL, 0, 7);
	assert_int_equal(rd(&b, SU_FCTR), 7);
	assert_gp(&b, SU_FCTL, SU_EN | 1u << 20);   /* unconfirmed on 0x2D */
	assert_gp(&b, SU_FCTL, 1);
	/*
	 * 43:0, as the guide gives the U-box data registers (Intel 327043-001): rsv 63:44 dropped
	 */
	wr(&b, SU_FCTR, ~0ull);
	assert_int_equal(rd(&b, SU_FCTR), MAX44);
	run(m, NULL, 0, 2);
	assert_int_equal(rd(&b, SU_FCTR), 1);
	wr(&b, SU_FCTL, 0);
	run(m, NULL, 0, 2);
	assert_int_equal(rd(&b, SU_FCTR), 1);
	/* the variant Linux assumes: 48 bits */
	m->uclk_width = 48;
	wr(&b, SU_FCTR, ~0ull);
	assert_int_equal(rd(&b, SU_FCTR), MAX48);
	wr(&b, SU_FCTL, SU_EN);
	run(m, NULL, 0, 3);
	assert_int_equal(rd(&b, SU_FCTR), 2);
	free(m);
}

static void test_snbep_u_package_scope(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 8, 2, &b);   /* CPUs 0-3: pkg 0, 4-7: pkg 1 */
	wr_on(&b, 3, SU_FCTL, SU_EN);
	wr_on(&b, 5, SU_FCTL, SU_EN);
	run_on(m, 2, NULL, 0, 4);
	run_on(m, 7, NULL, 0, 9);
	assert_int_equal(rd_on(&b, 0, SU_FCTR), 4);
	assert_int_equal(rd_on(&b, 1, SU_FCTR), 4);
	assert_int_equal(rd_on(&b, 4, SU_FCTR), 9);
	free(m);
}

/* ---- SNB-EP C-boxes and PCU (Linux uncore_snbep.c; no seed) ---- */

#define CB_BOX(n)     (0xD04u + 0x20u * (n))
#define CB_CTL(n, i)  (0xD10u + 0x20u * (n) + (i))
#define CB_FILT(n)    (0xD14u + 0x20u * (n))
#define CB_CTR(n, i)  (0xD16u + 0x20u * (n) + (i))
#define PCU_BOX       0xC24u
#define PCU_CTL(i)    (0xC30u + (i))
#define PCU_FILT      0xC34u
#define PCU_CTR(i)    (0xC36u + (i))
#define LLC_LOOKUP    (0x34 | 0x03 << 8)   /* UNC_C_LLC_LOOKUP.DATA_READ: counters 0-1 */
#define TXR_STARVED   (0x03 | 0x02 << 8)   /* UNC_C_TxR_STARVED.AK: no kernel constraint */

/* Counter constraints (Linux uncore_snbep.c): a constrained event counts only on its counters. */
static void test_snbep_cbox_counter_constraints(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	static const struct { uint8_t ev; uint8_t counts; } t[] = {
		{ 0x11, 0x1 }, { 0x36, 0x1 }, { 0x34, 0x3 }, { 0x21, 0x3 }, { 0x1B, 0xC }, { 0x1E, 0xC },
		{ 0x1F, 0xE }, { 0x03, 0xF }, { 0x00, 0xF },
	};
	static const uint32_t p[] = { 1 };
	for (unsigned k = 0; k < N_OF(t); k++) {
		for (unsigned i = 0; i < 4; i++) {
			wr(&b, CB_CTR(5, i), 0);
			wr(&b, CB_CTL(5, i), t[k].ev | 0x01u << 8 | SU_EN);
		}
		run_counts(m, MODEL_UNC_STIM(MODEL_UNC_SNBEP_C0 + 5, t[k].ev, 0x01), p, N_OF(p));
		for (unsigned i = 0; i < 4; i++)
			if (rd(&b, CB_CTR(5, i)) != ((t[k].counts >> i) & 1))
				fail_msg("event 0x%x counter %u: %llu", t[k].ev, i,
					 (unsigned long long)rd(&b, CB_CTR(5, i)));
	}
	free(m);
}

static void test_snbep_cbox_counts_with_8bit_thresh(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	uint32_t c3 = MODEL_UNC_STIM(MODEL_UNC_SNBEP_C0 + 3, 0x03, 0x02);
	static const uint32_t p[] = { 255, 200, 199, 0 };
	wr(&b, CB_CTL(3, 1), TXR_STARVED | SU_EN);
	wr(&b, CB_CTL(3, 2), TXR_STARVED | SU_EN | SU_THR(200));   /* 8-bit threshold (31:24) */
	wr(&b, CB_CTL(3, 3), TXR_STARVED | SU_EN | SU_THR(200) | SU_INV | 1u << 19);   /* TID_EN */
	run_counts(m, c3, p, N_OF(p));
	assert_int_equal(rd(&b, CB_CTR(3, 3)), 2);
	run_counts(m, MODEL_UNC_STIM(MODEL_UNC_SNBEP_C0 + 2, 0x03, 0x02), p, N_OF(p));
	assert_int_equal(rd(&b, CB_CTR(3, 1)), 654);
	assert_int_equal(rd(&b, CB_CTR(3, 2)), 2);
	assert_int_equal(rd(&b, CB_CTR(3, 3)), 6);   /* C-box 2's events are none of C-box 3's */
	assert_int_equal(rd(&b, CB_CTR(2, 1)), 0);
	assert_gp(&b, CB_CTR(3, 0), 1ull << 44);
	assert_gp(&b, CB_CTL(3, 0), LLC_LOOKUP | 1u << 20);
	assert_gp(&b, CB_CTL(3, 0), LLC_LOOKUP | 1u << 21);
	assert_gp(&b, CB_CTL(3, 0), LLC_LOOKUP | 1ull << 32);
	/* The filter holds TID 4:0, NID 17:10, STATE 22:18, OPCODE 31:23 (Linux uncore_snbep.c) */
	wr(&b, CB_FILT(3), 0xFFFFFC1F);
	assert_int_equal(rd(&b, CB_FILT(3)), 0xFFFFFC1F);
	wr(&b, CB_FILT(3), 0x12345418);
	assert_gp(&b, CB_FILT(3), 0x12345418 | 1u << 5);   /* 9:5 and 63:32 are no field */
	assert_gp(&b, CB_FILT(3), 0x12345418 | 1u << 9);
	assert_gp(&b, CB_FILT(3), 1ull << 32);
	assert_int_equal(rd(&b, CB_FILT(3)), 0x12345418);   /* unchanged */
	free(m);
}

static void test_snbep_box_ctl_reset_and_freeze(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	struct model_stim s = { MODEL_UNC_STIM(MODEL_UNC_SNBEP_C0 + 7, 0x34, 0x03), 1 };
	wr(&b, CB_CTL(7, 0), LLC_LOOKUP | SU_EN);
	wr(&b, CB_BOX(7), 0x10100);   /* freeze + freeze enable */
	run(m, &s, 1, 3);
	assert_int_equal(rd(&b, CB_CTR(7, 0)), 0);
	assert_int_equal(rd(&b, CB_BOX(7)), 0x10100);
	wr(&b, CB_BOX(7), 0);
	run(m, &s, 1, 3);
	assert_int_equal(rd(&b, CB_CTR(7, 0)), 3);
	wr(&b, CB_BOX(7), 2);          /* reset counters */
	assert_int_equal(rd(&b, CB_CTR(7, 0)), 0);
	assert_int_equal(rd(&b, CB_CTL(7, 0)), LLC_LOOKUP | SU_EN);
	assert_int_equal(rd(&b, CB_BOX(7)), 0);
	wr(&b, CB_BOX(7), 0x10003);    /* the kernel's init: reset controls and counters */
	assert_int_equal(rd(&b, CB_CTL(7, 0)), 0);
	assert_int_equal(rd(&b, CB_BOX(7)), 0x10000);
	assert_gp(&b, CB_BOX(7), 1u << 2);
	free(m);
}

static void test_snbep_pcu(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	struct model_stim s = { MODEL_UNC_STIM(MODEL_UNC_SNBEP_PCU, 0x0B, 0), 2 };
	wr(&b, PCU_CTL(2), 0x0B | 1u << 14 | SU_EN);   /* occupancy select does not change the event */
	wr(&b, PCU_CTR(2), MAX48 - 1);
	run(m, &s, 1, 2);
	assert_int_equal(rd(&b, PCU_CTR(2)), 2);         /* 48-bit wrap */
	wr(&b, PCU_FILT, 0x20181410);
	assert_int_equal(rd(&b, PCU_FILT), 0x20181410);
	assert_gp(&b, PCU_FILT, 1ull << 32);   /* four 8-bit bands, nothing above (Linux uncore_snbep.c) */
	assert_int_equal(rd(&b, PCU_FILT), 0x20181410);
	wr(&b, PCU_BOX, 1u << 8);
	run(m, &s, 1, 2);
	assert_int_equal(rd(&b, PCU_CTR(2)), 2);
	uint64_t v;
	assert_int_equal(pmu_rdmsr(&b, 0, 0xC35, &v), PMU_ERR_FAULT_GP);   /* unconfirmed status */
	free(m);
}

/* PCU bit 21 extends the event select (Intel's ExtSel): event 0x0B with it is another event. */
static void test_snbep_pcu_ev_sel_ext(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	struct model_stim s[] = {
		{ MODEL_UNC_STIM(MODEL_UNC_SNBEP_PCU, 0x0B, 0), 2 },
		{ MODEL_UNC_STIM(MODEL_UNC_SNBEP_PCU, 0x0B, 1), 5 },
	};
	wr(&b, PCU_CTL(0), 0x0B | SU_EN);
	wr(&b, PCU_CTL(1), 0x0B | 1u << 21 | SU_EN);
	run(m, s, 2, 3);
	assert_int_equal(rd(&b, PCU_CTR(0)), 6);
	assert_int_equal(rd(&b, PCU_CTR(1)), 15);
	assert_gp(&b, PCU_CTL(1), 0x0B | 1u << 20);   /* 20:19 stay reserved */
	assert_int_equal(rd(&b, PCU_CTL(1)), 0x0B | 1u << 21 | SU_EN);
	free(m);
}

/*
 * Firmware that leaves C-box 0 frozen or counting (model_leave_box): package 0's registers
 * read so, now and after the firmware state is set again; package 1's do not; a profile
 * without such a box refuses.
 */
static void test_leave_box(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 2, &b);
	uint64_t v;
	assert_int_equal(model_leave_box(m, MODEL_BOX_FROZEN), PMU_OK);
	assert_int_equal(rd(&b, 0xD04), 0x100);
	assert_int_equal(pmu_rdmsr(&b, 1, 0xD04, &v), PMU_OK);
	assert_int_equal(v, 0);
	model_set_firmware(m, MODEL_FW_CLEAN);
	assert_int_equal(rd(&b, 0xD04), 0x100);
	assert_int_equal(model_leave_box(m, MODEL_BOX_COUNTING), PMU_OK);
	assert_int_equal(rd(&b, 0xD10), 0x400000);
	free(m);
	m = test_model("nehalem-ex", 2, 1, &b);
	assert_int_equal(model_leave_box(m, MODEL_BOX_FROZEN), PMU_ERR_UNSUPPORTED);
	free(m);
}

/* ---- a discovery table's global control (freeze_all: Linux tip b575fc0e3357) ---- */

#define GEN_EN (1ull << 22)   /* the generic control's enable (Linux uncore_discovery.h) */

/* (The backend's own MMIO ops: no write guard here.) */
/* 100 cycles of CHA/CBO 0's clock and iMC channel 0's; what each counter 0 gained. */
static void disc_window(struct model *m, const struct pmu_backend *b, uint64_t imc_box,
			uint64_t *cha, uint64_t *imc)
{
	const struct model_stim s[] = {
		{ MODEL_UNC_STIM(MODEL_UNC_SPR_CHA0, 0x01, 0x00), 1 },
		{ MODEL_UNC_STIM(MODEL_UNC_SPR_IMC0, 0x01, 0x01), 1 },
	};
	uint64_t c0 = rd(b, 0x2008), i0 = 0, i1 = 0;
	assert_int_equal(b->ops->mmio_read(b->ctx, 0, imc_box, 8, &i0), PMU_OK);
	run(m, s, N_OF(s), 100);
	assert_int_equal(b->ops->mmio_read(b->ctx, 0, imc_box, 8, &i1), PMU_OK);
	*cha = rd(b, 0x2008) - c0;
	*imc = i1 - i0;
}

/*
 * Sapphire Rapids: the table's global control (MSR 0x2FF0, the model's) not 0 holds every
 * counter of the package, its MSR CHAs and its MMIO iMC channels; 0 lets them count. Diamond
 * Rapids: the CBB's (MMIO) holds the CBOs only, the IMH's the iMC channels only.
 */
static void test_disc_global_control_holds(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model_clean("sapphire-rapids", 1, 1, &b);
	uint64_t cha, imc, box = 0xC0000000ull + 0x22800, ctl = 0x01 | 0x01 << 8 | GEN_EN;
	wr(&b, 0x2002, 0x01 | GEN_EN);
	assert_int_equal(b.ops->mmio_write(b.ctx, 0, box + 0x40, 4, ctl), PMU_OK);
	disc_window(m, &b, box + 0x08, &cha, &imc);
	assert_int_equal(cha, 100);
	assert_int_equal(imc, 100);
	wr(&b, 0x2FF0, 1);
	disc_window(m, &b, box + 0x08, &cha, &imc);
	assert_int_equal(cha, 0);
	assert_int_equal(imc, 0);
	wr(&b, 0x2FF0, 0);
	disc_window(m, &b, box + 0x08, &cha, &imc);
	assert_int_equal(cha, 100);
	free(m);

	m = test_model_clean("diamond-rapids", 1, 1, &b);
	uint64_t imh = 0x2000000000ull + 0x80000, cbb = imh + 8, v = 0;
	assert_int_equal(b.ops->mmio_read(b.ctx, 0, cbb, 4, &v), PMU_OK);
	assert_int_equal(v, 1);   /* frozen at power-on */
	wr(&b, 0x2002, 0x01 | GEN_EN);
	assert_int_equal(b.ops->mmio_write(b.ctx, 0, box + 0x40, 4, ctl), PMU_OK);
	disc_window(m, &b, box + 0x20, &cha, &imc);
	assert_int_equal(cha, 0);
	assert_int_equal(imc, 100);
	assert_int_equal(b.ops->mmio_write(b.ctx, 0, cbb, 4, 0), PMU_OK);
	assert_int_equal(b.ops->mmio_write(b.ctx, 0, imh, 4, 1), PMU_OK);
	disc_window(m, &b, box + 0x20, &cha, &imc);
	assert_int_equal(cha, 100);
	assert_int_equal(imc, 0);
	assert_int_equal(m->disc_global_writes, 2);
	free(m);
}

/*
 * Diamond Rapids' CBB units are each die's own at the same MSRs (Linux 66e2075426f3: "uncore
 * PMON is die scope"): CPU 2 of die 1 reads its die's CBO 0, not die 0's; each die's CBOs are
 * held by that die's CBB global control only (both frozen at power-on) and count the cycles
 * of that die's CPUs only.
 */
static void test_dmr_cbb_die_scope(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model_clean("diamond-rapids", 4, 1, &b);
	const struct model_stim s[] = { { MODEL_UNC_STIM(MODEL_UNC_SPR_CHA0, 0x01, 0x00), 1 } };
	uint64_t cbb1 = 0x2000000000ull + MODEL_DISC_GLOBALS_OFF + 16;
	for (unsigned c = 2; c < 4; c++)
		assert_int_equal(model_place_die(m, c, 1), PMU_OK);
	wr_on(&b, 0, 0x2002, 0x01 | GEN_EN);
	assert_int_equal(rd_on(&b, 1, 0x2002), 0x01 | GEN_EN);   /* die 0's other CPU */
	assert_int_equal(rd_on(&b, 2, 0x2002), 0);
	wr_on(&b, 3, 0x2002, 0x01 | GEN_EN);
	assert_int_equal(rd_on(&b, 2, 0x2002), 0x01 | GEN_EN);
	assert_int_equal(b.ops->mmio_write(b.ctx, 0, cbb1, 4, 0), PMU_OK);   /* die 1's only */
	run_on(m, 0, s, N_OF(s), 100);
	run_on(m, 2, s, N_OF(s), 50);
	assert_int_equal(rd_on(&b, 0, 0x2008), 0);    /* die 0 still frozen */
	assert_int_equal(rd_on(&b, 3, 0x2008), 50);   /* die 1: its own CPUs' cycles */
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_disc_global_control_holds),
		cmocka_unit_test(test_dmr_cbb_die_scope),
		cmocka_unit_test(test_nhm_counts_when_enabled),
		cmocka_unit_test(test_nhm_needs_local_en),
		cmocka_unit_test(test_nhm_needs_global_en_pc),
		cmocka_unit_test(test_nhm_event_and_umask_select),
		cmocka_unit_test(test_nhm_cmask_ge),
		cmocka_unit_test(test_nhm_cmask_inv_lt),
		cmocka_unit_test(test_nhm_cmask_zero_has_no_effect),
		cmocka_unit_test(test_nhm_edge),
		cmocka_unit_test(test_nhm_occ_ctr_rst_reads_zero),
		cmocka_unit_test(test_nhm_reserved_bits_gp),
		cmocka_unit_test(test_nhm_overflow_wraps_and_sets_status),
		cmocka_unit_test(test_nhm_fixed_counter),
		cmocka_unit_test(test_nhm_pmi_and_pmi_frz),
		cmocka_unit_test(test_nhm_overflow_without_pmi_does_not_freeze),
		cmocka_unit_test(test_nhm_package_scope),
		cmocka_unit_test(test_mbox_counts_inc_sel_up),
		cmocka_unit_test(test_mbox_gating),
		cmocka_unit_test(test_mbox_count_down),
		cmocka_unit_test(test_mbox_count_both),
		cmocka_unit_test(test_mbox_wrap0_stops_at_overflow),
		cmocka_unit_test(test_mbox_wrap0_stops_at_underflow),
		cmocka_unit_test(test_mbox_wrap1_wraps_and_continues),
		cmocka_unit_test(test_mbox_storage_mode_needs_flag),
		cmocka_unit_test(test_mbox_flag_mode_and_storage_mode_apart),
		cmocka_unit_test(test_mbox_reserved_bits_gp),
		cmocka_unit_test(test_mbox_ig_bits_dropped),
		cmocka_unit_test(test_mbox_freeze_after_n),
		cmocka_unit_test(test_mbox_overflow_without_pmi_does_not_freeze),
		cmocka_unit_test(test_ex_rst_all),
		cmocka_unit_test(test_mbox1_is_mbox0_plus_0x40),
		cmocka_unit_test(test_mbox_status_clear_and_subregs),
		cmocka_unit_test(test_ex_ubox_counter),
		cmocka_unit_test(test_uncore_boxes_per_profile),
		cmocka_unit_test(test_ex_package_scope),
		cmocka_unit_test(test_snbep_u_counts),
		cmocka_unit_test(test_snbep_u_thresh_and_invert),
		cmocka_unit_test(test_snbep_u_edge),
		cmocka_unit_test(test_snbep_u_rst),
		cmocka_unit_test(test_snbep_u_44bit_wrap),
		cmocka_unit_test(test_snbep_u_reserved_bits_gp),
		cmocka_unit_test(test_snbep_uclk_fixed),
		cmocka_unit_test(test_snbep_u_package_scope),
		cmocka_unit_test(test_snbep_cbox_counts_with_8bit_thresh),
		cmocka_unit_test(test_snbep_cbox_counter_constraints),
		cmocka_unit_test(test_snbep_box_ctl_reset_and_freeze),
		cmocka_unit_test(test_leave_box),
		cmocka_unit_test(test_snbep_pcu),
		cmocka_unit_test(test_snbep_pcu_ev_sel_ext),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
