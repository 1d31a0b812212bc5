/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * CXL devices' performance monitoring units (CPMU), through the backend so the
 * model and a real machine take one path. Every function of segment 0 has its
 * DVSECs walked (pmu/pci_dvsec.h) for CXL's Register Locator (vendor 0x1E98,
 * DVSEC id 8; CXL 3.0 8.1.9, Linux drivers/cxl/cxlpci.h); each entry names a
 * register block by BAR, offset and identifier. A CPMU block (identifier 4) is
 * read, never written, until its capability register identifies it (CXL 3.0
 * 8.2.7); then, only when it can freeze its counters and they are writable
 * while frozen (what Linux drivers/perf/cxl_pmu.c refuses a unit without) and one
 * of its counters counts clock ticks (the base event group 0 of vendor 0x1E98,
 * event 0; CXL 3.0 13.2), it is put in the write guard and that counter is
 * counted over a window and checked against the TSC. Everything written is put back.
 */
#ifndef EFIPMU_CXL_H
#define EFIPMU_CXL_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/backend.h"
#include "pmu/pmon_registry.h"
#include "pmu/restore_check.h"

#define CXL_MAX_BLOCKS 16     /* register blocks kept (the rest counted in dropped) */
#define CXL_MAX_EVCAPS 32     /* event capability registers of a CPMU (5-bit field + 1) */
#define CXL_MAX_COUNTERS 64   /* counters of a CPMU (6-bit field + 1) */

/* One register block a Register Locator names. */
struct cxl_block {
	struct pmu_pci_addr fn;   /* the function (off 0) */
	uint16_t dvsec;           /* the locator's offset in its configuration space */
	uint8_t entry;            /* the entry's index in the locator */
	uint8_t bir, id;          /* BAR index, block identifier */
	uint64_t offset;          /* in the BAR */
	uint64_t base;            /* the BAR's address + offset; 0: not reached (why) */
	const char *why;
};

/* What the walk found. */
struct cxl_find {
	pmu_status st;            /* PMU_ERR_UNSUPPORTED: the backend has no PCI access */
	unsigned functions;       /* present functions of segment 0 */
	unsigned locators;        /* Register Locator DVSECs */
	unsigned n, dropped;
	struct cxl_block blk[CXL_MAX_BLOCKS];
};

/* Finds every Register Locator and the blocks it names; reads only. */
pmu_status cxl_find(const struct pmu_backend *b, unsigned cpu, struct cxl_find *out);
/* "empty", "component", "bar-virtualization-acl", "memory-device", "cpmu" or "reserved". */
const char *cxl_block_name(unsigned id);

/* A CPMU block's capability, decoded read-only. */
struct cxl_cpmu {
	uint64_t base;
	uint64_t cap;
	bool identified;          /* its capability register reads as a CPMU's */
	unsigned counters, width, nevcaps, filters;
	bool freeze, writable_frozen, ovf_int;
	unsigned version;
	uint64_t evcap[CXL_MAX_EVCAPS];
	uint64_t cfg[CXL_MAX_COUNTERS];
	unsigned fixed, configurable, free_running;   /* counters of each type */
	int clock;                /* the counter that counts clock ticks, or -1 */
	const char *refused;      /* why it is not counted, or NULL */
};

/* Reads the capability, event capability and counter configuration registers of blk. */
pmu_status cxl_cpmu_read(const struct pmu_backend *b, unsigned cpu, const struct cxl_block *blk,
			 struct cxl_cpmu *c);

/* One window of the clock-ticks counter. */
struct cxl_ticks {
	uint64_t ticks;           /* counted over the window, the counter's width wrapped */
	uint64_t tsc;             /* TSC ticks from before the unfreeze to after the freeze */
	pmu_status st;            /* the first access that failed, else PMU_OK */
	struct restore_tally readback;   /* the restore read back (pmu/restore_check.h) */
	bool restored;            /* put back, and every register read back as put back */
};

/*
 * Adds c's block to reg (the write guard, b's pmon), freezes its counters, programs c->clock
 * for clock ticks from 0, unfreezes that counter alone around kernel(arg), freezes them
 * again, reads it, and puts back the counter, configuration and freeze register through
 * their ownership records (own_restore), clearing the overflow bits it set; each is read
 * back (restore_check) into t->readback on cpu.
 */
void cxl_cpmu_count(const struct pmu_backend *b, unsigned cpu, struct pmon_registry *reg,
		    const struct cxl_cpmu *c, void (*kernel)(void *arg), void *arg,
		    struct cxl_ticks *t);

/*
 * The bounds of a count of clock ticks against the TSC: a CXL device's clock at least
 * 1/16 and at most twice the TSC's rate (the check's own bounds, stated in docs/uncore.md).
 */
bool cxl_ticks_in_bounds(const struct cxl_ticks *t);

#endif
