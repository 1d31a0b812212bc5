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
#include "fmt.h"

/* One count, as the "count" log record holds it. */
struct csv_count {
	uint64_t cpu, apic_id, package;
	const char *box;           /* "core", "uncore_ubox", ... */
	const char *event;
	const char *counter_kind;  /* "gp", "fixed" */
	uint64_t counter;          /* index within its kind */
	uint64_t ctl_msr, ctl_value, ctr_msr;
	uint64_t start, end, delta;
	bool overflowed;
	const char *kernel;
	uint64_t repeat;
	bool simulated;            /* from the reference model */
};

/* cpu,apic_id,package,box,event,counter,ctl_msr,ctl_value,ctr_msr,start,end,delta,overflowed,kernel,repeat,simulated */
void csv_header(struct strbuf *sb);
/* Counter as "gp0" / "fixed1"; MSRs, control and raw counter values in hex; delta in decimal. */
void csv_row(struct strbuf *sb, const struct csv_count *c);
/* One field, quoted only when it must be. */
void csv_field(struct strbuf *sb, const char *s);

#endif
