/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * One package's step of the uncore job, on its leader, and its report on the
 * boot CPU. Each leader first checks that its boxes hold what is written
 * (QEMU TCG drops the writes): where they do not, the app says so and prints
 * no counts.
 */
#include "run/uncore_pkg.h"
#include "run/job_measure.h"
#include "out/logrec.h"
#include "pmu/regkey.h"
#include "pmu/uncore_pci.h"
#include "run/uncore_disc_job.h"
#include "run/uncore_pci_job.h"

/* ---- the tables ---- */

static size_t eight(size_t bytes)
{
	return (bytes + 7) & ~(size_t)7;
}

/* The probes, the widths and the boxes said, then the session's tables. */
static size_t own_bytes(unsigned max)
{
	return eight(max * sizeof(unsigned)) + eight(max * sizeof(struct uncore_probe)) +
	       eight(max * sizeof(struct uncore_width_probe)) + 3 * eight(max * sizeof(void *));
}

size_t upkg_tables_size(unsigned max)
{
	return own_bytes(max) + uncore_session_size(max);
}

void upkg_tables_init(struct pkg_run *p, void *mem, unsigned max)
{
	uint8_t *at = mem;
	p->max = max;
	p->evi = (unsigned *)at;
	at += eight(max * sizeof(*p->evi));
	p->probe = (struct uncore_probe *)at;
	at += eight(max * sizeof(*p->probe));
	p->width = (struct uncore_width_probe *)at;
	at += eight(max * sizeof(*p->width));
	p->probe_box = (const struct box_desc **)at;
	at += eight(max * sizeof(void *));
	p->width_box = (const struct box_desc **)at;
	at += eight(max * sizeof(void *));
	p->fw_box = (const struct box_desc **)at;
	at += eight(max * sizeof(void *));
	pmu_memset(mem, 0, own_bytes(max));
	uncore_session_init(&p->s, at, max);
}

/* ---- on the leader ---- */

bool upkg_counts_package(const struct pkg_run *p)
{
	return (!p->leader.by_ccx && !p->leader.by_die) || p->leader.first_of_pkg;
}

bool upkg_counts_box(const struct pkg_run *p, const struct box_desc *d)
{
	if (p->leader.by_die && d->per_die)   /* the die's own registers, where its table has them */
		return uncore_disc_die_counts(p->a, p->leader.package, p->leader.die, d);
	return (p->leader.by_ccx && d->per_ccx) || upkg_counts_package(p);
}

bool upkg_die_named(const struct pkg_run *p)
{
	return p->leader.by_die && uncore_disc_dies_named(p->a, p->leader.package);
}

static void key_die(struct run *a, const struct pkg_run *p)
{
	if (upkg_die_named(p))
		logrec_key_u64(&a->sb, "die", p->leader.die);
}

static bool probed(const struct pkg_run *p, const struct box_desc *d)
{
	for (unsigned i = 0; i < p->nprobes; i++)
		if (p->probe_box[i] == d)
			return true;
	return false;
}

/*
 * Every box of every round must hold what is written. A counter firmware left
 * enabled (PMU_ERR_IN_USE) is left alone here: programming refuses it, or takes it with --force.
 */
static pmu_status probe_boxes(struct pkg_run *p, unsigned cpu)
{
	for (unsigned i = 0; i < p->m->nureqs && p->nprobes < p->max; i++) {
		const struct box_desc *d = p->m->ureqs[i].box;
		/* a PCI box is proven by its device id (run/uncore_pci_job.c); another domain's box
		   is probed by its own leader (two leaders must not write one register at once) */
		if (probed(p, d) || d->pci || !upkg_counts_box(p, d))
			continue;
		p->probe_box[p->nprobes] = d;
		pmu_status st = uncore_probe_holds(&p->a->backend, cpu, d, &p->probe[p->nprobes++]);
		if (st && st != PMU_ERR_IN_USE)
			return st;
	}
	return PMU_OK;
}

/* The probed width of d's fixed counter, or NULL. */
static const struct uncore_width_probe *width_of(const struct pkg_run *p, const struct box_desc *d)
{
	for (unsigned i = 0; i < p->nwidths; i++)
		if (p->width_box[i] == d)
			return &p->width[i];
	return NULL;
}

