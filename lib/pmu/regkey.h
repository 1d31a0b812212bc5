/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * One 32-bit key for every register the engines touch, so ownership records,
 * dry-run records and the uncore engine hold MSRs, PCI configuration registers
 * and MMIO registers alike:
 *   MSR   the MSR number (no MSR of Intel or AMD lies in 0x80000000-0xBFFFFFFF);
 *   PCI   0x80000000 | seg << 28 | bus << 20 | dev << 15 | fn << 12 | offset
 *         (segment 0 or 1);
 *   MMIO  0xA0000000 | slot << 20 | offset, slot the PMON registry's region
 *         (pmu/pmon_registry.h) and offset within it (below 1 MiB).
 * Bit 0 of a PCI or MMIO key (offsets are dword aligned) marks a 64-bit
 * register: two dwords in config space (a 44/48-bit PMON counter), one 8-byte
 * MMIO access.
 */
#ifndef EFIPMU_REGKEY_H
#define EFIPMU_REGKEY_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/backend.h"
#include "pmu/pmon_registry.h"
#include "pmu/regname.h"
#include "util/fmt.h"

#define REGKEY_PCI_TAG  0x80000000u
#define REGKEY_MMIO_TAG 0xA0000000u
#define REGKEY_WIDE     1u

static inline bool regkey_is_pci(uint32_t k)
{
	return k >> 29 == 4;
}

static inline bool regkey_is_mmio(uint32_t k)
{
	return k >> 29 == 5;
}

static inline bool regkey_is_msr(uint32_t k)
{
	return !regkey_is_pci(k) && !regkey_is_mmio(k);
}

/* The key of a's dword (0 where the segment is beyond 1). */
static inline uint32_t regkey_pci(struct pmu_pci_addr a)
{
	if (a.seg > 1)
		return 0;
	return REGKEY_PCI_TAG | (uint32_t)a.seg << 28 | (uint32_t)a.bus << 20 |
	       (uint32_t)(a.dev & 31) << 15 | (uint32_t)(a.fn & 7) << 12 | (a.off & 0xFFCu);
}

static inline struct pmu_pci_addr regkey_pci_addr(uint32_t k)
{
	struct pmu_pci_addr a = { (uint16_t)(k >> 28 & 1), (uint8_t)(k >> 20), (uint8_t)(k >> 15 & 31),
				  (uint8_t)(k >> 12 & 7), (uint16_t)(k & 0xFFCu) };
	return a;
}

static inline uint32_t regkey_mmio(unsigned slot, uint32_t off)
{
	return REGKEY_MMIO_TAG | (slot & 0x1FFu) << 20 | (off & 0xFFFFCu);
}

/* The PMON registry's region of an MMIO key (regkey_mmio's slot). */
static inline unsigned regkey_mmio_slot(uint32_t k)
{
	return k >> 20 & 0x1FFu;
}

/* Reads or writes the register of key through b (64-bit PCI registers as two dwords). */
pmu_status pmu_reg_read(const struct pmu_backend *b, unsigned cpu, uint32_t key, uint64_t *val);
pmu_status pmu_reg_write(const struct pmu_backend *b, unsigned cpu, uint32_t key, uint64_t val);

/*
 * The log's name of key (regname.h); r gives an MMIO slot's base (NULL: the registry
 * regkey_names set, which the run's scan sets, so logs name MMIO by address). false: an MMIO
 * key whose slot r does not hold.
 */
bool regkey_name(const struct pmon_registry *r, uint32_t key, struct regname *n);
void regkey_names(const struct pmon_registry *r);
/*
 * For the console: "0x38d" (an MSR, which the text around it names), else the key's log name,
 * or "mmio slot 3+0x840" when r (NULL: regkey_names') does not hold its slot.
 */
void regkey_put(struct strbuf *sb, const struct pmon_registry *r, uint32_t key);

#endif
