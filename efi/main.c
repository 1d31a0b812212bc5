/*
 * efipmu entry point: read the settings, open the log, enumerate every CPU,
 * run the job on each, report on the boot CPU, restore what was touched.
 */
#include <efi.h>
#include <efilib.h>
#include "app.h"
#include "buffers.h"
#include "console.h"
#include "fault_test.h"
#include "hw.h"
#include "icount.h"
#include "out/logrec.h"
#include "hw/msr.h"

#define AP_TIMEOUT_US 10000000u
#define CFG_MAX 8192
#define QEMU_EXIT_PORT 0xf4

static struct app *app;

/*
 * A rejected file changes no setting, but a test harness still needs its
 * answer: a line that is exactly "qemu-exit" keeps the verdict path open.
 */
static BOOLEAN cfg_has_line(const char *text, UINTN len, const char *want)
{
	UINTN n = pmu_strlen(want);
	for (UINTN i = 0; i < len;) {
		UINTN e = i;
		while (e < len && text[e] != '\n')
			e++;
		UINTN l = e - i;
		while (l && (text[i + l - 1] == '\r' || text[i + l - 1] == ' '))
			l--;
		if (l == n && !pmu_strncmp(text + i, want, n))
			return TRUE;
		i = e + 1;
	}
	return FALSE;
}

/* Reads efipmu.cfg from the volume root or beside the app in \EFI\BOOT. */
static pmu_status load_config(struct app *a, struct opt_error *err)
{
	static char cfg[CFG_MAX];
	UINTN len = 0;
	if (!a->root)
		return PMU_OK;
	EFI_STATUS est = volume_read_file(a->root, "\\efipmu.cfg", cfg, sizeof(cfg), &len);
	if (est == EFI_NOT_FOUND)
		est = volume_read_file(a->root, "\\EFI\\BOOT\\efipmu.cfg", cfg, sizeof(cfg), &len);
	if (est == EFI_BUFFER_TOO_SMALL) {
		pmu_strlcpy(err->msg, "efipmu.cfg: larger than 8 KiB", sizeof(err->msg));
		return PMU_ERR_INVALID;
	}
	if (EFI_ERROR(est))
		return PMU_OK;
	pmu_strlcpy(a->cmdline, "(efipmu.cfg)", sizeof(a->cmdline));
	pmu_status st = options_parse_config(cfg, len, &a->opt, err);
	if (st)
		a->opt.qemu_exit = cfg_has_line(cfg, len, "qemu-exit");
	return st;
}

/* Settings: efipmu.cfg if there is one, then the shell's arguments on top of it. */
static pmu_status load_settings(struct app *a)
{
	EFI_SHELL_PARAMETERS_PROTOCOL *sp = NULL;
	struct opt_error err = { { 0 }, 0 };
	options_defaults(&a->opt);
	pmu_strlcpy(a->cmdline, "(defaults)", sizeof(a->cmdline));
	pmu_status st = load_config(a, &err);
	EFI_STATUS est = uefi_call_wrapper(BS->OpenProtocol, 6, a->image, &ShellParametersProtocolGuid,
					   (VOID **)&sp, a->image, NULL,
					   EFI_OPEN_PROTOCOL_GET_PROTOCOL);
	if (!st && !EFI_ERROR(est) && sp && sp->Argc > 1) {
		static char argbuf[1024];
		const char *argv[32];
		struct strbuf cl;
		UINTN used = 0, argc = 0;
		sb_init(&cl, a->cmdline, sizeof(a->cmdline));
		for (; argc < sp->Argc && argc < 32 && used < sizeof(argbuf); argc++) {
			ucs2_to_ascii(argbuf + used, sizeof(argbuf) - used, sp->Argv[argc]);
			argv[argc] = argbuf + used;
			used += pmu_strlen(argv[argc]) + 1;
			if (argc)
				sb_putc(&cl, ' ');
			sb_puts(&cl, argv[argc]);
		}
		st = options_parse_argv((int)argc, argv, &a->opt, &err);
	}
	if (st) {
		sb_puts(&a->sb, "efipmu: ");
		sb_puts(&a->sb, err.msg);
		app_say(a, FALSE);
	}
	return st;
}

static void discover_on_cpu(void *ctx, unsigned cpu)
{
	struct app *a = ctx;
	struct cpu_slot *s = &a->slot[cpu];
	if (!cpuset_has(&a->opt.cpus, cpu))
		return;
	s->st = pmu_discover(&a->backend, cpu, &s->info);
	if (a->opt.fault_test) {
		s->fault_test_fail = fault_test_run(&a->backend, cpu);
	}
	s->done = 1;
}

