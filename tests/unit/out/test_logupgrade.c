/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Register names (pmu/regname.h) and logs of schema 1 read as schema 2 (out/logupgrade.h):
 * every kind named and parsed back, bad names refused, and each record kind schema 2
 * changed rewritten to exactly what the writer now writes.
 */
#include <string.h>
#include "testutil.h"
#include "hw/layouts_core.h"
#include "out/logrec.h"
#include "out/logupgrade.h"
#include "pmu/regkey.h"

static char out_buf[8192];

/* The upgrade of line (NULL: none, the line is no schema-1 record). */
static const char *upgraded(const char *line)
{
	static struct log_upgrade w;
	struct strbuf sb;
	sb_init(&sb, out_buf, sizeof(out_buf));
	return log_upgrade(line, strlen(line), &w, &sb) ? out_buf : NULL;
}

static void names_round_trip(void **state)
{
	(void)state;
	static const char *const ok[] = {
		"msr 0x186", "msr 0xc0010200", "pci 0000:7f:10.4+0xd8", "pci 0001:ff:1f.7+0xffc",
		"mmio 0xc1126840", "mmio 0xfffffffffffff000",
	};
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		struct regname n;
		char buf[64];
		struct strbuf sb;
		assert_int_equal(regname_parse(ok[i], strlen(ok[i]), &n), PMU_OK);
		sb_init(&sb, buf, sizeof(buf));
		regname_put(&sb, &n);
		assert_string_equal(buf, ok[i]);
	}
	struct regname n;
	assert_int_equal(regname_parse("pci 0000:7f:10.4+0xd8", 21, &n), PMU_OK);
	assert_int_equal(n.kind, REGNAME_PCI);
	assert_int_equal(n.pci.bus, 0x7f);
	assert_int_equal(n.pci.dev, 0x10);
	assert_int_equal(n.pci.fn, 4);
	assert_int_equal(n.pci.off, 0xd8);
	/* schema 1's bare MSR number */
	assert_int_equal(regname_parse("0x38d", 5, &n), PMU_OK);
	assert_int_equal(n.kind, REGNAME_MSR);
	assert_int_equal(n.at, 0x38d);
	/* the writer's key names: an MSR by kind, PCI by function and offset */
	assert_true(regkey_name(NULL, 0x186, &n) && n.kind == REGNAME_MSR && n.at == 0x186);
	struct pmu_pci_addr a = { 0, 0x7f, 0x10, 4, 0xd8 };
	assert_true(regkey_name(NULL, regkey_pci(a), &n) && n.kind == REGNAME_PCI);
	assert_int_equal(n.pci.off, 0xd8);
}

static void bad_names_refused(void **state)
{
	(void)state;
	static const char *const bad[] = {
		"", "msr", "msr ", "msr 186", "msr 0x", "msr 0x100000000", "0x1g", "MSR 0x186",
		"pci 0000:7f:10.4", "pci 0000:7f:20.0+0x0", "pci 0000:7f:10.8+0x0", "pci 0:7f:10.4+0xd8",
		"pci 0000:7f:10.4+0x1000", "mmio 0x10000000000000000", "mmio slot 3+0x840",
		"msr 0x186 ", "io 0x80",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct regname n;
		if (regname_parse(bad[i], strlen(bad[i]), &n) != PMU_ERR_INVALID)
			fail_msg("'%s' read as a register name", bad[i]);
	}
}

/* A schema-1 count becomes, byte for byte, what the writer writes for it now. */
static void count_as_the_writer_writes_it(void **state)
{
	(void)state;
	char buf[2048];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	const struct count_rec c = {
		.cpu = 3, .apic_id = 6, .package = 1, .box = "core", .event = "branches",
		.counter_kind = "gp", .counter = 2, .width = 48, .ctl_msr = 0x188,
		.ctl_value = 0x4300c4, .ctl_layout = &layout_perfevtsel, .extra_msr = 0x1a6,
		.extra_value = 0x11, .ctr_msr = 0xc3, .end = 0x10, .delta = 0x10,
		.kernel = "inst", .iterations = 1000, .round = 1, .repeat = 4,
	};
	logrec_count(&sb, &c, true);
	const char *v1 =
		"{\"rec\":\"count\",\"schema\":1,\"simulated\":true,\"cpu\":3,\"apic_id\":6,\"package\":1,"
		"\"box\":\"core\",\"event\":\"branches\",\"counter_kind\":\"gp\",\"counter\":2,\"width\":48,"
		"\"ctl_msr\":\"0x188\",\"ctl_value\":\"0x4300c4\",\"ctl_fields\":{\"event\":196,"
		"\"umask\":0,\"usr\":1,\"os\":1,\"e\":0,\"pc\":0,\"int\":0,\"any\":0,\"en\":1,\"inv\":0,"
		"\"cmask\":0},\"extra_msr\":\"0x1a6\",\"extra_value\":\"0x11\",\"ctr_msr\":\"0xc3\","
		"\"start\":\"0x0\",\"end\":\"0x10\",\"delta\":16,\"overflowed\":false,\"kernel\":\"inst\","
		"\"iterations\":1000,\"round\":1,\"repeat\":4}\n";
	const char *v2 = upgraded(v1);
	assert_non_null(v2);
	assert_string_equal(v2, buf);
	/* a schema-2 record is not touched; nor is a line that is no record */
	assert_null(upgraded(buf));
	assert_null(upgraded("{\"rec\":\"count\",\"schema\":1"));
}

