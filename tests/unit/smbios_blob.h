/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* SMBIOS entry points made by hand for the capture's tests (DMTF DSP0134 5.2, tables 1 and 2). */
#ifndef EFIPMU_SMBIOS_BLOB_H
#define EFIPMU_SMBIOS_BLOB_H

#include <stddef.h>
#include <stdint.h>

/* Byte `at` of p[0..n) set so the bytes sum to 0 (an entry point's checksum). */
static inline void smbios_checksum(uint8_t *p, size_t n, size_t at)
{
	uint8_t s = 0;
	p[at] = 0;
	for (size_t i = 0; i < n; i++)
		s = (uint8_t)(s + p[i]);
	p[at] = (uint8_t)(0x100 - s);
}

#endif
