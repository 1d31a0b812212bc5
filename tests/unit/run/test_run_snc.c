/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Sub-NUMA clusters from the SRAT (issue 33 item 1, lib/run/snc.c) on the model, whose
 * firmware lays its SRAT out from ACPI 6.5 5.2.16 (model_srat.c, sim-snc): SNC-2 and SNC-3
 * on Sapphire Rapids named by package and CPUs (no public rule maps its boxes to clusters),
 * SNC-3 on Granite Rapids with its CHAs and iMCs placed,
 * a machine without an SRAT said in one line, SNC-1 logged without a console line, a count
 * the model cannot make refused before any register is written. The capture keeps the table's
 * bytes; a profile made of them gives its model the same table, and one edited by hand (a
 * package unlike the other, a wrong checksum) is named.
 */
#include "run_harness.h"
#include "machine_of_log.h"
#include "capture/profile.h"

#define TEXT_MAX (8u << 20)

#define CFG(snc) "backend = sim\nsim-profile = sapphire-rapids\nsim-noise = none\n" \
		 "sim-firmware = clean\n" snc

static void snc2_named_per_package(void **state)
{
	(void)state;
	struct outcome o = start_cfg(CFG("sim-snc = 2\n"), 8, 2, 1, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	/* 4 cores a package, split in order: P0's domains 0-1, P1's 2-3; collapsed in one line */
	assert_int_equal(fake_count(o.f->console, "[SIM] P0-1: SNC-2: domains 0-1 / 2-3; P0's "
				    "clusters: CPUs 0-1 | 2-3; which CHAs and iMCs serve each is not "
				    "published for this part\n"), 1);
	assert_int_equal(fake_count(o.f->console, "SNC-"), 1);
	assert_int_equal(fake_count(o.f->console, "no SRAT"), 0);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"snc\""), 2);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"snc\",\"schema\":2,\"simulated\":true,\"package\":1,"
				    "\"clusters\":2,\"alike\":true,\"box_rule\":\"not published\","
				    "\"domains\":[{\"domain\":2,\"cpus\":\"4-5\"},{\"domain\":3,"
				    "\"cpus\":\"6-7\"}]}"), 1);
	done(&o);
}

static void snc3_two_threads_a_core(void **state)
{
	(void)state;
	struct outcome o = start_cfg(CFG("sim-snc = 3\n"), 24, 2, 2, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	/* 6 cores of 2 threads a package: 2 cores (4 CPUs) a cluster */
	assert_int_equal(fake_count(o.f->console, "[SIM] P0-1: SNC-3: domains 0-2 / 3-5; P0's "
				    "clusters: CPUs 0-3 | 4-7 | 8-11;"), 1);
	assert_int_equal(fake_count(o.f->log, "\"package\":0,\"clusters\":3,\"alike\":true"), 1);
	assert_int_equal(fake_count(o.f->log, "{\"domain\":5,\"cpus\":\"20-23\"}"), 1);
	done(&o);
}

/*
 * Granite Rapids: its boxes placed by Linux perf's rule (tools/perf/arch/x86/util/pmu.c,
 * 0ffca606e902), worked out by hand here: 6 CHAs a package (a core each) split evenly and in
 * order, 2 a cluster; the iMCs by SNC-3's table {1,1,0,0,2,2,1,1,...}: channels 2-3 to
 * cluster 0, 0-1 and 6-7 to cluster 1, 4-5 to cluster 2.
 */
static void gnr_snc3_boxes_placed(void **state)
{
	(void)state;
	struct outcome o = start_cfg("backend = sim\nsim-profile = granite-rapids\nsim-noise = none\n"
				     "sim-firmware = clean\nsim-snc = 3\n", 24, 2, 2, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "[SIM] P0-1: SNC-3: domains 0-2 / 3-5; CHAs 0-1 | "
				    "2-3 | 4-5; iMCs 2-3 | 0-1,6-7 | 4-5 (Linux perf's Granite Rapids "
				    "rule)\n"), 1);
	assert_int_equal(fake_count(o.f->log, "{\"domain\":4,\"cpus\":\"16-19\",\"chas\":\"2-3\","
				    "\"imcs\":\"0-1,6-7\"}"), 1);
	done(&o);
}

