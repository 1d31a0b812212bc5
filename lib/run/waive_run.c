/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "hw/errata.h"
#include "out/logrec.h"
#include "run/waive_run.h"

enum verdict waive_load(struct run *a)
{
	const char *name = a->opt.waivers;
	size_t len = 0;
	if (!name[0])
		return VERDICT_PASS;
	char *text = run_alloc(a, WAIVER_FILE_MAX);
	a->waivers = run_alloc(a, sizeof(*a->waivers));
	if (!text || !a->waivers) {
		run_free(a, text);
		return run_refuse_setting(a, OPT_WAIVERS, "waivers", name, "no memory to read it");
	}
	if (!a->plat->ops->read_file ||
	    !a->plat->ops->read_file(a->plat->ctx, name, text, WAIVER_FILE_MAX, &len)) {
		run_free(a, text);
		return run_refuse_setting(a, OPT_WAIVERS, "waivers", name, "cannot be read from the "
					  "volume's root (or is larger than 8 KiB)");
	}
	char err[160];
	pmu_status st = waiver_parse(text, len, a->waivers, err, sizeof(err));
	run_free(a, text);
	if (!st)
		return VERDICT_PASS;
	sb_puts(&a->sb, "efipmu: ");
	sb_puts(&a->sb, name);
	sb_putc(&a->sb, ':');
	sb_puts(&a->sb, err);
	run_say(a);
	return VERDICT_ERROR;
}

void waive_records(struct run *a)
{
	if (!a->waivers)
		return;
	unsigned n = a->waivers->n;
	sb_puts(&a->sb, "waivers: ");
	sb_dec(&a->sb, n);
	sb_puts(&a->sb, " from ");
	sb_puts(&a->sb, a->opt.waivers);
	sb_puts(&a->sb, ", beside ");
	sb_dec(&a->sb, errata_count);
	sb_puts(&a->sb, " known errata (Intel's event lists)");
	run_say(a);
	for (unsigned i = 0; i < n; i++) {
		const struct waiver *w = &a->waivers->w[i];
		run_begin(a, "waiver");
		logrec_key_str(&a->sb, "file", a->opt.waivers);
		logrec_key_u64(&a->sb, "line", w->line);
		sb_json_key(&a->sb, "waiver");
		char text[WAIVER_LINE_MAX];
		struct strbuf t;
		sb_init(&t, text, sizeof(text));
		waiver_format(w, &t);
		sb_json_str(&a->sb, text);
		logrec_key_str(&a->sb, "ref", w->ref);
		logrec_end(&a->sb);
		run_record(a);
	}
}

struct waiver_subject waive_subject(const struct cpu_info *ci, enum check_kind k)
{
	return (struct waiver_subject){
		.family = ci->family, .model = ci->model, .stepping = ci->stepping,
		.microcode = ci->microcode_st == PMU_OK ? ci->microcode : 0,
		.core_type = ci->arch.core_type, .native_model = ci->arch.native_model,
		.intel = !pmu_strcmp(ci->vendor, "GenuineIntel"), .kind = k,
	};
}

bool waive_check(struct run *a, const struct waiver_subject *s, struct waiver_hit *hit)
{
	if (!waiver_match(a->waivers, s, hit))
		return false;
	verdict_waived(&a->checks, hit->ref);
	return true;
}

void waive_keys(struct run *a, const struct waiver_hit *hit)
{
	char why[WAIVER_LINE_MAX];
	struct strbuf w;
	sb_init(&w, why, sizeof(why));
	waiver_describe(hit, a->opt.waivers, &w);
	logrec_key_str(&a->sb, "waived_by", hit->ref);
	logrec_key_str(&a->sb, "waiver", why);
}

void waive_unmatched(struct run *a)
{
	for (unsigned i = 0; a->waivers && i < a->waivers->n; i++) {
		const struct waiver *w = &a->waivers->w[i];
		if (w->matched)
			continue;
		sb_puts(&a->sb, "waiver ");
		sb_puts(&a->sb, a->opt.waivers);
		sb_putc(&a->sb, ':');
		sb_dec(&a->sb, w->line);
		sb_puts(&a->sb, " matched no check: ");
		sb_puts(&a->sb, w->ref);
		run_say(a);
		run_begin(a, "waiver_unmatched");
		logrec_key_str(&a->sb, "file", a->opt.waivers);
		logrec_key_u64(&a->sb, "line", w->line);
		logrec_key_str(&a->sb, "ref", w->ref);
		logrec_end(&a->sb);
		run_record(a);
	}
}
