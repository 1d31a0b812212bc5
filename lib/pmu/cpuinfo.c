/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "pmu/cpuinfo.h"
#include "util/fmt.h"
#include "hw/msr.h"
#include "hw/disc_platforms.h"
#include "hw/uncore_families.h"
#include "pmu/uncore_amd.h"

/* Does the row list model (0 ends its list)? */
static bool lists(const uint8_t *models, uint32_t model)
{
	for (; models && *models; models++)
		if (*models == model)
			return true;
	return false;
}

/* The display family and model of CPUID.1:EAX (Intel SDM Vol. 2A, CPUID, figure 3-6). */
static void pmu_family_model(uint32_t eax, uint32_t *family, uint32_t *model)
{
	uint32_t base_fam = (eax >> 8) & 0xf, base_model = (eax >> 4) & 0xf;
	*family = base_fam == 0xf ? base_fam + ((eax >> 20) & 0xff) : base_fam;
	*model = (base_fam == 6 || base_fam == 0xf) ? (((eax >> 16) & 0xf) << 4) + base_model :
						      base_model;
}

enum uncore_family uncore_family_for(const char *vendor, uint32_t family, uint32_t model)
{
	unsigned n;
	const struct uncore_family_desc *rows = uncore_family_rows(&n);
	enum uncore_family best = UNCORE_NONE;
	uint8_t from = 0;
	if (pmu_vendor_amd(vendor)) {
		for (unsigned i = 0; i < n; i++)
			if (rows[i].amd_from && rows[i].amd_from <= family && rows[i].amd_from > from) {
				from = rows[i].amd_from;
				best = rows[i].fam;
			}
		return best;
	}
	if (pmu_strcmp(vendor, "GenuineIntel"))
		return UNCORE_NONE;
	if (family != 6)   /* Nova Lake (18), Diamond Rapids (19): their tables' rows */
		return disc_platform_listed(family, model) ? UNCORE_DISC : UNCORE_NONE;
	for (unsigned i = 0; i < n; i++)
		if (lists(rows[i].intel_models, model))
			return rows[i].fam;
	return UNCORE_NONE;
}

const char *pmu_core_type_name(uint8_t t)
{
	return t == CORE_TYPE_CORE ? "core" : t == CORE_TYPE_ATOM ? "atom" : t ? "other" : NULL;
}

const char *pmu_amd_core_type_name(uint8_t t)
{
	return t == 1 ? "performance" : t == 2 ? "efficiency" : NULL;
}

const char *uncore_family_name(enum uncore_family u)
{
	return uncore_family_desc(u)->name;
}

static void put_regs(char *dst, const uint32_t *regs, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		for (unsigned j = 0; j < 4; j++)
			dst[i * 4 + j] = (char)((regs[i] >> (8 * j)) & 0xff);
}

static void read_brand(const struct pmu_backend *b, unsigned cpu, struct cpu_info *ci)
{
	struct pmu_cpuid r;
	ci->brand[0] = '\0';
	if (ci->max_ext_leaf < 0x80000004u)
		return;
	for (uint32_t leaf = 0; leaf < 3; leaf++) {
		if (pmu_cpuid(b, cpu, 0x80000002u + leaf, 0, &r))
			return;
		uint32_t regs[4] = { r.eax, r.ebx, r.ecx, r.edx };
		put_regs(ci->brand + 16 * leaf, regs, 4);
	}
	ci->brand[48] = '\0';
	/* Brand strings are right-justified on some parts: drop leading blanks. */
	unsigned s = 0;
	while (ci->brand[s] == ' ')
		s++;
	if (s)
		pmu_memcpy(ci->brand, ci->brand + s, 49 - s);
}

const struct core_pmu_desc *pmu_core_desc(const struct cpu_info *ci)
{
	if (!pmu_vendor_amd(ci->vendor) && ci->arch.version >= 6)
		return &core_pmu_intel_v6;
	if (!pmu_vendor_amd(ci->vendor) && ci->arch.version >= 5 && (ci->arch.umask2 || ci->arch.eq))
		return &core_pmu_intel_ext;
	if (!pmu_vendor_amd(ci->vendor))
		return ci->arch.version >= 2 ? &core_pmu_intel : &core_pmu_intel_v1;
	if (ci->arch.perfmon_v2)
		return &core_pmu_amd_v2;
	return ci->arch.perfctr_ext_core ? &core_pmu_amd_ext : &core_pmu_amd_legacy;
}

