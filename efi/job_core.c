/*
 * The core measurement job: the events of -e (or a default set) around a
 * kernel on every selected CPU, after an empty kernel that measures what the
 * enable/disable path itself retires. Events are resolved on the BSP before
 * any CPU is touched, so bad input writes no MSR.
 */
#include <efi.h>
#include <efilib.h>
#include "app.h"
#include "evspec.h"
#include "layouts_core.h"
#include "logrec.h"
#include "measure.h"

#define DEFAULT_EVENTS "instructions,cycles,ref-cycles,branches"
#define DEFAULT_KERNEL "inst"
#define SIM_ITERATIONS 1000   /* the model replays one cycle per instruction: keep it short */

/* Index of the request counting instructions retired (fixed counter 0 or event 0xC0), or -1. */
static int instructions_req(const struct app *a)
{
	for (unsigned i = 0; i < a->nreqs; i++)
		if (a->reqs[i].fixed == 0 || (a->reqs[i].fixed < 0 && (a->reqs[i].config & 0xff) == 0xC0))
			return (int)i;
	return -1;
}

static void log_counter(struct app *a, const struct cpu_info *ci, const struct core_counter *c,
			const char *kernel)
{
	BOOLEAN sim = a->backend.simulated;
	const struct reg_layout *l = c->kind == CORE_GP ? &layout_perfevtsel : &layout_fixed_ctr_ctrl;
	logrec_begin(&a->sb, "count", sim);
	logrec_key_u64(&a->sb, "cpu", ci->index);
	logrec_key_u64(&a->sb, "apic_id", ci->apic_id);
	logrec_key_u64(&a->sb, "package", ci->package);
	logrec_key_str(&a->sb, "box", "core");
	logrec_key_str(&a->sb, "event", c->name);
	logrec_key_str(&a->sb, "counter_kind", c->kind == CORE_GP ? "gp" : "fixed");
	logrec_key_u64(&a->sb, "counter", c->index);
	logrec_key_u64(&a->sb, "width", c->width);
	logrec_key_hex(&a->sb, "ctl_msr", c->ctl_msr);
	logrec_key_hex(&a->sb, "ctl_value", c->ctl_val);
	sb_json_key(&a->sb, "ctl_fields");
	reg_decode_json(l, c->ctl_val, &a->sb);
	logrec_key_hex(&a->sb, "ctr_msr", c->ctr_msr);
	logrec_key_hex(&a->sb, "start", c->start);
	logrec_key_hex(&a->sb, "end", c->end);
	logrec_key_u64(&a->sb, "delta", c->delta);
	logrec_key_bool(&a->sb, "overflowed", c->overflowed);
	logrec_key_str(&a->sb, "kernel", kernel);
	logrec_key_u64(&a->sb, "iterations", a->iterations);
	logrec_key_u64(&a->sb, "repeat", 0);
	logrec_end(&a->sb);
	app_record(a);

	sb_dec(&a->sb, ci->index);
	sb_pad_to(&a->sb, 5);
	for (unsigned i = 0; i < 22 && c->name[i]; i++)
		sb_putc(&a->sb, c->name[i]);
	sb_pad_to(&a->sb, 28);
	sb_puts(&a->sb, c->kind == CORE_GP ? "pmc" : "fixed");
	sb_dec(&a->sb, c->index);
	sb_pad_to(&a->sb, 36);
	sb_hex(&a->sb, c->ctl_msr);
	sb_putc(&a->sb, '=');
	sb_hex(&a->sb, c->ctl_val);
	sb_pad_to(&a->sb, 58);
	sb_dec_grouped(&a->sb, c->delta);
	if (c->overflowed)
		sb_puts(&a->sb, " (overflowed)");
	app_say(a, sim);
}

/* The core PMU registers as firmware left them, and what of it was in use. */
static void log_handoff(struct app *a, const struct cpu_slot *s)
{
	const struct core_snapshot *n = &s->snap;
	logrec_begin(&a->sb, "handoff", a->backend.simulated);
	logrec_key_u64(&a->sb, "cpu", s->info.index);
	sb_json_key(&a->sb, "perfevtsel");
	sb_putc(&a->sb, '[');
	for (unsigned i = 0; i < n->pmu.n_gp; i++) {
		if (i)
			sb_putc(&a->sb, ',');
		sb_putc(&a->sb, '"');
		sb_hex(&a->sb, n->evtsel[i]);
		sb_putc(&a->sb, '"');
	}
	sb_putc(&a->sb, ']');
	logrec_key_hex(&a->sb, "fixed_ctr_ctrl", n->fixed_ctrl);
	logrec_key_hex(&a->sb, "global_ctrl", n->global_ctrl);
	logrec_key_hex(&a->sb, "global_status", n->global_status);
	logrec_key_hex(&a->sb, "gp_in_use", n->gp_in_use);
	logrec_key_hex(&a->sb, "fixed_in_use", n->fixed_in_use);
	logrec_end(&a->sb);
	app_record(a);
	if (!n->gp_in_use && !n->fixed_in_use)
		return;
	sb_puts(&a->sb, "CPU ");
	sb_dec(&a->sb, s->info.index);
	sb_puts(&a->sb, ": firmware left counters enabled (general-purpose mask ");
	sb_hex(&a->sb, n->gp_in_use);
	sb_puts(&a->sb, ", fixed mask ");
	sb_hex(&a->sb, n->fixed_in_use);
	sb_puts(&a->sb, a->opt.force ? "): taken over (--force), restored after" :
				       "): left alone; --force takes them");
	app_say(a, a->backend.simulated);
}

