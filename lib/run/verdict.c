/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include <stddef.h>
#include "run/verdict.h"

enum verdict verdict_worse(enum verdict x, enum verdict y)
{
	static const unsigned rank[] = { [VERDICT_PASS] = 0, [VERDICT_NO_PMU] = 1,
					 [VERDICT_DISTURBED] = 2, [VERDICT_FAIL] = 3,
					 [VERDICT_ERROR] = 4 };
	return rank[x] >= rank[y] ? x : y;
}

const char *verdict_name(enum verdict v)
{
	switch (v) {
	case VERDICT_PASS:
		return "PASS";
	case VERDICT_FAIL:
		return "FAIL";
	case VERDICT_NO_PMU:
		return "NO-PMU";
	case VERDICT_DISTURBED:
		return "DISTURBED";
	case VERDICT_ERROR:
		break;
	}
	return "ERROR";
}

struct verdict_result verdict_decide(const struct verdict_input *in)
{
	struct verdict_result r = { VERDICT_PASS, NULL };
	if (in->job == VERDICT_ERROR) {
		r.v = VERDICT_ERROR;
		return r;
	}
	if (in->missing || !in->ran) {
		r.v = VERDICT_FAIL;
		r.reason = in->ran ? "a selected CPU did not answer" : "no CPU ran";
	} else if (in->fault_test) {
		r.v = in->faults_caught == in->ran ? VERDICT_PASS : VERDICT_FAIL;
		if (r.v == VERDICT_FAIL)
			r.reason = "a #GP was not reported as a status";
	} else if (in->unusable) {
		r.v = VERDICT_FAIL;
		r.reason = in->unusable_reason;
	} else if (in->with_pmu < in->ran) {
		r.v = VERDICT_NO_PMU;
		r.reason = in->no_pmu_reason;
	} else {
		r.v = in->job;
		if (r.v == VERDICT_PASS && in->disturbed) {
			r.v = VERDICT_DISTURBED;
			r.reason = "SMIs disturbed a window in every attempt: its counts are not exact";
		}
	}
	if (in->log_lost) {
		/* a run whose log is incomplete is not a result to trust */
		r.v = VERDICT_FAIL;
		r.reason = in->log_lost;
	}
	return r;
}
