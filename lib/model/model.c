/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "model/model_devs.h"
#include "model/model_noise.h"
#include "model/sim_workload.h"
#include "util/fmt.h"

/* The device that answers msr; NULL (#GP) where the CPU has no such MSR. */
static const struct model_dev *dev_for(const struct model *m, uint32_t msr)
{
	const struct model_msr_range *r = model_msr_range_of(m->p, msr);
	if (m->p->msrs && !r)
		return NULL;
	for (unsigned i = 0; i < m->p->ndevs; i++)
		if (m->p->devs[i]->claims(m, msr))
			return m->p->devs[i];
	return r && r->plain ? &model_dev_plain : NULL;
}

/* struct model's per-CPU arrays, each of ncpus elements, in the order they follow it. */
#define MODEL_CPU_ARRAYS(X)                                                                      \
	X(thread) X(core) X(ccx) X(die) X(log) X(cpu_noise) X(replayed) X(ucode_latch) X(pkg_of) \
	X(core_of) X(smt_of) X(die_of) X(core_lead) X(ccx_lead) X(die_lead) X(log_len)           \
	X(log_overflow) X(core_busy) X(ccx_busy) X(die_busy)
/* One array's bytes, rounded up so that the next one stays 8-byte aligned. */
#define ARRAY_BYTES(f, n) (((size_t)(n) * sizeof(*((struct model *)0)->f) + 7) & ~(size_t)7)

size_t model_bytes(unsigned ncpus)
{
	size_t b = sizeof(struct model);
#define ADD_BYTES(f) b += ARRAY_BYTES(f, ncpus);
	MODEL_CPU_ARRAYS(ADD_BYTES)
	return b + model_srat_bytes(ncpus);
}

/* Threads sharing the L3 as the profile's CPUID gives them, as a shift of the APIC id. */
static unsigned l3_shift(const struct model_profile *p)
{
	struct pmu_cpuid r = model_cpuid_table_answer(p->cpuid, 0x8000001Du, 3);
	unsigned n = ((r.eax >> 14) & 0xFFF) + 1, bits = 0;
	while ((1u << bits) < n)
		bits++;
	return bits;
}

static bool same_core(const struct model *m, unsigned a, unsigned b)
{
	return m->pkg_of[a] == m->pkg_of[b] && m->core_of[a] == m->core_of[b];
}

static bool same_die(const struct model *m, unsigned a, unsigned b)
{
	return m->pkg_of[a] == m->pkg_of[b] && m->die_of[a] == m->die_of[b];
}

/*
 * The CCX: the APIC ID's bits above l3_shift within the package. A core's threads share its
 * caches, so the core's bits decide: (core << smt_shift) >> l3_shift.
 */
static bool same_ccx(const struct model *m, unsigned a, unsigned b)
{
	return m->pkg_of[a] == m->pkg_of[b] &&
	       (m->core_of[a] << m->smt_shift) >> m->l3_shift ==
	       (m->core_of[b] << m->smt_shift) >> m->l3_shift;
}

static uint8_t id_bits(unsigned n)
{
	uint8_t bits = 0;
	while ((1u << bits) < n)
		bits++;
	return bits;
}

/*
 * The APIC ID layout the profile's CPUID states: the SMT level's shift and the top level's
 * (the package's) of leaf 0BH (Intel SDM vol. 2A, CPUID leaf 0BH, EAX[4:0] of each subleaf up
 * to level type 0); on AMD the package's from Fn8000_0008 ECX[15:12] ApicIdSize, or from NC
 * (ECX[7:0] + 1) when it is 0 (AMD APM vol. 3, CPUID Fn8000_0008). The AMD dumps list leaf
 * 0BH (APM vol. 3, Fn0000_000B) for the SMT shift; their trimmed copies leave out Fn8000_001E.
 */
