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
};

#endif
