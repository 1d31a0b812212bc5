/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The reference model's core PMU against the manual's text (Intel SDM Vol. 3B 18.2, 18.13.2.1):
 * per-cycle event sequences go in, counter values and faults are checked.
 * Bit positions are spelled out from the seed here, independent of lib/hw/layouts_core.c.
 */
#include "testutil.h"
#include "hw/msr.h"

#define USR   (1ull << 16)
#define OS    (1ull << 17)
#define EDGE  (1ull << 18)
#define ANY   (1ull << 21)
#define EN    (1ull << 22)
#define INV   (1ull << 23)
#define CMASK(n) ((uint64_t)(n) << 24)

#define EV_CYCLES  0x003Cu   /* UnHalted Core Cycles */
#define EV_INSTR   0x00C0u   /* Instructions Retired */
#define EV_REF     0x013Cu   /* UnHalted Reference Cycles */
#define EV_LLC_REF 0x4F2Eu   /* LLC Reference: event 0x2E, umask 0x4F */

#define FIXED(i)   (MSR_IA32_FIXED_CTR0 + (i))
#define PMC(n)     (MSR_IA32_PMC0 + (n))
#define A_PMC(n)   (MSR_IA32_A_PMC0 + (n))
#define SEL(n)     (MSR_IA32_PERFEVTSEL0 + (n))
#define GLOBAL_ALL 0x70000000Full   /* 4 GP + 3 fixed counters */
#define CPL_OS 0
#define CPL_USR 3
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

static void wr(const struct pmu_backend *b, uint32_t msr, uint64_t v)
{
	assert_int_equal(pmu_wrmsr(b, 0, msr, v), PMU_OK);
}

static uint64_t rd(const struct pmu_backend *b, uint32_t msr)
{
	uint64_t v = 0;
	assert_int_equal(pmu_rdmsr(b, 0, msr, &v), PMU_OK);
	return v;
}

/* A write that must #GP and leave the register as it was. */
static void wr_gp(const struct pmu_backend *b, uint32_t msr, uint64_t v)
{
	uint64_t before = rd(b, msr);
	assert_int_equal(pmu_wrmsr(b, 0, msr, v), PMU_ERR_FAULT_GP);
	assert_int_equal(rd(b, msr), before);
}

/* One cycle on CPU 0 at cpl with count occurrences of code. */
static void cycle(struct model *m, uint8_t cpl, uint32_t code, uint32_t count)
{
	struct model_stim s = { code, count };
	struct model_cycle c = { cpl, &s, 1 };
	model_run_cycle(m, 0, &c);
}

/* One cycle per entry of counts: counts[i] occurrences of code, at cpl. */
static void run_seq(struct model *m, uint8_t cpl, uint32_t code, const uint32_t *counts, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		cycle(m, cpl, code, counts[i]);
}

/*
 * A profile like nehalem-ep with other CPUID.0AH values (4 GP, 3 fixed counters);
 * p must outlive the model.
 */
static struct model *custom_model(struct custom_profile *p, const char *base, unsigned version,
				  unsigned gp_width, unsigned fixed_width, struct pmu_backend *b)
{
	custom_profile(p, base, version | 4u << 8 | gp_width << 16 | 7u << 24, 3u | fixed_width << 5);
	return test_model_of(&p->p, 2, 1, b);
}

/* Counting a GP counter: PMC0 on LLC Reference in both rings, enabled globally. */
static struct model *gp_setup(struct pmu_backend *b, uint64_t sel_extra)
{
	struct model *m = test_model("nehalem-ep", 2, 1, b);
	wr(b, SEL(0), EV_LLC_REF | USR | OS | EN | sel_extra);
	wr(b, MSR_IA32_PERF_GLOBAL_CTRL, GLOBAL_ALL);
	return m;
}

/* OFFCORE_RSP_0/1 hold the valid bits Linux intel/core.c gives; RSP_1 only from Westmere on. */
static void test_offcore_rsp(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 1, 1, &b);
	wr(&b, 0x1A6, 0xF811);
	assert_int_equal(rd(&b, 0x1A6), 0xF811);
	wr_gp(&b, 0x1A6, 0x1F811);
	uint64_t v;
	assert_int_equal(pmu_rdmsr(&b, 0, 0x1A7, &v), PMU_ERR_FAULT_GP);
	free(m);
	m = test_model("sandy-bridge-ep", 1, 1, &b);
	wr(&b, 0x1A7, 0x600400001ull);
	assert_int_equal(rd(&b, 0x1A7), 0x600400001ull);
	wr_gp(&b, 0x1A6, 1ull << 38);
	wr_gp(&b, 0x1A6, 0x4000);   /* bits 14:12 are not valid on SNB-EP */
	free(m);
}

