/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The model's PCI uncore engine (model_uncore_pci.h). */
#include <stddef.h>
#include "model/model_uncore_pci.h"
#include "pmu/regkey.h"

#define BOX_RST_CTRL (1u << 0)
#define BOX_RST_CTRS (1u << 1)
#define BOX_FRZ      (1u << 8)
#define CTL_RST      (1u << 17)
#define CTL_EDGE     (1u << 18)
#define CTL_EXT      (1u << 21)
#define CTL_EN       (1u << 22)
#define CTL_INV      (1u << 23)
#define CTL_HOLD     0xFFD4FFFFu   /* 31:22, 20, 18, 15:0; 21 where the box has ExtSel */
#define FIX_RST      (1u << 19)
#define FIX_HOLD     ((1u << 20) | CTL_EN)
#define INTEL        0x8086u
#define GEN_FRZ      (1u << 0)
#define GEN_RST_CTRL (1u << 8)
#define GEN_RST_CTRS (1u << 9)

static uint32_t frz(const struct pset *s)
{
	return s->generic ? GEN_FRZ : BOX_FRZ;
}

static unsigned key_bus(uint32_t k)
{
	return k >> 20 & 0xFF;
}

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

static bool at(const struct pfn_ro *f, uint32_t key)
{
	return f->id && f->bus == key_bus(key) && f->dev == key_dev(key) && f->fn == key_fn(key);
}

static const struct pbox *pbox_of(const struct pset *s, uint32_t key)
{
	for (unsigned i = 0; i < s->n; i++) {
		const struct pbox *x = &s->box[i];
		if (x->bus == key_bus(key) && x->dev == key_dev(key) && x->fn == key_fn(key))
			return x;
	}
	return NULL;
}

static uint32_t reg(const struct pbox *x, unsigned off)
{
	return model_pci_key_at(x->bus, x->dev, x->fn, off);
}

static unsigned edge_bit(const struct pset *s, const struct pbox *x, unsigned n)
{
	return s->edge0 + 4 * (unsigned)(x - s->box) + n;
}

static const struct pfn_ro *ro_of(const struct pset *s, uint32_t key)
{
	for (unsigned i = 0; i < 2; i++)
		if (at(&s->ro[i], key))
			return &s->ro[i];
	return NULL;
}

bool pset_claims(const struct pset *s, uint32_t key)
{
	return regkey_is_pci(key) && (pbox_of(s, key) || at(&s->ubox, key) || ro_of(s, key));
}

static unsigned pkg_of_file(const struct model *m, const struct model_regfile *rf)
{
	return (unsigned)(rf - m->pkg);
}

static unsigned node_id(unsigned pkg)
{
	return (pkg + 2) & 7;
}

static uint32_t ubox_read(const struct pset *s, const struct model *m,
			  const struct model_regfile *rf, unsigned off)
{
	uint32_t map = 0;
	if (!off)
		return INTEL | (uint32_t)s->ubox.id << 16;
	if (off == s->nodeid_off)
		return node_id(pkg_of_file(m, rf));
	if (off != s->map_off)
		return 0;
	for (unsigned p = 0; p < m->npkgs; p++)
		map |= (uint32_t)node_id(p) << (3 * p);
	return map;
}

/* Counter n's low-dword offset, or -1 when off is no counter dword; *hi for the high one. */
static int ctr_of(const struct pbox *x, unsigned off, bool *hi)
{
	*hi = off & 4;
	unsigned lo = off & ~4u;
	if (x->fixed && lo == x->fix_ctr)
		return (int)x->fix_ctr;
	if (lo >= x->ctr0 && lo < x->ctr0 + 8u * x->nctr)
		return (int)lo;
	return -1;
}

/* The control of counter n, or of the fixed counter at lo. */
static unsigned ctl_of(const struct pbox *x, unsigned lo)
{
	return x->fixed && lo == x->fix_ctr ? x->fix_ctl : x->ctl0 + x->ctl_step * ((lo - x->ctr0) / 8);
}

/* Box x holds still: its box control's freeze bit, or the table's global control not 0. */
static bool held(const struct pset *s, const struct model_regfile *rf, const struct pbox *x)
{
	return (model_peek(rf, reg(x, x->box_ctl)) & frz(s)) ||
	       (s->global_ctl && model_peek(rf, s->global_ctl));
}

