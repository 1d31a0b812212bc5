/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * JSON Lines records of the run log (schema in docs/log.md). Every record is
 * one object with "rec" naming its type; records built from the reference
 * model carry "simulated":true.
 */
#ifndef EFIPMU_LOGREC_H
#define EFIPMU_LOGREC_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/cpuinfo.h"
#include "pmu/ownership.h"
#include "util/fmt.h"
#include "hw/regfield.h"

#define LOG_SCHEMA_VERSION 2   /* 2: registers named by kind under kind-neutral keys */
#define EFIPMU_VERSION "0.1.0"

struct run_header {
	const char *cmdline;
	const char *options;      /* effective settings, one line */
	const char *fw_vendor;
	uint32_t fw_revision;
	uint32_t uefi_revision;
	const char *time;         /* ISO 8601 from the RTC, or "" */
	const char *backend;
	bool simulated;
	unsigned cpus_found, cpus_enabled;
};

/* {"rec":"<rec>","schema":2 ... ; callers add keys with sb_json_key, then logrec_end. */
void logrec_begin(struct strbuf *sb, const char *rec, bool simulated);
void logrec_end(struct strbuf *sb);

void logrec_header(struct strbuf *sb, const struct run_header *h);
void logrec_cpu(struct strbuf *sb, const struct cpu_info *ci, bool simulated);
/* One counter's result: everything needed to trust the number later. */
struct count_rec {
	unsigned cpu;                   /* the CPU that read it (the package leader for uncore) */
	uint64_t apic_id;
	uint32_t package;
	const char *box;                /* "core" or the uncore box name */
	const char *event;
	const char *counter_kind;       /* "gp", "fixed" */
	uint8_t core_type;              /* core: the CPU's hybrid core type (CORE_TYPE_*), 0 none */
	const char *list;               /* the Intel list the event was named from, NULL none */
	unsigned counter, width;
	uint32_t ctl_msr;
	uint64_t ctl_value;
	const struct reg_layout *ctl_layout;   /* decodes ctl_value into "ctl_fields" */
	uint32_t extra_msr;             /* auxiliary MSR the event set (0: none) and its value */
	uint64_t extra_value;
	uint32_t ctr_msr;
	uint64_t start, end, delta;     /* raw counter values and the width-aware delta */
	bool overflowed;
	const char *kernel;
	uint64_t iterations;
	unsigned round, repeat;
	bool has_ccx;                   /* AMD L3: the CCX the count is of */
	uint32_t ccx;
	bool has_die;                   /* a die's own units (box_desc.per_die): the leader's die */
	uint32_t die;
};

void logrec_count(struct strbuf *sb, const struct count_rec *c, bool simulated);

/* The ownership records of one CPU (core) or one package (uncore). */
struct own_rec {
	const char *box;                /* "core" or "uncore" */
	unsigned cpu;                   /* the CPU whose records they are (the package leader for uncore) */
	uint32_t package;
	const struct own_reg *reg;
	unsigned n;
	bool has_die;                   /* uncore counted per die: the leader's die */
	uint32_t die;
};

/*
 * {"rec":"ownership",...,"registers":[{"reg":"msr 0x38f","scope":"thread","found":"0x..",
 * "ours":"0x..","written":true},...]}: every register the run touched, as found.
 */
void logrec_ownership(struct strbuf *sb, const struct own_rec *o, bool simulated);
void logrec_key_str(struct strbuf *sb, const char *key, const char *val);
void logrec_key_u64(struct strbuf *sb, const char *key, uint64_t val);
void logrec_key_hex(struct strbuf *sb, const char *key, uint64_t val);  /* "0x..." string */
/* A register key (pmu/regkey.h) by its name (pmu/regname.h): "msr 0x38d", "pci 0000:7f:10.4+0xd8". */
void logrec_key_reg(struct strbuf *sb, const char *key, uint32_t reg);
/* The same name as a JSON string, with no key (an array's element). */
void logrec_reg(struct strbuf *sb, uint32_t reg);
void logrec_key_bool(struct strbuf *sb, const char *key, bool val);
/* "core_type": "atom", "core", another type's code as hex, or null (not hybrid). */
void logrec_key_core_type(struct strbuf *sb, uint8_t t);
/*
 * "amd_core_type" where CPUID 0x80000026 says the AMD part is hybrid (pmu_arch_info): its
 * name, or the CoreType in hex for one AMD has not named; nothing otherwise.
 */
void logrec_key_amd_core_type(struct strbuf *sb, uint8_t t);

#endif
