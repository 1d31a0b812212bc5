/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * What a measurement run needs of the machine it runs on, and nothing more:
 * running work on CPUs (all of them, one, or in rounds released together by a
 * barrier), the clock, interrupts, the console, the log, memory. efi/ is one
 * implementation (MP services, gnu-efi), tests/tsan/platform_threads.h
 * another (a thread per CPU), both running the rounds through lib/run/rounds.c;
 * tests/unit/platform_fake.h stands in for all of it (the host, CPUs run one
 * after another). Every policy (plan, windows, ownership, rounds, verdict,
 * records) is lib/run/'s; the platform only adapts.
 */
#ifndef EFIPMU_RUN_PLATFORM_H
#define EFIPMU_RUN_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "pmu/backend.h"
#include "util/cpuset.h"
#include "util/status.h"

/*
 * The most CPUs a platform lists (sized from what firmware reports, never fixed arrays);
 * firmware's CPUs past it are named with their count (struct platform.found).
 */
#define PLAT_MAX_CPUS 4096
_Static_assert(CPUSET_MAX >= PLAT_MAX_CPUS, "--cpus must be able to name every listed CPU");

/* How a CPU fell out of run_rounds (the run went on without it). */
enum plat_miss {
	PLAT_MISS_NONE,
	PLAT_MISS_CHECKIN,   /* never started the procedure (or the dispatch failed) */
	PLAT_MISS_BARRIER,   /* did not reach round miss_round's barrier in time */
	PLAT_MISS_FINISH,    /* passed the barrier but did not end round miss_round in time */
};

enum plat_mode {
	PLAT_TOGETHER,     /* one dispatch; every round released by a spin barrier */
	PLAT_SEQUENTIAL,   /* one dispatch per CPU and round (the slow path, for comparison) */
};

/* What firmware says of a CPU, and how it fared in the last dispatch. */
struct plat_cpu {
	uint32_t apic_id, package, core, thread;
	uint32_t die;            /* its die in the package (struct platform.dies says whence) */
	bool enabled, is_bsp;
	bool failed;             /* did not finish the last run_all (timeout) */
	bool in_rounds;          /* selected for the last run_rounds */
	uint8_t miss;            /* enum plat_miss */
	uint32_t miss_round;
	uint32_t rounds_done;
};

/* One CPU's view of the round it runs; valid only while the round function runs. */
struct plat_round;

typedef void (*plat_fn)(void *ctx, unsigned cpu);
typedef void (*plat_round_fn)(void *ctx, unsigned cpu, unsigned round, struct plat_round *r);
/* Boot CPU, between rounds: every CPU still in the run ended `round`; the APs wait. */
typedef void (*plat_between_fn)(void *ctx, unsigned round);

/* Where a record goes. */
enum plat_stream { PLAT_LOG, PLAT_CSV };

/* What writing the log has cost so far: writes to the volume, flushes, their time. */
struct plat_log_cost {
	uint64_t writes, flushes, bytes;
	uint64_t write_ticks, flush_ticks;   /* TSC */
};

struct platform_ops {
	/* fn on every enabled CPU (APs together, then the boot CPU); misses marked failed. */
	pmu_status (*run_all)(void *ctx, plat_fn fn, void *arg, uint64_t timeout_us);
	/* fn on one CPU (the boot CPU runs it directly). */
	pmu_status (*run_on)(void *ctx, unsigned cpu, plat_fn fn, void *arg, uint64_t timeout_us);
	/*
	 * `rounds` rounds of fn on the enabled CPUs of cpus, the APs resident for
	 * all of them (PLAT_TOGETHER: one dispatch); round r + 1 opens when every
	 * CPU ended round r and between (if any) returned on the boot CPU, with
	 * cpu[] up to date. Every wait bounded by timeout_us; a CPU that misses one
	 * is marked (cpu[].miss) and the run goes on without it.
	 * PMU_ERR_TIMEOUT when a CPU missed. A platform of real CPUs runs
	 * lib/run/rounds.c's rounds_run here, and its sync is rounds_sync.
	 */
	pmu_status (*run_rounds)(void *ctx, const struct cpuset *cpus, unsigned rounds,
				 plat_round_fn fn, plat_between_fn between, void *arg,
				 uint64_t timeout_us, enum plat_mode mode);
	/* The barrier; false: this CPU came after the boot CPU gave up on it. */
	bool (*sync)(void *ctx, struct plat_round *r);
	uint64_t (*tsc)(void *ctx);
	void (*pause)(void *ctx);
	/* Interrupts off on the calling CPU; the value to give back to irq_restore. */
	uint64_t (*irq_save)(void *ctx);
	void (*irq_restore)(void *ctx, uint64_t flags);
	/* One console line (no newline). Boot CPU only. */
	void (*say)(void *ctx, const char *line);
	/* One line to the log or the CSV, flushed before it returns unless held. Boot CPU only. */
	void (*record)(void *ctx, enum plat_stream s, const char *text, size_t len);
	/*
	 * Records written while held are flushed together when the hold ends, in
	 * whole lines (the measurement's steps, when run/log_sync.c says so).
	 */
	void (*hold_records)(void *ctx, bool hold);
	/* Why records were lost (no volume, a failed write); NULL when none were. */
	const char *(*log_lost)(void *ctx);
	/* What the log cost so far; false: there is no log. */
	bool (*log_cost)(void *ctx, struct plat_log_cost *c);
	/*
	 * Optional: the firmware's SMBIOS entry point structure and the structure table it
	 * points at (UEFI's configuration table: SMBIOS3_TABLE_GUID, else SMBIOS_TABLE_GUID);
	 * false when firmware publishes none. Boot CPU only.
	 */
	bool (*smbios)(void *ctx, const uint8_t **entry, size_t *entry_len, const uint8_t **table,
		       size_t *table_len);
	/*
	 * Optional: the file `name` of the volume's root into buf (at most cap bytes), its
	 * length in *len; false when it cannot be read or is longer. Boot CPU only.
	 */
	bool (*read_file)(void *ctx, const char *name, char *buf, size_t cap, size_t *len);
	/* Zeroed memory, or NULL. Boot CPU only. */
	void *(*alloc)(void *ctx, size_t bytes);
	void (*free)(void *ctx, void *p);
	/* Whole pages for a kernel's buffer (any CPU reads them), or NULL. */
	void *(*alloc_pages)(void *ctx, uint64_t bytes);
	void (*free_pages)(void *ctx, void *p, uint64_t bytes);
};

