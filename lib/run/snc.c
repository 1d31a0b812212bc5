/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Sub-NUMA clusters (run/snc.h). The OS learns SNC from the SRAT alone: a package's CPUs in
 * N proximity domains (ACPI 6.5 5.2.16); Linux perf takes the same topology (CPUs sharing
 * the L3 over CPUs of node 0: tools/perf/arch/x86/util/pmu.c, snc_nodes_per_l3_cache). Each
 * CPU is found in the table by its own x2APIC ID (CPUID 0BH/1FH EDX, firmware's where CPUID
 * has no such leaf), which is what firmware lists there (5.2.16.1, 5.2.16.3).
 */
#include "capture/machine.h"
#include "capture/srat.h"
#include "hw/snc_boxes.h"
#include "run/run.h"
#include "run/snc.h"

#define SNC_MAX_DOMAINS 8    /* a package's; SNC-4 (Sapphire Rapids XCC) is the most known */
#define SNC_MAX_PKGS 16
#define SNC_CHUNK 2048       /* the SRAT's bytes a capture record */

struct snc_pkg {
	uint32_t package;
	unsigned ndom;
	uint32_t dom[SNC_MAX_DOMAINS];           /* ascending */
	struct cpuset cpus[SNC_MAX_DOMAINS];
	struct cpuset unlisted;                  /* its CPUs the SRAT does not list */
	bool more;                               /* its CPUs are in more than SNC_MAX_DOMAINS */
	bool unlike;                             /* not as package 0's, or sharing a domain */
};

struct snc {
	struct snc_pkg pkg[SNC_MAX_PKGS];
	unsigned npkgs;
	bool more_pkgs;
	const struct snc_box_rule *rule;
	unsigned chas, imcs;
};

static struct snc_pkg *pkg_of(struct snc *n, uint32_t package)
{
	for (unsigned k = 0; k < n->npkgs; k++)
		if (n->pkg[k].package == package)
			return &n->pkg[k];
	if (n->npkgs == SNC_MAX_PKGS) {
		n->more_pkgs = true;
		return NULL;
	}
	struct snc_pkg *k = &n->pkg[n->npkgs++];
	k->package = package;
	cpuset_clear(&k->unlisted);
	return k;
}

/* cpu into domain dom of k, the domains kept in ascending order. */
static void place(struct snc_pkg *k, unsigned cpu, uint32_t dom)
{
	unsigned j = 0;
	while (j < k->ndom && k->dom[j] < dom)
		j++;
	if (j == k->ndom || k->dom[j] != dom) {
		if (k->ndom == SNC_MAX_DOMAINS) {
			k->more = true;
			return;
		}
		for (unsigned i = k->ndom; i > j; i--) {
			k->dom[i] = k->dom[i - 1];
			pmu_memcpy(&k->cpus[i], &k->cpus[i - 1], sizeof(k->cpus[i]));
		}
		k->dom[j] = dom;
		cpuset_clear(&k->cpus[j]);
		k->ndom++;
	}
	cpuset_add(&k->cpus[j], cpu);
}

static bool shares_domain(const struct snc_pkg *x, const struct snc_pkg *y, uint32_t *dom)
{
	for (unsigned i = 0; i < x->ndom; i++)
		for (unsigned j = 0; j < y->ndom; j++)
			if (x->dom[i] == y->dom[j]) {
				*dom = x->dom[i];
				return true;
			}
	return false;
}

static void say_pkg(struct run *a, const struct snc_pkg *k)
{
	sb_puts(&a->sb, "SRAT: P");
	sb_dec(&a->sb, k->package);
}

/* Every package's domains; each package unlike the others named in one line. */
static void place_all(struct run *a, struct snc *n, const struct srat_cpu *cpu, unsigned ncpu)
{
	for (unsigned i = 0; i < a->plat->ncpus; i++) {
		const struct run_cpu *s = &a->slot[i];
		if (!a->plat->cpu[i].enabled || !s->done || s->st)
			continue;
		struct snc_pkg *k = pkg_of(n, a->plat->cpu[i].package);
		uint32_t apic = s->info.topo.st ? s->info.apic_id : s->info.topo.x2apic_id, dom;
		if (!k)
			continue;
		if (srat_domain_of(cpu, ncpu, apic, &dom))
			place(k, i, dom);
		else
			cpuset_add(&k->unlisted, i);
	}
	for (unsigned p = 0; p < n->npkgs; p++) {
		struct snc_pkg *k = &n->pkg[p];
		uint32_t dom;
		if (cpuset_count(&k->unlisted)) {
			k->unlike = true;
			say_pkg(a, k);
			sb_puts(&a->sb, ": CPUs ");
			cpuset_format(&k->unlisted, &a->sb);
			sb_puts(&a->sb, " are in none of its processor entries");
			run_say(a);
		}
		if (k->more) {
			k->unlike = true;
			say_pkg(a, k);
			sb_puts(&a->sb, ": its CPUs are in more than 8 proximity domains; the first 8 are shown");
			run_say(a);
		}
		if (k->ndom != n->pkg[0].ndom) {
			k->unlike = true;
			say_pkg(a, k);
			sb_puts(&a->sb, "'s CPUs are in ");
			sb_dec(&a->sb, k->ndom);
			sb_puts(&a->sb, " proximity domains, P");
			sb_dec(&a->sb, n->pkg[0].package);
			sb_puts(&a->sb, "'s in ");
			sb_dec(&a->sb, n->pkg[0].ndom);
			sb_puts(&a->sb, ": its clusters are not like the other packages'");
			run_say(a);
		}
		for (unsigned q = 0; q < p; q++)
			if (shares_domain(&n->pkg[q], k, &dom)) {
				k->unlike = true;
				say_pkg(a, k);
				sb_puts(&a->sb, " shares proximity domain ");
				sb_dec(&a->sb, dom);
				sb_puts(&a->sb, " with P");
				sb_dec(&a->sb, n->pkg[q].package);
				run_say(a);
				break;
			}
	}
	if (n->more_pkgs) {
		sb_puts(&a->sb, "SRAT: CPUs of more than 16 packages; the first 16 are shown");
		run_say(a);
	}
}

