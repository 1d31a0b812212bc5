/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The reference model's PCI uncore boxes, one engine for every family's table
 * (model_uncore_snbep_pci.c, model_uncore_skx_pci.c): box control (0 resets the
 * controls, 1 the counters, 8 freezes, 16 freeze enable where the family has it),
 * counter controls (event 7:0, umask 15:8, reset 17 write-only, edge 18, overflow
 * enable 20, ExtSel 21 where a box has it, enable 22, invert 23, threshold 31:24),
 * 48- or 44-bit counters as two dwords (low at +0, high at +4, bits above the width
 * read 0), an iMC's fixed counter (control: reset 19, overflow enable 20, enable 22).
 * Model choices:
 * - Configuration writes never fault (PCI has no #GP): bits outside those fields
 *   are dropped and read 0; other offsets of a present function read 0.
 * - A stimulus (model_devs.h) is one sub-event: a counter counts it when the event
 *   matches and its umask has one of the stimulus's umask bits (or both are 0: the
 *   clocks); thresh 0 compares with 0 as on the MSR boxes.
 * - A fixed counter adds one per simulated cycle (simulated clock); hostile variants stop
 *   an iMC channel's or run it at twice the rate (model.imc_clock_stopped, _double).
 * - Node ids: package p's CPUNODEID is (p + 2) & 7 and GIDNIDMAP's field p holds it,
 *   so the node id is never the package number.
 * - m->pci_tear (hostile): a counting counter moves that much each time its low
 *   dword is read, so a low-then-high read tears.
 */
#ifndef EFIPMU_MODEL_UNCORE_PCI_H
#define EFIPMU_MODEL_UNCORE_PCI_H

#include "model/model_uncore_common.h"

/* One box: where it is (bus index of its package's, device, function) and its registers. */
struct pbox {
	uint8_t bus, dev, fn;
	uint16_t id;                              /* 0: an MMIO box (MODEL_MMIO_BUS) */
	uint16_t box_ctl, ctl0, ctl_step, ctr0;   /* counter n at ctr0 + 8 n */
	uint8_t nctr, width;
	bool fixed, extsel;
	uint8_t stim;   /* enum model_unc_box */
	uint16_t fix_ctl, fix_ctr;                /* the fixed counter's, where `fixed` */
	uint32_t ctl_hi;   /* bits a control's second dword (+ 4) holds; 0: it has none */
};

/* A read-only function of a package: its id and dwords (the PCU's CAPID6, iMC bases). */
struct pfn_ro {
	uint8_t bus, dev, fn;
	uint16_t id;
	uint32_t (*value)(const struct model *m, const struct model_regfile *rf, unsigned off);
};

/*
 * A function's match registers (a box's, or a filter function's): the dwords at off[i] holding
 * the bits of held[i], n of them; the list ends with id 0.
 */
struct pmatch {
	uint16_t id;
	uint8_t n;
	uint16_t off[4];
	uint32_t held[4];
};

/*
 * A memory controller's free-running counters (Ice Lake-SP): three 8-byte counters under
 * pseudo-device dev of its MMIO bus, counting the CAS stimuli of its channels (read and
 * write umask bits) and the clock, never frozen, never written (writes are dropped).
 */
struct pfreerun {
	uint8_t dev;
	uint16_t rd, wr, clk;
	uint8_t width, event, rd_bits, wr_bits;
};

struct pset {
	const struct pbox *box;
	unsigned n;
	struct pfn_ro ubox;                  /* its id; value unused */
	uint16_t nodeid_off, map_off;        /* CPUNODEID (bits 2:0), GIDNIDMAP (3-bit fields) */
	uint32_t box_bits;                   /* box control bits held (freeze, freeze enable) */
	struct pfn_ro ro[2];                 /* id 0: none */
	unsigned edge0;                      /* first edge bit of box 0 (4 a box) */
	/*
	 * The box control's bits are the discovery table's generic ones (freeze 0, reset the
	 * controls 8 and the counters 9: Linux uncore_discovery.h GENERIC_PMON_BOX_CTL_*), not
	 * SNB-EP's (resets 0 and 1, freeze 8).
	 */
	bool generic;
	const struct pmatch *match;          /* ends with id 0; NULL: no box has match registers */
	const struct pfreerun *freerun;      /* NULL: none */
	/*
	 * The discovery table's global control in the package's file (model_discovery.h), 0:
	 * none. While it holds anything but 0 no box counts (freeze_all: tip b575fc0e3357);
	 * the free-running counters are no PMON box's and run on.
	 */
	uint32_t global_ctl;
};

/*
 * MMIO boxes are kept under keys of pseudo-bus MODEL_MMIO_BUS + memory controller, device
 * = channel, offsets + 0x100 (model_pci.c maps addresses there): no config bus reaches them.
 */
#define MODEL_MMIO_BUS 0x80u

bool pset_claims(const struct pset *s, uint32_t key);
pmu_status pset_read(const struct pset *s, struct model *m, struct model_regfile *rf, uint32_t key,
		     uint64_t *val);
pmu_status pset_write(const struct pset *s, struct model_regfile *rf, uint32_t key, uint64_t val);
void pset_cycle(const struct pset *s, const struct model *m, struct model_regfile *rf,
		const struct model_cycle *c);
bool pset_cycles(const struct pset *s, const struct model *m, struct model_regfile *rf,
		 const struct model_cycle *sum, uint64_t n);

/* A family's PCI device: the engine with its table. */
#define MODEL_PCI_DEV(pre, set, dname)                                                         \
static bool pre##_claims(const struct model *m, uint32_t key)                                  \
{                                                                                              \
	(void)m;                                                                               \
	return pset_claims(&(set), key);                                                       \
}                                                                                              \
static pmu_status pre##_read(struct model *m, struct model_regfile *rf, uint32_t key,        \
			     uint64_t *val)                                                    \
{                                                                                              \
	return pset_read(&(set), m, rf, key, val);                                             \
}                                                                                              \
static pmu_status pre##_write(struct model *m, struct model_regfile *rf, uint32_t key,       \
			      uint64_t val)                                                    \
{                                                                                              \
	(void)m;                                                                               \
	return pset_write(&(set), rf, key, val);                                               \
}                                                                                              \
static void pre##_cycle(struct model *m, struct model_regfile *rf, const struct model_cycle *c) \
{                                                                                              \
	pset_cycle(&(set), m, rf, c);                                                          \
}                                                                                              \
static bool pre##_cycles(struct model *m, struct model_regfile *rf,                           \
			 const struct model_cycle *sum, uint64_t n)                            \
{                                                                                              \
	return pset_cycles(&(set), m, rf, sum, n);                                             \
}                                                                                              \
const struct model_dev model_dev_##pre##_pci = {                                               \
	.name = (dname), .package_scope = true, .claims = pre##_claims, .read = pre##_read,    \
	.write = pre##_write, .cycle = pre##_cycle, .cycles = pre##_cycles,                    \
}

#endif
