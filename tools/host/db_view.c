/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu-host db view -o DIR [--tolerance PCT] (issue 37 item 6): the store as a static site,
 * no server, no script, no network (each page's Content-Security-Policy forbids them).
 * index.html lists the boards; board-N.html plots a board's runs across its firmware builds
 * (verdicts, the medians of its core counts, regressions marked) and lists them, each linking
 * to run-ID.html, the run's report (report.c). A run is judged by compare's rules against the
 * newest earlier run of another firmware build, else the run before it: for a board's newest
 * run, the pair `db regressions` compares. DIR must be new, empty or an earlier view
 * (efipmu-view.txt lists the files a view wrote): any other file refuses the view before
 * anything is written. Every text from the store or a log is escaped (xml_esc).
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compare.h"
#include "db.h"
#include "host.h"

#define VIEW_MARK "efipmu-view.txt"
#define VIEW_MAGIC "efipmu-host db view 1"
#define VIEW_KEYS 8   /* core counts plotted a board */

/* The view's queries, in one place: every run, grouped by board, oldest first. */
static const char sql_runs[] =
	"SELECT id, " BOARD_KEY ", " FIRMWARE ", coalesce(run_time, ''), coalesce(verdict, ''),"
	" checks, checks_failed, simulated FROM runs ORDER BY 2, run_time NULLS FIRST, id";

struct vrun {
	int64_t id;
	char board[256], fw[512], time[32], verdict[16];
	int checks, failed;
	bool sim;
	unsigned build;        /* its firmware build's number on the board, from 1 */
	int base;              /* index of the run it is judged against; -1: none */
	unsigned regressions;  /* compare's, against base */
	uint64_t key[VIEW_KEYS];
	bool has_key[VIEW_KEYS];
};

/* A core count plotted: its event and kernel. */
struct vkey {
	char event[EVENT_NAME_MAX], kernel[32];
};

/* ---------- the directory ---------- */

struct files {
	char **name;
	unsigned n, cap;
};

static void add_file(struct files *f, const char *name)
{
	f->name = xgrow(f->name, &f->cap, f->n, sizeof(*f->name));
	f->name[f->n] = xcalloc(strlen(name) + 1, 1);
	strcpy(f->name[f->n++], name);
}

static bool has_file(const struct files *f, const char *name)
{
	for (unsigned i = 0; i < f->n; i++)
		if (!strcmp(f->name[i], name))
			return true;
	return false;
}

static void free_files(struct files *f)
{
	for (unsigned i = 0; i < f->n; i++)
		free(f->name[i]);
	free(f->name);
}

/* The files an earlier view in dir wrote (none for a new or empty dir); dies on anything else. */
static void earlier_view(const char *dir, struct files *old)
{
	struct stat st;
	if (stat(dir, &st)) {
		if (errno != ENOENT || mkdir(dir, 0777))
			die("%s: cannot make the directory", dir);
		return;
	}
	if (!S_ISDIR(st.st_mode))
		die("%s: not a directory", dir);
	char path[4096], line[512], name[512];
	snprintf(path, sizeof(path), "%s/" VIEW_MARK, dir);
	FILE *m = fopen(path, "r");
	bool marked = m != NULL;
	if (m && (!fgets(line, sizeof(line), m) || strcmp(line, VIEW_MAGIC "\n")))
		die("%s: %s is not a view's list of files: refused", dir, VIEW_MARK);
	while (m && fgets(line, sizeof(line), m)) {
		line[strcspn(line, "\n")] = 0;
		if (!line[0] || strchr(line, '/') || line[0] == '.')
			die("%s: %s lists a name a view never writes: refused", dir, VIEW_MARK);
		add_file(old, line);
	}
	if (m)
		fclose(m);
	DIR *dh = opendir(dir);
	if (!dh)
		die("%s: cannot read the directory", dir);
	for (struct dirent *e; (e = readdir(dh));) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
		    (marked && !strcmp(e->d_name, VIEW_MARK)) || has_file(old, e->d_name))
			continue;
		printable(e->d_name, name, sizeof(name));
		closedir(dh);
		if (!marked)
			die("%s: not empty and not an earlier view (it holds %s and no %s): refused", dir,
			    name, VIEW_MARK);
		die("%s: holds %s, which no view wrote: refused", dir, name);
	}
	closedir(dh);
}

/* A page of the view, written whole (DIR/NAME.part renamed) and listed in *made. */
static FILE *page_open(const char *dir, const char *name, struct files *made, char *tmp, size_t cap,
		       char *out, size_t out_cap)
{
	snprintf(out, out_cap, "%s/%s", dir, name);
	add_file(made, name);
	return open_part(out, tmp, cap);
}