static unsigned group_boxes(const struct box_set *s, const char *name)
{
	for (unsigned g = 0; g < s->ngroups; g++)
		if (!pmu_strcmp(s->group[g].name, name))
			return s->group[g].n;
	return 0;
}

static void put_domains(struct strbuf *sb, const struct snc_pkg *k)
{
	struct snc_list l = { sb, false, false, 0, 0 };
	for (unsigned j = 0; j < k->ndom; j++)
		snc_list_add(&l, k->dom[j]);
	snc_list_end(&l);
}

/* Whether the rule places boxes of this kind, found on this machine, for this many clusters. */
static bool mapped(const struct snc *n, bool cha, unsigned clusters)
{
	return cha ? snc_cha_cluster(n->rule, 0, n->chas, clusters) >= 0
		   : n->imcs && snc_imc_cluster(n->rule, 0, clusters) >= 0;
}

/* "CHAs 0-39 | 40-79 | 80-119" or why not. */
static void say_kind(struct strbuf *sb, const struct snc *n, bool cha, unsigned clusters)
{
	sb_puts(sb, cha ? "CHAs " : "iMCs ");
	if (!mapped(n, cha, clusters)) {
		bool none = cha || !n->imcs;
		sb_puts(sb, none ? "not placed (" : "not placed (no table for SNC-");
		sb_dec(sb, none ? (cha ? n->chas : n->imcs) : clusters);
		sb_puts(sb, none ? " found)" : ")");
		return;
	}
	for (unsigned c = 0; c < clusters; c++) {
		if (c)
			sb_puts(sb, " | ");
		snc_boxes_put(sb, n->rule, cha, cha ? n->chas : n->imcs, c, clusters);
	}
}

/* One line for packages k[0..m), alike and of more than one cluster. */
static void say_group(struct run *a, const struct snc *n, const struct snc_pkg *k, unsigned m)
{
	struct strbuf *sb = &a->sb;
	sb_putc(sb, 'P');
	sb_dec(sb, k[0].package);
	if (m > 1) {
		sb_putc(sb, '-');
		sb_dec(sb, k[m - 1].package);
	}
	sb_puts(sb, ": SNC-");
	sb_dec(sb, k[0].ndom);
	sb_puts(sb, ": domains ");
	for (unsigned i = 0; i < m; i++) {
		if (i)
			sb_puts(sb, " / ");
		put_domains(sb, &k[i]);
	}
	if (!n->rule) {
		sb_puts(sb, "; P");
		sb_dec(sb, k[0].package);
		sb_puts(sb, "'s clusters: CPUs ");
		for (unsigned c = 0; c < k[0].ndom; c++) {
			if (c)
				sb_puts(sb, " | ");
			cpuset_format(&k[0].cpus[c], sb);
		}
		sb_puts(sb, "; which CHAs and iMCs serve each is not published for this part");
	} else {
		sb_puts(sb, "; ");
		say_kind(sb, n, true, k[0].ndom);
		sb_puts(sb, "; ");
		say_kind(sb, n, false, k[0].ndom);
		sb_puts(sb, " (");
		sb_puts(sb, n->rule->name);
		sb_putc(sb, ')');
	}
	run_say(a);
}

