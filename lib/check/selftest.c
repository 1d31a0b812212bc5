/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The validation suite's records, register bookkeeping and kernel calls (see selftest.h). */
#include "pmu/regkey.h"
#include "check/selftest.h"
#include "util/fmt.h"
#include "hw/msr.h"

const char *selftest_result_str(enum selftest_result res)
{
	return res == SELFTEST_PASS ? "PASS" : res == SELFTEST_FAIL ? "FAIL" : "SKIP";
}

void st_begin(struct selftest_run *t, const struct selftest_env *env, struct selftest_report *r,
	      enum selftest_scope scope, uint32_t where)
{
	uint64_t v;
	r->n = r->pass = r->fail = r->skip = 0;
	r->truncated = r->absent = false;
	r->smi = 0;
	r->saved.n = 0;
	r->saved.st = PMU_OK;
	pmu_memset(&r->readback, 0, sizeof(r->readback));
	t->env = env;
	t->r = r;
	t->scope = (uint8_t)scope;
	t->where = where;
	t->smi_ok = pmu_core_desc(env->ci)->smi_count &&
		    pmu_rdmsr(env->b, env->cpu, MSR_SMI_COUNT, &v) == PMU_OK;
}

struct selftest_check *st_add(struct selftest_run *t, const char *name, enum selftest_result res,
			      uint64_t expected, uint64_t measured)
{
	struct selftest_report *r = t->r;
	/* A full report keeps counting: the last slot takes the overflow. */
	struct selftest_check *c = &r->c[r->n < SELFTEST_MAX_CHECKS ? r->n : SELFTEST_MAX_CHECKS - 1];
	if (r->n < SELFTEST_MAX_CHECKS)
		r->n++;
	else
		r->truncated = true;
	pmu_memset(c, 0, sizeof(*c));
	pmu_strlcpy(c->name, name, sizeof(c->name));
	c->scope = t->scope;
	c->result = (uint8_t)res;
	c->where = t->where;
	c->has_ccx = t->env->ccx_only;
	c->ccx = t->env->ccx;
	c->expected = expected;
	c->measured = measured;
	r->pass += res == SELFTEST_PASS;
	r->fail += res == SELFTEST_FAIL;
	r->skip += res == SELFTEST_SKIP;
	return c;
}

void st_fail(struct selftest_run *t, struct selftest_check *c)
{
	struct selftest_report *r = t->r;
	if (c->result == SELFTEST_FAIL)
		return;
	r->pass -= c->result == SELFTEST_PASS;
	r->skip -= c->result == SELFTEST_SKIP;
	r->fail++;
	c->result = SELFTEST_FAIL;
}

static void why_sb(struct selftest_check *c, struct strbuf *sb)
{
	size_t len = pmu_strlen(c->reason);
	sb_init(sb, c->reason + len, sizeof(c->reason) - len);
}

void st_why(struct selftest_check *c, const char *text)
{
	struct strbuf sb;
	why_sb(c, &sb);
	sb_puts(&sb, text);
}

void st_why_hex(struct selftest_check *c, uint64_t v)
{
	struct strbuf sb;
	why_sb(c, &sb);
	sb_hex(&sb, v);
}

void st_why_dec(struct selftest_check *c, uint64_t v)
{
	struct strbuf sb;
	why_sb(c, &sb);
	sb_dec(&sb, v);
}

void st_skip(struct selftest_run *t, const char *name, const char *what, pmu_status st)
{
	struct selftest_check *c = st_add(t, name, SELFTEST_SKIP, 0, 0);
	st_why(c, what);
	if (st) {
		st_why(c, ": ");
		st_why(c, pmu_status_str(st));
	}
}

/* ---- registers ---- */

static pmu_status save_first(struct selftest_run *t, uint32_t msr)
{
	struct selftest_saved *s = &t->r->saved;
	uint64_t v = 0;
	if (own_find_const(s->own, s->n, msr))
		return PMU_OK;
	if (s->n >= SELFTEST_SAVE_MAX)
		return PMU_ERR_NOSPACE;
	pmu_status st = pmu_reg_read(t->env->b, t->env->cpu, msr, &v);
	if (!st)   /* written next: put back whether or not that write takes */
		own_add(s->own, &s->n, SELFTEST_SAVE_MAX, msr, OWN_THREAD, v)->written = true;
	return st;
}

pmu_status st_write(struct selftest_run *t, uint32_t msr, uint64_t val)
{
	pmu_status st = save_first(t, msr);
	return st ? st : pmu_reg_write(t->env->b, t->env->cpu, msr, val);
}

pmu_status st_read(struct selftest_run *t, uint32_t msr, uint64_t *val)
{
	return pmu_reg_read(t->env->b, t->env->cpu, msr, val);
}

uint64_t st_found(const struct selftest_run *t, uint32_t key)
{
	const struct selftest_saved *s = &t->r->saved;
	const struct own_reg *r = own_find_const(s->own, s->n, key);
	uint64_t v = 0;
	if (r)
		return r->orig;
	(void)pmu_reg_read(t->env->b, t->env->cpu, key, &v);
	return v;
}

