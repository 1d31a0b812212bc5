/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include <efi.h>
#include <efilib.h>
#include "console.h"
#include "hw.h"

void ascii_to_ucs2(CHAR16 *dst, UINTN cap, const char *src)
{
	UINTN i = 0;
	if (!cap)
		return;
	for (; i + 1 < cap && src[i]; i++)
		dst[i] = (CHAR16)(unsigned char)src[i];
	dst[i] = 0;
}

void ucs2_to_ascii(char *dst, UINTN cap, const CHAR16 *src)
{
	UINTN i = 0;
	if (!cap)
		return;
	for (; i + 1 < cap && src[i]; i++)
		dst[i] = src[i] < 0x80 ? (char)src[i] : '?';
	dst[i] = '\0';
}

void con_write(const char *text)
{
	CHAR16 chunk[129];
	UINTN n = 0;
	for (const char *p = text;; p++) {
		int flush = !*p || n >= 124;
		if (*p == '\n') {
			chunk[n++] = '\r';
			chunk[n++] = '\n';
			flush = 1;
		} else if (*p) {
			chunk[n++] = (CHAR16)(unsigned char)*p;
		}
		if (flush && n) {
			chunk[n] = 0;
			uefi_call_wrapper(ST->ConOut->OutputString, 2, ST->ConOut, chunk);
			n = 0;
		}
		if (!*p)
			break;
	}
}

void con_line(struct strbuf *sb)
{
	con_write(sb->buf);
	con_write("\n");
	sb_reset(sb);
}

#define COM1 0x3F8
#define COM1_LSR (COM1 + 5)
#define LSR_THRE 0x20           /* transmit holding register empty */
#define COM1_POLLS 100000u      /* ~100 ms of port reads: a stuck UART must not stall us */

static void com1_putc(char c)
{
	for (unsigned i = 0; i < COM1_POLLS && !(hw_inb(COM1_LSR) & LSR_THRE); i++)
		;
	hw_outb(COM1, (UINT8)c);
}

void com1_write(const char *text)
{
	for (const char *p = text; *p; p++) {
		if (*p == '\n')
			com1_putc('\r');
		com1_putc(*p);
	}
}
