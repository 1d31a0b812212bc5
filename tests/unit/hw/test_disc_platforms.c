/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The platforms' discovery domains (lib/hw/disc_platforms.c) against the sources: Linux
 * intel-family.h for the models, tip perf/core e75462f6c7ea, cf002dafedd0, 6daf2c35b835,
 * 66e2075426f3, b575fc0e3357, e7d5f2ea0923, 1897336728b4 for the domains.
 */
#include "testutil.h"
#include "hw/disc_platforms.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_diamond_rapids_two_domains),
		cmocka_unit_test(test_client_portals),
		cmocka_unit_test(test_servers_by_pci),
		cmocka_unit_test(test_generic_and_gate),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