static void dump_shifts(const struct model_profile *p, uint8_t *smt, uint8_t *pkg)
{
	const struct model_cpuid_leaf *l;
	*smt = *pkg = 0;
	for (uint32_t sub = 0; (l = model_cpuid_find(p->cpuid, 0xB, sub)) && (l->ecx >> 8 & 0xFF);
	     sub++) {
		if (!sub)
			*smt = l->eax & 0x1F;
		*pkg = l->eax & 0x1F;
	}
	if (model_cpuid_table_amd(p->cpuid)) {
		struct pmu_cpuid r = model_cpuid_table_answer(p->cpuid, 0x80000008u, 0);
		*pkg = (r.ecx >> 12 & 0xF) ? (r.ecx >> 12 & 0xF) : id_bits((r.ecx & 0xFF) + 1);
	}
}

/* The thread numbers of the CPUs of core `core` of package pkg, in CPU order. */
static void number_threads(struct model *m, unsigned pkg, unsigned core)
{
	unsigned n = 0;
	for (unsigned j = 0; j < m->ncpus; j++)
		if (m->pkg_of[j] == pkg && m->core_of[j] == core)
			m->smt_of[j] = n++;
}

/*
 * The layout: the dump's shifts, widened where the placed CPUs need more bits (more threads
 * a core, or more cores a package, than the dumped part has: a 192-core Turin shape on
 * Genoa's 64 IDs a package). A wider SMT field moves every CCX: their leads are worked out again.
 */
static void relayout(struct model *m)
{
	unsigned threads = 1, cores = 1;
	for (unsigned j = 0; j < m->ncpus; j++) {
		threads = m->smt_of[j] + 1 > threads ? m->smt_of[j] + 1 : threads;
		cores = m->core_of[j] + 1 > cores ? m->core_of[j] + 1 : cores;
	}
	/*
	 * The uncore from the shape: one CHA a core where the profile counts CHAs (Skylake-SP on,
	 * a CHA a core: Linux skx_count_chabox), up to the part's most cores; a Sapphire or
	 * Emerald Rapids of more cores a package than an MCC die's 32 is an XCC part, of 4 UPI
	 * links (Xeon Platinum 8490H, Intel ARK), else the model's 3.
	 */
	if (m->p->chas) {
		unsigned most = m->p->max_cores && cores > m->p->max_cores ? m->p->max_cores : cores;
		m->chas = (uint8_t)(most > m->p->chas ? most : m->p->chas);
	}
	m->upis = cores > 32 ? 4 : 3;
	uint8_t smt = id_bits(threads) > m->dump_smt ? id_bits(threads) : m->dump_smt;
	uint8_t pkg = smt + id_bits(cores);
	m->pkg_shift = pkg > m->dump_pkg ? pkg : m->dump_pkg;
	if (smt == m->smt_shift)
		return;
	m->smt_shift = smt;
	for (unsigned i = 0; i < m->ncpus; i++) {
		unsigned j = 0;
		while (j < i && !same_ccx(m, j, i))
			j++;
		m->ccx_lead[i] = j < i ? m->ccx_lead[j] : i;
	}
}

uint32_t model_apic_id(const struct model *m, unsigned cpu)
{
	return m->pkg_of[cpu] << m->pkg_shift | m->core_of[cpu] << m->smt_shift | m->smt_of[cpu];
}

/*
 * After cpu moved to another core or package: the lowest CPU of the group it left (for the
 * others of it) and of the one it joined, in one pass each over the CPUs, not one per access.
 */
static void regroup(struct model *m, unsigned *lead, bool (*same)(const struct model *, unsigned,
								   unsigned), unsigned cpu)
{
	unsigned was = lead[cpu], left = m->ncpus, joined = cpu;
	for (unsigned j = 0; j < m->ncpus; j++) {
		if (j != cpu && lead[j] == was && left == m->ncpus)
			left = j;
		if (j < joined && same(m, j, cpu))
			joined = j;
	}
	for (unsigned j = 0; j < m->ncpus; j++) {
		if (j != cpu && lead[j] == was)
			lead[j] = left;
		if (same(m, j, cpu))
			lead[j] = joined;
	}
}

