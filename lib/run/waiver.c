/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "hw/errata.h"
#include "run/waiver.h"
#include "util/fmt.h"

/* The check kinds a waiver can name: the kernels' claims (run/job_core.c), the box clock
 * agreements (run/uncore_table.c). */
static const struct {
	const char *name;
	enum check_kind kind;
} kinds[] = {
	{ "instructions", CHECK_INSTRUCTIONS }, { "branches", CHECK_BRANCHES },
	{ "loads", CHECK_LOADS }, { "stores", CHECK_STORES }, { "bounded", CHECK_BOUNDED },
	{ "box-clocks", CHECK_BOX_CLOCKS },
};
#define NKINDS (sizeof(kinds) / sizeof(kinds[0]))

struct tok {
	const char *s;
	size_t n;
};

static bool tok_is(struct tok t, const char *word)
{
	size_t n = pmu_strlen(word);
	return t.n == n && !pmu_strncmp(t.s, word, n);
}

/* "LINE: why'quoted'after" into e: PMU_ERR_INVALID, for the caller to return. */
static pmu_status fail(struct strbuf *e, unsigned line, const char *why, struct tok quoted,
		       const char *after)
{
	sb_dec(e, line);
	sb_puts(e, ": ");
	sb_puts(e, why);
	if (quoted.s) {
		sb_putc(e, '\'');
		sb_putn_printable(e, quoted.s, quoted.n);
		sb_putc(e, '\'');
	}
	sb_puts(e, after);
	return PMU_ERR_INVALID;
}

static bool hex_byte(struct tok t, unsigned max_digits, uint8_t *out)
{
	unsigned v = 0;
	if (!t.n || t.n > max_digits)
		return false;
	for (size_t i = 0; i < t.n; i++) {
		int d = pmu_hex_digit(t.s[i]);
		if (d < 0)
			return false;
		v = v << 4 | (unsigned)d;
	}
	*out = (uint8_t)v;
	return true;
}

/* FF-MM or FF-MM-S, hex. */
static bool parse_signature(struct tok v, struct waiver *w)
{
	struct tok part[3];
	unsigned n = 0;
	size_t start = 0;
	for (size_t i = 0; i <= v.n; i++) {
		if (i < v.n && v.s[i] != '-')
			continue;
		if (n == 3)
			return false;
		part[n++] = (struct tok){ v.s + start, i - start };
		start = i + 1;
	}
	if (n < 2 || !hex_byte(part[0], 2, &w->family) || !hex_byte(part[1], 2, &w->model))
		return false;
	w->has_sig = true;
	w->has_stepping = n == 3;
	return n == 2 || hex_byte(part[2], 1, &w->stepping);
}

/* One key=value (not ref) into w; seen marks the keys given. */
static pmu_status parse_term(struct strbuf *e, unsigned line, struct tok key, struct tok val,
			     struct waiver *w, unsigned *seen)
{
	static const char *const keys[] = { "signature", "microcode-below", "check", "event" };
	unsigned k = 0;
	while (k < 4 && !tok_is(key, keys[k]))
		k++;
	if (k == 4)
		return fail(e, line, "unknown key ", key,
			    " (signature, microcode-below, check, event, ref)");
	if (*seen & 1u << k)
		return fail(e, line, "", key, " given twice");
	*seen |= 1u << k;
	uint64_t u;
	switch (k) {
	case 0:
		if (!parse_signature(val, w))
			return fail(e, line, "signature ", val, " is not FF-MM or FF-MM-S (hex)");
		return PMU_OK;
	case 1:
		if (!pmu_parse_u64(val.s, val.n, &u) || !u || u > 0xffffffffu)
			return fail(e, line, "microcode-below ", val, " is not a revision 1 to 0xffffffff");
		w->microcode_below = (uint32_t)u;
		return PMU_OK;
	case 2:
		for (unsigned i = 0; i < NKINDS; i++)
			if (tok_is(val, kinds[i].name)) {
				w->kind = (int8_t)kinds[i].kind;
				return PMU_OK;
			}
		return fail(e, line, "check ", val,
			    " is not one a waiver can name (instructions, branches, loads, stores, "
			    "bounded, box-clocks)");
	default:
		if (!val.n || val.n >= sizeof(w->event))
			return fail(e, line, "event ", val, " is empty or longer than 63 characters");
		pmu_memcpy(w->event, val.s, val.n);
		w->event[val.n] = 0;
		return PMU_OK;
	}
}

static bool blank(char c)
{
	return c == ' ' || c == '\t';
}

/* One line (no newline) that is not blank or a comment, into w. */
static pmu_status parse_line(struct strbuf *e, unsigned line, const char *s, size_t n,
			     struct waiver *w)
{
	unsigned seen = 0;
	size_t i = 0;
	pmu_memset(w, 0, sizeof(*w));
	w->line = (uint16_t)line;
	w->kind = -1;
	for (;;) {
		while (i < n && blank(s[i]))
			i++;
		if (i == n)
			return fail(e, line, "no ref= (the reference a waived check shows)", (struct tok){ 0 }, "");
		size_t start = i;
		while (i < n && !blank(s[i]) && s[i] != '=')
			i++;
		struct tok key = { s + start, i - start };
		if (i == n || s[i] != '=') {
			while (i < n && !blank(s[i]))
				i++;
			return fail(e, line, "", (struct tok){ s + start, i - start }, " is not KEY=VALUE");
		}
		i++;
		if (tok_is(key, "ref")) {
			while (n > i && blank(s[n - 1]))
				n--;
			if (i == n || n - i >= sizeof(w->ref))
				return fail(e, line, "ref is empty or longer than 79 characters",
					    (struct tok){ 0 }, "");
			pmu_memcpy(w->ref, s + i, n - i);
			w->ref[n - i] = 0;
			break;
		}
		start = i;
		while (i < n && !blank(s[i]))
			i++;
		pmu_status st = parse_term(e, line, key, (struct tok){ s + start, i - start }, w, &seen);
		if (st)
			return st;
	}
	if (w->kind < 0 && !w->event[0])
		return fail(e, line, "names no check= or event=: it would waive every failure",
			    (struct tok){ 0 }, "");
	return PMU_OK;
}

