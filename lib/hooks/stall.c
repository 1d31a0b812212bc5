/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * stall-cpu N, a test hook for the rounds' timeout path: CPU N spins in its
 * measurement procedure as an AP stuck in a firmware bug would, and the run
 * has to report it and finish without it.
 *
 * The spin touches only its own code and the stack firmware gave the AP; the
 * rounds' control block is kept while an AP may still run (run/rounds.h), and
 * EDK2 ends the AP (INIT) when the dispatch's own timeout expires.
 */
#include "hooks/stall.h"

enum verdict stall_check(struct run *a)
{
	uint32_t n = a->opt.stall_cpu;
	const char *why = NULL;
	if (!n)
		return VERDICT_PASS;
	if (n >= a->plat->ncpus || !a->plat->cpu[n].enabled)
		why = "there is no such enabled CPU";
	else if (n == a->plat->bsp)
		why = "it is the boot CPU, which runs the app";
	else if (!cpuset_has(&a->opt.cpus, n))
		why = "it is not among the CPUs measured (cpus)";
	if (why) {
		char num[12];
		struct strbuf nb;
		sb_init(&nb, num, sizeof(num));
		sb_dec(&nb, n);
		return run_refuse_setting(a, OPT_STALL_CPU, "stall-cpu: cannot stall CPU", num, why);
	}
	sb_puts(&a->sb, "test hook: CPU ");
	sb_dec(&a->sb, n);
	sb_puts(&a->sb, " (APIC id ");
	sb_dec(&a->sb, a->slot[n].info.apic_id);
	sb_puts(&a->sb, ") will never end its measurement (stall-cpu)");
	run_say(a);
	return VERDICT_PASS;
}

/* The stalled CPU never comes back from here, where its interrupts would go off. */
static void stall_at(struct hook_backend *h, unsigned cpu, enum hook_op op)
{
	struct stall_backend *s = (struct stall_backend *)h;
	while (op == HOOK_IRQ_SAVE && cpu == s->cpu)
		s->plat->ops->pause(s->plat->ctx);
}

void stall_backend_init(struct stall_backend *s, const struct pmu_backend *inner, unsigned cpu,
			const struct platform *plat, struct pmu_backend *out)
{
	s->cpu = cpu;
	s->plat = plat;
	hook_backend_init(&s->hook, inner, stall_at, out);
}