/* Fixed counters in use whose width the sources disagree on (box_desc.fixed_width_max). */
static void probe_widths(struct pkg_run *p, unsigned cpu)
{
	const struct run *a = p->a;
	if (a->backend.records_only)
		return;   /* it writes: a dry run keeps the descriptor's width */
	for (unsigned i = 0; i < p->m->nureqs && p->nwidths < p->max; i++) {
		const struct box_desc *d = p->m->ureqs[i].box;
		if (p->m->ureqs[i].fixed < 0 || !d->fixed_width_max || width_of(p, d) ||
		    !upkg_counts_box(p, d))
			continue;
		p->width_box[p->nwidths] = d;
		(void)uncore_probe_width(&a->backend, cpu, d, &p->width[p->nwidths++]);
	}
}

static uint64_t run_kernel(const struct pkg_run *p, unsigned cpu)
{
	/* The real kernel gets the run's buffer (run/buffers.c), if any; the model replays it. */
	struct kernel_args args = { p->m->iterations, NULL, 0 };
	buffers_attach(&p->m->bufs, &args);
	return pmu_run_kernel(&p->a->backend, cpu, p->m->kernel, p->m->kernel->fn, &args);
}

void upkg_on_leader(void *ctx, unsigned cpu)
{
	struct pkg_run *p = ctx;
	struct run *a = p->a;
	/* A box the package lacks (planned PMU_ERR_ABSENT) is never probed: it may not exist. */
	if (!p->probed && p->s.st != PMU_ERR_ABSENT) {
		p->probed = true;
		p->probe_st = probe_boxes(p, cpu);
		probe_widths(p, cpu);
		/* the probes' put-back registers, read back: summed with this step's session */
		for (unsigned i = 0; i < p->nprobes; i++)
			restore_tally_add(&p->s.readback, &p->probe[i].restored);
		for (unsigned i = 0; i < p->nwidths; i++)
			restore_tally_add(&p->s.readback, &p->width[i].restored);
		const struct uncore_pci_plat *pl = uncore_family_desc(p->s.fam)->pci;
		p->cha_msr_st = pl && pl->cha_msr ? pmu_rdmsr(&a->backend, cpu, pl->cha_msr, &p->cha_msr)
						  : PMU_ERR_UNSUPPORTED;
	}
	if (!p->probe_st) {
		for (unsigned i = 0; i < p->s.n; i++) {
			const struct uncore_width_probe *w = width_of(p, p->s.ev[i].box);
			if (p->s.ev[i].idx == UNCORE_FIXED && w && w->width)
				p->s.ev[i].width = w->width;
		}
		uncore_program(&p->s, &a->backend, cpu, a->opt.force ? UNCORE_FORCE : 0);
		p->tsc_on = run_window_tsc(a, cpu);
		imc_freerun_read(&p->fr, &a->backend, cpu, false, 0);
		if (uncore_start(&p->s) == PMU_OK)
			p->checksum = run_kernel(p, cpu);
		uncore_stop(&p->s);
		p->tsc_off = run_window_tsc(a, cpu);
		imc_freerun_read(&p->fr, &a->backend, cpu, true, p->tsc_off - p->tsc_on);
		uncore_read(&p->s);
		p->restore_st = uncore_restore(&p->s);
	}
	flag_set(&p->done, 1);
}

/* ---- report on the BSP ---- */

static void log_probe(struct run *a, const struct pkg_run *p, unsigned i)
{
	const struct uncore_probe *pr = &p->probe[i];
	run_begin(a, "uncore_probe");
	logrec_key_u64(&a->sb, "package", p->leader.package);
	key_die(a, p);
	logrec_key_u64(&a->sb, "cpu", p->leader.cpu);
	logrec_key_str(&a->sb, "box", p->probe_box[i]->name);
	logrec_key_reg(&a->sb, "reg", pr->msr);
	logrec_key_hex(&a->sb, "orig", pr->orig);
	for (unsigned k = 0; k < 2; k++) {
		logrec_key_hex(&a->sb, k ? "pattern1" : "pattern0", pr->pattern[k]);
		logrec_key_hex(&a->sb, k ? "readback1" : "readback0", pr->readback[k]);
	}
	logrec_key_str(&a->sb, "result", pr->st == PMU_OK ? "holds" : pmu_status_str(pr->st));
	logrec_end(&a->sb);
	run_record(a);
}

static void say_package(struct run *a, const struct pkg_run *p, const char *what)
{
	sb_puts(&a->sb, "package ");
	sb_dec(&a->sb, p->leader.package);
	if (p->leader.by_ccx) {
		sb_puts(&a->sb, " CCX ");
		sb_dec(&a->sb, p->leader.ccx);
	}
	if (upkg_die_named(p)) {
		sb_puts(&a->sb, " die ");
		sb_dec(&a->sb, p->leader.die);
	}
	sb_puts(&a->sb, " (CPU ");
	sb_dec(&a->sb, p->leader.cpu);
	sb_puts(&a->sb, "): ");
	sb_puts(&a->sb, what);
}

