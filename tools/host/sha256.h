/* SHA-256 (FIPS 180-4) of a buffer: the key db gives a log's content (tools/db.c). */
#ifndef EFIPMU_SHA256_H
#define EFIPMU_SHA256_H

#include <stddef.h>

/* 64 lower-case hex digits and a NUL into hex[65]. */
void sha256_hex(const void *data, size_t len, char hex[65]);

#endif
