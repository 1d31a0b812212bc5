/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Uncore field tables and box descriptors against Intel's guides and Linux, typed by hand. */
#include <stdio.h>
#include "testutil.h"
#include "hw/layouts_uncore.h"
#include "pmu/uncore.h"
#include "boxes.h"

static int settable(const struct reg_field *f)
{
	return f->access == RA_RW || f->access == RA_WO || f->access == RA_W1C;
}

/* Every field round-trips at 1 and at its maximum; the fields tile all 64 bits exactly once. */
static void test_every_field_encodes_and_decodes(void **state)
{
	(void)state;
	for (unsigned li = 0; li < uncore_layout_count; li++) {
		const struct reg_layout *l = uncore_layouts[li];
		uint64_t covered = 0;
		for (unsigned i = 0; i < l->nfields; i++) {
			const struct reg_field *f = &l->fields[i];
			assert_int_equal(covered & reg_field_mask(f), 0);   /* no overlap */
			covered |= reg_field_mask(f);
			uint64_t vals[2] = { 1, reg_field_max(f) };
			for (unsigned k = 0; k < 2; k++) {
				uint64_t w = 0;
				pmu_status st = reg_set_field(&w, f, vals[k]);
				if (!settable(f)) {
					assert_int_equal(st, PMU_ERR_RESERVED);
					assert_int_equal(w, 0);
					continue;
				}
				assert_int_equal(st, PMU_OK);
				assert_int_equal(reg_get_field(w, f), vals[k]);
				assert_int_equal(w & ~reg_field_mask(f), 0);
				/*
				 * an encoding the spec leaves undefined (M-box count_mode 3) never
				 * validates
				 */
				assert_int_equal(reg_validate(l, w, ~(uint64_t)0, NULL),
						 reg_value_undefined(l, f, vals[k]) ? PMU_ERR_INVALID : PMU_OK);
				if (f->access != RA_RSV && f->access != RA_IG)
					assert_ptr_equal(reg_find_field(l, f->name, strlen(f->name)), f);
			}
			if (f->access != RA_RSV && f->access != RA_IG) {
				char buf[96], want[96];
				struct strbuf sb;
				sb_init(&sb, buf, sizeof(buf));
				reg_decode(l, (uint64_t)1 << f->lsb, 0, &sb);
				snprintf(want, sizeof(want), "%s=%s", f->name, f->width == 1 ? "1" : "0x1");
				assert_string_equal(buf, want);
			}
			if (settable(f) && f->width < 64) {
				uint64_t w = 0;
				assert_int_equal(reg_set_field(&w, f, reg_field_max(f) + 1), PMU_ERR_RANGE);
			}
			if (!settable(f)) {
				unsigned bad = 99;
				assert_int_equal(reg_validate(l, reg_field_mask(f), ~(uint64_t)0, &bad),
						 PMU_ERR_RESERVED);
				assert_int_equal(bad, f->lsb);
			}
		}
		assert_true(covered == ~(uint64_t)0);
	}
}

struct field_spec {
	const char *name;
	unsigned lsb, width, access;
};

static void expect_fields(const struct reg_layout *l, const struct field_spec *spec, unsigned n)
{
	unsigned named = 0;
	for (unsigned i = 0; i < l->nfields; i++)
		named += l->fields[i].access != RA_RSV && l->fields[i].access != RA_IG;
	assert_int_equal(named, n);
	for (unsigned i = 0; i < n; i++) {
		const struct reg_field *f = reg_find_field(l, spec[i].name, strlen(spec[i].name));
		assert_non_null(f);
		assert_int_equal(f->lsb, spec[i].lsb);
		assert_int_equal(f->width, spec[i].width);
		assert_int_equal(f->access, spec[i].access);
	}
}

/* Intel 327043-001 table 2-2. */
static void test_snbep_ubox_ctl_is_seed_000(void **state)
{
	(void)state;
	static const struct field_spec s[] = {
		{ "ev_sel", 0, 8, RA_RW }, { "umask", 8, 8, RA_RW }, { "rst", 17, 1, RA_WO },
		{ "edge_det", 18, 1, RA_RW }, { "en", 22, 1, RA_RW }, { "invert", 23, 1, RA_RW },
		{ "thresh", 24, 5, RA_RW },
	};
	const struct reg_layout *l = &layout_snbep_u_pmon_ctl;
	expect_fields(l, s, sizeof(s) / sizeof(s[0]));
	unsigned bad = 0;
	const unsigned rsv_bits[] = { 16, 19, 20, 21, 29, 30, 31, 32, 63 };
	for (unsigned i = 0; i < sizeof(rsv_bits) / sizeof(rsv_bits[0]); i++) {
		assert_int_equal(reg_validate(l, (uint64_t)1 << rsv_bits[i], ~(uint64_t)0, &bad),
				 PMU_ERR_RESERVED);
		assert_int_equal(bad, rsv_bits[i]);
	}
	/* perf's names */
	assert_ptr_equal(reg_find_field(l, "event", 5), reg_find_field(l, "ev_sel", 6));
	assert_ptr_equal(reg_find_field(l, "edge", 4), reg_find_field(l, "edge_det", 8));
	assert_ptr_equal(reg_find_field(l, "inv", 3), reg_find_field(l, "invert", 6));
	assert_ptr_equal(reg_find_field(l, "cmask", 5), reg_find_field(l, "thresh", 6));
	assert_int_equal(reg_holding_mask(l), 0x1FC4FFFFull);
	assert_int_equal(reg_settable_mask(l), 0x1FC6FFFFull);
}

