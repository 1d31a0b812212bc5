/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "model/sim_workload.h"
#include "model/model_devs.h"
#include "model/sim_kernels.h"

/* What a stimulus follows: one a cycle, or one of the kernel's counts spread over the cycles. */
enum source { SRC_CYCLE, SRC_BRANCH, SRC_MISP, SRC_LOAD, SRC_STORE, SRC_NT_STORE, SRC_LOCK, SRC_N };

/* A rule for every CHA of the model (model.chas), CHA n's box n above the rule's. */
enum per_cha { CHA_NONE, CHA_SPREAD /* the count hashed evenly over the CHAs */, CHA_EACH };

struct rule {
	const struct model_dev *dev;   /* raised only when the profile has this device */
	uint32_t code;
	uint8_t src;                   /* enum source */
	uint8_t ways, way;             /* ways > 1: this rule gets share `way` of ways (interleave) */
	uint8_t per_cha;               /* enum per_cha */
};

#define CORE(code, src) { &model_dev_core, (code), (src), 0, 0, CHA_NONE }
#define AMD(code, src) { &model_dev_amd_core, (code), (src), 0, 0, CHA_NONE }
#define NHM(ev, umask, src) { &model_dev_nhm_uncore, \
	MODEL_UNC_STIM(MODEL_UNC_NHM, ev, umask), (src), 0, 0, CHA_NONE }
#define EX(box, ev, sig, src) { &model_dev_nhmex_ubox, \
	MODEL_UNC_STIM(box, ev, sig), (src), 0, 0, CHA_NONE }
#define SNBEP(box, ev, umask, src) { &model_dev_snbep_uncore, \
	MODEL_UNC_STIM(box, ev, umask), (src), 0, 0, CHA_NONE }
#define CBOX_CLOCK(n) SNBEP(MODEL_UNC_SNBEP_C0 + (n), 0x00, 0x00, SRC_CYCLE)
#define SPCI(box, ev, umask, src) { &model_dev_snbep_pci, \
	MODEL_UNC_STIM(box, ev, umask), (src), 0, 0, CHA_NONE }
/*
 * Each line the stream kernel loads misses the LLC (a buffer twice its size) and is one
 * DRAM read (a CAS, RD_REG) on one of the four channels, lines interleaved evenly over
 * them (a model choice); each non-temporal store line a CAS write (WR_WMM).
 */
/* AMD (model_uncore_amd.c): each load an L3 lookup, lines spread over 8 slices; DRAM traffic. */
#define L3_SLICE(s) { &model_dev_amd_l3, \
	MODEL_UNC_STIM(MODEL_UNC_AMD_L3, MODEL_AMD_L3_LOOKUP, s), SRC_LOAD, 8, (s), CHA_NONE }
#define AMD_UNC(dev, box, sig, src) { &(dev), MODEL_UNC_STIM(box, sig, 0), (src), 0, 0, CHA_NONE }
#define CAS(ch, umask, src) { &model_dev_snbep_pci, \
	MODEL_UNC_STIM(MODEL_UNC_SNBEP_IMC0 + (ch), 0x04, umask), (src), 4, (ch), CHA_NONE }

/*
 * Skylake-SP: each line the stream kernel loads is one CAS read (UNC_M_CAS_COUNT.RD, umask
 * bits 0x03) on one of the six channels and one read request at one of the CHAs, lines
 * hashed evenly over both (a model choice); the MSR boxes match event and umask exactly, so
 * the request is UNC_CHA_REQUESTS.READS (0x50, umask 0x03) only; each non-temporal store
 * line a CAS write (umask 0x0C).
 */
#define SKX_CAS(ch, umask, src) { &model_dev_skx_pci, \
	MODEL_UNC_STIM(MODEL_UNC_SKX_IMC0 + (ch), 0x04, umask), (src), 6, (ch), CHA_NONE }
#define SKX_CAS_CH(ch) SKX_CAS(ch, 0x01, SRC_LOAD), SKX_CAS(ch, 0x04, SRC_NT_STORE)
#define SKX_CHA_RD { &model_dev_skx_uncore, MODEL_UNC_STIM(MODEL_UNC_SKX_CHA0, 0x50, 0x03), \
	SRC_LOAD, 0, 0, CHA_SPREAD }

