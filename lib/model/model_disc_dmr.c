/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Diamond Rapids' two discovery tables as the model's machine has them (model_discovery.h),
 * written from the sources' description of the table (Linux uncore_discovery.h: a global
 * state then one unit state per stride, three little-endian qwords each; see
 * model_discovery.c) and of Diamond Rapids' domains and unit types (Linux tip 6daf2c35b835,
 * 66e2075426f3, b575fc0e3357), not from efipmu's decoder. Unit addresses, offsets and the
 * global controls' places are the model's choices: firmware's are not published.
 */
#include "model/model_discovery.h"
#include "model/model_disc_units.h"
#include "util/fmt.h"

#define STRIDE 4          /* qwords per state: the three, padded */
#define ACCESS_MMIO 1ull  /* access type 63:62: 0 MSR, 1 MMIO, 2 PCI */
#define MAX_UNITS 96

/* Linux DMR-5 (IMH: MSE 0x13 ignored), DMR-6 (CBB: CBO 0x1F, SB2UCIE 0x25 ignored). */
static const struct model_disc_kind other[] = { MDU_DMR_ALL(MDU_ROW) };
enum { TYPE_IMC = 0x06, TYPE_MSE = 0x13, TYPE_CBO = 0x1F, TYPE_SB2UCIE = 0x25 };

/* DMR-7: global_init is wired to the CBB domain only, whose freeze_all is set at power-on. */
const struct model_disc_domains model_disc_dmr = { 0x09A1, 0x710, { 0, MODEL_DISC_FROZEN } };

static void put(uint8_t *b, uint64_t v)
{
	for (unsigned i = 0; i < 8; i++)
		b[i] = (uint8_t)(v >> (8 * i));
}

struct unit {
	unsigned regs, ctl_off, ctr_off, type, id;
	uint64_t access, ctl;
};

size_t model_disc_domains_table(const struct model_disc_domains *p,
				const struct model_disc_machine *m, unsigned dom, unsigned die,
				uint64_t bar, uint8_t *buf, size_t cap)
{
	unsigned cbos = m->chas > die ? m->chas - die : 1;
	struct unit u[MAX_UNITS];
	unsigned n = 0;
	(void)p;
	if (dom == 0) {
		/* channel c of controller k at its base + 0x100000 k + 0x22800 + 0x4000 c */
		for (unsigned i = 0; i < 2 * m->imcs && n < MAX_UNITS - 1; i++)
			u[n++] = (struct unit){ 4, 0x40, 0x20, TYPE_IMC, i, ACCESS_MMIO,
						m->mmio_base + 0x100000ull * (i / 2) + 0x22800 +
						0x4000ull * (i % 2) };
		u[n++] = (struct unit){ 4, 0x40, 0x20, TYPE_MSE, 0, ACCESS_MMIO, m->mmio_base + 0x800000 };
	} else {
		for (unsigned i = 0; i < cbos && n < MAX_UNITS - 1; i++)
			u[n++] = (struct unit){ 4, 2, 8, TYPE_CBO, i, 0, 0x2000 + 0x10 * i };
		for (unsigned k = 0; k < MDU_DMR_SLOTS && n < MAX_UNITS - 1; k++)
			u[n++] = (struct unit){ other[k].nctr, other[k].ctl_off, other[k].ctr_off,
						other[k].type, 0, 0, other[k].base };
		u[n++] = (struct unit){ 4, 2, 8, TYPE_SB2UCIE, 0, 0, 0x2F00 };
	}
	size_t len = (size_t)(n + 1) * STRIDE * 8;
	if (len > cap)
		return 0;
	pmu_memset(buf, 0, len);
	/* global: table type 0, stride, units, MMIO access; its control in the globals' page */
	put(buf, (uint64_t)STRIDE << 8 | (uint64_t)n << 16 | ACCESS_MMIO << 62);
	put(buf + 8, bar + MODEL_DISC_GLOBALS_OFF + 8 * dom + 8 * die);
	for (unsigned i = 0; i < n; i++) {
		uint8_t *b = buf + (size_t)(i + 1) * STRIDE * 8;
		/* num_regs 7:0, ctl_offset 15:8, bit_width 23:16 (48), ctr_offset 31:24, access */
		put(b, (uint64_t)u[i].regs | (uint64_t)u[i].ctl_off << 8 | 48ull << 16 |
		       (uint64_t)u[i].ctr_off << 24 | u[i].access << 62);
		put(b + 8, u[i].ctl);
		put(b + 16, (uint64_t)u[i].type | (uint64_t)u[i].id << 16);
	}
	return len;
}
