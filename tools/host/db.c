/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu-host db [--db FILE|URL]: a store of many runs in an SQLite file or on a PostgreSQL
 * server (store.h), schema in docs/host-tool.md ("The store of runs"), versioned:
 *   import [--board B] LOG...   one run per log, keyed by the SHA-256 of its bytes (the same log
 *                               twice is one run), its board and firmware build from its
 *                               capture's SMBIOS (--board: an override); a cut-off or malformed
 *                               log is refused with its line number before its transaction begins
 *   runs [filters]              one line per run
 *   history --board B EVENT     the median of a count in each of the board's runs, oldest first
 *   regressions                 each board's newest run against the newest of the firmware build
 *                               before, compare's rules
 *   report RUN -o FILE.html     the HTML report of a stored run
 *   view -o DIR                 a static site of the store, a page per board (db_view.c)
 * Imports at once, from one workstation or many benches, land once each: a run's key is unique
 * and its row is inserted only where the key is not stored yet.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "compare.h"
#include "db.h"
#include "host.h"
#include "report.h"
#include "runlog.h"
#include "sha256.h"
#include "store.h"

#define DB_SCHEMA 3
#define DB_DEFAULT "efipmu-runs.sqlite"

/*
 * Schema 1 (the first stores): runs without board, no counts table. Kept to migrate from. The
 * schema is written once for both databases: {id}, {int} and {blob} are the driver's types.
 */
static const char schema_v1[] =
	"CREATE TABLE runs (id {id}, sha256 TEXT NOT NULL UNIQUE,"
	" source TEXT NOT NULL, imported TEXT NOT NULL, fw_vendor TEXT, fw_revision TEXT,"
	" run_time TEXT, cpu_vendor TEXT, cpu_brand TEXT, cpu_model TEXT, cpus {int},"
	" packages {int}, backend TEXT, simulated {int} NOT NULL, verdict TEXT, reason TEXT,"
	" checks {int} NOT NULL, checks_failed {int} NOT NULL);"
	"CREATE TABLE logs (run_id {int} PRIMARY KEY REFERENCES runs(id), content {blob} NOT NULL);";

/* Schema 2: the board a run was made on, and each run's count medians for history. */
static const char schema_v2_from_v1[] =
	"ALTER TABLE runs ADD COLUMN board TEXT;"
	"CREATE TABLE counts (run_id {int} NOT NULL REFERENCES runs(id), cpu {int},"
	" package {int}, box TEXT NOT NULL, event TEXT NOT NULL, kernel TEXT NOT NULL,"
	" n {int} NOT NULL, median {int} NOT NULL);"
	"CREATE INDEX counts_event ON counts(event, run_id);"
	"CREATE INDEX runs_board ON runs(board, run_time, id);";

/*
 * Schema 3: the machine and firmware identity from the log's own capture (SMBIOS types 0, 1,
 * 2 and 4; issue 26 item 1), and `machine`, the board a run groups under when none was given.
 */
static const char schema_v3_from_v2[] =
	"ALTER TABLE runs ADD COLUMN bios_vendor TEXT; ALTER TABLE runs ADD COLUMN bios_version TEXT;"
	"ALTER TABLE runs ADD COLUMN bios_date TEXT; ALTER TABLE runs ADD COLUMN sys_maker TEXT;"
	"ALTER TABLE runs ADD COLUMN sys_product TEXT; ALTER TABLE runs ADD COLUMN board_maker TEXT;"
	"ALTER TABLE runs ADD COLUMN board_product TEXT; ALTER TABLE runs ADD COLUMN cpu_part TEXT;"
	"ALTER TABLE runs ADD COLUMN machine TEXT;"
	"CREATE INDEX runs_machine ON runs(machine, run_time, id);";

/* Version 0 with tables is not ours; a later version is refused, never misread. */
static bool has_tables(struct store *st)
{
	return store_query_int(st, st->drv->tables_sql) > 0;
}

static void fill_counts(struct store *st, int64_t run, const struct runlog *g);
static void load_blob(struct runlog *g, const void *data, size_t len, const struct load_hooks *h);

