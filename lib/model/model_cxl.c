/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The model's CXL type-3 device and its CPMU (model_cxl.h), from CXL 3.0: 8.1.9
 * (Register Locator DVSEC), 8.2.7 (CPMU registers: capability, overflow status
 * write-1-to-clear, freeze, event capabilities, counter configuration, filters,
 * counters), 13.2 (event group 0 of vendor 0x1E98: clock ticks). The CPMU has four
 * 48-bit counters: counter 0 fixed on clock ticks (configurable too in a variant), 1-3
 * configurable; event capability 0 offers clock ticks, 1 the M2S Req group (0x20, events
 * 0-6), which the model never sees traffic for (it counts 0). A counter is written only
 * while it is frozen (capability bit 48), and counts when enabled and not frozen. A loaded
 * profile's functions answer the dwords its capture read, and its CPMUs start from the
 * registers it read and count as the model's does.
 */
#include "model/model_cxl.h"
#include "model/model.h"

#define CFG_TYPE 0x3ull
#define CFG_ENABLE (1ull << 8)
#define CFG_FREEZE_OVF (1ull << 10)
#define CFG_RW 0x00FFFFFFFFFF1F00ull       /* enable..invert 12:8, threshold 23:16, events 55:24 */
#define CFG_INDEX (0x1Full << 59)
#define VENDOR 0x1E98ull
#define CPMU_SPAN 0x1000u                  /* a CPMU block's registers: up to 0xE00 (8.2.7) */
#define CAP_FREEZE (1ull << 48 | 1ull << 49)   /* counter freeze; writable while frozen */

static const struct model_cxl_images *images(const struct model *m)
{
	return m->p->cxl_images;
}

bool model_cxl_fn(const struct model *m, struct pmu_pci_addr a)
{
	const struct model_cxl_images *im = images(m);
	uint32_t at = (uint32_t)a.bus << 8 | (uint32_t)a.dev << 3 | a.fn;
	for (unsigned i = 0; im && !a.seg && i < im->nfn; i++)
		if (im->fn[i].at == at)
			return true;
	return !im && m->p->cxl && !a.seg && a.bus == MODEL_CXL_BUS && !a.dev && !a.fn;
}

/* The model's own device's dwords. */
static uint32_t own_config(unsigned off)
{
	switch (off) {
	case 0x00: return 0x0D93u << 16 | 0x1E98u;   /* ids: the model's own */
	case 0x04: return 0x00000006u;               /* memory space, bus master */
	case 0x08: return 0x05021001u;               /* class 05h/02h prog-if 10h: CXL memory device */
	case 0x10: return (uint32_t)MODEL_CXL_BAR | 4u;   /* 64-bit memory BAR */
	case 0x14: return (uint32_t)(MODEL_CXL_BAR >> 32);
	/* DVSEC id 0 (PCIe DVSEC for CXL devices, 0x3C bytes), then the locator at 0x140 */
	case 0x100: return 0x140u << 20 | 1u << 16 | 0x23u;
	case 0x104: return 0x3Cu << 20 | 1u << 16 | 0x1E98u;
	case 0x108: return 0u;
	case 0x140: return 0x23u | 1u << 16;
	case 0x144: return (0x0Cu + 3u * 8u) << 20 | 0x1E98u;   /* three entries */
	case 0x148: return 8u;
	case 0x14C: return 1u << 8;                              /* component registers at 0 */
	case 0x154: return 3u << 8 | 0x1u << 16;                 /* memory device at 0x10000 */
	case 0x15C: return 4u << 8 | (uint32_t)(MODEL_CXL_CPMU >> 16) << 16;   /* the CPMU */
	default: return 0;
	}
}

uint32_t model_cxl_config(const struct model *m, struct pmu_pci_addr a)
{
	const struct model_cxl_images *im = images(m);
	uint32_t at = (uint32_t)a.bus << 8 | (uint32_t)a.dev << 3 | a.fn;
	for (unsigned i = 0; im && i < im->nfn; i++)
		if (im->fn[i].at == at)
			return im->fn[i].dword[a.off / 4 % MODEL_CXL_DWORDS];
	return own_config(a.off);
}

