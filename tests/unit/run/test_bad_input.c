/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Every class of malformed input, one table. Each row goes down the path the
 * app takes (settings, event specs, core_prepare + core_program, uncore_plan +
 * uncore_program) on the reference model, must stop at the stage the row names
 * with the exact status and message, and must leave the model without a
 * single MSR write.
 */
#include "testutil.h"
#include "boxes.h"
#include "pmu/core_engine.h"
#include "pmu/evspec.h"
#include "hw/msr.h"
#include "run/options.h"
#include "pmu/uncore.h"
#include "uncore_tables.h"

#define MAX_REQS 16
#define ARGS_MAX 4

enum stage { AT_OPTIONS, AT_EVSPEC, AT_CORE, AT_UNCORE };
static const char *const stage_name[] = { "options", "evspec", "core", "uncore" };

struct rig {
	struct model *m;
	struct pmu_backend b;
	struct cpu_info ci;
	struct efipmu_options o;
	struct pmu_event_req reqs[MAX_REQS];
	unsigned n;
};

struct bad_row {
	const char *what;          /* the class of bad input */
	const char *profile;
	const char *cfg;           /* efipmu.cfg text, or NULL */
	size_t cfg_len;            /* 0: strlen(cfg) */
	const char *argv[ARGS_MAX];/* command line after argv[0], or none */
	const char *events;        /* given straight to evspec (bytes the command line refuses) */
	void (*firmware)(struct rig *r);             /* state "firmware" left, before the run */
	unsigned (*raw)(struct pmu_event_req *reqs); /* requests that did not come from text */
	enum stage stage;          /* where it must stop */
	pmu_status st;
	const char *msg;           /* the message (uncore: the reason; bad_event is checked) */
	unsigned bad_event;
};

/* ---- requests no spec produces, straight to the engines ---- */

static struct pmu_event_req req(const char *name, const struct box_desc *box, uint64_t config,
				int fixed, uint32_t mask)
{
	struct pmu_event_req q;
	memset(&q, 0, sizeof(q));
	strncpy(q.name, name, sizeof(q.name) - 1);
	q.box = box;
	q.config = config;
	q.fixed = fixed;
	q.counter_mask = mask;
	return q;
}

#define USR_OS (3u << 16)

static unsigned same_pinned_counter(struct pmu_event_req *r)
{
	r[0] = req("a", NULL, 0x3C | USR_OS, -1, 1u << 2);
	r[1] = req("b", NULL, 0x2E | USR_OS, -1, 1u << 2);
	return 2;
}

static unsigned core_reserved_bit(struct pmu_event_req *r)
{
	r[0] = req("rsv", NULL, 0x3C | USR_OS | 1ull << 35, -1, 0xF);
	return 1;
}

/* FIXED_CTR0 with its PMI bit asked for (PERFEVTSEL INT: the fixed nibble's bit 3). */
static unsigned core_pmi_fixed(struct pmu_event_req *r)
{
	r[0] = req("pmi", NULL, 0xC0 | USR_OS | CORE_SEL_INT, 0, 0);
	return 1;
}

static unsigned core_mask_beyond_cpu(struct pmu_event_req *r)
{
	r[0] = req("pmc7", NULL, 0x3C | USR_OS, -1, 1u << 7);
	return 1;
}

static unsigned box_of_other_cpu(struct pmu_event_req *r)
{
	const struct box_desc *m0 = family_box(UNCORE_NHM_EX, "uncore_mbox_0", 13);
	assert_non_null(m0);
	r[0] = req("mbox", m0, 0x41, -1, 0);
	return 1;
}

static unsigned uncore_fixed_twice(struct pmu_event_req *r)
{
	const struct box_desc *u = family_box(UNCORE_NHM_CLIENT, "uncore", 6);
	assert_non_null(u);
	r[0] = req("clk0", u, 0, 0, 0);
	r[1] = req("clk1", u, 0, 0, 0);
	return 2;
}

