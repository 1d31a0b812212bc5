/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The discovery table's uncore in a run: see uncore_disc_job.h. */
#include "run/uncore_disc_job.h"
#include "hw/layouts_discovery.h"
#include "out/logrec.h"
#include "pmu/regkey.h"
#include "pmu/topology.h"
#include "pmu/uncore_disc_box.h"
#include "pmu/uncore_disc_find.h"
#include "pmu/uncore_family.h"
#include "run/uncore_state.h"

#define CHUNK 2048   /* table bytes a record holds (hex: twice that, within RUN_LINE_MAX) */

#define PORTAL_TIMEOUT_US 1000000u

/* A portal read on its die's CPU (the real backend reads an MSR where it runs). */
struct portal_read {
	struct run *a;
	uint32_t msr;
	uint64_t val;
	pmu_status st;
};

static void portal_on_cpu(void *ctx, unsigned cpu)
{
	struct portal_read *r = ctx;
	r->st = pmu_rdmsr(&r->a->backend, cpu, r->msr, &r->val);
}

static pmu_status portal_on(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val)
{
	struct portal_read r = { ctx, msr, 0, PMU_ERR_TIMEOUT };
	pmu_status st = plat_run_on(r.a->plat, cpu, portal_on_cpu, &r, PORTAL_TIMEOUT_US);
	*val = r.val;
	return st ? st : r.st;
}

/*
 * The first enabled CPU of each die, the boot CPU's die first (it also scans PCI): the dies
 * whose portals are read, into dies (room for every CPU). A die is firmware's Location2 die
 * in its package; without it (dies_known false) every CPU's is 0, one die a package.
 */
static unsigned die_cpus(const struct run *a, struct disc_die *dies)
{
	const struct platform *p = a->plat;
	unsigned n = 0;
	dies[n++] = (struct disc_die){ p->bsp, p->cpu[p->bsp].package, p->cpu[p->bsp].die };
	for (unsigned i = 0; i < p->ncpus; i++) {
		bool seen = !p->cpu[i].enabled;
		for (unsigned k = 0; k < n && !seen; k++)
			seen = dies[k].pkg == p->cpu[i].package && dies[k].die == p->cpu[i].die;
		if (!seen)
			dies[n++] = (struct disc_die){ i, p->cpu[i].package, p->cpu[i].die };
	}
	return n;
}

bool uncore_disc_boxes_for(struct run *a, const struct box_alloc *mem)
{
	struct uncore_disc *disc = &a->unc->disc;
	struct cpu_info *bsp = &a->slot[a->plat->bsp].info;
	const struct opt_pci_dev *t = &a->opt.test_disc_dev;
	const struct disc_named at = { { t->seg, t->bus, t->dev, t->fn, 0 }, t->bar };
	bool own = uncore_family_desc(bsp->uncore)->disc;   /* else a server of no family */
	if (mem) {
		a->unc->by_name = t->set;
		struct disc_die *dies = uncore_disc_wanted(bsp) ?
					run_alloc(a, a->plat->ncpus * sizeof(*dies)) : NULL;
		if (dies) {
			struct disc_where w = uncore_disc_where(bsp, dies, die_cpus(a, dies));
			w.portal = (struct disc_msr_reader){ portal_on, a };
			const struct disc_named *named = a->unc->by_name ? &at : NULL;
			a->unc->built = !uncore_disc_build(&a->backend, &w, named, disc, &a->boxes,
							   mem);
		} else if (uncore_disc_wanted(bsp)) {
			disc->find.st = PMU_ERR_NOSPACE;   /* said by uncore_disc_begin */
		}
		run_free(a, dies);
	}
	for (unsigned i = 0; !own && a->unc->built && disc->find.n && i < a->plat->ncpus; i++)
		uncore_disc_adopt(&a->slot[i].info, bsp);   /* the boot CPU's too */
	return uncore_family_desc(bsp->uncore)->disc;
}

const char *uncore_disc_named_why(const struct run *a)
{
	const struct uncore_disc *disc = &a->unc->disc;
	return a->unc->built && a->unc->by_name && disc->find.t[0].st ? disc->find.t[0].why : NULL;
}

