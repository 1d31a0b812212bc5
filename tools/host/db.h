/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* efipmu-host db: what the store's commands (db.c) and its view (db_view.c) share. */
#ifndef EFIPMU_HOST_DB_H
#define EFIPMU_HOST_DB_H

#include <stdint.h>
#include <stdio.h>

#include "runlog.h"
#include "store.h"

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

/* Column i as text, "-" for NULL. */
const char *col(struct store_stmt *s, int i);
/* The stored log of run into g (unload it); dies when there is no such run. */
void load_run(struct store *st, int64_t run, struct runlog *g);
/* The HTML report of stored run id (report.c's page) to o; dies when there is no such run. */
void report_run(struct store *st, int64_t id, FILE *o);

/* db view -o DIR (db_view.c). */
int db_view(struct store *st, int argc, char **argv);

#endif
