/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A model profile made from a profile file's machine (issue 26 item 2): each CPU answers
 * CPUID with its own captured leaves, the MSR map is the captured one (an MSR logged
 * absent raises #GP), the hand-off values are the captured ones; what a capture cannot
 * see (the devices that give the registers their semantics, noise, TOPDOWN slots, PCI
 * boxes' behaviour; a CXL CPMU's counting, model_cxl.c) is the built-in profile of the same vendor, family and model, or
 * no-pmu's (Intel) / zen2's (AMD) where none is.
 */
#ifndef EFIPMU_MODEL_LOADED_H
#define EFIPMU_MODEL_LOADED_H

#include "capture/machine.h"
#include "model/model.h"

struct model_loaded {
	struct model_profile p;
	const struct model_profile *base;
	char name[MACHINE_STR], brand[49];
	struct model_msr_range row[2 * CAPTURE_MAX_MSRS];
	struct model_msr_map map;
	struct model_fw_reg fw[2 * CAPTURE_MAX_MSRS + 1];
	unsigned ncpus, npkgs;
	struct model_disc_image disc[MACHINE_MAX_PKGS];
	struct model_not_held not_held[CAPTURE_MAX_MSRS + 1];
	struct model_pci_listed pci_listed;
	uint32_t pci_at[MACHINE_MAX_PCI_FNS], pci_id[MACHINE_MAX_PCI_FNS];
	struct machine_cxl cxl;               /* the capture's CXL devices, which cxl_images show */
	struct model_cxl_images cxl_images;
	uint8_t srat[MACHINE_SRAT_BYTES];   /* the captured SRAT the model serves */
	/*
	 * After the struct (model_loaded_bytes): the machine's portal tables (model.h
	 * disc_portal, one a die), its dies' own registers' values (model.h die_fw), per CPU
	 * its CPUID table and leaves, then every table's bytes (the packages' and the dies',
	 * each its length).
	 */
	struct model_disc_image *disc_portal;
	struct model_die_fw *die_fw;
	struct model_cpuid_table *table;
	struct model_cpuid_leaf (*leaf)[CPUID_WALK_MAX];
	uint8_t *table_bytes;
	uint64_t mem[];
};

/* The bytes of a profile made from machine m: its CPUs, its dies' tables and registers. */
size_t model_loaded_bytes(const struct machine *m);

/*
 * The built-in profile a machine's unseen parts come from: the one of the same vendor and
 * CPUID.1:EAX family and model; no-pmu's for Intel without an architectural PMU (leaf 0xA
 * EAX[7:0] 0; leaf_0a_eax NULL where CPUID does not reach the leaf) or with no profile of
 * its own, zen2's for another AMD part.
 */
const struct model_profile *model_base_for(const char *vendor, uint32_t sig,
					   const uint32_t *leaf_0a_eax);

/*
 * out->p from m, named name, in the block out of `bytes` (model_loaded_bytes(m)).
 * PMU_ERR_INVALID: a machine with no CPU or without leaf 1; PMU_ERR_NOSPACE: a smaller block.
 */
pmu_status model_loaded_make(const struct machine *m, const char *name, struct model_loaded *out,
			     size_t bytes);

/* A model of it on its captured topology (CPU i in its package and core), in mod's block. */
pmu_status model_loaded_init(struct model *mod, size_t bytes, const struct model_loaded *l,
			     const struct machine *m);

#endif
