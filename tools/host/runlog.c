/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* efipmu-host: a log's records read into a struct runlog, and its counts grouped in series. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "out/logread.h"
#include "out/logrec.h"
#include "out/logupgrade.h"
#include "runlog.h"

struct rec_ctx {
	const char *path;
	unsigned line;
	const struct logrec_view *v;
};

static void need(const struct rec_ctx *c, pmu_status st, const char *key)
{
	if (st)
		die("%s:%u: key '%s': %s", c->path, c->line, key, pmu_status_str(st));
}

/* Optional keys: absent is fine, present with a bad value is not. */
static void opt_u64(const struct rec_ctx *c, const char *key, uint64_t *out)
{
	pmu_status st = logread_get_u64(c->v, key, out);
	if (st != PMU_ERR_NOT_FOUND)
		need(c, st, key);
}

/* A register by its name: "msr 0x186", "pci 0000:7f:10.4+0xd8", "mmio 0xc0022840". */
static void opt_reg(const struct rec_ctx *c, const char *key, struct regname *out)
{
	pmu_status st = logread_get_reg(c->v, key, out);
	if (st != PMU_ERR_NOT_FOUND)
		need(c, st, key);
}

static void opt_str(const struct rec_ctx *c, const char *key, char *buf, size_t cap)
{
	pmu_status st = logread_get_str(c->v, key, buf, cap);
	if (st == PMU_ERR_NOSPACE)
		return;   /* kept truncated */
	if (st != PMU_ERR_NOT_FOUND)
		need(c, st, key);
}

static void opt_bool(const struct rec_ctx *c, const char *key, bool *out)
{
	pmu_status st = logread_get_bool(c->v, key, out);
	if (st != PMU_ERR_NOT_FOUND)
		need(c, st, key);
}

/* "event=0x4 umask=0x3 en=1": the fields of the record's ctl_fields that are not zero. */
static void ctl_fields(const struct rec_ctx *c, char *buf, size_t cap)
{
	static struct logrec_view o;
	size_t n = 0;
	buf[0] = 0;
	if (logread_get_obj(c->v, "ctl_fields", &o))
		return;
	for (unsigned i = 0; i < o.n && n < cap; i++) {
		const struct logval *f = &o.v[i];
		if (f->type != LV_NUMBER || !f->is_u64 || !f->u)
			continue;
		n += (size_t)snprintf(buf + n, cap - n, f->u > 1 ? "%s%.*s=0x%llx" : "%s%.*s=%llu",
				      n ? " " : "", (int)f->key_len, f->key, (unsigned long long)f->u);
	}
}

static void read_count(struct runlog *g, const struct rec_ctx *c)
{
	g->counts = xgrow(g->counts, &g->cap_counts, g->ncounts, sizeof(*g->counts));
	struct count *k = &g->counts[g->ncounts++];
	memset(k, 0, sizeof(*k));
	need(c, logread_get_u64(c->v, "cpu", &k->cpu), "cpu");
	need(c, logread_get_u64(c->v, "delta", &k->delta), "delta");
	need(c, logread_get_str(c->v, "event", k->event, sizeof(k->event)), "event");
	strcpy(k->box, "core");
	opt_str(c, "box", k->box, sizeof(k->box));
	opt_str(c, "counter_kind", k->kind, sizeof(k->kind));
	opt_str(c, "kernel", k->kernel, sizeof(k->kernel));
	opt_u64(c, "apic_id", &k->apic_id);
	opt_u64(c, "package", &k->package);
	k->has_ccx = logread_find(c->v, "ccx") != NULL;
	opt_u64(c, "ccx", &k->ccx);
	k->has_die = logread_find(c->v, "die") != NULL;
	opt_u64(c, "die", &k->die);
	opt_u64(c, "counter", &k->counter);
	opt_reg(c, "ctl", &k->ctl);
	opt_u64(c, "ctl_value", &k->ctl_value);
	ctl_fields(c, k->ctl_fields, sizeof(k->ctl_fields));
	opt_reg(c, "ctr", &k->ctr);
	opt_u64(c, "start", &k->start);
	opt_u64(c, "end", &k->end);
	opt_u64(c, "repeat", &k->repeat);
	opt_u64(c, "tsc_ticks", &k->tsc_ticks);
	opt_bool(c, "overflowed", &k->overflowed);
	k->sim = logread_simulated(c->v);
}

