/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * --decode: register names, layout names and MSR numbers find the right
 * layout; every field is printed, reserved bits are flagged; unknown names
 * get one line listing the valid ones.
 */
#include "testutil.h"
#include "pmu/decode.h"
#include "hw/layouts_core.h"
#include "hw/layouts_uncore.h"
#include "pmu/uncore.h"
#include "boxes.h"

static char buf[8192];
static struct strbuf sb;

/* A machine of family fam's boxes; UNCORE_NONE: none, every family's names. */
static const struct box_set *of(enum uncore_family fam)
{
	return fam == UNCORE_NONE ? NULL : test_boxes(fam);
}

static pmu_status dec(const char *name, uint64_t value, enum uncore_family fam)
{
	sb_init(&sb, buf, sizeof(buf));
	pmu_status st = decode_register(name, value, of(fam), &sb);
	assert_false(sb.overflow);
	return st;
}

static void expect_text(const char *want)
{
	if (!strstr(buf, want))
		fail_msg("missing '%s' in:\n%s", want, buf);
}

static unsigned lines(void)
{
	unsigned n = 0;
	for (const char *p = buf; *p; p++)
		n += *p == '\n';
	return n;
}

static void expect_short_lines(void)
{
	const char *p = buf;
	while (*p) {
		const char *e = strchr(p, '\n');
		assert_non_null(e);   /* every line ends in a newline */
		assert_true(e - p < 80);
		p = e + 1;
	}
}

static void test_core_perfevtsel(void **state)
{
	(void)state;
	assert_int_equal(dec("perfevtsel", 0x0143003C, UNCORE_NONE), PMU_OK);
	expect_text("IA32_PERFEVTSEL = 0x143003c\n  (core, MSRs 0x186-0x18f)\n");
	expect_text("  event=0x3c");
	expect_text("  umask=0x0 ");
	expect_text("  en=1 ");
	expect_text("  inv=0 ");
	expect_text("  cmask=0x1 ");
	expect_text("bits 31:24\n");
	expect_text("bit 22\n");
	/* 2 header lines + the 11 named fields; the zero reserved field is not shown */
	assert_int_equal(lines(), 2 + 11);
	assert_null(strstr(buf, "RESERVED"));
	expect_short_lines();
	/* The same by layout name, any case, and by MSR number. */
	char first[sizeof(buf)];
	strcpy(first, buf);
	assert_int_equal(dec("ia32_PERFEVTSEL", 0x0143003C, UNCORE_NONE), PMU_OK);
	assert_string_equal(buf, first);
	assert_int_equal(dec("0x18d", 0x0143003C, UNCORE_SNB_EP), PMU_OK);
	assert_string_equal(buf, first);
}

static void test_reserved_flagged(void **state)
{
	(void)state;
	assert_int_equal(dec("PerfEvtSel", (1ull << 40) | 0x3C, UNCORE_NONE), PMU_ERR_RESERVED);
	expect_text("  rsv=0x100 ");
	expect_text("bits 63:32  RESERVED");
	expect_text("  event=0x3c");
	assert_int_equal(dec("fixed_ctr_ctrl", 1ull << 28 | 0x333, UNCORE_NONE), PMU_ERR_RESERVED);
	expect_text("  en2=0x3 ");
	expect_text("RESERVED");
	/* Ignored bits are shown, but are not an error. */
	assert_int_equal(dec("uncore_mbox_0", 1ull << 30 | 1, UNCORE_NHM_EX), PMU_OK);
	expect_text("ignored");
	/* Read-only and write-1-to-clear fields say so. */
	assert_int_equal(dec("global_status", 1ull << 63, UNCORE_NONE), PMU_OK);
	expect_text("  cond_chgd=1 ");
	expect_text("read-only");
	assert_int_equal(dec("global_ovf_ctrl", 1, UNCORE_NONE), PMU_OK);
	expect_text("write 1 to clear");
	/* ExtSel (bit 21) where the box has none: the SNB-EP U-box's 21:20 (Intel 327043-001 table 2-2) */
	assert_int_equal(dec("uncore_ubox", 1u << 22 | 1u << 21 | 0x0145, UNCORE_SNB_EP),
			 PMU_ERR_RESERVED);
	expect_text("  rsv=0x2                     bits 21:20  RESERVED: must be 0\n");
	/* the PCU has it (bit 21); its bits 20:19 stay reserved */
	assert_int_equal(dec("uncore_pcu", 1u << 21 | 0x0b, UNCORE_SNB_EP), PMU_OK);
	expect_text("  ev_sel_ext=1 ");
	assert_int_equal(dec("uncore_pcu", 1u << 20 | 0x0b, UNCORE_SNB_EP), PMU_ERR_RESERVED);
	expect_text("  rsv=0x2                     bits 20:19  RESERVED: must be 0\n");
	/* the filters, by box */
	assert_int_equal(dec("uncore_cbox_3.filter", 0x1Full << 18 | 1u << 5, UNCORE_SNB_EP),
			 PMU_ERR_RESERVED);
	expect_text("C_MSR_PMON_BOX_FILTER = 0x7c0020\n"
		    "  (uncore_cbox_3, sandy-bridge-ep, MSR 0xd74)\n");
	expect_text("  state=0x1f ");
	expect_text("  rsv=0x1                     bits 9:5  RESERVED: must be 0\n");
}