static void test_gp_counts_only_with_en(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 2, 1, &b);
	wr(&b, MSR_IA32_PERF_GLOBAL_CTRL, GLOBAL_ALL);
	wr(&b, SEL(0), EV_LLC_REF | USR | OS);          /* EN clear */
	cycle(m, CPL_OS, EV_LLC_REF, 5);
	assert_int_equal(rd(&b, PMC(0)), 0);
	wr(&b, SEL(0), EV_LLC_REF | USR | OS | EN);
	cycle(m, CPL_OS, EV_LLC_REF, 5);
	assert_int_equal(rd(&b, PMC(0)), 5);
	/* another event, or the same event select with another umask, is not counted */
	cycle(m, CPL_OS, 0x412E, 7);
	cycle(m, CPL_OS, EV_CYCLES, 1);
	assert_int_equal(rd(&b, PMC(0)), 5);
	free(m);
}

static void test_gp_needs_global_ctrl_bit(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model_clean("nehalem-ep", 2, 1, &b);
	wr(&b, SEL(2), EV_LLC_REF | USR | OS | EN);
	cycle(m, CPL_OS, EV_LLC_REF, 1);                     /* GLOBAL_CTRL is 0 at reset */
	wr(&b, MSR_IA32_PERF_GLOBAL_CTRL, GLOBAL_ALL & ~0x4ull);  /* every bit but PMC2's */
	cycle(m, CPL_OS, EV_LLC_REF, 1);
	assert_int_equal(rd(&b, PMC(2)), 0);
	wr(&b, MSR_IA32_PERF_GLOBAL_CTRL, 0x4);
	cycle(m, CPL_OS, EV_LLC_REF, 1);
	assert_int_equal(rd(&b, PMC(2)), 1);
	free(m);
}

static void test_v1_counts_with_en_alone(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct custom_profile p;
	struct model *m = custom_model(&p, "nehalem-ep", 1, 40, 0, &b);
	uint64_t v;
	/* version 1 has no global registers and no fixed counters */
	assert_int_equal(pmu_wrmsr(&b, 0, MSR_IA32_PERF_GLOBAL_CTRL, 1), PMU_ERR_FAULT_GP);
	assert_int_equal(pmu_rdmsr(&b, 0, FIXED(0), &v), PMU_ERR_FAULT_GP);
	wr(&b, SEL(1), EV_INSTR | USR | OS | EN);
	cycle(m, CPL_USR, EV_INSTR, 4);
	assert_int_equal(rd(&b, PMC(1)), 4);
	free(m);
}

static void test_usr_os_ring_filters(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 2, 1, &b);
	wr(&b, MSR_IA32_PERF_GLOBAL_CTRL, GLOBAL_ALL);
	wr(&b, SEL(0), EV_INSTR | USR | EN);
	wr(&b, SEL(1), EV_INSTR | OS | EN);
	wr(&b, SEL(2), EV_INSTR | USR | OS | EN);
	wr(&b, SEL(3), EV_INSTR | EN);                  /* neither ring: counts nothing */
	cycle(m, CPL_OS, EV_INSTR, 1);
	cycle(m, CPL_USR, EV_INSTR, 10);
	cycle(m, 1, EV_INSTR, 100);                     /* rings 1 and 2 are "user" for USR */
	assert_int_equal(rd(&b, PMC(0)), 110);
	assert_int_equal(rd(&b, PMC(1)), 1);
	assert_int_equal(rd(&b, PMC(2)), 111);
	assert_int_equal(rd(&b, PMC(3)), 0);
	free(m);
}

static void test_fixed_ring_enables(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("westmere-ep", 2, 1, &b);
	wr(&b, MSR_IA32_PERF_GLOBAL_CTRL, GLOBAL_ALL);
	/*
	 * Intel SDM Vol. 3B 18.13.2.1: ENABLE 0 disable, 1 OS, 2 User, 3 all ring levels; all on
	 * FIXED_CTR0
	 */
	static const struct { uint64_t en, os_count, usr_count; } cases[] = {
		{ 0, 0, 0 }, { 1, 2, 0 }, { 2, 0, 3 }, { 3, 2, 3 },
	};
	for (unsigned i = 0; i < NELEM(cases); i++) {
		wr(&b, FIXED(0), 0);
		wr(&b, MSR_IA32_FIXED_CTR_CTRL, cases[i].en);
		cycle(m, CPL_OS, EV_INSTR, 2);
		assert_int_equal(rd(&b, FIXED(0)), cases[i].os_count);
		cycle(m, CPL_USR, EV_INSTR, 3);
		assert_int_equal(rd(&b, FIXED(0)), cases[i].os_count + cases[i].usr_count);
	}
	free(m);
}

