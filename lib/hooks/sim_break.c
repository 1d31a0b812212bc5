/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "hooks/sim_break.h"
#include "model/model.h"
#include "model/model_discovery.h"

/*
 * disc-DEFECT: every package's discovery table broken that way (model_discovery.h), the
 * hostile tables of Sapphire and Emerald Rapids' firmware. MDD_NONE: not such a name.
 */
static enum model_disc_defect disc_defect(const char *name)
{
	if (pmu_strncmp(name, "disc-", 5))
		return MDD_NONE;
	for (unsigned d = MDD_NONE + 1; d < MDD_COUNT; d++)
		if (!pmu_strcmp(name + 5, model_disc_defect_name((enum model_disc_defect)d)))
			return (enum model_disc_defect)d;
	return MDD_NONE;
}

/* The profiles whose tables, functions, MSR or buses those defects break (model_profiles.c). */
#define DISC_HAS "sapphire-rapids, emerald-rapids, granite-rapids, sierra-forest"
#define SPR_HAS "sapphire-rapids, emerald-rapids"
#define TABLE_HAS DISC_HAS ", diamond-rapids"
#define PCI_HAS "sandy-bridge-ep, skylake-sp, icelake-sp, " TABLE_HAS

/*
 * The defects of a part a profile may lack (model.h: model_disc_break and its kin): st, what
 * the model could do; one it could not is refused as "sim-break 'X': <lacks>; profiles that
 * have it: <has>", never claimed by sim_break_say.
 */
static enum verdict taken(struct run *a, pmu_status st, const char *lacks, const char *has)
{
	char why[256];
	struct strbuf sb;
	if (st == PMU_OK)
		return VERDICT_PASS;
	sb_init(&sb, why, sizeof(why));
	sb_puts(&sb, lacks);
	sb_puts(&sb, "; profiles that have it: ");
	sb_puts(&sb, has);
	return run_refuse_setting(a, OPT_SIM_BREAK, "sim-break", a->opt.sim_break, why);
}

enum verdict sim_break_apply(struct run *a, struct model *m)
{
	const char *name = a->opt.sim_break;
	enum model_disc_defect d = disc_defect(name);
	if (!pmu_strcmp(name, "narrow-counters"))
		m->broken.narrow_counters = 1;
	else if (!pmu_strcmp(name, "ignore-enable"))
		m->broken.ignore_enable = true;
	else if (!pmu_strcmp(name, "gp-overcount"))
		m->broken.gp_overcount = true;
	else if (!pmu_strcmp(name, "sticky-enable"))
		m->broken.sticky_enable = true;
	else if (!pmu_strcmp(name, "disc-upi-absent"))
		return taken(a, model_disc_drop_upi(m), "no discovery table's UPI functions on "
			     "this profile", SPR_HAS);
	else if (!pmu_strcmp(name, "disc-cha-msr-zero"))
		return taken(a, model_disc_cha_msr_zero(m), "no CHA count MSR 0x2ffe on this "
			     "profile", DISC_HAS);
	else if (!pmu_strcmp(name, "uncore-global-frozen"))
		return taken(a, model_disc_freeze(m), "no discovery table's global control on "
			     "this profile", TABLE_HAS);
	else if (!pmu_strcmp(name, "pci-bus-outside") || !pmu_strcmp(name, "pci-bus-ecam-only"))
		return taken(a, model_cut_pci_buses(m, name[8] == 'o' ? MODEL_BUS_OUTSIDE :
						    MODEL_BUS_ECAM_ONLY),
			     "no uncore PCI bus on this profile", PCI_HAS);
	else if (!pmu_strcmp(name, "uncore-frozen") || !pmu_strcmp(name, "uncore-counting"))
		return taken(a, model_leave_box(m, name[7] == 'f' ? MODEL_BOX_FROZEN :
						MODEL_BOX_COUNTING),
			     "no uncore box to leave so on this profile",
			     "sandy-bridge-ep, skylake-sp, icelake-sp");
	else if (d != MDD_NONE)
		return taken(a, model_disc_break(m, d), "no discovery table the model lays out on "
			     "this profile", DISC_HAS);
	else if (name[0])
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
