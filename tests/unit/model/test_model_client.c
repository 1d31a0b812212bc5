/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The model's Panther Lake and Nova Lake uncore against the sources, typed by hand: the
 * discovery table behind MSR 0x201E (tip cf002dafedd0) or 0x711 (e7d5f2ea0923) and nowhere
 * else, its units iMC, sNCU, HBO (types 6, 34, 41: tip 64ad6d6ede0c), the global control
 * its q1 names, and the client boxes at fixed MSRs (Linux uncore_snb.c MTL_UNC_*, tip
 * 46da08a2bb4d): present on their part only, the cNCU's clock counting with both enables.
 */
#include "testutil.h"
#include "model/model_devs.h"

static uint64_t rd(const struct pmu_backend *b, uint32_t msr)
{
	uint64_t v = 0;
	assert_int_equal(pmu_rdmsr(b, 0, msr, &v), PMU_OK);
	return v;
}

static uint64_t mmio(const struct pmu_backend *b, uint64_t addr)
{
	uint64_t v = 0;
	assert_int_equal(pmu_mmio_read(b, 0, addr, 8, &v), PMU_OK);
	return v;
}

/* The machine's own write (the app's pass the write guard, pmu/pmon_registry.h). */
static void wr(const struct pmu_backend *b, uint64_t addr, unsigned bytes, uint64_t v)
{
	assert_int_equal(b->ops->mmio_write(b->ctx, 0, addr, bytes, v), PMU_OK);
}

static void assert_no_msr(const struct pmu_backend *b, uint32_t msr)
{
	uint64_t v;
	assert_int_equal(pmu_rdmsr(b, 0, msr, &v), PMU_ERR_FAULT_GP);
	assert_int_equal(pmu_wrmsr(b, 0, msr, 0), PMU_ERR_FAULT_GP);
}

/* The table at the portal's address: a global state, then units of the three types. */
static void check_table(const struct pmu_backend *b, uint64_t at)
{
	static const uint16_t types[] = { 6, 6, 34, 41, 41 };
	uint64_t q0 = mmio(b, at);
	assert_int_equal(q0 & 0xFF, 0);                  /* table type */
	assert_int_equal(q0 >> 8 & 0xFF, 4);             /* stride: 4 qwords */
	assert_int_equal(q0 >> 16 & 0x3FF, 5);           /* max_units */
	assert_int_equal(q0 >> 62, 1);                   /* MMIO */
	uint64_t global = mmio(b, at + 8);
	assert_true(global >= 0x100000 && global < 0x100000000ull);
	for (unsigned i = 0; i < 5; i++) {
		uint64_t u = at + 32 * (i + 1);
		uint64_t u0 = mmio(b, u), box = mmio(b, u + 8), u2 = mmio(b, u + 16);
		assert_int_equal(u0 >> 62, 1);           /* MMIO */
		assert_int_equal(u0 >> 16 & 0xFF, 48);   /* bit width */
		assert_int_equal(u2 & 0xFFFF, types[i]);
		assert_true(box >= 0x100000 && box != global);
		/* box control, counter controls and counters hold what is written */
		uint64_t ctl = box + (u0 >> 8 & 0xFF), ctr = box + (u0 >> 24 & 0xFF);
		wr(b, ctl, 4, 0x400001);
		assert_int_equal(mmio(b, ctl) & 0xFFFFFFFFu, 0x400001);
		wr(b, ctr, 8, 0xFFFF12345678ull);
		assert_int_equal(mmio(b, ctr), 0xFFFF12345678ull);
		/* box control bit 9 resets the counters, bit 8 the controls (Linux generic PMON) */
		wr(b, box, 4, 3u << 8);
		assert_int_equal(mmio(b, ctr), 0);
		assert_int_equal(mmio(b, ctl) & 0xFFFFFFFFu, 0);
	}
	assert_int_equal(mmio(b, at + 32 * 6), ~0ull);   /* past the last unit */
	/*
	 * the global control: a register, set at power-on (freeze_all; Panther Lake's "is set by
	 * default", tip 46da08a2bb4d, and Nova Lake's global_init, e7d5f2ea0923), holding what is
	 * written
	 */
	assert_int_equal(mmio(b, global) & 0xFFFFFFFFu, 1);
	wr(b, global, 4, 0);
	assert_int_equal(mmio(b, global) & 0xFFFFFFFFu, 0);
	wr(b, global, 4, 1);
	assert_int_equal(mmio(b, global) & 0xFFFFFFFFu, 1);
}