static unsigned cbox_filter_reserved(struct pmu_event_req *r)
{
	const struct box_desc *c2 = family_box(UNCORE_SNB_EP, "uncore_cbox_2", 13);
	assert_non_null(c2);
	r[0] = req("filt", c2, 0x0334, -1, 0x3);
	r[0].extra_msr = 0xD54;
	r[0].extra_msr_val = 1ull << 32;   /* no field above OPCODE 31:23 */
	return 1;
}

/* ---- firmware left counters running ---- */

static void fw_wrmsr(struct rig *r, uint32_t msr, uint64_t v)
{
	assert_int_equal(pmu_wrmsr(&r->b, 0, msr, v), PMU_OK);
}

static void fw_fixed0_on(struct rig *r)
{
	fw_wrmsr(r, MSR_IA32_FIXED_CTR_CTRL, 0x3);
	fw_wrmsr(r, MSR_IA32_PERF_GLOBAL_CTRL, 1ull << CORE_FIXED_BIT);
}

static void fw_all_gp_on(struct rig *r)
{
	for (unsigned i = 0; i < 4; i++)
		fw_wrmsr(r, MSR_IA32_PERFEVTSEL0 + i, CORE_SEL_EN | USR_OS | 0x3C);
	fw_wrmsr(r, MSR_IA32_PERF_GLOBAL_CTRL, 0xF);
}

static void fw_uncore_on(struct rig *r)
{
	for (unsigned i = 0; i < 8; i++)
		fw_wrmsr(r, 0x3C0 + i, 1ull << 22 | 0x20);
}

static char long_line[700];     /* "events = AAAA...\n", longer than a config line may be */
static char long_arg[600];      /* more event text than the settings hold */
static char long_name[200];     /* one event name longer than EVENT_NAME_MAX */

static void fill_long_inputs(void)
{
	memset(long_line, 'A', sizeof(long_line) - 1);
	memcpy(long_line, "events = ", 9);
	long_line[sizeof(long_line) - 2] = '\n';
	memset(long_arg, 'A', sizeof(long_arg) - 1);
	memset(long_name, 'B', sizeof(long_name) - 1);
}

#define OFFCORE_TAKEN "its auxiliary MSR already holds another event's value; no other one is free"
#define IN_USE(ev) "event '" ev "': the counters it can use are in use by firmware (force takes them)"

static const char elf_header[] = "\x7f" "ELF\x02\x01\x01\x00\x00\x00";

