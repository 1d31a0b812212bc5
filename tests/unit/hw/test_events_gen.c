/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/* The generated event tables (tools/gen_events.py) against the perfmon JSON they came from. */
#include "testutil.h"
#include "pmu/evspec.h"
#include "hw/events_names.h"

static const struct ev_model *model(uint8_t m)
{
	for (unsigned i = 0; i < ev_model_count; i++)
		if (ev_models[i].model == m)
			return &ev_models[i];
	return NULL;
}

/* Model m's uncore list of that PMU (lists are in the generator's order, not this test's). */
static const struct ev_list *ulist_of(uint8_t m, const char *pmu)
{
	for (const struct ev_list *const *u = model(m)->uncore; *u; u++)
		if (!strcmp((*u)->pmu, pmu))
			return *u;
	fail_msg("no uncore list %s for model %#x", pmu, m);
	return NULL;
}

static const struct ev_def *find(uint8_t m, const char *name)
{
	const struct ev_model *em = model(m);
	assert_non_null(em);
	return ev_find(em->core, name, strlen(name));
}

/* Sizes are the JSON files' event counts (data/perfmon/SOURCE.txt lists the seed files). */
static void test_models_and_sizes(void **state)
{
	(void)state;
	static const struct { uint8_t model; const char *list; unsigned n; } t[] = {
		{ 0x1a, "NHM-EP", 558 }, { 0x1e, "NHM-EP", 558 }, { 0x1f, "NHM-EP", 558 },
		{ 0x2e, "NHM-EX", 553 }, { 0x25, "WSM-EP-SP", 576 }, { 0x2c, "WSM-EP-DP", 542 },
		{ 0x2f, "WSM-EX", 579 }, { 0x2d, "JKT", 354 }, { 0x55, "SKX", 470 },
		{ 0x6a, "ICX", 363 }, { 0x6c, "ICX", 363 }, { 0x8f, "SPR", 411 },
		{ 0xcf, "EMR", 404 }, { 0xad, "GNR", 398 }, { 0xae, "GNR", 398 },
		{ 0xaf, "SRF", 238 },
	};
	/* mapfile.csv's rows: 8 seed models, 9 later ones (06_55 twice, by stepping), 9
	   hybrid models with 2 core types and Arrow Lake 06_C5 with 3 */
	assert_int_equal(ev_model_count, 8 + 9 + 2 * 9 + 3 + 2);
	for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		const struct ev_model *m = model(t[i].model);
		assert_non_null(m);
		assert_string_equal(m->core->name, t[i].list);
		assert_string_equal(m->core->pmu, "cpu");
		assert_int_equal(m->core->n, t[i].n);
		assert_int_equal(m->core_type, 0);
		if (t[i].model == 0x55) {
			/*
			 * skylakex_uncore.json (steppings 0-4, the first 06_55 row): Unit CHA 108,
			 * IIO 83, IRP 6, M2M 34, M3UPI 1, UPI LL 21, iMC 16.
			 */
			static const struct { const char *pmu; unsigned n; } units[] = {
				{ "uncore_cha", 108 }, { "uncore_iio", 83 }, { "uncore_irp", 6 },
				{ "uncore_m2m", 34 }, { "uncore_m3upi", 1 }, { "uncore_upi", 21 },
				{ "uncore_imc", 16 },
			};
			for (unsigned k = 0; k < sizeof(units) / sizeof(units[0]); k++)
				assert_int_equal(ulist_of(0x55, units[k].pmu)->n, units[k].n);
			assert_null(m->uncore[sizeof(units) / sizeof(units[0])]);
		} else if (t[i].model == 0x6a || t[i].model == 0x6c) {
			/*
			 * icelakex_uncore.json: Unit CHA 99, IIO 101, IRP 12, M2M 11, M2PCIe 2,
			 * M3UPI 1, PCU 1, UBOX 1, UPI LL 9, iMC 34.
			 */
			static const struct { const char *pmu; unsigned n; } units[] = {
				{ "uncore_cha", 99 }, { "uncore_iio", 101 }, { "uncore_irp", 12 },
				{ "uncore_m2m", 11 }, { "uncore_m2pcie", 2 }, { "uncore_m3upi", 1 },
				{ "uncore_pcu", 1 }, { "uncore_ubox", 1 }, { "uncore_upi", 9 },
				{ "uncore_imc", 34 },
			};
			for (unsigned k = 0; k < sizeof(units) / sizeof(units[0]); k++)
				assert_int_equal(ulist_of(t[i].model, units[k].pmu)->n, units[k].n);
			assert_null(m->uncore[sizeof(units) / sizeof(units[0])]);
		} else if (t[i].model == 0x8f || t[i].model == 0xcf) {
			/*
			 * sapphirerapids_uncore.json and emeraldrapids_uncore.json alike: Unit CHA
			 * 128, IIO 85, IRP 9, M2M 11, M2PCIe 2, M3UPI 1, PCU 3, UPI LL 8, iMC 32
			 * (CXLCM, CXLDP, M2HBM and MCHBM have no box name in efipmu's map).
			 */
			static const struct { const char *pmu; unsigned n; } units[] = {
				{ "uncore_cha", 128 }, { "uncore_iio", 85 }, { "uncore_irp", 9 },
				{ "uncore_m2m", 11 }, { "uncore_m2pcie", 2 }, { "uncore_m3upi", 1 },
				{ "uncore_pcu", 3 }, { "uncore_upi", 8 }, { "uncore_imc", 32 },
			};
			for (unsigned k = 0; k < sizeof(units) / sizeof(units[0]); k++)
				assert_int_equal(ulist_of(t[i].model, units[k].pmu)->n, units[k].n);
			assert_null(m->uncore[sizeof(units) / sizeof(units[0])]);
		} else if (t[i].model == 0xad || t[i].model == 0xae || t[i].model == 0xaf) {
			/*
			 * graniterapids_uncore.json / sierraforest_uncore.json: Unit B2CMI 33 / 26,
			 * B2CXL, B2HOT, B2UPI 1, CHA 207 / 186, IIO 66, IMC 42 / 40, IRP 5, MDF 1,
			 * PCU 3, UBOX 1, UPI LL 9 (CHACMS, CXLCM, CXLDP: no box name in efipmu's map).
			 */
			bool gnr = t[i].model != 0xaf;
			const struct { const char *pmu; unsigned n; } units[] = {
				{ "uncore_b2cmi", gnr ? 33 : 26 }, { "uncore_b2cxl", 1 },
				{ "uncore_b2hot", 1 }, { "uncore_b2upi", 1 },
				{ "uncore_cha", gnr ? 207 : 186 }, { "uncore_iio", 66 },
				{ "uncore_imc", gnr ? 42 : 40 }, { "uncore_irp", 5 }, { "uncore_mdf", 1 },
				{ "uncore_pcu", 3 }, { "uncore_ubox", 1 }, { "uncore_upi", 9 },
			};
			for (unsigned k = 0; k < sizeof(units) / sizeof(units[0]); k++)
				assert_int_equal(ulist_of(t[i].model, units[k].pmu)->n, units[k].n);
			assert_null(m->uncore[sizeof(units) / sizeof(units[0])]);
		} else if (t[i].model == 0x2d) {
			/*
			 * Jaketown_uncore.json: Unit CBO 97, PCU 39, UBOX 24, HA 109, iMC 51,
			 * QPI LL 84, R2PCIe 36, R3QPI 63 (IRP 37 has no box in efipmu).
			 */
			static const struct { const char *pmu; unsigned n; } units[] = {
				{ "uncore_cbox", 97 }, { "uncore_pcu", 39 }, { "uncore_ubox", 24 },
				{ "uncore_ha", 109 }, { "uncore_imc", 51 }, { "uncore_qpi", 84 },
				{ "uncore_r2pcie", 36 }, { "uncore_r3qpi", 63 },
			};
			assert_non_null(m->uncore);
			for (unsigned k = 0; k < sizeof(units) / sizeof(units[0]); k++)
				assert_int_equal(ulist_of(0x2d, units[k].pmu)->n, units[k].n);
			assert_null(m->uncore[sizeof(units) / sizeof(units[0])]);
		} else {
			assert_null(m->uncore);
		}
	}
	assert_ptr_equal(model(0x1a)->core, model(0x1f)->core);
	assert_null(model(0x2a));
}

