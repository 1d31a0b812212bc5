/* SPDX-License-Identifier: BSD-2-Clause-Patent */
/*
 * Reading log records back: real records from the app's writer, every value
 * type, escapes, nested objects; malformed lines refused with the right
 * status and position; every prefix and many mutations of a real line read
 * without a fault (ASan watches the bounds).
 */
#include "testutil.h"
#include "util/fmt.h"
#include "out/logread.h"
#include "out/logrec.h"

static const char count_line[] =
	"{\"rec\":\"count\",\"schema\":1,\"simulated\":true,\"cpu\":3,\"apic_id\":3,\"package\":0,"
	"\"box\":\"core\",\"event\":\"branches\",\"counter_kind\":\"gp\",\"counter\":0,\"width\":48,"
	"\"ctl_msr\":\"0x186\",\"ctl_value\":\"0x4300c4\",\"ctl_fields\":{\"event\":196,\"umask\":0,"
	"\"usr\":1,\"os\":1,\"e\":0,\"pc\":0,\"int\":0,\"any\":0,\"en\":1,\"inv\":0,\"cmask\":0},"
	"\"ctr_msr\":\"0xc1\",\"start\":\"0x0\",\"end\":\"0x3e9\",\"delta\":1001,\"overflowed\":false,"
	"\"kernel\":\"inst\",\"iterations\":1000,\"repeat\":0}\n";

static struct logrec_view *view_of(const char *line)
{
	static struct logrec_view v;
	assert_int_equal(logread_line(line, strlen(line), &v), PMU_OK);
	return &v;
}

/* The value of key, which must read as an unsigned number. */
static uint64_t u64_of(const struct logrec_view *v, const char *key)
{
	uint64_t u = 0;
	assert_int_equal(logread_get_u64(v, key, &u), PMU_OK);
	return u;
}

static void test_count_record(void **state)
{
	(void)state;
	struct logrec_view *v = view_of(count_line);
	uint64_t u;
	bool b;
	char s[32];
	assert_int_equal(v->n, 22);
	assert_true(logread_str_is(v, "rec", "count"));
	assert_false(logread_str_is(v, "rec", "coun"));
	assert_false(logread_str_is(v, "rec", "counts"));
	assert_true(logread_simulated(v));
	assert_int_equal(u64_of(v, "cpu"), 3);
	assert_int_equal(u64_of(v, "ctl_value"), 0x4300c4);
	assert_int_equal(u64_of(v, "end"), 0x3e9);
	assert_int_equal(u64_of(v, "delta"), 1001);
	assert_int_equal(logread_get_bool(v, "overflowed", &b), PMU_OK);
	assert_false(b);
	assert_int_equal(logread_get_str(v, "event", s, sizeof(s)), PMU_OK);
	assert_string_equal(s, "branches");
	/* Wrong types and missing keys. */
	assert_int_equal(logread_get_u64(v, "kernel", &u), PMU_ERR_INVALID);
	assert_int_equal(logread_get_u64(v, "overflowed", &u), PMU_ERR_INVALID);
	assert_int_equal(logread_get_str(v, "delta", s, sizeof(s)), PMU_ERR_INVALID);
	assert_int_equal(logread_get_bool(v, "cpu", &b), PMU_ERR_INVALID);
	assert_int_equal(logread_get_u64(v, "nope", &u), PMU_ERR_NOT_FOUND);
	assert_null(logread_find(v, "cp"));
	/* The nested decoded fields. */
	struct logrec_view f;
	assert_int_equal(logread_get_obj(v, "ctl_fields", &f), PMU_OK);
	assert_int_equal(f.n, 11);
	assert_int_equal(u64_of(&f, "event"), 196);
	assert_int_equal(logread_get_obj(v, "box", &f), PMU_ERR_INVALID);
}

/* What lib/out/logrec.c writes reads back to the same values. */
static void test_roundtrip_writer(void **state)
{
	(void)state;
	char buf[512], s[64];
	struct strbuf sb;
	sb_init(&sb, buf, sizeof(buf));
	logrec_begin(&sb, "check", false);
	logrec_key_str(&sb, "check", "quote \" slash \\ nl \n tab \t byte \x80 \x7f");
	logrec_key_u64(&sb, "big", UINT64_MAX);
	logrec_key_hex(&sb, "hex", 0xffffffffffffffffull);
	logrec_key_bool(&sb, "ok", true);
	logrec_end(&sb);
	struct logrec_view *v = view_of(buf);
	bool b;
	assert_false(logread_simulated(v));
	assert_int_equal(logread_get_str(v, "check", s, sizeof(s)), PMU_OK);
	assert_string_equal(s, "quote \" slash \\ nl \n tab \t byte \x80 \x7f");
	assert_true(u64_of(v, "big") == UINT64_MAX);
	assert_true(u64_of(v, "hex") == UINT64_MAX);
	assert_int_equal(logread_get_bool(v, "ok", &b), PMU_OK);
	assert_true(b);
	int64_t i;
	assert_int_equal(logread_get_i64(v, "big", &i), PMU_ERR_RANGE);
	assert_int_equal(logread_get_i64(v, "hex", &i), PMU_ERR_RANGE);
}

