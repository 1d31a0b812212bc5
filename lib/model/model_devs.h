/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The reference model's devices: one per register range with its own semantics. */
#ifndef EFIPMU_MODEL_DEVS_H
#define EFIPMU_MODEL_DEVS_H

#include "model/model.h"

/* BIOS_SIGN_ID, MISC_ENABLE, PERF_CAPABILITIES, SMI_COUNT */
extern const struct model_dev model_dev_misc;
/* architectural core PMU (Intel SDM Vol. 3B 18.2, 18.13.2.1) */
extern const struct model_dev model_dev_core;
extern const struct model_dev model_dev_amd_core; /* AMD counters, PerfMonV2, IRPERF (APM 13.2) */
/* A present MSR no device models: a plain register of its map row (model_msrs.c). */
extern const struct model_dev model_dev_plain;

/* CPUID tables of the built-in profiles (model_cpuid.c). */
extern const struct model_cpuid_table model_cpuid_nehalem_ep, model_cpuid_westmere_ep,
	model_cpuid_nehalem_ex, model_cpuid_westmere_ex, model_cpuid_sandy_bridge_ep,
	model_cpuid_no_pmu, model_cpuid_skylake_sp, model_cpuid_icelake_sp,
	model_cpuid_sapphire_rapids, model_cpuid_alder_lake_p, model_cpuid_alder_lake_e,
	model_cpuid_emerald_rapids, model_cpuid_meteor_lake_p, model_cpuid_meteor_lake_e,
	model_cpuid_lunar_lake_p, model_cpuid_lunar_lake_e,
	model_cpuid_panther_lake_p, model_cpuid_panther_lake_e,
	model_cpuid_arrow_lake_h_p, model_cpuid_arrow_lake_h_e, model_cpuid_arrow_lake_h_lpe,
	model_cpuid_zen2, model_cpuid_zen3, model_cpuid_zen4;

/* MSR maps of the model's CPUs (model_msrs.c). */
extern const struct model_msr_map model_msrs_nhm_ep, model_msrs_wsm_ep, model_msrs_nhm_ex,
	model_msrs_wsm_ex, model_msrs_snb_ep, model_msrs_no_pmu, model_msrs_skx, model_msrs_icx,
	model_msrs_icx_on, model_msrs_spr, model_msrs_dmr,
	model_msrs_lnl, model_msrs_ptl, model_msrs_nvl,
	model_msrs_zen2, model_msrs_zen4;
/* Zen 5 (family 1Ah): its parts' CPUID tables and MSR maps. */
extern const struct model_cpuid_table model_cpuid_granite_ridge, model_cpuid_strix_point,
	model_cpuid_strix_point_c, model_cpuid_turin_dense;
extern const struct model_msr_map model_msrs_gnr;
extern const struct model_msr_map model_msrs_granite_ridge, model_msrs_strix_point,
	model_msrs_turin_dense;

/*
 * IA32_DEBUGCTL[14] FREEZE_WHILE_SMM: exists where PERF_CAPABILITIES[12] says so (Intel SDM Vol. 4
 * table 2-2).
 */
#define MODEL_DEBUGCTL_FREEZE_SMM (1ull << 14)
bool model_has_freeze_smm(const struct model *m);
/* OFFCORE_RSP_0/1, shared by a core's threads */
extern const struct model_dev model_dev_offcore_shared;
/* OFFCORE_RSP_0/1, per thread (Sandy Bridge) */
extern const struct model_dev model_dev_offcore;

/* The register file a device of cpu works on, held by cpu alone until given back. */
struct model_regfile *model_file_take(struct model *m, const struct model_dev *d, unsigned cpu);
void model_file_give(struct model *m, const struct model_dev *d, unsigned cpu);