static const struct bad_row rows[] = {
	/* unknown names */
	{ "unknown event", "nehalem-ep", .argv = { "-e", "FOO.BAR" }, .stage = AT_EVSPEC,
	  .st = PMU_ERR_UNKNOWN_NAME, .msg = "unknown event 'FOO.BAR' for model 0x1a" },
	{ "unknown event of another CPU's list", "nehalem-ep", .events = "UNC_U_LOCK_CYCLES",
	  .stage = AT_EVSPEC, .st = PMU_ERR_UNKNOWN_NAME,
	  .msg = "unknown event 'UNC_U_LOCK_CYCLES' for model 0x1a" },
	{ "unknown setting", "nehalem-ep", .cfg = "evnts = cycles\n", .stage = AT_OPTIONS,
	  .st = PMU_ERR_UNKNOWN_NAME, .msg = "efipmu.cfg:1: unknown setting 'evnts'" },
	{ "unknown option", "nehalem-ep", .argv = { "--evnts", "cycles" }, .stage = AT_OPTIONS,
	  .st = PMU_ERR_UNKNOWN_NAME, .msg = "command line: unknown option '--evnts'" },
	/* values out of range */
	{ "field out of range", "nehalem-ep", .argv = { "-e", "cpu/event=0x1ff/" }, .stage = AT_EVSPEC,
	  .st = PMU_ERR_RANGE, .msg = "field 'event' value 0x1ff too wide (max 0xff)" },
	{ "cmask out of range", "sandy-bridge-ep", .events = "cpu/event=0x3c,cmask=256/",
	  .stage = AT_EVSPEC, .st = PMU_ERR_RANGE, .msg = "field 'cmask' value 0x100 too wide (max 0xff)" },
	{ "setting out of range", "nehalem-ep", .cfg = "repeats = 0\n", .stage = AT_OPTIONS,
	  .st = PMU_ERR_RANGE, .msg = "efipmu.cfg:1: repeats: '0' is out of range 1..1000" },
	{ "CPU number out of range", "nehalem-ep", .argv = { "--cpus", "0-9999" }, .stage = AT_OPTIONS,
	  .st = PMU_ERR_RANGE,
	  .msg = "command line: --cpus: bad CPU list '0-9999': CPU number above 4095" },
	/* reserved and engine-owned bits */
	{ "reserved bit (raw)", "nehalem-ep", .argv = { "-e", "r1000000c0" }, .stage = AT_EVSPEC,
	  .st = PMU_ERR_RESERVED, .msg = "reserved bit 32 set" },
	{ "reserved bit (config)", "sandy-bridge-ep", .events = "uncore_ubox/config=0x100042/",
	  .stage = AT_EVSPEC, .st = PMU_ERR_RESERVED, .msg = "reserved bit 20 set" },
	{ "enable bit is the engine's", "nehalem-ep", .events = "cpu/event=0xc0,en/", .stage = AT_EVSPEC,
	  .st = PMU_ERR_INVALID, .msg = "field 'en' is set by efipmu" },
	{ "offcore_rsp bit OFFCORE_RSP_0 lacks", "nehalem-ep",
	  .events = "cpu/event=0xb7,umask=0x1,offcore_rsp=0x10001/", .stage = AT_EVSPEC,
	  .st = PMU_ERR_RESERVED,
	  .msg = "term 'offcore_rsp' value 0x10001 sets bit 16, reserved in MSR_OFFCORE_RSP_0" },
	{ "offcore_rsp bit OFFCORE_RSP_1 lacks (SNB-EP)", "sandy-bridge-ep",
	  .events = "cpu/event=0xbb,umask=0x1,offcore_rsp=0x4000/", .stage = AT_EVSPEC,
	  .st = PMU_ERR_RESERVED,
	  .msg = "term 'offcore_rsp' value 0x4000 sets bit 14, reserved in MSR_OFFCORE_RSP_1" },
	{ "ldlat wider than its 16 bits", "westmere-ex",
	  .events = "cpu/MEM_INST_RETIRED.LATENCY_ABOVE_THRESHOLD_16,ldlat=0x10000/",
	  .stage = AT_EVSPEC, .st = PMU_ERR_RESERVED,
	  .msg = "term 'ldlat' value 0x10000 sets bit 16, reserved in MSR_PEBS_LD_LAT_THRESHOLD" },
	{ "offcore_rsp on an event that reads no OFFCORE_RSP", "sandy-bridge-ep",
	  .events = "cpu/event=0x3c,offcore_rsp=0x1/", .stage = AT_EVSPEC, .st = PMU_ERR_INVALID,
	  .msg = "term 'offcore_rsp' does not apply to this event on this CPU" },
	{ "offcore_rsp with 0xBB on Nehalem (no OFFCORE_RSP_1)", "nehalem-ex",
	  .events = "cpu/event=0xbb,umask=0x1,offcore_rsp=0x1/", .stage = AT_EVSPEC,
	  .st = PMU_ERR_INVALID,
	  .msg = "term 'offcore_rsp' does not apply to this event on this CPU" },
	{ "ldlat on Sandy Bridge's offcore event", "sandy-bridge-ep",
	  .events = "cpu/event=0xb7,umask=0x1,ldlat=3/", .stage = AT_EVSPEC, .st = PMU_ERR_INVALID,
	  .msg = "term 'ldlat' does not apply to this event on this CPU" },
	/* overflow interrupts (PERFEVTSEL INT, the fixed counters' PMI bits) */
	{ "PMI on a general-purpose counter", "nehalem-ep", .events = "cpu/event=0x3c,int/",
	  .stage = AT_EVSPEC, .st = PMU_ERR_UNSUPPORTED, .msg = "field 'int'" CORE_INT_REFUSED },
	{ "PMI on a fixed counter", "sandy-bridge-ep", .events = "cpu/INST_RETIRED.ANY,pmi/",
	  .stage = AT_EVSPEC, .st = PMU_ERR_UNSUPPORTED, .msg = "field 'int'" CORE_INT_REFUSED },
	{ "PMI in a raw word", "westmere-ep", .argv = { "-e", "r13003c" }, .stage = AT_EVSPEC,
	  .st = PMU_ERR_UNSUPPORTED, .msg = "field 'int'" CORE_INT_REFUSED },
	{ "PMI past the parser, fixed-only", "nehalem-ep", .raw = core_pmi_fixed, .stage = AT_CORE,
	  .st = PMU_ERR_UNSUPPORTED, .msg = "event 'pmi': field 'int'" CORE_INT_REFUSED },
	{ "a fixed-only event with a bit its nibble lacks", "westmere-ep",
	  .events = "cpu/INST_RETIRED.ANY,cmask=1/", .stage = AT_CORE, .st = PMU_ERR_NO_COUNTER,
	  .msg = "event 'cpu/INST_RETIRED.ANY,cmask=1/': "
		 "a fixed counter takes only usr, os and any, not bit 24 (cmask)" },
	{ "reserved bit past the parser", "nehalem-ep", .raw = core_reserved_bit, .stage = AT_CORE,
	  .st = PMU_ERR_RESERVED, .msg = "event 'rsv': bit 35 of IA32_PERFEVTSEL is reserved on this CPU" },
	/* an encoding the spec leaves undefined (M-box count_mode, Intel 323535-001 table 2-67) */
	{ "undefined encoding", "nehalem-ex", .argv = { "-e", "uncore_mbox_0/inc_sel=0x1b,count_mode=3/" },
	  .stage = AT_EVSPEC, .st = PMU_ERR_INVALID,
	  .msg = "field 'count_mode' value 0x3 is an encoding the spec leaves undefined" },
	/* filter fields (Linux uncore_snbep.c): only those Intel's list gives the event */
	{ "filter field the event does not use", "sandy-bridge-ep",
	  .argv = { "-e", "uncore_cbox_0/UNC_C_LLC_LOOKUP.DATA_READ,nid=1/" }, .stage = AT_EVSPEC,
	  .st = PMU_ERR_INVALID,
	  .msg = "event 'UNC_C_LLC_LOOKUP.DATA_READ' does not use filter field 'nid' of uncore_cbox_0" },
	{ "filter field too wide", "sandy-bridge-ep",
	  .events = "uncore_pcu/UNC_P_FREQ_BAND1_CYCLES,band1=256/", .stage = AT_EVSPEC,
	  .st = PMU_ERR_RANGE, .msg = "field 'band1' value 0x100 too wide (max 0xff)" },
	{ "filter reserved bit past the parser", "sandy-bridge-ep", .raw = cbox_filter_reserved,
	  .stage = AT_UNCORE, .st = PMU_ERR_RESERVED, .bad_event = 0,
	  .msg = "sets reserved bit 32 of C_MSR_PMON_BOX_FILTER" },
	{ "two filter values on one box", "sandy-bridge-ep",
	  .argv = { "-e", "uncore_cbox_0/UNC_C_LLC_LOOKUP.DATA_READ,state=1/,"
		    "uncore_cbox_0/UNC_C_LLC_LOOKUP.WRITE,state=2/" },
	  .stage = AT_UNCORE, .st = PMU_ERR_NO_COUNTER, .bad_event = 1,
	  .msg = "no counter left for it (it needs MSR 0xd14 = 0x80000, which another event sets "
		 "otherwise)" },
	/*
	 * an event the box's control cannot express (ExtSel; Intel 327043-001 table 2-2: 21:20
	 * reserved)
	 */
	{ "ExtSel the box lacks", "sandy-bridge-ep", .argv = { "-e", "UNC_U_RACU_REQUESTS.COUNT" },
	  .stage = AT_EVSPEC, .st = PMU_ERR_UNSUPPORTED,
	  .msg = "event 'UNC_U_RACU_REQUESTS.COUNT' needs ExtSel, which uncore_ubox's control "
		 "(U_MSR_PMON_CTL) does not have" },
	/* boxes this CPU does not have */
	{ "wrong box for this CPU", "nehalem-ep", .argv = { "-e", "uncore_mbox_0/event=0x41/" },
	  .stage = AT_EVSPEC, .st = PMU_ERR_UNKNOWN_NAME, .msg = "unknown PMU 'uncore_mbox_0' for this CPU" },
	{ "wrong box (SNB-EP has no NHM uncore)", "sandy-bridge-ep", .events = "uncore/event=0x2c/",
	  .stage = AT_EVSPEC, .st = PMU_ERR_UNKNOWN_NAME, .msg = "unknown PMU 'uncore' for this CPU" },
	{ "uncore clock in a box not driven", "nehalem-ex", .argv = { "-e", "UNCORE_CLOCK" },
	  .stage = AT_EVSPEC, .st = PMU_ERR_UNSUPPORTED, .msg = "'UNCORE_CLOCK': no uncore clock on model "
	  "0x2e: the W-box fixed counter (Intel 323535-001, Linux uncore_nhmex.c) is not driven" },
	{ "uncore clock with terms", "nehalem-ep", .events = "uncore/UNCORE_CLOCK,edge/",
	  .stage = AT_EVSPEC, .st = PMU_ERR_INVALID,
	  .msg = "'UNCORE_CLOCK' is a fixed counter: it takes no terms" },
	{ "wrong box past the parser", "nehalem-ep", .raw = box_of_other_cpu, .stage = AT_UNCORE,
	  .st = PMU_ERR_UNSUPPORTED, .bad_event = 0,
	  .msg = "its box is not one of this CPU's uncore (nehalem-westmere-client)" },
	/* counters: duplicates, too many, taken */
	{ "duplicate fixed counter", "nehalem-ep", .argv = { "-e", "instructions,INST_RETIRED.ANY" },
	  .stage = AT_CORE, .st = PMU_ERR_NO_COUNTER,
	  .msg = "event 'INST_RETIRED.ANY': no counter left for it" },
	{ "duplicate pinned counter", "nehalem-ep", .raw = same_pinned_counter, .stage = AT_CORE,
	  .st = PMU_ERR_NO_COUNTER, .msg = "event 'b': no counter left for it" },
	{ "second offcore value, no OFFCORE_RSP_1 (Nehalem)", "nehalem-ep",
	  .argv = { "-e", "OFFCORE_RESPONSE_0.ANY_DATA.ANY_LLC_MISS,OFFCORE_RESPONSE_0.ANY_DATA.LOCAL_DRAM" },
	  .stage = AT_CORE, .st = PMU_ERR_NO_COUNTER,
	  .msg = "event 'OFFCORE_RESPONSE_0.ANY_DATA.LOCAL_DRAM': " OFFCORE_TAKEN },
	{ "third offcore value (Westmere: RSP_0 and RSP_1 taken)", "westmere-ep",
	  .events = "cpu/event=0xb7,umask=1,offcore_rsp=1/,cpu/event=0xb7,umask=1,offcore_rsp=2/,"
		    "cpu/event=0xbb,umask=1,offcore_rsp=4/",
	  .stage = AT_CORE, .st = PMU_ERR_NO_COUNTER,
	  .msg = "event 'cpu/event=0xbb,umask=1,offcore_rsp=4/': " OFFCORE_TAKEN },
	{ "duplicate uncore fixed counter", "nehalem-ep", .raw = uncore_fixed_twice, .stage = AT_UNCORE,
	  .st = PMU_ERR_NO_COUNTER, .bad_event = 1,
	  .msg = "no counter left for it (the fixed counter of uncore is taken)" },
	/*
	 * counter restrictions of Intel's list (Linux uncore_snbep.c): occupancy only on counter 0
	 */
	{ "two events for one restricted counter", "sandy-bridge-ep",
	  .argv = { "-e", "uncore_cbox_0/UNC_C_RxR_OCCUPANCY.IRQ/,uncore_cbox_0/UNC_C_TOR_OCCUPANCY.ALL/" },
	  .stage = AT_UNCORE, .st = PMU_ERR_NO_COUNTER, .bad_event = 1,
	  .msg = "no counter left for it (it may use only counter 0 of uncore_cbox_0, which other "
		 "events need)" },
	{ "more events than counters", "nehalem-ep",
	  .argv = { "-e", "cpu/event=0x3c/,cpu/event=0x3c/,cpu/event=0x3c/,cpu/event=0x3c/,cpu/event=0x2e/" },
	  .stage = AT_CORE, .st = PMU_ERR_NO_COUNTER,
	  .msg = "event 'cpu/event=0x2e/': no counter left for it (more events than counters)" },
	{ "more uncore events than counters", "nehalem-ep",
	  .events = "uncore/event=1/,uncore/event=2/,uncore/event=3/,uncore/event=4/,uncore/event=5/,"
		    "uncore/event=6/,uncore/event=7/,uncore/event=8/,uncore/event=9/",
	  .stage = AT_UNCORE, .st = PMU_ERR_NO_COUNTER, .bad_event = 8,
	  .msg = "no counter left for it (more events than the 8 counters of uncore)" },
	{ "counter this CPU lacks", "nehalem-ep", .raw = core_mask_beyond_cpu, .stage = AT_CORE,
	  .st = PMU_ERR_NO_COUNTER, .msg = "event 'pmc7': no counter of this CPU can count it" },
	{ "fixed counter firmware uses", "nehalem-ep", .argv = { "-e", "INST_RETIRED.ANY" },
	  .firmware = fw_fixed0_on, .stage = AT_CORE, .st = PMU_ERR_IN_USE,
	  .msg = IN_USE("INST_RETIRED.ANY") },
	{ "every GP counter firmware's", "westmere-ep", .argv = { "-e", "cpu/event=0x3c/" },
	  .firmware = fw_all_gp_on, .stage = AT_CORE, .st = PMU_ERR_IN_USE,
	  .msg = IN_USE("cpu/event=0x3c/") },
	{ "uncore counters firmware uses", "nehalem-ep", .argv = { "-e", "uncore/event=0x20/" },
	  .firmware = fw_uncore_on, .stage = AT_UNCORE, .st = PMU_ERR_IN_USE, .bad_event = 0 },
	/* shapes of text */
	{ "overlong config line", "nehalem-ep", .cfg = long_line, .cfg_len = sizeof(long_line) - 1,
	  .stage = AT_OPTIONS, .st = PMU_ERR_INVALID,
	  .msg = "efipmu.cfg:1: line is longer than 512 characters" },
	{ "overlong event text", "nehalem-ep", .argv = { "-e", long_arg }, .stage = AT_OPTIONS,
	  .st = PMU_ERR_RANGE, .msg = "command line: -e: events are longer than 511 characters in all" },
	{ "overlong event name", "nehalem-ep", .events = long_name, .stage = AT_EVSPEC,
	  .st = PMU_ERR_UNKNOWN_NAME, .msg = "unknown event 'BBBB" },
	{ "binary garbage file", "nehalem-ep", .cfg = elf_header, .cfg_len = sizeof(elf_header) - 1,
	  .stage = AT_OPTIONS, .st = PMU_ERR_INVALID,
	  .msg = "efipmu.cfg:1: control byte 0x7f (not a text file?)" },
	{ "binary garbage argument", "nehalem-ep", .argv = { "-e", "\x01\xff" }, .stage = AT_OPTIONS,
	  .st = PMU_ERR_INVALID, .msg = "command line: -e: bad character" },
	{ "binary garbage spec", "nehalem-ep", .events = "\x01\xff\x7f", .stage = AT_EVSPEC,
	  .st = PMU_ERR_UNKNOWN_NAME, .msg = "unknown event '" },
	{ "malformed spec", "nehalem-ep", .events = "cpu/event=0x3c", .stage = AT_EVSPEC,
	  .st = PMU_ERR_INVALID, .msg = "malformed event 'cpu/event=0x3c': expected pmu/terms/" },
	{ "empty spec in a list", "nehalem-ep", .events = "cycles,,instructions", .stage = AT_EVSPEC,
	  .st = PMU_ERR_INVALID, .msg = "empty event spec" },
	{ "empty value", "nehalem-ep", .argv = { "-e", "" }, .stage = AT_OPTIONS,
	  .st = PMU_ERR_INVALID, .msg = "command line: option '-e' needs a value" },
	{ "setting without its value", "nehalem-ep", .cfg = "events\n", .stage = AT_OPTIONS,
	  .st = PMU_ERR_INVALID, .msg = "efipmu.cfg:1: setting 'events' needs a value" },
	{ "bad line after good ones", "nehalem-ep", .cfg = "backend = sim\n# ok\ncpus = 3-1\n",
	  .stage = AT_OPTIONS, .st = PMU_ERR_INVALID,
	  .msg = "efipmu.cfg:3: cpus: bad CPU list '3-1': reversed range" },
};

