/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The uncore engine against the reference model (nehalem-ep, nehalem-ex,
 * sandy-bridge-ep), and against a fake whose registers drop writes (QEMU TCG).
 */
#include "testutil.h"
#include "boxes.h"
#include "pmu/counter.h"
#include "model/model_devs.h"
#include "pmu/uncore.h"
#include "uncore_tables.h"

#define BIT(n) ((uint64_t)1 << (n))
#define M48 ((BIT(48)) - 1)
#define M44 ((BIT(44)) - 1)

/* ---- helpers ---- */

static const struct box_desc *box(enum uncore_family fam, const char *name)
{
	const struct box_desc *d = family_box(fam, name, strlen(name));
	assert_non_null(d);
	return d;
}

static struct pmu_event_req ev(const struct box_desc *d, uint64_t config)
{
	struct pmu_event_req r;
	memset(&r, 0, sizeof(r));
	r.box = d;
	r.config = config;
	r.fixed = -1;
	return r;
}

static struct pmu_event_req fixed_ev(const struct box_desc *d)
{
	struct pmu_event_req r = ev(d, 0);
	r.fixed = 0;
	return r;
}

static uint64_t rdm(const struct pmu_backend *b, unsigned cpu, uint32_t msr)
{
	uint64_t v = 0;
	pmu_status st = pmu_rdmsr(b, cpu, msr, &v);
	if (st)
		fail_msg("rdmsr 0x%x: %s", msr, pmu_status_str(st));
	return v;
}

static void wrm(const struct pmu_backend *b, unsigned cpu, uint32_t msr, uint64_t v)
{
	assert_int_equal(pmu_wrmsr(b, cpu, msr, v), PMU_OK);
}

static void cycles(struct model *m, unsigned cpu, const struct model_stim *st, unsigned nst, unsigned n)
{
	struct model_cycle c = { .cpl = 0, .stim = st, .nstim = nst };
	for (unsigned i = 0; i < n; i++)
		model_run_cycle(m, cpu, &c);
}

/*
 * Every register of a family's boxes that reads back what it holds (no W1C, no free-running TSC).
 */
struct range {
	uint32_t lo, hi;
};

static const struct range nhm_regs[] = {
	{ 0x391, 0x392 }, { 0x394, 0x396 }, { 0x3B0, 0x3B7 }, { 0x3C0, 0x3C7 }, { 0, 0 },
};
static const struct range nhmex_regs[] = {
	{ 0xC00, 0xC01 }, { 0xC10, 0xC11 }, { 0xCA0, 0xCA1 }, { 0xCA5, 0xCAB }, { 0xCB0, 0xCBB },
	{ 0xCE0, 0xCE1 }, { 0xCE5, 0xCEB }, { 0xCF0, 0xCFB }, { 0, 0 },
};
static const struct range snbep_regs[] = {
	{ 0xC08, 0xC09 }, { 0xC10, 0xC11 }, { 0xC16, 0xC17 }, { 0xC24, 0xC24 }, { 0xC30, 0xC34 },
	{ 0xC36, 0xC39 },
#define CBOX_REGS(n) { 0xD04 + 0x20 * (n), 0xD04 + 0x20 * (n) }, \
	{ 0xD10 + 0x20 * (n), 0xD14 + 0x20 * (n) }, { 0xD16 + 0x20 * (n), 0xD19 + 0x20 * (n) }
	CBOX_REGS(0), CBOX_REGS(1), CBOX_REGS(2), CBOX_REGS(3),
	CBOX_REGS(4), CBOX_REGS(5), CBOX_REGS(6), CBOX_REGS(7), { 0, 0 },
};
static const struct range drop_regs[] = {
	{ 0x391, 0x396 }, { 0x3B0, 0x3B7 }, { 0x3C0, 0x3C7 }, { 0xC00, 0xC3F }, { 0xCA0, 0xCFF },
	{ 0xD00, 0xDFF }, { 0, 0 },
};

#define SNAP_MAX 512
struct snap {
	unsigned n;
	uint32_t msr[SNAP_MAX];
	uint64_t val[SNAP_MAX];
};

static void take_snap(const struct pmu_backend *b, unsigned cpu, const struct range *r, struct snap *s)
{
	s->n = 0;
	for (; r->lo; r++)
		for (uint32_t msr = r->lo; msr <= r->hi; msr++) {
			assert_true(s->n < SNAP_MAX);
			s->msr[s->n] = msr;
			s->val[s->n++] = rdm(b, cpu, msr);
		}
}

static void expect_same(const struct snap *a, const struct snap *b)
{
	assert_int_equal(a->n, b->n);
	for (unsigned i = 0; i < a->n; i++)
		if (a->val[i] != b->val[i])
			fail_msg("MSR 0x%x not restored: 0x%llx before, 0x%llx after", a->msr[i],
				 (unsigned long long)a->val[i], (unsigned long long)b->val[i]);
}

/* "Firmware" values, none enabled, so restore has something to prove. */
struct preset {
	uint32_t msr;
	uint64_t val;
};

static const struct preset nhm_fw[] = {
	{ 0x391, 0xFull << 48 }, { 0x3C0, 0x012E }, { 0x3B0, 0x1234 }, { 0x3B1, 0xABCDEF },
	{ 0x395, 0x4 }, { 0x394, 0x77 }, { 0x3C7, 0x0F2F }, { 0, 0 },
};
static const struct preset nhmex_fw[] = {
	{ 0xC00, 0x1E }, { 0xC10, 0x05 }, { 0xC11, 0x99 }, { 0xCB0, 0x40 | 3 << 9 }, { 0xCB1, 0x5555 },
	{ 0xCA5, 0x1234 }, { 0xCF1, 0x42 }, { 0, 0 },
};
static const struct preset snbep_fw[] = {
	{ 0xC10, 0x01000142 }, { 0xC16, 0x321 }, { 0xC09, 0x999 },
	{ 0xD04, 0x10000 }, { 0xD10, 0x0334 }, { 0xD16, 0x4444 }, { 0xD14, 0x7 }, { 0xD64, 0x10000 },
	{ 0xD74, 0x3 }, { 0xD77, 0x2222 }, { 0xC24, 0x10000 }, { 0xC34, 0x0A0B0C0D }, { 0xC36, 0x66 },
	{ 0, 0 },
};

static void apply(const struct pmu_backend *b, unsigned cpu, const struct preset *p)
{
	for (; p->msr; p++)
		wrm(b, cpu, p->msr, p->val);
}

/* ---- a fake of every box that drops writes, as QEMU TCG does ---- */

static bool drop_claims(const struct model *m, uint32_t msr)
{
	(void)m;
	for (const struct range *r = drop_regs; r->lo; r++)
		if (msr >= r->lo && msr <= r->hi)
			return true;
	return false;
}

static pmu_status drop_write(struct model *m, struct model_regfile *rf, uint32_t msr, uint64_t val)
{
	(void)m;
	(void)rf;
	(void)msr;
	(void)val;
	return PMU_OK;
}

static const struct model_dev drop_dev = {
	.name = "dropping-uncore", .package_scope = true, .claims = drop_claims, .write = drop_write,
};
static const struct model_dev *const drop_devs[] = { &drop_dev };

static const struct model_profile drop_profile = {
	.name = "drop", .brand = "drops writes",
	.devs = drop_devs, .ndevs = 1,
};

/* ... and one that keeps every bit written, as a hypervisor's MSR store might. */
static const struct model_dev store_dev = {
	.name = "storing-uncore", .package_scope = true, .claims = drop_claims,
};
static const struct model_dev *const store_devs[] = { &store_dev };

static const struct model_profile store_profile = {
	.name = "store", .brand = "keeps all 64 bits",
	.devs = store_devs, .ndevs = 1,
};

static struct model *profile_model(const struct model_profile *p, struct pmu_backend *b)
{
	return test_model_of(p, 2, 1, b);
}

static struct model *drop_model(struct pmu_backend *b)
{
	return profile_model(&drop_profile, b);
}

/* ---- a backend wrapper whose k-th write faults, for fault injection at every step ---- */

/* Fails the fail_at-th write (counting from 1) with #GP and remembers its MSR. */
struct failing {
	struct filter_backend fb;
	unsigned writes, fail_at;
	uint32_t failed_msr;
};