/* Whether another die of table k's package has a table of its domain behind the portal. */
static bool multi_die(const struct disc_find *f, unsigned k)
{
	for (unsigned i = 0; f->t[k].portal && i < f->n; i++)
		if (i != k && f->t[i].portal && f->t[i].pkg == f->t[k].pkg &&
		    f->t[i].domain == f->t[k].domain && f->t[i].die != f->t[k].die)
			return true;
	return false;
}

bool uncore_disc_dies_named(const struct run *a, unsigned pkg)
{
	const struct disc_find *f = &a->unc->disc.find;
	for (unsigned k = 0; a->unc->built && k < f->n; k++)
		if (f->t[k].pkg == pkg && multi_die(f, k))
			return true;
	return false;
}

/* "package P: ", or "package P die D: " for a table of one of several dies. */
static void say_table(struct run *a, unsigned k)
{
	const struct disc_found *f = &a->unc->disc.find.t[k];
	sb_puts(&a->sb, "package ");
	sb_dec(&a->sb, f->pkg);
	if (multi_die(&a->unc->disc.find, k)) {
		sb_puts(&a->sb, " die ");
		sb_dec(&a->sb, f->die);
	}
	sb_puts(&a->sb, ": ");
}

/* A portal table's die in its records, where firmware gave dies (replay keeps each die's). */
static void key_die(struct run *a, unsigned k)
{
	if (a->unc->disc.find.t[k].portal && a->plat->dies_known)
		logrec_key_u64(&a->sb, "die", a->unc->disc.find.t[k].die);
}

/*
 * The table's bytes as hex, CHUNK bytes a record (part 0 starts a table): `discovery_table`
 * records, or the capture's `machine` records of scope "discovery" (machine true).
 */
static void log_table(struct run *a, unsigned p, bool machine)
{
	const struct uncore_disc *disc = &a->unc->disc;
	const struct disc_found *f = &disc->find.t[p];
	size_t parts = f->len ? (f->len + CHUNK - 1) / CHUNK : 1;
	for (size_t k = 0; k < parts; k++) {
		run_begin(a, machine ? "machine" : "discovery_table");
		if (machine)
			logrec_key_str(&a->sb, "scope", "discovery");
		logrec_key_u64(&a->sb, "package", f->pkg);
		key_die(a, p);
		logrec_key_u64(&a->sb, "part", k);
		logrec_key_u64(&a->sb, "parts", parts);
		if (f->portal) {
			logrec_key_hex(&a->sb, "portal", f->portal);
			logrec_key_u64(&a->sb, "cpu", f->cpu);
		} else {
			struct pmu_pci_addr fn = f->fn;
			fn.off = f->dvsec;
			logrec_key_reg(&a->sb, "dvsec", regkey_pci(fn));
			logrec_key_u64(&a->sb, "bir", f->bir);
		}
		logrec_key_hex(&a->sb, "bar", f->bar);
		/* the capture's: the global control as found (an MMIO one is in no register list) */
		if (machine && !k && !f->st && !disc->global_st[p])
			logrec_key_hex(&a->sb, "global_value", disc->global[p]);
		logrec_key_str(&a->sb, "result", f->st ? f->why : "read");
		sb_json_key(&a->sb, "bytes");
		sb_putc(&a->sb, '"');
		for (size_t i = k * CHUNK; i < f->len && i < (k + 1) * CHUNK; i++) {
			static const char hex[] = "0123456789abcdef";
			sb_putc(&a->sb, hex[f->bytes[i] >> 4]);
			sb_putc(&a->sb, hex[f->bytes[i] & 15]);
		}
		sb_putc(&a->sb, '"');
		logrec_end(&a->sb);
		run_record(a);
	}
}

