/*
 * efipmu-host: the workstation side of efipmu, built from the same lib/.
 *   decode BOX VALUE                         fields of a raw register value
 *   dry-run [--profile P] [--sim-firmware F] [--list-model M] [--each] EVENTSPEC...
 *                                            every MSR write the engines would make (model)
 *   summary [--tsc-hz HZ] LOG.jsonl          counts (min/median/max over repeats), checks, verdict, metrics
 *   compare [--tolerance PCT] BASE NEW       counts moved beyond the tolerance, checks PASS -> FAIL
 *   csv LOG.jsonl                            the count records as CSV
 *   cpuid DUMP.txt                           discovery on each logical CPU of a CPUID dump
 * Exit status: 0 fine, 1 compare found a regression, 2 error (one line on stderr).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pmu/core_engine.h"
#include "pmu/cpuinfo.h"
#include "out/csv.h"
#include "model/cpuid_dump.h"
#include "out/discovery.h"
#include "pmu/decode.h"
#include "out/derived.h"
#include "pmu/evspec.h"
#include "util/fmt.h"
#include "out/logread.h"
#include "out/logrec.h"
#include "model/model.h"
#include "hw/msr.h"
#include "util/stats.h"
#include "pmu/uncore.h"
#include "pmu/regkey.h"
#include "pmu/uncore_pci.h"

#define EXIT_REGRESSED 1   /* compare: a check regressed; dry-run: a phase failed */
#define EXIT_ERROR 2
#define SIM_TAG "[SIM] "
#define DEFAULT_PROFILE "sandy-bridge-ep"
#define DEFAULT_TOLERANCE_MILLI 5000   /* 5 %, in thousandths of a percent */

static const char usage[] =
	"usage: efipmu-host decode BOX VALUE\n"
	"       efipmu-host dry-run [--profile PROFILE] [--sim-firmware clean|running]\n"
	"                           [--list-model MODEL] [--each] EVENTSPEC...\n"
	"       efipmu-host summary [--tsc-hz HZ] LOG.jsonl\n"
	"       efipmu-host compare [--tolerance PCT] BASE.jsonl NEW.jsonl\n"
	"       efipmu-host csv LOG.jsonl\n"
	"       efipmu-host cpuid DUMP.txt\n";

static void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

static void die(const char *fmt, ...)
{
	va_list ap;
	fputs("efipmu-host: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(EXIT_ERROR);
}

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);
	if (!p)
		die("out of memory");
	return p;
}

static uint64_t parse_number(const char *what, const char *s)
{
	uint64_t v;
	if (!pmu_parse_u64(s, strlen(s), &v))
		die("bad %s '%s' (a decimal or 0x-hex number)", what, s);
	return v;
}

/* Grouped decimal (1,234,567) in a rotating static buffer: printf arguments. */
static const char *grouped(uint64_t v)
{
	static char bufs[4][32];
	static unsigned next;
	char *b = bufs[next++ % 4];
	struct strbuf sb;
	sb_init(&sb, b, sizeof(bufs[0]));
	sb_dec_grouped(&sb, v);
	return b;
}

/* ================= decode ================= */

static int cmd_decode(int argc, char **argv)
{
	if (argc != 2)
		die("decode needs BOX VALUE");
	uint64_t v = parse_number("value", argv[1]);
	static char buf[16384];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	pmu_status st = decode_register(argv[0], v, UNCORE_NONE, &sb);
	if (st == PMU_ERR_UNKNOWN_NAME) {
		buf[strcspn(buf, "\n")] = '\0';
		die("%s", buf);
	}
	fputs(buf, stdout);
	return 0;
}

/* ================= dry-run ================= */

static bool in_range(uint32_t msr, uint32_t base, unsigned stride, unsigned n, unsigned *i)
{
	if (msr < base || msr >= base + n * stride || (msr - base) % stride)
		return false;
	*i = (msr - base) / stride;
	return true;
}

static bool core_msr_name(uint32_t msr, const struct core_pmu *p, char *out, size_t cap)
{
	static const struct { uint32_t msr; const char *name; } regs[] = {
		{ MSR_IA32_FIXED_CTR_CTRL, "IA32_FIXED_CTR_CTRL" },
		{ MSR_IA32_PERF_GLOBAL_STATUS, "IA32_PERF_GLOBAL_STATUS" },
		{ MSR_IA32_PERF_GLOBAL_CTRL, "IA32_PERF_GLOBAL_CTRL" },
		{ MSR_IA32_PERF_GLOBAL_OVF_CTRL, "IA32_PERF_GLOBAL_OVF_CTRL" },
		{ MSR_IA32_PERF_METRICS, "IA32_PERF_METRICS" },
		{ MSR_OFFCORE_RSP_0, "MSR_OFFCORE_RSP_0" },
		{ MSR_OFFCORE_RSP_1, "MSR_OFFCORE_RSP_1" },
		{ MSR_PEBS_LD_LAT_THRESHOLD, "MSR_PEBS_LD_LAT_THRESHOLD" },
		{ MSR_AMD_GLOBAL_STATUS, "PerfCntrGlobalStatus" },
		{ MSR_AMD_GLOBAL_CTL, "PerfCntrGlobalCtl" },
		{ MSR_AMD_GLOBAL_STATUS_CLR, "PerfCntrGlobalStatusClr" },
	};
	static const struct {
		uint32_t base;
		unsigned stride;
		const char *name;
		bool fixed;
	} banks[] = {
		{ MSR_IA32_PERFEVTSEL0, 1, "IA32_PERFEVTSEL", false },
		{ MSR_IA32_PMC0, 1, "IA32_PMC", false },
		{ MSR_IA32_A_PMC0, 1, "IA32_A_PMC", false },
		{ MSR_IA32_FIXED_CTR0, 1, "IA32_FIXED_CTR", true },
		{ MSR_AMD_PERF_CTL0, 2, "PERF_CTL", false },
		{ MSR_AMD_PERF_CTR0, 2, "PERF_CTR", false },
		{ MSR_AMD_PERF_LEGACY_CTL0, 1, "PerfEvtSel", false },
		{ MSR_AMD_PERF_LEGACY_CTR0, 1, "PerfCtr", false },
	};
	unsigned i;
	/* 0x391 is the Nehalem uncore's GLOBAL_CTRL before v4 (msr.h). */
	if (p->version >= 4 && msr == MSR_IA32_PERF_GLOBAL_STATUS_SET) {
		snprintf(out, cap, "IA32_PERF_GLOBAL_STATUS_SET");
		return true;
	}
	for (unsigned k = 0; k < sizeof(regs) / sizeof(regs[0]); k++)
		if (regs[k].msr == msr) {
			snprintf(out, cap, "%s", regs[k].name);
			return true;
		}
	for (unsigned k = 0; k < sizeof(banks) / sizeof(banks[0]); k++)
		if (in_range(msr, banks[k].base, banks[k].stride,
			     banks[k].fixed ? CORE_MAX_FIXED : p->n_gp, &i) &&
		    (!banks[k].fixed || core_fixed_exists(p, i))) {
			snprintf(out, cap, "%s%u", banks[k].name, i);
			return true;
		}
	return false;
}

