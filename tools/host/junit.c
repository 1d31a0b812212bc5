/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu-host junit LOG.jsonl... -o FILE.xml: the runs as JUnit XML for a CI server, one
 * testsuite per log, one testcase per check record (per CPU or package), uncore probe,
 * free-running agreement and icount claim, and one for the verdict. The layout is Apache
 * Ant's JUnit report as the JUnit XML schema of Windy Road gives it (tests/host/junit/,
 * Apache-2.0): docs/host-tool.md#junit says what each result becomes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "out/logread.h"
#include "runlog.h"

enum tc_kind { TC_PASS, TC_FAIL, TC_SKIP, TC_ERROR };

struct testcase {
	enum tc_kind kind;
	char classname[32], name[200], type[16], message[480];
	uint64_t repeat;
	bool has_repeat;
};

struct suite {
	struct runlog g;
	struct testcase *tc;
	unsigned n, cap;
	uint64_t max_repeat;
};

static struct testcase *add(struct suite *s, enum tc_kind kind, const char *type)
{
	s->tc = xgrow(s->tc, &s->cap, s->n, sizeof(*s->tc));
	struct testcase *t = &s->tc[s->n++];
	memset(t, 0, sizeof(*t));
	t->kind = kind;
	snprintf(t->type, sizeof(t->type), "%s", type);
	return t;
}

static void str(const struct logrec_view *v, const char *key, char *buf, size_t cap)
{
	pmu_status st = logread_get_str(v, key, buf, cap);
	if (st && st != PMU_ERR_NOSPACE)
		buf[0] = 0;
}

static bool num(const struct logrec_view *v, const char *key, uint64_t *out)
{
	return !logread_get_u64(v, key, out);
}

/* "cpu N" or "package N" (a probe's: its package's leader ran it), else "run". */
static void where_of(const struct logrec_view *v, char *buf, size_t cap)
{
	uint64_t n;
	if (!logread_str_is(v, "rec", "uncore_probe") && num(v, "cpu", &n))
		snprintf(buf, cap, "cpu %llu", (unsigned long long)n);
	else if (num(v, "package", &n))
		snprintf(buf, cap, "package %llu", (unsigned long long)n);
	else
		snprintf(buf, cap, "run");
}

/* "measured M, expected E" (or its bounds), then the record's reason. */
static void measured_text(const struct logrec_view *v, char *buf, size_t cap)
{
	uint64_t m, e, lo, hi;
	char reason[200] = "";
	int k = 0;
	str(v, "reason", reason, sizeof(reason));
	bool has_lo = num(v, "expected_min", &lo), has_hi = num(v, "expected_max", &hi);
	if (num(v, "measured", &m))
		k = snprintf(buf, cap, "measured %llu, ", (unsigned long long)m);
	if (has_lo && has_hi)
		k += snprintf(buf + k, cap - (size_t)k, "expected %llu..%llu", (unsigned long long)lo,
			      (unsigned long long)hi);
	else if (has_hi)
		k += snprintf(buf + k, cap - (size_t)k, "expected at most %llu", (unsigned long long)hi);
	else if (num(v, "expected", &e))
		k += snprintf(buf + k, cap - (size_t)k, "expected %llu", (unsigned long long)e);
	if (reason[0] && (size_t)k < cap)
		snprintf(buf + k, cap - (size_t)k, "%s%s", k ? ": " : "", reason);
}

/* A check or icount record: its result word decides the testcase. */
static void from_result(struct suite *s, const struct logrec_view *v, const char *name)
{
	char result[24];
	str(v, "result", result, sizeof(result));
	enum tc_kind kind = !strcmp(result, "PASS") ? TC_PASS : !strcmp(result, "FAIL") ? TC_FAIL :
			    TC_SKIP;
	struct testcase *t = add(s, kind, result);
	where_of(v, t->classname, sizeof(t->classname));
	snprintf(t->name, sizeof(t->name), "%s", name);
	t->has_repeat = num(v, "repeat", &t->repeat);
	if (t->has_repeat && t->repeat > s->max_repeat)
		s->max_repeat = t->repeat;
	char text[360], reason[200] = "";
	measured_text(v, text, sizeof(text));
	str(v, "reason", reason, sizeof(reason));
	if (kind == TC_SKIP && !strcmp(result, "DISTURBED"))
		snprintf(t->message, sizeof(t->message),
			 "DISTURBED: SMIs in every attempt, the count is not exact (%s)", text);
	else if (kind == TC_FAIL)
		snprintf(t->message, sizeof(t->message), "%s: %s", result, text);
	else if (kind == TC_SKIP)
		snprintf(t->message, sizeof(t->message), "%s: %s", result, reason);
}

