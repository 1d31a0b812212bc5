/*
 * The uncore job: the uncore events of -e (or a default set for the uncore
 * family) counted around the kernel once per package, on one leader CPU of
 * each package (uncore registers are per package, REGISTERS.md §2-§4).
 * Events are planned on the BSP before any CPU is touched, so bad input
 * writes no MSR. Each leader first checks that its boxes hold what is
 * written (QEMU TCG drops the writes): where they do not, the app says so
 * and prints no counts.
 */
#include "run/run.h"
#include "run/buffers.h"
#include "out/derived.h"
#include "pmu/evspec.h"
#include "out/logrec.h"
#include "model/sim_workload.h"
#include "pmu/topology.h"

#define LEADER_TIMEOUT_US 10000000u
#define MAX_PROBES 16   /* distinct boxes of one run */

/*
 * Without -e: clocks plus what the `uncore` kernel drives (memory reads and writes,
 * lock traffic), per family. spec NULL is the family's fixed clock counter, which
 * has no event code (REGISTERS.md §2.7). Names resolve through evspec: Intel's list for
 * SNB-EP, REGISTERS.md's (tools/gen_box_events.py) for NHM and NHM-EX.
 */
struct default_event {
	enum uncore_family fam;
	const char *name;   /* NULL: the list name evspec gives */
	const char *spec;
};

static const struct default_event defaults[] = {
	{ UNCORE_NHM_CLIENT, "UNCORE_CLOCK", NULL },
	{ UNCORE_NHM_CLIENT, NULL, "UNC_QMC_NORMAL_READS.ANY" },
	{ UNCORE_NHM_CLIENT, NULL, "UNC_QMC_WRITES.PARTIAL_ANY" },
	{ UNCORE_NHM_EX, "MBOX_CLOCKTICKS", "uncore_mbox_0/MBOX_CLOCKTICKS,wrap_mode=1/" },
	{ UNCORE_NHM_EX, "MBOX_CLOCKTICKS", "uncore_mbox_1/MBOX_CLOCKTICKS,wrap_mode=1/" },
	{ UNCORE_NHM_EX, "BBOX_CMDS_ALL", "uncore_mbox_0/BBOX_CMDS_ALL,wrap_mode=1/" },
	{ UNCORE_NHM_EX, NULL, "BUF_VALID_LOCK" },
	{ UNCORE_SNB_EP, NULL, "UNC_U_CLOCKTICKS" },
	{ UNCORE_SNB_EP, NULL, "UNC_U_LOCK_CYCLES" },
	{ UNCORE_SNB_EP, "UNC_C_TOR_INSERTS.MISS_ALL", "uncore_cbox_0/event=0x35,umask=0x0a/" },
};

/* One package's run, written only by its leader (AP code: no printing, no files). */
struct pkg_run {
	struct run *a;
	struct package_leader leader;
	unsigned nprobes;
	struct uncore_probe probe[MAX_PROBES];
	const struct box_desc *probe_box[MAX_PROBES];
	pmu_status probe_st;            /* first probe that did not hold or faulted */
	struct uncore_session s;
	pmu_status restore_st;
	uint64_t checksum;
	uint64_t tsc_on, tsc_off;         /* around the counting window, for bandwidth */
	volatile uint32_t done;
} __attribute__((aligned(64)));

static struct pkg_run pkgs[TOPO_MAX_PACKAGES];
static struct uncore_session check_session;
static struct cpu_info infos[PLAT_MAX_CPUS];

static enum uncore_family bsp_family(const struct run *a)
{
	return a->slot[a->plat->bsp].info.uncore;
}

/* The family's fixed (clock) counter as a request. */
static bool fixed_clock(enum uncore_family fam, struct pmu_event_req *r)
{
	for (unsigned i = 0; i < uncore_box_count; i++) {
		const struct box_desc *d = uncore_boxes[i];
		if (d->family != fam || !d->fixed_ctl)
			continue;
		pmu_memset(r, 0, sizeof(*r));
		r->box = d;
		r->fixed = 0;
		return true;
	}
	return false;
}

static enum verdict add_defaults(struct run *a)
{
	const struct cpu_info *bsp = &a->slot[a->plat->bsp].info;
	struct evspec_error err;
	unsigned n;
	for (unsigned i = 0; i < sizeof(defaults) / sizeof(defaults[0]); i++) {
		const struct default_event *d = &defaults[i];
		struct pmu_event_req *r = &a->ureqs[a->nureqs];
		if (d->fam != bsp->uncore || a->nureqs == UNCORE_MAX_EVENTS)
			continue;
		if (d->spec ? evspec_parse_list(bsp, d->spec, r, 1, &n, &err) != PMU_OK :
			      !fixed_clock(d->fam, r))
			return run_refuse(a, "default uncore event", d->name ? d->name : d->spec,
				      d->spec ? err.msg : "no fixed counter");
		if (d->name)
			pmu_strlcpy(r->name, d->name, sizeof(r->name));
		a->nureqs++;
	}
	return VERDICT_PASS;
}