static void registers_in_lists(void **state)
{
	(void)state;
	assert_string_equal(upgraded("{\"rec\":\"ownership\",\"schema\":1,\"box\":\"uncore\",\"cpu\":0,"
				     "\"registers\":[{\"msr\":\"pci 0000:ff:10.0+0xf4\",\"scope\":\"package\"},"
				     "{\"msr\":\"0xd34\",\"scope\":\"package\"}]}"),
			    "{\"rec\":\"ownership\",\"schema\":2,\"box\":\"uncore\",\"cpu\":0,"
			    "\"registers\":[{\"reg\":\"pci 0000:ff:10.0+0xf4\",\"scope\":\"package\"},"
			    "{\"reg\":\"msr 0xd34\",\"scope\":\"package\"}]}");
	assert_string_equal(upgraded("{\"rec\":\"handoff\",\"schema\":1,\"box\":\"uncore\","
				     "\"registers\":[[\"0xc00\",\"0x0\"],[\"mmio 0xc1126840\",\"0x1\"]]}"),
			    "{\"rec\":\"handoff\",\"schema\":2,\"box\":\"uncore\","
			    "\"registers\":[[\"msr 0xc00\",\"0x0\"],[\"mmio 0xc1126840\",\"0x1\"]]}");
	assert_string_equal(upgraded("{\"rec\":\"leftover\",\"schema\":1,\"cpu\":2,\"left_programmed\":"
				     "[{\"msr\":\"0x186\",\"name\":\"IA32_PERFEVTSEL\",\"firmware_value\":\"0x0\"}]}"),
			    "{\"rec\":\"leftover\",\"schema\":2,\"cpu\":2,\"left_programmed\":"
			    "[{\"reg\":\"msr 0x186\",\"name\":\"IA32_PERFEVTSEL\",\"firmware_value\":\"0x0\"}]}");
	/* the core's hand-off has no list: its registers keep their names */
	assert_string_equal(upgraded("{\"rec\":\"handoff\",\"schema\":1,\"cpu\":0,\"global_ctrl\":\"0x0\"}"),
			    "{\"rec\":\"handoff\",\"schema\":2,\"cpu\":0,\"global_ctrl\":\"0x0\"}");
}

static void renamed_keys(void **state)
{
	(void)state;
	assert_string_equal(upgraded("{\"rec\":\"uncore_width\",\"schema\":1,\"box\":\"uncore\","
				     "\"ctl_msr\":\"0x394\",\"ctl\":\"0x400000\",\"msr\":\"0x395\",\"width\":48}"),
			    "{\"rec\":\"uncore_width\",\"schema\":2,\"box\":\"uncore\","
			    "\"ctl\":\"msr 0x394\",\"ctl_value\":\"0x400000\",\"ctr\":\"msr 0x395\",\"width\":48}");
	assert_string_equal(upgraded("{\"rec\":\"dry_write\",\"schema\":1,\"cpu\":0,\"msr\":\"0x38f\"}"),
			    "{\"rec\":\"dry_write\",\"schema\":2,\"cpu\":0,\"reg\":\"msr 0x38f\"}");
	assert_string_equal(upgraded("{\"rec\":\"uncore_probe\",\"schema\":1,\"msr\":\"0xc10\"}"),
			    "{\"rec\":\"uncore_probe\",\"schema\":2,\"reg\":\"msr 0xc10\"}");
	/* another record's "msr" is not a register of the log's naming: kept */
	assert_string_equal(upgraded("{\"rec\":\"uncore_chas\",\"schema\":1,\"msr\":\"0x702\"}"),
			    "{\"rec\":\"uncore_chas\",\"schema\":2,\"msr\":\"0x702\"}");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_round_trip),
		cmocka_unit_test(bad_names_refused),
		cmocka_unit_test(count_as_the_writer_writes_it),
		cmocka_unit_test(registers_in_lists),
		cmocka_unit_test(renamed_keys),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
