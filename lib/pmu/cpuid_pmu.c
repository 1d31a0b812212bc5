/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Which core counters CPUID says a CPU has. A leaf is read only when CPUID's
 * maximum basic (leaf 0 EAX) or extended (0x80000000 EAX) leaf covers it: past
 * the maximum, Intel CPUs (SDM vol. 2A, CPUID) and QEMU's vCPUs answer with the
 * highest basic leaf's data, which would read as counters that are not there.
 */
#include "pmu/cpuinfo.h"

#define LEAF_ARCH_PERFMON 0xAu
#define LEAF_HYBRID 0x1Au
#define LEAF_PERFMON_EXT 0x23u
#define LEAF_AMD_FEATURES 0x80000001u
#define LEAF_AMD_PERFMON 0x80000022u
#define LEAF_AMD_EXT_IDS 0x80000008u
#define AMD_IRPERF_BIT 1   /* 0x80000008 EBX[1]: IRPERF (APM vol. 3 appendix E) */

/*
 * SDM vol. 2A, leaf 23H (Architectural Performance Monitoring Extended): subleaf 0
 * EAX is the bitmap of valid subleaves, bit 1 subleaf 1; subleaf 1 EAX is the bitmap
 * of general-purpose counters, EBX of fixed counters. (Linux read bit 0 for
 * subleaf 1 until "perf/x86/intel: Fix ARCH_PERFMON_NUM_COUNTER_LEAF", 2024.)
 * Subleaf 0 EBX: PERFEVTSEL UMASK2 (bits 47:40) and EQ (bit 36) exist (SDM vol. 2A, 23H);
 * bit 2 RDPMC user disable (Linux "perf/x86/intel: Add support for rdpmc user disable
 * feature", 59af95e028d4).
 */
#define LEAF23_UMASK2_BIT 0
#define LEAF23_EQ_BIT 1
#define LEAF23_RDPMC_USER_DISABLE_BIT 2

/*
 * AMD APM vol. 2, "Performance Monitoring Counters": 4 legacy PerfEvtSel/PerfCtr
 * pairs (0xC0010000-3 / 0xC0010004-7), 48 bits wide; with PerfCtrExtCore
 * (CPUID 0x80000001 ECX[23], APM vol. 3 appendix E) 6 pairs at 0xC0010200-B.
 * With PerfMonV2 (0x80000022 EAX[0]) EBX[3:0] NumPerfCtrCore gives the number.
 */
#define AMD_LEGACY_COUNTERS 4u
#define AMD_EXT_COUNTERS 6u
#define AMD_COUNTER_WIDTH 48u
#define AMD_PERFCTR_EXT_CORE_BIT 23
#define AMD_PERFMON_V2_BIT 0
#define AMD_NUM_PERFCTR_CORE_MASK 0xFu

static uint32_t low_mask(unsigned n)
{
	return n >= 32 ? 0xFFFFFFFFu : (1u << n) - 1;
}

unsigned pmu_mask_run(uint32_t mask)
{
	unsigned n = 0;
	while (n < 32 && ((mask >> n) & 1))
		n++;
	return n;
}

static void set_runs(struct pmu_arch_info *a)
{
	a->n_gp = (uint8_t)pmu_mask_run(a->gp_mask);
	a->n_fixed = (uint8_t)pmu_mask_run(a->fixed_mask);
}

void pmu_decode_cpuid_0a(const struct pmu_cpuid *r, struct pmu_arch_info *a)
{
	pmu_memset(a, 0, sizeof(*a));
	a->version = (uint8_t)(r->eax & 0xff);
	a->gp_mask = low_mask((r->eax >> 8) & 0xff);
	a->gp_width = (uint8_t)((r->eax >> 16) & 0xff);
	a->ebx_len = (uint8_t)((r->eax >> 24) & 0xff);
	a->ebx_unavail = r->ebx;
	if (a->version > 1) {
		a->fixed_width = (uint8_t)((r->edx >> 5) & 0xff);
		a->anythread_deprecated = (r->edx >> 15) & 1;
		/* SDM vol. 2A leaf 0AH, v5+: fixed counter i exists if ECX[i] || EDX[4:0] > i. */
		a->fixed_mask = low_mask(r->edx & 0x1f) | (a->version >= 5 ? r->ecx : 0);
	}
	set_runs(a);
}