/* Schema 1 to 2: the board column (unknown for old runs) and counts from the stored logs. */
static void migrate_v1(struct store *st)
{
	store_schema(st, schema_v2_from_v1);
	struct store_stmt *s = store_prep(st, "SELECT run_id, content FROM logs ORDER BY run_id");
	unsigned n = 0;
	while (store_step(s)) {
		struct runlog g;
		size_t len;
		const void *blob = store_blob(s, 1, &len);
		load_blob(&g, blob, len, NULL);
		fill_counts(st, store_int(s, 0), &g);
		unload(&g);
		n++;
	}
	store_finalize(s);
	fprintf(stderr, "efipmu-host: %s: migrated from schema 1 to 2 (%u runs)\n", st->name, n);
}

static void set_identity(struct store *st, int64_t run, const struct runlog *g);

/* Schema 2 to 3: the identity columns, filled from each stored log's capture. */
static void migrate_v2(struct store *st)
{
	store_schema(st, schema_v3_from_v2);
	struct store_stmt *s = store_prep(st, "SELECT run_id, content FROM logs ORDER BY run_id");
	unsigned n = 0, known = 0;
	while (store_step(s)) {
		struct runlog g;
		size_t len;
		const void *blob = store_blob(s, 1, &len);
		load_blob(&g, blob, len, NULL);
		set_identity(st, store_int(s, 0), &g);
		known += g.id.smbios;
		unload(&g);
		n++;
	}
	store_finalize(s);
	fprintf(stderr, "efipmu-host: %s: migrated from schema 2 to 3 (%u runs, %u with the "
		"machine's SMBIOS)\n", st->name, n, known);
}

/* Create or migrate under the schema lock: another process may be doing the same. */
static struct store *db_open(const char *where)
{
	struct store *st = store_open(where);
	const struct store_driver *drv = st->drv;
	if (store_query_int(st, drv->version_sql) == DB_SCHEMA)
		return st;
	store_exec(st, drv->begin_schema);
	int v = (int)store_query_int(st, drv->version_sql);
	if (v == 0 && has_tables(st))
		die("%s: not an efipmu store (tables but no schema version)", st->name);
	if (v > DB_SCHEMA)
		die("%s: store schema %d is newer than this tool's (%d): refused", st->name, v,
		    DB_SCHEMA);
	if (v == 0)
		store_schema(st, schema_v1);
	if (v < 2)
		v == 0 ? store_schema(st, schema_v2_from_v1) : migrate_v1(st);
	if (v < 3)
		v == 0 ? store_schema(st, schema_v3_from_v2) : migrate_v2(st);
	char sql[64];
	snprintf(sql, sizeof(sql), drv->set_version, DB_SCHEMA);
	store_exec(st, sql);
	store_exec(st, "COMMIT");
	if (drv->after_schema)
		store_exec(st, drv->after_schema);
	return st;
}

/* ---------- reading a log for the store ---------- */

struct cpu_facts {
	char cpu_vendor[16], cpu_brand[64], cpu_model[16];
	uint64_t packages[64];
	unsigned npackages, cpus;
};

static void cpu_record(void *ctx, const struct logrec_view *v, unsigned line)
{
	struct cpu_facts *id = ctx;
	(void)line;
	if (!logread_str_is(v, "rec", "cpu"))
		return;
	uint64_t fam = 0, model = 0, pkg = 0;
	if (!id->cpus++) {
		logread_get_str(v, "vendor", id->cpu_vendor, sizeof(id->cpu_vendor));
		logread_get_str(v, "brand", id->cpu_brand, sizeof(id->cpu_brand));
		if (!logread_get_u64(v, "family", &fam) && !logread_get_u64(v, "model", &model))
			snprintf(id->cpu_model, sizeof(id->cpu_model), "%02llx_%02llx",
				 (unsigned long long)fam, (unsigned long long)model);
	}
	logread_get_u64(v, "package", &pkg);
	unsigned k = 0;
	while (k < id->npackages && id->packages[k] != pkg)
		k++;
	if (k == id->npackages && k < 64)
		id->packages[id->npackages++] = pkg;
}

/* A stored log goes through a private temporary file (path: its name): the reader takes paths. */
static void write_temp(const void *data, size_t len, char path[22])
{
	strcpy(path, "/tmp/efipmu-db-XXXXXX");
	int fd = mkstemp(path);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f || fwrite(data, 1, len, f) != len || fclose(f))
		die("cannot write a temporary file");
}

static void load_blob(struct runlog *g, const void *data, size_t len, const struct load_hooks *h)
{
	char path[22];
	write_temp(data, len, path);
	load_with(g, path, h);
	unlink(path);
	g->path = "(stored log)";
}

