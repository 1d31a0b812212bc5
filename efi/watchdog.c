/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include <efi.h>
#include <efilib.h>
#include <efishellintf.h>
#include "util/fmt.h"
#include "watchdog.h"

/* The firmware reserves codes 0x0000-0xFFFF (UEFI 2.x SetWatchdogTimer); the boot manager uses 0. */
#define WATCHDOG_CODE 0x1EF1A0ull

static BOOLEAN begun, from_shell;
static char plan[160];

static BOOLEAN has_protocol(EFI_HANDLE h, EFI_GUID *guid)
{
	VOID *p = NULL;
	return h && !EFI_ERROR(uefi_call_wrapper(BS->HandleProtocol, 3, h, guid, &p));
}

/*
 * The UEFI Shell puts EFI_SHELL_PARAMETERS_PROTOCOL on every image it starts
 * (UEFI Shell 2.x) and EFI_SHELL_PROTOCOL on its own image handle, our
 * parent; the EFI 1.1 Shell of older firmware puts its shell interface on ours.
 */
static BOOLEAN started_from_shell(EFI_HANDLE image)
{
	EFI_GUID shell_intf = SHELL_INTERFACE_PROTOCOL_GUID;
	EFI_LOADED_IMAGE *li = NULL;
	if (has_protocol(image, &ShellParametersProtocolGuid) || has_protocol(image, &shell_intf))
		return TRUE;
	if (EFI_ERROR(uefi_call_wrapper(BS->HandleProtocol, 3, image, &LoadedImageProtocol,
					(VOID **)&li)))
		return FALSE;
	return has_protocol(li->ParentHandle, &ShellProtocolGuid);
}

static void set_plan(EFI_STATUS st)
{
	struct strbuf sb;
	sb_init(&sb, plan, sizeof(plan));
	sb_puts(&sb, "watchdog: ");
	if (EFI_ERROR(st)) {
		sb_puts(&sb, "cannot be armed (EFI status ");
		sb_hex(&sb, (uint64_t)st);
		sb_puts(&sb, "): a hang needs a manual reset");
		return;
	}
	sb_dec(&sb, WATCHDOG_RUN_S);
	sb_puts(&sb, " s while efipmu runs, then ");
	if (from_shell) {
		sb_puts(&sb, "off again (started from the UEFI Shell)");
	} else {
		sb_dec(&sb, WATCHDOG_BOOT_OPTION_S);
		sb_puts(&sb, " s again (started as a boot option)");
	}
}

void watchdog_begin(EFI_HANDLE image)
{
	static CHAR16 why[] = L"efipmu: run did not end";
	EFI_STATUS st = uefi_call_wrapper(BS->SetWatchdogTimer, 4, WATCHDOG_RUN_S, WATCHDOG_CODE,
					  sizeof(why), why);
	if (!begun)
		from_shell = started_from_shell(image);
	begun = TRUE;
	set_plan(st);
}

void watchdog_end(void)
{
	if (!begun)
		return;
	if (from_shell)
		uefi_call_wrapper(BS->SetWatchdogTimer, 4, 0, 0, 0, NULL);
	else
		uefi_call_wrapper(BS->SetWatchdogTimer, 4, WATCHDOG_BOOT_OPTION_S, 0, 0, NULL);
	begun = FALSE;
}

const char *watchdog_plan(void)
{
	return plan;
}