/*
 * Ice Lake-SP: the same over its eight channels (its list's CAS reads are umask 0x0F, writes
 * 0x30: a read is bit 0x01, a write 0x10) and its CHAs.
 */
#define ICX_CAS(ch, umask, src) { &model_dev_icx_pci, \
	MODEL_UNC_STIM(MODEL_UNC_ICX_IMC0 + (ch), 0x04, umask), (src), 8, (ch), CHA_NONE }
#define ICX_CAS_CH(ch) ICX_CAS(ch, 0x01, SRC_LOAD), ICX_CAS(ch, 0x10, SRC_NT_STORE)
#define ICX_CHA_RD { &model_dev_icx_uncore, MODEL_UNC_STIM(MODEL_UNC_ICX_CHA0, 0x50, 0x03), \
	SRC_LOAD, 0, 0, CHA_SPREAD }

/*
 * Sapphire and Emerald Rapids (the discovery table's units): the same over the table's eight
 * iMC channels (their list's CAS reads are event 0x05 umask 0xCF, writes 0xF0: a read is bit
 * 0x01, a write 0x10) and its CHAs; each CHA's clock (UNC_CHA_CLOCKTICKS, event 0x01) one a
 * cycle.
 */
#define SPR_CAS(ch, umask, src) { &model_dev_spr_pci, \
	MODEL_UNC_STIM(MODEL_UNC_SPR_IMC0 + (ch), 0x05, umask), (src), 8, (ch), CHA_NONE }
#define SPR_CAS_CH(ch) SPR_CAS(ch, 0x01, SRC_LOAD), SPR_CAS(ch, 0x10, SRC_NT_STORE)
/* Each channel's DCLK (Sapphire Rapids' list: UNC_M_CLOCKTICKS, 0x01/0x01) one a cycle. */
#define SPR_IMC_CLK(ch) { &model_dev_spr_pci, \
	MODEL_UNC_STIM(MODEL_UNC_SPR_IMC0 + (ch), 0x01, 0x01), SRC_CYCLE, 0, 0, CHA_NONE }
/* dev: Sapphire Rapids' CHAs, or Diamond Rapids' CBOs at their MSRs (a CBB die's each) */
#define SPR_CHA(dev) { &(dev), MODEL_UNC_STIM(MODEL_UNC_SPR_CHA0, 0x50, 0x03), SRC_LOAD, \
	0, 0, CHA_SPREAD }, { &(dev), MODEL_UNC_STIM(MODEL_UNC_SPR_CHA0, 0x01, 0x00), \
	SRC_CYCLE, 0, 0, CHA_EACH }