/* ---------- the pages ---------- */

static const char view_style[] =
	"body{font:14px/1.4 sans-serif;margin:1em 2em;color:#111}h1{font-size:20px}"
	"table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #bbb;padding:2px 6px;"
	"text-align:left;vertical-align:top}.num{text-align:right}"
	".sim{background:#fde68a;border:2px dashed #b45309;padding:4px 8px;font-weight:bold}"
	"tr.regressed{background:#fecaca}.v-PASS{background:#bbf7d0;fill:#22c55e}"
	".v-FAIL,.v-ERROR{background:#fecaca;fill:#dc2626}.v-DISTURBED{background:#fed7aa;"
	"fill:#f97316}.v-other{background:#e5e7eb;fill:#9ca3af}svg text{font:11px sans-serif}"
	"rect.regmark{fill:#fecaca}polygon.regtri{fill:#dc2626}line.build{stroke:#6b7280;"
	"stroke-dasharray:4 3}polyline.series{fill:none;stroke:#2563eb;stroke-width:1.5}"
	"circle.pt{fill:#1d4ed8}line.axis{stroke:#9ca3af}";

static void page_head(FILE *o, const char *title, const char *name, bool sim)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	      "style-src 'unsafe-inline'\">\n<title>", o);
	fputs(sim ? "[SIMULATED] " : "", o);
	fputs(title, o);
	xml_esc(o, name);
	fprintf(o, "</title>\n<style>%s</style></head><body>\n<h1>%s", view_style,
		sim ? "[SIMULATED] " : "");
	fputs(title, o);
	xml_esc(o, name);
	fputs("</h1>\n", o);
	if (sim)
		fputs("<p class=\"sim\">SIMULATED: runs of the reference model are among these, each "
		      "marked [SIM]; their values are not from hardware</p>\n", o);
}

static void page_foot(FILE *o)
{
	fputs("<footer><p>Made by efipmu-host db view from the store; no script, no external "
	      "file.</p></footer>\n</body></html>\n", o);
}

