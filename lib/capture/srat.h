/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The ACPI System Resource Affinity Table (ACPI 6.5 section 5.2.16, "SRAT"): which proximity
 * domain each processor belongs to. Sub-NUMA clustering shows there and nowhere else public: a
 * package whose CPUs fall into N domains runs SNC-N (as Linux perf reads the NUMA topology the
 * kernel built from this table: tools/perf/arch/x86/util/pmu.c, snc_nodes_per_l3_cache). Bytes
 * in (firmware's), no allocation, every offset checked: a malformed table is named and not used.
 */
#ifndef EFIPMU_CAPTURE_SRAT_H
#define EFIPMU_CAPTURE_SRAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "util/status.h"

/* The 36-byte ACPI header (5.2.6), 4 reserved bytes (1) and 8 reserved (5.2.16). */
#define SRAT_HEADER 48
/* The shortest processor structure (type 0, 5.2.16.1): what bounds the processors a table lists. */
#define SRAT_MIN_CPU_ENTRY 16
#define SRAT_PROBLEM 96

/* An enabled processor's entry: its (x2)APIC ID and proximity domain. */
struct srat_cpu {
	uint32_t apic_id, domain;
};

struct srat_result {
	uint8_t revision;
	unsigned ncpus;            /* enabled processor entries (types 0 and 2), in cpu[] */
	unsigned disabled;         /* processor entries with Enabled clear (not placed) */
	unsigned memory;           /* enabled Memory Affinity entries (type 1) */
	unsigned other;            /* other types, skipped by their length */
	char problem[SRAT_PROBLEM];   /* what is malformed ("" when nothing is) */
};

/* The processor entries a table of len bytes can hold: the cap srat_parse needs. */
unsigned srat_max_cpus(size_t len);

/*
 * The table t[0..len): header (signature, length, checksum) and every structure checked,
 * the enabled processors into cpu[0..cap). PMU_ERR_INVALID with out->problem naming the
 * first fault (nothing kept then); PMU_ERR_NOSPACE when more processors than cap.
 */
pmu_status srat_parse(const uint8_t *t, size_t len, struct srat_cpu *cpu, unsigned cap,
		      struct srat_result *out);

/* The domain of the processor of APIC ID apic among cpu[0..n); false when none lists it. */
bool srat_domain_of(const struct srat_cpu *cpu, unsigned n, uint32_t apic, uint32_t *domain);

#endif
