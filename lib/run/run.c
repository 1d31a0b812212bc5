/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The run from settings to verdict: backend (the model for sim), header,
 * discovery on every selected CPU, the job, the one verdict. Platform
 * services come through a->plat; nothing here knows it is UEFI.
 */
#include "pmu/dryrun.h"
#include "run/job.h"
#include "run/run.h"
#include "run/snc.h"
#include "pmu/topology.h"
#include "pmu/uncore_amd.h"
#include "run/uncore_disc_job.h"
#include "run/uncore_state.h"
#include "run/waive_run.h"

#define DISCOVER_TIMEOUT_US 10000000u
#define UNUSABLE_WHY 96   /* the verdict's reason for a PMU efipmu cannot use */

uint32_t run_make_boxes(struct run *a)
{
	const struct box_alloc mem = { a->plat->ops->alloc, a->plat->ops->free, a->plat->ctx };
	/* once: the events resolved before the log exists hold its boxes */
	bool made = a->boxes.mem.alloc != NULL;
	if (!uncore_disc_boxes_for(a, made ? NULL : &mem) && !made)
		(void)uncore_boxes_make(&a->slot[a->plat->bsp].info, &a->boxes, &mem);
	return a->boxes.unmade;
}

/* Every CPU --cpus names is one this machine has, enabled; "all" is every enabled CPU. */
static enum verdict check_cpus(struct run *a)
{
	unsigned selected = 0;
	for (unsigned n = 0; n < CPUSET_MAX && !cpuset_is_all(&a->opt.cpus); n++) {
		if (!cpuset_has(&a->opt.cpus, n))
			continue;
		if (n >= a->plat->ncpus || !a->plat->cpu[n].enabled) {
			char why[96];
			struct strbuf w;
			sb_init(&w, why, sizeof(why));
			sb_puts(&w, "this machine has ");
			sb_dec(&w, a->plat->ncpus);
			sb_puts(&w, n < a->plat->ncpus ? " CPUs and this one is disabled" :
							  " CPUs, numbered from 0");
			char num[12];
			struct strbuf nb;
			sb_init(&nb, num, sizeof(num));
			sb_dec(&nb, n);
			return run_refuse_setting(a, OPT_CPUS, "cpus: no such CPU", num, why);
		}
	}
	for (unsigned i = 0; i < a->plat->ncpus; i++)
		selected += a->plat->cpu[i].enabled && cpuset_has(&a->opt.cpus, i);
	return selected ? VERDICT_PASS : run_refuse_setting(a, OPT_CPUS, "cpus: no enabled CPU selected", NULL, NULL);
}

/*
 * The boot CPU's discovery through a recording overlay: its one write (the
 * microcode-revision latch) is recorded, not made, so checking the settings
 * writes nothing.
 */
static pmu_status discover_boot_cpu_quietly(struct run *a)
{
	struct dryrun dry;
	struct dryrun_write w[8] = { { 0 } };
	struct dryrun_cpu *cpus = run_alloc(a, a->plat->ncpus * sizeof(*cpus));
	struct pmu_backend quiet;
	unsigned bsp = a->plat->bsp;
	if (!cpus)
		return PMU_ERR_NOSPACE;
	for (unsigned i = 0; i < a->plat->ncpus; i++)
		dryrun_cpu_init(&cpus[i], i == bsp ? w : NULL, i == bsp ? 8 : 0);
	dryrun_init(&dry, &a->backend, cpus, a->plat->ncpus, &quiet);
	pmu_status st = pmu_discover(&quiet, bsp, &a->slot[bsp].info);
	if (!st)
		(void)run_make_boxes(a);   /* its boxes, before events are parsed */
	run_free(a, cpus);
	return st;
}

/* test-discovery-device: a discovery CPU, and a function and BAR the table can be read from. */
static enum verdict check_test_disc(struct run *a)
{
	char dev[24];
	struct strbuf sb;
	if (!a->opt.test_disc_dev.set)
		return VERDICT_PASS;
	sb_init(&sb, dev, sizeof(dev));
	options_put_pci_dev(&sb, &a->opt.test_disc_dev);
	if (!uncore_family_desc(a->slot[a->plat->bsp].info.uncore)->disc)
		return run_refuse_setting(a, OPT_TEST_DISCOVERY_DEVICE, "test-discovery-device", dev,
					  "the boot CPU's uncore has no discovery table (Sapphire "
					  "Rapids onward): nothing to read it for");
	if (uncore_disc_named_why(a))
		return run_refuse_setting(a, OPT_TEST_DISCOVERY_DEVICE, "test-discovery-device", dev,
					  uncore_disc_named_why(a));
	return VERDICT_PASS;
}

