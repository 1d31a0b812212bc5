/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * CPUID dumps (lib/model/cpuid_dump.c) and discovery on them: the parser on each
 * layout, then the app's discovery on every dump in data/cpuid/ (real
 * machines' leaves, see each file's first line) against facts stated here.
 */
#include "testutil.h"
#include "model/cpuid_dump.h"
#include "pmu/core_engine.h"

#define CAP 512

struct parsed {
	struct cpuid_dump d;
	struct model_cpuid_leaf leaf[CAP];
	struct model_cpuid_table cpu[CAP];
	unsigned number[CAP];
	struct pmu_backend b;
};

static pmu_status parse_n(struct parsed *p, const char *text, size_t len, unsigned leaf_cap)
{
	memset(p, 0, sizeof(*p));
	p->d = (struct cpuid_dump){ .leaf = p->leaf, .leaf_cap = leaf_cap, .cpu = p->cpu,
				    .cpu_number = p->number, .cpu_cap = CAP };
	pmu_status st = cpuid_dump_parse(&p->d, text, len);
	cpuid_dump_backend(&p->d, &p->b);
	return st;
}

static pmu_status parse(struct parsed *p, const char *text)
{
	return parse_n(p, text, strlen(text), CAP);
}

static struct pmu_cpuid ask(struct parsed *p, unsigned cpu, uint32_t leaf, uint32_t sub)
{
	struct pmu_cpuid r;
	assert_int_equal(pmu_cpuid(&p->b, cpu, leaf, sub, &r), PMU_OK);
	return r;
}

/* Layout A: sections; MSR and "All CPUs" sections end a CPU; [SL xx] tags. */
static void test_layout_sections(void **state)
{
	(void)state;
	struct parsed *p = calloc(1, sizeof(*p));
	assert_non_null(p);
	assert_int_equal(parse(p,
		"------[ CPU Info ]------\r\n"
		"CPUID Manufacturer : GenuineIntel\r\n"
		"------[ CPUID Registers / Logical CPU #4 ]------\r\n"
		"\r\n"
		"allcpu: Package 0 / Core 0 / Thread 0: Valid\r\n"
		"CPUID 00000000: 00000023-756E6547-6C65746E-49656E69 [GenuineIntel]\r\n"
		"CPUID 00000023: 0000000B-00000000-00000000-00000000 [SL 00]\r\n"
		"CPUID 00000023: 00001DFF-00000000-00000000-00000000 [SL 03]\r\n"
		"------[ Logical CPU #7 ]------\r\n"
		"CPUID 00000000: 00000023-756E6547-6C65746E-49656E69\r\n"
		"CPUID 0000000A: 0D300806-00000280-00000007-00008603\r\n"
		"------[ MSR Registers / Logical CPU #4 ]------\r\n"
		"MSR 00000017: 0004-0000-0000-0000\r\n"), PMU_OK);
	assert_int_equal(p->d.ncpu, 2);
	assert_int_equal(p->number[0], 4);
	assert_int_equal(p->number[1], 7);
	assert_int_equal(p->cpu[0].n, 3);
	assert_int_equal(ask(p, 0, 0x23, 3).eax, 0x1DFF);
	assert_int_equal(ask(p, 0, 0x23, 1).eax, 0);       /* a subleaf not listed: zeros */
	assert_int_equal(ask(p, 1, 0xA, 5).eax, 0x0D300806); /* leaf 0xA ignores ECX */
	/* Past the max basic leaf the CPU answers with the highest basic leaf's data. */
	assert_int_equal(ask(p, 0, 0x24, 0).eax, 0xB);
	free(p);
}

