/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu-host perf-json LOG.jsonl: the counts as `perf stat -j -A -a -e EVENTS` writes them,
 * one JSON object a line per count (Linux tools/perf/util/stat-display.c: the aggregation id,
 * counter-value, event, event-runtime, pcnt-running, then a metric; fields joined by ", ",
 * keys and values by " : "). docs/host-tool.md#perf-json says what each key holds here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "out/logread.h"
#include "runlog.h"
#include "util/fmt.h"

/* What the counts need besides the runlog: each count's window in TSC ticks. */
struct times {
	const struct runlog *g;
	uint64_t *win;         /* per CPU: its last window's ticks (tsc_off - tsc_on) */
	unsigned nwin;
	uint64_t tsc_per_us;   /* the last skew record's */
	uint64_t *runtime_ns;  /* per count */
	unsigned cap;
};

static void on_record(void *ctx, const struct logrec_view *v, unsigned line)
{
	struct times *t = ctx;
	uint64_t cpu, on, off;
	(void)line;
	if (logread_str_is(v, "rec", "skew")) {
		(void)logread_get_u64(v, "tsc_per_us", &t->tsc_per_us);
	} else if (logread_str_is(v, "rec", "window") && !logread_get_u64(v, "cpu", &cpu) &&
		   !logread_get_u64(v, "tsc_on", &on) && !logread_get_u64(v, "tsc_off", &off) &&
		   cpu < 1u << 20) {
		while (cpu >= t->nwin) {
			unsigned had = t->nwin;
			t->win = xgrow(t->win, &t->nwin, had, sizeof(*t->win));
			memset(t->win + had, 0, (t->nwin - had) * sizeof(*t->win));
		}
		t->win[cpu] = off - on;
	} else if (logread_str_is(v, "rec", "count")) {
		unsigned i = t->g->ncounts - 1;
		t->runtime_ns = xgrow(t->runtime_ns, &t->cap, i, sizeof(*t->runtime_ns));
		const struct count *k = &t->g->counts[i];
		uint64_t ns = 0;
		/* the CPU's window (for the uncore, its package leader's), else the count's ticks */
		if (k->cpu < t->nwin && t->win[k->cpu] && t->tsc_per_us)
			ns = t->win[k->cpu] * 1000 / t->tsc_per_us;
		else if (k->tsc_ticks && t->g->tsc_hz)
			ns = (uint64_t)((double)k->tsc_ticks * 1e9 / (double)t->g->tsc_hz);
		t->runtime_ns[i] = ns;
	}
}

/* The count of event on the same CPU, kernel and repeat as k, or NULL. */
static const struct count *sibling(const struct runlog *g, const struct count *k, const char *event)
{
	for (unsigned i = 0; i < g->ncounts; i++) {
		const struct count *c = &g->counts[i];
		if (c->cpu == k->cpu && c->repeat == k->repeat && !strcmp(c->box, "core") &&
		    !strcmp(c->kernel, k->kernel) && !strcmp(c->event, event))
			return c;
	}
	return NULL;
}

int cmd_perf_json(int argc, char **argv)
{
	if (argc != 1)
		die("perf-json needs one log");
	struct runlog g;
	struct times t = { .g = &g };
	const struct load_hooks h = { .record = on_record, .ctx = &t };
	load_with(&g, argv[0], &h);
	char buf[512], name[EVENT_NAME_MAX + 40];
	struct strbuf sb;
	for (unsigned i = 0; i < g.ncounts; i++) {
		const struct count *k = &g.counts[i];
		bool core = !strcmp(k->box, "core");
		/* perf names an uncore event PMU/EVENT/ */
		if (core || strchr(k->event, '/'))
			snprintf(name, sizeof(name), "%s", k->event);
		else
			snprintf(name, sizeof(name), "%s/%s/", k->box, k->event);
		sb_init(&sb, buf, sizeof(buf));
		sb_puts(&sb, "{\"cpu\" : \"");
		sb_dec(&sb, k->cpu);
		sb_puts(&sb, "\", \"counter-value\" : \"");
		sb_dec(&sb, k->delta);
		sb_puts(&sb, ".000000\", \"event\" : ");
		sb_json_str(&sb, name);
		sb_puts(&sb, ", \"event-runtime\" : ");
		sb_dec(&sb, t.runtime_ns[i]);
		/* efipmu never multiplexes: each count ran for the whole of its window */
		sb_puts(&sb, ", \"pcnt-running\" : 100.00");
		const struct count *cyc = core && !strcmp(k->event, "instructions") ?
					  sibling(&g, k, "cycles") : NULL;
		if (sb.overflow)
			die("%s: count %u does not fit a line", argv[0], i);
		if (cyc && cyc->delta)
			snprintf(buf + sb.len, sizeof(buf) - sb.len,
				 ", \"metric-value\" : \"%f\", \"metric-unit\" : \"insn per cycle\"",
				 (double)k->delta / (double)cyc->delta);
		printf("%s}\n", buf);
	}
	free(t.win);
	free(t.runtime_ns);
	unload(&g);
	return 0;
}
