/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* efipmu-host db: what the store's commands (db.c) and its view (db_view.c) share. */
#ifndef EFIPMU_HOST_DB_H
#define EFIPMU_HOST_DB_H

#include <sqlite3.h>
#include <stdio.h>

#include "runlog.h"

struct db {
	sqlite3 *h;
	const char *path;
};

/*
 * The board a run groups under: the name given at import, else the board (or system) its
 * capture's SMBIOS names, else its processor.
 */
#define BOARD_KEY "coalesce(board, machine, '(no board) ' || coalesce(cpu_brand, '?'))"
/* A firmware build: the system table's vendor and revision and SMBIOS's BIOS. */
#define FIRMWARE "coalesce(fw_vendor, '-') || ' ' || coalesce(fw_revision, '-') || CASE WHEN" \
	" machine IS NULL AND bios_version IS NULL THEN '' ELSE ', BIOS ' ||" \
	" coalesce(bios_vendor, '-') || ' ' || coalesce(bios_version, '-') || ' (' ||" \
	" coalesce(bios_date, '-') || ')' END"

/* A prepared statement; dies naming the store on an error. */
sqlite3_stmt *prep(struct db *d, const char *sql);
/* Column i as text, "-" for NULL. */
const char *col(sqlite3_stmt *s, int i);
/* A stored log's bytes into a private temporary file (its name in path). */
void write_temp(const void *data, int len, char path[22]);
/* The stored log of run into g (unload it); dies when there is no such run. */
void load_run(struct db *d, sqlite3_int64 run, struct runlog *g);
/* The HTML report of stored run id (report.c's page) to o. */
void report_run(struct db *d, sqlite3_int64 id, FILE *o);

/* db view -o DIR (db_view.c). */
int db_view(struct db *d, int argc, char **argv);

#endif
