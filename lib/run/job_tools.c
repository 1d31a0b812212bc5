/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The app side of --list, --decode and --dry-run. Listing and decoding only
 * read (the boot CPU's discovery); a dry run lays lib/pmu/dryrun.h over the
 * backend after discovery, so the job runs its whole sequence, and then
 * prints and logs every MSR write it would have made, none of which reached
 * the hardware.
 */
#include "run/run.h"
#include "pmu/decode.h"
#include "pmu/dryrun.h"
#include "pmu/regkey.h"
#include "run/uncore_pci_job.h"
#include "out/listing.h"
#include "out/logrec.h"

#define DRY_WRITES_PER_CPU 4096   /* core job: ~80 writes per round and repeat */
#define REPORT_WIDTH 79
#define FIELD_INDENT 8


static const struct cpu_info *bsp_info(const struct run *a)
{
	const struct run_cpu *s = &a->slot[a->plat->bsp];
	return flag_get(&s->done) && !s->st ? &s->info : NULL;
}

/* ---- --list ---- */

static void list_line(void *ctx, const char *line, size_t len)
{
	struct run *a = ctx;
	sb_putn(&a->sb, line, len);
	run_say(a);
}

enum verdict job_list(struct run *a, void *state)
{
	(void)state;   /* none */
	const struct cpu_info *ci = bsp_info(a);
	char buf[LISTING_WIDTH + 1];
	struct strbuf sb;
	if (!ci) {
		sb_puts(&a->sb, "efipmu: --list: the boot CPU's discovery failed");
		run_say(a);
		return VERDICT_FAIL;
	}
	sb_init(&sb, buf, sizeof(buf));
	listing_write(ci, &a->boxes, &sb, list_line, a);
	run_begin(a, "list");
	logrec_key_u64(&a->sb, "cpu", ci->index);
	logrec_key_str(&a->sb, "uncore", uncore_family_name(ci->uncore));
	logrec_key_bool(&a->sb, "core_pmu", pmu_core_present(ci));
	logrec_end(&a->sb);
	run_record(a);
	(void)uncore_pci_begin(a, NULL);   /* what the PCI scan found: said, not a verdict */
	return VERDICT_PASS;
}

/* ---- --decode BOX VALUE ---- */

/* The lines in a->sb, each said on its own, the first after prefix. */
static void say_lines(struct run *a, const char *prefix)
{
	char text[RUN_LINE_MAX];
	size_t len = a->sb.len, i = 0;
	pmu_memcpy(text, a->sb.buf, len);
	sb_reset(&a->sb);
	sb_puts(&a->sb, prefix);
	while (i < len) {
		size_t e = i;
		while (e < len && text[e] != '\n')
			e++;
		sb_putn(&a->sb, text + i, e - i);
		run_say(a);
		i = e + 1;
	}
}

enum verdict job_decode(struct run *a, void *state)
{
	(void)state;   /* none */
	const struct cpu_info *ci = bsp_info(a);
	enum uncore_family fam = ci ? ci->uncore : UNCORE_NONE;
	pmu_status st = decode_register(a->opt.decode_box, a->opt.decode_value,
					fam == UNCORE_NONE ? NULL : &a->boxes, &a->sb);
	say_lines(a, st == PMU_ERR_UNKNOWN_NAME ? "efipmu: " : "");
	run_begin(a, "decode");
	logrec_key_str(&a->sb, "register", a->opt.decode_box);
	logrec_key_hex(&a->sb, "value", a->opt.decode_value);
	logrec_key_str(&a->sb, "uncore", uncore_family_name(fam));
	logrec_key_str(&a->sb, "result", pmu_status_str(st));
	logrec_end(&a->sb);
	run_record(a);
	return st == PMU_ERR_UNKNOWN_NAME ? VERDICT_ERROR : VERDICT_PASS;
}

/* ---- --dry-run ---- */

enum verdict dryrun_wrap(struct run *a, void *state)
{
	unsigned n = (unsigned)a->plat->ncpus;
	struct dryrun_cpu *cpus = run_alloc(a, n * sizeof(*cpus));
	if (!cpus) {
		sb_puts(&a->sb, "efipmu: --dry-run: out of memory for the write record; nothing runs");
		run_say(a);
		return VERDICT_ERROR;
	}
	/* A CPU without storage has cap 0: its writes are refused, never passed through. */
	for (unsigned i = 0; i < n; i++) {
		struct dryrun_write *w = NULL;
		if (cpuset_has(&a->opt.cpus, i))
			w = run_alloc(a, DRY_WRITES_PER_CPU * sizeof(*w));
		dryrun_cpu_init(&cpus[i], w, w ? DRY_WRITES_PER_CPU : 0);
	}
	dryrun_init(state, &a->backend, cpus, n, &a->backend);
	sb_puts(&a->sb, "DRY RUN: MSR writes are recorded, not made (backend ");
	sb_puts(&a->sb, a->backend.name);
	sb_putc(&a->sb, ')');
	run_say(a);
	return VERDICT_PASS;
}

void dryrun_free(struct run *a, void *state)
{
	struct dryrun *d = state;
	for (unsigned i = 0; d->cpu && i < d->ncpus; i++)
		run_free(a, d->cpu[i].w);
	run_free(a, d->cpu);
	d->cpu = NULL;
}

/* Appends the words of text (space-separated) to the console in lines of at most 79 columns. */
static void say_wrapped(struct run *a, const char *text)
{
	const char *p = text;
	while (*p) {
		sb_pad_to(&a->sb, FIELD_INDENT);
		while (*p) {
			const char *e = p;
			while (*e && *e != ' ')
				e++;
			size_t w = (size_t)(e - p);
			if (a->sb.len > FIELD_INDENT && a->sb.len + 1 + w > REPORT_WIDTH)
				break;
			if (a->sb.len > FIELD_INDENT)
				sb_putc(&a->sb, ' ');
			sb_putn(&a->sb, p, w);
			p = *e ? e + 1 : e;
		}
		run_say(a);
	}
}

static void log_write(struct run *a, unsigned cpu, unsigned seq, const struct dryrun_write *w,
		      const struct reg_layout *l)
{
	run_begin(a, "dry_write");
	logrec_key_u64(&a->sb, "cpu", cpu);
	logrec_key_u64(&a->sb, "seq", seq);
	logrec_key_reg(&a->sb, "reg", w->msr);
	logrec_key_hex(&a->sb, "value", w->value);
	if (w->was_st == PMU_OK)
		logrec_key_hex(&a->sb, "was", w->was);
	else
		logrec_key_str(&a->sb, "was_read", pmu_status_str(w->was_st));
	if (l) {
		logrec_key_str(&a->sb, "register", l->name);
		sb_json_key(&a->sb, "fields");
		reg_decode_json(l, w->value, &a->sb);
	}
	logrec_end(&a->sb);
	run_record(a);
}

static void say_write(struct run *a, unsigned cpu, const struct dryrun_write *w,
		      const struct reg_layout *l)
{
	char fields[256];
	struct strbuf fb;
	sb_puts(&a->sb, "CPU ");
	sb_dec(&a->sb, cpu);
	sb_puts(&a->sb, regkey_is_msr(w->msr) ? ": wrmsr " : ": write ");
	regkey_put(&a->sb, NULL, w->msr);
	sb_puts(&a->sb, " <- ");
	sb_hex(&a->sb, w->value);
	if (w->was_st == PMU_OK) {
		sb_puts(&a->sb, "  (was ");
		sb_hex(&a->sb, w->was);
		sb_putc(&a->sb, ')');
	} else {
		sb_puts(&a->sb, "  (read: ");
		sb_puts(&a->sb, pmu_status_str(w->was_st));
		sb_putc(&a->sb, ')');
	}
	run_say(a);
	if (!l || !w->value)
		return;
	sb_init(&fb, fields, sizeof(fields));
	reg_decode(l, w->value, 0, &fb);
	say_wrapped(a, fields);
}

static bool same_writes(const struct dryrun_cpu *x, const struct dryrun_cpu *y)
{
	if (x->n != y->n)
		return false;
	for (unsigned i = 0; i < x->n; i++)
		if (x->w[i].msr != y->w[i].msr || x->w[i].value != y->w[i].value)
			return false;
	return true;
}

enum verdict dryrun_report(struct run *a, void *state, enum verdict v)
{
	const struct dryrun *d = state;
	(void)v;
	bool complete = true;
	int shown = -1;   /* last CPU whose writes were printed in full */
	for (unsigned cpu = 0; cpu < d->ncpus; cpu++) {
		const struct dryrun_cpu *c = &d->cpu[cpu];
		if (!cpuset_has(&a->opt.cpus, cpu) || !flag_get(&a->slot[cpu].done))
			continue;
		/* no uncore: every family's names */
		const struct box_set *boxes = a->slot[cpu].info.uncore ? &a->boxes : NULL;
		for (unsigned i = 0; i < c->n; i++)
			log_write(a, cpu, i, &c->w[i], decode_layout_for_msr(c->w[i].msr, boxes));
		sb_puts(&a->sb, "CPU ");
		sb_dec(&a->sb, cpu);
		sb_puts(&a->sb, ": ");
		sb_dec(&a->sb, c->n);
		sb_puts(&a->sb, " MSR writes, none made");
		unsigned pci = 0;
		for (unsigned i = 0; i < c->n; i++)
			pci += !regkey_is_msr(c->w[i].msr);
		if (pci) {
			sb_puts(&a->sb, " (");
			sb_dec(&a->sb, pci);
			sb_puts(&a->sb, " of them PCI configuration or MMIO)");
		}
		/* what a dry run proves: every write recorded (a full record fails it) */
		a->checks.n[CHECK_WRITE_LOGS] += c->n > 0;
		if (c->overflow) {
			sb_puts(&a->sb, "; the record was full, later writes were refused");
			complete = false;
		}
		if (shown >= 0 && same_writes(c, &d->cpu[shown])) {
			sb_puts(&a->sb, ": the same as CPU ");
			sb_dec(&a->sb, (unsigned)shown);
			run_say(a);
			continue;
		}
		run_say(a);
		for (unsigned i = 0; i < c->n; i++)
			say_write(a, cpu, &c->w[i], decode_layout_for_msr(c->w[i].msr, boxes));
		shown = (int)cpu;
	}
	run_begin(a, "dry_run");
	logrec_key_str(&a->sb, "backend", a->backend.name);
	logrec_key_bool(&a->sb, "complete", complete);
	logrec_end(&a->sb);
	run_record(a);
	return complete ? VERDICT_PASS : VERDICT_FAIL;
}