static struct cpu_info cpu(uint8_t model, uint8_t stepping, uint8_t type, uint32_t native)
{
	struct cpu_info ci;
	memset(&ci, 0, sizeof(ci));
	strcpy(ci.vendor, "GenuineIntel");
	ci.family = 6;
	ci.model = model;
	ci.stepping = stepping;
	ci.arch.core_type = type;
	ci.arch.native_model = native;
	return ci;
}

static const char *file_for(uint8_t model, uint8_t stepping, uint8_t type, uint32_t native,
			    uint8_t want_type)
{
	struct cpu_info ci = cpu(model, stepping, type, native);
	const struct ev_model *m = ev_model_of(&ci, want_type);
	return m ? m->core->file : "none";
}

/* mapfile.csv: 06_55 by stepping, hybrid parts by core type and native model ID. */
static void test_model_to_list(void **state)
{
	(void)state;
	assert_string_equal(file_for(0x55, 4, 0, 0, 0), "skylakex_core");
	assert_string_equal(file_for(0x55, 0, 0, 0, 0), "skylakex_core");
	assert_string_equal(file_for(0x55, 5, 0, 0, 0), "cascadelakex_core");
	assert_string_equal(file_for(0x55, 7, 0, 0, 0), "cascadelakex_core");
	assert_string_equal(file_for(0x55, 0xf, 0, 0, 0), "cascadelakex_core");
	assert_string_equal(file_for(0x97, 2, 0x40, 1, 0x40), "alderlake_goldencove_core");
	assert_string_equal(file_for(0x97, 2, 0x20, 1, 0x20), "alderlake_gracemont_core");
	assert_string_equal(file_for(0x97, 2, 0x40, 1, 0x20), "alderlake_gracemont_core");
	assert_string_equal(file_for(0xba, 2, 0x20, 1, 0x40), "alderlake_goldencove_core");
	assert_string_equal(file_for(0xaa, 4, 0x20, 2, 0x20), "meteorlake_crestmont_core");
	assert_string_equal(file_for(0xbd, 1, 0x40, 3, 0x40), "lunarlake_lioncove_core");
	assert_string_equal(file_for(0xbd, 1, 0x20, 3, 0x20), "lunarlake_skymont_core");
	/* Arrow Lake 06_C5: Skymont E-cores (native 3) and Crestmont LP E-cores (native 2) */
	assert_string_equal(file_for(0xc5, 2, 0x20, 3, 0x20), "arrowlake_skymont_core");
	assert_string_equal(file_for(0xc5, 2, 0x20, 2, 0x20), "arrowlake_crestmont_core");
	assert_string_equal(file_for(0xc5, 2, 0x40, 3, 0x40), "arrowlake_lioncove_core");
	assert_string_equal(file_for(0xc5, 2, 0x40, 3, 0x20), "arrowlake_skymont_core");
	assert_string_equal(file_for(0xc6, 2, 0x20, 2, 0x20), "none");   /* no LP list on C6 */
	assert_string_equal(file_for(0xc6, 2, 0x20, 3, 0x20), "arrowlake_skymont_core");
	assert_string_equal(file_for(0xaf, 3, 0, 0, 0), "sierraforest_core");
	assert_string_equal(file_for(0x2a, 7, 0, 0, 0), "none");
	struct cpu_info amd = cpu(0x55, 4, 0, 0);
	strcpy(amd.vendor, "AuthenticAMD");
	assert_null(ev_model_for(&amd));
}

