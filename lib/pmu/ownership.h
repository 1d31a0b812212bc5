/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Register ownership: one record for every register a run touches, for the
 * core engine (one set per CPU) and the uncore engine (one set per package).
 * Each record holds the register's scope, the value firmware left (read
 * before any write), the bits the tool owns and whether it was written.
 *
 * Gating keeps firmware's bits: a gate writes (found & ~ours) | (stop & ours)
 * to stop and (found & ~ours) | (run & ours) to start; for plain enable bits
 * (stop 0, run all ones) that is found & ~ours and found | ours.
 *
 * Restore (own_restore) is data only, so it can be replayed through any
 * backend on any CPU, e.g. from the boot CPU's copy of a CPU that timed out:
 *   pass 1, last record first: every written record with a quiet value gets
 *           it (gates stopped, PERFEVTSELx without EN), so nothing of ours counts;
 *   pass 2, first record first: every written record gets back what firmware
 *           left (through its write alias, e.g. IA32_A_PMCx), unless pass 1
 *           already wrote exactly that.
 * So engines add records in the order pass 2 needs: counters, auxiliary
 * registers, controls, then gates (box before global).
 *
 * Scope (per thread or per package: Intel SDM Vol. 3B ch. 18; Linux intel/core.c):
 * OFFCORE_RSP_0/1 are shared by the two threads of a Nehalem/Westmere core
 * (the kernel shares them between HT siblings there; on Sandy Bridge "all extra
 * regs are per-cpu when HT is on", PMU_FL_NO_HT_SHARING).
 *
 * Run-layer calls: the records are core_session.own[0..n_own) per CPU and
 * uncore_session.saved[0..nsaved) per package; log them with logrec_ownership
 * (out/logrec.h); replay a CPU's restore with
 *   own_restore(copy, n, backend, cpu, &bad_msr)
 * from a copy of its records (memcpy of own[] and n_own) when it timed out.
 *
 * Intended run-layer use for core-scope registers (sibling threads run at once):
 *   - for each CPU, own_core_owner() says which sibling of its core owns the
 *     core-scope registers (the lowest-numbered enabled, selected thread);
 *   - every CPU gets the same event list, so siblings want the same values;
 *   - after core_prepare, a CPU that is not the owner calls
 *     core_own_core_scope(s, false): its session neither saves, programs nor
 *     restores core-scope registers; the owner's session does all three once;
 *   - the owner programs before the common start barrier and restores after the
 *     common stop barrier, so the sibling's window sees the owner's value and the
 *     owner's "found" is firmware's value, never the sibling's programmed one.
 * CPUs measured one after another (each restores before the next programs) may
 * all own their core-scope registers: each then finds firmware's value.
 */
#ifndef EFIPMU_OWNERSHIP_H
#define EFIPMU_OWNERSHIP_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/backend.h"
#include "pmu/cpuinfo.h"
#include "util/cpuset.h"
#include "util/status.h"

enum own_scope { OWN_THREAD, OWN_CORE, OWN_PACKAGE, OWN_DIE };

/*
 * How the restore's read-back (pmu/restore_check.h) compares a record, set by the engine
 * that makes it, per register kind: a control, gate or auxiliary register exactly; a
 * counter modulo its width (and, where firmware left it counting, within a bound ahead);
 * a read-only status register not at all.
 */
enum own_check { OWN_CHECK_EXACT, OWN_CHECK_COUNTER, OWN_CHECK_NONE };

/* One register the run touches. */
struct own_reg {
	uint32_t msr;          /* the register, as read: an MSR or a PCI/MMIO key (pmu/regkey.h) */
	uint32_t wr_msr;       /* written through (IA32_A_PMCx for PMCx); 0: msr itself */
	uint8_t scope;         /* enum own_scope */
	bool written;          /* the tool wrote it: restore puts orig back */
	bool has_quiet;        /* restore pass 1 writes quiet first */
	bool inexact;          /* restore cannot reproduce orig (legacy PMCx write) */
	uint64_t orig;         /* the value found: what firmware left */
	uint64_t ours;         /* the bits the tool owns (all ones: the whole register) */
	uint64_t quiet;        /* found with our counting stopped (gates, PERFEVTSELx & ~EN) */
	uint64_t restore_val;  /* what pass 2 writes: orig, or what a legacy write can hold */
	/*
	 * A counter whose writes need its control enabled (box_ops.ctr_write_gated): pass 2
	 * writes en_msr en_on, the counter, then en_msr en_off; 0: none.
	 */
	uint32_t en_msr;
	uint64_t en_on, en_off;
	uint8_t check;         /* enum own_check: how its read-back after restore compares */
	uint8_t width;         /* OWN_CHECK_COUNTER: the counter's width */
	bool live;             /* OWN_CHECK_COUNTER: firmware left it counting, restore too */
};

/*
 * A set is an array of records in restore order with its count, sized by its
 * owner: one per CPU in struct core_session (own, n_own), one per package in
 * struct uncore_session (saved, nsaved). These functions take (reg, n).
 */

/*
 * Adds msr (found value orig, whole register ours) unless present; NULL when the
 * set already holds cap records. The caller refines ours, quiet, wr_msr, restore_val.
 */
struct own_reg *own_add(struct own_reg *reg, unsigned *n, unsigned cap, uint32_t msr,
			enum own_scope scope, uint64_t orig);

/* The record read or written as msr (its own number or its write alias), or NULL. */
struct own_reg *own_find(struct own_reg *reg, unsigned n, uint32_t msr);
const struct own_reg *own_find_const(const struct own_reg *reg, unsigned n, uint32_t msr);

/* Marks the record of msr written; false if no record holds it. */
bool own_mark_written(struct own_reg *reg, unsigned n, uint32_t msr);

/* Gate values keeping firmware's bits: (found & ~ours) | (val & ours). */
static inline uint64_t own_gate(uint64_t found, uint64_t ours, uint64_t val)
{
	return (found & ~ours) | (val & ours);
}

/*
 * Puts every written record back on cpu through b (the two passes above), going
 * on past failures. PMU_OK, the first failing write's status (*fail_msr set when
 * fail_msr), or PMU_ERR_NOT_HELD for an inexact record. The set is not changed:
 * it can be replayed, e.g. on a CPU that timed out, once it answers.
 */
pmu_status own_restore(const struct own_reg *reg, unsigned n, const struct pmu_backend *b,
		       unsigned cpu, uint32_t *fail_msr);

/* Clears every written flag: after a restore, a second one writes nothing. */
void own_forget_writes(struct own_reg *reg, unsigned n);

/* How many records were written. */
unsigned own_written_count(const struct own_reg *reg, unsigned n);

/* Scope of a core MSR on a CPU of this family/model: OFFCORE_RSP_0/1 are core scope on Nehalem/Westmere. */
enum own_scope own_scope_of(uint32_t family, uint32_t model, uint32_t msr);

/* "thread", "core", "package". */
const char *own_scope_name(enum own_scope s);

/*
 * The CPU (ci[i].index) that owns the core-scope registers of cpu's core: the
 * lowest-numbered enabled CPU in sel with cpu's package and core. cpu itself
 * when it is not among ci[0..n) (then it shares with nobody it knows of).
 */
unsigned own_core_owner(const struct cpu_info *ci, unsigned n, const struct cpuset *sel, unsigned cpu);

#endif
