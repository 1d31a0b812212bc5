/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Box types, as Linux's uncore drivers have them (arch/x86/events/intel/uncore.h struct
 * intel_uncore_type): a type is its boxes' shared registers, layouts and hooks, how many
 * boxes it has and where box i is; each family is one const table of types. A box (struct
 * box_desc, what the engine drives) is computed from its type and number, never listed.
 */
#ifndef EFIPMU_HW_BOX_TYPE_H
#define EFIPMU_HW_BOX_TYPE_H

#include "hw/uncore_desc.h"

/* A PCI box's own function: its device id, BOX_PCI_AT(dev, fn) (0: any) and filter function. */
struct box_pci_id {
	uint16_t device_id, at, filter_id;
};

struct box_type {
	const char *name;            /* the PMU's name, or its prefix when numbered: "uncore_cha" */
	uint16_t num_boxes;          /* boxes "<name>_<i>", i < num_boxes; 0: one box, "<name>" */
	/* Box 0 (desc.name unset); a register of 0 ("none") stays 0 in every box. */
	struct box_desc desc;
	/* Box i's registers at + offsets[i] (Linux's msr_offsets), else at + stride * i. */
	const uint16_t *offsets;
	uint32_t stride;
	/*
	 * MMIO boxes: per_mc boxes a memory controller, box i on controller i / per_mc at
	 * + stride * (i % per_mc) (Ice Lake-SP's iMC channels).
	 */
	uint8_t per_mc;
	/* PCI boxes: box i's function at device + dev_step * i, or its own ids[i]. */
	uint8_t dev_step;
	const struct box_pci_id *ids;
	/* Box i of this type and box i of the next come one after the other (a stack's). */
	bool with_next;
};

/* One computed box: its descriptor and what the descriptor points to. */
struct box_inst {
	struct box_desc d;
	struct box_pci pci;
	struct box_mmio mmio;
	char name[28];
	char alias[28];             /* a discovered box's generic name ("uncore_type_6_0"), or "" */
	uint16_t idx, alias_idx;    /* its number, the number its alias gives */
	uint16_t group;             /* its type's group in its set (hw/box_set.h) */
};

/* The box types of a family, in the order its boxes are listed. */
struct box_family {
	enum uncore_family fam;
	const struct box_type *types;
	unsigned ntypes;
};

/* The family's types (model 0x1F: the client uncore it may have), NULL: none. */
const struct box_family *box_family_of(enum uncore_family fam);

/*
 * The client boxes outside the discovery table of an Intel part of that display family and
 * model (hw/uncore_boxes_client.c: Panther Lake, Nova Lake), family UNCORE_DISC; NULL: none.
 */
const struct box_family *box_family_client(uint32_t family, uint32_t model);

/*
 * fn(ctx, k, i) for box i of each type k of f, in the order the family lists its boxes,
 * until fn returns true (then true).
 */
bool box_family_each(const struct box_family *f, bool (*fn)(void *ctx, unsigned k, unsigned i),
		     void *ctx);

/* Box i of type t (i < num_boxes, or 0) into *out, its registers at + off. */
void box_type_place(const struct box_type *t, unsigned i, uint32_t off, struct box_inst *out);
/* Box i of type t into *out, where the type puts it. */
void box_type_instance(const struct box_type *t, unsigned i, struct box_inst *out);

#endif