static pmu_status setup_backend(struct app *a)
{
	if (a->opt.backend == EFIPMU_BACKEND_REAL) {
		hw_backend(&a->backend);
		EFI_STATUS st = fault_catch_install();
		if (EFI_ERROR(st)) {
			sb_puts(&a->sb, "efipmu: cannot install the #GP/#UD handler (EFI_CPU_ARCH_PROTOCOL): ");
			sb_hex(&a->sb, (uint64_t)st);
			sb_puts(&a->sb, "; refusing to touch MSRs");
			app_say(a, FALSE);
			return PMU_ERR_UNSUPPORTED;
		}
		return PMU_OK;
	}
	const struct model_profile *p = model_profile_find(a->opt.sim_profile);
	if (!p) {
		sb_puts(&a->sb, "efipmu: unknown simulation profile '");
		sb_puts(&a->sb, a->opt.sim_profile);
		sb_puts(&a->sb, "'");
		app_say(a, FALSE);
		return PMU_ERR_UNKNOWN_NAME;
	}
	unsigned n = a->mp.count > MODEL_MAX_CPUS ? MODEL_MAX_CPUS : (unsigned)a->mp.count;
	a->model = AllocateZeroPool(sizeof(*a->model));
	if (!a->model)
		return PMU_ERR_NOSPACE;
	pmu_status st = model_init(a->model, p, n, 1);
	/* The model's packages are the firmware's: uncore boxes are shared as on hardware. */
	for (unsigned i = 0; i < n && !st; i++)
		st = model_place_cpu(a->model, i, a->mp.cpu[i].info.Location.Package);
	if (st)
		return st;
	model_backend(a->model, &a->backend);
	if (!pmu_strcmp(a->opt.sim_break, "narrow-counters"))
		a->model->broken.narrow_counters = 1;
	else if (!pmu_strcmp(a->opt.sim_break, "ignore-enable"))
		a->model->broken.ignore_enable = true;
	else if (a->opt.sim_break[0]) {
		sb_puts(&a->sb, "efipmu: unknown model defect '");
		sb_puts(&a->sb, a->opt.sim_break);
		sb_puts(&a->sb, "' (narrow-counters, ignore-enable)");
		app_say(a, FALSE);
		return PMU_ERR_UNKNOWN_NAME;
	}
	if (a->opt.sim_break[0]) {
		sb_puts(&a->sb, "the model has a deliberate defect: ");
		sb_puts(&a->sb, a->opt.sim_break);
		app_say(a, TRUE);
	}
	return PMU_OK;
}

static void fill_topology(struct app *a)
{
	for (UINTN i = 0; i < a->mp.count; i++) {
		struct cpu_info *ci = &a->slot[i].info;
		const struct mp_cpu *c = &a->mp.cpu[i];
		ci->index = (unsigned)i;
		ci->apic_id = c->info.ProcessorId;
		ci->package = c->info.Location.Package;
		ci->core = c->info.Location.Core;
		ci->thread = c->info.Location.Thread;
		ci->enabled = c->enabled;
		ci->is_bsp = c->is_bsp;
	}
}

static void put_num(struct strbuf *sb, uint64_t v, size_t col)
{
	sb_pad_to(sb, col);
	sb_dec(sb, v);
}

/* Two hex digits without "0x", as family and model are usually written (06-2d). */
static void put_hex2(struct strbuf *sb, uint32_t v)
{
	static const char hex[] = "0123456789abcdef";
	sb_putc(sb, hex[(v >> 4) & 0xf]);
	sb_putc(sb, hex[v & 0xf]);
}

