/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "run/log_sync.h"
#include "run/options.h"

#define CFG_NAME "efipmu.cfg"
#define CFG_LINE_MAX 512
#define HELP_COL 26     /* where help text starts */
#define HELP_WIDTH 79   /* last usable column: col 80 wraps on some serial consoles */
#define QUOTE_MAX 48    /* characters of a bad value quoted in a message */

#define FIELD(f) .offset = offsetof(struct efipmu_options, f), \
	.size = sizeof(((struct efipmu_options *)0)->f)

const struct opt_def options_table[OPT_COUNT] = {
	[OPT_BACKEND] = { "backend", 0, 1, OPT_KIND_BACKEND, OPT_ON_ANY,
		FIELD(backend), 0, 0, "real|sim",
		"Program the real PMU, or the simulated reference model (default real)" },
	[OPT_SIM_PROFILE] = { "sim-profile", 0, 1, OPT_KIND_TEXT, OPT_ON_SIM,
		FIELD(sim_profile), 0, 0, "NAME",
		"CPU the reference model simulates with --backend sim (default nehalem-ep)" },
	[OPT_SIM_PROFILE_FILE] = { "sim-profile-file", 0, 1, OPT_KIND_FILE, OPT_ON_SIM,
		FIELD(sim_profile_file), 0, 0, "NAME",
		"The model runs the machine of this profile file in the volume's root "
		"(efipmu-host profile makes one from a log's capture) instead of sim-profile" },
	[OPT_SIM_BREAK] = { "sim-break", 0, 1, OPT_KIND_TEXT, OPT_ON_SIM,
		FIELD(sim_break), 0, 0, "DEFECT",
		"Give the model a defect the selftest must catch: narrow-counters, ignore-enable" },
	[OPT_SIM_NOISE] = { "sim-noise", 0, 1, OPT_KIND_TEXT, OPT_ON_SIM,
		FIELD(sim_noise), 0, 0, "NOISE",
		"What disturbs the model's windows: none, timer, smi or all (default all: "
		"the profile's timer ticks and SMIs, as on the machine)" },
	[OPT_SIM_FIRMWARE] = { "sim-firmware", 0, 1, OPT_KIND_TEXT, OPT_ON_SIM,
		FIELD(sim_firmware), 0, 0, "STATE",
		"What the model's firmware hands over: clean (every register 0) or running "
		"(default: counters and enable bits left on, as on the machine)" },
	[OPT_SIM_SNC] = { "sim-snc", 0, 1, OPT_KIND_UINT, OPT_ON_SIM, FIELD(sim_snc), 1, 4, "N",
		"The model's firmware lists each package as N proximity domains in its SRAT "
		"(sub-NUMA clusters; default: the profile's table, or none)" },
	[OPT_EVENTS] = { "events", 'e', 1, OPT_KIND_EVENTS, OPT_ON_ANY, FIELD(events), 0, 0, "SPEC",
		"Events to count: perf syntax (cpu/event=0x3c,umask=0/) or names "
		"(INST_RETIRED.ANY), comma-separated; repeat -e to add more" },
	[OPT_KERNELS] = { "kernels", 'k', 1, OPT_KIND_TEXT, OPT_ON_ANY,
		FIELD(kernels), 0, 0, "NAME",
		"The kernel to run while counting (default inst; --list names them)" },
	[OPT_CPUS] = { "cpus", 0, 1, OPT_KIND_CPUS, OPT_ON_ANY, FIELD(cpus), 0, 0, "LIST",
		"CPUs to measure: all, or numbers and ranges like 0,2-5 (default all)" },
	[OPT_REPEATS] = { "repeats", 'n', 1, OPT_KIND_UINT, OPT_ON_ANY,
		FIELD(repeats), 1, OPT_REPEATS_MAX, "N",
		"Run each measurement N times (1..1000) and report min, median and max "
		"(default 1)" },
	[OPT_OUTPUT] = { "output", 'o', 1, OPT_KIND_FILE, OPT_ON_ANY, FIELD(output), 0, 0, "NAME",
		"Log file name in \\efipmu\\: at most 40 letters, digits, '.', '_' or '-' "
		"(default: a new name each run)" },
	[OPT_LOG_SYNC] = { "log-sync", 0, 1, OPT_KIND_SYNC, OPT_ON_ANY,
		FIELD(log_sync_ms), 1, 60000, "MS|each",
		"How often repeats of a step that already ran once reach the log: together, at "
		"most every MS (default 100), or each at its repeat's end; a step run for the "
		"first time is always flushed before the next one" },
	[OPT_CAPTURE] = { "capture", 0, 1, OPT_KIND_TEXT, OPT_ON_ANY,
		FIELD(capture), 0, 0, "on|off",
		"Log the machine before the job (default on): every CPU's CPUID and PMU MSRs, "
		"each package's uncore MSRs and PCI boxes, the firmware's SMBIOS identity; "
		"read-only" },
	[OPT_WAIVERS] = { "waivers", 0, 1, OPT_KIND_FILE, OPT_ON_ANY, FIELD(waivers), 0, 0, "NAME",
		"A lab's waiver file in the volume's root: a failing check one of its lines "
		"names ends WAIVED with its reference (known errata are waived built in)" },
	[OPT_LIST] = { "list", 0, 0, OPT_KIND_FLAG, OPT_ON_ANY, FIELD(list), 0, 0, NULL,
		"Show what this machine has: boxes, counters, widths, events by name" },
	[OPT_SELFTEST] = { "selftest", 0, 0, OPT_KIND_FLAG, OPT_ON_ANY, FIELD(selftest), 0, 0, NULL,
		"Check the PMU against the specifications and report PASS or FAIL" },
	[OPT_DRY_RUN] = { "dry-run", 0, 0, OPT_KIND_FLAG, OPT_ON_ANY, FIELD(dry_run), 0, 0, NULL,
		"Print every MSR write in order and change nothing" },
	[OPT_DECODE] = { "decode", 0, 2, OPT_KIND_DECODE, OPT_ON_ANY,
		FIELD(decode), 0, 0, "BOX VALUE",
		"Print the fields of a raw register VALUE of BOX (see --list)" },
	[OPT_FORCE] = { "force", 0, 0, OPT_KIND_FLAG, OPT_ON_ANY, FIELD(force), 0, 0, NULL,
		"Also program counters the firmware left enabled" },
	[OPT_QEMU_EXIT] = { "qemu-exit", 0, 0, OPT_KIND_FLAG, OPT_ON_ANY,
		FIELD(qemu_exit), 0, 0, NULL,
		"Report the verdict through QEMU's isa-debug-exit port (only honoured "
		"under a hypervisor)" },
	[OPT_FAULT_TEST] = { "fault-test", 0, 0, OPT_KIND_FLAG, OPT_ON_ANY,
		FIELD(fault_test), 0, 0, NULL,
		"Provoke a #GP (a reserved bit of IA32_PERFEVTSEL0, or of IA32_PKRS where "
		"CPUID lists PKS) on every CPU and show it is caught" },
	[OPT_ICOUNT_CHECK] = { "icount-check", 0, 0, OPT_KIND_FLAG, OPT_ON_REAL,
		FIELD(icount_check), 0, 0, NULL,
		"Under QEMU -smp 1 -icount shift=N: check every kernel's instruction "
		"count against the TSC" },
	[OPT_BENCH] = { "bench", 0, 0, OPT_KIND_FLAG, OPT_ON_ANY, FIELD(bench), 0, 0, NULL,
		"Measure start and stop skew of the barrier against one CPU at a time" },
	[OPT_CXL] = { "cxl", 0, 0, OPT_KIND_FLAG, OPT_ON_ANY, FIELD(cxl), 0, 0, NULL,
		"Find every CXL device's Register Locator, decode each CPMU read-only, and count "
		"the clock ticks of one that can freeze against the TSC" },
	[OPT_DISPATCH_PER_REPEAT] = { "dispatch-per-repeat", 0, 0, OPT_KIND_FLAG, OPT_ON_ANY,
		FIELD(dispatch_per_repeat), 0, 0, NULL,
		"Start the APs anew for every repeat and round instead of keeping them resident "
		"(the old path, for make bench's comparison)" },
	[OPT_STALL_CPU] = { "stall-cpu", 0, 1, OPT_KIND_UINT, OPT_ON_ANY,
		FIELD(stall_cpu), 1, CPUSET_MAX - 1, "N",
		"Test the timeout path: CPU N (not the boot CPU) never finishes its measurement" },
	[OPT_AP_TIMEOUT] = { "ap-timeout", 0, 1, OPT_KIND_UINT, OPT_ON_ANY,
		FIELD(ap_timeout_ms), 100, 600000, "MS",
		"How long the boot CPU waits for an AP at each step of a measurement (check-in, "
		"barrier, end of a round) before it goes on without it; default 10000" },
	[OPT_TEST_UNEXPECTED_FAULT] = { "test-unexpected-fault", 0, 0, OPT_KIND_FLAG, OPT_ON_REAL,
		FIELD(test_unexpected_fault), 0, 0, NULL,
		"Test the unexpected-exception path: a #GP that is not ours on CPU 1, then on the "
		"boot CPU, which hands it to the firmware and does not come back" },
	[OPT_TEST_AP_NEVER_DONE] = { "test-ap-never-done", 0, 0, OPT_KIND_FLAG, OPT_ON_ANY,
		FIELD(test_ap_never_done), 0, 0, NULL,
		"Test the guard against returning while an AP may still run efipmu's code: "
		"firmware's word that the APs are done is not waited for (with stall-cpu)" },
	[OPT_TEST_DISCOVERY_DEVICE] = { "test-discovery-device", 0, 1, OPT_KIND_PCI_DEV, OPT_ON_ANY,
		FIELD(test_disc_dev), 0, 0, "SSSS:BB:DD.F/BAR",
		"Test only: read the uncore discovery table from this PCI function's BAR (hex "
		"address, BAR 0-5), a device without the discovery DVSEC (QEMU's ivshmem-plain)" },
	[OPT_VERBOSE] = { "verbose", 'v', 0, OPT_KIND_FLAG, OPT_ON_ANY, FIELD(verbose), 0, 0, NULL,
		"Show the decoded fields of each control register under its count" },
	[OPT_HELP] = { "help", 'h', 0, OPT_KIND_FLAG, OPT_ON_ANY, FIELD(help), 0, 0, NULL,
		"Show this help" },
};