/* The CPMU whose registers addr is among, or NULL. */
static struct model_cxl *cpmu_at(const struct model *m, uint64_t addr)
{
	for (unsigned i = 0; i < MODEL_CXL_CPMUS; i++) {
		const struct model_cxl *x = &m->cxl[i];
		if (x->base && addr >= x->base && addr - x->base < CPMU_SPAN)
			return (struct model_cxl *)x;
	}
	return NULL;
}

bool model_cxl_mmio(const struct model *m, uint64_t addr)
{
	return cpmu_at(m, addr) != NULL;
}

/* counters and evcaps from the capability (CXL 3.0 8.2.7.1.1: bits 5:0 and 36:32, each n - 1) */
static void shape(struct model_cxl *x)
{
	x->counters = (unsigned)(x->cap & 0x3F) + 1;
	x->nevcaps = (unsigned)(x->cap >> 32 & 0x1F) + 1;
}

static void init_captured(struct model_cxl *x, const struct model_cxl_cpmu_image *c)
{
	*x = (struct model_cxl){ .base = c->base, .cap = c->cap, .ovf = c->ovf, .freeze = c->freeze };
	shape(x);
	for (unsigned i = 0; i < x->nevcaps; i++)
		x->evcap[i] = c->evcap[i];
	for (unsigned n = 0; n < x->counters; n++) {
		x->cfg[n] = c->cfg[n];
		x->ctr[n] = c->ctr[n];
	}
}

void model_cxl_init(struct model *m, bool all_configurable)
{
	const struct model_cxl_images *im = images(m);
	for (unsigned i = 0; i < MODEL_CXL_CPMUS; i++)
		m->cxl[i] = (struct model_cxl){ 0 };
	if (im) {
		for (unsigned i = 0; i < im->ncpmu && i < MODEL_CXL_CPMUS; i++)
			init_captured(&m->cxl[i], &im->cpmu[i]);
		return;
	}
	if (!m->p->cxl)
		return;
	struct model_cxl *x = &m->cxl[0];
	x->base = MODEL_CXL_BAR + MODEL_CXL_CPMU;
	x->cap = (MODEL_CXL_COUNTERS - 1) | 48ull << 8 | 1ull << 20 | 1ull << 32 | 1ull << 50 |
		 1ull << 60 | CAP_FREEZE;
	shape(x);
	x->evcap[0] = VENDOR << 48 | 0x1;                  /* group 0: clock ticks */
	x->evcap[1] = VENDOR << 48 | 0x20ull << 32 | 0x7F;   /* M2S Req, events 0-6 */
	for (unsigned n = 0; n < MODEL_CXL_COUNTERS; n++)
		x->cfg[n] = 2;        /* configurable */
	if (!all_configurable)
		x->cfg[0] = 1 | 1ull << 24;   /* fixed (type 1) on clock ticks: events bit 0, index 0 */
}

static bool fixed(const struct model_cxl *x, unsigned n)
{
	return (x->cfg[n] & CFG_TYPE) == 1;
}

uint64_t model_tsc(void *ctx, unsigned cpu)
{
	const struct model *m = ctx;
	return cpu < m->ncpus ? m->cpu_noise[cpu].now : 0;
}

/* Counter n enabled, not frozen, on clock ticks: bit 0 of an index whose group is 0 (13.2). */
static bool counts_clock(const struct model_cxl *x, unsigned n)
{
	uint64_t q = x->cfg[n], idx = q >> 59 & 0x1F;
	return (q & CFG_ENABLE) && !(x->freeze >> n & 1) && (q >> 24 & 1) && idx < x->nevcaps &&
	       x->evcap[idx] >> 48 == VENDOR && !(x->evcap[idx] >> 32 & 0xFFFF);
}

static uint64_t all_of(const struct model_cxl *x)
{
	return x->counters >= 64 ? ~0ull : (1ull << x->counters) - 1;
}