static void test_numbers(void **state)
{
	(void)state;
	struct logrec_view *v = view_of(" {\"a\":-5, \"b\" : 0, \"c\":18446744073709551616, "
					"\"d\":1.5e3, \"e\":-9223372036854775808, \"f\":-0,"
					"\"g\":\"0X1F\", \"h\":\"0x\", \"i\":\"12\", \"j\":null,"
					"\"k\":\"0x10000000000000000\", \"l\":[1,[2,{\"m\":3}]]}\r\n");
	uint64_t u;
	int64_t i;
	assert_int_equal(logread_get_i64(v, "a", &i), PMU_OK);
	assert_int_equal(i, -5);
	assert_int_equal(logread_get_u64(v, "a", &u), PMU_ERR_RANGE);
	assert_int_equal(u64_of(v, "b"), 0);
	assert_int_equal(logread_get_u64(v, "c", &u), PMU_ERR_RANGE);
	assert_int_equal(logread_get_i64(v, "c", &i), PMU_ERR_RANGE);
	assert_int_equal(logread_get_u64(v, "d", &u), PMU_ERR_RANGE);
	assert_int_equal(logread_find(v, "d")->type, LV_NUMBER);
	assert_int_equal(logread_find(v, "d")->raw_len, 5);
	assert_int_equal(logread_get_i64(v, "e", &i), PMU_OK);
	assert_true(i == INT64_MIN);
	assert_int_equal(u64_of(v, "f"), 0);
	assert_int_equal(u64_of(v, "g"), 31);
	assert_int_equal(logread_get_i64(v, "g", &i), PMU_OK);
	assert_int_equal(i, 31);
	assert_int_equal(logread_get_u64(v, "h", &u), PMU_ERR_INVALID);
	assert_int_equal(logread_get_u64(v, "i", &u), PMU_ERR_INVALID);   /* only hex strings */
	assert_int_equal(logread_find(v, "j")->type, LV_NULL);
	assert_int_equal(logread_get_u64(v, "k", &u), PMU_ERR_RANGE);
	const struct logval *l = logread_find(v, "l");
	assert_int_equal(l->type, LV_ARRAY);
	assert_int_equal(l->raw_len, strlen("[1,[2,{\"m\":3}]]"));
	assert_int_equal(v->n, 12);
}

static void test_escapes(void **state)
{
	(void)state;
	struct logrec_view *v = view_of("{\"k\\u0065y\":\"\\u00e9\\u20ac\\ud800\\/\\b\\f\\r\",\"e\":\"\"}");
	char s[16];
	assert_non_null(logread_find(v, "key"));
	assert_int_equal(logread_get_str(v, "key", s, sizeof(s)), PMU_OK);
	assert_string_equal(s, "\xe9\xe2\x82\xac?/\b\f\r");
	assert_int_equal(logread_get_str(v, "key", s, 4), PMU_ERR_NOSPACE);
	assert_string_equal(s, "\xe9");   /* cut before a character that does not fit whole */
	assert_int_equal(logread_get_str(v, "e", s, sizeof(s)), PMU_OK);
	assert_string_equal(s, "");
	assert_int_equal(logread_get_str(v, "e", s, 1), PMU_OK);
	assert_false(logread_str_is(v, "key", "x"));
	assert_true(logread_str_is(v, "e", ""));
	struct logrec_view *w = view_of("{}");
	assert_int_equal(w->n, 0);
}

struct bad {
	const char *line;
	pmu_status st;
	size_t pos;
	const char *why;
};

