/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu-host replay LOG.jsonl (issue 26 item 3): the logged job run again on the model of the
 * machine the log's capture describes (its profile file, as sim-profile-file), through the
 * app's own run code on a host platform (host_platform.c), and compared with the log:
 *   - every check record (each exact claim, each selftest check): its measured value;
 *   - every count of the claims' own events (instructions, branches): its delta, per CPU,
 *     kernel, round and repeat;
 *   - every register of the ownership records: as found, the bits the run owned, written.
 * Each difference is one line naming the CPU or package, the check, event or register;
 * exit status 1 on any, 0 when none, 2 when the log cannot be replayed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture/profile.h"
#include "host.h"
#include "host_platform.h"
#include "out/logread.h"
#include "run/run.h"

#define REPLAY_PROFILE "replay.profile"
#define REPLAY_MAX_ARGS 64

/* One compared fact: "CPU 0, check 'kernel instructions retired' (inst) #1" -> "10018". */
struct fact {
	char key[320];
	char val[96];
};

struct facts {
	struct fact *f;
	size_t n, cap;
};

static void add(struct facts *fs, const char *key, const char *val)
{
	if (fs->n == fs->cap) {
		size_t cap = fs->cap ? fs->cap * 2 : 256;
		struct fact *f = realloc(fs->f, cap * sizeof(*f));
		if (!f)
			die("replay: out of memory");
		fs->f = f;
		fs->cap = cap;
	}
	snprintf(fs->f[fs->n].key, sizeof(fs->f[fs->n].key), "%s", key);
	snprintf(fs->f[fs->n].val, sizeof(fs->f[fs->n].val), "%s", val);
	fs->n++;
}

/* "CPU n" or "package n" of a record. */
static void where(const struct logrec_view *v, char *buf, size_t cap)
{
	uint64_t n;
	if (!logread_get_u64(v, "cpu", &n) && !logread_str_is(v, "box", "uncore"))
		snprintf(buf, cap, "CPU %llu", (unsigned long long)n);
	else if (!logread_get_u64(v, "package", &n))
		snprintf(buf, cap, "package %llu", (unsigned long long)n);
	else
		snprintf(buf, cap, "the machine");
}

static bool claim_event(const char *event)
{
	return !strcmp(event, "instructions") || !strcmp(event, "branches");
}

/* The n-th check of that key: a job may check a claim once per repeat. */
static unsigned nth(struct facts *fs, const char *prefix)
{
	unsigned k = 0;
	size_t len = strlen(prefix);
	for (size_t i = 0; i < fs->n; i++)
		k += !strncmp(fs->f[i].key, prefix, len);
	return k;
}

static void registers(struct facts *fs, const char *at, const struct logval *regs)
{
	struct logrec_view o;
	const char *p = regs->raw, *end = regs->raw + regs->raw_len;
	while ((p = memchr(p, '{', (size_t)(end - p))) != NULL) {
		const char *q = memchr(p, '}', (size_t)(end - p));
		char msr[48], scope[16], key[320], val[96], found[24], ours[24];
		bool written = false;
		if (!q || logread_line(p, (size_t)(q + 1 - p), &o) ||
		    logread_get_str(&o, "msr", msr, sizeof(msr)) ||
		    logread_get_str(&o, "scope", scope, sizeof(scope)) ||
		    logread_get_str(&o, "found", found, sizeof(found)) ||
		    logread_get_str(&o, "ours", ours, sizeof(ours)) ||
		    logread_get_bool(&o, "written", &written))
			die("replay: an ownership record's register is malformed");
		snprintf(key, sizeof(key), "%s, register %s (%s)", at, msr, scope);
		snprintf(val, sizeof(val), "found %s, ours %s, %s", found, ours,
			 written ? "written" : "not written");
		add(fs, key, val);
		p = q + 1;
	}
}

/* The facts of one log's text. */
static void facts_of(const char *text, size_t len, struct facts *fs)
{
	static struct logrec_view v;
	for (const char *p = text; p < text + len;) {
		const char *e = memchr(p, '\n', (size_t)(text + len - p));
		size_t n = e ? (size_t)(e - p) : (size_t)(text + len - p);
		char at[32], name[96], kernel[32], key[320], val[96];
		uint64_t x, round = 0, repeat = 0;
		if (n && !logread_line(p, n, &v)) {
			where(&v, at, sizeof(at));
			kernel[0] = 0;
			(void)logread_get_str(&v, "kernel", kernel, sizeof(kernel));
			if (logread_str_is(&v, "rec", "check") &&
			    !logread_get_str(&v, "check", name, sizeof(name))) {
				snprintf(key, sizeof(key), "%s, check '%s' (%s) #", at, name, kernel);
				snprintf(key + strlen(key), sizeof(key) - strlen(key), "%u",
					 nth(fs, key) + 1);
				if (logread_get_u64(&v, "measured", &x))
					snprintf(val, sizeof(val), "not measured");
				else
					snprintf(val, sizeof(val), "%llu", (unsigned long long)x);
				add(fs, key, val);
			} else if (logread_str_is(&v, "rec", "count") &&
				   !logread_get_str(&v, "event", name, sizeof(name)) && claim_event(name) &&
				   !logread_get_u64(&v, "delta", &x)) {
				(void)logread_get_u64(&v, "round", &round);
				(void)logread_get_u64(&v, "repeat", &repeat);
				snprintf(key, sizeof(key), "%s, event %s (%s) round %llu repeat %llu", at,
					 name, kernel, (unsigned long long)round,
					 (unsigned long long)repeat);
				snprintf(val, sizeof(val), "%llu", (unsigned long long)x);
				add(fs, key, val);
			} else if (logread_str_is(&v, "rec", "ownership") &&
				   logread_find(&v, "registers")) {
				registers(fs, at, logread_find(&v, "registers"));
			}
		}
		p += n + 1;
	}
}