static void on_check(struct suite *s, const struct logrec_view *v)
{
	char check[100], suite[24] = "", kernel[32] = "", clocks[48] = "", name[200];
	str(v, "check", check, sizeof(check));
	str(v, "suite", suite, sizeof(suite));
	str(v, "kernel", kernel, sizeof(kernel));
	str(v, "clocks", clocks, sizeof(clocks));
	snprintf(name, sizeof(name), "%s%s%s%s%s%s", suite, suite[0] ? " " : "", check,
		 kernel[0] ? " (" : "", kernel, kernel[0] ? ")" : "");
	if (clocks[0])
		snprintf(name + strlen(name), sizeof(name) - strlen(name), ": %s", clocks);
	from_result(s, v, name);
}

static void on_probe(struct suite *s, const struct logrec_view *v)
{
	char box[48], reg[48], result[48], p0[24], r0[24], p1[24], r1[24];
	str(v, "box", box, sizeof(box));
	str(v, "reg", reg, sizeof(reg));
	str(v, "result", result, sizeof(result));
	str(v, "pattern0", p0, sizeof(p0));
	str(v, "readback0", r0, sizeof(r0));
	str(v, "pattern1", p1, sizeof(p1));
	str(v, "readback1", r1, sizeof(r1));
	bool ok = !strcmp(result, "holds");
	struct testcase *t = add(s, ok ? TC_PASS : TC_FAIL, "FAIL");
	where_of(v, t->classname, sizeof(t->classname));
	snprintf(t->name, sizeof(t->name), "uncore probe %s (%s)", box, reg);
	if (!ok)
		snprintf(t->message, sizeof(t->message),
			 "%s: wrote %s, read back %s; wrote %s, read back %s", result, p0, r0, p1, r1);
}

static void on_freerun(struct suite *s, const struct logrec_view *v)
{
	char ctl[48], result[80];
	uint64_t rd = 0, wr = 0, crd = 0, cwr = 0;
	str(v, "controller", ctl, sizeof(ctl));
	str(v, "result", result, sizeof(result));
	(void)num(v, "read", &rd);
	(void)num(v, "write", &wr);
	(void)num(v, "cas_read", &crd);
	(void)num(v, "cas_write", &cwr);
	enum tc_kind kind = !strcmp(result, "agree") ? TC_PASS :
			    !strcmp(result, "DISAGREE") ? TC_FAIL : TC_SKIP;
	struct testcase *t = add(s, kind, "FAIL");
	where_of(v, t->classname, sizeof(t->classname));
	snprintf(t->name, sizeof(t->name), "free-running counters agree with the CAS counts: %s",
		 ctl);
	if (kind == TC_FAIL)
		snprintf(t->message, sizeof(t->message),
			 "DISAGREE: read %llu vs CAS %llu, write %llu vs CAS %llu lines, beyond 1/16 + 64",
			 (unsigned long long)rd, (unsigned long long)crd, (unsigned long long)wr,
			 (unsigned long long)cwr);
	else if (kind == TC_SKIP)
		snprintf(t->message, sizeof(t->message), "free-running counters %s", result);
}

static void on_record(void *ctx, const struct logrec_view *v, unsigned line)
{
	struct suite *s = ctx;
	char kernel[32] = "", name[64];
	(void)line;
	if (logread_str_is(v, "rec", "check")) {
		on_check(s, v);
	} else if (logread_str_is(v, "rec", "uncore_probe")) {
		on_probe(s, v);
	} else if (logread_str_is(v, "rec", "uncore_imc_freerun")) {
		on_freerun(s, v);
	} else if (logread_str_is(v, "rec", "icount")) {
		str(v, "kernel", kernel, sizeof(kernel));
		snprintf(name, sizeof(name), "icount claim (%s)", kernel);
		from_result(s, v, name);
	}
}

/* The verdict as a testcase: PASS passed, NO-PMU and NO-CHECK skipped, ERROR an error. */
static void verdict_case(struct suite *s)
{
	const struct runlog *g = &s->g;
	const char *v = g->verdict;
	enum tc_kind kind = !g->have_verdict ? TC_ERROR : !strcmp(v, "PASS") ? TC_PASS :
			    !strcmp(v, "ERROR") ? TC_ERROR :
			    !strcmp(v, "NO-PMU") || !strcmp(v, "NO-CHECK") ? TC_SKIP : TC_FAIL;
	struct testcase *t = add(s, kind, g->have_verdict ? v : "cut off");
	snprintf(t->classname, sizeof(t->classname), "run");
	snprintf(t->name, sizeof(t->name), "verdict");
	if (!g->have_verdict)
		snprintf(t->message, sizeof(t->message), "no verdict record: the run did not finish");
	else if (kind != TC_PASS)
		snprintf(t->message, sizeof(t->message), "%s%s%s", v, g->reason[0] ? ": " : "",
			 g->reason);
}

