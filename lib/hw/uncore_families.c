/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The uncore families' rows: see hw/uncore_families.h. */
#include "hw/uncore_families.h"

#define N_OF(t) (sizeof(t) / sizeof((t)[0]))
#define LIST(t) (t), N_OF(t)

/*
 * Default events: clocks plus what the `uncore` kernel drives (memory reads and writes,
 * lock traffic). Names resolve through evspec: Intel's list for SNB-EP, the generated ones
 * (tools/gen_box_events.py) for NHM and NHM-EX, a fixed clock by the name its box type gives
 * (UNCORE_CLOCK, Linux uncore_snb.c, likwid perfmon_nehalem_events.txt).
 */
#define IMC_CAS(ch) { NULL, "uncore_imc_" ch "/UNC_M_CAS_COUNT.RD/", -1 }, \
	{ NULL, "uncore_imc_" ch "/UNC_M_CAS_COUNT.WR/", -1 }
#define IMC_CLK(ch, clk) { NULL, "uncore_imc_" ch "/UNC_M_" #clk "TICKS/", -1 }

static const struct uncore_default nhm_defaults[] = {
	{ NULL, "UNCORE_CLOCK", -1 },
	{ NULL, "UNC_QMC_NORMAL_READS.ANY", -1 },
	{ NULL, "UNC_QMC_WRITES.PARTIAL_ANY", -1 },
};

static const struct uncore_default nhmex_defaults[] = {
	{ "MBOX_CLOCKTICKS", "uncore_mbox_0/MBOX_CLOCKTICKS,wrap_mode=1/", -1 },
	{ "MBOX_CLOCKTICKS", "uncore_mbox_1/MBOX_CLOCKTICKS,wrap_mode=1/", -1 },
	{ "BBOX_CMDS_ALL", "uncore_mbox_0/BBOX_CMDS_ALL,wrap_mode=1/", -1 },
	{ NULL, "BUF_VALID_LOCK", -1 },
};

/*
 * Sandy Bridge-EP: the UCLK, C-box 0's clock and misses, the PCU's clock and each iMC
 * channel's DCLK from its fixed counter (Intel's list: UNC_M_CLOCKTICKS, "Uncore Fixed
 * Counter"), every box clock of the package side by side (uncore_table's clock check).
 */
static const struct uncore_default snbep_defaults[] = {
	{ NULL, "UNC_U_CLOCKTICKS", -1 },
	{ NULL, "UNC_U_LOCK_CYCLES", -1 },
	{ "UNC_C_CLOCKTICKS", "uncore_cbox_0/UNC_C_CLOCKTICKS/", -1 },
	{ "UNC_C_TOR_INSERTS.MISS_ALL", "uncore_cbox_0/event=0x35,umask=0x0a/", -1 },
	{ NULL, "UNC_P_CLOCKTICKS", -1 },
	IMC_CLK("0", CLOCK), IMC_CLK("1", CLOCK), IMC_CLK("2", CLOCK), IMC_CLK("3", CLOCK),
};

/*
 * Skylake-SP: the UCLK, the PCU's clock, and every iMC channel's CAS reads and writes for
 * the memory bandwidth, with each channel's DCLK from its fixed counter (the uncore table's
 * clock of imc, checked channel against channel); each CHA's clock and reads (skx_box_defaults).
 */
static const struct uncore_default skx_defaults[] = {
	{ NULL, "UNC_U_CLOCKTICKS", -1 },
	/* the PCU's clock: event 0 (Intel 327043's UNC_P_CLOCKTICKS; not in the Skylake-SP list) */
	{ "UNC_P_CLOCKTICKS", "uncore_pcu/event=0x00/", -1 },
	IMC_CLK("0", DCLOCK), IMC_CLK("1", DCLOCK), IMC_CLK("2", DCLOCK),
	IMC_CLK("3", DCLOCK), IMC_CLK("4", DCLOCK), IMC_CLK("5", DCLOCK),
	IMC_CAS("0"), IMC_CAS("1"), IMC_CAS("2"), IMC_CAS("3"), IMC_CAS("4"), IMC_CAS("5"),
};

/*
 * Ice Lake-SP: the same, its eight iMC channels in MMIO; each channel's fixed counter
 * (Linux icx_uncore_imc: SNR_IMC_MMIO_PMON_FIXED_CTL/CTR) counts what Intel's list
 * calls UNC_M_HCLOCKTICKS, "Half clockticks for IMC", not the DCLK.
 */