static void read_check(struct runlog *g, const struct rec_ctx *c)
{
	g->checks = xgrow(g->checks, &g->cap_checks, g->nchecks, sizeof(*g->checks));
	struct check *k = &g->checks[g->nchecks++];
	memset(k, 0, sizeof(*k));
	/* a kernel check names its CPU, a selftest check of an uncore box its package */
	k->has_cpu = logread_find(c->v, "cpu") != NULL;
	need(c, logread_get_u64(c->v, k->has_cpu ? "cpu" : "package",
				k->has_cpu ? &k->cpu : &k->package), k->has_cpu ? "cpu" : "package");
	need(c, logread_get_str(c->v, "check", k->check, sizeof(k->check)), "check");
	need(c, logread_get_str(c->v, "result", k->result, sizeof(k->result)), "result");
	opt_str(c, "kernel", k->kernel, sizeof(k->kernel));
	k->has_expected = logread_find(c->v, "expected") != NULL;
	k->has_min = logread_find(c->v, "expected_min") != NULL;
	k->has_max = logread_find(c->v, "expected_max") != NULL;
	k->has_measured = logread_find(c->v, "measured") != NULL;
	opt_u64(c, "expected", &k->expected);
	opt_u64(c, "expected_min", &k->expected_min);
	opt_u64(c, "expected_max", &k->expected_max);
	opt_u64(c, "measured", &k->measured);
	opt_str(c, "reason", k->reason, sizeof(k->reason));
	/* a waived check's reason is the erratum or the lab's waiver that explains it */
	if (!strcmp(k->result, "WAIVED"))
		opt_str(c, "waiver", k->reason, sizeof(k->reason));
	k->sim = logread_simulated(c->v);
}

static void read_header(struct runlog *g, const struct rec_ctx *c)
{
	g->have_header = true;
	g->header_sim = logread_simulated(c->v);
	opt_str(c, "tool", g->tool, sizeof(g->tool));
	opt_str(c, "version", g->version, sizeof(g->version));
	opt_str(c, "backend", g->backend, sizeof(g->backend));
	opt_str(c, "time", g->time, sizeof(g->time));
	opt_str(c, "firmware_vendor", g->fw_vendor, sizeof(g->fw_vendor));
	opt_str(c, "firmware_revision", g->fw_revision, sizeof(g->fw_revision));
	opt_str(c, "cmdline", g->cmdline, sizeof(g->cmdline));
	opt_str(c, "options", g->options, sizeof(g->options));
	opt_u64(c, "cpus_found", &g->cpus_found);
	opt_u64(c, "cpus_enabled", &g->cpus_enabled);
	opt_u64(c, "tsc_hz", &g->tsc_hz);
}

static void read_verdict(struct runlog *g, const struct rec_ctx *c)
{
	g->have_verdict = true;
	g->verdict_sim = logread_simulated(c->v);
	need(c, logread_get_str(c->v, "verdict", g->verdict, sizeof(g->verdict)), "verdict");
	opt_str(c, "reason", g->reason, sizeof(g->reason));
	opt_u64(c, "cpus_ran", &g->cpus_ran);
	opt_u64(c, "cpus_missing", &g->cpus_missing);
	opt_u64(c, "cpus_with_core_pmu", &g->cpus_with_pmu);
}

static void read_record(struct runlog *g, const struct rec_ctx *c, const struct load_hooks *h)
{
	uint64_t schema;
	if (!logread_find(c->v, "rec"))
		die("%s:%u: record without \"rec\"", c->path, c->line);
	need(c, logread_get_u64(c->v, "schema", &schema), "schema");
	if (schema != LOG_SCHEMA_VERSION)   /* schema 1's records were read as schema 2's */
		die("%s:%u: schema %llu, this tool reads schemas 1 and %d", c->path, c->line,
		    (unsigned long long)schema, LOG_SCHEMA_VERSION);
	if (logread_str_is(c->v, "rec", "count"))
		read_count(g, c);
	else if (logread_str_is(c->v, "rec", "check"))
		read_check(g, c);
	else if (logread_str_is(c->v, "rec", "header"))
		read_header(g, c);
	else if (logread_str_is(c->v, "rec", "verdict"))
		read_verdict(g, c);
	else if (logread_str_is(c->v, "rec", "machine"))
		ident_from_platform(c->v, &g->id);
	/* cpu, handoff and records of later versions: not summarised, given to the hook */
	if (h && h->record)
		h->record(h->ctx, c->v, c->line);
}