static bool nth_write_fails(void *arg, unsigned cpu, uint32_t msr, bool write)
{
	struct failing *f = arg;
	(void)cpu;
	if (!write || ++f->writes != f->fail_at)
		return false;
	f->failed_msr = msr;
	return true;
}

static void failing_init(struct failing *f, const struct pmu_backend *inner, struct pmu_backend *out,
			 unsigned fail_at)
{
	memset(f, 0, sizeof(*f));
	f->fail_at = fail_at;
	filter_backend_init(&f->fb, inner, nth_write_fails, f, out);
}

/* Runs every phase up to read; returns the first error. */
static pmu_status run_all(struct uncore_session *s, const struct pmu_backend *b, unsigned cpu,
			  struct model *m, const struct model_stim *st, unsigned nst)
{
	pmu_status r = uncore_program(s, b, cpu, 0);
	if (!r)
		r = uncore_start(s);
	if (!r && m)
		cycles(m, cpu, st, nst, 4);
	if (!r)
		r = uncore_stop(s);
	if (!r)
		r = uncore_read(s);
	return r;
}

/* ---- tests ---- */

static void test_delta_is_width_aware(void **state)
{
	(void)state;
	assert_int_equal(counter_delta(10, 25, 48), 15);
	assert_int_equal(counter_delta(M44 - 15, 5, 44), 21);
	assert_int_equal(counter_delta(M48 - 15, 5, 48), 21);
	assert_int_equal(counter_delta(M48 - 15, 5, 44), (5 - (M48 - 15)) & M44);
	assert_int_equal(counter_delta(7, 7, 44), 0);
}

struct bad_case {
	const char *what;
	unsigned n;
	struct pmu_event_req r[TEST_UNC_EVENTS + 1];
	pmu_status want;
	unsigned bad_event;
};

/* Every malformed request is refused at plan, which touches no MSR. */
static void test_bad_input_touches_nothing(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 2, 1, &b);
	const struct box_desc *nhm = box(UNCORE_NHM_CLIENT, "uncore");
	const struct box_desc *m0 = box(UNCORE_NHM_EX, "uncore_mbox_0");
	const struct box_desc *su = box(UNCORE_SNB_EP, "uncore_ubox");
	static struct bad_case c[20];
	memset(c, 0, sizeof(c));
	unsigned k = 0;

	c[k] = (struct bad_case){ "reserved bit 21", 1, { ev(nhm, BIT(21) | 0x20) }, PMU_ERR_RESERVED, 0 };
	k++;
	c[k] = (struct bad_case){ "box of another family", 2, { ev(nhm, 0x20), ev(m0, 0x41) },
				  PMU_ERR_UNSUPPORTED, 1 };
	k++;
	c[k] = (struct bad_case){ "core request", 1, { ev(NULL, 0x3C) }, PMU_ERR_INVALID, 0 };
	k++;
	c[k] = (struct bad_case){ "9 events, 8 counters", 9, { ev(nhm, 0x20) }, PMU_ERR_NO_COUNTER, 8 };
	for (unsigned i = 0; i < 9; i++)
		c[k].r[i] = ev(nhm, 0x20 + i);
	k++;
	c[k] = (struct bad_case){ "same counter twice", 2, { ev(nhm, 0x20), ev(nhm, 0x21) },
				  PMU_ERR_NO_COUNTER, 1 };
	c[k].r[0].counter_mask = c[k].r[1].counter_mask = 1u << 3;
	k++;
	c[k] = (struct bad_case){ "two fixed", 2, { fixed_ev(nhm), fixed_ev(nhm) }, PMU_ERR_NO_COUNTER, 1 };
	k++;
	c[k] = (struct bad_case){ "counter mask beyond the box", 1, { ev(nhm, 0x20) },
				  PMU_ERR_NO_COUNTER, 0 };
	c[k].r[0].counter_mask = 1u << 8;
	k++;
	c[k] = (struct bad_case){ "too many", TEST_UNC_EVENTS + 1, { ev(nhm, 0x20) }, PMU_ERR_NO_COUNTER,
				  TEST_UNC_EVENTS };
	for (unsigned i = 0; i <= TEST_UNC_EVENTS; i++)
		c[k].r[i] = ev(nhm, 0x20);
	k++;
	m0 = box(UNCORE_NHM_EX, "uncore_mbox_0");
	c[k] = (struct bad_case){ "M-box rsv bit 8", 1, { ev(m0, BIT(8)) }, PMU_ERR_RESERVED, 0 };
	k++;
	c[k] = (struct bad_case){ "fixed on a box without one", 1, { fixed_ev(m0) }, PMU_ERR_NO_COUNTER, 0 };
	k++;
	c[k] = (struct bad_case){ "extra MSR outside the box", 1, { ev(m0, 0x41) }, PMU_ERR_INVALID, 0 };
	c[k].r[0].extra_msr = 0xCE5;   /* M1's DSP */
	k++;
	c[k] = (struct bad_case){ "extra MSR with two values", 2, { ev(m0, 0x41), ev(m0, 0x41 | 1 << 9) },
				  PMU_ERR_NO_COUNTER, 1 };
	c[k].r[0].extra_msr = c[k].r[1].extra_msr = 0xCA5;
	c[k].r[0].extra_msr_val = 1;
	c[k].r[1].extra_msr_val = 2;
	k++;
	c[k] = (struct bad_case){ "SNB-EP invert without thresh", 1, { ev(su, 0x42 | BIT(23)) },
				  PMU_ERR_INVALID, 0 };
	k++;
	c[k] = (struct bad_case){ "SNB-EP rsv 21:20", 1, { ev(su, 0x42 | BIT(20)) }, PMU_ERR_RESERVED, 0 };
	k++;
	c[k] = (struct bad_case){ "C-box filter bit 5 (no field, Linux uncore_snbep.c)", 1,
				  { ev(box(UNCORE_SNB_EP, "uncore_cbox_1"), 0x0334) }, PMU_ERR_RESERVED, 0 };
	c[k].r[0].extra_msr = 0xD34;
	c[k].r[0].extra_msr_val = BIT(5);
	k++;
	c[k] = (struct bad_case){ "UCLK fixed bit 20", 1, { fixed_ev(su) }, PMU_ERR_RESERVED, 0 };
	c[k].r[0].config = BIT(20);
	k++;

	static struct uncore_session s;
	UNC_TABLES(s, TEST_UNC_EVENTS);
	for (unsigned i = 0; i < k; i++) {
		enum uncore_family fam = c[i].r[0].box ? c[i].r[0].box->family : UNCORE_NHM_CLIENT;
		model_clear_log(m);
		pmu_status st = uncore_plan(&s, fam, c[i].r, c[i].n);
		if (st != c[i].want || s.bad_event != c[i].bad_event)
			fail_msg("%s: status %s event %u", c[i].what, pmu_status_str(st), s.bad_event);
		if (c[i].n > TEST_UNC_EVENTS)   /* one line naming both counts */
			assert_non_null(strstr(s.msg, "49 uncore events, the session is sized for 48"));
		assert_int_equal(uncore_program(&s, &b, 0, UNCORE_FORCE), c[i].want);
		assert_int_equal(uncore_start(&s), c[i].want);
		assert_int_equal(uncore_restore(&s), PMU_OK);
		assert_int_equal(m->log_len[0], 0);   /* not even a read */
		assert_int_equal(model_total_writes(m), 0);
	}
	assert_int_equal(s.bad_bit, 20);
	free(m);
}