/*
 * Text from a log; empty is NULL (not known). Valid UTF-8 on every database (PostgreSQL's
 * text refuses anything else): a byte of no valid sequence as the text \xNN, as printable().
 */
static void bind_text(struct store_stmt *s, int i, const char *v)
{
	char *t = v && *v ? utf8_text(v) : NULL;
	store_bind_text(s, i, t);
	free(t);
}

static void fill_counts(struct store *st, int64_t run, const struct runlog *g)
{
	unsigned n;
	struct series *s = make_series(g, &n);
	struct store_stmt *ins = store_prep(st, "INSERT INTO counts VALUES (?,?,?,?,?,?,?,?)");
	for (unsigned j = 0; j < n; j++) {
		const struct count *c = s[j].first;
		bool core = !strcmp(c->box, "core");
		store_bind_int(ins, 1, run);
		if (core)
			store_bind_int(ins, 2, (int64_t)c->cpu);
		else
			store_bind_int(ins, 3, (int64_t)c->package);
		bind_text(ins, 4, c->box);
		bind_text(ins, 5, c->event);
		store_bind_text(ins, 6, c->kernel);
		store_bind_int(ins, 7, (int)s[j].n);
		store_bind_int(ins, 8, (int64_t)s[j].st.median);
		store_run(ins);
	}
	store_finalize(ins);
	free_series(s, n);
}

/* The identity columns of a run from its log (NULL where the log does not say). */
static void set_identity(struct store *st, int64_t run, const struct runlog *g)
{
	const struct machine_ident *m = &g->id;
	char machine[160];
	ident_board(m, machine, sizeof(machine));
	struct store_stmt *s = store_prep(st,
		"UPDATE runs SET bios_vendor = ?, bios_version = ?, bios_date = ?, sys_maker = ?,"
		" sys_product = ?, board_maker = ?, board_product = ?, cpu_part = ?, machine = ?"
		" WHERE id = ?");
	const char *v[] = { m->bios_vendor, m->bios_version, m->bios_date, m->sys_maker,
			    m->sys_product, m->board_maker, m->board_product, m->cpu_part, machine };
	for (unsigned i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		bind_text(s, (int)i + 1, v[i]);
	store_bind_int(s, 10, run);
	store_run(s);
	store_finalize(s);
}

static int64_t find_sha(struct store *st, const char *sha)
{
	struct store_stmt *s = store_prep(st, "SELECT id FROM runs WHERE sha256 = ?");
	bind_text(s, 1, sha);
	int64_t id = store_step(s) ? store_int(s, 0) : 0;
	store_finalize(s);
	return id;
}

/* One log, one transaction; the log is read (and refused) before the transaction begins. */
static void import_one(struct store *st, const char *path, const char *board)
{
	size_t len;
	char *text = read_whole(path, &len);
	char sha[65];
	sha256_hex(text, len, sha);
	struct cpu_facts id = { 0 };
	struct runlog g;
	const struct load_hooks h = { .strict = true, .record = cpu_record, .ctx = &id };
	load_with(&g, path, &h);
	if (!g.have_verdict) {
		unsigned lines = 0;
		for (size_t i = 0; i < len; i++)
			lines += text[i] == '\n';
		die("%s:%u: no verdict record after the last line: the run did not finish; refused",
		    path, lines);
	}
	unsigned failed = 0;
	for (unsigned i = 0; i < g.nchecks; i++)
		failed += !strcmp(g.checks[i].result, "FAIL");
	char now[32];
	time_t t = time(NULL);
	strftime(now, sizeof(now), "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
	store_exec(st, st->drv->begin_write);
	/*
	 * The run's row, unless its key is stored: by a transaction committed before this
	 * statement (NOT EXISTS, which spends no number of PostgreSQL's sequence) or by one
	 * importing the same log at the same time (ON CONFLICT: PostgreSQL waits for it to end).
	 */
	struct store_stmt *s = store_prep(st,
		"INSERT INTO runs (sha256, source, imported, board, fw_vendor, fw_revision, run_time,"
		" cpu_vendor, cpu_brand, cpu_model, cpus, packages, backend, simulated, verdict,"
		" reason, checks, checks_failed) SELECT ?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,"
		"?15,?16,?17,?18 WHERE NOT EXISTS (SELECT 1 FROM runs WHERE sha256 = ?1)"
		" ON CONFLICT (sha256) DO NOTHING RETURNING id");
	bind_text(s, 1, sha);
	bind_text(s, 2, path);
	bind_text(s, 3, now);
	bind_text(s, 4, board);
	bind_text(s, 5, g.fw_vendor);
	bind_text(s, 6, g.fw_revision);
	bind_text(s, 7, g.time);
	bind_text(s, 8, id.cpu_vendor);
	bind_text(s, 9, id.cpu_brand);
	bind_text(s, 10, id.cpu_model);
	store_bind_int(s, 11, (int)id.cpus);
	store_bind_int(s, 12, (int)id.npackages);
	bind_text(s, 13, g.backend);
	store_bind_int(s, 14, g.header_sim || g.verdict_sim);
	bind_text(s, 15, g.verdict);
	bind_text(s, 16, g.reason);
	store_bind_int(s, 17, (int)g.nchecks);
	store_bind_int(s, 18, (int)failed);
	int64_t run = store_step(s) ? store_int(s, 0) : 0;
	store_finalize(s);
	if (!run) {
		int64_t old = find_sha(st, sha);
		store_exec(st, "COMMIT");
		printf("%s: already stored as run %lld\n", path, (long long)old);
		unload(&g);
		free(text);
		return;
	}
	s = store_prep(st, "INSERT INTO logs VALUES (?, ?)");
	store_bind_int(s, 1, run);
	store_bind_blob(s, 2, text, len);
	store_run(s);
	store_finalize(s);
	fill_counts(st, run, &g);
	set_identity(st, run, &g);
	store_exec(st, "COMMIT");
	printf("%s: run %lld\n", path, (long long)run);
	unload(&g);
	free(text);
}

static int db_import(struct store *st, int argc, char **argv)
{
	const char *board = NULL;
	int n = 0;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--board")) {
			if (++i >= argc)
				die("--board needs a name");
			board = argv[i];
			continue;
		}
		import_one(st, argv[i], board);
		n++;
	}
	if (!n)
		die("db import needs at least one log");
	return 0;
}