static struct rig *rig_new(const char *profile)
{
	struct rig *r = calloc(1, sizeof(*r));
	assert_non_null(r);
	r->m = test_model(profile, 2, 1, &r->b);
	assert_int_equal(pmu_discover(&r->b, 0, &r->ci), PMU_OK);
	options_defaults(&r->o);
	return r;
}

struct outcome {
	enum stage stage;
	pmu_status st;
	char msg[160];
	unsigned bad_event;
};

static void failed(struct outcome *out, enum stage stage, pmu_status st, const char *msg)
{
	out->stage = stage;
	out->st = st;
	snprintf(out->msg, sizeof(out->msg), "%s", msg ? msg : "");
}

/* The settings and specs of row, as the app reads them; false when they fail. */
static bool read_text(const struct bad_row *row, struct rig *r, struct outcome *out)
{
	struct opt_error oe;
	struct evspec_error ee;
	const char *argv[ARGS_MAX + 1] = { "efipmu" };
	int argc = 1;
	pmu_status st = PMU_OK;

	memset(&oe, 0, sizeof(oe));
	if (row->cfg) {
		size_t len = row->cfg_len ? row->cfg_len : strlen(row->cfg);
		st = options_parse_config(row->cfg, len, &r->o, &oe);
	}
	while (st == PMU_OK && argc <= ARGS_MAX && row->argv[argc - 1])
		argv[argc] = row->argv[argc - 1], argc++;
	if (st == PMU_OK && argc > 1)
		st = options_parse_argv(argc, argv, &r->o, &oe);
	if (st != PMU_OK) {
		failed(out, AT_OPTIONS, st, oe.msg);
		return false;
	}
	const char *events = row->events ? row->events : r->o.events;
	if (!*events)
		return true;
	memset(&ee, 0, sizeof(ee));
	st = evspec_parse_list(&r->ci, test_boxes_of(&r->ci), events, r->reqs, MAX_REQS, &r->n, &ee);
	if (st != PMU_OK) {
		failed(out, AT_EVSPEC, st, ee.msg);
		return false;
	}
	return true;
}

