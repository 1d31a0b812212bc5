/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The store's database through its driver (store.h): the choice of driver and the shared steps. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "store.h"

struct store *store_open(const char *where)
{
	bool pg = !strncmp(where, "postgresql://", 13) || !strncmp(where, "postgres://", 11);
	return (pg ? &store_pg : &store_sqlite)->open(where);
}

void store_close(struct store *st) { st->drv->close(st); }
void store_exec(struct store *st, const char *sql) { st->drv->exec(st, sql); }
struct store_stmt *store_prep(struct store *st, const char *sql) { return st->drv->prep(st, sql); }
void store_bind_text(struct store_stmt *s, int i, const char *v) { s->st->drv->bind_text(s, i, v); }
void store_bind_int(struct store_stmt *s, int i, int64_t v) { s->st->drv->bind_int(s, i, v); }
bool store_step(struct store_stmt *s) { return s->st->drv->step(s); }
void store_reset(struct store_stmt *s) { s->st->drv->reset(s); }
void store_finalize(struct store_stmt *s) { s->st->drv->finalize(s); }
const char *store_text(struct store_stmt *s, int i) { return s->st->drv->text(s, i); }
int64_t store_int(struct store_stmt *s, int i) { return s->st->drv->integer(s, i); }

void store_bind_blob(struct store_stmt *s, int i, const void *p, size_t n)
{
	s->st->drv->bind_blob(s, i, p, n);
}

const void *store_blob(struct store_stmt *s, int i, size_t *n)
{
	return s->st->drv->blob(s, i, n);
}

void store_run(struct store_stmt *s)
{
	if (store_step(s))
		die("%s: a write returned a row", s->st->name);
	store_reset(s);
}

int64_t store_query_int(struct store *st, const char *sql)
{
	struct store_stmt *s = store_prep(st, sql);
	int64_t v = store_step(s) ? store_int(s, 0) : 0;
	store_finalize(s);
	return v;
}

void store_schema(struct store *st, const char *ddl)
{
	static const char *const token[] = { "{id}", "{int}", "{blob}" };
	const char *type[] = { st->drv->id_type, st->drv->int_type, st->drv->blob_type };
	/* a type is at most 13 times its token's length ({id}: 4, the identity: 51) */
	size_t cap = strlen(ddl) * 13 + 1, n = 0;
	char *sql = xcalloc(1, cap);
	for (const char *p = ddl; *p;) {
		unsigned k = 0;
		while (k < 3 && strncmp(p, token[k], strlen(token[k])))
			k++;
		const char *add = k < 3 ? type[k] : p;
		size_t len = k < 3 ? strlen(type[k]) : 1;
		memcpy(sql + n, add, len);
		n += len;
		p += k < 3 ? strlen(token[k]) : 1;
	}
	store_exec(st, sql);
	free(sql);
}
