/* An uncore discovery table as JSON lines (efipmu-host discovery; the log's records). */
#include "hw/layouts_discovery.h"
#include "out/discovery_json.h"
#include "out/logrec.h"

static void problems_json(uint32_t bits, struct strbuf *sb)
{
	sb_json_key(sb, "problems");
	sb_putc(sb, '[');
	const char *sep = "";
	for (unsigned p = 0; p < DP_COUNT; p++)
		if (bits & (1u << p)) {
			sb_puts(sb, sep);
			sb_json_str(sb, disc_problem_name(p));
			sep = ",";
		}
	sb_putc(sb, ']');
}

void disc_unit_json(const struct disc_unit *u, struct strbuf *sb)
{
	const char *name = disc_type_name(u->type);
	sb_putc(sb, '{');
	logrec_key_u64(sb, "index", u->index);
	logrec_key_u64(sb, "type", u->type);
	sb_json_key(sb, "type_name");
	if (name) {
		sb_json_str(sb, name);
	} else {
		sb_puts(sb, "\"type_");
		sb_dec(sb, u->type);
		sb_putc(sb, '"');
	}
	logrec_key_u64(sb, "box_id", u->box_id);
	logrec_key_str(sb, "access", disc_access_name(u->access));
	logrec_key_hex(sb, "address", u->box_ctl);
	logrec_key_u64(sb, "counters", u->counters);
	logrec_key_u64(sb, "width", u->width);
	logrec_key_hex(sb, "ctl_offset", u->ctl_offset);
	logrec_key_hex(sb, "ctr_offset", u->ctr_offset);
	logrec_key_bool(sb, "usable", u->usable);
	problems_json(u->problems, sb);
	sb_putc(sb, '}');
}

void disc_global_json(const struct disc_table *t, struct strbuf *sb)
{
	sb_putc(sb, '{');
	logrec_key_bool(sb, "global", true);
	logrec_key_u64(sb, "type", t->type);
	logrec_key_u64(sb, "stride", t->stride);
	logrec_key_u64(sb, "max_units", t->max_units);
	logrec_key_str(sb, "access", disc_access_name(t->access));
	logrec_key_hex(sb, "global_ctl", t->global_ctl);
	logrec_key_u64(sb, "units", t->nunits);
	logrec_key_u64(sb, "usable", t->nusable);
	problems_json(t->problems, sb);
	sb_putc(sb, '}');
}
