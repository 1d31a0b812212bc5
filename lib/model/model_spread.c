/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The replay of a spread (model.h): what model_run_cycle does cycle after
 * cycle, in far fewer steps. The cycles between two noise events (the timer,
 * SMIs) only add stimuli to counters, so a device that says its configuration
 * allows it (struct model_dev.cycles) takes all but the last of them as one
 * sum; the last runs singly, so what depends on the last cycle alone (edge
 * history) is what one-by-one replay leaves. Devices are independent of one
 * another within a cycle, so each replays the stretch on its own.
 */
#include "model/model_devs.h"
#include "model/model_noise.h"
#include "util/fmt.h"

/* Where a spread stands: each stimulus's remainder, (i * total) mod cycles after cycle i. */
struct pos {
	uint64_t rem[MODEL_SPREAD_STIMS];
};

/* Moves p on by k cycles; out gets each stimulus's occurrences in them. */
static void step(const struct model_spread *s, struct pos *p, uint64_t k, struct model_stim *out)
{
	for (unsigned i = 0; i < s->nstim; i++) {
		uint64_t a = p->rem[i] + k * s->total[i].count;
		out[i].code = s->total[i].code;
		out[i].count = a / s->cycles;
		p->rem[i] = a % s->cycles;
	}
}

/* The most cycles one step may take: rem + k * total stays within 64 bits. */
static uint64_t step_limit(const struct model_spread *s)
{
	uint64_t lim = UINT64_MAX;
	for (unsigned i = 0; i < s->nstim; i++) {
		uint64_t t = s->total[i].count, most = t ? (UINT64_MAX - (s->cycles - 1)) / t : lim;
		lim = most < lim ? most : lim;
	}
	return lim;
}

/* k cycles of d from `at`: all but the last in bulk where d can, else one by one. */
static void dev_stretch(struct model *m, unsigned cpu, const struct model_dev *d,
			const struct model_spread *s, const struct pos *at, uint64_t k)
{
	struct model_stim st[MODEL_SPREAD_STIMS];
	struct model_cycle c = { .cpl = s->cpl, .stim = st, .nstim = s->nstim };
	struct model_regfile *rf = model_file_take(m, d, cpu);
	struct pos p = *at;
	uint64_t single = k;
	if (k > 1 && d->cycles) {
		step(s, &p, k - 1, st);
		if (d->cycles(m, rf, &c, k - 1))
			single = 1;
		else
			p = *at;
	}
	m->replayed[cpu].bulk += k - single;
	m->replayed[cpu].single += single;
	for (uint64_t i = 0; i < single; i++) {
		step(s, &p, 1, st);
		d->cycle(m, rf, &c);
	}
	model_file_give(m, d, cpu);
}

pmu_status model_run_spread(struct model *m, unsigned cpu, const struct model_spread *s)
{
	if (cpu >= m->ncpus || s->nstim > MODEL_SPREAD_STIMS)
		return PMU_ERR_INVALID;
	struct model_stim unused[MODEL_SPREAD_STIMS];
	struct pos at;
	pmu_memset(&at, 0, sizeof(at));
	uint64_t lim = step_limit(s);
	for (uint64_t done = 0, k; done < s->cycles; done += k) {
		uint64_t quiet = model_noise_quiet(m, cpu);
		k = s->cycles - done;
		k = k < quiet ? k : quiet;
		k = k < lim ? k : lim;
		for (unsigned i = 0; i < m->p->ndevs; i++)
			if (m->p->devs[i]->cycle)
				dev_stretch(m, cpu, m->p->devs[i], s, &at, k);
		step(s, &at, k, unused);
		model_noise_advance(m, cpu, k);
	}
	return PMU_OK;
}
