/*
 * The reference model's AMD core counters (lib/model/model_core_amd.c) against the AMD64
 * APM vol. 2 13.2 and the PPRs, on the zen2 (Rome, PerfCtrExtCore) and zen4 (Genoa,
 * PerfMonV2) profiles; and the tool's PERF_CTL field table (lib/hw/layouts_amd.c) against
 * the same figure. Bit positions and MSR numbers are spelled out here from the APM.
 */
#include "testutil.h"
#include "hw/layouts_amd.h"

#define USR (1ull << 16)
#define OS (1ull << 17)
#define EN (1ull << 22)
#define INV (1ull << 23)
#define CMASK(n) ((uint64_t)(n) << 24)
#define LEGACY_CTL(n) (0xC0010000u + (n))
#define LEGACY_CTR(n) (0xC0010004u + (n))
#define CTL(n) (0xC0010200u + 2 * (n))
#define CTR(n) (0xC0010201u + 2 * (n))
#define G_STATUS 0xC0000300u
#define G_CTL 0xC0000301u
#define G_CLR 0xC0000302u
#define G_SET 0xC0000303u
#define HWCR 0xC0010015u
#define IRPERF 0xC00000E9u
#define RETIRED 0x00C0u        /* the stimulus of retired instructions (model.h) */
#define SEL_INST (0xC0 | USR | OS | EN)   /* PMCx0C0 Retired Instructions */
#define TOP48 ((1ull << 48) - 1)

static struct model *zen(const char *profile, struct pmu_backend *b)
{
	return test_model_clean(profile, 1, 1, b);
}

static void retire(struct model *m, uint8_t cpl, uint32_t n)
{
	struct model_stim s = { RETIRED, n };
	struct model_cycle c = { cpl, &s, 1 };
	model_run_cycle(m, 0, &c);
}

static pmu_status wr(const struct pmu_backend *b, uint32_t msr, uint64_t v)
{
	return pmu_wrmsr(b, 0, msr, v);
}

/* APM 13.2.1: "the legacy ... MSRs are aliased" onto the first four extended counters. */
static void test_legacy_msrs_alias_the_first_four(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = zen("zen2", &b);
	for (unsigned n = 0; n < 4; n++) {
		wr_on(&b, 0, LEGACY_CTL(n), 0x4300C2 + n);
		assert_int_equal(rd_on(&b, 0, CTL(n)), 0x4300C2 + n);
		wr_on(&b, 0, CTR(n), 0x123456789AB0ull + n);
		assert_int_equal(rd_on(&b, 0, LEGACY_CTR(n)), 0x123456789AB0ull + n);
	}
	wr_on(&b, 0, CTL(4), 0x4300C0);   /* counters 4 and 5 have no legacy name */
	assert_int_equal(rd_on(&b, 0, LEGACY_CTL(3)), 0x4300C5);
	free(m);
}

/* 48-bit counters, full-width writes; a wrap leaves the low bits (no status without PerfMonV2). */
static void test_counter_48_bits_wraps(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = zen("zen2", &b);
	wr_on(&b, 0, CTR(2), TOP48 - 1);
	assert_int_equal(wr(&b, CTR(2), 1ull << 48), PMU_ERR_FAULT_GP);
	assert_int_equal(rd_on(&b, 0, CTR(2)), TOP48 - 1);
	wr_on(&b, 0, CTL(2), SEL_INST);
	retire(m, 0, 5);
	assert_int_equal(rd_on(&b, 0, CTR(2)), 3);
	uint64_t v;
	assert_int_equal(pmu_rdmsr(&b, 0, G_STATUS, &v), PMU_ERR_FAULT_GP);   /* no PerfMonV2 */
	assert_int_equal(pmu_rdpmc(&b, 0, 2, &v), PMU_OK);
	assert_int_equal(v, 3);
	assert_int_equal(pmu_rdpmc(&b, 0, 6, &v), PMU_ERR_FAULT_GP);
	free(m);
}