/* The class of a verdict: one of the app's words, else v-other (the text is the log's). */
static const char *verdict_class(const char *v)
{
	static const char *const known[] = { "PASS", "FAIL", "ERROR", "DISTURBED" };
	static const char *const cls[] = { "v-PASS", "v-FAIL", "v-ERROR", "v-DISTURBED" };
	for (unsigned i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (!strcmp(v, known[i]))
			return cls[i];
	return "v-other";
}

/* "run 12, 2026-01-02T08:00:00, FIRMWARE: VERDICT" as escaped text. */
static void run_words(FILE *o, const struct vrun *r)
{
	fprintf(o, "run %lld%s, ", (long long)r->id, r->sim ? " [SIM]" : "");
	xml_esc(o, r->time[0] ? r->time : "no RTC time");
	fputs(", ", o);
	xml_esc(o, r->fw);
	fputs(": ", o);
	xml_esc(o, r->verdict[0] ? r->verdict : "no verdict");
}

/* The board's picture: builds, verdicts, regressions, then a panel per core count. */
static void board_svg(FILE *o, const struct vrun *r, unsigned n, const struct vkey *keys,
		      unsigned nk, uint64_t tol)
{
	const unsigned left = 190, top = 58, ph = 70, pgap = 14;
	unsigned step = n > 40 ? 16 : n > 15 ? 40 : 64, width = left + step * n + 20;
	unsigned height = top + nk * (ph + pgap) + 10;
	fprintf(o, "<svg class=\"history\" role=\"img\" width=\"%u\" height=\"%u\" "
		"viewBox=\"0 0 %u %u\" xmlns=\"http://www.w3.org/2000/svg\">\n", width, height, width,
		height);
	fputs("<text x=\"0\" y=\"14\">firmware build</text><text x=\"0\" y=\"40\">verdict</text>\n", o);
	for (unsigned i = 0; i < n; i++) {
		unsigned x = left + step * i;
		if (!i || strcmp(r[i].fw, r[i - 1].fw)) {   /* a build begins */
			fprintf(o, "<line class=\"build\" x1=\"%u\" x2=\"%u\" y1=\"4\" y2=\"%u\"/>"
				"<text class=\"buildname\" x=\"%u\" y=\"14\">%s%u<title>build %u: ", x, x,
				height - 4, x + 2, step < 40 ? "" : "build ", r[i].build, r[i].build);
			xml_esc(o, r[i].fw);
			fputs("</title></text>\n", o);
		}
		if (r[i].base >= 0 && r[i].regressions) {
			fprintf(o, "<rect class=\"regmark\" x=\"%u\" y=\"20\" width=\"%u\" height=\"%u\">"
				"<title>run %lld REGRESSED (%u) against run %lld</title></rect>"
				"<polygon class=\"regtri\" points=\"%u,20 %u,20 %u,28\"/>\n", x, step,
				height - 24, (long long)r[i].id, r[i].regressions,
				(long long)r[r[i].base].id, x + step / 2 - 5, x + step / 2 + 5, x + step / 2);
		}
		fprintf(o, "<a href=\"run-%lld.html\"><rect class=\"vd %s\" x=\"%u\" y=\"30\" "
			"width=\"%u\" height=\"14\"><title>", (long long)r[i].id,
			verdict_class(r[i].verdict), x + 2, step - 4);
		run_words(o, &r[i]);
		fputs("</title></rect></a>\n", o);
	}
	for (unsigned k = 0; k < nk; k++) {
		unsigned y0 = top + k * (ph + pgap);
		uint64_t lo = UINT64_MAX, hi = 0;
		for (unsigned i = 0; i < n; i++)
			if (r[i].has_key[k]) {
				lo = r[i].key[k] < lo ? r[i].key[k] : lo;
				hi = r[i].key[k] > hi ? r[i].key[k] : hi;
			}
		if (hi < lo)
			continue;
		/* at least the tolerance either side of the middle: moves compare allows look flat */
		uint64_t mid = lo / 2 + hi / 2, band = (uint64_t)((double)mid * (double)tol / 1e5);
		lo = lo < mid - band ? lo : mid - band;
		hi = hi > mid + band ? hi : mid + band;
		fprintf(o, "<text x=\"0\" y=\"%u\">", y0 + 12);
		xml_esc_n(o, keys[k].event, 28);
		fputs(" (", o);
		xml_esc_n(o, keys[k].kernel, 12);
		fprintf(o, ")</text><text x=\"0\" y=\"%u\">%s to %s</text>", y0 + 26, grouped(lo),
			grouped(hi));
		fprintf(o, "<line class=\"axis\" x1=\"%u\" x2=\"%u\" y1=\"%u\" y2=\"%u\"/>\n", left,
			left + step * n, y0 + ph, y0 + ph);
		double span = hi > lo ? (double)(hi - lo) : 1.0;
		fputs("<polyline class=\"series\" points=\"", o);
		for (unsigned i = 0; i < n; i++)
			if (r[i].has_key[k])
				fprintf(o, "%u,%.1f ", left + step * i + step / 2,
					y0 + ph - 4 - (double)(r[i].key[k] - lo) / span * (ph - 8));
		fputs("\"/>\n", o);
		for (unsigned i = 0; i < n; i++) {
			if (!r[i].has_key[k])
				continue;
			fprintf(o, "<a href=\"run-%lld.html\"><circle class=\"pt\" cx=\"%u\" cy=\"%.1f\" "
				"r=\"3\"><title>", (long long)r[i].id, left + step * i + step / 2,
				y0 + ph - 4 - (double)(r[i].key[k] - lo) / span * (ph - 8));
			run_words(o, &r[i]);
			fputs("; ", o);
			xml_esc(o, keys[k].event);
			fprintf(o, " %s (median over CPUs)</title></circle></a>\n", grouped(r[i].key[k]));
		}
	}
	fputs("</svg>\n", o);
}

static void board_page(FILE *o, const char *board, const struct vrun *r, unsigned n,
		       const struct vkey *keys, unsigned nk, uint64_t tol)
{
	bool sim = false;
	unsigned regressed = 0, builds = 0;
	for (unsigned i = 0; i < n; i++) {
		sim |= r[i].sim;
		regressed += r[i].regressions > 0;
		builds = r[i].build > builds ? r[i].build : builds;
	}
	page_head(o, "efipmu board ", board, sim);
	fprintf(o, "<p><a href=\"index.html\">All boards</a></p>\n<p class=\"boardsum\">%u runs over "
		"%u firmware builds, oldest first; %u regressed against the run they are judged "
		"against: the newest earlier run of another build, else the run before (compare's "
		"rules, tolerance %llu.%03llu %%).</p>\n", n, builds, regressed,
		(unsigned long long)(tol / 1000), (unsigned long long)(tol % 1000));
	board_svg(o, r, n, keys, nk, tol);
	fputs("<table class=\"runs\"><thead><tr><th>run</th><th>time</th><th>build</th><th>firmware</th>"
	      "<th>verdict</th><th>checks failed</th><th>against</th></tr></thead><tbody>\n", o);
	for (unsigned i = 0; i < n; i++) {
		fprintf(o, "<tr class=\"run%s\"><td><a href=\"run-%lld.html\">run %lld</a>%s</td><td>",
			r[i].regressions ? " regressed" : "", (long long)r[i].id, (long long)r[i].id,
			r[i].sim ? " [SIM]" : "");
		xml_esc(o, r[i].time);
		fprintf(o, "</td><td class=\"num\">%u</td><td>", r[i].build);
		xml_esc(o, r[i].fw);
		fprintf(o, "</td><td class=\"%s\">", verdict_class(r[i].verdict));
		xml_esc(o, r[i].verdict);
		fprintf(o, "</td><td class=\"num\">%d of %d</td><td>", r[i].failed, r[i].checks);
		if (r[i].base < 0)
			fputs("the board's first run", o);
		else
			fprintf(o, "%s against run %lld", r[i].regressions ? "REGRESSED" : "no regression",
				(long long)r[r[i].base].id);
		if (r[i].regressions)
			fprintf(o, " (%u)", r[i].regressions);
		fputs("</td></tr>\n", o);
	}
	fputs("</tbody></table>\n", o);
	page_foot(o);
}

/* ---------- a board's runs ---------- */

/* The median over CPUs of each CPU's median of a core count, into the run's keys. */
static void run_keys(const struct runlog *g, struct vrun *r, struct vkey *keys, unsigned *nk)
{
	unsigned ns;
	struct series *s = make_series(g, &ns);
	uint64_t *v = xcalloc(ns + 1, sizeof(*v));
	for (unsigned j = 0; j < ns && *nk < VIEW_KEYS; j++) {   /* the counts no run had before */
		const struct count *c = s[j].first;
		unsigned q = 0;
		while (q < *nk && (strcmp(keys[q].event, c->event) || strcmp(keys[q].kernel, c->kernel)))
			q++;
		if (q == *nk && !strcmp(c->box, "core")) {
			snprintf(keys[q].event, sizeof(keys[q].event), "%s", c->event);
			snprintf(keys[q].kernel, sizeof(keys[q].kernel), "%s", c->kernel);
			(*nk)++;
		}
	}
	for (unsigned k = 0; k < *nk; k++) {
		unsigned n = 0;
		for (unsigned j = 0; j < ns; j++) {
			const struct count *c = s[j].first;
			if (!strcmp(c->box, "core") && !strcmp(keys[k].event, c->event) &&
			    !strcmp(keys[k].kernel, c->kernel))
				v[n++] = s[j].st.median;
		}
		struct stats_u64 st;
		stats_compute(v, n, &st);
		r->key[k] = st.median;
		r->has_key[k] = n > 0;
	}
	free(v);
	free_series(s, ns);
}

/* Each run's base and compare's regressions against it, and the plotted counts. */
static void judge(struct store *st, struct vrun *r, unsigned n, uint64_t tol, struct vkey *keys,
		  unsigned *nk)
{
	struct runlog *g = xcalloc(n, sizeof(*g));
	for (unsigned i = 0; i < n; i++) {
		load_run(st, r[i].id, &g[i]);
		run_keys(&g[i], &r[i], keys, nk);
		unsigned most = 0;   /* its build: an earlier run's of the same firmware, else a new one */
		r[i].build = 0;
		for (unsigned j = 0; j < i; j++) {
			most = r[j].build > most ? r[j].build : most;
			r[i].build = strcmp(r[j].fw, r[i].fw) ? r[i].build : r[j].build;
		}
		r[i].build = r[i].build ? r[i].build : most + 1;
		r[i].base = i ? (int)i - 1 : -1;
		for (int j = (int)i - 1; j >= 0; j--)
			if (strcmp(r[j].fw, r[i].fw)) {
				r[i].base = j;
				break;
			}
		if (r[i].base >= 0) {
			struct tally t;
			compare_runs(&g[r[i].base], &g[i], tol, &t, NULL, NULL);
			r[i].regressions = t.regressions;
		}
	}
	for (unsigned i = 0; i < n; i++)
		unload(&g[i]);
	free(g);
}

/* ---------- the command ---------- */

static void index_row(FILE *o, unsigned b, const char *board, const struct vrun *r, unsigned n)
{
	unsigned regressed = 0;
	bool sim = false;
	for (unsigned i = 0; i < n; i++) {
		regressed += r[i].regressions > 0;
		sim |= r[i].sim;
	}
	const struct vrun *last = &r[n - 1];
	fprintf(o, "<tr class=\"board%s\"><td><a href=\"board-%u.html\">", last->regressions ?
		" regressed" : "", b);
	xml_esc(o, board);
	fprintf(o, "</a>%s</td><td class=\"num\">%u</td><td class=\"num\">%u</td><td>", sim ?
		" [SIM]" : "", n, regressed);
	run_words(o, last);
	fprintf(o, "</td><td>%s</td></tr>\n", last->base < 0 ? "the only run" : last->regressions ?
		"REGRESSED" : "no regression");
}

int db_view(struct store *st, int argc, char **argv)
{
	const char *dir = NULL;
	uint64_t tol = DEFAULT_TOLERANCE_MILLI;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "-o") && i + 1 < argc)
			dir = argv[++i];
		else if (!strcmp(argv[i], "--tolerance") && i + 1 < argc)
			tol = parse_percent(argv[++i]);
		else
			die("db view takes -o DIR and --tolerance PCT only ('%s')", argv[i]);
	}
	if (!dir)
		die("db view needs -o DIR");
	/* every run, before anything is written */
	unsigned n = 0, cap = 0;
	struct vrun *r = NULL;
	struct store_stmt *s = store_prep(st, sql_runs);
	while (store_step(s)) {
		r = xgrow(r, &cap, n, sizeof(*r));
		struct vrun *x = &r[n++];
		memset(x, 0, sizeof(*x));
		x->id = store_int(s, 0);
		snprintf(x->board, sizeof(x->board), "%s", col(s, 1));
		snprintf(x->fw, sizeof(x->fw), "%s", col(s, 2));
		snprintf(x->time, sizeof(x->time), "%s", store_text(s, 3));
		snprintf(x->verdict, sizeof(x->verdict), "%s", store_text(s, 4));
		x->checks = (int)store_int(s, 5);
		x->failed = (int)store_int(s, 6);
		x->sim = store_int(s, 7) != 0;
	}
	store_finalize(s);
	struct files old = { 0 }, made = { 0 };
	earlier_view(dir, &old);
	char tmp[4200], out[4200], name[64];
	FILE *idx = page_open(dir, "index.html", &made, tmp, sizeof(tmp), out, sizeof(out));
	char idx_tmp[4200], idx_out[4200];
	strcpy(idx_tmp, tmp);
	strcpy(idx_out, out);
	page_head(idx, "efipmu boards of ", st->name, false);
	fputs("<table class=\"boards\"><thead><tr><th>board</th><th>runs</th><th>regressed</th>"
	      "<th>newest run</th><th>newest against the build before</th></tr></thead><tbody>\n", idx);
	unsigned boards = 0;
	for (unsigned i = 0, j; i < n; i = j) {
		for (j = i; j < n && !strcmp(r[j].board, r[i].board); j++)
			;
		struct vkey keys[VIEW_KEYS];
		unsigned nk = 0;
		judge(st, &r[i], j - i, tol, keys, &nk);
		snprintf(name, sizeof(name), "board-%u.html", boards);
		FILE *o = page_open(dir, name, &made, tmp, sizeof(tmp), out, sizeof(out));
		board_page(o, r[i].board, &r[i], j - i, keys, nk, tol);
		close_part(o, tmp, out);
		index_row(idx, boards++, r[i].board, &r[i], j - i);
		for (unsigned k = i; k < j; k++) {
			snprintf(name, sizeof(name), "run-%lld.html", (long long)r[k].id);
			o = page_open(dir, name, &made, tmp, sizeof(tmp), out, sizeof(out));
			report_run(st, r[k].id, o);
			close_part(o, tmp, out);
		}
	}
	fprintf(idx, "</tbody></table>\n<p class=\"indexsum\">%u boards, %u runs.</p>\n", boards, n);
	page_foot(idx);
	close_part(idx, idx_tmp, idx_out);
	/* the list of what this view wrote, then what the earlier one wrote and this did not */
	snprintf(out, sizeof(out), "%s/" VIEW_MARK, dir);
	FILE *m = open_part(out, tmp, sizeof(tmp));
	fputs(VIEW_MAGIC "\n", m);
	for (unsigned i = 0; i < made.n; i++)
		fprintf(m, "%s\n", made.name[i]);
	close_part(m, tmp, out);
	for (unsigned i = 0; i < old.n; i++)
		if (!has_file(&made, old.name[i])) {
			snprintf(out, sizeof(out), "%s/%s", dir, old.name[i]);
			unlink(out);
		}
	printf("%s: %u boards, %u runs: %s/index.html\n", dir, boards, n, dir);
	free_files(&old);
	free_files(&made);
	free(r);
	return 0;
}