static void test_fixed_counters_need_global_bit_and_count_their_event(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model_clean("nehalem-ex", 2, 1, &b);
	struct model_stim s[] = { { EV_INSTR, 3 }, { EV_CYCLES, 1 }, { EV_REF, 2 }, { EV_LLC_REF, 9 } };
	struct model_cycle c = { CPL_USR, s, NELEM(s) };
	wr(&b, MSR_IA32_FIXED_CTR_CTRL, 0x333);
	wr(&b, MSR_IA32_PERF_GLOBAL_CTRL, 0x500000000ull);   /* FIXED_CTR0 and FIXED_CTR2 only */
	model_run_cycle(m, 0, &c);
	model_run_cycle(m, 0, &c);
	assert_int_equal(rd(&b, FIXED(0)), 6);    /* instructions retired */
	assert_int_equal(rd(&b, FIXED(1)), 0);    /* GLOBAL_CTRL bit 33 clear */
	assert_int_equal(rd(&b, FIXED(2)), 4);    /* reference cycles */
	wr(&b, MSR_IA32_PERF_GLOBAL_CTRL, 0x200000000ull);
	model_run_cycle(m, 0, &c);
	cycle(m, CPL_USR, EV_REF, 1);             /* not a core cycle */
	assert_int_equal(rd(&b, FIXED(1)), 1);
	assert_int_equal(rd(&b, FIXED(0)), 6);
	free(m);
}

static void test_cmask0_counts_every_occurrence(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = gp_setup(&b, 0);
	static const uint32_t seq[] = { 3, 0, 2, 5, 1 };
	run_seq(m, CPL_OS, EV_LLC_REF, seq, NELEM(seq));
	assert_int_equal(rd(&b, PMC(0)), 11);
	/* two stimuli of the same code in one cycle add up */
	struct model_stim s[] = { { EV_LLC_REF, 2 }, { EV_LLC_REF, 4 } };
	struct model_cycle c = { CPL_OS, s, NELEM(s) };
	model_run_cycle(m, 0, &c);
	assert_int_equal(rd(&b, PMC(0)), 17);
	free(m);
}

static void test_cmask_counts_cycles_at_or_above(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = gp_setup(&b, CMASK(2));
	static const uint32_t seq[] = { 1, 2, 3, 0, 4, 1 };   /* >= 2 in cycles 2, 3, 5 */
	run_seq(m, CPL_OS, EV_LLC_REF, seq, NELEM(seq));
	assert_int_equal(rd(&b, PMC(0)), 3);
	free(m);
}

static void test_inv_with_cmask_counts_cycles_below(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = gp_setup(&b, CMASK(2) | INV);
	static const uint32_t seq[] = { 1, 2, 3, 0, 4, 1 };   /* < 2 in cycles 1, 4, 6 */
	run_seq(m, CPL_OS, EV_LLC_REF, seq, NELEM(seq));
	assert_int_equal(rd(&b, PMC(0)), 3);
	free(m);
}

static void test_inv_ignored_when_cmask0(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = gp_setup(&b, INV);
	static const uint32_t seq[] = { 3, 0, 2 };
	run_seq(m, CPL_OS, EV_LLC_REF, seq, NELEM(seq));
	assert_int_equal(rd(&b, PMC(0)), 5);
	free(m);
}

static void test_edge_counts_rising_transitions(void **state)
{
	(void)state;
	static const struct { uint64_t sel; uint32_t seq[7]; uint64_t want; } cases[] = {
		{ EDGE, { 1, 1, 0, 1 }, 2 },                   /* condition 1,1,0,1 */
		{ EDGE, { 5, 0, 0, 3, 3, 3, 1 }, 2 },           /* counts transitions, not events */
		{ EDGE | CMASK(2), { 2, 3, 1, 2, 2, 0, 4 }, 3 }, /* condition 1,1,0,1,1,0,1 */
		{ EDGE | CMASK(1) | INV, { 1, 0, 0, 1, 0, 1, 1 }, 2 }, /* no event: 0,1,1,0,1,0,0 */
	};
	for (unsigned i = 0; i < NELEM(cases); i++) {
		struct pmu_backend b;
		struct model *m = gp_setup(&b, cases[i].sel);
		run_seq(m, CPL_OS, EV_LLC_REF, cases[i].seq, NELEM(cases[i].seq));
		assert_int_equal(rd(&b, PMC(0)), cases[i].want);
		free(m);
	}
}