static const struct uncore_default icx_defaults[] = {
	{ NULL, "UNC_U_CLOCKTICKS", -1 },
	{ NULL, "UNC_P_CLOCKTICKS", -1 },
	IMC_CLK("0", HCLOCK), IMC_CLK("1", HCLOCK), IMC_CLK("2", HCLOCK), IMC_CLK("3", HCLOCK),
	IMC_CLK("4", HCLOCK), IMC_CLK("5", HCLOCK), IMC_CLK("6", HCLOCK), IMC_CLK("7", HCLOCK),
	IMC_CAS("0"), IMC_CAS("1"), IMC_CAS("2"), IMC_CAS("3"),
	IMC_CAS("4"), IMC_CAS("5"), IMC_CAS("6"), IMC_CAS("7"),
};

/*
 * Skylake-SP and Ice Lake-SP: each CHA's clock and reads by the names of Intel's lists
 * (UNC_CHA_REQUESTS.READS: no filter), every CHA of each package against the others and
 * against the UCLK (run/uncore_table.c). The type row makes every CHA the part may have (28,
 * 40); the default counts those the PCU's CAPID6 counts (run/job_uncore.c).
 */
static const struct uncore_box_event skx_cha_events[] = {
	{ "UNC_CHA_CLOCKTICKS", "UNC_CHA_CLOCKTICKS" },
	{ "UNC_CHA_REQUESTS.READS", "UNC_CHA_REQUESTS.READS" },
};

static const struct uncore_box_defaults skx_box_defaults[] = {
	{ "uncore_cha_", true, NULL, LIST(skx_cha_events), 0 },
};

/*
 * AMD, by the names of perf's event lists (Linux tools/perf/pmu-events/arch/x86/amdzen2,
 * amdzen3, amdzen4: l3-cache.json, data-fabric.json): the L3 lookups of each CCX; DRAM
 * channel 0's data beats, reads and writes in the Data Fabric's legacy layout, reads in
 * PerfMonV2's.
 */
static const struct uncore_default amd_defaults[] = {
	{ "l3_lookup_state.all", "amd_l3/event=0x04,umask=0xff/", -1 },
	{ "dram_channel_data_controller_0", "amd_df/event=0x07,umask=0x38/", 0 },
	{ "read_data_beats_dram_0", "amd_df/event=0x1f,umask=0x7fe/", 1 },
};

/*
 * Each active UMC (PerfMonV2): its CAS commands for reads and writes (event 0x0A, RdWrMask 1
 * and 2) and its memory clock (0x00), by amdzen4 memory-controller.json's names.
 */
static const struct uncore_box_event umc_events[] = {
	{ "umc_cas_cmd.rd", "event=0x0a,rdwrmask=1" },
	{ "umc_cas_cmd.wr", "event=0x0a,rdwrmask=2" },
	{ "umc_mem_clk", "event=0x00" },
};

static const struct uncore_box_defaults amd_box_defaults[] = {
	{ "amd_umc_", true, NULL, LIST(umc_events), 0 },
};

/*
 * A part counted through its discovery table, when the table describes the box: each CHA's
 * clock and reads (every CHA of each package: their clocks checked against each other, run/
 * uncore_table.c) by the codes Intel's lists give on Sapphire Rapids, Emerald Rapids,
 * Granite Rapids and Sierra Forest alike (UNC_CHA_CLOCKTICKS 0x01/0x00,
 * UNC_CHA_REQUESTS.READS 0x50/0x03); each iMC channel's CAS reads and writes as Sapphire
 * and Emerald Rapids' lists name them (UNC_M_CAS_COUNT.RD 0x05/0xCF, .WR 0x05/0xF0; Granite
 * Rapids and Sierra Forest split them per scheduler, UNC_M_CAS_COUNT_SCH0/1: not defaults).
 */
static const struct uncore_box_event disc_cha_events[] = {
	{ "UNC_CHA_CLOCKTICKS", "event=0x01,umask=0x00" },
	{ "UNC_CHA_REQUESTS.READS", "event=0x50,umask=0x03" },
};

static const struct uncore_box_event disc_imc_events[] = {
	{ "UNC_M_CAS_COUNT.RD", "event=0x05,umask=0xcf" },
	{ "UNC_M_CAS_COUNT.WR", "event=0x05,umask=0xf0" },
};

static const uint8_t spr_emr[] = { 0x8F, 0xCF, 0 };

/*
 * Panther Lake and Nova Lake (hw/uncore_boxes_client.c): every cNCU's fixed counter, the
 * uncore clock (Linux uncore_snb.c mtl_uncore_cncu; perf's "clockticks"), box against box.
 * No Intel event list of either part names another box's events: those are counted raw.
 */
static const struct uncore_box_event client_clock[] = { { "clockticks", "clockticks" } };
static const uint8_t ptl[] = { 0xCC, 0 };
static const uint8_t nvl[] = { 0x01, 0x03, 0 };