/* Layouts B and D: CPU#NN lines; bare lines with and without a colon, untagged repeats. */
static void test_layout_bare(void **state)
{
	(void)state;
	struct parsed *p = calloc(1, sizeof(*p));
	assert_non_null(p);
	assert_int_equal(parse(p,
		"CPU#03 AffMask: 0X0000000000000000:0000000000000008 \n"
		"CPUID 00000000: 0000000B-756E6547-6C65746E-49656E69 \n"
		"CPUID 0000000B: 00000001-00000002-00000100-00000000 \n"
		"CPUID 0000000B: 00000006-00000014-00000201-00000000 \n"), PMU_OK);
	assert_int_equal(p->number[0], 3);
	assert_int_equal(ask(p, 0, 0xB, 1).eax, 6);
	assert_int_equal(parse(p,
		"# a comment line\n\n"
		"CPUID 00000000  \t0000000D-756E6547-6C65746E-49656E69\n"
		"CPUID 0000000D  \t00000007-00000340-00000340-00000000\n"
		"CPUID 0000000D  \t00000100-00000240-00000000-00000000\n"
		"\n"
		"CPUID 00000000: 0000000D-756E6547-6C65746E-49656E69\n"
		"CPUID 0000000D: 000002E7-00000A80-00000A88-00000000\n"
		"CPUID 0000000D: 0000000F-00000A00-00000100-00000000\n"
		"CPUID 0000000D: 00000100-00000240-00000000-00000000\n"
		"CPUID 00000000: 0000000D-756E6547-6C65746E-49656E69\n"), PMU_OK);
	assert_int_equal(p->d.ncpu, 3);   /* the last leaf 0 starts a CPU without a blank line */
	assert_int_equal(p->number[2], 2);
	/* Leaf 0xD lists valid components: subleaf 0 then 2 (AVX); or 0, 1, 2. */
	assert_int_equal(ask(p, 0, 0xD, 2).eax, 0x100);
	assert_int_equal(ask(p, 0, 0xD, 1).eax, 0);
	assert_int_equal(ask(p, 1, 0xD, 1).eax, 0xF);
	assert_int_equal(ask(p, 1, 0xD, 2).ebx, 0x240);
	free(p);
}

static void expect_error(const char *text, pmu_status st, unsigned line, const char *why)
{
	struct parsed *p = calloc(1, sizeof(*p));
	assert_non_null(p);
	assert_int_equal(parse(p, text), st);
	assert_int_equal(p->d.error_line, line);
	assert_string_equal(p->d.error, why);
	free(p);
}

static void test_bad_dumps(void **state)
{
	(void)state;
	expect_error("CPUID 00000000: 0000000B-756E6547-6C65746E\n", PMU_ERR_INVALID, 1,
		     "malformed CPUID line");
	expect_error("CPUID 00000000: 0000000B-756E6547-6C65746E-49656E69\n"
		     "CPUID 00000001: 000206E5-22200800-00BCE3BD-BFEBFBFFx\n", PMU_ERR_INVALID, 2,
		     "malformed CPUID line");
	expect_error("CPUID 00000000: 0000000B-756E6547-6C65746E-49656E69\n"
		     "CPUID 0000000A: 07300403-00000044-00000000-00000603\n"
		     "CPUID 0000000A: 07300403-00000044-00000000-00000603\n", PMU_ERR_INVALID, 3,
		     "a leaf and subleaf listed twice");
	expect_error("CPUID 00000000: 0000000D-756E6547-6C65746E-49656E69\n"
		     "CPUID 0000000D: 00000007-00000340-00000340-00000000\n"
		     "CPUID 0000000D: 00000100-00000240-00000000-00000000\n"
		     "CPUID 0000000D: 00000100-00000240-00000000-00000000\n", PMU_ERR_INVALID, 4,
		     "leaf 0xD line beyond the components its subleaf 0 lists");
	expect_error("------[ Versions ]------\n\nno registers here\n", PMU_ERR_INVALID, 3,
		     "no CPUID lines");
	struct parsed *p = calloc(1, sizeof(*p));
	assert_non_null(p);
	const char *two = "CPUID 00000000: 0000000B-756E6547-6C65746E-49656E69\n"
			  "CPUID 00000001: 000206E5-22200800-00BCE3BD-BFEBFBFF\n";
	assert_int_equal(parse_n(p, two, strlen(two), 1), PMU_ERR_NOSPACE);
	assert_int_equal(p->d.error_line, 2);
	free(p);
}

/* ---- discovery on the real dumps ---- */

static char *read_data(const char *name, size_t *len)
{
	char path[256];
	snprintf(path, sizeof(path), "data/cpuid/%s", name);
	FILE *f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot open %s (run from the repository root)", path);
	static char buf[1 << 20];
	*len = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[*len] = '\0';
	return buf;
}