static bool uncore_msr_name(uint32_t msr, enum uncore_family fam, char *out, size_t cap)
{
	for (unsigned b = 0; b < uncore_box_count; b++) {
		const struct box_desc *d = uncore_boxes[b];
		if (d->family != fam)
			continue;
		for (unsigned i = 0; i < d->n_counters; i++)
			if (msr == box_ctl_msr(d, i) || msr == box_ctr_msr(d, i)) {
				snprintf(out, cap, "%s %s%u", d->name, msr == box_ctl_msr(d, i) ? "ctl" : "ctr", i);
				return true;
			}
		const struct { uint32_t msr; const char *what; } regs[] = {
			{ d->fixed_ctl, "fixed ctl" }, { d->fixed_ctr, "fixed ctr" }, { d->box_ctl, "box ctl" },
			{ d->status_msr, "status" }, { d->ovf_msr, "overflow ctl" },
			{ d->filter_msr, "filter" },
		};
		for (unsigned i = 0; i < sizeof(regs) / sizeof(regs[0]); i++)
			if (regs[i].msr && regs[i].msr == msr) {
				snprintf(out, cap, "%s %s", d->name, regs[i].what);
				return true;
			}
		if (d->global_ctl && d->global_ctl == msr) {
			snprintf(out, cap, "%s", d->global ? d->global->layout->name : "uncore global ctl");
			return true;
		}
		if (d->extra_lo && msr >= d->extra_lo && msr <= d->extra_hi) {
			snprintf(out, cap, "%s aux +0x%x", d->name, msr - d->extra_lo);
			return true;
		}
	}
	return false;
}

/* The PCI boxes the dry run found on the model (uncore_pci_scan) and the write guard's record. */
static struct uncore_pci_scan dry_scan;
static struct pmon_registry dry_pmon;

/* A PCI box register's name: "uncore_imc_0 ctl0" (its offset within the box's function). */
static bool pci_reg_name(uint32_t key, char *out, size_t cap)
{
	for (unsigned p = 0; p < UNCORE_PCI_MAX_PKGS; p++)
		for (unsigned k = 0; k < dry_scan.pkg[p].n; k++) {
			const struct uncore_pci_box *x = &dry_scan.pkg[p].box[k];
			if ((key & ~0xFFFu) != x->base)
				continue;
			uint32_t off = key & 0xFFCu, lo = off & ~4u;
			for (unsigned i = 0; i < x->d->n_counters; i++)
				if (off == box_ctl_msr(x->d, i) || lo == box_ctr_msr(x->d, i)) {
					snprintf(out, cap, "%s %s%u%s", x->d->name,
						 off == box_ctl_msr(x->d, i) ? "ctl" : "ctr", i,
						 off == box_ctl_msr(x->d, i) ? "" : off != lo ? " hi" : " lo");
					return true;
				}
			snprintf(out, cap, "%s %s", x->d->name, off == x->d->box_ctl ? "box ctl" :
				 off == x->d->fixed_ctl ? "fixed ctl" : lo == x->d->fixed_ctr ?
				 (off != lo ? "fixed ctr hi" : "fixed ctr lo") : "register");
			return true;
		}
	return false;
}

/* Name of an MSR the engines write, for the dry-run listing (its fields: decode_layout_for_msr). */
static void msr_name(uint32_t msr, const struct core_pmu *p, enum uncore_family fam, char *out, size_t cap)
{
	if (regkey_is_pci(msr)) {
		if (!pci_reg_name(msr, out, cap))
			snprintf(out, cap, "PCI register");
		return;
	}
	if (!core_msr_name(msr, p, out, cap) && !uncore_msr_name(msr, fam, out, cap))
		snprintf(out, cap, "MSR 0x%x", msr);
}

/* The register of a logged access as the listing shows it: "0x38f" or "pci 0000:7f:10.4+0xd8". */
static void reg_text(uint32_t key, char *out, size_t cap)
{
	struct strbuf sb;
	sb_init(&sb, out, cap);
	regkey_put(&sb, NULL, key);
}

struct dry_run {
	struct model *m;
	struct pmu_backend b;
	struct cpu_info ci;
	struct core_pmu pmu;
	unsigned mark;     /* access log entries already printed */
	unsigned writes, pci_writes;
	char why[256];     /* set when the engines refuse the events: nothing was written */
};

