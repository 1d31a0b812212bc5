/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Schema 1 to schema 2 (logupgrade.h): the keys schema 2 renamed and the registers it names. */
#include "out/logupgrade.h"
#include "pmu/regname.h"

/* A top-level key schema 2 renamed; reg: its value names a register. */
static const struct {
	const char *rec, *from, *to;
	bool reg;
} renamed[] = {
	{ "count", "ctl_msr", "ctl", true },
	{ "count", "extra_msr", "extra", true },
	{ "count", "ctr_msr", "ctr", true },
	{ "dry_write", "msr", "reg", true },
	{ "uncore_probe", "msr", "reg", true },
	{ "uncore_width", "ctl_msr", "ctl", true },
	{ "uncore_width", "ctl", "ctl_value", false },
	{ "uncore_width", "msr", "ctr", true },
};

/* An array of registers: objects whose "msr" is now "reg", or [register, value] pairs. */
static const struct {
	const char *rec, *key;
	bool pairs;
} lists[] = {
	{ "ownership", "registers", false },
	{ "leftover", "left_programmed", false },
	{ "handoff", "registers", true },
};

static bool key_is(const struct logval *lv, const char *key)
{
	size_t n = pmu_strlen(key);
	return lv->key_len == n && !pmu_strncmp(lv->key, key, n);
}

static void put_key(struct strbuf *sb, const char *key, size_t n, bool first)
{
	if (!first)
		sb_putc(sb, ',');
	sb_putc(sb, '"');
	sb_putn(sb, key, n);
	sb_puts(sb, "\":");
}

static void put_raw(struct strbuf *sb, const struct logval *lv)
{
	if (lv->type == LV_STRING)
		sb_putc(sb, '"');
	sb_putn(sb, lv->raw, lv->raw_len);
	if (lv->type == LV_STRING)
		sb_putc(sb, '"');
}

/* A register by its name; a value that is none stays as it was (its reader says so). */
static void put_reg(struct strbuf *sb, const struct logval *lv)
{
	struct regname n;
	if (lv->type != LV_STRING || regname_parse(lv->raw, lv->raw_len, &n)) {
		put_raw(sb, lv);
		return;
	}
	sb_putc(sb, '"');
	regname_put(sb, &n);
	sb_putc(sb, '"');
}

/* One object of a list: its "msr" as "reg"; false when it is no object. */
static bool put_object(struct strbuf *sb, const struct logval *e, struct logrec_view *o)
{
	if (e->type != LV_OBJECT || logread_line(e->raw, e->raw_len, o))
		return false;
	sb_putc(sb, '{');
	for (unsigned i = 0; i < o->n; i++) {
		const struct logval *lv = &o->v[i];
		bool msr = key_is(lv, "msr");
		put_key(sb, msr ? "reg" : lv->key, msr ? 3 : lv->key_len, !i);
		if (msr)
			put_reg(sb, lv);
		else
			put_raw(sb, lv);
	}
	sb_putc(sb, '}');
	return true;
}

/* One [register, value] pair; false when it is no array. */
static bool put_pair(struct strbuf *sb, const struct logval *e)
{
	struct logval x;
	size_t pos = 0;
	if (e->type != LV_ARRAY)
		return false;
	sb_putc(sb, '[');
	for (unsigned i = 0; logread_elem(e, &pos, &x); i++) {
		if (i)
			sb_putc(sb, ',');
		if (i)
			put_raw(sb, &x);
		else
			put_reg(sb, &x);
	}
	sb_putc(sb, ']');
	return true;
}

static void put_list(struct strbuf *sb, const struct logval *lv, bool pairs, struct logrec_view *o)
{
	struct logval e;
	size_t pos = 0;
	size_t start = sb->len;
	bool ok = lv->type == LV_ARRAY;
	sb_putc(sb, '[');
	for (unsigned i = 0; ok && logread_elem(lv, &pos, &e); i++) {
		if (i)
			sb_putc(sb, ',');
		ok = pairs ? put_pair(sb, &e) : put_object(sb, &e, o);
	}
	sb_putc(sb, ']');
	if (!ok) {   /* not the list schema 1 wrote: left as it was */
		sb->len = start;
		put_raw(sb, lv);
	}
}

/* The value of the record rec's key lv, renamed or named as schema 2 has it. */
static void put_field(struct strbuf *sb, const struct logval *rec, const struct logval *lv,
		      struct logrec_view *o, bool first)
{
	for (size_t i = 0; i < sizeof(renamed) / sizeof(renamed[0]); i++) {
		if (!key_is(rec, renamed[i].rec) || !key_is(lv, renamed[i].from))
			continue;
		put_key(sb, renamed[i].to, pmu_strlen(renamed[i].to), first);
		if (renamed[i].reg)
			put_reg(sb, lv);
		else
			put_raw(sb, lv);
		return;
	}
	put_key(sb, lv->key, lv->key_len, first);
	if (key_is(lv, "schema")) {
		sb_puts(sb, "2");
		return;
	}
	for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++)
		if (key_is(rec, lists[i].rec) && key_is(lv, lists[i].key)) {
			put_list(sb, lv, lists[i].pairs, o);
			return;
		}
	put_raw(sb, lv);
}

bool log_upgrade(const char *line, size_t len, struct log_upgrade *w, struct strbuf *out)
{
	uint64_t schema;
	const struct logval *rec;
	if (logread_line(line, len, &w->rec) || logread_get_u64(&w->rec, "schema", &schema) ||
	    schema != 1 || !(rec = logread_find(&w->rec, "rec")) || rec->type != LV_STRING)
		return false;
	/* rec's raw text is the record kind's name: compared as a key's */
	struct logval kind = *rec;
	kind.key = rec->raw;
	kind.key_len = rec->raw_len;
	sb_reset(out);
	sb_putc(out, '{');
	for (unsigned i = 0; i < w->rec.n; i++)
		put_field(out, &kind, &w->rec.v[i], &w->elem, !i);
	sb_putc(out, '}');
	/*
	 * A record whose keys would clash once renamed (a count with both "ctl_msr" and "ctl")
	 * is not one schema 1 wrote: left as it is (w->elem is free once the record is written).
	 */
	return !out->overflow && !logread_line(out->buf, out->len, &w->elem) &&
	       w->elem.n == w->rec.n;
}