static void report_cpus(struct app *a)
{
	BOOLEAN sim = a->backend.simulated;
	/* 74 columns: 80 with the [SIM] mark. */
	sb_puts(&a->sb, "CPU APIC PKG CORE THR FAM-MOD UCODE      PMU GP FX UNCORE");
	app_say(a, sim);
	for (UINTN i = 0; i < a->mp.count; i++) {
		struct cpu_slot *s = &a->slot[i];
		const struct cpu_info *ci = &s->info;
		if (!cpuset_has(&a->opt.cpus, (unsigned)i) || !ci->enabled)
			continue;
		if (!s->done) {
			sb_puts(&a->sb, "CPU ");
			sb_dec(&a->sb, i);
			sb_puts(&a->sb, " (APIC id ");
			sb_dec(&a->sb, ci->apic_id);
			sb_puts(&a->sb, ") did not run the job: no result");
			app_say(a, FALSE);
			continue;
		}
		put_num(&a->sb, i, 0);
		put_num(&a->sb, ci->apic_id, 4);
		put_num(&a->sb, ci->package, 9);
		put_num(&a->sb, ci->core, 13);
		put_num(&a->sb, ci->thread, 18);
		sb_pad_to(&a->sb, 22);
		put_hex2(&a->sb, ci->family);
		sb_putc(&a->sb, '-');
		put_hex2(&a->sb, ci->model);
		sb_putc(&a->sb, '-');
		sb_dec(&a->sb, ci->stepping);
		sb_pad_to(&a->sb, 30);
		if (ci->microcode_st == PMU_OK)
			sb_hex(&a->sb, ci->microcode);
		else
			sb_puts(&a->sb, "?");
		sb_pad_to(&a->sb, 41);
		sb_putc(&a->sb, 'v');
		sb_dec(&a->sb, ci->arch.version);
		put_num(&a->sb, ci->arch.n_gp, 45);
		put_num(&a->sb, ci->arch.n_fixed, 48);
		sb_pad_to(&a->sb, 51);
		sb_puts(&a->sb, uncore_family_name(ci->uncore));
		app_say(a, sim);
		logrec_cpu(&a->sb, ci, sim);
		app_record(a);
	}
}

/* Why the run's log is incomplete; NULL when every record reached the disk. */
static const char *log_lost(const struct app *a)
{
	const char *why;
	if (!a->root)
		return "no file system on the boot device";
	why = logfile_failure(&a->log);
	if (!why && a->have_csv)
		why = logfile_failure(&a->csv);
	return why;
}

static enum verdict judge(struct app *a, enum verdict job)
{
	unsigned ran = 0, with_pmu = 0, missing = 0, unfinished = 0, faults_caught = 0;
	const char *why = NULL;
	for (UINTN i = 0; i < a->mp.count; i++) {
		struct cpu_slot *s = &a->slot[i];
		if (!cpuset_has(&a->opt.cpus, (unsigned)i) || !s->info.enabled)
			continue;
		if (!s->done || s->st) {
			missing++;
			continue;
		}
		ran++;
		unfinished += s->measure_st == PMU_ERR_TIMEOUT;   /* missed a barrier or its round */
		if (pmu_core_present(&s->info))
			with_pmu++;
		else
			why = pmu_core_verdict(&s->info);
		if (a->opt.fault_test && s->fault_test_fail) {
			sb_puts(&a->sb, "CPU ");
			sb_dec(&a->sb, i);
			sb_puts(&a->sb, ": fault test: ");
			sb_puts(&a->sb, s->fault_test_fail);
			app_say(a, a->backend.simulated);
		}
		faults_caught += !s->fault_test_fail;
	}
	enum verdict v = VERDICT_PASS;
	if (missing || !ran)
		v = VERDICT_FAIL;
	else if (a->opt.fault_test)
		v = faults_caught == ran ? VERDICT_PASS : VERDICT_FAIL;
	else if (with_pmu < ran)
		v = VERDICT_NO_PMU;
	else
		v = job;
	const char *lost = log_lost(a);
	if (lost)
		v = VERDICT_FAIL;   /* a run whose log is incomplete is not a result to trust */

	logrec_begin(&a->sb, "verdict", a->backend.simulated);
	logrec_key_str(&a->sb, "verdict", v == VERDICT_PASS ? "PASS" : v == VERDICT_NO_PMU ? "NO-PMU" : "FAIL");
	logrec_key_u64(&a->sb, "cpus_ran", ran);
	logrec_key_u64(&a->sb, "cpus_missing", missing);
	logrec_key_u64(&a->sb, "cpus_unfinished", unfinished);
	logrec_key_u64(&a->sb, "cpus_with_core_pmu", with_pmu);
	if (a->opt.fault_test)
		logrec_key_u64(&a->sb, "faults_caught", faults_caught);
	if (why)
		logrec_key_str(&a->sb, "reason", why);
	if (lost)
		logrec_key_str(&a->sb, "log_lost", lost);
	logrec_end(&a->sb);
	app_record(a);

