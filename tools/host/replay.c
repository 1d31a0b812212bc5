/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu-host replay LOG.jsonl (issue 26 item 3, issue 35 item 1): the logged job run again
 * on the model of the machine the log's capture describes (its profile file, as
 * sim-profile-file), through the app's own run code on a host platform (host_platform.c),
 * and compared with the log fact by fact. A fact is one value of one record, nested objects
 * and arrays taken apart down to their numbers, strings and booleans, named by its record
 * (the CPU or package, and what the record is of: a count's box, event, kernel, round and
 * repeat; a check's name, kernel and occurrence; an ownership record's register...) and its
 * field. Every record kind is compared but what a model cannot know, by nature (the table
 * `not_compared`): timing (TSC readings, skew, bandwidth over the TSC, the log's own cost),
 * buffer addresses, the run's environment (the header's tool, firmware, options, time) and
 * the capture the replay's machine is made of. Those are counted and said, never skipped
 * unsaid. Each difference is one line naming the fact; exit status 1 on any, 0 when none,
 * 2 when the log cannot be replayed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture/profile.h"
#include "host.h"
#include "host_platform.h"
#include "out/logread.h"
#include "run/run.h"
#include "run/waiver.h"

#define REPLAY_PROFILE "replay.profile"
#define REPLAY_MAX_ARGS 64
#define REPLAY_KEY 512
#define REPLAY_SHOWN 80   /* a longer value is shown around its first difference */

/* What a model cannot know, by nature: not compared, counted. */
enum nc_kind { NC_TIMING, NC_ADDRESS, NC_HOST, NC_ENVIRONMENT, NC_CAPTURE, NC_KINDS };
static const char *const nc_name[NC_KINDS] = {
	[NC_TIMING] = "timing", [NC_ADDRESS] = "buffer addresses",
	[NC_HOST] = "the caches of the CPU that ran a model",
	[NC_ENVIRONMENT] = "the run's environment", [NC_CAPTURE] = "the capture the model is made of",
};

/* A record kind's fields not compared (" a b ", NULL: all of them) and why. */
static const struct {
	const char *rec, *fields;
	enum nc_kind why;
} not_compared[] = {
	{ "machine", NULL, NC_CAPTURE },          /* the replay's machine is made of it */
	{ "log_cost", NULL, NC_TIMING },          /* what writing the log took on its disk */
	{ "icount", NULL, NC_TIMING },            /* QEMU -icount: instructions through the TSC */
	{ "icount_window", NULL, NC_TIMING },
	{ "icount_summary", NULL, NC_TIMING },
	{ "overhead", NULL, NC_TIMING },
	{ "bench_skew", NULL, NC_TIMING },
	{ "window", " tsc_arrival tsc_on tsc_off ", NC_TIMING },
	{ "cxl_ticks", " tsc ", NC_TIMING },   /* the TSC over a CXL CPMU's window */
	{ "skew", " start_skew_ticks stop_skew_ticks tsc_per_us ", NC_TIMING },
	{ "buffer", " address ", NC_ADDRESS },
	/* a model run's buffer is sized by the real CPU's caches (lib/run/buffers.c), not the model's */
	{ "buffer", " bytes llc_bytes llc_level cache_source ", NC_HOST },
	{ "header", " tool version cmdline options firmware_vendor firmware_revision uefi_revision "
		    "time backend ", NC_ENVIRONMENT },
};

/* The fields that say what a generic record is of (after its CPU or package), per kind. */
static const struct {
	const char *rec, *fields;
} identity[] = {
	{ "stats", " box event kernel " },
	{ "skew", " round kernel " },
	{ "window", " round " },
	{ "uncore_probe", " box reg " },
	{ "uncore_width", " box " },
	{ "uncore_fw_box", " box " },
	{ "uncore_imc_freerun", " controller " },
	{ "discovery_table", " die part " },   /* a die's: its portal's table (issue 36) */
	{ "discovery", " die " },
	{ "uncore_global", " die " },
	{ "dry_write", " reg " },
	{ "left_out", " event " },
	{ "handoff", " box " },
	{ "derived", " kernel " },
	{ "ownership", " box " },
};

