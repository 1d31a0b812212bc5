/* What a CPU is and what PMU it has, from CPUID and a few MSRs (REGISTERS.md §0.1, §1.1). */
#ifndef EFIPMU_CPUINFO_H
#define EFIPMU_CPUINFO_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/backend.h"

enum uncore_family {
	UNCORE_NONE,
	UNCORE_NHM_CLIENT,   /* Nehalem/Westmere client-style MSR uncore (§2) */
	UNCORE_NHM_EX,       /* Nehalem-EX / Westmere-EX boxes (§3) */
	UNCORE_SNB_EP,       /* Sandy Bridge-EP (§4) */
	UNCORE_UNCONFIRMED,  /* model 0x1F: may have the §2 uncore, must be probed */
};

/* CPUID.0AH decoded as seed 004 and REGISTERS.md §1.1 describe. */
struct pmu_arch_info {
	uint8_t version;
	uint8_t n_gp;
	uint8_t gp_width;
	uint8_t ebx_len;        /* length of the EBX availability vector */
	uint32_t ebx_unavail;   /* EBX as read: a set bit means NOT available */
	uint8_t n_fixed;        /* valid when version > 1 */
	uint8_t fixed_width;
	bool anythread_deprecated;
};

#define ARCH_EVENT_COUNT 7

struct cpu_info {
	unsigned index;          /* logical processor number (MP services order) */
	uint64_t apic_id;
	uint32_t package, core, thread;
	bool enabled, is_bsp;

	char vendor[13];
	char brand[49];
	uint32_t max_leaf;
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
};

void pmu_decode_cpuid_0a(const struct pmu_cpuid *r, struct pmu_arch_info *out);
/* True when architectural event i (EBX bit i) is both in the vector and not marked unavailable. */
bool pmu_arch_event_available(const struct pmu_arch_info *a, unsigned i);

enum uncore_family uncore_family_for(const char *vendor, uint32_t family, uint32_t model);
const char *uncore_family_name(enum uncore_family u);

/*
 * Fills everything CPUID and MSRs tell about `cpu` (topology fields are the
 * caller's). MSRs are read only where CPUID says they exist; a faulting read
 * is recorded in its *_st field, never fatal.
 */
pmu_status pmu_discover(const struct pmu_backend *b, unsigned cpu, struct cpu_info *ci);

/* True when the core PMU can be used: version >= 1 and MISC_ENABLE[7] set. */
bool pmu_core_present(const struct cpu_info *ci);
/* One line saying why not (naming Limit CPUID Maxval where it hides leaf 0xA), or that it is. */
const char *pmu_core_verdict(const struct cpu_info *ci);

#endif
