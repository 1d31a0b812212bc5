/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "capture/smbios.h"
#include "util/fmt.h"

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)le16(p) | (uint32_t)le16(p + 2) << 16;
}

static uint64_t le64(const uint8_t *p)
{
	return (uint64_t)le32(p) | (uint64_t)le32(p + 4) << 32;
}

static bool sums_to_zero(const uint8_t *p, size_t n)
{
	uint8_t s = 0;
	for (size_t i = 0; i < n; i++)
		s = (uint8_t)(s + p[i]);
	return s == 0;
}

static pmu_status bad(const char **why, const char *what)
{
	*why = what;
	return PMU_ERR_INVALID;
}

/* DSP0134 5.2.1 (table 1, 2.1 32-bit) and 5.2.2 (table 2, 3.0 64-bit). */
pmu_status smbios_entry_parse(const uint8_t *ep, size_t len, struct smbios_entry *out,
			      const char **why)
{
	pmu_memset(out, 0, sizeof(*out));
	*why = NULL;
	if (len >= 0x18 && !pmu_strncmp((const char *)ep, "_SM3_", 5)) {
		if (ep[6] < 0x18 || ep[6] > len || !sums_to_zero(ep, ep[6]))
			return bad(why, "SMBIOS 3.0 entry point: bad length or checksum");
		out->is64 = true;
		out->major = ep[7];
		out->minor = ep[8];
		out->docrev = ep[9];
		out->table_len = le32(ep + 0x0C);
		out->table_addr = le64(ep + 0x10);
		return PMU_OK;
	}
	if (len >= 0x1F && !pmu_strncmp((const char *)ep, "_SM_", 4)) {
		if (ep[5] < 0x1F || ep[5] > len || !sums_to_zero(ep, ep[5]))
			return bad(why, "SMBIOS 2.1 entry point: bad length or checksum");
		if (pmu_strncmp((const char *)ep + 0x10, "_DMI_", 5) || !sums_to_zero(ep + 0x10, 0x0F))
			return bad(why, "SMBIOS 2.1 entry point: bad intermediate anchor or checksum");
		out->major = ep[6];
		out->minor = ep[7];
		out->table_len = le16(ep + 0x16);
		out->table_addr = le32(ep + 0x18);
		return PMU_OK;
	}
	return bad(why, "no SMBIOS entry point anchor (_SM_ or _SM3_)");
}

/* DSP0134 6.1.2: a 4-byte header (type, length, handle), then the strings up to a double NUL. */
pmu_status smbios_next(const uint8_t *table, size_t len, size_t *pos, struct smbios_struct *s)
{
	size_t p = *pos;
	if (p + 4 > len)
		return PMU_ERR_NOT_FOUND;
	s->type = table[p];
	s->len = table[p + 1];
	s->handle = le16(table + p + 2);
	if (s->len < 4 || p + s->len > len)
		return PMU_ERR_INVALID;
	s->fmt = table + p;
	size_t q = p + s->len;
	s->strings = (const char *)table + q;
	/* the string set: at least two NULs (no strings) or strings each ended by one, then one more */
	while (q + 1 < len && !(table[q] == 0 && table[q + 1] == 0))
		q++;
	if (q + 1 >= len)
		return PMU_ERR_INVALID;
	s->strings_len = q - (p + s->len);
	*pos = q + 2;
	return PMU_OK;
}

void smbios_string(const struct smbios_struct *s, uint8_t n, char *buf, size_t cap)
{
	size_t i = 0, o = 0;
	if (!cap)
		return;
	buf[0] = 0;
	for (unsigned k = 1; n && k < n && i < s->strings_len; k++) {
		while (i < s->strings_len && s->strings[i])
			i++;
		i++;
	}
	if (!n || i >= s->strings_len)
		return;
	for (; i < s->strings_len && s->strings[i] && o + 1 < cap; i++) {
		char c = s->strings[i];
		buf[o++] = c >= 0x20 && c < 0x7F ? c : '?';
	}
	buf[o] = 0;
}

