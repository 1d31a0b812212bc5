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

void *xgrow(void *p, unsigned *cap, unsigned n, size_t size)
{
	if (n < *cap)
		return p;
	*cap = *cap ? *cap * 2 : 64;
	p = realloc(p, *cap * size);
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

FILE *open_part(const char *out, char *tmp, size_t cap)
{
	if (snprintf(tmp, cap, "%s.part", out) >= (int)cap)
		die("output name too long");
	FILE *o = fopen(tmp, "w");
	if (!o)
		die("cannot write %s", tmp);
	return o;
}

void close_part(FILE *o, const char *tmp, const char *out)
{
	if (fclose(o) || rename(tmp, out))
		die("cannot write %s", out);
}

void printable(const char *s, char *buf, size_t cap)
{
	struct strbuf sb;
	sb_init(&sb, buf, cap);
	sb_putn_printable(&sb, s, strlen(s));
}

/* The length of the valid UTF-8 sequence at s[0..n) (of a character other than NUL), 0 if none. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	static const unsigned least[] = { 0, 0, 0x80, 0x800, 0x10000 };
	unsigned c = s[0], len, cp;
	if (c < 0x80)
		return c != 0;
	if (c >= 0xc2 && c <= 0xdf)
		len = 2, cp = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3, cp = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4, cp = c & 0x07;
	else
		return 0;
	if (n < len)
		return 0;
	for (unsigned i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < least[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

/* The length of the UTF-8 sequence at s[0..n) of a character XML 1.0 allows, 0 if none. */
static size_t xml_char_len(const unsigned char *s, size_t n)
{
	if (s[0] < 0x80)
		return s[0] >= 0x20 ? s[0] != 0x7f : s[0] == '\t' || s[0] == '\n' || s[0] == '\r';
	size_t len = utf8_len(s, n);
	/* U+FFFE and U+FFFF: EF BF BE and EF BF BF */
	if (len == 3 && s[0] == 0xef && s[1] == 0xbf && s[2] >= 0xbe)
		return 0;
	return len;
}

char *utf8_text(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), o = 0;
	char *t = xcalloc(4 * n + 1, 1);
	for (size_t i = 0; i < n;) {
		size_t k = utf8_len(p + i, n - i);
		if (k) {
			memcpy(t + o, s + i, k);
			o += k;
			i += k;
		} else {
			o += (size_t)snprintf(t + o, 5, "\\x%02x", p[i++]);
		}
	}
	return t;
}

void xml_esc(FILE *o, const char *s)
{
	xml_esc_n(o, s, strlen(s));
}

void xml_esc_n(FILE *o, const char *s, size_t max)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = 0;
	while (n < max && s[n])
		n++;
	for (size_t i = 0; i < n;) {
		size_t k = xml_char_len(p + i, n - i);
		switch (k ? p[i] : 0) {
		case 0: fprintf(o, "\\x%02x", p[i]); k = 1; break;
		case '&': fputs("&amp;", o); break;
		case '<': fputs("&lt;", o); break;
		case '>': fputs("&gt;", o); break;
		case '"': fputs("&quot;", o); break;
		case '\'': fputs("&#39;", o); break;
		case '\t': case '\n': case '\r': fprintf(o, "&#%u;", p[i]); break;
		default: fwrite(p + i, 1, k, o);
		}
		i += k;
	}
}