/* Real size (issue 33 item 1): 16 packages, one line for all of them, a record each. */
static void sixteen_packages(void **state)
{
	(void)state;
	struct outcome o = start_cfg(CFG("sim-snc = 2\n"), 32, 16, 1, NULL);
	finish(&o);
	/* (the model makes Sapphire Rapids' discovery tables for 4 sockets: no verdict asked here) */
	assert_int_equal(fake_count(o.f->console, "[SIM] P0-15: SNC-2: domains 0-1 / 2-3 / 4-5 / "
				    "6-7 / 8-9 / 10-11 / 12-13 / 14-15 / 16-17 / 18-19 / 20-21 / 22-23 / "
				    "24-25 / 26-27 / 28-29 / 30-31; P0's clusters: CPUs 0 | 1;"), 1);
	assert_int_equal(fake_count(o.f->console, "SNC-"), 1);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"snc\""), 16);
	assert_int_equal(fake_count(o.f->log, "\"package\":15,\"clusters\":2,\"alike\":true,"
				    "\"box_rule\":\"not published\",\"domains\":[{\"domain\":30,"
				    "\"cpus\":\"30\"},{\"domain\":31,\"cpus\":\"31\"}]"), 1);
	done(&o);
}

static void no_srat_one_line(void **state)
{
	(void)state;
	struct outcome o = start_cfg(CFG(""), 4, 2, 1, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "[SIM] no SRAT: one NUMA domain per package "
				    "assumed\n"), 1);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"snc\""), 0);
	done(&o);
}

/* One domain a package: logged, nothing said on the console. */
static void snc1_logged_quietly(void **state)
{
	(void)state;
	struct outcome o = start_cfg(CFG("sim-snc = 1\n"), 4, 2, 1, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->console, "SRAT"), 0);
	assert_int_equal(fake_count(o.f->console, "SNC-"), 0);
	assert_int_equal(fake_count(o.f->log, "\"clusters\":1,\"alike\":true,\"domains\":"
				    "[{\"domain\":1,\"cpus\":\"2-3\"}]"), 1);
	done(&o);
}

/* More clusters than a package's cores: refused in one line before anything is written. */
static void too_many_clusters_refused(void **state)
{
	(void)state;
	struct outcome o = start_cfg(CFG("sim-snc = 3\n"), 4, 2, 1, NULL);
	assert_int_equal(o.v, VERDICT_ERROR);
	assert_int_equal(fake_count(o.f->console, "sim-snc '3': a package of the model has fewer "
				    "cores than that many clusters"), 1);
	assert_int_equal(fake_count(o.f->console, "\n"), 1);
	done(&o);
}

/* The SNC-2 run's capture, its SRAT edited by edit, as a profile file's text. */
static char *profile_with(void (*edit)(struct machine_srat *s))
{
	struct outcome o = start_cfg(CFG("sim-snc = 2\n"), 8, 2, 1, NULL);
	finish(&o);
	struct machine *m = test_machine_of_log(o.f->log, 8);
	done(&o);
	/* the header, then the 8 CPUs' type 0 structures in CPU order (APIC IDs below 255) */
	assert_int_equal(m->srat.len, 48 + 8 * 16 + 4 * 40);
	assert_memory_equal(m->srat.bytes, "SRAT", 4);
	if (edit) {
		edit(&m->srat);
		uint8_t sum = 0;
		m->srat.bytes[9] = 0;
		for (uint32_t i = 0; i < m->srat.len; i++)
			sum = (uint8_t)(sum + m->srat.bytes[i]);
		m->srat.bytes[9] = (uint8_t)-sum;
	}
	char *text = malloc(TEXT_MAX);
	struct strbuf sb;
	assert_non_null(text);
	sb_init(&sb, text, TEXT_MAX);
	profile_write(m, "test_run_snc", &sb);
	free(m);
	return text;
}

