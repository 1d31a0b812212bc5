/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The firmware's SMBIOS tables, found in the EFI configuration table (the capture's). */
#ifndef EFIPMU_EFI_SMBIOS_REAL_H
#define EFIPMU_EFI_SMBIOS_REAL_H

#include <efi.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The entry point structure (SMBIOS 3.0's where firmware publishes it, else 2.1's) and
 * the structure table it points at; false when there is none or its entry is malformed.
 */
bool smbios_real_find(const uint8_t **entry, size_t *entry_len, const uint8_t **table,
		      size_t *table_len);

#endif
