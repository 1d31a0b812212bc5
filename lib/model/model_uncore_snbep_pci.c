/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Reference model of Sandy Bridge-EP's PCI uncore boxes, one set per package
 * on its uncore bus (model_pci.c), from Intel's Xeon E5-2600 uncore guide
 * (327043) as Linux arch/x86/events/intel/uncore_snbep.c and Intel PCM read it:
 *   box            device id  dev.fn   counters            width
 *   HA             0x3C46     14.1     4                   48
 *   iMC channel 0  0x3CB0     16.4     4 + fixed DCLK      48
 *   iMC channel 1  0x3CB1     16.5     (PCM: channels at   48
 *   iMC channel 2  0x3CB4     16.0      16.4, 16.5, 16.0,  48
 *   iMC channel 3  0x3CB5     16.1      16.1)              48
 *   QPI port 0/1   0x3C41/42  8.2/9.2  4 (ExtSel bit 21)   48
 *   R2PCIe         0x3C43     19.1     4                   44
 *   R3QPI link 0/1 0x3C44/45  19.5/6   3                   44
 *   U-box          0x3CE0     11.0     CPUNODEID 0x40, GIDNIDMAP 0x54
 * HA, R2PCIe and R3QPI device.function are the model's choice: no source at
 * hand confirms them, and the tool finds boxes by device id, not by address.
 * Every box: box control 0xF4 (0 resets the controls, 1 the counters, 8
 * freezes, 16 freeze enable), counter controls 0xD8 + 4 n (event 7:0, umask
 * 15:8, reset 17 write-only, edge 18, overflow enable 20, ExtSel 21 on QPI
 * only, enable 22, invert 23, threshold 31:24), counters 0xA0 + 8 n as two
 * dwords (low at +0, high at +4, bits above the width read 0); iMC fixed
 * control 0xF0 (reset 19, overflow enable 20, enable 22), fixed counter 0xD0.
 * Model choices:
 * - Configuration writes never fault (PCI has no #GP): bits outside those
 *   fields are dropped and read 0; other offsets of a present function read 0.
 * - A stimulus (model_devs.h) is one sub-event: a counter counts it when the
 *   event matches and its umask has one of the stimulus's umask bits (or both
 *   are 0: the clocks); thresh 0 compares with 0 as on the MSR boxes.
 * - The DCLK fixed counter adds one per simulated cycle (simulated clock).
 * - Node ids: package p's CPUNODEID is (p + 2) & 7 and GIDNIDMAP's field p
 *   holds it, so the node id is never the package number.
 * - m->pci_tear (hostile): a counting counter moves that much each time its
 *   low dword is read, so a low-then-high read tears.
 */
#include <stddef.h>
#include "model/model_uncore_common.h"
#include "pmu/regkey.h"

#define BOX_CTL   0xF4u
#define CTL0      0xD8u
#define CTR0      0xA0u
#define FIX_CTL   0xF0u
#define FIX_CTR   0xD0u
#define UBOX_DEV  11u
#define UBOX_ID   0x3CE0u
#define CPUNODEID 0x40u
#define GIDNIDMAP 0x54u
#define INTEL     0x8086u

#define BOX_RST_CTRL (1u << 0)
#define BOX_RST_CTRS (1u << 1)
#define BOX_FRZ      (1u << 8)
#define BOX_FRZ_EN   (1u << 16)
#define CTL_RST      (1u << 17)
#define CTL_EDGE     (1u << 18)
#define CTL_EXT      (1u << 21)
#define CTL_EN       (1u << 22)
#define CTL_INV      (1u << 23)
#define CTL_HOLD     0xFFD4FFFFu   /* 31:22, 20, 18, 15:0; 21 on QPI */
#define FIX_RST      (1u << 19)
#define FIX_HOLD     ((1u << 20) | CTL_EN)

struct pbox {
	uint8_t dev, fn;
	uint16_t id;
	uint8_t nctr, width;
	bool fixed, extsel;
	uint8_t stim;   /* enum model_unc_box */
};

static const struct pbox pboxes[] = {
	{ 14, 1, 0x3C46, 4, 48, false, false, MODEL_UNC_SNBEP_HA },
	{ 16, 4, 0x3CB0, 4, 48, true, false, MODEL_UNC_SNBEP_IMC0 },
	{ 16, 5, 0x3CB1, 4, 48, true, false, MODEL_UNC_SNBEP_IMC0 + 1 },
	{ 16, 0, 0x3CB4, 4, 48, true, false, MODEL_UNC_SNBEP_IMC0 + 2 },
	{ 16, 1, 0x3CB5, 4, 48, true, false, MODEL_UNC_SNBEP_IMC0 + 3 },
	{ 8, 2, 0x3C41, 4, 48, false, true, MODEL_UNC_SNBEP_QPI0 },
	{ 9, 2, 0x3C42, 4, 48, false, true, MODEL_UNC_SNBEP_QPI0 + 1 },
	{ 19, 1, 0x3C43, 4, 44, false, false, MODEL_UNC_SNBEP_R2PCIE },
	{ 19, 5, 0x3C44, 3, 44, false, false, MODEL_UNC_SNBEP_R3QPI0 },
	{ 19, 6, 0x3C45, 3, 44, false, false, MODEL_UNC_SNBEP_R3QPI0 + 1 },
};
#define N_PBOXES (sizeof(pboxes) / sizeof(pboxes[0]))
#define EDGE_BIT(i, n) (64u + 4u * (unsigned)(i) + (n))

