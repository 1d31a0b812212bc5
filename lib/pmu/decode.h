/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * --decode BOX VALUE: the fields of a raw register value, one per line, from
 * the same layout tables the engines encode with. Shared by the app and the
 * host tool; the API below is meant to stay as it is.
 *
 * Register names (case-insensitive):
 *   core:   perfevtsel fixed_ctr_ctrl global_ctrl global_status global_ovf_ctrl
 *           perf_capabilities, or the layout's own name (IA32_PERFEVTSEL, ...)
 *   uncore: a perf box name ("uncore", "uncore_ubox", "uncore_cbox_3") for its
 *           counter control, BOX.fixed BOX.box BOX.global BOX.status BOX.ovf for
 *           the box's other control registers, or a layout name (U_PMON_GLOBAL_CTRL)
 *   any:    an MSR number ("0x186", "0xc00")
 * boxes (a machine's, hw/box_set.h) NULL searches every family's type table; a name found
 * in several (uncore_ubox: Nehalem-EX and Sandy Bridge-EP) is decoded once for each.
 */
#ifndef EFIPMU_DECODE_H
#define EFIPMU_DECODE_H

#include <stdint.h>
#include "pmu/cpuinfo.h"
#include "hw/box_set.h"
#include "util/fmt.h"
#include "hw/regfield.h"
#include "util/status.h"

/*
 * Appends to sb a header line naming the register and its value, then one
 * line per field ("  event=0x3c    bits 7:0"), every line ending in '\n' and
 * under 80 columns. Reserved or ignored bits that are set get a line flagged
 * "RESERVED". Returns PMU_OK; PMU_ERR_RESERVED when reserved bits are set (the
 * text is complete); PMU_ERR_UNKNOWN_NAME with one line listing valid names.
 */
pmu_status decode_register(const char *name, uint64_t value, const struct box_set *boxes,
			   struct strbuf *sb);

/* The field lines of value for layout l (the body of decode_register). Same status. */
pmu_status decode_fields(const struct reg_layout *l, uint64_t value, struct strbuf *sb);

/*
 * Layout of the control register at msr on a machine with uncore boxes boxes (NULL: core
 * registers and the first uncore family that has it), or NULL for counters and MSRs no
 * table describes. For the dry-run report.
 */
const struct reg_layout *decode_layout_for_msr(uint32_t msr, const struct box_set *boxes);

#endif