/* Intel SDM Vol. 3B 18.8.2.2, figure 18-28. */
static void test_nhm_uncore_layouts_are_seed_001(void **state)
{
	(void)state;
	static const struct field_spec s[] = {
		{ "event_select", 0, 8, RA_RW }, { "umask", 8, 8, RA_RW }, { "occ_ctr_rst", 17, 1, RA_WO },
		{ "e", 18, 1, RA_RW }, { "pmi", 20, 1, RA_RW }, { "en", 22, 1, RA_RW },
		{ "inv", 23, 1, RA_RW }, { "cmask", 24, 8, RA_RW },
	};
	const struct reg_layout *l = &layout_nhm_unc_perfevtsel;
	expect_fields(l, s, sizeof(s) / sizeof(s[0]));
	const char *perf[] = { "event", "umask", "edge", "inv", "cmask" };
	for (unsigned i = 0; i < 5; i++)
		assert_non_null(reg_find_field(l, perf[i], strlen(perf[i])));
	unsigned bad = 0;
	assert_int_equal(reg_validate(l, 1u << 21, ~(uint64_t)0, &bad), PMU_ERR_RESERVED);   /* Linux */
	assert_int_equal(bad, 21);
	assert_int_equal(reg_settable_mask(&layout_nhm_unc_fixed_ctr_ctrl), 0x5);
	assert_int_equal(reg_holding_mask(&layout_nhm_unc_global_ctrl), 0x800F0001000000FFull);
	assert_int_equal(reg_settable_mask(&layout_nhm_unc_global_status), 0);
	assert_int_equal(reg_settable_mask(&layout_nhm_unc_global_ovf_ctrl), 0xA0000001000000FFull);
}

/* Intel 323535-001 table 2-67, and the U-box of Linux uncore_nhmex.c. */
static void test_mbox_cnt_ctl_is_seed_002(void **state)
{
	(void)state;
	static const struct field_spec s[] = {
		{ "en", 0, 1, RA_RW }, { "pmi_en", 1, 1, RA_RW }, { "count_mode", 2, 2, RA_RW },
		{ "storage_mode", 4, 2, RA_RW }, { "wrap_mode", 6, 1, RA_RW }, { "flag_mode", 7, 1, RA_RW },
		{ "inc_sel", 9, 5, RA_RW }, { "set_flag_sel", 19, 3, RA_RW },
	};
	const struct reg_layout *l = &layout_nhmex_m_cnt_ctl;
	expect_fields(l, s, sizeof(s) / sizeof(s[0]));
	assert_int_equal(reg_settable_mask(l), 0x383EFFull);
	const unsigned bad_bits[] = { 8, 14, 18, 22, 24, 25, 60, 61, 62, 63 };
	for (unsigned i = 0; i < sizeof(bad_bits) / sizeof(bad_bits[0]); i++) {
		unsigned bad = 0;
		assert_int_equal(reg_validate(l, (uint64_t)1 << bad_bits[i], ~(uint64_t)0, &bad),
				 PMU_ERR_RESERVED);
		assert_int_equal(bad, bad_bits[i]);
	}
	/* likwid's computed words (Intel 323535-001 table 2-67) are valid */
	assert_int_equal(reg_validate(l, 0x41 | 0x1B << 9, ~(uint64_t)0, NULL), PMU_OK);
	assert_int_equal(reg_validate(l, 0x41 | 1 << 7 | 5 << 19, ~(uint64_t)0, NULL), PMU_OK);

	static const struct field_spec g[] = {
		{ "en", 0, 1, RA_RW }, { "pmi_core_sel", 1, 4, RA_RW }, { "en_all", 28, 1, RA_RW },
		{ "rst_all", 29, 1, RA_RW }, { "frz_all", 31, 1, RA_RW },
	};
	expect_fields(&layout_nhmex_u_global_ctrl, g, sizeof(g) / sizeof(g[0]));
	static const struct field_spec u[] = {
		{ "event", 0, 8, RA_RW }, { "edge", 18, 1, RA_RW }, { "en", 22, 1, RA_RW },
	};
	expect_fields(&layout_nhmex_u_evnt_sel, u, sizeof(u) / sizeof(u[0]));
}