/* Prints the writes logged since the last phase. */
static void phase(struct dry_run *r, const char *title, pmu_status st)
{
	unsigned n = r->m->log_len[0], reads = 0;
	for (unsigned i = r->mark; i < n; i++)
		reads += r->m->log[0][i].op != MOP_WRMSR && r->m->log[0][i].op != MOP_PCI_WR;
	printf("  %s", title);
	if (reads)
		printf(" (%u read%s)", reads, reads > 1 ? "s" : "");
	printf("%s%s\n", st ? ": failed: " : ":", st ? pmu_status_str(st) : "");
	for (unsigned i = r->mark; i < n; i++) {
		const struct model_access *a = &r->m->log[0][i];
		char name[64], dec[512] = "", where[40];
		if (a->op == MOP_PCI_RD) {   /* config reads shown: a counter is two dwords, hi-lo-hi */
			msr_name(a->msr, &r->pmu, r->ci.uncore, name, sizeof(name));
			reg_text(a->msr, where, sizeof(where));
			printf("       read  %-22s %-26s = 0x%llx\n", where, name, (unsigned long long)a->val);
			continue;
		}
		if (a->op != MOP_WRMSR && a->op != MOP_PCI_WR)
			continue;
		const struct reg_layout *l = decode_layout_for_msr(a->msr, r->ci.uncore);
		msr_name(a->msr, &r->pmu, r->ci.uncore, name, sizeof(name));
		if (l) {
			struct strbuf sb;
			sb_init(&sb, dec, sizeof(dec));
			reg_decode(l, a->val, 0, &sb);
		}
		char val[24];
		snprintf(val, sizeof(val), "0x%llx", (unsigned long long)a->val);
		if (a->op == MOP_PCI_WR) {
			r->pci_writes++;
			reg_text(a->msr, where, sizeof(where));
			printf("  %4u write %-22s %-26s = %s%*s%s%s%s\n", ++r->writes, where, name, val,
			       dec[0] ? 14 - (int)strlen(val) : 0, "", dec, a->st ? "  -> " : "",
			       a->st ? pmu_status_str(a->st) : "");
			continue;
		}
		printf("  %4u wrmsr 0x%-4x %-26s = %s%*s%s%s%s\n", ++r->writes, a->msr, name, val,
		       dec[0] ? 14 - (int)strlen(val) : 0, "", dec, a->st ? "  -> " : "",
		       a->st ? pmu_status_str(a->st) : "");
	}
	r->mark = n;
}

/* A failed program phase ends the dry run there: only the restore of what it wrote follows. */
static pmu_status dry_core(struct dry_run *r, const struct pmu_event_req *reqs, unsigned n)
{
	struct core_snapshot snap;
	struct core_session *s = xcalloc(1, sizeof(*s));
	pmu_status st = core_snapshot(&r->b, 0, &r->ci, &snap);
	if (!st)
		st = core_prepare(s, &r->b, 0, &snap, reqs, n, false);
	if (st) {
		snprintf(r->why, sizeof(r->why), "core events refused: %s",
			 s->msg[0] ? s->msg : pmu_status_str(st));
		free(s);
		return st;
	}
	printf("core engine:\n");
	for (unsigned i = 0; i < s->n; i++) {
		const struct core_counter *c = &s->ctr[i];
		char ctr[16];
		snprintf(ctr, sizeof(ctr), "%s%u", c->kind == CORE_GP ? "pmc" : "fixed", c->index);
		printf("  %-28s %-7s control 0x%x, counter 0x%x\n", c->name, ctr, c->ctl_msr, c->ctr_msr);
	}
	phase(r, "snapshot", PMU_OK);
	st = core_program(s);
	phase(r, "program", st);
	if (!st) {
		phase(r, "start", core_start(s));
		phase(r, "stop", core_stop(s));
		phase(r, "read", core_read(s));
	}
	phase(r, "restore", core_restore(s));
	free(s);
	return st;
}

static pmu_status dry_uncore(struct dry_run *r, const struct pmu_event_req *reqs, unsigned n)
{
	struct uncore_session *s = xcalloc(1, sizeof(*s));
	const struct uncore_pci_pkg *map = NULL;
	for (unsigned i = 0; i < n && !map; i++)
		if (reqs[i].box->pci) {
			/* Found as the app finds them (run/uncore_pci_job.c); the scan's reads are not listed. */
			pmon_reset(&dry_pmon);
			(void)uncore_pci_scan(&r->b, 0, r->ci.uncore, &dry_scan, &dry_pmon);
			r->b.pmon = &dry_pmon;
			map = &dry_scan.pkg[r->m->pkg_of[0]];
			model_clear_log(r->m);
			r->mark = 0;
		}
	pmu_status st = uncore_plan_pci(s, r->ci.uncore, map, reqs, n);
	if (st) {
		snprintf(r->why, sizeof(r->why), "uncore event '%s' refused: %s",
			 reqs[s->bad_event < n ? s->bad_event : 0].name,
			 s->msg[0] ? s->msg : pmu_status_str(st));
		free(s);
		return st;
	}
	printf("uncore engine (%s):\n", uncore_family_name(r->ci.uncore));
	for (unsigned i = 0; i < s->n; i++) {
		const struct uncore_counter *e = &s->ev[i];
		char ctr[48];
		if (e->idx == UNCORE_FIXED)
			snprintf(ctr, sizeof(ctr), "%s fixed", e->box->name);
		else
			snprintf(ctr, sizeof(ctr), "%s ctr%u", e->box->name, e->idx);
		char ctl_at[40], ctr_at[40];
		reg_text(e->ctl_msr, ctl_at, sizeof(ctl_at));
		reg_text(e->ctr_msr, ctr_at, sizeof(ctr_at));   /* a 64-bit PCI key names its low dword */
		printf("  %-28s %s control %s, counter %s\n", reqs[i].name, ctr, ctl_at, ctr_at);
	}
	for (unsigned k = 0; map && k < map->n; k++) {
		bool used = false;
		for (unsigned i = 0; i < s->n; i++)
			used |= s->ev[i].box == map->box[k].d;
		if (!used)
			continue;
		char at[40];
		struct strbuf sb;
		sb_init(&sb, at, sizeof(at));
		regkey_put_fn(&sb, regkey_pci_addr(map->box[k].base));
		printf("  %s: PCI device %#x found at %s\n", map->box[k].d->name,
		       map->box[k].d->pci->device_id, at);
	}
	st = uncore_program(s, &r->b, 0, 0);
	phase(r, "program", st);
	if (!st) {
		phase(r, "start", uncore_start(s));
		phase(r, "stop", uncore_stop(s));
		phase(r, "read", uncore_read(s));
	}
	phase(r, "restore", uncore_restore(s));
	free(s);
	return st;
}