	sb_puts(&a->sb, "VERDICT: ");
	sb_puts(&a->sb, v == VERDICT_PASS ? "PASS" : v == VERDICT_NO_PMU ? "NO-PMU" : "FAIL");
	sb_puts(&a->sb, " - ");
	sb_dec(&a->sb, ran);
	sb_puts(&a->sb, " CPUs ran, ");
	sb_dec(&a->sb, with_pmu);
	sb_puts(&a->sb, " with a core PMU");
	if (missing) {
		sb_puts(&a->sb, ", ");
		sb_dec(&a->sb, missing);
		sb_puts(&a->sb, " did not answer");
	}
	if (unfinished) {
		sb_puts(&a->sb, ", ");
		sb_dec(&a->sb, unfinished);
		sb_puts(&a->sb, " did not finish");
	}
	if (a->opt.fault_test) {
		sb_puts(&a->sb, ", #GP caught on all paths on ");
		sb_dec(&a->sb, faults_caught);
		sb_puts(&a->sb, " CPUs");
	}
	app_say(a, a->backend.simulated);
	if (lost) {
		sb_puts(&a->sb, "         log not written: ");
		sb_puts(&a->sb, lost);
		app_say(a, a->backend.simulated);
	}
	if (why && v == VERDICT_NO_PMU) {
		sb_puts(&a->sb, "         ");
		sb_puts(&a->sb, why);
		app_say(a, a->backend.simulated);
	}
	return v;
}

static void write_header(struct app *a)
{
	char fw[64], opts[600];
	struct strbuf ob;
	struct run_header h = { 0 };
	ucs2_to_ascii(fw, sizeof(fw), ST->FirmwareVendor);
	sb_init(&ob, opts, sizeof(opts));
	options_describe(&a->opt, &ob);
	h.cmdline = a->cmdline;
	h.options = opts;
	h.fw_vendor = fw;
	h.fw_revision = ST->FirmwareRevision;
	h.uefi_revision = ST->Hdr.Revision;
	h.backend = a->backend.name;
	h.simulated = a->backend.simulated;
	h.cpus_found = (unsigned)a->mp.count;
	h.cpus_enabled = (unsigned)a->mp.enabled;
	char tbuf[32] = "";
	EFI_TIME t;
	if (!EFI_ERROR(uefi_call_wrapper(RT->GetTime, 2, &t, NULL))) {
		struct strbuf tb;
		sb_init(&tb, tbuf, sizeof(tbuf));
		sb_dec(&tb, t.Year);
		sb_putc(&tb, '-');
		sb_putc(&tb, (char)('0' + t.Month / 10));
		sb_putc(&tb, (char)('0' + t.Month % 10));
		sb_putc(&tb, '-');
		sb_putc(&tb, (char)('0' + t.Day / 10));
		sb_putc(&tb, (char)('0' + t.Day % 10));
		sb_putc(&tb, 'T');
		sb_putc(&tb, (char)('0' + t.Hour / 10));
		sb_putc(&tb, (char)('0' + t.Hour % 10));
		sb_putc(&tb, ':');
		sb_putc(&tb, (char)('0' + t.Minute / 10));
		sb_putc(&tb, (char)('0' + t.Minute % 10));
		sb_putc(&tb, ':');
		sb_putc(&tb, (char)('0' + t.Second / 10));
		sb_putc(&tb, (char)('0' + t.Second % 10));
	}
	h.time = tbuf;
	logrec_header(&a->sb, &h);
	app_record(a);

	sb_puts(&a->sb, "efipmu " EFIPMU_VERSION " | backend ");
	sb_puts(&a->sb, a->backend.name);
	sb_puts(&a->sb, " | ");
	sb_dec(&a->sb, a->mp.count);
	sb_puts(&a->sb, " CPUs, ");
	sb_dec(&a->sb, a->mp.enabled);
	sb_puts(&a->sb, " enabled");
	app_say(a, FALSE);
	if (a->backend.simulated) {
		sb_puts(&a->sb, "SIMULATED: every value below comes from the reference model");
		app_say(a, TRUE);
		sb_puts(&a->sb, "(profile ");
		sb_puts(&a->sb, a->opt.sim_profile);
		sb_puts(&a->sb, "), not from this machine");
		app_say(a, TRUE);
	}
	if (a->have_log) {
		sb_puts(&a->sb, "log: \\efipmu\\");
		sb_puts(&a->sb, a->log.name);
		if (a->have_csv) {
			sb_puts(&a->sb, ", counts also in ");
			sb_puts(&a->sb, a->csv.name);
		}
	} else {
		sb_puts(&a->sb, "no log file (");
		sb_puts(&a->sb, a->log.problem[0] ? a->log.problem : "no file system on the boot device");
		sb_puts(&a->sb, "): console output only");
	}
	app_say(a, FALSE);
}