pmu_status model_init(struct model *m, size_t bytes, const struct model_profile *p,
		      unsigned ncpus, unsigned npkgs)
{
	if (!p || !ncpus || ncpus > MODEL_MAX_CPUS || !npkgs || npkgs > MODEL_MAX_PKGS ||
	    npkgs > ncpus || ncpus % npkgs)
		return PMU_ERR_INVALID;
	if (bytes < model_bytes(ncpus))
		return PMU_ERR_NOSPACE;
	pmu_memset(m, 0, model_bytes(ncpus));
	uint8_t *at = (uint8_t *)m->mem;
#define TAKE(f) m->f = (void *)at; at += ARRAY_BYTES(f, ncpus);
	MODEL_CPU_ARRAYS(TAKE)
	m->srat = at;
	m->p = p;
	/* each kind of core's leaves, a kind the profile lacks those of the kind before it */
	const struct model_cpuid_table *kinds[MODEL_CORE_KINDS] = { p->cpuid, p->cpuid_atom,
								    p->cpuid_lpe };
	const struct model_cpuid_table *t = p->cpuid;
	for (unsigned k = 0; k < MODEL_CORE_KINDS; k++) {
		if (kinds[k])
			t = kinds[k];
		m->leaf_0a[k] = model_cpuid_table_answer(t, 0xA, 0);
		for (uint32_t sub = 0; sub < 2; sub++)
			if (model_cpuid_leaf_answered(t, 0x23) == 0x23)
				m->leaf_23[k][sub] = model_cpuid_table_answer(t, 0x23, sub);
	}
	model_core_geom_init(m);
	model_core_amd_init(m);
	m->ncpus = ncpus;
	m->npkgs = npkgs;
	m->dies = 1;
	m->chas = p->chas;
	m->l3_shift = l3_shift(p);
	dump_shifts(p, &m->dump_smt, &m->dump_pkg);
	m->smt_shift = m->dump_smt;
	for (unsigned i = 0; i < ncpus; i++) {
		m->pkg_of[i] = i / (ncpus / npkgs);
		m->core_of[i] = i % (ncpus / npkgs);
		m->core_lead[i] = i;
		/* CPUs of a CCX are consecutive here: each the first of its CCX, or with the one before */
		m->ccx_lead[i] = i && same_ccx(m, i - 1, i) ? m->ccx_lead[i - 1] : i;
		m->die_lead[i] = i && same_die(m, i - 1, i) ? m->die_lead[i - 1] : i;
	}
	relayout(m);
	model_set_noise(m, MODEL_NOISE_ALL, &p->noise);
	model_set_firmware(m, p->firmware);
	model_cxl_init(m, false);
	return PMU_OK;
}

/* cpu moved to package pkg, core `core`: its groups, the threads of both cores, the layout. */
static void moved(struct model *m, unsigned cpu, unsigned pkg, unsigned core)
{
	unsigned was_pkg = m->pkg_of[cpu], was_core = m->core_of[cpu];
	m->pkg_of[cpu] = pkg;
	m->core_of[cpu] = core;
	regroup(m, m->core_lead, same_core, cpu);
	regroup(m, m->ccx_lead, same_ccx, cpu);
	regroup(m, m->die_lead, same_die, cpu);
	number_threads(m, was_pkg, was_core);
	number_threads(m, pkg, core);
	relayout(m);
}

pmu_status model_place_core(struct model *m, unsigned cpu, unsigned core)
{
	if (cpu >= m->ncpus)
		return PMU_ERR_RANGE;
	moved(m, cpu, m->pkg_of[cpu], core);
	return PMU_OK;
}