static void test_allocation_places_constrained_first(void **state)
{
	(void)state;
	const struct box_desc *nhm = box(UNCORE_NHM_CLIENT, "uncore");
	struct pmu_event_req r[4] = { ev(nhm, 0x20), ev(nhm, 0x21), fixed_ev(nhm), ev(nhm, 0x22) };
	r[1].counter_mask = 1;        /* counter 0 only, listed after an unconstrained one */
	r[3].counter_mask = 0x3;
	static struct uncore_session s;
	UNC_TABLES(s, TEST_UNC_EVENTS);
	assert_int_equal(uncore_plan(&s, UNCORE_NHM_CLIENT, r, 4), PMU_OK);
	assert_int_equal(s.ev[1].idx, 0);
	assert_int_equal(s.ev[3].idx, 1);
	assert_int_equal(s.ev[0].idx, 2);
	assert_int_equal(s.ev[2].idx, UNCORE_FIXED);
	assert_int_equal(s.ev[0].ctl_msr, 0x3C2);
	assert_int_equal(s.ev[0].ctr_msr, 0x3B2);
	assert_int_equal(s.ev[2].ctl_msr, 0x395);
	assert_int_equal(s.ev[0].ctl_val, 0x400020);   /* gated by GLOBAL_CTRL: EN set at program */
	assert_int_equal(s.ev[2].ctl_val, 1);
	assert_int_equal(s.ngates, 1);
	assert_int_equal(s.gate[0].msr, 0x391);
	assert_int_equal(s.gate[0].ctr_bits, BIT(32) | 0x7);   /* the values come from what program finds */
	/* enable bits in config are the engine's */
	struct pmu_event_req e = ev(nhm, 0x400020);
	assert_int_equal(uncore_plan(&s, UNCORE_NHM_CLIENT, &e, 1), PMU_OK);
	assert_int_equal(s.ev[0].config, 0x20);
}

/*
 * Counter restrictions (Intel's "Counter" field, Linux uncore_snbep.c): every event on a counter
 * it allows whenever a placement exists, also where lowest-first would block a later event.
 */
static void test_placement_honours_counter_masks(void **state)
{
	(void)state;
	const struct box_desc *c0 = box(UNCORE_SNB_EP, "uncore_cbox_0");
	static struct uncore_session s;
	UNC_TABLES(s, TEST_UNC_EVENTS);
	static const struct { uint32_t mask[4]; unsigned n; unsigned idx[4]; } t[] = {
		{ { 0x3, 0xC, 0x1, 0xE }, 4, { 1, 2, 0, 3 } },   /* 0,1 / 2,3 / 0 / 1-3 */
		{ { 0x3, 0x6, 0x3 }, 3, { 1, 2, 0 } },            /* lowest-first leaves the third none */
		{ { 0xE, 0xC, 0x8, 0x0 }, 4, { 1, 2, 3, 0 } },
	};
	for (unsigned k = 0; k < sizeof(t) / sizeof(t[0]); k++) {
		struct pmu_event_req r[4];
		for (unsigned i = 0; i < t[k].n; i++) {
			r[i] = ev(c0, 0x30 + i);
			r[i].counter_mask = t[k].mask[i];
		}
		assert_int_equal(uncore_plan(&s, UNCORE_SNB_EP, r, t[k].n), PMU_OK);
		for (unsigned i = 0; i < t[k].n; i++)
			if (s.ev[i].idx != t[k].idx[i])
				fail_msg("case %u: event %u on counter %u, want %u", k, i, s.ev[i].idx,
					 t[k].idx[i]);
	}
	/* No placement: the messages say why. */
	static const struct { uint32_t mask[3]; unsigned n; const char *msg; } bad[] = {
		{ { 0x1, 0x1 }, 2, "no counter left for it (it may use only counter 0 of uncore_cbox_0, "
				   "which other events need)" },
		{ { 0xC, 0x4, 0x8 }, 3, "no counter left for it (it may use only counters 2,3 of "
					"uncore_cbox_0, which other events need)" },
		{ { 0x10 }, 1, "no counter of uncore_cbox_0 can count it (its counters: 4)" },
	};
	for (unsigned k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		struct pmu_event_req r[3];
		for (unsigned i = 0; i < bad[k].n; i++) {
			r[i] = ev(c0, 0x30 + i);
			r[i].counter_mask = bad[k].mask[i];
		}
		assert_int_equal(uncore_plan(&s, UNCORE_SNB_EP, r, bad[k].n), PMU_ERR_NO_COUNTER);
		assert_int_equal(s.bad_event, k == 1 ? 0 : bad[k].n - 1);
		assert_string_equal(s.msg, bad[k].msg);
	}
	struct pmu_event_req five[5];
	for (unsigned i = 0; i < 5; i++)
		five[i] = ev(c0, 0x30 + i);
	assert_int_equal(uncore_plan(&s, UNCORE_SNB_EP, five, 5), PMU_ERR_NO_COUNTER);
	assert_string_equal(s.msg, "no counter left for it (more events than the 4 counters of "
			    "uncore_cbox_0)");
}

/*
 * On the model, whose C-box counts a constrained event only on its counters (
 * Linux uncore_snbep.c): with the list's masks every event counts; without them, lowest-first puts
 * the ring event on counter 0, where it counts nothing.
 */
static void test_restricted_events_count_on_the_model(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	const struct box_desc *c4 = box(UNCORE_SNB_EP, "uncore_cbox_4");
	static const struct { uint8_t ev, umask; uint32_t mask; } t[4] = {
		{ 0x1B, 0x01, 0xC }, { 0x11, 0x01, 0x1 }, { 0x34, 0x03, 0x3 }, { 0x1F, 0x00, 0xE },
	};
	struct model_stim st[4];
	struct pmu_event_req r[4];
	for (unsigned i = 0; i < 4; i++) {
		r[i] = ev(c4, (uint64_t)t[i].umask << 8 | t[i].ev);
		r[i].counter_mask = t[i].mask;
		st[i].code = MODEL_UNC_STIM(MODEL_UNC_SNBEP_C0 + 4, t[i].ev, t[i].umask);
		st[i].count = i + 1;
	}
	static struct uncore_session s;
	UNC_TABLES(s, TEST_UNC_EVENTS);
	for (unsigned masked = 2; masked-- > 0;) {
		for (unsigned i = 0; i < 4 && !masked; i++)
			r[i].counter_mask = 0;
		assert_int_equal(uncore_plan(&s, UNCORE_SNB_EP, r, 4), PMU_OK);
		assert_int_equal(run_all(&s, &b, 0, m, st, 4), PMU_OK);
		for (unsigned i = 0; i < 4; i++) {
			bool on_allowed = (t[i].mask >> s.ev[i].idx) & 1;
			assert_true(on_allowed || !masked);
			assert_int_equal(s.ev[i].delta, on_allowed ? 4 * (i + 1) : 0);
		}
		if (!masked)
			assert_int_equal(s.ev[0].idx, 0);   /* lowest-first: 0x1B on counter 0 */
		assert_int_equal(uncore_restore(&s), PMU_OK);
	}
	free(m);
}

/* Nehalem uncore on the model: counts only between start and stop; CMASK; fixed = uncore clock. */
static void test_nhm_counts_between_start_and_stop(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 2, 1, &b);
	const struct box_desc *d = box(UNCORE_NHM_CLIENT, "uncore");
	struct pmu_event_req r[3] = { ev(d, 0x0120), ev(d, 0x0200072C), fixed_ev(d) };
	static struct uncore_session s;
	UNC_TABLES(s, TEST_UNC_EVENTS);
	wrm(&b, 0, 0x391, BIT(32) | 0xFF);            /* firmware left the global enables on */
	assert_int_equal(uncore_plan(&s, UNCORE_NHM_CLIENT, r, 3), PMU_OK);
	assert_int_equal(uncore_program(&s, &b, 1, 0), PMU_OK);
	assert_int_equal(rdm(&b, 0, 0x391), 0xFC);    /* stopped: firmware's enables of counters 2-7 kept */
	assert_int_equal(rdm(&b, 0, 0x3C0), 0x400120);
	assert_int_equal(rdm(&b, 0, 0x3C1), 0x0240072C);
	assert_int_equal(rdm(&b, 0, 0x395), 1);
	assert_int_equal(s.ev[0].ctl_on, s.ev[0].ctl_val);
	assert_ptr_equal(uncore_counter_layout(&s.ev[0]), d->ctl_layout);

	struct model_stim st[2] = { { MODEL_UNC_STIM(MODEL_UNC_NHM, 0x20, 0x01), 3 },
				    { MODEL_UNC_STIM(MODEL_UNC_NHM, 0x2C, 0x07), 1 } };
	cycles(m, 1, st, 2, 5);                       /* not started: nothing counts */
	assert_int_equal(uncore_start(&s), PMU_OK);
	assert_int_equal(rdm(&b, 1, 0x391), BIT(32) | 0xFF);
	for (unsigned i = 0; i < 10; i++) {
		st[1].count = i % 3 + 1;              /* >= cmask 2 in 6 of 10 cycles */
		cycles(m, 0, st, 2, 1);               /* any CPU of the package drives it */
	}
	assert_int_equal(uncore_stop(&s), PMU_OK);
	assert_int_equal(rdm(&b, 1, 0x391), 0xFC);
	cycles(m, 1, st, 2, 5);
	assert_int_equal(uncore_read(&s), PMU_OK);
	assert_int_equal(s.ev[0].delta, 30);
	assert_int_equal(s.ev[1].delta, 6);
	assert_int_equal(s.ev[2].delta, 10);
	for (unsigned i = 0; i < 3; i++) {
		assert_true(s.ev[i].ovf_known);
		assert_false(s.ev[i].overflow);
		assert_int_equal(s.ev[i].start, 0);
		assert_int_equal(s.ev[i].end, s.ev[i].delta);
	}
	assert_int_equal(uncore_restore(&s), PMU_OK);
	assert_int_equal(rdm(&b, 0, 0x391), BIT(32) | 0xFF);
	free(m);
}

