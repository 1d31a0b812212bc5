/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Two (here four) different machines in one process, one after the other and interleaved,
 * their box sets alive at once: each finds exactly its own boxes with their registers. A
 * discovery-table part (Sapphire Rapids), two AMD parts of different families (Zen 4: 19h
 * with a UMC, Zen 2: 17h with the legacy DF) and Sandy Bridge-EP's type table, each set made
 * as a run makes its machine's (run_make_boxes: uncore_disc_build, else uncore_boxes_make).
 */
#include "testutil.h"
#include "boxes.h"
#include "hw/layouts_amd_uncore.h"
#include "hw/layouts_uncore.h"
#include "pmu/uncore.h"
#include "pmu/uncore_amd.h"
#include "pmu/uncore_family.h"

struct machine_boxes {
	struct model *m;
	struct pmu_backend b;
	struct cpu_info ci;
	struct uncore_disc *disc;
	struct box_set s;
};

static struct machine_boxes *make(const char *profile)
{
	struct machine_boxes *x = calloc(1, sizeof(*x));
	assert_non_null(x);
	x->m = test_model(profile, 2, 1, &x->b);
	assert_int_equal(pmu_discover(&x->b, 0, &x->ci), PMU_OK);
	if (x->ci.uncore == UNCORE_DISC) {
		x->disc = calloc(1, sizeof(*x->disc));
		assert_non_null(x->disc);
		static const struct disc_die cpu0 = { 0, 0, 0 };
		const struct disc_where w = uncore_disc_where(&x->ci, &cpu0, 1);
		assert_int_equal(uncore_disc_build(&x->b, &w, NULL, x->disc, &x->s, &test_box_alloc),
				 PMU_OK);
	} else {
		assert_int_equal(uncore_boxes_make(&x->ci, &x->s, &test_box_alloc), 0);
	}
	return x;
}

static void drop(struct machine_boxes *x)
{
	box_set_fini(&x->s);
	if (x->disc)
		uncore_disc_fini(x->disc);
	free(x->disc);
	free(x->m);
	free(x);
}

static const struct box_desc *find(const struct machine_boxes *x, const char *name)
{
	return box_find(&x->s, name, strlen(name));
}

/* None of the names is a box of x. */
static void none_of(const struct machine_boxes *x, const char *const *names)
{
	for (; *names; names++)
		if (find(x, *names))
			fail_msg("%s has %s", uncore_family_name(x->s.fam), *names);
}

/*
 * Sapphire Rapids' table: 8 CHA, 6 IIO, IRP and M2PCIe, the PCU, 8 iMC, 4 M2M, 3 UPI,
 * 3 M3UPI, where the table puts them.
 */
static void check_spr(const struct machine_boxes *x)
{
	assert_int_equal(x->s.fam, UNCORE_DISC);
	assert_int_equal(x->s.n, 45);
	const struct box_desc *imc5 = find(x, "uncore_imc_5");
	assert_non_null(imc5);
	assert_ptr_equal(find(x, "uncore_type_6_5"), imc5);
	assert_non_null(imc5->pci->mmio);
	assert_int_equal(imc5->ctl_base - imc5->box_ctl, 0x40);
	const struct box_desc *cha3 = find(x, "uncore_cha_3");
	assert_non_null(cha3);
	assert_int_equal(cha3->box_ctl, 0x2030);
	assert_int_equal(cha3->cha_unit, 4);
	assert_int_equal(find(x, "uncore_m3upi_0")->pci->device_id, 0x3246);
	static const char *const not[] = { "amd_l3", "amd_umc_3", "uncore_cbox_3", "uncore_imc_8",
					   NULL };
	none_of(x, not);
}