static const struct bad bad_lines[] = {
	{ "", PMU_ERR_INVALID, 0, "empty line" },
	{ "  \r\n", PMU_ERR_INVALID, 4, "empty line" },
	{ "[1]", PMU_ERR_INVALID, 0, "not an object" },
	{ "{\"a\":1}x", PMU_ERR_INVALID, 7, "text after the record" },
	{ "{\"a\":1}{}", PMU_ERR_INVALID, 7, "text after the record" },
	{ "{\"a\":1", PMU_ERR_INVALID, 6, "line ends inside the record" },
	{ "{\"a\":", PMU_ERR_INVALID, 5, "line ends inside the record" },
	{ "{\"a\"", PMU_ERR_INVALID, 4, "expected ':'" },
	{ "{\"a", PMU_ERR_INVALID, 3, "unterminated string" },
	{ "{\"a\":\"x\\", PMU_ERR_INVALID, 7, "unterminated string" },
	{ "{a:1}", PMU_ERR_INVALID, 1, "expected a key" },
	{ "{\"a\":1,}", PMU_ERR_INVALID, 7, "expected a key" },
	{ "{\"a\":1 \"b\":2}", PMU_ERR_INVALID, 7, "expected ',' or '}'" },
	{ "{\"a\":[1 2]}", PMU_ERR_INVALID, 8, "expected ',' or ']'" },
	{ "{\"a\":[1,]}", PMU_ERR_INVALID, 8, "unexpected character" },
	{ "{\"a\":tru}", PMU_ERR_INVALID, 5, "unexpected character" },
	{ "{\"a\":nul", PMU_ERR_INVALID, 5, "unexpected character" },
	{ "{\"a\":01}", PMU_ERR_INVALID, 7, "leading zero in number" },
	{ "{\"a\":-}", PMU_ERR_INVALID, 6, "bad number" },
	{ "{\"a\":1.}", PMU_ERR_INVALID, 7, "bad fraction" },
	{ "{\"a\":1e+}", PMU_ERR_INVALID, 8, "bad exponent" },
	{ "{\"a\":+1}", PMU_ERR_INVALID, 5, "unexpected character" },
	{ "{\"a\":\"\\x\"}", PMU_ERR_INVALID, 6, "bad escape" },
	{ "{\"a\":\"\\u12g4\"}", PMU_ERR_INVALID, 6, "bad \\u escape" },
	{ "{\"a\":\"\\u12\"}", PMU_ERR_INVALID, 6, "bad \\u escape" },
	{ "{\"a\":\"tab\there\"}", PMU_ERR_INVALID, 9, "control character in string" },
	{ "{\"a\":1,\"a\":2}", PMU_ERR_INVALID, 7, "duplicate key" },
	{ "{\"a\":1,\"\\u0061\":2}", PMU_ERR_INVALID, 7, "duplicate key" },
	{ "{\"a\":{\"b\":}}", PMU_ERR_INVALID, 10, "unexpected character" },
};

static void test_malformed(void **state)
{
	(void)state;
	struct logrec_view v;
	for (unsigned i = 0; i < sizeof(bad_lines) / sizeof(bad_lines[0]); i++) {
		const struct bad *b = &bad_lines[i];
		pmu_status st = logread_line(b->line, strlen(b->line), &v);
		if (st != b->st || v.err_pos != b->pos || !v.err || strcmp(v.err, b->why)) {
			fail_msg("line %u '%s': status %d pos %zu '%s', want %d pos %zu '%s'", i, b->line,
				 st, v.err_pos, v.err ? v.err : "(none)", b->st, b->pos, b->why);
		}
		assert_int_equal(v.n, 0);
	}
	/* An embedded NUL ends nothing: it is a bad character. */
	assert_int_equal(logread_line("{\"a\":1}\0", 8, &v), PMU_ERR_INVALID);
	assert_int_equal(logread_line("{\"a\":\"\0\"}", 9, &v), PMU_ERR_INVALID);
	assert_string_equal(v.err, "control character in string");
	assert_int_equal(logread_line(NULL, 5, &v), PMU_ERR_INVALID);
}

static void test_depth_and_keys(void **state)
{
	(void)state;
	char line[4096];
	struct logrec_view v;
	/* LOGREAD_MAX_DEPTH levels including the record: accepted; one more: refused. */
	for (unsigned depth = LOGREAD_MAX_DEPTH; depth <= LOGREAD_MAX_DEPTH + 1; depth++) {
		struct strbuf sb;
		sb_init(&sb, line, sizeof(line));
		sb_puts(&sb, "{\"k\":");
		for (unsigned d = 1; d < depth; d++)
			sb_puts(&sb, d % 2 ? "[" : "{\"k\":");
		sb_putc(&sb, '1');
		for (unsigned d = depth - 1; d >= 1; d--)
			sb_putc(&sb, d % 2 ? ']' : '}');
		sb_putc(&sb, '}');
		pmu_status st = logread_line(line, sb.len, &v);
		if (depth == LOGREAD_MAX_DEPTH) {
			assert_int_equal(st, PMU_OK);
		} else {
			assert_int_equal(st, PMU_ERR_INVALID);
			assert_string_equal(v.err, "nested too deeply");
		}
	}
	/* Deep nesting far beyond the limit stops at the limit (no recursion beyond it). */
	memset(line, '[', sizeof(line));
	line[0] = '{';
	memcpy(line + 1, "\"k\":", 4);
	assert_int_equal(logread_line(line, sizeof(line), &v), PMU_ERR_INVALID);
	assert_string_equal(v.err, "nested too deeply");
	/* Key count limit. */
	for (unsigned nk = LOGREAD_MAX_KEYS; nk <= LOGREAD_MAX_KEYS + 1; nk++) {
		struct strbuf sb;
		sb_init(&sb, line, sizeof(line));
		sb_putc(&sb, '{');
		for (unsigned k = 0; k < nk; k++) {
			sb_putc(&sb, k ? ',' : ' ');
			sb_puts(&sb, "\"k");
			sb_dec(&sb, k);
			sb_puts(&sb, "\":");
			sb_dec(&sb, k);
		}
		sb_putc(&sb, '}');
		assert_false(sb.overflow);
		pmu_status st = logread_line(line, sb.len, &v);
		assert_int_equal(st, nk == LOGREAD_MAX_KEYS ? PMU_OK : PMU_ERR_NOSPACE);
	}
}

