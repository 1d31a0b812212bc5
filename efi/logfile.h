/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The run log on the FAT volume the app was loaded from: \efipmu\<name>.
 * A new file every run, written in whole lines; a line is flushed before the
 * next one unless held (the measurement's repeats: run/log_sync.c says when).
 */
#ifndef EFIPMU_LOGFILE_H
#define EFIPMU_LOGFILE_H

#include <efi.h>
#include "util/fmt.h"

struct logfile {
	EFI_FILE_HANDLE root, dir, file;
	char name[48];          /* file name inside \efipmu\ */
	char problem[128];     /* why there is no log, when there is none */
	UINTN records;          /* whole lines on the disk */
	UINT64 size;            /* their bytes */
	BOOLEAN write_failed;
	BOOLEAN hold;           /* lines gathered, written and flushed when the hold ends */
	BOOLEAN dirty;          /* written since the last flush */
	char pend[16384];       /* lines not yet written: one FAT write for a step's records */
	UINTN pend_len, pend_lines;
	/* what writing it cost: FAT writes and flushes, TSC ticks in each */
	UINT64 writes, flushes, write_ticks, flush_ticks;
};

/* Opens the app's volume root (for config and log). */
EFI_STATUS volume_open(EFI_HANDLE image, EFI_FILE_HANDLE *root);
/* Reads a whole small file (path with backslashes) into buf; *len gets its size. */
EFI_STATUS volume_read_file(EFI_FILE_HANDLE root, const char *path, char *buf, UINTN cap,
			    UINTN *len);

/*
 * Creates a new log, never over an existing file: name "" picks run-NNNN<ext>,
 * the first unused number; a given name is used while it is free, then
 * NAME-NNNN.EXT (lab-run.jsonl, lab-run-0001.jsonl, ...). lf->name says which.
 */
EFI_STATUS logfile_create(struct logfile *lf, EFI_FILE_HANDLE root, const char *name,
			  const char *ext);
/*
 * While held, lines are gathered in memory (a FAT write and above all a flush
 * cost most of a record under emulation); logfile_hold(lf, FALSE) writes them
 * in one write and flushes. A failed flush is a failed write.
 */
void logfile_hold(struct logfile *lf, BOOLEAN hold);
/*
 * Appends one line (a newline is added) and, unless held, flushes it to the disk. The first
 * failed or short write is said on the console; the file is cut back to its
 * last whole line and no further line is tried.
 */
EFI_STATUS logfile_line(struct logfile *lf, const char *text, UINTN len);
/* Why lines were lost (the file could not be created or written); NULL: none were. */
const char *logfile_failure(const struct logfile *lf);
void logfile_close(struct logfile *lf);

#endif
