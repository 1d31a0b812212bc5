/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * --list on every model profile: lines fit LISTING_WIDTH (74) columns, the core PMU and the
 * uncore boxes are described as CPUID and the box tables say, and every
 * event name of the model's generated lists appears exactly once.
 */
#include "testutil.h"
#include "boxes.h"
#include "hw/events_names.h"
#include "pmu/evspec.h"
#include "out/listing.h"
#include "pmu/uncore.h"

#define MAX_LINES 2000

struct collected {
	unsigned n;
	char *line[MAX_LINES];
	char *all;   /* every line joined with '\n' */
	size_t all_len;
};

static void collect(void *ctx, const char *line, size_t len)
{
	struct collected *c = ctx;
	assert_true(c->n < MAX_LINES);
	assert_int_equal(strlen(line), len);
	/* only an event name longer than the width may stand alone on a longer line */
	if (len > LISTING_WIDTH && (len < 3 || strchr(line + 2, ' ')))
		fail_msg("line wider than %d columns: %s", LISTING_WIDTH, line);
	assert_null(memchr(line, '\n', len));
	c->line[c->n] = malloc(len + 1);
	memcpy(c->line[c->n++], line, len + 1);
	c->all = realloc(c->all, c->all_len + len + 2);
	memcpy(c->all + c->all_len, line, len);
	c->all_len += len;
	c->all[c->all_len++] = '\n';
	c->all[c->all_len] = '\0';
}

static void collected_free(struct collected *c)
{
	for (unsigned i = 0; i < c->n; i++)
		free(c->line[i]);
	free(c->all);
	memset(c, 0, sizeof(*c));
}

static void list_profile(const char *profile, struct cpu_info *ci, struct collected *c)
{
	struct pmu_backend b;
	struct model *m = test_model(profile, 2, 1, &b);
	memset(ci, 0, sizeof(*ci));
	assert_int_equal(pmu_discover(&b, 1, ci), PMU_OK);
	ci->index = 1;
	char buf[80];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	memset(c, 0, sizeof(*c));
	listing_write(ci, test_boxes_of(ci), &sb, collect, c);
	assert_false(sb.overflow);
	free(m);
}

static void expect(const struct collected *c, const char *want)
{
	if (!c->all || !strstr(c->all, want))
		fail_msg("listing lacks '%s':\n%s", want, c->all ? c->all : "");
}

/*
 * Each name of l occurs exactly once as a whole word of an event line; from_header: only
 * in the section that starts with it (a hybrid part's core types share names).
 */
static void expect_events_in(const struct collected *c, const struct ev_list *l,
			     const char *from_header)
{
	for (unsigned i = 0; i < l->n; i++) {
		unsigned found = 0;
		char name[EV_NAME_MAX];
		size_t n = ev_name(&l->events[i], name, sizeof(name));
		bool in = !from_header;
		for (unsigned k = 0; k < c->n; k++) {
			const char *line = c->line[k];
			if (from_header && !strncmp(line, "Events of ", 10))
				in = !strncmp(line, from_header, strlen(from_header));
			if (strncmp(line, "  ", 2) || !in)
				continue;
			for (const char *p = strstr(line, name); p; p = strstr(p + 1, name))
				found += p[-1] == ' ' && (p[n] == ' ' || !p[n]);
		}
		if (found != 1)
			fail_msg("%s: %u times", name, found);
	}
}

static void expect_every_event(const struct collected *c, const struct ev_list *l)
{
	expect_events_in(c, l, NULL);
}

static void test_sandy_bridge_ep(void **state)
{
	(void)state;
	struct cpu_info ci;
	struct collected c;
	list_profile("sandy-bridge-ep", &ci, &c);
	assert_string_equal(c.line[0], "CPU 1: GenuineIntel family 0x6 model 0x2d stepping 5");
	expect(&c, "  Simulated Xeon E5 8-core ES (Sandy Bridge-EP)");
	expect(&c, "Core PMU: architectural version 3\n");
	expect(&c, "  GP: 4 x 48-bit counters, PERFEVTSEL 0x186-0x189, PMC 0xc1-0xc4\n");
	expect(&c, "  fixed: 3 x 48-bit counters, FIXED_CTR 0x309-0x30b, control 0x38d\n");
	expect(&c, "  full-width counter writes: yes, A_PMC 0x4c1-0x4c4\n");
	expect(&c, "    yes  Branch Mispredicts Retired\n");
	expect(&c, "Uncore: sandy-bridge-ep, one set of boxes per package\n");
	expect(&c, "  uncore_ubox: 2 x 44-bit counters, ctl 0xc10-0xc11, ctr 0xc16-0xc17\n");
	expect(&c, "    fixed counter: 44-48 bits (probed), control 0xc08, counter 0xc09\n"
		   "      the clock it counts: event 'UNC_U_CLOCKTICKS'\n");
	expect(&c, "  uncore_cbox_7: 4 x 44-bit counters, ctl 0xdf0-0xdf3, ctr 0xdf6-0xdf9\n");
	expect(&c, "    box ctl 0xde4\n");
	expect(&c, "  uncore_pcu: 4 x 48-bit counters");
	assert_null(strstr(c.all, "mbox"));
	const struct ev_model *m = ev_model_for(&ci);
	assert_non_null(m);
	assert_non_null(m->uncore);
	expect(&c, "Events of cpu (list JKT/Jaketown_core, ");
	expect(&c, "Events of uncore_cbox (list JKT/Jaketown_uncore, 97 events");
	expect(&c, "Events of uncore_pcu (list JKT/Jaketown_uncore, 39 events");
	expect(&c, "Events of uncore_ubox (list JKT/Jaketown_uncore, 24 events");
	expect_every_event(&c, m->core);
	for (unsigned u = 0; u < 3; u++)
		expect_every_event(&c, m->uncore[u]);
	collected_free(&c);
}