static void test_uncore_names(void **state)
{
	(void)state;
	/* One family: the box's counter control. */
	assert_int_equal(dec("uncore_ubox", 0x400044, UNCORE_SNB_EP), PMU_OK);
	expect_text("U_MSR_PMON_CTL = 0x400044\n  (uncore_ubox, sandy-bridge-ep, MSRs 0xc10-0xc11)\n");
	expect_text("  ev_sel=0x44");
	assert_null(strstr(buf, "U_PMON_EVNT_SEL"));
	/* Any family: each family's U-box. */
	assert_int_equal(dec("uncore_ubox", 0x400044, UNCORE_NONE), PMU_OK);
	expect_text("U_MSR_PMON_CTL");
	expect_text("U_PMON_EVNT_SEL = 0x400044\n  (uncore_ubox, nehalem-ex-westmere-ex");
	/* Box, global, fixed, status and overflow registers by suffix. */
	assert_int_equal(dec("uncore_cbox_3.box", 0x10100, UNCORE_SNB_EP), PMU_OK);
	expect_text("SNBEP_PMON_BOX_CTL = 0x10100\n  (uncore_cbox_3, sandy-bridge-ep, MSR 0xd64)");
	expect_text("  frz=1 ");
	expect_text("  frz_en=1 ");
	assert_int_equal(dec("uncore.global", 1ull << 32, UNCORE_NHM_CLIENT), PMU_OK);
	expect_text("(uncore, nehalem-westmere-client, MSR 0x391)");
	expect_text("  en_fc0=1 ");
	assert_int_equal(dec("uncore.fixed", 1, UNCORE_NHM_CLIENT), PMU_OK);
	expect_text("MSR_UNCORE_FIXED_CTR_CTRL");
	assert_int_equal(dec("uncore_mbox_1.status", 2, UNCORE_NHM_EX), PMU_OK);
	expect_text("M_MSR_PMON_BOX_STATUS = 0x2\n  (uncore_mbox_1, nehalem-ex-westmere-ex, MSR 0xce1)");
	expect_text("  ovf_ctr1=1 ");
	assert_int_equal(dec("UNCORE_MBOX_1.OVF", 2, UNCORE_NHM_EX), PMU_OK);
	expect_text("M_MSR_PMON_BOX_OVF_CTRL");
	/* A layout name shared by many boxes decodes once. */
	assert_int_equal(dec("snbep_pmon_box_ctl", 3, UNCORE_NONE), PMU_OK);
	expect_text("  rst_ctrl=1 ");
	assert_int_equal(lines(), 2 + 4);
	/* MSR numbers of uncore registers; model 0x1F reads as the client uncore. */
	assert_int_equal(dec("0xc00", 1ull << 28, UNCORE_NHM_EX), PMU_OK);
	expect_text("U_PMON_GLOBAL_CTRL");
	expect_text("  en_all=1 ");
	assert_int_equal(dec("0x3c3", 0x40012E, UNCORE_UNCONFIRMED), PMU_OK);
	expect_text("MSR_UNCORE_PERFEVTSEL = 0x40012e\n  (uncore, ");
	expect_short_lines();
}

static void test_unknown_names(void **state)
{
	(void)state;
	assert_int_equal(dec("bogus", 1, UNCORE_SNB_EP), PMU_ERR_UNKNOWN_NAME);
	expect_text("unknown register 'bogus'; valid: perfevtsel fixed_ctr_ctrl");
	expect_text(" uncore_cbox_N ");   /* a numbered box once, by its type */
	assert_null(strstr(buf, "uncore_cbox_7"));
	expect_text(" uncore_pcu ");
	expect_text(" uncore_r3qpi_N;");
	assert_null(strstr(buf, "mbox"));           /* only this family's boxes */
	assert_int_equal(lines(), 1);
	assert_int_equal(dec("bogus", 1, UNCORE_NONE), PMU_ERR_UNKNOWN_NAME);
	expect_text(" uncore uncore_ubox uncore_mbox_N");
	/* uncore_ubox (two families) is listed once */
	const char *u = strstr(buf, " uncore_ubox ");
	assert_non_null(u);
	assert_null(strstr(u + 1, " uncore_ubox "));
	/* A box of another family, a bad suffix, an MSR nothing describes, an empty name. */
	assert_int_equal(dec("uncore_mbox_0", 1, UNCORE_SNB_EP), PMU_ERR_UNKNOWN_NAME);
	assert_int_equal(dec("uncore_ubox.box", 1, UNCORE_SNB_EP), PMU_ERR_UNKNOWN_NAME);
	assert_int_equal(dec("0xc1", 1, UNCORE_NONE), PMU_ERR_UNKNOWN_NAME);
	expect_text("no register layout for MSR '0xc1'");
	assert_int_equal(dec("", 1, UNCORE_NONE), PMU_ERR_UNKNOWN_NAME);
}