static int by_key(const void *a, const void *b)
{
	return strcmp(((const struct fact *)a)->key, ((const struct fact *)b)->key);
}

/* Both sorted by key: one line per key whose value differs or that one side lacks. */
static unsigned differences(struct facts *a, struct facts *b)
{
	unsigned d = 0;
	size_t i = 0, j = 0;
	if (a->n)
		qsort(a->f, a->n, sizeof(*a->f), by_key);
	if (b->n)
		qsort(b->f, b->n, sizeof(*b->f), by_key);
	while (i < a->n || j < b->n) {
		int c = i == a->n ? 1 : j == b->n ? -1 : strcmp(a->f[i].key, b->f[j].key);
		if (c < 0) {
			printf("%s: %s in the log, not in the replay\n", a->f[i].key, a->f[i].val);
			i++;
			d++;
		} else if (c > 0) {
			printf("%s: not in the log, %s in the replay\n", b->f[j].key, b->f[j].val);
			j++;
			d++;
		} else {
			if (strcmp(a->f[i].val, b->f[j].val)) {
				printf("%s: log %s, replay %s\n", a->f[i].key, a->f[i].val, b->f[j].val);
				d++;
			}
			i++;
			j++;
		}
	}
	return d;
}

/* The header's effective settings as the command line that made them, on the replay's model. */
static void settings(const char *text, size_t len, struct efipmu_options *opt)
{
	static struct logrec_view v;
	static char options[2048];
	char *argv[REPLAY_MAX_ARGS];
	int argc = 0;
	const char *e = memchr(text, '\n', len);
	struct opt_error err;
	if (!e || logread_line(text, (size_t)(e - text), &v) || !logread_str_is(&v, "rec", "header") ||
	    logread_get_str(&v, "options", options, sizeof(options)))
		die("replay: the log's first record is not a header with the run's options");
	argv[argc++] = "efipmu";
	for (char *tok = strtok(options, " "); tok && argc < REPLAY_MAX_ARGS - 6;
	     tok = strtok(NULL, " ")) {
		static char flags[REPLAY_MAX_ARGS][64];
		char *eq = strchr(tok, '=');
		if (eq)
			*eq = 0;
		/* the machine and the log are the replay's own */
		if (!strcmp(tok, "backend") || !strcmp(tok, "sim-profile") ||
		    !strcmp(tok, "sim-profile-file") || !strcmp(tok, "output") ||
		    !strcmp(tok, "qemu-exit"))
			continue;
		snprintf(flags[argc], sizeof(flags[argc]), "--%s", tok);
		argv[argc] = flags[argc];
		argc++;
		if (eq)
			argv[argc++] = eq + 1;
	}
	argv[argc++] = "--backend";
	argv[argc++] = "sim";
	argv[argc++] = "--sim-profile-file";
	argv[argc++] = REPLAY_PROFILE;
	options_defaults(opt);
	if (options_parse_argv(argc, (const char *const *)argv, opt, &err))
		die("replay: the log's options do not parse: %s", err.msg);
}

/* One log replayed: its differences (each printed), and its summary line. */
static unsigned replay_one(const char *name, const char *text, size_t len)
{
	struct machine *m = host_machine_of_text(name, text, len);
	size_t max = host_profile_max(m->ncpus);
	char *profile = xcalloc(1, max);
	struct strbuf sb;
	sb_init(&sb, profile, max);
	profile_write(m, "the machine of the log replayed", &sb);
	struct efipmu_options opt;
	settings(text, len, &opt);

	struct host_platform *hp = xcalloc(1, sizeof(*hp));
	struct run *run = xcalloc(1, sizeof(*run));
	struct run_header h = { .fw_vendor = "efipmu-host replay", .time = "" };
	host_platform_init(hp, m, REPLAY_PROFILE, profile);
	enum verdict v = run_init(run, &hp->plat, &opt, "(replay)", NULL, NULL);
	if (v == VERDICT_PASS)
		v = run_main(run, &h);
	run_fini(run);
	if (v == VERDICT_ERROR)
		die("replay: the job did not run on the model: %s", hp->console ? hp->console : "");

	struct facts a = { 0 }, b = { 0 };
	facts_of(text, len, &a);
	facts_of(hp->log, hp->log_len, &b);
	unsigned d = differences(&a, &b);
	printf("replay of %s on its captured machine (%u CPUs): %zu facts of the log, %u %s\n",
	       name, m->ncpus, a.n, d, d == 1 ? "difference" : "differences");
	free(a.f);
	free(b.f);
	host_platform_fini(hp);
	free(hp);
	free(run);
	free(profile);
	free(m);
	return d;
}

#define REPLAY_MAX_BUNDLED 64

int cmd_replay(int argc, char **argv)
{
	if (argc != 1 || argv[0][0] == '-')
		die("replay: usage: efipmu-host replay LOG.jsonl|BUNDLE");
	size_t len;
	char *text = read_whole(argv[0], &len);
	struct bundle_log *logs = xcalloc(REPLAY_MAX_BUNDLED, sizeof(*logs));
	unsigned n, d = 0;
	if (bundle_logs(argv[0], text, len, logs, REPLAY_MAX_BUNDLED, &n)) {
		for (unsigned i = 0; i < n; i++)
			d += replay_one(logs[i].name, logs[i].text, logs[i].len);
	} else {
		d = replay_one(argv[0], text, len);
	}
	free(logs);
	free(text);
	return d ? EXIT_REGRESSED : 0;
}
