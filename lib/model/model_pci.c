/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * PCI configuration space of the model (model.h): each package's uncore
 * functions on its own bus, answered by the profile's PCI device from that
 * package's register file under device-local keys. A function no device has,
 * one firmware hid, a bus no package owns, or a segment other than 0 reads
 * all-ones and drops writes, as a PCI read or write that no device claims
 * does on hardware (PCI Local Bus 3.0 section 6.1: master abort). MMIO: Ice Lake-SP's
 * iMC channels at the bases its device answers (model_uncore_icx_pci.c), under the
 * pseudo-bus keys of model_uncore_pci.h, and Sapphire/Emerald Rapids' discovery tables and
 * iMC channels (model_uncore_spr_pci.c), and the CXL device's CPMU (model_cxl.c); any other
 * address reads all-ones, drops writes. The CXL device's function answers at 0000:0c:00.0.
 */
#include "model/model_devs.h"
#include "model/model_disc_client.h"
#include "model/model_uncore_pci.h"
#include "pmu/regkey.h"

uint8_t model_pci_bus(const struct model *m, unsigned pkg)
{
	unsigned step = m->npkgs <= 2 ? 0x80u : 0x40u;
	return (uint8_t)(step - 1 + step * pkg);
}

static unsigned nbuses(const struct model *m)
{
	return m->p->pci_buses ? m->p->pci_buses : 1;
}

/*
 * The package whose uncore buses a is on, or -1; *idx the bus's index among the package's
 * (its buses end at model_pci_bus: a Skylake-SP package's U-box is on its lowest).
 */
static int pkg_of(const struct model *m, struct pmu_pci_addr a, unsigned *idx)
{
	unsigned nb = nbuses(m);
	for (unsigned p = 0; p < m->npkgs && !a.seg; p++) {
		unsigned top = model_pci_bus(m, p);
		if (a.bus <= top && a.bus + nb > top) {
			*idx = nb - 1 - (top - a.bus);
			return (int)p;
		}
	}
	return -1;
}

/* The last package's uncore buses, lo..hi: those m->pci_bus_cut takes out of the ranges. */
static void cut_buses(const struct model *m, unsigned *lo, unsigned *hi)
{
	*hi = model_pci_bus(m, m->npkgs - 1);
	*lo = *hi + 1 - nbuses(m);
}

/* A bus firmware describes in no range: nothing answers there (as efi/pci_real.c). */
static bool undescribed(const struct model *m, struct pmu_pci_addr a)
{
	unsigned lo, hi;
	if (m->pci_bus_cut != MODEL_BUS_OUTSIDE)
		return false;
	cut_buses(m, &lo, &hi);
	return a.bus >= lo && a.bus <= hi;
}

static bool hidden(const struct model *m, unsigned pkg, unsigned dev, unsigned fn)
{
	for (unsigned i = 0; i < m->npci_hidden; i++) {
		const struct model_pci_fn *h = &m->pci_hidden[i];
		if (h->pkg == pkg && h->dev == dev && h->fn == fn)
			return true;
	}
	return false;
}

pmu_status model_pci_hide(struct model *m, unsigned pkg, unsigned dev, unsigned fn)
{
	if (m->npci_hidden >= MODEL_PCI_HIDDEN)
		return PMU_ERR_NOSPACE;
	m->pci_hidden[m->npci_hidden++] = (struct model_pci_fn){ (uint8_t)pkg, (uint8_t)dev, (uint8_t)fn };
	return PMU_OK;
}

/* The package's file, held by one CPU at a time (as model_file_take does). */
static struct model_regfile *take(struct model *m, unsigned pkg)
{
	while (__atomic_test_and_set(&m->pkg_busy[pkg], __ATOMIC_ACQUIRE))
		__asm__ volatile("pause" ::: "memory");
	return &m->pkg[pkg];
}

static void give(struct model *m, unsigned pkg)
{
	__atomic_clear(&m->pkg_busy[pkg], __ATOMIC_RELEASE);
}

/* The device answering a on package pkg, NULL: nothing there. */
static const struct model_dev *dev_at(const struct model *m, int pkg, unsigned idx,
				      struct pmu_pci_addr a)
{
	const struct model_dev *d = m->p->pci;
	if (pkg < 0 || !d || hidden(m, (unsigned)pkg, a.dev, a.fn) || undescribed(m, a) ||
	    !d->claims(m, model_pci_key_at(idx, a.dev, a.fn, 0)))
		return NULL;
	return d;
}

/* A function a loaded profile lists at a (no uncore device there): its dword, else all-ones. */
static uint32_t listed_read(const struct model *m, struct pmu_pci_addr a)
{
	const struct model_pci_listed *l = m->p->pci_listed;
	uint32_t at = (uint32_t)a.bus << 8 | (uint32_t)a.dev << 3 | a.fn;
	for (unsigned i = 0; l && !a.seg && i < l->n; i++)
		if (l->at[i] == at)
			return !a.off ? l->id[i] : a.off >= 0x100 && !l->ext_readable ? 0xFFFFFFFFu : 0;
	return 0xFFFFFFFFu;
}

