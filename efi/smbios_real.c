/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * UEFI 2.10 section 4.6 (EFI Configuration Table): SMBIOS3_TABLE_GUID points at the
 * SMBIOS 3.0 entry point, SMBIOS_TABLE_GUID at the 2.1 one (DMTF DSP0134 5.2). Boot
 * services map memory one to one, so the table's physical address is its pointer.
 */
#include <efi.h>
#include <efilib.h>
#include "capture/smbios.h"
#include "smbios_real.h"

static const uint8_t *table_entry(EFI_GUID *g)
{
	for (UINTN i = 0; i < ST->NumberOfTableEntries; i++)
		if (!CompareGuid(&ST->ConfigurationTable[i].VendorGuid, g))
			return ST->ConfigurationTable[i].VendorTable;
	return NULL;
}

bool smbios_real_find(const uint8_t **entry, size_t *entry_len, const uint8_t **table,
		      size_t *table_len)
{
	EFI_GUID v3 = SMBIOS3_TABLE_GUID, v2 = SMBIOS_TABLE_GUID;
	const uint8_t *ep = table_entry(&v3);
	size_t len = 0x18;   /* DSP0134 table 2: the 3.0 entry point's length */
	struct smbios_entry e;
	const char *why;
	if (!ep) {
		ep = table_entry(&v2);
		len = 0x1F;      /* DSP0134 table 1: the 2.1 entry point's length */
	}
	if (!ep || smbios_entry_parse(ep, len, &e, &why) != PMU_OK || !e.table_addr)
		return false;
	*entry = ep;
	*entry_len = len;
	*table = (const uint8_t *)(UINTN)e.table_addr;
	*table_len = e.table_len;
	return true;
}
