/*
 * The reference model: a simulated PMU that implements the seed semantics and
 * records every access. It is a pmu_backend ("sim"), used by the host tests
 * and by `--backend sim` in the app; everything it yields is simulated.
 *
 * Registers live in sparse register files, one per CPU (thread scope), one per
 * core (registers the core's threads share: OFFCORE_RSP on Nehalem/Westmere)
 * and one per package (uncore). Each register range belongs to a device (core
 * PMU, an uncore box, ...) that gives it its semantics; an MSR no device of the
 * profile claims raises #GP, as on hardware.
 *
 * Firmware state (model_set_firmware): "clean" leaves every register 0;
 * "running", each profile's default, is what a machine's firmware typically
 * hands over: global enable bits set, a core and an uncore counter left
 * counting (they keep counting through a run that leaves them alone), an
 * OFFCORE_RSP_0 value and, on Sandy Bridge-EP, non-zero C-box filters.
 */
#ifndef EFIPMU_MODEL_H
#define EFIPMU_MODEL_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/backend.h"

#define MODEL_MAX_CPUS 64
#define MODEL_MAX_PKGS 8
#define MODEL_FILE_REGS 224
#define MODEL_SCRATCH 64
#define MODEL_LOG_PER_CPU 384
#define MODEL_MAX_FAULTS 16

enum model_op { MOP_RDMSR, MOP_WRMSR, MOP_RDPMC };

struct model_access {
	uint8_t op;        /* enum model_op */
	uint8_t st;        /* pmu_status */
	uint32_t msr;      /* MSR number, or the rdpmc index */
	uint64_t val;      /* value written, or value read */
};

struct model_regfile {
	unsigned n;
	uint32_t msr[MODEL_FILE_REGS];
	uint64_t val[MODEL_FILE_REGS];
	uint64_t scratch[MODEL_SCRATCH];  /* device-private state (edge history, ...) */
};

/* One event occurrence count for one simulated cycle. */
struct model_stim {
	uint32_t code;    /* core: event | umask << 8; uncore: box-defined */
	uint32_t count;
};

struct model_cycle {
	uint8_t cpl;                    /* privilege level of the cycle: 0 = OS, 3 = user */
	const struct model_stim *stim;
	unsigned nstim;
};

struct model;

struct model_dev {
	const char *name;
	bool package_scope;
	bool core_scope;           /* shared by the threads of a core (model_place_core) */
	bool (*claims)(const struct model *m, uint32_t msr);
	/* NULL read/write means plain storage. */
	pmu_status (*read)(struct model *m, struct model_regfile *rf, uint32_t msr, uint64_t *val);
	pmu_status (*write)(struct model *m, struct model_regfile *rf, uint32_t msr, uint64_t val);
	void (*cycle)(struct model *m, struct model_regfile *rf, const struct model_cycle *c);
	pmu_status (*rdpmc)(struct model *m, struct model_regfile *rf, uint32_t index, uint64_t *val);
};

/* Deliberate defects, so tests can show the validation suite catches broken hardware. */
struct model_breakage {
	uint8_t narrow_counters;   /* counters this many bits narrower than CPUID says */
	bool ignore_enable;        /* EN bits have no effect: counters always count */
};

enum model_firmware { MODEL_FW_CLEAN, MODEL_FW_RUNNING };

/* One register of a firmware image; the device claiming msr says which files get it. */
struct model_fw_reg {
	uint32_t msr;
	uint64_t val;
};

struct model_profile {
	const char *name;
	const char *brand;
	char vendor[13];
	uint32_t signature;        /* CPUID.1:EAX */
	uint32_t cpuid1_ecx;
	uint32_t cpuid_0a[4];      /* EAX, EBX, ECX, EDX of leaf 0xA */
	uint32_t microcode;
	uint64_t perf_cap;
	uint64_t misc_enable;
	const struct model_dev *const *devs;
	unsigned ndevs;
	enum model_firmware firmware;           /* what model_init hands over */
	const struct model_fw_reg *fw_running;  /* the "running" image, ends at msr 0; NULL: none */
};