pmu_status model_place_die(struct model *m, unsigned cpu, unsigned die)
{
	if (cpu >= m->ncpus || die >= MODEL_MAX_DIES)
		return PMU_ERR_RANGE;
	m->die_of[cpu] = die;
	m->dies_placed = true;
	regroup(m, m->die_lead, same_die, cpu);
	if (die >= m->dies) {
		m->dies = die + 1;
		/* the new die's portal table and global control: the device answers m->dies */
		if (m->p->pci && m->p->pci->power_on)
			m->p->pci->power_on(m);
	}
	return PMU_OK;
}

const struct model_disc_image *model_portal_image(const struct model *m, unsigned pkg, unsigned die)
{
	for (unsigned i = 0; m->p->disc_portal && i < m->p->disc_portals; i++) {
		const struct model_disc_image *t = &m->p->disc_portal[i];
		if (t->len && t->pkg == pkg && t->die == die)
			return t;
	}
	return NULL;
}

pmu_status model_place_cpu(struct model *m, unsigned cpu, unsigned pkg)
{
	if (cpu >= m->ncpus || pkg >= MODEL_MAX_PKGS)
		return PMU_ERR_RANGE;
	if (pkg >= m->npkgs)
		m->npkgs = pkg + 1;
	moved(m, cpu, pkg, m->core_of[cpu]);
	return PMU_OK;
}

unsigned model_ccx_slot(const struct model *m, unsigned cpu)
{
	return m->ccx_lead[cpu];
}

/* The lock of a shared (core, CCX or package) file; NULL for a thread's own file. */
static uint8_t *file_lock(struct model *m, const struct model_dev *d, unsigned cpu)
{
	if (d->package_scope)
		return &m->pkg_busy[m->pkg_of[cpu]];
	if (d->ccx_scope)
		return &m->ccx_busy[model_ccx_slot(m, cpu)];
	if (d->die_scope)
		return &m->die_busy[m->die_lead[cpu]];
	return d->core_scope ? &m->core_busy[m->core_lead[cpu]] : NULL;
}

/* The file a device of cpu works on. */
static struct model_regfile *file_of(struct model *m, const struct model_dev *d, unsigned cpu)
{
	if (d->package_scope)
		return &m->pkg[m->pkg_of[cpu]];
	if (d->ccx_scope)
		return &m->ccx[model_ccx_slot(m, cpu)];
	if (d->die_scope)
		return &m->die[m->die_lead[cpu]];
	return d->core_scope ? &m->core[m->core_lead[cpu]] : &m->thread[cpu];
}

/* The register file a device of cpu works on; a shared file is held by one CPU at a time. */
struct model_regfile *model_file_take(struct model *m, const struct model_dev *d, unsigned cpu)
{
	uint8_t *busy = file_lock(m, d, cpu);
	while (busy && __atomic_test_and_set(busy, __ATOMIC_ACQUIRE))
		__asm__ volatile("pause" ::: "memory");
	return file_of(m, d, cpu);
}

void model_file_give(struct model *m, const struct model_dev *d, unsigned cpu)
{
	uint8_t *busy = file_lock(m, d, cpu);
	if (busy)
		__atomic_clear(busy, __ATOMIC_RELEASE);
}

pmu_status model_inject_fault(struct model *m, uint32_t msr, int cpu)
{
	if (m->nfaults >= MODEL_MAX_FAULTS)
		return PMU_ERR_NOSPACE;
	m->fault_msr[m->nfaults] = msr;
	m->fault_cpu[m->nfaults] = cpu;
	m->nfaults++;
	return PMU_OK;
}

static bool injected(const struct model *m, unsigned cpu, uint32_t msr)
{
	for (unsigned i = 0; i < m->nfaults; i++)
		if (m->fault_msr[i] == msr && (m->fault_cpu[i] < 0 || (unsigned)m->fault_cpu[i] == cpu))
			return true;
	return false;
}

void model_log_access(struct model *m, unsigned cpu, enum model_op op, uint32_t msr,
		      uint64_t val, pmu_status st)
{
	if (m->log_len[cpu] >= MODEL_LOG_PER_CPU) {
		m->log_overflow[cpu] = true;
		return;
	}
	struct model_access *a = &m->log[cpu][m->log_len[cpu]++];
	a->op = (uint8_t)op;
	a->st = (uint8_t)st;
	a->msr = msr;
	a->val = val;
}