static pmu_status dword_read(struct model *m, struct pmu_pci_addr a, uint32_t *val)
{
	if (model_cxl_fn(m, a)) {   /* its configuration space is read-only to efipmu */
		*val = model_cxl_config(m, a);
		return PMU_OK;
	}
	unsigned idx = 0;
	int pkg = pkg_of(m, a, &idx);
	const struct model_dev *d = dev_at(m, pkg, idx, a);
	uint64_t v = listed_read(m, a);
	if (d) {
		uint32_t key = model_pci_key_at(idx, a.dev, a.fn, a.off);
		(void)d->read(m, take(m, (unsigned)pkg), key, &v);
		give(m, (unsigned)pkg);
	}
	*val = (uint32_t)v;
	return PMU_OK;
}

static pmu_status dword_write(struct model *m, struct pmu_pci_addr a, uint32_t val)
{
	unsigned idx = 0;
	int pkg = pkg_of(m, a, &idx);
	const struct model_dev *d = dev_at(m, pkg, idx, a);
	if (d) {
		(void)d->write(m, take(m, (unsigned)pkg), model_pci_key_at(idx, a.dev, a.fn, a.off),
			       val);
		give(m, (unsigned)pkg);
	}
	return PMU_OK;
}

pmu_status model_sim_pci_read(void *ctx, unsigned cpu, struct pmu_pci_addr a, uint32_t *val)
{
	struct model *m = ctx;
	*val = 0xFFFFFFFFu;
	if (cpu >= m->ncpus)
		return PMU_ERR_INVALID;
	pmu_status st = dword_read(m, a, val);
	model_log_access(m, cpu, MOP_PCI_RD, regkey_pci(a), *val, st);
	return st;
}

pmu_status model_cut_pci_buses(struct model *m, enum model_bus_cut cut)
{
	if (!m->p->pci)   /* no uncore device: no bus of a package to leave out */
		return PMU_ERR_UNSUPPORTED;
	m->pci_bus_cut = (uint8_t)cut;
	return PMU_OK;
}

/*
 * One root bridge over segment 0's 256 buses: the model's firmware reaches every bus, unless
 * m->pci_bus_cut leaves the last package's out (bridges below and above them; with
 * MODEL_BUS_ECAM_ONLY an MCFG allocation of them alone).
 */
unsigned model_sim_pci_ranges(void *ctx, struct pmu_bus_range *r, unsigned cap)
{
	const struct model *m = ctx;
	unsigned lo, hi, n = 0;
	if (!m->pci_bus_cut) {
		if (cap)
			r[n++] = (struct pmu_bus_range){ 0, 0, 255, false };
		return n;
	}
	cut_buses(m, &lo, &hi);
	if (lo && n < cap)
		r[n++] = (struct pmu_bus_range){ 0, 0, (uint8_t)(lo - 1), false };
	if (hi < 255 && n < cap)
		r[n++] = (struct pmu_bus_range){ 0, (uint8_t)(hi + 1), 255, false };
	if (m->pci_bus_cut == MODEL_BUS_ECAM_ONLY && n < cap)
		r[n++] = (struct pmu_bus_range){ 0, (uint8_t)lo, (uint8_t)hi, true };
	return n;
}

pmu_status model_sim_pci_write(void *ctx, unsigned cpu, struct pmu_pci_addr a, uint32_t val)
{
	struct model *m = ctx;
	if (cpu >= m->ncpus)
		return PMU_ERR_INVALID;
	pmu_status st = dword_write(m, a, val);
	model_log_access(m, cpu, MOP_PCI_WR, regkey_pci(a), val, st);
	return st;
}

/* The register on the package's first uncore bus (its U-box's). */
static struct pmu_pci_addr addr(const struct model *m, unsigned pkg, unsigned dev, unsigned fn,
				unsigned off)
{
	struct pmu_pci_addr a = { 0, (uint8_t)(model_pci_bus(m, pkg) - (nbuses(m) - 1)), (uint8_t)dev,
				  (uint8_t)fn, (uint16_t)off };
	return a;
}

pmu_status model_pci_poke(struct model *m, unsigned pkg, unsigned dev, unsigned fn, unsigned off,
			  uint32_t val)
{
	if (pkg >= m->npkgs || !dev_at(m, (int)pkg, 0, addr(m, pkg, dev, fn, off)))
		return PMU_ERR_NOT_FOUND;
	return dword_write(m, addr(m, pkg, dev, fn, off), val);
}

uint32_t model_pci_peek(struct model *m, unsigned pkg, unsigned dev, unsigned fn, unsigned off)
{
	uint32_t v = 0xFFFFFFFFu;
	if (pkg < m->npkgs)
		(void)dword_read(m, addr(m, pkg, dev, fn, off), &v);
	return v;
}