void load(struct runlog *g, const char *path)
{
	load_with(g, path, NULL);
}

/* One line as schema 2: line itself, or its upgrade in *up (grown as it needs). */
static const char *line_as_schema2(const char *line, size_t *len, struct log_upgrade *w,
				   char **up, size_t *cap)
{
	struct strbuf sb;
	if (*cap < LOG_UPGRADE_ROOM(*len)) {
		free(*up);
		*cap = LOG_UPGRADE_ROOM(*len);
		*up = xcalloc(1, *cap);
	}
	sb_init(&sb, *up, *cap);
	if (!log_upgrade(line, *len, w, &sb))
		return line;
	*len = sb.len;
	return *up;
}

char *log_as_schema2(const char *text, size_t len, size_t *out_len)
{
	struct log_upgrade *w = xcalloc(1, sizeof(*w));
	char *up = NULL, *out = NULL;
	size_t cap = 0, used = 0, room = 0;
	bool any = false;
	for (size_t pos = 0; pos < len;) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t step = nl ? (size_t)(nl - text - pos) + 1 : len - pos, n = step;
		const char *l = line_as_schema2(text + pos, &n, w, &up, &cap);
		any |= l != text + pos;
		if (used + n + 2 > room) {
			room = 2 * (used + n) + 2;
			out = realloc(out, room);
			if (!out)
				die("out of memory");
		}
		memcpy(out + used, l, n);
		used += n;
		if (l != text + pos)
			out[used++] = '\n';   /* the upgrade is the record alone */
		pos += step;
	}
	free(up);
	free(w);
	if (!any) {
		free(out);
		return NULL;
	}
	out[used] = 0;
	*out_len = used;
	return out;
}

void load_with(struct runlog *g, const char *path, const struct load_hooks *h)
{
	FILE *f = fopen(path, "r");
	if (!f)
		die("cannot open %s", path);
	memset(g, 0, sizeof(*g));
	g->path = path;
	ident_init(&g->id);
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	struct logrec_view *v = xcalloc(1, sizeof(*v));
	struct log_upgrade *w = xcalloc(1, sizeof(*w));
	char *up = NULL;
	size_t up_cap = 0;
	struct rec_ctx c = { .path = path, .v = v };
	while ((len = getline(&line, &cap, f)) >= 0) {
		c.line++;
		bool complete = len > 0 && line[len - 1] == '\n';
		size_t n = (size_t)len;
		const char *rec = line_as_schema2(line, &n, w, &up, &up_cap);
		pmu_status st = logread_line(rec, n, v);
		if (st == PMU_OK) {
			read_record(g, &c, h);
			continue;
		}
		if (!strcmp(v->err, "empty line"))
			continue;
		if (!complete && fgetc(f) == EOF) {
			if (h && h->strict)
				die("%s:%u: the last line is cut off (%s)", path, c.line, v->err);
			fprintf(stderr, "efipmu-host: %s:%u: skipped the cut-off last line (%s)\n", path,
				c.line, v->err);
			break;
		}
		die("%s:%u: malformed record: %s at column %zu", path, c.line, v->err, v->err_pos + 1);
	}
	free(v);
	free(w);
	free(up);
	free(line);
	fclose(f);
	if (!g->have_header && !g->ncounts && !g->nchecks && !g->have_verdict)
		die("%s: no efipmu records", path);
}

void unload(struct runlog *g)
{
	free(g->counts);
	free(g->checks);
}

/* A string of an object, "" when absent or not a string; kept truncated when too long. */
static void sub_str(const struct logrec_view *o, const char *key, char *buf, size_t cap)
{
	pmu_status st = logread_get_str(o, key, buf, cap);
	if (st && st != PMU_ERR_NOSPACE)
		buf[0] = 0;
}

