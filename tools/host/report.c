/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu-host report LOG [--base BASE] [--tolerance PCT] -o FILE.html: one self-contained HTML
 * page of a run (no script, no external file, readable with JavaScript off): the verdict and
 * what it proved, the machine, a CPU x check grid, counts with their decoded controls, start
 * and stop skew as an SVG timeline, what firmware left running, uncore per package and box,
 * derived metrics and top-down, and with --base compare's rows. Past REPORT_ROWS_MAX CPUs
 * (issue 33 item 4) checks, core counts, hand-offs and derived metrics are summed up per
 * package, the checks drawn as a heat map of CPUs x checks. A log is untrusted input:
 * every text from it goes through esc(). A simulated run says so in every section.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "host.h"
#include "report.h"
#include "runlog.h"
#include "hw/regfield.h"
#include "out/derived.h"
#include "pmu/cpuinfo.h"
#include "pmu/decode.h"
#include "util/cpuset.h"
#include "util/fmt.h"

#define REPORT_ROWS_MAX 64   /* more CPUs: per-package summaries and a heat map, not rows */
#define REPORT_PKGS 64

/* ---------- every record besides counts and checks, kept as key/value text ---------- */

struct kv {
	char *key, *val;   /* strings decoded; other values as their JSON text */
	uint8_t type;      /* enum logval_type */
};

struct grec {
	char rec[24];
	unsigned n;
	struct kv *kv;
};

struct records {
	struct grec *r;
	unsigned n, cap;
};

static char *dup_n(const char *s, size_t n)
{
	char *p = xcalloc(n + 1, 1);
	memcpy(p, s, n);
	return p;
}

static void keep_record(void *ctx, const struct logrec_view *v, unsigned line)
{
	struct records *rs = ctx;
	(void)line;
	rs->r = xgrow(rs->r, &rs->cap, rs->n, sizeof(*rs->r));
	struct grec *g = &rs->r[rs->n++];
	memset(g, 0, sizeof(*g));
	logread_get_str(v, "rec", g->rec, sizeof(g->rec));
	g->kv = xcalloc(v->n, sizeof(*g->kv));
	for (unsigned i = 0; i < v->n; i++) {
		const struct logval *x = &v->v[i];
		struct kv *k = &g->kv[g->n++];
		k->key = xcalloc(x->key_len + 1, 1);
		logread_unescape(x->key, x->key_len, k->key, x->key_len + 1);
		k->type = x->type;
		if (x->type == LV_STRING) {
			k->val = xcalloc(x->raw_len + 1, 1);   /* decoding never lengthens */
			logread_unescape(x->raw, x->raw_len, k->val, x->raw_len + 1);
		} else {
			k->val = dup_n(x->raw, x->raw_len);
		}
	}
}

static void free_records(struct records *rs)
{
	for (unsigned i = 0; i < rs->n; i++) {
		for (unsigned k = 0; k < rs->r[i].n; k++) {
			free(rs->r[i].kv[k].key);
			free(rs->r[i].kv[k].val);
		}
		free(rs->r[i].kv);
	}
	free(rs->r);
}

static const char *gstr(const struct grec *g, const char *key)
{
	for (unsigned i = 0; i < g->n; i++)
		if (!strcmp(g->kv[i].key, key))
			return g->kv[i].val;
	return NULL;
}

static bool gu64(const struct grec *g, const char *key, uint64_t *out)
{
	const char *s = gstr(g, key);
	return s && pmu_parse_u64(s, strlen(s), out);
}

static uint64_t gnum(const struct grec *g, const char *key)
{
	uint64_t v = 0;
	gu64(g, key, &v);
	return v;
}

/*
 * The next element of a JSON array's text (validated by logread): *pos moves past it.
 * Strings come without their quotes (escapes kept: they are escaped again on output).
 */
static bool next_elem(const char *s, size_t *pos, const char **e, size_t *len)
{
	size_t i = *pos, depth = 0;
	if (!i && s[0] == '[')
		i = 1;
	while (s[i] == ' ' || s[i] == ',')
		i++;
	if (!s[i] || s[i] == ']')
		return false;
	size_t start = i;
	bool str = false;
	for (; s[i]; i++) {
		char c = s[i];
		if (str) {
			if (c == '\\' && s[i + 1])
				i++;
			else if (c == '"')
				str = false;
			continue;
		}
		if (c == '"')
			str = true;
		else if (c == '[' || c == '{')
			depth++;
		else if ((c == ']' || c == '}') && depth)
			depth--;
		else if ((c == ',' || c == ']') && !depth)
			break;
	}
	*pos = i;
	*e = s + start;
	*len = i - start;
	if (*len >= 2 && s[start] == '"') {
		(*e)++;
		*len -= 2;
	}
	return true;
}

/* ---------- HTML ---------- */

/* Text from the log (or anywhere) as HTML text or attribute value. */
static void esc(FILE *o, const char *s)
{
	xml_esc(o, s ? s : "");
}

/* A result or verdict word as a class name: only letters and '-' pass. */
static void cls(FILE *o, const char *s)
{
	for (; s && *s; s++)
		if ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || *s == '-')
			fputc(*s, o);
}

static void absent(FILE *o, const char *what)
{
	fputs("<span class=\"absent\">not in the log", o);
	if (what) {
		fputs(" (", o);
		esc(o, what);
		fputc(')', o);
	}
	fputs("</span>", o);
}

struct report {
	FILE *o;
	struct runlog g;
	struct records rs;
	bool sim;
	enum uncore_family fam;
	struct box_set boxes;   /* its family's (no AMD or discovered box: the log has none) */
	const char *board;   /* from a store's import, not from the log */
	bool big;            /* more than REPORT_ROWS_MAX cpu records */
	unsigned npk;
	uint64_t pk[REPORT_PKGS];          /* packages of the cpu records, ascending */
	struct cpuset *pk_cpus;            /* each one's CPUs */
};

/* The index in r->pk of cpu's package; r->npk when no cpu record names it. */
static unsigned pkg_index(const struct report *r, uint64_t cpu)
{
	unsigned i = 0;
	while (i < r->npk && (cpu >= CPUSET_MAX || !cpuset_has(&r->pk_cpus[i], (unsigned)cpu)))
		i++;
	return i;
}

/* "0-111,224-335" of set, escaped (it is digits, ',' and '-'). */
static void put_cpus(FILE *o, const struct cpuset *set)
{
	char b[8192];
	struct strbuf sb;
	sb_init(&sb, b, sizeof(b));
	cpuset_format(set, &sb);
	esc(o, b);
}

/* Past REPORT_ROWS_MAX CPUs (below): the checks of columns cols, and the core counts. */
static void checks_big(struct report *r, char (*cols)[160], unsigned nc);
static void counts_big(struct report *r);

/* Each section opens with the simulated mark when the run is the model's. */
static void section(struct report *r, const char *id, const char *title)
{
	fprintf(r->o, "<section id=\"%s\"><h2>%s</h2>\n", id, title);
	if (r->sim)
		fputs("<p class=\"sim\">SIMULATED: every value here comes from the reference model, "
		      "not from hardware</p>\n", r->o);
}

static const struct grec *first_rec(const struct report *r, const char *rec)
{
	for (unsigned i = 0; i < r->rs.n; i++)
		if (!strcmp(r->rs.r[i].rec, rec))
			return &r->rs.r[i];
	return NULL;
}

