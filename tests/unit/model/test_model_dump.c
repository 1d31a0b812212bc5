/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A CPUID dump as a profile (lib/model/model_dump.c, `efipmu-host profile --cpuid-dump`):
 * the dump of a built-in profile's processor, written as a profile file, read back and run
 * by the model, gives every CPU the same discovery result as the built-in profile gives
 * the CPU of its core type; its CPUID is the dump's own, leaf for leaf.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "boxes.h"
#include "capture/profile.h"
#include "model/model_dump.h"
#include "model/model_loaded.h"
#include "pmu/cpuinfo.h"

#define CAP 4096
#define TEXT_MAX (4u << 20)
#define DUMP_CPUS 64   /* the most CPUs of a dump here */
#define DUMP_BYTES model_bytes(DUMP_CPUS)

struct dump_file {
	struct cpuid_dump d;
	struct model_cpuid_leaf leaf[CAP];
	struct model_cpuid_table cpu[CAP];
	unsigned number[CAP];
	char text[1 << 20];
};

static void read_dump(const char *name, struct dump_file *f)
{
	char path[256];
	snprintf(path, sizeof(path), "data/cpuid/%s", name);
	FILE *fp = fopen(path, "rb");
	if (!fp)
		fail_msg("cannot open %s (run from the repository root)", path);
	size_t len = fread(f->text, 1, sizeof(f->text) - 1, fp);
	fclose(fp);
	f->text[len] = 0;
	f->d = (struct cpuid_dump){ .leaf = f->leaf, .leaf_cap = CAP, .cpu = f->cpu,
				    .cpu_number = f->number, .cpu_cap = CAP };
	assert_int_equal(cpuid_dump_parse(&f->d, f->text, len), PMU_OK);
}

static void discover(struct model *m, unsigned cpu, struct cpu_info *ci)
{
	struct pmu_backend b;
	model_backend(m, &b);
	memset(ci, 0, sizeof(*ci));
	assert_int_equal(pmu_discover(&b, cpu, ci), PMU_OK);
}

/* What discovery found, the CPU's place and brand aside (a dump's brand is the real one). */
static void same_discovery(const char *what, unsigned cpu, const struct cpu_info *a,
			   const struct cpu_info *b)
{
	if (strcmp(a->vendor, b->vendor) || a->signature != b->signature ||
	    a->family != b->family || a->model != b->model || a->max_leaf != b->max_leaf ||
	    a->max_ext_leaf != b->max_ext_leaf || a->microcode != b->microcode ||
	    a->perf_cap != b->perf_cap || a->uncore != b->uncore ||
	    memcmp(&a->arch, &b->arch, sizeof(a->arch)))
		fail_msg("%s, CPU %u: discovery differs from the built-in profile's (version %u/%u, "
			 "gp %u/%u, fixed mask %#x/%#x, core type %u/%u, uncore %d/%d)", what, cpu,
			 a->arch.version, b->arch.version, a->arch.n_gp, b->arch.n_gp,
			 a->arch.fixed_mask, b->arch.fixed_mask, a->arch.core_type,
			 b->arch.core_type, a->uncore, b->uncore);
}

