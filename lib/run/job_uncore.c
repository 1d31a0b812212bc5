/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The uncore job: the uncore events of -e (or a default set for the uncore
 * family) counted around the kernel once per package, on one leader CPU of
 * each package (uncore registers are per package, Intel SDM Vol. 3B 18.8.2; Intel 327043-001).
 * Events are planned on the BSP before any CPU is touched, so bad input
 * writes no MSR. More events than a box has counters are split into rounds,
 * each re-running the kernel (exact counts, never scaled); -n repeats every
 * round and reports min / median / max per package and event, as the core job
 * does. A package's steps are in run/uncore_pkg.c.
 */
#include "run/job_steps.h"
#include "out/derived.h"
#include "pmu/evspec.h"
#include "pmu/uncore_family.h"
#include "util/stats.h"
#include "run/uncore_pci_job.h"
#include "run/uncore_disc_job.h"
#include "run/uncore_table.h"

static enum uncore_family bsp_family(const struct run *a)
{
	return a->slot[a->plat->bsp].info.uncore;
}

/* One default event: parsed on the boot CPU, named name (NULL: the list's name). */
static enum verdict add_default(struct run *a, struct measure_state *m, const char *name,
				const char *spec)
{
	const struct cpu_info *bsp = &a->slot[a->plat->bsp].info;
	struct pmu_event_req *r = &m->ureqs[m->nureqs];
	struct evspec_error err;
	unsigned n;
	if (m->nureqs == m->max_ureqs)   /* counted first (add_defaults): never */
		return run_refuse(a, "more default uncore events than were counted", NULL, NULL);
	if (evspec_parse_list(bsp, &a->boxes, spec, r, 1, &n, &err) != PMU_OK)
		return run_refuse(a, "default uncore event", name ? name : spec, err.msg);
	if (name)
		pmu_strlcpy(r->name, name, sizeof(r->name));
	m->nureqs++;
	return VERDICT_PASS;
}

struct adding {
	struct run *a;
	struct measure_state *m;
	unsigned n;       /* defaults seen */
	enum verdict v;
};

static bool add_one(void *ctx, const char *name, const char *spec)
{
	struct adding *d = ctx;
	d->v = add_default(d->a, d->m, name, spec);
	return d->v == VERDICT_PASS;
}

static bool count_one(void *ctx, const char *name, const char *spec)
{
	struct adding *d = ctx;
	(void)name;
	(void)spec;
	d->n++;
	return true;
}

/* The family's default events (pmu/uncore_family.h) on the boot CPU's boxes, every one. */
static enum verdict add_defaults(struct run *a, struct measure_state *m)
{
	const struct cpu_info *bsp = &a->slot[a->plat->bsp].info;
	struct adding d = { a, m, 0, VERDICT_PASS };
	uncore_defaults_each(bsp, &a->boxes, count_one, &d);
	if (!measure_uncore_room(a, m, d.n))
		return VERDICT_ERROR;
	uncore_defaults_each(bsp, &a->boxes, add_one, &d);
	return d.v;
}

/*
 * Splits the events into rounds, greedily in the order given: an event joins the
 * current round if uncore_plan places the round with it, else it starts the next
 * (PMU_ERR_NO_COUNTER); any other refusal, or one of a round of its own, is bad input.
 */
static enum verdict plan_rounds(struct run *a, struct measure_state *m, enum uncore_family fam)
{
	struct pmu_event_req *group = m->uncore_group;
	struct uncore_session *trial = &m->uncore_trial;
	unsigned n = 0;
	m->nurounds = 1;
	for (unsigned i = 0; i < m->nureqs; i++) {
		group[n] = m->ureqs[i];
		pmu_status st = uncore_plan(trial, fam, group, n + 1);
		if (st == PMU_ERR_NO_COUNTER && n) {
			m->nurounds++;
			n = 0;
			group[0] = m->ureqs[i];
			st = uncore_plan(trial, fam, group, 1);
		}
		if (st)
			return run_refuse_setting(a, OPT_EVENTS, "uncore event", m->ureqs[i].name,
						  trial->msg);
		m->uround_of[i] = m->nurounds - 1;
		n++;
	}
	return VERDICT_PASS;
}

