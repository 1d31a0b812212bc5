/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The baseline of `make bench` "time to results": the same firmware booting an
 * app that ends QEMU at once (isa-debug-exit, verdict PASS) and does nothing else.
 */
#include <efi.h>
#include <efilib.h>

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	InitializeLib(image, systab);
	__asm__ volatile("outb %0, %1" : : "a"((UINT8)1), "Nd"((UINT16)0xf4));
	return EFI_SUCCESS;
}