static void test_edge_history_is_per_counter_and_ring_qualified(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = gp_setup(&b, EDGE);
	wr(&b, SEL(1), EV_INSTR | USR | OS | EN | EDGE);
	wr(&b, SEL(2), EV_LLC_REF | USR | EN | EDGE);
	struct model_stim both[] = { { EV_LLC_REF, 1 }, { EV_INSTR, 1 } };
	struct model_cycle c = { CPL_USR, both, NELEM(both) };
	model_run_cycle(m, 0, &c);   /* both rise */
	cycle(m, CPL_USR, EV_LLC_REF, 1);   /* PMC1 falls */
	model_run_cycle(m, 0, &c);   /* PMC1 rises again */
	c.cpl = CPL_OS;
	model_run_cycle(m, 0, &c);   /* PMC2 does not count ring 0: its condition falls */
	c.cpl = CPL_USR;
	model_run_cycle(m, 0, &c);   /* and rises */
	assert_int_equal(rd(&b, PMC(0)), 1);
	assert_int_equal(rd(&b, PMC(1)), 2);
	assert_int_equal(rd(&b, PMC(2)), 2);
	free(m);
}

static void test_gp_wraps_at_48_bits_and_sets_status(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = gp_setup(&b, 0);
	wr(&b, SEL(3), EV_LLC_REF | USR | OS | EN);
	wr(&b, PMC(0), (uint64_t)-2);        /* sign-extends to 2^48 - 2 */
	assert_int_equal(rd(&b, PMC(0)), 0xFFFFFFFFFFFEull);
	cycle(m, CPL_OS, EV_LLC_REF, 1);
	assert_int_equal(rd(&b, PMC(0)), 0xFFFFFFFFFFFFull);
	assert_int_equal(rd(&b, MSR_IA32_PERF_GLOBAL_STATUS), 0);
	cycle(m, CPL_OS, EV_LLC_REF, 2);
	assert_int_equal(rd(&b, PMC(0)), 1);
	assert_int_equal(rd(&b, PMC(3)), 3);
	assert_int_equal(rd(&b, MSR_IA32_PERF_GLOBAL_STATUS), 0x1);
	free(m);
}

/* GP and fixed counters of CPUID width w wrap at 2^w and set their GLOBAL_STATUS bit. */
static void check_wrap_at(unsigned w)
{
	struct pmu_backend b;
	struct custom_profile p;
	struct model *m = custom_model(&p, "sandy-bridge-ep", 3, w, w, &b);
	uint64_t top = (1ull << w) - 1;
	wr(&b, SEL(1), EV_CYCLES | OS | EN);
	wr(&b, MSR_IA32_FIXED_CTR_CTRL, 0x010);              /* FIXED_CTR1, OS */
	wr(&b, MSR_IA32_PERF_GLOBAL_CTRL, GLOBAL_ALL);
	wr(&b, A_PMC(1), top - 1);
	wr(&b, FIXED(1), top);
	assert_int_equal(pmu_wrmsr(&b, 0, A_PMC(1), top + 1), PMU_ERR_FAULT_GP);
	assert_int_equal(pmu_wrmsr(&b, 0, FIXED(1), top + 1), PMU_ERR_FAULT_GP);
	cycle(m, CPL_OS, EV_CYCLES, 1);
	assert_int_equal(rd(&b, PMC(1)), top);
	assert_int_equal(rd(&b, FIXED(1)), 0);
	assert_int_equal(rd(&b, MSR_IA32_PERF_GLOBAL_STATUS), 1ull << 33);
	cycle(m, CPL_OS, EV_CYCLES, 1);
	assert_int_equal(rd(&b, PMC(1)), 0);
	assert_int_equal(rd(&b, FIXED(1)), 1);
	assert_int_equal(rd(&b, MSR_IA32_PERF_GLOBAL_STATUS), 1ull << 33 | 0x2);
	free(m);
}

static void test_wrap_at_40_and_44_bits(void **state)
{
	(void)state;
	check_wrap_at(40);
	check_wrap_at(44);
	check_wrap_at(48);
}