/* Runs row down to programming the counters; out says where it stopped. */
static void run_row(const struct bad_row *row, struct rig *r, struct outcome *out)
{
	static struct core_session cs;
	static struct uncore_session us;
	UNC_TABLES(us, TEST_UNC_EVENTS);
	struct core_snapshot snap;
	struct pmu_event_req core[MAX_REQS], unc[MAX_REQS];
	unsigned nc = 0, nu = 0;

	memset(out, 0, sizeof(*out));
	out->stage = (enum stage)-1;
	if (row->raw)
		r->n = row->raw(r->reqs);
	else if (!read_text(row, r, out))
		return;
	for (unsigned i = 0; i < r->n; i++) {
		if (r->reqs[i].box)
			unc[nu++] = r->reqs[i];
		else
			core[nc++] = r->reqs[i];
	}
	if (nc) {
		assert_int_equal(core_snapshot(&r->b, 0, &r->ci, &snap), PMU_OK);
		pmu_status st = core_prepare(&cs, &r->b, 0, &snap, core, nc, r->o.force);
		if (st == PMU_OK)
			st = core_program(&cs);
		if (st != PMU_OK) {
			failed(out, AT_CORE, st, cs.msg);
			return;
		}
		core_restore(&cs);
	}
	if (nu) {
		pmu_status st = uncore_plan(&us, r->ci.uncore, unc, nu);
		if (st == PMU_OK)
			st = uncore_program(&us, &r->b, 0, r->o.force ? UNCORE_FORCE : 0);
		if (st != PMU_OK) {
			failed(out, AT_UNCORE, st, us.msg);
			out->bad_event = us.bad_event;
			return;
		}
		uncore_restore(&us);
	}
}