/* An array's elements one at a time, whatever the spacing; nothing from what is not an array. */
static void test_elements(void **state)
{
	(void)state;
	static const char line[] = "{\"a\": [ 1 , \"x,]\", {\"b\":[2,3]} ,[] ,null ], \"e\":[], \"o\":{}}";
	struct logrec_view *v = view_of(line);
	const struct logval *a = logread_find(v, "a");
	struct logval e;
	size_t pos = 0;
	static const uint8_t types[] = { LV_NUMBER, LV_STRING, LV_OBJECT, LV_ARRAY, LV_NULL };
	static const char *const raws[] = { "1", "x,]", "{\"b\":[2,3]}", "[]", "null" };
	for (unsigned i = 0; i < 5; i++) {
		assert_true(logread_elem(a, &pos, &e));
		assert_int_equal(e.type, types[i]);
		assert_int_equal(e.raw_len, strlen(raws[i]));
		assert_memory_equal(e.raw, raws[i], e.raw_len);
	}
	assert_false(logread_elem(a, &pos, &e));
	pos = 0;
	assert_false(logread_elem(logread_find(v, "e"), &pos, &e));
	pos = 0;
	assert_false(logread_elem(logread_find(v, "o"), &pos, &e));
}

/* Every prefix of a real record is refused; a copy without slack shows no read past len. */
static void test_prefixes(void **state)
{
	(void)state;
	size_t n = strlen(count_line) - 1;   /* without the newline */
	struct logrec_view v;
	for (size_t len = 0; len < n; len++) {
		char *copy = malloc(len ? len : 1);
		memcpy(copy, count_line, len);
		assert_int_not_equal(logread_line(copy, len, &v), PMU_OK);
		assert_true(v.err_pos <= len);
		free(copy);
	}
	assert_int_equal(logread_line(count_line, n, &v), PMU_OK);
}

/* Deterministic byte mutations: whatever the status, no fault and a consistent view. */
static void test_mutations(void **state)
{
	(void)state;
	static const char alphabet[] = "{}[]\":,\\u0x1-.eE tfn\n\x01\x80";
	size_t n = strlen(count_line);
	uint32_t seed = 12345;
	unsigned ok = 0;
	for (unsigned round = 0; round < 20000; round++) {
		char *copy = malloc(n);
		memcpy(copy, count_line, n);
		for (unsigned k = 0; k < 1 + round % 4; k++) {
			seed = seed * 1103515245u + 12345u;
			size_t at = (seed >> 8) % n;
			copy[at] = alphabet[(seed >> 20) % (sizeof(alphabet) - 1)];
		}
		struct logrec_view v;
		size_t len = round % 7 ? n : (seed >> 4) % n;
		if (logread_line(copy, len, &v) == PMU_OK) {
			ok++;
			char s[64];
			uint64_t u;
			for (unsigned k = 0; k < v.n; k++) {
				assert_true(v.v[k].key >= copy && v.v[k].key + v.v[k].key_len <= copy + len);
				assert_true(v.v[k].raw >= copy && v.v[k].raw + v.v[k].raw_len <= copy + len);
			}
			(void)logread_get_str(&v, "event", s, sizeof(s));
			(void)logread_get_u64(&v, "ctl_value", &u);
		} else {
			assert_non_null(v.err);
			assert_true(v.err_pos <= len);
		}
		free(copy);
	}
	assert_true(ok > 0);   /* some mutations keep the line valid (inside strings) */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_count_record),
		cmocka_unit_test(test_roundtrip_writer),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_escapes),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_depth_and_keys),
		cmocka_unit_test(test_elements),
		cmocka_unit_test(test_prefixes),
		cmocka_unit_test(test_mutations),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