struct model {
	const struct model_profile *p;
	unsigned ncpus, npkgs;
	unsigned pkg_of[MODEL_MAX_CPUS];
	unsigned core_of[MODEL_MAX_CPUS];      /* core number within the package */
	enum model_firmware firmware;
	struct model_regfile thread[MODEL_MAX_CPUS];
	struct model_regfile core[MODEL_MAX_CPUS];   /* indexed by the lowest CPU of the core */
	struct model_regfile pkg[MODEL_MAX_PKGS];
	uint32_t fault_msr[MODEL_MAX_FAULTS];
	int fault_cpu[MODEL_MAX_FAULTS];      /* -1: every CPU */
	unsigned nfaults;
	struct model_breakage broken;
	struct model_access log[MODEL_MAX_CPUS][MODEL_LOG_PER_CPU];
	unsigned log_len[MODEL_MAX_CPUS];
	bool log_overflow[MODEL_MAX_CPUS];
	uint64_t ucode_latch[MODEL_MAX_CPUS];  /* IA32_BIOS_SIGN_ID as CPUID(1) loads it */
	uint8_t pkg_busy[MODEL_MAX_PKGS];      /* CPUs of a package run at once in the app: one at a time */
	uint8_t core_busy[MODEL_MAX_CPUS];     /* likewise for a core's threads */
};

/*
 * CPUs are spread evenly over packages: cpu i is in package i / (ncpus / npkgs),
 * each its own core (no sibling threads until model_place_core says so). The
 * registers hold the profile's firmware state.
 */
pmu_status model_init(struct model *m, const struct model_profile *p, unsigned ncpus,
		      unsigned npkgs);
void model_backend(struct model *m, struct pmu_backend *b);
/* Puts cpu in package pkg (the app follows the firmware's topology); PMU_ERR_RANGE past the limits. */
pmu_status model_place_cpu(struct model *m, unsigned cpu, unsigned pkg);
/*
 * Gives cpu core number `core` within its package: CPUs of one package with the
 * same core number are sibling threads and share core-scope registers. Place
 * before any access: a core's registers live with its lowest-numbered CPU.
 */
pmu_status model_place_core(struct model *m, unsigned cpu, unsigned core);

/*
 * Every register file back to 0, then, for MODEL_FW_RUNNING, the profile's
 * running image on every CPU, core and package. Logs nothing.
 */
void model_set_firmware(struct model *m, enum model_firmware fw);
/* "clean" / "running" (sim-firmware setting); PMU_ERR_UNKNOWN_NAME otherwise. */
pmu_status model_firmware_parse(const char *name, enum model_firmware *out);
const char *model_firmware_name(enum model_firmware fw);

/* Makes every access to msr from cpu (-1: all CPUs) raise #GP. */
pmu_status model_inject_fault(struct model *m, uint32_t msr, int cpu);

/* Runs one simulated cycle on cpu: thread devices of cpu, then package devices of its package. */
void model_run_cycle(struct model *m, unsigned cpu, const struct model_cycle *c);
/* Events of one code in a cycle: the sum of the matching stimuli (for the devices). */
uint64_t model_cycle_events(const struct model_cycle *c, uint32_t code);

/* Register file access for devices and tests, bypassing semantics and the log. */
uint64_t model_peek(const struct model_regfile *rf, uint32_t msr);
pmu_status model_poke(struct model_regfile *rf, uint32_t msr, uint64_t val);
struct model_regfile *model_file_for(struct model *m, unsigned cpu, uint32_t msr);

/* Number of logged writes of cpu (for "no MSR written" assertions). */
unsigned model_write_count(const struct model *m, unsigned cpu);
unsigned model_total_writes(const struct model *m);
void model_clear_log(struct model *m);

/* Built-in profiles, looked up by name ("nehalem-ep", "sandy-bridge-ep", "no-pmu", ...). */
const struct model_profile *model_profile_find(const char *name);
extern const struct model_profile *const model_profiles[];
extern const unsigned model_profile_count;

#endif
