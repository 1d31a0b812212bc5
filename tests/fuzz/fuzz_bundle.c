/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A bundle, any bytes (issue 35 item 8): what a lab sends back, read by efipmu-host replay.
 * The reader reads nothing outside the text, names what is wrong, and every log it returns
 * lies inside the text and matches the checksum its line gives.
 */
#include "bundle_read.h"
#include "fuzz.h"
#include "sha256.h"

#define MAX_LOGS 8

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size ? size : 1);   /* not NUL-terminated: the reader has the length */
	FUZZ_CHECK(text != NULL);
	memcpy(text, data, size);
	struct bundle_log logs[MAX_LOGS];
	unsigned n = 99;
	const char *why = NULL;
	enum bundle_read_st st = bundle_read(text, size, logs, MAX_LOGS, &n, &why);
	if (st == BUNDLE_OK) {
		FUZZ_CHECK(why == NULL && n <= MAX_LOGS);
		for (unsigned i = 0; i < n; i++) {
			char hex[65];
			FUZZ_CHECK(logs[i].text >= text && logs[i].len <= size &&
				   logs[i].text + logs[i].len < text + size);
			FUZZ_CHECK(logs[i].name[0] && memchr(logs[i].name, '\0', sizeof(logs[i].name)));
			sha256_hex(logs[i].text, logs[i].len, hex);
			FUZZ_CHECK(memmem(text, size, hex, 64) != NULL);   /* its line's checksum */
		}
	} else if (st == BUNDLE_BAD) {
		fuzz_check_msg(why, strlen(why) + 1);
	} else {
		FUZZ_CHECK(st == BUNDLE_NOT && n == 0);
	}
	free(text);
	return 0;
}
