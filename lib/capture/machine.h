/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A machine as the capture sees it (issue 26 items 1-2): per logical CPU its topology,
 * every CPUID leaf and the PMU MSRs efipmu knows (value or absent); per package the
 * uncore MSRs and the PCI boxes found; the firmware's identity. The app fills one CPU
 * at a time (machine_collect_cpu, AP-safe) and logs it as `machine` records; the host
 * reads those records back (out/machine_read.c) or takes a model's (model/model_machine.c)
 * and writes either as a profile file (capture/profile.c). No allocation: a machine is one
 * block of machine_bytes(cap, dies), the caller's, its CPUs after it, then the room for its
 * dies' portal tables and registers (as many as the machine has: never a fixed number).
 */
#ifndef EFIPMU_CAPTURE_MACHINE_H
#define EFIPMU_CAPTURE_MACHINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "capture/cpuid_walk.h"
#include "capture/msr_list.h"
#include "pmu/backend.h"
#include "pmu/cxl.h"
#include "pmu/uncore_disc_box.h"
#include "pmu/uncore_disc_find.h"

/* As many CPUs as a platform lists (run/platform.h), as many packages as the model makes. */
#define MACHINE_MAX_CPUS 4096
#define MACHINE_MAX_PKGS 16
#define MACHINE_MAX_PCI 24   /* Skylake-SP 18, Ice Lake-SP 18 (8 in MMIO) a package */
#define MACHINE_STR 64
/* The firmware's SRAT kept (ACPI 6.5 5.2.16): an x2APIC structure (24 bytes) a CPU and 4 KiB more. */
#define MACHINE_SRAT_BYTES (48 + MACHINE_MAX_CPUS * 24 + 4096)

struct machine_regs {
	unsigned n;
	uint32_t msr[CAPTURE_MAX_MSRS];
	uint64_t val[CAPTURE_MAX_MSRS];
	uint8_t st[CAPTURE_MAX_MSRS];   /* pmu_status of the read: PMU_OK, a fault (absent), ... */
};

struct machine_cpu {
	uint32_t apic_id, package, core, thread;
	uint32_t die;                   /* firmware's Location2 die (struct machine.dies_known) */
	struct cpuid_walk walk;
	struct machine_regs regs;
};

struct machine_pci_box {
	char box[MACHINE_STR];
	char at[MACHINE_STR];           /* "pci 0000:7f:10.4" */
	uint32_t device, box_ctl;
};

/* A package's uncore discovery table (issue 35 item 1): where it was read, its bytes. */
struct machine_disc {
	char dvsec[MACHINE_STR];        /* "pci 0000:7f:00.1+0x100"; "" behind a portal */
	uint32_t package;               /* a portal's: its package (the firmware's number) */
	uint32_t portal;                /* the portal MSR that gave its address; 0: a PCI BAR's */
	uint32_t cpu;                   /* the CPU the portal was read on */
	uint32_t die;                   /* a portal's: that CPU's die */
	bool global_read;               /* its global control was read: global as found */
	uint64_t global;
	uint64_t bar;
	uint32_t len;                   /* 0: none */
	uint32_t filled;                /* bytes read back so far (profile_read) */
	uint8_t bytes[DISC_TABLE_BYTES];
};

/*
 * A die's own registers (its MSR units behind a portal, uncore_desc per_die: Diamond Rapids'
 * CBB), as firmware left them, read on its first CPU (leader); a die's, not its package's.
 */
struct machine_die {
	uint32_t package, die, leader;
	struct machine_regs regs;
};

struct machine_pkg {
	uint32_t package, leader;
	struct machine_regs regs;
	/*
	 * regs' MSR i does not hold a written value: the run proved it (its uncore_probe or
	 * uncore_width record; QEMU drops uncore MSR writes). Not the capture's (it only reads).
	 */
	bool not_held[CAPTURE_MAX_MSRS];
	unsigned npci;
	struct machine_pci_box pci[MACHINE_MAX_PCI];
	struct machine_disc disc;
};