/*
 * Every setting given is one the run's backend reads (options_table's backends), checked
 * before the backend is built: sim-break on the real backend, or test-unexpected-fault on
 * the model, would change nothing while the user believes it does.
 */
static enum verdict check_backend_settings(struct run *a)
{
	for (unsigned id = 0; id < OPT_COUNT; id++) {
		const struct opt_def *d = &options_table[id];
		if (!(a->opt.config_given & OPT_BIT(id)) || (d->backends & (1u << a->opt.backend)))
			continue;
		char why[112];
		struct strbuf w;
		sb_init(&w, why, sizeof(why));
		sb_puts(&w, d->backends & OPT_ON_SIM ?
			"only the reference model reads it (backend = sim)" :
			"only the real backend reads it (backend = real)");
		sb_puts(&w, a->opt.backend == EFIPMU_BACKEND_SIM ? "; this run's backend is sim (" :
			"; this run's backend is real (");
		options_source(&a->opt, OPT_BACKEND, &w);
		sb_putc(&w, ')');
		return run_refuse_setting(a, (enum opt_id)id, d->name, NULL, why);
	}
	return VERDICT_PASS;
}

/* backend = sim, from the program's assembly (assemble/backend_build.h); refused without one. */
static enum verdict assembled_sim(struct run *a)
{
	if (!a->plat->assembly)
		return run_refuse_setting(a, OPT_BACKEND, "backend", "sim",
					  "this program has no reference model");
	return a->plat->assembly->sim(a);
}

/* The test hooks the settings ask for, from the program's assembly; refused without one. */
static enum verdict assembled_hooks(struct run *a)
{
	if (a->plat->assembly)
		return a->plat->assembly->hooks(a);
	if (a->opt.stall_cpu)
		return run_refuse_unable(a, OPT_STALL_CPU, "this program has no test hooks");
	if (a->opt.test_unexpected_fault)
		return run_refuse_unable(a, OPT_TEST_UNEXPECTED_FAULT, "this program has no test hooks");
	return VERDICT_PASS;
}

/*
 * The settings that need a means the platform offers (struct run_faults). Without it the test
 * asked for cannot happen: refused before anything runs rather than run without it, which
 * would read as the test having passed.
 */
static enum verdict check_faults(struct run *a)
{
	const struct run_faults *f = a->faults;
	if (a->opt.fault_test && (!f || !f->test))
		return run_refuse_unable(a, OPT_FAULT_TEST, "this platform has no fault test");
	if (a->opt.test_unexpected_fault && (!f || !f->stray))
		return run_refuse_unable(a, OPT_TEST_UNEXPECTED_FAULT, "this platform cannot raise "
					 "an exception none of ours expects");
	return VERDICT_PASS;
}

/*
 * Everything the settings ask for, checked before the log exists and before
 * any MSR is written: the CPU set, the platform's fault means, stall-cpu, and
 * each wanted job's own (a measuring job's kernel, events and rounds on the
 * boot CPU's counters).
 */
static enum verdict check_settings(struct run *a)
{
	if (check_cpus(a) != VERDICT_PASS || check_faults(a) != VERDICT_PASS ||
	    assembled_hooks(a) != VERDICT_PASS ||
	    capture_check_setting(a) != VERDICT_PASS || waive_load(a) != VERDICT_PASS)
		return VERDICT_ERROR;
	if (!jobs_resolve_wanted(&a->opt))
		return VERDICT_PASS;
	pmu_status st = discover_boot_cpu_quietly(a);
	if (st)
		return run_refuse(a, "the boot CPU cannot be discovered:", pmu_status_str(st), NULL);
	if (check_test_disc(a) != VERDICT_PASS)
		return VERDICT_ERROR;
	const struct pmu_backend real = a->backend;
	enum verdict v = jobs_resolve(a);
	a->backend = real;
	return v;
}