/* A value as given: a config value is not NUL-terminated. */
struct val {
	const char *s;
	size_t n;
};

/* One parse works on a copy, so a failed parse leaves the caller's options untouched. */
struct parse {
	struct efipmu_options o;
	uint32_t seen;        /* options set by this parse */
	unsigned line;        /* config line, 0 on the command line */
	struct strbuf msg;
	struct val spell;     /* the option as the user named it: "-n", "--cpus", "cpus" */
};

void options_defaults(struct efipmu_options *o)
{
	pmu_memset(o, 0, sizeof(*o));
	o->backend = EFIPMU_BACKEND_REAL;
	pmu_strlcpy(o->sim_profile, "nehalem-ep", sizeof(o->sim_profile));
	cpuset_fill(&o->cpus);
	o->repeats = 1;
	o->log_sync_ms = LOG_SYNC_DEFAULT_MS;
}

static struct val val_str(const char *s)
{
	return (struct val){ s, pmu_strlen(s) };
}

static bool val_is(struct val v, const char *s)
{
	return v.n == pmu_strlen(s) && !pmu_strncmp(v.s, s, v.n);
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t';
}

static bool is_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '.' || c == '_' || c == '-';
}

static void put_quoted(struct strbuf *sb, struct val v)
{
	sb_putc(sb, '\'');
	sb_putn_printable(sb, v.s, v.n > QUOTE_MAX ? QUOTE_MAX : v.n);
	if (v.n > QUOTE_MAX)
		sb_puts(sb, "...");
	sb_putc(sb, '\'');
}

