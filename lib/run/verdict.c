/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include <stddef.h>
#include "out/logrec.h"
#include "run/verdict.h"

enum verdict verdict_worse(enum verdict x, enum verdict y)
{
	static const unsigned rank[] = { [VERDICT_PASS] = 0, [VERDICT_NO_CHECK] = 1,
					 [VERDICT_NO_PMU] = 2, [VERDICT_DISTURBED] = 3,
					 [VERDICT_FAIL] = 4, [VERDICT_ERROR] = 5 };
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
	case VERDICT_NO_CHECK:
		return "NO-CHECK";
	case VERDICT_ERROR:
		break;
	}
	return "ERROR";
}

const char *verdict_check_name(enum check_kind k)
{
	static const char *const names[CHECK_KINDS] = {
		[CHECK_INSTRUCTIONS] = "instructions", [CHECK_BRANCHES] = "branches",
		[CHECK_LOADS] = "loads", [CHECK_STORES] = "stores",
		[CHECK_BOUNDED] = "within bounds", [CHECK_UNCORE_PROBES] = "uncore probes",
		[CHECK_SELFTEST] = "selftest checks", [CHECK_FAULT_PATHS] = "fault tests",
		[CHECK_ICOUNT] = "icount claims", [CHECK_SKEW] = "skew measurements",
		[CHECK_WRITE_LOGS] = "write logs", [CHECK_BOX_CLOCKS] = "box clock agreements",
		[CHECK_MEMORY_BOUNDS] = "memory bounds",
		[CHECK_FREERUN] = "free-running agreements", [CHECK_CXL_TICKS] = "CXL clock-tick counts",
		[CHECK_RESTORE] = "restore read-backs",
	};
	return (unsigned)k < CHECK_KINDS ? names[k] : "?";
}

void verdict_waived(struct verdict_checks *c, const char *ref)
{
	c->waived++;
	for (unsigned i = 0; i < c->nrefs; i++)
		if (!pmu_strcmp(c->waived_by[i], ref))
			return;
	if (c->nrefs < VERDICT_WAIVED_REFS)
		c->waived_by[c->nrefs++] = ref;
	else
		c->more_refs = true;
}

unsigned verdict_checks_total(const struct verdict_checks *c)
{
	unsigned n = 0;
	for (unsigned k = 0; k < CHECK_KINDS; k++)
		n += c->n[k];
	return n;
}

/* The verdict of the checks themselves, once every CPU ran and has what the job needs. */
static void judge_checks(const struct verdict_input *in, struct verdict_result *r)
{
	r->v = in->job;
	if (r->v == VERDICT_PASS && in->disturbed) {
		r->v = VERDICT_DISTURBED;
		r->reason = "SMIs disturbed a window in every attempt: its counts are not exact";
	} else if (r->v == VERDICT_PASS && in->claims &&
		   /* read-backs prove the run put things back, not a claim about the PMU */
		   verdict_checks_total(&in->checks) == in->checks.n[CHECK_RESTORE]) {
		r->v = VERDICT_NO_CHECK;
		r->reason = in->checks.none_why ? in->checks.none_why :
			"no count had a claim to check it against";
	}
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
		/* every #GP a status; then the job's own verdict: its registers read back as put back */
		r.v = in->faults_caught == in->ran ? in->job : VERDICT_FAIL;
		if (in->faults_caught != in->ran)
			r.reason = "a #GP was not reported as a status";
	} else if (in->pmu_claims && in->unusable) {
		r.v = VERDICT_FAIL;
		r.reason = in->unusable_reason;
	} else if (in->pmu_claims && in->with_pmu < in->ran) {
		r.v = VERDICT_NO_PMU;
		r.reason = in->no_pmu_reason;
	} else {
		judge_checks(in, &r);
	}
	if (in->log_lost) {
		/* a run whose log is incomplete is not a result to trust */
		r.v = VERDICT_FAIL;
		r.reason = in->log_lost;
	}
	return r;
}

