/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Reading a bundle (efipmu-host bundle's file, tools/host/bundle.c): a parser of bytes a lab
 * sends back, kept apart from the tool so that it is fuzzed on its own (issue 35 item 8).
 */
#ifndef EFIPMU_HOST_BUNDLE_READ_H
#define EFIPMU_HOST_BUNDLE_READ_H

#include <stdbool.h>
#include <stddef.h>

#define BUNDLE_HEAD "efipmu-bundle 1\n"

/* One log of a bundle: its name and its bytes inside the bundle's text. */
struct bundle_log {
	char name[256];
	const char *text;
	size_t len;
};

enum bundle_read_st {
	BUNDLE_NOT,   /* not a bundle: it does not start with the bundle's first line */
	BUNDLE_OK,    /* every log of it, checked against its checksum, in logs[0..*n) */
	BUNDLE_BAD,   /* a bundle whose layout or checksum is wrong: *why says what */
};

/* text[0..len) as a bundle of at most max logs; nothing outside text is read. */
enum bundle_read_st bundle_read(const char *text, size_t len, struct bundle_log *logs,
				unsigned max, unsigned *n, const char **why);

#endif