enum verdict job_uncore_check(struct run *a)
{
	enum uncore_family fam = bsp_family(a);
	if (fam == UNCORE_NONE)
		return VERDICT_PASS;
	if (!a->opt.events[0] && !a->nureqs) {
		enum verdict v = add_defaults(a);
		if (v != VERDICT_PASS)
			return v;
	}
	if (!a->nureqs || uncore_plan(&check_session, fam, a->ureqs, a->nureqs) == PMU_OK)
		return VERDICT_PASS;
	unsigned bad = check_session.bad_event < a->nureqs ? check_session.bad_event : 0;
	return run_refuse_setting(a, OPT_EVENTS, "uncore event", a->ureqs[bad].name, check_session.msg);
}

/* ---- on each leader ---- */

static bool probed(const struct pkg_run *p, const struct box_desc *d)
{
	for (unsigned i = 0; i < p->nprobes; i++)
		if (p->probe_box[i] == d)
			return true;
	return false;
}

/*
 * Every box in use must hold what is written. A counter firmware left enabled
 * (PMU_ERR_IN_USE) is left alone here: programming refuses it, or takes it with --force.
 */
static pmu_status probe_boxes(struct pkg_run *p, unsigned cpu)
{
	for (unsigned i = 0; i < p->s.n && p->nprobes < MAX_PROBES; i++) {
		const struct box_desc *d = p->s.ev[i].box;
		if (probed(p, d))
			continue;
		p->probe_box[p->nprobes] = d;
		pmu_status st = uncore_probe_holds(&p->a->backend, cpu, d, &p->probe[p->nprobes++]);
		if (st && st != PMU_ERR_IN_USE)
			return st;
	}
	return PMU_OK;
}

static uint64_t run_kernel(struct run *a, unsigned cpu)
{
	/* The model touches no memory; the real kernel gets the run's buffer (efi/buffers.c), if any. */
	struct kernel_args args = { a->iterations, NULL, 0 };
	buffers_attach(a, &args);
	if (a->model)
		return sim_workload_run(a->model, cpu, a->kernel, a->iterations);
	return a->kernel->fn(&args);
}

static void on_leader(void *ctx, unsigned cpu)
{
	struct pkg_run *p = ctx;
	struct run *a = p->a;
	p->probe_st = probe_boxes(p, cpu);
	if (!p->probe_st) {
		uncore_program(&p->s, &a->backend, cpu, a->opt.force ? UNCORE_FORCE : 0);
		p->tsc_on = plat_tsc(a->plat);
		if (uncore_start(&p->s) == PMU_OK)
			p->checksum = run_kernel(a, cpu);
		uncore_stop(&p->s);
		p->tsc_off = plat_tsc(a->plat);
		uncore_read(&p->s);
		p->restore_st = uncore_restore(&p->s);
	}
	p->done = 1;
}

/* ---- report on the BSP ---- */

static void log_probe(struct run *a, const struct pkg_run *p, unsigned i)
{
	const struct uncore_probe *pr = &p->probe[i];
	run_begin(a, "uncore_probe");
	logrec_key_u64(&a->sb, "package", p->leader.package);
	logrec_key_u64(&a->sb, "cpu", p->leader.cpu);
	logrec_key_str(&a->sb, "box", p->probe_box[i]->name);
	logrec_key_hex(&a->sb, "msr", pr->msr);
	logrec_key_hex(&a->sb, "orig", pr->orig);
	for (unsigned k = 0; k < 2; k++) {
		logrec_key_hex(&a->sb, k ? "pattern1" : "pattern0", pr->pattern[k]);
		logrec_key_hex(&a->sb, k ? "readback1" : "readback0", pr->readback[k]);
	}
	logrec_key_str(&a->sb, "result", pr->st == PMU_OK ? "holds" : pmu_status_str(pr->st));
	logrec_end(&a->sb);
	run_record(a);
}

