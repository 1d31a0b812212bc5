/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The model's firmware SRAT (ACPI 6.5 section 5.2.16), laid out from the specification:
 * - the 36-byte header (5.2.6): "SRAT", length, revision 3, checksum (the bytes sum to 0),
 *   OEM ID, table ID and revision, creator ID and revision; then 4 reserved bytes of 1 and 8
 *   reserved (5.2.16);
 * - a processor structure per CPU, Enabled (flags bit 0): type 0 (5.2.16.1, 16 bytes) for an
 *   APIC ID below 255, type 2 (5.2.16.3, 24 bytes) for a larger one, as 5.2.16.3 says x2APIC
 *   IDs of 255 and above are listed;
 * - a Memory Affinity structure (5.2.16.2, 40 bytes) per domain: 16 GiB each, in order.
 * With sim-snc = N each package is N proximity domains, its cores split evenly and in order
 * (the model's choice: no public source says which cores a cluster holds), package p's
 * domains p*N to p*N + N - 1. A loaded profile serves the captured table's bytes instead.
 */
#include "model/model_devs.h"
#include "util/fmt.h"

#define SRAT_MEM_STRIDE (16ull << 30)

static void le(uint8_t *p, uint64_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

size_t model_srat_bytes(unsigned ncpus)
{
	return (48 + (size_t)ncpus * 24 + MODEL_MAX_PKGS * MODEL_MAX_SNC * 40 + 7) & ~(size_t)7;
}

/* Each package's cores (its highest core number + 1; 0: no CPU there). */
static void cores_of(const struct model *m, unsigned cores[MODEL_MAX_PKGS])
{
	pmu_memset(cores, 0, MODEL_MAX_PKGS * sizeof(cores[0]));
	for (unsigned i = 0; i < m->ncpus; i++)
		if (m->core_of[i] + 1 > cores[m->pkg_of[i]])
			cores[m->pkg_of[i]] = m->core_of[i] + 1;
}

pmu_status model_set_snc(struct model *m, unsigned n)
{
	unsigned cores[MODEL_MAX_PKGS];
	if (n > MODEL_MAX_SNC)
		return PMU_ERR_RANGE;
	cores_of(m, cores);
	for (unsigned p = 0; p < MODEL_MAX_PKGS; p++)
		if (cores[p] && cores[p] < n)
			return PMU_ERR_RANGE;   /* fewer cores than clusters */
	m->snc = (uint8_t)n;
	return PMU_OK;
}

/* The table into m->srat; its length. */
static size_t build(const struct model *m)
{
	uint8_t *t = m->srat;
	unsigned cores[MODEL_MAX_PKGS];
	size_t n = 48;
	cores_of(m, cores);
	pmu_memset(t, 0, model_srat_bytes(m->ncpus));
	pmu_memcpy(t, "SRAT", 4);
	t[8] = 3;
	pmu_memcpy(t + 10, "EFIPMU", 6);
	pmu_memcpy(t + 16, "MODEL   ", 8);
	le(t + 24, 1, 4);
	pmu_memcpy(t + 28, "EFIP", 4);
	le(t + 32, 1, 4);
	le(t + 36, 1, 4);
	for (unsigned i = 0; i < m->ncpus; i++) {
		uint32_t apic = model_apic_id(m, i);
		unsigned p = m->pkg_of[i];   /* cores[p] > core_of[i]: never 0 here */
		uint32_t dom = p * m->snc + (cores[p] ? m->core_of[i] * m->snc / cores[p] : 0);
		uint8_t *s = t + n;
		if (apic < 0xFF) {
			s[0] = 0;
			s[1] = 16;
			s[2] = (uint8_t)dom;
			s[3] = (uint8_t)apic;
			le(s + 4, 1, 4);
			le(s + 9, dom >> 8, 3);
		} else {
			s[0] = 2;
			s[1] = 24;
			le(s + 4, dom, 4);
			le(s + 8, apic, 4);
			le(s + 12, 1, 4);
		}
		n += s[1];
	}
	for (unsigned d = 0; d < m->npkgs * m->snc; d++, n += 40) {
		uint8_t *s = t + n;
		s[0] = 1;
		s[1] = 40;
		le(s + 2, d, 4);
		le(s + 8, d * SRAT_MEM_STRIDE, 8);
		le(s + 16, SRAT_MEM_STRIDE, 8);
		le(s + 28, 1, 4);
	}
	le(t + 4, n, 4);
	uint8_t sum = 0;
	for (size_t i = 0; i < n; i++)
		sum = (uint8_t)(sum + t[i]);
	t[9] = (uint8_t)-sum;
	return n;
}

bool model_sim_acpi_table(void *ctx, const char *sig, const uint8_t **table, size_t *len)
{
	const struct model *m = ctx;
	if (sig[0] != 'S' || sig[1] != 'R' || sig[2] != 'A' || sig[3] != 'T')
		return false;
	if (m->snc) {
		*len = build(m);
		*table = m->srat;
		return true;
	}
	*table = m->p->srat;
	*len = m->p->srat_len;
	return m->p->srat != NULL;
}