/*
 * One compared fact: "CPU 0, check 'kernel instructions retired' (inst) #1" -> "10018"; its
 * record's name and its top-level field's ("CPU 0, cpu", "CPU 0, cpu, topology").
 */
struct fact {
	char *key, *val, *rec, *top;
};

/* How often each record name was seen: a name's n-th record is its n-th occurrence. */
struct seen {
	char **key;
	unsigned *n;
	size_t cap, used;
};

struct facts {
	struct fact *f;
	size_t n, cap;
	size_t nc[NC_KINDS];
	struct seen seen, fields;   /* records' names; their names and their fields' */
	const char *rec, *top;      /* the record and field being taken */
	bool model_run;   /* the log's: a model's run (its header "simulated") */
};

static char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(xcalloc(1, n), s, n);
}

static void add(struct facts *fs, const char *key, const char *val)
{
	char *top = xstrdup(fs->top ? fs->top : key), *rec = xstrdup(fs->rec ? fs->rec : top);
	if (fs->n == fs->cap) {
		size_t cap = fs->cap ? fs->cap * 2 : 1024;
		struct fact *f = realloc(fs->f, cap * sizeof(*f));
		if (!f)
			die("replay: out of memory");
		fs->f = f;
		fs->cap = cap;
	}
	fs->f[fs->n].key = xstrdup(key);
	fs->f[fs->n].val = xstrdup(val);
	fs->f[fs->n].rec = rec;
	fs->f[fs->n].top = top;
	fs->n++;
}

static void facts_free(struct facts *fs)
{
	for (size_t i = 0; i < fs->n; i++) {
		free(fs->f[i].key);
		free(fs->f[i].val);
		free(fs->f[i].rec);
		free(fs->f[i].top);
	}
	struct seen *s[] = { &fs->seen, &fs->fields };
	for (unsigned k = 0; k < 2; k++) {
		for (size_t i = 0; i < s[k]->cap; i++)
			free(s[k]->key[i]);
		free(s[k]->key);
		free(s[k]->n);
	}
	free(fs->f);
}

static size_t hash(const char *s)
{
	size_t h = 1469598103934665603ull;   /* FNV-1a */
	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ull;
	return h;
}

/* The slot of name in s (empty where it is not there). */
static size_t slot(const struct seen *s, const char *name)
{
	size_t k = hash(name) & (s->cap - 1);
	while (s->key[k] && strcmp(s->key[k], name))
		k = (k + 1) & (s->cap - 1);
	return k;
}

static bool has(const struct seen *s, const char *name)
{
	return s->cap && s->key[slot(s, name)];
}

/* The times name was seen, this one included. */
static unsigned occurrence(struct seen *s, const char *name)
{
	if (2 * (s->used + 1) > s->cap) {
		struct seen g = { xcalloc(s->cap ? 2 * s->cap : 1024, sizeof(char *)), NULL,
				  s->cap ? 2 * s->cap : 1024, s->used };
		g.n = xcalloc(g.cap, sizeof(unsigned));
		for (size_t i = 0; i < s->cap; i++) {
			size_t k = hash(s->key[i] ? s->key[i] : "") & (g.cap - 1);
			while (s->key[i] && g.key[k])
				k = (k + 1) & (g.cap - 1);
			if (s->key[i]) {
				g.key[k] = s->key[i];
				g.n[k] = s->n[i];
			}
		}
		free(s->key);
		free(s->n);
		*s = g;
	}
	size_t k = slot(s, name);
	if (!s->key[k]) {
		s->key[k] = xstrdup(name);
		s->used++;
	}
	return ++s->n[k];
}

/* " word " inside a table's " a b c " list. */
static bool listed(const char *list, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = list; list && (p = strstr(p, word)) != NULL; p += n)
		if (p > list && p[-1] == ' ' && p[n] == ' ')
			return true;
	return false;
}