/*
 * Every function of segment 0 the capture's PCI scan found, uncore or not (QEMU's host
 * bridge, a server's thousand): where (bus << 8 | device << 3 | function) and its id dword,
 * so a model of the machine answers the scan as the machine did (issue 33 item 3).
 */
#define MACHINE_MAX_PCI_FNS 2048
struct machine_pci_fns {
	bool listed;                    /* the capture scanned (else nothing is known) */
	bool complete;                  /* every function found fit */
	bool ext_readable;              /* the scan read extended configuration space */
	unsigned n;
	uint32_t at[MACHINE_MAX_PCI_FNS], id[MACHINE_MAX_PCI_FNS];
};

/*
 * The CXL devices the CXL job reads (issue 36), read as it reads them (pmu/cxl.h): each
 * function with a Register Locator, its configuration dwords; each CPMU block a locator
 * names, its capability, overflow status, freeze, event capabilities, counter
 * configurations and counters. Per machine, captured when the run has the CXL job.
 */
#define MACHINE_MAX_CXL 4
#define MACHINE_CXL_DWORDS 1024   /* a function's 4 KiB configuration space */
struct machine_cxl_fn {
	uint32_t at;                    /* machine_pci_at */
	uint32_t dword[MACHINE_CXL_DWORDS];
};
struct machine_cxl_cpmu {
	uint64_t base, cap, ovf, freeze;
	unsigned counters, nevcaps;     /* 0: its capability does not read as a CPMU's */
	uint64_t evcap[CXL_MAX_EVCAPS], cfg[CXL_MAX_COUNTERS], ctr[CXL_MAX_COUNTERS];
};
struct machine_cxl {
	bool listed;                    /* the capture looked (else nothing is known) */
	unsigned nfn, ncpmu;
	struct machine_cxl_fn fn[MACHINE_MAX_CXL];
	struct machine_cxl_cpmu cpmu[MACHINE_MAX_CXL];
};

/* The SRAT the capture logged (run/snc.c), its bytes as firmware gave them; len 0: none. */
struct machine_srat {
	uint32_t len;
	uint32_t filled;                /* bytes read back so far (profile_read) */
	uint8_t bytes[MACHINE_SRAT_BYTES];
};

struct machine {
	char vendor[16];
	char uncore[MACHINE_STR];       /* uncore_family_name */
	unsigned ncpus, npkgs;
	unsigned cap;                   /* the CPUs cpu[] has room for */
	bool dies_known;                /* firmware gave each CPU's die (run/platform.h) */
	struct machine_pkg pkg[MACHINE_MAX_PKGS];
	/*
	 * Room for die_cap dies after cpu[] (machine_clear points portal and die there: a
	 * machine is not copied): the tables behind a portal MSR, one a die (Diamond Rapids'
	 * CBBs), and the dies' own registers, each naming its package and die, in the order
	 * found; one past the room is counted in portals_left or dies_left, said by whoever
	 * fills the machine, never kept.
	 */
	struct machine_disc *portal;
	struct machine_die *die;
	unsigned nportal, ndie, die_cap, portals_left, dies_left;
	struct machine_pci_fns pci;
	struct machine_cxl cxl;
	struct machine_srat srat;
	struct machine_cpu cpu[];
};

/* The bytes of a machine with room for cap CPUs (at most MACHINE_MAX_CPUS) and dies dies. */
size_t machine_bytes(unsigned cap, unsigned dies);
/*
 * m empty, with room for cap CPUs and dies dies (a block of machine_bytes(cap, dies)); its
 * CPUs, tables and dies are cleared as filled.
 */
void machine_clear(struct machine *m, unsigned cap, unsigned dies);
/* A new portal table of m (cleared, its package's number set), or NULL: counted in portals_left. */
struct machine_disc *machine_portal_add(struct machine *m, uint32_t package);
/* A new die of m (cleared, named), or NULL: counted in dies_left. */
struct machine_die *machine_die_add(struct machine *m, uint32_t package, uint32_t die);

