/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The firmware's identity from its SMBIOS tables (DMTF DSP0134 3.x, "System Management
 * BIOS Reference Specification"): the entry point structure (section 5.2), the
 * structures and their strings (section 6.1), and of them type 0 BIOS Information
 * (7.1), type 1 System Information (7.2), type 2 Baseboard Information (7.3) and type 4
 * Processor Information (7.5). Bytes in, no allocation, every offset checked: a table
 * is firmware's and may be wrong. Serial numbers, UUIDs and asset tags are not kept:
 * logs travel, and a machine is known by its make, board and firmware build.
 */
#ifndef EFIPMU_SMBIOS_H
#define EFIPMU_SMBIOS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "util/status.h"

struct smbios_entry {
	bool is64;                 /* "_SM3_" (3.0 64-bit entry point), else "_SM_" (2.1 32-bit) */
	uint8_t major, minor, docrev;
	uint64_t table_addr;
	uint32_t table_len;        /* 3.0: the table's maximum size */
};

/*
 * The entry point structure at ep (len bytes): anchor, length and checksum checked.
 * PMU_ERR_INVALID with *why saying what is wrong.
 */
pmu_status smbios_entry_parse(const uint8_t *ep, size_t len, struct smbios_entry *out,
			      const char **why);

/* One structure: its formatted area and the string set after it. */
struct smbios_struct {
	uint8_t type, len;
	uint16_t handle;
	const uint8_t *fmt;        /* len bytes, the header included */
	const char *strings;       /* up to the double NUL */
	size_t strings_len;
};

/*
 * The structure at *pos of table[0..len), *pos moved past it. PMU_ERR_NOT_FOUND at the
 * end (or after type 127, End-of-Table); PMU_ERR_INVALID for a structure that runs past
 * the table or is shorter than its header.
 */
pmu_status smbios_next(const uint8_t *table, size_t len, size_t *pos, struct smbios_struct *s);

/* String number n (from 1) of s copied into buf, ASCII only ('?' for other bytes); "" when none. */
void smbios_string(const struct smbios_struct *s, uint8_t n, char *buf, size_t cap);

#define SMBIOS_STR 64
#define SMBIOS_MAX_SOCKETS 8

struct smbios_socket {
	char designation[SMBIOS_STR], manufacturer[SMBIOS_STR], version[SMBIOS_STR];
	char part[SMBIOS_STR];
	uint64_t id;               /* Processor ID: CPUID.1 EAX and EDX on x86 */
	uint16_t max_mhz, cur_mhz;
	bool populated;            /* Status bit 6: CPU socket populated */
	uint16_t cores, threads;   /* 0: not given (before 2.5) */
};

struct smbios_ident {
	unsigned nstructs;
	bool have_bios, have_system, have_board;
	char bios_vendor[SMBIOS_STR], bios_version[SMBIOS_STR], bios_date[SMBIOS_STR];
	uint8_t bios_major, bios_minor;    /* 0xFF: not given */
	char sys_manufacturer[SMBIOS_STR], sys_product[SMBIOS_STR], sys_version[SMBIOS_STR];
	char sys_sku[SMBIOS_STR], sys_family[SMBIOS_STR];
	char board_manufacturer[SMBIOS_STR], board_product[SMBIOS_STR], board_version[SMBIOS_STR];
	unsigned nsockets;         /* type 4 structures seen (only the first SMBIOS_MAX_SOCKETS kept) */
	struct smbios_socket socket[SMBIOS_MAX_SOCKETS];
	const char *problem;       /* the first malformed structure, or NULL */
};

/* Types 0, 1, 2 and 4 of table[0..len) into id (cleared first); PMU_ERR_INVALID: id->problem. */
pmu_status smbios_identity(const uint8_t *table, size_t len, struct smbios_ident *id);

#endif
