/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* CXL Register Locator entries and CPMU registers as field tables (layouts_cxl.h). */
#include "hw/layouts_cxl.h"

/* CXL 3.0 8.1.9; Linux cxlpci.h CXL_DVSEC_REG_LOCATOR_{BIR,BLOCK_ID}_MASK. */
const struct reg_field cxl_locator_fields[CL_NFIELDS] = {
	[CL_BIR] = { "bir", 0, 3, RA_RO, NULL },
	[CL_BLOCK_ID] = { "block_id", 8, 8, RA_RO, NULL },
	[CL_OFFSET_LO] = { "offset_low", 16, 16, RA_RO, NULL },   /* offset bits 31:16 */
	[CL_OFFSET_HI] = { "offset_high", 32, 32, RA_RO, NULL },  /* offset bits 63:32 */
};

/* CXL 3.0 8.2.7; Linux cxl_pmu.c CXL_PMU_CAP_*. */
const struct reg_field cxl_cap_fields[CC_NFIELDS] = {
	[CC_COUNTERS] = { "num_counters", 0, 6, RA_RO, NULL },   /* counters - 1 */
	[CC_WIDTH] = { "counter_width", 8, 8, RA_RO, NULL },
	[CC_EVCAPS] = { "num_event_capabilities", 20, 5, RA_RO, NULL },   /* registers - 1 */
	[CC_FILTERS] = { "filters_supported", 32, 8, RA_RO, NULL },
	[CC_MSI] = { "msg_number", 44, 4, RA_RO, NULL },
	[CC_WRITABLE_FROZEN] = { "counters_writable_while_frozen", 48, 1, RA_RO, NULL },
	[CC_FREEZE] = { "counter_freeze_supported", 49, 1, RA_RO, NULL },
	[CC_OVF_INT] = { "overflow_interrupt_supported", 50, 1, RA_RO, NULL },
	[CC_VERSION] = { "version", 60, 4, RA_RO, NULL },
};

/* CXL 3.0 8.2.7; Linux cxl_pmu.c CXL_PMU_EVENT_CAP_*. */
const struct reg_field cxl_evcap_fields[CE_NFIELDS] = {
	[CE_MASK] = { "supported_events", 0, 32, RA_RO, NULL },
	[CE_GROUP] = { "group_id", 32, 16, RA_RO, NULL },
	[CE_VENDOR] = { "vendor_id", 48, 16, RA_RO, NULL },
};

/* CXL 3.0 8.2.7; Linux cxl_pmu.c CXL_PMU_COUNTER_CFG_*. */
const struct reg_field cxl_cfg_fields[CF_NFIELDS] = {
	[CF_TYPE] = { "counter_type", 0, 2, RA_RO, NULL },
	[CF_ENABLE] = { "enable", 8, 1, RA_RW, NULL },
	[CF_INT] = { "int_on_overflow", 9, 1, RA_RW, NULL },
	[CF_FREEZE_OVF] = { "freeze_on_overflow", 10, 1, RA_RW, NULL },
	[CF_EDGE] = { "edge", 11, 1, RA_RW, NULL },
	[CF_INVERT] = { "invert", 12, 1, RA_RW, NULL },
	[CF_THRESHOLD] = { "threshold", 16, 8, RA_RW, NULL },
	[CF_EVENTS] = { "events", 24, 32, RA_RW, NULL },
	[CF_EVCAP] = { "event_group_id_index", 59, 5, RA_RW, NULL },
};
