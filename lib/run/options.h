/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Settings of a run. One const table of options drives the command line,
 * the config file efipmu.cfg (the same settings as "key = value" lines) and
 * the --help text, so the three cannot drift apart.
 */
#ifndef EFIPMU_OPTIONS_H
#define EFIPMU_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "util/cpuset.h"
#include "util/fmt.h"
#include "util/status.h"

enum efipmu_backend {
	EFIPMU_BACKEND_REAL,
	EFIPMU_BACKEND_SIM,
};

/* Option ids: index of options_table[], bit number of config_given, order of help and describe. */
enum opt_id {
	OPT_BACKEND,
	OPT_SIM_PROFILE,
	OPT_SIM_PROFILE_FILE,
	OPT_SIM_BREAK,
	OPT_SIM_NOISE,
	OPT_SIM_FIRMWARE,
	OPT_SIM_SNC,
	OPT_EVENTS,
	OPT_KERNELS,
	OPT_CPUS,
	OPT_REPEATS,
	OPT_OUTPUT,
	OPT_LOG_SYNC,
	OPT_CAPTURE,
	OPT_WAIVERS,
	OPT_LIST,
	OPT_SELFTEST,
	OPT_DRY_RUN,
	OPT_DECODE,
	OPT_FORCE,
	OPT_QEMU_EXIT,
	OPT_FAULT_TEST,
	OPT_ICOUNT_CHECK,
	OPT_BENCH,
	OPT_CXL,
	OPT_DISPATCH_PER_REPEAT,
	OPT_STALL_CPU,
	OPT_AP_TIMEOUT,
	OPT_TEST_UNEXPECTED_FAULT,
	OPT_TEST_AP_NEVER_DONE,
	OPT_TEST_DISCOVERY_DEVICE,
	OPT_VERBOSE,
	OPT_HELP,
	OPT_COUNT
};

#define OPT_BIT(id) (1ull << (id))
_Static_assert(OPT_COUNT <= 64, "config_given holds one bit an option");
#define OPT_OUTPUT_MAX 40   /* characters of a log file name */
#define OPT_REPEATS_MAX 1000

/*
 * A PCI function and one of its BARs, SSSS:BB:DD.F/BAR (hex, BAR 0-5): the test-only
 * setting test-discovery-device names a device without the discovery DVSEC whose BAR
 * holds a discovery table (QEMU's ivshmem-plain in tests/qemu/case_ivshmem_discovery.sh).
 */
struct opt_pci_dev {
	bool set;
	uint16_t seg;
	uint8_t bus, dev, fn, bar;
};

struct efipmu_options {
	enum efipmu_backend backend;   /* default real */
	char sim_profile[32];          /* model profile for --backend sim, default "nehalem-ep" */
	char sim_profile_file[64];     /* a profile file on the volume instead (efipmu-host profile) */
	char sim_break[32];            /* a deliberate model defect: "", narrow-counters, ignore-enable */
	char sim_noise[16];            /* "" (the profile's: all), none, timer, smi, all */
	char sim_firmware[16];         /* "" (the profile's: running), clean, running */
	uint32_t sim_snc;              /* 0: the profile's SRAT (or none); 1..4 clusters a package */
	char events[512];              /* -e specs joined with ','; "" = the app's default set */
	char kernels[128];             /* the kernel's name; "" = the app's default */
	struct cpuset cpus;            /* default all */
	uint32_t repeats;              /* 1..OPT_REPEATS_MAX, default 1 */
	char output[64];               /* log file name in \efipmu\; "" = a new name each run */
	uint32_t log_sync_ms;          /* repeats flushed together every MS; 0: each (log_sync.h) */
	char capture[8];               /* "" or "on" (the default): the machine records; "off" */
	char waivers[64];              /* a lab's waiver file in the volume's root (run/waiver.h), "" none */
	bool selftest;
	bool list;
	bool dry_run;
	bool decode;                   /* --decode BOX VALUE given */
	char decode_box[32];
	uint64_t decode_value;
	bool help;
	bool force;                    /* program counters the firmware left enabled */
	bool qemu_exit;                /* verdict through isa-debug-exit; the app checks for a hypervisor */
	bool verbose;
	bool fault_test;                /* provoke a #GP on every CPU and show it is caught */
	bool bench;                    /* make bench: the start-skew comparison */
	bool dispatch_per_repeat;      /* make bench: one AP dispatch per repeat (the old path) */
	uint32_t stall_cpu;            /* test hook: this CPU never finishes its measurement */
	uint32_t ap_timeout_ms;        /* each wait for an AP in the measurement rounds; 0: 10 s */
	bool test_unexpected_fault;    /* test hook: a #GP that is not ours, on CPU 1 then the boot CPU */
	bool test_ap_never_done;       /* test hook: firmware never says the APs are done */
	struct opt_pci_dev test_disc_dev;   /* test only: the discovery table's device and BAR */
	bool icount_check;             /* QEMU -icount: the kernels' instruction claims against the TSC */
	bool cxl;                      /* the CXL job: Register Locators, CPMUs, clock ticks */
	/*
	 * Not a setting: efipmu-host replay of a log whose version did not read its restores
	 * back (no restore_check record, no such checks): the replay neither says nor counts them.
	 */
	bool restore_unread;
	uint64_t config_given;         /* OPT_BIT(id) per option set by a parse (config or command line) */
	uint16_t line_of[OPT_COUNT];   /* the efipmu.cfg line that set it; 0: the command line */
};

