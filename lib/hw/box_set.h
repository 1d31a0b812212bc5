/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A machine's uncore boxes (issue 34): computed once from its family's type table
 * (hw/box_type.h), its discovery table (hw/uncore_disc.h) or AMD's CPUID (hw/uncore_amd.h)
 * into memory its owner (a run, a test, a host tool) gives and frees, and passed to whoever
 * needs them. No box lives anywhere else: two machines' sets may be alive at once.
 */
#ifndef EFIPMU_HW_BOX_SET_H
#define EFIPMU_HW_BOX_SET_H

#include "hw/box_type.h"

/* The owner's memory: zeroed bytes or NULL, and their return. */
struct box_alloc {
	void *(*alloc)(void *ctx, size_t bytes);
	void (*free)(void *ctx, void *p);
	void *ctx;
};

/* The boxes of one type: a name lookup goes to its group, then to the box's number. */
struct box_group {
	char name[24];              /* its boxes' name, or their prefix when numbered */
	char alias[24];             /* a discovered type's generic prefix ("uncore_type_6"), or "" */
	bool numbered;
	uint16_t first, n;          /* its boxes: box[order[first .. first + n)] */
};

struct box_set {
	enum uncore_family fam;
	struct box_inst *box;       /* n boxes of cap, in the order they are listed */
	unsigned n, cap;
	struct box_group *group;
	unsigned ngroups, gcap;
	uint16_t *order;            /* each group's boxes, by number (box_set_done) */
	uint32_t unmade;            /* what its maker found and made no box for (AMD: UMCs) */
	struct box_alloc mem;
};

/* An empty set of family fam with room for cap boxes in gcap groups (PMU_ERR_NOSPACE). */
pmu_status box_set_init(struct box_set *s, enum uncore_family fam, unsigned cap, unsigned gcap,
			const struct box_alloc *mem);
/* Every box of a family with a type table (box_family_of); none for another. */
pmu_status box_set_family(struct box_set *s, enum uncore_family fam, const struct box_alloc *mem);
/* How many boxes family f has (0: none, or f NULL). */
unsigned box_family_boxes(const struct box_family *f);
/*
 * f's types as groups after s's, and their boxes in f's order, as many as s has room for
 * (before box_set_done): how many were added; none where a group does not fit.
 */
unsigned box_set_add_family(struct box_set *s, const struct box_family *f);
/* Gives the memory back; s is then empty (and may be made again). */
void box_set_fini(struct box_set *s);
/* A new group (its index), or -1 when there is no room. */
int box_set_group(struct box_set *s, const char *name, const char *alias, bool numbered);
/* The next box, of group g, zeroed for its maker; NULL when there is no room. */
struct box_inst *box_set_add(struct box_set *s, unsigned g);
/* After the last box_set_add: each group's boxes indexed for the lookup. */
void box_set_done(struct box_set *s);

/* Box of that perf name (need not be NUL-terminated) in s of its family, or NULL. */
const struct box_desc *box_find(const struct box_set *s, const char *name, size_t len);
/* The box type of d: its name without a trailing "_N" and without "uncore_" ("imc", "cha"). */
void box_type_name(const struct box_desc *d, char *out, size_t cap);
/* A discovered box's generic name ("uncore_type_6_0"), else NULL. */
const char *box_alias(const struct box_set *s, const struct box_desc *d);

#endif
