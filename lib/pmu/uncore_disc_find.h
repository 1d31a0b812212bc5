/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Finding each socket's uncore discovery table (Sapphire Rapids onward) through the
 * backend, so the model and a real machine take one path. Facts (Linux
 * arch/x86/events/intel/uncore_discovery.c/.h, Intel PCM src/uncore_pmu_discovery.cpp):
 * the table sits behind a PCIe DVSEC (extended capability id 0x23, PCI Express Base 4.0
 * section 7.9.6) whose DVSEC id (dword +8, bits 15:0) is 1 (PMON); dword +0xC holds the
 * BIR (bits 2:0, any other bit set: Linux gives up) naming the BAR at config 0x10 + 4 BIR,
 * a 32- or 64-bit memory BAR. Linux looks at the platform's device (0x09A7, Linux
 * UNCORE_DISCOVERY_TABLE_DEVICE, on SPR to SRF) first and at every Intel function only when
 * there is none. Newer parts also publish tables behind MSR portals (hw/disc_platforms.h).
 * Reads only: the BAR is never sized by a write.
 */
#ifndef EFIPMU_UNCORE_DISC_FIND_H
#define EFIPMU_UNCORE_DISC_FIND_H

#include <stddef.h>
#include <stdint.h>
#include "pmu/backend.h"
#include "pmu/uncore_discovery.h"

#define DISC_DVSEC_PMON 1u          /* Linux UNCORE_DISCOVERY_DVSEC_ID_PMON */
#define DISC_TABLE_BYTES 16384      /* 512 units of a 4-qword stride, and the global state */

/* One table: where it was found and its bytes as read. */
struct disc_found {
	uint32_t portal;            /* the MSR that gave its address; 0: a PCI BAR (fn, bir) */
	uint16_t cpu;               /* the CPU the portal was read on */
	uint8_t domain;             /* its platform row's domain (hw/disc_platforms.h) */
	uint8_t pkg;                /* the package whose units it lists */
	uint8_t die;                /* a portal's: the die of cpu (firmware's Location2; else 0) */
	struct pmu_pci_addr fn;     /* the function whose BAR holds it */
	uint16_t dvsec;             /* the DVSEC's offset; 0: the device was named (disc_find_at) */
	uint8_t bir;                /* the BAR's index (0-5) */
	uint64_t bar;               /* the table's physical address (a portal's value) */
	pmu_status st;              /* PMU_OK: bytes read; else why names what failed */
	const char *why;
	size_t len;
	uint8_t bytes[DISC_TABLE_BYTES];
};

/* One read of a portal MSR that gave no table: it faulted or read 0. */
struct disc_portal_miss {
	uint32_t msr;
	uint16_t cpu;
	uint8_t pkg, die;
	pmu_status st;              /* the read's: PMU_OK when it read 0 */
};

/* A die whose portals are read: its first enabled CPU, the package and die firmware gives it. */
struct disc_die {
	unsigned cpu;
	uint32_t pkg, die;
};

struct disc_find {
	pmu_status st;              /* PMU_ERR_UNSUPPORTED: no PCI access and no portal's table */
	unsigned functions;         /* present functions of segment 0 */
	bool by_device;             /* the platform's device was there (else every Intel function) */
	unsigned n;                 /* tables found: the PCI ones in bus order, then each die's */
	unsigned dropped;           /* tables beyond cap: counted and said, not read */
	unsigned nmiss;             /* portal reads that gave no table, miss[] the first cap */
	unsigned cap;               /* the caller's slots: t[cap] and miss[cap] */
	struct disc_found *t;
	struct disc_portal_miss *miss;
};

/*
 * Scans segment 0 from cpu and reads every PMON table found, device (the platform's
 * discovery device, hw/disc_platforms.h) first and every Intel function where there is
 * none. Each table is a package's, in the order of the buses (Linux get_device_die_id's
 * rule when it has no NUMA node). PMU_OK (out->n may be 0), or PMU_ERR_UNSUPPORTED
 * without PCI access.
 */
pmu_status disc_find(const struct pmu_backend *b, unsigned cpu, uint16_t device,
		     struct disc_find *out);

/*
 * Reads msr on cpu itself (a portal is the die's: the real backend reads an MSR where it
 * runs, so a run sends the read to that CPU). read NULL: pmu_rdmsr.
 */
struct disc_msr_reader {
	pmu_status (*read)(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val);
	void *ctx;
};

/*
 * The tables behind MSR portal msr (domain dom of the platform's row): read once per die
 * on dies[d].cpu, the first CPU of that die, through rd (may be NULL; Linux: rdmsr_safe on a
 * CPU of each logical die, tip cf002dafedd0, e75462f6c7ea).
 * A faulting read or 0 is no table on that die: a miss naming its package and die. Otherwise
 * the table at the value read is read as a BAR's is (MMIO, reads only) and added as that
 * die's (pkg, die). Appends to out; returns how many tables were read.
 */
unsigned disc_find_msr(const struct pmu_backend *b, const struct disc_msr_reader *rd, uint32_t msr,
		       uint8_t dom, const struct disc_die *dies, unsigned ndies,
		       struct disc_find *out);

/* Reads f's table at f->bar from cpu: the global state, then its units (f->st, f->why). */
pmu_status disc_read_table(const struct pmu_backend *b, unsigned cpu, struct disc_found *f);

/*
 * The table in BAR bir of function fn, named by the caller (a device that carries no
 * DVSEC: a test device such as QEMU's ivshmem-plain holding a table in its BAR 2). The
 * function must be present and the BAR a programmed memory BAR. Same reads as disc_find.
 */
pmu_status disc_find_at(const struct pmu_backend *b, unsigned cpu, struct pmu_pci_addr fn,
			unsigned bir, struct disc_found *out);

/*
 * After disc_parse, on Sapphire Rapids: its UPI and M3UPI units (types 8 and 9, flagged
 * spr-upi-quirk) taken from the devices of their ids instead of the tables' addresses, as
 * Linux's spr_update_device_location does (arch/x86/events/intel/uncore_snbep.c): link n
 * of UPI is device 0x3241 at slot 1 + n, of M3UPI device 0x3246 at slot 5 + n; box control
 * at 0x318 and 0xA0 of that function (SPR_UPI_PCI_PMON_BOX_CTL, SPR_M3UPI_PCI_PMON_BOX_CTL),
 * the table's control and counter offsets kept. Package p's are on the p-th bus, in bus
 * order, that holds such a device (the tables' own rule). A unit whose device is not found
 * stays unusable. t holds n tables; returns how many units were taken.
 */
unsigned disc_spr_upi_relocate(const struct pmu_backend *b, unsigned cpu, struct disc_table *t,
			       unsigned n);

/*
 * After disc_parse: every usable PCI unit whose function reads all ones is marked
 * DP_ABSENT and unusable (SPR's UPI/M3UPI entries that point at nothing; likwid PR #639's
 * units reading 0xFFFFFFFF). Returns how many.
 */
unsigned disc_check_devices(const struct pmu_backend *b, unsigned cpu, struct disc_table *t);

/* A PCI unit's function and box control offset (its box_ctl decoded). */
struct pmu_pci_addr disc_unit_pci(const struct disc_unit *u);

#endif