/* What one logical CPU of a dump must show: discovery's CPUID view, then the tool's counters. */
struct want_cpu {
	uint8_t core_type;
	uint8_t n_gp;          /* discovery: counters from PMC0 up */
	uint32_t fixed_mask;   /* discovery */
	uint32_t gp_mask, tool_fixed;   /* after the quirk hooks (core_pmu) */
};

struct want_dump {
	const char *file;
	const char *vendor;
	uint32_t family, model;
	unsigned ncpus;        /* logical CPUs kept in the test file */
	unsigned version;      /* pmu_version_of: Intel's; AMD 1, or 2 with PerfMonV2 */
	bool perfmon_v2, perfctr_ext_core, anythread_deprecated;
	uint8_t fixed_width;
	/*
	 * cpu[0] for the first half of the CPUs, cpu[1] the rest; where cpu[2] has a core type,
	 * the CPUs in thirds (Arrow Lake-H: P-cores, E-cores, low-power E-cores).
	 */
	struct want_cpu cpu[3];
	uint32_t notes;
	uint32_t ext_cpus;        /* bit i: CPU i's leaf 0x23 lists UMASK2 and EQ */
};

#define NOTE(n) (1u << (n))
#define INTEL_V3(m, file) \
	{ file, "GenuineIntel", 6, m, 2, 3, false, false, false, 48, \
	  { { 0, 4, 0x7, 0xF, 0x7 }, { 0, 4, 0x7, 0xF, 0x7 } }, 0, 0 }
#define INTEL_V4(m, file) \
	{ file, "GenuineIntel", 6, m, 2, 4, false, false, false, 48, \
	  { { 0, 4, 0x7, 0xF, 0x7 }, { 0, 4, 0x7, 0xF, 0x7 } }, 0, 0 }
/* Arch PMU v5 server parts (leaf 0xA EAX 0x08300805, ECX 0xF, EDX 0x8604): max basic leaf below 0x23. */
#define INTEL_V5_SERVER(m, file) \
	{ file, "GenuineIntel", 6, m, 2, 5, false, false, true, 48, \
	  { { 0, 8, 0xF, 0xFF, 0xF }, { 0, 8, 0xF, 0xFF, 0xF } }, NOTE(PMU_NOTE_LEAF_23_ABOVE_MAX), 0 }
#define AMD(fam, m, file, v2, notes) \
	{ file, "AuthenticAMD", fam, m, 2, (v2) ? 2 : 1, v2, true, false, 0, \
	  { { 0, 6, 0, 0x3F, 0 }, { 0, 6, 0, 0x3F, 0 } }, NOTE(PMU_NOTE_AMD_LEAF_0A) | (notes), 0 }

/*
 * The facts, read off each file's leaves by hand (SDM vol. 2A leaves 0AH, 1AH, 23H;
 * AMD APM: 0x80000001 ECX[23] PerfCtrExtCore, 0x80000022 EAX[0] PerfMonV2, EBX[3:0]):
 * Nehalem to Haswell v3 (0x07300403, EDX 0x603): 4 GP and 3 fixed of 48 bits;
 * Skylake-SP and Denverton v4 (0x07300404); Ice Lake-SP, Sapphire and Emerald Rapids
 * v5 (0x08300805, ECX 0xF, EDX 0x8604): 8 GP, fixed 0-3, AnyThread deprecated;
 * Alder Lake hybrid (0x07300605, ECX 7): 6 GP, fixed 0-2 on both core types, the
 * P-core quirk gives 8 and fixed 0-3 (its E-cores-off twin reports 0x08300805, ECX 0xF);
 * Meteor Lake 0x23 subleaf 1: P-core 0xFF/0xF, E-core 0xFF/0x7; Lunar Lake (v6,
 * 0x0D300806): P-core 0x3FF/0xF, E-core 0xFF/0x77 (no fixed 3, fixed 4-6).
 * AMD: every part has PerfCtrExtCore (ECX 0x01C9BFFF Interlagos, 0x35C233FF Naples,
 * 0x75C237FF Rome to Raphael): 6 counters; Genoa (EAX 7, EBX 0x44106) and Raphael
 * (EAX 3, EBX 0x84106) PerfMonV2 with NumPerfCtrCore 6; Milan's leaf 0x80000022 is
 * zeros; Interlagos (max 0x8000001E), Naples (0x8000001F), Rome (0x80000020) lack it.
 */
