/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Two machines in one process (issue 34 item 1): a run of Ice Lake-SP (its uncore found by
 * the PCI scan, its iMC in MMIO) and a run of Sapphire Rapids (its uncore read from the
 * discovery table) alive at once, their steps interleaved, each log and console exactly
 * what the same run writes alone: no run sees the other's tables, scan or write guard.
 */
#include <ctype.h>
#include "run_harness.h"

#define CFG(profile) "backend = sim\nsim-profile = " profile "\nsim-noise = none\n" \
		     "kernels = stream\nsim-firmware = clean\n"
#define ICX CFG("icelake-sp")
#define SPR CFG("sapphire-rapids")

struct text {
	char *console, *log;
};

static char *copy(const char *s)
{
	char *c = malloc(strlen(s) + 1);
	assert_non_null(c);
	return memcpy(c, s, strlen(s) + 1);
}

/* The digits after each `after` in s zeroed: the buffer's address differs run to run. */
static void unaddress(char *s, const char *after)
{
	for (char *p = s; (p = strstr(p, after)); ) {
		for (p += strlen(after); isxdigit((unsigned char)*p); p++)
			*p = '0';
	}
}

/* What the run wrote, kept past done(), the buffer's address left out. */
static struct text kept(const struct outcome *o)
{
	struct text t = { copy(o->f->console), copy(o->f->log) };
	unaddress(t.console, " MiB at 0x");
	unaddress(t.log, "\"address\":\"0x");
	return t;
}

static void text_free(struct text *t)
{
	free(t->console);
	free(t->log);
}

/* The run of cfg alone, start to end, and what it wrote. */
static struct text alone(const char *cfg)
{
	struct outcome o = start_cfg(cfg, 4, 2, 1, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	struct text t = kept(&o);
	done(&o);
	return t;
}

/* o wrote what the same run alone wrote, and passed. */
static void same_as(struct outcome *o, const struct text *want)
{
	assert_int_equal(o->v, VERDICT_PASS);
	struct text got = kept(o);
	assert_string_equal(got.console, want->console);
	assert_string_equal(got.log, want->log);
	text_free(&got);
	done(o);
}

/*
 * Both runs prepared (the boot CPU's discovery, its boxes and tables: run_init), then one
 * run to its end and the other: first the one prepared second, then the one prepared first.
 */
static void interleaved(void **state)
{
	(void)state;
	struct text icx = alone(ICX), spr = alone(SPR);
	/* the discovery run's table in its log and its CHAs by the table: what a mix-up loses */
	assert_int_equal(fake_count(spr.log, "\"scope\":\"discovery\""), 2);
	assert_int_equal(fake_count(spr.log, "\"source\":\"discovery table\""), 2);
	assert_int_equal(fake_count(icx.log, "\"rec\":\"uncore_imc_freerun\""), 10);

	struct outcome s = start_cfg(SPR, 4, 2, 1, NULL), i = start_cfg(ICX, 4, 2, 1, NULL);
	finish(&i);
	finish(&s);
	same_as(&i, &icx);
	same_as(&s, &spr);

	i = start_cfg(ICX, 4, 2, 1, NULL);
	s = start_cfg(SPR, 4, 2, 1, NULL);
	finish(&s);
	finish(&i);
	same_as(&s, &spr);
	same_as(&i, &icx);
	text_free(&icx);
	text_free(&spr);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(interleaved),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
