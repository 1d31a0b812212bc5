/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu-host: the workstation side of efipmu, built from the same lib/.
 *   decode BOX VALUE                         fields of a raw register value
 *   dry-run [--profile P] [--sim-firmware F] [--list-model M[:S]] [--core-type T] [--each]
 *           EVENTSPEC...
 *                                            every MSR write the engines would make (model)
 *   summary [--tsc-hz HZ] LOG.jsonl          counts (min/median/max over repeats), checks,
 *                                            verdict, metrics
 *   compare [--tolerance PCT] BASE NEW       counts moved beyond the tolerance, checks PASS -> FAIL
 *   csv LOG.jsonl                            the count records as CSV
 *   cpuid DUMP.txt                           discovery on each logical CPU of a CPUID dump
 *   discovery FILE | --model [DEFECT] [--spr] an uncore discovery table, unit by unit
 *   report LOG [--base LOG] -o FILE.html     one self-contained HTML page of a run
 *   junit LOG.jsonl... -o FILE.xml           the checks as JUnit XML, a testsuite per run
 *   perf-json LOG.jsonl                      the counts as perf stat -j -A -a writes them
 *   db [--db FILE|URL] import|runs|history|regressions|report|view   a store of runs (SQLite,
 *                                            a server)
 * Exit status: 0 fine, 1 compare found a regression, 2 error (one line on stderr).
 * One file per subcommand (tools/host/<name>.c, cmd_<name>); what they share is host.h.
 */
#include <stdio.h>
#include <string.h>

#include "host.h"

static const char usage[] =
	"usage: efipmu-host decode BOX VALUE\n"
	"       efipmu-host dry-run [--profile PROFILE | --profile-file FILE]\n"
	"                           [--sim-firmware clean|running]\n"
	"                           [--list-model MODEL[:STEPPING]] [--core-type core|atom]\n"
	"                           [--each] EVENTSPEC...\n"
	"       efipmu-host summary [--tsc-hz HZ] LOG.jsonl\n"
	"       efipmu-host compare [--tolerance PCT] BASE.jsonl NEW.jsonl\n"
	"       efipmu-host csv LOG.jsonl\n"
	"       efipmu-host cpuid DUMP.txt\n"
	"       efipmu-host discovery FILE | --model [DEFECT] [--spr]\n"
	"       efipmu-host report [--tolerance PCT] LOG.jsonl [--base BASE.jsonl] -o FILE.html\n"
	"       efipmu-host db [--db FILE|postgresql://...] import [--board B] LOG.jsonl...\n"
	"       efipmu-host db [--db FILE] runs [--board B] [--bios V] [--cpu MODEL] [--verdict V]\n"
	"                                  [--since DATE] [--until DATE]\n"
	"       efipmu-host db [--db FILE] history --board B [--kernel K] EVENT\n"
	"       efipmu-host db [--db FILE] regressions [--tolerance PCT]\n"
	"       efipmu-host db [--db FILE] report RUN -o FILE.html\n"
	"       efipmu-host db [--db FILE] view -o DIR [--tolerance PCT]\n"
	"       efipmu-host profile LOG.jsonl [-o FILE.profile]\n"
	"       efipmu-host profile --builtin NAME [--cpus N] [--packages P] [--dies D]\n"
	"                           [--threads T] [-o FILE.profile]\n"
	"       efipmu-host replay LOG.jsonl|BUNDLE\n"
	"       efipmu-host bundle LOG.jsonl... -o FILE\n"
	"       efipmu-host junit LOG.jsonl... -o FILE.xml\n"
	"       efipmu-host perf-json LOG.jsonl\n";

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*run)(int argc, char **argv);
	} cmds[] = {
		{ "decode", cmd_decode }, { "dry-run", cmd_dry_run }, { "summary", cmd_summary },
		{ "compare", cmd_compare }, { "csv", cmd_csv }, { "cpuid", cmd_cpuid },
		{ "discovery", cmd_discovery }, { "report", cmd_report }, { "db", cmd_db },
		{ "profile", cmd_profile }, { "replay", cmd_replay },
		{ "bundle", cmd_bundle }, { "junit", cmd_junit }, { "perf-json", cmd_perf_json },
	};
	if (argc < 2) {
		fputs(usage, stderr);
		return EXIT_ERROR;
	}
	if (!strcmp(argv[1], "help") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		fputs(usage, stdout);
		return 0;
	}
	for (unsigned i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(argv[1], cmds[i].name))
			return cmds[i].run(argc - 2, argv + 2);
	die("unknown command '%s' (decode, dry-run, summary, compare, csv, cpuid, discovery, report, db, profile, replay, bundle, junit, perf-json; "
	    "help for usage)",
	    argv[1]);
}