static const struct want_dump dumps[] = {
	AMD(0x15, 0x01, "amd-15-01-interlagos.txt", false, NOTE(PMU_NOTE_AMD_PERFMON_ABOVE_MAX)),
	AMD(0x17, 0x01, "amd-17-01-naples.txt", false, NOTE(PMU_NOTE_AMD_PERFMON_ABOVE_MAX)),
	AMD(0x17, 0x31, "amd-17-31-rome.txt", false, NOTE(PMU_NOTE_AMD_PERFMON_ABOVE_MAX)),
	AMD(0x19, 0x01, "amd-19-01-milan.txt", false, 0),
	AMD(0x19, 0x11, "amd-19-11-genoa.txt", true, 0),
	AMD(0x19, 0x61, "amd-19-61-raphael.txt", true, 0),
	INTEL_V3(0x1A, "intel-06-1a-nehalem-ep.txt"),
	INTEL_V3(0x2C, "intel-06-2c-westmere-ep.txt"),
	INTEL_V3(0x2D, "intel-06-2d-sandy-bridge-ep.txt"),
	{ "intel-06-2e-nehalem-ex.txt", "GenuineIntel", 6, 0x2E, 4, 3, false, false, false, 48,
	  { { 0, 4, 0x7, 0xF, 0x7 }, { 0, 4, 0x7, 0xF, 0x7 } }, 0, 0 },
	INTEL_V3(0x2F, "intel-06-2f-westmere-ex.txt"),
	INTEL_V3(0x3E, "intel-06-3e-ivy-bridge-ep.txt"),
	INTEL_V3(0x3F, "intel-06-3f-haswell-ep.txt"),
	INTEL_V4(0x55, "intel-06-55-skylake-sp.txt"),
	INTEL_V4(0x5F, "intel-06-5f-denverton.txt"),
	INTEL_V5_SERVER(0x6A, "intel-06-6a-ice-lake-sp.txt"),
	INTEL_V5_SERVER(0x8F, "intel-06-8f-sapphire-rapids.txt"),
	INTEL_V5_SERVER(0xCF, "intel-06-cf-emerald-rapids.txt"),
	{ "intel-06-97-alder-lake-pcores-only.txt", "GenuineIntel", 6, 0x97, 2, 5, false, false,
	  true, 48, { { CORE_TYPE_CORE, 8, 0xF, 0xFF, 0xF }, { CORE_TYPE_CORE, 8, 0xF, 0xFF, 0xF } },
	  NOTE(PMU_NOTE_LEAF_23_ABOVE_MAX), 0 },
	{ "intel-06-97-alder-lake.txt", "GenuineIntel", 6, 0x97, 4, 5, false, false, true, 48,
	  { { CORE_TYPE_CORE, 6, 0x7, 0xFF, 0xF }, { CORE_TYPE_ATOM, 6, 0x7, 0x3F, 0x7 } },
	  NOTE(PMU_NOTE_LEAF_23_ABOVE_MAX), 0 },
	{ "intel-06-aa-meteor-lake.txt", "GenuineIntel", 6, 0xAA, 4, 5, false, false, true, 48,
	  { { CORE_TYPE_CORE, 8, 0xF, 0xFF, 0xF }, { CORE_TYPE_ATOM, 8, 0x7, 0xFF, 0x7 } }, 0, 0 },
	{ "intel-06-bd-lunar-lake.txt", "GenuineIntel", 6, 0xBD, 4, 6, false, false, true, 48,
	  { { CORE_TYPE_CORE, 10, 0xF, 0x3FF, 0xF }, { CORE_TYPE_ATOM, 8, 0x77, 0xFF, 0x77 } }, 0,
	  0xF },
	{ "intel-06-cc-panther-lake.txt", "GenuineIntel", 6, 0xCC, 4, 6, false, false, true, 48,
	  { { CORE_TYPE_CORE, 10, 0xF, 0x3FF, 0xF }, { CORE_TYPE_ATOM, 8, 0x77, 0xFF, 0x77 } }, 0,
	  0xF },
	{ "intel-06-c5-arrow-lake-h.txt", "GenuineIntel", 6, 0xC5, 6, 5, false, false, true, 48,
	  { { CORE_TYPE_CORE, 10, 0xF, 0x3FF, 0xF }, { CORE_TYPE_ATOM, 8, 0x77, 0xFF, 0x77 },
	    { CORE_TYPE_ATOM, 8, 0x7, 0xFF, 0x7 } }, 0, 0xF },
};