/* Linux uncore_snbep.c; Intel 327043-001 2.2. */
static void test_snbep_other_layouts(void **state)
{
	(void)state;
	assert_int_equal(reg_settable_mask(&layout_snbep_uclk_fixed_ctl), 1u << 22);
	assert_int_equal(reg_settable_mask(&layout_snbep_box_ctl), 0x10103);
	assert_int_equal(reg_holding_mask(&layout_snbep_box_ctl), 0x10100);
	assert_int_equal(reg_settable_mask(&layout_snbep_cbox_ctl), 0xFFCEFFFFull);
	/*
	 * PCU: with ev_sel_ext (bit 21), which Intel's list and Linux uncore_snbep.c use
	 */
	assert_int_equal(reg_settable_mask(&layout_snbep_pcu_ctl), 0xDFE4C0FFull);
	/*
	 * C-box filter: TID 4:0, NID 17:10, STATE 22:18, OPCODE 31:23; PCU: bands (Linux
	 * uncore_snbep.c)
	 */
	const struct reg_layout *cf = &layout_snbep_cbox_filter;
	static const struct { const char *name; uint64_t mask; } cbox[] = {
		{ "tid", 0x1F }, { "nid", 0x3FC00 }, { "state", 0x7C0000 }, { "opcode", 0xFF800000 },
		{ "filter_tid", 0x1F }, { "filter_nid", 0x3FC00 }, { "filter_state", 0x7C0000 },
		{ "filter_opc", 0xFF800000 },
	};
	for (unsigned i = 0; i < sizeof(cbox) / sizeof(cbox[0]); i++)
		assert_int_equal(reg_field_mask(reg_find_field(cf, cbox[i].name, strlen(cbox[i].name))),
				 cbox[i].mask);
	assert_int_equal(reg_settable_mask(cf), 0xFFFFFC1Full);
	assert_int_equal(reg_settable_mask(&layout_snbep_pcu_filter), 0xFFFFFFFFull);
	assert_int_equal(reg_field_mask(reg_find_field(&layout_snbep_pcu_filter, "filter_band2", 12)),
			 0xFF0000);
}

/*
 * Hand-typed from Intel SDM Vol. 3B 18.8.2.2; Linux uncore_nhmex.c, uncore_snbep.c;
 * Intel 327043-001 2.2.
 */
struct addr_row {
	const char *box;
	unsigned idx;
	uint32_t ctl, ctr;
	unsigned width;
};

