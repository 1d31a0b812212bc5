/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "hooks/sim_break.h"
#include "model/model.h"
#include "model/model_discovery.h"

/*
 * disc-DEFECT: every package's discovery table broken that way (model_discovery.h), the
 * hostile tables of Sapphire and Emerald Rapids' firmware. False: not such a name.
 */
static bool disc_defect(struct model *m, const char *name)
{
	if (pmu_strncmp(name, "disc-", 5))
		return false;
	for (unsigned d = MDD_NONE + 1; d < MDD_COUNT; d++)
		if (!pmu_strcmp(name + 5, model_disc_defect_name((enum model_disc_defect)d))) {
			m->disc_defect = (uint8_t)d;
			return true;
		}
	return false;
}

enum verdict sim_break_apply(struct run *a, struct model *m)
{
	const char *name = a->opt.sim_break;
	if (!pmu_strcmp(name, "narrow-counters"))
		m->broken.narrow_counters = 1;
	else if (!pmu_strcmp(name, "ignore-enable"))
		m->broken.ignore_enable = true;
	else if (!pmu_strcmp(name, "gp-overcount"))
		m->broken.gp_overcount = true;
	else if (!pmu_strcmp(name, "sticky-enable"))
		m->broken.sticky_enable = true;
	else if (!pmu_strcmp(name, "disc-upi-absent"))
		m->disc_upi_absent = true;
	else if (!pmu_strcmp(name, "disc-cha-msr-zero"))
		m->disc_cha_msr_zero = true;
	else if (!pmu_strcmp(name, "uncore-global-frozen")) {
		if (model_disc_freeze(m))
			return run_refuse_setting(a, OPT_SIM_BREAK, "no discovery table's global "
						  "control on this profile", name,
						  "sapphire-rapids, emerald-rapids");
	} else if (!pmu_strcmp(name, "pci-bus-outside"))
		m->pci_bus_cut = MODEL_BUS_OUTSIDE;
	else if (!pmu_strcmp(name, "pci-bus-ecam-only"))
		m->pci_bus_cut = MODEL_BUS_ECAM_ONLY;
	else if (!pmu_strcmp(name, "uncore-frozen") || !pmu_strcmp(name, "uncore-counting")) {
		if (model_leave_box(m, name[7] == 'f' ? MODEL_BOX_FROZEN : MODEL_BOX_COUNTING))
			return run_refuse_setting(a, OPT_SIM_BREAK, "no uncore box to leave so on "
						  "this profile", name, "sandy-bridge-ep, skylake-sp, "
						  "icelake-sp");
	} else if (!disc_defect(m, name) && name[0])
		return run_refuse_setting(a, OPT_SIM_BREAK, "unknown model defect", name,
					  "narrow-counters, ignore-enable, gp-overcount, sticky-enable, "
					  "disc-upi-absent, "
					  "disc-cha-msr-zero, disc-global-ones, disc-unit-ones, "
					  "disc-unit-zero, disc-zero-offset, disc-dup-id, disc-bar-zero, "
					  "disc-every, disc-upi-misplaced, pci-bus-outside, "
					  "pci-bus-ecam-only, uncore-frozen, uncore-counting, "
					  "uncore-global-frozen");
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