/* The backend's PCI operations (model_pci.c). */
pmu_status model_sim_pci_read(void *ctx, unsigned cpu, struct pmu_pci_addr a, uint32_t *val);
pmu_status model_sim_pci_write(void *ctx, unsigned cpu, struct pmu_pci_addr a, uint32_t val);
unsigned model_sim_pci_ranges(void *ctx, struct pmu_bus_range *r, unsigned cap);
/* The backend's acpi_table: the SRAT of sim-snc, or the loaded profile's (model_srat.c). */
bool model_sim_acpi_table(void *ctx, const char *sig, const uint8_t **table, size_t *len);
/* The bytes model_srat.c may lay out for ncpus CPUs (8-byte multiple). */
size_t model_srat_bytes(unsigned ncpus);
pmu_status model_sim_mmio_read(void *ctx, unsigned cpu, uint64_t addr, unsigned bytes,
			       uint64_t *val);
pmu_status model_sim_mmio_write(void *ctx, unsigned cpu, uint64_t addr, unsigned bytes,
				uint64_t val);

/* Appends an access to cpu's log. */
void model_log_access(struct model *m, unsigned cpu, enum model_op op, uint32_t msr,
		      uint64_t val, pmu_status st);

/* The architectural PMU version of the model's CPU 0 (CPUID.0AH). */
unsigned model_pmu_version(const struct model *m);
/* Works out core_geom from the leaves and the profile (model_init, once they are set). */
void model_core_geom_init(struct model *m);
/* The AMD core counters' geometry (model.amd_geom) from the profile's CPUID (model_core_amd.c). */
void model_core_amd_init(struct model *m);

/* Slots of struct model_regfile.scratch each device keeps its private state in. */
enum model_scratch_slot {
	MODEL_SCRATCH_CORE_EDGE,   /* thread file: bit n = GP counter n's E condition last cycle */
	MODEL_SCRATCH_CORE_TOPDOWN,   /* thread file, 4 slots: PERF_METRICS's level-1 slot counts */
};

/*
 * Uncore boxes (package scope). Stimulus codes (struct model_stim.code) for
 * them have bit 31 set, so they never equal a core code (event | umask << 8):
 *   code = MODEL_UNC_STIM(box, event, umask), box in bits 23:16, umask 15:8, event 7:0.
 * A box counts the stimuli whose code matches its programmed (event, umask)
 * exactly; several stimuli with the same code in one cycle add up.
 *   MODEL_UNC_NHM:     NHM/WSM client uncore, event/umask of MSR_UNCORE_PERFEVTSELx.
 *   MODEL_UNC_EX_U:    NHM-EX U-box, event of U_PMON_EVNT_SEL, umask 0.
 *   MODEL_UNC_EX_M0/1: NHM-EX M-box 0/1: event = an inc_sel code with umask MODEL_MBOX_INC
 *                      (occurrence) or MODEL_MBOX_DEC (decrement signal, count_mode 10 only),
 *                      or a set_flag_sel code with umask MODEL_MBOX_FLAG.
 *   MODEL_UNC_SNBEP_U: SNB-EP U-box, ev_sel/umask of U_MSR_PMON_CTLx.
 *   MODEL_UNC_SNBEP_C0 + n: SNB-EP C-box n (0-7), event/umask.
 *   MODEL_UNC_SNBEP_PCU: SNB-EP PCU, event with umask 0 (its bits 15:8 are occupancy controls).
 * Clock (fixed) counters need no stimulus: they add 1 per simulated cycle.
 */
#define MODEL_UNC_STIM(box, event, umask) \
	(0x80000000u | (uint32_t)(box) << 16 | ((uint32_t)(umask) & 0xff) << 8 | ((uint32_t)(event) & 0xff))