static const struct model_profile *find_profile(const char *name)
{
	const struct model_profile *p = model_profile_find(name);
	if (!p) {
		char names[512] = "";
		for (unsigned i = 0; i < model_profile_count; i++) {
			strcat(names, i ? ", " : "");
			strcat(names, model_profiles[i]->name);
		}
		die("unknown profile '%s' (profiles: %s)", name, names);
	}
	return p;
}

struct dry_opts {
	unsigned list_model;        /* names from Intel's list of this CPU model; 0: the profile's */
	bool firmware;              /* fw replaces the profile's firmware hand-over */
	enum model_firmware fw;
};

/*
 * One dry run of spec (events joined by commas) on a fresh model m of profile p. Returns 0,
 * EXIT_REGRESSED when a phase failed, or EXIT_ERROR with the one-line reason in why: the
 * events were refused and nothing was written.
 */
static int dry_one(struct model *m, const struct model_profile *p, const struct dry_opts *o,
		   const char *spec, char *why, size_t cap)
{
	struct dry_run r = { .m = m };
	memset(m, 0, sizeof(*m));
	if (model_init(r.m, p, 1, 1))
		die("cannot build the reference model of %s", p->name);
	if (o->firmware)
		model_set_firmware(r.m, o->fw);
	model_backend(r.m, &r.b);
	if (pmu_discover(&r.b, 0, &r.ci))
		die("discovery failed on the reference model");
	core_pmu_from_cpu(&r.ci, &r.pmu);

	struct pmu_event_req reqs[CORE_MAX_EVENTS + UNCORE_MAX_EVENTS];
	struct pmu_event_req core[CORE_MAX_EVENTS + UNCORE_MAX_EVENTS];
	struct pmu_event_req unc[CORE_MAX_EVENTS + UNCORE_MAX_EVENTS];
	unsigned n = 0, nc = 0, nu = 0;
	struct evspec_error err;
	struct cpu_info names = r.ci;   /* only the name lookup sees list_model */
	if (o->list_model)
		names.model = o->list_model;
	if (evspec_parse_list(&names, spec, reqs, CORE_MAX_EVENTS + UNCORE_MAX_EVENTS, &n, &err)) {
		snprintf(why, cap, "%s", err.msg);
		return EXIT_ERROR;
	}
	for (unsigned i = 0; i < n; i++) {
		if (reqs[i].box)
			unc[nu++] = reqs[i];
		else
			core[nc++] = reqs[i];
	}
	printf("dry run of %s on the reference model %s", spec, p->name);
	if (o->firmware)
		printf(" (firmware %s)", model_firmware_name(o->fw));
	if (o->list_model)
		printf(" (names from Intel's list for model 0x%x)", o->list_model);
	printf(", CPU 0: no hardware is touched\n");
	model_clear_log(r.m);
	pmu_status st = nc ? dry_core(&r, core, nc) : PMU_OK;
	if (nu && !st)
		st = dry_uncore(&r, unc, nu);
	if (r.why[0]) {
		snprintf(why, cap, "%s", r.why);
		return EXIT_ERROR;
	}
	if (r.m->log_overflow[0])
		printf("(access log full: later writes not shown)\n");
	printf("%u MSR writes", r.writes - r.pci_writes);
	if (r.pci_writes)
		printf(", %u PCI configuration writes", r.pci_writes);
	printf("%s\n", st ? "; the program phase failed: stopped there" : "");
	return st ? EXIT_REGRESSED : 0;
}

/*
 * dry-run [--profile P] [--sim-firmware clean|running] [--list-model M] [--each] SPEC...: the
 * specs together in one run; with --each every argument is a run of its own (a refusal is a
 * "refused:" line and the next goes on), so a test can go through a whole event list in one
 * process.
 */
static int cmd_dry_run(int argc, char **argv)
{
	const char *profile = DEFAULT_PROFILE;
	struct dry_opts o = { 0 };
	bool each = false;
	char **specs = xcalloc((size_t)argc, sizeof(*specs));
	int nspecs = 0;
	for (int i = 0; i < argc; i++) {
		const char *opt = argv[i];
		if (!strcmp(opt, "--each")) {
			each = true;
			continue;
		}
		if (strcmp(opt, "--profile") && strcmp(opt, "--list-model") &&
		    strcmp(opt, "--sim-firmware")) {
			specs[nspecs++] = argv[i];
			continue;
		}
		if (++i >= argc)
			die("%s needs a value", opt);
		if (!strcmp(opt, "--profile")) {
			profile = argv[i];
		} else if (!strcmp(opt, "--sim-firmware")) {
			o.firmware = true;
			if (model_firmware_parse(argv[i], &o.fw))
				die("--sim-firmware: '%s' is neither clean nor running", argv[i]);
		} else if ((o.list_model = (unsigned)parse_number("model", argv[i])) > 0xff) {
			die("--list-model: no such model 0x%x", o.list_model);
		}
	}
	if (!nspecs)
		die("dry-run needs at least one event spec");
	char spec[4096] = "";
	size_t used = 0;
	for (int i = 0; i < nspecs && !each; i++) {
		int k = snprintf(spec + used, sizeof(spec) - used, "%s%s", used ? "," : "", specs[i]);
		if (k < 0 || (size_t)k >= sizeof(spec) - used)
			die("event list too long");
		used += (size_t)k;
	}
	const struct model_profile *p = find_profile(profile);
	struct model *m = xcalloc(1, sizeof(*m));
	char why[256];
	int rc = 0;
	for (int i = 0; i < (each ? nspecs : 1); i++) {
		int r = dry_one(m, p, &o, each ? specs[i] : spec, why, sizeof(why));
		if (r == EXIT_ERROR && !each) {
			free(m);
			free(specs);
			die("%s", why);
		}
		if (r == EXIT_ERROR)
			printf("dry run of %s: refused: %s\n", specs[i], why);
		rc = r > rc ? r : rc;
	}
	free(m);
	free(specs);
	return rc;
}