/* ---------- queries ---------- */

const char *col(struct store_stmt *s, int i)
{
	const char *t = store_text(s, i);
	return t ? t : "-";
}

static int db_runs(struct store *st, int argc, char **argv)
{
	static const struct { const char *opt, *sql; } filters[] = {
		{ "--board", " AND " BOARD_KEY " = ?" },
		{ "--bios", " AND lower(?) IN (lower(fw_revision), lower(bios_version))" },
		{ "--cpu", " AND lower(cpu_model) = lower(?)" },
		{ "--verdict", " AND verdict = ?" },
		{ "--since", " AND run_time >= ?" },
		{ "--until", " AND run_time <= ?" },
	};
	char sql[1024] = "SELECT id, coalesce(run_time, '-'), coalesce(board, machine, '(not known)'),"
			 " coalesce(fw_vendor, '-') || ' ' || coalesce(fw_revision, '-'),"
			 " coalesce(cpu_model, '-'), coalesce(cpu_brand, '-'), verdict, checks_failed,"
			 " simulated, source FROM runs WHERE 1 = 1";
	const char *vals[8];
	unsigned nv = 0;
	for (int i = 0; i < argc; i++) {
		unsigned k = 0;
		while (k < sizeof(filters) / sizeof(filters[0]) && strcmp(argv[i], filters[k].opt))
			k++;
		if (k == sizeof(filters) / sizeof(filters[0]))
			die("db runs: unknown filter '%s' (--board, --bios, --cpu, --verdict, --since, "
			    "--until)", argv[i]);
		if (++i >= argc || nv == 8)
			die("%s needs a value", argv[i - 1]);
		strcat(sql, filters[k].sql);
		vals[nv++] = argv[i];
	}
	/* NULLS FIRST: SQLite's order, not PostgreSQL's default */
	strcat(sql, " ORDER BY run_time NULLS FIRST, id");
	struct store_stmt *s = store_prep(st, sql);
	for (unsigned i = 0; i < nv; i++)
		bind_text(s, (int)i + 1, vals[i]);
	printf("%-5s %-19s %-16s %-24s %-6s %-9s %s\n", "RUN", "TIME", "BOARD", "FIRMWARE", "CPU",
	       "VERDICT", "FAILED CHECKS, SOURCE");
	unsigned n = 0;
	while (store_step(s)) {
		printf("%-5s %-19s %-16s %-24s %-6s %s%-9s %s %s\n", col(s, 0), col(s, 1), col(s, 2),
		       col(s, 3), col(s, 4), store_int(s, 8) ? "[SIM] " : "", col(s, 6),
		       col(s, 7), col(s, 9));
		n++;
	}
	store_finalize(s);
	printf("%u runs\n", n);
	return 0;
}