/* A number, string, boolean or null as one text: strings decoded, numbers as numbers. */
static char *scalar(const struct logval *lv)
{
	char *s = xcalloc(1, lv->raw_len + 32);
	if (lv->type == LV_STRING) {
		(void)logread_unescape(lv->raw, lv->raw_len, s, lv->raw_len + 1);
	} else if (lv->type == LV_NUMBER && lv->is_u64) {
		snprintf(s, 32, "%llu", (unsigned long long)lv->u);
	} else if (lv->type == LV_NUMBER && lv->is_i64) {
		snprintf(s, 32, "%lld", (long long)lv->i);
	} else if (lv->type == LV_NUMBER) {
		memcpy(s, lv->raw, lv->raw_len);
		snprintf(s, lv->raw_len + 32, "%.15g", strtod(s, NULL));
	} else {
		memcpy(s, lv->raw, lv->raw_len);
	}
	return s;
}

/* A fact's name, added to in buf (of cap bytes): a longer one is refused, never cut. */
static void __attribute__((format(printf, 3, 4))) append(char *buf, size_t cap, const char *fmt, ...)
{
	size_t n = strlen(buf);
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(buf + n, cap - n, fmt, ap);
	va_end(ap);
	if (k < 0 || (size_t)k >= cap - n)
		die("replay: a fact's name is longer than %zu bytes: %.60s...", cap - 1, buf);
}

/* lv's facts under key (nested: "key.member", "key[i]"); counted as why when not compared. */
static void take(struct facts *fs, const char *key, const struct logval *lv, int why)
{
	char sub[REPLAY_KEY];
	if (lv->type == LV_OBJECT) {
		struct logrec_view *o = xcalloc(1, sizeof(*o));
		if (logread_line(lv->raw, lv->raw_len, o))
			die("replay: a record's object does not read back");
		for (unsigned i = 0; i < o->n; i++) {
			char name[96];
			(void)logread_unescape(o->v[i].key, o->v[i].key_len, name, sizeof(name));
			sub[0] = 0;
			append(sub, sizeof(sub), "%s.%s", key, name);
			take(fs, sub, &o->v[i], why);
		}
		free(o);
	} else if (lv->type == LV_ARRAY) {
		struct logval e;
		size_t pos = 0;
		for (unsigned i = 0; logread_elem(lv, &pos, &e); i++) {
			sub[0] = 0;
			append(sub, sizeof(sub), "%s[%u]", key, i);
			take(fs, sub, &e, why);
		}
	} else if (why >= 0) {
		fs->nc[why]++;
	} else {
		char *s = scalar(lv);
		add(fs, key, s);
		free(s);
	}
}

/*
 * "CPU n", or "package n" (a CCX's "package n CCX c", a die's "package n die d") for a record
 * of a box beside the core.
 */
static const char *where(const struct logrec_view *v, char *buf, size_t cap)
{
	uint64_t n, ccx, die;
	bool core = !logread_find(v, "box") || logread_str_is(v, "box", "core");
	if (!logread_get_u64(v, "cpu", &n) && core) {
		snprintf(buf, cap, "CPU %llu", (unsigned long long)n);
		return "cpu";
	}
	if (!logread_get_u64(v, "package", &n)) {
		int k = snprintf(buf, cap, "package %llu", (unsigned long long)n);
		if (!logread_get_u64(v, "ccx", &ccx))
			k += snprintf(buf + k, cap - (size_t)k, " CCX %llu", (unsigned long long)ccx);
		if (!logread_get_u64(v, "die", &die))
			snprintf(buf + k, cap - (size_t)k, " die %llu", (unsigned long long)die);
		return "package";
	}
	snprintf(buf, cap, "the machine");
	return "";
}

static void str_of(const struct logrec_view *v, const char *key, char *buf, size_t cap)
{
	buf[0] = 0;
	(void)logread_get_str(v, key, buf, cap);
}

static unsigned long long u64_of(const struct logrec_view *v, const char *key)
{
	uint64_t x = 0;
	(void)logread_get_u64(v, key, &x);
	return (unsigned long long)x;
}

