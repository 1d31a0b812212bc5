/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The store on a PostgreSQL server (libpq): a lab's store, which many benches import into at
 * once. Each statement is sent with its parameters (PQexecParams, '?' and '?N' rewritten as
 * $N) and its whole result read back as text, so a loop over one query may run others.
 * Imports at once are safe without a lock of the store: the run's key is unique and a run's
 * row is inserted ON CONFLICT DO NOTHING (db.c); only creating the schema takes a lock.
 */
#define _POSIX_C_SOURCE 200809L
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "store.h"

/* The parameters' types (PostgreSQL's src/include/catalog/pg_type.dat): 0 lets the server infer. */
#define OID_BYTEA 17
#define OID_INT8 20
#define OID_TEXT 25
#define MAX_PARAMS 32

struct pg_store {
	struct store base;
	PGconn *c;
};

struct pg_stmt {
	struct store_stmt base;
	char *sql;
	int nparams, row;
	Oid types[MAX_PARAMS];
	char *values[MAX_PARAMS];
	int lengths[MAX_PARAMS], formats[MAX_PARAMS];
	bool owned[MAX_PARAMS];   /* values[i] is ours to free (text, numbers; not a blob) */
	PGresult *res;
	unsigned char *blob;   /* the last blob read, unescaped */
};

static PGconn *conn(struct store *st) { return ((struct pg_store *)st)->c; }
static struct pg_stmt *pgs(struct store_stmt *s) { return (struct pg_stmt *)s; }

/* The server's message, on one line. */
static const char *one_line(const char *msg, char *buf, size_t cap)
{
	snprintf(buf, cap, "%s", msg && *msg ? msg : "?");
	for (char *p = buf; *p; p++)
		if (*p == '\n')
			*p = p[1] ? ' ' : '\0';
	return buf;
}

static void pg_check(struct store *st, PGresult *r)
{
	ExecStatusType t = PQresultStatus(r);
	if (t == PGRES_COMMAND_OK || t == PGRES_TUPLES_OK)
		return;
	char msg[512];
	one_line(PQresultErrorMessage(r), msg, sizeof(msg));
	die("%s: %s", st->name, msg);
}

static void pg_exec(struct store *st, const char *sql)
{
	PGresult *r = PQexec(conn(st), sql);
	pg_check(st, r);
	PQclear(r);
}

/* The server's notices (an index that exists, ...) are not the tool's output. */
static void quiet(void *arg, const char *msg)
{
	(void)arg;
	(void)msg;
}

static struct store *pg_open(const char *url)
{
	struct pg_store *p = xcalloc(1, sizeof(*p));
	p->base.drv = &store_pg;
	p->c = PQconnectdb(url);
	char msg[512];
	if (PQstatus(p->c) != CONNECTION_OK)
		die("cannot connect to the store's server: %s",
		    one_line(PQerrorMessage(p->c), msg, sizeof(msg)));
	PQsetNoticeProcessor(p->c, quiet, NULL);
	/* the store's name in messages and reports: the URL without its password */
	const char *host = PQhost(p->c);
	if (host[0] == '/')
		snprintf(p->base.name, sizeof(p->base.name), "postgresql://%s@/%s?host=%s",
			 PQuser(p->c), PQdb(p->c), host);
	else
		snprintf(p->base.name, sizeof(p->base.name), "postgresql://%s@%s:%s/%s",
			 PQuser(p->c), host, PQport(p->c), PQdb(p->c));
	return &p->base;
}

static void pg_close(struct store *st)
{
	PQfinish(conn(st));
	free(st);
}

/* '?' (the next parameter) and '?N' as $N, outside quoted text. */
static struct store_stmt *pg_prep(struct store *st, const char *sql)
{
	struct pg_stmt *s = xcalloc(1, sizeof(*s));
	s->base.st = st;
	s->sql = xcalloc(1, strlen(sql) * 3 + 1);   /* '?' becomes at most "$32" */
	char *o = s->sql;
	int next = 0;
	bool quoted = false;
	for (const char *p = sql; *p; p++) {
		quoted ^= *p == '\'';
		if (quoted || *p != '?') {
			*o++ = *p;
			continue;
		}
		char *end = (char *)(uintptr_t)(p + 1);
		long n = *end >= '0' && *end <= '9' ? strtol(p + 1, &end, 10) : ++next;
		if (n < 1 || n > MAX_PARAMS)
			die("%s: SQL: parameter %ld of at most %d", st->name, n, MAX_PARAMS);
		o += sprintf(o, "$%ld", n);
		p = end - 1;
		if (n > s->nparams)
			s->nparams = (int)n;
	}
	s->row = -1;
	return &s->base;
}

