/* ASCII text to the EFI console (BSP only: AP code never prints). */
#ifndef EFIPMU_CONSOLE_H
#define EFIPMU_CONSOLE_H

#include <efi.h>
#include "util/fmt.h"

void con_write(const char *text);          /* '\n' becomes CRLF */
void con_line(struct strbuf *sb);          /* writes sb and a newline, then resets sb */
/* Converts ASCII to UCS-2 into dst (cap CHAR16s, NUL-terminated). */
void ascii_to_ucs2(CHAR16 *dst, UINTN cap, const char *src);
/* Converts UCS-2 to ASCII ('?' for non-ASCII) into dst (cap bytes, NUL-terminated). */
void ucs2_to_ascii(char *dst, UINTN cap, const CHAR16 *src);

#endif
