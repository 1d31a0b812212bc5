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

/* cpu,apic_id,package,box,event,counter,ctl_msr,ctl_value,ctr_msr,start,end,delta,overflowed,kernel,repeat,simulated */
void csv_header(struct strbuf *sb);
/* Counter as "gp0" / "fixed1"; MSRs, control and raw counter values in hex; delta in decimal. */
void csv_row(struct strbuf *sb, const struct count_rec *c, bool simulated);
/* One field, quoted only when it must be. */
void csv_field(struct strbuf *sb, const char *s);

#endif
