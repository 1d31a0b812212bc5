/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu-host db [--db FILE]: a store of many runs in SQLite (the system library), schema in
 * docs/host-tool.md ("The store of runs") and versioned by PRAGMA user_version:
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
 * Writers take the database lock at BEGIN IMMEDIATE and wait for it (busy timeout), so two
 * imports at once both land.
 */
#define _POSIX_C_SOURCE 200809L
#include <sqlite3.h>
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

#define DB_SCHEMA 3
#define DB_DEFAULT "efipmu-runs.sqlite"
#define BUSY_MS 60000

/* Schema 1 (the first stores): runs without board, no counts table. Kept to migrate from. */
static const char schema_v1[] =
	"CREATE TABLE runs (id INTEGER PRIMARY KEY, sha256 TEXT NOT NULL UNIQUE,"
	" source TEXT NOT NULL, imported TEXT NOT NULL, fw_vendor TEXT, fw_revision TEXT,"
	" run_time TEXT, cpu_vendor TEXT, cpu_brand TEXT, cpu_model TEXT, cpus INTEGER,"
	" packages INTEGER, backend TEXT, simulated INTEGER NOT NULL, verdict TEXT, reason TEXT,"
	" checks INTEGER NOT NULL, checks_failed INTEGER NOT NULL);"
	"CREATE TABLE logs (run_id INTEGER PRIMARY KEY REFERENCES runs(id), content BLOB NOT NULL);";

/* Schema 2: the board a run was made on, and each run's count medians for history. */
static const char schema_v2_from_v1[] =
	"ALTER TABLE runs ADD COLUMN board TEXT;"
	"CREATE TABLE counts (run_id INTEGER NOT NULL REFERENCES runs(id), cpu INTEGER,"
	" package INTEGER, box TEXT NOT NULL, event TEXT NOT NULL, kernel TEXT NOT NULL,"
	" n INTEGER NOT NULL, median INTEGER NOT NULL);"
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

static void db_die(struct db *d, const char *what)
{
	die("%s: %s: %s", d->path, what, sqlite3_errmsg(d->h));
}

static void exec(struct db *d, const char *sql)
{
	char *err = NULL;
	if (sqlite3_exec(d->h, sql, NULL, NULL, &err) != SQLITE_OK) {
		char msg[512];
		snprintf(msg, sizeof(msg), "%s", err ? err : "?");
		sqlite3_free(err);
		die("%s: %s", d->path, msg);
	}
}

sqlite3_stmt *prep(struct db *d, const char *sql)
{
	sqlite3_stmt *s;
	if (sqlite3_prepare_v2(d->h, sql, -1, &s, NULL) != SQLITE_OK)
		db_die(d, "SQL");
	return s;
}

static void step_done(struct db *d, sqlite3_stmt *s)
{
	if (sqlite3_step(s) != SQLITE_DONE)
		db_die(d, "write");
	sqlite3_reset(s);
	sqlite3_clear_bindings(s);
}

static int user_version(struct db *d)
{
	sqlite3_stmt *s = prep(d, "PRAGMA user_version");
	int v = sqlite3_step(s) == SQLITE_ROW ? sqlite3_column_int(s, 0) : -1;
	sqlite3_finalize(s);
	return v;
}

/* Version 0 with tables is not ours; a later version is refused, never misread. */
static bool has_tables(struct db *d)
{
	sqlite3_stmt *s = prep(d, "SELECT count(*) FROM sqlite_master");
	bool any = sqlite3_step(s) == SQLITE_ROW && sqlite3_column_int(s, 0) > 0;
	sqlite3_finalize(s);
	return any;
}

static void fill_counts(struct db *d, sqlite3_int64 run, const struct runlog *g);
static void load_blob(struct runlog *g, const void *data, int len, const struct load_hooks *h);

/* Schema 1 to 2: the board column (unknown for old runs) and counts from the stored logs. */
static void migrate_v1(struct db *d)
{
	exec(d, schema_v2_from_v1);
	sqlite3_stmt *s = prep(d, "SELECT run_id, content FROM logs ORDER BY run_id");
	unsigned n = 0;
	while (sqlite3_step(s) == SQLITE_ROW) {
		struct runlog g;
		load_blob(&g, sqlite3_column_blob(s, 1), sqlite3_column_bytes(s, 1), NULL);
		fill_counts(d, sqlite3_column_int64(s, 0), &g);
		unload(&g);
		n++;
	}
	sqlite3_finalize(s);
	fprintf(stderr, "efipmu-host: %s: migrated from schema 1 to 2 (%u runs)\n", d->path, n);
}