/* "command line" or "efipmu.cfg:LINE": where a setting (or an error) comes from. */
static void put_source(struct strbuf *sb, unsigned line)
{
	if (!line) {
		sb_puts(sb, "command line");
		return;
	}
	sb_puts(sb, CFG_NAME ":");
	sb_dec(sb, line);
}

/* Starts an error message with its source; the caller appends the rest. */
static pmu_status fail(struct parse *p, pmu_status st)
{
	sb_reset(&p->msg);
	put_source(&p->msg, p->line);
	sb_puts(&p->msg, ": ");
	return st;
}

void options_source(const struct efipmu_options *o, enum opt_id id, struct strbuf *sb)
{
	if (!(o->config_given & OPT_BIT(id)))
		sb_puts(sb, "default");
	else
		put_source(sb, o->line_of[id]);
}

/* An error about the value of the option being set: "<option>: <what>". */
static pmu_status fail_value(struct parse *p, pmu_status st)
{
	fail(p, st);
	sb_putn_printable(&p->msg, p->spell.s, p->spell.n);
	sb_puts(&p->msg, ": ");
	return st;
}

/* Appends "<before>'<v>'<after>" to the message started by fail() or fail_value(). */
static pmu_status say_quoted(struct parse *p, pmu_status st, const char *before, struct val v,
			     const char *after)
{
	sb_puts(&p->msg, before);
	put_quoted(&p->msg, v);
	sb_puts(&p->msg, after);
	return st;
}

/* An error about an option or a line as a whole, not one value. */
static pmu_status bad_setting(struct parse *p, pmu_status st, const char *before, struct val key,
			      const char *after)
{
	return say_quoted(p, fail(p, st), before, key, after);
}

static pmu_status bad_quoted(struct parse *p, pmu_status st, const char *before, struct val v,
			     const char *after)
{
	return say_quoted(p, fail_value(p, st), before, v, after);
}

/* Every byte must be a name character. */
static pmu_status check_chars(struct parse *p, struct val v)
{
	for (size_t i = 0; i < v.n; i++) {
		char c = v.s[i];
		if (is_name_char(c))
			continue;
		bad_quoted(p, PMU_ERR_INVALID, "bad character ", (struct val){ &v.s[i], 1 }, " in ");
		return say_quoted(p, PMU_ERR_INVALID, "", v, "");
	}
	return PMU_OK;
}