static void log_count(struct run *a, const struct pkg_run *p, const struct uncore_counter *e,
		      const char *name)
{
	bool fixed = e->idx == UNCORE_FIXED;
	const struct cpu_info *ci = &a->slot[p->leader.cpu].info;
	const struct count_rec r = {
		.cpu = p->leader.cpu, .apic_id = ci->apic_id, .package = p->leader.package,
		.box = e->box->name, .event = name, .counter_kind = fixed ? "fixed" : "gp",
		.counter = fixed ? 0 : e->idx, .width = box_counter_width(e->box, e->idx),
		.ctl_msr = e->ctl_msr, .ctl_value = e->ctl_on, .ctl_layout = uncore_counter_layout(e),
		.extra_msr = e->extra_msr, .extra_value = e->extra_val, .ctr_msr = e->ctr_msr,
		.start = e->start, .end = e->end, .delta = e->delta, .overflowed = e->overflow,
		.kernel = a->kernel->name, .iterations = a->iterations,
	};
	run_count(a, &r);

	/* Counter "mbox_1.3": the box without its "uncore_" prefix, then the counter ("f": fixed). */
	char where[12], counter[24];
	struct strbuf w, k;
	const char *box = e->box->name;
	sb_init(&w, where, sizeof(where));
	sb_putc(&w, 'P');
	sb_dec(&w, p->leader.package);
	if (!pmu_strncmp(box, "uncore_", 7))
		box += 7;
	sb_init(&k, counter, sizeof(counter));
	sb_puts(&k, box);
	sb_putc(&k, '.');
	if (fixed)
		sb_putc(&k, 'f');
	else
		sb_dec(&k, e->idx);
	run_count_row(a, where, name, counter, uncore_counter_layout(e), e->ctl_msr, e->ctl_on, e->delta,
		      e->overflow);
}

static void say_package(struct run *a, const struct pkg_run *p, const char *what)
{
	sb_puts(&a->sb, "package ");
	sb_dec(&a->sb, p->leader.package);
	sb_puts(&a->sb, " (CPU ");
	sb_dec(&a->sb, p->leader.cpu);
	sb_puts(&a->sb, "): ");
	sb_puts(&a->sb, what);
}

/*
 * Uncore registers that do not hold values (or fault) although CPUID and the
 * model table promise the boxes: a hypervisor without a virtual uncore has
 * none (NO-PMU; QEMU TCG drops the writes), bare metal has a broken one.
 */
static enum verdict absent_uncore(struct run *a)
{
	if (a->slot[a->plat->bsp].info.hypervisor)
		return VERDICT_NO_PMU;
	sb_puts(&a->sb, "  on bare metal (no hypervisor bit in CPUID.1:ECX) these boxes must work: FAIL");
	run_say(a);
	return VERDICT_FAIL;
}

/* Why a package has no counts; the verdict that makes. */
static enum verdict say_no_counts(struct run *a, const struct pkg_run *p)
{

	if (!p->done) {
		say_package(a, p, "did not run the uncore job (no answer from that CPU)");
		run_say(a);
		return VERDICT_FAIL;
	}
	const struct uncore_probe *pr = &p->probe[p->nprobes ? p->nprobes - 1 : 0];
	if (p->probe_st == PMU_ERR_NOT_HELD) {
		unsigned k = (pr->readback[0] ^ pr->pattern[0]) ? 0 : 1;
		say_package(a, p, "uncore registers do not hold values: no uncore counts");
		run_say(a);
		sb_puts(&a->sb, "  wrote ");
		sb_hex(&a->sb, pr->pattern[k]);
		sb_puts(&a->sb, " to MSR ");
		sb_hex(&a->sb, pr->msr);
		sb_puts(&a->sb, " (");
		sb_puts(&a->sb, p->probe_box[p->nprobes - 1]->name);
		sb_puts(&a->sb, " control 0), read back ");
		sb_hex(&a->sb, pr->readback[k]);
		run_say(a);
		return absent_uncore(a);
	}
	if (p->probe_st) {
		say_package(a, p, "uncore register MSR ");
		sb_hex(&a->sb, pr->msr);
		sb_puts(&a->sb, " cannot be accessed: ");
		sb_puts(&a->sb, pmu_status_str(p->probe_st));
		run_say(a);
		return absent_uncore(a);
	}
	say_package(a, p, "not counted: ");
	sb_puts(&a->sb, pmu_status_str(p->s.st));
	if (p->s.st == PMU_ERR_IN_USE)
		sb_puts(&a->sb, a->opt.force ? "" : " (firmware's counters, left alone; --force takes them)");
	else if (p->s.fault_msr) {
		sb_puts(&a->sb, " at MSR ");
		sb_hex(&a->sb, p->s.fault_msr);
	}
	run_say(a);
	return VERDICT_FAIL;
}