/*
 * The capture's compact form (issue 33): a CPU logged as "the same as CPU ref except
 * these rows". c is like ref where both walked the same CPUID leaves and subleaves, in
 * order, as completely, and read the same MSRs in order; then each row of c either
 * equals ref's or is one of the exceptions, so nothing is lost.
 */
bool machine_cpu_like(const struct machine_cpu *ref, const struct machine_cpu *c);
/* Whether row i of c's walk, or of its MSRs, differs from ref's (c like ref). */
bool machine_cpuid_differs(const struct machine_cpu *ref, const struct machine_cpu *c, unsigned i);
bool machine_msr_differs(const struct machine_regs *ref, const struct machine_regs *c, unsigned i);
/* The rows of c that differ from ref's, CPUID and MSRs (c like ref). */
unsigned machine_cpu_diffs(const struct machine_cpu *ref, const struct machine_cpu *c);

/* k's register msr marked as not holding a written value; one read as orig added where k has none. */
bool machine_pkg_not_held(struct machine_pkg *k, uint32_t msr, uint64_t orig);

/* Every MSR of r->msr[0..n) read on cpu through b, #GP caught (AP-safe). */
void machine_read_regs(const struct pmu_backend *b, unsigned cpu, struct machine_regs *r);

/*
 * cpu's own part (on that CPU for the real backend): its CPUID walk and the core MSRs of
 * vendor; a package leader (pkg not NULL) also the MSRs of the machine's uncore boxes of
 * package scope and more[0..nmore) (its discovery tables' portals and global controls,
 * uncore_disc_msrs); a die's leader (die not NULL) those of its boxes of die scope. Reads
 * only.
 */
void machine_collect_cpu(const struct pmu_backend *b, unsigned cpu, const char *vendor,
			 struct machine_cpu *c, const struct box_set *boxes,
			 struct machine_regs *pkg, struct machine_regs *die, const uint32_t *more,
			 unsigned nmore);

struct uncore_pci_scan;
struct pmon_registry;

/*
 * Each table d found into its package's disc (a PCI BAR's, the first a package) or m's
 * portal tables (a portal MSR's, one a die), with its global control as read, where m's
 * packages have it. Returns how many portal tables did not fit (the caller says so).
 */
unsigned machine_take_disc(const struct uncore_disc *d, struct machine *m);

/*
 * The uncore PCI boxes of boxes (the engine's own scan from cpu, reads only; scan
 * and reg are the caller's scratch) put on each of pkgs[0..n), by its package number,
 * and every function the scan reached into fns. False when the family has none or the
 * backend no PCI access (pkgs and fns unchanged).
 */
bool machine_scan_pci(const struct pmu_backend *b, unsigned cpu, const struct box_set *boxes,
		      struct machine_pkg *pkgs, unsigned n, struct machine_pci_fns *fns,
		      struct uncore_pci_scan *scan, struct pmon_registry *reg);

/*
 * The CXL functions with a Register Locator and the CPMUs they name into x, as the CXL job
 * reads them from cpu (f: the caller's scratch); reads only. False where the backend has no
 * PCI configuration access (x unchanged).
 */
bool machine_collect_cxl(const struct pmu_backend *b, unsigned cpu, struct machine_cxl *x,
			 struct cxl_find *f);
/* The offsets of the registers x holds, in order (at most MACHINE_CXL_REGS); how many. */
#define MACHINE_CXL_REGS (3 + CXL_MAX_EVCAPS + 2 * CXL_MAX_COUNTERS)
unsigned machine_cxl_offsets(const struct machine_cxl_cpmu *x, uint32_t *off);
/*
 * Where x holds the register at offset off in its block (an event capability, configuration
 * or counter beyond those it has adds it); NULL: not one the capture reads.
 */
uint64_t *machine_cxl_reg(struct machine_cxl_cpmu *x, uint32_t off);

/* A function's place as machine_pci_fns keeps it, from and to "SSSS:BB:DD.F" (segment 0). */
uint32_t machine_pci_at(struct pmu_pci_addr a);
bool machine_pci_at_parse(const char *s, size_t n, uint32_t *at);

#endif