bool pmu_arch_event_available(const struct pmu_arch_info *a, unsigned i)
{
	return i < a->ebx_len && !((a->ebx_unavail >> i) & 1);
}

bool pmu_vendor_amd(const char *vendor)
{
	return !pmu_strcmp(vendor, "AuthenticAMD") || !pmu_strcmp(vendor, "HygonGenuine");
}

static void note(struct pmu_arch_info *a, enum pmu_note n)
{
	a->notes |= 1u << n;
}

/* Subleaf s of leaf 0x23 where subleaf 0 EAX lists it; false (r zeros) otherwise. */
static bool sub_23(const struct pmu_backend *b, unsigned cpu, const struct pmu_perfmon_ext *x,
		   enum pmu_leaf23_sub s, struct pmu_cpuid *r)
{
	pmu_memset(r, 0, sizeof(*r));
	return ((x->subleaves >> s) & 1) && !pmu_cpuid(b, cpu, LEAF_PERFMON_EXT, s, r);
}

/*
 * The subleaves past the counters: 2 auto counter reload (Linux "Add CPUID enumeration
 * for the auto counter reload"), 3 the architectural events, 4 and 5 architectural PEBS
 * (Linux d243d0bb64af "Initialize architectural PEBS").
 */
static void leaf_23_more(const struct pmu_backend *b, unsigned cpu, struct pmu_perfmon_ext *x)
{
	struct pmu_cpuid r;
	if (sub_23(b, cpu, x, LEAF23_SUB_ACR, &r)) {
		x->acr_gp = r.eax;
		x->acr_fixed = r.ebx;
		x->acr_cause_gp = r.ecx;
		x->acr_cause_fixed = r.edx;
	}
	if (sub_23(b, cpu, x, LEAF23_SUB_EVENTS, &r))
		x->arch_events = r.eax;
	if (sub_23(b, cpu, x, LEAF23_SUB_PEBS_CAPS, &r))
		x->pebs_caps = r.ebx;
	if (sub_23(b, cpu, x, LEAF23_SUB_PEBS_COUNTERS, &r)) {
		x->pebs_gp = r.eax;
		x->pdist_gp = r.ebx;
		x->pebs_fixed = r.ecx;
		x->pdist_fixed = r.edx;
	}
}

static void leaf_23(const struct pmu_backend *b, unsigned cpu, struct pmu_arch_info *a)
{
	struct pmu_perfmon_ext *x = &a->ext;
	struct pmu_cpuid r;
	if (pmu_cpuid(b, cpu, LEAF_PERFMON_EXT, 0, &r))
		return;
	x->read = true;
	x->subleaves = r.eax;
	x->sl0_ebx = r.ebx;
	x->sl0_ecx = r.ecx;
	a->umask2 = (r.ebx >> LEAF23_UMASK2_BIT) & 1;
	a->eq = (r.ebx >> LEAF23_EQ_BIT) & 1;
	x->rdpmc_user_disable = (r.ebx >> LEAF23_RDPMC_USER_DISABLE_BIT) & 1;
	leaf_23_more(b, cpu, x);
	if (!((r.eax >> LEAF23_SUB_COUNTERS) & 1)) {
		note(a, PMU_NOTE_LEAF_23_NO_COUNTERS);
		return;
	}
	if (pmu_cpuid(b, cpu, LEAF_PERFMON_EXT, LEAF23_SUB_COUNTERS, &r))
		return;
	a->gp_mask = r.eax;
	a->fixed_mask = r.ebx;
	a->from_leaf_23 = true;
	set_runs(a);
}

static void intel_counters(const struct pmu_backend *b, unsigned cpu, struct cpu_info *ci)
{
	struct pmu_arch_info *a = &ci->arch;
	struct pmu_cpuid r;
	if (ci->max_leaf >= LEAF_HYBRID && !pmu_cpuid(b, cpu, LEAF_HYBRID, 0, &r)) {
		a->core_type = (uint8_t)(r.eax >> 24);
		a->native_model = r.eax & 0xFFFFFFu;
	}
	if (ci->max_leaf >= LEAF_PERFMON_EXT)
		leaf_23(b, cpu, a);
	else if (a->version >= 5)
		note(a, PMU_NOTE_LEAF_23_ABOVE_MAX);
}

