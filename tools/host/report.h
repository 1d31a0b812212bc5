/* efipmu-host: the HTML page of a run (report.c), for report and db report. */
#ifndef EFIPMU_HOST_REPORT_H
#define EFIPMU_HOST_REPORT_H

#include <stdint.h>
#include <stdio.h>

/* What report.c's page is made of. */
struct report_args {
	const char *path, *label;   /* the log, and what the page calls it */
	const char *base;           /* NULL: no comparison */
	uint64_t tol;
	const char *board;          /* the board a store was told at import; NULL: none */
};
void report_write(FILE *o, const struct report_args *a);

#endif
