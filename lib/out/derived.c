/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "out/derived.h"
#include "hw/layouts_core.h"

struct role_name {
	const char *name;
	uint8_t role;
};

/*
 * perf generic names, the architectural event names (Intel SDM Vol. 3B 18.2) and Intel's list
 * names.
 */
static const struct role_name role_names[] = {
	{ "instructions", DR_INSTRUCTIONS },
	{ "Instruction Retired", DR_INSTRUCTIONS },
	{ "INST_RETIRED.ANY", DR_INSTRUCTIONS },
	{ "INST_RETIRED.ANY_P", DR_INSTRUCTIONS },
	{ "cycles", DR_CYCLES },
	{ "cpu-cycles", DR_CYCLES },
	{ "UnHalted Core Cycles", DR_CYCLES },
	{ "CPU_CLK_UNHALTED.THREAD", DR_CYCLES },
	{ "CPU_CLK_UNHALTED.THREAD_P", DR_CYCLES },
	{ "CPU_CLK_UNHALTED.CORE", DR_CYCLES },
	{ "CPU_CLK_UNHALTED.CORE_P", DR_CYCLES },
	{ "branches", DR_BRANCHES },
	{ "branch-instructions", DR_BRANCHES },
	{ "Branch Instructions Retired", DR_BRANCHES },
	{ "BR_INST_RETIRED.ALL_BRANCHES", DR_BRANCHES },
	{ "branch-misses", DR_BRANCH_MISSES },
	{ "Branch Mispredicts Retired", DR_BRANCH_MISSES },
	{ "BR_MISP_RETIRED.ALL_BRANCHES", DR_BRANCH_MISSES },
	{ "cache-references", DR_LLC_REFS },
	{ "LLC Reference", DR_LLC_REFS },
	{ "LLC_REFERENCES", DR_LLC_REFS },
	{ "LONGEST_LAT_CACHE.REFERENCE", DR_LLC_REFS },
	{ "cache-misses", DR_LLC_MISSES },
	{ "LLC Misses", DR_LLC_MISSES },
	{ "LLC_MISSES", DR_LLC_MISSES },
	{ "LONGEST_LAT_CACHE.MISS", DR_LLC_MISSES },
	{ "UNC_M_CAS_COUNT.RD", DR_MEM_READ_LINES },
	{ "UNC_QMC_NORMAL_READS.ANY", DR_MEM_READ_LINES },
	{ "cas_count_read", DR_MEM_READ_LINES },
	{ "UNC_M_CAS_COUNT.WR", DR_MEM_WRITE_LINES },
	{ "UNC_QMC_WRITES.FULL.ANY", DR_MEM_WRITE_LINES },
	{ "cas_count_write", DR_MEM_WRITE_LINES },
	{ "UNC_M_CAS_COUNT.ALL", DR_MEM_LINES },
};

static bool name_eq_n(const char *a, size_t n, const char *b)
{
	size_t i = 0;
	for (; i < n && b[i]; i++) {
		char x = a[i], y = b[i];
		if (x >= 'A' && x <= 'Z')
			x = (char)(x - 'A' + 'a');
		if (y >= 'A' && y <= 'Z')
			y = (char)(y - 'A' + 'a');
		if (x != y)
			return false;
	}
	return i == n && !b[i];
}

enum derived_role derived_role_of(const char *event)
{
	size_t n = pmu_strlen(event), start = 0;
	/* pmu/NAME/: the event itself, unless terms (',' or '=') modify it. */
	if (n > 2 && event[n - 1] == '/') {
		size_t k = 0;
		while (k < n - 1 && event[k] != '/')
			k++;
		if (k >= n - 1)
			return DR_NONE;
		for (size_t j = k + 1; j < n - 1; j++)
			if (event[j] == ',' || event[j] == '=' || event[j] == '/')
				return DR_NONE;
		start = k + 1;
		n = n - 1 - start;
	}
	for (unsigned i = 0; i < sizeof(role_names) / sizeof(role_names[0]); i++)
		if (name_eq_n(event + start, n, role_names[i].name))
			return (enum derived_role)role_names[i].role;
	return DR_NONE;
}

bool derived_muldiv(uint64_t a, uint64_t b, uint64_t c, uint64_t *out)
{
	if (!c)
		return false;
	/* 64 x 64 -> 128 from 32-bit halves (no __int128 division helpers in the app). */
	uint64_t al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
	uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
	uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
	uint64_t lo = (ll & 0xffffffffu) | (mid << 32);
	uint64_t hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
	uint64_t half = c / 2;
	lo += half;
	hi += lo < half;
	if (hi >= c)
		return false;
	/* Long division of hi:lo by c, one bit at a time; the remainder stays below c. */
	uint64_t r = hi, q = 0;
	for (int i = 63; i >= 0; i--) {
		bool carry = r >> 63;
		r = (r << 1) | ((lo >> i) & 1);
		q <<= 1;
		if (carry || r >= c) {
			r -= c;
			q |= 1;
		}
	}
	*out = q;
	return true;
}