static int db_history(struct store *st, int argc, char **argv)
{
	const char *board = NULL, *event = NULL, *kernel = NULL;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--board") || !strcmp(argv[i], "--kernel")) {
			if (i + 1 >= argc)
				die("%s needs a value", argv[i]);
			*(!strcmp(argv[i], "--board") ? &board : &kernel) = argv[i + 1];
			i++;
		} else if (event) {
			die("db history takes one EVENT");
		} else {
			event = argv[i];
		}
	}
	if (!board || !event)
		die("db history needs --board B and an EVENT");
	struct store_stmt *s = store_prep(st,
		"SELECT r.id, coalesce(r.run_time, '-'), coalesce(r.fw_vendor, '-') || ' ' ||"
		" coalesce(r.fw_revision, '-'), CASE WHEN c.box = 'core' THEN 'cpu ' || c.cpu"
		" ELSE 'pkg ' || c.package END, c.box, c.kernel, c.median, r.simulated"
		" FROM runs r JOIN counts c ON c.run_id = r.id"
		" WHERE coalesce(r.board, r.machine) = ?1 AND c.event = ?2 AND (?3 IS NULL OR c.kernel = ?3)"
		" ORDER BY r.run_time NULLS FIRST, r.id, c.box, c.cpu, c.package");
	bind_text(s, 1, board);
	bind_text(s, 2, event);
	bind_text(s, 3, kernel);
	printf("%s on board %s, oldest run first (median over repeats)\n", event, board);
	printf("%-5s %-19s %-24s %-7s %-14s %-7s %15s\n", "RUN", "TIME", "FIRMWARE", "WHERE", "BOX",
	       "KERNEL", "COUNT");
	unsigned n = 0;
	while (store_step(s)) {
		printf("%-5s %-19s %-24s %-7s %-14s %-7s %15s%s\n", col(s, 0), col(s, 1), col(s, 2),
		       col(s, 3), col(s, 4), col(s, 5), grouped((uint64_t)store_int(s, 6)),
		       store_int(s, 7) ? " [SIM]" : "");
		n++;
	}
	store_finalize(s);
	printf("%u values\n", n);
	return 0;
}

void load_run(struct store *st, int64_t run, struct runlog *g)
{
	struct store_stmt *s = store_prep(st, "SELECT content FROM logs WHERE run_id = ?");
	store_bind_int(s, 1, run);
	if (!store_step(s))
		die("%s: no run %lld", st->name, (long long)run);
	size_t len;
	const void *blob = store_blob(s, 0, &len);
	load_blob(g, blob, len, NULL);
	store_finalize(s);
}

/* One board's runs, newest first: the newest, and what it is compared with. */
struct board_runs {
	char key[256], fw[512], base_fw[512];
	int64_t newest, base, older;   /* base: newest of another build; older: the next run */
};

/* The newest run of a board against the newest run of its previous firmware build (else its
 * previous run, of the same build), by compare's rules; true when it regressed. */
static bool regressions_of(struct store *st, const struct board_runs *b, uint64_t tol)
{
	char key[256], fw[512], base_fw[512];
	printable(b->key, key, sizeof(key));
	printable(b->fw, fw, sizeof(fw));
	printable(b->base_fw, base_fw, sizeof(base_fw));
	int64_t base = b->base ? b->base : b->older;
	if (!base) {
		printf("%s: run %lld, the only one (firmware %s)\n", key, (long long)b->newest, fw);
		return false;
	}
	struct runlog a, n;
	load_run(st, base, &a);
	load_run(st, b->newest, &n);
	struct tally t;
	struct compare_print p = { &a, &n, "  " };
	compare_runs(&a, &n, tol, &t, NULL, NULL);
	printf("%s: run %lld -> run %lld: %s", key, (long long)base, (long long)b->newest,
	       t.regressions ? "REGRESSED" : "no regression");
	if (t.regressions)
		printf(" (%u)", t.regressions);
	if (b->base)
		printf(", firmware %s -> %s\n", base_fw, fw);
	else
		printf(", the same firmware %s (no other build of this board)\n", fw);
	if (t.regressions)
		compare_runs(&a, &n, tol, &t, compare_print_row, &p);
	unload(&a);
	unload(&n);
	return t.regressions > 0;
}

