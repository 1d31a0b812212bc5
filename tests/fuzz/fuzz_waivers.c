/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A lab's waiver file (run/waiver.c): any bytes, not NUL-terminated; all or nothing, one
 * error line that starts with the bad line's number. A parsed set, written back line by
 * line, parses to the same waivers.
 */
#include "fuzz.h"
#include "run/waiver.h"

static struct waiver_set set, again;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[160];
	memset(err, 0, sizeof(err));
	if (waiver_parse((const char *)data, size, &set, err, sizeof(err)) != PMU_OK) {
		fuzz_check_msg(err, sizeof(err));
		FUZZ_CHECK(err[0] >= '1' && err[0] <= '9');
		FUZZ_CHECK(set.n == 0);
		return 0;
	}
	FUZZ_CHECK(set.n <= WAIVER_MAX);
	for (unsigned i = 0; i < set.n; i++) {
		const struct waiver *w = &set.w[i];
		char line[WAIVER_LINE_MAX];
		struct strbuf sb;
		FUZZ_CHECK(w->ref[0] && (w->kind >= 0 || w->event[0]));
		sb_init(&sb, line, sizeof(line));
		waiver_format(w, &sb);
		FUZZ_CHECK(!sb.overflow);
		FUZZ_CHECK(waiver_parse(line, strlen(line), &again, err, sizeof(err)) == PMU_OK);
		FUZZ_CHECK(again.n == 1);
		const struct waiver *b = &again.w[0];
		FUZZ_CHECK(b->has_sig == w->has_sig && b->has_stepping == w->has_stepping &&
			   b->family == w->family && b->model == w->model &&
			   b->stepping == w->stepping && b->microcode_below == w->microcode_below &&
			   b->kind == w->kind && !strcmp(b->event, w->event) && !strcmp(b->ref, w->ref));
	}
	return 0;
}
