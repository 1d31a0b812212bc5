/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Text, message and register-word helpers of the event-spec parser (evspec_internal.h). */
#include "pmu/evspec_internal.h"

static char lc(char c)
{
	return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

static int blank(char c)
{
	return c == ' ' || c == '\t';
}

void evspec_trim(const char **s, size_t *len)
{
	while (*len && blank(**s)) {
		(*s)++;
		(*len)--;
	}
	while (*len && blank((*s)[*len - 1]))
		(*len)--;
}

/* name == s[0..len), ignoring case and how long runs of blanks are. */
int evspec_name_eq(const char *name, const char *s, size_t len)
{
	size_t i = 0;
	while (*name && i < len) {
		if (blank(*name) && blank(s[i])) {
			while (blank(*name))
				name++;
			while (i < len && blank(s[i]))
				i++;
			continue;
		}
		if (lc(*name) != lc(s[i]))
			return 0;
		name++;
		i++;
	}
	return !*name && i == len;
}

size_t evspec_find_char(const char *s, size_t len, char c)
{
	size_t i = 0;
	while (i < len && s[i] != c)
		i++;
	return i;
}

/* Starts err's message; the caller appends to it and returns err->st. */
struct strbuf evspec_err_begin(struct evspec_error *err, pmu_status st, const char *text)
{
	struct strbuf sb;
	err->st = st;
	sb_init(&sb, err->msg, sizeof(err->msg));
	sb_puts(&sb, text);
	return sb;
}

/* The shape of most messages: pre'q'post. */
struct strbuf evspec_err_q(struct evspec_error *err, pmu_status st, const char *pre,
			   const char *q, size_t qlen, const char *post)
{
	struct strbuf sb = evspec_err_begin(err, st, pre);
	sb_putc(&sb, '\'');
	sb_putn_printable(&sb, q, qlen);
	sb_putc(&sb, '\'');
	sb_puts(&sb, post);
	return sb;
}

pmu_status evspec_err_field(struct evspec_error *err, pmu_status st, const struct reg_field *f,
			    const char *post)
{
	evspec_err_q(err, st, "field ", f->name, pmu_strlen(f->name), post);
	return st;
}

const struct reg_field *evspec_field_at(const struct reg_layout *l, unsigned bit)
{
	for (unsigned i = 0; i < l->nfields; i++)
		if ((reg_field_mask(&l->fields[i]) >> bit) & 1)
			return &l->fields[i];
	return NULL;
}

/* Sets a field the caller knows the layout has, with a value the caller knows fits. */
uint64_t evspec_put(const struct reg_layout *l, uint64_t word, const char *name, uint64_t v)
{
	const struct reg_field *f = reg_find_field(l, name, pmu_strlen(name));
	if (f)
		reg_set_field(&word, f, v);
	return word;
}

unsigned evspec_lowest_bit(uint64_t v)
{
	unsigned b = 0;
	while (!((v >> b) & 1))
		b++;
	return b;
}

pmu_status evspec_check_enable(const struct reg_layout *l, uint64_t config, uint64_t enable_mask,
			       struct evspec_error *err)
{
	uint64_t on = config & enable_mask;
	const struct reg_field *f = on ? evspec_field_at(l, evspec_lowest_bit(on)) : NULL;
	return f ? evspec_err_field(err, PMU_ERR_INVALID, f, " is set by efipmu") : PMU_OK;
}

/* Final check of a control word: only bits this CPU implements (allowed) may be set. */
pmu_status evspec_validate(const struct reg_layout *l, uint64_t config, uint64_t allowed,
			   struct evspec_error *err)
{
	unsigned bad;
	pmu_status st = reg_validate(l, config, allowed, &bad);
	if (!st)
		return PMU_OK;
	const struct reg_field *f = evspec_field_at(l, bad);
	if (st == PMU_ERR_INVALID && f)
		return evspec_err_field(err, st, f, " holds an encoding the spec leaves undefined");
	if (f && (f->access == RA_RW || f->access == RA_WO || f->access == RA_W1C))
		return evspec_err_field(err, PMU_ERR_RESERVED, f, " not supported on this CPU");
	struct strbuf sb = evspec_err_begin(err, PMU_ERR_RESERVED, "reserved bit ");
	sb_dec(&sb, bad);
	sb_puts(&sb, " set");
	return err->st;
}

pmu_status evspec_needs_fixed(struct evspec_error *err, const char *name, int idx)
{
	struct strbuf sb = evspec_err_q(err, PMU_ERR_UNSUPPORTED, "event ", name, pmu_strlen(name),
					" needs fixed counter ");
	sb_dec(&sb, (uint64_t)idx);
	sb_puts(&sb, ", which this CPU lacks");
	return err->st;
}
