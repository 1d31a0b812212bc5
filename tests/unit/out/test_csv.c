/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * The CSV summary: the header's columns, one row per count with the same
 * number of fields, and RFC 4180 quoting of fields that need it.
 */
#include "testutil.h"
#include "out/csv.h"

/* Fields of one RFC 4180 line (quoted fields unquoted); returns how many. */
static unsigned split(const char *line, char fields[][64], unsigned max)
{
	unsigned n = 0;
	const char *p = line;
	for (;;) {
		char *o = fields[n];
		if (*p == '"') {
			for (p++; *p && !(p[0] == '"' && p[1] != '"'); p++) {
				if (*p == '"')
					p++;
				*o++ = *p;
			}
			assert_int_equal(*p, '"');
			p++;
		} else {
			while (*p && *p != ',')
				*o++ = *p++;
		}
		*o = '\0';
		n++;
		if (!*p || n == max)
			return n;
		assert_int_equal(*p, ',');
		p++;
	}
}

static void test_field_quoting(void **state)
{
	(void)state;
	static const struct { const char *in, *out; } cases[] = {
		{ "plain", "plain" },
		{ "", "" },
		{ "a,b", "\"a,b\"" },
		{ "say \"hi\"", "\"say \"\"hi\"\"\"" },
		{ "two\nlines", "\"two\nlines\"" },
		{ "cr\r", "\"cr\r\"" },
		{ "cpu/event=0x3c,umask=1/", "\"cpu/event=0x3c,umask=1/\"" },
		{ "semi;colon 'q'", "semi;colon 'q'" },
	};
	char buf[64];
	struct strbuf sb;
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sb_init(&sb, buf, sizeof(buf));
		csv_field(&sb, cases[i].in);
		assert_string_equal(buf, cases[i].out);
	}
}

static void test_header_and_row(void **state)
{
	(void)state;
	char buf[512], f[20][64], h[20][64];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	csv_header(&sb);
	unsigned nh = split(buf, h, 20);
	assert_int_equal(nh, 16);
	static const char *const cols[] = { "cpu", "apic_id", "package", "box", "event", "counter",
		"ctl", "ctl_value", "ctr", "start", "end", "delta", "overflowed", "kernel",
		"repeat", "simulated" };
	for (unsigned i = 0; i < nh; i++)
		assert_string_equal(h[i], cols[i]);

	struct count_rec c = {
		.cpu = 3, .apic_id = 6, .package = 1, .box = "core",
		.event = "cpu/event=0x3c,umask=0x1/", .counter_kind = "gp", .counter = 2,
		.ctl_msr = 0x188, .ctl_value = 0x43013c, .ctr_msr = 0xc3,
		.start = 0xfffffffffff0ull, .end = 0x10, .delta = 32, .overflowed = true,
		.kernel = "inst", .repeat = 4,
	};
	sb_init(&sb, buf, sizeof(buf));
	csv_row(&sb, &c, NULL, true);
	assert_string_equal(buf, "3,6,1,core,\"cpu/event=0x3c,umask=0x1/\",gp2,msr 0x188,0x43013c,msr 0xc3,"
				 "0xfffffffffff0,0x10,32,true,inst,4,true");
	assert_int_equal(split(buf, f, 20), nh);
	assert_string_equal(f[4], "cpu/event=0x3c,umask=0x1/");

	/* Missing texts are empty fields, never "(null)". */
	struct count_rec empty = { .counter_kind = "fixed" };
	sb_init(&sb, buf, sizeof(buf));
	csv_row(&sb, &empty, NULL, false);
	assert_string_equal(buf, "0,0,0,,,fixed0,msr 0x0,0x0,msr 0x0,0x0,0x0,0,false,,0,false");
	assert_int_equal(split(buf, f, 20), nh);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_field_quoting),
		cmocka_unit_test(test_header_and_row),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
