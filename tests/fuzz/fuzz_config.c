/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* efipmu.cfg text: any bytes, not NUL-terminated; all or nothing, one-line errors naming a line. */
#include "fuzz.h"
#include "run/options.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct efipmu_options o, before;
	struct opt_error err;
	char line[1024];
	struct strbuf sb;

	options_defaults(&o);
	before = o;
	memset(&err, 0, sizeof(err));
	if (options_parse_config((const char *)data, size, &o, &err) != PMU_OK) {
		FUZZ_CHECK(!memcmp(&o, &before, sizeof(o)));
		fuzz_check_msg(err.msg, sizeof(err.msg));
		FUZZ_CHECK(err.line > 0);
		return 0;
	}
	FUZZ_CHECK(o.repeats >= 1 && o.repeats <= OPT_REPEATS_MAX);
	FUZZ_CHECK(memchr(o.events, '\0', sizeof(o.events)) && memchr(o.output, '\0', sizeof(o.output)));
	sb_init(&sb, line, sizeof(line));
	options_describe(&o, &sb);
	return 0;
}