static int db_regressions(struct store *st, int argc, char **argv)
{
	uint64_t tol = DEFAULT_TOLERANCE_MILLI;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--tolerance") || i + 1 >= argc)
			die("db regressions takes only --tolerance PCT");
		tol = parse_percent(argv[++i]);
	}
	/* each board's runs newest first: by the run's own time, then by import order */
	struct store_stmt *s = store_prep(st, "SELECT " BOARD_KEY ", id, " FIRMWARE " FROM runs"
			       " ORDER BY 1, run_time DESC NULLS LAST, id DESC");
	unsigned boards = 0, regressed = 0;
	struct board_runs *b = xcalloc(1, sizeof(*b));
	while (store_step(s)) {
		const char *key = col(s, 0), *fw = col(s, 2);
		int64_t id = store_int(s, 1);
		if (b->newest && !strcmp(b->key, key)) {
			if (!b->older)
				b->older = id;
			if (!b->base && strcmp(b->fw, fw)) {
				b->base = id;
				snprintf(b->base_fw, sizeof(b->base_fw), "%s", fw);
			}
			continue;
		}
		if (b->newest)
			regressed += regressions_of(st, b, tol);
		memset(b, 0, sizeof(*b));
		snprintf(b->key, sizeof(b->key), "%s", key);
		snprintf(b->fw, sizeof(b->fw), "%s", fw);
		b->newest = id;
		boards++;
	}
	if (b->newest)
		regressed += regressions_of(st, b, tol);
	free(b);
	store_finalize(s);
	printf("%u boards, %u regressed\n", boards, regressed);
	return regressed ? EXIT_REGRESSED : 0;
}

void report_run(struct store *st, int64_t id, FILE *o)
{
	struct store_stmt *s = store_prep(st, "SELECT content, source, board FROM logs JOIN runs"
					  " ON id = run_id WHERE run_id = ?");
	store_bind_int(s, 1, id);
	if (!store_step(s))
		die("%s: no run %lld", st->name, (long long)id);
	char path[22];
	size_t len;
	const void *blob = store_blob(s, 0, &len);
	write_temp(blob, len, path);
	char label[512], board[256];
	snprintf(label, sizeof(label), "run %lld of %s (imported from %s)", (long long)id, st->name,
		 col(s, 1));
	snprintf(board, sizeof(board), "%s", col(s, 2));
	bool has_board = store_text(s, 2) != NULL;
	store_finalize(s);
	const struct report_args args = { .path = path, .label = label, .tol = DEFAULT_TOLERANCE_MILLI,
					  .board = has_board ? board : NULL };
	report_write(o, &args);
	unlink(path);
}

static int db_report(struct store *st, int argc, char **argv)
{
	const char *out = NULL, *run = NULL;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "-o") && i + 1 < argc)
			out = argv[++i];
		else if (!run)
			run = argv[i];
		else
			die("db report takes one RUN");
	}
	if (!run || !out)
		die("db report needs RUN and -o FILE.html");
	char *end;
	long long id = strtoll(run, &end, 10);
	if (*end || id <= 0)
		die("db report: bad run number '%s'", run);
	FILE *o = fopen(out, "w");
	if (!o)
		die("cannot write %s", out);
	report_run(st, id, o);
	if (fclose(o))
		die("cannot write %s", out);
	return 0;
}

int cmd_db(int argc, char **argv)
{
	const char *path = getenv("EFIPMU_DB");
	int i = 0;
	if (argc >= 2 && !strcmp(argv[0], "--db")) {
		path = argv[1];
		i = 2;
	}
	if (!path || !*path)
		path = DB_DEFAULT;
	if (i >= argc)
		die("db needs a command: import, runs, history, regressions, report, view");
	static const struct {
		const char *name;
		int (*run)(struct store *st, int argc, char **argv);
	} cmds[] = {
		{ "import", db_import }, { "runs", db_runs }, { "history", db_history },
		{ "regressions", db_regressions }, { "report", db_report }, { "view", db_view },
	};
	for (unsigned k = 0; k < sizeof(cmds) / sizeof(cmds[0]); k++)
		if (!strcmp(argv[i], cmds[k].name)) {
			struct store *st = db_open(path);
			int rc = cmds[k].run(st, argc - i - 1, argv + i + 1);
			store_close(st);
			return rc;
		}
	die("db: unknown command '%s' (import, runs, history, regressions, report, view)",
	    argv[i]);
}