/* An ownership record's registers, each one fact: as found, the bits owned, written. */
static void registers(struct facts *fs, const char *at, const struct logval *regs)
{
	static struct logrec_view o;
	struct logval e;
	size_t pos = 0;
	while (logread_elem(regs, &pos, &e)) {
		char reg[48], scope[16], key[REPLAY_KEY], val[96], found[24], ours[24];
		bool written = false;
		if (e.type != LV_OBJECT || logread_line(e.raw, e.raw_len, &o) ||
		    logread_get_str(&o, "reg", reg, sizeof(reg)) ||
		    logread_get_str(&o, "scope", scope, sizeof(scope)) ||
		    logread_get_str(&o, "found", found, sizeof(found)) ||
		    logread_get_str(&o, "ours", ours, sizeof(ours)) ||
		    logread_get_bool(&o, "written", &written))
			die("replay: an ownership record's register is malformed");
		key[0] = 0;
		append(key, sizeof(key), "%s, register %s (%s)", at, reg, scope);
		unsigned k = occurrence(&fs->seen, key);
		if (k > 1)
			append(key, sizeof(key), " #%u", k);
		snprintf(val, sizeof(val), "found %s, ours %s, %s", found, ours,
			 written ? "written" : "not written");
		add(fs, key, val);
	}
}

/* A derived record's metrics, each one fact by its name; a rate over the TSC is timing. */
static void metrics(struct facts *fs, const char *base, const struct logval *m)
{
	static struct logrec_view o;
	struct logval e;
	size_t pos = 0;
	while (logread_elem(m, &pos, &e)) {
		char name[64], unit[16], key[REPLAY_KEY];
		const struct logval *milli;
		if (e.type != LV_OBJECT || logread_line(e.raw, e.raw_len, &o) ||
		    logread_get_str(&o, "name", name, sizeof(name)) ||
		    logread_get_str(&o, "unit", unit, sizeof(unit)) || !(milli = logread_find(&o, "milli")))
			die("replay: a derived record's metric is malformed");
		key[0] = 0;
		append(key, sizeof(key), "%s, %s", base, name);
		take(fs, key, milli, strstr(unit, "/s") ? NC_TIMING : -1);
	}
}

/* Why a record's field is not compared (enum nc_kind), or -1: it is. */
static int why_not(const struct facts *fs, const char *rec, const char *field)
{
	for (size_t i = 0; i < sizeof(not_compared) / sizeof(not_compared[0]); i++)
		if (!strcmp(rec, not_compared[i].rec) &&
		    (!not_compared[i].fields || listed(not_compared[i].fields, field)) &&
		    (not_compared[i].why != NC_HOST || fs->model_run))
			return (int)not_compared[i].why;
	return -1;
}

/*
 * One record's facts. key: what it is of, its lead field's name (a count's delta, a check's
 * measured value); the other fields "key, field".
 */
static void record(struct facts *fs, const struct logrec_view *v)
{
	char rec[32], at[48], key[REPLAY_KEY] = "", a[128], b[64];
	const char *lead = "", *id = "", *place;
	str_of(v, "rec", rec, sizeof(rec));
	place = where(v, at, sizeof(at));
	str_of(v, "kernel", b, sizeof(b));
	if (!strcmp(rec, "count")) {
		id = " box event kernel round repeat ";
		lead = "delta";
		str_of(v, "event", a, sizeof(a));
		append(key, sizeof(key), "%s, ", at);
		if (logread_find(v, "box") && !logread_str_is(v, "box", "core")) {
			char box[64];
			str_of(v, "box", box, sizeof(box));
			append(key, sizeof(key), "box %s ", box);
		}
		append(key, sizeof(key), "event %s (%s) round %llu repeat %llu", a, b,
		       u64_of(v, "round"), u64_of(v, "repeat"));
	} else if (!strcmp(rec, "check")) {
		char clocks[48];
		id = " check kernel clocks ";
		lead = "measured";
		str_of(v, "check", a, sizeof(a));
		str_of(v, "clocks", clocks, sizeof(clocks));
		append(key, sizeof(key), "%s, check '%s'", at, a);
		if (b[0])
			append(key, sizeof(key), " (%s)", b);
		if (clocks[0])
			append(key, sizeof(key), " of %s", clocks);
		append(key, sizeof(key), " #");
		append(key, sizeof(key), "%u", occurrence(&fs->seen, key));
		if (!logread_find(v, "measured"))
			add(fs, key, "not measured");
	} else {
		append(key, sizeof(key), "%s, %s", at, rec);
		for (size_t i = 0; i < sizeof(identity) / sizeof(identity[0]); i++)
			if (!strcmp(rec, identity[i].rec))
				id = identity[i].fields;
		for (const char *p = id; *p;) {   /* in the table's order, whatever the record's */
			char name[48];
			size_t n = strcspn(p + 1, " ");
			snprintf(name, sizeof(name), "%.*s", (int)n, p + 1);
			p += n + 1;
			const struct logval *lv = logread_find(v, name);
			if (lv && n) {
				char *s = scalar(lv);
				append(key, sizeof(key), " %s %s", name, s);
				free(s);
			}
		}
		unsigned n = occurrence(&fs->seen, key);
		if (n > 1)
			append(key, sizeof(key), " #%u", n);
	}
	fs->rec = key;
	(void)occurrence(&fs->fields, key);
	for (unsigned i = 0; i < v->n; i++) {
		const struct logval *lv = &v->v[i];
		char name[48], sub[REPLAY_KEY];
		(void)logread_unescape(lv->key, lv->key_len, name, sizeof(name));
		if (!strcmp(name, "rec") || !strcmp(name, "schema") || !strcmp(name, "simulated") ||
		    !strcmp(name, place) || listed(id, name))
			continue;   /* the record's framing, and what it is of: in its name */
		sub[0] = 0;
		append(sub, sizeof(sub), "%s, %s", key, name);
		fs->top = strcmp(name, lead) ? sub : key;
		(void)occurrence(&fs->fields, fs->top);
		if (!strcmp(rec, "ownership") && !strcmp(name, "registers")) {
			registers(fs, at, lv);
			continue;
		}
		if (!strcmp(rec, "derived") && !strcmp(name, "metrics")) {
			metrics(fs, key, lv);
			continue;
		}
		take(fs, fs->top, lv, why_not(fs, rec, name));
	}
	fs->rec = fs->top = NULL;
}