enum verdict job_uncore_check(struct run *a, struct measure_state *m)
{
	enum uncore_family fam = bsp_family(a);
	if (fam == UNCORE_NONE)
		return VERDICT_PASS;
	if (!a->opt.events[0] && !m->nureqs) {
		enum verdict v = add_defaults(a, m);
		if (v != VERDICT_PASS)
			return v;
	}
	return plan_rounds(a, m, fam);
}

/*
 * Does any event go to a box of each CCX (AMD L3), or of each die (a portal table's MSR
 * units)? Then the job runs per CCX or per die.
 */
static enum run_by domains(const struct measure_state *m)
{
	enum run_by by = RUN_BY_PACKAGE;
	for (unsigned i = 0; i < m->nureqs; i++)
		if (m->ureqs[i].box->per_ccx)
			return RUN_BY_CCX;
		else if (m->ureqs[i].box->per_die)
			by = RUN_BY_DIE;
	return by;
}

/*
 * One leader per package among the CPUs that answered discovery, or per CCX when an event
 * counts on the L3 of each, or per die when one counts on a die's own MSR units (the
 * package's first CCX or die counts its package's boxes too).
 */
static struct package_leader *find_leaders(struct run *a, const struct measure_state *m,
					   unsigned *np)
{
	bool more, ccx = domains(m) == RUN_BY_CCX;
	struct package_leader *out = run_leaders(a, domains(m), np, &more);
	if (!out) {
		sb_puts(&a->sb, "no memory to choose the packages' leaders: the uncore is not counted");
		run_say(a);
		return NULL;
	}
	if (ccx && !a->slot[a->plat->bsp].info.amd_uncore.l3_sharing) {
		sb_puts(&a->sb, "CPUID 0x8000001D does not say which CPUs share an L3: amd_l3 is "
			"counted once per package, on its first CPU's CCX");
		run_say(a);
	}
	if (more) {
		sb_puts(&a->sb, "more than ");
		sb_dec(&a->sb, TOPO_MAX_PACKAGES);
		sb_puts(&a->sb, " packages: the uncore of the others is not counted");
		run_say(a);
	}
	return out;
}

static size_t cell(const struct run *a, const struct measure_state *m, unsigned pkg, unsigned ev,
		   unsigned rep)
{
	return ((size_t)pkg * m->nureqs + ev) * a->opt.repeats + rep;
}

/*
 * Before round g's step: its events, planned on the BSP for every domain still counting,
 * each with the events of its boxes (upkg_counts_box).
 */
void uncore_step_begin(struct run *a, struct uncore_job *j, unsigned g)
{
	const struct measure_state *m = j->m;
	struct pmu_event_req *mine = j->mine;
	j->n = 0;
	for (unsigned i = 0; i < m->nureqs; i++)
		if (m->uround_of[i] == g) {
			j->evi[j->n] = i;
			j->reqs[j->n++] = m->ureqs[i];
		}
	for (unsigned i = 0; i < j->np; i++) {
		struct pkg_run *p = &j->pkgs[i];
		unsigned n = 0;
		if (!j->alive[i])
			continue;
		for (unsigned e = 0; e < j->n; e++)
			if (upkg_counts_box(p, j->reqs[e].box)) {
				p->evi[n] = j->evi[e];
				mine[n++] = j->reqs[e];
			}
		/* job_uncore_check proved the round fits: no register is touched */
		uncore_plan_pci(&p->s, bsp_family(a), uncore_pci_pkg_for(a, p->leader.package), mine, n);
		uncore_disc_thaw(a, &p->leader, &p->s);
		flag_set(&p->done, 0);
	}
}

void uncore_step_round(struct run *a, struct uncore_job *j, unsigned cpu)
{
	(void)a;
	for (unsigned i = 0; i < j->np; i++)
		if (j->alive[i] && j->pkgs[i].leader.cpu == cpu)
			upkg_on_leader(&j->pkgs[i], cpu);
}

/* Round g, repeat r: every package's records before the next step. */
void uncore_step_done(struct run *a, struct uncore_job *j, unsigned g, unsigned r)
{
	bool rows = a->opt.repeats == 1;
	for (unsigned i = 0; i < j->np; i++) {
		struct pkg_run *p = &j->pkgs[i];
		if (!j->alive[i])
			continue;
		if (rows && upkg_counted(p) && !j->header) {
			j->header = true;
			run_count_header(a, "PKG");
		}
		j->v = verdict_worse(j->v, upkg_report(a, p, g, r, rows));
		j->alive[i] = upkg_counted(p);
		for (unsigned e = 0; e < p->s.n && j->alive[i]; e++)
			j->tab[cell(a, j->m, i, p->evi[e], r)] = p->s.ev[e].delta;
		j->win[i * j->nwin + g * a->opt.repeats + r] = p->tsc_off - p->tsc_on;
	}
}

