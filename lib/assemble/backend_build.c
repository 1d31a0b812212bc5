/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The run's backend, built in one place above the run: the model for backend = sim (its
 * profile, noise, firmware and any deliberate defect), and the test hooks as decorators
 * (stall-cpu, test-unexpected-fault). The jobs see only struct pmu_backend.
 */
#include "hooks/sim_break.h"
#include "hooks/stall.h"
#include "hooks/unexpected.h"
#include "capture/profile.h"
#include "model/model.h"
#include "model/model_loaded.h"
#include "assemble/backend_build.h"

_Static_assert(MODEL_MAX_CPUS >= PLAT_MAX_CPUS, "the model makes every CPU a platform lists");

/* A profile file's bytes, at most: 1 MiB, and 16 KiB a CPU of the platform (each takes 6-7). */
#define PROFILE_FILE_BASE (1u << 20)
#define PROFILE_FILE_PER_CPU (16u << 10)

/* m and l of the profile file's text, in memory of their size; why not, or NULL. */
static const char *load_machine(struct run *a, const char *text, size_t len,
				struct machine **m, struct model_loaded **l, char *err, size_t cap)
{
	unsigned n = profile_cpus(text, len);
	if (!(*m = run_alloc(a, machine_bytes(n))))
		return "no memory to load it";
	machine_clear(*m, n);
	if (profile_read(text, len, *m, err, cap))
		return err;
	size_t bytes = model_loaded_bytes((*m)->ncpus);
	if (!(*l = run_alloc(a, bytes)))
		return "no memory to load it";
	return model_loaded_make(*m, a->opt.sim_profile_file, *l, bytes) ?
	       "no CPU with CPUID leaf 1 in it" : NULL;
}

/*
 * sim-profile-file: the profile file's machine (capture/profile_read.c, model/model_loaded.c),
 * kept in a->loaded for the whole run; NULL with one line naming the file when it cannot be.
 */
static const struct model_profile *load_profile_file(struct run *a)
{
	const char *name = a->opt.sim_profile_file;
	size_t max = PROFILE_FILE_BASE + (size_t)a->plat->ncpus * PROFILE_FILE_PER_CPU;
	char *text = run_alloc(a, max);
	struct machine *m = NULL;
	struct model_loaded *l = NULL;
	char err[160];
	size_t len = 0;
	const char *why = NULL;
	if (!text)
		why = "no memory to load it";
	else if (!a->plat->ops->read_file || !a->plat->ops->read_file(a->plat->ctx, name, text, max, &len))
		why = "cannot be read from the volume's root (or is larger than 1 MiB and 16 KiB a CPU)";
	else
		why = load_machine(a, text, len, &m, &l, err, sizeof(err));
	a->loaded = l;
	if (why)
		run_refuse_setting(a, OPT_SIM_PROFILE_FILE, "sim-profile-file", name, why);
	run_free(a, m);
	run_free(a, text);
	return why ? NULL : &l->p;
}

/* sim-noise: what disturbs the model's windows (the profile's rates; default all, as on hw). */
static enum verdict set_noise(struct run *a)
{
	static const struct {
		const char *name;
		unsigned noise;
	} kinds[] = {
		{ "none", MODEL_NOISE_NONE }, { "timer", MODEL_NOISE_TIMER },
		{ "smi", MODEL_NOISE_SMI }, { "all", MODEL_NOISE_ALL },
	};
	if (!a->opt.sim_noise[0])
		return VERDICT_PASS;
	for (unsigned i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!pmu_strcmp(a->opt.sim_noise, kinds[i].name)) {
			model_set_noise(a->model, kinds[i].noise, NULL);
			return VERDICT_PASS;
		}
	return run_refuse_setting(a, OPT_SIM_NOISE, "unknown model noise", a->opt.sim_noise,
				  "none, timer, smi, all");
}