/* The mapping sim_workload.h describes; core codes are event | umask << 8. */
static const struct rule rules[] = {
	CORE(0x00C0, SRC_CYCLE), CORE(0x01C0, SRC_CYCLE),      /* INST_RETIRED.ANY(_P), NHM's */
	CORE(0x003C, SRC_CYCLE), CORE(0x013C, SRC_CYCLE),      /* core and reference cycles */
	CORE(0x00C4, SRC_BRANCH), CORE(0x04C4, SRC_BRANCH),    /* branches, NHM's ALL_BRANCHES */
	CORE(0x00C5, SRC_MISP), CORE(0x7F89, SRC_MISP),        /* mispredicts, NHM's BR_MISP_EXEC */
	CORE(0x010B, SRC_LOAD), CORE(0x020B, SRC_STORE), /* NHM MEM_INST_RETIRED.LOADS/.STORES */
	CORE(0x81D0, SRC_LOAD), CORE(0x82D0, SRC_STORE),      /* SNB's MEM_UOPS_RETIRED.ALL_* */
	/* The same work for AMD's device, which maps its events onto these codes. */
	AMD(0x00C0, SRC_CYCLE), AMD(0x003C, SRC_CYCLE),
	AMD(0x00C4, SRC_BRANCH), AMD(0x00C5, SRC_MISP),
	NHM(0x2C, 0x07, SRC_LOAD), NHM(0x2C, 0x0F, SRC_LOAD), NHM(0x20, 0x10, SRC_LOAD),
	NHM(0x2F, 0x38, SRC_NT_STORE), NHM(0x20, 0x20, SRC_NT_STORE),
	EX(MODEL_UNC_EX_M0, 0x1B, MODEL_MBOX_INC, SRC_CYCLE),
	EX(MODEL_UNC_EX_M1, 0x1B, MODEL_MBOX_INC, SRC_CYCLE),
	EX(MODEL_UNC_EX_M0, 0x1A, MODEL_MBOX_INC, SRC_LOAD),
	EX(MODEL_UNC_EX_M0, 0x1A, MODEL_MBOX_INC, SRC_NT_STORE),
	EX(MODEL_UNC_EX_U, 0x02, 0, SRC_LOCK),
	CBOX_CLOCK(0), CBOX_CLOCK(1), CBOX_CLOCK(2), CBOX_CLOCK(3),
	CBOX_CLOCK(4), CBOX_CLOCK(5), CBOX_CLOCK(6), CBOX_CLOCK(7),
	/* the PCU's clock (Jaketown_uncore.json: UNC_P_CLOCKTICKS, event 0x00), the model's one */
	SNBEP(MODEL_UNC_SNBEP_PCU, 0x00, 0x00, SRC_CYCLE),
	SNBEP(MODEL_UNC_SNBEP_C0, 0x34, 0x03, SRC_LOAD), SNBEP(MODEL_UNC_SNBEP_C0, 0x35, 0x0A, SRC_LOAD),
	SNBEP(MODEL_UNC_SNBEP_C0, 0x34, 0x05, SRC_NT_STORE),
	SNBEP(MODEL_UNC_SNBEP_U, 0x44, 0x00, SRC_LOCK),
	CAS(0, 0x01, SRC_LOAD), CAS(1, 0x01, SRC_LOAD), CAS(2, 0x01, SRC_LOAD), CAS(3, 0x01, SRC_LOAD),
	CAS(0, 0x04, SRC_NT_STORE), CAS(1, 0x04, SRC_NT_STORE), CAS(2, 0x04, SRC_NT_STORE),
	CAS(3, 0x04, SRC_NT_STORE),
	/* HA: its clock (event 0), REQUESTS reads (umask bit 0x01) and writes (0x04). */
	SPCI(MODEL_UNC_SNBEP_HA, 0x00, 0x00, SRC_CYCLE), SPCI(MODEL_UNC_SNBEP_HA, 0x01, 0x01, SRC_LOAD),
	SPCI(MODEL_UNC_SNBEP_HA, 0x01, 0x04, SRC_NT_STORE),
	/* The link and ring agents' clocks (Jaketown_uncore.json: QPI 0x14, R2PCIe and R3QPI 0x01). */
	SPCI(MODEL_UNC_SNBEP_QPI0, 0x14, 0x00, SRC_CYCLE), SPCI(MODEL_UNC_SNBEP_QPI0 + 1, 0x14, 0x00, SRC_CYCLE),
	SPCI(MODEL_UNC_SNBEP_R2PCIE, 0x01, 0x00, SRC_CYCLE),
	SPCI(MODEL_UNC_SNBEP_R3QPI0, 0x01, 0x00, SRC_CYCLE),
	SPCI(MODEL_UNC_SNBEP_R3QPI0 + 1, 0x01, 0x00, SRC_CYCLE),
	SKX_CAS_CH(0), SKX_CAS_CH(1), SKX_CAS_CH(2), SKX_CAS_CH(3), SKX_CAS_CH(4), SKX_CAS_CH(5),
	SKX_CHA_RD,
	ICX_CAS_CH(0), ICX_CAS_CH(1), ICX_CAS_CH(2), ICX_CAS_CH(3), ICX_CAS_CH(4), ICX_CAS_CH(5),
	ICX_CAS_CH(6), ICX_CAS_CH(7),
	ICX_CHA_RD,
	SPR_CAS_CH(0), SPR_CAS_CH(1), SPR_CAS_CH(2), SPR_CAS_CH(3), SPR_CAS_CH(4), SPR_CAS_CH(5),
	SPR_CAS_CH(6), SPR_CAS_CH(7),
	SPR_IMC_CLK(0), SPR_IMC_CLK(1), SPR_IMC_CLK(2), SPR_IMC_CLK(3), SPR_IMC_CLK(4),
	SPR_IMC_CLK(5), SPR_IMC_CLK(6), SPR_IMC_CLK(7),
	SPR_CHA(model_dev_spr_uncore), SPR_CHA(model_dev_dmr_cbo_uncore),
	L3_SLICE(0), L3_SLICE(1), L3_SLICE(2), L3_SLICE(3),
	L3_SLICE(4), L3_SLICE(5), L3_SLICE(6), L3_SLICE(7),
	AMD_UNC(model_dev_amd_df, MODEL_UNC_AMD_DF, MODEL_AMD_DRAM_RD, SRC_LOAD),
	AMD_UNC(model_dev_amd_df, MODEL_UNC_AMD_DF, MODEL_AMD_DRAM_WR, SRC_NT_STORE),
	AMD_UNC(model_dev_amd_umc, MODEL_UNC_AMD_UMC, MODEL_AMD_DRAM_RD, SRC_LOAD),
	AMD_UNC(model_dev_amd_umc, MODEL_UNC_AMD_UMC, MODEL_AMD_DRAM_WR, SRC_NT_STORE),
};
#define N_RULES (sizeof(rules) / sizeof(rules[0]))
/* Every rule once, the per-CHA ones once a CHA (at most 64: Emerald Rapids' model). */
_Static_assert(N_RULES + 3 * 63 <= MODEL_SPREAD_STIMS, "a spread holds every rule's stimulus");