unsigned st_counter(struct own_reg *r, unsigned width, bool live)
{
	r->check = OWN_CHECK_COUNTER;
	r->width = (uint8_t)width;
	r->live = live;
	return 0;   /* first: before the controls that start it */
}

/* Last saved first, then stably by rank: the order own_restore's second pass writes. */
static void restore_order(struct own_reg *o, unsigned *rank, unsigned n)
{
	for (unsigned i = 0; i < n / 2; i++) {
		struct own_reg r = o[i];
		unsigned k = rank[i];
		o[i] = o[n - 1 - i];
		rank[i] = rank[n - 1 - i];
		o[n - 1 - i] = r;
		rank[n - 1 - i] = k;
	}
	for (unsigned i = 1; i < n; i++) {
		struct own_reg r = o[i];
		unsigned k = rank[i], j = i;
		for (; j > 0 && rank[j - 1] > k; j--) {
			o[j] = o[j - 1];
			rank[j] = rank[j - 1];
		}
		o[j] = r;
		rank[j] = k;
	}
}

void st_restore(struct selftest_run *t, st_refine_fn refine, const void *ctx)
{
	struct selftest_saved *s = &t->r->saved;
	unsigned rank[SELFTEST_SAVE_MAX];
	uint32_t bad = 0, bad_back = 0;
	for (unsigned i = 0; i < s->n; i++)   /* each refined while the others are still as found */
		rank[i] = refine ? refine(t, &s->own[i], ctx) : 0;
	restore_order(s->own, rank, s->n);
	pmu_status st = own_restore(s->own, s->n, t->env->b, t->env->cpu, &bad);
	pmu_status back = restore_check(s->own, s->n, t->env->b, t->env->cpu, &t->r->readback,
					&bad_back);
	if (!st && back) {
		st = back;
		bad = bad_back;
	}
	if (st && !s->st) {
		s->st = st;
		s->bad_msr = bad;
	}
	s->n = 0;
}

pmu_status st_holds(struct selftest_run *t, uint32_t msr, uint64_t mask, uint64_t *wrote,
		    uint64_t *read)
{
	static const uint64_t patterns[2] = { 0x5555555555555555ull, 0xAAAAAAAAAAAAAAAAull };
	uint64_t orig;
	pmu_status st = st_read(t, msr, &orig), held = PMU_OK;
	*wrote = *read = 0;
	if (st)
		return st;
	for (unsigned k = 0; k < 2 && !st && !held; k++) {
		uint64_t want = (orig & ~mask) | (patterns[k] & mask), got = 0;
		st = st_write(t, msr, want);
		if (!st)
			st = st_read(t, msr, &got);
		if (!st && (got & mask) != (want & mask)) {
			held = PMU_ERR_NOT_HELD;
			*wrote = want;
			*read = got;
		}
	}
	pmu_status rst = pmu_reg_write(t->env->b, t->env->cpu, msr, orig);
	return st ? st : held ? held : rst;
}

void st_restore_check(struct selftest_run *t)
{
	const struct selftest_saved *s = &t->r->saved;
	struct selftest_check *c = st_add(t, "restore", s->st ? SELFTEST_FAIL : SELFTEST_PASS, 0, 0);
	if (!s->st) {
		st_why(c, "every register written was put back");
		return;
	}
	st_why(c, "could not put back ");
	st_why_hex(c, s->bad_msr);
	st_why(c, ": ");
	st_why(c, pmu_status_str(s->st));
}

/* ---- kernels ---- */

uint64_t st_smi_read(const struct selftest_run *t)
{
	uint64_t v = 0;
	if (t->smi_ok)
		(void)pmu_rdmsr(t->env->b, t->env->cpu, MSR_SMI_COUNT, &v);
	return v;
}

void st_call(const struct selftest_run *t, struct selftest_call *c, const struct kernel_desc *k,
	     uint64_t iterations)
{
	pmu_memset(c, 0, sizeof(*c));
	c->args.iterations = iterations;
	c->k = k;
	c->cpu = t->env->cpu;
}

uint64_t st_run(const struct selftest_run *t, const struct selftest_call *c)
{
	return pmu_run_kernel(t->env->b, t->env->cpu, c->k, c->k->fn, c);
}

void st_smi_check(struct selftest_run *t)
{
	if (!t->smi_ok) {
		st_skip(t, "smi count", pmu_core_desc(t->env->ci)->smi_count ?
			"MSR_SMI_COUNT (0x34) does not read on this CPU" :
			"no SMI counter on this CPU (MSR_SMI_COUNT is Intel's)", PMU_OK);
		return;
	}
	/* SMIs are firmware's, not a PMU fault: reported, never failed. */
	struct selftest_check *c = st_add(t, "smi count", SELFTEST_PASS, 0, t->r->smi);
	if (!t->r->smi) {
		st_why(c, "no SMI during the kernels");
		return;
	}
	st_why_dec(c, t->r->smi);
	st_why(c, " SMIs during the kernels: firmware noise (exact checks retried)");
}

bool st_near(uint64_t a, uint64_t b, uint64_t tol)
{
	return (a > b ? a - b : b - a) <= tol;
}

unsigned st_ones(uint64_t v)
{
	unsigned n = 0;
	while (n < 64 && ((v >> n) & 1))
		n++;
	return n;
}