#define FIX UNCORE_FIXED
static const struct addr_row nhm_rows[] = {
	{ "uncore", 0, 0x3C0, 0x3B0, 48 }, { "uncore", 1, 0x3C1, 0x3B1, 48 },
	{ "uncore", 2, 0x3C2, 0x3B2, 48 }, { "uncore", 3, 0x3C3, 0x3B3, 48 },
	{ "uncore", 4, 0x3C4, 0x3B4, 48 }, { "uncore", 5, 0x3C5, 0x3B5, 48 },
	{ "uncore", 6, 0x3C6, 0x3B6, 48 }, { "uncore", 7, 0x3C7, 0x3B7, 48 },
	{ "uncore", FIX, 0x395, 0x394, 48 },
};
static const struct addr_row nhmex_rows[] = {
	{ "uncore_ubox", 0, 0xC10, 0xC11, 48 },
	{ "uncore_mbox_0", 0, 0xCB0, 0xCB1, 48 }, { "uncore_mbox_0", 1, 0xCB2, 0xCB3, 48 },
	{ "uncore_mbox_0", 2, 0xCB4, 0xCB5, 48 }, { "uncore_mbox_0", 3, 0xCB6, 0xCB7, 48 },
	{ "uncore_mbox_0", 4, 0xCB8, 0xCB9, 48 }, { "uncore_mbox_0", 5, 0xCBA, 0xCBB, 48 },
	{ "uncore_mbox_1", 0, 0xCF0, 0xCF1, 48 }, { "uncore_mbox_1", 1, 0xCF2, 0xCF3, 48 },
	{ "uncore_mbox_1", 2, 0xCF4, 0xCF5, 48 }, { "uncore_mbox_1", 3, 0xCF6, 0xCF7, 48 },
	{ "uncore_mbox_1", 4, 0xCF8, 0xCF9, 48 }, { "uncore_mbox_1", 5, 0xCFA, 0xCFB, 48 },
};
static const struct addr_row snbep_rows[] = {
	{ "uncore_ubox", 0, 0xC10, 0xC16, 44 }, { "uncore_ubox", 1, 0xC11, 0xC17, 44 },
	{ "uncore_ubox", FIX, 0xC08, 0xC09, 44 },   /* 43:0 (Intel 327043-001); 48 probed */
	{ "uncore_cbox_0", 0, 0xD10, 0xD16, 44 }, { "uncore_cbox_0", 1, 0xD11, 0xD17, 44 },
	{ "uncore_cbox_0", 2, 0xD12, 0xD18, 44 }, { "uncore_cbox_0", 3, 0xD13, 0xD19, 44 },
	{ "uncore_cbox_1", 0, 0xD30, 0xD36, 44 }, { "uncore_cbox_1", 1, 0xD31, 0xD37, 44 },
	{ "uncore_cbox_1", 2, 0xD32, 0xD38, 44 }, { "uncore_cbox_1", 3, 0xD33, 0xD39, 44 },
	{ "uncore_cbox_2", 0, 0xD50, 0xD56, 44 }, { "uncore_cbox_2", 1, 0xD51, 0xD57, 44 },
	{ "uncore_cbox_2", 2, 0xD52, 0xD58, 44 }, { "uncore_cbox_2", 3, 0xD53, 0xD59, 44 },
	{ "uncore_cbox_3", 0, 0xD70, 0xD76, 44 }, { "uncore_cbox_3", 1, 0xD71, 0xD77, 44 },
	{ "uncore_cbox_3", 2, 0xD72, 0xD78, 44 }, { "uncore_cbox_3", 3, 0xD73, 0xD79, 44 },
	{ "uncore_cbox_4", 0, 0xD90, 0xD96, 44 }, { "uncore_cbox_4", 1, 0xD91, 0xD97, 44 },
	{ "uncore_cbox_4", 2, 0xD92, 0xD98, 44 }, { "uncore_cbox_4", 3, 0xD93, 0xD99, 44 },
	{ "uncore_cbox_5", 0, 0xDB0, 0xDB6, 44 }, { "uncore_cbox_5", 1, 0xDB1, 0xDB7, 44 },
	{ "uncore_cbox_5", 2, 0xDB2, 0xDB8, 44 }, { "uncore_cbox_5", 3, 0xDB3, 0xDB9, 44 },
	{ "uncore_cbox_6", 0, 0xDD0, 0xDD6, 44 }, { "uncore_cbox_6", 1, 0xDD1, 0xDD7, 44 },
	{ "uncore_cbox_6", 2, 0xDD2, 0xDD8, 44 }, { "uncore_cbox_6", 3, 0xDD3, 0xDD9, 44 },
	{ "uncore_cbox_7", 0, 0xDF0, 0xDF6, 44 }, { "uncore_cbox_7", 1, 0xDF1, 0xDF7, 44 },
	{ "uncore_cbox_7", 2, 0xDF2, 0xDF8, 44 }, { "uncore_cbox_7", 3, 0xDF3, 0xDF9, 44 },
	{ "uncore_pcu", 0, 0xC30, 0xC36, 48 }, { "uncore_pcu", 1, 0xC31, 0xC37, 48 },
	{ "uncore_pcu", 2, 0xC32, 0xC38, 48 }, { "uncore_pcu", 3, 0xC33, 0xC39, 48 },
	/* PCI boxes: configuration offsets (Intel 327043 as Linux uncore_snbep.c gives them) */
	{ "uncore_ha", 0, 0xD8, 0xA0, 48 }, { "uncore_ha", 1, 0xDC, 0xA8, 48 },
	{ "uncore_ha", 2, 0xE0, 0xB0, 48 }, { "uncore_ha", 3, 0xE4, 0xB8, 48 },
#define IMC_ROWS(b) { b, 0, 0xD8, 0xA0, 48 }, { b, 1, 0xDC, 0xA8, 48 }, { b, 2, 0xE0, 0xB0, 48 }, \
	{ b, 3, 0xE4, 0xB8, 48 }, { b, UNCORE_FIXED, 0xF0, 0xD0, 48 }
	IMC_ROWS("uncore_imc_0"), IMC_ROWS("uncore_imc_1"), IMC_ROWS("uncore_imc_2"),
	IMC_ROWS("uncore_imc_3"),
#define QPI_ROWS(b, w) { b, 0, 0xD8, 0xA0, w }, { b, 1, 0xDC, 0xA8, w }, { b, 2, 0xE0, 0xB0, w }, \
	{ b, 3, 0xE4, 0xB8, w }
	QPI_ROWS("uncore_qpi_0", 48), QPI_ROWS("uncore_qpi_1", 48), QPI_ROWS("uncore_r2pcie", 44),
	{ "uncore_r3qpi_0", 0, 0xD8, 0xA0, 44 }, { "uncore_r3qpi_0", 1, 0xDC, 0xA8, 44 },
	{ "uncore_r3qpi_0", 2, 0xE0, 0xB0, 44 }, { "uncore_r3qpi_1", 0, 0xD8, 0xA0, 44 },
	{ "uncore_r3qpi_1", 1, 0xDC, 0xA8, 44 }, { "uncore_r3qpi_1", 2, 0xE0, 0xB0, 44 },
};