static void say_unit_name(struct run *a, const struct disc_unit *u)
{
	const char *name = disc_platform_type_name(a->unc->disc.plat, u->type);
	sb_puts(&a->sb, "unit ");
	sb_dec(&a->sb, u->index);
	sb_puts(&a->sb, " (type ");
	sb_dec(&a->sb, u->type);
	if (name) {
		sb_putc(&a->sb, ' ');
		sb_puts(&a->sb, name);
	}
	sb_puts(&a->sb, ", box ");
	sb_dec(&a->sb, u->box_id);
	sb_puts(&a->sb, ", ");
	sb_puts(&a->sb, disc_access_name(u->access));
	sb_puts(&a->sb, " ");
	if (u->access == DISC_PCI && !disc_unit_pci(u).seg)
		regkey_put(&a->sb, NULL, regkey_pci(disc_unit_pci(u)));
	else
		sb_hex(&a->sb, u->box_ctl);
	sb_puts(&a->sb, ")");
}

static void put_problems(struct run *a, uint32_t bits)
{
	bool first = true;
	for (unsigned k = 0; k < DP_COUNT; k++)
		if (bits >> k & 1) {
			sb_puts(&a->sb, first ? "" : ", ");
			sb_puts(&a->sb, disc_problem_name((enum disc_problem)k));
			first = false;
		}
}

static void put_global(struct run *a, unsigned p)
{
	const struct disc_table *t = &a->unc->disc.table[p];
	say_table(a, p);
	sb_puts(&a->sb, "global control ");
	sb_puts(&a->sb, disc_access_name(t->access));
	sb_putc(&a->sb, ' ');
	sb_hex(&a->sb, t->global_ctl);
}

/*
 * Table p's global control as firmware left it, one line where it is not 0 or cannot be read:
 * a set freeze_all holds every counter of the SoC (some parts power on so; Linux clears it on
 * the domains their row marks, hw/disc_platforms.h). A faulting read: never written.
 */
static void say_global(struct run *a, unsigned p)
{
	const struct uncore_disc *disc = &a->unc->disc;
	if (!disc->global_st[p] && !disc->global[p])
		return;
	put_global(a, p);
	if (disc->global_st[p]) {
		sb_puts(&a->sb, ": ");
		sb_puts(&a->sb, pmu_status_str(disc->global_st[p]));
		sb_puts(&a->sb, " (its freeze_all not known; not written)");
	} else {
		sb_puts(&a->sb, " reads ");
		sb_hex(&a->sb, disc->global[p]);
		sb_puts(&a->sb, ": firmware left the uncore frozen (freeze_all)");
		sb_puts(&a->sb, uncore_disc_global_init(disc, p) ? "; Linux clears it on this domain"
								  : "; Linux does not clear it here");
		sb_puts(&a->sb, disc->global_key[p] ? "; efipmu clears it for each window where it "
						      "takes the package's uncore, and puts it back"
						    : "; efipmu cannot make it writable: its counters "
						      "hold still");
	}
	run_say(a);
}

/* Each unit with a problem, one line; then each problem found once, with what it means. */
static void say_problems(struct run *a, unsigned p)
{
	const struct uncore_disc *disc = &a->unc->disc;
	const struct disc_table *t = &disc->table[p];
	uint32_t all = uncore_disc_problems(disc, p);
	run_begin(a, "discovery");
	logrec_key_u64(&a->sb, "package", disc->find.t[p].pkg);
	key_die(a, p);
	logrec_key_u64(&a->sb, "units", t->nunits);
	logrec_key_u64(&a->sb, "usable", t->nusable);
	logrec_key_u64(&a->sb, "absent", disc->absent[p]);
	logrec_key_hex(&a->sb, "global_ctl", t->global_ctl);
	logrec_key_str(&a->sb, "global_result",
		       disc->global_st[p] ? pmu_status_str(disc->global_st[p]) : "read");
	logrec_key_hex(&a->sb, "global_value", disc->global[p]);
	sb_json_key(&a->sb, "problems");
	sb_putc(&a->sb, '[');
	for (unsigned k = 0, n = 0; k < DP_COUNT; k++)
		if (all >> k & 1) {
			sb_puts(&a->sb, n++ ? ",\"" : "\"");
			sb_puts(&a->sb, disc_problem_name((enum disc_problem)k));
			sb_putc(&a->sb, '"');
		}
	sb_putc(&a->sb, ']');
	logrec_end(&a->sb);
	run_record(a);
	say_global(a, p);
	for (unsigned i = 0; i < t->nunits; i++) {
		const struct disc_unit *u = &t->unit[i];
		if (!u->problems)
			continue;
		say_table(a, p);
		say_unit_name(a, u);
		sb_puts(&a->sb, !u->usable ? ": not counted: " :
				u->relocated ? ": counted at the device of its id: " : ": ");
		put_problems(a, u->problems);
		run_say(a);
	}
	for (unsigned k = 0; k < DP_COUNT; k++)
		if (all >> k & 1) {
			say_table(a, p);
			sb_puts(&a->sb, disc_problem_name((enum disc_problem)k));
			sb_puts(&a->sb, ": ");
			sb_puts(&a->sb, disc_problem_why((enum disc_problem)k));
			run_say(a);
		}
}