static void check_cpu(const struct want_dump *w, struct parsed *p, unsigned i)
{
	const struct want_cpu *c = &w->cpu[w->cpu[2].core_type ? i * 3 / w->ncpus :
					   i < w->ncpus / 2 ? 0 : 1];
	struct cpu_info ci;
	struct core_pmu pmu;
	memset(&ci, 0, sizeof(ci));
	assert_int_equal(pmu_discover(&p->b, i, &ci), PMU_OK);
	assert_string_equal(ci.vendor, w->vendor);
	assert_int_equal(ci.family, w->family);
	assert_int_equal(ci.model, w->model);
	assert_int_equal(pmu_version_of(&ci), w->version);
	assert_int_equal(ci.arch.version, w->perfctr_ext_core ? 0 : w->version);
	assert_int_equal(ci.arch.core_type, c->core_type);
	assert_int_equal(ci.arch.n_gp, c->n_gp);
	assert_int_equal(ci.arch.gp_width, 48);
	assert_int_equal(ci.arch.fixed_mask, c->fixed_mask);
	assert_int_equal(ci.arch.fixed_width, w->fixed_width);
	assert_int_equal(ci.arch.anythread_deprecated, w->anythread_deprecated);
	assert_int_equal(ci.arch.perfmon_v2, w->perfmon_v2);
	assert_int_equal(ci.arch.perfctr_ext_core, w->perfctr_ext_core);
	assert_int_equal(ci.arch.notes, w->notes);
	core_pmu_from_cpu(&ci, &pmu);
	assert_int_equal(pmu.gp_mask, c->gp_mask);
	assert_int_equal(pmu.fixed_mask, c->tool_fixed);
	/*
	 * The descriptor the engine drives: AMD's by CPUID, Intel's by version (v6: its MSRs
	 * at 0x1900), with the extended select where leaf 0x23 subleaf 0 EBX lists UMASK2/EQ
	 * (3; Arrow Lake-H's low-power E-cores 0).
	 */
	bool ext = (w->ext_cpus >> i) & 1;
	const struct core_pmu_desc *d = w->perfmon_v2 ? &core_pmu_amd_v2 :
					w->perfctr_ext_core ? &core_pmu_amd_ext :
					!strcmp(w->vendor, "AuthenticAMD") ? &core_pmu_amd_legacy :
					w->version >= 6 ? &core_pmu_intel_v6 :
					ext ? &core_pmu_intel_ext :
					w->version >= 2 ? &core_pmu_intel : &core_pmu_intel_v1;
	assert_int_equal(ci.arch.umask2, ext);
	assert_int_equal(ci.arch.eq, ext);
	assert_ptr_equal(pmu.desc, d);
	assert_int_equal(pmu_core_present(&ci), false);   /* no MSRs in a dump */
	if (pmu_vendor_amd(ci.vendor))   /* the probe of the first PERF_CTL faults: no MSRs */
		assert_string_equal(pmu_core_verdict(&ci),
				    "AMD core PMU: its first counter's registers raised #GP");
}

static void test_discovery_on_every_dump(void **state)
{
	(void)state;
	struct parsed *p = calloc(1, sizeof(*p));
	assert_non_null(p);
	for (unsigned k = 0; k < sizeof(dumps) / sizeof(dumps[0]); k++) {
		size_t len;
		const char *text = read_data(dumps[k].file, &len);
		print_message("%s\n", dumps[k].file);
		assert_int_equal(strncmp(text, "# efipmu test data: ", 20), 0);
		assert_int_equal(parse_n(p, text, len, CAP), PMU_OK);
		assert_int_equal(p->d.ncpu, dumps[k].ncpus);
		for (unsigned i = 0; i < p->d.ncpu; i++)
			check_cpu(&dumps[k], p, i);
	}
	free(p);
}