static void row2(FILE *o, const char *k, const char *v, const char *absent_why)
{
	fprintf(o, "<tr><th>%s</th><td>", k);
	if (v && *v)
		esc(o, v);
	else
		absent(o, absent_why);
	fputs("</td></tr>\n", o);
}

static void sec_verdict(struct report *r)
{
	FILE *o = r->o;
	const struct runlog *g = &r->g;
	section(r, "verdict", "Verdict");
	if (!g->have_verdict) {
		fputs("<p class=\"verdict none\">no verdict record: the run did not finish</p>\n", o);
	} else {
		fputs("<p class=\"verdict v-", o);
		cls(o, g->verdict);
		fputs("\">", o);
		esc(o, g->verdict);
		fputs("</p>\n", o);
		if (g->reason[0]) {
			fputs("<p class=\"reason\">", o);
			esc(o, g->reason);
			fputs("</p>\n", o);
		}
		fprintf(o, "<p>%llu CPUs ran, %llu missing, %llu with a core PMU.</p>\n",
			(unsigned long long)g->cpus_ran, (unsigned long long)g->cpus_missing,
			(unsigned long long)g->cpus_with_pmu);
	}
	unsigned pass = 0, fail = 0, other = 0;
	for (unsigned i = 0; i < g->nchecks; i++) {
		if (!strcmp(g->checks[i].result, "PASS"))
			pass++;
		else if (!strcmp(g->checks[i].result, "FAIL"))
			fail++;
		else
			other++;
	}
	fprintf(o, "<p class=\"proved\">What it proved: %u of %u checks passed, %u failed, "
		"%u neither (disturbed or skipped); %u count records.</p>\n",
		pass, g->nchecks, fail, other, g->ncounts);
	fputs("</section>\n", o);
}

static void sec_machine(struct report *r)
{
	FILE *o = r->o;
	const struct runlog *g = &r->g;
	const struct grec *h = first_rec(r, "header"), *c0 = first_rec(r, "cpu");
	section(r, "machine", "Machine");
	fputs("<table class=\"kv\">\n", o);
	if (r->board) {
		fputs("<tr><th>board (store)</th><td>", o);
		esc(o, r->board);
		fputs(" <span class=\"absent\">(given at import to the store)</span></td></tr>\n", o);
	}
	/* the capture's SMBIOS (a log's text: row2 escapes it) */
	const struct machine_ident *m = &g->id;
	if (m->smbios) {
		char t[200];
		snprintf(t, sizeof(t), "%s %s", m->board_maker, m->board_product);
		row2(o, "board", t[1] ? t : NULL, "SMBIOS has no type 2");
		snprintf(t, sizeof(t), "%s %s", m->sys_maker, m->sys_product);
		row2(o, "system", t[1] ? t : NULL, "SMBIOS has no type 1");
		ident_bios(m, t, sizeof(t));
		row2(o, "firmware (SMBIOS)", t, NULL);
		row2(o, "CPU part (SMBIOS)", m->cpu_part, "no populated socket in SMBIOS type 4");
	} else {
		row2(o, "board", NULL, m->why_not);
	}
	char fw[160] = "";
	if (g->fw_vendor[0])
		snprintf(fw, sizeof(fw), "%s, revision %s", g->fw_vendor,
			 g->fw_revision[0] ? g->fw_revision : "?");
	row2(o, "firmware (UEFI system table)", fw, "no header record");
	row2(o, "UEFI revision", h ? gstr(h, "uefi_revision") : NULL, NULL);
	row2(o, "time of the run", g->time, "no RTC time");
	row2(o, "backend", g->backend, NULL);
	row2(o, "command line", g->cmdline, NULL);
	row2(o, "settings", h ? gstr(h, "options") : NULL, NULL);
	row2(o, "processor", c0 ? gstr(c0, "brand") : NULL, "no cpu record");
	char sig[128] = "";
	if (c0)
		snprintf(sig, sizeof(sig), "%s family %s model %s stepping %s, microcode %s",
			 gstr(c0, "vendor") ? gstr(c0, "vendor") : "?",
			 gstr(c0, "family") ? gstr(c0, "family") : "?",
			 gstr(c0, "model") ? gstr(c0, "model") : "?",
			 gstr(c0, "stepping") ? gstr(c0, "stepping") : "?",
			 gstr(c0, "microcode") ? gstr(c0, "microcode") : "?");
	row2(o, "signature", sig, "no cpu record");
	/* sockets and core types from the cpu records */
	uint64_t pk[64];
	unsigned npk = 0, ncpu = 0, ncore = 0, natom = 0, nother = 0;
	for (unsigned i = 0; i < r->rs.n; i++) {
		const struct grec *c = &r->rs.r[i];
		if (strcmp(c->rec, "cpu"))
			continue;
		ncpu++;
		uint64_t p = gnum(c, "package");
		unsigned k = 0;
		while (k < npk && pk[k] != p)
			k++;
		if (k == npk && npk < 64)
			pk[npk++] = p;
		const char *t = gstr(c, "core_type");
		if (t && !strcmp(t, "core"))
			ncore++;
		else if (t && !strcmp(t, "atom"))
			natom++;
		else if (t && strcmp(t, "null"))
			nother++;
	}
	fprintf(o, "<tr><th>packages (sockets)</th><td>%u</td></tr>\n", npk);
	fprintf(o, "<tr><th>CPUs</th><td>%u logged, %llu found, %llu enabled</td></tr>\n", ncpu,
		(unsigned long long)g->cpus_found, (unsigned long long)g->cpus_enabled);
	if (ncore + natom + nother)
		fprintf(o, "<tr><th>core types</th><td>hybrid: %u P-core (core), %u E-core (atom)"
			"%s</td></tr>\n", ncore, natom, nother ? ", others" : "");
	else
		fputs("<tr><th>core types</th><td>one (not hybrid)</td></tr>\n", o);
	row2(o, "uncore family", c0 ? gstr(c0, "uncore_family") : NULL, NULL);
	fputs("</table>\n</section>\n", o);
}

/* Column key of a check: its name and kernel. */
static void check_col(const struct check *k, char *b, size_t cap)
{
	snprintf(b, cap, "%s%s%s%s", k->check, k->kernel[0] ? " (" : "", k->kernel,
		 k->kernel[0] ? ")" : "");
}

struct grid_row {
	bool cpu;
	uint64_t id;
};

/* A row per CPU (then package), a column per check, a cell per check record. */
static void checks_grid(struct report *r, char (*cols)[160], unsigned nc,
			const struct grid_row *rows, unsigned nr)
{
	FILE *o = r->o;
	const struct runlog *g = &r->g;
	fputs("<div class=\"scroll\"><table class=\"grid\"><thead><tr><th></th>", o);
	for (unsigned j = 0; j < nc; j++) {
		fputs("<th>", o);
		esc(o, cols[j]);
		fputs("</th>", o);
	}
	fputs("</tr></thead><tbody>\n", o);
	for (unsigned i = 0; i < nr; i++) {
		fprintf(o, "<tr><th>%s %llu</th>", rows[i].cpu ? "cpu" : "pkg",
			(unsigned long long)rows[i].id);
		for (unsigned j = 0; j < nc; j++) {
			fputs("<td>", o);
			for (unsigned n = 0; n < g->nchecks; n++) {
				const struct check *k = &g->checks[n];
				char b[160];
				check_col(k, b, sizeof(b));
				if (k->has_cpu != rows[i].cpu || (k->has_cpu ? k->cpu : k->package) != rows[i].id ||
				    strcmp(b, cols[j]))
					continue;
				fputs("<div class=\"chk ", o);
				cls(o, k->result);
				fputs("\" title=\"", o);
				esc(o, k->reason);
				fputs("\"><b>", o);
				esc(o, k->result);
				char e[96], m[64];
				check_expected(k, e, sizeof(e));
				check_measured(k, m, sizeof(m));
				fprintf(o, "</b><br>%s<br>%s", m, e);
				fputs("</div>", o);
			}
			fputs("</td>", o);
		}
		fputs("</tr>\n", o);
	}
	fputs("</tbody></table></div>\n", o);
}

