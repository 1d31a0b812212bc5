/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Register keys (regkey.h): one read and one write for MSR, PCI and MMIO registers. */
#include "pmu/regkey.h"

static pmu_status mmio_addr(const struct pmu_backend *b, uint32_t key, uint64_t *addr)
{
	const struct pmon_registry *r = b->pmon;
	unsigned slot = regkey_mmio_slot(key);
	if (!r || slot >= r->n || r->r[slot].kind != PMON_MMIO)
		return PMU_ERR_NOT_FOUND;
	*addr = r->r[slot].base + (key & 0xFFFFCu);
	return PMU_OK;
}

/*
 * A 64-bit PMON counter in two dwords: the high one, the low one, the high one
 * again; where the high dword moved (a carry between the reads) the low one is
 * read again and goes with the second high (Intel 327043, section 1.8: counters
 * are read as two 32-bit accesses).
 */
static pmu_status pci_read64(const struct pmu_backend *b, unsigned cpu, struct pmu_pci_addr lo,
			     uint64_t *val)
{
	struct pmu_pci_addr hi = lo;
	uint32_t h0 = 0, l = 0, h1 = 0;
	hi.off = (uint16_t)(lo.off + 4);
	pmu_status st = pmu_pci_read(b, cpu, hi, &h0);
	if (!st)
		st = pmu_pci_read(b, cpu, lo, &l);
	if (!st)
		st = pmu_pci_read(b, cpu, hi, &h1);
	if (!st && h1 != h0)
		st = pmu_pci_read(b, cpu, lo, &l);
	*val = st ? 0 : (uint64_t)h1 << 32 | l;
	return st;
}

pmu_status pmu_reg_read(const struct pmu_backend *b, unsigned cpu, uint32_t key, uint64_t *val)
{
	if (regkey_is_msr(key))
		return pmu_rdmsr(b, cpu, key, val);
	if (regkey_is_pci(key)) {
		uint32_t v;
		if (key & REGKEY_WIDE)
			return pci_read64(b, cpu, regkey_pci_addr(key), val);
		pmu_status st = pmu_pci_read(b, cpu, regkey_pci_addr(key), &v);
		*val = st ? 0 : v;
		return st;
	}
	uint64_t addr;
	pmu_status st = mmio_addr(b, key, &addr);
	*val = 0;
	return st ? st : pmu_mmio_read(b, cpu, addr, key & REGKEY_WIDE ? 8 : 4, val);
}

pmu_status pmu_reg_write(const struct pmu_backend *b, unsigned cpu, uint32_t key, uint64_t val)
{
	if (regkey_is_msr(key))
		return pmu_wrmsr(b, cpu, key, val);
	if (regkey_is_pci(key)) {
		struct pmu_pci_addr a = regkey_pci_addr(key);
		if (!(key & REGKEY_WIDE))
			return val >> 32 ? PMU_ERR_RANGE : pmu_pci_write(b, cpu, a, (uint32_t)val);
		/* Low dword first: the engine writes counters with their box frozen. */
		pmu_status st = pmu_pci_write(b, cpu, a, (uint32_t)val);
		a.off = (uint16_t)(a.off + 4);
		return st ? st : pmu_pci_write(b, cpu, a, (uint32_t)(val >> 32));
	}
	uint64_t addr;
	pmu_status st = mmio_addr(b, key, &addr);
	return st ? st : pmu_mmio_write(b, cpu, addr, key & REGKEY_WIDE ? 8 : 4, val);
}

static const struct pmon_registry *names;

void regkey_names(const struct pmon_registry *r)
{
	names = r;
}

bool regkey_name(const struct pmon_registry *r, uint32_t key, struct regname *n)
{
	if (!r)
		r = names;
	n->kind = REGNAME_MSR;
	n->at = key;
	n->pci = regkey_pci_addr(key);
	if (regkey_is_pci(key)) {
		n->kind = REGNAME_PCI;
		n->at = 0;
	} else if (regkey_is_mmio(key)) {
		unsigned slot = regkey_mmio_slot(key);
		n->kind = REGNAME_MMIO;
		if (!r || slot >= r->n || r->r[slot].kind != PMON_MMIO)
			return false;
		n->at = r->r[slot].base + (key & 0xFFFFCu);
	}
	return true;
}

void regkey_put(struct strbuf *sb, const struct pmon_registry *r, uint32_t key)
{
	struct regname n;
	if (regkey_is_msr(key)) {
		sb_hex(sb, key);   /* the console's "MSR 0x38d" */
		return;
	}
	if (regkey_name(r, key, &n)) {
		regname_put(sb, &n);
		return;
	}
	sb_puts(sb, "mmio slot ");
	sb_dec(sb, regkey_mmio_slot(key));
	sb_putc(sb, '+');
	sb_hex(sb, key & 0xFFFFCu);
}
