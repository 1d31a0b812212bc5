/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * mklog: one whole run of the reference model on the host (the run tests' fake platform,
 * tests/unit/platform_fake.h), its log written to a file: the model logs the report and db
 * suites read (tests/report/suite.sh). The run is the app's own (run_init, run_main), so a
 * change of the log format shows here as in the app.
 *   mklog [--cpus N] [--packages N] [--dies N] [--threads N] [--file NAME] [--smi-storm]
 *         [--fw-vendor V] [--fw-revision N] [--time T] [--console OUT.txt] -o OUT.jsonl
 *         'CONFIG TEXT'
 * --dies: dies a package, firmware's Location2 (none said: one die a package, no Location2).
 * --threads: threads a core (1). --file: the volume's one file, by its name (its path's
 * last part), as sim-profile-file reads it.
 * --console: the run's console lines too, to their own file.
 * --smi-storm: SMIs every 500 cycles from cycle 100 (handler 50 instructions, 100 cycles), as
 * test_run.c's test_smis_every_window_disturb: DISTURBED where the counters cannot freeze in SMM.
 */
#include "run_harness.h"

static void usage(void)
{
	fputs("usage: mklog [--cpus N] [--packages N] [--dies N] [--threads N] [--file NAME] "
	      "[--smi-storm] "
	      "[--fw-vendor V] [--fw-revision N] [--time T] [--console OUT.txt] -o OUT.jsonl "
	      "CONFIG\n", stderr);
	exit(2);
}

/* The whole file at path, NUL-terminated (the caller's to free); exits when it cannot be read. */
static char *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	long n = f && !fseek(f, 0, SEEK_END) ? ftell(f) : -1;
	char *text = n >= 0 ? calloc(1, (size_t)n + 1) : NULL;
	if (!text || fseek(f, 0, SEEK_SET) || fread(text, 1, (size_t)n, f) != (size_t)n) {
		fprintf(stderr, "mklog: cannot read %s\n", path);
		exit(2);
	}
	fclose(f);
	return text;
}

/* text to a new file at path (never over an older one); false, said, when it cannot. */
static bool write_new(const char *path, const char *text, size_t len)
{
	FILE *f = fopen(path, "wx");
	if (!f || fwrite(text, 1, len, f) != len || fclose(f)) {
		fprintf(stderr, "mklog: cannot write %s\n", path);
		return false;
	}
	return true;
}

int main(int argc, char **argv)
{
	unsigned ncpus = 4, npkgs = 1, tpc = 1, ndies = 0;
	bool storm = false;
	const char *out = NULL, *cfg = NULL, *file = NULL, *console = NULL;
	struct run_header h = { .fw_vendor = "host", .time = "" };
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--smi-storm")) {
			storm = true;
			continue;
		}
		if (a[0] != '-') {
			cfg = a;
			continue;
		}
		if (++i >= argc)
			usage();
		if (!strcmp(a, "--cpus"))
			ncpus = (unsigned)strtoul(argv[i], NULL, 0);
		else if (!strcmp(a, "--packages"))
			npkgs = (unsigned)strtoul(argv[i], NULL, 0);
		else if (!strcmp(a, "--threads"))
			tpc = (unsigned)strtoul(argv[i], NULL, 0);
		else if (!strcmp(a, "--dies"))
			ndies = (unsigned)strtoul(argv[i], NULL, 0);
		else if (!strcmp(a, "--file"))
			file = argv[i];
		else if (!strcmp(a, "--fw-vendor"))
			h.fw_vendor = argv[i];
		else if (!strcmp(a, "--fw-revision"))
			h.fw_revision = (uint32_t)strtoul(argv[i], NULL, 0);
		else if (!strcmp(a, "--time"))
			h.time = argv[i];
		else if (!strcmp(a, "-o"))
			out = argv[i];
		else if (!strcmp(a, "--console"))
			console = argv[i];
		else
			usage();
	}
	if (!out || !cfg)
		usage();
	struct outcome o = outcome_new(ncpus, npkgs, tpc);
	if (ndies)
		fake_platform_dies(o.f, ndies);
	char *text = file ? read_file(file) : NULL;
	if (file) {
		o.f->file_name = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
		o.f->file_text = text;
	}
	init_cfg(&o, cfg, NULL);
	if (o.v != VERDICT_PASS) {
		fprintf(stderr, "mklog: the run was refused (%s)\n", o.f->console);
		return 2;
	}
	if (storm) {
		const struct model_noise_rates r = { .smi_first = 100, .smi_period = 500,
						     .smi_insts = 50, .smi_cycles = 100 };
		model_set_noise(assembled_model(o.r), MODEL_NOISE_SMI, &r);
	}
	o.v = run_main(o.r, &h);
	if (!write_new(out, o.f->log, o.f->log_len) ||
	    (console && !write_new(console, o.f->console, o.f->console_len)))
		return 2;
	done(&o);
	free(text);
	return 0;
}
