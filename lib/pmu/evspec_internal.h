/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * What the files of the event-spec parser share (not part of its API, pmu/evspec.h):
 * evspec_util.c's text, message and register-word helpers, the term machinery and the
 * list helpers of evspec.c, the uncore names of evspec_box.c.
 */
#ifndef EFIPMU_EVSPEC_INTERNAL_H
#define EFIPMU_EVSPEC_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "pmu/evspec.h"
#include "util/fmt.h"

struct aux_terms;   /* evspec.c: the core's auxiliary-MSR terms */

/* Where the terms of one spec go: a register's layout, its word and the fields set. */
struct term_dest {
	const struct reg_layout *l;
	uint64_t enable_mask;   /* fields the engine sets */
	uint64_t *word;
	uint64_t touched;       /* masks of the fields a term named */
	struct aux_terms *aux;  /* core auxiliary-MSR terms, or NULL */
};

static inline uint32_t low_bits(unsigned n)
{
	return n >= 32 ? ~(uint32_t)0 : (((uint32_t)1 << n) - 1);
}

/* evspec_util.c */
void evspec_trim(const char **s, size_t *len);
/* name == s[0..len), ignoring case and how long runs of blanks are. */
int evspec_name_eq(const char *name, const char *s, size_t len);
size_t evspec_find_char(const char *s, size_t len, char c);
/* Starts err's message; the caller appends to it and returns err->st. */
struct strbuf evspec_err_begin(struct evspec_error *err, pmu_status st, const char *text);
/* The shape of most messages: pre'q'post. */
struct strbuf evspec_err_q(struct evspec_error *err, pmu_status st, const char *pre,
			   const char *q, size_t qlen, const char *post);
pmu_status evspec_err_field(struct evspec_error *err, pmu_status st, const struct reg_field *f,
			    const char *post);
const struct reg_field *evspec_field_at(const struct reg_layout *l, unsigned bit);
/* Sets a field the caller knows the layout has, with a value the caller knows fits. */
uint64_t evspec_put(const struct reg_layout *l, uint64_t word, const char *name, uint64_t v);
unsigned evspec_lowest_bit(uint64_t v);
pmu_status evspec_check_enable(const struct reg_layout *l, uint64_t config,
			       uint64_t enable_mask, struct evspec_error *err);
/* Final check of a control word: only bits this CPU implements (allowed) may be set. */
pmu_status evspec_validate(const struct reg_layout *l, uint64_t config, uint64_t allowed,
			   struct evspec_error *err);
pmu_status evspec_needs_fixed(struct evspec_error *err, const char *name, int idx);

/* evspec.c */
/* "term,term=value,..." into the registers of dst[0..ndst). */
pmu_status evspec_apply_terms(const char *pmu, struct term_dest *dst, unsigned ndst,
			      const char *terms, size_t len, struct evspec_error *err);
/* The counters list allows for a word of layout l (evspec.c says how). */
uint32_t evspec_counters_by_code(const struct cpu_info *ci, const struct ev_list *list,
				 const struct reg_layout *l, uint64_t config, uint32_t all);
/* The first term of pmu/terms/ when it names an event of list (*used: characters taken). */
const struct ev_def *evspec_leading_event(const struct ev_list *list,
					  const struct reg_layout *l, const char *t, size_t tl,
					  size_t *used);

/* evspec_box.c */
/* A name alone that is no core event: an uncore event or clock of this CPU, by m's lists. */
pmu_status evspec_uncore_named(const struct cpu_info *ci, const struct box_set *boxes,
			       const struct ev_model *m,
			       const char *s, size_t len, struct pmu_event_req *req,
			       struct evspec_error *err);

#endif
