#include <stdbool.h>
#include "hw/core_aux.h"
#include "hw/msr.h"
#include "util/fmt.h"

/* The seed CPUs by generation (REGISTERS.md §0 model table), then the later parts. */
static const uint8_t nhm_wsm[] = { 0x1A, 0x1E, 0x1F, 0x2E, 0x25, 0x2C, 0x2F };
static const uint8_t wsm[] = { 0x25, 0x2C, 0x2F };
static const uint8_t snb_ep[] = { 0x2D };
static const uint8_t skx[] = { 0x55 };
static const uint8_t icx[] = { 0x6A, 0x6C };
/* Golden Cove / Redwood Cove: Sapphire, Emerald, Granite Rapids, the hybrid P-cores */
static const uint8_t glc[] = { 0x8F, 0xCF, 0xAD, 0xAE, 0x97, 0x9A, 0xB7, 0xBA, 0xBF,
			       0xAA, 0xAC, 0xB5 };
static const uint8_t lnc[] = { 0xBD, 0xC5, 0xC6 };             /* Lion Cove P-cores */
static const uint8_t grt[] = { 0x97, 0x9A, 0xB7, 0xBA, 0xBF };  /* Gracemont E-cores */
/* Crestmont (Meteor Lake E-cores) and Skymont (Lunar, Arrow Lake E-cores) */
static const uint8_t cmt[] = { 0xAA, 0xAC, 0xB5, 0xBD, 0xC5, 0xC6 };
static const uint8_t srf[] = { 0xAF };   /* Sierra Forest: Crestmont, not hybrid */

#define MODELS(a) .models = (a), .nmodels = sizeof(a) / sizeof((a)[0])
/*
 * Valid bits of OFFCORE_RSP_0/1: REGISTERS.md §1.2 for the seed parts, and for the later
 * ones the masks Linux accepts (arch/x86/events/intel/core.c: intel_skl_extra_regs,
 * intel_icl_extra_regs, intel_glc_extra_regs (was intel_spr_extra_regs),
 * intel_rwc_extra_regs, intel_lnc_extra_regs, intel_grt_extra_regs, intel_cmt_extra_regs).
 */
#define RSP_NHM 0xFFFFull
#define RSP_SNB_EP 0x3FFFFF8FFFull
#define RSP_SKX 0x3FFFFF8FFFull
#define RSP_ICX 0x3FFFFFBFFFull
#define RSP_GLC 0x3FFFFFFFFFull
#define RSP_LNC 0xFFFFFFFFFFFull
#define RSP_GRT 0x3FFFFFFFFFull
#define RSP0_CMT 0x800FF3FFFFFFFFFFull
#define RSP1_CMT 0xFF3FFFFFFFFFFull
#define RSP_T(n, ev, um, mask, m, t) { "offcore_rsp", "MSR_OFFCORE_RSP_" #n, MSR_OFFCORE_RSP_##n, \
				       (ev), (um), (mask), 0, MODELS(m), (t) }
#define RSP(n, ev, mask, m) RSP_T(n, ev, 0x01, mask, m, 0)
/*
 * MSR_PEBS_LD_LAT_THRESHOLD: bits 15:0 the threshold in core cycles, 63:16 reserved
 * (SDM vol. 3B figure 18-23, "the minimum value that may be programmed is 3", the
 * default here; Intel's lists also give 0). The E-cores read it for 0xD0/0x05 (Linux
 * INTEL_UEVENT_PEBS_LDLAT_EXTRA_REG(0x5d0)).
 */
#define LD_LAT_T(ev, um, m, t) { "ldlat", "MSR_PEBS_LD_LAT_THRESHOLD", MSR_PEBS_LD_LAT_THRESHOLD, \
				 (ev), (um), 0xFFFFull, 3, MODELS(m), (t) }
#define LD_LAT(ev, um, m) LD_LAT_T(ev, um, m, 0)
#define P_CORE CORE_TYPE_CORE
#define E_CORE CORE_TYPE_ATOM

