/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu-host summary [--tsc-hz HZ] LOG.jsonl: counts (min/median/max over repeats),
 * the CPUs a hybrid run left out of an event, checks, verdict and metrics.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "out/derived.h"
#include "runlog.h"
#include "util/fmt.h"

/* Metrics of one group of series (a CPU's core events or a package's uncore events), medians. */
static void print_metrics(const char *who, struct series *s, unsigned n, const bool *member,
			  uint64_t ticks, uint64_t hz)
{
	struct derived_input *in = xcalloc(n, sizeof(*in));
	unsigned k = 0;
	bool sim = false;
	for (unsigned j = 0; j < n; j++)
		if (member[j]) {
			in[k].event = s[j].first->event;
			in[k++].delta = s[j].st.median;
			sim |= s[j].sim;
		}
	struct derived_set d;
	derived_compute(in, k, ticks, hz, &d);
	free(in);
	char buf[512];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	for (unsigned i = 0; i < DM_COUNT; i++) {
		if (!d.m[i].present)
			continue;
		sb_puts(&sb, sb.len ? ", " : "");
		derived_fmt(&sb, &d.m[i]);
	}
	if (sb.len)
		printf("%s%-8s %s\n", sim_tag(sim), who, buf);
}

static void summary_metrics(struct series *s, unsigned n, uint64_t hz)
{
	bool *member = xcalloc(n, sizeof(bool));
	bool *done = xcalloc(n, sizeof(bool));
	printf("\nderived metrics (from medians):\n");
	for (unsigned j = 0; j < n; j++) {
		if (done[j])
			continue;
		const struct count *c = s[j].first;
		bool core = !strcmp(c->box, "core");
		uint64_t ticks = 0;
		for (unsigned i = 0; i < n; i++) {
			const struct count *o = s[i].first;
			member[i] = !strcmp(o->kernel, c->kernel) && core == !strcmp(o->box, "core") &&
				    (core ? o->cpu == c->cpu : o->package == c->package);
			done[i] |= member[i];
			if (member[i] && !ticks)
				ticks = s[i].ticks_st.median;
		}
		print_metrics(where(c), s, n, member, ticks, hz);
	}
	free(member);
	free(done);
}

/* The "left_out" records (hybrid: CPUs whose core type does not count an event), as lines. */
struct left_out {
	char *text;
	size_t len, cap;
};

static void left_out_record(void *ctx, const struct logrec_view *v, unsigned line)
{
	struct left_out *o = ctx;
	char event[EVENT_NAME_MAX] = "", list[64] = "", cpus[64] = "", why[160] = "";
	(void)line;
	if (!logread_str_is(v, "rec", "left_out"))
		return;
	(void)logread_get_str(v, "event", event, sizeof(event));
	(void)logread_get_str(v, "list", list, sizeof(list));
	(void)logread_get_str(v, "cpus", cpus, sizeof(cpus));
	(void)logread_get_str(v, "why", why, sizeof(why));
	size_t need = o->len + strlen(event) + strlen(list) + strlen(cpus) + strlen(why) + 64;
	if (need > o->cap) {
		o->cap = need * 2;
		char *t = realloc(o->text, o->cap);
		if (!t)
			die("out of memory");
		o->text = t;
	}
	o->len += (size_t)sprintf(o->text + o->len, "%s%s%s%s%s not counted on CPUs %s: %s\n",
				  sim_tag(logread_simulated(v)), event, list[0] ? " (" : "", list,
				  list[0] ? ")" : "", cpus, why);
}

int cmd_summary(int argc, char **argv)
{
	const char *path = NULL;
	uint64_t hz = 0;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--tsc-hz")) {
			if (++i >= argc)
				die("--tsc-hz needs a value");
			hz = parse_number("TSC rate", argv[i]);
		} else if (path) {
			die("summary takes one log");
		} else {
			path = argv[i];
		}
	}
	if (!path)
		die("summary needs a log");
	struct runlog g;
	struct left_out out = { NULL, 0, 0 };
	const struct load_hooks hooks = { false, left_out_record, &out };
	load_with(&g, path, &hooks);
	if (!hz)
		hz = g.tsc_hz;
	print_header(&g, "log ");
	if (g.header_sim)
		printf(SIM_TAG "SIMULATED: every value below comes from the reference model\n");
	if (g.have_header)
		printf("%scommand line: %s; %llu CPUs found, %llu enabled\n", sim_tag(g.header_sim),
		       g.cmdline, (unsigned long long)g.cpus_found, (unsigned long long)g.cpus_enabled);
	unsigned n;
	struct series *s = make_series(&g, &n);
	if (n)
		printf("\n%s%-8s %-28s %3s %13s %13s %13s\n", sim_tag(g.header_sim), "WHERE", "EVENT", "N",
		       "MIN", "MEDIAN", "MAX");
	for (unsigned j = 0; j < n; j++) {
		const struct count *c = s[j].first;
		if (!j || strcmp(c->kernel, s[j - 1].first->kernel))
			printf("%skernel %s\n", sim_tag(g.header_sim), c->kernel[0] ? c->kernel : "(none)");
		printf("%s%-8s %-28s %3u %13s %13s %13s%s\n", sim_tag(s[j].sim), where(c), c->event,
		       s[j].n, grouped(s[j].st.min), grouped(s[j].st.median), grouped(s[j].st.max),
		       s[j].overflowed ? " (overflowed)" : "");
	}
	if (out.len)
		printf("\nleft out (hybrid: the core type's CPUs do not count it):\n%s", out.text);
	free(out.text);
	if (n) {
		summary_metrics(s, n, hz);
	} else {
		printf("\nno counts\n");
	}
	unsigned pass = 0;
	if (g.nchecks)
		printf("\nchecks:\n");
	for (unsigned i = 0; i < g.nchecks; i++) {
		const struct check *k = &g.checks[i];
		pass += !strcmp(k->result, "PASS");
		char e[96], m[64];
		check_expected(k, e, sizeof(e));
		check_measured(k, m, sizeof(m));
		printf("%s%s: %s, %s: %s\n", sim_tag(k->sim), check_label(k), e, m, k->result);
	}
	if (g.nchecks)
		printf("%u of %u checks passed\n", pass, g.nchecks);
	if (g.have_verdict)
		printf("\n%sverdict: %s - %llu CPUs ran, %llu missing, %llu with a core PMU%s%s\n",
		       sim_tag(g.verdict_sim), g.verdict, (unsigned long long)g.cpus_ran,
		       (unsigned long long)g.cpus_missing, (unsigned long long)g.cpus_with_pmu,
		       g.reason[0] ? "; " : "", g.reason);
	else
		printf("\nno verdict record: the run did not finish\n");
	free_series(s, n);
	unload(&g);
	return 0;
}
