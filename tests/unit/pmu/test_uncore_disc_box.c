/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The discovery tables made into generic boxes (lib/pmu/uncore_disc_box.c, lib/hw/uncore_disc.c)
 * on the model's sapphire-rapids machine: found or named, each usable unit a box with
 * Linux's names and its registers where the table and Linux's generic PMU put them, each
 * PCI and MMIO unit registered with the write guard only once placed, a PCI unit on a bus
 * no root bridge or MCFG range reaches left out.
 */
#include "testutil.h"
#include "boxes.h"
#include "hw/regfield.h"
#include "hw/uncore_disc.h"
#include "model/model_discovery.h"
#include "pmu/regkey.h"
#include "pmu/uncore_disc_box.h"

static struct uncore_disc d;
static struct uncore_pci_pkg map;
static struct pmon_registry reg;
/* The boxes the last build made, as a run keeps its machine's. */
static struct box_set boxes;

/* Each of pkgs packages' first CPU (spr's: two a package) as its die, as a run lists them. */
static pmu_status build(const struct pmu_backend *b, bool spr, const struct disc_named *named,
			unsigned pkgs)
{
	static const struct disc_die dies[] = { { 0, 0, 0 }, { 2, 1, 0 } };
	const struct disc_where w = { disc_platform_for(6, 0x8F), dies, pkgs, spr, { 0, 0 }, NULL };
	box_set_fini(&boxes);
	return uncore_disc_build(b, &w, named, &d, &boxes, &test_box_alloc);
}

static const struct box_desc *find(enum uncore_family fam, const char *name, size_t len)
{
	return boxes.fam == fam ? box_find(&boxes, name, len) : NULL;
}

static struct model *spr(struct pmu_backend *b, unsigned pkgs)
{
	return test_model("sapphire-rapids", 2 * pkgs, pkgs, b);
}

static void test_found_and_made(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = spr(&b, 1);
	assert_int_equal(build(&b, true, NULL, 1), PMU_OK);
	assert_int_equal(d.find.n, 1);
	assert_true(d.find.by_device);
	/*
	 * 8 CHA, 6 IIO, IRP and M2PCIe, the PCU, 8 iMC, 4 M2M, and SPR's 3 UPI and 3 M3UPI
	 * from the devices of their ids
	 */
	assert_int_equal(d.made, 45);
	const struct box_desc *imc5 = find(UNCORE_DISC, "uncore_imc_5", 12);
	assert_non_null(imc5);
	assert_ptr_equal(find(UNCORE_DISC, "uncore_type_6_5", 15), imc5);
	assert_string_equal(box_alias(&boxes, imc5), "uncore_type_6_5");
	/* MMIO: controls 4 apart from box control + 0x40, counters 8 apart from + 0x08 */
	assert_int_equal(imc5->ctl_base - imc5->box_ctl, 0x40);
	assert_int_equal(imc5->ctl_stride, 4);
	assert_int_equal(imc5->ctr_base - imc5->box_ctl, 0x08);
	assert_int_equal(imc5->ctr_stride, 8);
	const struct box_desc *m2m1 = find(UNCORE_DISC, "uncore_type_7_1", 15);
	assert_string_equal(m2m1->name, "uncore_m2m_1");
	assert_int_equal(m2m1->box_ctl, 0x438);   /* PCI: in the function, controls 8 apart */
	assert_int_equal(m2m1->ctl_base, 0x468);
	assert_int_equal(m2m1->ctl_stride, 8);
	assert_int_equal(m2m1->pci->device_id, 0x324A);
	const struct box_desc *cha3 = find(UNCORE_DISC, "uncore_cha_3", 12);
	assert_null(cha3->pci);
	assert_int_equal(cha3->box_ctl, 0x2030);
	assert_int_equal(cha3->ctl_base, 0x2032);
	assert_int_equal(cha3->ctr_base, 0x2038);
	assert_int_equal(cha3->cha_unit, 4);
	const struct box_desc *upi2 = find(UNCORE_DISC, "uncore_upi_2", 12);
	assert_non_null(upi2);
	assert_int_equal(upi2->box_ctl, 0x318);
	assert_int_equal(upi2->pci->device_id, 0x3241);
	assert_int_equal(find(UNCORE_DISC, "uncore_m3upi_0", 14)->pci->device_id, 0x3246);
	/*
	 * Controls as Linux's formats give each type: the CHA's umask extension in 63:32, the PCI
	 * units' in 55:32 of a two-dword control; an MMIO channel's control is one dword.
	 */
	assert_string_equal(cha3->ctl_layout->name, "SPR_CHA_PMON_CTL");
	assert_int_equal(reg_find_field(cha3->ctl_layout, "umask_ext", 9)->width, 32);
	assert_false(cha3->ctl_wide);
	assert_string_equal(m2m1->ctl_layout->name, "SPR_PMON_CTL");
	assert_int_equal(reg_find_field(m2m1->ctl_layout, "umask_ext", 9)->width, 24);
	assert_true(m2m1->ctl_wide);
	assert_true(upi2->ctl_wide);
	assert_string_equal(imc5->ctl_layout->name, "GENERIC_PMON_CTL");
	assert_false(imc5->ctl_wide);
	free(m);
}

