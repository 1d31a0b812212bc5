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

static pmu_status st_rdmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val)
{
	return pmu_rdmsr(&((struct stall_backend *)ctx)->inner, cpu, msr, val);
}

static pmu_status st_wrmsr(void *ctx, unsigned cpu, uint32_t msr, uint64_t val)
{
	return pmu_wrmsr(&((struct stall_backend *)ctx)->inner, cpu, msr, val);
}

static pmu_status st_rdpmc(void *ctx, unsigned cpu, uint32_t index, uint64_t *val)
{
	return pmu_rdpmc(&((struct stall_backend *)ctx)->inner, cpu, index, val);
}

static pmu_status st_cpuid(void *ctx, unsigned cpu, uint32_t leaf, uint32_t sub,
			   struct pmu_cpuid *out)
{
	return pmu_cpuid(&((struct stall_backend *)ctx)->inner, cpu, leaf, sub, out);
}

static void st_gated_run(void *ctx, unsigned cpu, struct pmu_gated_run *g)
{
	pmu_gated_run(&((struct stall_backend *)ctx)->inner, cpu, g);
}

/* The stalled CPU never comes back from here; the others turn interrupts off as inner does. */
static uint64_t st_irq_save(void *ctx, unsigned cpu)
{
	struct stall_backend *s = ctx;
	uint64_t saved = 0;
	while (cpu == s->cpu)
		s->plat->ops->pause(s->plat->ctx);
	(void)pmu_irq_save(&s->inner, cpu, &saved);
	return saved;
}

static void st_irq_restore(void *ctx, unsigned cpu, uint64_t saved)
{
	struct stall_backend *s = ctx;
	if (s->inner.ops->irq_save && s->inner.ops->irq_restore)
		pmu_irq_restore(&s->inner, cpu, saved);
}

static uint64_t st_tsc(void *ctx, unsigned cpu)
{
	return pmu_tsc(&((struct stall_backend *)ctx)->inner, cpu);
}

static uint64_t st_run_kernel(void *ctx, unsigned cpu, const struct kernel_desc *k,
			      uint64_t (*kernel)(const void *), const void *arg)
{
	return pmu_run_kernel(&((struct stall_backend *)ctx)->inner, cpu, k, kernel, arg);
}

static const struct pmu_backend_ops stall_ops = {
	.rdmsr = st_rdmsr, .wrmsr = st_wrmsr, .rdpmc = st_rdpmc, .cpuid = st_cpuid,
	.gated_run = st_gated_run, .irq_save = st_irq_save, .irq_restore = st_irq_restore,
	.tsc = st_tsc, .run_kernel = st_run_kernel,
};

void stall_backend_init(struct stall_backend *s, const struct pmu_backend *inner, unsigned cpu,
			const struct platform *plat, struct pmu_backend *out)
{
	s->inner = *inner;
	s->cpu = cpu;
	s->plat = plat;
	out->ops = &stall_ops;
	out->ctx = s;
}
