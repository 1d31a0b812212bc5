/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The CXL job: Register Locators, CPMUs and their clock ticks (job_cxl.h). */
#include "run/job_cxl.h"
#include "check/kernels.h"
#include "hw/layouts_cxl.h"
#include "out/logrec.h"
#include "pmu/cxl.h"
#include "pmu/regkey.h"
#include "pmu/regname.h"
#include "run/restore_report.h"
#include "run/run.h"
#include "run/uncore_state.h"

struct cxl_window {
	struct run *a;
	unsigned cpu;
};

/* The inst kernel at its default iterations (the model's: the backend's), as measure runs it. */
static void inst_window(void *arg)
{
	struct cxl_window *w = arg;
	const struct kernel_desc *k = kernel_find("inst");
	struct kernel_args args = { w->a->backend.iterations ? w->a->backend.iterations
							      : k->default_iterations, NULL, 0 };
	(void)pmu_run_kernel(&w->a->backend, w->cpu, k, k->fn, &args);
}

static void log_block(struct run *a, const struct cxl_block *k)
{
	struct pmu_pci_addr at = k->fn;
	at.off = k->dvsec;
	run_begin(a, "cxl");
	logrec_key_reg(&a->sb, "locator", regkey_pci(at));
	logrec_key_u64(&a->sb, "entry", k->entry);
	logrec_key_u64(&a->sb, "block_id", k->id);
	logrec_key_str(&a->sb, "block", cxl_block_name(k->id));
	logrec_key_u64(&a->sb, "bir", k->bir);
	logrec_key_hex(&a->sb, "offset", k->offset);
	logrec_key_hex(&a->sb, "base", k->base);
	logrec_key_str(&a->sb, "result", k->base ? "located" : k->why);
	logrec_end(&a->sb);
	run_record(a);
	sb_puts(&a->sb, "  ");
	regname_put_fn(&a->sb, k->fn);
	sb_puts(&a->sb, " locator at ");
	sb_hex(&a->sb, k->dvsec);
	sb_puts(&a->sb, " entry ");
	sb_dec(&a->sb, k->entry);
	sb_puts(&a->sb, ": ");
	sb_puts(&a->sb, cxl_block_name(k->id));
	sb_puts(&a->sb, ", BAR ");
	sb_dec(&a->sb, k->bir);
	sb_puts(&a->sb, " + ");
	sb_hex(&a->sb, k->offset);
	if (k->base) {
		sb_puts(&a->sb, " = ");
		sb_hex(&a->sb, k->base);
	} else {
		sb_puts(&a->sb, ": ");
		sb_puts(&a->sb, k->why);
	}
	run_say(a);
}

