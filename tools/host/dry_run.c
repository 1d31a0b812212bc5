/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu-host dry-run [--profile P] [--sim-firmware F] [--list-model M[:S]] [--core-type T]
 * [--each] EVENTSPEC...: every MSR write the engines would make, on the reference model (no
 * hardware is touched); on a hybrid profile on a CPU of each core type in turn.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "model/model_loaded.h"
#include "hw/msr.h"
#include "model/model.h"
#include "pmu/core_engine.h"
#include "pmu/cpuinfo.h"
#include "pmu/decode.h"
#include "pmu/evspec.h"
#include "pmu/uncore.h"
#include "pmu/regkey.h"
#include "pmu/uncore_pci.h"
#include "pmu/uncore_family.h"
#include "pmu/uncore_amd.h"
#include "util/fmt.h"

#define DEFAULT_PROFILE "sandy-bridge-ep"
/* The model of a dry run: CPU 0, and a hybrid's E-core CPU 1. */
#define DRY_CPUS 2

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
		/* v6 (hw/msr.h): IA32_PMC_GPn_CFG_A, IA32_PMC_GPn_CTR, IA32_PMC_FXn_CTR */
		{ MSR_IA32_PMC_V6_GP0_CFG_A, MSR_IA32_PMC_V6_STEP, "IA32_PMC_V6_CFG_A", false },
		{ MSR_IA32_PMC_V6_GP0_CTR, MSR_IA32_PMC_V6_STEP, "IA32_PMC_V6_CTR", false },
		{ MSR_IA32_PMC_V6_FX0_CTR, MSR_IA32_PMC_V6_STEP, "IA32_PMC_V6_FX_CTR", true },
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

/* "uncore_cha_3 filter", "uncore_cha_3 filter1": register reg of d's filter. */
static bool filter_name(const struct box_desc *d, uint32_t reg, char *out, size_t cap)
{
	int k = filter_reg_index(d, reg);
	if (k < 0)
		return false;
	if (k)
		snprintf(out, cap, "%s filter%d", d->name, k);
	else
		snprintf(out, cap, "%s filter", d->name);
	return true;
}

