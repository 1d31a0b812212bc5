/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu-host discovery FILE | --model [DEFECT] [--spr]: an uncore discovery table's
 * bytes (a binary file, hex text, or the discovery_table records of a log) decoded
 * by the app's own code into one JSON line for the table and one per unit, each
 * with the problems found. --model decodes the model's Sapphire Rapids socket
 * table (with DEFECT: one of the ways firmware breaks it); --spr applies Sapphire
 * Rapids' UPI quirk. Exit 1 when any problem was found.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "model/model_discovery.h"
#include "out/discovery_json.h"
#include "out/logread.h"
#include "pmu/uncore_discovery.h"
#include "pmu/uncore_disc_box.h"
#include "util/fmt.h"

/* Hex digits of text (whitespace between them) into out; false at anything else. */
static bool hex_bytes(const char *text, size_t len, uint8_t *out, size_t *n)
{
	size_t k = 0;
	int hi = -1;
	for (size_t i = 0; i < len; i++) {
		int d = pmu_hex_digit(text[i]);
		if (d < 0) {
			if (text[i] == ' ' || text[i] == '\n' || text[i] == '\t' || text[i] == '\r')
				continue;
			return false;
		}
		if (hi < 0) {
			hi = d;
		} else {
			out[k++] = (uint8_t)(hi << 4 | d);
			hi = -1;
		}
	}
	*n = k;
	return hi < 0 && k > 0;
}

/* A record holding a table's bytes: the run's discovery_table, else the capture's. */
static bool table_rec(const struct logrec_view *v, bool run)
{
	return run ? logread_str_is(v, "rec", "discovery_table")
		   : logread_str_is(v, "rec", "machine") && logread_str_is(v, "scope", "discovery");
}

/*
 * The hex of every "bytes" of the records holding a table of a log (the run's
 * discovery_table records where it has any, else the capture's machine records of scope
 * discovery), one table after another; false: the log has none.
 */
static bool log_bytes(const char *text, size_t len, uint8_t *out, size_t cap, size_t *n,
		      unsigned *tables)
{
	static struct logrec_view v;
	bool run = false, any = false;
	for (size_t pos = 0; !run && logread_next(text, len, &pos, &v);) {
		run = table_rec(&v, true);
		any = run || table_rec(&v, false);
	}
	*n = 0;
	*tables = 0;
	for (size_t pos = 0; any && logread_next(text, len, &pos, &v);) {
		if (!table_rec(&v, run))
			continue;
		const struct logval *b = logread_find(&v, "bytes");
		uint64_t part = 0;
		size_t got;
		if (!b || b->type != LV_STRING)
			die("a discovery_table record without \"bytes\"");
		if (b->raw_len / 2 > cap - *n || !hex_bytes(b->raw, b->raw_len, out + *n, &got))
			die("a discovery_table record whose \"bytes\" are not hex");
		*n += got;
		/* the app logs a table in parts of 2 KiB: only part 0 starts a table */
		(void)logread_get_u64(&v, "part", &part);
		*tables += !part;
	}
	return any;
}

static unsigned print_table(const struct disc_table *t)
{
	static char buf[1024];
	struct strbuf sb;
	unsigned problems = t->problems != 0;
	sb_init(&sb, buf, sizeof(buf));
	disc_global_json(t, &sb);
	puts(buf);
	for (unsigned i = 0; i < t->nunits; i++) {
		sb_reset(&sb);
		disc_unit_json(&t->unit[i], &sb);
		puts(buf);
		problems += t->unit[i].problems != 0;
	}
	return problems;
}

int cmd_discovery(int argc, char **argv)
{
	bool model = false, spr = false;
	const char *path = NULL;
	enum model_disc_defect defect = MDD_NONE;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--spr")) {
			spr = true;
		} else if (!strcmp(argv[i], "--model")) {
			model = true;
			if (i + 1 < argc && argv[i + 1][0] != '-') {
				const char *name = argv[++i];
				for (defect = 0; model_disc_defect_name(defect); defect++)
					if (!strcmp(model_disc_defect_name(defect), name))
						break;
				if (!model_disc_defect_name(defect))
					die("no model defect '%s' (none, global-ones, unit-ones, unit-zero, "
					    "zero-offset, dup-id, bar-zero, every)", name);
			}
		} else if (!path && argv[i][0] != '-') {
			path = argv[i];
		} else {
			die("discovery: unexpected '%s' (FILE or --model [DEFECT], and --spr)", argv[i]);
		}
	}
	if (model == !!path)
		die("discovery needs one FILE or --model");
	static uint8_t bytes[1 << 20];
	size_t n = 0;
	if (model) {
		n = model_disc_table(&model_disc_spr, defect, bytes, sizeof(bytes));
	} else {
		size_t len;
		char *text = read_whole(path, &len);
		unsigned tables;
		if (log_bytes(text, len, bytes, sizeof(bytes), &n, &tables)) {
			if (tables != 1)
				die("%s holds %u discovery tables: decode one at a time", path, tables);
		} else if (!hex_bytes(text, len, bytes, &n)) {
			if (len > sizeof(bytes))
				die("%s: %zu bytes, more than a discovery table holds", path, len);
			memcpy(bytes, text, len);
			n = len;
		}
		free(text);
	}
	/* Where the model's machine put its units: the bus and the iMC BAR it programs. */
	const struct disc_bus_range bus = { 0, model_disc_spr.bus, model_disc_spr.bus };
	const struct disc_mmio_range bar = { model_disc_spr.mmio_base, 0x1000000 };
	const struct disc_space where = { &bus, 1, &bar, 1, spr, 0 };
	/* a file's table: checked as the app checks what it finds (any bus, MMIO above 1 MiB) */
	struct disc_bus_range buses[DISC_MAX_BUS_RANGES];
	const struct disc_space app = uncore_disc_space(NULL, 0, spr, buses);
	static struct disc_table t;
	(void)disc_parse(bytes, n, model ? &where : (spr ? &app : NULL), &t);
	return print_table(&t) ? EXIT_REGRESSED : 0;
}