uint64_t model_peek(const struct model_regfile *rf, uint32_t msr)
{
	for (unsigned i = 0; i < rf->n; i++)
		if (rf->msr[i] == msr)
			return rf->val[i];
	return 0;
}

pmu_status model_poke(struct model_regfile *rf, uint32_t msr, uint64_t val)
{
	for (unsigned i = 0; i < rf->n; i++) {
		if (rf->msr[i] == msr) {
			rf->val[i] = val;
			return PMU_OK;
		}
	}
	if (rf->n >= MODEL_FILE_REGS)
		return PMU_ERR_NOSPACE;
	rf->msr[rf->n] = msr;
	rf->val[rf->n] = val;
	rf->n++;
	return PMU_OK;
}

struct model_regfile *model_file_for(struct model *m, unsigned cpu, uint32_t msr)
{
	const struct model_dev *d = dev_for(m, msr);
	return d ? file_of(m, d, cpu) : &m->thread[cpu];
}

/* Pokes cannot fail here: an image holds a few registers, a file has room for MODEL_FILE_REGS. */
static void fw_poke(struct model_regfile *files, unsigned n, const struct model_fw_reg *r)
{
	for (unsigned i = 0; i < n; i++)
		(void)model_poke(&files[i], r->msr, r->val);
}

/* The box firmware left frozen or counting (model.box_left), on package 0's file. */
static const struct model_fw_reg *box_left(const struct model *m)
{
	const struct model_fw_reg *r = m->box_left == MODEL_BOX_FROZEN ? &m->p->fw_frozen :
				       m->box_left == MODEL_BOX_COUNTING ? &m->p->fw_counting : NULL;
	return r && r->msr ? r : NULL;
}

void model_set_firmware(struct model *m, enum model_firmware fw)
{
	pmu_memset(m->thread, 0, m->ncpus * sizeof(*m->thread));
	pmu_memset(m->core, 0, m->ncpus * sizeof(*m->core));
	pmu_memset(m->pkg, 0, sizeof(m->pkg));
	pmu_memset(m->ccx, 0, m->ncpus * sizeof(*m->ccx));
	pmu_memset(m->die, 0, m->ncpus * sizeof(*m->die));
	m->firmware = fw;
	if (m->p->pci && m->p->pci->power_on)
		m->p->pci->power_on(m);
	for (const struct model_fw_reg *r = m->p->fw_running; fw == MODEL_FW_RUNNING && r && r->msr; r++) {
		const struct model_dev *d = dev_for(m, r->msr);
		if (d && d->package_scope)
			fw_poke(m->pkg, MODEL_MAX_PKGS, r);
		else if (d && d->ccx_scope)
			fw_poke(m->ccx, m->ncpus, r);
		else if (d && d->die_scope)
			fw_poke(m->die, m->ncpus, r);
		else if (d && d->core_scope)
			fw_poke(m->core, m->ncpus, r);
		else if (d)
			fw_poke(m->thread, m->ncpus, r);
	}
	if (box_left(m))
		(void)model_poke(&m->pkg[0], box_left(m)->msr, box_left(m)->val);
	model_die_firmware(m);
}

void model_die_firmware(struct model *m)
{
	for (unsigned i = 0; m->firmware == MODEL_FW_RUNNING && i < m->p->die_fws; i++) {
		const struct model_die_fw *r = &m->p->die_fw[i];
		unsigned c = 0;
		while (c < m->ncpus && (m->pkg_of[c] != r->pkg || m->die_of[c] != r->die))
			c++;
		if (c < m->ncpus)   /* a die the model has: its file of that register */
			(void)model_poke(model_file_for(m, c, r->msr), r->msr, r->val);
	}
}