/* The facts of one log's text. */
static void facts_of(const char *text, size_t len, struct facts *fs)
{
	static struct logrec_view v;
	size_t pos = 0;
	while (logread_next(text, len, &pos, &v))
		if (logread_find(&v, "rec"))
			record(fs, &v);
}

static int by_key(const void *a, const void *b)
{
	return strcmp(((const struct fact *)a)->key, ((const struct fact *)b)->key);
}

/* A value for the terminal; a long one from its byte at (its length said). */
static const char *shown(const char *val, size_t at, char *buf, size_t cap)
{
	size_t n = strlen(val);
	if (n <= REPLAY_SHOWN) {
		printable(val, buf, cap);
		return buf;
	}
	char part[REPLAY_SHOWN + 1], tmp[4 * REPLAY_SHOWN];
	at = at > 16 ? at - 16 : 0;
	snprintf(part, sizeof(part), "%s", val + (at < n ? at : n));
	printable(part, tmp, sizeof(tmp));
	snprintf(buf, cap, "%s%s... (%zu bytes)", at ? "..." : "", tmp, n);
	return buf;
}

/*
 * A fact of x's that y lacks: one line for its whole record where y has none of that name
 * (once), else one line for the fact. The differences that makes.
 */
static unsigned lacks(const struct fact *f, const struct facts *y, struct seen *said, bool in_log)
{
	char k[4 * REPLAY_KEY], x[8 * REPLAY_SHOWN];
	if (has(&y->fields, f->rec)) {
		printable(f->key, k, sizeof(k));
		shown(f->val, 0, x, sizeof(x));
		printf(in_log ? "%s: %s in the log, not in the replay\n" :
				"%s: not in the log, %s in the replay\n", k, x);
		return 1;
	}
	if (has(said, f->rec))
		return 0;
	(void)occurrence(said, f->rec);
	printable(f->rec, k, sizeof(k));
	printf(in_log ? "%s: in the log, not in the replay\n" : "%s: not in the log, in the replay\n",
	       k);
	return 1;
}

/*
 * Both sorted by key: one line per key whose value differs or that one side lacks. A field
 * of the replay's that the log's record of it lacks, the log's version did not write: it
 * is counted in *newer.
 */