static void sec_checks(struct report *r)
{
	FILE *o = r->o;
	const struct runlog *g = &r->g;
	section(r, "checks", "Checks: CPU &#215; check");
	if (!g->nchecks) {
		fputs("<p>No check records.</p>\n</section>\n", o);
		return;
	}
	/* columns: distinct checks; rows: distinct CPUs then packages, in order of appearance */
	char (*cols)[160] = xcalloc(g->nchecks, sizeof(*cols));
	struct grid_row *rows = xcalloc(g->nchecks, sizeof(*rows));
	unsigned nc = 0, nr = 0;
	for (unsigned i = 0; i < g->nchecks; i++) {
		const struct check *k = &g->checks[i];
		char b[160];
		check_col(k, b, sizeof(b));
		unsigned j = 0;
		while (j < nc && strcmp(cols[j], b))
			j++;
		if (j == nc)
			strcpy(cols[nc++], b);
		uint64_t id = k->has_cpu ? k->cpu : k->package;
		for (j = 0; j < nr && !(rows[j].cpu == k->has_cpu && rows[j].id == id); j++)
			;
		if (j == nr) {
			rows[nr].cpu = k->has_cpu;
			rows[nr++].id = id;
		}
	}
	if (r->big)
		checks_big(r, cols, nc);
	else
		checks_grid(r, cols, nc, rows, nr);
	/* the reasons of what did not pass, as text (the title is hover-only) */
	bool any = false;
	for (unsigned n = 0; n < g->nchecks; n++) {
		const struct check *k = &g->checks[n];
		if (!strcmp(k->result, "PASS"))
			continue;
		fputs(any ? "" : "<ul class=\"reasons\">\n", o);
		any = true;
		fputs("<li>", o);
		esc(o, check_label(k));
		fputs(": ", o);
		esc(o, k->result);
		if (k->reason[0]) {
			fputs(": ", o);
			esc(o, k->reason);
		}
		fputs("</li>\n", o);
	}
	fputs(any ? "</ul>\n" : "", o);
	free(cols);
	free(rows);
	fputs("</section>\n", o);
}

/*
 * The layout of a count's control register: its uncore box's (hw/layouts_*.c, whatever the
 * register's kind: MSR, PCI or MMIO), else the core's or another family's MSR of that number.
 */
static const struct reg_layout *ctl_layout(const struct report *r, const struct count *c)
{
	const struct box_desc *d = strcmp(c->box, "core") && r->fam ?
		box_find(&r->boxes, c->box, strlen(c->box)) : NULL;
	if (d)
		return !strcmp(c->kind, "fixed") ? d->fixed_layout : d->ctl_layout;
	if (c->ctl.kind != REGNAME_MSR || !c->ctl.at)
		return NULL;
	return decode_layout_for_msr((uint32_t)c->ctl.at, r->fam ? &r->boxes : NULL);
}

/* "msr 0x186 = 0x4300c4": the control register by the log's name, and its value. */
static void ctl_code(FILE *o, const struct count *c)
{
	char name[64];
	struct strbuf sb;
	sb_init(&sb, name, sizeof(name));
	regname_put(&sb, &c->ctl);
	fputs("<code class=\"ctl\">", o);
	esc(o, name);
	fprintf(o, " = 0x%llx</code><br>", (unsigned long long)c->ctl_value);
}

static void decoded_ctl(struct report *r, const struct count *c)
{
	char buf[512] = "";
	const struct reg_layout *l = ctl_layout(r, c);
	if (!l && c->ctl_fields[0]) {   /* a box the report has no table of (AMD's, discovered) */
		fputs("fields as logged: ", r->o);
		esc(r->o, c->ctl_fields);
		return;
	}
	if (!l) {
		absent(r->o, "no layout for this control register");
		return;
	}
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	reg_decode(l, c->ctl_value, 0, &sb);
	esc(r->o, l->name);
	fputs(": ", r->o);
	esc(r->o, buf);
}

/* Counts of the core (core) or of the uncore boxes (!core), one row per series. */
static void count_table(struct report *r, bool core)
{
	FILE *o = r->o;
	unsigned n;
	struct series *s = make_series(&r->g, &n);
	unsigned shown = 0;
	for (unsigned j = 0; j < n; j++) {
		const struct count *c = s[j].first;
		if (core != !strcmp(c->box, "core"))
			continue;
		if (!shown++)
			fprintf(o, "<table class=\"counts\"><thead><tr><th>%s</th>%s<th>kernel</th>"
				"<th>event</th><th>counter</th><th>n</th><th>min</th><th>median</th>"
				"<th>max</th><th>control</th></tr></thead><tbody>\n",
				core ? "CPU" : "package", core ? "" : "<th>box</th>");
		fprintf(o, "<tr class=\"count%s\"><td>%s</td>", s[j].overflowed ? " overflowed" : "",
			where(c));
		if (!core) {
			fputs("<td>", o);
			esc(o, c->box);
			fputs("</td>", o);
		}
		fputs("<td>", o);
		esc(o, c->kernel);
		fputs("</td><td>", o);
		esc(o, c->event);
		fputs("</td><td>", o);
		esc(o, c->kind);
		fprintf(o, " %llu</td><td>%u</td>", (unsigned long long)c->counter, s[j].n);
		fprintf(o, "<td class=\"num\">%s</td><td class=\"num\">%s</td><td class=\"num\">%s</td>",
			grouped(s[j].st.min), grouped(s[j].st.median), grouped(s[j].st.max));
		fputs("<td>", o);
		ctl_code(o, c);
		decoded_ctl(r, c);
		fputs("</td></tr>\n", o);
	}
	if (shown)
		fputs("</tbody></table>\n", o);
	else
		fprintf(o, "<p>No %s count records.</p>\n", core ? "core" : "uncore");
	free_series(s, n);
}

static void sec_counts(struct report *r)
{
	section(r, "counts", r->big ? "Counts per package and event" : "Counts per CPU and event");
	if (r->big)
		counts_big(r);
	else
		count_table(r, true);
	fputs("</section>\n", r->o);
	section(r, "uncore", "Uncore per package and box");
	count_table(r, false);
	bool any = false;
	for (unsigned i = 0; i < r->rs.n; i++) {
		const struct grec *p = &r->rs.r[i];
		if (strcmp(p->rec, "uncore_probe"))
			continue;
		if (!any)
			fputs("<table class=\"probes\"><thead><tr><th>package</th><th>box</th><th>register</th>"
			      "<th>probe</th></tr></thead><tbody>\n", r->o);
		any = true;
		fprintf(r->o, "<tr><td>%llu</td><td>", (unsigned long long)gnum(p, "package"));
		esc(r->o, gstr(p, "box"));
		fputs("</td><td>", r->o);
		esc(r->o, gstr(p, "reg"));
		fputs("</td><td>", r->o);
		esc(r->o, gstr(p, "result"));
		fputs("</td></tr>\n", r->o);
	}
	fputs(any ? "</tbody></table>\n" : "", r->o);
	fputs("</section>\n", r->o);
}