/*
 * Each portal read that gave no table, one line naming its package and die (Linux: a fault
 * or 0 is "no table on this die"); those past the ones kept, as a number.
 */
static void say_misses(struct run *a)
{
	const struct disc_find *f = &a->unc->disc.find;
	for (unsigned i = 0; i < f->nmiss && i < f->cap; i++) {
		sb_puts(&a->sb, "uncore discovery: MSR ");
		sb_hex(&a->sb, f->miss[i].msr);
		sb_puts(&a->sb, " on CPU ");
		sb_dec(&a->sb, f->miss[i].cpu);
		sb_puts(&a->sb, " (package ");
		sb_dec(&a->sb, f->miss[i].pkg);
		sb_puts(&a->sb, " die ");
		sb_dec(&a->sb, f->miss[i].die);
		sb_puts(&a->sb, f->miss[i].st ? "): " : "): reads 0");
		if (f->miss[i].st)
			sb_puts(&a->sb, pmu_status_str(f->miss[i].st));
		sb_puts(&a->sb, ": no discovery table behind this portal on its die");
		run_say(a);
	}
	if (f->nmiss > f->cap) {
		sb_puts(&a->sb, "uncore discovery: ");
		sb_dec(&a->sb, f->nmiss - f->cap);
		sb_puts(&a->sb, " more portal reads gave no table");
		run_say(a);
	}
}

/*
 * Once where the row has a portal: how its dies were found (firmware's Location2, UEFI PI 1.7
 * vol. 2 13.4; else one die a package) and how many were read.
 */
static void say_dies(struct run *a)
{
	const struct disc_platform *row = a->unc->disc.plat;
	bool portal = false;
	for (unsigned k = 0; row && k < DISC_MAX_DOMAINS; k++)
		portal = portal || row->dom[k].via == DISC_VIA_MSR;
	if (!portal || a->unc->by_name)
		return;
	unsigned n = 0, pkgs = 0;
	for (unsigned i = 0; i < a->plat->ncpus; i++) {
		const struct plat_cpu *y = &a->plat->cpu[i];
		bool pkg_seen = false, die_seen = false;
		for (unsigned j = 0; j < i; j++) {
			const struct plat_cpu *x = &a->plat->cpu[j];
			bool same = x->enabled && x->package == y->package;
			pkg_seen = pkg_seen || same;
			die_seen = die_seen || (same && x->die == y->die);
		}
		n += y->enabled && !die_seen;
		pkgs += y->enabled && !pkg_seen;
	}
	sb_puts(&a->sb, "uncore discovery: portals read on the first CPU of each of ");
	sb_dec(&a->sb, n);
	sb_puts(&a->sb, n == 1 ? " die (" : " dies (");
	sb_dec(&a->sb, pkgs);
	sb_puts(&a->sb, pkgs == 1 ? " package; " : " packages; ");
	sb_puts(&a->sb, a->plat->dies_known ? "dies from firmware's Location2)"
					    : "firmware gives no die (PI 1.7 Location2): one a package)");
	run_say(a);
}