/*
 * Per domain: the statistics over the repeats of the events it counts and the memory
 * bandwidth from the median counts, over the median window (every round runs the same kernel).
 */
static void report_results(struct run *a, struct uncore_job *j)
{
	const struct measure_state *m = j->m;
	unsigned reps = a->opt.repeats;
	bool table = false;
	for (unsigned i = 0; i < j->np; i++) {
		const struct pkg_run *p = &j->pkgs[i];
		const struct package_leader *l = &p->leader;
		struct derived_input *in = j->in;
		struct derived_set set;
		struct stats_u64 st, w;
		unsigned nin = 0;
		const struct uncore_domain dom = { l->package,
						   upkg_die_named(p) ? (int)l->die : -1 };
		if (!j->alive[i])
			continue;
		if (reps > 1 && !table) {
			table = true;
			run_stats_header(a, "PKG");
		}
		for (unsigned e = 0; e < m->nureqs; e++) {
			j->all[e] = (struct derived_input){ NULL, 0 };   /* not this domain's */
			if (!upkg_counts_box(p, m->ureqs[e].box))
				continue;
			stats_compute(&j->tab[cell(a, m, i, e, 0)], reps, &st);
			if (reps > 1)
				run_stats(a, m->kernel->name, "PKG", l->package,
					  m->ureqs[e].box->per_ccx && l->by_ccx ? (int)l->ccx : -1,
					  m->ureqs[e].box->per_die ? dom.die : -1,
					  m->ureqs[e].box->name, m->ureqs[e].name, &st);
			in[nin].event = m->ureqs[e].name;
			in[nin++].delta = st.median;
			j->all[e] = in[nin - 1];
		}
		stats_compute(&j->win[i * j->nwin], j->nwin, &w);
		if (!l->by_die || l->first_of_pkg) {   /* a later die: its MSR units' counts only */
			derived_compute(in, nin, w.median, run_window_hz(a), &set);
			run_derived(a, m->kernel->name, "package", l->package, &set);
			uncore_pci_chas(a, l->package, p->cha_msr_st, p->cha_msr);
		}
		if (l->by_ccx)
			continue;
		j->v = verdict_worse(j->v, uncore_table(a, m, &dom, j->all, w.median));
		if (upkg_counts_package(p))
			j->v = verdict_worse(j->v, uncore_pci_bandwidth(a, m, l->package, j->all,
									  w.median, &j->pkgs[i].fr));
	}
}

/*
 * The default events the scan leaves countable, the rounds planned again: without an uncore
 * PCI device (pci false: a hypervisor, or no configuration access) none of a PCI box (the iMC
 * clocks and CAS counts), said; of the CHAs, those uncore_pci_default_chas gives.
 */
static enum verdict trim_defaults(struct run *a, struct measure_state *m, bool pci)
{
	unsigned n = 0, dropped = 0, chas = UINT8_MAX;
	bool beyond_0 = false;   /* a CHA past CHA 0: what CAPID6 bounds */
	for (unsigned i = 0; i < m->nureqs; i++)
		beyond_0 = beyond_0 || m->ureqs[i].box->cha_unit > 1;
	if (beyond_0)
		chas = uncore_pci_default_chas(a);
	for (unsigned i = 0; i < m->nureqs; i++) {
		const struct box_desc *d = m->ureqs[i].box;
		dropped += d->pci && !pci;
		if ((!d->pci || pci) && d->cha_unit <= chas)
			m->ureqs[n++] = m->ureqs[i];
	}
	if (dropped) {
		sb_puts(&a->sb, "uncore defaults: ");
		sb_dec(&a->sb, dropped);
		sb_puts(&a->sb, " event(s) of PCI boxes left out (no uncore PCI device to count them)");
		run_say(a);
	}
	if (n == m->nureqs)
		return VERDICT_PASS;
	m->nureqs = n;
	return n ? plan_rounds(a, m, bsp_family(a)) : VERDICT_PASS;
}

