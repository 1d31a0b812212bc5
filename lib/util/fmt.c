/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "util/fmt.h"

void sb_init(struct strbuf *sb, char *buf, size_t cap)
{
	sb->buf = buf;
	sb->cap = cap;
	sb_reset(sb);
}

void sb_reset(struct strbuf *sb)
{
	sb->len = 0;
	sb->overflow = false;
	if (sb->cap)
		sb->buf[0] = '\0';
}

void sb_putc(struct strbuf *sb, char c)
{
	if (sb->len + 1 >= sb->cap) {
		sb->overflow = true;
		return;
	}
	sb->buf[sb->len++] = c;
	sb->buf[sb->len] = '\0';
}

/* Bytes left before the NUL's place: what sb_putc would still take one at a time. */
static size_t room_of(const struct strbuf *sb)
{
	return sb->len + 1 < sb->cap ? sb->cap - sb->len - 1 : 0;
}

/*
 * n bytes at once, as n sb_putc calls would leave the buffer (what fits, then overflow), with
 * one bound check and one NUL: the log's records are built of these (docs/bench.md,
 * "Both met": a repeat's guest work).
 */
void sb_putn(struct strbuf *sb, const char *s, size_t n)
{
	size_t room = room_of(sb);
	if (n > room) {
		n = room;
		sb->overflow = true;
	}
	if (!n)
		return;
	char *d = sb->buf + sb->len;
	for (size_t i = 0; i < n; i++)
		d[i] = s[i];
	sb->len += n;
	d[n] = '\0';
}

void sb_putn_printable(struct strbuf *sb, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c < 0x7f) {
			sb_putc(sb, (char)c);
			continue;
		}
		sb_putc(sb, '\\');
		sb_putc(sb, 'x');
		sb_putc(sb, hex[c >> 4]);
		sb_putc(sb, hex[c & 15]);
	}
}

void sb_puts(struct strbuf *sb, const char *s)
{
	size_t room = room_of(sb), n = 0;
	for (; n < room && s[n]; n++)
		sb->buf[sb->len + n] = s[n];
	if (s[n])
		sb->overflow = true;
	if (!n)
		return;
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void sb_dec(struct strbuf *sb, uint64_t v)
{
	char tmp[20];
	size_t n = sizeof(tmp);
	do {
		tmp[--n] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	sb_putn(sb, tmp + n, sizeof(tmp) - n);
}

void sb_sdec(struct strbuf *sb, int64_t v)
{
	if (v < 0) {
		sb_putc(sb, '-');
		sb_dec(sb, (uint64_t)0 - (uint64_t)v);
	} else {
		sb_dec(sb, (uint64_t)v);
	}
}

void sb_dec_grouped(struct strbuf *sb, uint64_t v)
{
	char tmp[27];
	size_t n = 0, digits = 0;
	do {
		if (digits && digits % 3 == 0)
			tmp[n++] = ',';
		tmp[n++] = (char)('0' + v % 10);
		digits++;
		v /= 10;
	} while (v);
	while (n)
		sb_putc(sb, tmp[--n]);
}

void sb_hex_digits(struct strbuf *sb, uint64_t v, unsigned digits)
{
	static const char hex[] = "0123456789abcdef";
	while (digits--)
		sb_putc(sb, hex[(v >> (4 * digits)) & 0xf]);
}

void sb_hex_width(struct strbuf *sb, uint64_t v, unsigned digits)
{
	static const char hex[] = "0123456789abcdef";
	unsigned n = 1;
	while (n < 16 && (v >> (4 * n)))
		n++;
	if (digits > 16)
		digits = 16;
	if (n < digits)
		n = digits;
	char tmp[18];
	size_t k = 0;
	tmp[k++] = '0';
	tmp[k++] = 'x';
	while (n--)
		tmp[k++] = hex[(v >> (4 * n)) & 0xf];
	sb_putn(sb, tmp, k);
}

void sb_hex(struct strbuf *sb, uint64_t v)
{
	sb_hex_width(sb, v, 1);
}

void sb_hex_bytes(struct strbuf *sb, const uint8_t *b, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	for (size_t i = 0; i < n; i++) {
		sb_putc(sb, hex[b[i] >> 4]);
		sb_putc(sb, hex[b[i] & 15]);
	}
}

void sb_pad_to(struct strbuf *sb, size_t col)
{
	while (sb->len < col && !sb->overflow)
		sb_putc(sb, ' ');
}

/* A byte JSON takes as it is (not NUL, a quote, a backslash, a control or non-ASCII byte). */
static bool json_plain(unsigned char c)
{
	return c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
}

void sb_json_str(struct strbuf *sb, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	size_t whole = 0;
	while (json_plain((unsigned char)s[whole]))
		whole++;
	if (!s[whole] && whole + 2 <= room_of(sb)) {   /* no escape and room for all: one copy */
		char *d = sb->buf + sb->len;
		d[0] = '"';
		for (size_t i = 0; i < whole; i++)
			d[i + 1] = s[i];
		d[whole + 1] = '"';
		d[whole + 2] = '\0';
		sb->len += whole + 2;
		return;
	}
	sb_putc(sb, '"');
	for (; *s; s++) {
		size_t plain = 0;   /* a run of bytes that need no escape goes in at once */
		while (json_plain((unsigned char)s[plain]))
			plain++;
		sb_putn(sb, s, plain);
		s += plain;
		if (!*s)
			break;
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\') {
			sb_putc(sb, '\\');
			sb_putc(sb, (char)c);
		} else if (c == '\n') {
			sb_puts(sb, "\\n");
		} else {   /* a control or non-ASCII byte */
			sb_puts(sb, "\\u00");
			sb_putc(sb, hex[c >> 4]);
			sb_putc(sb, hex[c & 0xf]);
		}
	}
	sb_putc(sb, '"');
}

void sb_json_key(struct strbuf *sb, const char *key)
{
	if (sb->len && sb->buf[sb->len - 1] != '{' && sb->buf[sb->len - 1] != '[')
		sb_putc(sb, ',');
	sb_json_str(sb, key);
	sb_putc(sb, ':');
}

size_t pmu_strlen(const char *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	return n;
}

int pmu_strcmp(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return (unsigned char)*a - (unsigned char)*b;
}

int pmu_strncmp(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (a[i] != b[i] || !a[i])
			return (unsigned char)a[i] - (unsigned char)b[i];
	}
	return 0;
}

