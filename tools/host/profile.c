/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu-host profile LOG.jsonl [-o NAME.profile]: the profile file of the machine a log's
 * capture describes (its `machine` records). efipmu-host profile --builtin NAME [--cpus N]
 * [--packages P] [--threads T] [-o FILE]: a built-in profile's file, the model's machine
 * on N CPUs spread evenly over P packages, T threads a core, APIC id = CPU number (as
 * QEMU and the unit tests' platform number them). efipmu-host profile --cpuid-dump DUMP.txt
 * [-o FILE]: the machine of a CPUID dump (lib/model/model_dump.c), what a dump cannot say
 * taken from a built-in profile and said in the file's comments. An existing FILE is never
 * overwritten.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture/profile.h"
#include "host.h"
#include "model/model_dump.h"
#include "model/model_machine.h"
#include "out/machine_read.h"

#include "model/model_loaded.h"

#define PROFILE_TEXT_MAX (8u << 20)

struct model_loaded *host_profile_file(const char *path)
{
	size_t len;
	char *text = read_whole(path, &len), err[160];
	struct machine *m = xcalloc(1, sizeof(*m));
	struct model_loaded *l = xcalloc(1, sizeof(*l));
	const char *base = strrchr(path, '/');
	if (profile_read(text, len, m, err, sizeof(err)))
		die("%s: %s", path, err);
	if (model_loaded_make(m, base ? base + 1 : path, l))
		die("%s: no CPU with CPUID leaf 1 in it", path);
	free(m);
	free(text);
	return l;
}

void host_machine_of_text(const char *name, const char *text, size_t len, struct machine *m)
{
	struct machine_reader *r = xcalloc(1, sizeof(*r));
	machine_read_init(r, m);
	for (const char *p = text; p < text + len;) {
		const char *e = memchr(p, '\n', (size_t)(text + len - p));
		size_t n = e ? (size_t)(e - p) : (size_t)(text + len - p);
		if (machine_read_line(r, p, n))
			die("%s: %s", name, r->err);
		p += n + 1;
	}
	if (machine_read_end(r))
		die("%s: %s", name, r->err);
	free(r);
}

char *host_read_machine(const char *path, struct machine *m, size_t *len)
{
	char *text = read_whole(path, len);
	host_machine_of_text(path, text, *len, m);
	return text;
}

static void from_builtin(const char *name, unsigned ncpus, unsigned npkgs, unsigned tpc,
			 struct machine *m)
{
	const struct model_profile *p = model_profile_find(name);
	if (!p)
		die("no built-in profile '%s'", name);
	if (!ncpus || !npkgs || !tpc || ncpus % npkgs || (ncpus / npkgs) % tpc ||
	    ncpus > MACHINE_MAX_CPUS || npkgs > MACHINE_MAX_PKGS)
		die("--cpus %u --packages %u --threads %u: the CPUs must divide evenly (at most %u CPUs, "
		    "%u packages)", ncpus, npkgs, tpc, MACHINE_MAX_CPUS, MACHINE_MAX_PKGS);
	struct model *mod = xcalloc(1, sizeof(*mod));
	struct model_machine_scratch *s = xcalloc(1, sizeof(*s));
	s->mem = host_box_alloc;
	if (model_init(mod, p, ncpus, npkgs))
		die("the model cannot make %u CPUs in %u packages", ncpus, npkgs);
	for (unsigned i = 0; i < ncpus; i++)
		if (model_place_core(mod, i, (i % (ncpus / npkgs)) / tpc))
			die("the model cannot place CPU %u", i);
	if (model_machine(mod, m, s))
		die("the model's machine does not fit a profile");
	free(s);
	free(mod);
}

/* The machine of a CPUID dump; comment says where each part of it comes from. */
static void from_dump(const char *path, struct machine *m, char *comment, size_t cap)
{
	struct cpuid_dump d;
	char *text = host_read_dump(path, &d);
	struct model_dump_scratch *s = xcalloc(1, sizeof(*s));
	s->machine.mem = host_box_alloc;
	const struct model_profile *base = NULL;
	const char *why;
	if (model_dump_machine(&d, m, &base, s, &why))
		die("%s: %s", path, why ? why : "the base profile's model failed");
	const struct cpuid_entry *l1 = cpuid_walk_find(&m->cpu[0].walk, 1, 0);
	uint32_t sig = l1 ? l1->r.eax : 0, bsig = model_cpuid_raw(base, 1, 0).eax;
	bool same = (sig & 0x0FFF0FF0u) == (bsig & 0x0FFF0FF0u);
	snprintf(comment, cap,
		 "made by efipmu-host profile from the CPUID dump %s (%u logical CPUs)\n"
		 "# CPUID: each CPU's own leaves, from the dump; APIC ID, package and core from its "
		 "leaf 0xB (else leaf 1)\n"
		 "# not in a dump, so from the built-in profile %s (%s): every MSR and its hand-off "
		 "value, the uncore (%s) and its PCI boxes; not this machine's",
		 path, d.ncpu, base->name,
		 same ? "the same vendor, family and model" :
			"no built-in profile of this family and model: the vendor's fallback",
		 m->uncore);
	free(s);
	host_free_dump(&d, text);
}

int cmd_profile(int argc, char **argv)
{
	const char *out = NULL, *builtin = NULL, *log = NULL, *dump = NULL;
	unsigned ncpus = 4, npkgs = 1, tpc = 1;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "-o") && i + 1 < argc)
			out = argv[++i];
		else if (!strcmp(argv[i], "--builtin") && i + 1 < argc)
			builtin = argv[++i];
		else if (!strcmp(argv[i], "--cpuid-dump") && i + 1 < argc)
			dump = argv[++i];
		else if (!strcmp(argv[i], "--cpus") && i + 1 < argc)
			ncpus = (unsigned)parse_number("--cpus", argv[++i]);
		else if (!strcmp(argv[i], "--packages") && i + 1 < argc)
			npkgs = (unsigned)parse_number("--packages", argv[++i]);
		else if (!strcmp(argv[i], "--threads") && i + 1 < argc)
			tpc = (unsigned)parse_number("--threads", argv[++i]);
		else if (argv[i][0] == '-' || log)
			die("profile: unexpected '%s' (profile LOG.jsonl [-o FILE], --builtin NAME "
			    "[--cpus N] [--packages P] [--threads T] [-o FILE], or --cpuid-dump DUMP.txt "
			    "[-o FILE])", argv[i]);
		else
			log = argv[i];
	}
	if (!!log + !!builtin + !!dump != 1)
		die("profile: give a log, --builtin NAME or --cpuid-dump DUMP.txt, one of them");
	struct machine *m = xcalloc(1, sizeof(*m));
	char comment[1024];
	if (log) {
		size_t len;
		free(host_read_machine(log, m, &len));
		snprintf(comment, sizeof(comment), "made by efipmu-host profile from %s", log);
	} else if (dump) {
		from_dump(dump, m, comment, sizeof(comment));
	} else {
		from_builtin(builtin, ncpus, npkgs, tpc, m);
		snprintf(comment, sizeof(comment), "built-in profile %s on %u CPUs, %u packages, %u "
			 "threads a core", builtin, ncpus, npkgs, tpc);
	}
	char *text = xcalloc(1, PROFILE_TEXT_MAX);
	struct strbuf sb;
	sb_init(&sb, text, PROFILE_TEXT_MAX);
	profile_write(m, comment, &sb);
	if (sb.overflow)
		die("profile: longer than %u bytes", PROFILE_TEXT_MAX);
	FILE *f = stdout;
	if (out && !(f = fopen(out, "wx")))
		die("profile: cannot create %s (it exists, or the folder cannot be written): "
		    "a profile is never overwritten", out);
	fwrite(text, 1, sb.len, f);
	if (f != stdout && fclose(f))
		die("profile: writing %s failed", out);
	free(text);
	free(m);
	return 0;
}
