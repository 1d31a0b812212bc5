/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The reference model's Panther Lake and Nova Lake uncore (model_disc_client.c): the MSR
 * portal holding the discovery table's address, the table and its MMIO units, its global
 * control, and the client boxes at fixed MSRs. A profile has it where model.h's client is set.
 */
#ifndef EFIPMU_MODEL_DISC_CLIENT_H
#define EFIPMU_MODEL_DISC_CLIENT_H

#include "model/model_devs.h"

/* n boxes of two general counters: EVTSEL at sel + stride * box, CTR at ctr + stride * box. */
struct model_client_gp {
	uint32_t sel, ctr;
	unsigned n, stride;
};

/* n cNCUs, stride apart: box control, fixed counter control and fixed counter. */
struct model_client_cncu {
	uint32_t box, fctl, fctr;
	unsigned n, stride;
};

struct model_client {
	uint32_t portal;                   /* the MSR holding the table's address */
	struct model_client_gp gp[3];
	unsigned ngp;
	struct model_client_cncu cncu;
	/*
	 * The global control's value at power-on. Linux says Panther Lake's freeze bit "is set by
	 * default" (tip 64ad6d6ede0c, 46da08a2bb4d) but the bit's position is not published: 0
	 * (unfrozen) until the model honours freeze_all.
	 */
	uint32_t global_power_on;
};

extern const struct model_client model_client_ptl, model_client_nvl;
extern const struct model_dev model_dev_client_uncore;

/* Whether addr is a client profile's table, global control or unit register. */
bool model_client_mmio(const struct model *m, uint64_t addr);
/* bytes (4 or 8) at addr as cpu reads them (model_client_mmio's addresses). */
uint64_t model_client_mmio_read(struct model *m, unsigned cpu, uint64_t addr, unsigned bytes);
void model_client_mmio_write(struct model *m, unsigned cpu, uint64_t addr, unsigned bytes,
			     uint64_t val);

#endif