pmu_status model_leave_box(struct model *m, enum model_box_left k)
{
	m->box_left = (uint8_t)k;
	const struct model_fw_reg *r = box_left(m);
	if (!r)
		return k ? PMU_ERR_UNSUPPORTED : PMU_OK;
	return model_poke(&m->pkg[0], r->msr, r->val);
}

pmu_status model_disc_freeze(struct model *m)
{
	if (!m->p->pci || !m->p->pci->power_on)
		return PMU_ERR_UNSUPPORTED;
	m->disc_frozen = true;
	m->p->pci->power_on(m);
	return PMU_OK;
}

static const char *const fw_names[] = { "clean", "running" };

pmu_status model_firmware_parse(const char *name, enum model_firmware *out)
{
	for (unsigned i = 0; i < sizeof(fw_names) / sizeof(fw_names[0]); i++) {
		if (!pmu_strcmp(name, fw_names[i])) {
			*out = (enum model_firmware)i;
			return PMU_OK;
		}
	}
	return PMU_ERR_UNKNOWN_NAME;
}

const char *model_firmware_name(enum model_firmware fw)
{
	return (unsigned)fw < sizeof(fw_names) / sizeof(fw_names[0]) ? fw_names[fw] : "?";
}

static pmu_status sim_rdmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val)
{
	struct model *m = ctx;
	pmu_status st = PMU_ERR_FAULT_GP;
	*val = 0;
	if (cpu >= m->ncpus)
		return PMU_ERR_INVALID;
	const struct model_dev *d = dev_for(m, msr);
	if (d && !injected(m, cpu, msr)) {
		struct model_regfile *rf = model_file_take(m, d, cpu);
		if (d->read) {
			st = d->read(m, rf, msr, val);
		} else {
			*val = model_peek(rf, msr);
			st = PMU_OK;
		}
		model_file_give(m, d, cpu);
	}
	if (st)
		*val = 0;
	model_log_access(m, cpu, MOP_RDMSR, msr, *val, st);
	return st;
}

/* Does cpu's package drop writes to msr (a loaded profile's not_held)? */
static bool not_held(const struct model *m, unsigned cpu, uint32_t msr)
{
	for (const struct model_not_held *h = m->p->not_held; h && h->msr; h++)
		if (h->msr == msr && h->pkg == m->pkg_of[cpu])
			return true;
	return false;
}

/*
 * broken.sticky_enable: IA32_PERFEVTSEL0 (0x186) drops a write with its EN bit (22; Intel SDM
 * Vol. 3B figure 20-1) clear, as a bit firmware locked, or an SMI handler that re-arms the
 * counter, would: whatever the tool writes there to stop or put back does not hold.
 */
static bool sticky(const struct model *m, uint32_t msr, uint64_t val)
{
	return m->broken.sticky_enable && msr == 0x186u && !((val >> 22) & 1);
}

pmu_status model_sim_wrmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t val)
{
	struct model *m = ctx;
	pmu_status st = PMU_ERR_FAULT_GP;
	if (cpu >= m->ncpus)
		return PMU_ERR_INVALID;
	const struct model_dev *d = dev_for(m, msr);
	if (not_held(m, cpu, msr) || sticky(m, msr, val)) {
		st = PMU_OK;   /* as the machine did: taken, not kept */
	} else if (d && !injected(m, cpu, msr)) {
		struct model_regfile *rf = model_file_take(m, d, cpu);
		st = d->write ? d->write(m, rf, msr, val) : model_poke(rf, msr, val);
		model_file_give(m, d, cpu);
	}
	model_log_access(m, cpu, MOP_WRMSR, msr, val, st);
	return st;
}

