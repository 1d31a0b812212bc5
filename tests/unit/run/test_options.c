/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include <stdio.h>
#include "testutil.h"
#include "run/log_sync.h"
#include "run/options.h"

#define ARGV(...) ((const char *const[]){ "efipmu", __VA_ARGS__ })
#define ARGC(...) ((int)(sizeof((const char *[]){ "efipmu", __VA_ARGS__ }) / sizeof(char *)))
#define PARSE(o, err, ...) options_parse_argv(ARGC(__VA_ARGS__), ARGV(__VA_ARGS__), (o), (err))

static pmu_status cfg(const char *text, struct efipmu_options *o, struct opt_error *err)
{
	return options_parse_config(text, strlen(text), o, err);
}

static void describe(const struct efipmu_options *o, char *buf, size_t cap)
{
	struct strbuf sb;
	sb_init(&sb, buf, cap);
	options_describe(o, &sb);
	assert_false(sb.overflow);
}

static void test_defaults(void **state)
{
	(void)state;
	struct efipmu_options o;
	char buf[256];
	options_defaults(&o);
	assert_int_equal(o.backend, EFIPMU_BACKEND_REAL);
	assert_string_equal(o.sim_profile, "nehalem-ep");
	assert_string_equal(o.events, "");
	assert_string_equal(o.kernels, "");
	assert_true(cpuset_is_all(&o.cpus));
	assert_int_equal(o.repeats, 1);
	assert_string_equal(o.output, "");
	assert_false(o.selftest || o.list || o.dry_run || o.decode || o.help || o.force ||
		     o.qemu_exit || o.verbose);
	assert_int_equal(o.config_given, 0);
	describe(&o, buf, sizeof(buf));
	assert_int_equal(o.log_sync_ms, 100);
	assert_string_equal(buf, "backend=real cpus=all repeats=1 log-sync=100");
}

/* Every option, in long form, sets its field and its config_given bit, and describe shows it. */
static void test_every_option_round_trips(void **state)
{
	(void)state;
	struct efipmu_options o;
	struct opt_error err;
	char buf[1024];
	options_defaults(&o);
	assert_int_equal(PARSE(&o, &err, "--backend", "sim", "--sim-profile", "westmere-ex",
			       "--sim-profile-file", "lab.profile",
			       "--sim-break", "ignore-enable", "--sim-noise", "smi", "--sim-firmware", "clean",
			       "--sim-snc", "3", "--events", "cpu/event=0x3c,umask=0/", "--kernels", "spin",
			       "--cpus", "0,2-5", "--repeats", "1000", "--output", "run-1.jsonl",
			       "--log-sync", "each", "--capture", "off", "--waivers", "lab-waivers.txt",
			       "--list", "--selftest", "--dry-run", "--decode", "perfevtsel", "0x43003c",
			       "--force", "--qemu-exit", "--fault-test", "--icount-check", "--bench", "--cxl", "--dispatch-per-repeat",
			       "--stall-cpu", "3", "--ap-timeout", "2500", "--test-unexpected-fault",
			       "--test-ap-never-done", "--test-discovery-device", "0001:2a:1F.7/5",
			       "--verbose", "--help"), PMU_OK);
	assert_string_equal(err.msg, "");
	assert_int_equal(o.backend, EFIPMU_BACKEND_SIM);
	assert_string_equal(o.sim_profile, "westmere-ex");
	assert_string_equal(o.sim_profile_file, "lab.profile");
	assert_string_equal(o.sim_break, "ignore-enable");
	assert_string_equal(o.sim_noise, "smi");
	assert_string_equal(o.sim_firmware, "clean");
	assert_int_equal(o.sim_snc, 3);
	assert_string_equal(o.events, "cpu/event=0x3c,umask=0/");
	assert_string_equal(o.kernels, "spin");
	assert_int_equal(cpuset_count(&o.cpus), 5);
	assert_true(cpuset_has(&o.cpus, 0) && cpuset_has(&o.cpus, 5) && !cpuset_has(&o.cpus, 1));
	assert_int_equal(o.repeats, 1000);
	assert_string_equal(o.output, "run-1.jsonl");
	assert_true(o.list && o.selftest && o.dry_run && o.force && o.qemu_exit && o.verbose && o.help);
	assert_true(o.fault_test && o.icount_check && o.bench && o.test_unexpected_fault);
	assert_true(o.test_ap_never_done && o.dispatch_per_repeat && o.cxl);
	assert_int_equal(o.stall_cpu, 3);
	assert_int_equal(o.ap_timeout_ms, 2500);
	assert_true(o.test_disc_dev.set);
	assert_int_equal(o.test_disc_dev.seg, 1);
	assert_int_equal(o.test_disc_dev.bus, 0x2a);
	assert_int_equal(o.test_disc_dev.dev, 0x1f);
	assert_int_equal(o.test_disc_dev.fn, 7);
	assert_int_equal(o.test_disc_dev.bar, 5);
	assert_int_equal(o.log_sync_ms, LOG_SYNC_EACH);
	assert_string_equal(o.capture, "off");
	assert_string_equal(o.waivers, "lab-waivers.txt");
	assert_true(o.decode);
	assert_string_equal(o.decode_box, "perfevtsel");
	assert_int_equal(o.decode_value, 0x43003c);
	assert_int_equal(o.config_given, (1ull << OPT_COUNT) - 1);
	describe(&o, buf, sizeof(buf));
	assert_string_equal(buf, "backend=sim sim-profile=westmere-ex sim-profile-file=lab.profile sim-break=ignore-enable sim-noise=smi sim-firmware=clean sim-snc=3 "
			    "events=cpu/event=0x3c,umask=0/ "
			    "kernels=spin cpus=0,2-5 repeats=1000 output=run-1.jsonl log-sync=each capture=off "
			    "waivers=lab-waivers.txt list "
			    "selftest dry-run decode=perfevtsel:0x43003c force qemu-exit fault-test "
			    "icount-check bench cxl dispatch-per-repeat stall-cpu=3 ap-timeout=2500 "
			    "test-unexpected-fault test-ap-never-done "
			    "test-discovery-device=0001:2a:1f.7/5 verbose "
			    "help");
}

