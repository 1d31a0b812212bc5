/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Machines at real size (issue 33 item 2): the default job on the model of a two-socket
 * Sapphire Rapids (2 x 56 cores x 2 threads, the Xeon Platinum 8480+'s shape), of a
 * two-socket Genoa (2 x 96 cores x 2 threads, the EPYC 9654's) and of Turin's 768 CPUs ends
 * with a true verdict, every CPU checked, every socket's and CCX's uncore counted; the
 * model's own limits are refused, not overrun.
 */
#include "run_harness.h"

/*
 * The default job on ncpus CPUs in 2 packages, 2 threads a core: PASS, 2 checks a CPU, every
 * package's uncore counted and each of the l3s CCXs' L3 (AMD) once. The run, to end with done.
 */
static struct outcome default_job(const char *profile, unsigned ncpus, unsigned l3s)
{
	char cfg[96];
	snprintf(cfg, sizeof(cfg), "backend = sim\nsim-profile = %s\n", profile);
	struct outcome o = start_cfg(cfg, ncpus, 2, 2, NULL);
	finish(&o);
	assert_int_equal(o.v, VERDICT_PASS);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"cpu\""), ncpus);
	assert_int_equal(fake_count(o.f->log, "\"rec\":\"check\""), 2 * ncpus);
	assert_int_equal(fake_count(o.f->log, "\"result\":\"PASS\""), 2 * ncpus);
	assert_int_equal(fake_count(o.f->console, "is not counted"), 0);
	assert_int_equal(fake_count(o.f->log, "\"box\":\"amd_l3\",\"event\""), l3s);
	/* each by its own leader, l3s / 2 in each package */
	unsigned seen[2] = { 0 }, last = 0;
	for (const char *r = o.f->log; (r = strstr(r, "{\"rec\":\"count\"")); r++) {
		unsigned cpu, pkg, ccx;
		char box[16];
		if (sscanf(r, "{\"rec\":\"count\",\"schema\":1,\"simulated\":true,\"cpu\":%u,"
			   "\"apic_id\":%*u,\"package\":%u,\"ccx\":%u,\"box\":\"%15[a-z0-9_]",
			   &cpu, &pkg, &ccx, box) != 4 || strcmp(box, "amd_l3"))
			continue;
		assert_true(pkg < 2 && (!seen[0] || cpu > last));
		last = cpu;
		seen[pkg]++;
	}
	assert_int_equal(seen[0], l3s / 2);
	assert_int_equal(seen[1], l3s / 2);
	return o;
}

/* Sapphire Rapids: each socket's 8 iMC channels counted by its leader (CPU 0, CPU 112). */
static void test_sapphire_rapids_224(void **state)
{
	(void)state;
	struct outcome o = default_job("sapphire-rapids", 224, 0);
	assert_int_equal(fake_count(o.f->log, "\"cpu\":0,\"apic_id\":0,\"package\":0,\"box\":"
				    "\"uncore_imc_"), 16);
	assert_int_equal(fake_count(o.f->log, "\"cpu\":112,\"apic_id\":128,\"package\":1,"
				    "\"box\":\"uncore_imc_"), 16);
	done(&o);
}

/*
 * Genoa: the zen4 profile's CPUID is the EPYC 9124's, whose L3 8 threads share (CPUID
 * 0x8000001D): 48 CCXs, each counted.
 */
static void test_genoa_384(void **state)
{
	(void)state;
	struct outcome o = default_job("zen4", 384, 48);
	done(&o);
}

/*
 * Turin's shape on zen4's CPUID (no Zen 5 profile): 2 x 192 cores x 2 threads, 96 CCXs of the
 * 9124's 8 threads; the package field widened to 9 bits (socket 1 from APIC ID 512). Each
 * CCX's L3 counted, each socket's DF and UMC by its first CPU, every uncore register read
 * back as found.
 */