/* ================= reading logs ================= */

struct count {
	uint64_t cpu, apic_id, package, counter, ctl_msr, ctl_value, ctr_msr, start, end, delta;
	uint64_t repeat, tsc_ticks;
	char box[32], event[EVENT_NAME_MAX], kind[8], kernel[32];
	bool overflowed, sim;
};

struct check {
	uint64_t cpu, expected, measured;
	char check[96], kernel[32], result[8];
	bool sim;
};

struct runlog {
	const char *path;
	bool have_header, have_verdict, header_sim, verdict_sim;
	char tool[16], version[16], backend[16], time[32], fw_vendor[64], cmdline[256];
	uint64_t tsc_hz, cpus_found, cpus_enabled;
	char verdict[16], reason[160];
	uint64_t cpus_ran, cpus_missing, cpus_with_pmu;
	struct count *counts;
	unsigned ncounts, cap_counts;
	struct check *checks;
	unsigned nchecks, cap_checks;
};

static void *grow(void *p, unsigned *cap, unsigned n, size_t size)
{
	if (n < *cap)
		return p;
	*cap = *cap ? *cap * 2 : 64;
	p = realloc(p, *cap * size);
	if (!p)
		die("out of memory");
	return p;
}

struct rec_ctx {
	const char *path;
	unsigned line;
	const struct logrec_view *v;
};

static void need(const struct rec_ctx *c, pmu_status st, const char *key)
{
	if (st)
		die("%s:%u: key '%s': %s", c->path, c->line, key, pmu_status_str(st));
}

/* Optional keys: absent is fine, present with a bad value is not. */
static void opt_u64(const struct rec_ctx *c, const char *key, uint64_t *out)
{
	pmu_status st = logread_get_u64(c->v, key, out);
	if (st != PMU_ERR_NOT_FOUND)
		need(c, st, key);
}

static void opt_str(const struct rec_ctx *c, const char *key, char *buf, size_t cap)
{
	pmu_status st = logread_get_str(c->v, key, buf, cap);
	if (st == PMU_ERR_NOSPACE)
		return;   /* kept truncated */
	if (st != PMU_ERR_NOT_FOUND)
		need(c, st, key);
}

static void opt_bool(const struct rec_ctx *c, const char *key, bool *out)
{
	pmu_status st = logread_get_bool(c->v, key, out);
	if (st != PMU_ERR_NOT_FOUND)
		need(c, st, key);
}

static void read_count(struct runlog *g, const struct rec_ctx *c)
{
	g->counts = grow(g->counts, &g->cap_counts, g->ncounts, sizeof(*g->counts));
	struct count *k = &g->counts[g->ncounts++];
	memset(k, 0, sizeof(*k));
	need(c, logread_get_u64(c->v, "cpu", &k->cpu), "cpu");
	need(c, logread_get_u64(c->v, "delta", &k->delta), "delta");
	need(c, logread_get_str(c->v, "event", k->event, sizeof(k->event)), "event");
	strcpy(k->box, "core");
	opt_str(c, "box", k->box, sizeof(k->box));
	opt_str(c, "counter_kind", k->kind, sizeof(k->kind));
	opt_str(c, "kernel", k->kernel, sizeof(k->kernel));
	opt_u64(c, "apic_id", &k->apic_id);
	opt_u64(c, "package", &k->package);
	opt_u64(c, "counter", &k->counter);
	opt_u64(c, "ctl_msr", &k->ctl_msr);
	opt_u64(c, "ctl_value", &k->ctl_value);
	opt_u64(c, "ctr_msr", &k->ctr_msr);
	opt_u64(c, "start", &k->start);
	opt_u64(c, "end", &k->end);
	opt_u64(c, "repeat", &k->repeat);
	opt_u64(c, "tsc_ticks", &k->tsc_ticks);
	opt_bool(c, "overflowed", &k->overflowed);
	k->sim = logread_simulated(c->v);
}

static void read_check(struct runlog *g, const struct rec_ctx *c)
{
	g->checks = grow(g->checks, &g->cap_checks, g->nchecks, sizeof(*g->checks));
	struct check *k = &g->checks[g->nchecks++];
	memset(k, 0, sizeof(*k));
	need(c, logread_get_u64(c->v, "cpu", &k->cpu), "cpu");
	need(c, logread_get_str(c->v, "check", k->check, sizeof(k->check)), "check");
	need(c, logread_get_str(c->v, "result", k->result, sizeof(k->result)), "result");
	opt_str(c, "kernel", k->kernel, sizeof(k->kernel));
	opt_u64(c, "expected", &k->expected);
	opt_u64(c, "measured", &k->measured);
	k->sim = logread_simulated(c->v);
}

static void read_header(struct runlog *g, const struct rec_ctx *c)
{
	g->have_header = true;
	g->header_sim = logread_simulated(c->v);
	opt_str(c, "tool", g->tool, sizeof(g->tool));
	opt_str(c, "version", g->version, sizeof(g->version));
	opt_str(c, "backend", g->backend, sizeof(g->backend));
	opt_str(c, "time", g->time, sizeof(g->time));
	opt_str(c, "firmware_vendor", g->fw_vendor, sizeof(g->fw_vendor));
	opt_str(c, "cmdline", g->cmdline, sizeof(g->cmdline));
	opt_u64(c, "cpus_found", &g->cpus_found);
	opt_u64(c, "cpus_enabled", &g->cpus_enabled);
	opt_u64(c, "tsc_hz", &g->tsc_hz);
}