#define AMD_SEL_EN (1ull << 22)
#define AMD_PROBE_PATTERN 0x5A5A5Aull
#define AMD_CTR_MASK ((1ull << 48) - 1)

/*
 * AMD has no CPUID leaf that says the counters work (no leaf 0xA): the first control
 * is read. Under a hypervisor, which may expose none (QEMU TCG reads every MSR as 0
 * and drops writes (QEMU 7.2, as measured)), a counter not counting (EN clear) is also written
 * and read back, then put back as found: nothing else tells counters from a stub.
 * IRPERF and HWCR are read where CPUID lists IRPERF. No Intel MSR is touched.
 */
static void amd_probe(const struct pmu_backend *b, unsigned cpu, struct cpu_info *ci)
{
	const struct core_pmu_desc *d = pmu_core_desc(ci);
	uint64_t ctl = 0, found = 0, back = 0;
	ci->amd_probe_msr = core_sel_msr(d, 0);
	ci->amd_probe_st = pmu_rdmsr(b, cpu, ci->amd_probe_msr, &ctl);
	if (!ci->amd_probe_st && ci->hypervisor && !(ctl & AMD_SEL_EN)) {
		uint32_t msr = core_ctr_msr(d, 0);
		uint64_t probe;
		ci->amd_probe_msr = msr;
		ci->amd_probe_st = pmu_rdmsr(b, cpu, msr, &found);
		probe = (found ^ AMD_PROBE_PATTERN) & AMD_CTR_MASK;
		if (!ci->amd_probe_st && !(ci->amd_probe_st = pmu_wrmsr(b, cpu, msr, probe))) {
			ci->amd_probe_st = pmu_rdmsr(b, cpu, msr, &back);
			(void)pmu_wrmsr(b, cpu, msr, found);
			if (!ci->amd_probe_st && back != probe)
				ci->amd_probe_st = PMU_ERR_NOT_HELD;
		}
	}
	ci->hwcr_st = ci->irperf_st = PMU_ERR_UNSUPPORTED;
	if (!ci->arch.irperf)
		return;
	ci->hwcr_st = pmu_rdmsr(b, cpu, MSR_AMD_HWCR, &ci->hwcr);
	ci->irperf_st = pmu_rdmsr(b, cpu, MSR_AMD_IRPERF, &ci->irperf);
}

