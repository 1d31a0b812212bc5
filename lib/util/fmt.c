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

void sb_putn(struct strbuf *sb, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		sb_putc(sb, s[i]);
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
	while (*s)
		sb_putc(sb, *s++);
}

void sb_dec(struct strbuf *sb, uint64_t v)
{
	char tmp[20];
	size_t n = 0;
	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		sb_putc(sb, tmp[--n]);
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
	sb_puts(sb, "0x");
	while (n--)
		sb_putc(sb, hex[(v >> (4 * n)) & 0xf]);
}

void sb_hex(struct strbuf *sb, uint64_t v)
{
	sb_hex_width(sb, v, 1);
}

void sb_pad_to(struct strbuf *sb, size_t col)
{
	while (sb->len < col && !sb->overflow)
		sb_putc(sb, ' ');
}

void sb_json_str(struct strbuf *sb, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	sb_putc(sb, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\') {
			sb_putc(sb, '\\');
			sb_putc(sb, (char)c);
		} else if (c == '\n') {
			sb_puts(sb, "\\n");
		} else if (c < 0x20 || c >= 0x7f) {
			sb_puts(sb, "\\u00");
			sb_putc(sb, hex[c >> 4]);
			sb_putc(sb, hex[c & 0xf]);
		} else {
			sb_putc(sb, (char)c);
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

void pmu_memset(void *dst, int c, size_t n)
{
	unsigned char *d = dst;
	while (n--)
		*d++ = (unsigned char)c;
}

void pmu_memcpy(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
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
