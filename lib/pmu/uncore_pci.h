/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The uncore's PCI boxes found on the platform: every bus of segment 0 scanned
 * by device id, each uncore bus put on its package through its U-box's node-id
 * registers (Linux uncore_snbep.c snbep_pci2phy_map_init: the GIDNIDMAP field
 * equal to the local CPUNODEID is the package), every box found registered
 * with the write guard (pmu/pmon_registry.h). Reads only.
 */
#ifndef EFIPMU_UNCORE_PCI_H
#define EFIPMU_UNCORE_PCI_H

#include "pmu/uncore.h"
#include "pmu/pmon_registry.h"

#define UNCORE_PCI_MAX_PKGS 8
#define UNCORE_PCI_SEEN 8

/*
 * How a bus of segment 0 is reached, from the backend's pci_ranges: a root bridge's range
 * (or a backend that reports none), an ACPI MCFG allocation only (ECAM), or no range at all:
 * firmware does not describe it, and the scan never reads it.
 */
enum uncore_pci_reach { UPR_BRIDGE, UPR_ECAM, UPR_OUTSIDE };
#define UNCORE_PCI_RANGES 24

struct uncore_pci_scan {
	pmu_status st;                  /* PMU_ERR_UNSUPPORTED: the backend has no PCI access */
	unsigned functions, buses;      /* present functions, buses with any */
	unsigned uboxes;                /* U-box functions found */
	unsigned unplaced;              /* U-boxes whose node id no GIDNIDMAP field holds */
	unsigned orphans;               /* uncore boxes on a bus no U-box placed */
	unsigned nseen;                 /* the first functions found (--list), and their ids */
	struct pmu_pci_addr seen[UNCORE_PCI_SEEN];
	uint32_t seen_id[UNCORE_PCI_SEEN];
	/*
	 * Extended configuration space: offset 0x100 (the first extended capability header,
	 * PCI Express Base 4.0 section 7.6) of the first function that answers there, else of
	 * the first function found; ext_at names it.
	 */
	pmu_status ext_st;
	uint32_t ext_val;
	struct pmu_pci_addr ext_at;
	struct uncore_pci_pkg pkg[UNCORE_PCI_MAX_PKGS];
	int8_t bus_pkg[256];            /* each bus's package, -1: none */
	uint8_t reach[256];             /* each bus's enum uncore_pci_reach */
	unsigned outside;               /* buses outside every range: never read */
	uint8_t uncore_on[256];         /* a U-box or box was found on the bus */
	/* boxes found on a package past the UNCORE_MAX_PCI_BOXES its map holds: not counted */
	unsigned past[UNCORE_PCI_MAX_PKGS];
	/* MMIO boxes whose base read 0 (a BAR firmware left unprogrammed), and the register. */
	unsigned unmapped[UNCORE_PCI_MAX_PKGS];
	uint32_t unmapped_at[UNCORE_PCI_MAX_PKGS];
	/* Firmware's state of each box found, as pkg[p].box[i]: box control, counters enabled. */
	uint32_t fw_box_ctl[UNCORE_PCI_MAX_PKGS][UNCORE_MAX_PCI_BOXES];
	uint8_t fw_enabled[UNCORE_PCI_MAX_PKGS][UNCORE_MAX_PCI_BOXES];
};

/*
 * Scans segment 0 from cpu (the boot CPU) for the PCI boxes of boxes (the machine's), fills
 * out and registers the boxes in reg (NULL: none). PMU_OK, or the scan's status (out->st)
 * when it could not run.
 */
pmu_status uncore_pci_scan(const struct pmu_backend *b, unsigned cpu, const struct box_set *boxes,
			   struct uncore_pci_scan *out, struct pmon_registry *reg);

/*
 * fn(ctx, a, id) for every function of segment 0 present on a bus the scan reached (as its
 * first pass reads them: each function's id dword), in bus, device, function order; stops
 * where fn says false.
 */
void uncore_pci_each_fn(const struct pmu_backend *b, unsigned cpu, const struct uncore_pci_scan *scan,
			bool (*fn)(void *ctx, struct pmu_pci_addr a, uint32_t id), void *ctx);

/* The box control bit that freezes a SNB-EP-style box (Intel 327043: FRZ, bit 8). */
#define UNCORE_PCI_BOX_FRZ (1u << 8)

#endif