/* No table anywhere: a hypervisor has none (NO-PMU); bare metal lost it (BIOS setting?). */
static enum verdict none_found(struct run *a)
{
	const struct uncore_disc *disc = &a->unc->disc;
	unsigned device = disc->plat ? disc->plat->dom[0].device : 0;
	if (disc->plat && disc->plat->dom[0].via != DISC_VIA_PCI) {
		sb_puts(&a->sb, "uncore discovery: no PMON discovery table behind the portal MSR");
	} else {
		sb_puts(&a->sb, "uncore discovery: no PMON discovery table among ");
		sb_dec(&a->sb, disc->find.functions);
		sb_puts(&a->sb, disc->find.by_device ? " PCI functions (device " : " PCI functions (no device ");
		sb_hex(&a->sb, device);
		sb_puts(&a->sb, disc->find.by_device ? " has no PMON DVSEC)"
						   : "; every Intel function looked at)");
	}
	run_say(a);
	if (a->slot[a->plat->bsp].info.hypervisor) {
		sb_puts(&a->sb, "  under a hypervisor (CPUID.1:ECX[31]) without a virtual uncore: NO-PMU");
		run_say(a);
		return VERDICT_NO_PMU;
	}
	sb_puts(&a->sb, "  on bare metal the table must be there (firmware's PMON discovery "
		       "setting off?): FAIL");
	run_say(a);
	return VERDICT_FAIL;
}

static void say_found(struct run *a, unsigned p, unsigned unplaced)
{
	const struct uncore_disc *disc = &a->unc->disc;
	const struct disc_found *f = &disc->find.t[p];
	const struct disc_table *t = &disc->table[p];
	say_table(a, p);
	sb_puts(&a->sb, "discovery table ");
	if (f->portal) {
		sb_puts(&a->sb, "behind MSR ");
		sb_hex(&a->sb, f->portal);
		sb_puts(&a->sb, " (read on CPU ");
		sb_dec(&a->sb, f->cpu);
		sb_puts(&a->sb, ") at ");
	} else {
		sb_puts(&a->sb, "at ");
		regname_put_fn(&a->sb, f->fn);
		sb_puts(&a->sb, " BAR");
		sb_dec(&a->sb, f->bir);
		sb_puts(&a->sb, " ");
	}
	sb_hex(&a->sb, f->bar);
	if (f->st) {
		sb_puts(&a->sb, ": ");
		sb_puts(&a->sb, f->why);
		run_say(a);
		return;
	}
	sb_puts(&a->sb, ": ");
	sb_dec(&a->sb, t->nunits);
	sb_puts(&a->sb, " units, ");
	sb_dec(&a->sb, t->nusable);
	sb_puts(&a->sb, " usable");
	if (unplaced) {
		sb_puts(&a->sb, ", ");
		sb_dec(&a->sb, unplaced);
		sb_puts(&a->sb, " with no box (a type or box id package 0's table lacks, or no room)");
	}
	/* a die's MSR units are counted on its own CPUs at die 0's addresses; one elsewhere not */
	unsigned moved = f->portal ? uncore_disc_die_moved(disc, &a->boxes, p) : 0;
	if (moved) {
		sb_puts(&a->sb, ", ");
		sb_dec(&a->sb, moved);
		sb_puts(&a->sb, " MSR units at other MSRs than package 0 die 0's: not counted");
	}
	run_say(a);
}