static void discover_on_cpu(void *ctx, unsigned cpu)
{
	struct run *a = ctx;
	/* the boot CPU plans every job, measured or not */
	if (!plat_listed(a->plat, cpu) || (!cpuset_has(&a->opt.cpus, cpu) && cpu != a->plat->bsp))
		return;
	struct run_cpu *s = &a->slot[cpu];
	s->st = pmu_discover(&a->backend, cpu, &s->info);
	flag_set(&s->done, 1);
}

/* Every listed CPU's discovery, enabled only where it answered: plat->ncpus of them. */
static struct cpu_info *answered_infos(struct run *a)
{
	struct cpu_info *ci = run_alloc(a, a->plat->ncpus * sizeof(*ci));
	for (unsigned i = 0; ci && i < a->plat->ncpus; i++) {
		ci[i] = a->slot[i].info;
		ci[i].enabled = ci[i].enabled && flag_get(&a->slot[i].done) && !a->slot[i].st;
	}
	return ci;
}

struct package_leader *run_leaders(struct run *a, enum run_by by, unsigned *n, bool *more)
{
	unsigned ncpus = a->plat->ncpus;
	struct cpu_info *ci = answered_infos(a);
	unsigned max = by != RUN_BY_PACKAGE ? ncpus : TOPO_MAX_PACKAGES;
	struct package_leader *out = run_alloc(a, max * sizeof(*out));
	*n = 0;
	*more = false;
	if (!ci || !out) {
		run_free(a, ci);
		run_free(a, out);
		return NULL;
	}
	*n = by == RUN_BY_CCX ? topo_ccx_leaders(ci, ncpus, &a->opt.cpus, out) :
	     by == RUN_BY_DIE ? topo_die_leaders(ci, ncpus, &a->opt.cpus, out) :
	     topo_package_leaders(ci, ncpus, &a->opt.cpus, out, TOPO_MAX_PACKAGES, more);
	run_free(a, ci);
	return out;
}

static void fill_topology(struct run *a)
{
	for (unsigned i = 0; i < a->plat->ncpus; i++) {
		struct cpu_info *ci = &a->slot[i].info;
		const struct plat_cpu *c = &a->plat->cpu[i];
		ci->index = i;
		ci->apic_id = c->apic_id;
		ci->package = c->package;
		ci->core = c->core;
		ci->thread = c->thread;
		ci->die = c->die;
		ci->die_known = a->plat->dies_known;
		ci->enabled = c->enabled;
		ci->is_bsp = c->is_bsp;
	}
}

enum verdict run_init(struct run *a, const struct platform *plat, const struct efipmu_options *opt,
		    const char *cmdline, const struct pmu_backend *real,
		    const struct run_faults *faults)
{
	pmu_memset(a, 0, sizeof(*a));
	a->plat = plat;
	a->opt = *opt;
	a->cmdline = cmdline;
	a->faults = faults;
	sb_init(&a->sb, a->line, sizeof(a->line));
	if (real)
		a->backend = *real;
	/* cache-line aligned: each CPU writes only its own */
	a->slot = run_alloc_lines(a, plat->ncpus * sizeof(*a->slot), &a->slot_mem);
	if (!a->slot)
		return run_refuse(a, "no memory for the per-CPU results", NULL, NULL);
	a->unc = run_alloc(a, sizeof(*a->unc));
	if (!a->unc)
		return run_refuse(a, "no memory for the uncore's tables and scan", NULL, NULL);
	if (check_backend_settings(a) != VERDICT_PASS)
		return VERDICT_ERROR;
	if (a->opt.backend == EFIPMU_BACKEND_SIM && assembled_sim(a) != VERDICT_PASS)
		return VERDICT_ERROR;
	fill_topology(a);
	if (jobs_init(a) != VERDICT_PASS)
		return VERDICT_ERROR;
	return check_settings(a);
}

void run_fini(struct run *a)
{
	jobs_fini(a);
	if (a->plat && a->plat->assembly)
		a->plat->assembly->free(a);
	run_free(a, a->slot_mem);
	run_free(a, a->collapse);
	if (a->unc)
		uncore_disc_fini(&a->unc->disc);   /* its tables' slots */
	run_free(a, a->unc);
	run_free(a, a->waivers);
	box_set_fini(&a->boxes);
	a->unc = NULL;
	a->slot_mem = NULL;
	a->collapse = NULL;
	a->waivers = NULL;
	a->slot = NULL;
}

static void put_num(struct strbuf *sb, uint64_t v, size_t col)
{
	sb_pad_to(sb, col);
	sb_dec(sb, v);
}