/* EN gates, USR/OS pick the ring, CntMask/Inv compare per cycle. */
static void test_enable_ring_and_cmask(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = zen("zen3", &b);
	wr_on(&b, 0, CTL(0), SEL_INST & ~EN);
	wr_on(&b, 0, CTL(1), 0xC0 | OS | EN);
	wr_on(&b, 0, CTL(2), SEL_INST | CMASK(2));
	wr_on(&b, 0, CTL(3), SEL_INST | CMASK(2) | INV);
	wr_on(&b, 0, CTL(4), 0x76 | USR | OS | EN);    /* cycles: no stimulus here counts them */
	wr_on(&b, 0, CTL(5), 0x1C0 | USR | OS | EN);   /* umask 1: another event */
	retire(m, 0, 3);
	retire(m, 3, 1);
	assert_int_equal(rd_on(&b, 0, CTR(0)), 0);
	assert_int_equal(rd_on(&b, 0, CTR(1)), 3);
	assert_int_equal(rd_on(&b, 0, CTR(2)), 1);
	assert_int_equal(rd_on(&b, 0, CTR(3)), 1);
	assert_int_equal(rd_on(&b, 0, CTR(4)), 0);
	assert_int_equal(rd_on(&b, 0, CTR(5)), 0);
	free(m);
}

/* PerfMonV2: a counter counts only with both its EN and its PerfCntrGlobalCtl bit. */
static void test_perfmon_v2_global_gate_and_status(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = zen("zen4", &b);
	wr_on(&b, 0, CTL(0), SEL_INST);
	wr_on(&b, 0, CTL(1), SEL_INST);
	wr_on(&b, 0, CTR(1), TOP48);
	wr_on(&b, 0, G_CTL, 0x1);
	retire(m, 0, 2);
	assert_int_equal(rd_on(&b, 0, CTR(0)), 2);
	assert_int_equal(rd_on(&b, 0, CTR(1)), TOP48);
	wr_on(&b, 0, G_CTL, 0x2);
	retire(m, 0, 2);
	assert_int_equal(rd_on(&b, 0, CTR(0)), 2);
	assert_int_equal(rd_on(&b, 0, CTR(1)), 1);
	assert_int_equal(rd_on(&b, 0, G_STATUS), 0x2);              /* the wrap latched */
	assert_int_equal(wr(&b, G_STATUS, 0), PMU_ERR_FAULT_GP);      /* read only */
	wr_on(&b, 0, G_SET, 0x21);
	assert_int_equal(rd_on(&b, 0, G_STATUS), 0x23);
	wr_on(&b, 0, G_CLR, 0x3);
	assert_int_equal(rd_on(&b, 0, G_STATUS), 0x20);
	assert_int_equal(rd_on(&b, 0, G_CLR), 0);
	assert_int_equal(wr(&b, G_CTL, 0x40), PMU_ERR_FAULT_GP);      /* no 7th counter */
	assert_int_equal(wr(&b, G_CLR, 1ull << 6), PMU_ERR_FAULT_GP);
	free(m);
}

/* #GP on what a part lacks and on PERF_CTL's reserved bits (19, 21, 39:36, 63:42). */
static void test_missing_and_reserved_fault(void **state)
{
	(void)state;
	static const uint32_t zen2_lacks[] = { G_CTL, G_STATUS, CTL(6), CTR(6), 0x186, 0xC1,
					      0x38F, 0x345, 0x1A0, 0x34 };
	static const uint64_t reserved[] = { 1ull << 19, 1ull << 21, 1ull << 36, 1ull << 39,
					     1ull << 42, 1ull << 63 };
	struct pmu_backend b;
	struct model *m = zen("zen2", &b);
	uint64_t v;
	for (unsigned i = 0; i < sizeof(zen2_lacks) / sizeof(zen2_lacks[0]); i++) {
		assert_int_equal(pmu_rdmsr(&b, 0, zen2_lacks[i], &v), PMU_ERR_FAULT_GP);
		assert_int_equal(wr(&b, zen2_lacks[i], 0), PMU_ERR_FAULT_GP);
	}
	for (unsigned i = 0; i < sizeof(reserved) / sizeof(reserved[0]); i++)
		assert_int_equal(wr(&b, CTL(0), 0xC0 | reserved[i]), PMU_ERR_FAULT_GP);
	wr_on(&b, 0, CTL(0), 0x7FFFFull | 1ull << 20 | 0xFFC00000ull | 0xFull << 32 | 3ull << 40);
	free(m);
}