/* Instructions of the kernel after the empty kernel's overhead, against its claim. */
static BOOLEAN check_instructions(struct app *a, struct cpu_slot *s, int ireq)
{
	const struct kernel_expect *e = kernel_expect_for(a->kernel, KEV_INSTRUCTIONS);
	if (ireq < 0 || !e)
		return TRUE;
	uint64_t overhead = s->empty.ctr[ireq].delta, got = s->run.ctr[ireq].delta - overhead;
	int64_t want = kernel_expected(e, a->iterations);
	BOOLEAN ok = want >= 0 && got == (uint64_t)want && s->run.ctr[ireq].delta >= overhead;
	logrec_begin(&a->sb, "check", a->backend.simulated);
	logrec_key_u64(&a->sb, "cpu", s->info.index);
	logrec_key_str(&a->sb, "check", "kernel instructions retired");
	logrec_key_str(&a->sb, "kernel", a->kernel->name);
	logrec_key_u64(&a->sb, "expected", (uint64_t)want);
	logrec_key_u64(&a->sb, "measured", got);
	logrec_key_u64(&a->sb, "overhead", overhead);
	logrec_key_str(&a->sb, "result", ok ? "PASS" : "FAIL");
	logrec_end(&a->sb);
	app_record(a);
	sb_puts(&a->sb, "CPU ");
	sb_dec(&a->sb, s->info.index);
	sb_puts(&a->sb, ": ");
	sb_puts(&a->sb, a->kernel->name);
	sb_puts(&a->sb, " retired ");
	sb_dec_grouped(&a->sb, got);
	sb_puts(&a->sb, " instructions (overhead ");
	sb_dec(&a->sb, overhead);
	sb_puts(&a->sb, " subtracted), expected ");
	sb_dec_grouped(&a->sb, (uint64_t)want);
	sb_puts(&a->sb, ok ? ": PASS" : ": FAIL");
	app_say(a, a->backend.simulated);
	return ok;
}

static enum verdict refuse(struct app *a, const char *what, const char *name)
{
	sb_puts(&a->sb, "efipmu: ");
	sb_puts(&a->sb, what);
	if (name) {
		sb_puts(&a->sb, " '");
		sb_puts(&a->sb, name);
		sb_putc(&a->sb, '\'');
	}
	app_say(a, FALSE);
	return VERDICT_ERROR;
}

enum verdict job_resolve(struct app *a)
{
	const struct cpu_info *bsp = &a->slot[a->mp.bsp].info;
	struct pmu_event_req reqs[CORE_MAX_EVENTS + UNCORE_MAX_EVENTS];
	struct evspec_error err;
	unsigned n = 0;
	char kname[32];
	unsigned i = 0;
	const char *ks = a->opt.kernels[0] ? a->opt.kernels : DEFAULT_KERNEL;
	for (; ks[i] && ks[i] != ',' && i + 1 < sizeof(kname); i++)
		kname[i] = ks[i];
	kname[i] = '\0';
	a->kernel = kernel_find(kname);
	if (!a->kernel)
		return refuse(a, "unknown kernel", kname);
	if (a->kernel->flags & (KERNEL_NEEDS_BUFFER | KERNEL_NEEDS_CHASE))
		return refuse(a, "kernel needs a memory buffer, not provided in this version:", kname);
	a->iterations = a->model ? SIM_ITERATIONS : a->kernel->default_iterations;
	/* Without -e: the default core set where there is a core PMU; uncore defaults are job_uncore's. */
	const char *events = a->opt.events;
	if (!events[0])
		events = pmu_core_present(bsp) ? DEFAULT_EVENTS : "";
	if (events[0] && evspec_parse_list(bsp, events, reqs, CORE_MAX_EVENTS + UNCORE_MAX_EVENTS,
					   &n, &err))
		return refuse(a, err.msg, NULL);
	a->nreqs = a->nureqs = 0;
	for (i = 0; i < n; i++) {
		if (reqs[i].box && a->nureqs < UNCORE_MAX_EVENTS)
			a->ureqs[a->nureqs++] = reqs[i];
		else if (!reqs[i].box && a->nreqs < CORE_MAX_EVENTS)
			a->reqs[a->nreqs++] = reqs[i];
		else
			return refuse(a, "more events than the engine can hold:", reqs[i].name);
	}
	return VERDICT_PASS;
}

enum verdict job_core(struct app *a)
{
	const struct cpu_info *bsp = &a->slot[a->mp.bsp].info;
	BOOLEAN sim = a->backend.simulated, all_ok = TRUE;
	if (!pmu_core_present(bsp))
		return VERDICT_NO_PMU;
	if (!a->nreqs)
		return VERDICT_PASS;
	measure_all(a);
	a->measured = TRUE;
	int ireq = instructions_req(a);
	sb_puts(&a->sb, "CPU  EVENT                 COUNTER CONTROL               DELTA");
	app_say(a, sim);
	for (UINTN i = 0; i < a->mp.count; i++) {
		struct cpu_slot *s = &a->slot[i];
		if (!cpuset_has(&a->opt.cpus, (unsigned)i) || !s->done)
			continue;
		if (s->snap.st == PMU_OK)
			log_handoff(a, s);
		if (s->measure_st) {
			sb_puts(&a->sb, "CPU ");
			sb_dec(&a->sb, i);
			sb_puts(&a->sb, ": not measured: ");
			const char *msg = s->run.msg[0] ? s->run.msg : s->empty.msg;
			sb_puts(&a->sb, msg[0] ? msg : pmu_status_str(s->measure_st));
			app_say(a, sim);
			all_ok = FALSE;
			continue;
		}
		for (unsigned c = 0; c < s->run.n; c++)
			log_counter(a, &s->info, &s->run.ctr[c], a->kernel->name);
		all_ok &= check_instructions(a, s, ireq);
	}
	return all_ok ? VERDICT_PASS : VERDICT_FAIL;
}
