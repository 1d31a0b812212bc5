/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "check/claim_events.h"

/* PERFEVTSEL, PERF_CTL: OS (17), edge (18), inv (23), cmask (31:24); AMD event 11:8 at 35:32. */
#define SEL_OS (1ull << 17)
#define SEL_PLAIN_MASK ((1ull << 18) | (1ull << 23) | (0xffull << 24) | (0xfull << 32))

struct claim_code {
	uint8_t event, umask;
	enum kernel_event ev;
};

/*
 * Intel: the architectural events (SDM vol. 3B, 20.2.1.2, table 20-1: C0H/00H
 * instructions, C4H/00H branches, C5H/00H mispredicts, 2EH/4FH and 2EH/41H the LLC);
 * INST_RETIRED.ANY_P and BR_INST_RETIRED.ALL_BRANCHES as Intel's Nehalem list spells
 * them (C0H/01H, C4H/04H, also PREC_DIST and ALL_BRANCHES_PS later), BR_MISP_EXEC.ANY
 * (89H/7FH, Nehalem's mispredicts, erratum AAJ80).
 */
static const struct claim_code intel_codes[] = {
	{ 0xC0, 0x00, KEV_INSTRUCTIONS }, { 0xC0, 0x01, KEV_INSTRUCTIONS },
	{ 0xC4, 0x00, KEV_BRANCHES }, { 0xC4, 0x04, KEV_BRANCHES },
	{ 0xC5, 0x00, KEV_BRANCH_MISSES }, { 0x89, 0x7F, KEV_BRANCH_MISSES },
	{ 0x2E, 0x4F, KEV_LLC_REFERENCES }, { 0x2E, 0x41, KEV_LLC_MISSES },
};

/* Nehalem and Westmere: MEM_INST_RETIRED.LOADS / .STORES (0BH/01H, 0BH/02H; Intel's lists). */
static const struct claim_code nhm_memory[] = {
	{ 0x0B, 0x01, KEV_LOADS }, { 0x0B, 0x02, KEV_STORES },
};

/* Sandy Bridge on: MEM_UOPS_RETIRED / MEM_INST_RETIRED .ALL_LOADS, .ALL_STORES (D0H/81H, 82H). */
static const struct claim_code snb_memory[] = {
	{ 0xD0, 0x81, KEV_LOADS }, { 0xD0, 0x82, KEV_STORES },
};

/*
 * AMD (PPR for family 17h model 31h, "Core Performance Monitor Counters"): PMCx0C0
 * Retired Instructions, PMCx0C2 Retired Branch Instructions, PMCx0C3 Mispredicted.
 */
static const struct claim_code amd_codes[] = {
	{ 0xC0, 0x00, KEV_INSTRUCTIONS }, { 0xC2, 0x00, KEV_BRANCHES },
	{ 0xC3, 0x00, KEV_BRANCH_MISSES },
};

static enum kernel_event find(const struct claim_code *t, unsigned n, uint64_t config)
{
	for (unsigned i = 0; i < n; i++)
		if ((config & 0xff) == t[i].event && ((config >> 8) & 0xff) == t[i].umask)
			return t[i].ev;
	return KEV_COUNT;
}

#define N(t) (sizeof(t) / sizeof((t)[0]))

static bool nehalem_westmere(const struct cpu_info *ci)
{
	static const uint8_t models[] = { 0x1A, 0x1E, 0x1F, 0x2E, 0x25, 0x2C, 0x2F };
	for (unsigned i = 0; i < N(models); i++)
		if (ci->family == 6 && ci->model == models[i])
			return true;
	return false;
}

enum kernel_event claim_event(const struct cpu_info *ci, const struct pmu_event_req *r)
{
	if (r->box || !(r->config & SEL_OS) || (r->config & SEL_PLAIN_MASK))
		return KEV_COUNT;
	if (pmu_vendor_amd(ci->vendor))
		return find(amd_codes, N(amd_codes), r->config);
	if (r->fixed == 0)
		return KEV_INSTRUCTIONS;   /* FIXED_CTR0: INST_RETIRED.ANY (Intel lists 00H/01H) */
	enum kernel_event ev = find(intel_codes, N(intel_codes), r->config);
	if (ev != KEV_COUNT)
		return ev;
	return nehalem_westmere(ci) ? find(nhm_memory, N(nhm_memory), r->config) :
				      find(snb_memory, N(snb_memory), r->config);
}