/*
 * Diamond Rapids (family 19 model 1; hw/disc_platforms.c names its units): no Intel list for
 * it is public, so each CBO's and each iMC channel's clock by the codes of its predecessors'
 * lists, UNCONFIRMED there: the CHA's UNC_CHA_CLOCKTICKS (0x01/0x00, Sapphire Rapids to
 * Sierra Forest) and Sapphire Rapids' UNC_M_CLOCKTICKS (0x01/0x01), under efipmu's names.
 * Their clocks are compared box with box (run/uncore_table.c), so a wrong code shows.
 */
static const uint8_t dmr[] = { 0x01, 0 };

static const struct uncore_box_event dmr_cbo_events[] = {
	{ "CBO_CLOCKTICKS", "event=0x01,umask=0x00" },
};

static const struct uncore_box_event dmr_imc_events[] = {
	{ "IMC_CLOCKTICKS", "event=0x01,umask=0x01" },
};

static const struct uncore_box_defaults disc_box_defaults[] = {
	{ "uncore_imc_", true, spr_emr, LIST(disc_imc_events), 0 },
	{ "uncore_imc_", true, dmr, LIST(dmr_imc_events), 19 },
	{ "uncore_cbo_", true, dmr, LIST(dmr_cbo_events), 19 },
	{ "uncore_cha_", true, NULL, LIST(disc_cha_events), 0 },
	{ "uncore_cncu", true, ptl, LIST(client_clock), 0 },
	{ "uncore_cncu", true, nvl, LIST(client_clock), 18 },
};

/*
 * Sandy Bridge-EP: the U-box function 0x3CE0, CPUNODEID 0x40, GIDNIDMAP 0x54 (Linux
 * snbep_pci2phy_map_init). Skylake-SP: U-box 0x2014, CPUNODEID 0xC0, GIDNIDMAP 0xD4, the
 * other buses of a package above its U-box's (Linux skx_uncore_pci_init); CHAs: the PCU
 * function 0x2083 (device 30 function 3), CAPID6 at 0x9C bits 27:0 (Linux skx_count_chabox),
 * cross-checked with MSR 0x702 bits 5:0 (Intel PCM src/cpucounters.cpp).
 */
static const struct uncore_pci_plat snbep_pci = {
	.fam = UNCORE_SNB_EP, .ubox_id = 0x3CE0, .nodeid_off = 0x40, .map_off = 0x54,
};

static const struct uncore_pci_plat skx_pci = {
	.fam = UNCORE_SKX, .ubox_id = 0x2014, .nodeid_off = 0xC0, .map_off = 0xD4, .inherit = 1,
	.capid_id = 0x2083, .capid6_off = 0x9C, .capid6_mask = 0x0FFFFFFF, .cha_msr = 0x702,
};

/*
 * Ice Lake-SP (Linux icx_uncore_pci_init, icx_count_chabox, icx_uncore_imc): U-box
 * 0x3450 at Skylake-SP's offsets, buses below a U-box's its package's; CHAs: CAPID6
 * (0x9C) and CAPID7 (0xA0) of 0x345B; MSR 0x702 as on Skylake-SP (UNCONFIRMED here:
 * logged, not assumed); iMC bases from 0x3451: 0xD0 bits 28:0 << 23 | 0xD8 + 4 n bits
 * 10:0 << 12.
 */
static const struct uncore_pci_plat icx_pci = {
	.fam = UNCORE_ICX, .ubox_id = 0x3450, .nodeid_off = 0xC0, .map_off = 0xD4, .inherit = -1,
	.capid_id = 0x345B, .capid6_off = 0x9C, .capid7_off = 0xA0, .capid6_mask = 0xFFFFFFFF,
	.cha_msr = 0x702, .mmio_id = 0x3451, .mmio_base_off = 0xD0, .mmio_mem_off = 0xD8,
	.mmio_base_mask = 0x1FFFFFFF, .mmio_mem_mask = 0x7FF,
};

/*
 * A part with a discovery table (run/uncore_disc_job.c finds it): no bus of its own to
 * place, its CHAs counted by the table and cross-checked with MSR 0x2FFE (Linux
 * spr_uncore_cpu_init, SPR_MSR_UNC_CBO_CONFIG: "incorrect on some SPR variants").
 */
static const struct uncore_pci_plat disc_pci = { .fam = UNCORE_DISC, .cha_msr = 0x2FFE };

/*
 * Ice Lake-SP's iMC free-running counters (Linux uncore_snbep.c icx_imc_freerunning,
 * icx_uncore_imc_freerunning): per memory controller, the 64-byte lines read and written
 * at + 0x2290 / + 0x2298 and its DCLK at + 0x22B0, 48 bits each.
 */
