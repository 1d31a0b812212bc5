/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The reference model's PCI uncore of Sandy Bridge-EP (model_pci.c,
 * model_uncore_snbep_pci.c) against the guide's facts as the model file
 * states them: device ids on each package's bus, node ids, box freeze and
 * reset, 48/44-bit counters in two dwords, CAS counts from the stream kernel,
 * and the hostile variants (hidden function, counter moving between dwords).
 */
#include "testutil.h"
#include "check/kernels.h"
#include "model/sim_kernels.h"
#include "model/sim_workload.h"
#include "pmu/regkey.h"

static struct pmu_pci_addr on(const struct model *m, unsigned pkg, unsigned dev, unsigned fn,
			      unsigned off)
{
	struct pmu_pci_addr a = { 0, model_pci_bus(m, pkg), (uint8_t)dev, (uint8_t)fn, (uint16_t)off };
	return a;
}

static uint32_t rd(const struct pmu_backend *b, struct pmu_pci_addr a)
{
	uint32_t v = 0;
	assert_int_equal(pmu_pci_read(b, 0, a, &v), PMU_OK);
	return v;
}

/* The model takes writes anywhere; the guard is the tool's (tested in test_pci_backend). */
static void wr(struct model *m, unsigned pkg, unsigned dev, unsigned fn, unsigned off, uint32_t v)
{
	assert_int_equal(model_pci_poke(m, pkg, dev, fn, off, v), PMU_OK);
}

static void ids_buses_and_nodes(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 4, 2, &b);
	assert_int_equal(model_pci_bus(m, 0), 0x7f);
	assert_int_equal(model_pci_bus(m, 1), 0xff);
	static const struct { uint8_t dev, fn; uint16_t id; } fns[] = {
		{ 14, 1, 0x3C46 }, { 16, 4, 0x3CB0 }, { 16, 5, 0x3CB1 }, { 16, 0, 0x3CB4 },
		{ 16, 1, 0x3CB5 }, { 8, 2, 0x3C41 }, { 9, 2, 0x3C42 }, { 19, 1, 0x3C43 },
		{ 19, 5, 0x3C44 }, { 19, 6, 0x3C45 }, { 11, 0, 0x3CE0 },
	};
	for (unsigned p = 0; p < 2; p++)
		for (unsigned i = 0; i < sizeof(fns) / sizeof(fns[0]); i++)
			assert_int_equal(rd(&b, on(m, p, fns[i].dev, fns[i].fn, 0)),
					 0x8086u | (uint32_t)fns[i].id << 16);
	uint32_t v;
	assert_int_equal(pmu_pci_read(&b, 0, on(m, 0, 16, 2, 0), &v), PMU_ERR_ABSENT);
	struct pmu_pci_addr nobus = { 0, 0x3f, 16, 4, 0 };
	assert_int_equal(pmu_pci_read(&b, 0, nobus, &v), PMU_ERR_ABSENT);
	/* U-box: each bus's local node id is the GIDNIDMAP field of its package. */
	uint32_t map = rd(&b, on(m, 0, 11, 0, 0x54));
	assert_int_equal(map, rd(&b, on(m, 1, 11, 0, 0x54)));
	for (unsigned p = 0; p < 2; p++) {
		uint32_t nid = rd(&b, on(m, p, 11, 0, 0x40)) & 7;
		assert_int_equal((map >> (3 * p)) & 7, nid);
		assert_int_not_equal(nid, p);
	}
	free(m);
}

static void hidden_function_reads_all_ones(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 2, &b);
	assert_int_equal(model_pci_hide(m, 1, 16, 0), PMU_OK);
	uint32_t v;
	assert_int_equal(pmu_pci_read(&b, 0, on(m, 1, 16, 0, 0xD8), &v), PMU_ERR_ABSENT);
	assert_int_equal(rd(&b, on(m, 0, 16, 0, 0)), 0x3CB48086u);
	assert_int_equal(model_pci_poke(m, 1, 16, 0, 0xD8, 1), PMU_ERR_NOT_FOUND);
	free(m);
}

static uint64_t ctr(struct model *m, unsigned pkg, unsigned dev, unsigned fn, unsigned off)
{
	return (uint64_t)model_pci_peek(m, pkg, dev, fn, off + 4) << 32 |
	       model_pci_peek(m, pkg, dev, fn, off);
}

static void stream(struct model *m, unsigned cpu, uint64_t iterations)
{
	const struct kernel_desc *k = kernel_find("stream");
	assert_non_null(k);
	(void)sim_workload_run(m, cpu, k, iterations);
}