static void test_ovf_ctrl_clears_status_bits(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = gp_setup(&b, 0);
	wr(&b, SEL(2), EV_LLC_REF | OS | EN);
	wr(&b, MSR_IA32_FIXED_CTR_CTRL, 0x001);
	wr(&b, PMC(0), 0xFFFFFFFF);
	wr(&b, PMC(2), 0xFFFFFFFF);
	wr(&b, FIXED(0), 0xFFFFFFFFFFFFull);
	struct model_stim s[] = { { EV_LLC_REF, 1 }, { EV_INSTR, 1 } };
	struct model_cycle c = { CPL_OS, s, NELEM(s) };
	model_run_cycle(m, 0, &c);
	assert_int_equal(rd(&b, MSR_IA32_PERF_GLOBAL_STATUS), 0x100000005ull);
	wr_gp(&b, MSR_IA32_PERF_GLOBAL_STATUS, 0);           /* read-only */
	wr(&b, MSR_IA32_PERF_GLOBAL_OVF_CTRL, 0x4);
	assert_int_equal(rd(&b, MSR_IA32_PERF_GLOBAL_STATUS), 0x100000001ull);
	assert_int_equal(rd(&b, MSR_IA32_PERF_GLOBAL_OVF_CTRL), 0);
	/* reserved: PMC4 and FIXED_CTR3 do not exist */
	assert_int_equal(pmu_wrmsr(&b, 0, MSR_IA32_PERF_GLOBAL_OVF_CTRL, 0x10), PMU_ERR_FAULT_GP);
	assert_int_equal(pmu_wrmsr(&b, 0, MSR_IA32_PERF_GLOBAL_OVF_CTRL, 1ull << 35), PMU_ERR_FAULT_GP);
	assert_int_equal(rd(&b, MSR_IA32_PERF_GLOBAL_STATUS), 0x100000001ull);
	/* the kernel's and likwid's acknowledgements (with bits 61-63) are accepted */
	wr(&b, MSR_IA32_PERF_GLOBAL_OVF_CTRL, 7ull << 61 | 0x100000001ull);   /* 61: uncore, v3 */
	assert_int_equal(rd(&b, MSR_IA32_PERF_GLOBAL_STATUS), 0);
	free(m);
}

static void test_pmc_write_sign_extends_from_bit31(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 2, 1, &b);
	wr(&b, PMC(0), 0x80000000);
	assert_int_equal(rd(&b, PMC(0)), 0xFFFF80000000ull);
	wr(&b, PMC(0), 0x7FFFFFFF);
	assert_int_equal(rd(&b, PMC(0)), 0x7FFFFFFF);
	wr(&b, PMC(0), 0x1234500000005ull);                  /* bits 63:32 are not written */
	assert_int_equal(rd(&b, PMC(0)), 5);
	wr(&b, PMC(0), 0xFFFFFFFF00000000ull);
	assert_int_equal(rd(&b, PMC(0)), 0);
	free(m);
}

static void test_a_pmc_writes_full_width(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	uint64_t v;
	wr(&b, A_PMC(2), 0x923456789ABCull);
	assert_int_equal(rd(&b, PMC(2)), 0x923456789ABCull);
	assert_int_equal(rd(&b, A_PMC(2)), 0x923456789ABCull);
	wr_gp(&b, A_PMC(2), 1ull << 48);
	wr_gp(&b, A_PMC(2), 1ull << 63);
	assert_int_equal(rd(&b, PMC(2)), 0x923456789ABCull);
	free(m);
	/* without PERF_CAPABILITIES[13] the alias does not exist */
	m = test_model("nehalem-ep", 2, 1, &b);
	assert_int_equal(pmu_wrmsr(&b, 0, A_PMC(0), 1), PMU_ERR_FAULT_GP);
	assert_int_equal(pmu_rdmsr(&b, 0, A_PMC(0), &v), PMU_ERR_FAULT_GP);
	free(m);
}

static void test_fixed_ctr_write_full_width(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 2, 1, &b);
	wr(&b, FIXED(2), 0xFFFF80000001ull);                 /* no sign extension here */
	assert_int_equal(rd(&b, FIXED(2)), 0xFFFF80000001ull);
	wr_gp(&b, FIXED(2), 1ull << 48);
	wr_gp(&b, FIXED(2), 0xFFFFFFFFFFFFFFFFull);
	free(m);
}