enum verdict uncore_disc_begin(struct run *a)
{
	const struct uncore_disc *disc = &a->unc->disc;
	struct uncore_pci_scan *scan = &a->unc->scan;
	const struct cpu_info *bsp = &a->slot[a->plat->bsp].info;
	pmu_memset(scan, 0, sizeof(*scan));
	scan->st = disc->find.st;
	scan->functions = disc->find.functions;
	if (disc->find.st) {
		bool nomem = disc->find.st == PMU_ERR_NOSPACE;   /* the run's, not the machine's */
		sb_puts(&a->sb, "uncore discovery: ");
		sb_puts(&a->sb, pmu_status_str(disc->find.st));
		sb_puts(&a->sb, nomem ? " (no memory for the tables' slots)"
				      : " (this backend has no PCI configuration access)");
		run_say(a);
		return nomem ? VERDICT_ERROR : VERDICT_NO_PMU;
	}
	say_dies(a);
	say_misses(a);
	if (!disc->find.n)
		return none_found(a);
	sb_puts(&a->sb, "uncore: efipmu has no box table of its own for family ");
	sb_dec(&a->sb, bsp->family);
	sb_puts(&a->sb, " model ");
	sb_hex(&a->sb, bsp->model);
	sb_puts(&a->sb, ": counted through the firmware's discovery table (");
	sb_dec(&a->sb, disc->made);
	sb_puts(&a->sb, " boxes from package 0's units, Linux uncore_discovery.c's generic box)");
	run_say(a);
	bool any = false;
	unsigned unplaced[UNCORE_PCI_MAX_PKGS] = { 0 };
	for (unsigned p = 0; p < uncore_disc_packages(disc) && p < UNCORE_PCI_MAX_PKGS; p++)
		uncore_disc_place(disc, &a->boxes, p, &scan->pkg[p], &a->unc->pmon, &unplaced[p]);
	(void)uncore_disc_globals(&a->unc->disc, &a->unc->pmon);
	for (unsigned k = 0; k < disc->find.n; k++) {
		unsigned p = disc->find.t[k].pkg;
		if (p >= UNCORE_PCI_MAX_PKGS)
			continue;
		log_table(a, k, false);
		say_found(a, k, unplaced[p]);
		unplaced[p] = 0;   /* said with the package's first table */
		if (!disc->find.t[k].st)
			say_problems(a, k);
		any = any || disc->table[k].nusable;
	}
	if (disc->find.dropped) {
		sb_dec(&a->sb, disc->find.dropped);
		sb_puts(&a->sb, " more discovery table(s) beyond the ");
		sb_dec(&a->sb, disc->find.cap);
		sb_puts(&a->sb, " its packages and dies call for: not read");
		run_say(a);
	}
	if (disc->unmade) {
		sb_dec(&a->sb, disc->unmade);
		sb_puts(&a->sb, " usable unit(s) of package 0 beyond the boxes efipmu makes: not counted");
		run_say(a);
	}
	return any ? VERDICT_PASS : VERDICT_FAIL;
}

unsigned uncore_disc_capture(struct run *a)
{
	const struct uncore_disc *disc = &a->unc->disc;
	unsigned n = a->unc->built ? disc->find.n : 0;
	for (unsigned p = 0; p < n && p < UNCORE_PCI_MAX_PKGS; p++)
		log_table(a, p, true);
	return n;
}

unsigned uncore_disc_msrs_room(const struct run *a)
{
	return a->unc->built ? 2 * a->unc->disc.find.n : 0;
}

unsigned uncore_disc_msrs_of(const struct run *a, unsigned cpu, uint32_t *out)
{
	return a->unc->built ? uncore_disc_msrs(&a->unc->disc, a->plat->cpu[cpu].package, out,
						uncore_disc_msrs_room(a)) : 0;
}

void uncore_disc_chas(struct run *a, unsigned package, uint32_t msr_at, pmu_status msr_st,
		      uint64_t msr)
{
	const struct uncore_disc *disc = &a->unc->disc;
	/* a row of its own types (Diamond Rapids) has no CHA of type 0, and no source gives MSR
	   0x2FFE's meaning there: nothing to compare */
	if (!a->unc->built || package >= disc->find.n || disc->find.t[package].st ||
	    (disc->plat && disc->plat->types))
		return;
	uint64_t other = msr_st ? 0 : msr;
	unsigned used;
	struct strbuf line, name;
	char buf[256], msr_name[16];
	sb_init(&name, msr_name, sizeof(msr_name));
	sb_puts(&name, "MSR ");
	sb_hex(&name, msr_at);
	sb_init(&line, buf, sizeof(buf));
	used = disc_cha_count(&disc->table[package], other > 0xFFFF ? 0xFFFF : (unsigned)other,
			      msr_name, &line);
	run_begin(a, "uncore_chas");
	logrec_key_u64(&a->sb, "package", package);
	logrec_key_str(&a->sb, "source", "discovery table");
	logrec_key_hex(&a->sb, "msr", msr_at);
	logrec_key_str(&a->sb, "msr_result", msr_st ? pmu_status_str(msr_st) : "read");
	logrec_key_hex(&a->sb, "msr_value", msr);
	logrec_key_u64(&a->sb, "used", used);
	logrec_end(&a->sb);
	run_record(a);
	sb_putc(&a->sb, 'P');
	sb_dec(&a->sb, package);
	sb_putc(&a->sb, ' ');
	sb_puts(&a->sb, buf);
	if (msr_st) {
		sb_puts(&a->sb, " (");
		sb_puts(&a->sb, msr_name);
		sb_puts(&a->sb, ": ");
		sb_puts(&a->sb, pmu_status_str(msr_st));
		sb_puts(&a->sb, ")");
	}
	sb_puts(&a->sb, "; ");
	sb_dec(&a->sb, used);
	sb_puts(&a->sb, " used");
	run_say(a);
}