/* CAS.RD on every channel of package 1: the loads split over four channels; freeze stops. */
static void cas_counts_follow_the_stream(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model_clean("sandy-bridge-ep", 2, 2, &b);
	model_set_noise(m, MODEL_NOISE_NONE, NULL);
	static const uint8_t fn[4] = { 4, 5, 0, 1 };
	for (unsigned c = 0; c < 4; c++) {
		wr(m, 1, 16, fn[c], 0xF4, 0x10103);            /* reset, freeze enable, frozen */
		wr(m, 1, 16, fn[c], 0xD8, 0x00400304);         /* UNC_M_CAS_COUNT.RD, EN */
		wr(m, 1, 16, fn[c], 0xF0, 1u << 22);           /* DCLK */
		wr(m, 1, 16, fn[c], 0xF4, 0x10000);            /* unfrozen */
	}
	struct sim_counts k;
	assert_true(sim_kernel_counts(sim_kernel_code_find("stream"), 1001, &k));
	stream(m, 1, 1001);
	uint64_t sum = 0;
	for (unsigned c = 0; c < 4; c++) {
		uint64_t n = ctr(m, 1, 16, fn[c], 0xA0);
		assert_true(n == k.loads / 4 || n == k.loads / 4 + 1);
		sum += n;
		assert_true(ctr(m, 1, 16, fn[c], 0xD0) > 0);
	}
	assert_int_equal(sum, k.loads);                        /* one load per line */
	assert_true(k.loads >= 1001);
	assert_int_equal(ctr(m, 0, 16, 4, 0xA0), 0);           /* package 0 ran nothing */
	uint64_t before = ctr(m, 1, 16, 4, 0xA0);
	wr(m, 1, 16, 4, 0xF4, 0x10100);                        /* frozen */
	stream(m, 1, 1000);
	assert_int_equal(ctr(m, 1, 16, 4, 0xA0), before);
	/* RD_REG alone (umask 0x01) counts them too; WR (0x0C) does not. */
	wr(m, 1, 16, 5, 0xDC, 0x00400104);
	wr(m, 1, 16, 5, 0xE0, 0x00400C04);
	assert_true(sim_kernel_counts(sim_kernel_code_find("stream"), 400, &k));
	stream(m, 1, 400);
	assert_true(ctr(m, 1, 16, 5, 0xA8) >= k.loads / 4 && ctr(m, 1, 16, 5, 0xA8) <= k.loads / 4 + 1);
	assert_int_equal(ctr(m, 1, 16, 5, 0xB0), 0);
	free(m);
}

static void counters_reset_and_width(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model_clean("sandy-bridge-ep", 2, 1, &b);
	wr(m, 0, 19, 1, 0xA0, 0xFFFFFFFFu);                    /* R2PCIe: 44 bits */
	wr(m, 0, 19, 1, 0xA4, 0xFFFFFFFFu);
	assert_int_equal(ctr(m, 0, 19, 1, 0xA0), (1ull << 44) - 1);
	wr(m, 0, 14, 1, 0xA4, 0xFFFFFFFFu);                    /* HA: 48 bits */
	assert_int_equal(ctr(m, 0, 14, 1, 0xA0), 0xFFFFull << 32);
	wr(m, 0, 14, 1, 0xD8, 0xFFFFFFFFu);                    /* 21 (ExtSel) QPI only; 19, 17, 16 drop */
	assert_int_equal(model_pci_peek(m, 0, 14, 1, 0xD8), 0xFFD4FFFFu);
	assert_int_equal(ctr(m, 0, 14, 1, 0xA0), 0);           /* bit 17 reset the counter */
	wr(m, 0, 8, 2, 0xD8, 1u << 21);
	assert_int_equal(model_pci_peek(m, 0, 8, 2, 0xD8), 1u << 21);
	wr(m, 0, 19, 1, 0xF4, 0x3);                            /* reset controls and counters */
	assert_int_equal(ctr(m, 0, 19, 1, 0xA0), 0);
	assert_int_equal(model_pci_peek(m, 0, 19, 1, 0xF4), 0);
	wr(m, 0, 19, 5, 0xE4, 0x1234);                         /* R3QPI: 3 counters, 0xE4 is none */
	assert_int_equal(model_pci_peek(m, 0, 19, 5, 0xE4), 0);
	free(m);
}

