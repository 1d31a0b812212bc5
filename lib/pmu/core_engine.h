/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The core PMU engine (Intel SDM Vol. 3B 18.2, 18.13.2.1; Linux and likwid): hand-off
 * snapshot, counter allocation, program / start / stop / read, restore.
 * Runs on the CPU it programs; `cpu` is passed through to the backend.
 * Fixed size, no allocation: one struct core_session per CPU.
 *
 * Order of MSR writes (v2+; every one is a tracked write, see core_write):
 *   core_program: GLOBAL_CTRL = global_off (firmware's bits minus ours)
 *                 PERFEVTSELx = 0 for our counters found with EN set (SDM 3B 18.2: EN off
 *                   before writing PMCx)
 *                 quirk hooks (Nehalem/Westmere counter-reset erratum)
 *                 PMCx (A_PMCx with FW_WRITE) / FIXED_CTRx = preload, each read back
 *                 extra MSRs (OFFCORE_RSP_0/1, PEBS_LD_LAT_THRESHOLD: always written,
 *                   see hw/core_aux.h), PERFEVTSELx = config | EN,
 *                 FIXED_CTR_CTRL = firmware's nibbles with ours replaced,
 *                 GLOBAL_OVF_CTRL = our bits
 *   core_start:   GLOBAL_CTRL = global_on                    (one wrmsr)
 *   core_stop:    GLOBAL_CTRL = global_off                   (one wrmsr)
 *   core_read:    rdmsr counters, GLOBAL_STATUS; GLOBAL_OVF_CTRL = our overflowed bits
 *   core_restore: GLOBAL_CTRL = global_off, PERFEVTSELx = saved & ~EN, counters = saved,
 *                 PERFEVTSELx = saved (only where saved has EN), extra MSRs,
 *                 FIXED_CTR_CTRL = saved, GLOBAL_CTRL = saved.
 *                 This is own_restore (pmu/ownership.h) of the session's ownership
 *                 records own[0..n_own), which core_program fills before its first
 *                 write, in that order; they can be replayed on another CPU or later.
 * Core-scope registers (OFFCORE_RSP on Nehalem/Westmere) are saved, written and
 * restored only by the session that owns them (core_own_core_scope). An extra MSR
 * is read (saved) before the first write, so one the CPU lacks faults with nothing
 * written. Two offcore events with different values: the second moves to the CPU's
 * other register (0xB7 -> 0xBB with OFFCORE_RSP_1, or back) where it has one.
 * v1 has no global registers: PERFEVTSELx is written without EN at program,
 * start writes config | EN to each counter, stop writes config again.
 *
 * Counter writes: a legacy IA32_PMCx write takes the low 32 bits and sign-extends
 * them from bit 31, so without IA32_PERF_CAPABILITIES[13] (FW_WRITE) a preload
 * must be < 2^31 or within 2^31 of the top; "overflow after N" for N <= 2^31
 * (2^width - N) is exactly such a value. The engine writes only the low 32
 * bits to PMCx (EDX = 0) and full values to IA32_A_PMCx when FW_WRITE is set.
 *
 * Instructions counted between enable and disable (v2+). The window runs
 * from the retirement of the enabling wrmsr to the disabling wrmsr.
 * core_measure hands both writes to the backend's gated_run: the real one
 * (efi/gated.c, one copy per kernel with its body inline, no call or ret)
 * executes the kernel + 2 instructions in the window (xchg the result out and
 * the low half of the disabling value in, mov its high half), plus the
 * disabling wrmsr itself on parts that count it. The empty kernel measures the
 * same path, and the app subtracts what it counts.
 */
#ifndef EFIPMU_CORE_ENGINE_H
#define EFIPMU_CORE_ENGINE_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/backend.h"
#include "pmu/cpuinfo.h"
#include "pmu/ownership.h"
#include "pmu/restore_check.h"
#include "hw/event.h"
#include "hw/msr.h"
#include "util/status.h"

#define CORE_MAX_GP 10      /* PERFEVTSEL0-9 (Lunar Lake P-cores, CPUID.23H) */
#define CORE_MAX_FIXED 7    /* FIXED_CTR0-6 (Lunar Lake E-cores, CPUID.23H bitmap) */
#define CORE_MAX_EVENTS (CORE_MAX_GP + CORE_MAX_FIXED)
#define CORE_MAX_EXTRA 3    /* OFFCORE_RSP_0/1, PEBS_LD_LAT_THRESHOLD (hw/core_aux.h) */
/*
 * Ownership records: each GP counter and its select, fixed counters, extras, PERF_METRICS,
 * FIXED_CTR_CTRL, GLOBAL_STATUS (v4: put back through STATUS_SET) and GLOBAL_CTRL.
 */
#define CORE_MAX_OWN (2 * CORE_MAX_GP + CORE_MAX_FIXED + CORE_MAX_EXTRA + 4)
#define CORE_FIXED_BIT 32   /* GLOBAL_CTRL / GLOBAL_STATUS bit of FIXED_CTR0 */
#define CORE_SEL_EN (1ull << 22)
#define CORE_SEL_ANY (1ull << 21)
#define CORE_SEL_INT (1ull << 20)
/*
 * PERFEVTSEL INT (Intel SDM Vol. 3B 18.2) and the fixed counters' PMI bits (Intel SDM Vol. 3B
 * 18.13.2.1) are never set: a PMI needs a handler and the local APIC's LVT performance-counter
 * entry, neither of which efipmu owns (it counts with interrupts off; an NMI-mode LVT
 * entry would still deliver). Overflow is read from IA32_PERF_GLOBAL_STATUS.
 */
#define CORE_INT_REFUSED " (overflow PMI) is refused: efipmu has no PMI handler"

/*
 * The counters this CPU has, from CPUID (struct pmu_arch_info) after the quirk hooks.
 * desc says where they are (hw/core_pmus.h): Intel's PERFEVTSEL/PMC and GLOBAL_CTRL, AMD's
 * PERF_CTL/PERF_CTR and PerfMonV2's PerfCntrGlobalCtl, or no global register at all
 * (Intel v1, AMD before PerfMonV2: each counter's EN gates it, as "v1" below).
 */
struct core_pmu {
	const struct core_pmu_desc *desc;
	uint8_t version, n_gp, n_fixed, gp_width, fixed_width;
	uint32_t gp_mask, fixed_mask;   /* every counter there is; the engine takes n_gp, n_fixed */
	bool fw_write;       /* full-width writes: A_PMCx (PERF_CAPABILITIES[13]), AMD's PERF_CTR */
	bool freeze_smm;     /* IA32_DEBUGCTL FREEZE_WHILE_SMM exists (PERF_CAPABILITIES[12]) */
	bool anythread;      /* AnyThread bits exist: v3+ and not deprecated */
	bool perf_metrics;   /* IA32_PERF_METRICS exists (PERF_CAPABILITIES[15]) with FIXED_CTR3 */
	uint32_t status_set; /* MSR setting GLOBAL_STATUS bits (Intel v4+, AMD PerfMonV2); 0: none */
	uint8_t core_type;   /* hybrid: CORE_TYPE_CORE / CORE_TYPE_ATOM; 0 otherwise */
	uint32_t family, model;
	uint32_t quirks;     /* bit q: core_quirks[q].fix_pmu changed the geometry */
	uint64_t sel_absent; /* select fields the layout has, this CPU's CPUID not (core_sel_absent) */
};

/*
 * The fields of select layout l ci's CPUID does not list: UMASK2, EQ, RDPMC user disable
 * (CPUID.23H.0:EBX[0], [1], [2]); a CPU may have some of them only.
 */
uint64_t core_sel_absent(const struct cpu_info *ci, const struct reg_layout *l);

/*
 * CPUID (ci->arch, perf_cap) plus quirk hooks, which change the masks. n_gp and n_fixed
 * are the masks' runs from counter 0, clamped to CORE_MAX_*. From v5 the fixed counters
 * are a bitmap (FIXED_CTR4-6 without 3 on Lunar Lake E-cores): the engine drives every
 * one core_fixed_exists names.
 */
void core_pmu_from_cpu(const struct cpu_info *ci, struct core_pmu *p);

/*
 * A GP counter's own MSR takes a full-width write: AMD's PERF_CTR, or the v6 MSR (no A_PMCx
 * beside it) where PERF_CAPABILITIES[13] says counters take one. Else the low 32 bits,
 * sign-extended.
 */
static inline bool core_ctr_full(const struct core_pmu *p)
{
	return p->desc->ctr_full_width || (p->fw_write && !p->desc->wide_base);
}

static inline bool core_fixed_exists(const struct core_pmu *p, unsigned i)
{
	return i < CORE_MAX_FIXED && ((p->fixed_mask >> i) & 1);
}

/* GLOBAL_STATUS bits that freeze counting (v4+): CTR_Frz, LBR_Frz. */
#define CORE_FREEZE_BITS ((1ull << GLOBAL_STATUS_CTR_FRZ_BIT) | (1ull << GLOBAL_STATUS_LBR_FRZ_BIT))

/* Every core PMU register as firmware left it, read before anything is written. */
struct core_snapshot {
	struct core_pmu pmu;
	uint64_t evtsel[CORE_MAX_GP], pmc[CORE_MAX_GP], fixed_ctr[CORE_MAX_FIXED];
	uint64_t fixed_ctrl, global_ctrl, global_status;   /* v2+ */
	uint64_t global_inuse;   /* v4+: IA32_PERF_GLOBAL_INUSE (0x392) */
	uint64_t perf_metrics;   /* pmu.perf_metrics: IA32_PERF_METRICS */
	uint64_t frozen;         /* v4+: GLOBAL_STATUS freeze bits found set (CORE_FREEZE_BITS) */
	uint64_t debugctl;       /* IA32_DEBUGCTL: its freeze bits (12, 14) are logged */
	pmu_status debugctl_st;  /* a fault here is reported, the PMU still usable */
	uint32_t gp_in_use;      /* bit n: PMCn was counting (EN, and its GLOBAL_CTRL bit on v2+) */
	uint32_t fixed_in_use;   /* bit i: FIXED_CTRi was counting (nibble enable and GLOBAL_CTRL bit) */
	pmu_status st;           /* PMU_OK, PMU_ERR_UNSUPPORTED (no usable PMU) or the read's fault */
	uint32_t fault_msr;
};

/* Reads only. PMU_ERR_UNSUPPORTED when pmu_core_present() is false. */
pmu_status core_snapshot(const struct pmu_backend *b, unsigned cpu, const struct cpu_info *ci,
			 struct core_snapshot *s);

enum core_ctr_kind { CORE_GP, CORE_FIXED };

/* One programmed event (ctr[i] is reqs[i]): what the log prints. */
struct core_counter {
	char name[EVENT_NAME_MAX];
	uint8_t kind;            /* enum core_ctr_kind */
	uint8_t index;
	uint8_t width;
	bool in_use;             /* was firmware's: taken only with force */
	uint32_t ctl_msr;        /* PERFEVTSELx or FIXED_CTR_CTRL */
	uint64_t ctl_val;        /* GP: config | EN; fixed: the whole FIXED_CTR_CTRL word written */
	uint32_t ctr_msr;        /* read from: PMCx or FIXED_CTRx */
	uint32_t load_msr;       /* preloaded through: PMCx, A_PMCx or FIXED_CTRx */
	uint64_t config;         /* the request's control word, EN stripped */
	uint64_t preload;
	uint32_t extra_msr;      /* 0: none */
	uint64_t extra_val;
	uint64_t start, end, delta;   /* raw reads after program and after stop; delta at width */
	bool overflowed;         /* GLOBAL_STATUS bit (v2+); v1: end < start */
};

/* What the enable and disable wrmsrs write (v2+: one; v1: one per GP counter). */
struct core_gate {
	unsigned n;
	uint32_t msr[CORE_MAX_GP];
	uint64_t on[CORE_MAX_GP], off[CORE_MAX_GP];
};

enum core_phase { CORE_NEW, CORE_PREPARED, CORE_PROGRAMMED, CORE_READ, CORE_RESTORED };

struct core_extra {
	uint32_t msr;
	uint64_t val;
	uint8_t scope;                  /* enum own_scope */
};

struct core_session {
	const struct pmu_backend *b;
	unsigned cpu;
	bool force;
	enum core_phase phase;
	struct core_snapshot snap;

	unsigned n;
	struct core_counter ctr[CORE_MAX_EVENTS];
	uint32_t gp_used, fixed_used;   /* counters of ours (bit n / bit i) */
	uint64_t our_bits;              /* their GLOBAL_CTRL / STATUS bits */
	uint64_t global_on, global_off;
	uint64_t fixed_ctrl;            /* FIXED_CTR_CTRL written */
	struct core_gate gate;
	unsigned n_extra;
	struct core_extra extra[CORE_MAX_EXTRA];

	uint32_t quirks_run;            /* bit q: core_quirks[q].before_program ran */
	uint32_t quirks_skipped;        /* bit q: skipped, its counters are firmware's */
	uint32_t quirk_gp;              /* GP counters quirk hooks will rewrite */

	/* Every register program may write, as found, in restore order (pmu/ownership.h). */
	unsigned n_own;
	struct own_reg own[CORE_MAX_OWN];
	bool core_scope_owner;          /* this session saves/programs/restores core-scope registers */

	/* Optional: core_measure calls it right before the enabling write (the quiet window's). */
	void (*before_on)(void *ctx);
	void *before_on_ctx;
	/* Optional, set after core_prepare: the kernel core_measure runs, for the backend. */
	const struct kernel_desc *desc;

	uint64_t kernel_result;         /* what the kernel returned (its checksum) */
	uint64_t tsc_on, tsc_off;       /* TSC just before enabling / after disabling; 0: not read */
	uint64_t status_end;            /* GLOBAL_STATUS read after stop */
	uint64_t status_cleared;        /* firmware's overflow (forced: freeze) bits cleared */
	bool metrics;                   /* SLOTS on FIXED_CTR3 and PERF_METRICS: zeroed, on, read */
	uint64_t metrics_end;           /* IA32_PERF_METRICS read after stop */

	pmu_status st;                  /* first error */
	unsigned bad_event;             /* request it concerns (validation errors) */
	unsigned bad_bit;               /* PMU_ERR_RESERVED: offending PERFEVTSEL bit */
	uint32_t fault_msr;             /* access that faulted */
	bool fault_write;
	pmu_status restore_st;          /* first restore problem (PMU_ERR_NOT_HELD: legacy write */
	uint32_t restore_msr;           /*   could not reproduce the saved counter value) */
	struct restore_tally readback;  /* its restores read back (pmu/restore_check.h) */
	char msg[128];                  /* one line naming the problem */
};

/*
 * Validates and allocates reqs (core events only) against the snapshot: fixed
 * counters first, then general-purpose ones most constrained first, skipping
 * counters firmware uses unless force. Writes no MSR. Errors: PMU_ERR_INVALID,
 * PMU_ERR_RESERVED, PMU_ERR_NO_COUNTER, PMU_ERR_IN_USE, or the snapshot's.
 */
pmu_status core_prepare(struct core_session *s, const struct pmu_backend *b, unsigned cpu,
			const struct core_snapshot *snap, const struct pmu_event_req *reqs,
			unsigned n, bool force);

/* Preload for event i (default 0); PMU_ERR_RANGE if the counter cannot be written to it. */
pmu_status core_set_preload(struct core_session *s, unsigned i, uint64_t value);

/*
 * Between prepare and program: whether this session owns the core-scope registers
 * of its core (default true). A sibling that does not leaves them to the owner:
 * it neither saves, writes nor restores them (see pmu/ownership.h for the run layer).
 */
pmu_status core_own_core_scope(struct core_session *s, bool owner);

/*
 * Saves (from the snapshot), disables, runs quirk hooks, programs. A fault restores what was
 * written.
 */
pmu_status core_program(struct core_session *s);

/* v1 and anything not a single global write: every gate entry in turn. */
pmu_status core_gate_write(const struct core_session *s, bool on);

/* The enabling write: on v2+ one wrmsr of GLOBAL_CTRL and nothing after it. */
static inline pmu_status core_start(const struct core_session *s)
{
	if (s->gate.n == 1)
		return pmu_wrmsr(s->b, s->cpu, s->gate.msr[0], s->gate.on[0]);
	return core_gate_write(s, true);
}

/* The disabling write: on v2+ one wrmsr of GLOBAL_CTRL. */
static inline pmu_status core_stop(const struct core_session *s)
{
	if (s->gate.n == 1)
		return pmu_wrmsr(s->b, s->cpu, s->gate.msr[0], s->gate.off[0]);
	return core_gate_write(s, false);
}

/* Ends, deltas and overflow bits; clears the overflow bits of ours it saw. */
pmu_status core_read(struct core_session *s);

/* Puts back every register written, in the order above; keeps going past failures. */
pmu_status core_restore(struct core_session *s);

/*
 * program, start, kernel(arg), stop, read, restore; the first error wins, restore
 * always runs. v2+ goes through pmu_gated_run; kernel_result and tsc_on/off are filled.
 */
pmu_status core_measure(struct core_session *s, uint64_t (*kernel)(const void *), const void *arg);

/* After a core_measure without error: prepared again, to measure the same plan once more. */
pmu_status core_rearm(struct core_session *s);

/* A write the engine tracks (restore puts it back) and reports on fault. For quirk hooks. */
pmu_status core_write(struct core_session *s, uint32_t msr, uint64_t val);

/* ---- per-model quirks (lib/pmu/core_quirks.c) ---- */

struct core_quirk {
	const char *name;         /* erratum or source */
	const char *desc;
	uint32_t family;
	const uint8_t *models;    /* NULL: every model of the family */
	unsigned nmodels;
	/* At discovery: fixes what CPUID reported; true when it changed something. */
	bool (*fix_pmu)(struct core_pmu *p, const struct cpu_info *ci);
	/* After the engine disabled counting, before it programs: tracked writes only. */
	pmu_status (*before_program)(struct core_session *s);
	uint32_t gp_touch;        /* GP counters before_program rewrites (saved, restored, must be free) */
};

extern const struct core_quirk core_quirks[];
extern const unsigned core_quirk_count;

bool core_quirk_applies(const struct core_quirk *q, uint32_t family, uint32_t model);

#endif