/*
 * Skylake-SP, typed from Linux uncore_snbep.c's constants (HSWEP_U_MSR_PMON_CTL0 0x705 /
 * CTR0 0x709, UCLK 0x703 / 0x704; HSWEP_C0_MSR_PMON_CTL0 0xe01 / CTR0 0xe08, offset 0x10;
 * HSWEP_PCU_MSR_PMON_CTL0 0x711 / CTR0 0x717; SKX_IIO0 0xa48 / 0xa41 and SKX_IRP0 0xa5b /
 * 0xa59, offset 0x20; SKX_M2M 0x228 / 0x200 and SKX_UPI 0x350 / 0x318 with 8-byte controls;
 * SNBEP_PCI_PMON_CTL0 / CTR0 for the others).
 */
#define R4(b, c0, cs, t0, ts) { b, 0, (c0), (t0), 48 }, { b, 1, (c0) + (cs), (t0) + (ts), 48 }, \
	{ b, 2, (c0) + 2 * (cs), (t0) + 2 * (ts), 48 }, { b, 3, (c0) + 3 * (cs), (t0) + 3 * (ts), 48 }
#define CHA(n) R4("uncore_cha_" #n, 0xe01 + 0x10 * (n), 1, 0xe08 + 0x10 * (n), 1)
#define IIO(n) R4("uncore_iio_" #n, 0xa48 + 0x20 * (n), 1, 0xa41 + 0x20 * (n), 1)
#define IRP(n) { "uncore_irp_" #n, 0, 0xa5b + 0x20 * (n), 0xa59 + 0x20 * (n), 48 }, \
	{ "uncore_irp_" #n, 1, 0xa5c + 0x20 * (n), 0xa5a + 0x20 * (n), 48 }
/* the iMC's fixed DCLK counter: SNBEP_MC_CHy_PCI_PMON_FIXED_CTL 0xf0 / FIXED_CTR 0xd0 */
#define SKX_IMC(n) R4("uncore_imc_" #n, 0xd8, 4, 0xa0, 8), { "uncore_imc_" #n, FIX, 0xf0, 0xd0, 48 }
#define M3UPI(n) { "uncore_m3upi_" #n, 0, 0xd8, 0xa0, 48 }, { "uncore_m3upi_" #n, 1, 0xdc, 0xa8, 48 }, \
	{ "uncore_m3upi_" #n, 2, 0xe0, 0xb0, 48 }
static const struct addr_row skx_rows[] = {
	{ "uncore_ubox", 0, 0x705, 0x709, 48 }, { "uncore_ubox", 1, 0x706, 0x70a, 48 },
	{ "uncore_ubox", FIX, 0x703, 0x704, 48 },
	R4("uncore_pcu", 0x711, 1, 0x717, 1),
	CHA(0), CHA(1), CHA(2), CHA(3), CHA(4), CHA(5), CHA(6), CHA(7), CHA(8), CHA(9), CHA(10),
	CHA(11), CHA(12), CHA(13), CHA(14), CHA(15), CHA(16), CHA(17), CHA(18), CHA(19), CHA(20),
	CHA(21), CHA(22), CHA(23), CHA(24), CHA(25), CHA(26), CHA(27),
	IIO(0), IIO(1), IIO(2), IIO(3), IIO(4), IIO(5), IRP(0), IRP(1), IRP(2), IRP(3), IRP(4), IRP(5),
	SKX_IMC(0), SKX_IMC(1), SKX_IMC(2), SKX_IMC(3), SKX_IMC(4), SKX_IMC(5),
	R4("uncore_m2m_0", 0x228, 8, 0x200, 8), R4("uncore_m2m_1", 0x228, 8, 0x200, 8),
	R4("uncore_upi_0", 0x350, 8, 0x318, 8), R4("uncore_upi_1", 0x350, 8, 0x318, 8),
	R4("uncore_upi_2", 0x350, 8, 0x318, 8),
	R4("uncore_m2pcie_0", 0xd8, 4, 0xa0, 8), R4("uncore_m2pcie_1", 0xd8, 4, 0xa0, 8),
	R4("uncore_m2pcie_2", 0xd8, 4, 0xa0, 8), R4("uncore_m2pcie_3", 0xd8, 4, 0xa0, 8),
	M3UPI(0), M3UPI(1), M3UPI(2),
};

/*
 * Ice Lake-SP, typed from Linux uncore_snbep.c: ICX_C34_MSR_PMON_CTL0 0xb61 / CTR0 0xb68 plus
 * icx_cha_msr_offsets (the second argument of ICX_CHA); ICX_IIO 0xa58 / 0xa51, ICX_IRP0 0xa4d / 0xa4b, ICX_M2PCIE 0xa46 / 0xa41
 * plus icx_msr_offsets; SNR_M2M 0x468 / 0x440 and ICX_UPI 0x350 / 0x320 with 8-byte controls,
 * ICX_M3UPI 0xd8 / 0xa8; the iMC's SNR_IMC_MMIO_PMON_CTL0 0x40 / CTR0 0x8 from its box control
 * at SNR_IMC_MMIO_PMON_BOX_CTL 0x22800 + SNR_IMC_MMIO_OFFSET 0x4000 per channel, its fixed
 * counter SNR_IMC_MMIO_PMON_FIXED_CTL 0x54 / CTR 0x38.
 */
#define ICX_CHA(n, o) R4("uncore_cha_" #n, 0xb61 + (o), 1, 0xb68 + (o), 1)
#define ICX_STACK(n, o) R4("uncore_iio_" #n, 0xa58 + (o), 1, 0xa51 + (o), 1),                 \
	{ "uncore_irp_" #n, 0, 0xa4d + (o), 0xa4b + (o), 48 },                                  \
	{ "uncore_irp_" #n, 1, 0xa4e + (o), 0xa4c + (o), 48 },                                  \
	R4("uncore_m2pcie_" #n, 0xa46 + (o), 1, 0xa41 + (o), 1)
#define ICX_IMC(n) R4("uncore_imc_" #n, 0x22800 + 0x4000 * ((n) % 2) + 0x40, 4,                   \
		      0x22800 + 0x4000 * ((n) % 2) + 0x8, 8),                                   \
	{ "uncore_imc_" #n, FIX, 0x22800 + 0x4000 * ((n) % 2) + 0x54,                            \
	  0x22800 + 0x4000 * ((n) % 2) + 0x38, 48 }
static const struct addr_row icx_rows[] = {
	{ "uncore_ubox", 0, 0x705, 0x709, 48 }, { "uncore_ubox", 1, 0x706, 0x70a, 48 },
	{ "uncore_ubox", FIX, 0x703, 0x704, 48 },
	R4("uncore_pcu", 0x711, 1, 0x717, 1),
	ICX_CHA(0, 0x2a0), ICX_CHA(1, 0x2ae), ICX_CHA(2, 0x2bc), ICX_CHA(3, 0x2ca),
	ICX_CHA(4, 0x2d8), ICX_CHA(5, 0x2e6), ICX_CHA(6, 0x2f4), ICX_CHA(7, 0x302),
	ICX_CHA(8, 0x310), ICX_CHA(9, 0x31e), ICX_CHA(10, 0x32c), ICX_CHA(11, 0x33a),
	ICX_CHA(12, 0x348), ICX_CHA(13, 0x356), ICX_CHA(14, 0x364), ICX_CHA(15, 0x372),
	ICX_CHA(16, 0x380), ICX_CHA(17, 0x38e), ICX_CHA(18, 0x3aa), ICX_CHA(19, 0x3b8),
	ICX_CHA(20, 0x3c6), ICX_CHA(21, 0x3d4), ICX_CHA(22, 0x3e2), ICX_CHA(23, 0x3f0),
	ICX_CHA(24, 0x3fe), ICX_CHA(25, 0x40c), ICX_CHA(26, 0x41a), ICX_CHA(27, 0x428),
	ICX_CHA(28, 0x436), ICX_CHA(29, 0x444), ICX_CHA(30, 0x452), ICX_CHA(31, 0x460),
	ICX_CHA(32, 0x46e), ICX_CHA(33, 0x47c), ICX_CHA(34, 0x0), ICX_CHA(35, 0xe),
	ICX_CHA(36, 0x1c), ICX_CHA(37, 0x2a), ICX_CHA(38, 0x38), ICX_CHA(39, 0x46),
	ICX_STACK(0, 0x0), ICX_STACK(1, 0x20), ICX_STACK(2, 0x40), ICX_STACK(3, 0x90),
	ICX_STACK(4, 0xb0), ICX_STACK(5, 0xd0),
	R4("uncore_m2m_0", 0x468, 8, 0x440, 8), R4("uncore_m2m_1", 0x468, 8, 0x440, 8),
	R4("uncore_m2m_2", 0x468, 8, 0x440, 8), R4("uncore_m2m_3", 0x468, 8, 0x440, 8),
	R4("uncore_upi_0", 0x350, 8, 0x320, 8), R4("uncore_upi_1", 0x350, 8, 0x320, 8),
	R4("uncore_upi_2", 0x350, 8, 0x320, 8),
	R4("uncore_m3upi_0", 0xd8, 4, 0xa8, 8), R4("uncore_m3upi_1", 0xd8, 4, 0xa8, 8),
	R4("uncore_m3upi_2", 0xd8, 4, 0xa8, 8),
	ICX_IMC(0), ICX_IMC(1), ICX_IMC(2), ICX_IMC(3), ICX_IMC(4), ICX_IMC(5), ICX_IMC(6), ICX_IMC(7),
};

struct family_rows {
	enum uncore_family fam;
	const struct addr_row *rows;
	unsigned n;
};

static const struct family_rows all_rows[] = {
	{ UNCORE_NHM_CLIENT, nhm_rows, sizeof(nhm_rows) / sizeof(nhm_rows[0]) },
	{ UNCORE_NHM_EX, nhmex_rows, sizeof(nhmex_rows) / sizeof(nhmex_rows[0]) },
	{ UNCORE_SNB_EP, snbep_rows, sizeof(snbep_rows) / sizeof(snbep_rows[0]) },
	{ UNCORE_SKX, skx_rows, sizeof(skx_rows) / sizeof(skx_rows[0]) },
	{ UNCORE_ICX, icx_rows, sizeof(icx_rows) / sizeof(icx_rows[0]) },
};
#define N_FAMILIES (sizeof(all_rows) / sizeof(all_rows[0]))

static const struct addr_row *row_for(const struct box_desc *d, unsigned idx)
{
	for (unsigned f = 0; f < N_FAMILIES; f++) {
		if (all_rows[f].fam != d->family)
			continue;
		for (unsigned i = 0; i < all_rows[f].n; i++)
			if (!strcmp(all_rows[f].rows[i].box, d->name) && all_rows[f].rows[i].idx == idx)
				return &all_rows[f].rows[i];
	}
	return NULL;
}

/*
 * Every counter of every box has a hand-typed row with the same addresses, and every row a counter.
 */
static void test_every_counter_address_matches_the_reference(void **state)
{
	(void)state;
	unsigned checked = 0;
	/* every family's type table once (model 0x1F's boxes are the client's) */
	for (unsigned f = UNCORE_NONE; f <= UNCORE_DISC; f++) {
		const struct box_set *set = test_boxes((enum uncore_family)f);
		for (unsigned b = 0; f != UNCORE_UNCONFIRMED && b < set->n; b++) {
			const struct box_desc *d = &set->box[b].d;
			for (unsigned i = 0; i <= d->n_counters; i++) {
				unsigned idx = i == d->n_counters ? UNCORE_FIXED : i;
				if (idx == UNCORE_FIXED && !d->fixed_ctl) {
					assert_int_equal(box_ctl_msr(d, idx), 0);
					continue;
				}
				const struct addr_row *r = row_for(d, idx);
				if (!r)
					fail_msg("%s counter %u has no reference row", d->name, idx);
				assert_int_equal(box_ctl_msr(d, idx), r->ctl);
				assert_int_equal(box_ctr_msr(d, idx), r->ctr);
				assert_int_equal(box_counter_width(d, idx), r->width);
				checked++;
			}
			assert_int_equal(box_ctl_msr(d, d->n_counters), 0);   /* out of range */
			assert_int_equal(box_ctr_msr(d, d->n_counters), 0);
		}
	}
	unsigned rows = 0;
	for (unsigned f = 0; f < N_FAMILIES; f++) {
		rows += all_rows[f].n;
		for (unsigned i = 0; i < all_rows[f].n; i++)
			assert_non_null(family_box(all_rows[f].fam, all_rows[f].rows[i].box,
						 strlen(all_rows[f].rows[i].box)));
	}
	assert_int_equal(checked, rows);
	/* Skylake-SP: U-box 3, PCU 4, CHA 112, IIO 24, IRP 12, iMC 30 (DCLK included), M2M 8,
	   UPI 12, M2PCIe 16, M3UPI 9 */
	/* Ice Lake-SP: U-box 3, PCU 4, CHA 160, IIO 24, IRP 12, M2PCIe 24, M2M 16, UPI 12, M3UPI 12,
	   iMC 40 */
	assert_int_equal(checked, 9 + 13 + 39 + 42 + 230 + 307);
}

/* Box- and global-level registers, enable bits and the extra-MSR windows. */
static void test_box_registers_match_the_reference(void **state)
{
	(void)state;
	const struct box_desc *d = family_box(UNCORE_NHM_CLIENT, "uncore", 6);
	assert_non_null(d);
	assert_int_equal(d->global_ctl, 0x391);
	assert_int_equal(d->status_msr, 0x392);
	assert_int_equal(d->ovf_msr, 0x393);
	assert_int_equal(d->box_ctl, 0);
	assert_int_equal(d->enable_mask, 1u << 22);
	assert_int_equal(d->fixed_enable_mask, 1);
	assert_int_equal(d->global->fixed_bit, 32);
	assert_ptr_equal(d->ctl_layout, &layout_nhm_unc_perfevtsel);

	d = family_box(UNCORE_NHM_EX, "uncore_ubox", 11);
	assert_int_equal(d->global_ctl, 0xC00);
	assert_int_equal(d->global->start_val, 1u << 28);
	assert_int_equal(d->enable_mask, 1u << 22);
	static const uint32_t mbox[2] = { 0xCA0, 0xCE0 };
	for (unsigned i = 0; i < 2; i++) {
		char name[] = "uncore_mbox_0";
		name[12] = (char)('0' + i);
		d = family_box(UNCORE_NHM_EX, name, 13);
		assert_non_null(d);
		assert_int_equal(d->box_ctl, mbox[i]);
		assert_int_equal(d->status_msr, mbox[i] + 1);
		assert_int_equal(d->ovf_msr, mbox[i] + 2);
		assert_int_equal(d->extra_lo, mbox[i] + 5);    /* DSP */
		assert_int_equal(d->extra_hi, mbox[i] + 0xB);  /* ZDP */
		assert_int_equal(d->global_ctl, 0xC00);
		assert_int_equal(d->enable_mask, 1);
		assert_int_equal(d->freeze_pmi_mask, 2);
	}

	d = family_box(UNCORE_SNB_EP, "uncore_ubox", 11);
	assert_int_equal(d->global_ctl, 0);   /* 0xC00 is UNCONFIRMED on 0x2D (likwid registers.h only) */
	assert_int_equal(d->box_ctl, 0);
	assert_int_equal(d->fixed_enable_mask, 1u << 22);
	for (unsigned i = 0; i < 8; i++) {
		char name[] = "uncore_cbox_0";
		name[12] = (char)('0' + i);
		d = family_box(UNCORE_SNB_EP, name, 13);
		assert_non_null(d);
		assert_int_equal(d->box_ctl, 0xD04 + 0x20 * i);
		assert_int_equal(d->extra_lo, 0xD14 + 0x20 * i);
		assert_int_equal(d->filter_msr, 0xD14 + 0x20 * i);
		assert_ptr_equal(d->filter->layout, &layout_snbep_cbox_filter);
		assert_int_equal(d->box->stop_val, 0x10100);
		assert_int_equal(d->box->start_val, 0x10000);
	}
	d = family_box(UNCORE_SNB_EP, "uncore_pcu", 10);
	assert_int_equal(d->box_ctl, 0xC24);
	assert_int_equal(d->extra_lo, 0xC34);
	assert_int_equal(d->filter_msr, 0xC34);
	assert_ptr_equal(d->filter->layout, &layout_snbep_pcu_filter);
}

static void test_box_find(void **state)
{
	(void)state;
	assert_null(family_box(UNCORE_SNB_EP, "uncore_mbox_0", 13));      /* wrong family */
	assert_null(family_box(UNCORE_NHM_EX, "uncore_mbox", 11));        /* prefix */
	assert_null(family_box(UNCORE_NHM_EX, "uncore_mbox_01", 14));
	assert_null(family_box(UNCORE_NONE, "uncore", 6));
	const struct box_desc *d = family_box(UNCORE_NHM_EX, "uncore_mbox_1/inc_sel=1/", 13);
	assert_non_null(d);                                             /* not NUL-terminated */
	assert_string_equal(d->name, "uncore_mbox_1");
	assert_ptr_not_equal(family_box(UNCORE_NHM_EX, "uncore_ubox", 11),
			     family_box(UNCORE_SNB_EP, "uncore_ubox", 11));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_field_encodes_and_decodes),
		cmocka_unit_test(test_snbep_ubox_ctl_is_seed_000),
		cmocka_unit_test(test_nhm_uncore_layouts_are_seed_001),
		cmocka_unit_test(test_mbox_cnt_ctl_is_seed_002),
		cmocka_unit_test(test_snbep_other_layouts),
		cmocka_unit_test(test_every_counter_address_matches_the_reference),
		cmocka_unit_test(test_box_registers_match_the_reference),
		cmocka_unit_test(test_box_find),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
