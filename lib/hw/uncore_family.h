/* The uncore families efipmu drives: which box descriptors and event lists a CPU model has. */
#ifndef EFIPMU_HW_UNCORE_FAMILY_H
#define EFIPMU_HW_UNCORE_FAMILY_H

enum uncore_family {
	UNCORE_NONE,
	UNCORE_NHM_CLIENT,   /* Nehalem/Westmere client-style MSR uncore (§2) */
	UNCORE_NHM_EX,       /* Nehalem-EX / Westmere-EX boxes (§3) */
	UNCORE_SNB_EP,       /* Sandy Bridge-EP (§4) */
	UNCORE_UNCONFIRMED,  /* model 0x1F: may have the §2 uncore, must be probed */
};

#endif