static void test_evtsel_reserved_bits_fault(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 2, 1, &b);
	struct custom_profile p;
	wr(&b, SEL(0), 0x4300C0);
	for (unsigned bitn = 32; bitn < 64; bitn++)
		wr_gp(&b, SEL(0), 0x4300C0 | 1ull << bitn);
	assert_int_equal(rd(&b, SEL(0)), 0x4300C0);
	wr(&b, SEL(0), 0xFFFFFFFF);                          /* every low bit, AnyThread too, on v3 */
	assert_int_equal(rd(&b, SEL(0)), 0xFFFFFFFF);
	free(m);
	m = custom_model(&p, "nehalem-ep", 2, 48, 48, &b);
	wr_gp(&b, SEL(0), 0x4300C0 | ANY);                   /* AnyThread is v3+ */
	assert_int_equal(rd(&b, SEL(0)), 0);
	free(m);
}

static void test_fixed_ctrl_reserved_bits_fault(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("westmere-ex", 2, 1, &b);
	struct custom_profile p;
	wr(&b, MSR_IA32_FIXED_CTR_CTRL, 0xFFF);
	wr_gp(&b, MSR_IA32_FIXED_CTR_CTRL, 0x1000);          /* nibble of a 4th fixed counter */
	wr_gp(&b, MSR_IA32_FIXED_CTR_CTRL, 1ull << 63);
	assert_int_equal(rd(&b, MSR_IA32_FIXED_CTR_CTRL), 0xFFF);
	free(m);
	m = custom_model(&p, "nehalem-ep", 2, 48, 48, &b);
	wr(&b, MSR_IA32_FIXED_CTR_CTRL, 0xBBB);              /* en + PMI */
	wr_gp(&b, MSR_IA32_FIXED_CTR_CTRL, 0x040);           /* AnyThread is v3+ */
	free(m);
}

static void test_global_ctrl_reserved_bits_fault(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	wr(&b, MSR_IA32_PERF_GLOBAL_CTRL, GLOBAL_ALL);
	wr_gp(&b, MSR_IA32_PERF_GLOBAL_CTRL, 0x10);          /* PMC4 does not exist */
	wr_gp(&b, MSR_IA32_PERF_GLOBAL_CTRL, 1ull << 35);    /* FIXED_CTR3 neither */
	wr_gp(&b, MSR_IA32_PERF_GLOBAL_CTRL, 1ull << 48);
	assert_int_equal(rd(&b, MSR_IA32_PERF_GLOBAL_CTRL), GLOBAL_ALL);
	free(m);
}

static void test_rdpmc_reads_gp_and_fixed(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 2, 1, &b);
	uint64_t v;
	for (unsigned i = 0; i < 4; i++)
		wr(&b, PMC(i), 0x100 + i);
	for (unsigned i = 0; i < 3; i++)
		wr(&b, FIXED(i), 0xABC000000000ull + i);
	for (unsigned i = 0; i < 4; i++) {
		assert_int_equal(pmu_rdpmc(&b, 0, i, &v), PMU_OK);
		assert_int_equal(v, 0x100 + i);
	}
	for (unsigned i = 0; i < 3; i++) {
		assert_int_equal(pmu_rdpmc(&b, 0, 1u << 30 | i, &v), PMU_OK);
		assert_int_equal(v, 0xABC000000000ull + i);
	}
	assert_int_equal(pmu_rdpmc(&b, 0, 4, &v), PMU_ERR_FAULT_GP);
	assert_int_equal(pmu_rdpmc(&b, 0, 1u << 30 | 3, &v), PMU_ERR_FAULT_GP);
	assert_int_equal(pmu_rdpmc(&b, 0, 1u << 31, &v), PMU_ERR_FAULT_GP);
	assert_int_equal(pmu_rdpmc(&b, 1, 0, &v), PMU_OK);   /* per-CPU counters */
	assert_int_equal(v, 0);
	free(m);
}

static void test_counting_is_per_cpu(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = gp_setup(&b, 0);
	struct model_stim s = { EV_LLC_REF, 4 };
	struct model_cycle c = { CPL_OS, &s, 1 };
	model_run_cycle(m, 1, &c);           /* CPU 1 is not programmed */
	assert_int_equal(rd(&b, PMC(0)), 0);
	model_run_cycle(m, 0, &c);
	assert_int_equal(rd(&b, PMC(0)), 4);
	free(m);
}