static bool counting(const struct pset *s, const struct model_regfile *rf, const struct pbox *x,
		     unsigned lo)
{
	if (held(s, rf, x))
		return false;
	return model_peek(rf, reg(x, ctl_of(x, lo))) & CTL_EN;
}

pmu_status pset_read(const struct pset *s, struct model *m, struct model_regfile *rf, uint32_t key,
		     uint64_t *val)
{
	const struct pbox *x = pbox_of(s, key);
	unsigned off = key_off(key);
	bool hi;
	const struct pfn_ro *ro = x ? NULL : ro_of(s, key);
	if (!x && s->freerun && key_bus(key) >= MODEL_MMIO_BUS && key_dev(key) == s->freerun->dev) {
		uint64_t v = model_peek(rf, key & ~4u);   /* an 8-byte counter as two dwords */
		*val = key & 4 ? v >> 32 : (uint32_t)v;
		return PMU_OK;
	}
	if (!x) {
		if (at(&s->ubox, key))
			*val = ubox_read(s, m, rf, off);
		else
			*val = !off ? INTEL | (uint32_t)ro->id << 16 : ro->value(m, rf, off);
		return PMU_OK;
	}
	int lo = off ? ctr_of(x, off, &hi) : -1;
	if (!off && x->id) {
		*val = INTEL | (uint32_t)x->id << 16;
	} else if (lo >= 0) {
		uint64_t v = model_peek(rf, reg(x, (unsigned)lo));
		*val = hi ? v >> 32 : (uint32_t)v;
		if (!hi && m->pci_tear && counting(s, rf, x, (unsigned)lo))
			(void)munc_add(rf, reg(x, (unsigned)lo), m->pci_tear, x->width);
	} else {
		*val = model_peek(rf, key);
	}
	return PMU_OK;
}

static void zero_ctls(struct model_regfile *rf, const struct pbox *x)
{
	for (unsigned n = 0; n < x->nctr; n++)
		(void)model_poke(rf, reg(x, x->ctl0 + x->ctl_step * n), 0);
	if (x->fixed)
		(void)model_poke(rf, reg(x, x->fix_ctl), 0);
}

static void zero_ctrs(struct model_regfile *rf, const struct pbox *x)
{
	for (unsigned n = 0; n < x->nctr; n++)
		(void)model_poke(rf, reg(x, x->ctr0 + 8 * n), 0);
	if (x->fixed)
		(void)model_poke(rf, reg(x, x->fix_ctr), 0);
}

