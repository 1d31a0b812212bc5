/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The uncore families efipmu drives: which box descriptors and event lists a CPU model has. */
#ifndef EFIPMU_HW_UNCORE_FAMILY_H
#define EFIPMU_HW_UNCORE_FAMILY_H

enum uncore_family {
	UNCORE_NONE,
	UNCORE_NHM_CLIENT,   /* Nehalem/Westmere client-style MSR uncore (Intel SDM Vol. 3B 18.8.2) */
	UNCORE_NHM_EX,       /* Nehalem-EX / Westmere-EX boxes (Intel 323535-001) */
	UNCORE_SNB_EP,       /* Sandy Bridge-EP (Intel 327043-001) */
	UNCORE_SKX,          /* Skylake-SP, Cascade Lake (Intel 336274; Linux uncore_snbep.c) */
	UNCORE_ICX,          /* Ice Lake-SP (Linux uncore_snbep.c icx_*; Intel PCM) */
	UNCORE_UNCONFIRMED,  /* model 0x1F: may have the NHM client uncore, must be probed */
	UNCORE_AMD_17H,      /* AMD family 17h (Zen 1, 2), Hygon 18h: L3 per CCX, DF (PPR 56176) */
	UNCORE_AMD_19H,      /* AMD family 19h and later (Zen 3, 4): L3, DF, UMC (PPR 55901) */
	UNCORE_DISC,         /* a discovery table's units (Sapphire Rapids on; hw/uncore_disc.h) */
};

#endif