/* Placed: the package's PCI and MMIO units in its map and the write guard, nothing before. */
static void test_placed_and_guarded(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = spr(&b, 2);
	unsigned unplaced = 0;
	assert_int_equal(build(&b, true, NULL, 2), PMU_OK);
	assert_int_equal(d.find.cap, 2);   /* a PCI domain's table a package */
	assert_int_equal(d.find.n, 2);
	pmon_reset(&reg);
	b.pmon = &reg;
	const uint64_t ctl0 = 0xC1000000ull + 0x22840;   /* package 1, channel 0, control 0 */
	assert_int_equal(pmu_mmio_write(&b, 0, ctl0, 4, 0), PMU_ERR_REFUSED);
	uncore_disc_place(&d, &boxes, 1, &map, &reg, &unplaced);
	assert_int_equal(unplaced, 0);
	assert_true(map.placed);
	assert_int_equal(map.bus, 0xFF);
	assert_int_equal(map.n, 18);     /* 8 iMC channels, 4 M2M, 3 UPI, 3 M3UPI */
	assert_int_equal(map.ncha, 8);
	assert_int_equal(reg.n, 18);
	assert_int_equal(pmu_mmio_write(&b, 0, ctl0, 4, 0), PMU_OK);
	assert_int_equal(pmu_mmio_write(&b, 0, ctl0 + 0x4000, 4, 0), PMU_OK);   /* channel 1 */
	assert_int_equal(pmu_mmio_write(&b, 0, ctl0 - 0x44, 4, 0), PMU_ERR_REFUSED);   /* below */
	const struct box_desc *imc0 = find(UNCORE_DISC, "uncore_imc_0", 12);
	char text[64];
	struct strbuf sb;
	sb_init(&sb, text, sizeof(text));
	regkey_put(&sb, &reg, box_key(&map, imc0, box_ctl_msr(imc0, 1), false));
	assert_string_equal(text, "mmio 0xc1022844");
	free(m);
}

/* A table past the room the listed packages call for: counted as dropped, not read. */
static void test_table_past_room_dropped(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = spr(&b, 2);
	assert_int_equal(build(&b, true, NULL, 1), PMU_OK);   /* package 1 not listed */
	assert_int_equal(d.find.cap, 1);
	assert_int_equal(d.find.n, 1);
	assert_int_equal(d.find.dropped, 1);
	assert_int_equal(d.find.t[0].pkg, 0);
	free(m);
}