/* A key of a controller's free-running counters (pseudo-device 2 of its MMIO bus). */
static bool key_dev_is_freerun(uint32_t key)
{
	return (key >> 20 & 0xFF) >= MODEL_MMIO_BUS && (key >> 15 & 31) == 2;
}

/*
 * The key of an iMC register at addr and its package; false: no box there (*table: addr is
 * in a Sapphire Rapids discovery table's BAR, *key its offset).
 */
static bool mmio_key(const struct model *m, uint64_t addr, unsigned *pkg, uint32_t *key,
		     bool *table)
{
	*table = false;
	if (m->p->pci == &model_dev_spr_pci)
		return model_spr_mmio(m, addr, pkg, key, table);
	if (m->p->pci != &model_dev_icx_pci || m->mmio_bar_zero)
		return false;
	for (unsigned p = 0; p < m->npkgs; p++)
		for (unsigned mc = 0; mc < 4; mc++) {
			/* the controller's free-running counters (model_uncore_icx_pci.c) */
			uint64_t fr = model_icx_mmio_base(m, p) + 0x40000ull * (mc + 1) + 0x2290;
			if (addr >= fr && addr < fr + 0x28) {
				*pkg = p;
				*key = model_pci_key_at(MODEL_MMIO_BUS + mc, 2, 0,
							(unsigned)(addr - fr) + 0x290);
				return true;
			}
			for (unsigned ch = 0; ch < 2; ch++) {
				uint64_t box = model_icx_mmio_base(m, p) + 0x40000ull * (mc + 1) +
					       0x22800 + 0x4000ull * ch;
				if (addr < box || addr - box >= 0x4000 - 0x100)
					continue;
				*pkg = p;
				*key = model_pci_key_at(MODEL_MMIO_BUS + mc, ch, 0,
							(unsigned)(addr - box) + 0x100);
				return true;
			}
		}
	return false;
}

/* 4 or 8 bytes as one or two dwords of the box's file. */
pmu_status model_sim_mmio_read(void *ctx, unsigned cpu, uint64_t addr, unsigned bytes, uint64_t *val)
{
	struct model *m = ctx;
	unsigned pkg;
	uint32_t key;
	uint64_t lo = 0xFFFFFFFFu, hi = bytes == 8 ? 0xFFFFFFFFu : 0;
	bool table;
	if (cpu >= m->ncpus)
		return PMU_ERR_INVALID;
	if (model_client_mmio(m, addr)) {
		*val = model_client_mmio_read(m, cpu, addr, bytes);
		model_log_access(m, cpu, MOP_MMIO_RD, (uint32_t)addr, *val, PMU_OK);
		return PMU_OK;
	}
	if (model_cxl_mmio(m, addr)) {
		*val = model_cxl_read(m, cpu, addr, bytes);
		model_log_access(m, cpu, MOP_MMIO_RD, (uint32_t)addr, *val, PMU_OK);
		return PMU_OK;
	}
	if (mmio_key(m, addr, &pkg, &key, &table) && table) {
		uint64_t v = model_spr_table_read(m, pkg, key, bytes);
		lo = v & 0xFFFFFFFFu;
		hi = bytes == 8 ? v >> 32 : 0;
	} else if (mmio_key(m, addr, &pkg, &key, &table)) {
		struct model_regfile *rf = take(m, pkg);
		m->freerun_reads += key_dev_is_freerun(key);
		(void)m->p->pci->read(m, rf, key, &lo);
		if (bytes == 8)
			(void)m->p->pci->read(m, rf, key + 4, &hi);
		give(m, pkg);
	}
	*val = hi << 32 | (lo & 0xFFFFFFFFu);
	model_log_access(m, cpu, MOP_MMIO_RD, (uint32_t)addr, *val, PMU_OK);
	return PMU_OK;
}

pmu_status model_sim_mmio_write(void *ctx, unsigned cpu, uint64_t addr, unsigned bytes,
				uint64_t val)
{
	struct model *m = ctx;
	unsigned pkg;
	uint32_t key;
	bool table;
	if (cpu >= m->ncpus)
		return PMU_ERR_INVALID;
	if (model_client_mmio(m, addr))
		model_client_mmio_write(m, cpu, addr, bytes, val);
	else if (model_cxl_mmio(m, addr))
		model_cxl_write(m, cpu, addr, bytes, val);
	else if (mmio_key(m, addr, &pkg, &key, &table) && !table) {   /* the table is read-only */
		struct model_regfile *rf = take(m, pkg);
		m->freerun_writes += key_dev_is_freerun(key);
		(void)m->p->pci->write(m, rf, key, val & 0xFFFFFFFFu);
		if (bytes == 8)
			(void)m->p->pci->write(m, rf, key + 4, val >> 32);
		give(m, pkg);
	}
	model_log_access(m, cpu, MOP_MMIO_WR, (uint32_t)addr, val, PMU_OK);
	return PMU_OK;
}
