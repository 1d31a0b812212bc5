/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "run/log_sync.h"

void log_sync_begin(struct log_sync *s, uint32_t ms, unsigned per_repeat, uint64_t logged)
{
	s->ms = ms;
	s->every = 0;
	s->last = 0;
	s->flushed = logged;
	s->per_repeat = per_repeat;
	s->fresh_until = per_repeat;   /* the first repeat: every step for the first time */
}

bool log_sync_step(struct log_sync *s, unsigned step, bool trouble, uint64_t now,
		   uint64_t logged)
{
	if (trouble)   /* the rest of this repeat and the next, up to this step again, run anew */
		s->fresh_until = step + s->per_repeat + 1;
	if (step < s->fresh_until || logged - s->flushed >= LOG_SYNC_GROUP_BYTES)
		return true;
	if (!s->every)
		return (step + 1) % s->per_repeat == 0;
	return now - s->last >= s->every;
}

void log_sync_flushed(struct log_sync *s, uint64_t now, uint64_t tsc_per_us, uint64_t logged)
{
	s->every = (uint64_t)s->ms * 1000u * tsc_per_us;
	s->last = now;
	s->flushed = logged;
}