/* Sorted, unique, every event countable somewhere, masks consistent. */
static void test_list_invariants(void **state)
{
	(void)state;
	for (unsigned i = 0; i < ev_model_count; i++) {
		const struct ev_list *lists[16] = { ev_models[i].core };
		for (unsigned u = 0; ev_models[i].uncore && ev_models[i].uncore[u]; u++) {
			assert_true(u < 15);
			lists[1 + u] = ev_models[i].uncore[u];
		}
		for (unsigned k = 0; k < 16 && lists[k]; k++) {
			const struct ev_list *l = lists[k];
			unsigned nfixed = 0;
			for (unsigned j = 0; j < l->n; j++) {
				const struct ev_def *d = &l->events[j];
				char name[EV_NAME_MAX];
				size_t n = ev_name(d, name, sizeof(name));
				assert_true(n < sizeof(name));
				/* sorted for ev_find's binary search, and every name found there */
				if (j)
					assert_true(ev_name_cmp(&l->events[j - 1], name, n) < 0);
				assert_ptr_equal(ev_find(l, name, n), d);
				assert_true((d->ctr != 0) != (d->fixed >= 0));
				assert_int_equal(d->ctr & ~d->ctr_htoff, 0);
				assert_true(d->fixed < 7);
				nfixed += d->fixed >= 0 && d->fixed < 3;
				uint32_t msr = ev_aux_msr(d);   /* offcore, ldlat, frontend */
				assert_true(!msr || msr == 0x1a6 || msr == 0x3f6 || msr == 0x3f7);
				if (!ev_aux_msr(d))
					assert_int_equal(ev_aux_val(d), 0);
			}
			/* INST_RETIRED.ANY, CPU_CLK_UNHALTED.THREAD, .REF(_TSC) at least */
			if (k == 0)
				assert_true(nfixed >= 3);
		}
	}
}