static void attr(FILE *o, const char *name, const char *value)
{
	fprintf(o, " %s=\"", name);
	xml_esc(o, value);
	fputc('"', o);
}

static void property(FILE *o, const char *name, const char *value)
{
	fputs("      <property", o);
	attr(o, "name", name);
	attr(o, "value", value);
	fputs("/>\n", o);
}

static void write_suite(FILE *o, const struct suite *s, unsigned id)
{
	const struct runlog *g = &s->g;
	unsigned n[4] = { 0 };
	for (unsigned i = 0; i < s->n; i++)
		n[s->tc[i].kind]++;
	const char *base = strrchr(g->path, '/');
	/* the schema wants a timestamp: the log's RTC time, else the epoch (a property says so) */
	fputs("  <testsuite", o);
	attr(o, "name", base ? base + 1 : g->path);
	attr(o, "package", "efipmu");
	fprintf(o, " id=\"%u\"", id);
	attr(o, "timestamp", g->time[0] ? g->time : "1970-01-01T00:00:00");
	fprintf(o, " hostname=\"localhost\" tests=\"%u\" failures=\"%u\" errors=\"%u\" skipped=\"%u\""
		   " time=\"0\">\n    <properties>\n", s->n, n[TC_FAIL], n[TC_ERROR], n[TC_SKIP]);
	char machine[400];
	ident_line(&g->id, machine, sizeof(machine));
	property(o, "machine", machine);
	property(o, "firmware_vendor", g->fw_vendor);
	property(o, "firmware_revision", g->fw_revision);
	property(o, "backend", g->backend);
	property(o, "settings", g->options);
	property(o, "simulated", g->header_sim ? "true" : "false");
	property(o, "rtc_time", g->time[0] ? g->time : "not in the log");
	fputs("    </properties>\n", o);
	for (unsigned i = 0; i < s->n; i++) {
		const struct testcase *t = &s->tc[i];
		char name[240];
		snprintf(name, sizeof(name), "%s", t->name);
		if (t->has_repeat && s->max_repeat)
			snprintf(name + strlen(name), sizeof(name) - strlen(name), " repeat %llu",
				 (unsigned long long)t->repeat);
		fputs("    <testcase", o);
		attr(o, "classname", t->classname);
		attr(o, "name", name);
		fputs(" time=\"0\"", o);
		if (t->kind == TC_PASS) {
			fputs("/>\n", o);
			continue;
		}
		static const char *const tag[] = { "", "failure", "skipped", "error" };
		fprintf(o, ">\n      <%s", tag[t->kind]);
		if (t->kind != TC_SKIP)
			attr(o, "type", t->type);
		attr(o, "message", t->message);
		fprintf(o, "/>\n    </testcase>\n");
	}
	fputs("    <system-out>", o);
	if (g->have_verdict) {
		fputs("verdict ", o);
		xml_esc(o, g->verdict);
	}
	fputs("</system-out>\n    <system-err/>\n  </testsuite>\n", o);
}

int cmd_junit(int argc, char **argv)
{
	const char *out = NULL;
	struct suite *s = xcalloc((size_t)argc + 1, sizeof(*s));
	unsigned n = 0;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "-o")) {
			if (++i >= argc)
				die("-o needs a value");
			out = argv[i];
			continue;
		}
		/* every log read whole first: a bad one is named and nothing is written */
		const struct load_hooks h = { .record = on_record, .ctx = &s[n] };
		load_with(&s[n].g, argv[i], &h);
		verdict_case(&s[n]);
		n++;
	}
	if (!n || !out)
		die("junit needs LOG.jsonl... and -o FILE.xml");
	char tmp[4096];
	FILE *o = open_part(out, tmp, sizeof(tmp));
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n", o);
	unsigned tests = 0, bad = 0;
	for (unsigned i = 0; i < n; i++) {
		write_suite(o, &s[i], i);
		tests += s[i].n;
		for (unsigned k = 0; k < s[i].n; k++)
			bad += s[i].tc[k].kind == TC_FAIL || s[i].tc[k].kind == TC_ERROR;
		free(s[i].tc);
		unload(&s[i].g);
	}
	fputs("</testsuites>\n", o);
	close_part(o, tmp, out);
	printf("%s: %u runs, %u testcases, %u failed or in error\n", out, n, tests, bad);
	free(s);
	return 0;
}