/*
 * Every subleaf of leaf 0x23 as discovery decodes it, against the dumps' lines read by hand
 * (SDM vol. 2A leaf 23H; the subleaves past 1 as Linux reads them: auto counter reload
 * EAX/EBX reloaded GP/fixed, ECX/EDX the causes; architectural PEBS subleaf 5 EAX/ECX
 * PEBS GP/fixed, EBX/EDX PDIST). Panther Lake #0 (Cougar Cove): 0x3B-0x3 / 0x3FF-0xF /
 * 0x1DFF / EBX 0x60060378 / 0x3FF-0x3-0xF-0x1; #4 (Darkmont): 0x3F-0x3-0x8 / 0xFF-0x77 /
 * 0xFC-0x3-0xFC-0x3 / 0x1F7F / 0x60060338 / 0xFF-0x3-0x77-0x1. Arrow Lake-H #14
 * (Crestmont): 0xB-0x0-0x6 / 0xFF-0x7 / 0x7F, no subleaf 2, 4 or 5.
 */
static void test_leaf_23_every_subleaf(void **state)
{
	(void)state;
	static const struct {
		const char *file;
		unsigned cpu;   /* in the parsed order */
		struct pmu_perfmon_ext x;
		bool umask2, eq;
		uint32_t gp, fixed;
	} t[] = {
		{ "intel-06-cc-panther-lake.txt", 0,
		  { true, 0x3B, 0x3, 0, false, 0, 0, 0, 0, 0x1DFF, 0x60060378, 0x3FF, 0x3, 0xF, 0x1 },
		  true, true, 0x3FF, 0xF },
		{ "intel-06-cc-panther-lake.txt", 2,
		  { true, 0x3F, 0x3, 0x8, false, 0xFC, 0x3, 0xFC, 0x3, 0x1F7F, 0x60060338, 0xFF, 0x3,
		    0x77, 0x1 }, true, true, 0xFF, 0x77 },
		{ "intel-06-c5-arrow-lake-h.txt", 4,
		  { true, 0xB, 0, 0x6, false, 0, 0, 0, 0, 0x7F, 0, 0, 0, 0, 0 }, false, false, 0xFF, 0x7 },
		{ "intel-06-c5-arrow-lake-h.txt", 2,
		  { true, 0xF, 0x3, 0x8, false, 0xFC, 0x3, 0xFC, 0x3, 0x1F7F, 0, 0, 0, 0, 0 }, true, true,
		  0xFF, 0x77 },
	};
	struct parsed *p = calloc(1, sizeof(*p));
	assert_non_null(p);
	for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		size_t len;
		const char *text = read_data(t[i].file, &len);
		assert_int_equal(parse_n(p, text, len, CAP), PMU_OK);
		struct cpu_info ci;
		memset(&ci, 0, sizeof(ci));
		assert_int_equal(pmu_discover(&p->b, t[i].cpu, &ci), PMU_OK);
		const struct pmu_perfmon_ext *x = &ci.arch.ext, *w = &t[i].x;
		print_message("%s CPU %u\n", t[i].file, p->number[t[i].cpu]);
		assert_true(x->read);
		assert_int_equal(x->subleaves, w->subleaves);
		assert_int_equal(x->sl0_ebx, w->sl0_ebx);
		assert_int_equal(x->sl0_ecx, w->sl0_ecx);
		assert_int_equal(x->rdpmc_user_disable, w->rdpmc_user_disable);
		assert_int_equal(ci.arch.umask2, t[i].umask2);
		assert_int_equal(ci.arch.eq, t[i].eq);
		assert_int_equal(ci.arch.gp_mask, t[i].gp);
		assert_int_equal(ci.arch.fixed_mask, t[i].fixed);
		assert_int_equal(x->acr_gp, w->acr_gp);
		assert_int_equal(x->acr_fixed, w->acr_fixed);
		assert_int_equal(x->acr_cause_gp, w->acr_cause_gp);
		assert_int_equal(x->acr_cause_fixed, w->acr_cause_fixed);
		assert_int_equal(x->arch_events, w->arch_events);
		assert_int_equal(x->pebs_caps, w->pebs_caps);
		assert_int_equal(x->pebs_gp, w->pebs_gp);
		assert_int_equal(x->pdist_gp, w->pdist_gp);
		assert_int_equal(x->pebs_fixed, w->pebs_fixed);
		assert_int_equal(x->pdist_fixed, w->pdist_fixed);
	}
	free(p);
}