/* 48-bit wrap, the overflow bit, and its clearing through OVF_CTRL. */
static void test_nhm_overflow_is_reported_and_cleared(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 2, 1, &b);
	const struct box_desc *d = box(UNCORE_NHM_CLIENT, "uncore");
	struct pmu_event_req r[2] = { ev(d, 0x0120), ev(d, 0x0220) };
	static struct uncore_session s;
	UNC_TABLES(s, TEST_UNC_EVENTS);
	assert_int_equal(uncore_plan(&s, UNCORE_NHM_CLIENT, r, 2), PMU_OK);
	assert_int_equal(uncore_set_preload(&s, 0, M48 - 1), PMU_OK);
	assert_int_equal(uncore_set_preload(&s, 1, BIT(48)), PMU_ERR_RANGE);
	assert_int_equal(uncore_program(&s, &b, 0, 0), PMU_OK);
	assert_int_equal(s.ev[0].start, M48 - 1);
	assert_int_equal(uncore_start(&s), PMU_OK);
	struct model_stim st[2] = { { MODEL_UNC_STIM(MODEL_UNC_NHM, 0x20, 0x01), 5 },
				    { MODEL_UNC_STIM(MODEL_UNC_NHM, 0x20, 0x02), 1 } };
	cycles(m, 0, st, 2, 1);
	assert_int_equal(uncore_stop(&s), PMU_OK);
	assert_int_equal(rdm(&b, 0, 0x392) & 0x3, 1);
	assert_int_equal(uncore_read(&s), PMU_OK);
	assert_int_equal(s.ev[0].end, 3);
	assert_int_equal(s.ev[0].delta, 5);
	assert_true(s.ev[0].overflow);
	assert_false(s.ev[1].overflow);
	assert_int_equal(rdm(&b, 0, 0x392) & 0xFF, 0);   /* cleared through 0x393 */
	assert_int_equal(uncore_restore(&s), PMU_OK);
	free(m);
}

/* SNB-EP U-box has no gate: EN goes in at start and out at stop; threshold; 44-bit wrap; UCLK. */
static void test_snbep_ubox_enable_in_control(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	const struct box_desc *d = box(UNCORE_SNB_EP, "uncore_ubox");
	struct pmu_event_req r[3] = { ev(d, 0x0142), ev(d, 0x02000242 | BIT(17)), fixed_ev(d) };
	static struct uncore_session s;
	UNC_TABLES(s, TEST_UNC_EVENTS);
	assert_int_equal(uncore_plan(&s, UNCORE_SNB_EP, r, 3), PMU_OK);
	assert_int_equal(uncore_set_preload(&s, 0, M44 - 3), PMU_OK);
	assert_int_equal(uncore_program(&s, &b, 0, 0), PMU_OK);
	assert_int_equal(rdm(&b, 0, 0xC10), 0x0142);       /* EN clear until start */
	assert_int_equal(s.ev[0].ctl_val, 0x0142);
	assert_int_equal(s.ev[0].ctl_on, 0x400142);
	assert_int_equal(s.ev[1].ctl_on, 0x02400242);      /* without the write-only rst */
	assert_ptr_equal(uncore_counter_layout(&s.ev[2]), d->fixed_layout);
	assert_int_equal(rdm(&b, 0, 0xC08), 0);
	struct model_stim st[2] = { { MODEL_UNC_STIM(MODEL_UNC_SNBEP_U, 0x42, 0x01), 2 },
				    { MODEL_UNC_STIM(MODEL_UNC_SNBEP_U, 0x42, 0x02), 2 } };
	cycles(m, 0, st, 2, 3);
	assert_int_equal(uncore_start(&s), PMU_OK);
	assert_int_equal(rdm(&b, 0, 0xC10), 0x400142);
	assert_int_equal(rdm(&b, 0, 0xC11), 0x02400242);   /* rst acts at program only */
	assert_int_equal(rdm(&b, 0, 0xC08), BIT(22));
	cycles(m, 0, st, 2, 4);
	st[1].count = 1;                                   /* below thresh 2 */
	cycles(m, 0, st, 2, 3);
	assert_int_equal(uncore_stop(&s), PMU_OK);
	assert_int_equal(rdm(&b, 0, 0xC10), 0x0142);
	cycles(m, 0, st, 2, 3);
	assert_int_equal(uncore_read(&s), PMU_OK);
	assert_int_equal(s.ev[0].delta, 14);
	assert_int_equal(s.ev[0].end, 10);                 /* wrapped at 44 bits */
	assert_int_equal(s.ev[1].delta, 4);
	assert_int_equal(s.ev[2].delta, 7);
	assert_false(s.ev[0].ovf_known);                   /* no status register on SNB-EP U-box */
	assert_int_equal(uncore_restore(&s), PMU_OK);
	free(m);
}

/* NHM-EX: one U_PMON_GLOBAL_CTRL gate shared by U- and M-boxes, per-box BOX_CTRL, extra MSRs. */
static void test_nhmex_gates_and_counts(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model_clean("nehalem-ex", 4, 1, &b);
	const struct box_desc *u = box(UNCORE_NHM_EX, "uncore_ubox");
	const struct box_desc *m0 = box(UNCORE_NHM_EX, "uncore_mbox_0");
	const struct box_desc *m1 = box(UNCORE_NHM_EX, "uncore_mbox_1");
	struct pmu_event_req r[4] = { ev(u, 0x05), ev(m0, 0x40 | 3 << 9), ev(m1, 0x40 | 0x1B << 9),
				      ev(m1, 0x40 | 1 << 2 | 3 << 9) };
	r[1].counter_mask = 1u << 4;
	r[1].extra_msr = 0xCA5;
	r[1].extra_msr_val = 0xABC;
	static struct uncore_session s;
	UNC_TABLES(s, TEST_UNC_EVENTS);
	assert_int_equal(uncore_plan(&s, UNCORE_NHM_EX, r, 4), PMU_OK);
	assert_int_equal(uncore_set_preload(&s, 3, 100), PMU_OK);
	assert_int_equal(uncore_program(&s, &b, 0, 0), PMU_OK);
	assert_int_equal(rdm(&b, 0, 0xCA5), 0xABC);
	assert_int_equal(rdm(&b, 0, 0xCB8), 0x41 | 3 << 9);   /* counter 4 of M0 */
	assert_int_equal(rdm(&b, 0, 0xC00), 0);
	assert_int_equal(uncore_start(&s), PMU_OK);
	assert_int_equal(rdm(&b, 0, 0xC00), BIT(28) | 1);
	assert_int_equal(rdm(&b, 0, 0xCA0), BIT(4));
	assert_int_equal(rdm(&b, 0, 0xCE0), 0x3);
	struct model_stim st[3] = { { MODEL_UNC_STIM(MODEL_UNC_EX_U, 0x05, 0), 1 },
				    { MODEL_UNC_STIM(MODEL_UNC_EX_M0, 3, MODEL_MBOX_INC), 2 },
				    { MODEL_UNC_STIM(MODEL_UNC_EX_M1, 3, MODEL_MBOX_INC), 1 } };
	struct model_stim clk = { MODEL_UNC_STIM(MODEL_UNC_EX_M1, 0x1B, MODEL_MBOX_INC), 1 };
	cycles(m, 0, st, 3, 6);
	cycles(m, 0, &clk, 1, 2);
	assert_int_equal(uncore_stop(&s), PMU_OK);
	assert_int_equal(rdm(&b, 0, 0xC00) & BIT(28), 0);
	cycles(m, 0, st, 3, 2);
	assert_int_equal(uncore_read(&s), PMU_OK);
	assert_int_equal(s.ev[0].delta, 6);
	assert_int_equal(s.ev[1].delta, 12);
	assert_int_equal(s.ev[2].delta, 2);
	assert_int_equal(s.ev[3].end, 94);                     /* count_mode 01 counts down */
	assert_int_equal(s.ev[3].delta, (94 - 100) & M48);
	assert_true(s.ev[1].ovf_known);
	assert_false(s.ev[0].ovf_known);
	assert_int_equal(uncore_restore(&s), PMU_OK);
	free(m);
}