static void test_fixed_counter_numbering(void **state)
{
	(void)state;
	/* NHM JSON says "Fixed counter 1..3", JKT "0..2": both map to FIXED_CTR0..2. */
	static const uint8_t models[] = { 0x1a, 0x2e, 0x25, 0x2c, 0x2f, 0x2d };
	for (unsigned i = 0; i < sizeof(models); i++) {
		assert_int_equal(find(models[i], "INST_RETIRED.ANY")->fixed, 0);
		assert_int_equal(find(models[i], "CPU_CLK_UNHALTED.THREAD")->fixed, 1);
	}
	assert_int_equal(find(0x1a, "CPU_CLK_UNHALTED.REF")->fixed, 2);
	assert_int_equal(find(0x2d, "CPU_CLK_UNHALTED.REF_TSC")->fixed, 2);
	const struct ev_def *any = find(0x2d, "CPU_CLK_UNHALTED.THREAD_ANY");
	assert_int_equal(any->fixed, 1);   /* JSON says "Fixed counter 2": a known error */
	assert_int_equal(any->flags, EVF_ANY);
}

/* The fields the later lists add (their JSON, data/perfmon/). */
static void test_later_fields(void **state)
{
	(void)state;
	const struct ev_def *d = find(0x8f, "MEM_LOAD_RETIRED.L3_MISS");
	assert_int_equal(d->event, 0xd1);
	assert_int_equal(d->umask, 0x20);
	assert_int_equal(d->ctr, 0xf);
	d = find(0x8f, "TOPDOWN.SLOTS");
	assert_int_equal(d->fixed, 3);
	d = find(0x8f, "INST_RETIRED.PREC_DIST");
	assert_int_equal(d->fixed, 0);
	d = find(0x8f, "OCR.DEMAND_DATA_RD.L3_MISS");   /* "0x2A,0x2B" / "0x1a6,0x1a7" */
	assert_int_equal(d->event, 0x2a);
	assert_int_equal(ev_aux_msr(d), 0x1a6);
	d = find(0x8f, "FRONTEND_RETIRED.DSB_MISS");
	assert_int_equal(ev_aux_msr(d), 0x3f7);
	assert_int_equal(ev_aux_val(d), 0x11);
	d = find(0x55, "BR_INST_RETIRED.ALL_BRANCHES_PEBS");   /* "PEBS": "2" */
	assert_true(d->flags & EVF_PEBS_ONLY);
	d = find(0x55, "MEM_TRANS_RETIRED.LOAD_LATENCY_GT_4");  /* PEBS 2, counted with 0x3F6 */
	assert_false(d->flags & EVF_PEBS_ONLY);
	assert_int_equal(ev_aux_msr(d), 0x3f6);
	d = find(0xad, "BR_MISP_RETIRED.COND_COST");            /* "CollectPEBSRecord": "3" */
	assert_true(d->flags & EVF_PEBS_ONLY);
	d = find(0x6a, "OCR.DEMAND_DATA_RD.L3_MISS");
	assert_int_equal(d->event, 0xb7);
	assert_int_equal(ev_aux_msr(d), 0x1a6);
	assert_int_equal(ev_aux_val(d), 0x3fbfc00001ull);
	d = find(0x6a, "UOPS_ISSUED.STALL_CYCLES");
	assert_int_equal(d->cmask, 1);
	assert_true(d->flags & EVF_INV);
	struct cpu_info ci = cpu(0xbd, 1, 0x40, 3);
	d = ev_find(ev_model_for(&ci)->core, "BR_INST_RETIRED.COND", 20);   /* "UMaskExt" */
	assert_non_null(d);
	assert_int_equal(d->umask, 0x11);
	assert_int_equal(d->umask2, 0x01);
	assert_int_equal(d->ctr, 0x3ff);                          /* "0,1,2,...,9" */
	ci = cpu(0xbd, 1, 0x20, 3);
	const struct ev_list *sky = ev_model_for(&ci)->core;
	d = ev_find(sky, "TOPDOWN_RETIRING.ALL", 20);            /* "Fixed counter 6" */
	assert_int_equal(d->fixed, 6);
	d = ev_find(sky, "OCR.DEMAND_DATA_RD.L3_MISS", 26);     /* UMask "0x01,0x02" */
	assert_int_equal(d->event, 0xb7);
	assert_int_equal(d->umask, 0x01);
	ci = cpu(0x97, 2, 0x40, 1);
	d = ev_find(ev_model_for(&ci)->core, "RS_EMPTY.COUNT", 14);
	assert_true(d->flags & EVF_DEPRECATED);
}