static void test_every_bad_input_is_refused_before_any_write(void **state)
{
	(void)state;
	fill_long_inputs();
	for (size_t k = 0; k < sizeof(rows) / sizeof(rows[0]); k++) {
		const struct bad_row *row = &rows[k];
		struct rig *r = rig_new(row->profile);
		struct outcome out;
		if (row->firmware)
			row->firmware(r);
		model_clear_log(r->m);
		run_row(row, r, &out);
		if (out.stage != row->stage || out.st != row->st)
			fail_msg("%s: stopped at %s with '%s' (%s), want %s with %s", row->what,
				 (unsigned)out.stage < 4 ? stage_name[out.stage] : "no stage",
				 pmu_status_str(out.st), out.msg, stage_name[row->stage],
				 pmu_status_str(row->st));
		if (row->msg && strncmp(out.msg, row->msg, strlen(row->msg)))
			fail_msg("%s: message '%s', want '%s'", row->what, out.msg, row->msg);
		if (row->stage == AT_UNCORE && out.bad_event != row->bad_event)
			fail_msg("%s: bad_event %u, want %u", row->what, out.bad_event, row->bad_event);
		if (model_total_writes(r->m))
			fail_msg("%s: %u MSR writes", row->what, model_total_writes(r->m));
		free(r->m);
		free(r);
	}
}

