/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu-host bundle LOG.jsonl... -o FILE (issue 26 item 5): what a lab sends back, one file:
 *   efipmu-bundle 1
 *   # comment lines: the machine and the runs, in words (the summary)
 *   log NAME BYTES SHA256          then exactly BYTES bytes of the log, then a newline
 *   ...
 *   end SHA256                     of every byte before this line
 * It says in one line what to send and where it came from (the capture's board and BIOS).
 * efipmu-host replay takes a bundle as it takes a log, each log of it in turn.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture/machine.h"
#include "host.h"
#include "out/logread.h"
#include "runlog.h"
#include "sha256.h"

/* A string value of the first record rec (with scope, when given) holding key, or "". */
static void find_str(const char *text, size_t len, const char *rec, const char *scope,
		     const char *key, const char *sub, char *out, size_t cap)
{
	static struct logrec_view v, o;
	out[0] = 0;
	for (size_t pos = 0; logread_next(text, len, &pos, &v);) {
		if (!logread_str_is(&v, "rec", rec) || (scope && !logread_str_is(&v, "scope", scope)))
			continue;
		if (!sub)
			(void)logread_get_str(&v, key, out, cap);
		else if (!logread_get_obj(&v, sub, &o))
			(void)logread_get_str(&o, key, out, cap);
		return;
	}
}

/* Whether the text holds a record rec. */
static bool has_rec(const char *text, size_t len, const char *rec)
{
	static struct logrec_view v;
	for (size_t pos = 0; logread_next(text, len, &pos, &v);)
		if (logread_str_is(&v, "rec", rec))
			return true;
	return false;
}

/* A log of efipmu's begins with its header record: anything else is refused, by name. */
static void must_be_log(const char *path, const char *text, size_t len)
{
	static struct logrec_view v;
	size_t n = 0;
	while (n < len && text[n] != '\n')
		n++;
	if (logread_line(text, n, &v) || !logread_str_is(&v, "rec", "header") ||
	    !logread_str_is(&v, "tool", "efipmu"))
		die("bundle: %s is not an efipmu log: its first line is not efipmu's header record",
		    path);
}

/* ident_line of the capture in a log's text. */
static void identity(const char *text, size_t len, char *out, size_t cap)
{
	static struct logrec_view v;
	struct machine_ident id;
	ident_init(&id);
	for (size_t pos = 0; logread_next(text, len, &pos, &v);)
		if (logread_str_is(&v, "rec", "machine"))
			ident_from_platform(&v, &id);
	ident_line(&id, out, cap);
}

/* The bundle being made, grown as it goes. */
struct grow {
	char *buf;
	size_t len, cap;
};

static void put(struct grow *o, const void *p, size_t k)
{
	if (o->len + k > o->cap) {
		size_t cap = (o->len + k) * 2;
		char *b = realloc(o->buf, cap);
		if (!b)
			die("bundle: out of memory");
		o->buf = b;
		o->cap = cap;
	}
	memcpy(o->buf + o->len, p, k);
	o->len += k;
}

int cmd_bundle(int argc, char **argv)
{
	const char *out = NULL;
	char **logs = xcalloc((size_t)argc + 1, sizeof(*logs));
	unsigned n = 0;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "-o") && i + 1 < argc)
			out = argv[++i];
		else if (argv[i][0] == '-')
			die("bundle: unexpected '%s' (bundle LOG.jsonl... -o FILE)", argv[i]);
		else
			logs[n++] = argv[i];
	}
	if (!n || !out)
		die("bundle: usage: efipmu-host bundle LOG.jsonl... -o FILE");
	struct grow o = { xcalloc(1, 1 << 16), 0, 1 << 16 };
	char where[512] = "", first_where[512] = "";
	unsigned captures = 0;
	bool real_where = false;   /* a lab's machine is named before a model's */
	put(&o, BUNDLE_HEAD, strlen(BUNDLE_HEAD));
	for (unsigned i = 0; i < n; i++) {
		size_t ln;
		char *t = read_whole(logs[i], &ln), line[1280], verdict[32], reason[160], backend[16];
		must_be_log(logs[i], t, ln);
		find_str(t, ln, "verdict", NULL, "verdict", NULL, verdict, sizeof(verdict));
		find_str(t, ln, "verdict", NULL, "reason", NULL, reason, sizeof(reason));
		find_str(t, ln, "header", NULL, "backend", NULL, backend, sizeof(backend));
		identity(t, ln, where, sizeof(where));
		bool real = !strcmp(backend, "real");
		if (has_rec(t, ln, "machine") && (!captures++ || (real && !real_where))) {
			snprintf(first_where, sizeof(first_where), "%s", where);
			real_where = real;
		}
		int k = snprintf(line, sizeof(line), "# %s: backend %s, verdict %s%s%s; machine: %s\n",
				 logs[i], backend[0] ? backend : "?", verdict[0] ? verdict : "none (cut off)",
				 reason[0] ? " - " : "", reason, where);
		put(&o, line, (size_t)k);
		free(t);
	}
	for (unsigned i = 0; i < n; i++) {
		size_t ln;
		char *t = read_whole(logs[i], &ln), hex[65], line[400];
		const char *base = strrchr(logs[i], '/');
		sha256_hex(t, ln, hex);
		int k = snprintf(line, sizeof(line), "log %s %zu %s\n", base ? base + 1 : logs[i], ln, hex);
		put(&o, line, (size_t)k);
		put(&o, t, ln);
		put(&o, "\n", 1);
		free(t);
	}
	char hex[65], end[80];
	sha256_hex(o.buf, o.len, hex);
	int k = snprintf(end, sizeof(end), "end %s\n", hex);
	put(&o, end, (size_t)k);
	FILE *f = fopen(out, "wx");
	if (!f)
		die("bundle: cannot create %s (it exists, or the folder cannot be written): a bundle "
		    "is never overwritten", out);
	if (fwrite(o.buf, 1, o.len, f) != o.len || fclose(f))
		die("bundle: writing %s failed", out);
	printf("send %s (%zu bytes, sha256 %s): %u log%s, %u with the machine's capture; from %s\n",
	       out, o.len, hex, n, n == 1 ? "" : "s", captures, captures ? first_where : "no capture");
	free(o.buf);
	free(logs);
	return 0;
}

bool bundle_logs(const char *path, const char *text, size_t len, struct bundle_log *logs,
		 unsigned max, unsigned *n)
{
	const char *why;
	enum bundle_read_st st = bundle_read(text, len, logs, max, n, &why);
	if (st == BUNDLE_BAD)
		die("%s: %s", path, why);
	return st == BUNDLE_OK;
}
