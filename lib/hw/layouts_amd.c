/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "hw/layouts_amd.h"

/*
 * PerfEvtSeln / PERF_CTLn: AMD64 APM vol. 2 (rev. 3.42), 13.2.1 figure 13-7
 * "Core Performance Event-Select Register". The event is 12 bits: EventSelect[7:0]
 * in 7:0 and EventSelect[11:8] in 35:32. Host/Guest Only (41/40) qualify counting
 * under SVM; both 0 counts in host and guest alike, which is what efipmu keeps.
 * Bits 19 and 21 (Intel's PC and AnyThread) are reserved on AMD.
 */
static const struct reg_field perf_ctl[] = {
	{ "event", 0, 8, RA_RW, "evtsel event_select" },
	{ "umask", 8, 8, RA_RW, "unit_mask" },
	{ "usr", 16, 1, RA_RW, "user" },
	{ "os", 17, 1, RA_RW, "kernel" },
	{ "e", 18, 1, RA_RW, "edge edge_detect" },
	{ "rsv", 19, 1, RA_RSV, NULL },
	{ "int", 20, 1, RA_RW, "pmi apic_int" },
	{ "rsv", 21, 1, RA_RSV, NULL },
	{ "en", 22, 1, RA_RW, "enable" },
	{ "inv", 23, 1, RA_RW, "invert" },
	{ "cmask", 24, 8, RA_RW, "counter_mask cnt_mask thresh" },
	{ "event_hi", 32, 4, RA_RW, "eventselect_hi" },
	{ "rsv", 36, 4, RA_RSV, NULL },
	{ "guestonly", 40, 1, RA_RW, "guest_only" },
	{ "hostonly", 41, 1, RA_RW, "host_only" },
	{ "rsv", 42, 22, RA_RSV, NULL },
};

/*
 * PerfMonV2 (CPUID 0x80000022 EAX[0]; APM vol. 2 13.2.2, PPR for family 19h):
 * PerfCntrGlobalCtl 0xC0000301 enables counter n with bit n, and a counter counts
 * only when both it and the counter's own EN are set; PerfCntrGlobalStatus
 * 0xC0000300 (read only) has counter n's overflow in bit n; writing 1s to
 * PerfCntrGlobalStatusClr 0xC0000302 clears them. Six core counters.
 */
static const struct reg_field global_ctl[] = {
	{ "en_pmc0", 0, 1, RA_RW, NULL },
	{ "en_pmc1", 1, 1, RA_RW, NULL },
	{ "en_pmc2", 2, 1, RA_RW, NULL },
	{ "en_pmc3", 3, 1, RA_RW, NULL },
	{ "en_pmc4", 4, 1, RA_RW, NULL },
	{ "en_pmc5", 5, 1, RA_RW, NULL },
	{ "rsv", 6, 58, RA_RSV, NULL },
};

static const struct reg_field global_status[] = {
	{ "ovf_pmc0", 0, 1, RA_RO, NULL },
	{ "ovf_pmc1", 1, 1, RA_RO, NULL },
	{ "ovf_pmc2", 2, 1, RA_RO, NULL },
	{ "ovf_pmc3", 3, 1, RA_RO, NULL },
	{ "ovf_pmc4", 4, 1, RA_RO, NULL },
	{ "ovf_pmc5", 5, 1, RA_RO, NULL },
	{ "rsv", 6, 58, RA_RSV, NULL },
};

static const struct reg_field global_status_clr[] = {
	{ "clr_ovf_pmc0", 0, 1, RA_W1C, NULL },
	{ "clr_ovf_pmc1", 1, 1, RA_W1C, NULL },
	{ "clr_ovf_pmc2", 2, 1, RA_W1C, NULL },
	{ "clr_ovf_pmc3", 3, 1, RA_W1C, NULL },
	{ "clr_ovf_pmc4", 4, 1, RA_W1C, NULL },
	{ "clr_ovf_pmc5", 5, 1, RA_W1C, NULL },
	{ "rsv", 6, 58, RA_RSV, NULL },
};

const struct reg_layout layout_amd_perf_ctl = REG_LAYOUT("PERF_CTL", perf_ctl);
const struct reg_layout layout_amd_global_ctl = REG_LAYOUT("PerfCntrGlobalCtl", global_ctl);
const struct reg_layout layout_amd_global_status =
	REG_LAYOUT("PerfCntrGlobalStatus", global_status);
const struct reg_layout layout_amd_global_status_clr =
	REG_LAYOUT("PerfCntrGlobalStatusClr", global_status_clr);
