/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * efipmu entry point, platform side only: read the settings (efipmu.cfg and
 * the Shell's arguments), find the CPUs, open the log, install the fault
 * catching of the real backend, then hand over to lib/run/ for the whole run
 * and its verdict; tidy up and, under QEMU when asked, exit with it.
 */
#include <efi.h>
#include <efilib.h>
#include "console.h"
#include "efi_platform.h"
#include "fault_test.h"
#include "hw.h"
#include "hw/msr.h"
#include "watchdog.h"
#include "run/run.h"
#include "hooks/never_done.h"

#define CFG_MAX 8192
#define QEMU_EXIT_PORT 0xf4

/* What the entry point holds before lib/run/ takes over. */
struct boot {
	EFI_HANDLE image;
	struct efipmu_options opt;
	char cmdline[512];
	struct efi_platform pf;
	struct run run;
	struct never_done never_done;   /* test-ap-never-done, in front of pf.rounds */
};

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
static pmu_status load_config(struct boot *a, struct opt_error *err)
{
	static char cfg[CFG_MAX];
	UINTN len = 0;
	if (!a->pf.root)
		return PMU_OK;
	EFI_STATUS est = volume_read_file(a->pf.root, "\\efipmu.cfg", cfg, sizeof(cfg), &len);
	if (est == EFI_NOT_FOUND)
		est = volume_read_file(a->pf.root, "\\EFI\\BOOT\\efipmu.cfg", cfg, sizeof(cfg), &len);
	if (est == EFI_BUFFER_TOO_SMALL) {
		pmu_strlcpy(err->msg, "efipmu.cfg: larger than 8 KiB", sizeof(err->msg));
		/* its first 8 KiB still say whether a harness waits for the exit */
		a->opt.qemu_exit = cfg_has_line(cfg, len, "qemu-exit");
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
static pmu_status load_settings(struct boot *a)
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
		/* a refused command line still answers a harness that asked for the exit */
		for (UINTN i = 1; st && i < argc; i++)
			a->opt.qemu_exit |= !pmu_strcmp(argv[i], "--qemu-exit");
	}
	if (st) {
		con_write("efipmu: ");
		con_write(err.msg);
		con_write("\n");
	}
	return st;
}

/* CPUID.1:ECX[31] of the CPU we run on: a hypervisor, not bare metal. */
static BOOLEAN under_hypervisor(void)
{
	struct pmu_cpuid r;
	__asm__ volatile("cpuid" : "=a"(r.eax), "=b"(r.ebx), "=c"(r.ecx), "=d"(r.edx) : "a"(1), "c"(0));
	return (r.ecx >> CPUID1_ECX_HYPERVISOR_BIT) & 1;
}

static void qemu_exit(const struct boot *a, enum verdict v)
{
	/* Port 0xf4 means nothing on real hardware: only under a hypervisor, only when asked. */
	if (a->opt.qemu_exit && under_hypervisor())
		hw_outb(QEMU_EXIT_PORT, (UINT8)v);
}

/*
 * PASS is the only success on bare metal. Under a hypervisor, NO-PMU is the
 * honest answer of a guest without a virtual PMU (QEMU TCG), and a success.
 */
static EFI_STATUS exit_status(enum verdict v)
{
	return v == VERDICT_PASS || (v == VERDICT_NO_PMU && under_hypervisor()) ? EFI_SUCCESS :
										    EFI_ABORTED;
}

/* Installs the #GP catching the real backend needs; FALSE (said why) when it cannot. */
static BOOLEAN real_backend_ready(void)
{
	EFI_STATUS st = fault_catch_install();
	char hex[24];
	struct strbuf h;
	if (!EFI_ERROR(st))
		return TRUE;
	sb_init(&h, hex, sizeof(hex));
	sb_hex(&h, (uint64_t)st);
	con_write("efipmu: cannot install the #GP handler (EFI_CPU_ARCH_PROTOCOL): ");
	con_write(hex);
	con_write("; refusing to touch MSRs\n");
	return FALSE;
}

/* The first console line, and where the log is. */
static void say_banner(const struct boot *a)
{
	const struct efi_platform *p = &a->pf;
	char line[160];
	struct strbuf sb;
	sb_init(&sb, line, sizeof(line));
	sb_puts(&sb, "efipmu " EFIPMU_VERSION " | backend ");
	sb_puts(&sb, a->opt.backend == EFIPMU_BACKEND_SIM ? "sim" : p->hw.name);
	sb_puts(&sb, " | ");
	sb_dec(&sb, p->mp.count);
	sb_puts(&sb, " CPUs, ");
	sb_dec(&sb, p->mp.enabled);
	sb_puts(&sb, " enabled");
	con_line(&sb);
	sb_puts(&sb, watchdog_plan());
	con_line(&sb);
	if (p->have_log) {
		sb_puts(&sb, "log: \\efipmu\\");
		sb_puts(&sb, p->log.name);
		if (p->have_csv) {
			sb_puts(&sb, ", counts also in ");
			sb_puts(&sb, p->csv.name);
		}
	} else {
		sb_puts(&sb, "no log file (");
		sb_puts(&sb, p->log.problem[0] ? p->log.problem : "no file system on the boot device");
		sb_puts(&sb, "): console output only");
	}
	con_line(&sb);
}

/* --fault-test on one CPU (AP code): fault_test.c's result as one line. */
static const char *fault_test_line(const struct pmu_backend *b, unsigned cpu, char *desc, size_t cap,
				   struct restore_tally *back)
{
	struct fault_test_result r;
	struct strbuf sb;
	fault_test_on(b, cpu, &r, back);
	sb_init(&sb, desc, cap);
	fault_test_describe(&sb, &r);
	return r.fail;
}

/* The first exception none of ours expected, as one line (test-unexpected-fault's report). */
static bool unexpected_said(struct strbuf *sb)
{
	struct fault_record r;
	if (!fault_unexpected(&r))
		return false;
	fault_describe(sb, &r);
	return true;
}

static const struct run_faults efi_faults = {
	.test = fault_test_line,
	.stray = fault_test_unexpected,
	.said = unexpected_said,
};

/* An AP that took an exception none of ours expected, said by the boot CPU afterwards. */
static void say_unexpected_fault(void)
{
	char line[200];
	struct strbuf sb;
	sb_init(&sb, line, sizeof(line));
	if (unexpected_said(&sb))
		con_line(&sb);
}

/* The firmware's name and revisions and the RTC's time, for the log header. */
static void header_from_firmware(struct run_header *h, char *fw, UINTN fwcap, char *tbuf,
				 UINTN tcap)
{
	EFI_TIME t;
	pmu_memset(h, 0, sizeof(*h));
	ucs2_to_ascii(fw, fwcap, ST->FirmwareVendor);
	h->fw_vendor = fw;
	h->fw_revision = ST->FirmwareRevision;
	h->uefi_revision = ST->Hdr.Revision;
	tbuf[0] = 0;
	h->time = tbuf;
	if (EFI_ERROR(uefi_call_wrapper(RT->GetTime, 2, &t, NULL)))
		return;
	struct strbuf tb;
	const unsigned two[] = { t.Month, t.Day, t.Hour, t.Minute, t.Second };
	static const char sep[] = "-T::";
	sb_init(&tb, tbuf, tcap);
	sb_dec(&tb, t.Year);
	for (unsigned i = 0; i < 5; i++) {
		sb_putc(&tb, i ? sep[i - 1] : '-');
		sb_putc(&tb, (char)('0' + two[i] / 10));
		sb_putc(&tb, (char)('0' + two[i] % 10));
	}
}

#define NEVER_RETURN_RESET_S 10

/*
 * Returning unloads the image, and an AP firmware never reported done may
 * still run its code or spin on its memory. Then efipmu does not return: the
 * log is closed and complete, the console says why, QEMU (--qemu-exit) gets
 * the verdict, and the platform resets after a pause to read the screen (the
 * watchdog is still armed should the reset fail).
 */
static void never_return_under_a_running_ap(struct boot *a, enum verdict v)
{
	con_write("efipmu: an AP may still run efipmu's code (firmware never reported it done), "
		  "so efipmu does not return to firmware: the log is complete; resetting the "
		  "platform in 10 s\n");
	qemu_exit(a, v);
	uefi_call_wrapper(BS->Stall, 1, NEVER_RETURN_RESET_S * 1000000);
	uefi_call_wrapper(RT->ResetSystem, 4, EfiResetCold, EFI_ABORTED, 0, NULL);
	for (;;)
		__asm__ volatile("cli; hlt");
}

/* The log's last record when an AP may still run: what the console says, kept. */
static void log_ap_running(struct boot *a)
{
	run_begin(&a->run, "ap_running");
	logrec_key_str(&a->run.sb, "action", "no return to firmware: platform reset");
	logrec_end(&a->run.sb);
	run_record(&a->run);
}

/* The run itself, in lib/run/. */
static enum verdict run(struct boot *a)
{
	struct efi_platform *p = &a->pf;
	BOOLEAN real = a->opt.backend == EFIPMU_BACKEND_REAL;
	char fw[64], tbuf[32];
	struct run_header h;
	if (real && !real_backend_ready())
		return VERDICT_ERROR;
	enum verdict v = run_init(&a->run, &p->plat, &a->opt, a->cmdline, real ? &p->hw : NULL,
				  &efi_faults);
	if (v != VERDICT_PASS)
		return v;
	efi_platform_open_logs(p, a->opt.output);
	say_banner(a);
	header_from_firmware(&h, fw, sizeof(fw), tbuf, sizeof(tbuf));
	v = run_main(&a->run, &h);
	if (real)
		say_unexpected_fault();
	return v;
}

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	InitializeLib(image, systab);
	watchdog_begin(image);
	struct boot *a = AllocateZeroPool(sizeof(*a));
	if (!a) {
		watchdog_end();
		return EFI_OUT_OF_RESOURCES;
	}
	a->image = image;
	EFI_FILE_HANDLE root = NULL;
	if (EFI_ERROR(volume_open(image, &root)))
		root = NULL;
	a->pf.root = root;

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
		} else if (!EFI_ERROR(efi_platform_init(&a->pf, root))) {
			if (a->opt.test_ap_never_done)
				never_done_init(&a->never_done, &a->pf.rounds);
			v = run(a);
		} else {
			con_write("efipmu: cannot list the CPUs (MP services, or no memory for them)\n");
		}
	}
	BOOLEAN ap_running = a->pf.rounds.ops && !rounds_settle(&a->pf.rounds);
	if (ap_running)
		log_ap_running(a);
	efi_platform_close(&a->pf);
	if (ap_running)
		never_return_under_a_running_ap(a, v);
	run_fini(&a->run);
	efi_platform_free(&a->pf);
	if (a->opt.backend == EFIPMU_BACKEND_REAL)
		fault_catch_remove();
	if (root)
		uefi_call_wrapper(root->Close, 1, root);
	watchdog_end();
	qemu_exit(a, v);
	return exit_status(v);
}