static void log_cpmu(struct run *a, const struct cxl_cpmu *c)
{
	run_begin(a, "cxl_cpmu");
	logrec_key_hex(&a->sb, "base", c->base);
	logrec_key_hex(&a->sb, "capability", c->cap);
	logrec_key_bool(&a->sb, "identified", c->identified);
	if (c->identified) {
		logrec_key_u64(&a->sb, "counters", c->counters);
		logrec_key_u64(&a->sb, "width", c->width);
		logrec_key_u64(&a->sb, "event_capabilities", c->nevcaps);
		logrec_key_hex(&a->sb, "filters", c->filters);
		logrec_key_u64(&a->sb, "fixed", c->fixed);
		logrec_key_u64(&a->sb, "configurable", c->configurable);
		logrec_key_u64(&a->sb, "free_running", c->free_running);
		logrec_key_bool(&a->sb, "freeze", c->freeze);
		logrec_key_bool(&a->sb, "writable_while_frozen", c->writable_frozen);
		logrec_key_bool(&a->sb, "overflow_interrupt", c->ovf_int);
		logrec_key_u64(&a->sb, "version", c->version);
		if (c->clock >= 0)
			logrec_key_u64(&a->sb, "clock_counter", (uint64_t)c->clock);
		sb_json_key(&a->sb, "events");   /* each event capability register */
		sb_putc(&a->sb, '[');
		for (unsigned i = 0; i < c->nevcaps; i++) {
			uint64_t e = c->evcap[i];
			sb_puts(&a->sb, i ? ",{" : "{");
			logrec_key_hex(&a->sb, "vendor", reg_get_field(e, &cxl_evcap_fields[CE_VENDOR]));
			logrec_key_hex(&a->sb, "group", reg_get_field(e, &cxl_evcap_fields[CE_GROUP]));
			logrec_key_hex(&a->sb, "mask", reg_get_field(e, &cxl_evcap_fields[CE_MASK]));
			sb_putc(&a->sb, '}');
		}
		sb_putc(&a->sb, ']');
	}
	logrec_key_str(&a->sb, "result", c->refused ? c->refused : "usable");
	logrec_end(&a->sb);
	run_record(a);
	sb_puts(&a->sb, "  CPMU ");
	sb_hex(&a->sb, c->base);
	if (c->identified) {
		sb_puts(&a->sb, ": ");
		sb_dec(&a->sb, c->counters);
		sb_puts(&a->sb, " counters (");
		sb_dec(&a->sb, c->fixed);
		sb_puts(&a->sb, " fixed, ");
		sb_dec(&a->sb, c->configurable);
		sb_puts(&a->sb, " configurable, ");
		sb_dec(&a->sb, c->free_running);
		sb_puts(&a->sb, " free-running) of ");
		sb_dec(&a->sb, c->width);
		sb_puts(&a->sb, " bits, ");
		sb_dec(&a->sb, c->nevcaps);
		sb_puts(&a->sb, " event capabilities, filters ");
		sb_hex(&a->sb, c->filters);
		sb_puts(&a->sb, c->freeze ? ", freeze" : ", no freeze");
		sb_puts(&a->sb, c->writable_frozen ? ", writable while frozen" : ", not writable while frozen");
		sb_puts(&a->sb, ", version ");
		sb_dec(&a->sb, c->version);
	}
	if (c->refused) {
		sb_puts(&a->sb, ": not counted, ");
		sb_puts(&a->sb, c->refused);
	}
	run_say(a);
	for (unsigned i = 0; i < c->nevcaps; i++) {   /* vendor/group and the events it offers */
		uint64_t e = c->evcap[i];
		sb_puts(&a->sb, "    event capability ");
		sb_dec(&a->sb, i);
		sb_puts(&a->sb, ": vendor ");
		sb_hex_width(&a->sb, reg_get_field(e, &cxl_evcap_fields[CE_VENDOR]), 4);
		sb_puts(&a->sb, " group ");
		sb_hex_width(&a->sb, reg_get_field(e, &cxl_evcap_fields[CE_GROUP]), 4);
		sb_puts(&a->sb, " events ");
		sb_hex(&a->sb, reg_get_field(e, &cxl_evcap_fields[CE_MASK]));
		run_say(a);
	}
}