static void test_known_entries(void **state)
{
	(void)state;
	const struct ev_def *d = find(0x1a, "L1D.REPL");
	assert_int_equal(d->event, 0x51);
	assert_int_equal(d->umask, 0x01);
	assert_int_equal(d->ctr, 0x3);
	d = find(0x1a, "UOPS_EXECUTED.CORE_STALL_CYCLES");
	assert_int_equal(d->cmask, 1);
	assert_int_equal(d->flags, EVF_INV | EVF_ANY);
	d = find(0x1a, "OFFCORE_RESPONSE_0.ANY_DATA.ANY_LLC_MISS");
	assert_int_equal(ev_aux_msr(d), 0x1a6);
	assert_int_equal(ev_aux_val(d), 0xf811);
	assert_int_equal(d->ctr, 0x4);
	d = find(0x1a, "MEM_INST_RETIRED.LATENCY_ABOVE_THRESHOLD_4");
	assert_int_equal(ev_aux_msr(d), 0x3f6);
	assert_int_equal(ev_aux_val(d), 4);
	assert_int_equal(d->ctr, 0x8);
	d = find(0x2d, "CYCLE_ACTIVITY.CYCLES_L1D_PENDING");
	assert_int_equal(d->cmask, 2);
	assert_int_equal(d->ctr, 0x4);
	assert_int_equal(d->ctr_htoff, 0x4);
	d = find(0x2d, "UOPS_ISSUED.ANY");
	assert_int_equal(d->ctr, 0xf);
	assert_int_equal(d->ctr_htoff, 0xff);
	d = find(0x2d, "OFFCORE_RESPONSE.DEMAND_DATA_RD.LLC_MISS.LOCAL_DRAM");
	assert_int_equal(d->event, 0xb7);   /* JSON "0xB7, 0xBB": the RSP_0 encoding */
	assert_int_equal(ev_aux_msr(d), 0x1a6);
	assert_int_equal(ev_aux_val(d), 0x600400001ull);
	d = find(0x2c, "ARITH.DIV");
	assert_int_equal(d->flags, EVF_INV | EVF_EDGE);
	assert_null(find(0x1a, "BR_MISP_RETIRED.ALL_BRANCHES"));
	assert_non_null(find(0x2d, "br_misp_retired.all_branches"));

	const struct ev_list *u = ulist_of(0x2d, "uncore_ubox");
	d = ev_find(u, "UNC_U_LOCK_CYCLES", 17);
	assert_non_null(d);
	assert_int_equal(d->event, 0x44);
	assert_int_equal(d->ctr, 0x3);
	d = ev_find(u, "UNC_U_CLOCKTICKS", 16);
	assert_int_equal(d->fixed, 0);
	assert_null(ev_find(u, "UNC_C_CLOCKTICKS", 16));   /* one list per box type */
}