/* OFFCORE_RSP_1 from Westmere on: Nehalem has RSP_0 only (REGISTERS.md §1.2 [K-core][E-e7]). */
static const struct core_aux aux_regs[] = {
	RSP(0, 0xB7, RSP_NHM, nhm_wsm),
	RSP(1, 0xBB, RSP_NHM, wsm),
	RSP(0, 0xB7, RSP_SNB_EP, snb_ep),
	RSP(1, 0xBB, RSP_SNB_EP, snb_ep),
	RSP(0, 0xB7, RSP_SKX, skx),
	RSP(1, 0xBB, RSP_SKX, skx),
	RSP(0, 0xB7, RSP_ICX, icx),
	RSP(1, 0xBB, RSP_ICX, icx),
	RSP_T(0, 0x2A, 0x01, RSP_GLC, glc, P_CORE),
	RSP_T(1, 0x2B, 0x01, RSP_GLC, glc, P_CORE),
	RSP_T(0, 0x2A, 0x01, RSP_LNC, lnc, P_CORE),
	RSP_T(1, 0x2B, 0x01, RSP_LNC, lnc, P_CORE),
	RSP_T(0, 0xB7, 0x01, RSP_GRT, grt, E_CORE),
	RSP_T(1, 0xB7, 0x02, RSP_GRT, grt, E_CORE),
	RSP_T(0, 0xB7, 0x01, RSP0_CMT, cmt, E_CORE),
	RSP_T(1, 0xB7, 0x02, RSP1_CMT, cmt, E_CORE),
	RSP_T(0, 0xB7, 0x01, RSP0_CMT, srf, 0),
	RSP_T(1, 0xB7, 0x02, RSP1_CMT, srf, 0),
	LD_LAT(0x0B, 0x10, nhm_wsm),
	LD_LAT(0xCD, 0x01, snb_ep),
	LD_LAT(0xCD, 0x01, skx),
	LD_LAT(0xCD, 0x01, icx),
	LD_LAT_T(0xCD, 0x01, glc, P_CORE),
	LD_LAT_T(0xCD, 0x01, lnc, P_CORE),
	LD_LAT_T(0xD0, 0x05, grt, E_CORE),
	LD_LAT_T(0xD0, 0x05, cmt, E_CORE),
	LD_LAT(0xD0, 0x05, srf),
};

/*
 * Row a on a CPU of this model and core type: a row of one core type holds for that
 * type's CPUs, and for the CPUs of its models that report none (Sapphire Rapids, whose
 * Golden Cove rows are the hybrid P-cores').
 */
static bool applies(const struct core_aux *a, uint32_t family, uint32_t model, uint8_t core_type)
{
	bool model_ok = false;
	for (unsigned i = 0; family == 6 && i < a->nmodels; i++)
		model_ok |= a->models[i] == model;
	return model_ok && (!a->core_type || !core_type || a->core_type == core_type);
}

#define NROWS (sizeof(aux_regs) / sizeof(aux_regs[0]))

const struct core_aux *core_aux_for(uint32_t family, uint32_t model, uint8_t core_type,
				    uint8_t event, uint8_t umask)
{
	for (unsigned i = 0; i < NROWS; i++) {
		const struct core_aux *a = &aux_regs[i];
		if (a->event == event && a->umask == umask && applies(a, family, model, core_type))
			return a;
	}
	return NULL;
}

const struct core_aux *core_aux_of(uint32_t family, uint32_t model, uint8_t core_type,
				   uint32_t msr)
{
	for (unsigned i = 0; i < NROWS; i++)
		if (aux_regs[i].msr == msr && applies(&aux_regs[i], family, model, core_type))
			return &aux_regs[i];
	return NULL;
}

const struct core_aux *core_aux_alt(uint32_t family, uint32_t model, uint8_t core_type,
				    uint32_t msr)
{
	const struct core_aux *a = core_aux_of(family, model, core_type, msr);
	for (unsigned i = 0; a && i < NROWS; i++) {
		const struct core_aux *b = &aux_regs[i];
		if (b->msr != msr && !pmu_strcmp(b->term, a->term) &&
		    applies(b, family, model, core_type))
			return b;
	}
	return NULL;
}