/* An empty or comment-only file is no error and changes no setting (a missing file is efi/'s). */
static void test_empty_config_changes_nothing(void **state)
{
	(void)state;
	static const char *const texts[] = { "", "\n\n", "# only a comment\r\n", "\xef\xbb\xbf", "  \t \n" };
	for (size_t k = 0; k < sizeof(texts) / sizeof(texts[0]); k++) {
		struct efipmu_options o, def;
		struct opt_error err;
		options_defaults(&o);
		options_defaults(&def);
		memset(&err, 0, sizeof(err));
		assert_int_equal(options_parse_config(texts[k], strlen(texts[k]), &o, &err), PMU_OK);
		assert_memory_equal(&o, &def, sizeof(o));
		assert_string_equal(err.msg, "");
	}
}

/* Settings are all or nothing: a bad line late in the file leaves the earlier ones unapplied. */
static void test_bad_config_applies_nothing(void **state)
{
	(void)state;
	struct efipmu_options o, def;
	struct opt_error err;
	options_defaults(&o);
	options_defaults(&def);
	static const char text[] = "backend = sim\nrepeats = 5\nevents = cycles\nforce\nrepeats = many\n";
	assert_int_equal(options_parse_config(text, sizeof(text) - 1, &o, &err), PMU_ERR_INVALID);
	assert_int_equal(err.line, 5);
	assert_memory_equal(&o, &def, sizeof(o));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_bad_input_is_refused_before_any_write),
		cmocka_unit_test(test_empty_config_changes_nothing),
		cmocka_unit_test(test_bad_config_applies_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