/*
 * The objects of a JSON array's text (validated by logread_line), one at a time: the next
 * object from *pos, its text in [*start, *start + *n). False after the last.
 */
static bool next_object(const char *raw, size_t len, size_t *pos, const char **start, size_t *n)
{
	size_t i = *pos;
	while (i < len && raw[i] != '{')
		i++;
	if (i == len)
		return false;
	unsigned depth = 0;
	bool in_str = false;
	for (size_t j = i; j < len; j++) {
		char ch = raw[j];
		if (in_str) {
			if (ch == '\\')
				j++;
			else if (ch == '"')
				in_str = false;
		} else if (ch == '"') {
			in_str = true;
		} else if (ch == '{') {
			depth++;
		} else if (ch == '}' && !--depth) {
			*start = raw + i;
			*n = j + 1 - i;
			*pos = j + 1;
			return true;
		}
	}
	return false;
}

/* SMBIOS type 4: the part number of the first populated socket, else its version string. */
static void socket_part(const struct logval *sockets, char *buf, size_t cap)
{
	static struct logrec_view s;
	const char *p;
	size_t pos = 0, n;
	while (sockets && sockets->type == LV_ARRAY &&
	       next_object(sockets->raw, sockets->raw_len, &pos, &p, &n)) {
		bool populated = false;
		if (logread_line(p, n, &s) || (logread_get_bool(&s, "populated", &populated), !populated))
			continue;
		sub_str(&s, "part", buf, cap);
		if (!buf[0])
			sub_str(&s, "version", buf, cap);
		return;
	}
}

void ident_init(struct machine_ident *id)
{
	memset(id, 0, sizeof(*id));
	snprintf(id->why_not, sizeof(id->why_not), "no capture in the log (capture = off)");
}

void ident_from_platform(const struct logrec_view *v, struct machine_ident *id)
{
	static struct logrec_view sm, o;
	if (!logread_str_is(v, "scope", "platform"))
		return;
	memset(id, 0, sizeof(*id));
	if (logread_get_obj(v, "smbios", &sm)) {
		snprintf(id->why_not, sizeof(id->why_not), "no SMBIOS in the capture");
		sub_str(v, "smbios_why", id->why_not, sizeof(id->why_not));
		return;
	}
	id->smbios = true;
	if (!logread_get_obj(&sm, "bios", &o)) {
		sub_str(&o, "vendor", id->bios_vendor, sizeof(id->bios_vendor));
		sub_str(&o, "version", id->bios_version, sizeof(id->bios_version));
		sub_str(&o, "date", id->bios_date, sizeof(id->bios_date));
	}
	if (!logread_get_obj(&sm, "system", &o)) {
		sub_str(&o, "manufacturer", id->sys_maker, sizeof(id->sys_maker));
		sub_str(&o, "product", id->sys_product, sizeof(id->sys_product));
	}
	if (!logread_get_obj(&sm, "board", &o)) {
		sub_str(&o, "manufacturer", id->board_maker, sizeof(id->board_maker));
		sub_str(&o, "product", id->board_product, sizeof(id->board_product));
	}
	socket_part(logread_find(&sm, "sockets"), id->cpu_part, sizeof(id->cpu_part));
}

/* "A B", either may be empty. */
static void join2(const char *a, const char *b, char *buf, size_t cap)
{
	snprintf(buf, cap, "%s%s%s", a, *a && *b ? " " : "", b);
}

void ident_board(const struct machine_ident *id, char *buf, size_t cap)
{
	join2(id->board_maker, id->board_product, buf, cap);
	if (!buf[0])
		join2(id->sys_maker, id->sys_product, buf, cap);
}

void ident_bios(const struct machine_ident *id, char *buf, size_t cap)
{
	buf[0] = 0;
	if (id->smbios)
		snprintf(buf, cap, "BIOS %s %s (%s)", id->bios_vendor, id->bios_version, id->bios_date);
}

void ident_line(const struct machine_ident *id, char *buf, size_t cap)
{
	char bios[200];
	ident_bios(id, bios, sizeof(bios));
	if (id->smbios)
		snprintf(buf, cap, "%s %s, %s", id->sys_maker, id->sys_product, bios);
	else
		snprintf(buf, cap, "%s", id->why_not);
}