static void test_narrow_counters_wrap_early(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	m->broken.narrow_counters = 8;       /* CPUID says 48, the counters have 40 */
	wr(&b, SEL(0), EV_LLC_REF | OS | EN);
	wr(&b, MSR_IA32_FIXED_CTR_CTRL, 0x001);
	wr(&b, MSR_IA32_PERF_GLOBAL_CTRL, GLOBAL_ALL);
	wr(&b, A_PMC(0), 0xFFFFFFFFFFFFull);  /* valid for CPUID, but not held */
	assert_int_equal(rd(&b, PMC(0)), 0xFFFFFFFFFFull);
	wr(&b, FIXED(0), 0xFFFFFFFFFFull);
	wr(&b, PMC(0), (uint64_t)-1);
	assert_int_equal(rd(&b, PMC(0)), 0xFFFFFFFFFFull);
	struct model_stim s[] = { { EV_LLC_REF, 1 }, { EV_INSTR, 1 } };
	struct model_cycle c = { CPL_OS, s, NELEM(s) };
	model_run_cycle(m, 0, &c);
	assert_int_equal(rd(&b, PMC(0)), 0);
	assert_int_equal(rd(&b, FIXED(0)), 0);
	assert_int_equal(rd(&b, MSR_IA32_PERF_GLOBAL_STATUS), 0x100000001ull);
	free(m);
}

static void test_ignore_enable_counts_anyway(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model_clean("nehalem-ep", 2, 1, &b);
	m->broken.ignore_enable = true;
	wr(&b, SEL(0), EV_LLC_REF | USR | OS);               /* EN clear, GLOBAL_CTRL 0 */
	wr(&b, SEL(1), EV_LLC_REF | USR);                    /* the ring filter still holds */
	wr(&b, MSR_IA32_FIXED_CTR_CTRL, 0x020);              /* FIXED_CTR0 off, FIXED_CTR1 user */
	struct model_stim s[] = { { EV_LLC_REF, 2 }, { EV_INSTR, 3 }, { EV_CYCLES, 1 } };
	struct model_cycle c = { CPL_OS, s, NELEM(s) };
	model_run_cycle(m, 0, &c);
	c.cpl = CPL_USR;
	model_run_cycle(m, 0, &c);
	assert_int_equal(rd(&b, PMC(0)), 4);
	assert_int_equal(rd(&b, PMC(1)), 2);
	assert_int_equal(rd(&b, FIXED(0)), 6);
	assert_int_equal(rd(&b, FIXED(1)), 1);
	free(m);
}

static void test_no_pmu_counts_nothing(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("no-pmu", 1, 1, &b);
	uint64_t v;
	cycle(m, CPL_OS, EV_INSTR, 1);
	assert_int_equal(pmu_rdpmc(&b, 0, 0, &v), PMU_ERR_FAULT_GP);
	assert_int_equal(pmu_rdmsr(&b, 0, PMC(0), &v), PMU_ERR_FAULT_GP);
	free(m);
}

/*
 * Ice Lake-SP (v5, PERF_CAPABILITIES[15]): FIXED_CTR3 counts the profile's 5 slots per
 * unhalted cycle; with GLOBAL_CTRL bit 48 IA32_PERF_METRICS gives the level-1 split in
 * 1/0xFF units (the model's split: one slot per instruction retired, a mispredict loses
 * the cycle's other slots, the rest back-end bound). A write stores the value afresh.
 */
static void test_slots_and_perf_metrics(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model_clean("icelake-sp", 1, 1, &b);
	wr(&b, MSR_IA32_FIXED_CTR_CTRL, 0x3000);                 /* FIXED_CTR3 both rings */
	wr(&b, MSR_IA32_PERF_GLOBAL_CTRL, 1ull << 35 | 1ull << 48);
	struct model_stim st[] = { { EV_CYCLES, 1 }, { EV_INSTR, 2 } };
	struct model_cycle c = { CPL_OS, st, 2 };
	for (unsigned i = 0; i < 3; i++)
		model_run_cycle(m, 0, &c);
	struct model_stim mp[] = { { EV_CYCLES, 1 }, { EV_INSTR, 1 }, { 0x00C5, 1 } };
	struct model_cycle cm = { CPL_OS, mp, 3 };
	model_run_cycle(m, 0, &cm);
	assert_int_equal(rd(&b, FIXED(3)), 20);
	/* retiring 7/20, bad speculation 4/20, back-end bound 9/20, of 0xFF each */
	assert_true(rd(&b, MSR_IA32_PERF_METRICS) == (0x72ull << 24 | 0x33 << 8 | 0x59));
	wr(&b, MSR_IA32_PERF_METRICS, 0);
	assert_true(rd(&b, MSR_IA32_PERF_METRICS) == 0);
	/* without bit 48 the slots count, the split does not */
	wr(&b, MSR_IA32_PERF_GLOBAL_CTRL, 1ull << 35);
	model_run_cycle(m, 0, &c);
	assert_int_equal(rd(&b, FIXED(3)), 25);
	assert_true(rd(&b, MSR_IA32_PERF_METRICS) == 0);
	free(m);
}

