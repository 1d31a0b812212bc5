/* SPDX-License-Identifier: BSD-2-Clause-Patent */
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

/* The text through sb_putc one byte at a time: what each bulk writer must leave. */
static void putc_each(struct strbuf *sb, const char *s)
{
	while (*s)
		sb_putc(sb, *s++);
}

/*
 * The writers that copy runs at once (sb_putn, sb_puts, sb_dec, sb_hex_width, sb_json_str) leave
 * the same bytes, length and overflow as sb_putc byte by byte, at every capacity: a record cut
 * short is cut at the same byte.
 */
static void test_bulk_as_putc(void **state)
{
	(void)state;
	for (size_t cap = 0; cap <= 68; cap++) {
		char a[72], b[72];
		memset(a, '#', sizeof(a));
		memset(b, '#', sizeof(b));
		struct strbuf sa, sr;
		sb_init(&sa, a, cap);
		sb_init(&sr, b, cap);
		sb_puts(&sa, "pre");
		putc_each(&sr, "pre");
		sb_json_str(&sa, "ab\"c\\d\n\x01\xffxyz");
		putc_each(&sr, "\"ab\\\"c\\\\d\\n\\u0001\\u00ffxyz\"");
		sb_json_str(&sa, "plain");
		putc_each(&sr, "\"plain\"");
		sb_dec(&sa, 1234567890);
		putc_each(&sr, "1234567890");
		sb_hex_width(&sa, 0xbeef, 6);
		putc_each(&sr, "0x00beef");
		sb_putn(&sa, "tail", 4);
		putc_each(&sr, "tail");
		assert_memory_equal(a, b, sizeof(a));
		assert_int_equal(sa.len, sr.len);
		assert_int_equal(sa.overflow, sr.overflow);
		assert_int_equal(sa.overflow, cap < 60);   /* 59 bytes of text and the NUL */
	}
}

/* pmu_memset stores words where it can: every start and length fill exactly their bytes. */
static void test_memset_bounds(void **state)
{
	(void)state;
	unsigned char buf[88];
	for (size_t off = 0; off < 9; off++) {
		for (size_t n = 0; n <= 72; n++) {
			memset(buf, 0xaa, sizeof(buf));
			pmu_memset(buf + off, 0x15c, n);   /* only the low byte counts */
			for (size_t i = 0; i < sizeof(buf); i++)
				assert_int_equal(buf[i], i >= off && i < off + n ? 0x5c : 0xaa);
		}
	}
}

/* pmu_memcpy moves words at any alignment of either side: exactly the bytes asked for. */
static void test_memcpy_bounds(void **state)
{
	(void)state;
	unsigned char src[80], buf[88];
	for (size_t i = 0; i < sizeof(src); i++)
		src[i] = (unsigned char)(i * 7 + 1);
	for (size_t off = 0; off < 9; off++) {
		for (size_t from = 0; from < 9; from++) {
			for (size_t n = 0; n <= 70; n++) {
				memset(buf, 0xaa, sizeof(buf));
				pmu_memcpy(buf + off, src + from, n);
				for (size_t i = 0; i < sizeof(buf); i++)
					assert_int_equal(buf[i], i >= off && i < off + n ?
							 src[from + i - off] : 0xaa);
			}
		}
	}
	for (size_t by = 1; by < 20; by++) {   /* down within one buffer, as cpuinfo's brand */
		pmu_memcpy(buf, src, sizeof(src));
		pmu_memcpy(buf, buf + by, sizeof(src) - by);
		assert_memory_equal(buf, src + by, sizeof(src) - by);
	}
}

/* Quoted user input stays one printable line. */
/* Bytes as hex pairs and back; odd, non-hex or too long refused. */
static void test_hex_bytes(void **state)
{
	(void)state;
	static const uint8_t b[] = { 0x00, 0x04, 0x1a, 0xff };
	uint8_t out[4];
	char buf[16];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	sb_hex_bytes(&sb, b, sizeof(b));
	assert_string_equal(buf, "00041aff");
	assert_int_equal(pmu_hex_bytes("00041AfF", 8, out, sizeof(out)), 4);
	assert_memory_equal(out, b, 4);
	assert_int_equal(pmu_hex_bytes("000", 3, out, sizeof(out)), -1);
	assert_int_equal(pmu_hex_bytes("0g", 2, out, sizeof(out)), -1);
	assert_int_equal(pmu_hex_bytes("0000000000", 10, out, sizeof(out)), -1);
	assert_int_equal(pmu_hex_bytes("", 0, out, sizeof(out)), 0);
}

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
		cmocka_unit_test(test_bulk_as_putc),
		cmocka_unit_test(test_memset_bounds),
		cmocka_unit_test(test_memcpy_bounds),
		cmocka_unit_test(test_printable),
		cmocka_unit_test(test_hex_bytes),
		cmocka_unit_test(test_parse),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
