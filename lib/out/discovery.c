/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "out/discovery.h"
#include "out/logrec.h"
#include "out/perfmon_ext.h"
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

void discovery_line(struct strbuf *sb, unsigned cpu, const struct cpu_info *ci,
		    const struct core_pmu *p)
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
	sb_putc(sb, '}');
}