/* One skew record's round: a bar per CPU from its enabling to its disabling write. */
static void skew_svg(struct report *r, const struct grec *sk)
{
	FILE *o = r->o;
	uint64_t round = gnum(sk, "round"), lo = UINT64_MAX, hi = 0, per_us = gnum(sk, "tsc_per_us");
	unsigned nw = 0;
	for (unsigned i = 0; i < r->rs.n; i++) {
		const struct grec *w = &r->rs.r[i];
		uint64_t on, off;
		if (strcmp(w->rec, "window") || gnum(w, "round") != round || !gu64(w, "tsc_on", &on) ||
		    !gu64(w, "tsc_off", &off))
			continue;
		lo = on < lo ? on : lo;
		hi = off > hi ? off : hi;
		nw++;
	}
	fprintf(o, "<h3>round %llu, kernel ", (unsigned long long)round);
	esc(o, gstr(sk, "kernel"));
	fprintf(o, ": start skew %s ticks, stop skew %s ticks", grouped(gnum(sk, "start_skew_ticks")),
		grouped(gnum(sk, "stop_skew_ticks")));
	if (per_us)
		fprintf(o, " (%llu ticks a microsecond)", (unsigned long long)per_us);
	fputs("</h3>\n", o);
	if (!nw || hi <= lo) {
		fputs("<p>No window records for this round.</p>\n", o);
		return;
	}
	/* past REPORT_ROWS_MAX CPUs, thin bars and no CPU names: each bar's title names it */
	const unsigned W = 640, left = 70, bar = r->big ? 2 : 14, gap = r->big ? 1 : 6;
	unsigned height = nw * (bar + gap) + 24;
	fprintf(o, "<svg class=\"skew\" role=\"img\" width=\"%u\" height=\"%u\" "
		"viewBox=\"0 0 %u %u\" xmlns=\"http://www.w3.org/2000/svg\">\n",
		left + W + 10, height, left + W + 10, height);
	if (r->sim)
		fprintf(o, "<text class=\"simsvg\" x=\"%u\" y=\"12\">SIMULATED</text>\n", left + W - 70);
	unsigned k = 0;
	double span = (double)(hi - lo);
	for (unsigned i = 0; i < r->rs.n; i++) {
		const struct grec *w = &r->rs.r[i];
		uint64_t on, off;
		if (strcmp(w->rec, "window") || gnum(w, "round") != round || !gu64(w, "tsc_on", &on) ||
		    !gu64(w, "tsc_off", &off))
			continue;
		unsigned y = 18 + k++ * (bar + gap);
		double x0 = left + (double)(on - lo) / span * W, x1 = left + (double)(off - lo) / span * W;
		if (!r->big)
			fprintf(o, "<text x=\"0\" y=\"%u\">cpu %llu</text>", y + bar - 3,
				(unsigned long long)gnum(w, "cpu"));
		fprintf(o, "<rect class=\"win\" x=\"%.1f\" y=\"%u\" width=\"%.1f\" height=\"%u\">"
			"<title>cpu %llu: on +%llu, off +%llu ticks</title></rect>",
			x0, y, x1 - x0 < 1 ? 1 : x1 - x0, bar, (unsigned long long)gnum(w, "cpu"),
			(unsigned long long)(on - lo), (unsigned long long)(off - lo));
		fprintf(o, "<line class=\"on\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%u\" y2=\"%u\"/>"
			"<line class=\"off\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%u\" y2=\"%u\"/>\n",
			x0, x0, y - 2, y + bar + 2, x1, x1, y - 2, y + bar + 2);
	}
	fprintf(o, "<text x=\"%u\" y=\"%u\">0</text><text x=\"%u\" y=\"%u\" text-anchor=\"end\">"
		"+%s ticks</text>\n", left, height - 2, left + W, height - 2, grouped(hi - lo));
	fputs("</svg>\n", o);
}

static void sec_skew(struct report *r)
{
	section(r, "skew", "Start and stop skew across CPUs");
	unsigned n = 0;
	for (unsigned i = 0; i < r->rs.n; i++)
		if (!strcmp(r->rs.r[i].rec, "skew")) {
			skew_svg(r, &r->rs.r[i]);
			n++;
		}
	if (!n)
		fputs("<p>No skew records (no measurement window ran).</p>\n", r->o);
	fputs("</section>\n", r->o);
}

static bool zero_text(const char *e, size_t len)
{
	return (len == 3 && !strncmp(e, "0x0", 3)) || (len == 1 && e[0] == '0');
}

/* An array with an element not zero; of [msr, value] pairs (uncore hand-off), a value. */
static bool array_on(const char *arr)
{
	size_t pos = 0, len;
	const char *e;
	bool on = false;
	while (!on && next_elem(arr, &pos, &e, &len)) {
		if (*e != '[') {
			on = !zero_text(e, len);
			continue;
		}
		char *pair = dup_n(e, len);
		size_t p = 0, l, vlen = 0;
		const char *x, *v = NULL;
		while (next_elem(pair, &p, &x, &l)) {
			v = x;
			vlen = l;
		}
		on = v && !zero_text(v, vlen);
		free(pair);
	}
	return on;
}

/* True for a value that says something was on: not 0, 0x0, false, null or all-zero arrays. */
static bool is_on(const struct kv *k)
{
	if (k->type == LV_BOOL)
		return !strcmp(k->val, "true");
	if (k->type == LV_ARRAY)
		return array_on(k->val);
	uint64_t v;
	return k->type != LV_NULL && !(pmu_parse_u64(k->val, strlen(k->val), &v) && !v);
}

/* Keys of a hand-off record that are not registers. */
static bool handoff_skip(const char *key)
{
	return !strcmp(key, "rec") || !strcmp(key, "schema") || !strcmp(key, "simulated") ||
	       !strcmp(key, "cpu") || !strcmp(key, "box") || !strcmp(key, "package");
}

static bool handoff_uncore(const struct grec *h)
{
	const char *box = gstr(h, "box");
	return box && !strcmp(box, "uncore");
}

/* A hand-off record's registers, marked where not zero. */
static void handoff_regs(FILE *o, const struct grec *h)
{
	for (unsigned k = 0; k < h->n; k++) {
		const struct kv *x = &h->kv[k];
		if (handoff_skip(x->key))
			continue;
		fprintf(o, "<span class=\"reg%s\">", is_on(x) ? " on" : "");
		esc(o, x->key);
		fputs("=", o);
		esc(o, x->val);
		fputs("</span> ", o);
	}
}

/* ---------- past REPORT_ROWS_MAX CPUs: per package, and the checks as a heat map ---------- */