static pmu_status copy_text(struct parse *p, const struct opt_def *d, struct val v, size_t max)
{
	char *dst = (char *)&p->o + d->offset;
	if (v.n > max) {
		bad_quoted(p, PMU_ERR_RANGE, "", v, " is longer than ");
		sb_dec(&p->msg, max);
		sb_puts(&p->msg, " characters");
		return PMU_ERR_RANGE;
	}
	pmu_memcpy(dst, v.s, v.n);
	dst[v.n] = '\0';
	return PMU_OK;
}

/* Repeated -e within one parse appends; the first one replaces an earlier parse's. */
static pmu_status add_events(struct parse *p, const struct opt_def *d, struct val v)
{
	char *dst = (char *)&p->o + d->offset;
	size_t len;
	for (size_t i = 0; i < v.n; i++) {
		if (v.s[i] <= ' ' || v.s[i] > '~')
			return bad_quoted(p, PMU_ERR_INVALID, "bad character in ", v, "");
	}
	if (!(p->seen & OPT_BIT(OPT_EVENTS)))
		dst[0] = '\0';
	len = pmu_strlen(dst);
	if (len + 1 + v.n >= d->size) {
		fail_value(p, PMU_ERR_RANGE);
		sb_puts(&p->msg, "events are longer than ");
		sb_dec(&p->msg, d->size - 1u);
		sb_puts(&p->msg, " characters in all");
		return PMU_ERR_RANGE;
	}
	if (len)
		dst[len++] = ',';
	pmu_memcpy(dst + len, v.s, v.n);
	dst[len + v.n] = '\0';
	return PMU_OK;
}

static pmu_status set_file(struct parse *p, const struct opt_def *d, struct val v)
{
	pmu_status st = check_chars(p, v);
	if (st != PMU_OK)
		return st;
	if (v.s[0] == '.')
		return bad_quoted(p, PMU_ERR_INVALID, "file name ", v, " starts with '.'");
	return copy_text(p, d, v, OPT_OUTPUT_MAX);
}

static pmu_status parse_number(struct parse *p, struct val v, uint64_t *out)
{
	bool digits = true;
	if (pmu_parse_u64(v.s, v.n, out))
		return PMU_OK;
	for (size_t i = 0; i < v.n; i++)
		digits = digits && v.s[i] >= '0' && v.s[i] <= '9';
	if (digits)
		return bad_quoted(p, PMU_ERR_RANGE, "", v, " is too large");
	return bad_quoted(p, PMU_ERR_INVALID, "", v, " is not a number");
}

static pmu_status set_uint(struct parse *p, const struct opt_def *d, struct val v)
{
	uint64_t n;
	uint32_t u;
	pmu_status st = parse_number(p, v, &n);
	if (st == PMU_OK && (n < d->min || n > d->max)) {
		bad_quoted(p, PMU_ERR_RANGE, "", v, " is out of range ");
		sb_dec(&p->msg, d->min);
		sb_puts(&p->msg, "..");
		sb_dec(&p->msg, d->max);
		return PMU_ERR_RANGE;
	}
	if (st != PMU_OK)
		return st;
	u = (uint32_t)n;
	pmu_memcpy((char *)&p->o + d->offset, &u, sizeof(u));
	return PMU_OK;
}

/* log-sync: milliseconds, or each (LOG_SYNC_EACH). */
static pmu_status set_sync(struct parse *p, const struct opt_def *d, struct val v)
{
	pmu_status st = PMU_OK;
	if (val_is(v, "each"))
		p->o.log_sync_ms = LOG_SYNC_EACH;
	else if ((st = set_uint(p, d, v)) == PMU_ERR_INVALID)
		sb_puts(&p->msg, " (milliseconds, or each)");
	return st;
}

static pmu_status set_cpus(struct parse *p, struct val v)
{
	const char *why = "";
	pmu_status st = cpuset_parse(v.s, v.n, &p->o.cpus, &why);
	if (st != PMU_OK) {
		bad_quoted(p, st, "bad CPU list ", v, ": ");
		sb_puts(&p->msg, why);
	}
	return st;
}

static pmu_status set_backend(struct parse *p, struct val v)
{
	if (val_is(v, "real"))
		p->o.backend = EFIPMU_BACKEND_REAL;
	else if (val_is(v, "sim"))
		p->o.backend = EFIPMU_BACKEND_SIM;
	else
		return bad_quoted(p, PMU_ERR_UNKNOWN_NAME, "unknown backend ", v, " (real or sim)");
	return PMU_OK;
}

static pmu_status set_decode(struct parse *p, const struct val *v)
{
	struct efipmu_options *o = &p->o;
	pmu_status st = check_chars(p, v[0]);
	if (st == PMU_OK && v[0].n >= sizeof(o->decode_box))
		st = bad_quoted(p, PMU_ERR_RANGE, "box name ", v[0], " is too long");
	if (st == PMU_OK)
		st = parse_number(p, v[1], &o->decode_value);
	if (st != PMU_OK)
		return st;
	pmu_memcpy(o->decode_box, v[0].s, v[0].n);
	o->decode_box[v[0].n] = '\0';
	o->decode = true;
	return PMU_OK;
}

