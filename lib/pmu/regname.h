/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A register as the log names it (schema 2, docs/log.md): by its kind and address, under
 * kind-neutral keys ("ctl", "ctr"): "msr 0x186", "pci 0000:7f:10.4+0xd8", "mmio 0xc1126840".
 * One formatter for the writer and one parser for every reader; the parser also takes
 * schema 1's bare MSR number ("0x186").
 */
#ifndef EFIPMU_REGNAME_H
#define EFIPMU_REGNAME_H

#include <stddef.h>
#include <stdint.h>
#include "pmu/backend.h"
#include "util/fmt.h"
#include "util/status.h"

enum regname_kind { REGNAME_MSR, REGNAME_PCI, REGNAME_MMIO };

struct regname {
	uint8_t kind;               /* enum regname_kind */
	uint64_t at;                /* MSR: its number; MMIO: its physical address */
	struct pmu_pci_addr pci;    /* PCI: segment, bus, device, function and offset */
};

/* "msr 0x186", "pci 0000:7f:10.4+0xd8", "mmio 0xc1126840". */
void regname_put(struct strbuf *sb, const struct regname *n);
/* "pci 0000:7f:10.4": a PCI function alone. */
void regname_put_fn(struct strbuf *sb, struct pmu_pci_addr a);
/*
 * s[0..len) (not NUL-terminated) as a register name, or schema 1's "0x186" (an MSR).
 * PMU_ERR_INVALID for anything else: another word, a number out of range, text after it.
 */
pmu_status regname_parse(const char *s, size_t len, struct regname *n);
bool regname_eq(const struct regname *a, const struct regname *b);
/* The kind's word: "msr", "pci", "mmio". */
const char *regname_kind_str(const struct regname *n);

#endif
