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

#define PCI(dev, init, nm) { DISC_VIA_PCI, (dev), 0, (init), (nm) }
#define MSR(msr, init, nm) { DISC_VIA_MSR, 0, (msr), (init), (nm) }

static const uint8_t spr_to_cwf[] = { 0x8F, 0xCF, 0xAD, 0xAE, 0xAF, 0xDD, 0 };
static const uint8_t ptl[] = { 0xCC, 0xD5, 0 };
static const uint8_t dmr[] = { 0x01, 0 };
static const uint8_t nvl[] = { 0x01, 0x03, 0 };

static const struct disc_platform rows[] = {
	{ "sapphire-rapids-on", 6, spr_to_cwf, { PCI(0x09A7, false, "package") } },
	{ "panther-lake", 6, ptl, { MSR(0x201E, true, "package") } },
	{ "diamond-rapids", 19, dmr, { PCI(0x09A1, false, "IMH"), MSR(0x710, true, "CBB") } },
	{ "nova-lake", 18, nvl, { MSR(0x711, true, "package") } },
};

/*
 * Linux generic_uncore_init: every Intel device's DVSEC (PCI_ANY_ID), then MSR 0x201E ("best
 * effort"). The PCI finder looks at device 0x09A7 first and at every Intel function when
 * there is none, which holds every table the any-id walk finds where no 0x09A7 is.
 */
static const struct disc_platform generic = {
	"generic", 0, 0, { PCI(0x09A7, false, "package"), MSR(0x201E, false, "package") },
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

bool disc_platform_listed(uint32_t family, uint32_t model)
{
	return row_of(family, model) != 0;
}