static unsigned differences(struct facts *a, struct facts *b, size_t *newer)
{
	unsigned d = 0;
	size_t i = 0, j = 0;
	struct seen said = { 0 };   /* the records said missing */
	char k[4 * REPLAY_KEY], x[8 * REPLAY_SHOWN], y[8 * REPLAY_SHOWN];
	if (a->n)
		qsort(a->f, a->n, sizeof(*a->f), by_key);
	if (b->n)
		qsort(b->f, b->n, sizeof(*b->f), by_key);
	while (i < a->n || j < b->n) {
		int c = i == a->n ? 1 : j == b->n ? -1 : strcmp(a->f[i].key, b->f[j].key);
		if (c < 0) {
			d += lacks(&a->f[i++], b, &said, true);
		} else if (c > 0 && has(&a->fields, b->f[j].rec) && !has(&a->fields, b->f[j].top)) {
			(*newer)++;
			j++;
		} else if (c > 0) {
			d += lacks(&b->f[j++], a, &said, false);
		} else {
			const char *p = a->f[i].val, *q = b->f[j].val;
			size_t at = 0;
			while (p[at] && p[at] == q[at])
				at++;
			if (p[at] || q[at]) {
				printable(a->f[i].key, k, sizeof(k));
				printf("%s: log %s, replay %s\n", k, shown(p, at, x, sizeof(x)),
				       shown(q, at, y, sizeof(y)));
				d++;
			}
			i++;
			j++;
		}
	}
	for (size_t n = 0; n < said.cap; n++)
		free(said.key[n]);
	free(said.key);
	free(said.n);
	return d;
}
/* A setting the model does not read (icount-check, ...: options_table's backends). */
static bool real_only(const char *name)
{
	for (unsigned id = 0; id < OPT_COUNT; id++)
		if (!strcmp(options_table[id].name, name))
			return !(options_table[id].backends & OPT_ON_SIM);
	return false;
}

/*
 * The header's effective settings as the command line that made them, on the replay's model
 * (which would refuse what only the real backend reads); true when the log is a model's run.
 */
static bool settings(const char *text, size_t len, struct efipmu_options *opt)
{
	static struct logrec_view v;
	static char options[2048];
	char *argv[REPLAY_MAX_ARGS];
	int argc = 0;
	size_t pos = 0;
	struct opt_error err;
	if (!logread_next(text, len, &pos, &v) || !logread_str_is(&v, "rec", "header") ||
	    logread_get_str(&v, "options", options, sizeof(options)))
		die("replay: the log's first record is not a header with the run's options");
	argv[argc++] = "efipmu";
	for (char *tok = strtok(options, " "); tok && argc < REPLAY_MAX_ARGS - 6;
	     tok = strtok(NULL, " ")) {
		static char flags[REPLAY_MAX_ARGS][64];
		char *eq = strchr(tok, '=');
		if (eq)
			*eq = 0;
		/* the machine (its SRAT too: the profile's) and the log are the replay's own */
		if (!strcmp(tok, "backend") || !strcmp(tok, "sim-profile") ||
		    !strcmp(tok, "sim-profile-file") || !strcmp(tok, "sim-snc") ||
		    !strcmp(tok, "output") ||
		    !strcmp(tok, "qemu-exit") || real_only(tok))
			continue;
		snprintf(flags[argc], sizeof(flags[argc]), "--%s", tok);
		argv[argc] = flags[argc];
		argc++;
		if (eq)
			argv[argc++] = eq + 1;
	}
	argv[argc++] = "--backend";
	argv[argc++] = "sim";
	argv[argc++] = "--sim-profile-file";
	argv[argc++] = REPLAY_PROFILE;
	options_defaults(opt);
	if (options_parse_argv(argc, (const char *const *)argv, opt, &err))
		die("replay: the log's options do not parse: %s", err.msg);
	return logread_simulated(&v);
}

/*
 * The lab's waiver file as the run read it, from its "waiver" records (each waiver at its
 * line, the comments and blank lines between as empty lines), so the replay waives the
 * checks the run waived and names the same lines; the caller frees it.
 */