/*
 * One row per CPU; collapsing (run/collapse.c), a row per group, whose CPUs' own APIC ID,
 * package, core and thread are in their records, not on the console.
 */
static void report_cpus(struct run *a)
{
	collapse_start(a);
	/* 74 columns: 80 with the [SIM] mark. */
	sb_puts(&a->sb, a->collapse ? "CPUS                  FAM-MOD UCODE      PMU GP FX UNCORE" :
		"CPU APIC PKG CORE THR FAM-MOD UCODE      PMU GP FX UNCORE");
	run_say(a);
	for (unsigned i = 0; i < a->plat->ncpus; i++) {
		struct run_cpu *s = &a->slot[i];
		const struct cpu_info *ci = &s->info;
		if (!cpuset_has(&a->opt.cpus, i) || !ci->enabled)
			continue;
		if (!flag_get(&s->done)) {
			run_cpu_here(a, i, 0);
			if (!a->collapse) {
				sb_puts(&a->sb, " (APIC id ");
				sb_dec(&a->sb, ci->apic_id);
				sb_putc(&a->sb, ')');
			}
			sb_puts(&a->sb, " did not run the job: no result");
			run_say(a);
			continue;
		}
		run_cpu_here(a, i, a->collapse ? 22 : 4);
		if (!a->collapse) {
			put_num(&a->sb, ci->apic_id, 4);
			put_num(&a->sb, ci->package, 9);
			put_num(&a->sb, ci->core, 13);
			put_num(&a->sb, ci->thread, 18);
		}
		sb_pad_to(&a->sb, 22);
		sb_hex_digits(&a->sb, ci->family, 2);
		sb_putc(&a->sb, '-');
		sb_hex_digits(&a->sb, ci->model, 2);
		sb_putc(&a->sb, '-');
		sb_dec(&a->sb, ci->stepping);
		sb_pad_to(&a->sb, 30);
		if (ci->microcode_st == PMU_OK)
			sb_hex(&a->sb, ci->microcode);
		else
			sb_puts(&a->sb, "?");
		sb_pad_to(&a->sb, 41);
		sb_putc(&a->sb, 'v');
		sb_dec(&a->sb, pmu_version_of(ci));
		unsigned gp, fixed;
		run_core_counters(ci, &gp, &fixed);
		put_num(&a->sb, gp, 45);
		put_num(&a->sb, fixed, 48);
		sb_pad_to(&a->sb, 51);
		sb_puts(&a->sb, uncore_family_name(ci->uncore));
		if (pmu_core_type_name(ci->arch.core_type)) {
			sb_putc(&a->sb, ' ');
			sb_puts(&a->sb, pmu_core_type_name(ci->arch.core_type));
		}
		run_say(a);
		logrec_cpu(&a->sb, ci, a->simulated);
		run_record(a);
	}
	run_say_core_types(a);
	if (a->plat->found > a->plat->ncpus) {
		sb_puts(&a->sb, "firmware reports ");
		sb_dec(&a->sb, a->plat->found);
		sb_puts(&a->sb, " CPUs; efipmu lists at most ");
		sb_dec(&a->sb, a->plat->ncpus);
		sb_puts(&a->sb, ": the other ");
		sb_dec(&a->sb, a->plat->found - a->plat->ncpus);
		sb_puts(&a->sb, " are not measured");
		run_say(a);
	}
}

/* "<id>2 package 0 core 1 thread 0": an APIC ID and a place, firmware's or CPUID's. */
static void put_place(struct strbuf *sb, const char *id, uint32_t apic, uint32_t pkg, uint32_t core,
		      uint32_t thread)
{
	sb_puts(sb, id);
	sb_dec(sb, apic);
	sb_puts(sb, " package ");
	sb_dec(sb, pkg);
	sb_puts(sb, " core ");
	sb_dec(sb, core);
	sb_puts(sb, " thread ");
	sb_dec(sb, thread);
}

static bool topology_differs(const struct cpu_info *ci)
{
	const struct cpu_topo *t = &ci->topo;
	return t->x2apic_id != ci->apic_id || t->package != ci->package || t->core != ci->core ||
	       t->thread != ci->thread;
}