/* Each package's CPUs, from the cpu records; big when they are more than REPORT_ROWS_MAX. */
static void find_packages(struct report *r)
{
	unsigned ncpu = 0;
	r->pk_cpus = xcalloc(REPORT_PKGS, sizeof(*r->pk_cpus));
	for (unsigned i = 0; i < r->rs.n; i++) {
		const struct grec *c = &r->rs.r[i];
		uint64_t p = gnum(c, "package"), cpu;
		if (strcmp(c->rec, "cpu") || !gu64(c, "cpu", &cpu))
			continue;
		ncpu++;
		unsigned k = 0;
		while (k < r->npk && r->pk[k] < p)
			k++;
		if ((k == r->npk || r->pk[k] != p) && r->npk < REPORT_PKGS) {
			memmove(&r->pk[k + 1], &r->pk[k], (r->npk - k) * sizeof(r->pk[0]));
			memmove(&r->pk_cpus[k + 1], &r->pk_cpus[k], (r->npk - k) * sizeof(r->pk_cpus[0]));
			cpuset_clear(&r->pk_cpus[k]);
			r->pk[k] = p;
			r->npk++;
		}
		if (k < r->npk && r->pk[k] == p)
			cpuset_add(&r->pk_cpus[k], (unsigned)cpu);
	}
	r->big = ncpu > REPORT_ROWS_MAX;
}

enum { RES_NONE, RES_PASS, RES_OTHER, RES_DISTURBED, RES_FAIL, RES_KINDS };
static const char *const res_class[RES_KINDS] = { "none", "PASS", "SKIP", "DISTURBED", "FAIL" };
static const char *const res_word[RES_KINDS] = { "none", "PASS", "other", "DISTURBED", "FAIL" };

static unsigned res_of(const char *result)
{
	return !strcmp(result, "PASS") ? RES_PASS : !strcmp(result, "FAIL") ? RES_FAIL :
	       !strcmp(result, "DISTURBED") ? RES_DISTURBED : RES_OTHER;
}

/* One cell: what cpu's checks of one column came to, each result counted. */
struct heat_cell {
	uint16_t n[RES_KINDS];
};

static unsigned worst(const struct heat_cell *c)
{
	for (unsigned k = RES_KINDS - 1; k > RES_NONE; k--)
		if (c->n[k])
			return k;
	return RES_NONE;
}

/* Checks past REPORT_ROWS_MAX CPUs: results per package and column, and the heat map. */
static void checks_big(struct report *r, char (*cols)[160], unsigned nc)
{
	FILE *o = r->o;
	const struct runlog *g = &r->g;
	struct heat_cell *cell = xcalloc((size_t)nc * CPUSET_MAX, sizeof(*cell));
	struct heat_cell *sum = xcalloc((size_t)nc * (r->npk + 1), sizeof(*sum));
	bool *of_cpus = xcalloc(nc, sizeof(*of_cpus));   /* a column with a CPU's check */
	for (unsigned n = 0; n < g->nchecks; n++) {
		const struct check *k = &g->checks[n];
		char b[160];
		check_col(k, b, sizeof(b));
		unsigned j = 0, res = res_of(k->result);
		while (strcmp(cols[j], b))
			j++;
		unsigned p = pkg_index(r, k->cpu);
		if (!k->has_cpu)
			for (p = 0; p < r->npk && r->pk[p] != k->package; p++)
				;
		sum[(size_t)j * (r->npk + 1) + p].n[res]++;
		of_cpus[j] |= k->has_cpu;
		if (k->has_cpu && k->cpu < CPUSET_MAX)
			cell[(size_t)j * CPUSET_MAX + k->cpu].n[res]++;
	}
	fputs("<table class=\"pkgsum\"><thead><tr><th>package</th><th>CPUs</th>", o);
	for (unsigned j = 0; j < nc; j++) {
		fputs("<th>", o);
		esc(o, cols[j]);
		fputs("</th>", o);
	}
	fputs("</tr></thead><tbody>\n", o);
	for (unsigned p = 0; p <= r->npk; p++) {
		bool any = false;
		for (unsigned j = 0; j < nc; j++)
			any |= worst(&sum[(size_t)j * (r->npk + 1) + p]) != RES_NONE;
		if (p == r->npk && !any)
			break;   /* every check's package has cpu records */
		if (p < r->npk) {
			fprintf(o, "<tr class=\"pkgsum\"><th>pkg %llu</th><td>",
				(unsigned long long)r->pk[p]);
			put_cpus(o, &r->pk_cpus[p]);
			fprintf(o, " (%u)", cpuset_count(&r->pk_cpus[p]));
		} else {
			fputs("<tr class=\"pkgsum\"><th>no cpu record</th><td>", o);
		}
		fputs("</td>", o);
		for (unsigned j = 0; j < nc; j++) {
			const struct heat_cell *c = &sum[(size_t)j * (r->npk + 1) + p];
			fprintf(o, "<td class=\"chk %s\">%u passed, %u failed, %u disturbed, %u other</td>",
				res_class[worst(c)], c->n[RES_PASS], c->n[RES_FAIL], c->n[RES_DISTURBED],
				c->n[RES_OTHER]);
		}
		fputs("</tr>\n", o);
	}
	fputs("</tbody></table>\n", o);
	/* the heat map: a band per package and column, a cell per CPU in the package's order */
	unsigned most = 1, bands = 0;
	for (unsigned j = 0; j < nc; j++)
		bands += of_cpus[j] ? r->npk : 0;
	for (unsigned p = 0; p < r->npk; p++) {
		unsigned n = cpuset_count(&r->pk_cpus[p]);
		most = n > most ? n : most;
	}
	const unsigned left = 320, ch = 12, gap = 4;
	unsigned cw = 960 / most < 2 ? 2 : 960 / most > 12 ? 12 : 960 / most;
	unsigned width = left + most * cw + 10, height = bands * (ch + gap) + 20;
	fprintf(o, "<p>Each CPU's checks, a cell per CPU (its worst result; grey: no check "
		"record, as for a CPU that did not finish).</p>\n<svg class=\"heat\" role=\"img\" "
		"width=\"%u\" height=\"%u\" viewBox=\"0 0 %u %u\" xmlns=\"http://www.w3.org/2000/svg\">\n",
		width, height, width, height);
	if (r->sim)
		fprintf(o, "<text class=\"simsvg\" x=\"%u\" y=\"10\">SIMULATED</text>\n", width - 90);
	unsigned y = 16;
	for (unsigned j = 0; j < nc; j++) {
		for (unsigned p = 0; p < r->npk && of_cpus[j]; p++, y += ch + gap) {
			fprintf(o, "<text x=\"0\" y=\"%u\">pkg %llu: ", y + ch - 2,
				(unsigned long long)r->pk[p]);
			xml_esc_n(o, cols[j], 48);
			fputs("</text>", o);
			unsigned x = 0;
			for (unsigned cpu = 0; cpu < CPUSET_MAX; cpu++) {
				if (!cpuset_has(&r->pk_cpus[p], cpu))
					continue;
				const struct heat_cell *c = &cell[(size_t)j * CPUSET_MAX + cpu];
				unsigned w = worst(c);
				fprintf(o, "<rect class=\"hm %s\" x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\">"
					"<title>cpu %u: ", res_class[w], left + x++ * cw, y, cw, ch, cpu);
				esc(o, cols[j]);
				if (w == RES_NONE)
					fputs(": no check record", o);
				for (unsigned k = RES_PASS; k < RES_KINDS; k++)
					if (c->n[k])
						fprintf(o, ": %u %s", c->n[k], res_word[k]);
				fputs("</title></rect>", o);
			}
			fputc('\n', o);
		}
	}
	fputs("</svg>\n", o);
	free(cell);
	free(sum);
	free(of_cpus);
}

