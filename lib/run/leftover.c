/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A CPU the run went on without (it missed a barrier or its round) may have
 * stopped with its counters programmed: firmware ends a dispatch that timed
 * out by sending the CPU back to idle, and that leaves its MSRs as they were.
 * Once it answers again, its own restore records (data, lib/pmu/ownership.h)
 * are replayed on it; when it does not, the console and the log name every
 * register it left programmed, with the value firmware had there.
 */
#include "run/leftover.h"
#include "out/logrec.h"
#include "pmu/decode.h"
#include "pmu/restore_check.h"

#define LEFTOVER_TIMEOUT_US 1000000u   /* a CPU back at idle answers at once */

/* The sessions a CPU may have left programmed: the overhead's and the kernel's. */
static struct core_session *session(struct run_cpu *s, unsigned i)
{
	return i ? &s->run : &s->empty;
}

static unsigned programmed(struct run_cpu *s)
{
	unsigned n = 0;
	for (unsigned i = 0; i < 2; i++)
		n += own_written_count(session(s, i)->own, session(s, i)->n_own);
	return n;
}

/* On the CPU that timed out: its own records, through the run's backend. */
static void replay_on_cpu(void *ctx, unsigned cpu)
{
	struct run *a = ctx;
	if (!plat_listed(a->plat, cpu))
		return;
	struct run_cpu *s = &a->slot[cpu];
	s->leftover_st = PMU_OK;
	for (unsigned i = 0; i < 2; i++) {
		struct core_session *c = session(s, i);
		struct restore_tally back = { 0 };
		pmu_status st = own_restore(c->own, c->n_own, &a->backend, cpu, NULL);
		pmu_status rb = restore_check(c->own, c->n_own, &a->backend, cpu, &back, NULL);
		st = st ? st : rb;
		if (!st)
			own_forget_writes(c->own, c->n_own);
		if (!st && back.differ)
			st = PMU_ERR_NOT_HELD;   /* put back, but a register does not read so */
		if (st && !s->leftover_st)
			s->leftover_st = st;
	}
}

/* "PERFEVTSEL 0x186 (firmware had 0x0)" for each register still written. */
static void list_registers(struct run *a, struct run_cpu *s, bool json)
{
	unsigned n = 0;
	for (unsigned i = 0; i < 2; i++) {
		const struct core_session *c = session(s, i);
		for (unsigned k = 0; k < c->n_own; k++) {
			const struct own_reg *r = &c->own[k];
			const struct reg_layout *l = decode_layout_for_msr(r->msr, NULL);   /* every family's */
			if (!r->written)
				continue;
			if (json) {
				sb_puts(&a->sb, n++ ? ",{" : "{");
				logrec_key_reg(&a->sb, "reg", r->msr);
				if (l)
					logrec_key_str(&a->sb, "name", l->name);
				logrec_key_hex(&a->sb, "firmware_value", r->orig);
				sb_putc(&a->sb, '}');
				continue;
			}
			sb_puts(&a->sb, n++ ? ", " : " ");
			if (l) {
				sb_puts(&a->sb, l->name);
				sb_putc(&a->sb, ' ');
			}
			sb_hex(&a->sb, r->msr);
			sb_puts(&a->sb, " (firmware had ");
			sb_hex(&a->sb, r->orig);
			sb_putc(&a->sb, ')');
		}
	}
}

static void say_cpu(struct run *a, unsigned cpu)
{
	run_cpu_here(a, cpu, 0);
	if (!a->collapse) {
		sb_puts(&a->sb, " (APIC id ");
		sb_dec(&a->sb, a->slot[cpu].info.apic_id);
		sb_putc(&a->sb, ')');
	}
	sb_putc(&a->sb, ' ');
}

static void settle_cpu(struct run *a, unsigned cpu)
{
	struct run_cpu *s = &a->slot[cpu];
	unsigned n = programmed(s);
	bool restored = false;
	if (n) {
		s->leftover_st = PMU_ERR_TIMEOUT;
		if (plat_run_on(a->plat, cpu, replay_on_cpu, a, LEFTOVER_TIMEOUT_US) == PMU_OK)
			restored = !s->leftover_st;
	}
	run_begin(a, "leftover");
	logrec_key_u64(&a->sb, "cpu", cpu);
	logrec_key_u64(&a->sb, "apic_id", s->info.apic_id);
	logrec_key_u64(&a->sb, "programmed", n);
	logrec_key_bool(&a->sb, "restored", !n || restored);
	if (n && !restored) {
		logrec_key_str(&a->sb, "why", s->leftover_st == PMU_ERR_TIMEOUT ? "it did not answer" :
						pmu_status_str(s->leftover_st));
		sb_json_key(&a->sb, "left_programmed");
		sb_putc(&a->sb, '[');
		list_registers(a, s, true);
		sb_putc(&a->sb, ']');
	}
	logrec_end(&a->sb);
	run_record(a);
	say_cpu(a, cpu);
	if (!n) {
		sb_puts(&a->sb, "timed out before it programmed any register: nothing to restore");
	} else if (restored) {
		sb_puts(&a->sb, "timed out with ");
		sb_dec(&a->sb, n);
		sb_puts(&a->sb, " registers programmed: restored once it answered again");
	} else {
		sb_puts(&a->sb, s->leftover_st == PMU_ERR_TIMEOUT ? "does not answer" :
				 "could not be restored");
		sb_puts(&a->sb, ": left programmed:");
		list_registers(a, s, false);
	}
	run_say(a);
}

void leftover_settle(struct run *a)
{
	/* With rounds_leaked an AP may still run them: it does not answer, its list is as of now. */
	for (unsigned i = 0; i < a->plat->ncpus; i++) {
		const struct plat_cpu *c = &a->plat->cpu[i];
		if (c->in_rounds && c->miss != PLAT_MISS_NONE && i != a->plat->bsp)
			settle_cpu(a, i);
	}
}