pmu_status pset_write(const struct pset *s, struct model_regfile *rf, uint32_t key, uint64_t val)
{
	const struct pbox *x = pbox_of(s, key);
	unsigned off = key_off(key);
	uint32_t v = (uint32_t)val;
	bool hi;
	if (!x || !off)
		return PMU_OK;   /* the U-box's node ids, CAPID and the id dword are read-only */
	int lo = ctr_of(x, off, &hi);
	if (lo >= 0) {
		uint64_t c = model_peek(rf, reg(x, (unsigned)lo));
		c = hi ? (c & 0xFFFFFFFFu) | (uint64_t)v << 32 : (c & ~0xFFFFFFFFull) | v;
		return model_poke(rf, reg(x, (unsigned)lo), c & munc_mask(x->width));
	}
	if (off == x->box_ctl) {
		if (v & (s->generic ? GEN_RST_CTRL : BOX_RST_CTRL))
			zero_ctls(rf, x);
		if (v & (s->generic ? GEN_RST_CTRS : BOX_RST_CTRS))
			zero_ctrs(rf, x);
		return model_poke(rf, key, v & s->box_bits);
	}
	for (const struct pmatch *mt = s->match; mt && mt->id; mt++)
		for (unsigned i = 0; x->id == mt->id && i < mt->n; i++)
			if (off == mt->off[i])
				return model_poke(rf, key, v & mt->held[i]);
	if (x->fixed && off == x->fix_ctl) {
		if (v & FIX_RST)
			(void)model_poke(rf, reg(x, x->fix_ctr), 0);
		return model_poke(rf, key, v & FIX_HOLD);
	}
	unsigned step = x->ctl_step, rel = off - x->ctl0;
	if (x->ctl_hi && off >= x->ctl0 && rel < step * x->nctr && rel % step == 4)
		return model_poke(rf, key, v & x->ctl_hi);   /* a control's second dword */
	if (off >= x->ctl0 && rel < step * x->nctr && !(rel % step)) {
		unsigned n = rel / step, e = edge_bit(s, x, n);
		if (v & CTL_RST)
			(void)model_poke(rf, reg(x, x->ctr0 + 8 * n), 0);
		munc_set_bit(munc_edge_word(rf, e), e & 63, false);
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

/* What a fixed clock adds over cycles: the hostile variants' stopped or double-rate channel. */
static uint64_t fixed_ticks(const struct model *m, unsigned nth, uint64_t cycles)
{
	unsigned bit = 1u << nth;
	return m->imc_clock_stopped & bit ? 0 : m->imc_clock_double & bit ? 2 * cycles : cycles;
}

/* An MMIO channel's traffic on its controller's free-running counters (never frozen). */
static void freerun(const struct pset *s, const struct model *m, struct model_regfile *rf,
		    const struct pbox *x, const struct model_cycle *c, uint64_t cycles)
{
	const struct pfreerun *f = s->freerun;
	unsigned mc = x->bus - MODEL_MMIO_BUS;
	if (!f || x->id || (m->imc_freerun_stuck >> mc & 1))
		return;
	if (!(m->imc_freerun_rd_stuck >> mc & 1))
		(void)munc_add(rf, model_pci_key_at(x->bus, f->dev, 0, f->rd),
			       selected(x, f->event | (uint32_t)f->rd_bits << 8, c), f->width);
	(void)munc_add(rf, model_pci_key_at(x->bus, f->dev, 0, f->wr),
		       selected(x, f->event | (uint32_t)f->wr_bits << 8, c), f->width);
	if (x->dev == 0)   /* the controller's clock, once: by its first channel */
		(void)munc_add(rf, model_pci_key_at(x->bus, f->dev, 0, f->clk), cycles, f->width);
}

static void span(const struct pset *s, const struct model *m, struct model_regfile *rf,
		 const struct model_cycle *c, uint64_t cycles)
{
	unsigned nth = 0;   /* boxes with a fixed clock before box i */
	for (unsigned i = 0; i < s->n; i++) {
		const struct pbox *x = &s->box[i];
		freerun(s, m, rf, x, c, cycles);
		if (held(s, rf, x))
			continue;
		for (unsigned n = 0; n < x->nctr; n++) {
			uint32_t ctl = (uint32_t)model_peek(rf, reg(x, x->ctl0 + x->ctl_step * n));
			uint64_t inc = munc_shape(rf, edge_bit(s, x, n), selected(x, ctl, c), ctl >> 24,
						  ctl & CTL_INV, ctl & CTL_EDGE, true);
			if (ctl & CTL_EN)
				(void)munc_add(rf, reg(x, x->ctr0 + 8 * n), inc, x->width);
		}
		if (x->fixed && (model_peek(rf, reg(x, x->fix_ctl)) & CTL_EN))
			(void)munc_add(rf, reg(x, x->fix_ctr), fixed_ticks(m, nth, cycles), x->width);
		nth += x->fixed;
	}
}

void pset_cycle(const struct pset *s, const struct model *m, struct model_regfile *rf,
		const struct model_cycle *c)
{
	span(s, m, rf, c, 1);
}

/* In bulk unless a counting counter has a threshold (its count depends on how events fall). */
bool pset_cycles(const struct pset *s, const struct model *m, struct model_regfile *rf,
		 const struct model_cycle *sum, uint64_t n)
{
	for (unsigned i = 0; i < s->n; i++) {
		const struct pbox *x = &s->box[i];
		for (unsigned k = 0; k < x->nctr; k++) {
			uint32_t ctl = (uint32_t)model_peek(rf, reg(x, x->ctl0 + x->ctl_step * k));
			if ((ctl & CTL_EN) && (ctl >> 24))
				return false;
		}
	}
	span(s, m, rf, sum, n);
	return true;
}
