/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Shared by the libFuzzer targets: a checked property aborts, so libFuzzer
 * keeps the input as a crash, and inputs become NUL-terminated copies.
 */
#ifndef EFIPMU_FUZZ_H
#define EFIPMU_FUZZ_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_CHECK(cond)                                                                  \
	do {                                                                              \
		if (!(cond)) {                                                            \
			fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__, __LINE__, \
				#cond);                                                   \
			abort();                                                          \
		}                                                                         \
	} while (0)

/* data[0..size) plus a NUL, in a buffer of its own so ASan sees reads past it. */
static inline char *fuzz_cstr(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	FUZZ_CHECK(s != NULL);
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/*
 * An error message: NUL-terminated inside its buffer, not empty, one line of
 * printable text (quoted input shows its control bytes as \xNN).
 */
static inline void fuzz_check_msg(const char *msg, size_t cap)
{
	const char *end = memchr(msg, '\0', cap);
	FUZZ_CHECK(end != NULL);
	size_t n = (size_t)(end - msg);
	FUZZ_CHECK(n > 0);
	for (size_t i = 0; i < n; i++)
		FUZZ_CHECK((unsigned char)msg[i] >= 0x20 && (unsigned char)msg[i] < 0x7f);
}

#endif
