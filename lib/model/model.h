/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The reference model: a simulated PMU that implements the seed semantics and
 * records every access. It is a pmu_backend ("sim"), used by the host tests
 * and by `--backend sim` in the app; everything it yields is simulated.
 *
 * Registers live in sparse register files, one per CPU (thread scope), one per
 * core (registers the core's threads share: OFFCORE_RSP on Nehalem/Westmere)
 * and one per package (uncore). Each register range belongs to a device (core
 * PMU, an uncore box, ...) that gives it its semantics. Which MSRs exist at all
 * is the profile's MSR map (model_msrs.c), as the manuals list them for that
 * CPU: an MSR outside it, or one no device claims, raises #GP, as on hardware.
 *
 * Firmware state (model_set_firmware): "clean" leaves every register 0;
 * "running", each profile's default, is what a machine's firmware typically
 * hands over: global enable bits set, a core and an uncore counter left
 * counting (they keep counting through a run that leaves them alone), an
 * OFFCORE_RSP_0 value and, on Sandy Bridge-EP, non-zero C-box filters.
 */
#ifndef EFIPMU_MODEL_H
#define EFIPMU_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "model/model_cxl.h"
#include "pmu/backend.h"

/* The largest machine the model makes: as many CPUs as a platform lists (run/platform.h). */
#define MODEL_MAX_CPUS 4096
#define MODEL_MAX_PKGS 16
/*
 * The dies a package the model's address map holds (Diamond Rapids: a portal table a CBB
 * die, 0x8000 apart from MODEL_DISC_CBB_OFF below MODEL_DISC_GLOBALS_OFF); the model answers
 * those it has (model.dies).
 */
#define MODEL_MAX_DIES 8
#define MODEL_FILE_REGS 640
#define MODEL_SCRATCH 64
#define MODEL_LOG_PER_CPU 384
#define MODEL_MAX_FAULTS 16
#define MODEL_MAX_SNC 4   /* sub-NUMA clusters a package (sim-snc): Sapphire Rapids XCC's SNC-4 */

/* MOP_PCI_*: a configuration dword read or written, msr its key (pmu/regkey.h). */
/* MOP_MMIO_*: 4 or 8 bytes at an address below 4 GiB, msr the address. */
enum model_op { MOP_RDMSR, MOP_WRMSR, MOP_RDPMC, MOP_PCI_RD, MOP_PCI_WR, MOP_MMIO_RD, MOP_MMIO_WR };

struct model_access {
	uint8_t op;        /* enum model_op */
	uint8_t st;        /* pmu_status */
	uint32_t msr;      /* MSR number, or the rdpmc index */
	uint64_t val;      /* value written, or value read */
};

struct model_regfile {
	unsigned n;
	uint32_t msr[MODEL_FILE_REGS];
	uint64_t val[MODEL_FILE_REGS];
	uint64_t scratch[MODEL_SCRATCH];  /* device-private state (edge history, ...) */
};

/* One event occurrence count for one simulated cycle (or a span of them: their sum). */
struct model_stim {
	uint32_t code;    /* core: event | umask << 8; uncore: box-defined */
	uint64_t count;
};

struct model_cycle {
	uint8_t cpl;                    /* privilege level of the cycle: 0 = OS, 3 = user */
	const struct model_stim *stim;
	unsigned nstim;
};

struct model;

struct model_dev {
	const char *name;
	bool package_scope;
	bool core_scope;           /* shared by the threads of a core (model_place_core) */
	bool ccx_scope;            /* shared by the CPUs of an AMD CCX (one L3: model_ccx_slot) */
	/*
	 * Shared by the CPUs of a die (model_place_die): Diamond Rapids' CBB units, at the same
	 * MSRs on every die, each die's own (Linux 66e2075426f3: "uncore PMON is die scope").
	 */
	bool die_scope;
	bool (*claims)(const struct model *m, uint32_t msr);
	/* NULL read/write means plain storage. */
	pmu_status (*read)(struct model *m, struct model_regfile *rf, uint32_t msr, uint64_t *val);
	pmu_status (*write)(struct model *m, struct model_regfile *rf, uint32_t msr, uint64_t val);
	void (*cycle)(struct model *m, struct model_regfile *rf, const struct model_cycle *c);
	/*
	 * Optional, the bulk replay (model_run_spread): n cycles at once whose stimuli add
	 * up to sum's, leaving every counter, status bit and flag as n single cycles would.
	 * False, with nothing changed, where the configuration makes a count depend on how
	 * events fall over the cycles (a threshold, edge detection, a freeze on overflow):
	 * they are then run one by one. What only the last cycle decides (an edge's history)
	 * is left to the single cycle the caller always runs after a bulk.
	 */
	bool (*cycles)(struct model *m, struct model_regfile *rf, const struct model_cycle *sum,
		       uint64_t n);
	pmu_status (*rdpmc)(struct model *m, struct model_regfile *rf, uint32_t index, uint64_t *val);
	/*
	 * Optional: what the device's registers hold at power-on where it is not 0 (a discovery
	 * table's global control with freeze_all set), put in each package's file by
	 * model_set_firmware before the firmware image.
	 */
	void (*power_on)(struct model *m);
};

/* model.box_left: the profile's uncore MSR box firmware leaves frozen or counting. */
enum model_box_left { MODEL_BOX_CLEAN, MODEL_BOX_FROZEN, MODEL_BOX_COUNTING };

/* model.pci_bus_cut: how firmware describes the last package's uncore buses. */
enum model_bus_cut { MODEL_BUS_DESCRIBED, MODEL_BUS_ECAM_ONLY, MODEL_BUS_OUTSIDE };

/* Deliberate defects, so tests can show the validation suite catches broken hardware. */
struct model_breakage {
	uint8_t narrow_counters;   /* counters this many bits narrower than CPUID says */
	bool ignore_enable;        /* EN bits have no effect: counters always count */
	bool gp_overcount;         /* a general-purpose counter counts each cycle with its event
				    * once more: an event miscounted, as the errata of Intel's
				    * lists describe (run/waiver.h) */
	bool sticky_enable;        /* IA32_PERFEVTSEL0 keeps its EN bit: a write clearing it is
				    * taken, not kept (model.c), so a restore of it does not hold */
};

/*
 * One row of a CPU's MSR map (model_msrs.c): the MSRs first..last exist on that
 * CPU. A device of the profile gives them their semantics; where none claims an
 * MSR of a `plain` row it is a read/write register whose bits outside `writable`
 * are reserved (#GP). An MSR of no row raises #GP, whatever the devices claim.
 */
struct model_msr_range {
	uint32_t first, last;
	bool plain;
	uint64_t writable;
	const char *what;
};

struct model_msr_map {
	const char *cpu;
	const struct model_msr_range *r;
	unsigned n;
};

/* One CPUID leaf (or subleaf) as a CPU returned it (model_cpuid.c). */
struct model_cpuid_leaf {
	uint32_t leaf, sub;
	bool any_sub;              /* a leaf without subleaves: ECX is ignored */
	uint32_t eax, ebx, ecx, edx;
};

struct model_cpuid_table {
	const char *source;        /* its InstLatx64 CPUID dump; NULL: none */
	const struct model_cpuid_leaf *leaf;
	unsigned n;
};

/* Noise the machine adds to measurements (struct model.noise): bits, so `all` is both. */
enum model_noise {
	MODEL_NOISE_NONE = 0,
	MODEL_NOISE_TIMER = 1u << 0,
	MODEL_NOISE_SMI = 1u << 1,
	MODEL_NOISE_ALL = MODEL_NOISE_TIMER | MODEL_NOISE_SMI,
};

/*
 * When the machine interrupts a CPU and what the handler costs, in cycles of
 * that CPU (its model clock: the cycles it ran). An event comes `first`
 * cycles after the schedule starts, then every `period`; period 0: never.
 * The timer interrupts the BSP (cpu 0) only, and only while its interrupts
 * are on; one that comes while they are off waits, as one, until they are
 * back on. SMIs come to every CPU whatever its interrupt flag.
 */
struct model_noise_rates {
	uint64_t tick_first, tick_period;
	uint32_t tick_insts, tick_cycles;
	uint64_t smi_first, smi_period;
	uint32_t smi_insts, smi_cycles;
};

/* What the machine did around a CPU's windows (model_noise.c). */
struct model_cpu_noise {
	uint64_t now;              /* cycles run */
	uint64_t next_tick, next_smi;
	bool irq_off;              /* RFLAGS.IF clear: the backend's irq_save */
	bool tick_pending;         /* a tick came while interrupts were off */
	uint32_t ticks, smis;      /* handlers run, SMIs entered */
	uint32_t irq_saves;        /* irq_save calls */
	uint64_t gated_runs;       /* windows through the backend's gated_run */
};

/* How a CPU's spreads were replayed (model_run_spread), in cycles summed over its devices. */
struct model_replayed {
	uint64_t bulk;             /* advanced n at once (struct model_dev.cycles) */
	uint64_t single;           /* run one by one */
};

enum model_firmware { MODEL_FW_CLEAN, MODEL_FW_RUNNING };

struct model_disc_domains;

/* One register of a firmware image; the device claiming msr says which files get it. */
struct model_fw_reg {
	uint32_t msr;
	uint64_t val;
};

/* A register of one die as firmware left it (a loaded profile's die record: its own value). */
struct model_die_fw {
	uint32_t pkg, die;        /* the model's package, the die in it (model_place_die) */
	uint32_t msr;
	uint64_t val;
};

struct model_disc_part;

struct model_profile {
	const char *name;
	const char *brand;         /* answered for leaves 0x80000002-4 */
	const struct model_cpuid_table *cpuid;
	uint32_t microcode;
	uint64_t perf_cap;
	uint64_t misc_enable;
	struct model_noise_rates noise;   /* what model_init selects (with MODEL_NOISE_ALL) */
	/*
	 * The TSC's rate, MHz: the brand string's nominal clock, at which an invariant TSC counts
	 * (Intel SDM Vol. 3B, Time-Stamp Counter: the maximum non-turbo frequency; AMD's PPRs,
	 * MSR0000_0010: the P0 frequency). The model's TSC (model_tsc) adds one a cycle its CPU
	 * runs, and so does every box clock: its uncore runs at the nominal clock.
	 */
	uint32_t tsc_mhz;
	const struct model_dev *const *devs;
	unsigned ndevs;
	const struct model_msr_map *msrs;   /* NULL: every MSR a device claims (test profiles) */
	enum model_firmware firmware;           /* what model_init hands over */
	const struct model_fw_reg *fw_running;  /* the "running" image, ends at msr 0; NULL: none */
	/* A loaded profile's: each die's own values (running), die_fws of them, after fw_running's. */
	const struct model_die_fw *die_fw;
	unsigned die_fws;
	/* Hybrid: the E-cores' leaves (the upper half of the model's CPUs); NULL: not hybrid. */
	const struct model_cpuid_table *cpuid_atom;
	/*
	 * A third kind of core, of the E-cores' core type with other counters (Arrow Lake-H's
	 * low-power E-cores); NULL: none. With it the CPUs are in thirds: P, E, low-power E.
	 */
	const struct model_cpuid_table *cpuid_lpe;
	/* Counters a P-core has that its CPUID.0AH does not report (0: CPUID's own). */
	uint32_t pcore_gp_mask, pcore_fixed_mask;
	uint8_t slots;             /* TOPDOWN.SLOTS per unhalted cycle: the machine's width */
	/*
	 * The uncore's PCI functions (model_pci.c), one set per package on the bus
	 * model_pci_bus gives; NULL: no PCI device answers (all-ones everywhere).
	 */
	const struct model_dev *pci;
	uint8_t pci_buses;         /* the package's uncore buses (0: 1), highest model_pci_bus */
	uint8_t chas;              /* CHAs per package (Skylake-SP on): CAPID6's bits, MSR 0x702 */
	/*
	 * What firmware may leave in an uncore MSR box of package 0 (model.box_left, hostile):
	 * its box control with the freeze bit set, or a counter control with its enable bit.
	 */
	struct model_fw_reg fw_frozen, fw_counting;
	/*
	 * A profile loaded from a file (model_loaded.c): each CPU's captured leaves, answered
	 * as they are (APIC ids and brand included); NULL: the tables above, per-CPU values
	 * put in by model_cpuid_answer.
	 */
	const struct model_cpuid_table *cpuid_cpu;
	unsigned cpuid_cpus;
	/* The most cores a package of the part has, and the product that has them (0: not said). */
	unsigned max_cores;
	const char *max_cores_part;
	/*
	 * A loaded profile's discovery tables (model_loaded.c), package by package: what the
	 * discovery device's BAR holds; NULL: the part's own (model_discovery.c).
	 */
	const struct model_disc_image *disc;
	/*
	 * The same for the tables behind a portal MSR (model_disc_domains's second domain, a
	 * client's only one): disc_portals of them, one a die, each naming its package and die
	 * (model_portal_image).
	 */
	const struct model_disc_image *disc_portal;
	unsigned disc_portals;
	/*
	 * A loaded profile's registers that drop what is written to them, as the run its log
	 * came from proved (QEMU's uncore MSRs: capture/machine.h not_held); ends at msr 0;
	 * NULL: every register holds.
	 */
	const struct model_not_held *not_held;
	/* A loaded profile's PCI functions where no uncore device of the model answers; NULL: none. */
	const struct model_pci_listed *pci_listed;
	bool cxl;                  /* a CXL type-3 device with a CPMU at 0000:0c:00.0 (model_cxl.h) */
	/*
	 * A part with no dump of its own, answered from another part's (docs/platforms.md says
	 * which): its leaf 1 EAX (family, model, stepping; 0: the dump's), and, for a part of
	 * one core type made of a hybrid dump's E-cores, leaf 1AH answered 0 (Intel SDM Vol. 2A
	 * CPUID: leaf 1AH gives a hybrid part's core type; the trimmed dumps keep no leaf 7).
	 */
	uint32_t signature;
	bool one_core_type;
	/* The discovery table's units besides SPR's (model_disc_units.h); NULL: Sapphire Rapids'. */
	const struct model_disc_part *disc_part;
	/* Panther or Nova Lake's uncore: portal, table, client boxes (model_disc_client.h); NULL: none */
	const struct model_client *client;
	/* A loaded profile's CXL functions and CPMUs as its capture read them; NULL: cxl's. */
	const struct model_cxl_images *cxl_images;
	/* A loaded profile's captured SRAT (model_srat.c serves it); NULL: the model has none. */
	const uint8_t *srat;
	uint32_t srat_len;
	/* A part whose uncore has two discovery domains (model_discovery.h); NULL: one table. */
	const struct model_disc_domains *disc_domains;
};

/*
 * Functions a machine's capture found on segment 0 (capture/machine.h machine_pci_fns):
 * at (bus << 8 | device << 3 | function) answers its id at offset 0, all-ones in extended
 * space where the scan could not read it there, else 0.
 */
struct model_pci_listed {
	const uint32_t *at, *id;
	unsigned n;
	bool ext_readable;
};

/* Package pkg's MSR msr: a write to it changes nothing and raises nothing. */
struct model_not_held {
	uint32_t msr, pkg;
};

/* A discovery table as a capture read it: its BAR and bytes. */
struct model_disc_image {
	uint32_t pkg;             /* a portal's: its package, the model's number */
	uint32_t die;             /* a portal's: the die whose CPUs read it */
	uint64_t bar;
	uint32_t len;             /* 0: none for that package */
	const uint8_t *bytes;
	bool global_read;         /* its global control as found: global at power-on */
	uint64_t global;
};

#define MODEL_PCI_HIDDEN 8

/* A PCI function of a package's uncore bus. */
struct model_pci_fn {
	uint8_t pkg, dev, fn;
};

/*
 * The counters one core type has (Intel SDM Vol. 3B 18.13.2.1, 18.2 (CPUID.0AH); SDM vol. 2A leaf
 * 0AH): its CPUID.0AH, the fixed counters a bitmap from version 5 (ECX[i] or EDX[4:0] > i). A
 * hybrid P-core has counters its CPUID.0AH leaves out (the profile's pcore_* masks).
 */
#define MODEL_CORE_KINDS 3

struct model_core_geom {
	unsigned version, gp_width, fixed_width;
	uint32_t gp_mask, fixed_mask;
	bool anythread, perf_metrics;
	bool umask2, eq;   /* PERFEVTSEL UMASK2 (47:40) and EQ (36) exist */
	bool rdpmc_ud;     /* PERFEVTSEL RDPMC user disable (37) exists */
};

/*
 * The AMD core counters the profile's CPUID gives (AMD APM vol. 2 13.2, PPR: CPUID
 * Fn8000_0001 ECX[23] PerfCtrExtCore, Fn8000_0022 PerfMonV2 and NumPerfCtrCore,
 * Fn8000_0008 EBX[1] IRPerf), read once by model_init, not on every cycle.
 */
struct model_amd_geom {
	bool ext_core, perfmon_v2, irperf;
	unsigned n_ctr;
};

struct model {
	const struct model_profile *p;
	/* Per kind of core (model_cpu_kind): [0] P-cores, [1] E-cores, [2] low-power E-cores. */
	struct pmu_cpuid leaf_0a[MODEL_CORE_KINDS];           /* CPUID.0AH of each */
	struct pmu_cpuid leaf_23[MODEL_CORE_KINDS][2];        /* CPUID.23H subleaves 0, 1 (zeros: none) */
	struct model_core_geom core_geom[MODEL_CORE_KINDS];   /* worked out by model_init */
	struct model_amd_geom amd_geom;
	unsigned ncpus, npkgs;
	enum model_firmware firmware;
	struct model_regfile pkg[MODEL_MAX_PKGS];
	uint8_t pkg_busy[MODEL_MAX_PKGS];      /* CPUs of a package run at once in the app: one at a time */
	uint32_t fault_msr[MODEL_MAX_FAULTS];
	int fault_cpu[MODEL_MAX_FAULTS];      /* -1: every CPU */
	unsigned nfaults;
	struct model_breakage broken;
	uint8_t uclk_width;                    /* SNB-EP UCLK fixed counter: 0 the guide's 44 bits, or 48 */
	unsigned noise;                        /* enum model_noise bits: MODEL_NOISE_ALL after model_init */
	struct model_noise_rates rates;        /* the profile's after model_init */
	unsigned l3_shift;                     /* APIC id bits of the threads sharing an L3 (model_ccx_slot) */
	uint8_t dump_smt, dump_pkg;            /* the profile's APIC ID layout (model.c dump_shifts) */
	uint8_t smt_shift, pkg_shift;          /* the model's: the dump's, widened for its CPUs */
	/* Per CPU, ncpus of each, in the block model_init was given (MODEL_CPU_ARRAYS). */
	unsigned *pkg_of;
	unsigned *core_of;                     /* core number within the package */
	unsigned *smt_of;                      /* thread number within the core, in CPU order */
	unsigned *die_of;                      /* die within the package (model_place_die) */
	bool dies_placed;                      /* some CPU was given a die: firmware said them */
	unsigned dies;                         /* dies a package: 1 + the highest placed */
	unsigned *core_lead, *ccx_lead;        /* the lowest CPU of its core, of its CCX */
	unsigned *die_lead;                    /* the lowest CPU of its die in its package */
	struct model_regfile *thread;
	struct model_regfile *core;            /* indexed by the lowest CPU of the core */
	struct model_regfile *ccx;             /* indexed by the lowest CPU of the CCX */
	struct model_regfile *die;             /* indexed by the lowest CPU of the die */
	struct model_access (*log)[MODEL_LOG_PER_CPU];
	unsigned *log_len;
	bool *log_overflow;
	uint64_t *ucode_latch;                 /* IA32_BIOS_SIGN_ID as CPUID(1) loads it */
	uint8_t *core_busy;                    /* likewise for a core's threads */
	uint8_t *ccx_busy;                     /* and a CCX's CPUs */
	uint8_t *die_busy;                     /* and a die's */
	struct model_cpu_noise *cpu_noise;
	struct model_replayed *replayed;
	/* Hostile variants of the PCI uncore (model_pci.c). */
	struct model_pci_fn pci_hidden[MODEL_PCI_HIDDEN];   /* firmware hid them: all-ones */
	unsigned npci_hidden;
	uint32_t pci_tear;      /* a counting counter moves this much as its low dword is read */
	uint8_t chas;           /* CHAs a package: one a core of the shape, or a smaller part's (a variant) */
	uint8_t upis;           /* Sapphire/Emerald Rapids UPI links a package, from the shape */
	uint8_t cha_msr_count;  /* hostile: the CHA count MSR 0x702 says this (0: chas) */
	/*
	 * Hostile: UMC counter pairs that answer past the ones CPUID 0x80000022 EBX[21:16] claims
	 * (Genoa 9124's dump claims 4 on one UMC of a 12-channel part); the profile's MSR map
	 * must let them through (msrs NULL).
	 */
	uint8_t umc_unclaimed;
	bool mmio_bar_zero;     /* hostile: the iMC's MMIO base registers read 0 (Ice Lake-SP) */
	/* hostile: bit n, the package's n-th box with a fixed clock (iMC channel n): its clock
	   stopped (no DIMMs behind it), or at twice the rate of the others (faster DIMMs) */
	uint8_t imc_clock_stopped, imc_clock_double;
	/* hostile: bit n, controller n's free-running counters stuck (all three: its clock
	   gated), or its read counter alone stuck */
	uint8_t imc_freerun_stuck, imc_freerun_rd_stuck;
	/* 4- or 8-byte accesses to the iMC's free-running counters (the log may overflow) */
	unsigned freerun_reads, freerun_writes;
	/*
	 * Hostile: the last package's uncore buses left out of every root bridge's range
	 * (MODEL_BUS_ECAM_ONLY: MCFG still covers them) or out of MCFG's too
	 * (MODEL_BUS_OUTSIDE: they read all-ones), as firmware that does not describe them.
	 */
	uint8_t pci_bus_cut;
	uint8_t box_left;       /* hostile: enum model_box_left, set through model_leave_box */
	/* Hostile discovery tables (Sapphire/Emerald Rapids, model_uncore_spr_pci.c). */
	uint8_t disc_defect;    /* enum model_disc_defect of every package's table */
	bool disc_upi_absent;   /* the UPI and M3UPI functions the table names are not there */
	bool disc_cha_msr_zero; /* MSR 0x2FFE reads 0, as on Emerald Rapids XCC (Linux) */
	struct model_cxl cxl[MODEL_CXL_CPMUS];   /* the CXL devices' CPMUs (model_cxl.c); base 0: none */
	uint8_t snc;            /* sim-snc: sub-NUMA clusters a package in its SRAT; 0: the profile's */
	uint8_t *srat;          /* the SRAT model_srat.c lays out, after the per-CPU arrays */
	bool disc_frozen;       /* every table's global control set at power-on (model_disc_freeze) */
	unsigned disc_global_writes;   /* writes to a table's global control (the log may overflow) */
	uint64_t mem[];         /* the per-CPU arrays */
};

/*
 * The measured window of the real backend (efi/gated.c, a copy per kernel)
 * executes, from the retirement of the enabling wrmsr to the disabling one,
 * the kernel's body inline, then `xchg %rax,%r13; mov %r14d,%edx`: 2
 * instructions besides the kernel, neither a branch nor a memory access
 * (objdump -d build/efipmu.so, efipmu_gate_on_<name> to efipmu_gate_off_<name>;
 * tools/bench/gated_window.py checks every copy). The model's gated_run retires
 * the same, one instruction a cycle, after the kernel.
 */
#define MODEL_GATE_INSTS 2
/* The kernels' iterations on the model (backend field): it replays one cycle per instruction. */
#define MODEL_KERNEL_ITERATIONS 1000

/* The timer's CPU (UEFI's timer interrupt goes to the BSP; efi/irq.h). */
#define MODEL_TIMER_CPU 0

/*
 * Firmware leaves the profile's box frozen or counting (fw_frozen, fw_counting) on package 0,
 * now and after each model_set_firmware. PMU_ERR_UNSUPPORTED: the profile names no such box.
 */
pmu_status model_leave_box(struct model *m, enum model_box_left k);

/*
 * Firmware leaves every discovery table's global control as the part powers on with
 * freeze_all set (model_discovery.h: MODEL_DISC_FROZEN), now and after each
 * model_set_firmware. PMU_ERR_UNSUPPORTED: the profile has no discovery table's device.
 */
pmu_status model_disc_freeze(struct model *m);

/*
 * Hostile variants of a part a profile may lack: each takes effect, or sets nothing and
 * returns PMU_ERR_UNSUPPORTED where the profile has nothing of that kind to break.
 * model_disc_break: every package's table broken as defect (enum model_disc_defect) says,
 * where the model builds the table itself (not a loaded capture's, not Diamond Rapids'
 * domains); model_disc_drop_upi: the table's UPI and M3UPI functions absent (Sapphire
 * Rapids' functions); model_disc_cha_msr_zero: the CHA count MSR 0x2FFE reads 0 (Sapphire
 * Rapids' MSR); model_cut_pci_buses: the last package's uncore buses cut so (PCI uncore).
 */
pmu_status model_disc_break(struct model *m, unsigned defect);
pmu_status model_disc_drop_upi(struct model *m);
pmu_status model_disc_cha_msr_zero(struct model *m);
pmu_status model_cut_pci_buses(struct model *m, enum model_bus_cut cut);

/* Selects noise (enum model_noise bits) and, unless r is NULL, its rates; every CPU's schedule restarts at its clock. */
void model_set_noise(struct model *m, unsigned noise, const struct model_noise_rates *r);

/* The bytes a model of ncpus CPUs takes (its per-CPU state included): what model_init needs. */
size_t model_bytes(unsigned ncpus);
/*
 * A model in the block m of `bytes` (model_bytes(ncpus); the caller's allocation, freed as
 * one). CPUs are spread evenly over packages: cpu i is in package i / (ncpus / npkgs),
 * each its own core (no sibling threads until model_place_core says so). The registers
 * hold the profile's firmware state. PMU_ERR_NOSPACE: the block is smaller;
 * PMU_ERR_INVALID: more than MODEL_MAX_CPUS or _PKGS, or CPUs not spread evenly.
 */
pmu_status model_init(struct model *m, size_t bytes, const struct model_profile *p,
		      unsigned ncpus, unsigned npkgs);
void model_backend(struct model *m, struct pmu_backend *b);
/*
 * Puts cpu in die `die` of its package (firmware's Location2): a die's CPUs read its own portal
 * table (a Diamond Rapids CBB's). PMU_ERR_RANGE past the CPUs or MODEL_MAX_DIES.
 */
pmu_status model_place_die(struct model *m, unsigned cpu, unsigned die);
/*
 * Each die's own firmware values (model_profile die_fw, under the running firmware) into the
 * file its first CPU reads each register in: after the CPUs are placed in their dies.
 */
void model_die_firmware(struct model *m);
/* Package pkg's die `die`'s portal table of a loaded profile, or NULL: the model's own. */
const struct model_disc_image *model_portal_image(const struct model *m, unsigned pkg, unsigned die);
/* Puts cpu in package pkg (the app follows the firmware's topology); PMU_ERR_RANGE past the limits. */
pmu_status model_place_cpu(struct model *m, unsigned cpu, unsigned pkg);
/*
 * Gives cpu core number `core` within its package: CPUs of one package with the
 * same core number are sibling threads and share core-scope registers. Place
 * before any access: a core's registers live with its lowest-numbered CPU.
 */
pmu_status model_place_core(struct model *m, unsigned cpu, unsigned core);

/*
 * Every register file back to 0, then, for MODEL_FW_RUNNING, the profile's
 * running image on every CPU, core and package. Logs nothing.
 */
void model_set_firmware(struct model *m, enum model_firmware fw);
/*
 * sim-snc: an SRAT of n proximity domains a package (model_srat.c), the CPUs placed; 0: the
 * profile's own table (a loaded one's), or none. PMU_ERR_RANGE past MODEL_MAX_SNC, or where a
 * package has fewer cores than n.
 */
pmu_status model_set_snc(struct model *m, unsigned n);
/* "clean" / "running" (sim-firmware setting); PMU_ERR_UNKNOWN_NAME otherwise. */
pmu_status model_firmware_parse(const char *name, enum model_firmware *out);
const char *model_firmware_name(enum model_firmware fw);

/* Makes every access to msr from cpu (-1: all CPUs) raise #GP. */
pmu_status model_inject_fault(struct model *m, uint32_t msr, int cpu);

/* Runs one simulated cycle on cpu: thread devices of cpu, then package devices of its package. */
void model_run_cycle(struct model *m, unsigned cpu, const struct model_cycle *c);
/*
 * Cycles over which each stimulus's total is spread as evenly as it goes: in cycle i
 * (from 0) of C a stimulus of total t occurs floor((i+1)t/C) - floor(it/C) times, so
 * the spread raises exactly t of it. A kernel's replay (sim_workload.c) is one.
 */
#define MODEL_SPREAD_STIMS 320
struct model_spread {
	uint8_t cpl;
	const struct model_stim *total;   /* each code's count over all the cycles */
	unsigned nstim;                   /* at most MODEL_SPREAD_STIMS */
	uint64_t cycles;
};

/*
 * Runs the spread's cycles on cpu as model_run_cycle would one after another,
 * noise included (model_spread.c): between the timer's and SMIs' due cycles a
 * device with a `cycles` op advances in bulk. PMU_ERR_INVALID (nothing run) for
 * a CPU or a spread out of range.
 */
pmu_status model_run_spread(struct model *m, unsigned cpu, const struct model_spread *s);
/* Events of one code in a cycle: the sum of the matching stimuli (for the devices). */
uint64_t model_cycle_events(const struct model_cycle *c, uint32_t code);

/*
 * cpu's x2APIC ID, as its CPUID answers it (model_cpuid.c): its package, core and thread at
 * the model's shifts (smt_shift, pkg_shift).
 */
uint32_t model_apic_id(const struct model *m, unsigned cpu);
/*
 * The CCX file of cpu: kept by the lowest CPU of its package whose APIC id has the same bits
 * above those of the threads sharing the L3 (CPUID 0x8000001D subleaf 3 EAX[25:14] + 1 of the
 * profile's table, rounded up to a power of two). Worked out as CPUs are placed, not on each
 * access.
 */
unsigned model_ccx_slot(const struct model *m, unsigned cpu);

/* Register file access for devices and tests, bypassing semantics and the log. */
uint64_t model_peek(const struct model_regfile *rf, uint32_t msr);
pmu_status model_poke(struct model_regfile *rf, uint32_t msr, uint64_t val);
struct model_regfile *model_file_for(struct model *m, unsigned cpu, uint32_t msr);

/*
 * PCI (model_pci.c): the bus of package pkg's uncore devices: 0x7f + 0x80 pkg for up
 * to two packages, 0x3f + 0x40 pkg for up to four (the top bus of each package's
 * range, as two- and four-socket Xeon E5 platforms number them; a model choice).
 */
uint8_t model_pci_bus(const struct model *m, unsigned pkg);
/*
 * With profile.pci_buses n > 1 a package's buses are the n ending at that one (Skylake-SP:
 * the U-box on the lowest). Firmware hides function dev.fn of pkg's uncore buses: it
 * reads all-ones.
 */
pmu_status model_pci_hide(struct model *m, unsigned pkg, unsigned dev, unsigned fn);
/*
 * Firmware state of a configuration dword of pkg's first uncore bus (a box left frozen),
 * through its device.
 */
pmu_status model_pci_poke(struct model *m, unsigned pkg, unsigned dev, unsigned fn, unsigned off,
			  uint32_t val);
uint32_t model_pci_peek(struct model *m, unsigned pkg, unsigned dev, unsigned fn, unsigned off);

/* Number of logged writes of cpu, MSR and PCI (for "no register written" assertions). */
unsigned model_write_count(const struct model *m, unsigned cpu);
unsigned model_total_writes(const struct model *m);
void model_clear_log(struct model *m);

/* The leaf as p's table holds it (NULL: not listed), and its registers (zeros if not listed). */
const struct model_cpuid_leaf *model_cpuid_find(const struct model_cpuid_table *t, uint32_t leaf,
						uint32_t sub);
struct pmu_cpuid model_cpuid_raw(const struct model_profile *p, uint32_t leaf, uint32_t sub);
/*
 * The leaf whose data a CPU with table t returns for `leaf`: itself, or past the highest
 * basic or extended leaf the highest basic leaf (SDM vol. 2A, CPUID).
 */
uint32_t model_cpuid_leaf_answered(const struct model_cpuid_table *t, uint32_t leaf);
/* What a CPU with table t returns, before any per-CPU value (APIC ID, brand) is put in. */
struct pmu_cpuid model_cpuid_table_answer(const struct model_cpuid_table *t, uint32_t leaf,
					  uint32_t sub);
/* Leaf 0's vendor is AuthenticAMD. */
bool model_cpuid_table_amd(const struct model_cpuid_table *t);
/* The leaves cpu answers from: the profile's, or on a hybrid's E-core cpuid_atom (cpuid_lpe). */
const struct model_cpuid_table *model_cpu_table(const struct model *m, unsigned cpu);
bool model_cpu_is_atom(const struct model *m, unsigned cpu);
/* 0 a P-core (or not hybrid), 1 an E-core, 2 a low-power E-core (model_profile.cpuid_lpe). */
unsigned model_cpu_kind(const struct model *m, unsigned cpu);
/* The first of ncpus CPUs that is a low-power E-core where the profile has them. */
unsigned model_lpe_first(unsigned ncpus);
/* What CPUID returns on the model's cpu (APIC IDs, brand, MISC_ENABLE[22]: model_cpuid.c). */
struct pmu_cpuid model_cpuid_answer(const struct model *m, unsigned cpu, uint32_t leaf,
				    uint32_t sub);

/* The row of p's MSR map that holds msr; NULL if none (or p has no map). */
const struct model_msr_range *model_msr_range_of(const struct model_profile *p, uint32_t msr);

/* Built-in profiles, looked up by name ("nehalem-ep", "sandy-bridge-ep", "no-pmu", ...). */
const struct model_profile *model_profile_find(const char *name);
extern const struct model_profile *const model_profiles[];
extern const unsigned model_profile_count;

#endif
