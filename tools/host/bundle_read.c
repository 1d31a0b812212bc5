/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* A bundle's logs, each checked against its checksum and the whole against the end line. */
#include <string.h>

#include "bundle_read.h"
#include "sha256.h"

/* "end " + 64 hex digits + "\n": the last line, over every byte before it. */
#define END_LINE 69

/* The run of characters at line[*at] up to the next blank or the end; *at moves past it. */
static size_t field(const char *line, size_t n, size_t *at)
{
	size_t start = *at;
	while (*at < n && line[*at] != ' ')
		(*at)++;
	return *at - start;
}

/*
 * A "log NAME BYTES SHA256" line (line[0..n), no newline: one blank between fields, BYTES
 * decimal, SHA256 64 lower-case hex digits) into *out; false when it is not one.
 */
static bool log_line(const char *line, size_t n, struct bundle_log *out, size_t *bytes,
		     char sum[65])
{
	size_t at = 4, k;
	if (n < 4 || memcmp(line, "log ", 4))
		return false;
	const char *name = line + at;
	k = field(line, n, &at);
	if (!k || k >= sizeof(out->name) || memchr(name, '\0', k) || at++ >= n)
		return false;
	memcpy(out->name, name, k);
	out->name[k] = 0;
	const char *num = line + at;
	k = field(line, n, &at);
	if (!k || k > 19 || at++ >= n)
		return false;
	*bytes = 0;
	for (size_t i = 0; i < k; i++) {
		if (num[i] < '0' || num[i] > '9')
			return false;
		*bytes = *bytes * 10 + (size_t)(num[i] - '0');
	}
	const char *hexd = line + at;
	if (field(line, n, &at) != 64 || at != n)
		return false;
	for (size_t i = 0; i < 64; i++)
		if (!((hexd[i] >= '0' && hexd[i] <= '9') || (hexd[i] >= 'a' && hexd[i] <= 'f')))
			return false;
	memcpy(sum, hexd, 64);
	sum[64] = 0;
	return true;
}

enum bundle_read_st bundle_read(const char *text, size_t len, struct bundle_log *logs,
				unsigned max, unsigned *n, const char **why)
{
	size_t hl = strlen(BUNDLE_HEAD);
	char hex[65];
	*n = 0;
	*why = NULL;
	if (len < hl || memcmp(text, BUNDLE_HEAD, hl))
		return BUNDLE_NOT;
	const char *endl = len >= hl + END_LINE ? text + len - END_LINE : NULL;
	*why = "a bundle without its end line (cut off?)";
	if (!endl || memcmp(endl, "end ", 4) || text[len - 1] != '\n')
		return BUNDLE_BAD;
	sha256_hex(text, (size_t)(endl - text), hex);
	*why = "the bundle's checksum does not match its bytes: damaged in transit";
	if (memcmp(endl + 4, hex, 64))
		return BUNDLE_BAD;
	for (const char *p = text + hl; p < endl;) {
		const char *e = memchr(p, '\n', (size_t)(endl - p));
		*why = "a bundle line without its end";
		if (!e)
			return BUNDLE_BAD;
		if (*p == '#') {
			p = e + 1;
			continue;
		}
		char sum[65];
		size_t bytes = 0;
		*why = "a bundle's log line is malformed";
		if (*n >= max || !log_line(p, (size_t)(e - p), &logs[*n], &bytes, sum) ||
		    bytes >= (size_t)(endl - (e + 1)) || e[1 + bytes] != '\n')
			return BUNDLE_BAD;
		sha256_hex(e + 1, bytes, hex);
		*why = "a log of the bundle does not match its checksum";
		if (strcmp(hex, sum))
			return BUNDLE_BAD;
		logs[*n].text = e + 1;
		logs[(*n)++].len = bytes;
		p = e + 1 + bytes + 1;
	}
	*why = NULL;
	return BUNDLE_OK;
}