/* Where the probe found no width: why, and that the descriptor's narrowest is taken. */
static void say_width_unknown(struct run *a, const struct pkg_run *p, unsigned i)
{
	const struct uncore_width_probe *w = &p->width[i];
	const struct box_desc *d = p->width_box[i];
	say_package(a, p, d->name);
	sb_puts(&a->sb, " fixed counter width unknown (");
	if (w->st == PMU_ERR_NOT_HELD) {
		sb_puts(&a->sb, "all-ones read back ");
		sb_hex(&a->sb, w->readback);
		if (!w->readback && a->slot[a->plat->bsp].info.hypervisor)
			sb_puts(&a->sb, ", hypervisor");
	} else {
		sb_puts(&a->sb, pmu_status_str(w->st));
		if (w->fault_msr) {
			sb_puts(&a->sb, " at MSR ");
			sb_hex(&a->sb, w->fault_msr);
		}
	}
	sb_puts(&a->sb, "): ");
	sb_dec(&a->sb, d->fixed_width);
	sb_puts(&a->sb, " bits taken, right for ");
	sb_dec(&a->sb, d->fixed_width);
	sb_puts(&a->sb, " to ");
	sb_dec(&a->sb, d->fixed_width_max);
	sb_puts(&a->sb, " bits while a delta < 2^");
	sb_dec(&a->sb, d->fixed_width);
	run_say(a);
}

/* The width probe's record: what was found, written, read back, and the width the deltas use. */
static void log_width(struct run *a, const struct pkg_run *p, unsigned i)
{
	const struct uncore_width_probe *w = &p->width[i];
	const struct box_desc *d = p->width_box[i];
	run_begin(a, "uncore_width");
	logrec_key_u64(&a->sb, "package", p->leader.package);
	key_die(a, p);
	logrec_key_u64(&a->sb, "cpu", p->leader.cpu);
	logrec_key_str(&a->sb, "box", d->name);
	logrec_key_reg(&a->sb, "ctl", w->ctl_msr);
	logrec_key_hex(&a->sb, "ctl_value", w->ctl);
	logrec_key_reg(&a->sb, "ctr", w->ctr_msr);
	logrec_key_hex(&a->sb, "orig", w->orig);
	logrec_key_hex(&a->sb, "readback", w->readback);
	logrec_key_str(&a->sb, "result", w->st == PMU_OK ? "probed" : pmu_status_str(w->st));
	logrec_key_u64(&a->sb, "probed_width", w->width);
	logrec_key_u64(&a->sb, "width", w->width ? w->width : d->fixed_width);
	logrec_end(&a->sb);
	run_record(a);
	if (!w->width)
		say_width_unknown(a, p, i);
}

/* A box named "imc_3": "imc_" into pre and 3 into *n; false for a box of no number. */
static bool box_instance(const char *box, struct strbuf *pre, unsigned *n)
{
	size_t len = pmu_strlen(box), at = len;
	while (at && box[at - 1] >= '0' && box[at - 1] <= '9')
		at--;
	if (at == len || !at || box[at - 1] != '_' || len - at > 4)
		return false;
	*n = 0;
	for (size_t i = at; i < len; i++)
		*n = *n * 10 + (unsigned)(box[i] - '0');
	sb_putn(pre, box, at);
	return !pre->overflow;
}

