/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * CPUID of the built-in profiles. Where a real dump of the profile's processor
 * exists, the leaves are generated at build time from it (tools/gen_cpuid_tables.py, into
 * model_cpuid_gen.h): one logical CPU of its trimmed copy in data/cpuid/ (InstLatx64's dumps,
 * github.com/InstLatx64/InstLatx64, made with AIDA64/EVEREST on real machines; each file's
 * first line names its source), every leaf of it (the AMD ones: the leaves discovery and the
 * model read), and test_cpuid_dump checks them against the app's own dump reader. Alder
 * Lake's E-cores answer from another logical CPU of the same dump (cpuid_atom). The model then
 * answers per CPU and per MSR state (model_cpuid_answer):
 * - the x2APIC ID (model_apic_id: package, core and thread at the dump's shifts, widened
 *   where the model's CPUs need more bits) in leaf 1 EBX[31:24] (its low 8 bits), leaves 0BH
 *   and 1FH EDX with the shifts in EAX[4:0] (SDM vol. 2A, CPUID 0BH/1FH), and on AMD in
 *   Fn8000_001E EAX with ThreadsPerCore and the package as NodeId (one node a package), the
 *   package shift in Fn8000_0008 ECX[15:12] ApicIdSize (AMD APM vol. 3, CPUID Fn8000_001E,
 *   Fn8000_0008; the trimmed dumps leave Fn8000_001E out, so its fields are the manual's);
 * - leaves 0x80000002-4: the profile's brand string, which says the machine is
 *   simulated (the dump's own brand string is kept in the table);
 * - IA32_MISC_ENABLE[22] (Limit CPUID Maxval) set: leaf 0 reports max leaf 2
 *   (SDM vol. 4 table 2-2); the other leaves still answer as before, since the
 *   SDM says no more;
 * - a leaf above the highest basic or extended leaf returns the highest basic
 *   leaf (SDM vol. 2A, CPUID); a subleaf the dump does not list is an invalid
 *   one: zeros, except leaf 0BH's and 1FH's ECX[7:0] (the subleaf) and EDX (the x2APIC ID).
 * A leaf the dump tool printed as zeros (7-9 on Nehalem) is kept as zeros: that is
 * what the CPU returned. ECX[27] (OSXSAVE) of leaf 1 is as the dumping OS left CR4.
 */
#include "model/model_devs.h"
#include "util/fmt.h"

/* Every profile's table but no-pmu's, from data/cpuid/ (tools/gen_cpuid_tables.py) */
#include "model/model_cpuid_gen.h"

/*
 * No dump: the no-pmu profile is what QEMU TCG shows a guest (QEMU 7.2, as measured), with the
 * values the model had before the dumps: leaf 0xA all zeros, the hypervisor bit, MSR
 * instructions (leaf 1 EDX[5]).
 */
static const struct model_cpuid_leaf no_pmu[] = {
	LEAF(0x0, 0x0000000B, 0x756E6547, 0x6C65746E, 0x49656E69),
	LEAF(0x1, 0x000206D7, 0x00000000, 0x80000000, 0x00000020),
	LEAF(0xA, 0x00000000, 0x00000000, 0x00000000, 0x00000000),
	/*
	 * leaf 0BH as QEMU answers it for one CPU (target/i386/cpu.c, cpu_x86_cpuid): SMT and core
	 * levels of shift 0 and one logical processor each; the model widens them for its CPUs
	 * as QEMU does for its -smp topology
	 */
	SUB(0xB, 0, 0x00000000, 0x00000001, 0x00000100, 0x00000000),
	SUB(0xB, 1, 0x00000000, 0x00000001, 0x00000201, 0x00000000),
	LEAF(0x80000000, 0x80000004, 0x00000000, 0x00000000, 0x00000000),
};

const struct model_cpuid_table model_cpuid_no_pmu = TABLE(NULL, no_pmu);

const struct model_cpuid_leaf *model_cpuid_find(const struct model_cpuid_table *t, uint32_t leaf,
						uint32_t sub)
{
	for (unsigned i = 0; t && i < t->n; i++)
		if (t->leaf[i].leaf == leaf && (t->leaf[i].any_sub || t->leaf[i].sub == sub))
			return &t->leaf[i];
	return NULL;
}

static struct pmu_cpuid table_raw(const struct model_cpuid_table *t, uint32_t leaf, uint32_t sub)
{
	const struct model_cpuid_leaf *l = model_cpuid_find(t, leaf, sub);
	struct pmu_cpuid r = { 0, 0, 0, 0 };
	if (l)
		r = (struct pmu_cpuid){ l->eax, l->ebx, l->ecx, l->edx };
	return r;
}

struct pmu_cpuid model_cpuid_raw(const struct model_profile *p, uint32_t leaf, uint32_t sub)
{
	struct pmu_cpuid r = table_raw(p->cpuid, leaf, sub);
	if (leaf == 1 && p->signature)
		r.eax = p->signature;
	return r;
}

#define EXT_BASE 0x80000000u

uint32_t model_cpuid_leaf_answered(const struct model_cpuid_table *t, uint32_t leaf)
{
	uint32_t max_basic = table_raw(t, 0, 0).eax;
	uint32_t max_ext = table_raw(t, EXT_BASE, 0).eax;
	return (leaf < EXT_BASE ? leaf > max_basic : leaf > max_ext) ? max_basic : leaf;
}

struct pmu_cpuid model_cpuid_table_answer(const struct model_cpuid_table *t, uint32_t leaf,
					  uint32_t sub)
{
	return table_raw(t, model_cpuid_leaf_answered(t, leaf), sub);
}
#define MISC_ENABLE_LIMIT_CPUID (1ull << 22)   /* SDM vol. 4 table 2-2 */
#define LIMITED_MAX_LEAF 2

static void put_str(uint32_t *regs, unsigned nregs, const char *s)
{
	size_t n = pmu_strlen(s);
	for (unsigned i = 0; i < nregs * 4; i++) {
		uint32_t c = i < n ? (uint8_t)s[i] : 0;
		regs[i / 4] |= c << (8 * (i % 4));
	}
}

static void brand(const char *s, uint32_t leaf, struct pmu_cpuid *out)
{
	uint32_t r[12] = { 0 };
	put_str(r, 12, s);
	unsigned o = (leaf - (EXT_BASE + 2)) * 4;
	*out = (struct pmu_cpuid){ r[o], r[o + 1], r[o + 2], r[o + 3] };
}

bool model_cpuid_table_amd(const struct model_cpuid_table *t)
{
	struct pmu_cpuid r = table_raw(t, 0, 0);
	return r.ebx == 0x68747541u && r.edx == 0x69746E65u && r.ecx == 0x444D4163u;
}

/*
 * A level of leaf 0BH or 1FH, or AMD's Fn8000_0026 (the same layout: AMD APM vol. 3 (24594),
 * appendix E): the SMT level's shift and the top level's (the package's) are the model's, a
 * level between keeps the dump's within them; the x2APIC ID in EDX (SDM vol. 2A, CPUID
 * 0BH/1FH).
 */
static void topology_level(const struct model *m, unsigned cpu, const struct model_cpuid_table *t,
			   uint32_t leaf, uint32_t sub, struct pmu_cpuid *r)
{
	const struct model_cpuid_leaf *next = model_cpuid_find(t, leaf, sub + 1);
	unsigned type = r->ecx >> 8 & 0xFF, shift = r->eax & 0x1F;
	if (!model_cpuid_find(t, leaf, sub))
		r->ecx = sub & 0xFF;
	else if (type == 1)
		r->eax = (r->eax & ~0x1Fu) | m->smt_shift;
	else if (type && (!next || !(next->ecx >> 8 & 0xFF)))
		r->eax = (r->eax & ~0x1Fu) | m->pkg_shift;
	else if (type)
		r->eax = (r->eax & ~0x1Fu) | (shift < m->smt_shift ? m->smt_shift :
					      shift > m->pkg_shift ? m->pkg_shift : shift);
	r->edx = model_apic_id(m, cpu);
}

unsigned model_cpu_kind(const struct model *m, unsigned cpu)
{
	if (!m->p->cpuid_atom)
		return 0;
	if (m->p->cpuid_lpe)
		return cpu * MODEL_CORE_KINDS / m->ncpus;
	return cpu >= (m->ncpus + 1) / 2;
}

bool model_cpu_is_atom(const struct model *m, unsigned cpu)
{
	return model_cpu_kind(m, cpu) != 0;
}

unsigned model_lpe_first(unsigned ncpus)
{
	return (2 * ncpus + 2) / 3;
}

const struct model_cpuid_table *model_cpu_table(const struct model *m, unsigned cpu)
{
	const struct model_cpuid_table *t[MODEL_CORE_KINDS] = {
		m->p->cpuid, m->p->cpuid_atom, m->p->cpuid_lpe };
	if (m->p->cpuid_cpu)
		return &m->p->cpuid_cpu[cpu < m->p->cpuid_cpus ? cpu : 0];
	return t[model_cpu_kind(m, cpu)];
}

struct pmu_cpuid model_cpuid_answer(const struct model *m, unsigned cpu, uint32_t leaf,
				    uint32_t sub)
{
	const struct model_profile *p = m->p;
	const struct model_cpuid_table *t = model_cpu_table(m, cpu);
	/* a captured CPU's own answer (its APIC ids, brand, a hypervisor's leaves are in it) */
	if (p->cpuid_cpu && model_cpuid_find(t, leaf, sub))
		return table_raw(t, leaf, sub);
	leaf = model_cpuid_leaf_answered(t, leaf);
	struct pmu_cpuid r = table_raw(t, leaf, sub);
	if (p->cpuid_cpu)
		return r;
	switch (leaf) {
	case 0:
		if ((p->misc_enable & MISC_ENABLE_LIMIT_CPUID) && r.eax > LIMITED_MAX_LEAF)
			r.eax = LIMITED_MAX_LEAF;
		break;
	case 1:
		r.eax = p->signature ? p->signature : r.eax;   /* a part of another's dump */
		r.ebx = (r.ebx & 0x00FFFFFFu) | model_apic_id(m, cpu) << 24;
		r.eax = p->signature ? p->signature : r.eax;
		break;
	case 0x1A:
		if (p->one_core_type)
			r = (struct pmu_cpuid){ 0, 0, 0, 0 };
		break;
	case 0xB: case 0x1F:
		topology_level(m, cpu, t, leaf, sub, &r);
		break;
	case EXT_BASE + 8:
		if (model_cpuid_table_amd(t))
			r.ecx = (r.ecx & ~0xF000u) | (uint32_t)m->pkg_shift << 12;
		break;
	case EXT_BASE + 0x26:
		if (model_cpuid_table_amd(t))
			topology_level(m, cpu, t, leaf, sub, &r);
		break;
	case EXT_BASE + 0x1E:
		if (model_cpuid_table_amd(t))
			r = (struct pmu_cpuid){ model_apic_id(m, cpu),
						((1u << m->smt_shift) - 1) << 8 |
						(m->core_of[cpu] & 0xFF),
						m->pkg_of[cpu] & 0xFF, 0 };
		break;
	case EXT_BASE + 2: case EXT_BASE + 3: case EXT_BASE + 4:
		brand(p->brand, leaf, &r);
		break;
	default:
		break;
	}
	return r;
}