static void qemu_exit(struct app *a, enum verdict v)
{
	struct pmu_cpuid r;
	/* Port 0xf4 means nothing on real hardware: only under a hypervisor, only when asked. */
	if (!a->opt.qemu_exit)
		return;
	__asm__ volatile("cpuid" : "=a"(r.eax), "=b"(r.ebx), "=c"(r.ecx), "=d"(r.edx) : "a"(1), "c"(0));
	if ((r.ecx >> CPUID1_ECX_HYPERVISOR_BIT) & 1)
		hw_outb(QEMU_EXIT_PORT, (UINT8)v);
}

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	InitializeLib(image, systab);
	/* The boot manager arms a 5-minute watchdog (UEFI 2.x §7.5): off while we run. */
	uefi_call_wrapper(BS->SetWatchdogTimer, 4, 0, 0, 0, NULL);
	app = AllocateZeroPool(sizeof(*app));
	if (!app)
		return EFI_OUT_OF_RESOURCES;
	struct app *a = app;
	a->image = image;
	sb_init(&a->sb, a->line, sizeof(a->line));
	if (EFI_ERROR(volume_open(image, &a->root)))
		a->root = NULL;

	enum verdict v = VERDICT_ERROR;
	if (load_settings(a) == PMU_OK) {
		if (a->opt.help) {
			/* Longer than a console line buffer: its own, and truncation is a bug. */
			static char help[8192];
			struct strbuf hb;
			sb_init(&hb, help, sizeof(help));
			options_help(&hb);
			con_write(help);
			v = hb.overflow ? VERDICT_FAIL : VERDICT_PASS;
			goto out;
		}
		if (EFI_ERROR(mp_init(&a->mp)))
			goto out;
		if (setup_backend(a))
			goto out;
		if (a->root)
			a->have_log = !EFI_ERROR(logfile_create(&a->log, a->root, a->opt.output, ".jsonl"));
		if (a->have_log)
			app_open_csv(a);
		write_header(a);
		fill_topology(a);
		if (stall_check(a) != VERDICT_PASS)
			goto out;
		mp_run_all(&a->mp, discover_on_cpu, a, AP_TIMEOUT_US);
		report_cpus(a);
		enum verdict job = VERDICT_PASS;
		if (a->opt.icount_check) {
			v = job_icount(a);   /* its own verdict: no PMU is involved */
			goto out;
		}
		if (a->opt.bench) {
			v = job_bench(a);
			goto out;
		}
		if (a->opt.list || a->opt.decode) {
			if (a->opt.list)
				job = job_list(a);
			if (a->opt.decode && job == VERDICT_PASS)
				job = job_decode(a);
		} else {
			/* After discovery: it reads the microcode revision through a write. */
			if (a->opt.dry_run)
				job = dryrun_wrap(a);
			if (a->opt.selftest && !a->opt.fault_test && job == VERDICT_PASS) {
				job = job_selftest(a);
			} else if (!a->opt.fault_test && job == VERDICT_PASS) {
				job = job_resolve(a);
				if (job == VERDICT_PASS)
					job = job_uncore_check(a);
				if (job == VERDICT_PASS) {
					enum verdict core = job_core(a);   /* core table first */
					job = verdict_worse(core, job_uncore(a));
				}
			}
			if (a->opt.dry_run && job != VERDICT_ERROR)
				job = dryrun_report(a);
		}
		v = job == VERDICT_ERROR ? job : judge(a, job);
	}
out:
	mp_settle(&a->mp);
	buffers_free(a);
	if (a->opt.backend == EFIPMU_BACKEND_REAL)
		fault_catch_remove();
	logfile_close(&a->csv);
	logfile_close(&a->log);
	if (a->root)
		uefi_call_wrapper(a->root->Close, 1, a->root);
	uefi_call_wrapper(BS->SetWatchdogTimer, 4, 300, 0, 0, NULL);
	qemu_exit(a, v);
	return v == VERDICT_PASS || v == VERDICT_NO_PMU ? EFI_SUCCESS : EFI_ABORTED;
}