enum model_unc_box {
	MODEL_UNC_NHM = 1,
	MODEL_UNC_EX_U,
	MODEL_UNC_EX_M0,
	MODEL_UNC_EX_M1,
	MODEL_UNC_SNBEP_U,
	MODEL_UNC_SNBEP_C0,
	MODEL_UNC_SNBEP_PCU = MODEL_UNC_SNBEP_C0 + 8,
	/* SNB-EP PCI boxes: event/umask of their counter control; a stimulus's umask is one
	 * sub-event, counted by every counter whose umask has one of its bits. */
	MODEL_UNC_SNBEP_HA,
	MODEL_UNC_SNBEP_IMC0,
	MODEL_UNC_SNBEP_QPI0 = MODEL_UNC_SNBEP_IMC0 + 4,
	MODEL_UNC_SNBEP_R2PCIE = MODEL_UNC_SNBEP_QPI0 + 2,
	MODEL_UNC_SNBEP_R3QPI0,
	/* AMD (model_uncore_amd.c): event = an enum model_amd_sig, umask = the L3 slice or 0. */
	MODEL_UNC_AMD_L3 = MODEL_UNC_SNBEP_R3QPI0 + 2,
	MODEL_UNC_AMD_DF,
	MODEL_UNC_AMD_UMC,
	/* Skylake-SP: U-box, CHA 0-27, PCU (MSR); iMC channels 0-5, M2M 0-1, UPI 0-2 (PCI). */
	MODEL_UNC_SKX_U,
	MODEL_UNC_SKX_CHA0,
	MODEL_UNC_SKX_PCU = MODEL_UNC_SKX_CHA0 + 28,
	MODEL_UNC_SKX_IMC0,
	MODEL_UNC_SKX_M2M0 = MODEL_UNC_SKX_IMC0 + 6,
	MODEL_UNC_SKX_UPI0 = MODEL_UNC_SKX_M2M0 + 2,
	MODEL_UNC_SKX_M3UPI0 = MODEL_UNC_SKX_UPI0 + 3,
	/* Ice Lake-SP: U-box, CHA 0-39, PCU, IIO/IRP/M2PCIe (MSR); M2M 0-3, UPI and M3UPI 0-2
	 * (PCI); iMC channels 0-7 (MMIO). */
	MODEL_UNC_ICX_U = MODEL_UNC_SKX_M3UPI0 + 3,
	MODEL_UNC_ICX_CHA0,
	MODEL_UNC_ICX_PCU = MODEL_UNC_ICX_CHA0 + 40,
	MODEL_UNC_ICX_M2M0,
	MODEL_UNC_ICX_UPI0 = MODEL_UNC_ICX_M2M0 + 4,
	MODEL_UNC_ICX_IMC0 = MODEL_UNC_ICX_UPI0 + 6,
	/* Sapphire/Emerald Rapids (the discovery table's units): CHA 0-63 (MSR), iMC channels
	 * 0-7 (MMIO), M2M 0-3, UPI 0-3 and M3UPI 0-3 (at UPI0 + 4) (PCI). */
	MODEL_UNC_SPR_CHA0 = MODEL_UNC_ICX_IMC0 + 8,
	MODEL_UNC_SPR_IMC0 = MODEL_UNC_SPR_CHA0 + 64,
	MODEL_UNC_SPR_M2M0 = MODEL_UNC_SPR_IMC0 + 8,
	MODEL_UNC_SPR_UPI0 = MODEL_UNC_SPR_M2M0 + 4,
};

/* What the AMD uncore devices see: an L3 lookup in a slice, a DRAM line read or written. */
enum model_amd_sig { MODEL_AMD_L3_LOOKUP = 1, MODEL_AMD_DRAM_RD, MODEL_AMD_DRAM_WR };

enum model_mbox_sig { MODEL_MBOX_INC, MODEL_MBOX_DEC, MODEL_MBOX_FLAG };

