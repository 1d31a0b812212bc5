/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* efipmu-host: the helpers every subcommand uses (host.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "pmu/decode.h"
#include "util/fmt.h"

void die(const char *fmt, ...)
{
	va_list ap;
	fputs("efipmu-host: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(EXIT_ERROR);
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);
	if (!p)
		die("out of memory");
	return p;
}

uint64_t parse_number(const char *what, const char *s)
{
	uint64_t v;
	if (!pmu_parse_u64(s, strlen(s), &v))
		die("bad %s '%s' (a decimal or 0x-hex number)", what, s);
	return v;
}

const char *grouped(uint64_t v)
{
	static char bufs[4][32];
	static unsigned next;
	char *b = bufs[next++ % 4];
	struct strbuf sb;
	sb_init(&sb, b, sizeof(bufs[0]));
	sb_dec_grouped(&sb, v);
	return b;
}

/* The whole file, NUL-terminated; dies naming it when it cannot be read. */
char *read_whole(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		die("cannot open '%s'", path);
	size_t cap = 1 << 16, n = 0, got;
	char *buf = xcalloc(cap, 1);
	while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
		n += got;
		if (n + 1 == cap) {
			char *more = realloc(buf, cap * 2);
			if (!more)
				die("out of memory");
			buf = more;
			cap *= 2;
		}
	}
	bool bad = ferror(f);
	fclose(f);
	if (bad)
		die("cannot read '%s'", path);
	buf[n] = '\0';
	*len = n;
	return buf;
}

void printable(const char *s, char *buf, size_t cap)
{
	struct strbuf sb;
	sb_init(&sb, buf, cap);
	sb_putn_printable(&sb, s, strlen(s));
}