/* A statistic over the CPUs of one package: values gathered, then min / median / max. */
struct pkg_stat {
	char key[160];          /* what the row is of */
	unsigned pkg;           /* index in r->pk */
	struct cpuset cpus;
	uint64_t *v;
	unsigned n;
	const struct count *first;
	bool same_ctl, overflowed;
};

/* The row of key in package p (made when new; at most cap rows, each up to cap_v values). */
static struct pkg_stat *stat_row(struct pkg_stat *rows, unsigned *n, unsigned cap, unsigned cap_v,
				 const char *key, unsigned p)
{
	for (unsigned i = 0; i < *n; i++)
		if (rows[i].pkg == p && !strcmp(rows[i].key, key))
			return &rows[i];
	if (*n == cap)
		die("report: more rows than values");
	struct pkg_stat *s = &rows[(*n)++];
	snprintf(s->key, sizeof(s->key), "%s", key);
	s->pkg = p;
	s->v = xcalloc(cap_v, sizeof(*s->v));
	s->same_ctl = true;
	cpuset_clear(&s->cpus);
	return s;
}

static void free_stats(struct pkg_stat *rows, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		free(rows[i].v);
	free(rows);
}

/* "pkg 0" and its CPUs' count and numbers, as two cells. */
static void pkg_cells(struct report *r, const struct pkg_stat *s)
{
	if (s->pkg < r->npk)
		fprintf(r->o, "<td>pkg %llu</td>", (unsigned long long)r->pk[s->pkg]);
	else
		fputs("<td>no cpu record</td>", r->o);
	fputs("<td>", r->o);
	put_cpus(r->o, &s->cpus);
	fprintf(r->o, " (%u)</td>", cpuset_count(&s->cpus));
}

/* Core counts past REPORT_ROWS_MAX CPUs: per package, kernel and event, over its CPUs' medians. */
static void counts_big(struct report *r)
{
	FILE *o = r->o;
	unsigned ns, nrows = 0;
	struct series *s = make_series(&r->g, &ns);
	struct pkg_stat *rows = xcalloc(ns + 1, sizeof(*rows));
	for (unsigned j = 0; j < ns; j++) {
		const struct count *c = s[j].first;
		char key[160];
		if (strcmp(c->box, "core"))
			continue;
		snprintf(key, sizeof(key), "%s\n%s", c->kernel, c->event);
		struct pkg_stat *t = stat_row(rows, &nrows, ns, ns, key, pkg_index(r, c->cpu));
		if (!t->n)
			t->first = c;
		t->same_ctl &= regname_eq(&c->ctl, &t->first->ctl) &&
			       c->ctl_value == t->first->ctl_value;
		t->overflowed |= s[j].overflowed;
		t->v[t->n++] = s[j].st.median;
		if (c->cpu < CPUSET_MAX)
			cpuset_add(&t->cpus, (unsigned)c->cpu);
	}
	if (!nrows)
		fputs("<p>No core count records.</p>\n", o);
	else
		fputs("<p>Per package: each CPU's median over its repeats, then the least, the median "
		      "and the most of those over the package's CPUs.</p>\n<table class=\"counts\">"
		      "<thead><tr><th>package</th><th>CPUs</th><th>kernel</th><th>event</th><th>min</th>"
		      "<th>median</th><th>max</th><th>control</th></tr></thead><tbody>\n", o);
	for (unsigned i = 0; i < nrows; i++) {
		struct pkg_stat *t = &rows[i];
		struct stats_u64 st;
		stats_compute(t->v, t->n, &st);
		fprintf(o, "<tr class=\"countpkg%s\">", t->overflowed ? " overflowed" : "");
		pkg_cells(r, t);
		fputs("<td>", o);
		esc(o, t->first->kernel);
		fputs("</td><td>", o);
		esc(o, t->first->event);
		fprintf(o, "</td><td class=\"num\">%s</td><td class=\"num\">%s</td>"
			"<td class=\"num\">%s</td><td>", grouped(st.min), grouped(st.median),
			grouped(st.max));
		if (t->same_ctl) {
			ctl_code(o, t->first);
			decoded_ctl(r, t->first);
		} else {
			fputs("differs between CPUs", o);
		}
		fputs("</td></tr>\n", o);
	}
	fputs(nrows ? "</tbody></table>\n" : "", o);
	free_stats(rows, nrows);
	free_series(s, ns);
}

/* The core hand-offs past REPORT_ROWS_MAX CPUs: one row per content, with its CPUs. */
static void handoff_groups(struct report *r)
{
	FILE *o = r->o;
	unsigned n = 0;
	char **key = xcalloc(r->rs.n + 1, sizeof(*key));
	const struct grec **first = xcalloc(r->rs.n + 1, sizeof(*first));
	struct cpuset *cpus = xcalloc(r->rs.n + 1, sizeof(*cpus));
	for (unsigned i = 0; i < r->rs.n; i++) {
		const struct grec *h = &r->rs.r[i];
		if (strcmp(h->rec, "handoff") || handoff_uncore(h))
			continue;
		size_t len = 1;
		for (unsigned k = 0; k < h->n; k++)
			len += strlen(h->kv[k].key) + strlen(h->kv[k].val) + 2;
		char *t = xcalloc(len, 1), *e = t;
		for (unsigned k = 0; k < h->n; k++)
			if (!handoff_skip(h->kv[k].key))
				e += sprintf(e, "%s=%s\n", h->kv[k].key, h->kv[k].val);
		unsigned j = 0;
		while (j < n && strcmp(key[j], t))
			j++;
		if (j == n) {
			key[n] = t;
			first[n++] = h;
		} else {
			free(t);
		}
		cpuset_add(&cpus[j], (unsigned)gnum(h, "cpu"));
	}
	for (unsigned j = 0; j < n; j++) {
		fputs("<tr><th>cpus ", o);
		put_cpus(o, &cpus[j]);
		fputs("</th><td>", o);
		handoff_regs(o, first[j]);
		fputs("</td></tr>\n", o);
		free(key[j]);
	}
	free(key);
	free(first);
	free(cpus);
}

