/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "pmu/uncore_amd.h"

#define LEAF_CACHE_TOPO 0x8000001Du   /* subleaf 3: the L3 (APM vol. 3 appendix E) */
#define LEAF_PERFMON 0x80000022u
#define UMC_CTL0 0xC0010800u          /* the first UMC PerfCtl (Linux uncore.c, MSR_F19H_UMC_PERF_CTL) */
#define L3_SUBLEAF 3u
#define TOPOEXT_BIT 22                /* 0x80000001 ECX[22] TopologyExtensions: 0x8000001D exists */

void uncore_amd_discover(const struct pmu_backend *b, unsigned cpu, struct cpu_info *ci)
{
	struct uncore_amd_facts *f = &ci->amd_uncore;
	struct pmu_cpuid r;
	pmu_memset(f, 0, sizeof(*f));
	if (ci->uncore != UNCORE_AMD_17H && ci->uncore != UNCORE_AMD_19H)
		return;
	bool topoext = ci->max_ext_leaf >= 0x80000001u && !pmu_cpuid(b, cpu, 0x80000001u, 0, &r) &&
		       ((r.ecx >> TOPOEXT_BIT) & 1);
	if (topoext && ci->max_ext_leaf >= LEAF_CACHE_TOPO &&
	    !pmu_cpuid(b, cpu, LEAF_CACHE_TOPO, L3_SUBLEAF, &r) && ((r.eax >> 5) & 7) == 3)
		f->l3_sharing = (uint16_t)(((r.eax >> 14) & 0xFFF) + 1);
	f->perfmon_v2 = ci->arch.perfmon_v2;
	if (f->perfmon_v2 && !pmu_cpuid(b, cpu, LEAF_PERFMON, 0, &r)) {
		f->df_pmcs = (uint8_t)((r.ebx >> 10) & 0x3F);
		f->umc_pmcs = (uint8_t)((r.ebx >> 16) & 0x3F);
		f->umc_mask = r.ecx;
		f->leaf_eax = r.eax;
		f->leaf_ebx = r.ebx;
	}
}

/* "CPUID 0x80000022 claims N UMC counters (EBX[21:16]) for M active UMCs (ECX 0x..)" */
static void claims(struct strbuf *sb, const struct uncore_amd_facts *f, unsigned active)
{
	sb_puts(sb, "CPUID 0x80000022 claims ");
	sb_dec(sb, f->umc_pmcs);
	sb_puts(sb, " UMC counters (EBX[21:16]) for ");
	sb_dec(sb, active);
	sb_puts(sb, " active UMCs (ECX ");
	sb_hex(sb, f->umc_mask);
	sb_puts(sb, ")");
}

bool uncore_amd_unclaimed(const struct pmu_backend *b, unsigned cpu,
			  const struct uncore_amd_facts *f, struct strbuf *sb)
{
	uint32_t past = UMC_CTL0 + 2u * f->umc_pmcs;
	uint64_t v;
	if (!f->perfmon_v2 || !f->umc_mask || pmu_rdmsr(b, cpu, past, &v))
		return false;
	claims(sb, f, pmu_popcount(f->umc_mask));
	sb_puts(sb, ", but MSR ");
	sb_hex(sb, past);
	sb_puts(sb, " past them answers: only the claimed are counted");
	return true;
}

bool uncore_amd_shape(const struct uncore_amd_facts *f, struct strbuf *sb)
{
	unsigned active = pmu_popcount(f->umc_mask);
	unsigned per = active ? f->umc_pmcs / active : 0;
	if (!f->perfmon_v2 || (!f->umc_pmcs && !active) || (per && per * active == f->umc_pmcs))
		return false;
	claims(sb, f, active);
	if (!active || !per) {
		sb_puts(sb, !active ? ": no UMC to give them to" : !f->umc_pmcs ?
			": no counter for them" : ": fewer than one each");
		sb_puts(sb, "; no UMC counted");
		return true;
	}
	/* Bergamo's 32 for 12 (data/cpuid/amd-19-a0-bergamo.txt); Linux takes 2 each as well */
	sb_puts(sb, ": not a whole number each; ");
	sb_dec(sb, per);
	sb_puts(sb, " each taken, the last ");
	sb_dec(sb, f->umc_pmcs - per * active);
	sb_puts(sb, " left alone");
	return true;
}

uint32_t uncore_boxes_make(const struct cpu_info *ci, struct box_set *s,
			   const struct box_alloc *mem)
{
	if (ci->uncore == UNCORE_AMD_17H || ci->uncore == UNCORE_AMD_19H)
		return uncore_amd_setup(ci->uncore, &ci->amd_uncore, s, mem);
	(void)box_set_family(s, ci->uncore, mem);
	return 0;
}

uint32_t uncore_ccx_of(const struct cpu_info *ci)
{
	unsigned bits = 0;
	while (ci->amd_uncore.l3_sharing && (1u << bits) < ci->amd_uncore.l3_sharing)
		bits++;
	return ci->amd_uncore.l3_sharing ? (uint32_t)(ci->apic_id >> bits) : 0;
}

void uncore_amd_why_absent(const struct cpu_info *ci, const char *name, size_t len,
			   struct strbuf *sb)
{
	const struct uncore_amd_facts *f = &ci->amd_uncore;
	unsigned idx = 0, k = 8;
	if (len <= k || pmu_strncmp(name, "amd_umc_", k) ||
	    (ci->uncore != UNCORE_AMD_17H && ci->uncore != UNCORE_AMD_19H))
		return;
	for (; k < len && name[k] >= '0' && name[k] <= '9' && idx < 1000; k++)
		idx = idx * 10 + (unsigned)(name[k] - '0');
	if (k < len)
		return;
	if (!f->perfmon_v2) {
		sb_puts(sb, ": memory controller counters need PerfMonV2 (CPUID 0x80000022 EAX[0])");
		return;
	}
	sb_puts(sb, idx < 32 && ((f->umc_mask >> idx) & 1) ?
		": efipmu makes no box for it (CPUID 0x80000022 ECX, active UMCs: " :
		": not an active memory controller (CPUID 0x80000022 ECX, active UMCs: ");
	sb_hex(sb, f->umc_mask);
	sb_putc(sb, ')');
}