static void log_count(struct run *a, const struct pkg_run *p, const struct uncore_counter *e,
		      const char *name, unsigned round, unsigned repeat, bool row)
{
	bool fixed = e->idx == UNCORE_FIXED;
	const struct cpu_info *ci = &a->slot[p->leader.cpu].info;
	const struct count_rec r = {
		.cpu = p->leader.cpu, .apic_id = ci->apic_id, .package = p->leader.package,
		.box = e->box->name, .event = name, .counter_kind = fixed ? "fixed" : "gp",
		.counter = fixed ? 0 : e->idx, .width = e->width,
		.ctl_msr = e->ctl_msr, .ctl_value = e->ctl_on, .ctl_layout = uncore_counter_layout(e),
		.extra_msr = e->extra_msr, .extra_value = e->extra_val, .ctr_msr = e->ctr_msr,
		.start = e->start, .end = e->end, .delta = e->delta, .overflowed = e->overflow,
		.kernel = p->m->kernel->name, .iterations = p->m->iterations, .round = round,
		.repeat = repeat,
		.has_ccx = p->leader.by_ccx && e->box->per_ccx, .ccx = p->leader.ccx,
		.has_die = upkg_die_named(p) && e->box->per_die, .die = p->leader.die,
	};
	run_count(a, &r);
	if (!row)
		return;   /* the statistics table says it in one row */

	/*
	 * Counter "mbox_1.3": the box without its "uncore_" prefix, then the counter ("f": fixed).
	 * Named as a unit of its package, so that at real size the CCXs ("P0.X0-47") or the boxes
	 * of a type ("imc_0-7.1") whose rows agree are said once (run/collapse.c).
	 */
	char where[16], counter[24], ctr[8];
	struct strbuf w, k, c;
	const char *box = e->box->name;
	if (!pmu_strncmp(box, "uncore_", 7))
		box += 7;
	sb_init(&c, ctr, sizeof(ctr));
	sb_putc(&c, '.');
	if (fixed)
		sb_putc(&c, 'f');
	else
		sb_dec(&c, e->idx);
	sb_init(&w, where, sizeof(where));
	sb_putc(&w, 'P');
	sb_dec(&w, p->leader.package);
	if (r.has_die) {   /* "P0.D1": package 0, die 1; its boxes said together ("cbo_0-6.0") */
		sb_puts(&w, ".D");
		sb_dec(&w, p->leader.die);
	}
	sb_init(&k, counter, sizeof(counter));
	struct row_unit u = { p->leader.package, counter, 0, ctr };
	bool unit = !r.has_ccx && box_instance(box, &k, &u.n);
	if (!unit) {
		sb_puts(&k, box);
		sb_puts(&k, ctr);
	}
	if (r.has_ccx) {   /* "P0.X2": package 0, CCX 2 */
		sb_puts(&w, ".X");
		run_unit_here(a, p->leader.package, where, p->leader.ccx, "", 4);
		where[0] = 0;
	}
	run_count_row(a, where, name, unit ? NULL : counter, unit ? &u : NULL,
		      uncore_counter_layout(e), e->ctl_msr, e->ctl_on, e->delta, e->overflow);
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
	if (!flag_get(&p->done)) {
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
	if (p->s.st == PMU_ERR_ABSENT) {
		say_package(a, p, p->s.msg);
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

bool upkg_counted(const struct pkg_run *p)
{
	return flag_get(&p->done) && !p->probe_st && !p->s.st;
}

/* Every uncore register the round touches, as firmware left it (read before any write). */
static void handoff_into(struct run *a, struct strbuf *sb, const struct pkg_run *p)
{
	const struct uncore_session *s = &p->s;
	logrec_begin(sb, "handoff", a->simulated);
	logrec_key_str(sb, "box", "uncore");
	logrec_key_u64(sb, "package", p->leader.package);
	if (upkg_die_named(p))
		logrec_key_u64(sb, "die", p->leader.die);
	logrec_key_u64(sb, "cpu", p->leader.cpu);
	logrec_key_u64(sb, "counters_in_use", s->n_in_use);
	sb_json_key(sb, "registers");
	for (unsigned i = 0; i < s->nsaved; i++) {
		sb_puts(sb, i ? ",[" : "[[");
		logrec_reg(sb, s->saved[i].msr);
		sb_puts(sb, ",\"");
		sb_hex(sb, s->saved[i].orig);
		sb_puts(sb, "\"]");
	}
	sb_putc(sb, ']');
	logrec_end(sb);
}

#define REG_ENTRY_MAX 192   /* bytes of the longest register of an ownership record */

/*
 * The hand-off (handoff) or ownership record of the registers the package's round saved, in
 * a buffer of its size: a part of many CHAs saves more than RUN_LINE_MAX holds. Without the
 * memory, the line buffer (a record too long for it is said as not logged).
 */
static void log_saved(struct run *a, const struct pkg_run *p, bool handoff)
{
	const struct own_rec o = { "uncore", p->leader.cpu, p->leader.package, p->s.saved,
				   p->s.nsaved, upkg_die_named(p), p->leader.die };
	size_t cap = RUN_LINE_MAX + (size_t)p->s.nsaved * REG_ENTRY_MAX;
	char *buf = p->s.nsaved ? run_alloc(a, cap) : NULL;
	struct strbuf own, *sb = &a->sb;
	if (!p->s.nsaved)
		return;
	if (buf) {
		sb_init(&own, buf, cap);
		sb = &own;
	}
	if (handoff)
		handoff_into(a, sb, p);
	else
		logrec_ownership(sb, &o, a->simulated);
	run_record_from(a, sb);
	run_free(a, buf);
}

/* What the hand-off snapshot holds of register key: firmware's value; false: not saved. */
static bool handed(const struct uncore_session *s, uint32_t key, uint64_t *v)
{
	for (unsigned i = 0; i < s->nsaved; i++)
		if (s->saved[i].msr == key) {
			*v = s->saved[i].orig;
			return true;
		}
	return false;
}

/*
 * The MSR boxes of the round as firmware left them, each named once (the PCI boxes are the
 * scan's): frozen where its box control's layout has a freeze bit ("frz": SNB-EP, Skylake-SP,
 * Ice Lake-SP) and it is set, counting where a counter control holds its enable bit.
 */
static void say_fw_boxes(struct run *a, struct pkg_run *p)
{
	for (unsigned i = 0; i < p->s.n; i++) {
		const struct box_desc *d = p->s.ev[i].box;
		bool said = d->pci != NULL;
		for (unsigned k = 0; k < p->nfw && !said; k++)
			said = p->fw_box[k] == d;
		if (said || p->nfw >= p->max)
			continue;
		p->fw_box[p->nfw++] = d;
		const struct reg_field *frz = d->box ? reg_find_field(d->box->layout, "frz", 3) : NULL;
		uint64_t ctl = 0, v;
		uint8_t on = 0;
		if (d->box_ctl)
			(void)handed(&p->s, d->box_ctl, &ctl);
		for (unsigned c = 0; c < d->n_counters && c < 7; c++)
			if (handed(&p->s, box_ctl_msr(d, c), &v) && (v & d->enable_mask))
				on |= (uint8_t)(1u << c);
		if (d->fixed_ctl && handed(&p->s, d->fixed_ctl, &v) && (v & d->fixed_enable_mask))
			on |= 0x80;
		uncore_say_fw_box(a, p->leader.package, d->name, (uint32_t)ctl,
				  frz && reg_get_field(ctl, frz), on);
	}
}

/*
 * Discovered units whose every counter read at the end what it read at the start, under
 * the hypervisor bit: what a table gives there may be memory, not counters (QEMU's
 * ivshmem-plain in tests/qemu/case_ivshmem_discovery.sh), so no PMU. On bare metal an
 * event may count nothing: no judgement.
 */
static enum verdict disc_not_counting(struct run *a, const struct pkg_run *p, bool say)
{
	unsigned n = 0;
	for (unsigned i = 0; i < p->s.n; i++) {
		const struct uncore_counter *e = &p->s.ev[i];
		if (!uncore_family_desc(e->box->family)->disc)
			continue;
		if (e->end != e->start)
			return VERDICT_PASS;
		n++;
	}
	if (!n || !a->slot[a->plat->bsp].info.hypervisor)
		return VERDICT_PASS;
	if (say) {
		say_package(a, p, "");
		sb_dec(&a->sb, n);
		sb_puts(&a->sb, " counter(s) of discovered units read the same before and after the "
			       "kernel: under a hypervisor (CPUID.1:ECX[31]) they are not counting "
			       "(memory, not a PMU): NO-PMU");
		run_say(a);
	}
	return VERDICT_NO_PMU;
}

enum verdict upkg_report(struct run *a, struct pkg_run *p, unsigned round, unsigned repeat,
			 bool rows)
{
	if (!round && !repeat) {
		for (unsigned i = 0; i < p->nprobes; i++)
			log_probe(a, p, i);
		a->checks.n[CHECK_UNCORE_PROBES] += p->nprobes;
		for (unsigned i = 0; i < p->nwidths; i++)
			log_width(a, p, i);
	}
	if (!repeat) {
		log_saved(a, p, true);
		say_fw_boxes(a, p);
		if (!round)
			uncore_disc_say_thaw(a, &p->leader, &p->s, flag_get(&p->done),
					     p->restore_st);
		log_saved(a, p, false);
	}
	if (!upkg_counted(p))
		return say_no_counts(a, p);
	for (unsigned i = 0; i < p->s.n; i++)
		log_count(a, p, &p->s.ev[i], p->m->ureqs[p->evi[i]].name, round, repeat, rows);
	if (!p->restore_st)
		return disc_not_counting(a, p, !round && !repeat);
	say_package(a, p, "uncore registers not restored: ");
	sb_puts(&a->sb, pmu_status_str(p->restore_st));
	run_say(a);
	return VERDICT_FAIL;
}
