/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The command line: the input split at NUL bytes into argv[1..]; all or nothing, one-line errors. */
#include "fuzz.h"
#include "run/options.h"

#define MAX_ARGS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *argv[MAX_ARGS + 1];
	struct efipmu_options o, before;
	struct opt_error err;
	char *text = fuzz_cstr(data, size);
	int argc = 0;

	argv[argc++] = "efipmu";
	for (size_t i = 0; i < size && argc < MAX_ARGS; i += strlen(text + i) + 1)
		argv[argc++] = text + i;
	argv[argc] = NULL;

	options_defaults(&o);
	before = o;
	memset(&err, 0, sizeof(err));
	if (options_parse_argv(argc, argv, &o, &err) != PMU_OK) {
		FUZZ_CHECK(!memcmp(&o, &before, sizeof(o)));
		fuzz_check_msg(err.msg, sizeof(err.msg));
		FUZZ_CHECK(err.line == 0);
	} else {
		FUZZ_CHECK(o.repeats >= 1 && o.repeats <= OPT_REPEATS_MAX);
	}
	free(text);
	return 0;
}