/* n hex digits (1..max) of v from *i, up to the separator sep (or the end when sep is 0). */
static bool hex_part(struct val v, size_t *i, unsigned max, char sep, uint32_t *out)
{
	size_t start = *i;
	uint32_t x = 0;
	for (; *i < v.n && v.s[*i] != sep; ++*i) {
		int d = pmu_hex_digit(v.s[*i]);
		if (d < 0 || *i - start >= max)
			return false;
		x = x << 4 | (uint32_t)d;
	}
	if (*i == start || (sep && *i == v.n))
		return false;
	*i += sep != 0;
	*out = x;
	return true;
}

/* SSSS:BB:DD.F/BAR, as Linux's lspci -D spells a function, then the BAR's index. */
static pmu_status set_pci_dev(struct parse *p, struct val v)
{
	uint32_t seg, bus, dev, fn, bar;
	size_t i = 0;
	if (!hex_part(v, &i, 4, ':', &seg) || !hex_part(v, &i, 2, ':', &bus) ||
	    !hex_part(v, &i, 2, '.', &dev) || !hex_part(v, &i, 1, '/', &fn) ||
	    !hex_part(v, &i, 1, 0, &bar) || dev > 31 || fn > 7 || bar > 5)
		return bad_quoted(p, PMU_ERR_INVALID, "", v,
				  " is not SSSS:BB:DD.F/BAR (hex; device 0-1f, function 0-7, BAR 0-5)");
	p->o.test_disc_dev = (struct opt_pci_dev){ true, (uint16_t)seg, (uint8_t)bus, (uint8_t)dev,
						   (uint8_t)fn, (uint8_t)bar };
	return PMU_OK;
}

/* A flag's value in the config file ("dry-run = no"); flags on the command line take none. */
static pmu_status set_flag(struct parse *p, const struct opt_def *d, const struct val *v)
{
	bool on = true;
	if (d->nargs == 0 && v) {
		if (val_is(v[0], "yes") || val_is(v[0], "true") || val_is(v[0], "on") || val_is(v[0], "1"))
			on = true;
		else if (val_is(v[0], "no") || val_is(v[0], "false") || val_is(v[0], "off") ||
			 val_is(v[0], "0"))
			on = false;
		else
			return bad_quoted(p, PMU_ERR_INVALID, "", v[0], " is not yes or no");
	}
	*(bool *)((char *)&p->o + d->offset) = on;
	return PMU_OK;
}

/* Sets option id from its values (NULL for a bare flag); p->spell names it in errors. */
static pmu_status apply(struct parse *p, enum opt_id id, const struct val *v)
{
	const struct opt_def *d = &options_table[id];
	pmu_status st = PMU_ERR_INVALID;
	if (!v && d->kind != OPT_KIND_FLAG)   /* only flags are applied without a value */
		return PMU_ERR_INVALID;
	switch ((enum opt_kind)d->kind) {
	case OPT_KIND_FLAG:
		st = set_flag(p, d, v);
		break;
	case OPT_KIND_TEXT:
		st = check_chars(p, v[0]);
		if (st == PMU_OK)
			st = copy_text(p, d, v[0], d->size - 1u);
		break;
	case OPT_KIND_EVENTS:
		st = add_events(p, d, v[0]);
		break;
	case OPT_KIND_FILE:
		st = set_file(p, d, v[0]);
		break;
	case OPT_KIND_UINT:
		st = set_uint(p, d, v[0]);
		break;
	case OPT_KIND_SYNC:
		st = set_sync(p, d, v[0]);
		break;
	case OPT_KIND_CPUS:
		st = set_cpus(p, v[0]);
		break;
	case OPT_KIND_BACKEND:
		st = set_backend(p, v[0]);
		break;
	case OPT_KIND_DECODE:
		st = set_decode(p, v);
		break;
	case OPT_KIND_PCI_DEV:
		st = set_pci_dev(p, v[0]);
		break;
	}
	if (st == PMU_OK) {
		p->seen |= OPT_BIT(id);
		p->o.config_given |= OPT_BIT(id);
		p->o.line_of[id] = (uint16_t)p->line;
	}
	return st;
}

static void parse_begin(struct parse *p, const struct efipmu_options *o, struct opt_error *err)
{
	pmu_memcpy(&p->o, o, sizeof(*o));
	p->seen = 0;
	p->line = 0;
	sb_init(&p->msg, err->msg, sizeof(err->msg));
}

static pmu_status parse_end(struct parse *p, pmu_status st, struct efipmu_options *o,
			    struct opt_error *err)
{
	if (st == PMU_OK) {
		pmu_memcpy(o, &p->o, sizeof(*o));
		sb_reset(&p->msg);
	}
	err->line = st == PMU_OK ? 0 : p->line;
	return st;
}