/* The CPUs' derived metrics past REPORT_ROWS_MAX CPUs: per package, kernel and metric. */
static void derived_big(struct report *r)
{
	FILE *o = r->o;
	unsigned nrows = 0, cap = 0;
	for (unsigned i = 0; i < r->rs.n; i++)
		cap += !strcmp(r->rs.r[i].rec, "derived");
	cap *= DM_COUNT;   /* the most metrics a record holds */
	struct pkg_stat *rows = xcalloc(cap + 1, sizeof(*rows));
	for (unsigned i = 0; i < r->rs.n; i++) {
		const struct grec *d = &r->rs.r[i];
		const char *m = gstr(d, "metrics");
		uint64_t cpu;
		if (strcmp(d->rec, "derived") || !m || !gu64(d, "cpu", &cpu))
			continue;
		size_t pos = 0, len;
		const char *e;
		while (next_elem(m, &pos, &e, &len)) {
			struct logrec_view v;
			char name[64] = "", unit[16] = "", key[160];
			uint64_t milli = 0;
			if (logread_line(e, len, &v) || logread_get_str(&v, "name", name, sizeof(name)) ||
			    logread_get_u64(&v, "milli", &milli))
				continue;
			logread_get_str(&v, "unit", unit, sizeof(unit));
			snprintf(key, sizeof(key), "%s\n%s\n%s", gstr(d, "kernel") ? gstr(d, "kernel") : "",
				 name, unit);
			struct pkg_stat *t = stat_row(rows, &nrows, cap, cap, key, pkg_index(r, cpu));
			t->v[t->n++] = milli;
			if (cpu < CPUSET_MAX)
				cpuset_add(&t->cpus, (unsigned)cpu);
		}
	}
	fputs(nrows ? "" : "<p>No derived records of CPUs.</p>\n", o);
	if (nrows)
		fputs("<p>Per package, over its CPUs.</p>\n<table class=\"derived\"><thead><tr>"
		      "<th>package</th><th>CPUs</th><th>kernel</th><th>metric</th><th>min</th>"
		      "<th>median</th><th>max</th></tr></thead><tbody>\n", o);
	for (unsigned i = 0; i < nrows; i++) {
		struct pkg_stat *t = &rows[i];
		struct stats_u64 st;
		char *kernel = t->key, *name = strchr(kernel, '\n') + 1, *unit = strchr(name, '\n') + 1;
		name[-1] = unit[-1] = 0;
		stats_compute(t->v, t->n, &st);
		fputs("<tr class=\"derivedpkg\">", o);
		pkg_cells(r, t);
		fputs("<td>", o);
		esc(o, kernel);
		fputs("</td><td>", o);
		esc(o, name);
		fputs("</td>", o);
		const uint64_t v3[3] = { st.min, st.median, st.max };
		for (unsigned k = 0; k < 3; k++) {
			fprintf(o, "<td class=\"num\">%llu.%03llu ", (unsigned long long)(v3[k] / 1000),
				(unsigned long long)(v3[k] % 1000));
			esc(o, unit);
			fputs("</td>", o);
		}
		fputs("</tr>\n", o);
	}
	fputs(nrows ? "</tbody></table>\n" : "", o);
	free_stats(rows, nrows);
}

static void sec_handoff(struct report *r)
{
	FILE *o = r->o;
	section(r, "handoff", "What firmware left running at hand-off");
	fprintf(o, "<p>Each hand-off record's registers as firmware left them%s; values that are "
		"not zero are marked.</p>\n<table class=\"handoff\"><tbody>\n",
		r->big ? " (CPUs whose records agree in one row)" : "");
	unsigned n = 0;
	for (unsigned i = 0; i < r->rs.n; i++) {
		const struct grec *h = &r->rs.r[i];
		if (strcmp(h->rec, "handoff"))
			continue;
		n++;
		bool unc = handoff_uncore(h);
		if (r->big && !unc)
			continue;   /* handoff_groups' */
		fprintf(o, "<tr><th>%s %llu</th><td>", unc ? "uncore pkg" : "cpu",
			(unsigned long long)gnum(h, unc ? "package" : "cpu"));
		handoff_regs(o, h);
		fputs("</td></tr>\n", o);
	}
	if (r->big)
		handoff_groups(r);
	fputs("</tbody></table>\n", o);
	if (!n)
		fputs("<p>No hand-off records.</p>\n", o);
	fputs("</section>\n", o);
}

static void sec_derived(struct report *r)
{
	FILE *o = r->o;
	section(r, "derived", "Derived metrics and top-down");
	unsigned n = 0, td = 0;
	for (unsigned i = 0; i < r->rs.n; i++) {
		const struct grec *d = &r->rs.r[i];
		const char *m = gstr(d, "metrics");
		if (strcmp(d->rec, "derived") || !m || (r->big && gstr(d, "cpu")))
			continue;   /* past REPORT_ROWS_MAX CPUs, derived_big's */
		if (!n++)
			fputs("<table class=\"derived\"><thead><tr><th>where</th><th>kernel</th>"
			      "<th>metric</th><th>value</th></tr></thead><tbody>\n", o);
		size_t pos = 0, len;
		const char *e;
		while (next_elem(m, &pos, &e, &len)) {
			struct logrec_view v;
			char name[64] = "", unit[16] = "";
			uint64_t milli = 0;
			if (logread_line(e, len, &v) || logread_get_str(&v, "name", name, sizeof(name)) ||
			    logread_get_u64(&v, "milli", &milli))
				continue;
			logread_get_str(&v, "unit", unit, sizeof(unit));
			bool topdown = !strcmp(name, "retiring") || !strcmp(name, "bad speculation") ||
				       !strcmp(name, "front-end bound") || !strcmp(name, "back-end bound");
			td += topdown;
			fprintf(o, "<tr%s><td>%s %llu</td><td>", topdown ? " class=\"topdown\"" : "",
				gstr(d, "cpu") ? "cpu" : "pkg",
				(unsigned long long)gnum(d, gstr(d, "cpu") ? "cpu" : "package"));
			esc(o, gstr(d, "kernel"));
			fputs("</td><td>", o);
			esc(o, name);
			fprintf(o, "</td><td class=\"num\">%llu.%03llu ", (unsigned long long)(milli / 1000),
				(unsigned long long)(milli % 1000));
			esc(o, unit);
			fputs("</td></tr>\n", o);
		}
	}
	fputs(n ? "</tbody></table>\n" : r->big ? "" : "<p>No derived records.</p>\n", o);
	if (r->big)
		derived_big(r);
	fprintf(o, "<p>Top-down (level 1): %s</p>\n",
		td ? "measured (rows marked above)" : "not measured in this run (needs TOPDOWN.SLOTS "
		"and PERF_METRICS)");
	fputs("</section>\n", o);
}

/* ---------- with --base: compare's rows ---------- */

struct diff_ctx {
	FILE *o;
	const struct runlog *a, *b;
	unsigned rows;
};

static void diff_row(void *ctx, const struct cmp_row *row)
{
	struct diff_ctx *d = ctx;
	FILE *o = d->o;
	static const char *const kinds[] = {
		[CMP_COUNT_MISSING] = "missing", [CMP_COUNT_MOVED] = "moved",
		[CMP_COUNT_ADDED] = "added", [CMP_CHECK_MISSING] = "check-missing",
		[CMP_CHECK_CHANGED] = "check", [CMP_VERDICT] = "verdict",
	};
	char what[256], base[64] = "", now[64] = "", chg[48] = "";
	const struct count *c = row->a ? row->a->first : row->b ? row->b->first : NULL;
	switch (row->kind) {
	case CMP_COUNT_MISSING:
	case CMP_COUNT_MOVED:
	case CMP_COUNT_ADDED:
		snprintf(what, sizeof(what), "%s %s", where(c), c->event);
		if (row->a)
			snprintf(base, sizeof(base), "%s", grouped(row->a->st.median));
		snprintf(now, sizeof(now), "%s", row->b ? grouped(row->b->st.median) : "missing");
		if (row->kind == CMP_COUNT_MOVED)
			snprintf(chg, sizeof(chg), "%s", change(row->a->st.median, row->b->st.median));
		break;
	case CMP_CHECK_MISSING:
	case CMP_CHECK_CHANGED:
		snprintf(what, sizeof(what), "%s", check_label(row->x));
		snprintf(base, sizeof(base), "%s", row->x->result);
		snprintf(now, sizeof(now), "%s", row->y ? row->y->result : "missing");
		break;
	case CMP_VERDICT:
		snprintf(what, sizeof(what), "verdict");
		snprintf(base, sizeof(base), "%s", d->a->verdict);
		snprintf(now, sizeof(now), "%s", d->b->have_verdict ? d->b->verdict : "none");
		break;
	}
	bool pass_fail = row->kind == CMP_CHECK_CHANGED && row->regressed;
	fprintf(o, "<tr class=\"diff d-%s%s%s\"><td>%s</td><td>", kinds[row->kind],
		row->regressed ? " regressed" : "", pass_fail ? " passfail" : "", kinds[row->kind]);
	esc(o, what);
	fputs("</td><td class=\"num\">", o);
	esc(o, base);
	fputs("</td><td class=\"num\">", o);
	esc(o, now);
	fputs("</td><td class=\"num\">", o);
	esc(o, chg);
	/* compare's mark: MOVED for a count beyond the tolerance (a regression too) */
	fprintf(o, "</td><td>%s</td></tr>\n", row->kind == CMP_COUNT_MOVED ? "MOVED" :
		row->regressed ? "REGRESSED" : "");
	d->rows++;
}