pmu_status pmu_discover(const struct pmu_backend *b, unsigned cpu, struct cpu_info *ci)
{
	struct pmu_cpuid r;
	pmu_status st = pmu_cpuid(b, cpu, 0, 0, &r);
	if (st)
		return st;
	ci->max_leaf = r.eax;
	uint32_t v[3] = { r.ebx, r.edx, r.ecx };
	put_regs(ci->vendor, v, 3);
	ci->vendor[12] = '\0';

	if (ci->max_leaf >= 1 && !(st = pmu_cpuid(b, cpu, 1, 0, &r))) {
		ci->signature = r.eax;
		ci->stepping = r.eax & 0xf;
		pmu_family_model(r.eax, &ci->family, &ci->model);
		ci->pdcm = (r.ecx >> CPUID1_ECX_PDCM_BIT) & 1;
		ci->hypervisor = (r.ecx >> CPUID1_ECX_HYPERVISOR_BIT) & 1;
	} else if (st) {
		return st;
	}
	/* Past every extended leaf this reads a basic leaf's data: below 0x80000000, none. */
	ci->max_ext_leaf = pmu_cpuid(b, cpu, 0x80000000u, 0, &r) ? 0 : r.eax;
	read_brand(b, cpu, ci);
	topo_cpuid_decode(b, cpu, pmu_vendor_amd(ci->vendor), ci->max_leaf, ci->max_ext_leaf,
			  &ci->topo);

	pmu_memset(&ci->arch, 0, sizeof(ci->arch));
	if (!pmu_vendor_amd(ci->vendor) && ci->max_leaf >= 0xA &&
	    pmu_cpuid(b, cpu, 0xA, 0, &r) == PMU_OK)
		pmu_decode_cpuid_0a(&r, &ci->arch);
	pmu_discover_counters(b, cpu, ci);

	bool intel_p6 = !pmu_strcmp(ci->vendor, "GenuineIntel") && ci->family >= 6;
	ci->microcode_st = PMU_ERR_UNSUPPORTED;
	ci->misc_enable_st = PMU_ERR_UNSUPPORTED;
	ci->perf_cap_st = PMU_ERR_UNSUPPORTED;
	ci->perf_cap_valid = false;
	if (intel_p6) {
		/* SDM: write 0 to IA32_BIOS_SIGN_ID, CPUID(1) loads the revision into 63:32. */
		uint64_t sig = 0;
		ci->microcode_st = pmu_wrmsr(b, cpu, MSR_IA32_BIOS_SIGN_ID, 0);
		if (!ci->microcode_st) {
			pmu_cpuid(b, cpu, 1, 0, &r);
			ci->microcode_st = pmu_rdmsr(b, cpu, MSR_IA32_BIOS_SIGN_ID, &sig);
		}
		ci->microcode = (uint32_t)(sig >> 32);
		ci->misc_enable_st = pmu_rdmsr(b, cpu, MSR_IA32_MISC_ENABLE, &ci->misc_enable);
	}
	ci->cpuid_limited = ci->misc_enable_st == PMU_OK &&
			    ((ci->misc_enable >> MISC_ENABLE_LIMIT_CPUID_BIT) & 1);
	if (ci->pdcm) {
		ci->perf_cap_st = pmu_rdmsr(b, cpu, MSR_IA32_PERF_CAPABILITIES, &ci->perf_cap);
		ci->perf_cap_valid = ci->perf_cap_st == PMU_OK;
	}
	ci->uncore = uncore_family_for(ci->vendor, ci->family, ci->model);
	uncore_amd_discover(b, cpu, ci);
	ci->amd_probe_st = PMU_ERR_UNSUPPORTED;
	if (pmu_vendor_amd(ci->vendor))
		amd_probe(b, cpu, ci);
	return PMU_OK;
}

bool pmu_core_present(const struct cpu_info *ci)
{
	if (pmu_vendor_amd(ci->vendor))
		return ci->arch.n_gp > 0 && ci->amd_probe_st == PMU_OK;
	return ci->arch.version >= 1 && ci->arch.n_gp > 0 && ci->misc_enable_st == PMU_OK &&
	       ((ci->misc_enable >> MISC_ENABLE_PERFMON_BIT) & 1);
}

const char *pmu_core_verdict(const struct cpu_info *ci)
{
	if (pmu_vendor_amd(ci->vendor) && ci->amd_probe_st == PMU_ERR_NOT_HELD)
		return "AMD core PMU: a counter does not hold what is written (a hypervisor "
		       "without a virtual PMU)";
	if (pmu_vendor_amd(ci->vendor) && ci->amd_probe_st)
		return "AMD core PMU: its first counter's registers raised #GP";
	if (pmu_vendor_amd(ci->vendor))
		return ci->arch.perfmon_v2 ? "AMD core PMU present (PerfMonV2)"
					   : "AMD core PMU present";
	if (ci->max_leaf < 0xA && ci->cpuid_limited)
		return "Limit CPUID Maxval (IA32_MISC_ENABLE[22]) hides CPUID leaf 0xA";
	if (ci->max_leaf < 0xA)
		return "no architectural PMU: CPUID leaf 0xA not implemented";
	if (ci->arch.version == 0)
		return "no architectural PMU: CPUID.0AH reports version 0";
	if (ci->arch.n_gp == 0)
		return "no architectural PMU: CPUID.0AH reports no general-purpose counters";
	if (ci->misc_enable_st != PMU_OK)
		return "PMU state unknown: IA32_MISC_ENABLE could not be read";
	if (!((ci->misc_enable >> MISC_ENABLE_PERFMON_BIT) & 1))
		return "PMU disabled: IA32_MISC_ENABLE[7] (perfmon available) is 0";
	return "architectural PMU present";
}
