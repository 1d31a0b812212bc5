/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Which uncore boxes serve which sub-NUMA cluster of a package, where a public source says
 * so. No uncore register states it; the one published rule is Linux perf's for Granite Rapids
 * (tools/perf/arch/x86/util/pmu.c, gnr_uncore_cha_imc_adjust_cpumask_for_snc, commit
 * 0ffca606e902 "perf pmu intel: Adjust cpumaks for sub-NUMA clusters on graniterapids"): one
 * const row a platform, its models listed. A part no row names gets no mapping: its clusters
 * are named by their CPUs only.
 */
#ifndef EFIPMU_HW_SNC_BOXES_H
#define EFIPMU_HW_SNC_BOXES_H

#include <stdbool.h>
#include <stdint.h>
#include "util/fmt.h"

#define SNC_MAP_MAX 3   /* the most clusters a published iMC table covers */

struct snc_box_rule {
	const char *name;          /* "Linux perf's Granite Rapids rule" */
	uint32_t family;           /* display family */
	const uint8_t *models;     /* display models, 0 ends */
	bool cha_in_order;         /* CHAs split evenly and in order among the clusters */
	/* by cluster count n (index n - 1): iMC i's cluster, imc_len[n - 1] of them; NULL: none */
	const uint8_t *imc[SNC_MAP_MAX];
	uint8_t imc_len[SNC_MAP_MAX];
};

/* The row of an Intel family/model, or NULL where no source maps its boxes. */
const struct snc_box_rule *snc_box_rule_for(uint32_t family, uint32_t model);

/*
 * The cluster of CHA i of nchas under r with n clusters (Linux: i / (nchas / n)); -1 where
 * the rule does not place it (no in-order rule, too few CHAs, or i past the last cluster).
 */
int snc_cha_cluster(const struct snc_box_rule *r, unsigned i, unsigned nchas, unsigned n);
/* The cluster of iMC i under r with n clusters; -1 where its table does not list it. */
int snc_imc_cluster(const struct snc_box_rule *r, unsigned i, unsigned n);

/* Ascending numbers as "0-3,8,10-11" ("none" for none): each added in order, then ended. */
struct snc_list {
	struct strbuf *sb;
	bool open, written;
	uint32_t lo, hi;
};
void snc_list_add(struct snc_list *l, uint32_t v);
void snc_list_end(struct snc_list *l);

/* The CHAs (cha) or iMCs, nboxes of them, that r places in cluster c of n, as such a list. */
void snc_boxes_put(struct strbuf *sb, const struct snc_box_rule *r, bool cha, unsigned nboxes,
		   unsigned c, unsigned n);

#endif
