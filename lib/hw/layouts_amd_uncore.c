/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "hw/layouts_amd_uncore.h"

/*
 * L3 Performance Event Select, MSRC001_0230 + 2n (ChL3PmcCfg), family 17h: AMD PPR 56176
 * (family 17h model 31h). SliceMask selects the L3 slices of the CCX, ThreadMask the
 * threads (one bit per core and thread) whose requests count; a mask of 0 counts nothing
 * (Linux arch/x86/events/amd/uncore.c fills both when none is given).
 */
static const struct reg_field l3_ctl_17h[] = {
	{ "event", 0, 8, RA_RW, "evtsel event_select" },
	{ "umask", 8, 8, RA_RW, "unit_mask" },
	{ "rsv", 16, 6, RA_RSV, NULL },
	{ "en", 22, 1, RA_RW, "enable" },
	{ "rsv", 23, 25, RA_RSV, NULL },
	{ "slicemask", 48, 4, RA_RW, "slice_mask" },
	{ "rsv", 52, 4, RA_RSV, NULL },
	{ "threadmask", 56, 8, RA_RW, "thread_mask" },
};

/*
 * ChL3PmcCfg, family 19h: AMD PPR 55901 (family 19h model 11h). One slice (SliceId) or all
 * (EnAllSlices), one core (CoreId) or all (EnAllCores), ThreadMask the SMT threads of each.
 */
static const struct reg_field l3_ctl_19h[] = {
	{ "event", 0, 8, RA_RW, "evtsel event_select" },
	{ "umask", 8, 8, RA_RW, "unit_mask" },
	{ "rsv", 16, 6, RA_RSV, NULL },
	{ "en", 22, 1, RA_RW, "enable" },
	{ "rsv", 23, 19, RA_RSV, NULL },
	{ "coreid", 42, 3, RA_RW, "core_id" },
	{ "rsv", 45, 1, RA_RSV, NULL },
	{ "enallslices", 46, 1, RA_RW, "en_all_slices" },
	{ "enallcores", 47, 1, RA_RW, "en_all_cores" },
	{ "sliceid", 48, 3, RA_RW, "slice_id" },
	{ "rsv", 51, 5, RA_RSV, NULL },
	{ "threadmask", 56, 2, RA_RW, "thread_mask" },
	{ "rsv", 58, 6, RA_RSV, NULL },
};

/*
 * Data Fabric Performance Event Select, MSRC001_0240 + 2n, before PerfMonV2: AMD PPR 56176.
 * The event is 14 bits: EventSelect[7:0] in 7:0, [11:8] in 35:32, [13:12] in 60:59 (Linux
 * uncore.c's event14 format, config:0-7,32-35,59-60). A 12-bit event= spills into event_hi;
 * bits 13:12 take event_top.
 */
static const struct reg_field df_ctl[] = {
	{ "event", 0, 8, RA_RW, "evtsel event_select" },
	{ "umask", 8, 8, RA_RW, "unit_mask" },
	{ "rsv", 16, 6, RA_RSV, NULL },
	{ "en", 22, 1, RA_RW, "enable" },
	{ "rsv", 23, 9, RA_RSV, NULL },
	{ "event_hi", 32, 4, RA_RW, "eventselect_hi" },
	{ "rsv", 36, 23, RA_RSV, NULL },
	{ "event_top", 59, 2, RA_RW, NULL },
	{ "rsv", 61, 3, RA_RSV, NULL },
};

/*
 * The same register under PerfMonV2 (CPUID 0x80000022 EAX[0]; AMD64 APM vol. 2 13.2, PPR
 * 55901): EventSelect[13:8] in 37:32, a 12-bit UnitMask with [11:8] in 27:24 (Linux uncore.c's
 * event14v2 and umask12 formats, config:0-7,32-37 and config:8-15,24-27).
 */
static const struct reg_field df_ctl_v2[] = {
	{ "event", 0, 8, RA_RW, "evtsel event_select" },
	{ "umask", 8, 8, RA_RW, "unit_mask" },
	{ "rsv", 16, 6, RA_RSV, NULL },
	{ "en", 22, 1, RA_RW, "enable" },
	{ "rsv", 23, 1, RA_RSV, NULL },
	{ "umask_hi", 24, 4, RA_RW, NULL },
	{ "rsv", 28, 4, RA_RSV, NULL },
	{ "event_hi", 32, 6, RA_RW, "eventselect_hi" },
	{ "rsv", 38, 26, RA_RSV, NULL },
};

/*
 * UMC Performance Control, MSRC001_0800 + 2n: AMD PPR 55901 (family 19h model 11h). Enable
 * is bit 31 (Linux uncore.c AMD64_PERFMON_V2_ENABLE_UMC), RdWrMask 9:8 selects reads (1),
 * writes (2) or both.
 */
static const struct reg_field umc_ctl[] = {
	{ "event", 0, 8, RA_RW, "evtsel event_select" },
	{ "rdwrmask", 8, 2, RA_RW, "rd_wr_mask" },
	{ "rsv", 10, 21, RA_RSV, NULL },
	{ "en", 31, 1, RA_RW, "enable" },
	{ "rsv", 32, 32, RA_RSV, NULL },
};

/*
 * UMC Performance Counter, MSRC001_0801 + 2n: 48 bits that saturate instead of wrapping and
 * then set bit 48 (Linux uncore.c amd_uncore_umc_read: "UMC counters saturate and set the
 * Overflow bit (bit 48) on overflow").
 */
static const struct reg_field umc_ctr[] = {
	{ "count", 0, 48, RA_RW, NULL },
	{ "overflow", 48, 1, RA_RW, "saturated" },
	{ "rsv", 49, 15, RA_RSV, NULL },
};

const struct reg_layout layout_amd_l3_ctl_17h = REG_LAYOUT("ChL3PmcCfg (17h)", l3_ctl_17h);
const struct reg_layout layout_amd_l3_ctl_19h = REG_LAYOUT("ChL3PmcCfg (19h)", l3_ctl_19h);
const struct reg_layout layout_amd_df_ctl = REG_LAYOUT("DF PerfCtl", df_ctl);
const struct reg_layout layout_amd_df_ctl_v2 = REG_LAYOUT("DF PerfCtl (PerfMonV2)", df_ctl_v2);
const struct reg_layout layout_amd_umc_ctl = REG_LAYOUT("UMC PerfCtl", umc_ctl);
const struct reg_layout layout_amd_umc_ctr = REG_LAYOUT("UMC PerfCtr", umc_ctr);