/*
 * v4 (Skylake-SP): GLOBAL_STATUS_SET sets what STATUS_RESET clears (never CondChgd);
 * CTR_Frz stops every counter; GLOBAL_INUSE (read only) has bit n for an event selected
 * on PMCn, 32+i for FIXED_CTRi's enables, 63 for a PMI asked for.
 */
static void test_v4_status_set_freeze_inuse(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model_clean("skylake-sp", 1, 1, &b);
	wr(&b, SEL(0), EN | OS | EV_INSTR);
	wr(&b, SEL(2), 0x2E | 1ull << 20);                       /* selected, INT, not enabled */
	wr(&b, MSR_IA32_FIXED_CTR_CTRL, 0x30);
	assert_true(rd(&b, MSR_IA32_PERF_GLOBAL_INUSE) == (0x5 | 1ull << 33 | 1ull << 63));
	wr_gp(&b, MSR_IA32_PERF_GLOBAL_INUSE, 0);
	wr(&b, MSR_IA32_PERF_GLOBAL_CTRL, 1);
	wr(&b, MSR_IA32_PERF_GLOBAL_STATUS_SET, 1ull << 59 | 1);
	assert_true(rd(&b, MSR_IA32_PERF_GLOBAL_STATUS) == (1ull << 59 | 1));
	assert_int_equal(pmu_wrmsr(&b, 0, MSR_IA32_PERF_GLOBAL_STATUS_SET, 1ull << 63),
			 PMU_ERR_FAULT_GP);
	cycle(m, CPL_OS, EV_INSTR, 3);
	assert_int_equal(rd(&b, PMC(0)), 0);                     /* frozen */
	wr(&b, MSR_IA32_PERF_GLOBAL_OVF_CTRL, 1ull << 59);
	cycle(m, CPL_OS, EV_INSTR, 3);
	assert_int_equal(rd(&b, PMC(0)), 3);
	assert_true(rd(&b, MSR_IA32_PERF_GLOBAL_STATUS) == 1);
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_offcore_rsp),
		cmocka_unit_test(test_gp_counts_only_with_en),
		cmocka_unit_test(test_gp_needs_global_ctrl_bit),
		cmocka_unit_test(test_v1_counts_with_en_alone),
		cmocka_unit_test(test_usr_os_ring_filters),
		cmocka_unit_test(test_fixed_ring_enables),
		cmocka_unit_test(test_fixed_counters_need_global_bit_and_count_their_event),
		cmocka_unit_test(test_cmask0_counts_every_occurrence),
		cmocka_unit_test(test_cmask_counts_cycles_at_or_above),
		cmocka_unit_test(test_inv_with_cmask_counts_cycles_below),
		cmocka_unit_test(test_inv_ignored_when_cmask0),
		cmocka_unit_test(test_edge_counts_rising_transitions),
		cmocka_unit_test(test_edge_history_is_per_counter_and_ring_qualified),
		cmocka_unit_test(test_gp_wraps_at_48_bits_and_sets_status),
		cmocka_unit_test(test_wrap_at_40_and_44_bits),
		cmocka_unit_test(test_ovf_ctrl_clears_status_bits),
		cmocka_unit_test(test_pmc_write_sign_extends_from_bit31),
		cmocka_unit_test(test_a_pmc_writes_full_width),
		cmocka_unit_test(test_fixed_ctr_write_full_width),
		cmocka_unit_test(test_evtsel_reserved_bits_fault),
		cmocka_unit_test(test_fixed_ctrl_reserved_bits_fault),
		cmocka_unit_test(test_global_ctrl_reserved_bits_fault),
		cmocka_unit_test(test_rdpmc_reads_gp_and_fixed),
		cmocka_unit_test(test_counting_is_per_cpu),
		cmocka_unit_test(test_narrow_counters_wrap_early),
		cmocka_unit_test(test_ignore_enable_counts_anyway),
		cmocka_unit_test(test_no_pmu_counts_nothing),
		cmocka_unit_test(test_slots_and_perf_metrics),
		cmocka_unit_test(test_v4_status_set_freeze_inuse),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
