/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu-host profile LOG.jsonl [-o NAME.profile]: the profile file of the machine a log's
 * capture describes (its `machine` records). efipmu-host profile --builtin NAME [--cpus N]
 * [--packages P] [--dies D] [--threads T] [-o FILE]: a built-in profile's file, the model's
 * machine on N CPUs spread evenly over P packages (and over D dies a package, as firmware's
 * Location2 gives them; none: no die said), T threads a core, APIC id = CPU number (as
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

/* A profile's text of n CPUs, at most: 1 MiB, and 64 KiB a CPU (each takes 6-7). */
size_t host_profile_max(unsigned ncpus)
{
	return ((size_t)1 << 20) + (size_t)ncpus * (64u << 10);
}

/* An empty machine with room for n CPUs (at least one) and portals dies' tables. */
static struct machine *new_machine(unsigned n, unsigned portals)
{
	struct machine *m = xcalloc(1, machine_bytes(n ? n : 1, portals));
	machine_clear(m, n ? n : 1, portals);
	return m;
}

struct model_loaded *host_profile_file(const char *path)
{
	size_t len;
	char *text = read_whole(path, &len), err[160];
	struct machine *m = new_machine(profile_cpus(text, len), profile_dies(text, len));
	const char *base = strrchr(path, '/');
	if (profile_read(text, len, m, err, sizeof(err)))
		die("%s: %s", path, err);
	struct model_loaded *l = xcalloc(1, model_loaded_bytes(m));
	if (model_loaded_make(m, base ? base + 1 : path, l, model_loaded_bytes(m)))
		die("%s: no CPU with CPUID leaf 1 in it", path);
	free(m);
	free(text);
	return l;
}

struct machine *host_machine_of_text(const char *name, const char *text, size_t len)
{
	struct machine_reader *r = xcalloc(1, sizeof(*r));
	unsigned cpus, portals;
	machine_read_room(text, len, &r->view, &cpus, &portals);
	struct machine *m = new_machine(cpus, portals);
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
	return m;
}

/*
 * The threads a core of p has: CPUID leaf 0BH subleaf 0, the SMT level (ECX[15:8] 1), its
 * EBX[15:0] logical processors (Intel SDM vol. 2A, CPUID; AMD APM vol. 3, Fn0000_000B); 0
 * where p's CPUID has no such level (QEMU's: no limit said).
 */
static unsigned part_threads(const struct model_profile *p)
{
	struct pmu_cpuid r = model_cpuid_table_answer(p->cpuid, 0xB, 0);
	return model_cpuid_raw(p, 0, 0).eax >= 0xB && (r.ecx >> 8 & 0xFF) == 1 ? r.ebx & 0xFFFF : 0;
}

/*
 * The built-in profile's machine on ncpus CPUs spread evenly over npkgs packages, tpc
 * threads a core, refused where the part cannot have that shape.
 */
static struct machine *from_builtin(const char *name, unsigned ncpus, unsigned npkgs,
				    unsigned tpc, unsigned ndies)
{
	const struct model_profile *p = model_profile_find(name);
	if (!p)
		die("no built-in profile '%s'", name);
	if (!ncpus || !npkgs || !tpc || ncpus % npkgs || (ncpus / npkgs) % tpc ||
	    ncpus > MODEL_MAX_CPUS || npkgs > MODEL_MAX_PKGS)
		die("--cpus %u --packages %u --threads %u: the CPUs must divide evenly (at most %u CPUs, "
		    "%u packages)", ncpus, npkgs, tpc, MODEL_MAX_CPUS, MODEL_MAX_PKGS);
	if (ndies && ((ncpus / npkgs) % ndies || ndies > MODEL_MAX_DIES))
		die("--dies %u: a package's CPUs must divide evenly over its dies (at most %u)", ndies,
		    MODEL_MAX_DIES);
	unsigned cores = ncpus / npkgs / tpc, threads = part_threads(p);
	if (threads && tpc > threads)
		die("--threads %u: a core of %s has %u (its CPUID leaf 0xB, SMT level)", tpc, name,
		    threads);
	if (p->max_cores && cores > p->max_cores)
		die("%u cores a package: %s has at most %u (%s)", cores, name, p->max_cores,
		    p->max_cores_part);
	struct model *mod = xcalloc(1, model_bytes(ncpus));
	struct model_machine_scratch *s = xcalloc(1, sizeof(*s));
	s->mem = host_box_alloc;
	if (model_init(mod, model_bytes(ncpus), p, ncpus, npkgs))
		die("the model cannot make %u CPUs in %u packages", ncpus, npkgs);
	for (unsigned i = 0; i < ncpus; i++)
		if (model_place_core(mod, i, (i % (ncpus / npkgs)) / tpc) ||
		    (ndies && model_place_die(mod, i, (i % (ncpus / npkgs)) / (ncpus / npkgs / ndies))))
			die("the model cannot place CPU %u", i);
	struct machine *m = new_machine(ncpus, model_machine_dies(mod));
	if (model_machine(mod, m, s))
		die("the model's machine does not fit a profile (%u portal tables past its %u dies)",
		    m->portals_left, m->die_cap);
	free(s);
	free(mod);
	return m;
}

/* The machine of a CPUID dump; comment says where each part of it comes from. */
static struct machine *from_dump(const char *path, char *comment, size_t cap)
{
	struct cpuid_dump d;
	char *text = host_read_dump(path, &d);
	struct model_dump_scratch *s = xcalloc(1, model_dump_scratch_bytes(d.ncpu));
	/* no die in a dump: a portal table a package at most */
	struct machine *m = new_machine(d.ncpu, MACHINE_MAX_PKGS);
	struct model *mod = xcalloc(1, model_bytes(d.ncpu));
	s->machine.mem = host_box_alloc;
	s->cap = d.ncpu;
	const struct model_profile *base = NULL;
	const char *why;
	if (model_dump_machine(&d, m, &base, s, mod, model_bytes(d.ncpu), &why))
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
	free(mod);
	free(s);
	host_free_dump(&d, text);
	return m;
}

int cmd_profile(int argc, char **argv)
{
	const char *out = NULL, *builtin = NULL, *log = NULL, *dump = NULL;
	unsigned ncpus = 4, npkgs = 1, tpc = 1, ndies = 0;
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
		else if (!strcmp(argv[i], "--dies") && i + 1 < argc)
			ndies = (unsigned)parse_number("--dies", argv[++i]);
		else if (argv[i][0] == '-' || log)
			die("profile: unexpected '%s' (profile LOG.jsonl [-o FILE], --builtin NAME "
			    "[--cpus N] [--packages P] [--dies D] [--threads T] [-o FILE], or "
			    "--cpuid-dump DUMP.txt "
			    "[-o FILE])", argv[i]);
		else
			log = argv[i];
	}
	if (!!log + !!builtin + !!dump != 1)
		die("profile: give a log, --builtin NAME or --cpuid-dump DUMP.txt, one of them");
	struct machine *m;
	char comment[1024];
	if (log) {
		size_t len;
		char *text = read_whole(log, &len);
		m = host_machine_of_text(log, text, len);
		free(text);
		snprintf(comment, sizeof(comment), "made by efipmu-host profile from %s", log);
	} else if (dump) {
		m = from_dump(dump, comment, sizeof(comment));
	} else {
		m = from_builtin(builtin, ncpus, npkgs, tpc, ndies);
		snprintf(comment, sizeof(comment), "built-in profile %s on %u CPUs, %u packages, %u "
			 "threads a core", builtin, ncpus, npkgs, tpc);
	}
	size_t max = host_profile_max(m->ncpus);
	char *text = xcalloc(1, max);
	struct strbuf sb;
	sb_init(&sb, text, max);
	profile_write(m, comment, &sb);
	if (sb.overflow)
		die("profile: longer than %zu bytes", max);
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