/* The counters brought up to cpu's TSC: a CPU other than the last one starts its own time. */
static void sync(struct model *m, struct model_cxl *x, unsigned cpu)
{
	uint64_t now = model_tsc(m, cpu), d = cpu == x->last_cpu && now > x->last ? now - x->last : 0;
	unsigned width = (unsigned)(x->cap >> 8 & 0xFF);
	uint64_t mask = width >= 64 || !width ? ~0ull : (1ull << width) - 1;
	x->last = now;
	x->last_cpu = cpu;
	for (unsigned n = 0; n < x->counters; n++) {
		if (!counts_clock(x, n))
			continue;
		x->half[n] += d;
		uint64_t v = x->ctr[n] + x->half[n] / MODEL_CXL_TSC_PER_TICK;
		x->half[n] %= MODEL_CXL_TSC_PER_TICK;
		if (v > mask || v < x->ctr[n]) {
			x->ovf |= 1ull << n;
			if (x->cfg[n] & CFG_FREEZE_OVF)
				x->freeze = all_of(x);
		}
		x->ctr[n] = v & mask;
	}
}

static uint64_t reg(const struct model_cxl *x, unsigned off)
{
	if (off == 0x000) return x->cap_no_freeze ? x->cap & ~CAP_FREEZE : x->cap;
	if (off == 0x010) return x->ovf;
	if (off == 0x018) return x->freeze;
	if (off >= 0x100 && off < 0x100 + 8 * x->nevcaps) return x->evcap[(off - 0x100) / 8];
	if (off >= 0x200 && off < 0x200 + 8 * x->counters) return x->cfg[(off - 0x200) / 8];
	if (off >= 0x400 && off < 0x400 + 32 * x->counters) return ~0ull;   /* no filtering */
	if (off >= 0xC00 && off < 0xC00 + 8 * x->counters) return x->ctr[(off - 0xC00) / 8];
	return 0;
}

uint64_t model_cxl_read(struct model *m, unsigned cpu, uint64_t addr, unsigned bytes)
{
	struct model_cxl *x = cpmu_at(m, addr);
	unsigned off = (unsigned)(addr - x->base);
	sync(m, x, cpu);
	uint64_t v = reg(x, off & ~7u);
	v = off & 4 ? v >> 32 : v;
	return bytes == 4 ? v & 0xFFFFFFFFu : v;
}

void model_cxl_write(struct model *m, unsigned cpu, uint64_t addr, unsigned bytes, uint64_t val)
{
	struct model_cxl *x = cpmu_at(m, addr);
	unsigned off = (unsigned)(addr - x->base);
	sync(m, x, cpu);
	if (bytes != 8 || (off & 7))
		return;   /* the model takes its 64-bit registers whole */
	if (off == 0x010) {
		x->ovf &= ~val;
	} else if (off == 0x018) {
		x->freeze = val & all_of(x);
	} else if (off >= 0x200 && off < 0x200 + 8 * x->counters) {
		unsigned n = (off - 0x200) / 8;
		uint64_t keep = CFG_TYPE | (fixed(x, n) ? 0xFFFFFFFFull << 24 | CFG_INDEX : 0);
		uint64_t rw = fixed(x, n) ? CFG_RW & ~(0xFFFFFFFFull << 24) : CFG_RW | CFG_INDEX;
		if (x->sticky_enable && (x->cfg[n] & CFG_ENABLE) && !(val & CFG_ENABLE))
			return;   /* the write that would clear it is dropped */
		x->cfg[n] = (x->cfg[n] & keep) | (val & rw);
	} else if (off >= 0xC00 && off < 0xC00 + 8 * x->counters) {
		unsigned n = (off - 0xC00) / 8;
		if (x->freeze >> n & 1) {
			unsigned width = (unsigned)(x->cap >> 8 & 0xFF);
			x->ctr[n] = width >= 64 ? val : val & ((1ull << width) - 1);
			x->half[n] = 0;
		}
	}
}
