/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * What a CPU is and what PMU it has, from CPUID and a few MSRs (Linux uncore.c model table;
 * Intel SDM Vol. 3B 18.2, CPUID.0AH).
 */
#ifndef EFIPMU_CPUINFO_H
#define EFIPMU_CPUINFO_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/backend.h"
#include "pmu/topo_cpuid.h"
#include "hw/core_pmus.h"
#include "hw/core_aux.h"
#include "hw/uncore_family.h"
#include "hw/uncore_amd.h"
#include "util/fmt.h"

/* "core" (P-core), "atom" (E-core), "other" (another code); NULL: 0, not hybrid. */
const char *pmu_core_type_name(uint8_t t);
/* An AMD core type (pmu_arch_info.amd_core_type): "performance", "efficiency", NULL otherwise. */
const char *pmu_amd_core_type_name(uint8_t t);

/*
 * What discovery noted about a CPU's leaves: a leaf it ignored or could not read,
 * and why (pmu_note_put says it in words, with the CPU's figures).
 */
enum pmu_note {
	PMU_NOTE_AMD_LEAF_0A,         /* AMD: leaf 0xA is Intel's, never implemented */
	PMU_NOTE_LEAF_23_ABOVE_MAX,   /* arch PMU v5+: leaf 0x23 above the max basic leaf */
	PMU_NOTE_LEAF_23_NO_COUNTERS, /* leaf 0x23 subleaf 0 does not list subleaf 1 */
	PMU_NOTE_AMD_EXT_ABOVE_MAX,   /* AMD: 0x80000001 above the max extended leaf */
	PMU_NOTE_AMD_PERFMON_ABOVE_MAX, /* AMD: 0x80000022 above the max extended leaf */
	PMU_NOTE_COUNT
};

/*
 * Every subleaf of CPUID leaf 0x23, Architectural Performance Monitoring Extended (SDM
 * vol. 2A, CPUID 23H; Linux perf/x86/intel: "Support Architectural PerfMon Extension leaf"
 * eb467aaac21e, the auto counter reload and architectural PEBS enumerations): what is not
 * read stays 0. The counters of subleaf 1 are pmu_arch_info's gp_mask and fixed_mask.
 */
struct pmu_perfmon_ext {
	bool read;                      /* leaf 0x23 within the max basic leaf, subleaf 0 read */
	uint32_t subleaves;             /* subleaf 0 EAX: bit n, subleaf n is valid */
	uint32_t sl0_ebx, sl0_ecx;      /* subleaf 0 EBX (the bits below), ECX as read */
	bool rdpmc_user_disable;        /* subleaf 0 EBX[2]: PERFEVTSEL bit 37, FIXED_CTR_CTRL 33+4i */
	uint32_t acr_gp, acr_fixed;     /* subleaf 2 EAX, EBX: counters auto counter reload reloads */
	uint32_t acr_cause_gp, acr_cause_fixed;   /* ECX, EDX: counters that can cause a reload */
	uint32_t arch_events;           /* subleaf 3 EAX: bit n, architectural event n is there */
	uint32_t pebs_caps;             /* subleaf 4 EBX: architectural PEBS capabilities */
	uint32_t pebs_gp, pdist_gp;     /* subleaf 5 EAX, EBX: counters able to PEBS, to PDIST */
	uint32_t pebs_fixed, pdist_fixed;   /* ECX, EDX: the fixed counters the same way */
};

/* Subleaves of leaf 0x23 (subleaf 0 EAX bit n). */
enum pmu_leaf23_sub {
	LEAF23_SUB_MAIN, LEAF23_SUB_COUNTERS, LEAF23_SUB_ACR, LEAF23_SUB_EVENTS,
	LEAF23_SUB_PEBS_CAPS, LEAF23_SUB_PEBS_COUNTERS, LEAF23_SUBS
};

/*
 * The core counters CPUID describes: Intel's leaf 0xA (Intel SDM Vol. 3B 18.13.2.1, 18.2,
 * CPUID.0AH), 0x1A and 0x23; AMD's 0x80000001 and 0x80000022 (cpuid_pmu.c).
 */
struct pmu_arch_info {
	uint8_t version;        /* Intel's architectural PMU version; 0 on AMD (no leaf 0xA) */
	uint8_t n_gp;           /* counters from PMC0 up without a gap in gp_mask */
	uint8_t gp_width;
	uint8_t ebx_len;        /* length of the EBX availability vector */
	uint32_t ebx_unavail;   /* EBX as read: a set bit means NOT available */
	uint8_t n_fixed;        /* counters from FIXED_CTR0 up without a gap in fixed_mask */
	uint8_t fixed_width;
	bool anythread_deprecated;
	uint32_t gp_mask;       /* bit n: general-purpose counter n exists */
	uint32_t fixed_mask;    /* bit i: fixed counter i exists (version > 1) */
	uint8_t core_type;      /* CORE_TYPE_*; 0: not hybrid or leaf 0x1A not there */
	uint32_t native_model;  /* CPUID.1AH:EAX[23:0], the native model ID; 0 as core_type */
	bool umask2, eq;        /* CPUID.23H.0:EBX[0], [1]: PERFEVTSEL UMASK2 (47:40), EQ (36) */
	bool from_leaf_23;      /* the masks come from leaf 0x23 subleaf 1 */
	struct pmu_perfmon_ext ext;   /* every subleaf of leaf 0x23 */
	bool perfctr_ext_core;  /* AMD: 6 counters at 0xC0010200 (0x80000001 ECX[23]) */
	bool perfmon_v2;        /* AMD: PerfMonV2 (0x80000022 EAX[0]) */
	bool irperf;            /* AMD: IRPERF, instructions retired MSR (0x80000008 EBX[1]) */
	uint8_t amd_core_type;  /* AMD: 0x80000026.0 EBX[31:28] + 1 where EAX[30] says hybrid; 0 not */
	uint32_t notes;         /* bit n: enum pmu_note n */
};

