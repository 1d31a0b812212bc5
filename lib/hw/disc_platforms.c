/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The platforms' discovery domains (hw/disc_platforms.h). Models: Linux
 * arch/x86/include/asm/intel-family.h (SAPPHIRERAPIDS_X 06_8F, EMERALDRAPIDS_X 06_CF,
 * GRANITERAPIDS_X/D 06_AD/AE, ATOM_CRESTMONT_X 06_AF, ATOM_DARKMONT_X 06_DD,
 * PANTHERLAKE_L 06_CC, WILDCATLAKE_L 06_D5, NOVALAKE/_L 18_01/18_03, DIAMONDRAPIDS_X 19_01).
 * Domains (Linux arch/x86/events/intel/uncore.c as of tip perf/core 2026-01-12):
 *   SPR/EMR/GNR/SRF: PCI device 0x09A7 (e75462f6c7ea); Clearwater Forest reuses
 *     gnr_uncore_init (b6ccddd6fe1f "Add Clearwater Forest support");
 *   Panther Lake-L, Wildcat Lake: MSR 0x201E, with global_init (cf002dafedd0 "Support MSR
 *     portal for discovery tables", 46da08a2bb4d);
 *   Diamond Rapids: PCI device 0x09A1 (the IMH dies), MSR 0x710 per CBB die, global_init
 *     on the CBB domain only (6daf2c35b835, 66e2075426f3, b575fc0e3357);
 *   Nova Lake: MSR 0x711 (the package), with global_init (e7d5f2ea0923).
 */
#include "hw/disc_platforms.h"
#include "hw/layouts_discovery.h"
#include "hw/layouts_dmr.h"

#define PCI(dev, init, nm) { DISC_VIA_PCI, (dev), 0, (init), (nm), 0, 0 }
#define MSR(msr, init, nm) { DISC_VIA_MSR, 0, (msr), (init), (nm), 0, 0 }
#define IGNORING(t) (t), sizeof(t) / sizeof((t)[0])

/* Diamond Rapids' broken units, skipped: MSE on the IMH (6daf2c35b835), SB2UCIE on the CBB (66e2075426f3). */
static const uint16_t dmr_imh_broken[] = { 0x13 };
static const uint16_t dmr_cbb_broken[] = { 0x25 };

/*
 * Diamond Rapids' types: the indexes of Linux's dmr_uncores[] as 6daf2c35b835 (IMH) and
 * 66e2075426f3 (CBB) fill it, names lower-cased as its PMUs are (ULA: "D2D_ULA" there).
 * The iMC's fixed counter and threshold 32:23 are not modelled here: its generic control.
 */
#define UX (&layout_dmr_umask_ext_ctl)
static const struct disc_type_row dmr_types[] = {
	{ 0x04, "pcu", NULL }, { 0x05, "ubox", NULL }, { 0x06, "imc", NULL },
	{ 0x13, "mse", NULL }, { 0x17, "sca", UX }, { 0x18, "cxlcm", &layout_dmr_cxlcm_ctl },
	{ 0x1E, "hamvf", UX }, { 0x1F, "cbo", UX }, { 0x20, "santa", NULL }, { 0x21, "cncu", NULL },
	{ 0x22, "sncu", NULL }, { 0x23, "ula", UX }, { 0x24, "dda", UX }, { 0x25, "sb2ucie", NULL },
	{ 0x26, "sbo", UX }, { 0x2B, "ubr", UX }, { 0x2D, "pcie4", &layout_dmr_pcie_ctl },
	{ 0x2E, "crs", NULL }, { 0x2F, "cpc", UX }, { 0x30, "itc", UX }, { 0x31, "otc", UX },
	{ 0x32, "cms", NULL }, { 0x33, "pcie6", &layout_dmr_pcie_ctl },
};

/*
 * Panther Lake's table units (tip 64ad6d6ede0c: ptl_uncores[] at UNCORE_PTL_TYPE_IMC 6, _SNCU
 * 34, _HBO 41, MMIO, generic controls), which Nova Lake's table has too (e7d5f2ea0923).
 */
static const struct disc_type_row ptl_types[] = {
	{ 6, "imc", NULL }, { 34, "sncu", NULL }, { 41, "hbo", NULL },
};

static const uint8_t spr_to_cwf[] = { 0x8F, 0xCF, 0xAD, 0xAE, 0xAF, 0xDD, 0 };
static const uint8_t ptl[] = { 0xCC, 0xD5, 0 };
static const uint8_t dmr[] = { 0x01, 0 };
static const uint8_t nvl[] = { 0x01, 0x03, 0 };

static const struct disc_platform rows[] = {
	{ "sapphire-rapids-on", 6, spr_to_cwf, { PCI(0x09A7, false, "package") }, 0, 0 },
	{ "panther-lake", 6, ptl, { MSR(0x201E, true, "package") }, ptl_types, 3 },
	{ "diamond-rapids", 19, dmr, {
		{ DISC_VIA_PCI, 0x09A1, 0, false, "IMH", IGNORING(dmr_imh_broken) },
		{ DISC_VIA_MSR, 0, 0x710, true, "CBB", IGNORING(dmr_cbb_broken) } },
	  dmr_types, sizeof(dmr_types) / sizeof(dmr_types[0]) },
	{ "nova-lake", 18, nvl, { MSR(0x711, true, "package") }, ptl_types, 3 },
};

/*
 * Linux generic_uncore_init: every Intel device's DVSEC (PCI_ANY_ID), then MSR 0x201E ("best
 * effort"). The PCI finder looks at device 0x09A7 first and at every Intel function when
 * there is none, which holds every table the any-id walk finds where no 0x09A7 is.
 */
static const struct disc_platform generic = {
	"generic", 0, 0, { PCI(0x09A7, false, "package"), MSR(0x201E, false, "package") }, 0, 0,
};

static const struct disc_platform *row_of(uint32_t family, uint32_t model)
{
	for (unsigned i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		for (const uint8_t *m = rows[i].models; rows[i].family == family && *m; m++)
			if (*m == model)
				return &rows[i];
	return 0;
}

const struct disc_platform *disc_platform_for(uint32_t family, uint32_t model)
{
	const struct disc_platform *p = row_of(family, model);
	return p ? p : &generic;
}

static const struct disc_type_row *type_row(const struct disc_platform *p, uint16_t t)
{
	for (unsigned i = 0; p && i < p->ntypes; i++)
		if (p->types[i].type == t)
			return &p->types[i];
	return 0;
}

const char *disc_platform_type_name(const struct disc_platform *p, uint16_t t)
{
	const struct disc_type_row *r = type_row(p, t);
	return p && p->types ? (r ? r->name : 0) : disc_type_name(t);
}

const struct reg_layout *disc_platform_type_ctl(const struct disc_platform *p, uint16_t t)
{
	const struct disc_type_row *r = type_row(p, t);
	if (!p || !p->types)
		return disc_type_ctl(t);
	return r && r->ctl ? r->ctl : &layout_disc_ctl;
}

bool disc_platform_listed(uint32_t family, uint32_t model)
{
	return row_of(family, model) != 0;
}