/* The describe line read back as a config file (space -> newline) gives the same settings. */
static void test_describe_parses_back_as_config(void **state)
{
	(void)state;
	struct efipmu_options o, back;
	struct opt_error err;
	char buf[1024];
	options_defaults(&o);
	assert_int_equal(PARSE(&o, &err, "--backend=sim", "-e", "INST_RETIRED.ANY", "-k", "spin",
			       "--cpus=1-3,7", "-n", "5", "-o", "x.log", "--selftest", "-v"), PMU_OK);
	describe(&o, buf, sizeof(buf));
	for (char *c = buf; *c; c++)
		if (*c == ' ')
			*c = '\n';
	options_defaults(&back);
	assert_int_equal(cfg(buf, &back, &err), PMU_OK);
	back.config_given = o.config_given = 0;
	memset(back.line_of, 0, sizeof(back.line_of));
	assert_memory_equal(&o, &back, sizeof(o));
}

static void test_short_and_attached_forms(void **state)
{
	(void)state;
	struct efipmu_options o;
	struct opt_error err;
	options_defaults(&o);
	assert_int_equal(PARSE(&o, &err, "-e", "cycles", "-k", "spin", "-n", "7", "-o", "a.txt", "-v",
			       "-h"), PMU_OK);
	assert_string_equal(o.events, "cycles");
	assert_string_equal(o.kernels, "spin");
	assert_int_equal(o.repeats, 7);
	assert_string_equal(o.output, "a.txt");
	assert_true(o.verbose && o.help);
	assert_int_equal(PARSE(&o, &err, "-n12", "-einstructions", "--output=b.txt", "--repeats=3"),
			 PMU_OK);
	assert_int_equal(o.repeats, 3);   /* the last one wins */
	assert_string_equal(o.events, "instructions");
	assert_string_equal(o.output, "b.txt");
}

static void test_events_repeat_and_join(void **state)
{
	(void)state;
	struct efipmu_options o;
	struct opt_error err;
	options_defaults(&o);
	assert_int_equal(PARSE(&o, &err, "-e", "cycles", "--events", "cpu/event=0xc0/",
			       "--events=instructions,ref-cycles"), PMU_OK);
	assert_string_equal(o.events, "cycles,cpu/event=0xc0/,instructions,ref-cycles");
	/* a later parse replaces the events instead of adding to them */
	assert_int_equal(PARSE(&o, &err, "-e", "branches"), PMU_OK);
	assert_string_equal(o.events, "branches");
	/* a parse without -e keeps them */
	assert_int_equal(PARSE(&o, &err, "-v"), PMU_OK);
	assert_string_equal(o.events, "branches");
}

