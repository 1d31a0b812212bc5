/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The SRAT parser (capture/srat.h), from ACPI 6.5 section 5.2.16:
 * - 5.2.16: the header, structures from byte 48 on, each starting with its type (byte 0)
 *   and length (byte 1); the table's bytes sum to 0 (5.2.6, Checksum);
 * - 5.2.16.1, type 0 Processor Local APIC/SAPIC Affinity, 16 bytes: proximity domain bits
 *   7:0 at byte 2, APIC ID at byte 3, flags at 4 (bit 0 Enabled), bits 31:8 of the domain at 9-11;
 * - 5.2.16.2, type 1 Memory Affinity, 40 bytes: flags at 28 (bit 0 Enabled);
 * - 5.2.16.3, type 2 Processor Local x2APIC Affinity, 24 bytes: domain at 4, x2APIC ID at 8,
 *   flags at 12 (bit 0 Enabled).
 * Other types (GICC, GIC ITS, Generic Initiator and Port affinity) are skipped by their length.
 */
#include "capture/srat.h"
#include "util/fmt.h"

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

unsigned srat_max_cpus(size_t len)
{
	return len > SRAT_HEADER ? (unsigned)((len - SRAT_HEADER) / SRAT_MIN_CPU_ENTRY) : 0;
}

/* "what at offset N" into out->problem; PMU_ERR_INVALID. */
static pmu_status bad(struct srat_result *out, const char *what, size_t at)
{
	struct strbuf sb;
	sb_init(&sb, out->problem, sizeof(out->problem));
	sb_puts(&sb, what);
	if (at) {
		sb_puts(&sb, " at offset ");
		sb_dec(&sb, at);
	}
	out->ncpus = 0;
	return PMU_ERR_INVALID;
}

bool srat_domain_of(const struct srat_cpu *cpu, unsigned n, uint32_t apic, uint32_t *domain)
{
	for (unsigned i = 0; i < n; i++)
		if (cpu[i].apic_id == apic) {
			*domain = cpu[i].domain;
			return true;
		}
	return false;
}

/* A processor entry kept, unless its APIC ID is listed already (a malformed table). */
static pmu_status add_cpu(struct srat_cpu *cpu, unsigned cap, struct srat_result *out,
			  uint32_t apic, uint32_t domain, size_t at)
{
	uint32_t was;
	if (srat_domain_of(cpu, out->ncpus, apic, &was))
		return bad(out, "a processor listed twice", at);
	if (out->ncpus == cap)
		return PMU_ERR_NOSPACE;
	cpu[out->ncpus++] = (struct srat_cpu){ apic, domain };
	return PMU_OK;
}

/* The structure at s (offset at): its length checked for its type, its entry kept. */
static pmu_status take(const uint8_t *s, size_t at, struct srat_cpu *cpu, unsigned cap,
		       struct srat_result *out)
{
	static const uint8_t want[3] = { 16, 40, 24 };
	uint8_t type = s[0], n = s[1];
	if (type < 3 && n != want[type])
		return bad(out, type == 1 ? "a Memory Affinity structure not 40 bytes long" :
			   "a processor affinity structure of the wrong length", at);
	if (type == 0 && (s[4] & 1))
		return add_cpu(cpu, cap, out, s[3],
			       (uint32_t)s[2] | (uint32_t)s[9] << 8 | (uint32_t)s[10] << 16 |
			       (uint32_t)s[11] << 24, at);
	if (type == 2 && (le32(s + 12) & 1))
		return add_cpu(cpu, cap, out, le32(s + 8), le32(s + 4), at);
	if (type == 0 || type == 2)
		out->disabled++;
	else if (type == 1)
		out->memory += le32(s + 28) & 1;
	else
		out->other++;
	return PMU_OK;
}

pmu_status srat_parse(const uint8_t *t, size_t len, struct srat_cpu *cpu, unsigned cap,
		      struct srat_result *out)
{
	pmu_memset(out, 0, sizeof(*out));
	if (len < SRAT_HEADER)
		return bad(out, "the SRAT is shorter than its 48-byte header", 0);
	if (t[0] != 'S' || t[1] != 'R' || t[2] != 'A' || t[3] != 'T')
		return bad(out, "the table's signature is not SRAT", 0);
	uint32_t tl = le32(t + 4);
	if (tl < SRAT_HEADER || tl > len)
		return bad(out, "the SRAT's length field is shorter than its header or past its bytes",
			   0);
	uint8_t sum = 0;
	for (uint32_t i = 0; i < tl; i++)
		sum = (uint8_t)(sum + t[i]);
	if (sum)
		return bad(out, "the SRAT's bytes do not sum to 0 (its checksum)", 0);
	out->revision = t[8];
	for (size_t at = SRAT_HEADER; at < tl;) {
		if (tl - at < 2 || t[at + 1] < 2)
			return bad(out, "a structure shorter than its type and length bytes", at);
		if (t[at + 1] > tl - at)
			return bad(out, "a structure that runs past the table's end", at);
		pmu_status st = take(t + at, at, cpu, cap, out);
		if (st)
			return st;
		at += t[at + 1];
	}
	return PMU_OK;
}