static void test_layout_for_msr(void **state)
{
	(void)state;
	assert_ptr_equal(decode_layout_for_msr(0x186, of(UNCORE_NONE)), &layout_perfevtsel);
	assert_ptr_equal(decode_layout_for_msr(0x18D, of(UNCORE_NHM_CLIENT)), &layout_perfevtsel);
	/* PERFEVTSEL9 */
	assert_ptr_equal(decode_layout_for_msr(0x18F, of(UNCORE_NONE)), &layout_perfevtsel);
	assert_null(decode_layout_for_msr(0x190, of(UNCORE_NONE)));
	assert_ptr_equal(decode_layout_for_msr(0x329, of(UNCORE_NONE)), &layout_perf_metrics);
	assert_ptr_equal(decode_layout_for_msr(0x38F, of(UNCORE_NONE)), &layout_global_ctrl);
	assert_ptr_equal(decode_layout_for_msr(0x390, of(UNCORE_NONE)), &layout_global_ovf_ctrl);
	assert_null(decode_layout_for_msr(0xC1, of(UNCORE_NONE)));   /* a counter */
	assert_ptr_equal(decode_layout_for_msr(0xC10, of(UNCORE_SNB_EP)), &layout_snbep_u_pmon_ctl);
	assert_ptr_equal(decode_layout_for_msr(0xC10, of(UNCORE_NHM_EX)), &layout_nhmex_u_evnt_sel);
	assert_null(decode_layout_for_msr(0xC11, of(UNCORE_NHM_EX)));   /* the U-box counter */
	assert_ptr_equal(decode_layout_for_msr(0xCBA, of(UNCORE_NHM_EX)), &layout_nhmex_m_cnt_ctl);
	assert_null(decode_layout_for_msr(0xCBB, of(UNCORE_NHM_EX)));
	assert_ptr_equal(decode_layout_for_msr(0xDE4, of(UNCORE_SNB_EP)), &layout_snbep_box_ctl);
	assert_ptr_equal(decode_layout_for_msr(0xC08, of(UNCORE_SNB_EP)), &layout_snbep_uclk_fixed_ctl);
	assert_null(decode_layout_for_msr(0xC08, of(UNCORE_NHM_CLIENT)));
	/* Every MSR box's control MSRs map to its own layout; a PCI box's offsets are no MSRs. */
	for (unsigned f = UNCORE_NHM_CLIENT; f <= UNCORE_DISC; f++)
		for (unsigned i = 0; i < test_boxes((enum uncore_family)f)->n; i++) {
			const struct box_desc *d = &test_boxes((enum uncore_family)f)->box[i].d;
			if (d->pci) {
				assert_null(decode_layout_for_msr(box_ctl_msr(d, 0), of(d->family)));
				continue;
			}
			for (unsigned c = 0; c < d->n_counters; c++)
				assert_ptr_equal(decode_layout_for_msr(box_ctl_msr(d, c), of(d->family)),
						 d->ctl_layout);
			if (d->box_ctl)
				assert_ptr_equal(decode_layout_for_msr(d->box_ctl, of(d->family)),
						 d->box->layout);
		}
}

/*
 * Panther Lake's client boxes (hw/box_type.h box_family_client): a cNCU has a fixed counter
 * and no general control (n_counters 0, no control stride); an MSR is looked up past it
 * without dividing by its stride, and the boxes' controls still decode.
 */
static void test_layout_for_msr_client_boxes(void **state)
{
	(void)state;
	struct box_set s;
	assert_int_equal(box_set_init(&s, UNCORE_DISC, 16, 8, &test_box_alloc), PMU_OK);
	assert_true(box_set_add_family(&s, box_family_client(6, 0xCC)) > 0);
	box_set_done(&s);
	assert_ptr_equal(decode_layout_for_msr(0x2443, &s), &layout_adl_unc_ctl);   /* cbox_0 ctl1 */
	assert_ptr_equal(decode_layout_for_msr(0x2022, &s), &layout_adl_unc_ctl);   /* ia_core_bridge */
	assert_ptr_equal(decode_layout_for_msr(0x240E, &s), &layout_mtl_cncu_box_ctl);
	assert_ptr_equal(decode_layout_for_msr(0x2402, &s), &layout_adl_unc_fixed_ctl);
	assert_null(decode_layout_for_msr(0x2600, &s));
	box_set_fini(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_core_perfevtsel),
		cmocka_unit_test(test_reserved_flagged),
		cmocka_unit_test(test_uncore_names),
		cmocka_unit_test(test_unknown_names),
		cmocka_unit_test(test_layout_for_msr),
		cmocka_unit_test(test_layout_for_msr_client_boxes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
