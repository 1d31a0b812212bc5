/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The uncore families' logic: see pmu/uncore_family.h. */
#include "pmu/uncore_family.h"
#include "util/fmt.h"

/* Whether rule b holds on ci's part: its family (0: 6) and one of its models, or any. */
static bool on_model(const struct uncore_box_defaults *b, const struct cpu_info *ci)
{
	const uint8_t *models = b->models;
	for (; models && *models; models++)
		if (*models == ci->model && (b->family ? b->family : 6u) == ci->family)
			return true;
	return !models;
}

/* The first of f's rules for the box of that name on ci's part, or NULL. */
static const struct uncore_box_defaults *rule_for(const struct uncore_family_desc *f,
						   const char *name, const struct cpu_info *ci)
{
	for (unsigned i = 0; i < f->nbox_defaults; i++) {
		const struct uncore_box_defaults *b = &f->box_defaults[i];
		if ((b->prefix ? !pmu_strncmp(name, b->box, pmu_strlen(b->box)) :
				 !pmu_strcmp(name, b->box)) && on_model(b, ci))
			return b;
	}
	return NULL;
}

void uncore_defaults_each(const struct cpu_info *ci, const struct box_set *boxes,
			  bool (*fn)(void *ctx, const char *name, const char *spec), void *ctx)
{
	const struct uncore_family_desc *f = uncore_family_desc(ci->uncore);
	for (unsigned i = 0; i < f->ndefaults; i++) {
		const struct uncore_default *e = &f->defaults[i];
		if ((e->perfmon_v2 < 0 || e->perfmon_v2 == ci->amd_uncore.perfmon_v2) &&
		    !fn(ctx, e->name, e->spec))
			return;
	}
	for (unsigned i = 0; i < boxes->n; i++) {
		const struct box_desc *d = &boxes->box[i].d;
		const struct uncore_box_defaults *b = d->family == ci->uncore ? rule_for(f, d->name, ci) :
										 NULL;
		for (unsigned k = 0; b && k < b->n; k++) {
			char spec[64];
			struct strbuf sb;
			sb_init(&sb, spec, sizeof(spec));
			sb_puts(&sb, d->name);
			sb_putc(&sb, '/');
			sb_puts(&sb, b->ev[k].terms);
			sb_putc(&sb, '/');
			if (!fn(ctx, b->ev[k].name, spec))
				return;
		}
	}
}

/* An Intel server part efipmu has no family for (uncore_disc_wanted). */
static bool unknown_server(const struct cpu_info *ci)
{
	return ci->uncore == UNCORE_NONE && !pmu_strcmp(ci->vendor, "GenuineIntel") &&
	       ci->family == 6 && ci->model >= 0x8F && !ci->arch.core_type;
}

bool uncore_disc_wanted(const struct cpu_info *ci)
{
	return uncore_family_desc(ci->uncore)->disc || unknown_server(ci);
}

bool uncore_disc_spr(const struct cpu_info *ci)
{
	return ci->model == 0x8F;
}

struct disc_where uncore_disc_where(const struct cpu_info *ci, const struct disc_die *dies,
				    unsigned ndies)
{
	const struct disc_where w = { disc_platform_for(ci->family, ci->model), dies, ndies,
				      uncore_disc_spr(ci), { 0, 0 },
				      box_family_client(ci->family, ci->model) };
	return w;
}

void uncore_disc_adopt(struct cpu_info *ci, const struct cpu_info *boot)
{
	if (ci->model == boot->model && unknown_server(ci))
		ci->uncore = UNCORE_DISC;
}