/*
 * Intel 323535-001: preload (2^48 - 1) - N with the PMI to the U-box; every box freezes together.
 */
static void test_mbox_freeze_after_n(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ex", 2, 1, &b);
	const struct box_desc *m0 = box(UNCORE_NHM_EX, "uncore_mbox_0");
	const struct box_desc *m1 = box(UNCORE_NHM_EX, "uncore_mbox_1");
	const struct box_desc *u = box(UNCORE_NHM_EX, "uncore_ubox");
	struct pmu_event_req r[3] = { ev(m0, 0x40 | 3 << 9), ev(m1, 0x40 | 0x1B << 9), ev(u, 0x05) };
	static struct uncore_session s;
	UNC_TABLES(s, TEST_UNC_EVENTS);
	assert_int_equal(uncore_plan(&s, UNCORE_NHM_EX, r, 3), PMU_OK);
	assert_int_equal(uncore_freeze_after(&s, 2, 5), PMU_ERR_UNSUPPORTED);   /* U-box */
	assert_int_equal(uncore_freeze_after(&s, 0, BIT(48)), PMU_ERR_RANGE);
	assert_int_equal(uncore_freeze_after(&s, 0, 5), PMU_OK);
	assert_int_equal(s.ev[0].preload, M48 - 5);
	assert_int_equal(uncore_program(&s, &b, 0, 0), PMU_OK);
	assert_int_equal(rdm(&b, 0, 0xCB0), 0x43 | 3 << 9);    /* en | pmi_en | wrap | inc_sel */
	assert_int_equal(uncore_freeze_after(&s, 0, 5), PMU_ERR_INVALID);      /* too late */
	assert_int_equal(uncore_start(&s), PMU_OK);
	struct model_stim st[3] = { { MODEL_UNC_STIM(MODEL_UNC_EX_M0, 3, MODEL_MBOX_INC), 1 },
				    { MODEL_UNC_STIM(MODEL_UNC_EX_M1, 0x1B, MODEL_MBOX_INC), 1 },
				    { MODEL_UNC_STIM(MODEL_UNC_EX_U, 0x05, 0), 1 } };
	cycles(m, 0, st, 3, 20);
	assert_int_equal(rdm(&b, 0, 0xC00) & BIT(28), 0);      /* the U-box froze everything */
	assert_int_equal(uncore_stop(&s), PMU_OK);
	assert_int_equal(uncore_read(&s), PMU_OK);
	/* the model carries out of bit 47 on event N+1 and freezes at the end of that cycle */
	assert_int_equal(s.ev[0].delta, 6);
	assert_int_equal(s.ev[0].end, 0);
	assert_true(s.ev[0].overflow);
	assert_int_equal(s.ev[1].delta, 6);
	assert_false(s.ev[1].overflow);
	assert_int_equal(s.ev[2].delta, 6);
	assert_int_equal(uncore_restore(&s), PMU_OK);
	free(m);
}

struct profile_case {
	const char *profile;
	enum uncore_family fam;
	const struct range *regs;
	const struct preset *fw;
	const char *box[3];
	uint64_t config[3];
	bool fixed[3];
	uint32_t extra_msr;   /* for the second event */
	uint64_t extra_val;
};

static const struct profile_case cases[] = {
	{ "nehalem-ep", UNCORE_NHM_CLIENT, nhm_regs, nhm_fw, { "uncore", "uncore", "uncore" },
	  { 0x0120, 0x0200072C | BIT(17), 0 }, { false, false, true }, 0, 0 },
	{ "nehalem-ex", UNCORE_NHM_EX, nhmex_regs, nhmex_fw,
	  { "uncore_ubox", "uncore_mbox_0", "uncore_mbox_1" }, { 0x05, 0x41 | 3 << 9, 0x40 | 0x1B << 9 },
	  { false, false, false }, 0xCA6, 0x5 },
	{ "sandy-bridge-ep", UNCORE_SNB_EP, snbep_regs, snbep_fw,
	  { "uncore_ubox", "uncore_ubox", "uncore_ubox" }, { 0x0142, 0x01800242, 0 }, { false, false, true },
	  0, 0 },
	{ "sandy-bridge-ep", UNCORE_SNB_EP, snbep_regs, snbep_fw,
	  { "uncore_cbox_0", "uncore_cbox_3", "uncore_pcu" }, { 0x0334, 0x01000137, 0x0B },
	  { false, false, false }, 0xD74, 0x1F },
};

static unsigned case_reqs(const struct profile_case *c, struct pmu_event_req *r)
{
	for (unsigned i = 0; i < 3; i++) {
		r[i] = ev(box(c->fam, c->box[i]), c->config[i]);
		if (c->fixed[i])
			r[i] = fixed_ev(r[i].box);
	}
	r[1].extra_msr = c->extra_msr;
	r[1].extra_msr_val = c->extra_val;
	return 3;
}

/* A full run leaves every register of every box as the firmware left it. */
static void test_run_restores_every_register(void **state)
{
	(void)state;
	for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		const struct profile_case *c = &cases[k];
		struct pmu_backend b;
		struct model *m = test_model(c->profile, 2, 1, &b);
		apply(&b, 0, c->fw);
		struct snap before, during, after;
		take_snap(&b, 0, c->regs, &before);
		struct pmu_event_req r[3];
		static struct uncore_session s;
		UNC_TABLES(s, TEST_UNC_EVENTS);
		assert_int_equal(uncore_plan(&s, c->fam, r, case_reqs(c, r)), PMU_OK);
		model_clear_log(m);
		assert_int_equal(uncore_program(&s, &b, 0, 0), PMU_OK);
		assert_int_equal(uncore_start(&s), PMU_OK);
		take_snap(&b, 0, c->regs, &during);
		assert_int_equal(uncore_stop(&s), PMU_OK);
		assert_int_equal(uncore_read(&s), PMU_OK);
		assert_true(model_total_writes(m) > 0);
		assert_int_equal(uncore_restore(&s), PMU_OK);
		assert_int_equal(uncore_restore(&s), PMU_OK);   /* twice is harmless */
		take_snap(&b, 0, c->regs, &after);
		expect_same(&before, &after);
		unsigned differ = 0;
		for (unsigned i = 0; i < before.n; i++)
			differ += before.val[i] != during.val[i];
		assert_true(differ >= 3);
		assert_int_equal(own_written_count(s.saved, s.nsaved), 0);   /* nothing left to restore */
		free(m);
	}
}

/*
 * A counter the firmware enabled is refused (no write at all) unless forced, then restored enabled.
 */