static void test_nehalem_profiles(void **state)
{
	(void)state;
	struct cpu_info ci;
	struct collected c;
	list_profile("nehalem-ep", &ci, &c);
	expect(&c, "  full-width counter writes: no");
	expect(&c, "Uncore: nehalem-westmere-client, one set of boxes per package\n");
	expect(&c, "  uncore: 8 x 48-bit counters, ctl 0x3c0-0x3c7, ctr 0x3b0-0x3b7\n");
	expect(&c, "    fixed counter: 48 bits, control 0x395, counter 0x394\n"
		   "      the clock it counts: event 'UNCORE_CLOCK'\n");
	expect(&c, "    global ctl 0x391, status 0x392, overflow clear 0x393\n");
	expect_every_event(&c, ev_model_for(&ci)->core);
	expect(&c, "Uncore events from Linux and likwid (12, -e NAME or box/NAME/):\n");
	expect(&c, "Kernels (-k NAME):\n  empty: ");
	expect(&c, "\n  chase: ");
	expect(&c, "  UNC_QMC_NORMAL_READS.ANY (uncore)\n");
	collected_free(&c);

	list_profile("westmere-ex", &ci, &c);
	expect(&c, "  uncore_mbox_1: 6 x 48-bit counters, ctl 0xcf0-0xcfa, ctr 0xcf1-0xcfb\n");
	expect(&c, "    box ctl 0xce0, global ctl 0xc00, status 0xce1, overflow clear 0xce2\n");
	expect(&c, "  uncore_ubox: 1 x 48-bit counter, ctl 0xc10, ctr 0xc11\n");
	expect_every_event(&c, ev_model_for(&ci)->core);
	expect(&c, "  MBOX_CLOCKTICKS (uncore_mbox)\n");
	expect(&c, "  BUF_VALID_LOCK (uncore_ubox)\n");
	collected_free(&c);
}

/* A hybrid part lists each core type's events, as perf's PMUs name them. */
static void test_hybrid_lists_per_core_type(void **state)
{
	(void)state;
	struct cpu_info ci;
	struct collected c;
	list_profile("meteor-lake", &ci, &c);
	expect(&c, "A bare NAME counts on every CPU whose core type's list has it;\n"
		   "cpu_core/NAME/ and cpu_atom/NAME/ on that core type's CPUs only:\n");
	expect(&c, "Events of cpu_core (list MTL/meteorlake_redwoodcove_core, 323 events");
	expect(&c, "Events of cpu_atom (list MTL/meteorlake_crestmont_core, 253 events");
	expect_events_in(&c, ev_model_of(&ci, CORE_TYPE_CORE)->core, "Events of cpu_core");
	expect_events_in(&c, ev_model_of(&ci, CORE_TYPE_ATOM)->core, "Events of cpu_atom");
	collected_free(&c);
	list_profile("sapphire-rapids", &ci, &c);
	expect(&c, "Events of cpu (list SPR/sapphirerapids_core, 411 events");
	assert_null(strstr(c.all, "cpu_atom"));
	collected_free(&c);
}

static void test_unavailable_arch_event_and_no_pmu(void **state)
{
	(void)state;
	struct cpu_info ci;
	struct collected c;
	list_profile("no-pmu", &ci, &c);
	expect(&c, "Core PMU: none usable (");
	assert_null(strstr(c.all, "general-purpose"));
	collected_free(&c);

	/* CPUID.0AH:EBX bit 4 set: LLC Misses not available. */
	list_profile("nehalem-ep", &ci, &c);
	collected_free(&c);
	ci.arch.ebx_unavail = 1u << 4;
	char buf[80];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	listing_write(&ci, test_boxes_of(&ci), &sb, collect, &c);
	expect(&c, "    no   LLC Misses\n");
	expect(&c, "    yes  LLC Reference\n");
	collected_free(&c);

	/* A model without generated lists. */
	list_profile("nehalem-ep", &ci, &c);
	collected_free(&c);
	ci.model = 0x3A;
	ci.uncore = UNCORE_NONE;
	sb_init(&sb, buf, sizeof(buf));
	listing_write(&ci, test_boxes_of(&ci), &sb, collect, &c);
	expect(&c, "Events: no generated list for this model");
	expect(&c, "Uncore: none (");
	collected_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sandy_bridge_ep),
		cmocka_unit_test(test_nehalem_profiles),
		cmocka_unit_test(test_unavailable_arch_event_and_no_pmu),
		cmocka_unit_test(test_hybrid_lists_per_core_type),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