/* Panther Lake: MSR 0x201E holds the table's address; 0x711 (Nova Lake's) does not exist. */
static void ptl_table_behind_its_portal(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("panther-lake", 2, 1, &b);
	uint64_t at = rd(&b, 0x201E);
	assert_true(at >= 0x100000);
	check_table(&b, at);
	assert_int_equal(pmu_wrmsr(&b, 0, 0x201E, 0), PMU_ERR_FAULT_GP);   /* read only */
	assert_int_equal(rd(&b, 0x201E), at);
	assert_no_msr(&b, 0x711);
	/* no PCI discovery device: the table is reached through the portal only */
	uint32_t id = 0;
	struct pmu_pci_addr dev = { 0, 0, 0, 1, 0 };
	pmu_status st = pmu_pci_read(&b, 0, dev, &id);
	assert_true(st != PMU_OK || id == 0xFFFFFFFFu);
	free(m);
}

/* Nova Lake: the table behind MSR 0x711 (package scope), 0x201E absent. */
static void nvl_table_behind_its_portal(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nova-lake", 2, 1, &b);
	struct pmu_cpuid r;
	assert_int_equal(pmu_cpuid(&b, 0, 1, 0, &r), PMU_OK);
	assert_int_equal(r.eax, 0x00300F10);   /* family 0xF + 0x3 = 18, model 1 */
	check_table(&b, rd(&b, 0x711));
	assert_no_msr(&b, 0x201E);
	free(m);
}

/* Elsewhere neither portal answers, nor the table's addresses, nor the client MSRs. */
static void no_client_uncore_elsewhere(void **state)
{
	(void)state;
	static const char *const others[] = { "lunar-lake", "arrow-lake-h", "sapphire-rapids" };
	for (unsigned i = 0; i < sizeof(others) / sizeof(others[0]); i++) {
		struct pmu_backend b;
		struct model *m = test_model(others[i], 2, 1, &b);
		assert_no_msr(&b, 0x201E);
		assert_no_msr(&b, 0x2442);
		assert_no_msr(&b, 0x240E);
		assert_no_msr(&b, 0x2102);
		assert_int_equal(mmio(&b, 0xD0000000ull), ~0ull);
		free(m);
	}
}

/*
 * The same MSR is another box on another part: 0x2022 is PTL's ia_core_bridge EVTSEL0 and
 * NVL's cNCU fixed counter control; CBOX 5 of PTL and CBOX 11 of NVL are there, one past not.
 */