enum verdict uncore_job_begin(struct run *a, struct measure_state *m, struct uncore_job *j)
{
	pmu_memset(j, 0, sizeof(*j));
	j->m = m;
	j->v = job_uncore_check(a, m);
	if (j->v == VERDICT_PASS && uncore_family_desc(bsp_family(a))->disc && !m->nureqs &&
	    !a->opt.events[0]) {
		j->v = uncore_pci_begin(a, NULL);   /* a table with nothing to count: what is wrong */
		return VERDICT_PASS;
	}
	if (j->v != VERDICT_PASS || bsp_family(a) == UNCORE_NONE || !m->nureqs)
		return VERDICT_PASS;
	j->v = uncore_pci_begin(a, m);
	if ((j->v == VERDICT_PASS || j->v == VERDICT_NO_PMU) && !a->opt.events[0]) {
		enum verdict d = trim_defaults(a, m, j->v == VERDICT_PASS);
		if (d != VERDICT_PASS || !m->nureqs) {
			j->v = verdict_worse(j->v, d);
			return VERDICT_PASS;
		}
	} else if (j->v != VERDICT_PASS) {
		return VERDICT_PASS;   /* no PCI box to count: said, and the verdict is j->v */
	}
	unsigned reps = a->opt.repeats, nev = m->nureqs;
	struct package_leader *leaders = find_leaders(a, m, &j->np);
	j->pkgs = run_alloc_lines(a, j->np * sizeof(*j->pkgs), &j->pkgs_mem);
	j->alive = run_alloc(a, j->np * sizeof(*j->alive));
	j->nwin = m->nurounds * reps;
	j->tab = run_alloc(a, (size_t)j->np * nev * reps * sizeof(*j->tab));
	j->win = run_alloc(a, (size_t)j->np * j->nwin * sizeof(*j->win));
	j->mem = run_alloc(a, nev * (2 * sizeof(*j->reqs) + 2 * sizeof(*j->in) + sizeof(*j->evi)));
	bool room = j->pkgs && j->alive && j->tab && j->win && j->mem;
	for (unsigned i = 0; room && i < j->np; i++) {
		struct pkg_run *p = &j->pkgs[i];
		unsigned max = 0;   /* the events this domain counts: its tables' size */
		p->a = a;
		p->m = m;
		p->leader = leaders[i];
		for (unsigned e = 0; e < nev; e++)
			max += upkg_counts_box(p, m->ureqs[e].box);
		void *mem = run_alloc_lines(a, upkg_tables_size(max), &p->mem);
		room = mem != NULL;
		if (room)
			upkg_tables_init(p, mem, max);
		/* the default job: the family's free-running counters, on the package's domain */
		if (room && !a->opt.events[0] && upkg_counts_package(p))
			imc_freerun_find(&p->fr, uncore_family_desc(bsp_family(a)),
					 uncore_pci_pkg_for(a, leaders[i].package), a->backend.pmon);
		j->alive[i] = true;
	}
	if (j->np && !room) {
		run_free(a, leaders);
		uncore_job_end(a, j);   /* nothing to report: the tables are not there */
		j->np = 0;
		return run_refuse(a, "not enough memory for the table of uncore counts", NULL, NULL);
	}
	j->reqs = j->mem;
	j->mine = j->reqs + nev;
	j->in = (struct derived_input *)(j->mine + nev);
	j->all = j->in + nev;
	j->evi = (unsigned *)(j->all + nev);
	run_free(a, leaders);
	if (m->nurounds > 1) {
		sb_puts(&a->sb, "more uncore events than counters: ");
		sb_dec(&a->sb, m->nurounds);
		sb_puts(&a->sb, " rounds, the kernel runs once per round (exact counts, no scaling)");
		run_say(a);
	}
	j->rounds = m->nurounds;
	return VERDICT_PASS;
}

enum verdict uncore_job_end(struct run *a, struct uncore_job *j)
{
	if (j->rounds && j->pkgs && j->alive)
		report_results(a, j);
	for (unsigned i = 0; j->pkgs && i < j->np; i++)
		run_free(a, j->pkgs[i].mem);
	run_free(a, j->mem);
	run_free(a, j->tab);
	run_free(a, j->win);
	run_free(a, j->alive);
	run_free(a, j->pkgs_mem);
	j->tab = j->win = NULL;
	j->alive = NULL;
	j->mem = NULL;
	j->pkgs = j->pkgs_mem = NULL;
	return j->v;
}