/* Config keys may spell '-' as '_' ("dry_run"). */
static int find_long(struct val name, bool underscores)
{
	for (int id = 0; id < OPT_COUNT; id++) {
		const char *n = options_table[id].name;
		size_t i = 0;
		for (; i < name.n && n[i]; i++) {
			char c = name.s[i];
			if (c != n[i] && !(underscores && c == '_' && n[i] == '-'))
				break;
		}
		if (i == name.n && !n[i])
			return id;
	}
	return -1;
}

static int find_short(char c)
{
	for (int id = 0; id < OPT_COUNT; id++)
		if (c && options_table[id].short_name == c)
			return id;
	return -1;
}

static bool looks_like_option(const char *a)
{
	return a[0] == '-' && a[1];
}

/* One option at argv[*i], with its values from "=value", "-xvalue" or the next arguments. */
static pmu_status parse_arg(struct parse *p, int argc, const char *const *argv, int *i)
{
	const char *a = argv[*i];
	struct val v[2], inline_val = { NULL, 0 };
	bool has_inline = false;
	int id;
	if (a[0] == '-' && a[1] == '-') {
		size_t n = 2;
		while (a[n] && a[n] != '=')
			n++;
		p->spell = (struct val){ a, n };
		has_inline = a[n] == '=';
		inline_val = val_str(a + n + has_inline);
		id = find_long((struct val){ a + 2, n - 2 }, false);
	} else if (looks_like_option(a)) {
		p->spell = (struct val){ a, 2 };
		has_inline = a[2] != '\0';
		inline_val = val_str(a + 2);
		id = find_short(a[1]);
		if (id >= 0 && has_inline && options_table[id].nargs == 0)
			id = -1;   /* "-vx": no bundling of flags */
	} else {
		return bad_setting(p, PMU_ERR_INVALID, "unexpected argument ", val_str(a), "");
	}
	if (id < 0) {
		return bad_setting(p, PMU_ERR_UNKNOWN_NAME, "unknown option ",
				   a[1] == '-' ? p->spell : val_str(a), "");
	}
	const struct opt_def *d = &options_table[id];
	if (d->nargs == 0) {
		if (has_inline)
			return bad_setting(p, PMU_ERR_INVALID, "option ", p->spell, " takes no value");
		return apply(p, (enum opt_id)id, NULL);
	}
	for (unsigned k = 0; k < d->nargs; k++) {
		if (k == 0 && has_inline) {
			v[0] = inline_val;
		} else if (*i + 1 < argc && !looks_like_option(argv[*i + 1])) {
			v[k] = val_str(argv[++*i]);
		} else {
			v[k] = (struct val){ NULL, 0 };
		}
		if (!v[k].n) {
			bad_setting(p, PMU_ERR_INVALID, "option ", p->spell, " needs ");
			sb_puts(&p->msg, d->nargs == 1 ? "a value" : d->metavar);
			return PMU_ERR_INVALID;
		}
	}
	return apply(p, (enum opt_id)id, v);
}

pmu_status options_parse_argv(int argc, const char *const *argv, struct efipmu_options *o,
			      struct opt_error *err)
{
	struct parse p;
	pmu_status st = PMU_OK;
	parse_begin(&p, o, err);
	for (int i = 1; i < argc && st == PMU_OK; i++)
		st = parse_arg(&p, argc, argv, &i);
	return parse_end(&p, st, o, err);
}

static struct val trim(struct val v)
{
	while (v.n && is_space(v.s[0])) {
		v.s++;
		v.n--;
	}
	while (v.n && is_space(v.s[v.n - 1]))
		v.n--;
	return v;
}

/* Splits v at whitespace into exactly want words. */
static bool split_words(struct val v, struct val *out, unsigned want)
{
	unsigned k = 0;
	size_t i = 0;
	while (i < v.n) {
		size_t start;
		while (i < v.n && is_space(v.s[i]))
			i++;
		if (i == v.n)
			break;
		if (k == want)
			return false;
		start = i;
		while (i < v.n && !is_space(v.s[i]))
			i++;
		out[k++] = (struct val){ v.s + start, i - start };
	}
	return k == want;
}

/* Rejects what is no text: a config file is edited by hand, and may be a wrong file. */
static pmu_status check_line_bytes(struct parse *p, struct val line)
{
	if (line.n > CFG_LINE_MAX) {
		fail(p, PMU_ERR_INVALID);
		sb_puts(&p->msg, "line is longer than ");
		sb_dec(&p->msg, CFG_LINE_MAX);
		sb_puts(&p->msg, " characters");
		return PMU_ERR_INVALID;
	}
	for (size_t i = 0; i < line.n; i++) {
		unsigned char c = (unsigned char)line.s[i];
		if ((c < 0x20 && c != '\t') || c == 0x7f) {
			fail(p, PMU_ERR_INVALID);
			sb_puts(&p->msg, "control byte ");
			sb_hex_width(&p->msg, c, 2);
			sb_puts(&p->msg, " (not a text file?)");
			return PMU_ERR_INVALID;
		}
	}
	return PMU_OK;
}