#define ARCH_EVENT_COUNT 7

struct cpu_info {
	unsigned index;          /* logical processor number (MP services order) */
	uint32_t apic_id;                   /* firmware's (MP services' ProcessorId), x2APIC wide */
	uint32_t package, core, thread;     /* firmware's Location */
	uint32_t die;                       /* firmware's Location2 die (0 where die_known is not) */
	bool die_known;                     /* firmware gave Location2 (run/platform.h dies_known) */
	bool enabled, is_bsp;
	struct cpu_topo topo;               /* what the CPU's own CPUID says (pmu/topo_cpuid.h) */

	char vendor[13];
	char brand[49];
	uint32_t max_leaf;
	uint32_t max_ext_leaf;              /* CPUID.80000000H:EAX */
	uint32_t family, model, stepping;   /* display values */
	uint32_t signature;                 /* CPUID.1:EAX */
	bool pdcm;
	bool hypervisor;

	pmu_status microcode_st;
	uint32_t microcode;

	struct pmu_arch_info arch;

	bool perf_cap_valid;                /* CPUID says the MSR exists and it read */
	pmu_status perf_cap_st;
	uint64_t perf_cap;

	pmu_status misc_enable_st;
	uint64_t misc_enable;
	bool cpuid_limited;                 /* MISC_ENABLE[22]: CPUID.0 reports at most leaf 2 */

	enum uncore_family uncore;
	struct uncore_amd_facts amd_uncore;   /* AMD families (pmu/uncore_amd.c); zeros otherwise */

	/* AMD (cpuinfo.c amd_probe): the first counter control read, under a hypervisor a
	   counter write read back; HWCR and the IRPERF counter where CPUID lists it. */
	pmu_status amd_probe_st;
	uint32_t amd_probe_msr;
	pmu_status hwcr_st, irperf_st;
	uint64_t hwcr, irperf;
};

/* Leaf 0xA alone: the counters it describes (v5+: ECX's fixed-counter bitmap too). */
void pmu_decode_cpuid_0a(const struct pmu_cpuid *r, struct pmu_arch_info *out);
/* Counters from the leaves past 0xA, CPUID's own maxima respected (ci's vendor and maxima set). */
void pmu_discover_counters(const struct pmu_backend *b, unsigned cpu, struct cpu_info *ci);
/* AuthenticAMD or HygonGenuine: AMD's core PMU, no leaf 0xA. */
bool pmu_vendor_amd(const char *vendor);
/* The PMU's version: Intel's CPUID.0AH one; AMD 2 with PerfMonV2, else 1 (0: no counters). */
unsigned pmu_version_of(const struct cpu_info *ci);
/* Note n in words, with ci's figures (the leaf maxima). */
void pmu_note_put(struct strbuf *sb, const struct cpu_info *ci, enum pmu_note n);
/* The lowest bits of mask set without a gap: how many counters from 0 are there. */
unsigned pmu_mask_run(uint32_t mask);
/* True when architectural event i (EBX bit i) is both in the vector and not marked unavailable. */
bool pmu_arch_event_available(const struct pmu_arch_info *a, unsigned i);

enum uncore_family uncore_family_for(const char *vendor, uint32_t family, uint32_t model);
const char *uncore_family_name(enum uncore_family u);

/*
 * Fills everything CPUID and MSRs tell about `cpu`, its CPUID topology too (firmware's
 * index, APIC ID and Location are the caller's). MSRs are read only where CPUID says they exist; a faulting read
 * is recorded in its *_st field, never fatal.
 */
pmu_status pmu_discover(const struct pmu_backend *b, unsigned cpu, struct cpu_info *ci);

/* The kind of core PMU ci has (hw/core_pmus.h), from what discovery found. */
const struct core_pmu_desc *pmu_core_desc(const struct cpu_info *ci);

/* True when the core PMU can be used: Intel version >= 1 and MISC_ENABLE[7] set; AMD probed. */
bool pmu_core_present(const struct cpu_info *ci);
/* One line saying why not (naming Limit CPUID Maxval where it hides leaf 0xA), or that it is. */
const char *pmu_core_verdict(const struct cpu_info *ci);

#endif