/* What the kernel executes, from the model's own description of its code (none: nothing). */
static void kernel_totals(const struct kernel_desc *k, uint64_t iterations, uint64_t *total)
{
	struct sim_counts c;
	(void)sim_kernel_counts(sim_kernel_code_find(k->name), iterations, &c);
	total[SRC_CYCLE] = c.instructions;
	total[SRC_BRANCH] = c.branches;
	total[SRC_MISP] = c.mispredicts;
	total[SRC_LOAD] = c.loads;
	total[SRC_STORE] = c.stores;
	total[SRC_NT_STORE] = c.nt_stores;
	total[SRC_LOCK] = c.locked;
}

static bool profile_has(const struct model *m, const struct model_dev *d)
{
	for (unsigned i = 0; i < m->p->ndevs; i++)
		if (m->p->devs[i] == d)
			return true;
	return false;
}

void sim_workload_spread(const struct model *m, const struct kernel_desc *k,
			 uint64_t iterations, struct model_stim *stim, struct model_spread *out)
{
	uint64_t total[SRC_N];
	kernel_totals(k, iterations, total);
	*out = (struct model_spread){ .cpl = 0, .total = stim, .nstim = 0 };
	for (unsigned r = 0; r < N_RULES; r++) {
		if (!profile_has(m, rules[r].dev))
			continue;
		uint64_t t = total[rules[r].src], ways = rules[r].ways;
		unsigned n = rules[r].per_cha ? m->chas : 1;
		if (rules[r].per_cha == CHA_SPREAD)
			ways = n;
		for (unsigned i = 0; i < n; i++) {
			unsigned way = rules[r].per_cha ? i : rules[r].way;
			stim[out->nstim].code = rules[r].code + ((uint32_t)i << 16);   /* CHA i's box */
			stim[out->nstim++].count = ways > 1 ? t / ways + (way < t % ways) : t;
		}
	}
	/* One cycle per instruction; the other counts spread evenly over them. */
	out->cycles = total[SRC_CYCLE];
}

uint64_t sim_workload_run(struct model *m, unsigned cpu, const struct kernel_desc *k,
			  uint64_t iterations)
{
	struct model_stim stim[MODEL_SPREAD_STIMS];
	struct model_spread s;
	sim_workload_spread(m, k, iterations, stim, &s);
	return model_run_spread(m, cpu, &s) ? 0 : s.cycles;
}
