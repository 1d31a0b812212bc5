/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Helpers shared by the reference model's uncore boxes (lib/model_uncore_*.c).
 * The boxes implement the seed text directly; they share no tables with the
 * tool side (lib/uncore*.c), so the tests can catch errors in those tables.
 */
#ifndef EFIPMU_MODEL_UNCORE_COMMON_H
#define EFIPMU_MODEL_UNCORE_COMMON_H

#include "model/model_devs.h"

/* Slots of the PACKAGE register file's scratch (thread files use enum model_scratch_slot). */
enum munc_scratch {
	MUNC_SCR_EDGE,       /* bit n: edge/threshold condition of counter n last cycle */
	MUNC_SCR_MFLAG,      /* NHM-EX: bit 6*box+n: M-box count-enable flag of counter n */
	MUNC_SCR_MSTOP,      /* NHM-EX: bit 6*box+n: M-box counter n stopped by wrap_mode 0 */
	MUNC_SCR_EDGE_HI,    /* edge conditions 64-127 (SNB-EP PCI boxes: 64 + 4*box + n) */
	MUNC_SCR_EDGE_X,     /* edge conditions 128 on, 64 a slot (Skylake-SP: MUNC_EDGE_BITS) */
};

/* The scratch word holding edge condition `bit` (below 128 + 64 (MODEL_SCRATCH - EDGE_X)). */
static inline uint64_t *munc_edge_word(struct model_regfile *rf, unsigned bit)
{
	if (bit < 128)
		return &rf->scratch[bit < 64 ? MUNC_SCR_EDGE : MUNC_SCR_EDGE_HI];
	return &rf->scratch[MUNC_SCR_EDGE_X + (bit - 128) / 64];
}

static inline bool munc_in(uint32_t msr, uint32_t base, unsigned n)
{
	return msr >= base && msr < base + n;
}

static inline uint64_t munc_mask(unsigned width)
{
	return width >= 64 ? ~0ull : (1ull << width) - 1;
}

static inline uint64_t munc_field(uint64_t v, unsigned lsb, unsigned width)
{
	return (v >> lsb) & munc_mask(width);
}

static inline void munc_set_bit(uint64_t *word, unsigned bit, bool on)
{
	*word = on ? *word | 1ull << bit : *word & ~(1ull << bit);
}

/* Adds n to the counter at msr modulo 2^width; true if it carried out of the top bit. */
bool munc_add(struct model_regfile *rf, uint32_t msr, uint64_t n, unsigned width);

/*
 * Increment of one counter for a cycle in which its event occurred n times,
 * after the threshold / invert / edge logic; bit of rf->scratch[MUNC_SCR_EDGE]
 * holds the condition of the previous cycle.
 *   thresh != 0: condition = inv ? n < thresh : n >= thresh; the counter adds 1 when it holds.
 *   thresh == 0 and !literal_zero (NHM CMASK "no effect"): condition = n > 0, inv ignored, adds n.
 *   thresh == 0 and literal_zero (SNB-EP: invert/edge are "in series following .thresh"):
 *     the comparison is made with 0, so n >= 0 always holds and n < 0 never does:
 *     adds n without invert and nothing with invert.
 * edge: adds 1 when the condition is true now and was false the cycle before.
 * Bits 64 on are kept in the slots after it (munc_edge_word).
 */
uint64_t munc_shape(struct model_regfile *rf, unsigned bit, uint64_t n, unsigned thresh, bool inv,
		    bool edge, bool literal_zero);

#endif
