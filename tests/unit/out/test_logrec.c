/* SPDX-License-Identifier: BSD-2-Clause-Patent */
#include <string.h>
#include "testutil.h"
#include "hw/layouts_core.h"
#include "out/logrec.h"

/* A count record carries the registers that produced the number, raw and decoded. */
static void count_record_has_everything(void **state)
{
	(void)state;
	char buf[2048];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	const struct count_rec c = {
		.cpu = 3, .apic_id = 6, .package = 1, .box = "core", .event = "branches",
		.counter_kind = "gp", .counter = 2, .width = 48, .ctl_msr = 0x188,
		.ctl_value = 0x4300c4, .ctl_layout = &layout_perfevtsel, .ctr_msr = 0xc3,
		.start = 0xfffffffffff0ull, .end = 0x10, .delta = 0x20, .overflowed = true,
		.kernel = "inst", .iterations = 1000, .round = 1, .repeat = 4,
	};
	logrec_count(&sb, &c, true);
	const char *want[] = {
		"{\"rec\":\"count\"", "\"simulated\":true", "\"cpu\":3,", "\"apic_id\":6,", "\"package\":1,",
		"\"box\":\"core\"", "\"event\":\"branches\"", "\"counter_kind\":\"gp\"", "\"counter\":2,",
		"\"width\":48,", "\"ctl\":\"msr 0x188\"", "\"ctl_value\":\"0x4300c4\"",
		"\"event\":196", "\"umask\":0", "\"en\":1", "\"ctr\":\"msr 0xc3\"",
		"\"start\":\"0xfffffffffff0\"", "\"end\":\"0x10\"", "\"delta\":32,",
		"\"overflowed\":true", "\"kernel\":\"inst\"", "\"iterations\":1000,", "\"round\":1,",
		"\"repeat\":4",
	};
	for (unsigned i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		if (!strstr(buf, want[i]))
			fail_msg("record lacks %s: %s", want[i], buf);
	assert_int_equal(buf[sb.len - 1], '}');
	assert_false(sb.overflow);
}

/* An ownership record lists each register with its scope, found value, our bits and written flag. */
static void ownership_record_lists_registers(void **state)
{
	(void)state;
	char buf[1024];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	const struct own_reg reg[2] = {
		{ .msr = 0x1A6, .scope = OWN_CORE, .orig = 0x11, .ours = ~0ull, .written = true },
		{ .msr = 0x38F, .scope = OWN_THREAD, .orig = 0x70000000Full, .ours = 0x100000001ull },
	};
	const struct own_rec o = { .box = "core", .cpu = 1, .package = 0, .reg = reg, .n = 2 };
	logrec_ownership(&sb, &o, false);
	assert_false(sb.overflow);
	assert_string_equal(buf, "{\"rec\":\"ownership\",\"schema\":2,\"box\":\"core\",\"cpu\":1,\"package\":0,"
			    "\"registers\":[{\"reg\":\"msr 0x1a6\",\"scope\":\"core\",\"found\":\"0x11\","
			    "\"ours\":\"0xffffffffffffffff\",\"written\":true},"
			    "{\"reg\":\"msr 0x38f\",\"scope\":\"thread\",\"found\":\"0x70000000f\","
			    "\"ours\":\"0x100000001\",\"written\":false}]}");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(count_record_has_everything),
		cmocka_unit_test(ownership_record_lists_registers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