static void test_in_use_refused_unless_forced(void **state)
{
	(void)state;
	for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		const struct profile_case *c = &cases[k];
		struct pmu_backend b;
		struct model *m = test_model(c->profile, 2, 1, &b);
		struct pmu_event_req r[3];
		case_reqs(c, r);
		static struct uncore_session s;
		UNC_TABLES(s, TEST_UNC_EVENTS);
		assert_int_equal(uncore_plan(&s, c->fam, r, 3), PMU_OK);
		const struct uncore_counter *e = &s.ev[1];
		uint64_t fw = (e->config & reg_holding_mask(e->box->ctl_layout)) | e->box->enable_mask;
		wrm(&b, 0, e->ctl_msr, fw);
		model_clear_log(m);
		assert_int_equal(uncore_program(&s, &b, 0, 0), PMU_ERR_IN_USE);
		assert_int_equal(model_total_writes(m), 0);
		assert_true(s.ev[1].in_use);
		assert_false(s.ev[0].in_use);
		assert_int_equal(s.n_in_use, 1);
		assert_int_equal(uncore_start(&s), PMU_ERR_IN_USE);
		assert_int_equal(model_total_writes(m), 0);

		assert_int_equal(uncore_plan(&s, c->fam, r, 3), PMU_OK);
		assert_int_equal(uncore_program(&s, &b, 0, UNCORE_FORCE), PMU_OK);
		assert_true(s.ev[1].in_use);
		assert_int_equal(uncore_start(&s), PMU_OK);
		assert_int_equal(uncore_stop(&s), PMU_OK);
		assert_int_equal(uncore_read(&s), PMU_OK);
		assert_int_equal(uncore_restore(&s), PMU_OK);
		assert_int_equal(rdm(&b, 0, s.ev[1].ctl_msr), fw);
		free(m);
	}
}

/* A write that faults at any point: the session stops, reports the MSR, and restores the rest. */
static void test_fault_at_every_write_restores(void **state)
{
	(void)state;
	for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		const struct profile_case *c = &cases[k];
		struct pmu_event_req r[3];
		case_reqs(c, r);
		static struct uncore_session s;
		UNC_TABLES(s, TEST_UNC_EVENTS);
		struct pmu_backend mb, fb;
		struct failing f;
		/* a clean run counts the writes made before restore */
		struct model *m = test_model(c->profile, 2, 1, &mb);
		failing_init(&f, &mb, &fb, 0);
		assert_int_equal(uncore_plan(&s, c->fam, r, 3), PMU_OK);
		assert_int_equal(run_all(&s, &fb, 0, m, NULL, 0), PMU_OK);
		unsigned total = f.writes;
		assert_true(total >= 8);
		free(m);
		for (unsigned at = 1; at <= total; at++) {
			m = test_model(c->profile, 2, 1, &mb);
			apply(&mb, 0, c->fw);
			struct snap before, after;
			take_snap(&mb, 0, c->regs, &before);
			failing_init(&f, &mb, &fb, at);
			assert_int_equal(uncore_plan(&s, c->fam, r, 3), PMU_OK);
			assert_int_equal(run_all(&s, &fb, 0, m, NULL, 0), PMU_ERR_FAULT_GP);
			assert_int_equal(s.st, PMU_ERR_FAULT_GP);
			assert_int_equal(s.fault_msr, f.failed_msr);
			assert_true(s.fault_write);
			assert_int_equal(s.phase, UNC_RESTORED);
			assert_int_equal(uncore_restore(&s), PMU_OK);
			take_snap(&mb, 0, c->regs, &after);
			expect_same(&before, &after);
			for (unsigned i = 0; i < s.n; i++)
				if (s.ev[i].ctl_msr == f.failed_msr)
					assert_int_equal(s.ev[i].ctl_st, PMU_ERR_FAULT_GP);
			free(m);
		}
	}
}

/*
 * #GP injected in the model: on a read during save nothing is written; later, restore reports it.
 */
static void test_injected_faults(void **state)
{
	(void)state;
	struct pmu_backend b;
	const struct profile_case *c = &cases[0];
	struct pmu_event_req r[3];
	case_reqs(c, r);
	static struct uncore_session s;
	UNC_TABLES(s, TEST_UNC_EVENTS);

	struct model *m = test_model(c->profile, 2, 1, &b);
	assert_int_equal(model_inject_fault(m, 0x3C1, -1), PMU_OK);
	assert_int_equal(uncore_plan(&s, c->fam, r, 3), PMU_OK);
	assert_int_equal(uncore_program(&s, &b, 0, 0), PMU_ERR_FAULT_GP);
	assert_int_equal(s.fault_msr, 0x3C1);
	assert_false(s.fault_write);
	assert_int_equal(s.ev[1].ctl_st, PMU_ERR_FAULT_GP);
	assert_int_equal(model_total_writes(m), 0);
	free(m);

	/* the global control faults from start on: start fails, everything else is restored */
	m = test_model(c->profile, 2, 1, &b);
	apply(&b, 0, c->fw);
	struct snap before, after;
	take_snap(&b, 0, c->regs, &before);
	assert_int_equal(uncore_plan(&s, c->fam, r, 3), PMU_OK);
	assert_int_equal(uncore_program(&s, &b, 0, 0), PMU_OK);
	assert_int_equal(model_inject_fault(m, 0x391, -1), PMU_OK);
	assert_int_equal(uncore_start(&s), PMU_ERR_FAULT_GP);
	assert_int_equal(s.fault_msr, 0x391);
	assert_true(s.fault_write);
	m->nfaults = 0;
	take_snap(&b, 0, c->regs, &after);
	unsigned i = 0;
	for (; i < before.n && before.msr[i] != 0x391; i++)
		;
	assert_true(i < before.n);
	/*
	 * could not be put back: it holds program's stop value, firmware's PMI bits 51:48 kept ...
	 */
	assert_int_equal(after.val[i], 0xFull << 48);
	after.val[i] = before.val[i];
	expect_same(&before, &after);        /* ... everything else was */
	assert_int_equal(uncore_read(&s), PMU_ERR_FAULT_GP);
	free(m);

	/* a counter read that faults ends the run and restores */
	m = test_model(c->profile, 2, 1, &b);
	apply(&b, 0, c->fw);
	take_snap(&b, 0, c->regs, &before);
	assert_int_equal(uncore_plan(&s, c->fam, r, 3), PMU_OK);
	assert_int_equal(uncore_program(&s, &b, 0, 0), PMU_OK);
	assert_int_equal(uncore_start(&s), PMU_OK);
	assert_int_equal(uncore_stop(&s), PMU_OK);
	assert_int_equal(model_inject_fault(m, s.ev[1].ctr_msr, 0), PMU_OK);
	assert_int_equal(uncore_read(&s), PMU_ERR_FAULT_GP);
	assert_int_equal(s.fault_msr, s.ev[1].ctr_msr);
	assert_int_equal(s.ev[1].ctr_st, PMU_ERR_FAULT_GP);
	m->nfaults = 0;
	take_snap(&b, 0, c->regs, &after);
	uint32_t ctr = s.ev[1].ctr_msr;
	for (i = 0; i < before.n; i++)
		if (before.msr[i] != ctr)   /* its restore faulted too */
			assert_int_equal(before.val[i], after.val[i]);
	assert_int_equal(own_written_count(s.saved, s.nsaved), 0);
	free(m);
}

/* Boxes are per package: each package is run from its own CPU and counts its own events. */
static void test_one_session_per_package(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("nehalem-ep", 4, 2, &b);
	const struct box_desc *d = box(UNCORE_NHM_CLIENT, "uncore");
	struct pmu_event_req r = ev(d, 0x0120);
	static struct uncore_session s[2];
	UNC_TABLES(s[0], TEST_UNC_EVENTS);
	UNC_TABLES(s[1], TEST_UNC_EVENTS);
	for (unsigned p = 0; p < 2; p++) {
		assert_int_equal(uncore_plan(&s[p], UNCORE_NHM_CLIENT, &r, 1), PMU_OK);
		assert_int_equal(uncore_program(&s[p], &b, p * 2, 0), PMU_OK);
	}
	for (unsigned p = 0; p < 2; p++)
		assert_int_equal(uncore_start(&s[p]), PMU_OK);
	struct model_stim st = { MODEL_UNC_STIM(MODEL_UNC_NHM, 0x20, 0x01), 1 };
	cycles(m, 1, &st, 1, 3);   /* package 0 */
	cycles(m, 3, &st, 1, 7);   /* package 1 */
	for (unsigned p = 0; p < 2; p++) {
		assert_int_equal(uncore_stop(&s[p]), PMU_OK);
		assert_int_equal(uncore_read(&s[p]), PMU_OK);
		assert_int_equal(uncore_restore(&s[p]), PMU_OK);
	}
	assert_int_equal(s[0].ev[0].delta, 3);
	assert_int_equal(s[1].ev[0].delta, 7);
	assert_true(model_write_count(m, 0) > 0 && model_write_count(m, 2) > 0);
	assert_int_equal(model_write_count(m, 1) + model_write_count(m, 3), 0);
	free(m);
}

