/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* --cpus lists: any bytes, not NUL-terminated; a set that parses survives format and parse again. */
#include "fuzz.h"
#include "util/cpuset.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cpuset set, again, before;
	const char *why = NULL;
	char text[1024];
	struct strbuf sb;

	memset(&set, 0xA5, sizeof(set));
	before = set;
	pmu_status st = cpuset_parse((const char *)data, size, &set, &why);
	if (st != PMU_OK) {
		FUZZ_CHECK(st == PMU_ERR_INVALID || st == PMU_ERR_RANGE);
		FUZZ_CHECK(why && *why);
		FUZZ_CHECK(!memcmp(&set, &before, sizeof(set)));   /* unchanged on error */
		return 0;
	}
	FUZZ_CHECK(cpuset_count(&set) > 0);
	sb_init(&sb, text, sizeof(text));
	cpuset_format(&set, &sb);
	FUZZ_CHECK(!sb.overflow);
	FUZZ_CHECK(cpuset_parse(text, sb.len, &again, &why) == PMU_OK);
	FUZZ_CHECK(!memcmp(&set, &again, sizeof(set)));
	return 0;
}
