/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The CSV summary beside the log, for spreadsheets: a header line, then one
 * line per count (RFC 4180: fields holding a comma, quote, CR or LF are
 * quoted, quotes doubled). Lines are built without their line ending: the
 * caller writes each line and its terminator.
 */
#ifndef EFIPMU_CSV_H
#define EFIPMU_CSV_H

#include <stdbool.h>
#include <stdint.h>
#include "util/fmt.h"
#include "out/logrec.h"
#include "pmu/regname.h"

/*
 * cpu,apic_id,package,box,event,counter,ctl,ctl_value,ctr,start,end,delta,overflowed,kernel,
 * repeat,simulated (ctl and ctr: the log's schema-2 names, docs/log.md)
 */
void csv_header(struct strbuf *sb);
/* The control and counter registers of a count by name (pmu/regname.h). */
struct csv_regs {
	struct regname ctl, ctr;
};
/*
 * Counter as "gp0" / "fixed1"; registers by name ("msr 0x186", "pci 0000:7f:10.4+0xd8"),
 * control and raw counter values in hex; delta in decimal. regs NULL: c's register keys named.
 */
void csv_row(struct strbuf *sb, const struct count_rec *c, const struct csv_regs *regs,
	     bool simulated);
/* One field, quoted only when it must be. */
void csv_field(struct strbuf *sb, const char *s);

#endif
