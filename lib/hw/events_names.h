/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The names of the generated event lists (hw/events_gen.h), stored as sequences of
 * their dot-separated segments: written out, compared and looked up here.
 */
#ifndef EFIPMU_EVENTS_NAMES_H
#define EFIPMU_EVENTS_NAMES_H

#include <stdbool.h>
#include <stddef.h>
#include "hw/events_gen.h"

/* Longest name of any list, with its NUL (the generator checks the lists fit). */
#define EV_NAME_MAX 128

/* d's name into buf (cap bytes, NUL-terminated, cut to fit); returns its full length. */
size_t ev_name(const struct ev_def *d, char *buf, size_t cap);

/*
 * d's name against s[0..len), letters compared as upper case: < 0, 0, > 0 as d's name
 * sorts before, equals or sorts after s (the lists' order: tools/gen_events.py).
 */
int ev_name_cmp(const struct ev_def *d, const char *s, size_t len);

/* The auxiliary MSR of d and its value (0 and 0: none). */
static inline uint32_t ev_aux_msr(const struct ev_def *d)
{
	return ev_aux[d->aux].msr;
}

static inline uint64_t ev_aux_val(const struct ev_def *d)
{
	return ev_aux[d->aux].val;
}

/* What uncore event d sets beyond event and umask (filter, control extensions). */
static inline const struct ev_box_ext *ev_ext(const struct ev_def *d)
{
	return &ev_box_exts[d->ext];
}

/* The uncore filter bits d uses, 0 none. */
static inline uint64_t ev_filter(const struct ev_def *d)
{
	return ev_ext(d)->filter;
}

#endif