static void read_verdict(struct runlog *g, const struct rec_ctx *c)
{
	g->have_verdict = true;
	g->verdict_sim = logread_simulated(c->v);
	need(c, logread_get_str(c->v, "verdict", g->verdict, sizeof(g->verdict)), "verdict");
	opt_str(c, "reason", g->reason, sizeof(g->reason));
	opt_u64(c, "cpus_ran", &g->cpus_ran);
	opt_u64(c, "cpus_missing", &g->cpus_missing);
	opt_u64(c, "cpus_with_core_pmu", &g->cpus_with_pmu);
}

static void read_record(struct runlog *g, const struct rec_ctx *c)
{
	uint64_t schema;
	if (!logread_find(c->v, "rec"))
		die("%s:%u: record without \"rec\"", c->path, c->line);
	need(c, logread_get_u64(c->v, "schema", &schema), "schema");
	if (schema != LOG_SCHEMA_VERSION)
		die("%s:%u: schema %llu, this tool reads schema %d", c->path, c->line,
		    (unsigned long long)schema, LOG_SCHEMA_VERSION);
	if (logread_str_is(c->v, "rec", "count"))
		read_count(g, c);
	else if (logread_str_is(c->v, "rec", "check"))
		read_check(g, c);
	else if (logread_str_is(c->v, "rec", "header"))
		read_header(g, c);
	else if (logread_str_is(c->v, "rec", "verdict"))
		read_verdict(g, c);
	/* cpu, handoff and records of later versions: not summarised */
}

/*
 * A run cut off mid-write leaves a last line without its newline: it is
 * skipped with a warning. Any other malformed line is an error.
 */
static void load(struct runlog *g, const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		die("cannot open %s", path);
	memset(g, 0, sizeof(*g));
	g->path = path;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	struct logrec_view *v = xcalloc(1, sizeof(*v));
	struct rec_ctx c = { .path = path, .v = v };
	while ((len = getline(&line, &cap, f)) >= 0) {
		c.line++;
		bool complete = len > 0 && line[len - 1] == '\n';
		pmu_status st = logread_line(line, (size_t)len, v);
		if (st == PMU_OK) {
			read_record(g, &c);
			continue;
		}
		if (!strcmp(v->err, "empty line"))
			continue;
		if (!complete && fgetc(f) == EOF) {
			fprintf(stderr, "efipmu-host: %s:%u: skipped the cut-off last line (%s)\n", path,
				c.line, v->err);
			break;
		}
		die("%s:%u: malformed record: %s at column %zu", path, c.line, v->err, v->err_pos + 1);
	}
	free(v);
	free(line);
	fclose(f);
	if (!g->have_header && !g->ncounts && !g->nchecks && !g->have_verdict)
		die("%s: no efipmu records", path);
}

static void unload(struct runlog *g)
{
	free(g->counts);
	free(g->checks);
}

/* ================= series: one (CPU, box, event, kernel) over its repeats ================= */

struct series {
	const struct count *first;
	unsigned n;
	uint64_t *deltas, *ticks;
	struct stats_u64 st, ticks_st;   /* deltas; TSC ticks of the windows (when logged) */
	bool sim, overflowed;
};

static bool same_series(const struct count *a, const struct count *b)
{
	return a->cpu == b->cpu && !strcmp(a->box, b->box) && !strcmp(a->event, b->event) &&
	       !strcmp(a->kernel, b->kernel);
}

/* In order of first appearance; the caller frees with free_series. */
static struct series *make_series(const struct runlog *g, unsigned *count)
{
	struct series *s = xcalloc(g->ncounts, sizeof(*s));
	unsigned n = 0;
	for (unsigned i = 0; i < g->ncounts; i++) {
		const struct count *c = &g->counts[i];
		unsigned j = 0;
		while (j < n && !same_series(s[j].first, c))
			j++;
		if (j == n) {
			s[n].first = c;
			s[n].deltas = xcalloc(g->ncounts, sizeof(uint64_t));
			s[n].ticks = xcalloc(g->ncounts, sizeof(uint64_t));
			n++;
		}
		s[j].ticks[s[j].n] = c->tsc_ticks;
		s[j].deltas[s[j].n++] = c->delta;
		s[j].sim |= c->sim;
		s[j].overflowed |= c->overflowed;
	}
	for (unsigned j = 0; j < n; j++) {
		stats_compute(s[j].deltas, s[j].n, &s[j].st);
		stats_compute(s[j].ticks, s[j].n, &s[j].ticks_st);
	}
	*count = n;
	return s;
}

static void free_series(struct series *s, unsigned n)
{
	for (unsigned j = 0; j < n; j++) {
		free(s[j].deltas);
		free(s[j].ticks);
	}
	free(s);
}

static const char *sim_tag(bool sim)
{
	return sim ? SIM_TAG : "";
}

/* "cpu 3" for core counts, "pkg 0" for uncore counts (counted once per package). */
static const char *where(const struct count *c)
{
	static char bufs[2][24];
	static unsigned next;
	char *b = bufs[next++ % 2];
	if (!strcmp(c->box, "core"))
		snprintf(b, sizeof(bufs[0]), "cpu %llu", (unsigned long long)c->cpu);
	else
		snprintf(b, sizeof(bufs[0]), "pkg %llu", (unsigned long long)c->package);
	return b;
}

static const char *check_label(const struct check *k)
{
	static char b[160];
	snprintf(b, sizeof(b), "cpu %llu %s%s%s%s", (unsigned long long)k->cpu, k->check,
		 k->kernel[0] ? " (" : "", k->kernel, k->kernel[0] ? ")" : "");
	return b;
}

