/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Event specs as the user writes them, resolved for one CPU into a
 * struct pmu_event_req. Accepted forms (names are case-insensitive):
 *   cpu/event=0x3c,umask=0,edge,inv,cmask=1,usr,os/   perf terms: layout_perfevtsel field names
 *                                                     and aliases; `term` alone means term=1;
 *                                                     config=N sets the whole word
 *   cpu/UOPS_ISSUED.ANY,cmask=1,inv/                  a list event, then terms that modify it
 *   cpu/event=0xb7,umask=1,offcore_rsp=0x10001/       auxiliary MSR terms (hw/core_aux.h):
 *   cpu/event=0xcd,umask=1,ldlat=32/                  offcore_rsp= OFFCORE_RSP_0/1, ldlat= the
 *                                                     load-latency threshold; the event's MSR is
 *                                                     always set (term, list value, default)
 *   r01c3                                             perf raw: the PERFEVTSEL word in hex
 *   instructions cycles cpu-cycles ref-cycles bus-cycles branches branch-instructions
 *   branch-misses cache-references cache-misses      perf generic names
 *   UnHalted Core Cycles ... Branch Mispredicts Retired   the architectural events (SDM 18.2)
 *   INST_RETIRED.ANY                                  Intel's list for this CPU model; on a
 *                                                     hybrid CPU every core type's list that
 *                                                     has it (one request per core type)
 *   cpu_atom/LONGEST_LAT_CACHE.MISS/ cpu_core/...     hybrid: one core type's CPUs, its list
 *   uncore_ubox/event=0x44/ uncore_ubox/UNC_U_LOCK_CYCLES/ UNC_U_LOCK_CYCLES   uncore boxes
 *   uncore_cbox_0/UNC_C_LLC_LOOKUP.DATA_READ,state=0x1f/   terms of the box's filter (the
 *                                                     event's fields only; req extra_msr)
 * Core requests carry USR and OS (both when neither is set: in UEFI everything runs at
 * ring 0) but never EN (enable bits are the engine's) nor INT (no overflow PMI, see
 * CORE_INT_REFUSED). For a fixed counter, config carries
 * USR/OS/AnyThread in their PERFEVTSEL positions; counter_mask 0 means fixed-only.
 */
#ifndef EFIPMU_EVSPEC_H
#define EFIPMU_EVSPEC_H

#include <stddef.h>
#include <stdint.h>
#include "pmu/cpuinfo.h"
#include "hw/event.h"
#include "hw/events_gen.h"
#include "hw/regfield.h"
#include "util/status.h"
#include "pmu/uncore.h"

struct evspec_error {
	pmu_status st;
	char msg[128];   /* one line naming the problem */
};

/*
 * One spec (NUL-terminated) for CPU ci, whose machine's uncore boxes are boxes (NULL: none).
 * On error req is unspecified and err says why.
 */
pmu_status evspec_parse(const struct cpu_info *ci, const struct box_set *boxes, const char *spec,
			struct pmu_event_req *req, struct evspec_error *err);

/* The most requests evspec_parse_list makes of list: two a spec (a hybrid part's twin). */
unsigned evspec_list_max(const char *list);

/* Specs separated by commas outside /.../; *n is how many were parsed before any error. */
pmu_status evspec_parse_list(const struct cpu_info *ci, const struct box_set *boxes, const char *list,
			     struct pmu_event_req *reqs, unsigned max, unsigned *n,
			     struct evspec_error *err);

/*
 * Applies "term,term=value,..." (terms[0..len)) to *config using the fields of l.
 * Terms naming a field inside enable_mask are refused; pmu names the PMU in errors.
 */
pmu_status evspec_parse_terms(const char *pmu, const struct reg_layout *l, const char *terms,
			      size_t len, uint64_t enable_mask, uint64_t *config,
			      struct evspec_error *err);

/* The terms of box/terms/ (an optional list event first), for box. */
pmu_status evspec_parse_box(const struct cpu_info *ci, const struct box_desc *box,
			    const char *terms, size_t len, struct pmu_event_req *req,
			    struct evspec_error *err);

/*
 * Name of architectural event i (CPUID.0AH:EBX bit i, Intel SDM Vol. 3B table 18-1), NULL past the
 * table.
 */
const char *evspec_arch_name(unsigned i);

/* Generated lists of this CPU (Intel family 6 only), or NULL. */
const struct ev_model *ev_model_for(const struct cpu_info *ci);
/* The same for CPUs of core_type on ci's model (hybrid: cpu_core/, cpu_atom/), or NULL. */
const struct ev_model *ev_model_of(const struct cpu_info *ci, uint8_t core_type);
/* Hybrid: the core type ci is not (CORE_TYPE_ATOM for a P-core); 0 when not hybrid. */
uint8_t evspec_other_core_type(const struct cpu_info *ci);
/* Event of that name (case-insensitive, need not be NUL-terminated) in l, or NULL. */
const struct ev_def *ev_find(const struct ev_list *l, const char *name, size_t len);

#endif