/* Counts c's clock ticks over the inst kernel: a check either way; its restore read back into sum. */
static enum verdict count(struct run *a, const struct cxl_cpmu *c, struct restore_sum *sum)
{
	struct cxl_window w = { a, (unsigned)a->plat->bsp };
	struct cxl_ticks t;
	if (!a->backend.pmon) {   /* no uncore scan gave the run its guard: the CXL job's own */
		pmon_reset(&a->unc->pmon);
		a->backend.pmon = &a->unc->pmon;
		regkey_names(&a->unc->pmon);   /* the read-back names its registers by address */
	}
	cxl_cpmu_count(&a->backend, w.cpu, &a->unc->pmon, c, inst_window, &w, &t);
	restore_sum_add(sum, &t.readback);
	bool ok = cxl_ticks_in_bounds(&t) && t.restored;
	run_begin(a, "cxl_ticks");
	logrec_key_hex(&a->sb, "base", c->base);
	logrec_key_u64(&a->sb, "counter", (uint64_t)c->clock);
	logrec_key_u64(&a->sb, "ticks", t.ticks);
	logrec_key_u64(&a->sb, "tsc", t.tsc);
	logrec_key_bool(&a->sb, "restored", t.restored);
	logrec_key_str(&a->sb, "status", pmu_status_str(t.st));
	logrec_key_str(&a->sb, "result", ok ? "PASS" : "FAIL");
	logrec_end(&a->sb);
	run_record(a);
	sb_puts(&a->sb, "  CPMU ");
	sb_hex(&a->sb, c->base);
	sb_puts(&a->sb, " counter ");
	sb_dec(&a->sb, (uint64_t)c->clock);
	sb_puts(&a->sb, " clock_ticks over the inst kernel: ");
	sb_dec_grouped(&a->sb, t.ticks);
	sb_puts(&a->sb, " ticks, ");
	sb_dec_grouped(&a->sb, t.tsc);
	sb_puts(&a->sb, " TSC ticks (bounds 1/16..2 of them)");
	if (t.st) {
		sb_puts(&a->sb, ", ");
		sb_puts(&a->sb, pmu_status_str(t.st));
	}
	sb_puts(&a->sb, t.restored ? ", restored: " : ", NOT restored: ");
	sb_puts(&a->sb, ok ? "PASS" : "FAIL");
	run_say(a);
	a->checks.n[CHECK_CXL_TICKS]++;
	return ok ? VERDICT_PASS : VERDICT_FAIL;
}

enum verdict job_cxl(struct run *a, void *state)
{
	(void)state;   /* none */
	struct cxl_find *found = run_alloc(a, sizeof(*found));
	if (!found)
		return run_refuse(a, "no memory for the CXL walk", NULL, NULL);
	unsigned cpu = (unsigned)a->plat->bsp;
	if (cxl_find(&a->backend, cpu, found)) {
		sb_puts(&a->sb, "CXL: this backend has no PCI configuration access: no CPMU claimed");
		run_say(a);
		run_free(a, found);
		return VERDICT_NO_PMU;
	}
	sb_puts(&a->sb, "CXL: ");
	sb_dec(&a->sb, found->locators);
	sb_puts(&a->sb, found->locators == 1 ? " Register Locator" : " Register Locators");
	sb_puts(&a->sb, " among ");
	sb_dec(&a->sb, found->functions);
	sb_puts(&a->sb, " PCI functions, ");
	sb_dec(&a->sb, found->n);
	sb_puts(&a->sb, " register blocks");
	if (found->dropped) {
		sb_puts(&a->sb, " (");
		sb_dec(&a->sb, found->dropped);
		sb_puts(&a->sb, " more not kept)");
	}
	run_say(a);
	struct restore_sum *sum = run_alloc(a, sizeof(*sum));
	if (!sum) {
		run_free(a, found);
		return run_refuse(a, "no memory for the CXL restore read-back", NULL, NULL);
	}
	enum verdict v = VERDICT_PASS;
	unsigned cpmus = 0, counted = 0, skipped = 0;
	for (unsigned i = 0; i < found->n; i++) {
		const struct cxl_block *k = &found->blk[i];
		log_block(a, k);
		if (k->id != CXL_BLOCK_CPMU || !k->base)
			continue;
		struct cxl_cpmu c;
		(void)cxl_cpmu_read(&a->backend, cpu, k, &c);
		cpmus++;
		log_cpmu(a, &c);
		if (c.refused)
			continue;
		if (a->backend.records_only) {   /* its writes are MMIO the dry run would not make: none */
			sb_puts(&a->sb, "  dry run: the CPMU is decoded, not counted");
			run_say(a);
			a->checks.none_why = "a dry run counts no CXL CPMU";
			skipped++;
			continue;
		}
		v = verdict_worse(v, count(a, &c, sum));
		counted++;
	}
	if (counted)
		v = verdict_worse(v, restore_report(a, sum));
	if (!counted && !skipped) {
		sb_puts(&a->sb, cpmus ? "CXL: no CPMU could be counted: no CPMU claimed"
				      : "CXL: no CPMU among the located blocks: no CPMU claimed");
		run_say(a);
		v = VERDICT_NO_PMU;
	}
	run_free(a, sum);
	run_free(a, found);
	return v;
}