/*
 * SNB-EP C-box and PCU: the box control freezes while programming and after stop; filters are
 * extras.
 */
static void test_snbep_cbox_pcu_freeze(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	apply(&b, 0, snbep_fw);
	struct snap before, after;
	take_snap(&b, 0, snbep_regs, &before);
	const struct box_desc *c3 = box(UNCORE_SNB_EP, "uncore_cbox_3");
	const struct box_desc *pcu = box(UNCORE_SNB_EP, "uncore_pcu");
	struct pmu_event_req r[3] = { ev(c3, 0x0334), ev(c3, 0x02000137 | BIT(19)), ev(pcu, 0x0B) };
	r[1].extra_msr = 0xD74;
	r[1].extra_msr_val = 0x1F;
	r[2].extra_msr = 0xC34;
	r[2].extra_msr_val = 0x14;
	static struct uncore_session s;
	UNC_TABLES(s, TEST_UNC_EVENTS);
	assert_int_equal(uncore_plan(&s, UNCORE_SNB_EP, r, 3), PMU_OK);
	assert_int_equal(uncore_set_preload(&s, 0, M44 - 1), PMU_OK);
	assert_int_equal(uncore_program(&s, &b, 0, 0), PMU_OK);
	assert_int_equal(rdm(&b, 0, 0xD64), 0x10100);
	assert_int_equal(rdm(&b, 0, 0xC24), 0x10100);
	assert_int_equal(rdm(&b, 0, 0xD70), 0x400334);
	assert_int_equal(rdm(&b, 0, 0xD71), 0x02480137);
	assert_int_equal(rdm(&b, 0, 0xD74), 0x1F);
	assert_int_equal(rdm(&b, 0, 0xC30), 0x40000B);
	assert_int_equal(rdm(&b, 0, 0xC34), 0x14);
	struct model_stim st[3] = { { MODEL_UNC_STIM(MODEL_UNC_SNBEP_C0 + 3, 0x34, 0x03), 2 },
				    { MODEL_UNC_STIM(MODEL_UNC_SNBEP_C0 + 3, 0x37, 0x01), 3 },
				    { MODEL_UNC_STIM(MODEL_UNC_SNBEP_PCU, 0x0B, 0), 1 } };
	cycles(m, 0, st, 3, 4);                       /* frozen: nothing counts */
	assert_int_equal(uncore_start(&s), PMU_OK);
	assert_int_equal(rdm(&b, 0, 0xD64), 0x10000);
	assert_int_equal(rdm(&b, 0, 0xC24), 0x10000);
	cycles(m, 0, st, 3, 5);
	assert_int_equal(uncore_stop(&s), PMU_OK);
	assert_int_equal(rdm(&b, 0, 0xD64), 0x10100);
	cycles(m, 0, st, 3, 4);
	assert_int_equal(uncore_read(&s), PMU_OK);
	assert_int_equal(s.ev[0].delta, 10);
	assert_int_equal(s.ev[0].end, 8);             /* wrapped at 44 bits */
	assert_int_equal(s.ev[1].delta, 5);           /* thresh 2: one per cycle */
	assert_int_equal(s.ev[2].delta, 5);
	assert_int_equal(uncore_restore(&s), PMU_OK);
	take_snap(&b, 0, snbep_regs, &after);
	expect_same(&before, &after);
	free(m);
}

/*
 * Filters (Linux uncore_snbep.c): on the running firmware's model (every C-box filter
 * STATE = all), a used box's filter holds what an event asks, else 0, and gets firmware's
 * value back; the filter of a box not used is not touched.
 */
static void test_snbep_filters_asked_zeroed_restored(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	const struct box_desc *c0 = box(UNCORE_SNB_EP, "uncore_cbox_0");
	const struct box_desc *c1 = box(UNCORE_SNB_EP, "uncore_cbox_1");
	const struct box_desc *pcu = box(UNCORE_SNB_EP, "uncore_pcu");
	wrm(&b, 0, 0xC34, 0x01020304);   /* firmware's bands */
	struct pmu_event_req r[4] = { ev(c0, 0x0334), ev(c0, 0x0137), ev(c1, 0), ev(pcu, 0x0B) };
	r[0].extra_msr = 0xD14;
	r[0].extra_msr_val = 1ull << 18;   /* state = I */
	static struct uncore_session s;
	UNC_TABLES(s, TEST_UNC_EVENTS);
	assert_int_equal(uncore_plan(&s, UNCORE_SNB_EP, r, 4), PMU_OK);
	assert_int_equal(s.nextras, 3);
	assert_int_equal(uncore_program(&s, &b, 0, 0), PMU_OK);
	assert_int_equal(rdm(&b, 0, 0xD14), 1ull << 18);   /* asked */
	assert_int_equal(rdm(&b, 0, 0xD34), 0);             /* used, not asked */
	assert_int_equal(rdm(&b, 0, 0xC34), 0);
	assert_int_equal(rdm(&b, 0, 0xD54), 0x1Full << 18); /* C-box 2 not used */
	const struct own_reg *o = own_find_const(s.saved, s.nsaved, 0xD34);
	assert_non_null(o);
	assert_int_equal(o->orig, 0x1Full << 18);
	assert_int_equal(o->scope, OWN_PACKAGE);
	assert_int_equal(uncore_start(&s), PMU_OK);
	assert_int_equal(uncore_stop(&s), PMU_OK);
	assert_int_equal(uncore_read(&s), PMU_OK);
	assert_int_equal(uncore_restore(&s), PMU_OK);
	assert_int_equal(rdm(&b, 0, 0xD14), 0x1Full << 18);
	assert_int_equal(rdm(&b, 0, 0xD34), 0x1Full << 18);
	assert_int_equal(rdm(&b, 0, 0xC34), 0x01020304);

	/* Two events of one box may share its filter only with the same value. */
	r[1].extra_msr = 0xD14;
	r[1].extra_msr_val = 1ull << 18;
	assert_int_equal(uncore_plan(&s, UNCORE_SNB_EP, r, 2), PMU_OK);
	r[1].extra_msr_val = 2ull << 18;
	assert_int_equal(uncore_plan(&s, UNCORE_SNB_EP, r, 2), PMU_ERR_NO_COUNTER);
	assert_int_equal(s.bad_event, 1);
	free(m);
}

/*
 * Skylake-SP's CHA filter is two MSRs (FILTER0 at box + 5, FILTER1 at + 6; Linux
 * hswep_cbox_enable_event): an event's 64-bit filter goes out in halves, a used CHA that
 * asks nothing has both at 0, and both are restored.
 */
static void test_skx_cha_split_filter(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("skylake-sp", 2, 1, &b);
	const struct box_desc *c0 = box(UNCORE_SKX, "uncore_cha_0");
	const struct box_desc *c1 = box(UNCORE_SKX, "uncore_cha_1");
	wrm(&b, 0, 0xE06, 0x3B);   /* firmware's FILTER1 */
	wrm(&b, 0, 0xE15, 0x20000);
	/* TOR_INSERTS.IA_HIT_DRD: FILTER1 = 0x40433 (rem, loc, nm, not_nm, opcode 0x202) */
	struct pmu_event_req r[2] = { ev(c0, 0x1135), ev(c1, 0x0134) };
	r[0].extra_msr = 0xE05;
	r[0].extra_msr_val = 0x40433ull << 32 | 0x7;
	static struct uncore_session s;
	UNC_TABLES(s, TEST_UNC_EVENTS);
	assert_int_equal(uncore_plan(&s, UNCORE_SKX, r, 2), PMU_OK);
	assert_int_equal(s.nextras, 4);
	assert_int_equal(uncore_program(&s, &b, 0, 0), PMU_OK);
	assert_int_equal(rdm(&b, 0, 0xE05), 0x7);
	assert_int_equal(rdm(&b, 0, 0xE06), 0x40433);
	assert_int_equal(rdm(&b, 0, 0xE15), 0);   /* CHA 1: used, asks nothing */
	assert_int_equal(rdm(&b, 0, 0xE16), 0);
	assert_int_equal(uncore_start(&s), PMU_OK);
	assert_int_equal(uncore_stop(&s), PMU_OK);
	assert_int_equal(uncore_read(&s), PMU_OK);
	assert_int_equal(uncore_restore(&s), PMU_OK);
	assert_int_equal(rdm(&b, 0, 0xE06), 0x3B);
	assert_int_equal(rdm(&b, 0, 0xE15), 0x20000);
	assert_int_equal(own_written_count(s.saved, s.nsaved), 0);
	/* a reserved FILTER1 bit (2: Linux's config1 34 is no field) is refused before any write */
	r[0].extra_msr_val = 1ull << 34;
	assert_int_equal(uncore_plan(&s, UNCORE_SKX, r, 2), PMU_ERR_RESERVED);
	free(m);
}

