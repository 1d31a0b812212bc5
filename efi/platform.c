/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include <efi.h>
#include <efilib.h>
#include "assemble/backend_build.h"
#include "bench/job_bench.h"
#include "console.h"
#include "efi_platform.h"
#include "hw.h"
#include "irq.h"
#include "out/csv.h"
#include "run/rounds.h"
#include "smbios_real.h"

static struct efi_platform *of(void *ctx)
{
	return ctx;
}

/* What mp.c learnt of each CPU in the last dispatch, where lib/run/ reads it. */
static void publish_cpus(struct efi_platform *p)
{
	for (UINTN i = 0; i < p->mp.count; i++)
		p->cpu[i].failed = p->mp.cpu[i].failed;
}

static pmu_status from_efi(EFI_STATUS st)
{
	if (!EFI_ERROR(st))
		return PMU_OK;
	return st == EFI_TIMEOUT ? PMU_ERR_TIMEOUT : PMU_ERR_UNSUPPORTED;
}

/*
 * Each dispatch waits first for the last one's end, through p->rounds (where
 * a test hook may stand: lib/hooks/never_done.c).
 */
static pmu_status run_all(void *ctx, plat_fn fn, void *arg, uint64_t timeout_us)
{
	if (!rounds_settle(&of(ctx)->rounds))
		return PMU_ERR_UNSUPPORTED;
	EFI_STATUS st = mp_run_all(&of(ctx)->mp, fn, arg, timeout_us);
	publish_cpus(of(ctx));
	return from_efi(st);
}

static pmu_status run_on(void *ctx, unsigned cpu, plat_fn fn, void *arg, uint64_t timeout_us)
{
	if (cpu != of(ctx)->mp.bsp && !rounds_settle(&of(ctx)->rounds))
		return PMU_ERR_UNSUPPORTED;
	EFI_STATUS st = mp_run_on(&of(ctx)->mp, cpu, fn, arg, timeout_us);
	publish_cpus(of(ctx));
	return from_efi(st);
}

/* TSC ticks per microsecond, for the rounds' timeouts (APs cannot use boot services). */
static UINT64 calibrate_tsc(void)
{
	UINT64 t0 = hw_rdtsc();
	uefi_call_wrapper(BS->Stall, 1, 1000);
	UINT64 t = (hw_rdtsc() - t0) / 1000;
	return t ? t : 1;
}

/* The protocol is lib/run/rounds.c's, over the operations below (p->rounds). */
static pmu_status run_rounds(void *ctx, const struct cpuset *cpus, unsigned rounds,
			     plat_round_fn fn, plat_between_fn between, void *arg,
			     uint64_t timeout_us, enum plat_mode mode)
{
	struct efi_platform *p = of(ctx);
	p->plat.tsc_per_us = calibrate_tsc();
	return rounds_run(&p->plat, &p->rounds, cpus, rounds, fn, between, arg, timeout_us, mode);
}

static bool sync(void *ctx, struct plat_round *r)
{
	(void)ctx;
	return rounds_sync(r);
}

static pmu_status start_aps(void *ctx, plat_fn proc, void *arg, uint64_t limit_us)
{
	return from_efi(mp_start_aps(&of(ctx)->mp, proc, arg, (UINTN)limit_us));
}

/* One AP, blocking: from_efi keeps EFI_TIMEOUT apart (the AP did not finish). */
static pmu_status run_on_ap(void *ctx, unsigned cpu, plat_fn fn, void *arg, uint64_t timeout_us)
{
	return from_efi(mp_run_on(&of(ctx)->mp, cpu, fn, arg, timeout_us));
}

static bool settle(void *ctx)
{
	return mp_settle(&of(ctx)->mp);
}

static uint64_t tsc(void *ctx)
{
	(void)ctx;
	return hw_rdtsc();
}

static void pause(void *ctx)
{
	(void)ctx;
	hw_pause();
}

static uint64_t irq_off(void *ctx)
{
	(void)ctx;
	return irq_save();
}

static void irq_back(void *ctx, uint64_t flags)
{
	(void)ctx;
	irq_restore(flags);
}