/* A '#' at the start or after whitespace starts a comment; event specs have none. */
static struct val strip_comment(struct val line)
{
	for (size_t i = 0; i < line.n; i++) {
		if (line.s[i] == '#' && (i == 0 || is_space(line.s[i - 1])))
			return (struct val){ line.s, i };
	}
	return line;
}

/* One "key = value" or "key" line, without its line ending. */
static pmu_status parse_line(struct parse *p, struct val line)
{
	struct val key, rest, v[2];
	size_t k = 0;
	int id;
	pmu_status st = check_line_bytes(p, line);
	if (st != PMU_OK)
		return st;
	line = trim(strip_comment(line));
	if (!line.n)
		return PMU_OK;
	while (k < line.n && !is_space(line.s[k]) && line.s[k] != '=')
		k++;
	key = (struct val){ line.s, k };
	rest = trim((struct val){ line.s + k, line.n - k });
	if (!key.n)
		return bad_setting(p, PMU_ERR_INVALID, "missing setting name before ", rest, "");
	if (rest.n && rest.s[0] != '=')
		return bad_setting(p, PMU_ERR_INVALID, "expected '=' after ", key, "");
	id = find_long(key, true);
	if (id < 0)
		return bad_setting(p, PMU_ERR_UNKNOWN_NAME, "unknown setting ", key, "");
	p->spell = key;
	const struct opt_def *d = &options_table[id];
	if (!rest.n && d->nargs == 0)
		return apply(p, (enum opt_id)id, NULL);
	if (rest.n)
		rest = trim((struct val){ rest.s + 1, rest.n - 1 });   /* after the '=' */
	if (!rest.n)
		return bad_setting(p, PMU_ERR_INVALID, "setting ", key, " needs a value");
	if (d->nargs == 2 && !split_words(rest, v, 2)) {
		bad_setting(p, PMU_ERR_INVALID, "setting ", key, " needs ");
		sb_puts(&p->msg, d->metavar);
		return PMU_ERR_INVALID;
	}
	if (d->nargs < 2)
		v[0] = rest;
	return apply(p, (enum opt_id)id, v);
}

pmu_status options_parse_config(const char *text, size_t len, struct efipmu_options *o,
				struct opt_error *err)
{
	struct parse p;
	pmu_status st = PMU_OK;
	size_t pos = 0;
	parse_begin(&p, o, err);
	if (len >= 3 && (unsigned char)text[0] == 0xef && (unsigned char)text[1] == 0xbb &&
	    (unsigned char)text[2] == 0xbf)
		pos = 3;
	while (pos < len && st == PMU_OK) {
		size_t end = pos, next;
		while (end < len && text[end] != '\n')
			end++;
		next = end < len ? end + 1 : end;
		if (end > pos && text[end - 1] == '\r')
			end--;
		p.line++;
		st = parse_line(&p, (struct val){ text + pos, end - pos });
		pos = next;
	}
	return parse_end(&p, st, o, err);
}

/* Appends text word by word, wrapping at HELP_WIDTH to column indent; line_start is tracked. */
static void put_wrapped(struct strbuf *sb, const char *text, size_t indent, size_t *line_start)
{
	while (*text) {
		size_t n = 0;
		while (text[n] && text[n] != ' ')
			n++;
		if (sb->len - *line_start + 1 + n > HELP_WIDTH) {
			sb_putc(sb, '\n');
			*line_start = sb->len;
			for (size_t i = 0; i < indent; i++)
				sb_putc(sb, ' ');
		} else if (sb->len - *line_start > indent) {
			sb_putc(sb, ' ');
		}
		sb_putn(sb, text, n);
		text += n;
		while (*text == ' ')
			text++;
	}
	sb_putc(sb, '\n');
	*line_start = sb->len;
}

