/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The published box-to-cluster rules (hw/snc_boxes.h). Granite Rapids (GRANITERAPIDS_X/D,
 * 06_AD/06_AE: Linux arch/x86/include/asm/intel-family.h; perf matches
 * "GenuineIntel-6-A[DE]"), from Linux tools/perf/arch/x86/util/pmu.c as commit 0ffca606e902
 * adds it: uncore_cha_snc (cha_num / (num_chas / snc_nodes)) and uncore_imc_snc's lookup
 * tables snc2_map and snc3_map; more than 3 clusters: no iMC table ("no lookup support").
 */
#include "hw/snc_boxes.h"

static const uint8_t gnr[] = { 0xAD, 0xAE, 0 };
static const uint8_t gnr_imc_snc2[] = { 1, 1, 0, 0, 1, 1, 0, 0 };
static const uint8_t gnr_imc_snc3[] = { 1, 1, 0, 0, 2, 2, 1, 1, 0, 0, 2, 2 };

static const struct snc_box_rule rows[] = {
	{ "Linux perf's Granite Rapids rule", 6, gnr, true,
	  { 0, gnr_imc_snc2, gnr_imc_snc3 },
	  { 0, sizeof(gnr_imc_snc2), sizeof(gnr_imc_snc3) } },
};

const struct snc_box_rule *snc_box_rule_for(uint32_t family, uint32_t model)
{
	for (unsigned i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		for (const uint8_t *m = rows[i].models; rows[i].family == family && *m; m++)
			if (*m == model)
				return &rows[i];
	return 0;
}

int snc_cha_cluster(const struct snc_box_rule *r, unsigned i, unsigned nchas, unsigned n)
{
	if (!r || !r->cha_in_order || n < 2 || nchas < n)
		return -1;
	unsigned c = i / (nchas / n);
	return c < n ? (int)c : -1;
}

int snc_imc_cluster(const struct snc_box_rule *r, unsigned i, unsigned n)
{
	if (!r || n < 2 || n > SNC_MAP_MAX || !r->imc[n - 1] || i >= r->imc_len[n - 1])
		return -1;
	return r->imc[n - 1][i];
}

static void list_flush(struct snc_list *l)
{
	if (!l->open)
		return;
	if (l->written)
		sb_putc(l->sb, ',');
	sb_dec(l->sb, l->lo);
	if (l->hi > l->lo) {
		sb_putc(l->sb, '-');
		sb_dec(l->sb, l->hi);
	}
	l->written = true;
	l->open = false;
}

void snc_list_add(struct snc_list *l, uint32_t v)
{
	if (l->open && v == l->hi + 1) {
		l->hi = v;
		return;
	}
	list_flush(l);
	l->lo = l->hi = v;
	l->open = true;
}

void snc_list_end(struct snc_list *l)
{
	list_flush(l);
	if (!l->written)
		sb_puts(l->sb, "none");
}

void snc_boxes_put(struct strbuf *sb, const struct snc_box_rule *r, bool cha, unsigned nboxes,
		   unsigned c, unsigned n)
{
	struct snc_list l = { sb, false, false, 0, 0 };
	for (unsigned i = 0; i < nboxes; i++)
		if ((cha ? snc_cha_cluster(r, i, nboxes, n) : snc_imc_cluster(r, i, n)) == (int)c)
			snc_list_add(&l, i);
	snc_list_end(&l);
}