/* IRPERF counts retired instructions while HWCR[30] IRPerfEn is set. */
static void test_irperf_follows_hwcr(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = zen("zen4", &b);
	retire(m, 0, 4);
	assert_int_equal(rd_on(&b, 0, IRPERF), 0);
	wr_on(&b, 0, HWCR, 1ull << 30);
	retire(m, 3, 4);
	assert_int_equal(rd_on(&b, 0, IRPERF), 4);
	free(m);
}

/* The defect switches: EN ignored counts regardless; a narrow counter wraps early. */
static void test_defects(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = zen("zen4", &b);
	m->broken.ignore_enable = true;
	retire(m, 0, 3);
	assert_int_equal(rd_on(&b, 0, CTR(5)), 0);   /* no event selected: nothing to count */
	wr_on(&b, 0, CTL(5), SEL_INST & ~EN);
	retire(m, 0, 3);
	assert_int_equal(rd_on(&b, 0, CTR(5)), 3);
	m->broken.ignore_enable = false;
	m->broken.narrow_counters = 8;
	wr_on(&b, 0, CTR(0), TOP48);
	assert_int_equal(rd_on(&b, 0, CTR(0)), (1ull << 40) - 1);
	free(m);
}

/* The tool's PERF_CTL table, field by field, against APM vol. 2 figure 13-7. */
static void test_perf_ctl_layout(void **state)
{
	(void)state;
	static const struct { const char *name; unsigned lsb, width; } apm[] = {
		{ "event", 0, 8 }, { "umask", 8, 8 }, { "usr", 16, 1 }, { "os", 17, 1 },
		{ "e", 18, 1 }, { "int", 20, 1 }, { "en", 22, 1 }, { "inv", 23, 1 },
		{ "cmask", 24, 8 }, { "event_hi", 32, 4 }, { "guestonly", 40, 1 },
		{ "hostonly", 41, 1 },
	};
	uint64_t all = 0;
	for (unsigned i = 0; i < sizeof(apm) / sizeof(apm[0]); i++) {
		const struct reg_field *f = reg_find_field(&layout_amd_perf_ctl, apm[i].name,
							   strlen(apm[i].name));
		assert_non_null(f);
		assert_int_equal(f->lsb, apm[i].lsb);
		assert_int_equal(f->width, apm[i].width);
		all |= reg_field_mask(f);
	}
	assert_int_equal(reg_settable_mask(&layout_amd_perf_ctl), all);
	assert_int_equal(reg_find_field(&layout_amd_global_ctl, "en_pmc5", 7)->lsb, 5);
	assert_int_equal(reg_settable_mask(&layout_amd_global_status_clr), 0x3F);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_legacy_msrs_alias_the_first_four),
		cmocka_unit_test(test_counter_48_bits_wraps),
		cmocka_unit_test(test_enable_ring_and_cmask),
		cmocka_unit_test(test_perfmon_v2_global_gate_and_status),
		cmocka_unit_test(test_missing_and_reserved_fault),
		cmocka_unit_test(test_irperf_follows_hwcr),
		cmocka_unit_test(test_defects),
		cmocka_unit_test(test_perf_ctl_layout),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