static void test_decode_forms(void **state)
{
	(void)state;
	struct efipmu_options o;
	struct opt_error err;
	options_defaults(&o);
	assert_int_equal(PARSE(&o, &err, "--decode=ubox", "18446744073709551615"), PMU_OK);
	assert_string_equal(o.decode_box, "ubox");
	assert_true(o.decode_value == UINT64_MAX);
	assert_int_equal(cfg("decode =  mbox\t 0x10  \n", &o, &err), PMU_OK);
	assert_string_equal(o.decode_box, "mbox");
	assert_int_equal(o.decode_value, 0x10);
}

static void test_no_arguments(void **state)
{
	(void)state;
	struct efipmu_options o, before;
	struct opt_error err;
	options_defaults(&o);
	before = o;
	assert_int_equal(options_parse_argv(1, ARGV(NULL), &o, &err), PMU_OK);
	assert_int_equal(options_parse_argv(0, NULL, &o, &err), PMU_OK);
	assert_memory_equal(&o, &before, sizeof(o));
}

struct argv_case {
	const char *argv[6];
	pmu_status st;
	const char *msg;
};

/*
 * Each bad command line: exact message (after "command line: ", its source) and status, and
 * the options are left as they were.
 */
static void test_argv_errors(void **state)
{
	(void)state;
	static const struct argv_case cases[] = {
		{ { "--foo" }, PMU_ERR_UNKNOWN_NAME, "unknown option '--foo'" },
		{ { "--foo=1" }, PMU_ERR_UNKNOWN_NAME, "unknown option '--foo'" },
		{ { "-x" }, PMU_ERR_UNKNOWN_NAME, "unknown option '-x'" },
		{ { "-vh" }, PMU_ERR_UNKNOWN_NAME, "unknown option '-vh'" },
		{ { "--" }, PMU_ERR_UNKNOWN_NAME, "unknown option '--'" },
		{ { "--Events", "x" }, PMU_ERR_UNKNOWN_NAME, "unknown option '--Events'" },
		{ { "--dry_run" }, PMU_ERR_UNKNOWN_NAME, "unknown option '--dry_run'" },
		{ { "stray" }, PMU_ERR_INVALID, "unexpected argument 'stray'" },
		{ { "-v", "-" }, PMU_ERR_INVALID, "unexpected argument '-'" },
		{ { "--cpus" }, PMU_ERR_INVALID, "option '--cpus' needs a value" },
		{ { "--cpus=" }, PMU_ERR_INVALID, "option '--cpus' needs a value" },
		{ { "--cpus", "--selftest" }, PMU_ERR_INVALID, "option '--cpus' needs a value" },
		{ { "-e" }, PMU_ERR_INVALID, "option '-e' needs a value" },
		{ { "--decode", "ubox" }, PMU_ERR_INVALID, "option '--decode' needs BOX VALUE" },
		{ { "--selftest=yes" }, PMU_ERR_INVALID, "option '--selftest' takes no value" },
		{ { "--cpus", "3-1" }, PMU_ERR_INVALID, "--cpus: bad CPU list '3-1': reversed range" },
		{ { "--cpus", "0-4096" }, PMU_ERR_RANGE,
		  "--cpus: bad CPU list '0-4096': CPU number above 4095" },
		{ { "--cpus", "1,2," }, PMU_ERR_INVALID, "--cpus: bad CPU list '1,2,': empty item" },
		{ { "-n", "0" }, PMU_ERR_RANGE, "-n: '0' is out of range 1..1000" },
		{ { "--repeats=1001" }, PMU_ERR_RANGE, "--repeats: '1001' is out of range 1..1000" },
		{ { "-n", "ten" }, PMU_ERR_INVALID, "-n: 'ten' is not a number" },
		{ { "--log-sync", "0" }, PMU_ERR_RANGE, "--log-sync: '0' is out of range 1..60000" },
		{ { "--log-sync", "every" }, PMU_ERR_INVALID,
		  "--log-sync: 'every' is not a number (milliseconds, or each)" },
		{ { "-n", "99999999999999999999" }, PMU_ERR_RANGE, "-n: '99999999999999999999' is too large" },
		{ { "--backend", "hw" }, PMU_ERR_UNKNOWN_NAME, "--backend: unknown backend 'hw' (real or sim)" },
		{ { "-o", "logs/a.txt" }, PMU_ERR_INVALID, "-o: bad character '/' in 'logs/a.txt'" },
		{ { "-o", "a\\b" }, PMU_ERR_INVALID, "-o: bad character '\\' in 'a\\b'" },
		{ { "-o", "a:b" }, PMU_ERR_INVALID, "-o: bad character ':' in 'a:b'" },
		{ { "-o", "..", }, PMU_ERR_INVALID, "-o: file name '..' starts with '.'" },
		{ { "-o", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" }, PMU_ERR_RANGE,
		  "-o: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' is longer than 40 characters" },
		{ { "-k", "spin,memcpy" }, PMU_ERR_INVALID, "-k: bad character ',' in 'spin,memcpy'" },
		{ { "-k", "a b" }, PMU_ERR_INVALID, "-k: bad character ' ' in 'a b'" },
		{ { "-e", "cpu/event=0x3c/ x" }, PMU_ERR_INVALID, "-e: bad character in 'cpu/event=0x3c/ x'" },
		{ { "--sim-profile", "nehalem/ep" }, PMU_ERR_INVALID,
		  "--sim-profile: bad character '/' in 'nehalem/ep'" },
		{ { "--sim-profile", "abcdefghijabcdefghijabcdefghijXYZ" }, PMU_ERR_RANGE,
		  "--sim-profile: 'abcdefghijabcdefghijabcdefghijXYZ' is longer than 31 characters" },
		{ { "--decode", "ubox", "0xzz" }, PMU_ERR_INVALID, "--decode: '0xzz' is not a number" },
		{ { "--decode", "u/box", "1" }, PMU_ERR_INVALID, "--decode: bad character '/' in 'u/box'" },
		/* an error after good options: none of them is applied */
		{ { "-n", "5", "-e", "cycles", "--selftest", "--cpus=9-8" }, PMU_ERR_INVALID,
		  "--cpus: bad CPU list '9-8': reversed range" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *argv[8] = { "efipmu" };
		int argc = 1;
		struct efipmu_options o, before;
		struct opt_error err;
		while (argc <= 6 && cases[i].argv[argc - 1]) {
			argv[argc] = cases[i].argv[argc - 1];
			argc++;
		}
		options_defaults(&o);
		assert_int_equal(PARSE(&o, &err, "-e", "old", "-n", "2"), PMU_OK);
		before = o;
		pmu_status st = options_parse_argv(argc, argv, &o, &err);
		char want[200];
		snprintf(want, sizeof(want), "command line: %s", cases[i].msg);
		if (st != cases[i].st || strcmp(err.msg, want))
			fail_msg("case %zu: got %d '%s', want %d '%s'", i, st, err.msg, cases[i].st, want);
		assert_int_equal(err.line, 0);
		assert_memory_equal(&o, &before, sizeof(o));
	}
}

static void test_output_limits(void **state)
{
	(void)state;
	struct efipmu_options o;
	struct opt_error err;
	const char *forty = "A123456789b123456789_123456789-12345.log";
	assert_int_equal(strlen(forty), OPT_OUTPUT_MAX);
	options_defaults(&o);
	assert_int_equal(PARSE(&o, &err, "-o", forty), PMU_OK);
	assert_string_equal(o.output, forty);
}

/* Text fields take up to their size - 1 characters, one more is an error naming the limit. */
static void test_text_field_limits(void **state)
{
	(void)state;
	struct efipmu_options o;
	struct opt_error err;
	char name[200];
	options_defaults(&o);
	memset(name, 'k', sizeof(name));
	name[127] = '\0';
	assert_int_equal(PARSE(&o, &err, "-k", name, "--sim-profile", name + 127 - 31), PMU_OK);
	assert_int_equal(strlen(o.kernels), 127);
	assert_int_equal(strlen(o.sim_profile), 31);
	name[127] = 'k';
	name[128] = '\0';
	assert_int_equal(PARSE(&o, &err, "--kernels", name), PMU_ERR_RANGE);
	assert_non_null(strstr(err.msg, "' is longer than 127 characters"));
	assert_int_equal(strncmp(err.msg, "command line: --kernels: 'kkk", 29), 0);
	assert_int_equal(strlen(o.kernels), 127);
}

static void test_events_total_length(void **state)
{
	(void)state;
	struct efipmu_options o, before;
	struct opt_error err;
	char spec[300];
	memset(spec, 'a', sizeof(spec) - 1);
	spec[sizeof(spec) - 1] = '\0';
	options_defaults(&o);
	before = o;
	assert_int_equal(PARSE(&o, &err, "-e", spec, "-e", spec), PMU_ERR_RANGE);
	assert_string_equal(err.msg, "command line: -e: events are longer than 511 characters in all");
	assert_memory_equal(&o, &before, sizeof(o));
}

static void test_config_basic(void **state)
{
	(void)state;
	struct efipmu_options o;
	struct opt_error err;
	options_defaults(&o);
	assert_int_equal(cfg("backend = sim\n"
			     "sim-profile=sandy-bridge-ep\n"
			     "events = cpu/event=0x3c/\n"
			     "events = INST_RETIRED.ANY\n"
			     "kernels = spin\n"
			     "cpus = 1-2\n"
			     "repeats = 0x10\n"
			     "output = cfg.log\n"
			     "selftest\n"
			     "dry_run\n"
			     "qemu-exit = yes\n"
			     "verbose = off\n", &o, &err), PMU_OK);
	assert_int_equal(o.backend, EFIPMU_BACKEND_SIM);
	assert_string_equal(o.sim_profile, "sandy-bridge-ep");
	assert_string_equal(o.events, "cpu/event=0x3c/,INST_RETIRED.ANY");
	assert_string_equal(o.kernels, "spin");
	assert_int_equal(cpuset_count(&o.cpus), 2);
	assert_int_equal(o.repeats, 16);
	assert_string_equal(o.output, "cfg.log");
	assert_true(o.selftest && o.dry_run && o.qemu_exit);
	assert_false(o.verbose || o.list || o.help);
	assert_int_equal(o.config_given, OPT_BIT(OPT_BACKEND) | OPT_BIT(OPT_SIM_PROFILE) |
			 OPT_BIT(OPT_EVENTS) | OPT_BIT(OPT_KERNELS) | OPT_BIT(OPT_CPUS) |
			 OPT_BIT(OPT_REPEATS) | OPT_BIT(OPT_OUTPUT) | OPT_BIT(OPT_SELFTEST) |
			 OPT_BIT(OPT_DRY_RUN) | OPT_BIT(OPT_QEMU_EXIT) | OPT_BIT(OPT_VERBOSE));
	assert_string_equal(err.msg, "");
	assert_int_equal(err.line, 0);
}

static void test_config_comments_crlf_bom(void **state)
{
	(void)state;
	struct efipmu_options o;
	struct opt_error err;
	options_defaults(&o);
	assert_int_equal(cfg("\xef\xbb\xbf# efipmu settings\r\n"
			     "\r\n"
			     "   # indented comment with UTF-8: \xc3\xa9\r\n"
			     "\tcpus = 0-3   # four CPUs\r\n"
			     "events = a#b\r\n"
			     "selftest#x\r\n", &o, &err),
			 PMU_ERR_UNKNOWN_NAME);
	assert_string_equal(err.msg, "efipmu.cfg:6: unknown setting 'selftest#x'");
	assert_int_equal(err.line, 6);
	assert_int_equal(cfg("\xef\xbb\xbf# efipmu settings\r\n"
			     "\r\n"
			     "   # indented comment with UTF-8: \xc3\xa9\r\n"
			     "\tcpus = 0-3   # four CPUs\r\n"
			     "events = a#b\r\n"
			     "selftest #\r\n"
			     "repeats = 4", &o, &err), PMU_OK);
	assert_int_equal(cpuset_count(&o.cpus), 4);
	assert_string_equal(o.events, "a#b");
	assert_true(o.selftest);
	assert_int_equal(o.repeats, 4);   /* last line without a newline */
}

static void test_config_empty(void **state)
{
	(void)state;
	static const char *const texts[] = { "", "\xef\xbb\xbf", "\n\n", "# only\n  \t\n", "\r\n" };
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		struct efipmu_options o, def;
		struct opt_error err;
		options_defaults(&o);
		options_defaults(&def);
		assert_int_equal(cfg(texts[i], &o, &err), PMU_OK);
		assert_memory_equal(&o, &def, sizeof(o));
	}
}

struct cfg_case {
	const char *text;
	pmu_status st;
	const char *msg;
	unsigned line;
};

/* Each bad config: the line's number and exact message, and nothing applied. */
static void test_config_errors(void **state)
{
	(void)state;
	static const struct cfg_case cases[] = {
		{ "cpus = 1\n# x\nevnts = cycles\n", PMU_ERR_UNKNOWN_NAME,
		  "efipmu.cfg:3: unknown setting 'evnts'", 3 },
		{ "--cpus = 1\n", PMU_ERR_UNKNOWN_NAME, "efipmu.cfg:1: unknown setting '--cpus'", 1 },
		{ "e = cycles\n", PMU_ERR_UNKNOWN_NAME, "efipmu.cfg:1: unknown setting 'e'", 1 },
		{ "selftest\ncpus =\n", PMU_ERR_INVALID, "efipmu.cfg:2: setting 'cpus' needs a value", 2 },
		{ "cpus\n", PMU_ERR_INVALID, "efipmu.cfg:1: setting 'cpus' needs a value", 1 },
		{ "cpus = # none\n", PMU_ERR_INVALID, "efipmu.cfg:1: setting 'cpus' needs a value", 1 },
		{ "selftest =\n", PMU_ERR_INVALID, "efipmu.cfg:1: setting 'selftest' needs a value", 1 },
		{ "cpus 1-2\n", PMU_ERR_INVALID, "efipmu.cfg:1: expected '=' after 'cpus'", 1 },
		{ "\n= 3\n", PMU_ERR_INVALID, "efipmu.cfg:2: missing setting name before '= 3'", 2 },
		{ "repeats = 0\n", PMU_ERR_RANGE, "efipmu.cfg:1: repeats: '0' is out of range 1..1000", 1 },
		{ "a = b\r\ncpus = 3-1\r\n", PMU_ERR_UNKNOWN_NAME, "efipmu.cfg:1: unknown setting 'a'", 1 },
		{ "\r\n\r\ncpus = 3-1\r\n", PMU_ERR_INVALID,
		  "efipmu.cfg:3: cpus: bad CPU list '3-1': reversed range", 3 },
		{ "selftest = maybe\n", PMU_ERR_INVALID, "efipmu.cfg:1: selftest: 'maybe' is not yes or no", 1 },
		{ "decode = ubox\n", PMU_ERR_INVALID, "efipmu.cfg:1: setting 'decode' needs BOX VALUE", 1 },
		{ "decode = ubox 1 2\n", PMU_ERR_INVALID, "efipmu.cfg:1: setting 'decode' needs BOX VALUE", 1 },
		{ "events = a b\n", PMU_ERR_INVALID, "efipmu.cfg:1: events: bad character in 'a b'", 1 },
		{ "output = ../x\n", PMU_ERR_INVALID, "efipmu.cfg:1: output: bad character '/' in '../x'", 1 },
		{ "backend = Sim\n", PMU_ERR_UNKNOWN_NAME,
		  "efipmu.cfg:1: backend: unknown backend 'Sim' (real or sim)", 1 },
		{ "cpus = 1\nselftest\n\x01\x02garbage\n", PMU_ERR_INVALID,
		  "efipmu.cfg:3: control byte 0x01 (not a text file?)", 3 },
		{ "cpus = 1\r\rselftest\n", PMU_ERR_INVALID,
		  "efipmu.cfg:1: control byte 0x0d (not a text file?)", 1 },
		{ "#\x7f\n", PMU_ERR_INVALID, "efipmu.cfg:1: control byte 0x7f (not a text file?)", 1 },
		{ "test-discovery-device = 00:03.0/2\n", PMU_ERR_INVALID,
		  "efipmu.cfg:1: test-discovery-device: '00:03.0/2' is not SSSS:BB:DD.F/BAR (hex; "
		  "device 0-1f, function 0-7, BAR 0-5)", 1 },
		{ "test-discovery-device = 0000:00:20.0/2\n", PMU_ERR_INVALID,
		  "efipmu.cfg:1: test-discovery-device: '0000:00:20.0/2' is not SSSS:BB:DD.F/BAR "
		  "(hex; device 0-1f, function 0-7, BAR 0-5)", 1 },
		{ "test-discovery-device = 0000:00:03.0/6\n", PMU_ERR_INVALID,
		  "efipmu.cfg:1: test-discovery-device: '0000:00:03.0/6' is not SSSS:BB:DD.F/BAR "
		  "(hex; device 0-1f, function 0-7, BAR 0-5)", 1 },
		{ "test-discovery-device = 0000:00:03.0/\n", PMU_ERR_INVALID,
		  "efipmu.cfg:1: test-discovery-device: '0000:00:03.0/' is not SSSS:BB:DD.F/BAR "
		  "(hex; device 0-1f, function 0-7, BAR 0-5)", 1 },
		{ "test-discovery-device = 00000:00:03.0/2\n", PMU_ERR_INVALID,
		  "efipmu.cfg:1: test-discovery-device: '00000:00:03.0/2' is not SSSS:BB:DD.F/BAR "
		  "(hex; device 0-1f, function 0-7, BAR 0-5)", 1 },
		{ "test-discovery-device = 0000:0g:03.0/2\n", PMU_ERR_INVALID,
		  "efipmu.cfg:1: test-discovery-device: '0000:0g:03.0/2' is not SSSS:BB:DD.F/BAR "
		  "(hex; device 0-1f, function 0-7, BAR 0-5)", 1 },
		{ "\xef\xbb\xbf\xef\xbb\xbf" "cpus = 1\n", PMU_ERR_UNKNOWN_NAME,
		  "efipmu.cfg:1: unknown setting '\\xef\\xbb\\xbfcpus'", 1 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct efipmu_options o, before;
		struct opt_error err;
		options_defaults(&o);
		o.repeats = 9;
		before = o;
		pmu_status st = cfg(cases[i].text, &o, &err);
		if (st != cases[i].st || strcmp(err.msg, cases[i].msg) || err.line != cases[i].line)
			fail_msg("case %zu: got %d %u '%s', want %d %u '%s'", i, st, err.line, err.msg,
				 cases[i].st, cases[i].line, cases[i].msg);
		assert_memory_equal(&o, &before, sizeof(o));
	}
}

/* NUL bytes cannot be in a C string literal case: the length carries them. */
static void test_config_binary(void **state)
{
	(void)state;
	static const char text[] = "cpus = 1\nselftest\0\xff\xfe\n";
	struct efipmu_options o, before;
	struct opt_error err;
	options_defaults(&o);
	before = o;
	assert_int_equal(options_parse_config(text, sizeof(text) - 1, &o, &err), PMU_ERR_INVALID);
	assert_string_equal(err.msg, "efipmu.cfg:2: control byte 0x00 (not a text file?)");
	assert_int_equal(err.line, 2);
	assert_memory_equal(&o, &before, sizeof(o));
}

static void test_config_line_length(void **state)
{
	(void)state;
	char text[1200];
	struct efipmu_options o, before;
	struct opt_error err;
	/* line 2: "# " + 510 x = 512 characters, then CRLF: allowed */
	size_t n = (size_t)snprintf(text, sizeof(text), "selftest\n# ");
	memset(text + n, 'x', 510);
	n += 510;
	memcpy(text + n, "\r\nevents = ", 11);
	n += 11;
	/* line 3: "events = " + 504 = 513 characters */
	memset(text + n, 'e', 504);
	n += 504;
	text[n] = '\0';
	options_defaults(&o);
	before = o;
	assert_int_equal(cfg(text, &o, &err), PMU_ERR_INVALID);
	assert_string_equal(err.msg, "efipmu.cfg:3: line is longer than 512 characters");
	assert_int_equal(err.line, 3);
	assert_memory_equal(&o, &before, sizeof(o));
	text[n - 1] = '\0';   /* now exactly 512 */
	assert_int_equal(cfg(text, &o, &err), PMU_OK);
	assert_int_equal(strlen(o.events), 503);
	assert_true(o.selftest);
}

/* The command line overrides the config file, setting by setting. */
static void test_argv_overrides_config(void **state)
{
	(void)state;
	struct efipmu_options o;
	struct opt_error err;
	char buf[256];
	options_defaults(&o);
	assert_int_equal(cfg("backend = sim\nevents = cycles\nevents = instructions\ncpus = 0-3\n"
			     "repeats = 3\nlog-sync = each\n", &o, &err), PMU_OK);
	assert_int_equal(PARSE(&o, &err, "-e", "branches", "-e", "branch-misses", "-n", "5",
			       "--log-sync=250"), PMU_OK);
	assert_string_equal(o.events, "branches,branch-misses");
	assert_int_equal(o.repeats, 5);
	assert_int_equal(o.backend, EFIPMU_BACKEND_SIM);
	assert_int_equal(cpuset_count(&o.cpus), 4);
	describe(&o, buf, sizeof(buf));
	assert_string_equal(buf, "backend=sim sim-profile=nehalem-ep events=branches,branch-misses "
			    "cpus=0-3 repeats=5 log-sync=250");
	assert_int_equal(o.config_given, OPT_BIT(OPT_BACKEND) | OPT_BIT(OPT_EVENTS) |
			 OPT_BIT(OPT_CPUS) | OPT_BIT(OPT_REPEATS) | OPT_BIT(OPT_LOG_SYNC));
}

static void test_config_flag_values(void **state)
{
	(void)state;
	struct efipmu_options o;
	struct opt_error err;
	options_defaults(&o);
	assert_int_equal(cfg("force = true\nlist = 1\nhelp = on\nverbose\n", &o, &err), PMU_OK);
	assert_true(o.force && o.list && o.help && o.verbose);
	assert_int_equal(cfg("force = false\nlist = 0\nhelp = off\nverbose = no\n", &o, &err), PMU_OK);
	assert_false(o.force || o.list || o.help || o.verbose);
	assert_true(o.config_given & OPT_BIT(OPT_FORCE));
}

static void test_help_lists_every_option_in_80_columns(void **state)
{
	(void)state;
	static char buf[8192];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	options_help(&sb);
	assert_false(sb.overflow);
	for (const char *line = buf; *line;) {
		const char *nl = strchr(line, '\n');
		assert_non_null(nl);   /* every line ends */
		if (nl - line > 80)
			fail_msg("help line of %d columns: %.*s", (int)(nl - line), (int)(nl - line), line);
		line = nl + 1;
	}
	for (int id = 0; id < OPT_COUNT; id++) {
		const struct opt_def *d = &options_table[id];
		char want[64];
		snprintf(want, sizeof(want), "--%s%s%s", d->name, d->metavar ? " " : "",
			 d->metavar ? d->metavar : "");
		if (!strstr(buf, want))
			fail_msg("help lacks '%s'", want);
		snprintf(want, sizeof(want), "  -%c, --%s", d->short_name, d->name);
		if (d->short_name && !strstr(buf, want))
			fail_msg("help lacks '%s'", want);
		assert_non_null(d->help);
	}
	assert_non_null(strstr(buf, "efipmu.cfg"));
	/* a wrapped description continues under the first line's text */
	assert_non_null(strstr(buf, "\n                          "));
}

/* The table is consistent: names unique, fields inside the struct, values only where a kind takes them. */
static void test_table_is_consistent(void **state)
{
	(void)state;
	for (int a = 0; a < OPT_COUNT; a++) {
		const struct opt_def *d = &options_table[a];
		assert_non_null(d->name);
		assert_true(d->offset + d->size <= sizeof(struct efipmu_options));
		assert_int_equal(d->nargs == 0, d->kind == OPT_KIND_FLAG);
		assert_int_equal(d->nargs != 0, d->metavar != NULL);
		for (int b = a + 1; b < OPT_COUNT; b++) {
			assert_string_not_equal(d->name, options_table[b].name);
			assert_true(!d->short_name || d->short_name != options_table[b].short_name);
		}
	}
}

/* Where each setting came from, for errors found after parsing: the last parse that set it. */
static void test_setting_sources(void **state)
{
	(void)state;
	struct efipmu_options o;
	struct opt_error err;
	char buf[64];
	struct strbuf sb;
	static const char text[] = "# lab\nevents = cycles\nkernels = spin\n";
	options_defaults(&o);
	assert_int_equal(options_parse_config(text, sizeof(text) - 1, &o, &err), PMU_OK);
	assert_int_equal(PARSE(&o, &err, "-k", "inst"), PMU_OK);
	const struct {
		enum opt_id id;
		const char *want;
	} cases[] = {
		{ OPT_EVENTS, "efipmu.cfg:2" },
		{ OPT_KERNELS, "command line" },
		{ OPT_CPUS, "default" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sb_init(&sb, buf, sizeof(buf));
		options_source(&o, cases[i].id, &sb);
		assert_string_equal(buf, cases[i].want);
	}
}

/* A message never overflows err->msg, even for a huge bad value: it is shortened. */
static void test_long_values_are_quoted_short(void **state)
{
	(void)state;
	struct efipmu_options o;
	struct opt_error err;
	char big[400];
	memset(big, 'z', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	options_defaults(&o);
	assert_int_equal(PARSE(&o, &err, "--backend", big), PMU_ERR_UNKNOWN_NAME);
	assert_string_equal(err.msg, "command line: --backend: unknown backend "
			    "'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz...' (real or sim)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_every_option_round_trips),
		cmocka_unit_test(test_describe_parses_back_as_config),
		cmocka_unit_test(test_short_and_attached_forms),
		cmocka_unit_test(test_events_repeat_and_join),
		cmocka_unit_test(test_decode_forms),
		cmocka_unit_test(test_no_arguments),
		cmocka_unit_test(test_argv_errors),
		cmocka_unit_test(test_output_limits),
		cmocka_unit_test(test_text_field_limits),
		cmocka_unit_test(test_events_total_length),
		cmocka_unit_test(test_config_basic),
		cmocka_unit_test(test_config_comments_crlf_bom),
		cmocka_unit_test(test_config_empty),
		cmocka_unit_test(test_config_errors),
		cmocka_unit_test(test_config_binary),
		cmocka_unit_test(test_config_line_length),
		cmocka_unit_test(test_argv_overrides_config),
		cmocka_unit_test(test_config_flag_values),
		cmocka_unit_test(test_help_lists_every_option_in_80_columns),
		cmocka_unit_test(test_table_is_consistent),
		cmocka_unit_test(test_long_values_are_quoted_short),
		cmocka_unit_test(test_setting_sources),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
