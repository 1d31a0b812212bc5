/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The Panther Lake and Nova Lake client boxes (hw/uncore_boxes_client.c) against the
 * numbers of Linux uncore_snb.c (MTL_UNC_*), tip 46da08a2bb4d and e7d5f2ea0923, typed by
 * hand: every instance's registers, by model; their control's encoding (ADL/MTL layout).
 */
#include "testutil.h"
#include "hw/box_type.h"
#include "hw/layouts_uncore.h"

struct want {
	const char *name;
	unsigned boxes;
	uint32_t sel, ctr, step;      /* general counters: EVTSEL/CTR of box 0, box i + step * i */
	uint32_t box, fctl, fctr;     /* a cNCU's (sel 0) */
};

static const struct box_type *type_of(const struct box_family *f, const char *name)
{
	for (unsigned k = 0; k < f->ntypes; k++)
		if (!strcmp(f->types[k].name, name))
			return &f->types[k];
	fail_msg("no type %s", name);
	return NULL;
}

/* Every box of each wanted type where the table says, and no other type. */
static void check_part(uint32_t family, uint32_t model, const struct want *w, unsigned n)
{
	const struct box_family *f = box_family_client(family, model);
	assert_non_null(f);
	assert_int_equal(f->ntypes, n);
	for (unsigned k = 0; k < n; k++) {
		const struct box_type *t = type_of(f, w[k].name);
		assert_int_equal(t->num_boxes ? t->num_boxes : 1, w[k].boxes);
		for (unsigned i = 0; i < w[k].boxes; i++) {
			struct box_inst b;
			char name[32];
			box_type_instance(t, i, &b);
			snprintf(name, sizeof(name), w[k].boxes > 1 ? "%s_%u" : "%s", w[k].name, i);
			assert_string_equal(b.name, name);
			assert_int_equal(b.d.family, UNCORE_DISC);
			assert_null(b.d.pci);
			uint32_t off = w[k].step * i;
			if (w[k].sel) {
				assert_int_equal(b.d.n_counters, 2);
				assert_int_equal(b.d.counter_width, 48);
				assert_int_equal(box_ctl_msr(&b.d, 0), w[k].sel + off);
				assert_int_equal(box_ctl_msr(&b.d, 1), w[k].sel + off + 1);
				assert_int_equal(box_ctr_msr(&b.d, 0), w[k].ctr + off);
				assert_int_equal(box_ctr_msr(&b.d, 1), w[k].ctr + off + 1);
				assert_int_equal(b.d.enable_mask, 1u << 22);
				assert_ptr_equal(b.d.ctl_layout, &layout_adl_unc_ctl);
				assert_int_equal(b.d.box_ctl, 0);
			} else {
				assert_int_equal(b.d.n_counters, 0);
				assert_int_equal(b.d.box_ctl, w[k].box + off);
				assert_int_equal(box_ctl_msr(&b.d, UNCORE_FIXED), w[k].fctl + off);
				assert_int_equal(box_ctr_msr(&b.d, UNCORE_FIXED), w[k].fctr + off);
				assert_int_equal(box_counter_width(&b.d, UNCORE_FIXED), 48);
				assert_int_equal(b.d.fixed_enable_mask, 1u << 22);
				/* SNB_UNC_GLOBAL_CTL_EN for the window (mtl_uncore_msr_init_box) */
				assert_int_equal(b.d.box->start_val, 1u << 29);
				assert_int_equal(b.d.box->stop_val, 0);
				assert_string_equal(b.d.fixed_event, "clockticks");
			}
		}
	}
}

/* Panther Lake 06_CC (Linux tip 64ad6d6ede0c, 46da08a2bb4d; MTL_UNC_CBO_0_*, MTL_UNC_CNCU_*). */
static void panther_lake_boxes(void **state)
{
	(void)state;
	static const struct want ptl[] = {
		{ "uncore_cbox", 6, 0x2442, 0x2448, 0x10, 0, 0, 0 },
		{ "uncore_santa", 2, 0x2412, 0x2418, 0x10, 0, 0, 0 },
		{ "uncore_ia_core_bridge", 1, 0x2022, 0x2028, 0, 0, 0, 0 },
		{ "uncore_cncu", 2, 0, 0, 0x140, 0x240E, 0x2402, 0x2408 },
	};
	check_part(6, 0xCC, ptl, 4);
}

