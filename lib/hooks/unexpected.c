/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "hooks/unexpected.h"

/* On the boot CPU once CPU 1 took its exception (or there is no CPU 1): what it took. */
static void say_ap(const struct unexpected_backend *u)
{
	char line[200];
	struct strbuf sb;
	sb_init(&sb, line, sizeof(line));
	sb_puts(&sb, "CPU ");
	sb_dec(&sb, u->ap);
	sb_puts(&sb, ": ");
	if (!u->faults->said || !u->faults->said(&sb))
		sb_puts(&sb, "test hook: no unexpected exception recorded");
	u->plat->ops->say(u->plat->ctx, line);
}

static void unexpected_at(struct hook_backend *h, unsigned cpu, enum hook_op op)
{
	struct unexpected_backend *u = (struct unexpected_backend *)h;
	(void)op;
	if (cpu == u->ap) {
		if (!__atomic_exchange_n(&u->ap_took, 1, __ATOMIC_ACQ_REL))
			u->faults->stray();   /* the AP stops in the platform's handler */
		return;
	}
	if (cpu != u->plat->bsp)
		return;
	if (u->ap < u->plat->ncpus && !__atomic_load_n(&u->ap_took, __ATOMIC_ACQUIRE))
		return;
	if (u->ap < u->plat->ncpus)
		say_ap(u);
	u->faults->stray();   /* does not return: the firmware's handler takes it */
}

void unexpected_backend_init(struct unexpected_backend *u, const struct pmu_backend *inner,
			     const struct run_faults *faults, const struct platform *plat,
			     struct pmu_backend *out)
{
	u->faults = faults;
	u->plat = plat;
	u->ap = plat->ncpus > 1 ? 1 : plat->ncpus;
	u->ap_took = 0;
	hook_backend_init(&u->hook, inner, unexpected_at, out);
}