static char lower(char c)
{
	return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

int pmu_strcasecmp(const char *a, const char *b)
{
	while (*a && lower(*a) == lower(*b)) {
		a++;
		b++;
	}
	return (unsigned char)lower(*a) - (unsigned char)lower(*b);
}

/* 8 bytes that may alias any object at any address: pmu_memset and pmu_memcpy move these. */
typedef uint64_t __attribute__((may_alias, aligned(1))) pmu_word;

/*
 * Eight bytes a store: the per-step sessions are kilobytes each and the app has no libc memset
 * (gnu-efi's stores a byte at a time).
 */
void pmu_memset(void *dst, int c, size_t n)
{
	unsigned char *d = dst, b = (unsigned char)c;
	pmu_word w = 0x0101010101010101ull * b;
	for (; n >= 32; n -= 32, d += 32) {
		pmu_word *q = (pmu_word *)(void *)d;
		q[0] = w;
		q[1] = w;
		q[2] = w;
		q[3] = w;
	}
	for (; n >= 8; n -= 8, d += 8)
		*(pmu_word *)(void *)d = w;
	while (n--)
		*d++ = b;
}

unsigned pmu_popcount(uint64_t v)
{
	unsigned n = 0;
	for (; v; v &= v - 1)
		n++;
	return n;
}

/*
 * Eight bytes a move: the app's log lines are copied into its held buffer with it. Front to
 * back, each word read before it is written: a move down within one buffer (cpuinfo's brand)
 * holds.
 */
void pmu_memcpy(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	for (; n >= 8; n -= 8, d += 8, s += 8)
		*(pmu_word *)(void *)d = *(const pmu_word *)(const void *)s;
	while (n--)
		*d++ = *s++;
}

void pmu_strlcpy(char *dst, const char *src, size_t cap)
{
	size_t i = 0;
	if (!cap)
		return;
	for (; i + 1 < cap && src[i]; i++)
		dst[i] = src[i];
	dst[i] = '\0';
}

int pmu_hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = lower(c);
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

long pmu_hex_bytes(const char *s, size_t n, uint8_t *out, size_t cap)
{
	if (n % 2 || n / 2 > cap || n / 2 > (size_t)0x7FFFFFFF)
		return -1;
	for (size_t i = 0; i < n; i += 2) {
		int hi = pmu_hex_digit(s[i]), lo = pmu_hex_digit(s[i + 1]);
		if (hi < 0 || lo < 0)
			return -1;
		out[i / 2] = (uint8_t)(hi << 4 | lo);
	}
	return (long)(n / 2);
}

bool pmu_parse_u64(const char *s, size_t n, uint64_t *out)
{
	unsigned base = 10;
	uint64_t v = 0;
	if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
		n -= 2;
	}
	if (!n)
		return false;
	for (size_t i = 0; i < n; i++) {
		int d = pmu_hex_digit(s[i]);
		if (d < 0 || (unsigned)d >= base)
			return false;
		if (v > (UINT64_MAX - (uint64_t)d) / base)
			return false;
		v = v * base + (uint64_t)d;
	}
	*out = v;
	return true;
}
