/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The firmware's ACPI tables, by signature: UEFI 2.10 section 4.6 (EFI Configuration Table)
 * gives the ACPI 2.0 RSDP (ACPI_20_TABLE_GUID); its XSDT (ACPI 6.5 5.2.5.3 RSDP offset 24,
 * 5.2.8 XSDT: 8-byte entries from offset 36) lists every other table, each with its length at
 * offset 4 (5.2.6). One walk for every reader: MCFG (pci_real.c) and the SRAT (the run's,
 * through the backend's acpi_table). Boot CPU only: the configuration table is boot services'.
 */
#include <efi.h>
#include <efilib.h>
#include "hw.h"

static UINT64 get_le(const UINT8 *p, unsigned n)
{
	UINT64 v = 0;
	while (n-- > 0)
		v = v << 8 | p[n];
	return v;
}

static BOOLEAN sig_is(const UINT8 *t, const char *s)
{
	return t[0] == s[0] && t[1] == s[1] && t[2] == s[2] && t[3] == s[3];
}

const UINT8 *acpi_real_find(const char *sig, UINT32 *len)
{
	EFI_GUID acpi20 = ACPI_20_TABLE_GUID;
	const UINT8 *rsdp = NULL;
	for (UINTN i = 0; i < ST->NumberOfTableEntries; i++)
		if (!CompareGuid(&ST->ConfigurationTable[i].VendorGuid, &acpi20))
			rsdp = ST->ConfigurationTable[i].VendorTable;
	if (!rsdp || rsdp[15] < 2)
		return NULL;
	const UINT8 *xsdt = (const UINT8 *)(UINTN)get_le(rsdp + 24, 8);
	if (!xsdt || !sig_is(xsdt, "XSDT"))
		return NULL;
	UINT64 xl = get_le(xsdt + 4, 4);
	for (UINT64 off = 36; off + 8 <= xl; off += 8) {
		const UINT8 *t = (const UINT8 *)(UINTN)get_le(xsdt + off, 8);
		if (t && sig_is(t, sig)) {
			*len = (UINT32)get_le(t + 4, 4);
			return t;
		}
	}
	return NULL;
}

bool acpi_real_table(void *ctx, const char *sig, const uint8_t **table, size_t *len)
{
	UINT32 n = 0;
	(void)ctx;
	*table = acpi_real_find(sig, &n);
	*len = n;
	return *table != NULL;
}