bool same_series(const struct count *a, const struct count *b)
{
	return a->cpu == b->cpu && !strcmp(a->box, b->box) && !strcmp(a->event, b->event) &&
	       !strcmp(a->kernel, b->kernel);
}

struct series *make_series(const struct runlog *g, unsigned *count)
{
	struct series *s = xcalloc(g->ncounts, sizeof(*s));
	unsigned n = 0;
	for (unsigned i = 0; i < g->ncounts; i++) {
		const struct count *c = &g->counts[i];
		unsigned j = 0;
		while (j < n && !same_series(s[j].first, c))
			j++;
		if (j == n) {
			s[n].first = c;
			s[n].deltas = xcalloc(g->ncounts, sizeof(uint64_t));
			s[n].ticks = xcalloc(g->ncounts, sizeof(uint64_t));
			n++;
		}
		s[j].ticks[s[j].n] = c->tsc_ticks;
		s[j].deltas[s[j].n++] = c->delta;
		s[j].sim |= c->sim;
		s[j].overflowed |= c->overflowed;
	}
	for (unsigned j = 0; j < n; j++) {
		stats_compute(s[j].deltas, s[j].n, &s[j].st);
		stats_compute(s[j].ticks, s[j].n, &s[j].ticks_st);
	}
	*count = n;
	return s;
}

void free_series(struct series *s, unsigned n)
{
	for (unsigned j = 0; j < n; j++) {
		free(s[j].deltas);
		free(s[j].ticks);
	}
	free(s);
}

const char *sim_tag(bool sim)
{
	return sim ? SIM_TAG : "";
}

const char *where(const struct count *c)
{
	static char bufs[2][24];
	static unsigned next;
	char *b = bufs[next++ % 2];
	if (!strcmp(c->box, "core"))
		snprintf(b, sizeof(bufs[0]), "cpu %llu", (unsigned long long)c->cpu);
	else if (c->has_ccx)   /* as the console: package 0, CCX 1 */
		snprintf(b, sizeof(bufs[0]), "pkg %llu.X%llu", (unsigned long long)c->package,
			 (unsigned long long)c->ccx);
	else if (c->has_die)   /* as the console: package 0, die 1 */
		snprintf(b, sizeof(bufs[0]), "pkg %llu.D%llu", (unsigned long long)c->package,
			 (unsigned long long)c->die);
	else
		snprintf(b, sizeof(bufs[0]), "pkg %llu", (unsigned long long)c->package);
	return b;
}

void check_expected(const struct check *k, char *buf, size_t cap)
{
	if (k->has_min && k->has_max)
		snprintf(buf, cap, "expected %s to %s", grouped(k->expected_min), grouped(k->expected_max));
	else if (k->has_max)
		snprintf(buf, cap, "expected at most %s", grouped(k->expected_max));
	else if (k->has_min)
		snprintf(buf, cap, "expected at least %s", grouped(k->expected_min));
	else if (k->has_expected)
		snprintf(buf, cap, "expected %s", grouped(k->expected));
	else
		snprintf(buf, cap, "nothing expected");
}

void check_measured(const struct check *k, char *buf, size_t cap)
{
	if (k->has_measured)
		snprintf(buf, cap, "measured %s", grouped(k->measured));
	else
		snprintf(buf, cap, "not measured");
}

const char *check_label(const struct check *k)
{
	static char b[160];
	snprintf(b, sizeof(b), "%s %llu %s%s%s%s", k->has_cpu ? "cpu" : "pkg",
		 (unsigned long long)(k->has_cpu ? k->cpu : k->package), k->check,
		 k->kernel[0] ? " (" : "", k->kernel, k->kernel[0] ? ")" : "");
	return b;
}


void print_header(const struct runlog *g, const char *label)
{
	if (!g->have_header) {
		printf("%s%s: no header record\n", label, g->path);
		return;
	}
	printf("%s%s%s: %s %s, backend %s, firmware %s, %s\n", sim_tag(g->header_sim), label, g->path,
	       g->tool, g->version, g->backend, g->fw_vendor, g->time[0] ? g->time : "no time");
}