/*
 * Firmware's APIC ID and Location (MP services) against each CPU's own CPUID
 * (pmu/topo_cpuid.h): the CPUs that disagree named in one line, with the first of them,
 * and a record. A finding about firmware, not the PMU: the verdict stays the jobs', and
 * packages stay firmware's (they index the uncore). On the model too: its CPUID places
 * each CPU as firmware lists it, so the decoder and the model agree or are named.
 */
static void check_topology(struct run *a)
{
	struct cpuset differ;
	const struct cpu_info *first = NULL;
	cpuset_clear(&differ);
	for (unsigned i = 0; i < a->plat->ncpus; i++) {
		const struct run_cpu *s = &a->slot[i];
		if (!cpuset_has(&a->opt.cpus, i) || !s->info.enabled || !s->done || s->st ||
		    s->info.topo.st || !topology_differs(&s->info))
			continue;
		cpuset_add(&differ, i);
		first = first ? first : &s->info;
	}
	if (!first)
		return;
	const struct cpu_topo *t = &first->topo;
	sb_puts(&a->sb, "topology: firmware's Location differs from CPUID on CPUs ");
	cpuset_format(&differ, &a->sb);
	sb_puts(&a->sb, ": CPU ");
	sb_dec(&a->sb, first->index);
	put_place(&a->sb, " firmware APIC ID ", first->apic_id, first->package, first->core,
		  first->thread);
	sb_puts(&a->sb, ", CPUID (");
	sb_puts(&a->sb, topo_source_name(t->source));
	put_place(&a->sb, ") x2APIC ID ", t->x2apic_id, t->package, t->core, t->thread);
	run_say(a);
	run_begin(a, "topology_check");
	sb_json_key(&a->sb, "differs_on");
	sb_putc(&a->sb, '"');   /* digits, ',' and '-': nothing to escape */
	cpuset_format(&differ, &a->sb);
	sb_putc(&a->sb, '"');
	logrec_key_u64(&a->sb, "cpus", cpuset_count(&differ));
	logrec_key_str(&a->sb, "source", topo_source_name(t->source));
	logrec_end(&a->sb);
	run_record(a);
}

/*
 * A core PMU that exists but that efipmu cannot use here, said in why (UNUSABLE_WHY bytes):
 * an AMD or Hygon processor on bare metal whose counters do not answer, or one whose
 * firmware set Limit CPUID Maxval. Such a machine is never reported as having no PMU;
 * under a hypervisor (CPUID.1:ECX[31]) AMD counters that do not answer are no PMU.
 */
static bool pmu_unusable(char *why, const struct cpu_info *ci)
{
	struct strbuf w;
	sb_init(&w, why, UNUSABLE_WHY);
	if (pmu_vendor_amd(ci->vendor) && !ci->hypervisor) {
		static const char hex[] = "0123456789abcdef";
		sb_puts(&w, pmu_strcmp(ci->vendor, "AuthenticAMD") ? "Hygon family " : "AMD family ");
		if (ci->family > 0xf)
			sb_putc(&w, hex[(ci->family >> 4) & 0xf]);
		sb_putc(&w, hex[ci->family & 0xf]);
		sb_puts(&w, "h: ");
		sb_puts(&w, pmu_core_verdict(ci));
		return true;
	}
	if (ci->cpuid_limited && !pmu_core_present(ci)) {
		sb_puts(&w, pmu_core_verdict(ci));
		sb_puts(&w, ": clear it in the firmware setup");
		return true;
	}
	return false;
}

/* What the CPUs did and what the jobs found, for verdict_decide (why: pmu_unusable's). */
static void tally(struct run *a, enum verdict job, const struct job_facts *f,
		  struct verdict_input *in, char *why)
{
	pmu_memset(in, 0, sizeof(*in));
	in->job = job;
	in->claims = f->claims;
	in->pmu_claims = f->pmu_claims;
	in->fault_test = f->fault_test;
	in->checks = a->checks;
	for (unsigned i = 0; i < a->plat->ncpus; i++) {
		struct run_cpu *s = &a->slot[i];
		if (!cpuset_has(&a->opt.cpus, i) || !s->info.enabled)
			continue;
		if (!flag_get(&s->done) || s->st) {
			in->missing++;
			continue;
		}
		in->ran++;
		in->unfinished += s->measure_st == PMU_ERR_TIMEOUT;   /* missed a barrier or its round */
		if (pmu_core_present(&s->info))
			in->with_pmu++;
		else if (pmu_unusable(why, &s->info))
			in->unusable_reason = why, in->unusable++;
		else
			in->no_pmu_reason = pmu_core_verdict(&s->info);
		in->faults_caught += f->fault_test && !s->fault_test_fail;
	}
	in->disturbed = a->checks.disturbed;
	in->log_lost = a->plat->ops->log_lost(a->plat->ctx);
}

