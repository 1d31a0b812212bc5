/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * CXL performance monitoring units (CPMU) and the Register Locator DVSEC that
 * leads to them, as field tables. Facts from the CXL 3.0 specification: 8.1.9
 * (Register Locator DVSEC, DVSEC id 8 of vendor 0x1E98), 8.2.7 (the CPMU register
 * interface: capability, overflow status, freeze, event capabilities, counter
 * configuration, filters, counters), 13.2 (performance monitoring: the base event
 * group 0x0000 of CXL, event 0 clock ticks); and from Linux drivers/cxl/cxlpci.h
 * (CXL_DVSEC_REG_LOCATOR*, CXL_REGLOC_RBI_PMU = 4) and drivers/perf/cxl_pmu.c
 * (CXL_PMU_CAP_REG, CXL_PMU_COUNTER_CFG_REG, CXL_PMU_EVENT_CAP_REG offsets).
 */
#ifndef EFIPMU_LAYOUTS_CXL_H
#define EFIPMU_LAYOUTS_CXL_H

#include <stdint.h>
#include "hw/regfield.h"

#define CXL_VENDOR 0x1E98u          /* the CXL consortium's DVSEC vendor id */
#define CXL_DVSEC_LOCATOR 8u        /* Register Locator DVSEC id */
#define CXL_LOCATOR_ENTRIES 0x0Cu   /* its first entry's offset in the DVSEC; 8 bytes each */
#define CXL_BLOCK_CPMU 4u           /* register block identifier of a CPMU */
#define CXL_CPMU_BYTES 0xE00u       /* a CPMU block up to its 64th counter, as Linux maps it */

/* CPMU registers, offsets from the block's base (8.2.7; cxl_pmu.c). */
#define CXL_CPMU_CAP 0x000u
#define CXL_CPMU_OVF 0x010u
#define CXL_CPMU_FREEZE 0x018u
#define CXL_CPMU_EVCAP(n) (0x100u + 8u * (n))
#define CXL_CPMU_CFG(n) (0x200u + 8u * (n))
#define CXL_CPMU_CTR(n) (0xC00u + 8u * (n))

/* The base event group of CXL (13.2): vendor 0x1E98, group 0, event 0 clock ticks. */
#define CXL_GROUP_BASE 0u
#define CXL_EVENT_CLOCK_TICKS 0x1u   /* its bit in an event mask */

/* A Register Locator entry's two dwords as one qword (8.1.9). */
enum cxl_loc_field { CL_BIR, CL_BLOCK_ID, CL_OFFSET_LO, CL_OFFSET_HI, CL_NFIELDS };
extern const struct reg_field cxl_locator_fields[CL_NFIELDS];

/* The CPMU capability register (8.2.7). */
enum cxl_cap_field { CC_COUNTERS, CC_WIDTH, CC_EVCAPS, CC_FILTERS, CC_MSI, CC_WRITABLE_FROZEN,
		     CC_FREEZE, CC_OVF_INT, CC_VERSION, CC_NFIELDS };
extern const struct reg_field cxl_cap_fields[CC_NFIELDS];

/* An event capabilities register (8.2.7). */
enum cxl_evcap_field { CE_MASK, CE_GROUP, CE_VENDOR, CE_NFIELDS };
extern const struct reg_field cxl_evcap_fields[CE_NFIELDS];

/* A counter configuration register (8.2.7). */
enum cxl_cfg_field { CF_TYPE, CF_ENABLE, CF_INT, CF_FREEZE_OVF, CF_EDGE, CF_INVERT, CF_THRESHOLD,
		     CF_EVENTS, CF_EVCAP, CF_NFIELDS };
extern const struct reg_field cxl_cfg_fields[CF_NFIELDS];

/* A counter's type (CF_TYPE). */
enum cxl_counter_type { CXL_FREE_RUNNING = 0, CXL_FIXED = 1, CXL_CONFIGURABLE = 2 };

#endif