pmu_status waiver_parse(const char *text, size_t n, struct waiver_set *out, char *err, size_t cap)
{
	struct strbuf e;
	unsigned line = 0;
	pmu_status st = PMU_OK;
	sb_init(&e, err, cap);
	out->n = 0;
	for (size_t at = 0; at < n && !st;) {
		size_t end = at;
		while (end < n && text[end] != '\n')
			end++;
		size_t len = end - at;
		line++;
		if (len && text[at + len - 1] == '\r')
			len--;
		for (size_t i = 0; i < len && !st; i++)
			if ((text[at + i] < 0x20 && text[at + i] != '\t') || text[at + i] > 0x7e)
				st = fail(&e, line, "a byte that is not printable ASCII", (struct tok){ 0 }, "");
		size_t i = 0;
		while (i < len && blank(text[at + i]))
			i++;
		if (!st && i < len && text[at + i] != '#') {
			if (out->n == WAIVER_MAX)
				st = fail(&e, line, "more than 32 waivers", (struct tok){ 0 }, "");
			else if (!(st = parse_line(&e, line, text + at, len, &out->w[out->n])))
				out->n++;
		}
		at = end + 1;
	}
	if (st)
		out->n = 0;
	return st;
}

static bool erratum_explains(const struct erratum *x, const struct waiver_subject *s)
{
	uint64_t c = s->config;
	return s->intel && s->gp && x->family == s->family && x->model == s->model &&
	       s->stepping < 16 && (x->steppings >> s->stepping & 1) &&
	       (!x->core_type || x->core_type == s->core_type) &&
	       (!x->native_model || x->native_model == s->native_model) &&
	       x->code == (c & 0xff) && x->umask == (c >> 8 & 0xff) && x->inv == (c >> 23 & 1) &&
	       x->cmask == (c >> 24 & 0xff);
}

static bool lab_explains(const struct waiver *w, const struct waiver_subject *s)
{
	if (w->has_sig && (w->family != s->family || w->model != s->model ||
			   (w->has_stepping && w->stepping != s->stepping)))
		return false;
	if (w->microcode_below && s->microcode >= w->microcode_below)
		return false;
	if (w->kind >= 0 && (enum check_kind)w->kind != s->kind)
		return false;
	return !w->event[0] || (s->event && !pmu_strcmp(w->event, s->event));
}

bool waiver_match(struct waiver_set *lab, const struct waiver_subject *s, struct waiver_hit *hit)
{
	for (unsigned i = 0; i < errata_count; i++)
		if (erratum_explains(&errata[i], s)) {
			*hit = (struct waiver_hit){ errata[i].id, errata[i].list, NULL };
			return true;
		}
	for (unsigned i = 0; lab && i < lab->n; i++)
		if (lab_explains(&lab->w[i], s)) {
			lab->w[i].matched++;
			*hit = (struct waiver_hit){ lab->w[i].ref, NULL, &lab->w[i] };
			return true;
		}
	return false;
}

void waiver_format(const struct waiver *w, struct strbuf *sb)
{
	if (w->has_sig) {
		sb_puts(sb, "signature=");
		sb_hex_digits(sb, w->family, 2);
		sb_putc(sb, '-');
		sb_hex_digits(sb, w->model, 2);
		if (w->has_stepping) {
			sb_putc(sb, '-');
			sb_hex_digits(sb, w->stepping, 1);
		}
		sb_putc(sb, ' ');
	}
	if (w->microcode_below) {
		sb_puts(sb, "microcode-below=");
		sb_hex(sb, w->microcode_below);
		sb_putc(sb, ' ');
	}
	for (unsigned i = 0; i < NKINDS; i++)
		if (w->kind == (int8_t)kinds[i].kind) {
			sb_puts(sb, "check=");
			sb_puts(sb, kinds[i].name);
			sb_putc(sb, ' ');
		}
	if (w->event[0]) {
		sb_puts(sb, "event=");
		sb_puts(sb, w->event);
		sb_putc(sb, ' ');
	}
	sb_puts(sb, "ref=");
	sb_puts(sb, w->ref);
}

void waiver_describe(const struct waiver_hit *hit, const char *file, struct strbuf *sb)
{
	sb_puts(sb, hit->ref);
	if (hit->lab) {
		sb_puts(sb, " (");
		sb_puts(sb, file);
		sb_putc(sb, ':');
		sb_dec(sb, hit->lab->line);
		sb_putc(sb, ')');
		return;
	}
	sb_puts(sb, " (Intel erratum named by event list ");
	sb_puts(sb, hit->list);
	sb_puts(sb, ", title UNCONFIRMED)");
}
