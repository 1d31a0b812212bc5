/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The platforms' discovery domains (lib/hw/disc_platforms.c) against the sources: Linux
 * intel-family.h for the models, tip perf/core e75462f6c7ea, cf002dafedd0, 6daf2c35b835,
 * 66e2075426f3, b575fc0e3357, e7d5f2ea0923, 1897336728b4 for the domains.
 */
#include "testutil.h"
#include "hw/disc_platforms.h"
#include "hw/layouts_discovery.h"
#include "hw/layouts_dmr.h"
#include "hw/uncore_disc.h"
#include "boxes.h"

static void test_diamond_rapids_two_domains(void **state)
{
	(void)state;
	const struct disc_platform *p = disc_platform_for(19, 0x01);
	assert_string_equal(p->name, "diamond-rapids");
	assert_int_equal(p->dom[0].via, DISC_VIA_PCI);
	assert_int_equal(p->dom[0].device, 0x09A1);
	assert_false(p->dom[0].global_init);
	assert_int_equal(p->dom[1].via, DISC_VIA_MSR);
	assert_int_equal(p->dom[1].msr, 0x710);
	assert_true(p->dom[1].global_init);   /* wired to the CBB domain only */
	assert_true(disc_platform_listed(19, 0x01));
	/* MSE (0x13) on the IMH, SB2UCIE (0x25) on the CBB: broken, skipped as Linux does */
	assert_int_equal(p->dom[0].nignored, 1);
	assert_int_equal(p->dom[0].ignored[0], 0x13);
	assert_int_equal(p->dom[1].nignored, 1);
	assert_int_equal(p->dom[1].ignored[0], 0x25);
	assert_int_equal(disc_platform_for(6, 0xAD)->dom[0].nignored, 0);
}

static void test_client_portals(void **state)
{
	(void)state;
	const struct disc_platform *nvl = disc_platform_for(18, 0x03);
	assert_string_equal(nvl->name, "nova-lake");
	assert_int_equal(nvl->dom[0].via, DISC_VIA_MSR);
	assert_int_equal(nvl->dom[0].msr, 0x711);
	assert_int_equal(nvl->dom[1].via, DISC_VIA_NONE);
	assert_ptr_equal(disc_platform_for(18, 0x01), nvl);
	const struct disc_platform *ptl = disc_platform_for(6, 0xCC);
	assert_int_equal(ptl->dom[0].msr, 0x201E);
	assert_true(ptl->dom[0].global_init);
	assert_ptr_equal(disc_platform_for(6, 0xD5), ptl);   /* Wildcat Lake */
}

/* Clearwater Forest on Granite Rapids' path: PCI device 0x09A7, no portal. */
static void test_servers_by_pci(void **state)
{
	(void)state;
	const uint8_t models[] = { 0x8F, 0xCF, 0xAD, 0xAE, 0xAF, 0xDD };
	for (unsigned i = 0; i < sizeof(models); i++) {
		const struct disc_platform *p = disc_platform_for(6, models[i]);
		assert_int_equal(p->dom[0].via, DISC_VIA_PCI);
		assert_int_equal(p->dom[0].device, 0x09A7);
		assert_int_equal(p->dom[1].via, DISC_VIA_NONE);
	}
}

/* An unknown part: the generic row, PCI then MSR 0x201E; never 0x710/0x711 as a portal. */
static void test_generic_and_gate(void **state)
{
	(void)state;
	const struct disc_platform *g = disc_platform_for(6, 0x99);
	assert_string_equal(g->name, "generic");
	assert_false(disc_platform_listed(6, 0x99));
	assert_int_equal(g->dom[0].via, DISC_VIA_PCI);
	assert_int_equal(g->dom[1].via, DISC_VIA_MSR);
	assert_int_equal(g->dom[1].msr, 0x201E);
	assert_false(g->dom[1].global_init);
	/* Skylake-SP, Ice Lake-SP: 0x710/0x711 are the PCU's PMON registers there */
	const uint8_t pcu[] = { 0x55, 0x6A, 0x6C };
	for (unsigned i = 0; i < sizeof(pcu); i++)
		for (unsigned k = 0; k < DISC_MAX_DOMAINS; k++) {
			const struct disc_domain *d = &disc_platform_for(6, pcu[i])->dom[k];
			assert_false(d->via == DISC_VIA_MSR && (d->msr == 0x710 || d->msr == 0x711));
		}
	/* model 0x01 of family 6 is not Diamond Rapids (family 19) */
	assert_ptr_equal(disc_platform_for(6, 0x01), g);
}

