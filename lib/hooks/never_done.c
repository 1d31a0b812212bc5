/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include "hooks/never_done.h"

static struct never_done *of(void *ctx)
{
	return ctx;
}

static pmu_status nd_start_aps(void *ctx, plat_fn proc, void *arg, uint64_t limit_us)
{
	const struct rounds_host *h = &of(ctx)->inner;
	pmu_status st = h->ops->start_aps(h->ctx, proc, arg, limit_us);
	of(ctx)->started |= st == PMU_OK;
	return st;
}

static pmu_status nd_run_on(void *ctx, unsigned cpu, plat_fn fn, void *arg, uint64_t timeout_us)
{
	const struct rounds_host *h = &of(ctx)->inner;
	return h->ops->run_on(h->ctx, cpu, fn, arg, timeout_us);
}

/* Nothing started: nothing to wait for. Once one was: firmware's word never comes. */
static bool nd_settle(void *ctx)
{
	return !of(ctx)->started && rounds_settle(&of(ctx)->inner);
}

static uint64_t nd_tsc(void *ctx)
{
	return of(ctx)->inner.ops->tsc(of(ctx)->inner.ctx);
}

static void nd_pause(void *ctx)
{
	of(ctx)->inner.ops->pause(of(ctx)->inner.ctx);
}

static void *nd_alloc(void *ctx, size_t bytes)
{
	return of(ctx)->inner.ops->alloc(of(ctx)->inner.ctx, bytes);
}

static void nd_free(void *ctx, void *p)
{
	of(ctx)->inner.ops->free(of(ctx)->inner.ctx, p);
}

static const struct rounds_ops never_done_ops = {
	.start_aps = nd_start_aps, .run_on = nd_run_on, .settle = nd_settle,
	.tsc = nd_tsc, .pause = nd_pause, .alloc = nd_alloc, .free = nd_free,
};

void never_done_init(struct never_done *n, struct rounds_host *h)
{
	n->inner = *h;
	n->started = false;
	h->ops = &never_done_ops;
	h->ctx = n;
}