/* Whether table k's global control is leader l's domain's (uncore_disc_thaw). */
static bool domain_table(const struct uncore_disc *disc, unsigned k, const struct package_leader *l)
{
	const struct disc_found *f = &disc->find.t[k];
	if (f->pkg != l->package)
		return false;
	return !l->by_die || (f->portal ? f->die == l->die : l->first_of_pkg);
}

void uncore_disc_thaw(const struct run *a, const struct package_leader *l,
		      struct uncore_session *s)
{
	const struct uncore_disc *disc = &a->unc->disc;
	for (unsigned k = 0; a->unc->built && k < disc->find.n && !s->st; k++)
		if (domain_table(disc, k, l) && disc->global_key[k])
			(void)uncore_plan_write(s, disc->global_key[k], 0);
}

bool uncore_disc_die_counts(const struct run *a, unsigned pkg, unsigned die,
			    const struct box_desc *x)
{
	return a->unc->built && uncore_disc_die_has(&a->unc->disc, &a->boxes, pkg, die, x);
}

/* The session's record of key (what it found); NULL: not saved. */
static const struct own_reg *saved_of(const struct uncore_session *s, uint32_t key)
{
	for (unsigned i = 0; i < s->nsaved; i++)
		if (s->saved[i].msr == key)
			return &s->saved[i];
	return NULL;
}

void uncore_disc_say_thaw(struct run *a, const struct package_leader *l,
			  const struct uncore_session *s, bool ran, pmu_status restore_st)
{
	const struct uncore_disc *disc = &a->unc->disc;
	unsigned package = l->package;
	for (unsigned k = 0; a->unc->built && k < disc->find.n; k++) {
		uint32_t key = disc->global_key[k];
		if (!domain_table(disc, k, l) || !key)
			continue;
		const struct own_reg *o = saved_of(s, key);
		/* a session that did not end counting wrote nothing, or put back what it wrote */
		bool cleared = ran && o && !s->st, restored = cleared && !restore_st;
		run_begin(a, "uncore_global");
		logrec_key_u64(&a->sb, "package", package);
		key_die(a, k);
		logrec_key_reg(&a->sb, "reg", key);
		logrec_key_hex(&a->sb, "found", o ? o->orig : disc->global[k]);
		logrec_key_bool(&a->sb, "cleared", cleared);
		logrec_key_bool(&a->sb, "restored", restored);
		logrec_end(&a->sb);
		run_record(a);
		put_global(a, k);
		sb_puts(&a->sb, " found ");
		sb_hex(&a->sb, o ? o->orig : disc->global[k]);
		if (restored) {
			sb_puts(&a->sb, " (freeze_all): cleared for the window, put back after");
		} else if (cleared) {
			sb_puts(&a->sb, " (freeze_all): cleared for the window, NOT put back: ");
			sb_puts(&a->sb, pmu_status_str(restore_st));
		} else {
			sb_puts(&a->sb, " (freeze_all): left as found, efipmu did not count this "
				       "package's uncore (");
			sb_puts(&a->sb, !ran ? "its CPU did not answer" :
					s->st ? pmu_status_str(s->st) : "no event of it counted");
			sb_puts(&a->sb, "): none of its counts is reported");
		}
		run_say(a);
	}
}
