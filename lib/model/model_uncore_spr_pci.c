/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Reference model of a Sapphire Rapids / Emerald Rapids package's discovery device and the
 * PCI and MMIO units its table describes (model_uncore_pci.h's engine, generic box bits),
 * from the sources' description, not from efipmu's decoder or descriptors:
 * - the discovery device (Linux uncore_discovery.h: device 0x09A7, extended capability id
 *   0x23, DVSEC id 1 at +8, BIR at +0xC; PCI Express Base 4.0 section 7.9.6 for the DVSEC
 *   header): at 0.1 of the package's uncore bus, BAR 0 a 64-bit memory BAR, the DVSEC at
 *   0x100 (the only extended capability), its table (model_discovery.c) in MMIO at the BAR;
 * - M2M 0-3 at 12.0-15.0 (0x324A), UPI 0-3 at 1.1-4.1 (0x3241), M3UPI 0-3 at 5.1-8.1
 *   (0x3246) (Linux uncore_snbep.c SPR_UPI_PCI_DEVICE_ID, SPR_M3UPI_PCI_DEVICE_ID, its four
 *   UPI boxes 0x8000 apart; PCM's M2M id): 3 links, or 4 on an XCC part (model.upis); box control, then controls at box + the table's ctl_offset and counters at
 *   box + ctr_offset, 8 apart (Linux's generic PCI box, UNCORE_BOX_FLAG_CTL_OFFS8);
 * - iMC channel c of controller n in MMIO at the package's base + 0x100000 n + 0x22800 +
 *   0x4000 c: controls +0x40 + 4 i, counters +0x08 + 8 i (Linux SNR_IMC_MMIO_PMON_*, which
 *   SPR's iMC keeps), 4 counters of 48 bits.
 * Model choices: the package's table BAR at 0x2000000000 + 0x100000 p, its iMC base at
 * 0xC0000000 + 0x1000000 p (model_icx_mmio_base); the table's global control
 * (MODEL_DISC_SPR_GLOBAL) holds every box of the package, the CHAs' too, while it is not 0
 * (m->disc_frozen: set at power-on); m->disc_defect breaks every package's
 * table, m->disc_upi_absent leaves the UPI and M3UPI functions out (Sapphire Rapids parts
 * whose table names devices that are not there: Linux's SPR UPI quirk). A profile loaded
 * from a capture (model.h: disc) gives each package's table and BAR as they were read.
 */
#include <stddef.h>
#include "model/model_disc_units.h"
#include "model/model_discovery.h"
#include "model/model_uncore_pci.h"

#define TABLE_BAR 0x2000000000ull
#define TABLE_MAX 4096   /* 64 CHAs, 19 other MSR units, 8 iMC channels, 4 M2M, 4 UPI, 4 M3UPI: 104 states of 32 bytes */

/* A control's second dword holds the umask extension 55:32 (Linux SPR_RAW_EVENT_MASK_EXT). */
#define BOX(dev, fn, id, bctl, ctl, ctr, stim) \
	{ 0, (dev), (fn), (id), (bctl), (ctl), 8, (ctr), 4, 48, false, false, (stim), 0, 0, 0xFFFFFF }
#define M2M(n) BOX(12 + (n), 0, 0x324A, 0x438, 0x468, 0x440, MODEL_UNC_SPR_M2M0 + (n))
#define UPI(n) BOX(1 + (n), 1, 0x3241, 0x318, 0x350, 0x320, MODEL_UNC_SPR_UPI0 + (n))
#define M3UPI(n) BOX(5 + (n), 1, 0x3246, 0xA0, 0xD8, 0xA8, MODEL_UNC_SPR_UPI0 + 4 + (n))
/* Channel c of controller n, offsets from its box control + 0x100 (model_uncore_pci.h). */
#define IMC(n, c) { MODEL_MMIO_BUS + (n), (c), 0, 0, 0x100, 0x140, 4, 0x108, 4, 48, false, false, \
		    MODEL_UNC_SPR_IMC0 + 2 * (n) + (c), 0, 0, 0 }

/* Diamond Rapids' iMC channel (model_disc_domains_table): its counters at + 0x20. */
#define DMR_IMC(n, c) { MODEL_MMIO_BUS + (n), (c), 0, 0, 0x100, 0x140, 4, 0x120, 4, 48, false, \
			false, MODEL_UNC_SPR_IMC0 + 2 * (n) + (c), 0, 0, 0 }

/*
 * The IMH domain's global control in the package's file, model_pci_key_at(MODEL_MMIO_BUS +
 * 0x10, 0, 0, 0): no box's key (its CBB's is the CHAs' key, MODEL_DISC_SPR_GLOBAL).
 */
#define DMR_IMH_GLOBAL (0x80000000u | (MODEL_MMIO_BUS + 0x10u) << 20)
/* CBB die d's (d > 0) beside it, 8 bytes apart; die 0's is MODEL_DISC_SPR_GLOBAL */
#define DMR_CBB_GLOBAL(d) (DMR_IMH_GLOBAL + 8u * (d))
/* Die d's CBB table at MODEL_DISC_CBB_OFF + CBB_STEP d from the package's BAR (model choice) */
#define CBB_STEP 0x8000u
_Static_assert(MODEL_DISC_CBB_OFF + CBB_STEP * MODEL_MAX_DIES <= MODEL_DISC_GLOBALS_OFF,
	       "each die's CBB table below the global controls");

static const struct pbox dmr_boxes[] = {
	DMR_IMC(0, 0), DMR_IMC(0, 1), DMR_IMC(1, 0), DMR_IMC(1, 1), DMR_IMC(2, 0), DMR_IMC(2, 1),
	DMR_IMC(3, 0), DMR_IMC(3, 1),
};

static const struct pbox pboxes[] = {
	M2M(0), M2M(1), M2M(2), M2M(3), UPI(0), UPI(1), UPI(2), M3UPI(0), M3UPI(1), M3UPI(2),
	IMC(0, 0), IMC(0, 1), IMC(1, 0), IMC(1, 1), IMC(2, 0), IMC(2, 1), IMC(3, 0), IMC(3, 1),
};

static const struct pbox pboxes_4upi[] = {
	M2M(0), M2M(1), M2M(2), M2M(3), UPI(0), UPI(1), UPI(2), UPI(3), M3UPI(0), M3UPI(1),
	M3UPI(2), M3UPI(3),
	IMC(0, 0), IMC(0, 1), IMC(1, 0), IMC(1, 1), IMC(2, 0), IMC(2, 1), IMC(3, 0), IMC(3, 1),
};

/*
 * Granite Rapids and Sierra Forest (model_disc_units.h): UPI as Sapphire Rapids', B2CMI and
 * B2UPI where the table puts them, of the model's own device ids (no public id at hand:
 * 0x0B2C, 0x0B2E), B2CXL in MMIO, each with no stimulus; no M2M or M3UPI.
 */
#define B2(type, access, count, nctr, ctl_off, ctr_off, base, step, n, id) \
	BOX(((base) >> 15) + (n), ((base) >> 12) & 7, (id), (base) & 0xFFF, ((base) & 0xFFF) + (ctl_off), \
	    ((base) & 0xFFF) + (ctr_off), 0)
/* The part's MMIO units (one kind: B2CXL) under the pseudo-bus past the 4 iMC controllers'. */
#define PART_MMIO_BUS (MODEL_MMIO_BUS + 4)
#define B2CXL(type, access, count, nctr, ctl_off, ctr_off, base, step, n) \
	{ PART_MMIO_BUS, (n), 0, 0, 0x100, 0x100 + (ctl_off), 4, 0x100 + (ctr_off), (nctr), 48, \
	  false, false, 0, 0, 0, 0 }
#define GNR_B2 MDU_GNR_B2CMI(B2, 0, 0x0B2C), MDU_GNR_B2CMI(B2, 1, 0x0B2C), \
	MDU_GNR_B2CMI(B2, 2, 0x0B2C), MDU_GNR_B2CMI(B2, 3, 0x0B2C), MDU_GNR_B2UPI(B2, 0, 0x0B2E), \
	MDU_GNR_B2UPI(B2, 1, 0x0B2E), MDU_GNR_B2UPI(B2, 2, 0x0B2E), MDU_GNR_B2CXL(B2CXL, 0), \
	MDU_GNR_B2CXL(B2CXL, 1)
#define IMCS IMC(0, 0), IMC(0, 1), IMC(1, 0), IMC(1, 1), IMC(2, 0), IMC(2, 1), IMC(3, 0), IMC(3, 1)

static const struct pbox gnr_pboxes[] = { UPI(0), UPI(1), UPI(2), GNR_B2, IMCS };
static const struct pbox gnr_pboxes_4upi[] = { UPI(0), UPI(1), UPI(2), UPI(3), GNR_B2, IMCS };

static const struct pbox pboxes_no_upi[] = {
	M2M(0), M2M(1), M2M(2), M2M(3),
	IMC(0, 0), IMC(0, 1), IMC(1, 0), IMC(1, 1), IMC(2, 0), IMC(2, 1), IMC(3, 0), IMC(3, 1),
};

/* Package pkg's machine as its firmware's table describes it. */
static struct model_disc_machine machine(const struct model *m, unsigned pkg)
{
	struct model_disc_machine x = model_disc_spr;
	x.part = m->p->disc_part ? m->p->disc_part : &model_disc_spr_part;
	x.chas = m->chas;
	x.upis = m->upis;
	x.bus = model_pci_bus(m, pkg);
	x.mmio_base = model_icx_mmio_base(m, pkg);
	x.global_on |= m->disc_frozen ? MODEL_DISC_FROZEN : 0;
	return x;
}

/* Package pkg's captured table (a loaded profile's), or NULL: the model's own. */
static const struct model_disc_image *image_of(const struct model *m, unsigned pkg)
{
	return m->p->disc && pkg < MODEL_MAX_PKGS ? &m->p->disc[pkg] : NULL;
}

static uint64_t bar_of(const struct model *m, unsigned pkg)
{
	const struct model_disc_image *t = image_of(m, pkg);
	return t ? t->bar : TABLE_BAR + 0x100000ull * pkg;
}

/* Die `die` of package pkg's captured table behind the portal (a loaded profile's), or NULL. */
static const struct model_disc_image *portal_image_of(const struct model *m, unsigned pkg,
						      unsigned die)
{
	return model_portal_image(m, pkg, die);
}

/* Where a two-domain part's CBB table of die `die` lies, and its span. */
static uint64_t cbb_bar_of(const struct model *m, unsigned pkg, unsigned die)
{
	const struct model_disc_image *t = portal_image_of(m, pkg, die);
	return t ? t->bar : bar_of(m, pkg) + MODEL_DISC_CBB_OFF + (uint64_t)CBB_STEP * die;
}

static uint64_t cbb_span(const struct model *m, unsigned pkg, unsigned die)
{
	const struct model_disc_image *t = portal_image_of(m, pkg, die);
	return t ? t->len : TABLE_MAX;
}

/* The bytes at the BAR the model answers for: a captured table's, or TABLE_MAX. */
static uint64_t table_span(const struct model *m, unsigned pkg)
{
	const struct model_disc_image *t = image_of(m, pkg);
	return t ? t->len : TABLE_MAX;
}

/* The discovery function's configuration dwords (its id dword is the engine's). */
static uint32_t disc_fn(const struct model *m, const struct model_regfile *rf, unsigned off)
{
	uint64_t bar = bar_of(m, (unsigned)(rf - m->pkg));
	switch (off) {
	case 0x10: return (uint32_t)bar | 4;   /* memory, 64-bit */
	case 0x14: return (uint32_t)(bar >> 32);
	case 0x100: return 0x23 | 1u << 16;    /* DVSEC, version 1, the last capability */
	case 0x104: return 0x8086 | 0x10u << 20;   /* DVSEC vendor, revision 0, length 16 */
	case 0x108: return 1;                  /* DVSEC id: PMON */
	default: return 0;                     /* the BIR (0x10C) is 0: BAR 0 */
	}
}

/* Past the 64 CHAs' edge bits (model_uncore_snbep.c: 2 + 4 n, 4 a CHA). */
#define PART_SET(boxes, device, global) { \
	.box = (boxes), .n = sizeof(boxes) / sizeof((boxes)[0]), .box_bits = 1u << 0, \
	.ro = { { 0, 0, 1, (device), disc_fn }, { 0 } }, \
	.edge0 = 2 + 4 * 64, .generic = true, .global_ctl = (global) }
#define SPR_SET(boxes) PART_SET(boxes, 0x09A7, MODEL_DISC_SPR_GLOBAL)

static const struct pset spr = SPR_SET(pboxes), spr_4upi = SPR_SET(pboxes_4upi),
			 spr_no_upi = SPR_SET(pboxes_no_upi), gnr = SPR_SET(gnr_pboxes),
			 gnr_4upi = SPR_SET(gnr_pboxes_4upi),
			 dmr = PART_SET(dmr_boxes, 0x09A1, DMR_IMH_GLOBAL);

static const struct pset *set_of(const struct model *m)
{
	if (m->p->disc_domains)
		return &dmr;
	if (m->p->disc_part && m->p->disc_part->no_m2m_m3upi)
		return m->upis == 4 ? &gnr_4upi : &gnr;
	return m->disc_upi_absent ? &spr_no_upi : m->upis == 4 ? &spr_4upi : &spr;
}

/* The table and functions efipmu's model lays out itself: Sapphire Rapids' PCI ones. */
static bool own_table(const struct model *m)
{
	return m->p->pci == &model_dev_spr_pci && !m->p->disc_domains && !m->p->disc;
}

pmu_status model_disc_break(struct model *m, unsigned defect)
{
	if (!own_table(m))
		return PMU_ERR_UNSUPPORTED;
	m->disc_defect = (uint8_t)defect;
	return PMU_OK;
}

pmu_status model_disc_drop_upi(struct model *m)
{
	if (m->p->pci != &model_dev_spr_pci || m->p->disc_domains ||
	    (m->p->disc_part && m->p->disc_part->no_m2m_m3upi))
		return PMU_ERR_UNSUPPORTED;
	m->disc_upi_absent = true;
	return PMU_OK;
}

static bool spr_claims(const struct model *m, uint32_t key)
{
	return pset_claims(set_of(m), key);
}

/* A two-domain part's global controls, reached through MMIO (model_spr_mmio). */
static bool is_global(const struct model *m, uint32_t key)
{
	return m->p->disc_domains && (key == MODEL_DISC_SPR_GLOBAL ||
				      (key >= DMR_IMH_GLOBAL && key < DMR_CBB_GLOBAL(m->dies) &&
				       !(key & 7)));
}

uint32_t model_disc_cbb_global(unsigned d)
{
	return d ? DMR_CBB_GLOBAL(d) : MODEL_DISC_SPR_GLOBAL;
}

static pmu_status spr_read(struct model *m, struct model_regfile *rf, uint32_t key, uint64_t *val)
{
	if (is_global(m, key)) {
		*val = model_peek(rf, key);
		return PMU_OK;
	}
	return pset_read(set_of(m), m, rf, key, val);
}

static pmu_status spr_write(struct model *m, struct model_regfile *rf, uint32_t key, uint64_t val)
{
	if (is_global(m, key)) {
		m->disc_global_writes++;
		return model_poke(rf, key, val);
	}
	return pset_write(set_of(m), rf, key, val);
}

static void spr_cycle(struct model *m, struct model_regfile *rf, const struct model_cycle *c)
{
	pset_cycle(set_of(m), m, rf, c);
}

static bool spr_cycles(struct model *m, struct model_regfile *rf, const struct model_cycle *sum,
		       uint64_t n)
{
	return pset_cycles(set_of(m), m, rf, sum, n);
}

/* Each package's global control as the part powers on (model.h: model_dev.power_on). */
static void spr_power_on(struct model *m)
{
	const struct model_disc_domains *d = m->p->disc_domains;
	uint64_t frozen = m->disc_frozen ? MODEL_DISC_FROZEN : 0;
	/* every package's file: CPUs may be placed in more packages after (model_place_cpu) */
	for (unsigned p = 0; p < MODEL_MAX_PKGS; p++) {
		/* a loaded profile's: each table's control as its capture found it */
		const struct model_disc_image *i = image_of(m, p);
		uint64_t dom0 = i && i->global_read ? i->global | frozen :
				d ? d->global_on[0] | frozen : machine(m, p).global_on;
		/* the file is 0 already; a two-domain part's CBB control of die 0 holds the CHA set's key */
		if (!d && dom0)
			(void)model_poke(&m->pkg[p], MODEL_DISC_SPR_GLOBAL, dom0);
		if (d && dom0)
			(void)model_poke(&m->pkg[p], DMR_IMH_GLOBAL, dom0);
		for (unsigned die = 0; d && die < m->dies; die++) {
			const struct model_disc_image *q = portal_image_of(m, p, die);
			uint64_t v = q && q->global_read ? q->global | frozen : d->global_on[1] | frozen;
			if (v)
				(void)model_poke(&m->pkg[p], model_disc_cbb_global(die), v);
		}
	}
}

/*
 * A two-domain part's portal MSR, read on a CPU: its die's CBB table's physical address (one
 * a CBB, Linux tip 66e2075426f3; read once per die, cf002dafedd0). A CPU's own file: the
 * answer is the die's, not the package's.
 */
static bool portal_claims(const struct model *m, uint32_t msr)
{
	return m->p->disc_domains && msr == m->p->disc_domains->portal;
}

static pmu_status portal_read(struct model *m, struct model_regfile *rf, uint32_t msr,
			      uint64_t *val)
{
	unsigned cpu = (unsigned)(rf - m->thread);
	(void)msr;
	*val = cbb_bar_of(m, m->pkg_of[cpu], m->die_of[cpu]);
	return PMU_OK;
}

static pmu_status portal_write(struct model *m, struct model_regfile *rf, uint32_t msr,
			       uint64_t val)
{
	(void)m, (void)rf, (void)msr, (void)val;
	return PMU_ERR_FAULT_GP;   /* firmware's */
}

const struct model_dev model_dev_disc_portal = {
	.name = "disc-portal", .claims = portal_claims,
	.read = portal_read, .write = portal_write,
};

const struct model_dev model_dev_spr_pci = {
	.name = "spr-pci-uncore", .package_scope = true, .claims = spr_claims, .read = spr_read,
	.write = spr_write, .cycle = spr_cycle, .cycles = spr_cycles, .power_on = spr_power_on,
};

bool model_spr_mmio(const struct model *m, uint64_t addr, unsigned *pkg, uint32_t *key,
		    bool *table)
{
	for (unsigned p = 0; p < m->npkgs; p++) {
		struct model_disc_machine x = machine(m, p);
		uint64_t bar = bar_of(m, p);
		if (addr >= bar && addr - bar < table_span(m, p)) {
			*pkg = p;
			*key = (uint32_t)(addr - bar);
			*table = true;
			return true;
		}
		for (unsigned die = 0; m->p->disc_domains && die < m->dies; die++) {
			uint64_t cbb = cbb_bar_of(m, p, die), global = bar + MODEL_DISC_GLOBALS_OFF;
			/* die's CBB table at its offsets from MODEL_DISC_CBB_OFF (model_spr_table_read) */
			if (addr >= cbb && addr - cbb < cbb_span(m, p, die)) {
				*pkg = p;
				*key = MODEL_DISC_CBB_OFF + CBB_STEP * die + (uint32_t)(addr - cbb);
				*table = true;
				return true;
			}
			if (addr == global || addr == global + 8 + 8 * die) {
				*pkg = p;
				*key = addr == global ? DMR_IMH_GLOBAL : model_disc_cbb_global(die);
				*table = false;
				return true;
			}
		}
		for (unsigned mc = 0; mc < x.imcs; mc++)
			for (unsigned ch = 0; ch < 2; ch++) {
				uint64_t box = x.mmio_base + 0x100000ull * mc + 0x22800 + 0x4000ull * ch;
				if (addr < box || addr - box >= 0x4000 - 0x100)
					continue;
				*pkg = p;
				*key = model_pci_key_at(MODEL_MMIO_BUS + mc, ch, 0,
							(unsigned)(addr - box) + 0x100);
				*table = false;
				return true;
			}
		/* the part's MMIO units, each's registers within the 16 KiB Linux maps */
		for (unsigned k = 0; x.part && k < x.part->nunits; k++)
			for (unsigned n = 0; x.part->units[k].access == 1 && n < x.part->units[k].count;
			     n++) {
				uint64_t box = x.mmio_base + x.part->units[k].base +
					       (uint64_t)x.part->units[k].step * n;
				if (addr < box || addr - box >= 0x4000 - 0x100)
					continue;
				*pkg = p;
				*key = model_pci_key_at(PART_MMIO_BUS, n, 0, (unsigned)(addr - box) + 0x100);
				*table = false;
				return true;
			}
	}
	return false;
}

uint64_t model_spr_table_read(const struct model *m, unsigned pkg, uint32_t off, unsigned bytes)
{
	uint8_t buf[TABLE_MAX];
	const struct model_disc_image *t = image_of(m, pkg);
	struct model_disc_machine x = machine(m, pkg);
	const struct model_disc_domains *d = m->p->disc_domains;
	unsigned dom = d && off >= MODEL_DISC_CBB_OFF;
	unsigned die = dom ? (off - MODEL_DISC_CBB_OFF) / CBB_STEP : 0;
	off -= dom ? MODEL_DISC_CBB_OFF + CBB_STEP * die : 0;
	t = dom ? portal_image_of(m, pkg, die) : t;
	size_t len = t ? t->len :
		     d ? model_disc_domains_table(d, &x, dom, die, bar_of(m, pkg), buf, sizeof(buf)) :
		     model_disc_table(&x, (enum model_disc_defect)m->disc_defect, buf, sizeof(buf));
	const uint8_t *b = t ? t->bytes : buf;
	uint64_t v = 0;
	for (unsigned i = bytes; i--;)
		v = v << 8 | (off + i < len ? b[off + i] : 0xFF);
	return v;
}