/* What the log cost to write so far: a slow stick shows here (and make bench reads it). */
static void log_cost_record(struct run *a)
{
	struct plat_log_cost c;
	uint64_t tpu = a->plat->tsc_per_us;
	if (!a->plat->ops->log_cost || !a->plat->ops->log_cost(a->plat->ctx, &c))
		return;
	run_begin(a, "log_cost");
	logrec_key_u64(&a->sb, "writes", c.writes);
	logrec_key_u64(&a->sb, "flushes", c.flushes);
	logrec_key_u64(&a->sb, "bytes", c.bytes);
	if (tpu) {
		logrec_key_u64(&a->sb, "write_us", c.write_ticks / tpu);
		logrec_key_u64(&a->sb, "flush_us", c.flush_ticks / tpu);
	}
	logrec_end(&a->sb);
	run_record(a);
}

/*
 * The one verdict of every job: the CPUs' tally and the jobs' facts and checks to
 * verdict_decide, its record and line from verdict.c.
 */
static enum verdict judge(struct run *a, enum verdict job, const struct job_facts *f)
{
	struct verdict_input in;
	char why[UNUSABLE_WHY];
	log_cost_record(a);
	tally(a, job, f, &in, why);
	struct verdict_result res = verdict_decide(&in);

	run_begin(a, "verdict");
	verdict_record(&a->sb, &in, &res);
	logrec_end(&a->sb);
	run_record(a);
	verdict_line(&a->sb, &in, &res);
	run_say(a);
	if (in.log_lost) {
		sb_puts(&a->sb, "         log not written: ");
		sb_puts(&a->sb, in.log_lost);
		run_say(a);
	}
	if (res.reason && res.reason != in.log_lost) {
		sb_puts(&a->sb, "         ");
		sb_puts(&a->sb, res.reason);
		run_say(a);
	}
	return res.v;
}

static void write_header(struct run *a, const struct run_header *given)
{
	char opts[600];
	struct strbuf ob;
	struct run_header h = *given;
	sb_init(&ob, opts, sizeof(opts));
	options_describe(&a->opt, &ob);
	h.cmdline = a->cmdline;
	h.options = opts;
	h.backend = a->backend.name;
	h.simulated = a->simulated;
	h.cpus_found = a->plat->found;
	h.cpus_enabled = a->plat->nenabled;
	logrec_header(&a->sb, &h);
	run_record(a);
	if (!a->simulated)
		return;
	sb_puts(&a->sb, "SIMULATED: every value below comes from the reference model");
	run_say(a);
	sb_puts(&a->sb, "(profile ");
	sb_puts(&a->sb, run_profile_name(a));
	sb_puts(&a->sb, "), not from this machine");
	run_say(a);
}

enum verdict run_main(struct run *a, const struct run_header *h)
{
	struct job_facts facts;
	a->header = h;
	write_header(a, h);
	plat_run_all(a->plat, discover_on_cpu, a, DISCOVER_TIMEOUT_US);
	/* AMD's uncore boxes from the boot CPU's CPUID (or none), whatever job runs */
	uint32_t no_box = run_make_boxes(a);
	report_cpus(a);
	check_topology(a);
	snc_report(a);
	const struct uncore_amd_facts *amd = &a->slot[a->plat->bsp].info.amd_uncore;
	if (uncore_amd_shape(amd, &a->sb) ||
	    uncore_amd_unclaimed(&a->backend, a->plat->bsp, amd, &a->sb))
		run_say(a);
	if (no_box) {
		sb_puts(&a->sb, "active memory controllers with no amd_umc box (CPUID 0x80000022 ECX "
			"bits ");
		sb_hex(&a->sb, no_box);
		sb_puts(&a->sb, "): beyond the 16 efipmu makes, or no counters left for them");
		run_say(a);
	}
	waive_records(a);
	enum verdict job = jobs_execute(a, &facts);
	if (job != VERDICT_ERROR)
		waive_unmatched(a);
	enum verdict v = job == VERDICT_ERROR ? job : judge(a, job, &facts);
	collapse_flush(a);
	return v;
}