/* Byte `off` of the formatted area, if the structure is that long (older versions are shorter). */
static bool has(const struct smbios_struct *s, unsigned off, unsigned size)
{
	return off + size <= s->len;
}

static void str_at(const struct smbios_struct *s, unsigned off, char *buf)
{
	buf[0] = 0;
	if (has(s, off, 1))
		smbios_string(s, s->fmt[off], buf, SMBIOS_STR);
}

/* DSP0134 7.1, table 6: BIOS Information. */
static void type0(const struct smbios_struct *s, struct smbios_ident *id)
{
	id->have_bios = true;
	str_at(s, 0x04, id->bios_vendor);
	str_at(s, 0x05, id->bios_version);
	str_at(s, 0x08, id->bios_date);
	if (has(s, 0x14, 2)) {
		id->bios_major = s->fmt[0x14];
		id->bios_minor = s->fmt[0x15];
	}
}

/* DSP0134 7.2, table 10: System Information (0x07 serial and 0x08 UUID are not kept). */
static void type1(const struct smbios_struct *s, struct smbios_ident *id)
{
	id->have_system = true;
	str_at(s, 0x04, id->sys_manufacturer);
	str_at(s, 0x05, id->sys_product);
	str_at(s, 0x06, id->sys_version);
	str_at(s, 0x19, id->sys_sku);
	str_at(s, 0x1A, id->sys_family);
}

/* DSP0134 7.3, table 13: Baseboard Information (0x07 serial, 0x08 asset tag not kept). */
static void type2(const struct smbios_struct *s, struct smbios_ident *id)
{
	id->have_board = true;
	str_at(s, 0x04, id->board_manufacturer);
	str_at(s, 0x05, id->board_product);
	str_at(s, 0x06, id->board_version);
}

/* DSP0134 7.5, table 21: Processor Information (0x20 serial, 0x21 asset tag not kept). */
static void type4(const struct smbios_struct *s, struct smbios_ident *id)
{
	if (id->nsockets++ >= SMBIOS_MAX_SOCKETS)
		return;
	struct smbios_socket *k = &id->socket[id->nsockets - 1];
	str_at(s, 0x04, k->designation);
	str_at(s, 0x07, k->manufacturer);
	str_at(s, 0x10, k->version);
	str_at(s, 0x22, k->part);
	if (has(s, 0x08, 8))
		k->id = le64(s->fmt + 0x08);
	if (has(s, 0x14, 4)) {
		k->max_mhz = le16(s->fmt + 0x14);
		k->cur_mhz = le16(s->fmt + 0x16);
	}
	if (has(s, 0x18, 1))
		k->populated = (s->fmt[0x18] >> 6) & 1;
	if (has(s, 0x23, 3)) {
		k->cores = s->fmt[0x23];
		k->threads = s->fmt[0x25];
	}
	/* 3.0: 0xFF in the byte fields means the count is in Core Count 2 / Thread Count 2 */
	if (has(s, 0x2A, 2) && k->cores == 0xFF)
		k->cores = le16(s->fmt + 0x2A);
	if (has(s, 0x2E, 2) && k->threads == 0xFF)
		k->threads = le16(s->fmt + 0x2E);
}

pmu_status smbios_identity(const uint8_t *table, size_t len, struct smbios_ident *id)
{
	struct smbios_struct s;
	size_t pos = 0;
	pmu_status st;
	pmu_memset(id, 0, sizeof(*id));
	id->bios_major = id->bios_minor = 0xFF;
	while ((st = smbios_next(table, len, &pos, &s)) == PMU_OK) {
		id->nstructs++;
		if (s.type == 0)
			type0(&s, id);
		else if (s.type == 1)
			type1(&s, id);
		else if (s.type == 2)
			type2(&s, id);
		else if (s.type == 4)
			type4(&s, id);
		else if (s.type == 127)
			return PMU_OK;   /* End-of-Table (DSP0134 7.45) */
	}
	if (st == PMU_ERR_NOT_FOUND)
		return PMU_OK;
	id->problem = "an SMBIOS structure runs past the table or is shorter than its header";
	return st;
}
