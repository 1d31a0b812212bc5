/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * --fault-test: a #GP on purpose through every faulting path of the real
 * backend: a plain wrmsr, and the enabling and the disabling write of every
 * kernel's measured window (gated.c, a copy per kernel): 1 + 2 x kernels paths.
 * Each must come back as a status, and the kernel must not run after a
 * failed enable.
 *
 * The MSR is one CPUID says the CPU has, with a reserved bit set:
 *  - a core PMU (CPUID.0AH:EAX version >= 1, >= 1 counter): IA32_PERFEVTSEL0,
 *    bit 63 (bits 63:34 reserved, Intel SDM Vol. 3B 18.2.1.1); every target has it;
 *  - else PKS (CPUID.(EAX=07H,ECX=0):ECX[31]): IA32_PKRS, bit 32 (bits 63:32
 *    reserved, SDM vol. 4). QEMU's TCG drops PMU writes without a fault but
 *    faults on PKRS bit 32 (QEMU 7.2, as measured), so QEMU cases run with -cpu ...,+pks.
 * No other MSR is tried: a CPU with neither fails the test and says why.
 */
#include <stddef.h>
#include "check/kernels.h"
#include "fault_test.h"
#include "hw/msr.h"

#define MSR_IA32_PKRS 0x6E1u
#define PERFEVTSEL_RESERVED_BIT 63
#define PKRS_RESERVED_BIT 32
#define CPUID7_ECX_PKS_BIT 31

static void choose_msr(const struct pmu_backend *b, unsigned cpu, struct fault_test_result *r)
{
	struct pmu_cpuid id0, id;
	pmu_cpuid(b, cpu, 0, 0, &id0);
	if (id0.eax >= 0xA) {
		pmu_cpuid(b, cpu, 0xA, 0, &id);
		if ((id.eax & 0xff) >= 1 && ((id.eax >> 8) & 0xff) >= 1) {
			r->msr = MSR_IA32_PERFEVTSEL0;
			r->msr_name = "IA32_PERFEVTSEL0";
			r->bit = PERFEVTSEL_RESERVED_BIT;
			r->basis = "CPUID.0AH: a core PMU";
			return;
		}
	}
	if (id0.eax >= 7) {
		pmu_cpuid(b, cpu, 7, 0, &id);
		if ((id.ecx >> CPUID7_ECX_PKS_BIT) & 1) {
			r->msr = MSR_IA32_PKRS;
			r->msr_name = "IA32_PKRS";
			r->bit = PKRS_RESERVED_BIT;
			r->basis = "CPUID.07H:ECX[31]: PKS";
			return;
		}
	}
	r->fail = "no MSR known to fault here: CPUID lists neither a core PMU (0AH) nor PKS (07H:ECX[31])";
}

/* Three lines: the uncore kernel's read, write and lock line; every kernel may run once on them. */
#define WINDOW_BUF_WORDS 24
#define RESULT_UNTOUCHED 0x5a5a5a5a5a5a5a5aull

static void buf_zero(uint64_t *w)
{
	for (unsigned i = 0; i < WINDOW_BUF_WORDS; i++)
		w[i] = 0;
}

static bool buf_is_zero(const uint64_t *w)
{
	for (unsigned i = 0; i < WINDOW_BUF_WORDS; i++)
		if (w[i])
			return false;
	return true;
}

/*
 * k's window, both writes in turn (the MSR holds cur throughout). The kernel
 * runs once on a zeroed buffer: after a failed enable nothing may be written
 * (result or buffer); after a failed disable the checksum must be the host
 * kernel's (empty computes none).
 */
static const char *window(const struct pmu_backend *b, unsigned cpu, uint32_t msr, uint64_t cur,
			  uint64_t bad, const struct kernel_desc *k)
{
	uint64_t buf[WINDOW_BUF_WORDS] __attribute__((aligned(64)));
	struct kernel_args args = { 1, buf, sizeof(buf) };
	buf_zero(buf);
	uint64_t want = k->fn(&args);
	buf_zero(buf);
	struct pmu_gated_run on = { .msr = msr, .on = bad, .off = cur, .kernel = k->fn, .arg = &args,
				    .result = RESULT_UNTOUCHED };
	pmu_gated_run(b, cpu, &on);
	if (on.on_st != PMU_ERR_FAULT_GP || on.off_st != PMU_OK)
		return "enabling write: no #GP reported";
	if (on.result != RESULT_UNTOUCHED || !buf_is_zero(buf))
		return "enabling write: the kernel ran after a failed enable";
	struct pmu_gated_run off = { .msr = msr, .on = cur, .off = bad, .kernel = k->fn,
				     .arg = &args };
	pmu_gated_run(b, cpu, &off);
	if (off.on_st != PMU_OK || (k != kernel_find("empty") && off.result != want))
		return "disabling-write test: the enabling write failed or the checksum is wrong";
	if (off.off_st != PMU_ERR_FAULT_GP)
		return "disabling write: no #GP reported";
	return NULL;
}

/* A plain wrmsr, then every kernel's window (the real backend has one copy each). */
static void provoke(const struct pmu_backend *b, unsigned cpu, uint64_t cur,
		    struct fault_test_result *r)
{
	uint64_t bad = cur | (1ull << r->bit);
	if (pmu_wrmsr(b, cpu, r->msr, bad) != PMU_ERR_FAULT_GP) {
		r->fail = "plain wrmsr: no #GP reported";
		return;
	}
	r->paths = 1;
	for (unsigned i = 0; i < kernel_count; i++) {
		r->fail = window(b, cpu, r->msr, cur, bad, &kernel_table[i]);
		if (r->fail) {
			r->kernel = kernel_table[i].name;
			return;
		}
		r->paths += 2;
	}
}

void fault_test_on(const struct pmu_backend *b, unsigned cpu, struct fault_test_result *r,
		   struct restore_tally *back)
{
	uint64_t cur;
	*r = (struct fault_test_result){ 0 };
	choose_msr(b, cpu, r);
	if (r->fail)
		return;
	if (pmu_rdmsr(b, cpu, r->msr, &cur)) {
		r->fail = "the chosen MSR cannot be read";
		return;
	}
	provoke(b, cpu, cur, r);
	unsigned differ = back->differ;
	restore_check_one(b, cpu, r->msr, cur, back);
	if (back->differ != differ) {
		pmu_wrmsr(b, cpu, r->msr, cur);
		if (!r->fail)
			r->fail = "the MSR changed although every write was meant to fault or keep it";
	}
}

void fault_test_describe(struct strbuf *sb, const struct fault_test_result *r)
{
	if (r->msr) {
		sb_puts(sb, r->msr_name);
		sb_puts(sb, " (");
		sb_hex(sb, r->msr);
		sb_puts(sb, "), reserved bit ");
		sb_dec(sb, r->bit);
		sb_puts(sb, ", chosen by ");
		sb_puts(sb, r->basis);
		sb_puts(sb, ": ");
	}
	if (r->kernel) {
		sb_puts(sb, "window of kernel ");
		sb_puts(sb, r->kernel);
		sb_puts(sb, ", ");
	}
	if (r->fail)
		sb_puts(sb, r->fail);
	else {
		sb_puts(sb, "#GP caught on all ");
		sb_dec(sb, r->paths);
		sb_puts(sb, " paths");
	}
}

void fault_test_unexpected(void)
{
	/* Bit 63 set, bits 62:47 clear: non-canonical, so the load raises #GP (SDM vol. 3A 6.15). */
	__asm__ volatile("movq (%0), %%rax" : : "r"(0x8000000000000000ull) : "rax", "memory");
}