static unsigned key_dev(uint32_t k)
{
	return k >> 15 & 31;
}

static unsigned key_fn(uint32_t k)
{
	return k >> 12 & 7;
}

static unsigned key_off(uint32_t k)
{
	return k & 0xFFC;
}

static const struct pbox *pbox_of(uint32_t key)
{
	for (unsigned i = 0; i < N_PBOXES; i++)
		if (pboxes[i].dev == key_dev(key) && pboxes[i].fn == key_fn(key))
			return &pboxes[i];
	return NULL;
}

static uint32_t reg(const struct pbox *x, unsigned off)
{
	return model_pci_key(x->dev, x->fn, off);
}

static bool claims(const struct model *m, uint32_t key)
{
	(void)m;
	return regkey_is_pci(key) && (pbox_of(key) || (key_dev(key) == UBOX_DEV && !key_fn(key)));
}

static unsigned pkg_of_file(const struct model *m, const struct model_regfile *rf)
{
	return (unsigned)(rf - m->pkg);
}

static unsigned node_id(unsigned pkg)
{
	return (pkg + 2) & 7;
}

static uint32_t ubox_read(const struct model *m, const struct model_regfile *rf, unsigned off)
{
	uint32_t map = 0;
	switch (off) {
	case 0:
		return INTEL | UBOX_ID << 16;
	case CPUNODEID:
		return node_id(pkg_of_file(m, rf));
	case GIDNIDMAP:
		for (unsigned p = 0; p < m->npkgs; p++)
			map |= (uint32_t)node_id(p) << (3 * p);
		return map;
	default:
		return 0;
	}
}

/* Counter n's low-dword offset, or -1 when off is no counter dword; *hi for the high one. */
static int ctr_of(const struct pbox *x, unsigned off, bool *hi)
{
	*hi = off & 4;
	unsigned lo = off & ~4u;
	if (x->fixed && lo == FIX_CTR)
		return (int)FIX_CTR;
	if (lo >= CTR0 && lo < CTR0 + 8u * x->nctr)
		return (int)lo;
	return -1;
}

static bool counting(const struct model_regfile *rf, const struct pbox *x, unsigned lo)
{
	if (model_peek(rf, reg(x, BOX_CTL)) & BOX_FRZ)
		return false;
	unsigned ctl = lo == FIX_CTR ? FIX_CTL : CTL0 + (lo - CTR0) / 2;
	return model_peek(rf, reg(x, ctl)) & CTL_EN;
}

static pmu_status pci_read(struct model *m, struct model_regfile *rf, uint32_t key, uint64_t *val)
{
	const struct pbox *x = pbox_of(key);
	unsigned off = key_off(key);
	bool hi;
	if (!x) {
		*val = ubox_read(m, rf, off);
		return PMU_OK;
	}
	int lo = off ? ctr_of(x, off, &hi) : -1;
	if (!off) {
		*val = INTEL | (uint32_t)x->id << 16;
	} else if (lo >= 0) {
		uint64_t v = model_peek(rf, reg(x, (unsigned)lo));
		*val = hi ? v >> 32 : (uint32_t)v;
		if (!hi && m->pci_tear && counting(rf, x, (unsigned)lo))
			(void)munc_add(rf, reg(x, (unsigned)lo), m->pci_tear, x->width);
	} else {
		*val = model_peek(rf, key);
	}
	return PMU_OK;
}

static void zero_ctls(struct model_regfile *rf, const struct pbox *x)
{
	for (unsigned n = 0; n < x->nctr; n++)
		(void)model_poke(rf, reg(x, CTL0 + 4 * n), 0);
	if (x->fixed)
		(void)model_poke(rf, reg(x, FIX_CTL), 0);
}

static void zero_ctrs(struct model_regfile *rf, const struct pbox *x)
{
	for (unsigned n = 0; n < x->nctr; n++)
		(void)model_poke(rf, reg(x, CTR0 + 8 * n), 0);
	if (x->fixed)
		(void)model_poke(rf, reg(x, FIX_CTR), 0);
}