static void record_pkg(struct run *a, const struct snc *n, const struct snc_pkg *k)
{
	struct strbuf *sb = &a->sb;
	run_begin(a, "snc");
	logrec_key_u64(sb, "package", k->package);
	logrec_key_u64(sb, "clusters", k->ndom);
	logrec_key_bool(sb, "alike", !k->unlike);
	if (k->ndom > 1)
		logrec_key_str(sb, "box_rule", n->rule ? n->rule->name : "not published");
	sb_json_key(sb, "domains");
	sb_putc(sb, '[');
	for (unsigned c = 0; c < k->ndom; c++) {
		sb_puts(sb, c ? ",{" : "{");
		logrec_key_u64(sb, "domain", k->dom[c]);
		sb_json_key(sb, "cpus");
		sb_putc(sb, '"');   /* digits, ',' and '-': nothing to escape */
		cpuset_format(&k->cpus[c], sb);
		sb_putc(sb, '"');
		for (unsigned kind = 0; kind < 2 && k->ndom > 1; kind++) {
			if (!mapped(n, !kind, k->ndom))
				continue;
			sb_json_key(sb, kind ? "imcs" : "chas");
			sb_putc(sb, '"');
			snc_boxes_put(sb, n->rule, !kind, kind ? n->imcs : n->chas, c, k->ndom);
			sb_putc(sb, '"');
		}
		sb_putc(sb, '}');
	}
	sb_putc(sb, ']');
	if (cpuset_count(&k->unlisted)) {
		sb_json_key(sb, "unlisted_cpus");
		sb_putc(sb, '"');
		cpuset_format(&k->unlisted, sb);
		sb_putc(sb, '"');
	}
	logrec_end(sb);
	run_record(a);
}

/* A record per package; a line per run of alike packages of the same SNC-N > 1. */
static void report(struct run *a, struct snc *n)
{
	const struct cpu_info *boot = &a->slot[a->plat->bsp].info;
	n->rule = pmu_vendor_amd(boot->vendor) ? NULL : snc_box_rule_for(boot->family, boot->model);
	n->chas = group_boxes(&a->boxes, "uncore_cha");
	n->imcs = group_boxes(&a->boxes, "uncore_imc");
	for (unsigned p = 0; p < n->npkgs; p++)
		record_pkg(a, n, &n->pkg[p]);
	for (unsigned p = 0; p < n->npkgs;) {
		const struct snc_pkg *k = &n->pkg[p];
		unsigned m = 1;
		while (p + m < n->npkgs && !k->unlike && !k[m].unlike && k[m].ndom == k->ndom &&
		       k[m].package == k->package + m)
			m++;
		if (k->ndom > 1)
			say_group(a, n, k, m);
		p += m;
	}
}

void snc_report(struct run *a)
{
	const uint8_t *t;
	size_t len;
	if (!pmu_acpi_table(&a->backend, "SRAT", &t, &len)) {
		sb_puts(&a->sb, "no SRAT: one NUMA domain per package assumed");
		run_say(a);
		return;
	}
	if (len > MACHINE_SRAT_BYTES) {   /* its header's length is all that bounds the read */
		sb_puts(&a->sb, "SRAT: its header says ");
		sb_dec(&a->sb, len);
		sb_puts(&a->sb, " bytes, more than 4,096 CPUs' table: ignored, one NUMA domain per "
			"package assumed");
		run_say(a);
		return;
	}
	unsigned cap = srat_max_cpus(len);
	struct srat_cpu *cpu = run_alloc(a, (cap ? cap : 1) * sizeof(*cpu));
	struct snc *n = run_alloc(a, sizeof(*n));
	struct srat_result r;
	if (!cpu || !n) {
		sb_puts(&a->sb, "SRAT: no memory to read it; one NUMA domain per package assumed");
		run_say(a);
	} else if (srat_parse(t, len, cpu, cap, &r)) {
		sb_puts(&a->sb, "SRAT: ");
		sb_puts(&a->sb, r.problem);
		sb_puts(&a->sb, ": ignored, one NUMA domain per package assumed");
		run_say(a);
		run_begin(a, "snc");
		logrec_key_str(&a->sb, "srat_problem", r.problem);
		logrec_end(&a->sb);
		run_record(a);
	} else {
		place_all(a, n, cpu, r.ncpus);
		report(a, n);
	}
	run_free(a, n);
	run_free(a, cpu);
}

void snc_capture(struct run *a)
{
	const uint8_t *t;
	size_t len;
	if (!pmu_acpi_table(&a->backend, "SRAT", &t, &len))
		return;
	if (len > MACHINE_SRAT_BYTES) {   /* past what a machine keeps: its length alone */
		run_begin(a, "machine");
		logrec_key_str(&a->sb, "scope", "srat");
		logrec_key_u64(&a->sb, "not_kept_bytes", len);
		logrec_end(&a->sb);
		run_record(a);
		return;
	}
	size_t parts = (len + SNC_CHUNK - 1) / SNC_CHUNK;
	for (size_t k = 0; k < parts; k++) {
		run_begin(a, "machine");
		logrec_key_str(&a->sb, "scope", "srat");
		logrec_key_u64(&a->sb, "part", k);
		logrec_key_u64(&a->sb, "parts", parts);
		sb_json_key(&a->sb, "bytes");
		sb_putc(&a->sb, '"');
		sb_hex_bytes(&a->sb, t + k * SNC_CHUNK,
			     len - k * SNC_CHUNK < SNC_CHUNK ? len - k * SNC_CHUNK : SNC_CHUNK);
		sb_putc(&a->sb, '"');
		logrec_end(&a->sb);
		run_record(a);
	}
}