static bool counted(const struct pkg_run *p)
{
	return p->done && !p->probe_st && !p->s.st;
}

/* Every uncore register the run touches, as firmware left it (read before any write). */
static void log_handoff(struct run *a, const struct pkg_run *p)
{
	const struct uncore_session *s = &p->s;
	if (!s->nsaved)
		return;
	run_begin(a, "handoff");
	logrec_key_str(&a->sb, "box", "uncore");
	logrec_key_u64(&a->sb, "package", p->leader.package);
	logrec_key_u64(&a->sb, "cpu", p->leader.cpu);
	logrec_key_u64(&a->sb, "counters_in_use", s->n_in_use);
	sb_json_key(&a->sb, "registers");
	for (unsigned i = 0; i < s->nsaved; i++) {
		sb_puts(&a->sb, i ? ",[\"" : "[[\"");
		sb_hex(&a->sb, s->saved[i].msr);
		sb_puts(&a->sb, "\",\"");
		sb_hex(&a->sb, s->saved[i].orig);
		sb_puts(&a->sb, "\"]");
	}
	sb_putc(&a->sb, ']');
	logrec_end(&a->sb);
	run_record(a);
}

static enum verdict report_package(struct run *a, struct pkg_run *p)
{
	for (unsigned i = 0; i < p->nprobes; i++)
		log_probe(a, p, i);
	log_handoff(a, p);
	const struct own_rec o = { "uncore", p->leader.cpu, p->leader.package, p->s.saved, p->s.nsaved };
	if (p->s.nsaved) {
		logrec_ownership(&a->sb, &o, a->simulated);
		run_record(a);
	}
	if (!counted(p))
		return say_no_counts(a, p);
	struct derived_input in[UNCORE_MAX_EVENTS];
	struct derived_set set;
	for (unsigned i = 0; i < p->s.n; i++) {
		log_count(a, p, &p->s.ev[i], a->ureqs[i].name);
		in[i].event = a->ureqs[i].name;
		in[i].delta = p->s.ev[i].delta;
	}
	/* Memory bandwidth over the window, where the memory events were counted. */
	derived_compute(in, p->s.n, p->tsc_off - p->tsc_on, a->plat->tsc_per_us * 1000000ull, &set);
	run_derived(a, "package", p->leader.package, &set);
	if (!p->restore_st)
		return VERDICT_PASS;
	say_package(a, p, "uncore registers not restored: ");
	sb_puts(&a->sb, pmu_status_str(p->restore_st));
	run_say(a);
	return VERDICT_FAIL;
}

/* One leader per package among the CPUs that answered discovery. */
static unsigned find_leaders(struct run *a, struct package_leader *out)
{
	bool more;
	size_t n = a->plat->ncpus < PLAT_MAX_CPUS ? a->plat->ncpus : PLAT_MAX_CPUS;
	for (size_t i = 0; i < n; i++) {
		infos[i] = a->slot[i].info;
		infos[i].enabled = infos[i].enabled && a->slot[i].done && !a->slot[i].st;
	}
	unsigned np = topo_package_leaders(infos, (unsigned)n, &a->opt.cpus, out, TOPO_MAX_PACKAGES,
					   &more);
	if (more) {
		sb_puts(&a->sb, "more than ");
		sb_dec(&a->sb, TOPO_MAX_PACKAGES);
		sb_puts(&a->sb, " packages: the uncore of the others is not counted");
		run_say(a);
	}
	return np;
}

enum verdict job_uncore(struct run *a)
{
	enum uncore_family fam = bsp_family(a);
	struct package_leader leaders[TOPO_MAX_PACKAGES];
	enum verdict v = job_uncore_check(a);
	if (v != VERDICT_PASS || fam == UNCORE_NONE || !a->nureqs)
		return v;
	unsigned np = find_leaders(a, leaders);
	for (unsigned i = 0; i < np; i++) {
		struct pkg_run *p = &pkgs[i];
		pmu_memset(p, 0, sizeof(*p));
		p->a = a;
		p->leader = leaders[i];
		/* Planned on the BSP: the check above proved it succeeds, no MSR is touched. */
		uncore_plan(&p->s, fam, a->ureqs, a->nureqs);
		plat_run_on(a->plat, p->leader.cpu, on_leader, p, LEADER_TIMEOUT_US);
	}
	bool header = false;
	for (unsigned i = 0; i < np; i++) {
		if (counted(&pkgs[i]) && !header) {
			header = true;
			run_count_header(a, "PKG");
		}
		v = verdict_worse(v, report_package(a, &pkgs[i]));
	}
	return v;
}
