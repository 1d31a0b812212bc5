/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "hooks/sim_break.h"
#include "model/model.h"

enum verdict sim_break_apply(struct run *a)
{
	const char *name = a->opt.sim_break;
	if (!pmu_strcmp(name, "narrow-counters"))
		a->model->broken.narrow_counters = 1;
	else if (!pmu_strcmp(name, "ignore-enable"))
		a->model->broken.ignore_enable = true;
	else if (name[0])
		return run_refuse_setting(a, OPT_SIM_BREAK, "unknown model defect", name, "narrow-counters, ignore-enable");
	return VERDICT_PASS;
}

void sim_break_say(struct run *a)
{
	if (!a->opt.sim_break[0])
		return;
	sb_puts(&a->sb, "the model has a deliberate defect: ");
	sb_puts(&a->sb, a->opt.sim_break);
	run_say(a);
}
