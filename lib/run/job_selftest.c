/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * --selftest: the validation suite of lib/check/selftest.h on every selected CPU
 * (core PMU) and on one leader CPU per package (uncore), then one table on the
 * BSP, a "check" log record per check and a summary line. AP code only fills
 * its own cache-line-aligned report; the BSP prints, and sums each report's restore
 * read-back into one line as the measurement's (run/restore_report.h).
 */
#include "run/restore_report.h"
#include "run/uncore_pci_job.h"
#include "run/run.h"
#include "out/logrec.h"
#include "check/selftest.h"
#include "pmu/topology.h"

#define SELFTEST_TIMEOUT_US 60000000u
#define REAL_ITERATIONS 100000
#define COL_CHECK 8
#define COL_RESULT 28
#define COL_REASON 34
#define WIDTH 80

struct aligned_report {
	struct selftest_report r;
	bool ran;                          /* a CPU's: it ran the suite */
} __attribute__((aligned(64)));

struct selftest_job {
	struct run *a;
	struct aligned_report *cpu;        /* one per CPU */
	struct aligned_report *pkg;        /* one per package leader (AMD: per CCX) */
	struct package_leader *leader;     /* npkg of them */
	unsigned npkg;
	unsigned run_pkg;                  /* the package mp_run_on is running */
};

static void env_for(const struct selftest_job *j, unsigned cpu, struct selftest_env *env)
{
	struct run *a = j->a;
	pmu_memset(env, 0, sizeof(*env));
	env->b = &a->backend;
	env->cpu = cpu;
	env->ci = &a->slot[cpu].info;
	env->boxes = &a->boxes;
	env->iterations = a->backend.iterations ? a->backend.iterations : REAL_ITERATIONS;
	env->force = a->opt.force;
}

static bool selected(const struct run *a, unsigned cpu)
{
	return cpuset_has(&a->opt.cpus, cpu) && flag_get(&a->slot[cpu].done) && !a->slot[cpu].st;
}

static void core_on_cpu(void *ctx, unsigned cpu)
{
	struct selftest_job *j = ctx;
	struct selftest_env env;
	if (!plat_listed(j->a->plat, cpu) || !selected(j->a, cpu))
		return;
	env_for(j, cpu, &env);
	selftest_core(&env, &j->cpu[cpu].r);
	j->cpu[cpu].ran = true;
}

static void uncore_on_leader(void *ctx, unsigned cpu)
{
	struct selftest_job *j = ctx;
	struct selftest_env env;
	if (!plat_listed(j->a->plat, cpu))
		return;
	env_for(j, cpu, &env);
	env.pci = uncore_pci_pkg_for(j->a, j->leader[j->run_pkg].package);
	env.ccx_only = j->leader[j->run_pkg].by_ccx && !j->leader[j->run_pkg].first_of_pkg;
	env.ccx = j->leader[j->run_pkg].ccx;
	selftest_uncore(&env, j->leader[j->run_pkg].package, &j->pkg[j->run_pkg].r);
}

/* Words of text from column col to WIDTH, continued on lines indented to col. */
static void say_wrapped(struct run *a, const char *text, size_t col)
{

	size_t room = WIDTH - col - (a->simulated ? 6 : 0), len = pmu_strlen(text);
	while (len) {
		size_t n = len <= room ? len : room;
		while (n < len && n > 0 && text[n] != ' ')
			n--;
		if (!n)
			n = len < room ? len : room;
		sb_pad_to(&a->sb, col);
		sb_putn(&a->sb, text, n);
		run_say(a);
		text += n;
		len -= n;
		while (len && *text == ' ') {
			text++;
			len--;
		}
	}
}

static void report_check(struct run *a, const struct selftest_check *c)
{
	bool pkg = c->scope == SELFTEST_PACKAGE;
	run_begin(a, "check");
	logrec_key_u64(&a->sb, pkg ? "package" : "cpu", c->where);
	if (c->has_ccx)
		logrec_key_u64(&a->sb, "ccx", c->ccx);
	logrec_key_str(&a->sb, "suite", "selftest");
	logrec_key_str(&a->sb, "check", c->name);
	logrec_key_str(&a->sb, "result", selftest_result_str(c->result));
	logrec_key_str(&a->sb, "reason", c->reason);
	logrec_key_u64(&a->sb, "expected", c->expected);
	logrec_key_u64(&a->sb, "measured", c->measured);
	logrec_end(&a->sb);
	run_record(a);

	sb_puts(&a->sb, pkg ? "pkg " : "cpu ");
	sb_dec(&a->sb, c->where);
	if (c->has_ccx) {   /* "pkg 0.X1": package 0, CCX 1 */
		sb_puts(&a->sb, ".X");
		sb_dec(&a->sb, c->ccx);
	}
	sb_pad_to(&a->sb, a->sb.len >= COL_CHECK ? a->sb.len + 1 : COL_CHECK);
	sb_puts(&a->sb, c->name);
	sb_pad_to(&a->sb, COL_RESULT);
	sb_puts(&a->sb, selftest_result_str(c->result));
	if (!c->reason[0]) {
		run_say(a);
		return;
	}
	say_wrapped(a, c->reason, COL_REASON);
}