/* Zen 4 (Genoa's CPUID): the 19h L3, 16 DF counters, UMC 3 with 4. */
static void check_zen4(const struct machine_boxes *x)
{
	assert_int_equal(x->s.fam, UNCORE_AMD_19H);
	assert_ptr_equal(find(x, "amd_l3")->ctl_layout, &layout_amd_l3_ctl_19h);
	assert_int_equal(find(x, "amd_df")->n_counters, 16);
	const struct box_desc *u = find(x, "amd_umc_3");
	assert_non_null(u);
	assert_int_equal(u->n_counters, 4);
	assert_int_equal(box_ctl_msr(u, 0), 0xC0010800);
	static const char *const not[] = { "amd_umc_0", "uncore_imc_5", "uncore_cha_3",
					   "uncore_cbox_3", NULL };
	none_of(x, not);
}

/* Zen 2: the 17h L3, the 4 legacy DF counters, no UMC. */
static void check_zen2(const struct machine_boxes *x)
{
	assert_int_equal(x->s.fam, UNCORE_AMD_17H);
	assert_ptr_equal(find(x, "amd_l3")->ctl_layout, &layout_amd_l3_ctl_17h);
	assert_ptr_equal(find(x, "amd_df")->ctl_layout, &layout_amd_df_ctl);
	assert_int_equal(find(x, "amd_df")->n_counters, 4);
	static const char *const not[] = { "amd_umc_3", "uncore_imc_5", "uncore_cbox_3", NULL };
	none_of(x, not);
}

/* Sandy Bridge-EP's table: C-box n at 0xD04 + 0x20 n, iMC 2 the function 0x3CB4. */
static void check_snbep(const struct machine_boxes *x)
{
	assert_int_equal(x->s.fam, UNCORE_SNB_EP);
	const struct box_desc *c3 = find(x, "uncore_cbox_3");
	assert_non_null(c3);
	assert_int_equal(c3->box_ctl, 0xD64);
	assert_int_equal(c3->filter_msr, 0xD74);
	assert_ptr_equal(c3->filter->layout, &layout_snbep_cbox_filter);
	assert_int_equal(find(x, "uncore_imc_2")->pci->device_id, 0x3CB4);
	static const char *const not[] = { "amd_l3", "uncore_imc_5", "uncore_cha_3",
					   "uncore_type_6_5", "uncore_cbox_8", NULL };
	none_of(x, not);
}

static const struct {
	const char *profile;
	void (*check)(const struct machine_boxes *x);
} machines[] = {
	{ "sapphire-rapids", check_spr },
	{ "zen4", check_zen4 },
	{ "sandy-bridge-ep", check_snbep },
	{ "zen2", check_zen2 },
};
#define N_MACHINES (sizeof(machines) / sizeof(machines[0]))

static void test_one_after_the_other(void **state)
{
	(void)state;
	for (unsigned round = 0; round < 2; round++)
		for (unsigned i = 0; i < N_MACHINES; i++) {
			struct machine_boxes *x = make(machines[i].profile);
			machines[i].check(x);
			drop(x);
		}
}

/* All alive at once, made in turn: a box taken from the first is still its own after. */
static void test_interleaved(void **state)
{
	(void)state;
	struct machine_boxes *x[N_MACHINES];
	const struct box_desc *imc5 = NULL;
	for (unsigned i = 0; i < N_MACHINES; i++) {
		x[i] = make(machines[i].profile);
		if (!i)
			imc5 = find(x[0], "uncore_imc_5");
		for (unsigned j = 0; j <= i; j++)
			machines[j].check(x[j]);
	}
	assert_ptr_equal(find(x[0], "uncore_imc_5"), imc5);
	assert_int_equal(imc5->ctl_base - imc5->box_ctl, 0x40);
	/* one remade (another AMD part's, then Sandy Bridge-EP's) while the others live */
	for (unsigned k = 3; k >= 2; k--) {
		drop(x[k]);
		x[k] = make(machines[k].profile);
		for (unsigned j = 0; j < N_MACHINES; j++)
			machines[j].check(x[j]);
	}
	for (unsigned i = 0; i < N_MACHINES; i++)
		drop(x[i]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_after_the_other),
		cmocka_unit_test(test_interleaved),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