static void sec_diff(struct report *r, const char *base_path, uint64_t tol)
{
	FILE *o = r->o;
	struct runlog b;
	load(&b, base_path);
	section(r, "diff", "Against the base run");
	fputs("<p>Base: ", o);
	esc(o, base_path);
	fputs(b.header_sim ? " (SIMULATED)" : "", o);
	fprintf(o, "; tolerance %llu.%03llu %% on the median of each count (the rules of "
		"<code>efipmu-host compare</code>).</p>\n", (unsigned long long)(tol / 1000),
		(unsigned long long)(tol % 1000));
	fputs("<table class=\"diffs\"><thead><tr><th>kind</th><th>what</th><th>base</th><th>new</th>"
	      "<th>change</th><th></th></tr></thead><tbody>\n", o);
	struct diff_ctx d = { o, &b, &r->g, 0 };
	struct tally t;
	compare_runs(&b, &r->g, tol, &t, diff_row, &d);
	fputs("</tbody></table>\n", o);
	fprintf(o, "<p class=\"diffsum\">%u counts compared: %u moved, %u missing in new, %u only in "
		"new; %u checks compared: %u PASS &#8594; FAIL, %u FAIL &#8594; PASS, %u missing in new. "
		"Result: %s</p>\n", t.counts, t.moved, t.missing, t.added, t.checks, t.regressed_checks,
		t.fixed_checks, t.missing_checks, t.regressions ? "REGRESSED" : "no regression");
	fputs("</section>\n", o);
	unload(&b);
}

static const char style[] =
	"body{font:14px/1.4 sans-serif;margin:1em 2em;color:#111}"
	"h1{font-size:20px}h2{font-size:17px;border-bottom:1px solid #999;margin-top:1.5em}"
	"h3{font-size:14px}table{border-collapse:collapse;margin:.5em 0}"
	"td,th{border:1px solid #bbb;padding:2px 6px;vertical-align:top;text-align:left}"
	".num{text-align:right;font-variant-numeric:tabular-nums}"
	".sim{background:#fde68a;border:2px dashed #b45309;padding:4px 8px;font-weight:bold}"
	".simsvg{fill:#b45309;font-weight:bold}"
	".verdict{font-size:22px;font-weight:bold;display:inline-block;padding:4px 12px}"
	".v-PASS{background:#bbf7d0}.v-FAIL,.v-ERROR{background:#fecaca}"
	".v-DISTURBED{background:#fed7aa}.v-NO-PMU{background:#e5e7eb}"
	".chk{padding:2px 4px;margin:1px;font-size:12px}.chk.PASS{background:#bbf7d0}"
	".chk.FAIL{background:#f87171;color:#000}.chk.DISTURBED{background:#fdba74}"
	".chk.SKIP{background:#e5e7eb}.absent{color:#92400e;font-style:italic}"
	".reg.on{background:#fecaca;font-weight:bold}.reg{font-family:monospace;margin-right:.6em}"
	"svg text{font:11px sans-serif}rect.win{fill:#60a5fa}line.on{stroke:#15803d;stroke-width:2}"
	"line.off{stroke:#b91c1c;stroke-width:2}tr.regressed{background:#fecaca}"
	"tr.passfail{background:#f87171;font-weight:bold}tr.topdown{background:#e0f2fe}"
	".scroll{overflow-x:auto}code{font-size:12px}rect.hm.PASS{fill:#22c55e}"
	"rect.hm.FAIL{fill:#dc2626}rect.hm.DISTURBED{fill:#f97316}rect.hm.SKIP{fill:#6b7280}"
	"rect.hm.none{fill:#d1d5db}";

void report_write(FILE *o, const struct report_args *a)
{
	struct report r = { .o = o, .board = a->board };
	const char *path = a->path;
	const struct load_hooks h = { .record = keep_record, .ctx = &r.rs };
	load_with(&r.g, path, &h);
	r.sim = r.g.header_sim || r.g.verdict_sim;
	for (unsigned i = 0; i < r.g.ncounts && !r.sim; i++)
		r.sim = r.g.counts[i].sim;
	find_packages(&r);
	const struct grec *c0 = first_rec(&r, "cpu");
	const char *fam = c0 ? gstr(c0, "uncore_family") : NULL;
	for (unsigned u = UNCORE_NONE; fam && u <= UNCORE_UNCONFIRMED; u++)
		if (!strcmp(fam, uncore_family_name((enum uncore_family)u)))
			r.fam = (enum uncore_family)u;
	(void)box_set_family(&r.boxes, r.fam, &host_box_alloc);
	/* No script runs: the policy forbids it even if an escape were ever missed. */
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	      "style-src 'unsafe-inline'\">\n<title>", o);
	fputs(r.sim ? "[SIMULATED] " : "", o);
	fputs("efipmu run ", o);
	esc(o, r.g.have_verdict ? r.g.verdict : "(no verdict)");
	fputs("</title>\n<style>", o);
	fputs(style, o);
	fputs("</style></head><body>\n<h1>", o);
	fputs(r.sim ? "[SIMULATED] " : "", o);
	fputs("efipmu run: ", o);
	esc(o, a->label);
	fputs("</h1>\n", o);
	sec_verdict(&r);
	sec_machine(&r);
	if (a->base)
		sec_diff(&r, a->base, a->tol);
	sec_checks(&r);
	sec_counts(&r);
	sec_skew(&r);
	sec_handoff(&r);
	sec_derived(&r);
	fputs("<footer><p>Made by efipmu-host report from the log above; no script, no external "
	      "file.</p></footer>\n</body></html>\n", o);
	free_records(&r.rs);
	free(r.pk_cpus);
	box_set_fini(&r.boxes);
	unload(&r.g);
}

int cmd_report(int argc, char **argv)
{
	const char *log = NULL, *base = NULL, *out = NULL;
	uint64_t tol = DEFAULT_TOLERANCE_MILLI;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--base") && strcmp(a, "-o") && strcmp(a, "--tolerance")) {
			if (log)
				die("report takes one log (and --base BASE)");
			log = a;
			continue;
		}
		if (++i >= argc)
			die("%s needs a value", a);
		if (!strcmp(a, "--base"))
			base = argv[i];
		else if (!strcmp(a, "-o"))
			out = argv[i];
		else
			tol = parse_percent(argv[i]);
	}
	if (!log || !out)
		die("report needs LOG.jsonl and -o FILE.html");
	char tmp[4096];
	FILE *o = open_part(out, tmp, sizeof(tmp));
	const struct report_args args = { .path = log, .label = log, .base = base, .tol = tol };
	report_write(o, &args);
	close_part(o, tmp, out);
	return 0;
}