static pmu_status pci_write(struct model *m, struct model_regfile *rf, uint32_t key, uint64_t val)
{
	const struct pbox *x = pbox_of(key);
	unsigned off = key_off(key);
	uint32_t v = (uint32_t)val;
	bool hi;
	(void)m;
	if (!x || !off)
		return PMU_OK;   /* the U-box's node ids and the id dword are read-only */
	int lo = ctr_of(x, off, &hi);
	if (lo >= 0) {
		uint64_t c = model_peek(rf, reg(x, (unsigned)lo));
		c = hi ? (c & 0xFFFFFFFFu) | (uint64_t)v << 32 : (c & ~0xFFFFFFFFull) | v;
		return model_poke(rf, reg(x, (unsigned)lo), c & munc_mask(x->width));
	}
	if (off == BOX_CTL) {
		if (v & BOX_RST_CTRL)
			zero_ctls(rf, x);
		if (v & BOX_RST_CTRS)
			zero_ctrs(rf, x);
		return model_poke(rf, key, v & (BOX_FRZ | BOX_FRZ_EN));
	}
	if (x->fixed && off == FIX_CTL) {
		if (v & FIX_RST)
			(void)model_poke(rf, reg(x, FIX_CTR), 0);
		return model_poke(rf, key, v & FIX_HOLD);
	}
	if (off >= CTL0 && off < CTL0 + 4u * x->nctr) {
		unsigned n = (off - CTL0) / 4;
		if (v & CTL_RST)
			(void)model_poke(rf, reg(x, CTR0 + 8 * n), 0);
		munc_set_bit(&rf->scratch[MUNC_SCR_EDGE_HI], EDGE_BIT(x - pboxes, n) - 64, false);
		return model_poke(rf, key, v & (CTL_HOLD | (x->extsel ? CTL_EXT : 0)));
	}
	return PMU_OK;   /* no register there: dropped */
}

/* Occurrences this cycle of what counter control ctl selects in box x. */
static uint64_t selected(const struct pbox *x, uint32_t ctl, const struct model_cycle *c)
{
	uint64_t n = 0;
	unsigned ev = ctl & 0xFF, umask = ctl >> 8 & 0xFF;
	uint32_t want = MODEL_UNC_STIM(x->stim, ev, 0) | (ctl & CTL_EXT ? 1u << 24 : 0);
	for (unsigned i = 0; c->stim && i < c->nstim; i++) {
		uint32_t code = c->stim[i].code, su = code >> 8 & 0xFF;
		if ((code & ~0xFF00u) == want && ((su & umask) || (!su && !umask)))
			n += c->stim[i].count;
	}
	return n;
}

static void span(struct model_regfile *rf, const struct model_cycle *c, uint64_t cycles)
{
	for (unsigned i = 0; i < N_PBOXES; i++) {
		const struct pbox *x = &pboxes[i];
		if (model_peek(rf, reg(x, BOX_CTL)) & BOX_FRZ)
			continue;
		for (unsigned n = 0; n < x->nctr; n++) {
			uint32_t ctl = (uint32_t)model_peek(rf, reg(x, CTL0 + 4 * n));
			uint64_t inc = munc_shape(rf, EDGE_BIT(i, n), selected(x, ctl, c), ctl >> 24,
						  ctl & CTL_INV, ctl & CTL_EDGE, true);
			if (ctl & CTL_EN)
				(void)munc_add(rf, reg(x, CTR0 + 8 * n), inc, x->width);
		}
		if (x->fixed && (model_peek(rf, reg(x, FIX_CTL)) & CTL_EN))
			(void)munc_add(rf, reg(x, FIX_CTR), cycles, x->width);
	}
}

static void pci_cycle(struct model *m, struct model_regfile *rf, const struct model_cycle *c)
{
	(void)m;
	span(rf, c, 1);
}

/* In bulk unless a counting counter has a threshold (its count depends on how events fall). */
static bool pci_cycles(struct model *m, struct model_regfile *rf, const struct model_cycle *sum,
		       uint64_t n)
{
	(void)m;
	for (unsigned i = 0; i < N_PBOXES; i++) {
		const struct pbox *x = &pboxes[i];
		for (unsigned k = 0; k < x->nctr; k++) {
			uint32_t ctl = (uint32_t)model_peek(rf, reg(x, CTL0 + 4 * k));
			if ((ctl & CTL_EN) && (ctl >> 24))
				return false;
		}
	}
	span(rf, sum, n);
	return true;
}

const struct model_dev model_dev_snbep_pci = {
	.name = "snbep-pci-uncore",
	.package_scope = true,
	.claims = claims,
	.read = pci_read,
	.write = pci_write,
	.cycle = pci_cycle,
	.cycles = pci_cycles,
};
