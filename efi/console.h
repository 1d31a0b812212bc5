/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * ASCII text to the EFI console (BSP only: AP code never prints), and to COM1
 * by port I/O (any CPU, any state: for what must be said when the console cannot be used).
 */
#ifndef EFIPMU_CONSOLE_H
#define EFIPMU_CONSOLE_H

#include <efi.h>
#include "util/fmt.h"

void con_write(const char *text);          /* '\n' becomes CRLF */
void con_line(struct strbuf *sb);          /* writes sb and a newline, then resets sb */
/*
 * Writes text ('\n' becomes CRLF) to the 16550 at 0x3F8 as the firmware set it
 * up, polling the transmitter: no firmware call, so safe in an exception
 * handler and on an AP. Where no UART answers, the bytes go nowhere.
 */
void com1_write(const char *text);
/* Converts ASCII to UCS-2 into dst (cap CHAR16s, NUL-terminated). */
void ascii_to_ucs2(CHAR16 *dst, UINTN cap, const char *src);
/* Converts UCS-2 to ASCII ('?' for non-ASCII) into dst (cap bytes, NUL-terminated). */
void ucs2_to_ascii(char *dst, UINTN cap, const CHAR16 *src);

#endif