static void set_identity(struct db *d, sqlite3_int64 run, const struct runlog *g);

/* Schema 2 to 3: the identity columns, filled from each stored log's capture. */
static void migrate_v2(struct db *d)
{
	exec(d, schema_v3_from_v2);
	sqlite3_stmt *s = prep(d, "SELECT run_id, content FROM logs ORDER BY run_id");
	unsigned n = 0, known = 0;
	while (sqlite3_step(s) == SQLITE_ROW) {
		struct runlog g;
		load_blob(&g, sqlite3_column_blob(s, 1), sqlite3_column_bytes(s, 1), NULL);
		set_identity(d, sqlite3_column_int64(s, 0), &g);
		known += g.id.smbios;
		unload(&g);
		n++;
	}
	sqlite3_finalize(s);
	fprintf(stderr, "efipmu-host: %s: migrated from schema 2 to 3 (%u runs, %u with the "
		"machine's SMBIOS)\n", d->path, n, known);
}

static void db_open(struct db *d, const char *path)
{
	d->path = path;
	if (sqlite3_open_v2(path, &d->h, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK)
		db_die(d, "cannot open");
	sqlite3_busy_timeout(d->h, BUSY_MS);
	/*
	 * Write-ahead log: readers and one writer at once, and a commit without a sync of the
	 * whole file (NORMAL: a power cut may lose the last imports, never corrupt the store).
	 */
	exec(d, "PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL");
	if (user_version(d) == DB_SCHEMA)
		return;
	/* create or migrate under the write lock: another process may be doing the same */
	exec(d, "BEGIN IMMEDIATE");
	int v = user_version(d);
	if (v == 0 && has_tables(d))
		die("%s: not an efipmu store (tables but no schema version)", path);
	if (v > DB_SCHEMA)
		die("%s: store schema %d is newer than this tool's (%d): refused", path, v, DB_SCHEMA);
	if (v == 0)
		exec(d, schema_v1);
	if (v < 2)
		v == 0 ? exec(d, schema_v2_from_v1) : migrate_v1(d);
	if (v < 3)
		v == 0 ? exec(d, schema_v3_from_v2) : migrate_v2(d);
	char sql[64];
	snprintf(sql, sizeof(sql), "PRAGMA user_version = %d", DB_SCHEMA);
	exec(d, sql);
	exec(d, "COMMIT");
	exec(d, "PRAGMA journal_mode = WAL");   /* kept in the file; outside a transaction */
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
void write_temp(const void *data, int len, char path[22])
{
	strcpy(path, "/tmp/efipmu-db-XXXXXX");
	int fd = mkstemp(path);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f || fwrite(data, 1, (size_t)len, f) != (size_t)len || fclose(f))
		die("cannot write a temporary file");
}

static void load_blob(struct runlog *g, const void *data, int len, const struct load_hooks *h)
{
	char path[22];
	write_temp(data, len, path);
	load_with(g, path, h);
	unlink(path);
	g->path = "(stored log)";
}

static void bind_text(sqlite3_stmt *s, int i, const char *v)
{
	if (v && *v)
		sqlite3_bind_text(s, i, v, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(s, i);
}

static void fill_counts(struct db *d, sqlite3_int64 run, const struct runlog *g)
{
	unsigned n;
	struct series *s = make_series(g, &n);
	sqlite3_stmt *ins = prep(d, "INSERT INTO counts VALUES (?,?,?,?,?,?,?,?)");
	for (unsigned j = 0; j < n; j++) {
		const struct count *c = s[j].first;
		bool core = !strcmp(c->box, "core");
		sqlite3_bind_int64(ins, 1, run);
		if (core)
			sqlite3_bind_int64(ins, 2, (sqlite3_int64)c->cpu);
		else
			sqlite3_bind_int64(ins, 3, (sqlite3_int64)c->package);
		bind_text(ins, 4, c->box);
		bind_text(ins, 5, c->event);
		sqlite3_bind_text(ins, 6, c->kernel, -1, SQLITE_TRANSIENT);
		sqlite3_bind_int(ins, 7, (int)s[j].n);
		sqlite3_bind_int64(ins, 8, (sqlite3_int64)s[j].st.median);
		step_done(d, ins);
	}
	sqlite3_finalize(ins);
	free_series(s, n);
}

/* The identity columns of a run from its log (NULL where the log does not say). */
static void set_identity(struct db *d, sqlite3_int64 run, const struct runlog *g)
{
	const struct machine_ident *m = &g->id;
	char machine[160];
	ident_board(m, machine, sizeof(machine));
	sqlite3_stmt *s = prep(d,
		"UPDATE runs SET bios_vendor = ?, bios_version = ?, bios_date = ?, sys_maker = ?,"
		" sys_product = ?, board_maker = ?, board_product = ?, cpu_part = ?, machine = ?"
		" WHERE id = ?");
	const char *v[] = { m->bios_vendor, m->bios_version, m->bios_date, m->sys_maker,
			    m->sys_product, m->board_maker, m->board_product, m->cpu_part, machine };
	for (unsigned i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		bind_text(s, (int)i + 1, v[i]);
	sqlite3_bind_int64(s, 10, run);
	step_done(d, s);
	sqlite3_finalize(s);
}

static sqlite3_int64 find_sha(struct db *d, const char *sha)
{
	sqlite3_stmt *s = prep(d, "SELECT id FROM runs WHERE sha256 = ?");
	bind_text(s, 1, sha);
	sqlite3_int64 id = sqlite3_step(s) == SQLITE_ROW ? sqlite3_column_int64(s, 0) : 0;
	sqlite3_finalize(s);
	return id;
}

/* One log, one transaction; the log is read (and refused) before the transaction begins. */
static void import_one(struct db *d, const char *path, const char *board)
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
	exec(d, "BEGIN IMMEDIATE");
	sqlite3_int64 old = find_sha(d, sha);
	if (old) {
		exec(d, "COMMIT");
		printf("%s: already stored as run %lld\n", path, (long long)old);
		unload(&g);
		free(text);
		return;
	}
	char now[32];
	time_t t = time(NULL);
	strftime(now, sizeof(now), "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
	sqlite3_stmt *s = prep(d,
		"INSERT INTO runs (sha256, source, imported, board, fw_vendor, fw_revision, run_time,"
		" cpu_vendor, cpu_brand, cpu_model, cpus, packages, backend, simulated, verdict,"
		" reason, checks, checks_failed) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
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
	sqlite3_bind_int(s, 11, (int)id.cpus);
	sqlite3_bind_int(s, 12, (int)id.npackages);
	bind_text(s, 13, g.backend);
	sqlite3_bind_int(s, 14, g.header_sim || g.verdict_sim);
	bind_text(s, 15, g.verdict);
	bind_text(s, 16, g.reason);
	sqlite3_bind_int(s, 17, (int)g.nchecks);
	sqlite3_bind_int(s, 18, (int)failed);
	step_done(d, s);
	sqlite3_finalize(s);
	sqlite3_int64 run = sqlite3_last_insert_rowid(d->h);
	s = prep(d, "INSERT INTO logs VALUES (?, ?)");
	sqlite3_bind_int64(s, 1, run);
	sqlite3_bind_blob(s, 2, text, (int)len, SQLITE_STATIC);
	step_done(d, s);
	sqlite3_finalize(s);
	fill_counts(d, run, &g);
	set_identity(d, run, &g);
	exec(d, "COMMIT");
	printf("%s: run %lld\n", path, (long long)run);
	unload(&g);
	free(text);
}

static int db_import(struct db *d, int argc, char **argv)
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
		import_one(d, argv[i], board);
		n++;
	}
	if (!n)
		die("db import needs at least one log");
	return 0;
}

/* ---------- queries ---------- */

const char *col(sqlite3_stmt *s, int i)
{
	const unsigned char *t = sqlite3_column_text(s, i);
	return t ? (const char *)t : "-";
}

static int db_runs(struct db *d, int argc, char **argv)
{
	static const struct { const char *opt, *sql; } filters[] = {
		{ "--board", " AND " BOARD_KEY " = ?" },
		{ "--bios", " AND (? COLLATE NOCASE) IN (fw_revision, bios_version)" },
		{ "--cpu", " AND (cpu_model = ? COLLATE NOCASE)" },
		{ "--verdict", " AND verdict = ?" },
		{ "--since", " AND run_time >= ?" },
		{ "--until", " AND run_time <= ?" },
	};
	char sql[1024] = "SELECT id, coalesce(run_time, '-'), coalesce(board, machine, '(not known)'),"
			 " coalesce(fw_vendor, '-') || ' ' || coalesce(fw_revision, '-'),"
			 " coalesce(cpu_model, '-'), coalesce(cpu_brand, '-'), verdict, checks_failed,"
			 " simulated, source FROM runs WHERE 1";
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
	strcat(sql, " ORDER BY run_time, id");
	sqlite3_stmt *s = prep(d, sql);
	for (unsigned i = 0; i < nv; i++)
		bind_text(s, (int)i + 1, vals[i]);
	printf("%-5s %-19s %-16s %-24s %-6s %-9s %s\n", "RUN", "TIME", "BOARD", "FIRMWARE", "CPU",
	       "VERDICT", "FAILED CHECKS, SOURCE");
	unsigned n = 0;
	while (sqlite3_step(s) == SQLITE_ROW) {
		printf("%-5s %-19s %-16s %-24s %-6s %s%-9s %s %s\n", col(s, 0), col(s, 1), col(s, 2),
		       col(s, 3), col(s, 4), sqlite3_column_int(s, 8) ? "[SIM] " : "", col(s, 6),
		       col(s, 7), col(s, 9));
		n++;
	}
	sqlite3_finalize(s);
	printf("%u runs\n", n);
	return 0;
}

static int db_history(struct db *d, int argc, char **argv)
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
	sqlite3_stmt *s = prep(d,
		"SELECT r.id, coalesce(r.run_time, '-'), coalesce(r.fw_vendor, '-') || ' ' ||"
		" coalesce(r.fw_revision, '-'), CASE WHEN c.box = 'core' THEN 'cpu ' || c.cpu"
		" ELSE 'pkg ' || c.package END, c.box, c.kernel, c.median, r.simulated"
		" FROM runs r JOIN counts c ON c.run_id = r.id"
		" WHERE coalesce(r.board, r.machine) = ?1 AND c.event = ?2 AND (?3 IS NULL OR c.kernel = ?3)"
		" ORDER BY r.run_time, r.id, c.box, c.cpu, c.package");
	bind_text(s, 1, board);
	bind_text(s, 2, event);
	bind_text(s, 3, kernel);
	printf("%s on board %s, oldest run first (median over repeats)\n", event, board);
	printf("%-5s %-19s %-24s %-7s %-14s %-7s %15s\n", "RUN", "TIME", "FIRMWARE", "WHERE", "BOX",
	       "KERNEL", "COUNT");
	unsigned n = 0;
	while (sqlite3_step(s) == SQLITE_ROW) {
		printf("%-5s %-19s %-24s %-7s %-14s %-7s %15s%s\n", col(s, 0), col(s, 1), col(s, 2),
		       col(s, 3), col(s, 4), col(s, 5), grouped((uint64_t)sqlite3_column_int64(s, 6)),
		       sqlite3_column_int(s, 7) ? " [SIM]" : "");
		n++;
	}
	sqlite3_finalize(s);
	printf("%u values\n", n);
	return 0;
}

void load_run(struct db *d, sqlite3_int64 run, struct runlog *g)
{
	sqlite3_stmt *s = prep(d, "SELECT content FROM logs WHERE run_id = ?");
	sqlite3_bind_int64(s, 1, run);
	if (sqlite3_step(s) != SQLITE_ROW)
		die("%s: no run %lld", d->path, (long long)run);
	load_blob(g, sqlite3_column_blob(s, 0), sqlite3_column_bytes(s, 0), NULL);
	sqlite3_finalize(s);
}

/* One board's runs, newest first: the newest, and what it is compared with. */
struct board_runs {
	char key[256], fw[512], base_fw[512];
	sqlite3_int64 newest, base, older;   /* base: newest of another build; older: the next run */
};

/* The newest run of a board against the newest run of its previous firmware build (else its
 * previous run, of the same build), by compare's rules; true when it regressed. */
static bool regressions_of(struct db *d, const struct board_runs *b, uint64_t tol)
{
	char key[256], fw[512], base_fw[512];
	printable(b->key, key, sizeof(key));
	printable(b->fw, fw, sizeof(fw));
	printable(b->base_fw, base_fw, sizeof(base_fw));
	sqlite3_int64 base = b->base ? b->base : b->older;
	if (!base) {
		printf("%s: run %lld, the only one (firmware %s)\n", key, (long long)b->newest, fw);
		return false;
	}
	struct runlog a, n;
	load_run(d, base, &a);
	load_run(d, b->newest, &n);
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

static int db_regressions(struct db *d, int argc, char **argv)
{
	uint64_t tol = DEFAULT_TOLERANCE_MILLI;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--tolerance") || i + 1 >= argc)
			die("db regressions takes only --tolerance PCT");
		tol = parse_percent(argv[++i]);
	}
	/* each board's runs newest first: by the run's own time, then by import order */
	sqlite3_stmt *s = prep(d, "SELECT " BOARD_KEY ", id, " FIRMWARE " FROM runs"
			       " ORDER BY 1, run_time DESC, id DESC");
	unsigned boards = 0, regressed = 0;
	struct board_runs *b = xcalloc(1, sizeof(*b));
	while (sqlite3_step(s) == SQLITE_ROW) {
		const char *key = col(s, 0), *fw = col(s, 2);
		sqlite3_int64 id = sqlite3_column_int64(s, 1);
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
			regressed += regressions_of(d, b, tol);
		memset(b, 0, sizeof(*b));
		snprintf(b->key, sizeof(b->key), "%s", key);
		snprintf(b->fw, sizeof(b->fw), "%s", fw);
		b->newest = id;
		boards++;
	}
	if (b->newest)
		regressed += regressions_of(d, b, tol);
	free(b);
	sqlite3_finalize(s);
	printf("%u boards, %u regressed\n", boards, regressed);
	return regressed ? EXIT_REGRESSED : 0;
}

void report_run(struct db *d, sqlite3_int64 id, FILE *o)
{
	sqlite3_stmt *s = prep(d, "SELECT content, source, board FROM logs JOIN runs ON id = run_id"
			       " WHERE run_id = ?");
	sqlite3_bind_int64(s, 1, id);
	if (sqlite3_step(s) != SQLITE_ROW)
		die("%s: no run %lld", d->path, (long long)id);
	char path[22];
	write_temp(sqlite3_column_blob(s, 0), sqlite3_column_bytes(s, 0), path);
	char label[512], board[256];
	snprintf(label, sizeof(label), "run %lld of %s (imported from %s)", (long long)id, d->path,
		 col(s, 1));
	snprintf(board, sizeof(board), "%s", col(s, 2));
	bool has_board = sqlite3_column_type(s, 2) != SQLITE_NULL;
	sqlite3_finalize(s);
	const struct report_args args = { .path = path, .label = label, .tol = DEFAULT_TOLERANCE_MILLI,
					  .board = has_board ? board : NULL };
	report_write(o, &args);
	unlink(path);
}

static int db_report(struct db *d, int argc, char **argv)
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
	report_run(d, id, o);
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
		int (*run)(struct db *d, int argc, char **argv);
	} cmds[] = {
		{ "import", db_import }, { "runs", db_runs }, { "history", db_history },
		{ "regressions", db_regressions }, { "report", db_report }, { "view", db_view },
	};
	for (unsigned k = 0; k < sizeof(cmds) / sizeof(cmds[0]); k++)
		if (!strcmp(argv[i], cmds[k].name)) {
			struct db d;
			db_open(&d, path);
			int rc = cmds[k].run(&d, argc - i - 1, argv + i + 1);
			sqlite3_close(d.h);
			return rc;
		}
	die("db: unknown command '%s' (import, runs, history, regressions, report, view)", argv[i]);
}
