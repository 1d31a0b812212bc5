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

/* What the assembly keeps for the run (a->assembled, its alone): the backend's pieces. */
struct assembled {
	struct model *model;           /* backend sim */
	struct model_loaded *loaded;   /* sim-profile-file's model profile */
	struct stall_backend *stall;   /* the stall-cpu hook around the backend, or NULL */
	struct unexpected_backend *unexpected;   /* the test-unexpected-fault hook, or NULL */
};

/* a->assembled, made at its first piece; NULL, said, without memory. */
static struct assembled *assembled_of(struct run *a)
{
	if (!a->assembled)
		a->assembled = run_alloc(a, sizeof(struct assembled));
	if (!a->assembled)
		(void)run_refuse(a, "no memory for the backend's pieces", NULL, NULL);
	return a->assembled;
}

struct model *assembled_model(const struct run *a)
{
	const struct assembled *s = a->assembled;
	return s ? s->model : NULL;
}

/* A profile file's bytes, at most: 1 MiB, and 16 KiB a CPU of the platform (each takes 6-7). */
#define PROFILE_FILE_BASE (1u << 20)
#define PROFILE_FILE_PER_CPU (16u << 10)

/* m and l of the profile file's text, in memory of their size; why not, or NULL. */
static const char *load_machine(struct run *a, const char *text, size_t len,
				struct machine **m, struct model_loaded **l, char *err, size_t cap)
{
	/* room for the CPUs and dies' tables it holds, none more */
	unsigned n = profile_cpus(text, len), portals = profile_dies(text, len);
	if (!(*m = run_alloc(a, machine_bytes(n, portals))))
		return "no memory to load it";
	machine_clear(*m, n, portals);
	if (profile_read(text, len, *m, err, cap))
		return err;
	size_t bytes = model_loaded_bytes(*m);
	if (!(*l = run_alloc(a, bytes)))
		return "no memory to load it";
	return model_loaded_make(*m, a->opt.sim_profile_file, *l, bytes) ?
	       "no CPU with CPUID leaf 1 in it" : NULL;
}

/*
 * sim-profile-file: the profile file's machine (capture/profile_read.c, model/model_loaded.c),
 * kept in s->loaded for the whole run; NULL with one line naming the file when it cannot be.
 */
static const struct model_profile *load_profile_file(struct run *a, struct assembled *s)
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
	s->loaded = l;
	if (why)
		run_refuse_setting(a, OPT_SIM_PROFILE_FILE, "sim-profile-file", name, why);
	run_free(a, m);
	run_free(a, text);
	return why ? NULL : &l->p;
}

/* sim-noise: what disturbs the model's windows (the profile's rates; default all, as on hw). */
static enum verdict set_noise(struct run *a, struct model *m)
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
			model_set_noise(m, kinds[i].noise, NULL);
			return VERDICT_PASS;
		}
	return run_refuse_setting(a, OPT_SIM_NOISE, "unknown model noise", a->opt.sim_noise,
				  "none, timer, smi, all");
}

/* sim-firmware: what the model's firmware hands over (default running, as on the machine). */
static enum verdict set_firmware(struct run *a, struct model *m)
{
	enum model_firmware fw;
	if (!a->opt.sim_firmware[0])
		return VERDICT_PASS;
	if (model_firmware_parse(a->opt.sim_firmware, &fw))
		return run_refuse_setting(a, OPT_SIM_FIRMWARE, "unknown model firmware state",
					  a->opt.sim_firmware, "clean, running");
	model_set_firmware(m, fw);
	return VERDICT_PASS;
}

/* sim-snc: the model's SRAT lists each package as that many proximity domains. */
static enum verdict set_snc(struct run *a, struct model *m)
{
	char num[12];
	struct strbuf nb;
	if (!a->opt.sim_snc || !model_set_snc(m, a->opt.sim_snc))
		return VERDICT_PASS;
	sb_init(&nb, num, sizeof(num));
	sb_dec(&nb, a->opt.sim_snc);
	return run_refuse_setting(a, OPT_SIM_SNC, "sim-snc", num,
				  "a package of the model has fewer cores than that many clusters");
}

static enum verdict backend_sim(struct run *a)
{
	const struct model_profile *p;
	struct assembled *s = assembled_of(a);
	if (!s)
		return VERDICT_ERROR;
	if (a->opt.sim_profile_file[0]) {
		if (!(p = load_profile_file(a, s)))
			return VERDICT_ERROR;
	} else if (!(p = model_profile_find(a->opt.sim_profile))) {
		return run_refuse_setting(a, OPT_SIM_PROFILE, "unknown simulation profile",
					  a->opt.sim_profile, NULL);
	}
	unsigned n = a->plat->ncpus;
	struct model *m = s->model = run_alloc(a, model_bytes(n));
	if (!m)
		return run_refuse(a, "no memory for the reference model", NULL, NULL);
	pmu_status st = model_init(m, model_bytes(n), p, n, 1);
	/* The model's packages, cores and dies are the firmware's: boxes and shared registers too. */
	for (unsigned i = 0; i < n && !st; i++) {
		st = model_place_cpu(m, i, a->plat->cpu[i].package);
		if (!st)
			st = model_place_core(m, i, a->plat->cpu[i].core);
		if (!st && a->plat->dies_known)
			st = model_place_die(m, i, a->plat->cpu[i].die);
	}
	if (st)
		return run_refuse(a, "the reference model cannot be built:", pmu_status_str(st),
				  NULL);
	model_backend(m, &a->backend);
	if (sim_break_apply(a, m) != VERDICT_PASS || set_noise(a, m) != VERDICT_PASS ||
	    set_firmware(a, m) != VERDICT_PASS || set_snc(a, m) != VERDICT_PASS)
		return VERDICT_ERROR;
	a->simulated = true;
	sim_break_say(a);
	return VERDICT_PASS;
}

/*
 * test-unexpected-fault: the real backend's alone (the run refused it on the model,
 * options_table's backends), and on a platform that can make one (run.c refused it without
 * faults->stray).
 */
static enum verdict unexpected_hook(struct run *a)
{
	struct assembled *s;
	if (!a->opt.test_unexpected_fault)
		return VERDICT_PASS;
	if (!(s = assembled_of(a)))
		return VERDICT_ERROR;
	s->unexpected = run_alloc(a, sizeof(*s->unexpected));
	if (!s->unexpected)
		return run_refuse(a, "no memory for the test-unexpected-fault hook", NULL, NULL);
	unexpected_backend_init(s->unexpected, &a->backend, a->faults, a->plat, &a->backend);
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
	struct assembled *s = assembled_of(a);
	if (!s)
		return VERDICT_ERROR;
	s->stall = run_alloc(a, sizeof(*s->stall));
	if (!s->stall)
		return run_refuse(a, "no memory for the stall-cpu hook", NULL, NULL);
	stall_backend_init(s->stall, &a->backend, a->opt.stall_cpu, a->plat, &a->backend);
	return VERDICT_PASS;
}

static void backend_free(struct run *a)
{
	struct assembled *s = a->assembled;
	if (!s)
		return;
	run_free(a, s->model);
	run_free(a, s->stall);
	run_free(a, s->loaded);
	run_free(a, s->unexpected);
	run_free(a, s);
	a->assembled = NULL;
}

const struct run_assembly backend_assembly = { backend_sim, backend_hooks, backend_free };