/* Named instead of found: the same table; a function that is not there says so. */
static void test_named(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = spr(&b, 1);
	struct disc_named at = { { 0, 0x7F, 0, 1, 0 }, 0 };
	assert_int_equal(build(&b, false, &at, 1), PMU_OK);
	assert_int_equal(d.find.n, 1);
	assert_int_equal(d.find.t[0].st, PMU_OK);
	assert_int_equal(d.made, 45);   /* not Sapphire Rapids: its UPI links are units */
	at.fn.dev = 3;
	assert_int_equal(build(&b, false, &at, 1), PMU_OK);
	assert_int_equal(d.find.t[0].st, PMU_ERR_ABSENT);
	assert_int_equal(d.made, 0);
	assert_null(find(UNCORE_DISC, "uncore_cha_0", 12));
	free(m);
}

/* Firmware whose root bridges and MCFG stop at bus 0x7E: the package's bus 0x7F is beyond. */
static unsigned short_ranges(void *ctx, struct pmu_bus_range *r, unsigned cap)
{
	(void)ctx;
	(void)cap;
	r[0] = (struct pmu_bus_range){ 0, 0, 0x7E, false };
	return 1;
}

/* A PCI unit on a bus the backend's configuration space does not reach: outside, not made. */
static void test_bus_out_of_reach(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = spr(&b, 1);
	struct pmu_backend_ops ops = *b.ops;
	ops.pci_ranges = short_ranges;
	b.ops = &ops;
	assert_int_equal(build(&b, true, NULL, 1), PMU_OK);
	/* 8 CHA and 19 other MSR units, 8 iMC (MMIO); the 4 M2M on bus 0x7F not */
	assert_int_equal(d.made, 35);
	unsigned outside = 0;
	for (unsigned i = 0; i < d.table[0].nunits; i++)
		if (d.table[0].unit[i].type == 7)
			outside += !!(d.table[0].unit[i].problems & 1u << DP_OUTSIDE);
	assert_int_equal(outside, 4);
	assert_null(find(UNCORE_DISC, "uncore_m2m_0", 12));
	free(m);
}

/*
 * SPR's quirk: the table names UPI/M3UPI functions where nothing is; they are counted at the
 * devices of their ids (Linux spr_update_device_location), and not where there is none.
 */
static void test_spr_upi_taken_by_id(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = spr(&b, 2);
	m->disc_defect = MDD_UPI_MISPLACED;
	assert_int_equal(build(&b, true, NULL, 2), PMU_OK);
	assert_int_equal(d.made, 45);
	for (unsigned p = 0; p < 2; p++)
		for (unsigned i = 0; i < d.table[p].nunits; i++) {
			const struct disc_unit *u = &d.table[p].unit[i];
			if (u->type != 8 && u->type != 9)
				continue;
			struct pmu_pci_addr a = disc_unit_pci(u);
			assert_true(u->usable && u->relocated);
			assert_int_equal(a.bus, p ? 0xFF : 0x7F);
			assert_int_equal(a.dev, (u->type == 8 ? 1 : 5) + u->box_id);
			assert_int_equal(a.off, u->type == 8 ? 0x318 : 0xA0);
		}
	m->disc_upi_absent = true;   /* no such devices either: not counted, as Linux */
	assert_int_equal(build(&b, true, NULL, 2), PMU_OK);
	assert_int_equal(d.made, 39);
	assert_null(find(UNCORE_DISC, "uncore_upi_0", 12));
	free(m);
}

/* The last build's slots and boxes given back. */
static int teardown(void **state)
{
	(void)state;
	box_set_fini(&boxes);
	uncore_disc_fini(&d);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_found_and_made),
		cmocka_unit_test(test_placed_and_guarded),
		cmocka_unit_test(test_table_past_room_dropped),
		cmocka_unit_test(test_named),
		cmocka_unit_test(test_bus_out_of_reach),
		cmocka_unit_test(test_spr_upi_taken_by_id),
	};
	return cmocka_run_group_tests(tests, NULL, teardown);
}