/* ================= summary ================= */

static void print_header(const struct runlog *g, const char *label)
{
	if (!g->have_header) {
		printf("%s%s: no header record\n", label, g->path);
		return;
	}
	printf("%s%s%s: %s %s, backend %s, firmware %s, %s\n", sim_tag(g->header_sim), label, g->path,
	       g->tool, g->version, g->backend, g->fw_vendor, g->time[0] ? g->time : "no time");
}

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

static int cmd_summary(int argc, char **argv)
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
	load(&g, path);
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
		printf("%s%s: expected %s, measured %s: %s\n", sim_tag(k->sim), check_label(k),
		       grouped(k->expected), grouped(k->measured), k->result);
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

/* ================= compare ================= */

/* "5", "0.5", "2.125": thousandths of a percent. */
static uint64_t parse_percent(const char *s)
{
	uint64_t whole = 0, frac = 0;
	unsigned fd = 0;
	const char *p = s;
	if (!*p)
		die("bad tolerance ''");
	for (; *p >= '0' && *p <= '9' && whole < 1000000; p++)
		whole = whole * 10 + (uint64_t)(*p - '0');
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9' && fd < 3; p++, fd++)
			frac = frac * 10 + (uint64_t)(*p - '0');
	if (*p == '%')
		p++;
	if (*p || p == s || whole >= 1000000)
		die("bad tolerance '%s' (a percentage, e.g. 5 or 0.5)", s);
	while (fd++ < 3)
		frac *= 10;
	return whole * 1000 + frac;
}

/* Signed change in thousandths of a percent, as "+12.345%". */
static const char *change(uint64_t base, uint64_t now)
{
	static char b[48];
	uint64_t diff = now >= base ? now - base : base - now, milli;
	if (!base)
		return now ? "(from 0)" : "+0.000%";
	char num[32];
	struct strbuf sb;
	sb_init(&sb, num, sizeof(num));
	if (derived_muldiv(diff, 100000, base, &milli))
		derived_fmt_milli(&sb, milli);
	else
		sb_puts(&sb, "huge");
	snprintf(b, sizeof(b), "%c%s%%", now >= base ? '+' : '-', num);
	return b;
}

/* Beyond the tolerance, judged on the change rounded to a thousandth of a percent as printed. */
static bool moved(uint64_t base, uint64_t now, uint64_t tol_milli)
{
	uint64_t diff = now >= base ? now - base : base - now, milli;
	if (!base)
		return now != 0;
	return !derived_muldiv(diff, 100000, base, &milli) || milli > tol_milli;
}

struct tally {
	unsigned counts, moved, missing, added, checks, regressed_checks, fixed_checks, missing_checks;
	bool verdict_regressed;
};

static void compare_counts(struct series *a, unsigned na, struct series *b, unsigned nb,
			   uint64_t tol, struct tally *t)
{
	for (unsigned i = 0; i < na; i++) {
		const struct count *c = a[i].first;
		unsigned j = 0;
		while (j < nb && !same_series(b[j].first, c))
			j++;
		if (j == nb) {
			t->missing++;
			printf("%s%-9s%-30s missing in new  REGRESSED\n", sim_tag(a[i].sim), where(c),
			       c->event);
			continue;
		}
		t->counts++;
		uint64_t x = a[i].st.median, y = b[j].st.median;
		if (!moved(x, y, tol))
			continue;
		t->moved++;
		printf("%s%-9s%-30s %15s -> %-15s %10s  MOVED\n", sim_tag(a[i].sim || b[j].sim), where(c),
		       c->event, grouped(x), grouped(y), change(x, y));
	}
	for (unsigned j = 0; j < nb; j++) {
		unsigned i = 0;
		while (i < na && !same_series(a[i].first, b[j].first))
			i++;
		if (i == na) {
			t->added++;
			printf("%s%-9s%-30s only in new\n", sim_tag(b[j].sim), where(b[j].first),
			       b[j].first->event);
		}
	}
}

static bool same_check(const struct check *a, const struct check *b)
{
	return a->cpu == b->cpu && !strcmp(a->check, b->check) && !strcmp(a->kernel, b->kernel);
}

static void compare_checks(const struct runlog *a, const struct runlog *b, struct tally *t)
{
	for (unsigned i = 0; i < a->nchecks; i++) {
		const struct check *x = &a->checks[i], *y = NULL;
		for (unsigned j = 0; j < b->nchecks && !y; j++)
			if (same_check(x, &b->checks[j]))
				y = &b->checks[j];
		if (!y) {
			t->missing_checks++;
			printf("%s%s: %s -> missing  REGRESSED\n", sim_tag(x->sim), check_label(x), x->result);
			continue;
		}
		t->checks++;
		bool was = !strcmp(x->result, "PASS"), is = !strcmp(y->result, "PASS");
		if (was == is)
			continue;
		if (was)
			t->regressed_checks++;
		else
			t->fixed_checks++;
		printf("%s%s: %s -> %s%s\n", sim_tag(x->sim || y->sim), check_label(x), x->result,
		       y->result, was ? "  REGRESSED" : "");
	}
}