/*
 * The HA's match registers (327043, HA section; likwid registers.h PCI_UNC_HA_PMON_*):
 * ADDRMATCH0 0x40 holds address bits 31:6, ADDRMATCH1 0x44 bits 45:32 in 13:0, OPCODEMATCH
 * 0x48 the opcode in 5:0; the same offsets of another box hold nothing.
 */
static void ha_match_registers(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model_clean("sandy-bridge-ep", 4, 2, &b);
	wr(m, 1, 14, 1, 0x40, 0xFFFFFFFFu);
	wr(m, 1, 14, 1, 0x44, 0xFFFFFFFFu);
	wr(m, 1, 14, 1, 0x48, 0xFFFFFFFFu);
	assert_int_equal(rd(&b, on(m, 1, 14, 1, 0x40)), 0xFFFFFFC0u);
	assert_int_equal(rd(&b, on(m, 1, 14, 1, 0x44)), 0x3FFFu);
	assert_int_equal(rd(&b, on(m, 1, 14, 1, 0x48)), 0x3Fu);
	assert_int_equal(rd(&b, on(m, 0, 14, 1, 0x40)), 0);    /* package 0's HA: its own */
	wr(m, 1, 14, 1, 0x4C, 0xFFFFFFFFu);                    /* past OPCODEMATCH: none */
	assert_int_equal(model_pci_peek(m, 1, 14, 1, 0x4C), 0);
	wr(m, 1, 19, 1, 0x40, 0xFFFFFFFFu);                    /* R2PCIe: no match register */
	assert_int_equal(model_pci_peek(m, 1, 19, 1, 0x40), 0);
	free(m);
}

/*
 * Each QPI port's packet match/mask in its filter function (0x3C86 at 8.6, 0x3C96 at 9.6; Linux
 * SNBEP_Q_Py_PCI_PMON_PKT_MATCH0/1, MASK0/1): the fields of Linux's QPI formats hold.
 */
static void qpi_filter_registers(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model_clean("sandy-bridge-ep", 4, 2, &b);
	assert_int_equal(rd(&b, on(m, 1, 8, 6, 0)), 0x3C868086u);
	assert_int_equal(rd(&b, on(m, 0, 9, 6, 0)), 0x3C968086u);
	static const uint16_t offs[] = { 0x228, 0x22C, 0x238, 0x23C };
	static const uint32_t held[] = { 0x8003FFF8u, 0x000F000Fu, 0x8003FFF8u, 0x000F000Fu };
	for (unsigned i = 0; i < 4; i++) {
		wr(m, 1, 9, 6, offs[i], 0xFFFFFFFFu);
		assert_int_equal(rd(&b, on(m, 1, 9, 6, offs[i])), held[i]);
		assert_int_equal(rd(&b, on(m, 1, 8, 6, offs[i])), 0);   /* port 0's: its own */
	}
	wr(m, 1, 9, 6, 0x230, 0xFFFFFFFFu);                    /* between match and mask: none */
	assert_int_equal(model_pci_peek(m, 1, 9, 6, 0x230), 0);
	wr(m, 1, 9, 2, 0x228, 0xFFFFFFFFu);                    /* the QPI box itself: none */
	assert_int_equal(model_pci_peek(m, 1, 9, 2, 0x228), 0);
	free(m);
}

/* The hostile variant: a counting counter moves as its low dword is read. */
static void torn_counter(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model_clean("sandy-bridge-ep", 2, 1, &b);
	wr(m, 0, 16, 4, 0xA0, 0xFFFFFFF0u);
	wr(m, 0, 16, 4, 0xD8, 0x00400304);
	m->pci_tear = 0x20;
	uint32_t lo = rd(&b, on(m, 0, 16, 4, 0xA0)), hi = rd(&b, on(m, 0, 16, 4, 0xA4));
	assert_int_equal((uint64_t)hi << 32 | lo, 0x1FFFFFFF0ull);   /* torn: 4 Gi too many */
	uint64_t v;
	assert_int_equal(pmu_reg_read(&b, 0, regkey_pci(on(m, 0, 16, 4, 0xA0)) | REGKEY_WIDE, &v), PMU_OK);
	assert_int_equal(v >> 32, 1);
	assert_true((uint32_t)v < 0x100);
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ids_buses_and_nodes),
		cmocka_unit_test(hidden_function_reads_all_ones),
		cmocka_unit_test(cas_counts_follow_the_stream),
		cmocka_unit_test(counters_reset_and_width),
		cmocka_unit_test(ha_match_registers),
		cmocka_unit_test(qpi_filter_registers),
		cmocka_unit_test(torn_counter),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