static void test_turin_768(void **state)
{
	(void)state;
	struct outcome o = default_job("zen4", 768, 96);
	const char *log = o.f->log;
	assert_int_equal(fake_count(log, "\"box\":\"amd_df\",\"event\""), 2);
	assert_int_equal(fake_count(log, "\"cpu\":0,\"apic_id\":0,\"package\":0,\"box\":\"amd_df\""),
			 1);
	assert_int_equal(fake_count(log, "\"cpu\":384,\"apic_id\":512,\"package\":1,"
				    "\"box\":\"amd_df\""), 1);
	assert_int_equal(fake_count(log, "\"box\":\"amd_umc_3\",\"event\":\"umc_cas_cmd.rd\""), 2);
	/* one ownership record a domain; and what it took is put back */
	assert_int_equal(fake_count(log, "\"rec\":\"ownership\",\"schema\":1,\"simulated\":true,"
				    "\"box\":\"uncore\""), 96);
	struct pmu_backend fresh;
	struct model *m = test_model("zen4", 768, 2, &fresh);
	test_model_threads(m, 2);
	unsigned checked = 0;
	for (unsigned c = 0; c < 768; c += 8)
		for (uint32_t msr = 0xC0010230; msr < 0xC0010260; msr++) {   /* L3, then DF */
			uint64_t now = 0, then = 0;
			pmu_status st = pmu_rdmsr(&fresh, c, msr, &then);
			assert_int_equal(pmu_rdmsr(&o.r->backend, c, msr, &now), st);
			assert_int_equal(now, then);
			checked += !st;
		}
	assert_int_equal(checked, 96 * (12 + 32));   /* 6 L3 and 16 DF counter pairs */
	free(m);
	done(&o);
}

/* The model's limits and its block: refused, never overrun. */
static void test_model_limits(void **state)
{
	(void)state;
	const struct model_profile *p = model_profile_find("zen4");
	struct model *m = calloc(1, model_bytes(384));
	assert_non_null(m);
	assert_int_equal(model_init(m, model_bytes(384), p, MODEL_MAX_CPUS + 1, 1), PMU_ERR_INVALID);
	assert_int_equal(model_init(m, model_bytes(384), p, 384, MODEL_MAX_PKGS + 1),
			 PMU_ERR_INVALID);
	assert_int_equal(model_init(m, model_bytes(384) - 1, p, 384, 2), PMU_ERR_NOSPACE);
	assert_int_equal(model_init(m, model_bytes(384), p, 384, 2), PMU_OK);
	/* two threads a core, placed as firmware numbers them: each core's file is its first CPU's */
	test_model_threads(m, 2);
	for (unsigned i = 0; i < 384; i++) {
		assert_int_equal(m->core_lead[i], i & ~1u);
		assert_int_equal(model_ccx_slot(m, i), i & ~7u);   /* 8 threads an L3 */
	}
	/*
	 * a CPU moved to a core of its own in the other package leaves its core and CCX, and the
	 * next leads them; a third thread in a core widens the SMT field: CCXs of 2 cores
	 */
	assert_int_equal(model_place_cpu(m, 16, 1), PMU_OK);
	assert_int_equal(model_place_core(m, 16, 100), PMU_OK);
	assert_int_equal(m->core_lead[17], 17);
	assert_int_equal(model_ccx_slot(m, 23), 17);
	assert_int_equal(model_ccx_slot(m, 16), 16);
	assert_int_equal(model_place_cpu(m, 16, 0), PMU_OK);
	assert_int_equal(model_place_core(m, 16, 8), PMU_OK);
	assert_int_equal(m->core_lead[17], 16);
	assert_int_equal(model_ccx_slot(m, 23), 16);
	assert_int_equal(model_apic_id(m, 17), 17);
	assert_int_equal(model_apic_id(m, 192 + 17), 1u << 8 | 17);   /* 96 cores: 8 bits */
	assert_int_equal(model_place_core(m, 18, 8), PMU_OK);
	assert_int_equal(model_apic_id(m, 18), 8 << 2 | 2);
	assert_int_equal(model_ccx_slot(m, 19), 16);
	assert_int_equal(model_ccx_slot(m, 20), 20);
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sapphire_rapids_224),
		cmocka_unit_test(test_genoa_384),
		cmocka_unit_test(test_turin_768),
		cmocka_unit_test(test_model_limits),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