static void set_param(struct pg_stmt *s, int i, Oid type, char *v, int len, int fmt, bool owned)
{
	if (i < 1 || i > s->nparams)
		die("%s: SQL: no parameter %d", s->base.st->name, i);
	if (s->owned[i - 1])
		free(s->values[i - 1]);
	s->types[i - 1] = type;
	s->values[i - 1] = v;
	s->lengths[i - 1] = len;
	s->formats[i - 1] = fmt;
	s->owned[i - 1] = owned;
}

static void pg_bind_text(struct store_stmt *s, int i, const char *v)
{
	set_param(pgs(s), i, OID_TEXT, v ? strdup(v) : NULL, 0, 0, v != NULL);
}

static void pg_bind_int(struct store_stmt *s, int i, int64_t v)
{
	char *t = xcalloc(1, 24);
	snprintf(t, 24, "%lld", (long long)v);
	set_param(pgs(s), i, OID_INT8, t, 0, 0, true);
}

/* A blob goes as bytes (binary format), not copied: the caller keeps it until the step. */
static void pg_bind_blob(struct store_stmt *s, int i, const void *p, size_t n)
{
	if (n > 0x7fffffff)
		die("%s: a log of %zu bytes is too large for the store", s->st->name, n);
	set_param(pgs(s), i, OID_BYTEA, (char *)(uintptr_t)p, (int)n, 1, false);
}

static bool pg_step(struct store_stmt *st)
{
	struct pg_stmt *s = pgs(st);
	if (!s->res) {
		s->res = PQexecParams(conn(st->st), s->sql, s->nparams, s->types,
				      (const char *const *)s->values, s->lengths, s->formats, 0);
		pg_check(st->st, s->res);
	}
	s->row++;
	return s->row < PQntuples(s->res);
}

static void pg_reset(struct store_stmt *st)
{
	struct pg_stmt *s = pgs(st);
	PQclear(s->res);
	s->res = NULL;
	s->row = -1;
	PQfreemem(s->blob);
	s->blob = NULL;
	for (int i = 0; i < s->nparams; i++)
		set_param(s, i + 1, 0, NULL, 0, 0, false);
}

static void pg_finalize(struct store_stmt *st)
{
	pg_reset(st);
	free(pgs(st)->sql);
	free(st);
}

static const char *pg_text(struct store_stmt *st, int i)
{
	struct pg_stmt *s = pgs(st);
	return PQgetisnull(s->res, s->row, i) ? NULL : PQgetvalue(s->res, s->row, i);
}

static int64_t pg_integer(struct store_stmt *st, int i)
{
	const char *t = pg_text(st, i);
	return t ? strtoll(t, NULL, 10) : 0;
}

static const void *pg_blob(struct store_stmt *st, int i, size_t *n)
{
	struct pg_stmt *s = pgs(st);
	PQfreemem(s->blob);
	s->blob = PQunescapeBytea((const unsigned char *)PQgetvalue(s->res, s->row, i), n);
	if (!s->blob)
		die("%s: cannot read a stored log (out of memory)", st->st->name);
	return s->blob;
}

const struct store_driver store_pg = {
	.kind = "PostgreSQL",
	.open = pg_open, .close = pg_close, .exec = pg_exec, .prep = pg_prep,
	.bind_text = pg_bind_text, .bind_int = pg_bind_int, .bind_blob = pg_bind_blob,
	.step = pg_step, .reset = pg_reset, .finalize = pg_finalize,
	.text = pg_text, .integer = pg_integer, .blob = pg_blob,
	.begin_write = "BEGIN",
	/* a transaction-scoped lock of the store's own number ("efip"), released at COMMIT */
	.begin_schema = "BEGIN; SELECT pg_advisory_xact_lock(1701210480)",
	/*
	 * The schema version is the comment on the runs table (SQLite's is user_version), read
	 * from the catalog's tables: the server's cache of names (to_regclass) may not yet know
	 * the table another process created while this one waited for the lock.
	 */
	.version_sql = "SELECT coalesce(max(CASE WHEN d.description ~ '^[0-9]+$'"
		       " THEN d.description::integer ELSE 0 END), 0) FROM pg_class c"
		       " JOIN pg_description d ON d.objoid = c.oid AND d.objsubid = 0"
		       " AND d.classoid = 'pg_class'::regclass"
		       " WHERE c.relname = 'runs' AND c.relnamespace = current_schema()::regnamespace",
	.set_version = "COMMENT ON TABLE runs IS '%d'",
	.tables_sql = "SELECT count(*) FROM information_schema.tables"
		      " WHERE table_schema = current_schema()",
	.after_schema = NULL,
	.id_type = "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
	.int_type = "BIGINT", .blob_type = "BYTEA",
};