void options_help(struct strbuf *sb)
{
	size_t line_start;
	sb_puts(sb, "Usage: efipmu [options]\n"
		    "Counts Intel PMU events (core and uncore) on every CPU, from UEFI.\n\n");
	line_start = sb->len;
	for (int id = 0; id < OPT_COUNT; id++) {
		const struct opt_def *d = &options_table[id];
		sb_puts(sb, "  ");
		if (d->short_name) {
			sb_putc(sb, '-');
			sb_putc(sb, d->short_name);
			sb_puts(sb, ", ");
		} else {
			sb_puts(sb, "    ");
		}
		sb_puts(sb, "--");
		sb_puts(sb, d->name);
		if (d->metavar) {
			sb_putc(sb, ' ');
			sb_puts(sb, d->metavar);
		}
		if (sb->len - line_start + 2 > HELP_COL) {   /* no room: the text goes below */
			sb_putc(sb, '\n');
			line_start = sb->len;
		}
		while (sb->len - line_start < HELP_COL && !sb->overflow)
			sb_putc(sb, ' ');
		put_wrapped(sb, d->help, HELP_COL, &line_start);
	}
	sb_putc(sb, '\n');
	line_start = sb->len;
	put_wrapped(sb, "The same settings can go in " CFG_NAME " next to the app, one per line: "
		    "'key = value', the key being the long option name (cpus = 0-3), or just the "
		    "key for a flag (selftest). '#' starts a comment. Options on the command line "
		    "override the file.", 0, &line_start);
}

/* Whether describe shows option d: flags when set, text when not empty. */
static bool describe_shows(const struct efipmu_options *o, enum opt_id id)
{
	const struct opt_def *d = &options_table[id];
	const char *field = (const char *)o + d->offset;
	switch ((enum opt_kind)d->kind) {
	case OPT_KIND_FLAG:
		return *(const bool *)field;
	case OPT_KIND_TEXT:
		/* the profile means nothing on real hardware */
		return field[0] && (id != OPT_SIM_PROFILE || o->backend == EFIPMU_BACKEND_SIM);
	case OPT_KIND_EVENTS:
	case OPT_KIND_FILE:
		return field[0];
	case OPT_KIND_DECODE:
		return o->decode;
	case OPT_KIND_PCI_DEV:
		return o->test_disc_dev.set;
	case OPT_KIND_UINT:
		/* a test hook, or a setting whose default is 0 ("the app's"), is shown only when set */
		return (id != OPT_STALL_CPU || o->stall_cpu) && (id != OPT_AP_TIMEOUT || o->ap_timeout_ms) &&
		       (id != OPT_SIM_SNC || o->sim_snc);
	case OPT_KIND_CPUS:
	case OPT_KIND_BACKEND:
	case OPT_KIND_SYNC:
		break;
	}
	return true;
}

bool options_on(const struct efipmu_options *o, enum opt_id id)
{
	const struct opt_def *d = &options_table[id];
	const char *field = (const char *)o + d->offset;
	if (d->kind == OPT_KIND_FLAG || d->kind == OPT_KIND_DECODE)
		return *(const bool *)field;
	return pmu_strcmp(field, "off") != 0;
}

void options_put_pci_dev(struct strbuf *sb, const struct opt_pci_dev *d)
{
	static const char digit[] = "0123456789abcdef";
	const uint32_t part[5] = { d->seg, d->bus, d->dev, d->fn, d->bar };
	static const uint8_t width[5] = { 4, 2, 2, 1, 1 };
	static const char sep[5] = { ':', ':', '.', '/', 0 };
	for (unsigned k = 0; k < 5; k++) {
		for (unsigned n = width[k]; n--;)
			sb_putc(sb, digit[(part[k] >> (4 * n)) & 15]);
		if (sep[k])
			sb_putc(sb, sep[k]);
	}
}

void options_describe(const struct efipmu_options *o, struct strbuf *sb)
{
	bool first = true;
	for (int id = 0; id < OPT_COUNT; id++) {
		const struct opt_def *d = &options_table[id];
		const char *field = (const char *)o + d->offset;
		uint32_t u;
		if (!describe_shows(o, (enum opt_id)id))
			continue;
		if (!first)
			sb_putc(sb, ' ');
		first = false;
		sb_puts(sb, d->name);
		if (d->kind != OPT_KIND_FLAG)
			sb_putc(sb, '=');
		switch ((enum opt_kind)d->kind) {
		case OPT_KIND_FLAG:
			break;
		case OPT_KIND_TEXT:
		case OPT_KIND_EVENTS:
		case OPT_KIND_FILE:
			sb_puts(sb, field);
			break;
		case OPT_KIND_UINT:
			pmu_memcpy(&u, field, sizeof(u));
			sb_dec(sb, u);
			break;
		case OPT_KIND_SYNC:
			if (o->log_sync_ms == LOG_SYNC_EACH)
				sb_puts(sb, "each");
			else
				sb_dec(sb, o->log_sync_ms);
			break;
		case OPT_KIND_CPUS:
			cpuset_format(&o->cpus, sb);
			break;
		case OPT_KIND_BACKEND:
			sb_puts(sb, o->backend == EFIPMU_BACKEND_SIM ? "sim" : "real");
			break;
		case OPT_KIND_DECODE:
			sb_puts(sb, o->decode_box);
			sb_putc(sb, ':');
			sb_hex(sb, o->decode_value);
			break;
		case OPT_KIND_PCI_DEV:
			options_put_pci_dev(sb, &o->test_disc_dev);
			break;
		}
	}
}