static char *waivers_of(const char *text, size_t len)
{
	static struct logrec_view v;
	size_t pos = 0;
	unsigned at = 1;
	char *out = xcalloc(1, WAIVER_FILE_MAX + 1);
	struct strbuf sb;
	sb_init(&sb, out, WAIVER_FILE_MAX + 1);
	while (logread_next(text, len, &pos, &v)) {
		char w[WAIVER_LINE_MAX];
		if (!logread_str_is(&v, "rec", "waiver") || logread_get_str(&v, "waiver", w, sizeof(w)))
			continue;
		for (unsigned line = (unsigned)u64_of(&v, "line"); at <= line; at++) {
			sb_puts(&sb, at == line ? w : "");
			sb_putc(&sb, '\n');
		}
	}
	return out;
}

/* One log replayed: its differences (each printed), and its summary line. */
static unsigned replay_one(const char *name, const char *text, size_t len)
{
	struct machine *m = host_machine_of_text(name, text, len);
	size_t max = host_profile_max(m->ncpus);
	char *profile = xcalloc(1, max);
	struct strbuf sb;
	sb_init(&sb, profile, max);
	profile_write(m, "the machine of the log replayed", &sb);
	struct efipmu_options opt;
	struct facts a = { .model_run = settings(text, len, &opt) }, b = { .model_run = a.model_run };
	/* a log from before the restore read-back (restore_check) is replayed as its version ran */
	opt.restore_unread = !strstr(text, "\"rec\":\"restore_check\"") &&
			     !strstr(text, "\"restore read-backs\"");

	struct host_platform *hp = xcalloc(1, sizeof(*hp));
	struct run *run = xcalloc(1, sizeof(*run));
	struct run_header h = { .fw_vendor = "efipmu-host replay", .time = "" };
	host_platform_init(hp, m, REPLAY_PROFILE, profile);
	char *waivers = waivers_of(text, len);
	hp->waivers_name = opt.waivers;
	hp->waivers_text = waivers;
	enum verdict v = run_init(run, &hp->plat, &opt, "(replay)", NULL, NULL);
	if (v == VERDICT_PASS)
		v = run_main(run, &h);
	run_fini(run);
	if (v == VERDICT_ERROR)
		die("replay: the job did not run on the model: %s", hp->console ? hp->console : "");

	size_t len2;
	char *text2 = log_as_schema2(text, len, &len2);   /* a schema-1 log's facts as schema 2's */
	facts_of(text2 ? text2 : text, text2 ? len2 : len, &a);
	free(text2);
	facts_of(hp->log, hp->log_len, &b);
	size_t nc = 0, newer = 0;
	unsigned d = differences(&a, &b, &newer);
	char why[256] = "";
	for (unsigned k = 0; k < NC_KINDS; k++) {
		nc += a.nc[k];
		if (a.nc[k])
			snprintf(why + strlen(why), sizeof(why) - strlen(why), "%s%s %zu",
				 why[0] ? ", " : " (", nc_name[k], a.nc[k]);
	}
	if (newer)
		snprintf(why + strlen(why), sizeof(why) - strlen(why), "%s, %zu only in the replay: fields "
			 "the log's version did not write", why[0] ? ")" : "", newer);
	printf("replay of %s on its captured machine (%u CPUs): %zu facts compared, %zu not "
	       "compared%s%s, %u %s\n", name, m->ncpus, a.n, nc, why,
	       why[0] && !newer ? ")" : "", d, d == 1 ? "difference" : "differences");
	facts_free(&a);
	facts_free(&b);
	host_platform_fini(hp);
	free(hp);
	free(run);
	free(profile);
	free(waivers);
	free(m);
	return d;
}

#define REPLAY_MAX_BUNDLED 64

int cmd_replay(int argc, char **argv)
{
	if (argc != 1 || argv[0][0] == '-')
		die("replay: usage: efipmu-host replay LOG.jsonl|BUNDLE");
	size_t len;
	char *text = read_whole(argv[0], &len);
	struct bundle_log *logs = xcalloc(REPLAY_MAX_BUNDLED, sizeof(*logs));
	unsigned n, d = 0;
	if (bundle_logs(argv[0], text, len, logs, REPLAY_MAX_BUNDLED, &n)) {
		for (unsigned i = 0; i < n; i++)
			d += replay_one(logs[i].name, logs[i].text, logs[i].len);
	} else {
		d = replay_one(argv[0], text, len);
	}
	free(logs);
	free(text);
	return d ? EXIT_REGRESSED : 0;
}