/* 0x391-0x396, 0x3B0-7, 0x3C0-7 (Intel SDM Vol. 3B 18.8.2.2) */
extern const struct model_dev model_dev_nhm_uncore;
/* 0xC00-0xC02, 0xC10-0xC11; runs all EX boxes */
extern const struct model_dev model_dev_nhmex_ubox;
/* M0 0xCA0-0xCBB, M1 0xCE0-0xCFB (Intel 323535-001) */
extern const struct model_dev model_dev_nhmex_mbox;
/* U-box 0xC08-0xC17 (Intel 327043-001), C-boxes, PCU */
extern const struct model_dev model_dev_snbep_uncore;
/* SNB-EP PCI boxes (HA, iMC 0-3, QPI 0-1, R2PCIe, R3QPI 0-1) and the U-box's node ids. */
extern const struct model_dev model_dev_snbep_pci;
/* AMD: L3 PMCs of a CCX, Data Fabric and UMC PMCs of a socket (PPR 56176, 55901). */
extern const struct model_dev model_dev_amd_l3, model_dev_amd_df, model_dev_amd_umc;
/* Skylake-SP: U-box 0x703-0x70A, CHAs 0xE00 on, PCU 0x710-0x71A, MSR 0x702 (CHA count) */
extern const struct model_dev model_dev_skx_uncore;
/* Skylake-SP PCI: U-box node ids, the PCU's CAPID6, iMC 0-5, M2M 0-1, UPI 0-2, M3UPI 0-2 */
extern const struct model_dev model_dev_skx_pci;
/* Ice Lake-SP: U-box 0x703-0x70A, CHAs 0xB60 on, PCU, IIO/IRP/M2PCIe 0xA40 on, MSR 0x702 */
extern const struct model_dev model_dev_icx_uncore;
/* Ice Lake-SP PCI and MMIO: U-box, CAPID6/7, iMC bases, M2M 0-3, UPI 0-2, M3UPI 0-2, iMC 0-7 */
extern const struct model_dev model_dev_icx_pci;
/* Sapphire/Emerald Rapids: CHAs at 0x2000 + 0x10 n (generic box bits), MSR 0x2FFE. */
extern const struct model_dev model_dev_spr_uncore;
/* Sapphire/Emerald Rapids' IIO, IRP, M2PCIe and PCU (model_disc_units.h) */
extern const struct model_dev model_dev_spr_units_uncore;
/* Granite Rapids' and Sierra Forest's IIO, IRP, PCU, U-box, MDF and B2HOT (model_disc_units.h) */
extern const struct model_dev model_dev_gnr_units_uncore;
/* Diamond Rapids' CBOs (as Sapphire Rapids' CHAs, no MSR 0x2FFE), each CBB die's own */
extern const struct model_dev model_dev_dmr_cbo_uncore;
/* Diamond Rapids' units besides its CBOs, one a type (model_disc_units.h MDU_DMR_ALL), a die's */
extern const struct model_dev model_dev_dmr_units_uncore;
/* Sapphire/Emerald Rapids PCI and MMIO: the discovery device 0x09A7, its table, M2M, UPI,
 * M3UPI, iMC 0-7 (model_uncore_spr_pci.c). */
extern const struct model_dev model_dev_spr_pci;
/* A two-domain part's portal MSR (model_discovery.h: model_disc_domains), package scope. */
extern const struct model_dev model_dev_disc_portal;
/*
 * The SPR discovery table's BAR and units in MMIO: *pkg and the iMC register's key, or,
 * *table set, the offset into the package's table (addr is in its BAR); false: nothing.
 */
bool model_spr_mmio(const struct model *m, uint64_t addr, unsigned *pkg, uint32_t *key,
		    bool *table);
/* bytes of package pkg's table at off (little-endian), all ones past its end. */
uint64_t model_spr_table_read(const struct model *m, unsigned pkg, uint32_t off, unsigned bytes);

/* Package pkg's Ice Lake-SP iMC region (model_uncore_icx_pci.c's choice). */
static inline uint64_t model_icx_mmio_base(const struct model *m, unsigned pkg)
{
	(void)m;
	return 0xC0000000ull + 0x1000000ull * pkg;
}

/*
 * PCI register files hold device-local keys: the register's key on bus `bus`, the
 * package's uncore bus index (0 its first; model_pci.c).
 */
static inline uint32_t model_pci_key_at(unsigned bus, unsigned dev, unsigned fn, unsigned off)
{
	return 0x80000000u | (bus & 0xFFu) << 20 | (dev & 31u) << 15 | (fn & 7u) << 12 |
	       (off & 0xFFCu);
}

static inline uint32_t model_pci_key(unsigned dev, unsigned fn, unsigned off)
{
	return model_pci_key_at(0, dev, fn, off);
}

#endif
