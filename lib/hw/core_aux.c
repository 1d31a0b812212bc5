/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include <stdbool.h>
#include "hw/core_aux.h"
#include "hw/msr.h"
#include "util/fmt.h"

/* The seed CPUs by generation (Linux uncore.c model table model table). */
static const uint8_t nhm_wsm[] = { 0x1A, 0x1E, 0x1F, 0x2E, 0x25, 0x2C, 0x2F };
static const uint8_t wsm[] = { 0x25, 0x2C, 0x2F };
static const uint8_t snb_ep[] = { 0x2D };

#define MODELS(a) .models = (a), .nmodels = sizeof(a) / sizeof((a)[0])
/* Intel SDM Vol. 4 table 2-2: the kernel's valid-bit masks of OFFCORE_RSP. */
#define RSP_NHM 0xFFFFull
#define RSP_SNB_EP 0x3FFFFF8FFFull
#define RSP(n, ev, mask, m) { "offcore_rsp", "MSR_OFFCORE_RSP_" #n, MSR_OFFCORE_RSP_##n, \
			      (ev), 0x01, (mask), 0, MODELS(m) }
/*
 * MSR_PEBS_LD_LAT_THRESHOLD: bits 15:0 the threshold in core cycles, 63:16 reserved
 * (SDM vol. 3B figure 18-23, "the minimum value that may be programmed is 3", the
 * default here; Intel's lists also give 0).
 */
#define LD_LAT(ev, um, m) { "ldlat", "MSR_PEBS_LD_LAT_THRESHOLD", MSR_PEBS_LD_LAT_THRESHOLD, \
			    (ev), (um), 0xFFFFull, 3, MODELS(m) }

/* OFFCORE_RSP_1 from Westmere on: Nehalem has RSP_0 only (Intel SDM Vol. 4 table 2-2). */
static const struct core_aux aux_regs[] = {
	RSP(0, 0xB7, RSP_NHM, nhm_wsm),
	RSP(1, 0xBB, RSP_NHM, wsm),
	RSP(0, 0xB7, RSP_SNB_EP, snb_ep),
	RSP(1, 0xBB, RSP_SNB_EP, snb_ep),
	LD_LAT(0x0B, 0x10, nhm_wsm),
	LD_LAT(0xCD, 0x01, snb_ep),
};

static bool has_model(const struct core_aux *a, uint32_t family, uint32_t model)
{
	for (unsigned i = 0; family == 6 && i < a->nmodels; i++)
		if (a->models[i] == model)
			return true;
	return false;
}

#define NROWS (sizeof(aux_regs) / sizeof(aux_regs[0]))

const struct core_aux *core_aux_for(uint32_t family, uint32_t model, uint8_t event, uint8_t umask)
{
	for (unsigned i = 0; i < NROWS; i++) {
		const struct core_aux *a = &aux_regs[i];
		if (a->event == event && a->umask == umask && has_model(a, family, model))
			return a;
	}
	return NULL;
}

const struct core_aux *core_aux_of(uint32_t family, uint32_t model, uint32_t msr)
{
	for (unsigned i = 0; i < NROWS; i++)
		if (aux_regs[i].msr == msr && has_model(&aux_regs[i], family, model))
			return &aux_regs[i];
	return NULL;
}

const struct core_aux *core_aux_alt(uint32_t family, uint32_t model, uint32_t msr)
{
	const struct core_aux *a = core_aux_of(family, model, msr);
	for (unsigned i = 0; a && i < NROWS; i++) {
		const struct core_aux *b = &aux_regs[i];
		if (b->msr != msr && !pmu_strcmp(b->term, a->term) && has_model(b, family, model))
			return b;
	}
	return NULL;
}
