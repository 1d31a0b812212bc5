/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "hw/regfield.h"
#include "util/fmt.h"

uint64_t reg_field_max(const struct reg_field *f)
{
	return f->width >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << f->width) - 1);
}

uint64_t reg_field_mask(const struct reg_field *f)
{
	return reg_field_max(f) << f->lsb;
}

uint64_t reg_get_field(uint64_t word, const struct reg_field *f)
{
	return (word >> f->lsb) & reg_field_max(f);
}

static char lower(char c)
{
	return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

/* Does the NUL-terminated word w (ending at a space or NUL) equal name[0..len)? */
static int word_eq(const char *w, const char *name, size_t len)
{
	size_t i = 0;
	for (; i < len; i++) {
		if (!w[i] || w[i] == ' ' || lower(w[i]) != lower(name[i]))
			return 0;
	}
	return !w[i] || w[i] == ' ';
}

uint64_t reg_named_mask(const struct reg_layout *l, const char *name)
{
	const struct reg_field *f = reg_find_field(l, name, pmu_strlen(name));
	return f ? reg_field_mask(f) : 0;
}

const struct reg_field *reg_find_field(const struct reg_layout *l, const char *name, size_t len)
{
	for (unsigned i = 0; i < l->nfields; i++) {
		const struct reg_field *f = &l->fields[i];
		if (f->access == RA_RSV || f->access == RA_IG)
			continue;
		if (word_eq(f->name, name, len))
			return f;
		const char *a = f->aliases ? f->aliases : "";
		while (*a) {
			if (word_eq(a, name, len))
				return f;
			while (*a && *a != ' ')
				a++;
			while (*a == ' ')
				a++;
		}
	}
	return NULL;
}

static uint64_t mask_of(const struct reg_layout *l, int holding_only)
{
	uint64_t m = 0;
	for (unsigned i = 0; i < l->nfields; i++) {
		const struct reg_field *f = &l->fields[i];
		if (f->access == RA_RW || (!holding_only && (f->access == RA_WO || f->access == RA_W1C)))
			m |= reg_field_mask(f);
	}
	return m;
}

uint64_t reg_settable_mask(const struct reg_layout *l)
{
	return mask_of(l, 0);
}

uint64_t reg_holding_mask(const struct reg_layout *l)
{
	return mask_of(l, 1);
}

int reg_value_undefined(const struct reg_layout *l, const struct reg_field *f, uint64_t value)
{
	for (const struct reg_undefined *u = l->undefined; u && u->field; u++)
		if (!pmu_strcmp(u->field, f->name))
			return value < 64 && ((u->values >> value) & 1);
	return 0;
}

pmu_status reg_set_field(uint64_t *word, const struct reg_field *f, uint64_t value)
{
	if (f->access == RA_RO || f->access == RA_RSV || f->access == RA_IG)
		return PMU_ERR_RESERVED;
	if (value > reg_field_max(f))
		return PMU_ERR_RANGE;
	*word = (*word & ~reg_field_mask(f)) | (value << f->lsb);
	return PMU_OK;
}

pmu_status reg_validate(const struct reg_layout *l, uint64_t word, uint64_t allowed,
			unsigned *bad_bit)
{
	uint64_t bad = word & ~(reg_settable_mask(l) & allowed);
	for (unsigned i = 0; !bad && i < l->nfields; i++) {
		const struct reg_field *f = &l->fields[i];
		if (!reg_value_undefined(l, f, reg_get_field(word, f)))
			continue;
		if (bad_bit)
			*bad_bit = f->lsb;
		return PMU_ERR_INVALID;
	}
	if (!bad)
		return PMU_OK;
	unsigned b = 0;
	while (!((bad >> b) & 1))
		b++;
	if (bad_bit)
		*bad_bit = b;
	return PMU_ERR_RESERVED;
}

static int shown(const struct reg_field *f)
{
	return f->access != RA_RSV && f->access != RA_IG;
}

void reg_decode(const struct reg_layout *l, uint64_t word, int all, struct strbuf *sb)
{
	int first = 1;
	for (unsigned i = 0; i < l->nfields; i++) {
		const struct reg_field *f = &l->fields[i];
		uint64_t v = reg_get_field(word, f);
		if (!shown(f) || (!all && !v))
			continue;
		if (!first)
			sb_putc(sb, ' ');
		first = 0;
		sb_puts(sb, f->name);
		sb_putc(sb, '=');
		if (f->width == 1)
			sb_dec(sb, v);
		else
			sb_hex(sb, v);
		if (reg_value_undefined(l, f, v))
			sb_puts(sb, "(undefined)");
	}
}

void reg_decode_json(const struct reg_layout *l, uint64_t word, struct strbuf *sb)
{
	sb_putc(sb, '{');
	for (unsigned i = 0; i < l->nfields; i++) {
		const struct reg_field *f = &l->fields[i];
		if (!shown(f))
			continue;
		sb_json_key(sb, f->name);
		sb_dec(sb, reg_get_field(word, f));
	}
	sb_putc(sb, '}');
}