static void test_dump_profiles_discover_as_builtin(void **state)
{
	(void)state;
	static const struct { const char *profile, *file; } t[] = {
		{ "nehalem-ep", "intel-06-1a-nehalem-ep.txt" },
		{ "westmere-ep", "intel-06-2c-westmere-ep.txt" },
		{ "nehalem-ex", "intel-06-2e-nehalem-ex.txt" },
		{ "westmere-ex", "intel-06-2f-westmere-ex.txt" },
		{ "sandy-bridge-ep", "intel-06-2d-sandy-bridge-ep.txt" },
		{ "skylake-sp", "intel-06-55-skylake-sp.txt" },
		{ "icelake-sp", "intel-06-6a-ice-lake-sp.txt" },
		{ "sapphire-rapids", "intel-06-8f-sapphire-rapids.txt" },
		{ "emerald-rapids", "intel-06-cf-emerald-rapids.txt" },
		{ "alder-lake", "intel-06-97-alder-lake.txt" },
		{ "meteor-lake", "intel-06-aa-meteor-lake.txt" },
		{ "lunar-lake", "intel-06-bd-lunar-lake.txt" },
		{ "panther-lake", "intel-06-cc-panther-lake.txt" },
		{ "arrow-lake-h", "intel-06-c5-arrow-lake-h.txt" },
		{ "zen2", "amd-17-31-rome.txt" }, { "zen3", "amd-19-01-milan.txt" },
		{ "zen4", "amd-19-11-genoa.txt" },
		{ "granite-ridge", "amd-1a-44-granite-ridge.txt" },
		{ "strix-point", "amd-1a-24-strix-point.txt" },
		/* not turin-dense: its file keeps 2 CPUs of package 0 and 1 of package 1 */
	};
	struct dump_file *f = malloc(sizeof(*f));
	struct model_dump_scratch *s = malloc(model_dump_scratch_bytes(DUMP_CPUS));
	s->machine.mem = test_box_alloc;
	s->cap = DUMP_CPUS;
	struct machine *m = test_machine(DUMP_CPUS, MACHINE_MAX_PKGS);
	struct machine *back = test_machine(DUMP_CPUS, MACHINE_MAX_PKGS);
	struct model *mod = malloc(DUMP_BYTES), *ref = malloc(DUMP_BYTES);
	struct model *base_model = malloc(DUMP_BYTES);
	char *text = malloc(TEXT_MAX), err[160];
	assert_true(f && s && mod && ref && base_model && text);
	for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		print_message("%s\n", t[i].file);
		read_dump(t[i].file, f);
		const struct model_profile *base = NULL;
		const char *why = NULL;
		assert_int_equal(model_dump_machine(&f->d, m, &base, s, base_model, DUMP_BYTES, &why), PMU_OK);
		assert_string_equal(base->name, t[i].profile);
		struct strbuf sb;
		sb_init(&sb, text, TEXT_MAX);
		profile_write(m, "a dump", &sb);
		assert_false(sb.overflow);
		assert_int_equal(profile_read(text, sb.len, back, err, sizeof(err)), PMU_OK);
		struct model_loaded *l = malloc(model_loaded_bytes(back));
		assert_non_null(l);
		assert_int_equal(model_loaded_make(back, t[i].file, l, model_loaded_bytes(back)), PMU_OK);
		assert_int_equal(model_loaded_init(mod, DUMP_BYTES, l, back), PMU_OK);
		/* the built-in profile on as many CPUs: its upper half E-cores, as the dumps' */
		assert_int_equal(model_init(ref, DUMP_BYTES, model_profile_find(t[i].profile),
					    f->d.ncpu, 1), PMU_OK);
		for (unsigned c = 0; c < f->d.ncpu; c++) {
			struct cpu_info a, b;
			discover(mod, c, &a);
			discover(ref, c, &b);
			same_discovery(t[i].file, c, &a, &b);
			/* every leaf of the dump's CPU within its maxima answers as the dump says */
			const struct model_cpuid_table *dc = &f->d.cpu[c];
			for (unsigned k = 0; k < dc->n; k++) {
				if (model_cpuid_leaf_answered(dc, dc->leaf[k].leaf) != dc->leaf[k].leaf)
					continue;   /* past a maximum: CPUID answers another leaf */
				/* a subleaf past 0 of a leaf the walk reads once (Panther Lake's
				   0x28 [SL 06]; cpuid_walk.c has no rule for that leaf) */
				if (dc->leaf[k].sub && !cpuid_leaf_has_subleaves(dc->leaf[k].leaf))
					continue;
				const struct cpuid_entry *e = cpuid_walk_find(&back->cpu[c].walk,
									      dc->leaf[k].leaf,
									      dc->leaf[k].sub);
				if (!e || e->r.eax != dc->leaf[k].eax || e->r.ebx != dc->leaf[k].ebx ||
				    e->r.ecx != dc->leaf[k].ecx || e->r.edx != dc->leaf[k].edx)
					fail_msg("%s CPU %u: leaf %#x subleaf %u not the dump's",
						 t[i].file, c, dc->leaf[k].leaf, dc->leaf[k].sub);
			}
		}
		free(l);
	}
	free(text);
	free(base_model);
	free(ref);
	free(mod);
	free(back);
	free(m);
	free(s);
	free(f);
}

/* A dump of a processor without a built-in profile takes the vendor's fallback, said. */
static void test_dump_without_profile(void **state)
{
	(void)state;
	struct dump_file *f = malloc(sizeof(*f));
	struct model_dump_scratch *s = malloc(model_dump_scratch_bytes(DUMP_CPUS));
	s->machine.mem = test_box_alloc;
	s->cap = DUMP_CPUS;
	struct machine *m = test_machine(DUMP_CPUS, MACHINE_MAX_PKGS);
	struct model *base_model = malloc(DUMP_BYTES);
	assert_true(f && s && base_model);
	const struct model_profile *base = NULL;
	const char *why = NULL;
	read_dump("intel-06-3f-haswell-ep.txt", f);
	assert_int_equal(model_dump_machine(&f->d, m, &base, s, base_model, DUMP_BYTES, &why), PMU_OK);
	assert_string_equal(base->name, "no-pmu");
	read_dump("amd-15-01-interlagos.txt", f);
	assert_int_equal(model_dump_machine(&f->d, m, &base, s, base_model, DUMP_BYTES, &why), PMU_OK);
	assert_string_equal(base->name, "zen2");
	/* a scratch with room for fewer CPUs than the dump has: refused, nothing written past it */
	unsigned n = f->d.ncpu;
	s->cap = n - 1;
	assert_int_equal(model_dump_machine(&f->d, m, &base, s, base_model, DUMP_BYTES, &why), PMU_ERR_INVALID);
	assert_string_equal(why, "more logical CPUs (or packages) than a profile holds");
	s->cap = DUMP_CPUS;
	/* no CPU at all: refused with why */
	f->d.ncpu = 0;
	assert_int_equal(model_dump_machine(&f->d, m, &base, s, base_model, DUMP_BYTES, &why), PMU_ERR_INVALID);
	assert_string_equal(why, "no CPU with CPUID leaf 1");
	free(base_model);
	free(m);
	free(s);
	free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dump_profiles_discover_as_builtin),
		cmocka_unit_test(test_dump_without_profile),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