struct run_assembly;
struct run_registered;

struct platform {
	const struct platform_ops *ops;
	void *ctx;
	unsigned ncpus;          /* at most PLAT_MAX_CPUS: the CPUs with a slot (plat_listed) */
	unsigned nenabled, bsp;
	unsigned found;          /* as firmware reported them */
	/*
	 * Whence cpu[].die: firmware's EFI_CPU_PHYSICAL_LOCATION2 (UEFI PI 1.7 vol. 2 13.4,
	 * GetProcessorInfo with CPU_V2_EXTENDED_TOPOLOGY), or none: die 0 on every CPU.
	 */
	bool dies_known;
	struct plat_cpu *cpu;    /* ncpus entries, kept up to date by the platform */
	uint64_t tsc_per_us;     /* 0: not calibrated */
	bool rounds_leaked;      /* an AP may still run code of a finished dispatch */
	const struct pmu_backend *hw;   /* the real CPU (CPUID: caches, hypervisor bit), even under sim */
	/* what builds backend = sim and the test hooks (assemble/backend_build.h); NULL: none */
	const struct run_assembly *assembly;
	/* the jobs lib/run does not own (run/job.h; bench/job_bench.h bench_jobs); NULL: none */
	const struct run_registered *jobs;
};

const char *plat_miss_str(enum plat_miss m);

/*
 * Whether cpu has a slot. Every procedure checks it first: firmware runs a procedure on each
 * enabled AP (UEFI PI MP Services, StartupAllAPs), listed or not.
 */
static inline bool plat_listed(const struct platform *p, unsigned cpu)
{
	return cpu < p->ncpus;
}

static inline pmu_status plat_run_all(const struct platform *p, plat_fn fn, void *arg,
				      uint64_t timeout_us)
{
	return p->ops->run_all(p->ctx, fn, arg, timeout_us);
}

static inline pmu_status plat_run_on(const struct platform *p, unsigned cpu, plat_fn fn, void *arg,
				     uint64_t timeout_us)
{
	return p->ops->run_on(p->ctx, cpu, fn, arg, timeout_us);
}

static inline pmu_status plat_run_rounds(const struct platform *p, const struct cpuset *cpus,
					 unsigned rounds, plat_round_fn fn, plat_between_fn between,
					 void *arg, uint64_t timeout_us, enum plat_mode mode)
{
	return p->ops->run_rounds(p->ctx, cpus, rounds, fn, between, arg, timeout_us, mode);
}

static inline bool plat_sync(const struct platform *p, struct plat_round *r)
{
	return p->ops->sync(p->ctx, r);
}

static inline uint64_t plat_tsc(const struct platform *p)
{
	return p->ops->tsc(p->ctx);
}

static inline void plat_hold_records(const struct platform *p, bool hold)
{
	p->ops->hold_records(p->ctx, hold);
}

static inline uint64_t plat_irq_save(const struct platform *p)
{
	return p->ops->irq_save(p->ctx);
}

static inline void plat_irq_restore(const struct platform *p, uint64_t flags)
{
	p->ops->irq_restore(p->ctx, flags);
}

#endif