/* Nova Lake 18_01 and 18_03 (tip e7d5f2ea0923). */
static void nova_lake_boxes(void **state)
{
	(void)state;
	static const struct want nvl[] = {
		{ "uncore_cbox", 12, 0x2102, 0x2108, 0x10, 0, 0, 0 },
		{ "uncore_santa", 2, 0x2042, 0x2048, 0x10, 0, 0, 0 },
		{ "uncore_cncu", 1, 0, 0, 0, 0x202E, 0x2022, 0x2028 },
	};
	check_part(18, 0x01, nvl, 3);
	check_part(18, 0x03, nvl, 3);
}

/*
 * Keyed by family and model: Diamond Rapids 19_01 (Nova Lake's model number), Wildcat Lake
 * 06_D5 (no source gives its client boxes), Sapphire Rapids and Meteor Lake have none here.
 */
static void only_their_parts(void **state)
{
	(void)state;
	assert_null(box_family_client(19, 0x01));
	assert_null(box_family_client(6, 0x01));
	assert_null(box_family_client(6, 0xD5));
	assert_null(box_family_client(6, 0x8F));
	assert_null(box_family_client(6, 0xAA));
	assert_null(box_family_client(18, 0x02));
}

static uint64_t encode(const struct reg_layout *l, const char *field, uint64_t v)
{
	uint64_t w = 0;
	const struct reg_field *f = reg_find_field(l, field, strlen(field));
	assert_non_null(f);
	assert_int_equal(reg_set_field(&w, f, v), PMU_OK);
	return w;
}

/*
 * The ADL/MTL counter control (Linux adl_uncore_formats_attr): event 7:0, umask 15:8, edge
 * 18, enable 22, inv 23, threshold 29:24; the cNCU box control's global enable 29.
 */
static void client_control_encodings(void **state)
{
	(void)state;
	const struct reg_layout *l = &layout_adl_unc_ctl;
	assert_int_equal(encode(l, "event", 0x35), 0x35);
	assert_int_equal(encode(l, "umask", 0x08), 0x0800);
	assert_int_equal(encode(l, "edge", 1), 1u << 18);
	assert_int_equal(encode(l, "en", 1), 1u << 22);
	assert_int_equal(encode(l, "inv", 1), 1u << 23);
	assert_int_equal(encode(l, "threshold", 0x3F), 0x3Fu << 24);
	uint64_t w = 0;
	const struct reg_field *t = reg_find_field(l, "thresh", 6);
	assert_int_equal(reg_set_field(&w, t, 0x40), PMU_ERR_RANGE);
	/* nothing else is writable: bits 16-17, 19-21, 30-63 reserved */
	assert_int_equal(reg_validate(l, 1ull << 16, ~0ull, NULL), PMU_ERR_RESERVED);
	assert_int_equal(reg_validate(l, 1ull << 21, ~0ull, NULL), PMU_ERR_RESERVED);
	assert_int_equal(reg_validate(l, 1ull << 30, ~0ull, NULL), PMU_ERR_RESERVED);
	assert_int_equal(reg_validate(l, 0x3F00FF35ull | 1u << 18 | 1u << 22 | 1u << 23, ~0ull,
				      NULL), PMU_OK);
	assert_int_equal(encode(&layout_adl_unc_fixed_ctl, "en", 1), 1u << 22);
	assert_int_equal(encode(&layout_mtl_cncu_box_ctl, "global_ctl_en", 1), 1u << 29);
	assert_int_equal(reg_validate(&layout_mtl_cncu_box_ctl, 1, ~0ull, NULL), PMU_ERR_RESERVED);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(panther_lake_boxes),
		cmocka_unit_test(nova_lake_boxes),
		cmocka_unit_test(only_their_parts),
		cmocka_unit_test(client_control_encodings),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