static void amd_counters(const struct pmu_backend *b, unsigned cpu, struct cpu_info *ci)
{
	struct pmu_arch_info *a = &ci->arch;
	struct pmu_cpuid r;
	unsigned n = AMD_LEGACY_COUNTERS;
	pmu_memset(a, 0, sizeof(*a));
	if (ci->max_leaf >= LEAF_ARCH_PERFMON)
		note(a, PMU_NOTE_AMD_LEAF_0A);
	if (ci->max_ext_leaf < LEAF_AMD_FEATURES) {
		note(a, PMU_NOTE_AMD_EXT_ABOVE_MAX);
	} else if (!pmu_cpuid(b, cpu, LEAF_AMD_FEATURES, 0, &r) &&
		   ((r.ecx >> AMD_PERFCTR_EXT_CORE_BIT) & 1)) {
		a->perfctr_ext_core = true;
		n = AMD_EXT_COUNTERS;
	}
	if (ci->max_ext_leaf >= LEAF_AMD_EXT_IDS && !pmu_cpuid(b, cpu, LEAF_AMD_EXT_IDS, 0, &r))
		a->irperf = (r.ebx >> AMD_IRPERF_BIT) & 1;
	if (ci->max_ext_leaf < LEAF_AMD_PERFMON) {
		note(a, PMU_NOTE_AMD_PERFMON_ABOVE_MAX);
	} else if (!pmu_cpuid(b, cpu, LEAF_AMD_PERFMON, 0, &r) &&
		   ((r.eax >> AMD_PERFMON_V2_BIT) & 1)) {
		a->perfmon_v2 = true;
		n = r.ebx & AMD_NUM_PERFCTR_CORE_MASK;
	}
	a->gp_mask = low_mask(n);
	a->gp_width = AMD_COUNTER_WIDTH;
	set_runs(a);
}

void pmu_discover_counters(const struct pmu_backend *b, unsigned cpu, struct cpu_info *ci)
{
	if (pmu_vendor_amd(ci->vendor))
		amd_counters(b, cpu, ci);
	else if (!pmu_strcmp(ci->vendor, "GenuineIntel"))
		intel_counters(b, cpu, ci);
}

unsigned pmu_version_of(const struct cpu_info *ci)
{
	if (!pmu_vendor_amd(ci->vendor))
		return ci->arch.version;
	return ci->arch.perfmon_v2 ? 2 : ci->arch.n_gp ? 1 : 0;
}

void pmu_note_put(struct strbuf *sb, const struct cpu_info *ci, enum pmu_note n)
{
	switch (n) {
	case PMU_NOTE_AMD_LEAF_0A:
		sb_puts(sb, "leaf 0xA ignored: Intel's architectural PMU leaf, which AMD does "
			    "not implement");
		return;
	case PMU_NOTE_LEAF_23_ABOVE_MAX:
		sb_puts(sb, "leaf 0x23 not read: max basic leaf ");
		sb_hex(sb, ci->max_leaf);
		sb_puts(sb, ", counters from leaf 0xA");
		return;
	case PMU_NOTE_LEAF_23_NO_COUNTERS:
		sb_puts(sb, "leaf 0x23 subleaf 1 not read: subleaf 0 EAX[1] is clear, "
			    "counters from leaf 0xA");
		return;
	case PMU_NOTE_AMD_EXT_ABOVE_MAX:
	case PMU_NOTE_AMD_PERFMON_ABOVE_MAX:
		sb_puts(sb, n == PMU_NOTE_AMD_EXT_ABOVE_MAX ? "leaf 0x80000001 not read: "
			    : "leaf 0x80000022 not read: ");
		sb_puts(sb, "max extended leaf ");
		sb_hex(sb, ci->max_ext_leaf);
		sb_puts(sb, n == PMU_NOTE_AMD_EXT_ABOVE_MAX ? ", 4 legacy counters"
			    : ", no PerfMonV2");
		return;
	default:
		sb_puts(sb, "?");
		return;
	}
}