static const struct derived_metric metric_names[DM_COUNT] = {
	[DM_IPC] = { .name = "IPC", .unit = "" },
	[DM_CPI] = { .name = "CPI", .unit = "" },
	[DM_BRANCH_MISS] = { .name = "branch-mispredict ratio", .unit = "%" },
	[DM_LLC_MISS] = { .name = "LLC miss ratio", .unit = "%" },
	[DM_MEM_READ_BW] = { .name = "memory read bandwidth", .unit = "MB/s" },
	[DM_MEM_WRITE_BW] = { .name = "memory write bandwidth", .unit = "MB/s" },
	[DM_MEM_BW] = { .name = "memory bandwidth", .unit = "MB/s" },
	[DM_TD_RETIRING] = { .name = "retiring", .unit = "%" },
	[DM_TD_BAD_SPEC] = { .name = "bad speculation", .unit = "%" },
	[DM_TD_FE_BOUND] = { .name = "front-end bound", .unit = "%" },
	[DM_TD_BE_BOUND] = { .name = "back-end bound", .unit = "%" },
};

/* num * scale / den when both inputs were measured and are non-zero. */
static void ratio(struct derived_metric *m, const bool *have, const uint64_t *v, enum derived_role num,
		  enum derived_role den, uint64_t scale)
{
	if (have[num] && have[den] && v[num] && v[den])
		m->present = derived_muldiv(v[num], scale, v[den], &m->milli);
}

/* Lines of 64 bytes over tsc_ticks at tsc_hz, in thousandths of MB/s (= bytes/s / 1000). */
bool derived_bandwidth(uint64_t lines, uint64_t ticks, uint64_t hz, uint64_t *milli)
{
	uint64_t bytes_per_s;
	if (!lines || !ticks || !hz || lines > UINT64_MAX / DERIVED_LINE_BYTES ||
	    !derived_muldiv(lines * DERIVED_LINE_BYTES, hz, ticks, &bytes_per_s))
		return false;
	*milli = (bytes_per_s + 500) / 1000;
	return true;
}

static void bandwidth(struct derived_metric *m, uint64_t lines, uint64_t ticks, uint64_t hz)
{
	m->present = derived_bandwidth(lines, ticks, hz, &m->milli);
}

void derived_compute(const struct derived_input *in, unsigned n, uint64_t tsc_ticks, uint64_t tsc_hz,
		     struct derived_set *out)
{
	bool have[DR_ROLE_COUNT] = { false };
	uint64_t v[DR_ROLE_COUNT] = { 0 };
	for (unsigned i = 0; i < DM_COUNT; i++)
		out->m[i] = metric_names[i];
	for (unsigned i = 0; i < n; i++) {
		enum derived_role r = derived_role_of(in[i].event);
		bool lines = r == DR_MEM_READ_LINES || r == DR_MEM_WRITE_LINES || r == DR_MEM_LINES;
		if (r != DR_NONE && (!have[r] || lines)) {
			/* memory lines add up over the package's channels (uncore_imc_0..3) */
			v[r] = have[r] && v[r] <= UINT64_MAX - in[i].delta ? v[r] + in[i].delta : in[i].delta;
			have[r] = true;
		}
	}
	ratio(&out->m[DM_IPC], have, v, DR_INSTRUCTIONS, DR_CYCLES, 1000);
	ratio(&out->m[DM_CPI], have, v, DR_CYCLES, DR_INSTRUCTIONS, 1000);
	ratio(&out->m[DM_BRANCH_MISS], have, v, DR_BRANCH_MISSES, DR_BRANCHES, 100000);
	ratio(&out->m[DM_LLC_MISS], have, v, DR_LLC_MISSES, DR_LLC_REFS, 100000);
	uint64_t rd = v[DR_MEM_READ_LINES], wr = v[DR_MEM_WRITE_LINES];
	if (have[DR_MEM_READ_LINES])
		bandwidth(&out->m[DM_MEM_READ_BW], rd, tsc_ticks, tsc_hz);
	if (have[DR_MEM_WRITE_LINES])
		bandwidth(&out->m[DM_MEM_WRITE_BW], wr, tsc_ticks, tsc_hz);
	if (have[DR_MEM_LINES])
		bandwidth(&out->m[DM_MEM_BW], v[DR_MEM_LINES], tsc_ticks, tsc_hz);
	else if (have[DR_MEM_READ_LINES] && have[DR_MEM_WRITE_LINES] && rd <= UINT64_MAX - wr)
		bandwidth(&out->m[DM_MEM_BW], rd + wr, tsc_ticks, tsc_hz);
}

void derived_fmt_milli(struct strbuf *sb, uint64_t milli)
{
	uint64_t frac = milli % 1000;
	sb_dec(sb, milli / 1000);
	sb_putc(sb, '.');
	sb_putc(sb, (char)('0' + frac / 100));
	sb_putc(sb, (char)('0' + frac / 10 % 10));
	sb_putc(sb, (char)('0' + frac % 10));
}

void derived_fmt(struct strbuf *sb, const struct derived_metric *m)
{
	if (!m->present)
		return;
	sb_puts(sb, m->name);
	sb_putc(sb, ' ');
	derived_fmt_milli(sb, m->milli);
	if (m->unit[0] && m->unit[0] != '%')
		sb_putc(sb, ' ');
	sb_puts(sb, m->unit);
}

void derived_topdown(uint64_t perf_metrics, struct derived_set *out)
{
	static const char *const fields[] = { "retiring", "bad_spec", "fe_bound", "be_bound" };
	for (unsigned k = 0; k < sizeof(fields) / sizeof(fields[0]); k++) {
		const struct reg_field *f = reg_find_field(&layout_perf_metrics, fields[k],
							   pmu_strlen(fields[k]));
		struct derived_metric *m = &out->m[DM_TD_RETIRING + k];
		m->present = f && derived_muldiv(reg_get_field(perf_metrics, f), 100000, 0xFF,
						 &m->milli);
	}
}