/* sim-firmware: what the model's firmware hands over (default running, as on the machine). */
static enum verdict set_firmware(struct run *a)
{
	enum model_firmware fw;
	if (!a->opt.sim_firmware[0])
		return VERDICT_PASS;
	if (model_firmware_parse(a->opt.sim_firmware, &fw))
		return run_refuse_setting(a, OPT_SIM_FIRMWARE, "unknown model firmware state",
					  a->opt.sim_firmware, "clean, running");
	model_set_firmware(a->model, fw);
	return VERDICT_PASS;
}

/* sim-snc: the model's SRAT lists each package as that many proximity domains. */
static enum verdict set_snc(struct run *a)
{
	if (!a->opt.sim_snc || !model_set_snc(a->model, a->opt.sim_snc))
		return VERDICT_PASS;
	return run_refuse(a, "sim-snc: a package of the model has fewer cores than that many "
			  "clusters", NULL, NULL);
}

static enum verdict backend_sim(struct run *a)
{
	const struct model_profile *p;
	if (a->opt.sim_profile_file[0]) {
		if (!(p = load_profile_file(a)))
			return VERDICT_ERROR;
	} else if (!(p = model_profile_find(a->opt.sim_profile))) {
		return run_refuse_setting(a, OPT_SIM_PROFILE, "unknown simulation profile",
					  a->opt.sim_profile, NULL);
	}
	unsigned n = a->plat->ncpus;
	a->model = run_alloc(a, model_bytes(n));
	if (!a->model)
		return run_refuse(a, "no memory for the reference model", NULL, NULL);
	pmu_status st = model_init(a->model, model_bytes(n), p, n, 1);
	/* The model's packages, cores and dies are the firmware's: boxes and shared registers too. */
	for (unsigned i = 0; i < n && !st; i++) {
		st = model_place_cpu(a->model, i, a->plat->cpu[i].package);
		if (!st)
			st = model_place_core(a->model, i, a->plat->cpu[i].core);
		if (!st && a->plat->dies_known)
			st = model_place_die(a->model, i, a->plat->cpu[i].die);
	}
	if (st)
		return run_refuse(a, "the reference model cannot be built:", pmu_status_str(st),
				  NULL);
	model_backend(a->model, &a->backend);
	if (sim_break_apply(a) != VERDICT_PASS || set_noise(a) != VERDICT_PASS ||
	    set_firmware(a) != VERDICT_PASS || set_snc(a) != VERDICT_PASS)
		return VERDICT_ERROR;
	a->simulated = true;
	sim_break_say(a);
	return VERDICT_PASS;
}

/* test-unexpected-fault: on the real backend, when the platform can make one. */
static enum verdict unexpected_hook(struct run *a)
{
	if (!a->opt.test_unexpected_fault || a->opt.backend != EFIPMU_BACKEND_REAL || !a->faults ||
	    !a->faults->stray)
		return VERDICT_PASS;
	a->unexpected = run_alloc(a, sizeof(*a->unexpected));
	if (!a->unexpected)
		return run_refuse(a, "no memory for the test-unexpected-fault hook", NULL, NULL);
	unexpected_backend_init(a->unexpected, &a->backend, a->faults, a->plat, &a->backend);
	return VERDICT_PASS;
}

static enum verdict backend_hooks(struct run *a)
{
	if (stall_check(a) != VERDICT_PASS)
		return VERDICT_ERROR;
	if (unexpected_hook(a) != VERDICT_PASS)
		return VERDICT_ERROR;
	if (!a->opt.stall_cpu)
		return VERDICT_PASS;
	a->stall = run_alloc(a, sizeof(*a->stall));
	if (!a->stall)
		return run_refuse(a, "no memory for the stall-cpu hook", NULL, NULL);
	stall_backend_init(a->stall, &a->backend, a->opt.stall_cpu, a->plat, &a->backend);
	return VERDICT_PASS;
}

static void backend_free(struct run *a)
{
	run_free(a, a->model);
	run_free(a, a->stall);
	run_free(a, a->loaded);
	a->loaded = NULL;
	run_free(a, a->unexpected);
	a->model = NULL;
	a->stall = NULL;
	a->unexpected = NULL;
}

const struct run_assembly backend_assembly = { backend_sim, backend_hooks, backend_free };