static void say(void *ctx, const char *line)
{
	(void)ctx;
	con_write(line);
	con_write("\n");
}

static void record(void *ctx, enum plat_stream s, const char *text, size_t len)
{
	struct efi_platform *p = of(ctx);
	if (s == PLAT_LOG && p->have_log)
		logfile_line(&p->log, text, len);
	else if (s == PLAT_CSV && p->have_csv)
		logfile_line(&p->csv, text, len);
}

/* The log only: the CSV is held for the whole run (open_csv). */
static void hold_records(void *ctx, bool hold)
{
	logfile_hold(&of(ctx)->log, hold);
}

/* Why the run's log is incomplete; NULL when every record reached the disk. */
static const char *log_lost(void *ctx)
{
	struct efi_platform *p = of(ctx);
	const char *why;
	logfile_hold(&p->csv, FALSE);   /* the run's counts are all in: the CSV's turn */
	if (!p->root)
		return "no file system on the boot device";
	why = logfile_failure(&p->log);
	if (!why && p->have_csv)
		why = logfile_failure(&p->csv);
	return why;
}

static bool smbios(void *ctx, const uint8_t **entry, size_t *entry_len, const uint8_t **table,
		   size_t *table_len)
{
	(void)ctx;
	return smbios_real_find(entry, entry_len, table, table_len);
}

static bool read_file(void *ctx, const char *name, char *buf, size_t cap, size_t *len)
{
	struct efi_platform *p = of(ctx);
	char path[80];
	struct strbuf sb;
	UINTN n = 0;
	sb_init(&sb, path, sizeof(path));
	sb_putc(&sb, '\\');
	sb_puts(&sb, name);
	if (!p->root || sb.overflow || EFI_ERROR(volume_read_file(p->root, path, buf, cap, &n)))
		return false;
	*len = n;
	return true;
}

static bool log_cost(void *ctx, struct plat_log_cost *c)
{
	const struct logfile *lf = &of(ctx)->log;
	if (!of(ctx)->have_log)
		return false;
	c->writes = lf->writes;
	c->flushes = lf->flushes;
	c->bytes = lf->size;
	c->write_ticks = lf->write_ticks;
	c->flush_ticks = lf->flush_ticks;
	return true;
}

static void *alloc(void *ctx, size_t bytes)
{
	(void)ctx;
	return AllocateZeroPool(bytes);
}

static void release(void *ctx, void *ptr)
{
	(void)ctx;
	FreePool(ptr);
}

static const struct rounds_ops efi_rounds_ops = {
	.start_aps = start_aps,
	.run_on = run_on_ap,
	.settle = settle,
	.tsc = tsc,
	.pause = pause,
	.alloc = alloc,
	.free = release,
};

static void *alloc_pages(void *ctx, uint64_t bytes)
{
	EFI_PHYSICAL_ADDRESS addr = 0;
	(void)ctx;
	EFI_STATUS st = uefi_call_wrapper(BS->AllocatePages, 4, AllocateAnyPages, EfiLoaderData,
					  EFI_SIZE_TO_PAGES(bytes), &addr);
	return EFI_ERROR(st) ? NULL : (void *)(UINTN)addr;
}

static void free_pages(void *ctx, void *ptr, uint64_t bytes)
{
	(void)ctx;
	uefi_call_wrapper(BS->FreePages, 2, (EFI_PHYSICAL_ADDRESS)(UINTN)ptr, EFI_SIZE_TO_PAGES(bytes));
}

static const struct platform_ops efi_ops = {
	.run_all = run_all,
	.run_on = run_on,
	.run_rounds = run_rounds,
	.sync = sync,
	.tsc = tsc,
	.pause = pause,
	.irq_save = irq_off,
	.irq_restore = irq_back,
	.say = say,
	.record = record,
	.hold_records = hold_records,
	.log_lost = log_lost,
	.log_cost = log_cost,
	.smbios = smbios,
	.read_file = read_file,
	.alloc = alloc,
	.free = release,
	.alloc_pages = alloc_pages,
	.free_pages = free_pages,
};

