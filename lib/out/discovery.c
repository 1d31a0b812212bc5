/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "out/discovery.h"
#include "out/logrec.h"
#include "out/perfmon_ext.h"
#include "pmu/uncore_amd.h"
#include "util/fmt.h"

static void list_start(struct strbuf *sb, bool *first)
{
	if (!*first)
		sb_putc(sb, ',');
	*first = false;
}

/* What the core engine leaves out: it programs CORE_MAX_GP and CORE_MAX_FIXED counters. */
static void engine_limit(struct strbuf *sb, bool *first, uint32_t mask, unsigned max,
			 const char *what)
{
	if (!(mask >> max))
		return;
	list_start(sb, first);
	sb_puts(sb, "\"the core engine programs ");
	sb_puts(sb, what);
	sb_puts(sb, "0-");
	sb_dec(sb, max - 1);
	sb_puts(sb, " only\"");
}

static void notes(struct strbuf *sb, const struct cpu_info *ci, const struct core_pmu *p)
{
	bool first = true;
	sb_json_key(sb, "notes");
	sb_putc(sb, '[');
	for (unsigned n = 0; n < PMU_NOTE_COUNT; n++) {
		if (!((ci->arch.notes >> n) & 1))
			continue;
		list_start(sb, &first);
		char buf[160];
		struct strbuf t;
		sb_init(&t, buf, sizeof(buf));
		pmu_note_put(&t, ci, (enum pmu_note)n);
		sb_json_str(sb, buf);
	}
	for (unsigned q = 0; q < core_quirk_count; q++) {
		if (!((p->quirks >> q) & 1))
			continue;
		list_start(sb, &first);
		char buf[200];
		struct strbuf t;
		sb_init(&t, buf, sizeof(buf));
		sb_puts(&t, "quirk ");
		sb_puts(&t, core_quirks[q].name);
		sb_puts(&t, ": ");
		sb_puts(&t, core_quirks[q].desc);
		sb_json_str(sb, buf);
	}
	if (!pmu_vendor_amd(ci->vendor)) {
		engine_limit(sb, &first, p->gp_mask, CORE_MAX_GP, "PMC");
		engine_limit(sb, &first, p->fixed_mask, CORE_MAX_FIXED, "FIXED_CTR");
	}
	sb_putc(sb, ']');
}

/* Each amd_umc box of s: its UMC, first control MSR and counters (hw/uncore_amd.c made them). */
static void umc_split(struct strbuf *sb, const struct box_set *s)
{
	bool first = true;
	sb_json_key(sb, "umc_split");
	sb_putc(sb, '[');
	for (unsigned i = 0; s && i < s->n; i++) {
		const struct box_inst *b = &s->box[i];
		if (pmu_strncmp(b->name, "amd_umc_", 8))
			continue;
		list_start(sb, &first);
		sb_putc(sb, '{');
		logrec_key_u64(sb, "umc", b->idx);
		logrec_key_hex(sb, "ctl_msr", b->d.ctl_base);
		logrec_key_u64(sb, "counters", b->d.n_counters);
		sb_putc(sb, '}');
	}
	sb_putc(sb, ']');
}

static void amd_uncore(struct strbuf *sb, const struct cpu_info *ci, const struct box_set *s)
{
	const struct uncore_amd_facts *f = &ci->amd_uncore;
	logrec_key_amd_core_type(sb, ci->arch.amd_core_type);
	if (!f->perfmon_v2)
		return;
	sb_json_key(sb, "amd_uncore");
	sb_putc(sb, '{');
	logrec_key_hex(sb, "eax", f->leaf_eax);
	logrec_key_hex(sb, "ebx", f->leaf_ebx);
	logrec_key_hex(sb, "ecx", f->umc_mask);
	logrec_key_u64(sb, "core_counters", f->leaf_ebx & 0xF);
	logrec_key_u64(sb, "df_counters", f->df_pmcs);
	logrec_key_u64(sb, "umc_counters", f->umc_pmcs);
	logrec_key_u64(sb, "active_umcs", pmu_popcount(f->umc_mask));
	umc_split(sb, s);
	char line[160];
	struct strbuf t;
	sb_init(&t, line, sizeof(line));
	sb_json_key(sb, "umc_shape");
	if (uncore_amd_shape(f, &t))
		sb_json_str(sb, line);
	else
		sb_puts(sb, "null");
	sb_putc(sb, '}');
}

void discovery_line(struct strbuf *sb, unsigned cpu, const struct cpu_info *ci,
		    const struct core_pmu *p, const struct box_set *amd)
{
	sb_putc(sb, '{');
	logrec_key_u64(sb, "cpu", cpu);
	logrec_key_str(sb, "vendor", ci->vendor);
	logrec_key_hex(sb, "family", ci->family);
	logrec_key_hex(sb, "model", ci->model);
	logrec_key_core_type(sb, ci->arch.core_type);
	logrec_key_u64(sb, "pmu_version", pmu_version_of(ci));
	logrec_key_u64(sb, "gp", pmu_popcount(p->gp_mask));
	logrec_key_u64(sb, "gp_width", p->gp_width);
	sb_json_key(sb, "fixed");
	sb_putc(sb, '[');
	bool first = true;
	for (unsigned i = 0; i < 32; i++) {
		if (!((p->fixed_mask >> i) & 1))
			continue;
		list_start(sb, &first);
		sb_dec(sb, i);
	}
	sb_putc(sb, ']');
	logrec_key_u64(sb, "fixed_width", p->fixed_width);
	logrec_key_bool(sb, "perfmon_v2", ci->arch.perfmon_v2);
	perfmon_ext_json(sb, &ci->arch);
	notes(sb, ci, p);
	if (pmu_vendor_amd(ci->vendor))
		amd_uncore(sb, ci, amd);
	sb_putc(sb, '}');
}
