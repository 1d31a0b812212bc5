/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "model/model_discovery.h"
#include "model/model_disc_units.h"
#include "util/fmt.h"

/*
 * Layout (Linux arch/x86/events/intel/uncore_discovery.h; Intel PCM
 * src/uncore_pmu_discovery.h): a global state then one unit state per stride,
 * each three little-endian qwords. Global q0: type 7:0, stride 15:8 (8-byte
 * units), max_units 25:16, access 63:62; q1 the global control; q2 status
 * offset 7:0, status registers 23:8. Unit q0: num_regs 7:0, ctl_offset 15:8,
 * bit_width 23:16, ctr_offset 31:24, status offset 39:32, access 63:62 (0 MSR,
 * 1 MMIO, 2 PCI); q1 box control (PCI: domain 30:28, bus 27:20, devfn 19:12,
 * offset 11:0); q2 box type 15:0, box id 31:16.
 */
#define STRIDE 4   /* qwords per state: the three, padded */

static const char *const defect_names[MDD_COUNT] = {
	"none", "global-ones", "unit-ones", "unit-zero", "zero-offset", "dup-id", "bar-zero",
	"every", "upi-misplaced",
};

const struct model_disc_machine model_disc_spr = { 8, 4, 4, 3, 0xc0000000ull, 0x7e, NULL, 0 };

const char *model_disc_defect_name(enum model_disc_defect d)
{
	return d < MDD_COUNT ? defect_names[d] : NULL;
}

static void put(uint8_t *b, uint64_t v)
{
	for (unsigned i = 0; i < 8; i++)
		b[i] = (uint8_t)(v >> (8 * i));
}

struct unit {
	unsigned regs, width, ctl_off, ctr_off, access, type, id;
	uint64_t ctl;
};

static void put_unit(uint8_t *b, const struct unit *u)
{
	put(b, (uint64_t)u->regs | (uint64_t)u->ctl_off << 8 | (uint64_t)u->width << 16 |
	       (uint64_t)u->ctr_off << 24 | (uint64_t)u->access << 62);
	put(b + 8, u->ctl);
	put(b + 16, (uint64_t)u->type | (uint64_t)u->id << 16);
}

static uint64_t pci(uint8_t bus, unsigned dev, unsigned fn, unsigned off)
{
	return (uint64_t)bus << 20 | (uint64_t)(dev << 3 | fn) << 12 | off;
}

size_t model_disc_table(const struct model_disc_machine *m, enum model_disc_defect d,
			uint8_t *buf, size_t cap)
{
	struct unit u[128];
	unsigned n = 0;
	/* CHA n: MSR 0x2000 + 0x10 n, controls +2, counters +8, 4 x 48 bits (PCM, Linux SPR). */
	for (unsigned i = 0; i < m->chas && n < 128; i++)
		u[n++] = (struct unit){ 4, 48, 2, 8, 0, 0, i, 0x2000 + 0x10 * i };
	/* The part's other units (model_disc_units.h), box ids from 0 in each type. */
	for (unsigned k = 0; m->part && k < m->part->nunits; k++) {
		const struct model_disc_kind *x = &m->part->units[k];
		for (unsigned i = 0; i < x->count && n < 128; i++)
			u[n++] = (struct unit){ x->nctr, 48, x->ctl_off, x->ctr_off, x->access, x->type, i,
						(x->access == 2 ? (uint64_t)m->bus << 20
						 : x->access == 1 ? m->mmio_base : 0) +
						x->base + (uint64_t)x->step * i };
	}
	/*
	 * iMC channels: MMIO, two per controller at 0x22800 + 0x4000 per channel from the
	 * controller's base, controls at +0x40 (stride 4), counters at +0x8 (Linux SPR/ICX iMC).
	 */
	for (unsigned i = 0; i < 2 * m->imcs && n < 128; i++) {
		uint64_t base = (d == MDD_BAR_ZERO || d == MDD_EVERY) ? 0 : m->mmio_base;
		u[n++] = (struct unit){ 4, 48, 0x40, 0x08, 1, 6, i,
					base + 0x100000ull * (i / 2) + 0x22800 + 0x4000 * (i % 2) };
	}
	/* M2M (devices 12-15 fn 0), UPI (1-4 fn 1), M3UPI (5-8 fn 1): PCI units. */
	bool spr_boxes = !m->part || !m->part->no_m2m_m3upi;
	for (unsigned i = 0; spr_boxes && i < m->m2ms && n < 128; i++)
		u[n++] = (struct unit){ 4, 48, 0x30, 0x08, 2, 7, i, pci(m->bus, 12 + i, 0, 0x438) };
	/* upi-misplaced: at devices 24-29, where the model has no function */
	unsigned upi_dev = d == MDD_UPI_MISPLACED ? 24 : 1, m3upi_dev = d == MDD_UPI_MISPLACED ? 27 : 5;
	for (unsigned i = 0; i < m->upis && n < 126; i++) {
		u[n++] = (struct unit){ 4, 48, 0x38, 0x08, 2, 8, i,
					pci(m->bus, upi_dev + i, 1, 0x318) };
		if (spr_boxes)
			u[n++] = (struct unit){ 3, 48, 0x38, 0x08, 2, 9, i,
						pci(m->bus, m3upi_dev + i, 1, 0xa0) };
	}
	size_t len = (size_t)(n + 1) * STRIDE * 8;
	if (len > cap || n < 2)
		return 0;
	pmu_memset(buf, 0, len);
	/* Global: table type 0, MSR access, global control MODEL_DISC_SPR_GLOBAL. */
	put(buf, (uint64_t)STRIDE << 8 | (uint64_t)n << 16);
	put(buf + 8, MODEL_DISC_SPR_GLOBAL);
	put(buf + 16, 0x8 | 1u << 8);
	if (d == MDD_DUP_ID || d == MDD_EVERY)
		u[1].id = u[0].id;
	if (d == MDD_ZERO_OFFSET || d == MDD_EVERY)
		u[n - 1].ctr_off = 0;
	for (unsigned i = 0; i < n; i++)
		put_unit(buf + (size_t)(i + 1) * STRIDE * 8, &u[i]);
	uint8_t *last = buf + (size_t)n * STRIDE * 8;
	if (d == MDD_UNIT_ONES || d == MDD_EVERY)
		pmu_memset(last - STRIDE * 8, 0xff, 24);
	if (d == MDD_UNIT_ZERO || d == MDD_EVERY)
		pmu_memset(last - 2 * STRIDE * 8, 0, 24);
	if (d == MDD_GLOBAL_ONES)
		pmu_memset(buf, 0xff, len);
	return len;
}