static int cmd_compare(int argc, char **argv)
{
	const char *paths[2] = { NULL, NULL };
	uint64_t tol = DEFAULT_TOLERANCE_MILLI;
	unsigned np = 0;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--tolerance")) {
			if (++i >= argc)
				die("--tolerance needs a percentage");
			tol = parse_percent(argv[i]);
		} else if (np < 2) {
			paths[np++] = argv[i];
		} else {
			die("compare takes two logs");
		}
	}
	if (np != 2)
		die("compare needs BASE.jsonl NEW.jsonl");
	struct runlog a, b;
	load(&a, paths[0]);
	load(&b, paths[1]);
	print_header(&a, "base ");
	print_header(&b, "new  ");
	if (a.header_sim != b.header_sim)
		printf("note: only the %s log comes from the reference model\n",
		       a.header_sim ? "base" : "new");
	char tb[32];
	struct strbuf sb;
	sb_init(&sb, tb, sizeof(tb));
	derived_fmt_milli(&sb, tol);
	printf("tolerance %s%% on the median of each count\n", tb);

	struct tally t = { 0 };
	unsigned na, nb;
	struct series *sa = make_series(&a, &na), *sb2 = make_series(&b, &nb);
	compare_counts(sa, na, sb2, nb, tol, &t);
	compare_checks(&a, &b, &t);
	if (a.have_verdict && b.have_verdict && strcmp(a.verdict, b.verdict)) {
		t.verdict_regressed = !strcmp(a.verdict, "PASS");
		printf("%sverdict: %s -> %s%s\n", sim_tag(a.verdict_sim || b.verdict_sim), a.verdict,
		       b.verdict, t.verdict_regressed ? "  REGRESSED" : "");
	} else if (a.have_verdict && !b.have_verdict) {
		t.verdict_regressed = true;
		printf("verdict: %s -> none (the new run did not finish)  REGRESSED\n", a.verdict);
	}
	unsigned regressions = t.moved + t.missing + t.regressed_checks + t.missing_checks +
			       t.verdict_regressed;
	printf("%u counts compared: %u moved, %u missing in new, %u only in new; "
	       "%u checks compared: %u PASS -> FAIL, %u FAIL -> PASS, %u missing in new\n",
	       t.counts, t.moved, t.missing, t.added, t.checks, t.regressed_checks, t.fixed_checks,
	       t.missing_checks);
	if (regressions)
		printf("result: REGRESSED (%u)\n", regressions);
	else
		printf("result: no regression\n");
	free_series(sa, na);
	free_series(sb2, nb);
	unload(&a);
	unload(&b);
	return regressions ? EXIT_REGRESSED : 0;
}

/* ================= csv ================= */

static int cmd_csv(int argc, char **argv)
{
	if (argc != 1)
		die("csv needs one log");
	struct runlog g;
	load(&g, argv[0]);
	char buf[1024];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	csv_header(&sb);
	puts(buf);
	for (unsigned i = 0; i < g.ncounts; i++) {
		const struct count *k = &g.counts[i];
		struct count_rec c = {
			.cpu = k->cpu, .apic_id = k->apic_id, .package = k->package, .box = k->box,
			.event = k->event, .counter_kind = k->kind, .counter = k->counter,
			.ctl_msr = k->ctl_msr, .ctl_value = k->ctl_value, .ctr_msr = k->ctr_msr,
			.start = k->start, .end = k->end, .delta = k->delta, .overflowed = k->overflowed,
			.kernel = k->kernel, .repeat = k->repeat,
		};
		sb_reset(&sb);
		csv_row(&sb, &c, k->sim);
		puts(buf);
	}
	unload(&g);
	return 0;
}

/* ================= cpuid ================= */

/* The whole file, NUL-terminated; dies naming it when it cannot be read. */
static char *read_whole(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		die("cannot open '%s'", path);
	size_t cap = 1 << 16, n = 0, got;
	char *buf = xcalloc(cap, 1);
	while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
		n += got;
		if (n + 1 == cap) {
			char *more = realloc(buf, cap * 2);
			if (!more)
				die("out of memory");
			buf = more;
			cap *= 2;
		}
	}
	bool bad = ferror(f);
	fclose(f);
	if (bad)
		die("cannot read '%s'", path);
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* The app's discovery on each logical CPU of a CPUID dump, one JSON line each. */
static int cmd_cpuid(int argc, char **argv)
{
	if (argc != 1)
		die("cpuid needs one DUMP file");
	size_t len;
	char *text = read_whole(argv[0], &len);
	unsigned lines = cpuid_dump_lines(text, len);
	struct cpuid_dump d = {
		.leaf = xcalloc(lines, sizeof(*d.leaf)), .leaf_cap = lines,
		.cpu = xcalloc(lines, sizeof(*d.cpu)), .cpu_number = xcalloc(lines, sizeof(unsigned)),
		.cpu_cap = lines,
	};
	if (cpuid_dump_parse(&d, text, len))
		die("%s:%u: %s", argv[0], d.error_line, d.error);
	struct pmu_backend b;
	cpuid_dump_backend(&d, &b);
	static char out[4096];
	for (unsigned i = 0; i < d.ncpu; i++) {
		struct cpu_info ci;
		struct core_pmu p;
		memset(&ci, 0, sizeof(ci));
		ci.index = i;
		pmu_status st = pmu_discover(&b, i, &ci);
		if (st)
			die("%s: CPU #%u: discovery failed: %s", argv[0], d.cpu_number[i],
			    pmu_status_str(st));
		core_pmu_from_cpu(&ci, &p);
		struct strbuf sb;
		sb_init(&sb, out, sizeof(out));
		discovery_line(&sb, d.cpu_number[i], &ci, &p);
		puts(out);
	}
	free(text);
	free(d.leaf);
	free(d.cpu);
	free(d.cpu_number);
	return 0;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*run)(int argc, char **argv);
	} cmds[] = {
		{ "decode", cmd_decode }, { "dry-run", cmd_dry_run }, { "summary", cmd_summary },
		{ "compare", cmd_compare }, { "csv", cmd_csv }, { "cpuid", cmd_cpuid },
	};
	if (argc < 2) {
		fputs(usage, stderr);
		return EXIT_ERROR;
	}
	if (!strcmp(argv[1], "help") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		fputs(usage, stdout);
		return 0;
	}
	for (unsigned i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(argv[1], cmds[i].name))
			return cmds[i].run(argc - 2, argv + 2);
	die("unknown command '%s' (decode, dry-run, summary, compare, csv, cpuid; help for usage)", argv[1]);
}