struct tally {
	unsigned pass, fail, skip, reports, absent;
	const char *why;                 /* a reason of an absent PMU */
	struct restore_sum *restored;    /* the reports' restores read back, both tallies' */
};

static void report_all(struct run *a, const struct selftest_report *r, struct tally *t)
{
	restore_sum_add(t->restored, &r->readback);
	for (unsigned i = 0; i < r->n; i++)
		report_check(a, &r->c[i]);
	if (r->truncated) {
		sb_puts(&a->sb, "        (more checks than the report holds: the last ones are missing)");
		run_say(a);
	}
	t->pass += r->pass;
	t->fail += r->fail + r->truncated;
	t->skip += r->skip;
	t->reports++;
	if (r->absent) {
		t->absent++;
		if (!t->why && r->n)
			t->why = r->c[0].reason;
	}
}

static bool find_leaders(struct selftest_job *j)
{
	struct run *a = j->a;
	bool more;
	/* AMD: one leader per CCX, so each L3 is checked; the first of a package checks the rest */
	bool ccx = false;
	for (unsigned i = 0; i < a->boxes.n; i++)
		ccx = ccx || (a->boxes.box[i].d.per_ccx &&
			      a->boxes.box[i].d.family == a->slot[a->plat->bsp].info.uncore);
	j->leader = run_leaders(a, ccx ? RUN_BY_CCX : RUN_BY_PACKAGE, &j->npkg, &more);
	if (more) {
		sb_puts(&a->sb, "selftest: more packages than ");
		sb_dec(&a->sb, TOPO_MAX_PACKAGES);
		sb_puts(&a->sb, ": the uncore of the others is not checked");
		run_say(a);
	}
	return j->leader != NULL;
}

enum verdict job_selftest(struct run *a, void *state)
{
	(void)state;   /* none */
	struct selftest_job *j = run_alloc(a, sizeof(*j));
	void *cbase = NULL, *pbase = NULL;
	size_t ncpu = a->plat->ncpus;
	struct restore_sum *restored = run_alloc(a, sizeof(*restored));
	struct tally core = { .restored = restored }, unc = { .restored = restored };

	if (!j || !restored) {
		run_free(a, j);
		run_free(a, restored);
		return VERDICT_ERROR;
	}
	j->a = a;
	j->cpu = run_alloc_lines(a, ncpu * sizeof(*j->cpu), &cbase);
	if (j->cpu && find_leaders(j))
		j->pkg = run_alloc_lines(a, j->npkg * sizeof(*j->pkg), &pbase);
	if (!j->pkg) {
		sb_puts(&a->sb, "selftest: out of memory for the reports");
		run_say(a);
		run_free(a, cbase);
		run_free(a, j->leader);
		run_free(a, j);
		run_free(a, restored);
		return VERDICT_ERROR;
	}
	plat_run_all(a->plat, core_on_cpu, j, SELFTEST_TIMEOUT_US);
	(void)uncore_pci_begin(a, NULL);   /* the PCI boxes the uncore checks reach; said */
	/* One package at a time: a package's kernels must not disturb another's uncore counts. */
	for (j->run_pkg = 0; j->run_pkg < j->npkg; j->run_pkg++)
		plat_run_on(a->plat, j->leader[j->run_pkg].cpu, uncore_on_leader, j, SELFTEST_TIMEOUT_US);

	sb_puts(&a->sb, "WHERE   CHECK               RESULT REASON");
	run_say(a);
	for (size_t i = 0; i < ncpu; i++) {
		if (j->cpu[i].ran)
			report_all(a, &j->cpu[i].r, &core);
		else if (selected(a, (unsigned)i)) {
			sb_puts(&a->sb, "cpu ");
			sb_dec(&a->sb, i);
			sb_pad_to(&a->sb, COL_CHECK);
			sb_puts(&a->sb, "did not run the suite (timeout): no result");
			run_say(a);
			core.fail++;
		}
	}
	for (unsigned p = 0; p < j->npkg; p++)
		report_all(a, &j->pkg[p].r, &unc);

	sb_puts(&a->sb, "selftest: ");
	sb_dec(&a->sb, core.pass + unc.pass);
	sb_puts(&a->sb, " PASS, ");
	sb_dec(&a->sb, core.fail + unc.fail);
	sb_puts(&a->sb, " FAIL, ");
	sb_dec(&a->sb, core.skip + unc.skip);
	sb_puts(&a->sb, " SKIP");
	run_say(a);

	a->checks.n[CHECK_SELFTEST] = core.pass + unc.pass + core.fail + unc.fail;
	enum verdict v = core.fail + unc.fail ? VERDICT_FAIL : VERDICT_PASS;
	v = verdict_worse(v, restore_report(a, restored));
	if (v == VERDICT_PASS && core.absent == core.reports && unc.absent == unc.reports) {
		sb_puts(&a->sb, "selftest: no PMU to check on this machine: ");
		sb_puts(&a->sb, core.why ? core.why : "no CPU ran the suite");
		run_say(a);
		if (unc.why) {
			sb_puts(&a->sb, "selftest: uncore: ");
			sb_puts(&a->sb, unc.why);
			run_say(a);
		}
		v = VERDICT_NO_PMU;
	}
	run_free(a, cbase);
	run_free(a, pbase);
	run_free(a, j->leader);
	run_free(a, j);
	run_free(a, restored);
	return v;
}
