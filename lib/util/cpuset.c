/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "util/cpuset.h"

void cpuset_clear(struct cpuset *s)
{
	pmu_memset(s, 0, sizeof(*s));
}

void cpuset_fill(struct cpuset *s)
{
	pmu_memset(s, 0xff, sizeof(*s));
}

void cpuset_add(struct cpuset *s, unsigned cpu)
{
	if (cpu < CPUSET_MAX)
		s->bits[cpu / 64] |= 1ull << (cpu % 64);
}

bool cpuset_has(const struct cpuset *s, unsigned cpu)
{
	return cpu < CPUSET_MAX && (s->bits[cpu / 64] >> (cpu % 64) & 1);
}

unsigned cpuset_count(const struct cpuset *s)
{
	unsigned n = 0;
	for (unsigned w = 0; w < CPUSET_MAX / 64; w++)
		n += pmu_popcount(s->bits[w]);
	return n;
}

bool cpuset_is_all(const struct cpuset *s)
{
	return cpuset_count(s) == CPUSET_MAX;
}

/* One CPU number of s[0..n): decimal digits only. */
static pmu_status parse_cpu(const char *s, size_t n, unsigned *cpu, const char **why)
{
	uint64_t v;
	if (!n) {
		*why = "empty item";
		return PMU_ERR_INVALID;
	}
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9') {
			*why = "not a number";
			return PMU_ERR_INVALID;
		}
	}
	if (!pmu_parse_u64(s, n, &v) || v >= CPUSET_MAX) {
		*why = "CPU number above 4095";
		return PMU_ERR_RANGE;
	}
	*cpu = (unsigned)v;
	return PMU_OK;
}

/* One item "N" or "A-B" of s[0..n), added to set. */
static pmu_status parse_item(const char *s, size_t n, struct cpuset *set, const char **why)
{
	size_t dash = 0;
	unsigned lo, hi;
	pmu_status st;
	while (dash < n && s[dash] != '-')
		dash++;
	st = parse_cpu(s, dash, &lo, why);
	if (st != PMU_OK)
		return st;
	hi = lo;
	if (dash < n) {
		st = parse_cpu(s + dash + 1, n - dash - 1, &hi, why);
		if (st != PMU_OK)
			return st;
		if (hi < lo) {
			*why = "reversed range";
			return PMU_ERR_INVALID;
		}
	}
	for (unsigned cpu = lo; cpu <= hi; cpu++)
		cpuset_add(set, cpu);
	return PMU_OK;
}

pmu_status cpuset_parse(const char *s, size_t n, struct cpuset *out, const char **why)
{
	struct cpuset set;
	const char *ignored;
	size_t start = 0;
	if (!why)
		why = &ignored;
	if (n == 3 && !pmu_strncmp(s, "all", 3)) {
		cpuset_fill(out);
		return PMU_OK;
	}
	cpuset_clear(&set);
	for (size_t i = 0; i <= n; i++) {
		if (i < n && s[i] != ',')
			continue;
		pmu_status st = parse_item(s + start, i - start, &set, why);
		if (st != PMU_OK)
			return st;
		start = i + 1;
	}
	pmu_memcpy(out, &set, sizeof(set));
	return PMU_OK;
}

void cpuset_format(const struct cpuset *s, struct strbuf *sb)
{
	bool first = true;
	if (cpuset_is_all(s)) {
		sb_puts(sb, "all");
		return;
	}
	for (unsigned cpu = 0; cpu < CPUSET_MAX; cpu++) {
		unsigned end = cpu;
		if (!cpuset_has(s, cpu))
			continue;
		while (cpuset_has(s, end + 1))
			end++;
		if (!first)
			sb_putc(sb, ',');
		first = false;
		sb_dec(sb, cpu);
		if (end > cpu) {
			sb_putc(sb, '-');
			sb_dec(sb, end);
		}
		cpu = end;
	}
	if (first)
		sb_puts(sb, "none");
}
