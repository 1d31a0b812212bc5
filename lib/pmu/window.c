/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The quiet window: see window.h for what it does and in which order. */
#include "pmu/window.h"
#include "util/fmt.h"
#include "hw/msr.h"

#define SMI_COUNT_MASK 0xffffffffull   /* MSR_SMI_COUNT counts in bits 31:0 */
#define FREEZE_WHILE_SMM (1ull << DEBUGCTL_FREEZE_WHILE_SMM_BIT)

/* One attempt, as core_measure's before_on hook sees it. */
struct attempt {
	const struct core_session *s;
	const struct window_opts *o;
	bool first;
	bool in_step;
	pmu_status smi_st;        /* the read before; not read unless the hook ran */
	uint64_t smi_before;
};

/* MSR_SMI_COUNT where the CPU has one (Intel); AMD has none: SMIs unknown, nothing read. */
static pmu_status smi_read(const struct core_session *s, uint64_t *v)
{
	if (!s->snap.pmu.desc->smi_count)
		return PMU_ERR_UNSUPPORTED;
	return pmu_rdmsr(s->b, s->cpu, MSR_SMI_COUNT, v);
}

/* Right before the enabling write, interrupts off: the barrier (first attempt), then SMI_COUNT. */
static void before_on(void *ctx)
{
	struct attempt *a = ctx;
	if (a->first && a->o && a->o->sync)
		a->in_step = a->o->sync(a->o->sync_ctx);
	a->smi_st = smi_read(a->s, &a->smi_before);
}

/* FREEZE_WHILE_SMM on where the CPU has it; true when the counters stand still in SMM. */
static bool freeze_on(const struct core_session *s, uint64_t *found, bool *written)
{
	*written = false;
	if (!s->snap.pmu.freeze_smm || pmu_rdmsr(s->b, s->cpu, MSR_IA32_DEBUGCTL, found))
		return false;
	if (*found & FREEZE_WHILE_SMM)
		return true;   /* firmware set it: nothing to write */
	if (pmu_wrmsr(s->b, s->cpu, MSR_IA32_DEBUGCTL, *found | FREEZE_WHILE_SMM))
		return false;
	*written = true;
	return true;
}

/* core_measure with interrupts off and SMI_COUNT read around it; *known false: SMIs unknown. */
static pmu_status run_attempt(struct core_session *s, uint64_t (*kernel)(const void *),
			      const void *arg, struct attempt *a, struct window_result *r,
			      uint64_t *smis, bool *known)
{
	uint64_t flags = 0, after = 0;
	a->smi_st = PMU_ERR_INVALID;
	r->irq_off = pmu_irq_save(s->b, s->cpu, &flags);
	s->before_on = before_on;
	s->before_on_ctx = a;
	pmu_status st = core_measure(s, kernel, arg);
	pmu_status after_st = st ? st : smi_read(s, &after);
	s->before_on = NULL;
	s->before_on_ctx = NULL;
	if (r->irq_off)
		pmu_irq_restore(s->b, s->cpu, flags);
	*known = !a->smi_st && !after_st;
	*smis = *known ? (after - a->smi_before) & SMI_COUNT_MASK : 0;
	return st;
}

static const char *note_for(const struct core_session *s, const struct window_result *r)
{
	if (!s->snap.pmu.desc->smi_count)
		return r->irq_off ? "no SMI counter on this CPU (MSR_SMI_COUNT is Intel's): "
				    "SMIs unknown"
				  : "no SMI counter on this CPU: SMIs unknown; interrupts left on";
	if (!r->smi_known && !r->irq_off)
		return "MSR_SMI_COUNT unreadable (SMIs unknown); interrupts left on (the backend cannot turn them off)";
	if (!r->smi_known)
		return "MSR_SMI_COUNT unreadable: SMIs unknown";
	if (!r->irq_off)
		return "interrupts left on: the backend cannot turn them off";
	return NULL;
}

pmu_status pmu_window_measure(struct core_session *s, uint64_t (*kernel)(const void *),
			      const void *arg, const struct window_opts *o, struct window_result *r)
{
	unsigned max = o && o->max_attempts ? o->max_attempts : WINDOW_DEFAULT_ATTEMPTS;
	uint64_t found = 0;
	bool written, quiet = false;
	pmu_status st = PMU_OK;

	pmu_memset(r, 0, sizeof(*r));
	r->in_step = true;
	r->smi_known = true;
	if (s->phase != CORE_PREPARED)
		return s->st ? s->st : PMU_ERR_INVALID;
	r->smm_frozen = freeze_on(s, &found, &written);
	while (!quiet && r->attempts < max) {
		struct attempt a = { s, o, r->attempts == 0, true, PMU_OK, 0 };
		uint64_t smis = 0;
		bool known = false;
		if (r->attempts && (st = core_rearm(s)))
			break;
		st = run_attempt(s, kernel, arg, &a, r, &smis, &known);
		if (a.first)
			r->in_step = a.in_step;
		r->attempts++;
		if (st)
			break;
		r->smis += smis;
		r->smi_known &= known;
		/* Unknown SMIs cannot be waited out; frozen counters never saw them. */
		quiet = !known || !smis || r->smm_frozen;
	}
	if (!st && !quiet) {
		r->disturbed = true;
		r->reason = "SMIs seen in every attempt";
	}
	r->note = note_for(s, r);
	if (written) {
		pmu_status rs = pmu_wrmsr(s->b, s->cpu, MSR_IA32_DEBUGCTL, found);
		restore_check_one(s->b, s->cpu, MSR_IA32_DEBUGCTL, found, &s->readback);
		if (rs && !s->restore_st) {
			s->restore_st = rs;
			s->restore_msr = MSR_IA32_DEBUGCTL;
		}
		st = st ? st : rs;
	}
	return st;
}