static const struct ev_def *unc(unsigned list, const char *name)
{
	static const char *const pmus[] = { "uncore_cbox", "uncore_pcu", "uncore_ubox", "uncore_ha",
					    "uncore_imc", "uncore_qpi" };
	const struct ev_def *d = ev_find(ulist_of(0x2d, pmus[list]), name, strlen(name));
	assert_non_null(d);
	return d;
}

/* JSON "Counter", "Filter" and "ExtSel" of the SNB-EP uncore, as generated. */
static void test_snbep_uncore_fields(void **state)
{
	(void)state;
	enum { CBOX, PCU, UBOX, HA, IMC, QPI };
	static const struct { unsigned list; const char *name; uint8_t ctr; uint64_t filter;
			      uint8_t flags; } t[] = {
		{ CBOX, "UNC_C_CLOCKTICKS", 0xf, 0, 0 },
		{ CBOX, "UNC_C_RING_AD_USED.UP_EVEN", 0xc, 0, 0 },          /* "2,3" */
		{ CBOX, "UNC_C_COUNTER0_OCCUPANCY", 0xe, 0, 0 },            /* "1,2,3" */
		{ CBOX, "UNC_C_RxR_OCCUPANCY.IRQ", 0x1, 0, 0 },              /* "0" */
		{ CBOX, "UNC_C_LLC_LOOKUP.DATA_READ", 0x3, 0x7c0000, 0 },    /* CBoFilter[22:18] */
		{ CBOX, "UNC_C_LLC_LOOKUP.NID", 0x3, 0x7ffc00, 0 },          /* [22:18], [17:10] */
		{ CBOX, "UNC_C_TOR_OCCUPANCY.NID_OPCODE", 0x1, 0xff83fc00, 0 },
		{ PCU, "UNC_P_FREQ_BAND0_CYCLES", 0xf, 0xff, 0 },
		{ PCU, "UNC_P_FREQ_BAND3_CYCLES", 0xf, 0xff000000, 0 },
		{ PCU, "UNC_P_TOTAL_TRANSITION_CYCLES", 0xf, 0, EVF_EXTSEL },
		{ UBOX, "UNC_U_PHOLD_CYCLES.ASSERT_TO_ACK", 0x3, 0, EVF_EXTSEL },
		{ UBOX, "UNC_U_FILTER_MATCH.ENABLE", 0x3, 0xf, 0 },
		{ UBOX, "UNC_U_LOCK_CYCLES", 0x3, 0, 0 },
		/* PCI boxes: the HA match registers (AddrMatch0, AddrMatch1 at 32, opcode at 48) */
		{ HA, "UNC_H_ADDR_OPC_MATCH.FILT", 0xf, 0x3f3fffffffffc0, 0 },
		{ HA, "UNC_H_CLOCKTICKS", 0xf, 0, 0 },
		{ IMC, "UNC_M_CAS_COUNT.RD", 0xf, 0, 0 },
		{ QPI, "UNC_Q_TxL_FLITS_G1.DRS", 0xf, 0, EVF_EXTSEL },
		{ QPI, "UNC_Q_CLOCKTICKS", 0xf, 0, 0 },
	};
	for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		const struct ev_def *d = unc(t[i].list, t[i].name);
		if (d->ctr != t[i].ctr || ev_filter(d) != t[i].filter || d->flags != t[i].flags)
			fail_msg("%s: ctr %#x filter %#llx flags %#x", t[i].name, d->ctr,
				 (unsigned long long)ev_filter(d), d->flags);
	}
	unsigned extsel = 0;
	for (unsigned k = 0; model(0x2d)->uncore[k]; k++)
		for (unsigned j = 0; j < model(0x2d)->uncore[k]->n; j++)
			extsel += (model(0x2d)->uncore[k]->events[j].flags & EVF_EXTSEL) != 0;
	assert_int_equal(extsel, 12 + 5 + 48);   /* 12 PCU, 5 U-box and 48 QPI events in the JSON */
	const struct ev_def *clk = ev_find(ulist_of(0x2d, "uncore_imc"), "UNC_M_CLOCKTICKS", 16);
	assert_non_null(clk);
	assert_int_equal(clk->fixed, 0);   /* the iMC's fixed DCLK counter */
}