/* The probe: registers that hold values pass; dropped writes (QEMU TCG) are named as such. */
static void test_probe_holds(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct uncore_probe p;
	for (unsigned k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		const struct profile_case *c = &cases[k];
		struct model *m = test_model(c->profile, 2, 1, &b);
		apply(&b, 0, c->fw);
		for (unsigned i = 0; i < 3; i++) {
			const struct box_desc *d = box(c->fam, c->box[i]);
			uint64_t orig = rdm(&b, 0, box_ctl_msr(d, 0));
			assert_int_equal(uncore_probe_holds(&b, 0, d, &p), PMU_OK);
			assert_int_equal(p.msr, box_ctl_msr(d, 0));
			assert_int_equal(p.orig, orig);
			assert_true(p.pattern[0] && p.pattern[1]);
			assert_int_equal(p.pattern[0] & d->enable_mask, 0);
			assert_int_equal(p.readback[1] & p.pattern[1], p.pattern[1]);
			assert_int_equal(rdm(&b, 0, p.msr), orig);
		}
		free(m);
	}
	struct model *m = drop_model(&b);
	const struct box_desc *d = box(UNCORE_NHM_EX, "uncore_mbox_1");
	assert_int_equal(uncore_probe_holds(&b, 0, d, &p), PMU_ERR_NOT_HELD);
	assert_int_equal(p.readback[0], 0);
	free(m);

	m = test_model("no-pmu", 2, 1, &b);
	assert_int_equal(uncore_probe_holds(&b, 0, box(UNCORE_SNB_EP, "uncore_ubox"), &p), PMU_ERR_FAULT_GP);
	assert_int_equal(model_total_writes(m), 0);
	free(m);

	m = test_model("nehalem-ep", 2, 1, &b);
	wrm(&b, 0, 0x3C0, 0x400120);
	model_clear_log(m);
	assert_int_equal(uncore_probe_holds(&b, 0, box(UNCORE_NHM_CLIENT, "uncore"), &p), PMU_ERR_IN_USE);
	assert_int_equal(model_total_writes(m), 0);
	free(m);
}

/* ---- the width probe of the SNB-EP UCLK fixed counter (0xC08 control, 0xC09 counter) ---- */

#define UCLK_CTL 0xC08u
#define UCLK_CTR 0xC09u

/* Fails the n-th access, read or write (counting from 1). */
static bool nth_access_fails(void *arg, unsigned cpu, uint32_t msr, bool write)
{
	struct failing *f = arg;
	(void)cpu;
	(void)msr;
	(void)write;
	return ++f->writes == f->fail_at;
}

static void probe_ok(struct model *m, const struct pmu_backend *b, unsigned want)
{
	const struct box_desc *u = box(UNCORE_SNB_EP, "uncore_ubox");
	struct uncore_width_probe w;
	wrm(b, 0, UCLK_CTR, 0x123);
	model_clear_log(m);
	assert_int_equal(uncore_probe_width(b, 0, u, &w), PMU_OK);
	assert_int_equal(w.width, want);
	assert_int_equal(w.readback, (1ull << want) - 1);
	assert_int_equal(w.orig, 0x123);
	assert_int_equal(rdm(b, 0, UCLK_CTR), 0x123);   /* restored */
	assert_int_equal(rdm(b, 0, UCLK_CTL), 0);
	assert_int_equal(model_total_writes(m), 2);      /* all-ones, then what was found */
}

/* The guide's 44 bits on the model, 48 on the variant Linux assumes; restored either way. */
static void test_probe_width(void **state)
{
	(void)state;
	struct pmu_backend b;
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	probe_ok(m, &b, 44);
	m->uclk_width = 48;
	probe_ok(m, &b, 48);
	free(m);
}

/*
 * A fault at any access is reported; whatever was written is put back, but for the put-back itself.
 */
static void test_probe_width_faults(void **state)
{
	(void)state;
	const struct box_desc *u = box(UNCORE_SNB_EP, "uncore_ubox");
	struct uncore_width_probe w;
	struct pmu_backend b, fb;
	struct failing f;
	for (unsigned n = 1; n <= 5; n++) {
		struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
		wrm(&b, 0, UCLK_CTR, 0x77);
		failing_init(&f, &b, &fb, n);
		f.fb.fails = nth_access_fails;
		model_clear_log(m);
		assert_int_equal(uncore_probe_width(&fb, 0, u, &w), PMU_ERR_FAULT_GP);
		assert_int_equal(w.width, 0);
		assert_int_equal(w.fault_msr, n == 1 ? UCLK_CTL : UCLK_CTR);
		/*
		 * 1, 2: reads before any write; 3: the all-ones write; 4: its read-back; 5: the
		 * restore
		 */
		assert_int_equal(rdm(&b, 0, UCLK_CTR), n == 5 ? (1ull << 44) - 1 : 0x77);
		assert_int_equal(model_total_writes(m), n < 4 ? 0 : n == 4 ? 2 : 1);
		free(m);
	}
	/* firmware's running counter is left alone; a box that drops writes (QEMU) reads 0 */
	struct model *m = test_model("sandy-bridge-ep", 2, 1, &b);
	wrm(&b, 0, UCLK_CTL, 1u << 22);
	model_clear_log(m);
	assert_int_equal(uncore_probe_width(&b, 0, u, &w), PMU_ERR_IN_USE);
	assert_int_equal(model_total_writes(m), 0);
	free(m);
	m = drop_model(&b);
	assert_int_equal(uncore_probe_width(&b, 0, u, &w), PMU_ERR_NOT_HELD);
	assert_int_equal(w.readback, 0);
	assert_int_equal(w.width, 0);
	free(m);
	/* 64 bits held is no counter of these families: not taken */
	m = profile_model(&store_profile, &b);
	assert_int_equal(uncore_probe_width(&b, 0, u, &w), PMU_ERR_NOT_HELD);
	assert_int_equal(w.readback, ~0ull);
	assert_int_equal(w.width, 0);
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_delta_is_width_aware),
		cmocka_unit_test(test_bad_input_touches_nothing),
		cmocka_unit_test(test_allocation_places_constrained_first),
		cmocka_unit_test(test_placement_honours_counter_masks),
		cmocka_unit_test(test_restricted_events_count_on_the_model),
		cmocka_unit_test(test_nhm_counts_between_start_and_stop),
		cmocka_unit_test(test_nhm_overflow_is_reported_and_cleared),
		cmocka_unit_test(test_snbep_ubox_enable_in_control),
		cmocka_unit_test(test_nhmex_gates_and_counts),
		cmocka_unit_test(test_mbox_freeze_after_n),
		cmocka_unit_test(test_run_restores_every_register),
		cmocka_unit_test(test_in_use_refused_unless_forced),
		cmocka_unit_test(test_fault_at_every_write_restores),
		cmocka_unit_test(test_injected_faults),
		cmocka_unit_test(test_one_session_per_package),
		cmocka_unit_test(test_snbep_cbox_pcu_freeze),
		cmocka_unit_test(test_snbep_filters_asked_zeroed_restored),
		cmocka_unit_test(test_skx_cha_split_filter),
		cmocka_unit_test(test_probe_holds),
		cmocka_unit_test(test_probe_width),
		cmocka_unit_test(test_probe_width_faults),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