static bool uncore_msr_name(uint32_t msr, const struct box_set *boxes, char *out, size_t cap)
{
	for (unsigned b = 0; b < boxes->n; b++) {
		const struct box_desc *d = &boxes->box[b].d;
		for (unsigned i = 0; i < d->n_counters; i++)
			if (msr == box_ctl_msr(d, i) || msr == box_ctr_msr(d, i)) {
				snprintf(out, cap, "%s %s%u", d->name, msr == box_ctl_msr(d, i) ? "ctl" : "ctr", i);
				return true;
			}
		const struct { uint32_t msr; const char *what; } regs[] = {
			{ d->fixed_ctl, "fixed ctl" }, { d->fixed_ctr, "fixed ctr" }, { d->box_ctl, "box ctl" },
			{ d->status_msr, "status" }, { d->ovf_msr, "overflow ctl" },
		};
		for (unsigned i = 0; i < sizeof(regs) / sizeof(regs[0]); i++)
			if (regs[i].msr && regs[i].msr == msr) {
				snprintf(out, cap, "%s %s", d->name, regs[i].what);
				return true;
			}
		if (filter_name(d, msr, out, cap))
			return true;
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
/* A part with a discovery table: its tables, found on the model as the app finds them. */
static struct uncore_disc dry_disc;

/* A PCI box register's name: "uncore_imc_0 ctl0" (its offset within the box's function). */
static bool pci_reg_name(uint32_t key, char *out, size_t cap)
{
	for (unsigned p = 0; p < UNCORE_PCI_MAX_PKGS; p++)
		for (unsigned k = 0; k < dry_scan.pkg[p].n; k++) {
			const struct uncore_pci_box *x = &dry_scan.pkg[p].box[k];
			if (x->filter_base && (key & ~0xFFFu) == x->filter_base &&
			    filter_name(x->d, key & 0xFFCu, out, cap))
				return true;   /* its filter's function (box_desc.filter_id) */
			if ((key & ~0xFFFu) != x->base)
				continue;
			uint32_t off = key & 0xFFCu, lo = off & ~4u;
			for (unsigned i = 0; i < x->d->n_counters; i++) {
				/* a wide control (box_desc.ctl_wide): two dwords, as a counter */
				const struct box_desc *d = x->d;
				bool ctl = off == box_ctl_msr(d, i) ||
					   (d->ctl_wide && lo == box_ctl_msr(d, i));
				if (!ctl && lo != box_ctr_msr(d, i))
					continue;
				snprintf(out, cap, "%s %s%u%s", d->name, ctl ? "ctl" : "ctr", i,
					 ctl && !d->ctl_wide ? "" : off != lo ? " hi" : " lo");
				return true;
			}
			if (filter_name(x->d, off, out, cap))
				return true;
			snprintf(out, cap, "%s %s", x->d->name, off == x->d->box_ctl ? "box ctl" :
				 off == x->d->fixed_ctl ? "fixed ctl" : lo == x->d->fixed_ctr ?
				 (off != lo ? "fixed ctr hi" : "fixed ctr lo") : "register");
			return true;
		}
	return false;
}

/* Name of an MSR the engines write, for the dry-run listing (its fields: decode_layout_for_msr). */
static void msr_name(uint32_t msr, const struct core_pmu *p, const struct box_set *boxes,
		     char *out, size_t cap)
{
	if (regkey_is_pci(msr)) {
		if (!pci_reg_name(msr, out, cap))
			snprintf(out, cap, "PCI register");
		return;
	}
	if (!core_msr_name(msr, p, out, cap) && !uncore_msr_name(msr, boxes, out, cap))
		snprintf(out, cap, "MSR 0x%x", msr);
}

/* The register of a logged access as the listing shows it: "0x38f" or "pci 0000:7f:10.4+0xd8". */
static void reg_text(uint32_t key, char *out, size_t cap)
{
	struct strbuf sb;
	sb_init(&sb, out, cap);
	regkey_put(&sb, &dry_pmon, key);
}

struct dry_run {
	struct model *m;
	unsigned cpu;      /* the model's CPU the run is on (hybrid: one per core type) */
	struct pmu_backend b;
	struct cpu_info ci;
	struct box_set boxes;   /* the model's uncore boxes */
	struct core_pmu pmu;
	unsigned mark;     /* access log entries already printed */
	unsigned writes, pci_writes, mmio_writes;
	char why[256];     /* set when the engines refuse the events: nothing was written */
};

/* Prints the writes logged since the last phase. */
static void phase(struct dry_run *r, const char *title, pmu_status st)
{
	unsigned n = r->m->log_len[r->cpu], reads = 0;
	for (unsigned i = r->mark; i < n; i++)
		reads += r->m->log[r->cpu][i].op != MOP_WRMSR && r->m->log[r->cpu][i].op != MOP_PCI_WR &&
			 r->m->log[r->cpu][i].op != MOP_MMIO_WR;
	printf("  %s", title);
	if (reads)
		printf(" (%u read%s)", reads, reads > 1 ? "s" : "");
	printf("%s%s\n", st ? ": failed: " : ":", st ? pmu_status_str(st) : "");
	for (unsigned i = r->mark; i < n; i++) {
		const struct model_access *a = &r->m->log[r->cpu][i];
		char name[64], dec[512] = "", where[40];
		if (a->op == MOP_PCI_RD) {   /* config reads shown: a counter is two dwords, hi-lo-hi */
			msr_name(a->msr, &r->pmu, &r->boxes, name, sizeof(name));
			reg_text(a->msr, where, sizeof(where));
			printf("       read  %-22s %-26s = 0x%llx\n", where, name, (unsigned long long)a->val);
			continue;
		}
		if (a->op == MOP_MMIO_WR) {   /* an MMIO box's register, by its address */
			r->mmio_writes++;
			printf("  %4u write mmio 0x%-16x = 0x%llx\n", ++r->writes, a->msr,
			       (unsigned long long)a->val);
			continue;
		}
		if (a->op != MOP_WRMSR && a->op != MOP_PCI_WR)
			continue;
		const struct reg_layout *l = decode_layout_for_msr(a->msr, r->ci.uncore ? &r->boxes : NULL);
		msr_name(a->msr, &r->pmu, &r->boxes, name, sizeof(name));
		if (l) {
			struct strbuf sb;
			sb_init(&sb, dec, sizeof(dec));
			reg_decode(l, a->val, 0, &sb);
		}
		char val[24];
		snprintf(val, sizeof(val), "0x%llx", (unsigned long long)a->val);
		/* the decoded fields in a column, at least a space after a wide value */
		int pad = dec[0] ? (strlen(val) < 14 ? 14 - (int)strlen(val) : 1) : 0;
		if (a->op == MOP_PCI_WR) {
			r->pci_writes++;
			reg_text(a->msr, where, sizeof(where));
			printf("  %4u write %-22s %-26s = %s%*s%s%s%s\n", ++r->writes, where, name, val,
			       pad, "", dec, a->st ? "  -> " : "",
			       a->st ? pmu_status_str(a->st) : "");
			continue;
		}
		printf("  %4u wrmsr 0x%-4x %-26s = %s%*s%s%s%s\n", ++r->writes, a->msr, name, val,
		       pad, "", dec, a->st ? "  -> " : "",
		       a->st ? pmu_status_str(a->st) : "");
	}
	r->mark = n;
}

/* A failed program phase ends the dry run there: only the restore of what it wrote follows. */
static pmu_status dry_core(struct dry_run *r, const struct pmu_event_req *reqs, unsigned n)
{
	struct core_snapshot snap;
	struct core_session *s = xcalloc(1, sizeof(*s));
	pmu_status st = core_snapshot(&r->b, r->cpu, &r->ci, &snap);
	if (!st)
		st = core_prepare(s, &r->b, r->cpu, &snap, reqs, n, false);
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
	void *tables = xcalloc(1, uncore_session_size(n));
	const struct uncore_pci_pkg *map = NULL;
	uncore_session_init(s, tables, n);
	if (r->ci.uncore == UNCORE_DISC && n) {
		unsigned pkg = r->m->pkg_of[r->cpu], unplaced = 0;
		pmon_reset(&dry_pmon);
		r->b.pmon = &dry_pmon;
		regkey_names(&dry_pmon);
		memset(&dry_scan, 0, sizeof(dry_scan));
		uncore_disc_place(&dry_disc, &r->boxes, pkg, &dry_scan.pkg[pkg], &dry_pmon, &unplaced);
		map = &dry_scan.pkg[pkg];
	}
	for (unsigned i = 0; i < n && !map; i++)
		if (reqs[i].box->pci) {
			/* Found as the app finds them (run/uncore_pci_job.c); the scan's reads are not listed. */
			pmon_reset(&dry_pmon);
			r->b.pmon = &dry_pmon;   /* MMIO boxes are read through it as they are found */
			regkey_names(&dry_pmon);
			(void)uncore_pci_scan(&r->b, r->cpu, &r->boxes, &dry_scan, &dry_pmon);
			map = &dry_scan.pkg[r->m->pkg_of[r->cpu]];
			model_clear_log(r->m);
			r->mark = 0;
		}
	pmu_status st = uncore_plan_pci(s, r->ci.uncore, map, reqs, n);
	if (st) {
		snprintf(r->why, sizeof(r->why), "uncore event '%s' refused: %s",
			 reqs[s->bad_event < n ? s->bad_event : 0].name,
			 s->msg[0] ? s->msg : pmu_status_str(st));
		free(tables);
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
		if (map->box[k].d->pci->mmio) {   /* its base from that device's registers */
			regkey_put(&sb, &dry_pmon, map->box[k].base + map->box[k].d->box_ctl);
			if (map->box[k].d->family == UNCORE_DISC)
				printf("  %s: MMIO box (the discovery table's address) at %s\n",
				       map->box[k].d->name, at);
			else
				printf("  %s: MMIO box (base from PCI device %#x) at %s\n",
				       map->box[k].d->name, map->box[k].d->pci->device_id, at);
			continue;
		}
		regname_put_fn(&sb, regkey_pci_addr(map->box[k].base));
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
	free(tables);
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
	int list_stepping;          /* and of this stepping (06_55: Skylake-SP 0-4, Cascade Lake 5-F) */
	uint8_t core_type;          /* hybrid: only the CPU of this core type; 0: one of each */
	bool firmware;              /* fw replaces the profile's firmware hand-over */
	enum model_firmware fw;
};

/*
 * Hybrid: the events this CPU's core type leaves out and why (as the app says it, run/job_core.c):
 * its list lacks a bare name, or cpu_core/NAME/ or cpu_atom/NAME/ names the other type. A
 * bare name another request of the same spec counts here is not left out.
 */
static void say_left_out(const struct cpu_info *ci, const struct pmu_event_req *reqs, unsigned n)
{
	const struct ev_model *m = ev_model_for(ci);
	for (unsigned i = 0; i < n; i++) {
		const struct pmu_event_req *q = &reqs[i];
		bool here = false;
		for (unsigned j = 0; j < n; j++)
			here |= reqs[j].item == q->item && !reqs[j].box &&
				(!reqs[j].core_type || reqs[j].core_type == ci->arch.core_type);
		if (q->box || here)
			continue;
		printf("  left out on this core type: %s (%s): ", q->name, q->list ? q->list : "-");
		if (!strchr(q->name, '/'))
			printf("its list (%s) lacks it\n", m ? m->core->file : "none");
		else
			printf("it names core type %s\n", pmu_core_type_name(q->core_type));
	}
}

/* dry_events with room for max requests in each of reqs, core and unc. */
static int dry_requests(struct dry_run *r, const struct model_profile *p, const struct dry_opts *o,
			unsigned cpu, const char *spec, struct pmu_event_req *reqs,
			struct pmu_event_req *core, struct pmu_event_req *unc, unsigned max,
			char *why, size_t cap)
{
	unsigned n = 0, nc = 0, nu = 0;
	struct evspec_error err;
	struct cpu_info names = r->ci;   /* only the name lookup sees list_model */
	if (o->list_model)
		names.model = o->list_model;
	if (o->list_stepping >= 0)
		names.stepping = (uint32_t)o->list_stepping;
	if (evspec_parse_list(&names, &r->boxes, spec, reqs, max, &n, &err)) {
		snprintf(why, cap, "%s", err.msg);
		return EXIT_ERROR;
	}
	unsigned other = 0;   /* requests for the other core type's CPUs */
	for (unsigned i = 0; i < n; i++) {
		if (reqs[i].box)
			unc[nu++] = reqs[i];
		else if (reqs[i].core_type && reqs[i].core_type != r->ci.arch.core_type)
			other++;
		else
			core[nc++] = reqs[i];
	}
	printf("dry run of %s on the reference model %s", spec, p->name);
	if (r->ci.arch.core_type)
		printf(" (core type %s)", pmu_core_type_name(r->ci.arch.core_type));
	if (o->firmware)
		printf(" (firmware %s)", model_firmware_name(o->fw));
	if (o->list_model)
		printf(" (names from Intel's list for model 0x%x)", o->list_model);
	if (!nc && !nu) {
		printf(", CPU %u: nothing to count on this core type (%u event%s the other's)\n",
		       cpu, other, other == 1 ? " is" : "s are");
		say_left_out(&r->ci, reqs, n);
		return 0;
	}
	printf(", CPU %u: no hardware is touched\n", cpu);
	if (other)
		say_left_out(&r->ci, reqs, n);
	model_clear_log(r->m);
	pmu_status st = nc ? dry_core(r, core, nc) : PMU_OK;
	if (nu && !st)
		st = dry_uncore(r, unc, nu);
	if (r->why[0]) {
		snprintf(why, cap, "%s", r->why);
		return EXIT_ERROR;
	}
	if (r->m->log_overflow[cpu])
		printf("(access log full: later writes not shown)\n");
	printf("%u MSR writes", r->writes - r->pci_writes - r->mmio_writes);
	if (r->pci_writes)
		printf(", %u PCI configuration writes", r->pci_writes);
	if (r->mmio_writes)
		printf(", %u MMIO writes", r->mmio_writes);
	printf("%s\n", st ? "; the program phase failed: stopped there" : "");
	return st ? EXIT_REGRESSED : 0;
}

/* The run of dry_one on its model r, discovered. */
static int dry_events(struct dry_run *r, const struct model_profile *p, const struct dry_opts *o,
		      unsigned cpu, const char *spec, char *why, size_t cap)
{
	unsigned max = evspec_list_max(spec);   /* each array as many as the list can make */
	struct pmu_event_req *reqs = xcalloc(3 * max, sizeof(*reqs)), *core = reqs + max,
			     *unc = core + max;
	int rc = dry_requests(r, p, o, cpu, spec, reqs, core, unc, max, why, cap);
	free(reqs);
	return rc;
}

/*
 * One dry run of spec (events joined by commas) on a fresh model m of profile p. Returns 0,
 * EXIT_REGRESSED when a phase failed, or EXIT_ERROR with the one-line reason in why: the
 * events were refused and nothing was written.
 */
static int dry_one(struct model *m, const struct model_profile *p, const struct dry_opts *o,
		   unsigned cpu, const char *spec, char *why, size_t cap)
{
	struct dry_run r = { .m = m, .cpu = cpu };
	/* A hybrid profile's model: CPU 0 a P-core, CPU 1 an E-core (model_cpu_is_atom) */
	if (model_init(r.m, model_bytes(DRY_CPUS), p, p->cpuid_atom ? 2 : 1, 1))
		die("cannot build the reference model of %s", p->name);
	if (o->firmware)
		model_set_firmware(r.m, o->fw);
	model_backend(r.m, &r.b);
	if (pmu_discover(&r.b, cpu, &r.ci))
		die("discovery failed on the reference model");
	/* its boxes (a discovery table's part: the table's), before the events are parsed */
	const struct disc_die die = { cpu, 0, 0 };   /* the model's one package, one die */
	const struct disc_where w = uncore_disc_where(&r.ci, &die, 1);
	if (r.ci.uncore == UNCORE_DISC)
		(void)uncore_disc_build(&r.b, &w, NULL, &dry_disc, &r.boxes, &host_box_alloc);
	else
		(void)uncore_boxes_make(&r.ci, &r.boxes, &host_box_alloc);
	core_pmu_from_cpu(&r.ci, &r.pmu);
	int rc = dry_events(&r, p, o, cpu, spec, why, cap);
	box_set_fini(&r.boxes);
	uncore_disc_fini(&dry_disc);
	return rc;
}

/*
 * dry-run [--profile P | --profile-file FILE] [--sim-firmware clean|running]
 * [--list-model M[:S]] [--core-type core|atom] [--each] SPEC...: the
 * specs together in one run; with --each every argument is a run of its own (a refusal is a
 * "refused:" line and the next goes on), so a test can go through a whole event list in one
 * process.
 */
int cmd_dry_run(int argc, char **argv)
{
	const char *profile = DEFAULT_PROFILE, *profile_file = NULL;
	struct dry_opts o = { .list_stepping = -1 };
	bool each = false;
	char **specs = xcalloc((size_t)argc, sizeof(*specs));
	int nspecs = 0;
	for (int i = 0; i < argc; i++) {
		const char *opt = argv[i];
		if (!strcmp(opt, "--each")) {
			each = true;
			continue;
		}
		if (strcmp(opt, "--profile") && strcmp(opt, "--profile-file") && strcmp(opt, "--list-model") &&
		    strcmp(opt, "--sim-firmware") && strcmp(opt, "--core-type")) {
			specs[nspecs++] = argv[i];
			continue;
		}
		if (++i >= argc)
			die("%s needs a value", opt);
		if (!strcmp(opt, "--profile")) {
			profile = argv[i];
		} else if (!strcmp(opt, "--profile-file")) {
			profile_file = argv[i];
		} else if (!strcmp(opt, "--sim-firmware")) {
			o.firmware = true;
			if (model_firmware_parse(argv[i], &o.fw))
				die("--sim-firmware: '%s' is neither clean nor running", argv[i]);
		} else if (!strcmp(opt, "--core-type")) {
			o.core_type = !strcmp(argv[i], "core") ? CORE_TYPE_CORE :
				      !strcmp(argv[i], "atom") ? CORE_TYPE_ATOM : 0;
			if (!o.core_type)
				die("--core-type: '%s' is neither core nor atom", argv[i]);
		} else {
			char *colon = strchr(argv[i], ':');
			if (colon) {
				*colon = '\0';
				o.list_stepping = (int)parse_number("stepping", colon + 1);
				if (o.list_stepping > 0xf)
					die("--list-model: no such stepping %d", o.list_stepping);
			}
			if ((o.list_model = (unsigned)parse_number("model", argv[i])) > 0xff)
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
	struct model_loaded *loaded = profile_file ? host_profile_file(profile_file) : NULL;
	const struct model_profile *p = loaded ? &loaded->p : find_profile(profile);
	struct model *m = xcalloc(1, model_bytes(DRY_CPUS));
	char why[256];
	int rc = 0;
	if (o.core_type && !p->cpuid_atom)
		die("--core-type: profile %s is not hybrid", p->name);
	for (int i = 0; i < (each ? nspecs : 1); i++) {
		/* Hybrid: the run on a CPU of each core type (--core-type: that one only) */
		for (unsigned cpu = 0; cpu < (p->cpuid_atom ? 2u : 1u); cpu++) {
			bool atom = cpu == 1;
			if (o.core_type && (o.core_type == CORE_TYPE_ATOM) != atom)
				continue;
			int r = dry_one(m, p, &o, cpu, each ? specs[i] : spec, why, sizeof(why));
			if (r == EXIT_ERROR && !each) {
				free(m);
				free(specs);
				free(loaded);
				die("%s", why);
			}
			if (r == EXIT_ERROR)
				printf("dry run of %s: refused: %s\n", each ? specs[i] : spec, why);
			rc = r > rc ? r : rc;
		}
	}
	free(m);
	free(specs);
	free(loaded);
	return rc;
}
