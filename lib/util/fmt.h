/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Bounded text building without libc: used for the console, the log and tests. */
#ifndef EFIPMU_FMT_H
#define EFIPMU_FMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct strbuf {
	char *buf;
	size_t cap;      /* bytes of buf, including room for the terminating NUL */
	size_t len;
	bool overflow;   /* something did not fit: the text is truncated */
};

void sb_init(struct strbuf *sb, char *buf, size_t cap);
void sb_reset(struct strbuf *sb);
void sb_putc(struct strbuf *sb, char c);
void sb_puts(struct strbuf *sb, const char *s);
void sb_putn(struct strbuf *sb, const char *s, size_t n);
/* User input in a message: bytes outside printable ASCII as \xNN (one line). */
void sb_putn_printable(struct strbuf *sb, const char *s, size_t n);
void sb_dec(struct strbuf *sb, uint64_t v);
void sb_sdec(struct strbuf *sb, int64_t v);
void sb_dec_grouped(struct strbuf *sb, uint64_t v);   /* 1,234,567 */
void sb_hex(struct strbuf *sb, uint64_t v);           /* 0x1f */
void sb_hex_width(struct strbuf *sb, uint64_t v, unsigned digits); /* 0x001f */
/* The low `digits` hex digits of v, no "0x": family and model as usually written (06-2d). */
void sb_hex_digits(struct strbuf *sb, uint64_t v, unsigned digits);
void sb_hex_bytes(struct strbuf *sb, const uint8_t *b, size_t n);  /* 00041a, no 0x */
void sb_pad_to(struct strbuf *sb, size_t col);        /* spaces up to column col of the buffer */
void sb_json_str(struct strbuf *sb, const char *s);   /* "quoted, escaped" */
void sb_json_key(struct strbuf *sb, const char *key); /* ,"key": (comma unless after '{') */

size_t pmu_strlen(const char *s);
int pmu_strcmp(const char *a, const char *b);
int pmu_strncmp(const char *a, const char *b, size_t n);
int pmu_strcasecmp(const char *a, const char *b);
void pmu_memset(void *dst, int c, size_t n);
/* Bits set in v (the app links no libgcc, so no __builtin_popcount). */
unsigned pmu_popcount(uint64_t v);
void pmu_memcpy(void *dst, const void *src, size_t n);
void pmu_strlcpy(char *dst, const char *src, size_t cap);

/* The value of hex digit c (either case), -1 if it is not one. */
int pmu_hex_digit(char c);
/* s[0..n) as pairs of hex digits into out (cap bytes): the bytes, or -1 if it is not that. */
long pmu_hex_bytes(const char *s, size_t n, uint8_t *out, size_t cap);
/* Parses an unsigned number, decimal or 0x-hex, all of s[0..n). */
bool pmu_parse_u64(const char *s, size_t n, uint64_t *out);

#endif
