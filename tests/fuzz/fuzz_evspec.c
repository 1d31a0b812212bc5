/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Event-spec lists for three CPUs of the reference model (the first byte picks
 * one). What parses is handed to core_prepare and uncore_plan, which must
 * write no MSR whatever they are given.
 */
#include "fuzz.h"
#include "pmu/core_engine.h"
#include "pmu/evspec.h"
#include "model/model.h"
#include "pmu/uncore.h"
#include "../unit/uncore_tables.h"
#include "../unit/boxes.h"   /* the boxes kept for the process, as the rigs are */

#define MAX_REQS 16

static const char *const profiles[] = { "nehalem-ep", "nehalem-ex", "sandy-bridge-ep" };
#define NPROFILES (sizeof(profiles) / sizeof(profiles[0]))

struct rig {
	struct model *m;
	struct pmu_backend b;
	struct cpu_info ci;
	struct box_set boxes;
};

static struct rig *rig_for(unsigned k)
{
	static struct rig *rigs[NPROFILES];
	if (!rigs[k]) {
		rigs[k] = calloc(1, sizeof(*rigs[k]));
		FUZZ_CHECK(rigs[k] != NULL);
		rigs[k]->m = calloc(1, model_bytes(1));
		FUZZ_CHECK(rigs[k]->m != NULL);
		FUZZ_CHECK(model_init(rigs[k]->m, model_bytes(1), model_profile_find(profiles[k]), 1,
				      1) == PMU_OK);
		model_backend(rigs[k]->m, &rigs[k]->b);
		FUZZ_CHECK(pmu_discover(&rigs[k]->b, 0, &rigs[k]->ci) == PMU_OK);
		FUZZ_CHECK(box_set_family(&rigs[k]->boxes, rigs[k]->ci.uncore, &test_box_alloc) ==
			   PMU_OK);
	}
	model_clear_log(rigs[k]->m);
	return rigs[k];
}

/* The parsed requests go to the engines' validation, which only reads. */
static void prepare_all(struct rig *r, const struct pmu_event_req *reqs, unsigned n)
{
	static struct pmu_event_req core[MAX_REQS], unc[MAX_REQS];
	static struct core_session cs;
	static struct uncore_session us;
	UNC_TABLES(us, TEST_UNC_EVENTS);
	struct core_snapshot snap;
	unsigned nc = 0, nu = 0;

	for (unsigned i = 0; i < n; i++) {
		if (reqs[i].box) {
			FUZZ_CHECK(reqs[i].box->family == r->ci.uncore);
			unc[nu++] = reqs[i];
		} else {
			core[nc++] = reqs[i];
		}
	}
	if (nc && core_snapshot(&r->b, 0, &r->ci, &snap) == PMU_OK) {
		if (core_prepare(&cs, &r->b, 0, &snap, core, nc, false) != PMU_OK)
			fuzz_check_msg(cs.msg, sizeof(cs.msg));
	}
	if (nu)
		uncore_plan(&us, r->ci.uncore, unc, nu);
	FUZZ_CHECK(model_total_writes(r->m) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct pmu_event_req reqs[MAX_REQS];
	struct evspec_error err;
	unsigned n = MAX_REQS + 1;

	if (!size)
		return 0;
	struct rig *r = rig_for(data[0] % NPROFILES);
	char *list = fuzz_cstr(data + 1, size - 1);
	memset(&err, 0, sizeof(err));
	pmu_status st = evspec_parse_list(&r->ci, &r->boxes, list, reqs, MAX_REQS, &n, &err);
	FUZZ_CHECK(n <= MAX_REQS);
	if (st != PMU_OK) {
		FUZZ_CHECK(err.st == st);
		fuzz_check_msg(err.msg, sizeof(err.msg));
	} else {
		for (unsigned i = 0; i < n; i++)
			FUZZ_CHECK(memchr(reqs[i].name, '\0', sizeof(reqs[i].name)));
		prepare_all(r, reqs, n);
	}
	free(list);
	return 0;
}
