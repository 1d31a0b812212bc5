/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The discovery tables made into boxes (hw/uncore_disc.h) and placed per package: each
 * table found (pmu/uncore_disc_find.h) decoded and checked (pmu/uncore_discovery.h), the
 * first package's usable units made into boxes before any event is parsed, then each
 * package's units put in its map (struct uncore_pci_pkg) and registered with the write
 * guard (pmu/pmon_registry.h): no PCI or MMIO write reaches a unit before that. Reads only.
 */
#ifndef EFIPMU_UNCORE_DISC_BOX_H
#define EFIPMU_UNCORE_DISC_BOX_H

#include "hw/disc_platforms.h"
#include "pmu/uncore_disc_find.h"
#include "pmu/uncore.h"
#include "pmu/pmon_registry.h"

/*
 * Each table's slots, find.cap of each, in one block uncore_disc_build allocates for the
 * machine's tables (uncore_disc_fini gives it back): a zeroed struct holds none.
 */
struct uncore_disc {
	struct disc_find find;
	struct disc_table *table;
	unsigned *absent;                     /* PCI units whose function reads all ones */
	pmu_status *global_st;                /* each table's global control, as found */
	uint64_t *global;
	uint32_t *global_key;                 /* to clear for a window (pmu/regkey.h); 0: none */
	void *block;                          /* the slots' allocation, from mem */
	struct box_alloc mem;
	unsigned made;                        /* boxes made from table 0 */
	unsigned client;                      /* the part's boxes outside the table, after them */
	unsigned unmade;                      /* its usable units with none (no memory) */
	bool spr;                             /* Sapphire Rapids (06_8F): its UPI quirk applies */
	const struct disc_platform *plat;     /* the row looked through (hw/disc_platforms.h) */
};

#define DISC_MAX_BUS_RANGES 16

/*
 * Where the app lets a unit lie: the bus ranges b's configuration space reaches (the
 * firmware's root bridges and MCFG allocations; a bus outside all of them reads all-ones
 * whatever sits there), kept in buses (DISC_MAX_BUS_RANGES); any bus of segment 0 where
 * b is NULL or cannot say. MMIO from 1 MiB (below is legacy memory: a unit there is what a
 * BAR left at 0 gives) to the 52 bits of a physical address, and within cpu's own
 * physical address width where its CPUID says it (a unit past it is unreachable); spr:
 * Sapphire Rapids' UPI quirk applies.
 */
struct disc_space uncore_disc_space(const struct pmu_backend *b, unsigned cpu, bool spr,
				    struct disc_bus_range *buses);

/* A table's place named by the caller instead of found (disc_find_at). */
struct disc_named {
	struct pmu_pci_addr fn;
	unsigned bir;
};

/*
 * Where to look: the platform's row (hw/disc_platforms.h), the first CPU of each die for
 * its portals (dies[0].cpu, the boot CPU, also does the PCI scan), spr: Sapphire Rapids' UPI
 * quirk applies, client: the part's boxes at fixed MSRs outside its tables
 * (box_family_client; NULL: none).
 */
struct disc_where {
	const struct disc_platform *plat;
	const struct disc_die *dies;
	unsigned ndies;
	bool spr;
	struct disc_msr_reader portal;   /* how a portal is read on its die's CPU (NULL: the backend) */
	const struct box_family *client;
};

/*
 * Finds and checks every table of w's domains in their order (named not NULL: the one
 * table in that function's BAR, package 0's), and makes s (box_set_init: fini it after) the
 * boxes of package 0's usable units (its tables of every domain, behind a portal die 0's:
 * a later die's lists the same units at its own registers), in mem. d (zeroed, or built
 * before: its slots are given back first) gets slots from mem for the tables w's machine
 * has: a PCI domain's one a package of w->dies, a portal's one a die (named: one); a table
 * past them is counted in d->find.dropped. PMU_OK with d->find.n tables (0: none found),
 * PMU_ERR_NOSPACE without memory for the slots, or the PCI finder's status when no portal
 * gave a table either (s empty).
 */
pmu_status uncore_disc_build(const struct pmu_backend *b, const struct disc_where *w,
			     const struct disc_named *named, struct uncore_disc *d,
			     struct box_set *s, const struct box_alloc *mem);

/* Gives back d's slots (uncore_disc_build's); d then holds no table. */
void uncore_disc_fini(struct uncore_disc *d);

/*
 * Package p's units (its tables of every domain and die) in map, each PCI or MMIO unit registered
 * with reg; a unit with no box in s (uncore_disc_build's, from package 0's tables: a type or
 * box id package 0 lacks) is counted in *unplaced. map->ncha is the tables' CHA count.
 */
void uncore_disc_place(const struct uncore_disc *d, const struct box_set *s, unsigned p,
		       struct uncore_pci_pkg *map, struct pmon_registry *reg, unsigned *unplaced);

/*
 * Whether die `die` of package pkg has box x (a per_die box: an MSR unit behind a portal):
 * that die's table lists a usable unit of x's type and box id at x's box control. A die's
 * MSR units are its own registers at the addresses die 0's are (Linux 66e2075426f3), seen
 * only from its CPUs; one its table lacks, or lists elsewhere, is not counted there.
 */
bool uncore_disc_die_has(const struct uncore_disc *d, const struct box_set *s, unsigned pkg,
			 unsigned die, const struct box_desc *x);

/* Table k's usable MSR units whose box (of their type and box id) is at another box control. */
unsigned uncore_disc_die_moved(const struct uncore_disc *d, const struct box_set *s, unsigned k);

/*
 * Table t's global control from cpu, as its access type says (MSR; MMIO and PCI: the 32-bit
 * register Linux's global_init clears). Not 0: firmware left the uncore frozen (freeze_all).
 */
pmu_status disc_global_read(const struct pmu_backend *b, unsigned cpu, const struct disc_table *t,
			    uint64_t *val);

/*
 * Each table whose global control was read and is not 0 (freeze_all set) gets its register
 * key in d->global_key, the register made writable in reg (MMIO, PCI: that dword only):
 * the one write efipmu makes outside a unit, and only to the address a table it parsed and
 * checked names. Reads 0, or could not be read: key 0, never written. Returns how many.
 */
unsigned uncore_disc_globals(struct uncore_disc *d, struct pmon_registry *reg);

/*
 * The MSRs of package pkg's tables: each portal that gave one and each global control that
 * is an MSR (the capture reads them with the package's registers, so a replay finds them as
 * they were), up to cap in out, each once; how many.
 */
unsigned uncore_disc_msrs(const struct uncore_disc *d, unsigned pkg, uint32_t *out,
			  unsigned cap);

/* Whether table k's domain is one Linux unfreezes before use (its row's global_init). */
bool uncore_disc_global_init(const struct uncore_disc *d, unsigned k);

/* How many packages the tables name (one past the highest t[].pkg; 0 without tables). */
unsigned uncore_disc_packages(const struct uncore_disc *d);

/* The problems of table p's units (bits of enum disc_problem, the table's own included). */
uint32_t uncore_disc_problems(const struct uncore_disc *d, unsigned p);

#endif