struct opt_error {
	char msg[160];   /* one line, no newline */
	unsigned line;   /* config line of the error; 0 for the command line */
};

enum opt_kind {
	OPT_KIND_FLAG,      /* bool */
	OPT_KIND_TEXT,      /* char[] of names: [A-Za-z0-9._-] */
	OPT_KIND_EVENTS,    /* char[] of event specs, repeatable, joined with ',' */
	OPT_KIND_FILE,      /* char[] file name, at most OPT_OUTPUT_MAX characters */
	OPT_KIND_UINT,      /* uint32_t in min..max */
	OPT_KIND_CPUS,      /* struct cpuset */
	OPT_KIND_BACKEND,   /* enum efipmu_backend */
	OPT_KIND_DECODE,    /* box name + value */
	OPT_KIND_SYNC,      /* uint32_t milliseconds in min..max, or "each" (0) */
	OPT_KIND_PCI_DEV,   /* struct opt_pci_dev: SSSS:BB:DD.F/BAR */
};

/*
 * The backends that read a setting (opt_def.backends). Given with another, the run is
 * refused before anything runs: sim-break on the real backend would inject no defect.
 */
#define OPT_ON_REAL (1u << EFIPMU_BACKEND_REAL)
#define OPT_ON_SIM (1u << EFIPMU_BACKEND_SIM)
#define OPT_ON_ANY (OPT_ON_REAL | OPT_ON_SIM)

struct opt_def {
	const char *name;      /* long name, also the config key */
	char short_name;       /* or 0 */
	uint8_t nargs;         /* values taken: 0 (flag), 1 or 2 */
	uint8_t kind;          /* enum opt_kind */
	uint8_t backends;      /* OPT_ON_*: the backends that read it */
	uint16_t offset;       /* of the field in struct efipmu_options */
	uint16_t size;         /* of that field */
	uint32_t min, max;     /* OPT_KIND_UINT, OPT_KIND_SYNC */
	const char *metavar;   /* value placeholder in the help, e.g. "LIST" */
	const char *help;
};

extern const struct opt_def options_table[OPT_COUNT];

void options_defaults(struct efipmu_options *o);

/*
 * argv[0] is the program name. Accepts --name value, --name=value, -x value and -xvalue.
 * Options given here replace what o held (a config file's), except that -e
 * repeated within one call appends. On error *o is unchanged and err->msg says why.
 */
pmu_status options_parse_argv(int argc, const char *const *argv, struct efipmu_options *o,
			      struct opt_error *err);

/*
 * efipmu.cfg: "key = value" or "key" (flags; "key = yes|no" also works) per line, '#'
 * comments, CRLF and a UTF-8 BOM accepted. All or nothing: on error *o is unchanged
 * and err names the line ("efipmu.cfg:3: unknown setting 'evnts'").
 */
pmu_status options_parse_config(const char *text, size_t len, struct efipmu_options *o,
				struct opt_error *err);

/*
 * Where option id was set, for an error about its value found after parsing:
 * "command line", "efipmu.cfg:LINE" or "default".
 */
void options_source(const struct efipmu_options *o, enum opt_id id, struct strbuf *sb);

/* d as the setting reads it: 0000:00:03.0/2. */
void options_put_pci_dev(struct strbuf *sb, const struct opt_pci_dev *d);

/* The --help text, lines of at most 79 columns. */
void options_help(struct strbuf *sb);

/*
 * Whether setting id is on: a flag (or --decode) given, or an on|off setting not "off"
 * (capture: unset is on). What the job table asks of each job's setting (run/jobs.c).
 */
bool options_on(const struct efipmu_options *o, enum opt_id id);

/* The effective settings on one line, "backend=sim sim-profile=nehalem-ep cpus=all repeats=1 ...". */
void options_describe(const struct efipmu_options *o, struct strbuf *sb);

#endif
