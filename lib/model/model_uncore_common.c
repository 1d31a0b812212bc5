/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* Counting logic shared by the reference model's uncore boxes. */
#include "model/model_uncore_common.h"

bool munc_add(struct model_regfile *rf, uint32_t msr, uint64_t n, unsigned width)
{
	uint64_t max = munc_mask(width), v = model_peek(rf, msr) & max;
	if (!n)
		return false;
	(void)model_poke(rf, msr, (v + n) & max);
	return n > max - v;
}

uint64_t munc_shape(struct model_regfile *rf, unsigned bit, uint64_t n, unsigned thresh, bool inv,
		    bool edge, bool literal_zero)
{
	bool cond;
	uint64_t plain;
	if (thresh || literal_zero) {
		cond = inv ? n < thresh : n >= thresh;
		plain = thresh ? cond : (cond ? n : 0);
	} else {
		cond = n > 0;
		plain = n;
	}
	uint64_t *word = munc_edge_word(rf, bit);
	bool prev = (*word >> (bit & 63)) & 1;
	munc_set_bit(word, bit & 63, cond);
	return edge ? (cond && !prev) : plain;
}
