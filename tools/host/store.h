/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The store's database, whichever it is: SQLite (a file, the default: store_sqlite.c) or a
 * PostgreSQL server (a postgresql:// URL, libpq: store_pg.c). db.c writes its SQL once, with
 * '?' or '?N' parameters, and the few differences of dialect are the driver's data below.
 * Every function dies naming the store and the database's own message on an error: no status
 * to forget.
 */
#ifndef EFIPMU_STORE_H
#define EFIPMU_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct store;
struct store_stmt;

struct store_driver {
	const char *kind;   /* "SQLite", "PostgreSQL" */
	struct store *(*open)(const char *where);
	void (*close)(struct store *st);
	void (*exec)(struct store *st, const char *sql);   /* statements without parameters */
	struct store_stmt *(*prep)(struct store *st, const char *sql);
	void (*bind_text)(struct store_stmt *s, int i, const char *v);   /* v NULL: NULL */
	void (*bind_int)(struct store_stmt *s, int i, int64_t v);
	void (*bind_blob)(struct store_stmt *s, int i, const void *p, size_t n);
	bool (*step)(struct store_stmt *s);   /* true: a row to read; false: done */
	void (*reset)(struct store_stmt *s);  /* to run again, its parameters cleared */
	void (*finalize)(struct store_stmt *s);
	const char *(*text)(struct store_stmt *s, int i);   /* NULL: NULL */
	int64_t (*integer)(struct store_stmt *s, int i);
	const void *(*blob)(struct store_stmt *s, int i, size_t *n);
	/* dialect */
	const char *begin_write;   /* a writer's transaction */
	const char *begin_schema;  /* creation or migration: one process at a time */
	const char *version_sql;   /* the schema version, 0: none */
	const char *set_version;   /* printf format of one %d */
	const char *tables_sql;    /* how many tables the store holds */
	const char *after_schema;  /* run once the schema is committed, NULL: nothing */
	const char *id_type, *int_type, *blob_type;   /* the schema's {id}, {int}, {blob} */
};

/* What every driver's store and statement begin with. */
struct store {
	const struct store_driver *drv;
	char name[256];   /* for messages: the file, or the server without its password */
};
struct store_stmt {
	struct store *st;
};

extern const struct store_driver store_sqlite, store_pg;

/* A postgresql:// (or postgres://) URL is a server; anything else, an SQLite file. */
struct store *store_open(const char *where);
void store_close(struct store *st);
void store_exec(struct store *st, const char *sql);
/* DDL with {id}, {int} and {blob} in the driver's types. */
void store_schema(struct store *st, const char *ddl);
struct store_stmt *store_prep(struct store *st, const char *sql);
void store_bind_text(struct store_stmt *s, int i, const char *v);
void store_bind_int(struct store_stmt *s, int i, int64_t v);
void store_bind_blob(struct store_stmt *s, int i, const void *p, size_t n);
bool store_step(struct store_stmt *s);
void store_reset(struct store_stmt *s);
void store_finalize(struct store_stmt *s);
const char *store_text(struct store_stmt *s, int i);
int64_t store_int(struct store_stmt *s, int i);
const void *store_blob(struct store_stmt *s, int i, size_t *n);
/* A statement that returns no row, reset for its next parameters. */
void store_run(struct store_stmt *s);
/* The first column of a one-row query without parameters (0 when it returns none). */
int64_t store_query_int(struct store *st, const char *sql);

#endif
