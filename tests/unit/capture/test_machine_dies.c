/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * A machine's dies at real size: the capture's and the loaded model's room for the tables
 * behind a portal MSR (one a die, Diamond Rapids' CBBs) is what the machine has, 8 packages
 * of 4 dies here, not a fixed number a package; a table past the room is counted and said,
 * never written (each block is exactly its size: ASan sees a write past it).
 */
#include "testutil.h"
#include "boxes.h"
#include "capture/profile.h"
#include "model/model_devs.h"
#include "model/model_discovery.h"
#include "model/model_loaded.h"
#include "model/model_machine.h"
#include "out/machine_read.h"

#define PKGS 8
#define DIES 4
#define CPUS (PKGS * DIES * 8)   /* 256: 4 cores of 2 threads a die */
#define PER (CPUS / PKGS)
#define TEXT_MAX (64u << 20)

/* Diamond Rapids on CPUS CPUs in PKGS packages of DIES dies, as firmware's Location2 gives them. */
static struct model *dmr(void)
{
	struct pmu_backend b;
	struct model *mod = test_model("diamond-rapids", CPUS, PKGS, &b);
	for (unsigned i = 0; i < CPUS; i++) {
		assert_int_equal(model_place_core(mod, i, (i % PER) / 2), PMU_OK);
		assert_int_equal(model_place_die(mod, i, (i % PER) / (PER / DIES)), PMU_OK);
	}
	return mod;
}

/*
 * The model answers the dies it has: the last package's die 3 powers on with its CBB frozen
 * (Diamond Rapids), its table and control answered; no die 4's.
 */
static void test_model_answers_its_dies(void **state)
{
	(void)state;
	struct model *mod = dmr();
	struct pmu_backend b;
	uint64_t v = 0, bar = 0x2000000000ull + 0x100000ull * (PKGS - 1);
	unsigned pkg;
	uint32_t key;
	bool table;
	model_backend(mod, &b);
	assert_int_equal(mod->dies, DIES);
	assert_int_equal(b.ops->mmio_read(b.ctx, 0, bar + MODEL_DISC_GLOBALS_OFF + 8 + 8 * (DIES - 1),
					  4, &v), PMU_OK);
	assert_int_equal(v, MODEL_DISC_FROZEN);
	assert_true(model_spr_mmio(mod, bar + MODEL_DISC_CBB_OFF + 0x8000ull * (DIES - 1), &pkg,
				   &key, &table) && table && pkg == PKGS - 1);
	assert_false(model_spr_mmio(mod, bar + MODEL_DISC_CBB_OFF + 0x8000ull * DIES, &pkg, &key,
				    &table));
	assert_false(model_spr_mmio(mod, bar + MODEL_DISC_GLOBALS_OFF + 8 + 8 * DIES, &pkg, &key,
				    &table));
	free(mod);
}

/* mod's machine into a block of room for its CPUs and `portals` tables; model_machine's status. */
static pmu_status machine_of(struct model *mod, unsigned portals, struct machine **out)
{
	struct model_machine_scratch *s = malloc(sizeof(*s));
	assert_non_null(s);
	s->mem = test_box_alloc;
	*out = test_machine(CPUS, portals);
	pmu_status st = model_machine(mod, *out, s);
	free(s);
	return st;
}

/* m's profile text, in a buffer of TEXT_MAX. */
static char *text_of(const struct machine *m, size_t *len)
{
	char *t = malloc(TEXT_MAX);
	struct strbuf sb;
	assert_non_null(t);
	sb_init(&sb, t, TEXT_MAX);
	profile_write(m, "8 packages of 4 dies", &sb);
	assert_false(sb.overflow);
	*len = sb.len;
	return t;
}

/*
 * 8 x 4 dies: the machine holds 32 tables, each (package, die) once, in a block 32 tables
 * larger than a machine of none (a 2-package machine of one die each: 2); its profile read
 * back holds them and the model made of it serves each die its own, in a block of the
 * tables' own lengths.
 */
static void test_room_is_the_dies(void **state)
{
	(void)state;
	struct model *mod = dmr();
	struct machine *m, *back;
	assert_int_equal(model_machine_dies(mod), PKGS * DIES);
	assert_int_equal(machine_of(mod, PKGS * DIES, &m), PMU_OK);
	assert_int_equal(m->nportal, PKGS * DIES);
	assert_int_equal(m->portals_left, 0);
	bool seen[PKGS][DIES] = { { false } };
	for (unsigned i = 0; i < m->nportal; i++) {
		const struct machine_disc *d = &m->portal[i];
		assert_true(d->package < PKGS && d->die < DIES && !seen[d->package][d->die]);
		assert_true(d->len > 0 && d->portal == 0x710);
		seen[d->package][d->die] = true;
	}
	assert_int_equal(m->ndie, PKGS * DIES);
	assert_int_equal(machine_bytes(CPUS, PKGS * DIES) - machine_bytes(CPUS, 0),
			 PKGS * DIES * (sizeof(struct machine_disc) + sizeof(struct machine_die)));
	print_message("machine of %u CPUs, %u dies: %zu bytes (%zu a die's table and registers)\n",
		      CPUS, PKGS * DIES, machine_bytes(CPUS, PKGS * DIES),
		      sizeof(struct machine_disc) + sizeof(struct machine_die));
	struct pmu_backend b;
	struct model *small = test_model("diamond-rapids", 4, 2, &b);
	assert_int_equal(model_machine_dies(small), 2);   /* one die a package */
	free(small);

	size_t len;
	char *t = text_of(m, &len), err[160];
	assert_int_equal(profile_dies(t, len), PKGS * DIES);
	back = test_machine(CPUS, profile_dies(t, len));
	if (profile_read(t, len, back, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(back->nportal, PKGS * DIES);
	size_t bytes = model_loaded_bytes(back), tables = 0, regs = 0;
	for (unsigned k = 0; k < back->npkgs; k++)
		tables += back->pkg[k].disc.len;
	for (unsigned i = 0; i < back->nportal; i++)
		tables += back->portal[i].len;
	for (unsigned i = 0; i < back->ndie; i++)
		regs += back->die[i].regs.n;
	assert_int_equal(bytes, sizeof(struct model_loaded) +
			 PKGS * DIES * sizeof(struct model_disc_image) +
			 regs * sizeof(struct model_die_fw) +
			 CPUS * (sizeof(struct model_cpuid_table) +
				 CPUID_WALK_MAX * sizeof(struct model_cpuid_leaf)) + tables);
	print_message("loaded model: %zu bytes (struct %zu, tables %zu, %zu dies' registers)\n",
		      bytes, sizeof(struct model_loaded), tables, regs);
	struct model_loaded *l = malloc(bytes);
	struct model *again = calloc(1, model_bytes(CPUS));
	assert_true(l && again);
	assert_int_equal(model_loaded_make(back, "dies", l, bytes), PMU_OK);
	assert_int_equal(model_loaded_init(again, model_bytes(CPUS), l, back), PMU_OK);
	/* the last package's last die: its own table, as captured */
	const struct model_disc_image *im = model_portal_image(again, PKGS - 1, DIES - 1);
	const struct machine_disc *last = NULL;
	for (unsigned i = 0; i < back->nportal; i++)
		if (back->portal[i].package == PKGS - 1 && back->portal[i].die == DIES - 1)
			last = &back->portal[i];
	assert_true(im && last && im->len == last->len && im->bar == last->bar);
	assert_memory_equal(im->bytes, last->bytes, last->len);
	free(again);
	free(l);
	free(back);
	free(t);
	free(m);
	free(mod);
}

/*
 * One table short of the dies: the model's machine, the profile and a log's records each
 * count the table past the room and say it, never write it.
 */
static void test_table_past_room_said(void **state)
{
	(void)state;
	struct model *mod = dmr();
	struct machine *m, *full;
	assert_int_equal(machine_of(mod, PKGS * DIES - 1, &m), PMU_ERR_NOSPACE);
	assert_int_equal(m->nportal, PKGS * DIES - 1);
	assert_int_equal(m->portals_left, 1);
	assert_int_equal(m->ndie, PKGS * DIES - 1);
	assert_int_equal(m->dies_left, 1);
	assert_int_equal(machine_of(mod, PKGS * DIES, &full), PMU_OK);

	size_t len;
	char *t = text_of(full, &len), err[160];
	struct machine *back = test_machine(CPUS, PKGS * DIES - 1);
	assert_int_equal(profile_read(t, len, back, err, sizeof(err)), PMU_ERR_INVALID);
	assert_non_null(strstr(err, ": a die past the machine's room of 31"));
	assert_int_equal(back->nportal, PKGS * DIES - 1);

	/* a log of one CPU whose package has tables of two dies, read into room for one */
	static const char *log[] = {
		"{\"rec\":\"machine\",\"schema\":2,\"scope\":\"platform\",\"vendor\":\"GenuineIntel\","
		"\"dies\":\"location2\"}",
		"{\"rec\":\"machine\",\"schema\":2,\"scope\":\"cpu\",\"cpu\":0,\"apic_id\":0,"
		"\"package\":0,\"core\":0,\"thread\":0,\"die\":0,\"cpuid\":[],\"msrs\":[]}",
		"{\"rec\":\"machine\",\"schema\":2,\"scope\":\"package\",\"package\":0,\"leader\":0,"
		"\"uncore_family\":\"discovery\",\"msrs\":[]}",
		"{\"rec\":\"machine\",\"schema\":2,\"scope\":\"discovery\",\"package\":0,\"part\":0,"
		"\"portal\":\"0x710\",\"cpu\":0,\"die\":0,\"bar\":\"0x1000\",\"result\":\"read\","
		"\"bytes\":\"00112233\"}",
		"{\"rec\":\"machine\",\"schema\":2,\"scope\":\"discovery\",\"package\":0,\"part\":0,"
		"\"portal\":\"0x710\",\"cpu\":0,\"die\":1,\"bar\":\"0x2000\",\"result\":\"read\","
		"\"bytes\":\"44556677\"}",
		"{\"rec\":\"machine\",\"schema\":2,\"scope\":\"discovery\",\"package\":0,\"part\":1,"
		"\"portal\":\"0x710\",\"cpu\":0,\"die\":1,\"bar\":\"0x2000\",\"result\":\"read\","
		"\"bytes\":\"8899\"}",
	};
	char all[2048] = "";
	for (unsigned i = 0; i < sizeof(log) / sizeof(log[0]); i++) {
		strcat(all, log[i]);
		strcat(all, "\n");
	}
	struct machine_reader *r = malloc(sizeof(*r));
	unsigned cpus, portals;
	assert_non_null(r);
	machine_read_room(all, strlen(all), &r->view, &cpus, &portals);
	assert_int_equal(portals, 2);   /* part 0 of each die's */
	struct machine *one = test_machine(cpus, 1);
	machine_read_init(r, one);
	for (unsigned i = 0; i < sizeof(log) / sizeof(log[0]); i++)
		if (machine_read_line(r, log[i], strlen(log[i])))
			fail_msg("%s", r->err);
	assert_int_equal(machine_read_end(r), PMU_OK);
	assert_int_equal(one->nportal, 1);
	assert_int_equal(one->portals_left, 1);
	assert_int_equal(one->portal[0].die, 0);
	assert_int_equal(one->portal[0].len, 4);
	free(one);
	free(r);
	free(back);
	free(t);
	free(full);
	free(m);
	free(mod);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_model_answers_its_dies),
		cmocka_unit_test(test_room_is_the_dies),
		cmocka_unit_test(test_table_past_room_said),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
