/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The store in an SQLite file (the system's library). Writers take the database lock at BEGIN
 * IMMEDIATE and wait for it (busy timeout), so imports at once all land, one after another.
 */
#define _POSIX_C_SOURCE 200809L
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>

#include "host.h"
#include "store.h"

#define BUSY_MS 60000

struct sq_store {
	struct store base;
	sqlite3 *h;
};

struct sq_stmt {
	struct store_stmt base;
	sqlite3_stmt *s;
};

static sqlite3 *handle(struct store *st) { return ((struct sq_store *)st)->h; }
static sqlite3_stmt *stmt(struct store_stmt *s) { return ((struct sq_stmt *)s)->s; }

static void sq_die(struct store *st, const char *what)
{
	die("%s: %s: %s", st->name, what, sqlite3_errmsg(handle(st)));
}

static void sq_exec(struct store *st, const char *sql)
{
	char *err = NULL;
	if (sqlite3_exec(handle(st), sql, NULL, NULL, &err) != SQLITE_OK) {
		char msg[512];
		snprintf(msg, sizeof(msg), "%s", err ? err : "?");
		sqlite3_free(err);
		die("%s: %s", st->name, msg);
	}
}

static struct store *sq_open(const char *path)
{
	struct sq_store *q = xcalloc(1, sizeof(*q));
	q->base.drv = &store_sqlite;
	snprintf(q->base.name, sizeof(q->base.name), "%s", path);
	if (sqlite3_open_v2(path, &q->h, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
	    SQLITE_OK)
		sq_die(&q->base, "cannot open");
	sqlite3_busy_timeout(q->h, BUSY_MS);
	/*
	 * Write-ahead log (after_schema): readers and one writer at once, and a commit without a
	 * sync of the whole file (NORMAL: a power cut may lose the last imports, never corrupt the
	 * store).
	 */
	sq_exec(&q->base, "PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL");
	return &q->base;
}

static void sq_close(struct store *st)
{
	sqlite3_close(handle(st));
	free(st);
}

static struct store_stmt *sq_prep(struct store *st, const char *sql)
{
	struct sq_stmt *s = xcalloc(1, sizeof(*s));
	s->base.st = st;
	if (sqlite3_prepare_v2(handle(st), sql, -1, &s->s, NULL) != SQLITE_OK)
		sq_die(st, "SQL");
	return &s->base;
}

static void sq_bind_text(struct store_stmt *s, int i, const char *v)
{
	if (v)
		sqlite3_bind_text(stmt(s), i, v, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(stmt(s), i);
}

static void sq_bind_int(struct store_stmt *s, int i, int64_t v)
{
	sqlite3_bind_int64(stmt(s), i, (sqlite3_int64)v);
}

static void sq_bind_blob(struct store_stmt *s, int i, const void *p, size_t n)
{
	sqlite3_bind_blob64(stmt(s), i, p, (sqlite3_uint64)n, SQLITE_STATIC);
}

static bool sq_step(struct store_stmt *s)
{
	int rc = sqlite3_step(stmt(s));
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		sq_die(s->st, "SQL");
	return rc == SQLITE_ROW;
}

static void sq_reset(struct store_stmt *s)
{
	sqlite3_reset(stmt(s));
	sqlite3_clear_bindings(stmt(s));
}

static void sq_finalize(struct store_stmt *s)
{
	sqlite3_finalize(stmt(s));
	free(s);
}

static const char *sq_text(struct store_stmt *s, int i)
{
	return (const char *)sqlite3_column_text(stmt(s), i);
}

static int64_t sq_integer(struct store_stmt *s, int i)
{
	return sqlite3_column_int64(stmt(s), i);
}

static const void *sq_blob(struct store_stmt *s, int i, size_t *n)
{
	const void *p = sqlite3_column_blob(stmt(s), i);
	*n = (size_t)sqlite3_column_bytes(stmt(s), i);
	return p;
}

const struct store_driver store_sqlite = {
	.kind = "SQLite",
	.open = sq_open, .close = sq_close, .exec = sq_exec, .prep = sq_prep,
	.bind_text = sq_bind_text, .bind_int = sq_bind_int, .bind_blob = sq_bind_blob,
	.step = sq_step, .reset = sq_reset, .finalize = sq_finalize,
	.text = sq_text, .integer = sq_integer, .blob = sq_blob,
	.begin_write = "BEGIN IMMEDIATE",
	.begin_schema = "BEGIN IMMEDIATE",
	.version_sql = "PRAGMA user_version",
	.set_version = "PRAGMA user_version = %d",
	.tables_sql = "SELECT count(*) FROM sqlite_master",
	.after_schema = "PRAGMA journal_mode = WAL",   /* kept in the file; outside a transaction */
	.id_type = "INTEGER PRIMARY KEY", .int_type = "INTEGER", .blob_type = "BLOB",
};