EFI_STATUS efi_platform_init(struct efi_platform *p, EFI_FILE_HANDLE root)
{
	EFI_STATUS st = mp_init(&p->mp);
	if (EFI_ERROR(st))
		return st;
	p->cpu = AllocateZeroPool(p->mp.count * sizeof(*p->cpu));
	if (!p->cpu) {
		mp_fini(&p->mp);
		return EFI_OUT_OF_RESOURCES;
	}
	p->root = root;
	hw_backend(&p->hw);
	pci_real_init((unsigned)p->mp.bsp);
	p->plat.ops = &efi_ops;
	p->plat.ctx = p;
	p->plat.ncpus = (unsigned)p->mp.count;
	p->plat.nenabled = (unsigned)p->mp.enabled;
	p->plat.found = (unsigned)p->mp.found;
	p->plat.bsp = (unsigned)p->mp.bsp;
	p->plat.cpu = p->cpu;
	p->plat.hw = &p->hw;
	p->plat.assembly = &backend_assembly;
	p->plat.jobs = &bench_jobs;
	p->rounds.ops = &efi_rounds_ops;
	p->rounds.ctx = p;
	p->plat.dies_known = p->mp.count > 0;
	for (UINTN i = 0; i < p->mp.count; i++)
		p->plat.dies_known = p->plat.dies_known && p->mp.cpu[i].location2;
	for (UINTN i = 0; i < p->mp.count; i++) {
		const struct mp_cpu *m = &p->mp.cpu[i];
		struct plat_cpu *c = &p->cpu[i];
		c->apic_id = (uint32_t)m->info.ProcessorId;
		/*
		 * Package and die from one source: Location2's where every CPU has it (OVMF's
		 * Location, from CPUID 0xB, puts a 2-socket 2-die QEMU in one package), else
		 * Location's and die 0.
		 */
		c->package = p->plat.dies_known ? m->info.ExtendedInformation.Package
						: m->info.Location.Package;
		c->core = m->info.Location.Core;
		c->thread = m->info.Location.Thread;
		c->die = p->plat.dies_known ? m->info.ExtendedInformation.Die : 0;
		c->enabled = m->enabled;
		c->is_bsp = m->is_bsp;
	}
	return EFI_SUCCESS;
}

/* The CSV beside the log: \efipmu\run-NNNN.csv for run-NNNN.jsonl, with its header line. */
static void open_csv(struct efi_platform *p)
{
	char name[sizeof(p->log.name)], head[512];
	struct strbuf n, h;
	UINTN len = pmu_strlen(p->log.name);
	if (len > 6 && !pmu_strcmp(p->log.name + len - 6, ".jsonl"))
		len -= 6;
	sb_init(&n, name, sizeof(name));
	sb_putn(&n, p->log.name, len);
	sb_puts(&n, ".csv");
	if (n.overflow || EFI_ERROR(logfile_create(&p->csv, p->root, name, ".csv")))
		return;
	p->have_csv = TRUE;
	sb_init(&h, head, sizeof(head));
	csv_header(&h);
	logfile_line(&p->csv, h.buf, h.len);
	/*
	 * Its rows reach the disk once, when the run's counts are all in (log_lost): a
	 * flush costs a FAT flush of the volume (about 20 ms under QEMU), and the log
	 * holds every row (efipmu-host csv rebuilds the CSV of a run cut off).
	 */
	logfile_hold(&p->csv, TRUE);
}

void efi_platform_open_logs(struct efi_platform *p, const char *output)
{
	if (p->root)
		p->have_log = !EFI_ERROR(logfile_create(&p->log, p->root, output, ".jsonl"));
	if (p->have_log)
		open_csv(p);
}

void efi_platform_close(struct efi_platform *p)
{
	if (p->rounds.ops)
		rounds_settle(&p->rounds);
	logfile_close(&p->csv);
	logfile_close(&p->log);
}

void efi_platform_free(struct efi_platform *p)
{
	/* an AP still running a procedure may read them: kept then */
	if (p->rounds.ops && !rounds_settle(&p->rounds))
		return;
	if (p->cpu)
		FreePool(p->cpu);
	p->cpu = NULL;
	mp_fini(&p->mp);
}