/*
 * The later uncore lists' extensions as generated: a CHA filter named by register (FILTER1 in
 * 63:32) with its FILTER_VALUE, the IIO's PortMask and FCMask, UMaskExt.
 */
static void test_server_uncore_ext(void **state)
{
	(void)state;
	const struct {
		uint8_t model;
		const char *pmu, *name;
		struct ev_box_ext x;
	} t[] = {
		{ 0x55, "uncore_cha", "UNC_CHA_TOR_INSERTS.IA_HIT_DRD",
		  { 0xFFFFFFFFull << 32, 0x40433ull << 32, 0, 0, 0 } },
		{ 0x55, "uncore_cha", "UNC_CHA_TOR_INSERTS.REM_ALL", { 0xFFFFFFFFull << 32, 0, 0, 0, 0 } },
		{ 0x55, "uncore_cha", "UNC_C_LLC_LOOKUP.DATA_READ", { 0x3FFull << 17, 0, 0, 0, 0 } },
		{ 0x55, "uncore_cha", "UNC_CHA_UPI_CREDIT_OCCUPANCY.VN0_BL_NCS", { 0x1FFF, 0, 0, 0, 0 } },
		{ 0x55, "uncore_iio", "UNC_IIO_DATA_REQ_BY_CPU.MEM_WRITE.PART3", { 0, 0, 0, 0x8, 0x7 } },
		{ 0x6a, "uncore_cha", "UNC_CHA_TOR_INSERTS.IA_MISS_DRD", { 0, 0, 0xC817FE, 0, 0 } },
		{ 0x6a, "uncore_m2m", "UNC_M2M_IMC_READS.TO_PMM", { 0, 0, 0x7, 0, 0 } },
		/* UMaskExt PortMask << 4 | FCMask << 16 (0x70010, 0x10FF0): the two again, dropped */
		{ 0x8f, "uncore_iio", "UNC_IIO_DATA_REQ_BY_CPU.MEM_READ.PART0", { 0, 0, 0, 0x1, 0x7 } },
		{ 0xcf, "uncore_iio", "UNC_IIO_DATA_REQ_BY_CPU.MEM_READ.PART3", { 0, 0, 0, 0x8, 0x7 } },
		{ 0xad, "uncore_iio", "UNC_IIO_NUM_REQ_OF_CPU_BY_TGT.UBOX_POSTED", { 0, 0, 0, 0xFF, 0x1 } },
		{ 0xaf, "uncore_iio", "UNC_IIO_DATA_REQ_OF_CPU.MEM_READ.PART0", { 0, 0, 0, 0x1, 0x7 } },
	};
	for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		const struct ev_def *d = ev_find(ulist_of(t[i].model, t[i].pmu), t[i].name,
						 strlen(t[i].name));
		assert_non_null(d);
		const struct ev_box_ext *x = ev_ext(d);
		if (x->filter != t[i].x.filter || x->filter_val != t[i].x.filter_val ||
		    x->umask_ext != t[i].x.umask_ext || x->port_mask != t[i].x.port_mask ||
		    x->fc_mask != t[i].x.fc_mask)
			fail_msg("%s: filter %#llx = %#llx, umask_ext %#x, port %#x, fc %#x", t[i].name,
				 (unsigned long long)x->filter, (unsigned long long)x->filter_val,
				 x->umask_ext, x->port_mask, x->fc_mask);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_models_and_sizes),
		cmocka_unit_test(test_model_to_list),
		cmocka_unit_test(test_later_fields),
		cmocka_unit_test(test_snbep_uncore_fields),
		cmocka_unit_test(test_server_uncore_ext),
		cmocka_unit_test(test_list_invariants),
		cmocka_unit_test(test_fixed_counter_numbering),
		cmocka_unit_test(test_known_entries),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