static const struct reg_field *field(const struct reg_layout *l, const char *name)
{
	const struct reg_field *f = reg_find_field(l, name, strlen(name));
	assert_non_null(f);
	return f;
}

/* Diamond Rapids' units by their type ids and layouts (6daf2c35b835, 66e2075426f3). */
static void test_diamond_rapids_types(void **state)
{
	(void)state;
	const struct disc_platform *p = disc_platform_for(19, 0x01);
	assert_string_equal(disc_platform_type_name(p, 0x1F), "cbo");
	assert_string_equal(disc_platform_type_name(p, 0x22), "sncu");
	assert_string_equal(disc_platform_type_name(p, 0x33), "pcie6");
	assert_null(disc_platform_type_name(p, 0x07));   /* no entry: uncore_type_7 */
	assert_string_equal(disc_platform_type_name(disc_platform_for(6, 0xAD), 0x07), "m2m");
	/* CBO, SBO: umask extension 63:32; tid_en (16) reserved */
	const struct reg_layout *cbo = disc_platform_type_ctl(p, 0x1F);
	assert_ptr_equal(cbo, &layout_dmr_umask_ext_ctl);
	assert_ptr_equal(disc_platform_type_ctl(p, 0x26), cbo);
	assert_int_equal(field(cbo, "umask_ext")->lsb, 32);
	assert_int_equal(field(cbo, "umask_ext")->width, 32);
	assert_null(reg_find_field(cbo, "tid_en", 6));
	/* SANTA and sNCU: no umask extension (the generic control: 63:32 reserved) */
	assert_ptr_equal(disc_platform_type_ctl(p, 0x20), &layout_disc_ctl);
	assert_ptr_equal(disc_platform_type_ctl(p, 0x22), &layout_disc_ctl);
	/* Granite Rapids' types keep their own controls (disc_type_ctl) */
	assert_ptr_equal(disc_platform_type_ctl(disc_platform_for(6, 0xAD), 0),
			 disc_type_ctl(0));
	/* CXLCM: inv 21, thresh 31:23, port_en 35:32 */
	const struct reg_layout *cxl = disc_platform_type_ctl(p, 0x18);
	assert_int_equal(field(cxl, "inv")->lsb, 21);
	assert_int_equal(field(cxl, "thresh")->lsb, 23);
	assert_int_equal(field(cxl, "thresh")->width, 9);
	assert_int_equal(field(cxl, "port_en")->lsb, 32);
	assert_int_equal(field(cxl, "port_en")->width, 4);
	/* PCIE4 and PCIE6: one layout, VC select 47:40, port select 55:48 */
	const struct reg_layout *pcie = disc_platform_type_ctl(p, 0x2D);
	assert_ptr_equal(disc_platform_type_ctl(p, 0x33), pcie);
	assert_int_equal(field(pcie, "vc_sel")->lsb, 40);
	assert_int_equal(field(pcie, "port_sel")->lsb, 48);
	assert_int_equal(field(pcie, "port_sel")->width, 8);
	assert_int_equal(field(pcie, "thresh_ext")->lsb, 32);
	/* a box made of a CBO unit: Linux's name, its layout */
	struct box_set s;
	assert_int_equal(box_set_init(&s, UNCORE_DISC, 1, 1, &test_box_alloc), 0);
	const struct disc_box_src u = { DISC_MSR, 0x1F, 3, 0, 0x2000, 2, 8, 4, 48, 0, "cbo", cbo };
	int i = uncore_disc_add(&s, &u);
	assert_true(i >= 0);
	assert_string_equal(s.box[i].d.name, "uncore_cbo_0");
	assert_ptr_equal(s.box[i].d.ctl_layout, cbo);
	box_set_fini(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_diamond_rapids_two_domains),
		cmocka_unit_test(test_client_portals),
		cmocka_unit_test(test_servers_by_pci),
		cmocka_unit_test(test_generic_and_gate),
		cmocka_unit_test(test_diamond_rapids_types),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