static pmu_status sim_rdpmc(void *ctx, unsigned cpu, uint32_t index, uint64_t *val)
{
	struct model *m = ctx;
	pmu_status st = PMU_ERR_FAULT_GP;
	*val = 0;
	if (cpu >= m->ncpus)
		return PMU_ERR_INVALID;
	for (unsigned i = 0; i < m->p->ndevs; i++) {
		const struct model_dev *d = m->p->devs[i];
		if (d->rdpmc && !d->package_scope) {
			st = d->rdpmc(m, &m->thread[cpu], index, val);
			break;
		}
	}
	if (st)
		*val = 0;
	model_log_access(m, cpu, MOP_RDPMC, index, *val, st);
	return st;
}

static pmu_status sim_cpuid(void *ctx, unsigned cpu, uint32_t leaf, uint32_t sub,
			    struct pmu_cpuid *out)
{
	struct model *m = ctx;
	if (cpu >= m->ncpus)
		return PMU_ERR_INVALID;
	*out = model_cpuid_answer(m, cpu, leaf, sub);
	/* SDM: CPUID(1) loads the microcode revision into IA32_BIOS_SIGN_ID[63:32]. */
	if (leaf == 1)
		m->ucode_latch[cpu] = (uint64_t)m->p->microcode << 32;
	return PMU_OK;
}

/* The model sees no instructions: the kernel is replayed from its own reading of the code. */
static uint64_t model_run_kernel(void *ctx, unsigned cpu, const struct kernel_desc *k,
				 uint64_t (*kernel)(const void *), const void *arg)
{
	(void)kernel;
	return sim_workload_run(ctx, cpu, k, ((const struct kernel_args *)arg)->iterations);
}

static const struct pmu_backend_ops sim_ops = {
	.rdmsr = sim_rdmsr,
	.wrmsr = model_sim_wrmsr,
	.rdpmc = sim_rdpmc,
	.cpuid = sim_cpuid,
	.gated_run = model_gated_run,
	.irq_save = model_irq_save,
	.irq_restore = model_irq_restore,
	.pci_read = model_sim_pci_read,
	.pci_write = model_sim_pci_write,
	.pci_ranges = model_sim_pci_ranges,
	.acpi_table = model_sim_acpi_table,
	.mmio_read = model_sim_mmio_read,
	.mmio_write = model_sim_mmio_write,
	.run_kernel = model_run_kernel,
	.tsc = model_tsc,
};

void model_backend(struct model *m, struct pmu_backend *b)
{
	*b = (struct pmu_backend){ .ops = &sim_ops, .ctx = m, .name = "sim", .simulated = true,
				   .iterations = MODEL_KERNEL_ITERATIONS, .tsc_per_us = m->p->tsc_mhz };
}

uint64_t model_cycle_events(const struct model_cycle *c, uint32_t code)
{
	uint64_t n = 0;
	for (unsigned i = 0; c->stim && i < c->nstim; i++)
		if (c->stim[i].code == code)
			n += c->stim[i].count;
	return n;
}

void model_run_cycle(struct model *m, unsigned cpu, const struct model_cycle *c)
{
	if (cpu >= m->ncpus)
		return;
	for (unsigned i = 0; i < m->p->ndevs; i++) {
		const struct model_dev *d = m->p->devs[i];
		if (!d->cycle)
			continue;
		d->cycle(m, model_file_take(m, d, cpu), c);
		model_file_give(m, d, cpu);
	}
	model_noise_advance(m, cpu, 1);
}

unsigned model_write_count(const struct model *m, unsigned cpu)
{
	unsigned n = 0;
	for (unsigned i = 0; i < m->log_len[cpu]; i++)
		n += m->log[cpu][i].op == MOP_WRMSR || m->log[cpu][i].op == MOP_PCI_WR ||
		     m->log[cpu][i].op == MOP_MMIO_WR;
	return n;
}

unsigned model_total_writes(const struct model *m)
{
	unsigned n = 0;
	for (unsigned c = 0; c < m->ncpus; c++)
		n += model_write_count(m, c);
	return n;
}

void model_clear_log(struct model *m)
{
	for (unsigned c = 0; c < m->ncpus; c++) {
		m->log_len[c] = 0;
		m->log_overflow[c] = false;
	}
}