static void client_msrs_by_part(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("panther-lake", 2, 1, &b);
	static const uint32_t ptl[] = { 0x2442, 0x2443, 0x2448, 0x2449, 0x2492, 0x2499, 0x2412,
					0x2429, 0x2022, 0x2029, 0x240E, 0x2402, 0x2408, 0x254E,
					0x2542, 0x2548 };
	for (unsigned i = 0; i < sizeof(ptl) / sizeof(ptl[0]); i++) {
		assert_int_equal(pmu_wrmsr(&b, 0, ptl[i], 0x1234), PMU_OK);
		assert_int_equal(rd(&b, ptl[i]), 0x1234);
	}
	assert_no_msr(&b, 0x24A2);   /* CBOX 6's EVTSEL: PTL has 6 */
	assert_no_msr(&b, 0x2682);   /* cNCU 2's fixed control: PTL has 2 */
	/* counters are 48 bits, controls 32 */
	assert_int_equal(pmu_wrmsr(&b, 0, 0x2448, 1ull << 48), PMU_ERR_FAULT_GP);
	assert_int_equal(pmu_wrmsr(&b, 0, 0x2442, 1ull << 32), PMU_ERR_FAULT_GP);
	free(m);
	m = test_model("nova-lake", 2, 1, &b);
	static const uint32_t nvl[] = { 0x2102, 0x2109, 0x21B2, 0x21B9, 0x2042, 0x2059, 0x202E,
					0x2022, 0x2028 };
	for (unsigned i = 0; i < sizeof(nvl) / sizeof(nvl[0]); i++) {
		assert_int_equal(pmu_wrmsr(&b, 0, nvl[i], 0x1234), PMU_OK);
		assert_int_equal(rd(&b, nvl[i]), 0x1234);
	}
	assert_no_msr(&b, 0x21C2);   /* CBOX 12 */
	assert_no_msr(&b, 0x2442);   /* PTL's CBOX 0 */
	assert_no_msr(&b, 0x2023);   /* PTL's ia_core_bridge EVTSEL1: not a Nova Lake register */
	free(m);
}

static void cycles(struct model *m, unsigned n)
{
	struct model_cycle c = { 0, NULL, 0 };
	for (unsigned i = 0; i < n; i++)
		model_run_cycle(m, 0, &c);
}

/*
 * The cNCU's fixed counter counts a cycle only with its enable and the box's bit 29, and
 * while the package's global control is 0 (set at power-on: frozen).
 */
static void cncu_clock_needs_both_enables(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("panther-lake", 2, 1, &b);
	uint64_t global = mmio(&b, rd(&b, 0x201E) + 8);
	assert_int_equal(pmu_wrmsr(&b, 0, 0x240E, 1u << 29), PMU_OK);
	assert_int_equal(pmu_wrmsr(&b, 0, 0x2402, 1u << 22), PMU_OK);
	cycles(m, 10);
	assert_int_equal(rd(&b, 0x2408), 0);   /* frozen as powered on */
	wr(&b, global, 4, 0);
	assert_int_equal(pmu_wrmsr(&b, 0, 0x240E, 0), PMU_OK);
	assert_int_equal(pmu_wrmsr(&b, 0, 0x2402, 0), PMU_OK);
	for (unsigned k = 0; k < 2; k++) {
		uint32_t off = 0x140 * k, box = 0x240E + off, ctl = 0x2402 + off, ctr = 0x2408 + off;
		assert_int_equal(pmu_wrmsr(&b, 0, ctl, 1u << 22), PMU_OK);
		cycles(m, 10);
		assert_int_equal(rd(&b, ctr), 0);   /* box control 0: stopped */
		assert_int_equal(pmu_wrmsr(&b, 0, box, 1u << 29), PMU_OK);
		cycles(m, 10);
		assert_int_equal(rd(&b, ctr), 10);
		assert_int_equal(pmu_wrmsr(&b, 0, ctl, 0), PMU_OK);
		cycles(m, 10);
		assert_int_equal(rd(&b, ctr), 10);  /* its control off: stopped */
		/* 48 bits: wraps */
		assert_int_equal(pmu_wrmsr(&b, 0, ctr, (1ull << 48) - 2), PMU_OK);
		assert_int_equal(pmu_wrmsr(&b, 0, ctl, 1u << 22), PMU_OK);
		cycles(m, 5);
		assert_int_equal(rd(&b, ctr), 3);
	}
	/* a general counter counts no event the model knows (no list names one) */
	assert_int_equal(pmu_wrmsr(&b, 0, 0x2442, 0x400001), PMU_OK);
	cycles(m, 10);
	assert_int_equal(rd(&b, 0x2448), 0);
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ptl_table_behind_its_portal),
		cmocka_unit_test(nvl_table_behind_its_portal),
		cmocka_unit_test(no_client_uncore_elsewhere),
		cmocka_unit_test(client_msrs_by_part),
		cmocka_unit_test(cncu_clock_needs_both_enables),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
