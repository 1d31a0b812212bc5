/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu-host: what every subcommand shares. Each subcommand is one file (tools/host/<name>.c)
 * with one entry point, cmd_<name>, listed in main.c's table.
 */
#ifndef EFIPMU_HOST_H
#define EFIPMU_HOST_H

#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

#include "bundle_read.h"

#define EXIT_REGRESSED 1   /* compare: a check regressed; dry-run: a phase failed */
#define EXIT_ERROR 2

/* One line "efipmu-host: ..." on stderr, then exit(EXIT_ERROR). */
void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
void *xcalloc(size_t n, size_t size);
struct box_alloc;
/* A machine's uncore boxes' memory (hw/box_set.h): calloc and free (host_platform.c). */
extern const struct box_alloc host_box_alloc;
/* p, an array of *cap elements of size bytes, with room for element n: doubled when full. */
void *xgrow(void *p, unsigned *cap, unsigned n, size_t size);
/* A decimal or 0x-hex number; dies naming what it is for when s is not one. */
uint64_t parse_number(const char *what, const char *s);
/* Grouped decimal (1,234,567) in a rotating static buffer: printf arguments. */
const char *grouped(uint64_t v);
/* Text from a log for the terminal: one line, bytes outside printable ASCII as \xNN. */
void printable(const char *s, char *buf, size_t cap);
/*
 * Text from a log as XML (and HTML) text or attribute value: the five markup characters and
 * tab, newline and carriage return as references; a byte XML 1.0 cannot hold (a control byte,
 * invalid UTF-8) as the text \xNN.
 */
void xml_esc(FILE *o, const char *s);
/* The same for at most max bytes of s. */
void xml_esc_n(FILE *o, const char *s, size_t max);
/*
 * An output file written whole or not at all: open_part opens OUT.part (its name in tmp),
 * close_part renames it OUT; either dies naming the file it cannot write.
 */
FILE *open_part(const char *out, char *tmp, size_t cap);
void close_part(FILE *o, const char *tmp, const char *out);
/* The whole file, NUL-terminated, its length in *len; dies naming it when it cannot be read. */
char *read_whole(const char *path, size_t *len);
/*
 * A schema-1 log's text as schema 2 (docs/log.md), its records rewritten (out/logupgrade.h),
 * the caller's to free; NULL when no record is of schema 1. What load reads through too.
 */
char *log_as_schema2(const char *text, size_t len, size_t *out_len);

struct machine;
/*
 * The capture of a log's text (name: where it came from, for messages), the caller's to
 * free; dies naming the first problem.
 */
struct machine *host_machine_of_text(const char *name, const char *text, size_t len);

/*
 * text[0..len) as a bundle: true with its logs (at most max) when it starts with the bundle's
 * first line; dies naming the problem when it does but its checksum or layout is wrong.
 */
bool bundle_logs(const char *path, const char *text, size_t len, struct bundle_log *logs,
		 unsigned max, unsigned *n);

struct cpuid_dump;
/* A CPUID dump file read into d (its storage the caller's to free with host_free_dump, with
 * the text returned); dies naming the file and line of a bad one. */
char *host_read_dump(const char *path, struct cpuid_dump *d);
void host_free_dump(struct cpuid_dump *d, char *text);

struct model_loaded;
/*
 * A profile file (efipmu-host profile's) as a model profile (lib/model/model_loaded.c: its
 * member p), the caller's to free; dies naming the file and line of a bad one.
 */
struct model_loaded *host_profile_file(const char *path);
/* The longest profile text of a machine of ncpus CPUs. */
size_t host_profile_max(unsigned ncpus);

int cmd_decode(int argc, char **argv);
int cmd_dry_run(int argc, char **argv);
int cmd_summary(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_csv(int argc, char **argv);
int cmd_cpuid(int argc, char **argv);
int cmd_discovery(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_db(int argc, char **argv);
int cmd_profile(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_bundle(int argc, char **argv);
int cmd_junit(int argc, char **argv);
int cmd_perf_json(int argc, char **argv);

#endif