/* The hybrid dumps keep the dump's own CPU numbers: P-cores first, then E-cores. */
static void test_hybrid_numbers(void **state)
{
	(void)state;
	struct parsed *p = calloc(1, sizeof(*p));
	assert_non_null(p);
	size_t len;
	const char *text = read_data("intel-06-97-alder-lake.txt", &len);
	assert_int_equal(parse_n(p, text, len, CAP), PMU_OK);
	assert_int_equal(p->number[0], 0);
	assert_int_equal(p->number[1], 1);
	assert_int_equal(p->number[2], 16);
	assert_int_equal(p->number[3], 17);
	free(p);
}

/*
 * Every built-in profile's CPUID (generated by tools/gen_cpuid_tables.py) is the dump it
 * cites as this reader reads it, leaf for leaf and subleaf for subleaf: logical CPU #0 of
 * its file, the hybrid E-core tables the third kept CPU (Alder Lake #16, Meteor Lake #2,
 * Lunar Lake and Panther Lake #4, Arrow Lake-H #2), Arrow Lake-H's low-power E-cores the
 * fifth (#14); every leaf of that CPU, the AMD tables the leaves they keep. A generator
 * that numbers a subleaf otherwise, or a table that drifts from the file, fails here.
 */
static void test_profiles_are_their_dumps(void **state)
{
	(void)state;
	/* kind: 0 the profile's cpuid, 1 cpuid_atom, 2 cpuid_lpe */
	static const struct { const char *profile; unsigned kind; unsigned cpu; } t[] = {
		{ "nehalem-ep", false, 0 }, { "westmere-ep", false, 0 },
		{ "nehalem-ex", false, 0 }, { "westmere-ex", false, 0 },
		{ "sandy-bridge-ep", false, 0 }, { "zen2", false, 0 }, { "zen3", false, 0 },
		{ "zen4", false, 0 },
		{ "skylake-sp", false, 0 }, { "icelake-sp", false, 0 },
		{ "sapphire-rapids", false, 0 }, { "alder-lake", false, 0 },
		{ "alder-lake", true, 2 }, { "emerald-rapids", false, 0 },
		{ "meteor-lake", false, 0 }, { "meteor-lake", true, 2 },
		{ "lunar-lake", false, 0 }, { "lunar-lake", true, 2 },
		{ "panther-lake", false, 0 }, { "panther-lake", true, 2 },
		{ "arrow-lake-h", false, 0 }, { "arrow-lake-h", true, 2 }, { "arrow-lake-h", 2, 4 },
	};
	for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		const struct model_profile *prof = model_profile_find(t[i].profile);
		assert_non_null(prof);
		const struct model_cpuid_table *kinds[] = { prof->cpuid, prof->cpuid_atom,
							     prof->cpuid_lpe };
		const struct model_cpuid_table *tab = kinds[t[i].kind];
		struct parsed *p = calloc(1, sizeof(*p));
		size_t len;
		const char *text = read_data(tab->source, &len);
		assert_int_equal(parse_n(p, text, len, CAP), PMU_OK);
		for (unsigned k = 0; k < tab->n; k++) {
			const struct model_cpuid_leaf *l = &tab->leaf[k];
			const struct model_cpuid_table *cpu = &p->d.cpu[t[i].cpu];
			const struct model_cpuid_leaf *d = model_cpuid_find(cpu, l->leaf, l->sub);
			if (!d || d->eax != l->eax || d->ebx != l->ebx || d->ecx != l->ecx ||
			    d->edx != l->edx || d->sub != l->sub || d->any_sub != l->any_sub)
				fail_msg("%s%s: leaf %#x subleaf %u differs from %s",
					 t[i].profile, t[i].kind ? " (an E-core)" : "", l->leaf,
					 l->sub, tab->source);
		}
		/* Intel's tables hold the whole CPU; AMD's leave out leaves neither side reads */
		if (strncmp(tab->source, "amd-", 4) && tab->n != p->d.cpu[t[i].cpu].n)
			fail_msg("%s%s: %u leaves, the dump's CPU has %u", t[i].profile,
				 t[i].kind ? " (an E-core)" : "", tab->n, p->d.cpu[t[i].cpu].n);
		free(p);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layout_sections),
		cmocka_unit_test(test_layout_bare),
		cmocka_unit_test(test_bad_dumps),
		cmocka_unit_test(test_discovery_on_every_dump),
		cmocka_unit_test(test_hybrid_numbers),
		cmocka_unit_test(test_leaf_23_every_subleaf),
		cmocka_unit_test(test_profiles_are_their_dumps),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