void verdict_record(struct strbuf *sb, const struct verdict_input *in,
		    const struct verdict_result *r)
{
	logrec_key_str(sb, "verdict", verdict_name(r->v));
	logrec_key_u64(sb, "cpus_ran", in->ran);
	logrec_key_u64(sb, "cpus_missing", in->missing);
	logrec_key_u64(sb, "cpus_unfinished", in->unfinished);
	logrec_key_u64(sb, "cpus_with_core_pmu", in->with_pmu);
	logrec_key_u64(sb, "checks", verdict_checks_total(&in->checks));
	sb_json_key(sb, "checks_by_kind");
	sb_putc(sb, '{');
	bool first = true;
	for (unsigned k = 0; k < CHECK_KINDS; k++) {
		if (!in->checks.n[k])
			continue;
		if (!first)
			sb_putc(sb, ',');
		first = false;
		sb_putc(sb, '"');
		sb_puts(sb, verdict_check_name((enum check_kind)k));
		sb_puts(sb, "\":");
		sb_dec(sb, in->checks.n[k]);
	}
	sb_putc(sb, '}');
	if (in->checks.waived) {
		logrec_key_u64(sb, "waived", in->checks.waived);
		sb_json_key(sb, "waived_by");
		for (unsigned i = 0; i < in->checks.nrefs; i++) {
			sb_putc(sb, i ? ',' : '[');
			sb_json_str(sb, in->checks.waived_by[i]);
		}
		sb_putc(sb, ']');
	}
	if (in->fault_test)
		logrec_key_u64(sb, "faults_caught", in->faults_caught);
	if (r->reason || in->no_pmu_reason)
		logrec_key_str(sb, "reason", r->reason ? r->reason : in->no_pmu_reason);
	if (in->log_lost)
		logrec_key_str(sb, "log_lost", in->log_lost);
}

static void say_count(struct strbuf *sb, unsigned n, const char *what)
{
	if (!n)
		return;
	sb_puts(sb, ", ");
	sb_dec(sb, n);
	sb_puts(sb, what);
}

void verdict_line(struct strbuf *sb, const struct verdict_input *in,
		  const struct verdict_result *r)
{
	static const char *const one[CHECK_KINDS] = {
		[CHECK_INSTRUCTIONS] = "instruction", [CHECK_BRANCHES] = "branch",
		[CHECK_LOADS] = "load", [CHECK_STORES] = "store",
		[CHECK_BOUNDED] = "within bounds", [CHECK_UNCORE_PROBES] = "uncore probe",
		[CHECK_SELFTEST] = "selftest check", [CHECK_FAULT_PATHS] = "fault test",
		[CHECK_ICOUNT] = "icount claim", [CHECK_SKEW] = "skew measurement",
		[CHECK_WRITE_LOGS] = "write log", [CHECK_BOX_CLOCKS] = "box clock agreement",
		[CHECK_MEMORY_BOUNDS] = "memory bound", [CHECK_FREERUN] = "free-running agreement",
		[CHECK_CXL_TICKS] = "CXL clock-tick count", [CHECK_RESTORE] = "restore read-back",
	};
	unsigned total = verdict_checks_total(&in->checks);
	sb_puts(sb, "VERDICT: ");
	sb_puts(sb, verdict_name(r->v));
	sb_puts(sb, " - ");
	sb_dec(sb, in->ran);
	sb_puts(sb, in->ran == 1 ? " CPU" : " CPUs");
	if (in->pmu_claims && in->with_pmu < in->ran) {
		sb_puts(sb, ", ");
		sb_dec(sb, in->with_pmu);
		sb_puts(sb, " with a core PMU");
	}
	say_count(sb, in->missing, " did not answer");
	say_count(sb, in->unfinished, " did not finish");
	if (!total)
		sb_puts(sb, ", no checks");
	else {
		sb_puts(sb, ", ");
		sb_dec(sb, total);
		sb_puts(sb, total == 1 ? " check:" : " checks:");
	}
	bool first = true;
	for (unsigned k = 0; k < CHECK_KINDS; k++) {
		if (!in->checks.n[k])
			continue;
		sb_puts(sb, first ? " " : ", ");
		first = false;
		sb_dec(sb, in->checks.n[k]);
		sb_putc(sb, ' ');
		sb_puts(sb, in->checks.n[k] == 1 ? one[k] : verdict_check_name((enum check_kind)k));
	}
	if (in->checks.waived) {
		sb_puts(sb, "; ");
		sb_dec(sb, in->checks.waived);
		sb_puts(sb, " WAIVED:");
		for (unsigned i = 0; i < in->checks.nrefs; i++) {
			sb_puts(sb, i ? ", " : " ");
			sb_puts(sb, in->checks.waived_by[i]);
		}
		if (in->checks.more_refs)
			sb_puts(sb, " and more (the check records name them)");
	}
	if (in->fault_test) {
		sb_puts(sb, "; #GP caught on all paths on ");
		sb_dec(sb, in->faults_caught);
		sb_puts(sb, in->faults_caught == 1 ? " CPU" : " CPUs");
	}
}