static const struct freerun_type icx_freerun[] = {
	{ 0x2290, 0x8, 2, 48, (const struct freerun_ctr[]){ { "read", FR_READ_LINES },
							     { "write", FR_WRITE_LINES } } },
	{ 0x22B0, 0, 1, 48, (const struct freerun_ctr[]){ { "dclk", FR_CLOCK } } },
};

/*
 * Family 6 models by uncore (Intel SDM Vol. 4 tables 2-1 and 2-2; Linux
 * arch/x86/include/asm/intel-family.h): Nehalem-EP/Lynnfield/Clarkdale/Westmere-EP;
 * Nehalem-EX/Westmere-EX; Sandy Bridge-EP; Skylake-SP/Cascade Lake; Ice Lake-SP and -D;
 * 0x1F (Auburndale/Havendale, cancelled: may have the client uncore, probed); the parts
 * counted through their discovery table: Sapphire, Emerald, Granite Rapids (0xAD, 0xAE),
 * Sierra Forest, Clearwater Forest (0xDD, on Granite Rapids' path), Panther Lake-L and
 * Wildcat Lake (0xCC, 0xD5: through MSR 0x201E, tip cf002dafedd0). Families 18 and 19
 * (Nova Lake, Diamond Rapids) reach the table through hw/disc_platforms.c's rows.
 */
static const uint8_t nhm_models[] = { 0x1A, 0x1E, 0x25, 0x2C, 0 };
static const uint8_t nhmex_models[] = { 0x2E, 0x2F, 0 };
static const uint8_t snbep_models[] = { 0x2D, 0 };
static const uint8_t skx_models[] = { 0x55, 0 };
static const uint8_t icx_models[] = { 0x6A, 0x6C, 0 };
static const uint8_t unconfirmed_models[] = { 0x1F, 0 };
static const uint8_t disc_models[] = { 0x8F, 0xCF, 0xAD, 0xAE, 0xAF, 0xDD, 0xCC, 0xD5, 0 };

/* AMD (Linux amd/uncore.c): L3 PMCs from family 17h (Hygon 18h too), their 19h layout on. */
static const struct uncore_family_desc rows[] = {
	{ .fam = UNCORE_NHM_CLIENT, .name = "nehalem-westmere-client", .intel_models = nhm_models,
	  .defaults = LIST(nhm_defaults) },
	{ .fam = UNCORE_NHM_EX, .name = "nehalem-ex-westmere-ex", .intel_models = nhmex_models,
	  .defaults = LIST(nhmex_defaults),
	  .no_clock_why = "the W-box fixed counter (Intel 323535-001, Linux uncore_nhmex.c) "
			  "is not driven" },
	{ .fam = UNCORE_SNB_EP, .name = "sandy-bridge-ep", .intel_models = snbep_models,
	  .defaults = LIST(snbep_defaults), .pci = &snbep_pci },
	{ .fam = UNCORE_SKX, .name = "skylake-sp", .intel_models = skx_models,
	  .defaults = LIST(skx_defaults), .box_defaults = LIST(skx_box_defaults),
	  .default_memory = true, .pci = &skx_pci },
	{ .fam = UNCORE_ICX, .name = "icelake-sp", .intel_models = icx_models,
	  .defaults = LIST(icx_defaults), .box_defaults = LIST(skx_box_defaults),
	  .default_memory = true, .pci = &icx_pci,
	  .freerun = LIST(icx_freerun) },
	{ .fam = UNCORE_UNCONFIRMED, .name = "unconfirmed-0x1f", .intel_models = unconfirmed_models },
	{ .fam = UNCORE_AMD_17H, .name = "amd-17h", .amd_from = 0x17,
	  .defaults = LIST(amd_defaults), .box_defaults = LIST(amd_box_defaults) },
	{ .fam = UNCORE_AMD_19H, .name = "amd-19h", .amd_from = 0x19,
	  .defaults = LIST(amd_defaults), .box_defaults = LIST(amd_box_defaults) },
	{ .fam = UNCORE_DISC, .name = "discovery", .intel_models = disc_models,
	  .box_defaults = LIST(disc_box_defaults), .disc = true, .pci = &disc_pci },
};

const struct uncore_family_desc *uncore_family_rows(unsigned *n)
{
	*n = N_OF(rows);
	return rows;
}

const struct uncore_family_desc *uncore_family_desc(enum uncore_family fam)
{
	static const struct uncore_family_desc none = { .fam = UNCORE_NONE, .name = "none" };
	for (unsigned i = 0; i < N_OF(rows); i++)
		if (rows[i].fam == fam)
			return &rows[i];
	return &none;
}
