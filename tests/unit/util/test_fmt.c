#include "testutil.h"
#include "util/fmt.h"

static void test_numbers(void **state)
{
	(void)state;
	char buf[64];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	sb_dec(&sb, 0);
	sb_putc(&sb, ' ');
	sb_dec(&sb, UINT64_MAX);
	sb_putc(&sb, ' ');
	sb_sdec(&sb, -42);
	assert_string_equal(buf, "0 18446744073709551615 -42");
	sb_reset(&sb);
	sb_dec_grouped(&sb, 1234567);
	sb_putc(&sb, ' ');
	sb_dec_grouped(&sb, 999);
	sb_putc(&sb, ' ');
	sb_dec_grouped(&sb, 1000);
	assert_string_equal(buf, "1,234,567 999 1,000");
	sb_reset(&sb);
	sb_hex(&sb, 0x43003c);
	sb_putc(&sb, ' ');
	sb_hex_width(&sb, 0x1f, 4);
	sb_putc(&sb, ' ');
	sb_hex(&sb, 0);
	assert_string_equal(buf, "0x43003c 0x001f 0x0");
}

static void test_overflow_truncates(void **state)
{
	(void)state;
	char buf[6];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	sb_puts(&sb, "abcdefgh");
	assert_true(sb.overflow);
	assert_string_equal(buf, "abcde");
}

static void test_json(void **state)
{
	(void)state;
	char buf[128];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	sb_putc(&sb, '{');
	sb_json_key(&sb, "a");
	sb_json_str(&sb, "q\"b\\\n\x01");
	sb_json_key(&sb, "b");
	sb_dec(&sb, 1);
	sb_putc(&sb, '}');
	assert_string_equal(buf, "{\"a\":\"q\\\"b\\\\\\n\\u0001\",\"b\":1}");
}

static void test_parse(void **state)
{
	(void)state;
	uint64_t v;
	assert_true(pmu_parse_u64("0x3c", 4, &v));
	assert_int_equal(v, 0x3c);
	assert_true(pmu_parse_u64("18446744073709551615", 20, &v));
	assert_true(v == UINT64_MAX);
	assert_false(pmu_parse_u64("18446744073709551616", 20, &v));
	assert_false(pmu_parse_u64("0x", 2, &v));
	assert_false(pmu_parse_u64("12a", 3, &v));
	assert_false(pmu_parse_u64("", 0, &v));
}

/* Quoted user input stays one printable line. */
static void test_printable(void **state)
{
	(void)state;
	char buf[64];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	sb_putn_printable(&sb, "a\n\t\x1b[31m\\\x80z", 11);
	assert_string_equal(buf, "a\\x0a\\x09\\x1b[31m\\\\x80z");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_overflow_truncates),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_printable),
		cmocka_unit_test(test_parse),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