static struct outcome run_profile(const char *text)
{
	struct outcome o = outcome_new(8, 2, 1);
	o.f->file_name = "lab.profile";
	o.f->file_text = text;
	init_cfg(&o, "backend = sim\nsim-noise = none\nsim-profile-file = lab.profile\n", NULL);
	finish(&o);
	return o;
}

/* The profile's model serves the captured table: the same clusters, the same bytes captured again. */
static void profile_carries_the_srat(void **state)
{
	(void)state;
	char *text = profile_with(NULL);
	assert_non_null(strstr(text, "\nsrat bytes 336\nsrattable 0x0 53524154"));
	struct outcome o = run_profile(text);
	assert_int_equal(fake_count(o.f->console, "P0-1: SNC-2: domains 0-1 / 2-3; P0's clusters: "
				    "CPUs 0-1 | 2-3;"), 1);
	struct machine *m = test_machine_of_log(o.f->log, 8);
	done(&o);
	char *again = malloc(TEXT_MAX);
	struct strbuf sb;
	assert_non_null(again);
	sb_init(&sb, again, TEXT_MAX);
	profile_write(m, "test_run_snc", &sb);
	assert_non_null(strstr(again, strstr(text, "\nsrat bytes")));
	free(again);
	free(m);
	free(text);
}

/* CPU 7 (P1's last) moved to a domain of its own: P1 in 3 domains, P0 in 2. */
static void third_domain(struct machine_srat *s)
{
	s->bytes[48 + 7 * 16 + 2] = 4;
}

static void unlike_package_named(void **state)
{
	(void)state;
	char *text = profile_with(third_domain);
	struct outcome o = run_profile(text);
	assert_int_equal(fake_count(o.f->console, "SRAT: P1's CPUs are in 3 proximity domains, P0's "
				    "in 2: its clusters are not like the other packages'\n"), 1);
	/* P0 alone on its line; P1 not collapsed with it */
	assert_int_equal(fake_count(o.f->console, "] P0: SNC-2: domains 0-1; P0's clusters: CPUs "
				    "0-1 | 2-3;"), 1);
	assert_int_equal(fake_count(o.f->console, "] P1: SNC-3: domains 2-4;"), 1);
	assert_int_equal(fake_count(o.f->log, "\"package\":1,\"clusters\":3,\"alike\":false"), 1);
	done(&o);
	free(text);
}

static void malformed_named_and_ignored(void **state)
{
	(void)state;
	char *text = profile_with(NULL);
	char *at = strstr(text, "srattable 0x0 53524154");
	assert_non_null(at);
	at[strlen("srattable 0x0 53524154") + 12] ^= 1;   /* a hex digit of the OEM ID: the sum is off */
	struct outcome o = run_profile(text);
	assert_int_equal(fake_count(o.f->console, "SRAT: the SRAT's bytes do not sum to 0 (its "
				    "checksum): ignored, one NUMA domain per package assumed\n"), 1);
	assert_int_equal(fake_count(o.f->console, "SNC-"), 0);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"snc\",\"schema\":2,\"simulated\":true,"
				    "\"srat_problem\":\"the SRAT's bytes do not sum to 0 (its checksum)\"}"),
			 1);
	done(&o);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(snc2_named_per_package),
		cmocka_unit_test(snc3_two_threads_a_core),
		cmocka_unit_test(gnr_snc3_boxes_placed),
		cmocka_unit_test(sixteen_packages),
		cmocka_unit_test(no_srat_one_line),
		cmocka_unit_test(snc1_logged_quietly),
		cmocka_unit_test(too_many_clusters_refused),
		cmocka_unit_test(profile_carries_the_srat),
		cmocka_unit_test(unlike_package_named),
		cmocka_unit_test(malformed_named_and_ignored),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
